package mcpserver_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/access"
	"github.com/scgraph/scgraph/internal/acltest"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/mcpserver"
	"github.com/scgraph/scgraph/memstore"
)

func demoStore(t *testing.T) *memstore.Store { return demoStoreB(t) }

func demoStoreB(tb testing.TB) *memstore.Store {
	tb.Helper()
	st, err := demo.Open(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	return st
}

// connect starts a server over store and returns a Go SDK client session
// connected to it in memory.
func connect(t *testing.T, store agent.Store, opts mcpserver.Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	srv, err := mcpserver.New(store, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, copts).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callTool calls a tool and decodes its structured result into out; it
// fails the test on a protocol error and returns the tool result.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args any, out any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !res.IsError && out != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: decoding %s: %v", name, b, err)
		}
	}
	return res
}

func toolText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func TestListTools(t *testing.T) {
	cs := connect(t, demoStore(t), mcpserver.Options{}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		if tool.Description == "" || tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("tool %s lacks a description or a schema", tool.Name)
		}
		// Every tool only reads the graph: a client may call it without
		// asking the person first.
		a := tool.Annotations
		if a == nil || !a.ReadOnlyHint || !a.IdempotentHint || a.DestructiveHint == nil || *a.DestructiveHint ||
			a.OpenWorldHint == nil || *a.OpenWorldHint || a.Title == "" || tool.Title != a.Title {
			t.Errorf("tool %s: annotations %+v, title %q; want a read-only, idempotent, closed-world tool with a title", tool.Name, a, tool.Title)
		}
	}
	want := []string{mcpserver.ToolAsk, mcpserver.ToolExplain, mcpserver.ToolFindEntities, mcpserver.ToolNeighbours, mcpserver.ToolSchema}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

const demoQuestion = "Which teams are affected if the payment service goes down?"

// TestAskMatchesAgent: ask returns what the agent run in-process returns.
func TestAskMatchesAgent(t *testing.T) {
	st := demoStore(t)
	want, err := agent.New(st).Run(context.Background(), demoQuestion)
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, st, mcpserver.Options{}, nil)
	var got mcpserver.AskOutput
	if res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion}, &got); res.IsError {
		t.Fatalf("ask: %s", toolText(res))
	}
	if got.Answer != want.Answer || got.Complete != want.Complete || got.StopReason != string(want.StopReason) {
		t.Errorf("ask = %q complete=%v stop=%s; agent: %q complete=%v stop=%s", got.Answer, got.Complete, got.StopReason, want.Answer, want.Complete, want.StopReason)
	}
	if len(got.Answers) != len(want.Answers) || len(got.Paths) != len(want.Paths) {
		t.Fatalf("ask gave %d answers and %d paths; the agent %d and %d", len(got.Answers), len(got.Paths), len(want.Answers), len(want.Paths))
	}
	for i := range want.Answers {
		if got.Answers[i].Name != want.Answers[i].Name {
			t.Errorf("answer %d = %s, want %s", i, got.Answers[i].Name, want.Answers[i].Name)
		}
	}
	for _, p := range got.Paths {
		for _, h := range p.Hops {
			if h.Source.File == "" || h.Source.Line == 0 || h.Direction == 0 {
				t.Errorf("hop %v lacks its provenance or direction", h)
			}
		}
	}
	if len(got.Anchors) == 0 || got.Confidence <= 0 || got.Confidence > 1 {
		t.Errorf("anchors %v, confidence %v: want the linked entities and a confidence in (0,1]", got.Anchors, got.Confidence)
	}
	if got.Explanation != nil {
		t.Error("ask without explain returned the explanation")
	}

	var ex mcpserver.AskOutput
	if res := callTool(t, cs, mcpserver.ToolExplain, mcpserver.ExplainInput{Question: demoQuestion}, &ex); res.IsError {
		t.Fatalf("explain: %s", toolText(res))
	}
	if ex.Explanation == nil || len(ex.Explanation.Trace) != len(want.Trace) || len(ex.Explanation.Verdicts) != len(want.Verdicts) ||
		len(ex.Explanation.Plan.Chains) != len(want.Plan.Chains) || ex.Explanation.Mermaid != want.Mermaid {
		t.Errorf("explain: trace, verdicts, plan or mermaid differ from the agent's run")
	}
}

