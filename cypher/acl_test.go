package cypher_test

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acltest"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/state"
)

// The scoped view satisfies the agent's store contract.
var _ agent.Store = (*cypher.View)(nil)

// TestNoLeaksNeo4j is agent.TestNoLeaks on Neo4j, with fewer cases (each
// graph is ingested into the server): random graphs with random access
// lists, random callers and questions; the run on the Neo4j store scoped
// to the caller must give the answers, paths, stop reason and plan
// anchors of the run on an embedded store holding only the facts the
// caller sees, and its whole output (result, trace, Mermaid, state) must
// name no entity that only hidden facts mention.
// neo4jLeakGraphs is how many random graphs TestNoLeaksNeo4j writes to
// the server (32 cases each); CI runs the default, a longer run is
// go test ./cypher -run TestNoLeaksNeo4j -neo4j-leak-graphs 64.
var neo4jLeakGraphs = flag.Int("neo4j-leak-graphs", 12, "random graphs of TestNoLeaksNeo4j (32 cases each)")

func TestNoLeaksNeo4j(t *testing.T) {
	s := openEmpty(t)
	ctx := t.Context()
	cases, leaks := 0, 0
	for seed := uint64(1001); seed < 1001+uint64(*neo4jLeakGraphs); seed++ {
		c := acltest.NewCase(seed, 12+int(seed%20))
		if err := s.Wipe(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.SetSchema(ctx, c.Schema); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddTriples(ctx, c.Triples); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for range 4 {
			g := acltest.Caller(rng)
			v := c.Visible(g)
			ref := acltest.Store(t, v.Schema, v.Triples)
			for _, q := range c.Questions(rng, 8) {
				cases++
				gotJSON, got := leakRun(t, s.Scoped(g), q)
				_, want := leakRun(t, ref, q)
				if got != want {
					leaks++
					t.Errorf("seed %d, groups %q, %q: the scoped Neo4j run differs from the run on the visible facts\n got: %s\nwant: %s", seed, g, q, got, want)
				}
				if l := acltest.Leaks(gotJSON, q, v.Hidden); len(l) > 0 {
					leaks++
					t.Errorf("seed %d, groups %q, %q: the output names hidden entities %q", seed, g, q, l)
				}
			}
		}
	}
	t.Logf("%d cases (graph, caller, question) on Neo4j, %d leaks", cases, leaks)
}

// neo4jReingestGraphs is how many random graphs TestNoLeaksAfterReingestNeo4j
// writes twice (16 cases each).
var neo4jReingestGraphs = flag.Int("neo4j-reingest-graphs", 4, "random graphs of TestNoLeaksAfterReingestNeo4j (16 cases each)")

// TestNoLeaksAfterReingestNeo4j is agent.TestNoLeaksAfterReingest on
// Neo4j: each random graph is ingested, then ingested again with about
// half its access lists changed (the merge path); the ingest must count
// the lists it changed, and every scoped run must answer as an embedded
// store holding only the facts the new lists let the caller see.
func TestNoLeaksAfterReingestNeo4j(t *testing.T) {
	s := openEmpty(t)
	ctx := t.Context()
	cases, leaks, changed := 0, 0, 0
	for seed := uint64(3001); seed < 3001+uint64(*neo4jReingestGraphs); seed++ {
		c := acltest.NewCase(seed, 12+int(seed%20))
		edited := c.Relabel(seed)
		if err := s.Wipe(ctx); err != nil {
			t.Fatal(err)
		}
		if err := s.SetSchema(ctx, c.Schema); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddTriples(ctx, c.Triples); err != nil {
			t.Fatal(err)
		}
		want := 0
		for i, tr := range edited.Triples {
			if groupname.String(tr.ACL) != groupname.String(c.Triples[i].ACL) {
				want++
			}
		}
		stats, err := s.Ingest(ctx, edited.Triples, cypher.IngestOptions{})
		if err != nil || stats != (graph.WriteStats{ACLChanged: want}) {
			t.Fatalf("seed %d: re-ingest %+v, %v; want %d lists changed, nothing added", seed, stats, err, want)
		}
		changed += want
		rng := rand.New(rand.NewPCG(seed, 13))
		for range 4 {
			g := acltest.Caller(rng)
			v := edited.Visible(g)
			ref := acltest.Store(t, v.Schema, v.Triples)
			for _, q := range edited.Questions(rng, 4) {
				cases++
				gotJSON, got := leakRun(t, s.Scoped(g), q)
				_, want := leakRun(t, ref, q)
				if got != want {
					leaks++
					t.Errorf("seed %d, groups %q, %q: after the re-ingest the scoped Neo4j run differs from the run on the visible facts\n got: %s\nwant: %s", seed, g, q, got, want)
				}
				if l := acltest.Leaks(gotJSON, q, v.Hidden); len(l) > 0 {
					leaks++
					t.Errorf("seed %d, groups %q, %q: the output names hidden entities %q", seed, g, q, l)
				}
			}
		}
	}
	t.Logf("%d cases (graph re-ingested with %d lists changed in all, caller, question) on Neo4j, %d leaks", cases, changed, leaks)
}

// leakRun answers a question and returns its whole output as JSON, and
// its answers, paths, stop reason and anchors.
func leakRun(t *testing.T, st agent.Store, q string) (all, core string) {
	t.Helper()
	res, err := agent.New(st).Run(t.Context(), q)
	if res == nil {
		return "error: " + err.Error(), "error: " + err.Error()
	}
	b, jerr := json.Marshal(struct {
		*agent.Result
		State *state.AgentState `json:"state"`
	}{res, res.State})
	if jerr != nil {
		t.Fatal(jerr)
	}
	c, _ := json.Marshal(struct {
		Answer  string
		Answers []state.AnswerEntity
		Paths   []graph.Path
		Stop    state.Stop
		Anchors []state.Anchor
	}{res.Answer, res.Answers, res.Paths, res.StopReason, res.Plan.Anchors})
	all = string(b)
	if err != nil {
		all += "\nerror: " + err.Error()
	}
	return all, string(c)
}

// BenchmarkAskScopedNeo4j answers ask3Hop on MetaQA held in Neo4j with
// half its facts visible to the group ops only, as the store itself
// (unscoped) and as a caller in ops (who sees every fact, so the answers
// are the same), alternating, and reports each median and their ratio
// (the target: scoped ≤ 1.2 × unscoped).
//
//	go test -run xxx -bench AskScopedNeo4j -benchtime 40x ./cypher/
func BenchmarkAskScopedNeo4j(b *testing.B) {
	ts := slices.Clone(metaQATriples(b))
	for i := range ts {
		if i%2 == 0 {
			ts[i].ACL = []string{"ops"}
		}
	}
	s := openEmpty(b)
	ctx := context.Background()
	if _, err := s.AddTriples(ctx, ts); err != nil {
		b.Fatal(err)
	}
	ops, err := graph.NewGroups("ops")
	if err != nil {
		b.Fatal(err)
	}
	lex := func(o *agent.Options) { o.Lexicon = lexicon.Shipped() }
	unscoped, scoped := agent.New(s, lex), agent.New(s.Scoped(ops), lex)
	answers := func(a *agent.Agent) []string {
		res, err := a.Run(ctx, ask3Hop)
		if err != nil {
			b.Fatal(err)
		}
		var out []string
		for _, e := range res.Answers {
			out = append(out, e.Name)
		}
		slices.Sort(out)
		return out
	}
	// Warm both (the view reads the visible facts for its schema once).
	for _, a := range []*agent.Agent{unscoped, scoped} {
		if got := answers(a); !slices.Equal(got, ask3HopAnswers) {
			b.Fatalf("answers %q, want %q", got, ask3HopAnswers)
		}
	}
	var du, ds []time.Duration
	var calls [2]int
	type run struct {
		a *agent.Agent
		d *[]time.Duration
		c *int
	}
	order := []run{{unscoped, &du, &calls[0]}, {scoped, &ds, &calls[1]}}
	for b.Loop() {
		slices.Reverse(order) // neither always runs first
		for _, x := range order {
			t0 := time.Now()
			res, err := x.a.Run(ctx, ask3Hop)
			if err != nil {
				b.Fatal(err)
			}
			*x.d = append(*x.d, time.Since(t0))
			*x.c = res.Stats.StoreCalls
		}
	}
	b.ReportMetric(float64(calls[0]), "unscoped-store-calls")
	b.ReportMetric(float64(calls[1]), "scoped-store-calls")
	med := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)/2].Microseconds()) / 1000
	}
	mu, ms := med(du), med(ds)
	b.ReportMetric(mu, "unscoped-ms")
	b.ReportMetric(ms, "scoped-ms")
	b.ReportMetric(ms/mu, "scoped/unscoped")
}