func TestFindEntitiesAndNeighbours(t *testing.T) {
	st := demoStore(t)
	ctx := context.Background()
	cs := connect(t, st, mcpserver.Options{}, nil)

	const mention = "the payment service"
	want, err := st.Resolve(ctx, graph.ResolveRequest{Mentions: []string{mention}, Partial: true, Fuzzy: true, Limit: mcpserver.DefaultCandidates})
	if err != nil {
		t.Fatal(err)
	}
	var found mcpserver.FindOutput
	if res := callTool(t, cs, mcpserver.ToolFindEntities, mcpserver.FindInput{Mention: mention}, &found); res.IsError {
		t.Fatalf("find_entities: %s", toolText(res))
	}
	if len(want[0]) == 0 || len(found.Candidates) != len(want[0]) {
		t.Fatalf("find_entities gave %v; the store resolves %v", found.Candidates, want[0])
	}
	for i, m := range want[0] {
		c := found.Candidates[i]
		if c.Name != m.Entity.Name || c.Type != m.Entity.Type || c.Method != string(m.Method) || c.Confidence != m.Score {
			t.Errorf("candidate %d = %+v, want %+v", i, c, m)
		}
	}
	entity := found.Candidates[0].Name

	// Every fact of the entity, both ways, against the store's own
	// expansion.
	exp, err := st.Expand(ctx, graph.ExpandRequest{From: []string{entity}, Steps: []graph.ExpandStep{{Direction: graph.Both}}, Limit: mcpserver.MaxNeighbours})
	if err != nil {
		t.Fatal(err)
	}
	all := exp.Hops[0]
	if len(all) < 2 {
		t.Fatalf("%s has %d facts; the test needs two or more", entity, len(all))
	}
	var nb mcpserver.NeighboursOutput
	if res := callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: mention, Limit: mcpserver.MaxNeighbours}, &nb); res.IsError {
		t.Fatalf("neighbours: %s", toolText(res))
	}
	if nb.Entity.Name != entity || len(nb.Facts) != len(all) || nb.Truncated || nb.Total != len(all) {
		t.Fatalf("neighbours of %q: entity %s, %d facts (total %d, truncated %v); the store has %d facts of %s", mention, nb.Entity.Name, len(nb.Facts), nb.Total, nb.Truncated, len(all), entity)
	}
	for i, h := range all {
		f := nb.Facts[i]
		tr := h.Triple()
		if f.Subject != tr.Subject || f.Object != tr.Object || f.Relation != h.Relation || f.Direction != h.Direction || f.Neighbour != h.To || f.Source != h.Source {
			t.Errorf("fact %d = %+v, want %v", i, f, h)
		}
	}

	// One relation, one direction.
	rel, dir := all[0].Relation, all[0].Direction
	var one mcpserver.NeighboursOutput
	callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: entity, Relations: []string{rel}, Direction: dir.String()}, &one)
	if len(one.Facts) == 0 {
		t.Fatalf("neighbours %s %s %s: no facts", entity, rel, dir)
	}
	for _, f := range one.Facts {
		if f.Relation != rel || f.Direction != dir {
			t.Errorf("asked for %s %s, got %+v", rel, dir, f)
		}
	}

	// The cap: one fact per relation and direction, and the total says
	// how many there are.
	var capped mcpserver.NeighboursOutput
	callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: entity, Limit: 1}, &capped)
	if !capped.Truncated || capped.Total != len(all) || len(capped.Facts) >= len(all) {
		t.Errorf("limit 1: %d facts, total %d, truncated %v; the entity has %d", len(capped.Facts), capped.Total, capped.Truncated, len(all))
	}
}

func TestSchema(t *testing.T) {
	st := demoStore(t)
	want, err := st.Schema(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, st, mcpserver.Options{StoreDescription: "demo"}, nil)
	var got mcpserver.SchemaOutput
	if res := callTool(t, cs, mcpserver.ToolSchema, struct{}{}, &got); res.IsError {
		t.Fatalf("schema: %s", toolText(res))
	}
	if got.Store != "demo" || len(got.Types) != len(want.Types) || len(got.Relations) != len(want.Relations) {
		t.Fatalf("schema: %d types, %d relations; the store has %d and %d", len(got.Types), len(got.Relations), len(want.Types), len(want.Relations))
	}
	deps := 0
	for i, r := range want.Relations {
		if got.Relations[i].Name != r.Name || got.Relations[i].Dependency != r.Dependency || !slices.Equal(got.Relations[i].Aliases, r.Aliases) {
			t.Errorf("relation %d = %+v, want %+v", i, got.Relations[i], r)
		}
		if r.Dependency != "" {
			deps++
		}
	}
	if deps == 0 || len(got.Dependency) != deps {
		t.Errorf("%d dependency explanations for %d dependency relations", len(got.Dependency), deps)
	}
}

// TestErrorsAreToolErrors: bad input comes back as a tool error that says
// what was wrong, and the session goes on.
func TestErrorsAreToolErrors(t *testing.T) {
	cs := connect(t, demoStore(t), mcpserver.Options{}, nil)
	cases := []struct {
		tool string
		args any
		says string
	}{
		{mcpserver.ToolAsk, mcpserver.AskInput{Question: "  "}, "question is empty"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service", Relations: []string{"NO_SUCH_RELATION"}}, "NO_SUCH_RELATION"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service", Direction: "sideways"}, "sideways"},
		{mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "zzqx-nothing-like-it"}, "no entity"},
		{mcpserver.ToolFindEntities, mcpserver.FindInput{Mention: "payment", Limit: mcpserver.MaxCandidates + 1}, "limit"},
		{mcpserver.ToolAsk, map[string]any{"question": 42}, "question"},
	}
	for _, c := range cases {
		res := callTool(t, cs, c.tool, c.args, nil)
		if !res.IsError || !strings.Contains(toolText(res), c.says) {
			t.Errorf("%s %v: error %v, text %q; want a tool error that says %q", c.tool, c.args, res.IsError, toolText(res), c.says)
		}
	}
	var out mcpserver.AskOutput
	if res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion}, &out); res.IsError || len(out.Answers) == 0 {
		t.Errorf("after the errors, ask failed: %s", toolText(res))
	}
}

// brokenStore fails in the two ways a store can: it blocks until the
// call's deadline, or it panics.
type brokenStore struct {
	agent.Store
}

func (brokenStore) Expand(ctx context.Context, _ graph.ExpandRequest) (graph.Expansion, error) {
	<-ctx.Done()
	return graph.Expansion{}, ctx.Err()
}

func (brokenStore) Schema(context.Context) (*graph.Schema, error) { panic("schema exploded") }

func TestDeadlineAndPanic(t *testing.T) {
	st := demoStore(t)
	cs := connect(t, brokenStore{st}, mcpserver.Options{CallTimeout: 50 * time.Millisecond}, nil)
	res := callTool(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "payment-service"}, nil)
	if !res.IsError || !strings.Contains(toolText(res), "deadline") {
		t.Errorf("a store that never answers: error %v, %q; want a tool error naming the deadline", res.IsError, toolText(res))
	}
	res = callTool(t, cs, mcpserver.ToolSchema, struct{}{}, nil)
	if !res.IsError || !strings.Contains(toolText(res), "schema exploded") {
		t.Errorf("a panicking store: error %v, %q; want a tool error", res.IsError, toolText(res))
	}
	var found mcpserver.FindOutput
	if res := callTool(t, cs, mcpserver.ToolFindEntities, mcpserver.FindInput{Mention: "payment-service"}, &found); res.IsError || len(found.Candidates) == 0 {
		t.Errorf("the server did not survive: %s", toolText(res))
	}
}

// TestConcurrentCalls: many calls at once on one session give what the
// same calls give one at a time.
func TestConcurrentCalls(t *testing.T) {
	st := demoStore(t)
	cs := connect(t, st, mcpserver.Options{}, nil)
	questions := []string{
		demoQuestion,
		"Is the checkout service affected by the db-v2 migration?",
		"Is the search service affected by the db-v2 migration?",
		"Who owns the payment service?",
	}
	want := make(map[string]string)
	for _, q := range questions {
		var out mcpserver.AskOutput
		callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: q}, &out)
		want[q] = out.Answer
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(questions))
	for range 4 {
		for _, q := range questions {
			wg.Go(func() {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: mcpserver.ToolAsk, Arguments: mcpserver.AskInput{Question: q}})
				if err != nil {
					errs <- err
					return
				}
				b, _ := json.Marshal(res.StructuredContent)
				var out mcpserver.AskOutput
				if err := json.Unmarshal(b, &out); err != nil || out.Answer != want[q] {
					errs <- fmt.Errorf("%q concurrently: %q (%v), alone: %q", q, out.Answer, err, want[q])
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestProgress: a client that asks for progress gets one notification per
// phase of the run, each saying what the phase did.
func TestProgress(t *testing.T) {
	var mu sync.Mutex
	var notes []*mcp.ProgressNotificationParams
	got := make(chan struct{}, 64)
	cs := connect(t, demoStore(t), mcpserver.Options{}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			notes = append(notes, req.Params)
			mu.Unlock()
			got <- struct{}{}
		},
	})
	params := &mcp.CallToolParams{Name: mcpserver.ToolExplain, Arguments: mcpserver.ExplainInput{Question: "Is the checkout service affected by the db-v2 migration?"}}
	params.SetProgressToken("run-1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil || res.IsError {
		t.Fatalf("explain: %v %s", err, toolText(res))
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out mcpserver.AskOutput
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	steps := len(out.Explanation.Trace)
	for range steps {
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			t.Fatalf("%d progress notifications for %d steps", len(notes), steps)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for i, n := range notes {
		if n.ProgressToken != "run-1" || n.Progress != float64(i+1) || !strings.Contains(n.Message, string(out.Explanation.Trace[i].Phase)) {
			t.Errorf("notification %d = %+v; step %v", i, n, out.Explanation.Trace[i])
		}
	}
}

// TestHTTPTokens: with a token file, the HTTP transport admits only the
// tokens it names, and a session with one works.
func TestHTTPTokens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tokens.json")
	if err := os.WriteFile(path, []byte(`{"alice-token": ["eng", "ops"], "guest-token": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tokens, err := mcpserver.ReadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tokens["alice-token"].Groups().Names(), []string{"eng", "ops"}) || !tokens["guest-token"].Scoped() {
		t.Fatalf("tokens %v", tokens)
	}
	srv, err := mcpserver.New(demoStore(t), mcpserver.Options{Tokens: tokens})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.HTTPHandler())
	defer hs.Close()

	resp, err := http.Post(hs.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: status %d, want 401", resp.StatusCode)
	}

	client := &http.Client{Transport: bearer{"alice-token"}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: client}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	var out mcpserver.AskOutput
	if res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion}, &out); res.IsError || len(out.Answers) == 0 {
		t.Errorf("ask over HTTP: %s", toolText(res))
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func TestReadTokensErrors(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"{\n\"a\": [\"g\"],\n\"b\": oops\n}": ":3:",
		`{"a": "g"}`:                         "list of group names",
		`{}`:                                 "no tokens",
		`{"a b": ["g"]}`:                     "white space",
		`{"a": [""]}`:                        "empty group",
	}
	for body, says := range cases {
		path := filepath.Join(dir, "t.json")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := mcpserver.ReadTokens(path)
		if err == nil || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and saying %q", body, err, says)
		}
	}
}

// TestCallers: a call's caller is its session's: the token's groups over
// HTTP, Options.Caller without a token.
func TestCallers(t *testing.T) {
	srv, err := mcpserver.New(demoStore(t), mcpserver.Options{
		Caller: access.Member(groups(t, "stdio-group")),
		Tokens: mcpserver.Tokens{"alice-token": access.Member(groups(t, "eng", "ops")), "guest-token": access.Member(graph.Groups{})},
	})
	if err != nil {
		t.Fatal(err)
	}
	for token, want := range map[string][]string{"": {"stdio-group"}, "alice-token": {"eng", "ops"}, "guest-token": {}} {
		c, err := srv.CallerOfToken(token)
		if err != nil || !c.Scoped() || !slices.Equal(c.Groups().Names(), want) {
			t.Errorf("token %q: caller %v, %v; want groups %v", token, c, err, want)
		}
	}
	if c, err := srv.CallerOfToken("forged-token"); err == nil {
		t.Errorf("an unknown token got caller %v", c)
	}
}

// A scoped caller's tools answer from the facts it may see: a fact whose
// access list names none of its groups, and an entity only that fact
// mentions, appear in no tool's output; an unscoped caller sees them.
func TestScopedCallerSeesOnlyItsFacts(t *testing.T) {
	st := memstore.New()
	facts := []graph.Triple{
		{Subject: "web", Relation: "DEPENDS_ON", Object: "api"},
		{Subject: "api", Relation: "DEPENDS_ON", Object: "db"},
		{Subject: "secret-job", Relation: "DEPENDS_ON", Object: "api", ACL: []string{"ops"}},
	}
	if _, err := st.AddTriples(context.Background(), facts); err != nil {
		t.Fatal(err)
	}
	calls := []struct {
		tool string
		args any
	}{
		{mcpserver.ToolAsk, map[string]any{"question": "What breaks if api goes down?", "explain": true}},
		{mcpserver.ToolFindEntities, map[string]any{"mention": "secret job"}},
		{mcpserver.ToolNeighbours, map[string]any{"entity": "api"}},
		{mcpserver.ToolSchema, map[string]any{}},
	}
	output := func(caller access.Caller) string {
		cs := connect(t, st, mcpserver.Options{Caller: caller}, nil)
		var all strings.Builder
		for _, c := range calls {
			res := callTool(t, cs, c.tool, c.args, nil)
			b, _ := json.Marshal(res)
			all.Write(b)
		}
		return all.String()
	}
	if out := output(access.Member(groups(t, "dev"))); strings.Contains(out, "secret-job") {
		t.Errorf("a caller outside ops sees the hidden fact:\n%s", out)
	}
	if out := output(access.Member(groups(t, "ops"))); !strings.Contains(out, "secret-job") {
		t.Errorf("a caller in ops does not see its fact")
	}
	if out := output(access.Owner()); !strings.Contains(out, "secret-job") {
		t.Errorf("the unscoped owner does not see every fact")
	}
}

// mcpLeakGraphs is how many random graphs TestNoLeaksThroughMCP runs (20
// cases each); a longer run: go test ./internal/mcpserver -run
// TestNoLeaksThroughMCP -mcp-leak-graphs 300.
var mcpLeakGraphs = flag.Int("mcp-leak-graphs", 30, "random graphs of TestNoLeaksThroughMCP (20 cases each)")

// TestNoLeaksThroughMCP runs random access-control cases (internal/acltest)
// through the tools: for a scoped caller, every tool's structured output
// must name no entity that only hidden facts mention, and ask must answer
// exactly as it does over a store holding only the caller's facts.
func TestNoLeaksThroughMCP(t *testing.T) {
	cases, leaks := 0, 0
	for seed := uint64(2001); seed < 2001+uint64(*mcpLeakGraphs); seed++ {
		c := acltest.NewCase(seed, 12+int(seed%16))
		st := acltest.Store(t, c.Schema, c.Triples)
		rng := rand.New(rand.NewPCG(seed, 11))
		for range 4 {
			g := acltest.Caller(rng)
			v := c.Visible(g)
			ref := acltest.Store(t, v.Schema, v.Triples)
			scoped := connect(t, st, mcpserver.Options{Caller: access.Member(g)}, nil)
			visible := connect(t, ref, mcpserver.Options{}, nil)
			for _, q := range c.Questions(rng, 5) {
				cases++
				var got, want mcpserver.AskOutput
				callTool(t, scoped, mcpserver.ToolAsk, map[string]any{"question": q, "explain": true}, &got)
				callTool(t, visible, mcpserver.ToolAsk, map[string]any{"question": q, "explain": true}, &want)
				if got.Answer != want.Answer || got.StopReason != want.StopReason {
					leaks++
					t.Errorf("seed %d, groups %q, %q: scoped %q (%s), visible-only %q (%s)", seed, g, q, got.Answer, got.StopReason, want.Answer, want.StopReason)
				}
				var all strings.Builder
				for _, call := range []struct {
					tool string
					args any
				}{
					{mcpserver.ToolAsk, map[string]any{"question": q, "explain": true}},
					{mcpserver.ToolFindEntities, map[string]any{"mention": q}},
					{mcpserver.ToolSchema, map[string]any{}},
				} {
					res := callTool(t, scoped, call.tool, call.args, nil)
					b, _ := json.Marshal(res.StructuredContent)
					all.Write(b)
					all.WriteString(toolText(res))
				}
				// The neighbours of a random entity, visible or not: the
				// caller names it, so hearing its name back reveals nothing.
				e := c.Names[rng.IntN(len(c.Names))]
				res := callTool(t, scoped, mcpserver.ToolNeighbours, map[string]any{"entity": e}, nil)
				b, _ := json.Marshal(res.StructuredContent)
				all.Write(b)
				all.WriteString(toolText(res))
				if l := acltest.Leaks(all.String(), q+" "+e, v.Hidden); len(l) > 0 {
					leaks++
					t.Errorf("seed %d, groups %q, %q: the tools name hidden entities %q", seed, g, q, l)
				}
			}
		}
	}
	t.Logf("%d cases (graph, caller, question) through MCP, %d leaks", cases, leaks)
}

// ask pages a question's answers: following next_cursor with the same
// question gives every answer once, in the order of a single ask, each with
// its own evidence paths; a cursor made for another question, or not made
// by ask, is a tool error.
func TestAskPages(t *testing.T) {
	st := demoStore(t)
	want, err := agent.New(st).Run(context.Background(), demoQuestion)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Answers) < 3 {
		t.Fatalf("the demo question has %d answers; the test needs 3 or more", len(want.Answers))
	}
	cs := connect(t, st, mcpserver.Options{}, nil)
	var names []string
	cursor := ""
	for pages := 0; ; pages++ {
		var got mcpserver.AskOutput
		if res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion, Limit: 2, Cursor: cursor}, &got); res.IsError {
			t.Fatalf("ask page %d: %s", pages, toolText(res))
		}
		if got.Total != len(want.Answers) || got.Offset != len(names) || len(got.Answers) > 2 {
			t.Fatalf("page %d: total %d offset %d, %d answers; want total %d offset %d, at most 2", pages, got.Total, got.Offset, len(got.Answers), len(want.Answers), len(names))
		}
		for k, a := range got.Answers {
			names = append(names, a.Name)
			wantPaths := want.AnswerPaths(got.Offset + k)
			if len(a.Paths) != len(wantPaths) {
				t.Fatalf("%s: %d paths, want %d", a.Name, len(a.Paths), len(wantPaths))
			}
			for j, pi := range a.Paths {
				if got.Paths[pi].String() != wantPaths[j].String() {
					t.Errorf("%s: path %d is %s, want %s", a.Name, j, got.Paths[pi], wantPaths[j])
				}
			}
		}
		if got.NextCursor == "" {
			break
		}
		cursor = got.NextCursor
	}
	var all []string
	for _, a := range want.Answers {
		all = append(all, a.Name)
	}
	if !slices.Equal(names, all) {
		t.Errorf("pages gave %v, want %v", names, all)
	}
	for _, c := range []struct{ q, cursor, says string }{
		{"Who owns the payment service?", cursor, "another question"},
		{demoQuestion, "bm90IGEgY3Vyc29y", "not one ask returned"},
		{demoQuestion, "%%%", "not one ask returned"},
	} {
		res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: c.q, Cursor: c.cursor}, nil)
		if !res.IsError || !strings.Contains(toolText(res), c.says) {
			t.Errorf("cursor %q for %q: error %v %q, want one that says %q", c.cursor, c.q, res.IsError, toolText(res), c.says)
		}
	}
	res := callTool(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: demoQuestion, Limit: mcpserver.MaxAnswers + 1}, nil)
	if !res.IsError || !strings.Contains(toolText(res), "limit") {
		t.Errorf("limit %d: %q, want a tool error", mcpserver.MaxAnswers+1, toolText(res))
	}
}

// groups makes a caller's groups or fails the test.
func groups(t *testing.T, names ...string) graph.Groups {
	t.Helper()
	g, err := graph.NewGroups(names...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
