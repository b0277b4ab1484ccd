package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
)

// invoke calls the CLI as main would, with an empty environment (no
// SCGRAPH_* or NEO4J_* variables leak in from the machine running the
// tests) and the given stdin.
func invoke(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code = mainEnv(t.Context(), args, e)
	return code, out.String(), errb.String()
}

// askOutput is the documented contract of `scgraph ask --json`, the part
// scripts rely on.
type askOutput struct {
	Answer  string `json:"answer"`
	Answers []struct {
		Name string `json:"name"`
		Type string `json:"type"`
	} `json:"answers"`
	Paths []struct {
		Hops []struct {
			From     string `json:"from"`
			Relation string `json:"relation"`
			To       string `json:"to"`
		} `json:"hops"`
	} `json:"paths"`
	Complete   bool   `json:"complete"`
	Iterations int    `json:"iterations"`
	StopReason string `json:"stop_reason"`
	Stats      struct {
		StoreCalls   int      `json:"store_calls"`
		NodesVisited int      `json:"nodes_visited"`
		LLMCalls     int      `json:"llm_calls"`
		ElapsedMS    *float64 `json:"elapsed_ms"`
	} `json:"stats"`
}

// decodeOneJSON decodes exactly one JSON object from out.
func decodeOneJSON(t *testing.T, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode %q: %v", out, err)
	}
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		t.Fatalf("more than one JSON value on stdout (next: %v)", err)
	}
}

func TestAskJSON(t *testing.T) {
	code, out, errs := invoke(t, "", "ask", "--json", "Is the checkout service affected by the db-v2 migration?")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if errs != "" {
		t.Errorf("stderr %q, want nothing with --json", errs)
	}
	var got askOutput
	decodeOneJSON(t, out, &got)
	if want := "Yes: checkout-service is affected by db-v2-migration through a chain of 4 hop(s): checkout-service -CALLS-> order-service -DEPENDS_ON-> db-v2-proxy -DEPENDS_ON-> db-v2 <-MIGRATES- db-v2-migration. Read as: whether checkout-service reaches db-v2-migration, transitively, through any of 7 relations."; got.Answer != want {
		t.Errorf("answer %q, want %q", got.Answer, want)
	}
	if len(got.Answers) != 1 || got.Answers[0].Name != "db-v2-migration" || got.Answers[0].Type != "Migration" {
		t.Errorf("answers %+v, want db-v2-migration (Migration)", got.Answers)
	}
	if len(got.Paths) != 3 {
		t.Fatalf("%d paths, want 3", len(got.Paths))
	}
	var hops []string
	for _, h := range got.Paths[0].Hops {
		hops = append(hops, h.From+" "+h.Relation+" "+h.To)
	}
	want := []string{"checkout-service CALLS order-service", "order-service DEPENDS_ON db-v2-proxy", "db-v2-proxy DEPENDS_ON db-v2", "db-v2 MIGRATES db-v2-migration"}
	if !slices.Equal(hops, want) {
		t.Errorf("first path %q, want %q", hops, want)
	}
	if !got.Complete || got.Iterations != 3 || got.StopReason != "complete" {
		t.Errorf("complete %t iterations %d stop %q, want true 3 complete", got.Complete, got.Iterations, got.StopReason)
	}
	// Schema, resolve, then one walk over the store's arrays a round:
	// 2 + 1 + 1 + 1.
	if got.Stats.StoreCalls != 5 || got.Stats.NodesVisited != 32 || got.Stats.LLMCalls != 0 {
		t.Errorf("stats %+v, want 5 store calls, 32 nodes, 0 LLM calls", got.Stats)
	}
	if got.Stats.ElapsedMS == nil {
		t.Error("stats.elapsed_ms missing")
	}
	// The documented top-level keys are all there.
	var keys map[string]json.RawMessage
	decodeOneJSON(t, out, &keys)
	for _, k := range []string{"question", "answer", "answers", "paths", "complete", "iterations", "stop_reason", "stats", "plan", "verdicts", "mermaid", "trace"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("key %q missing from the JSON output", k)
		}
	}
	if _, ok := keys["state"]; ok {
		t.Error("the state is in the output without --state")
	}
}

// Flags may follow the question, and an unquoted question is joined.
func TestAskFlagsAfterQuestion(t *testing.T) {
	_, before, _ := invoke(t, "", "ask", "--json", "--max-iter", "4", "Who owns the payment service?")
	for _, args := range [][]string{
		{"ask", "Who owns the payment service?", "--json", "--max-iter", "4"},
		{"ask", "Who", "owns", "the", "payment", "service?", "--json", "--max-iter=4"},
		{"ask", "--json", "Who owns the", "--max-iter", "4", "payment service?"},
	} {
		code, out, errs := invoke(t, "", args...)
		if code != exitOK {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errs)
		}
		var a, b agent.Result
		decodeOneJSON(t, before, &a)
		decodeOneJSON(t, out, &b)
		if a.Question != b.Question || a.Answer != b.Answer || !reflect.DeepEqual(a.Answers, b.Answers) || !reflect.DeepEqual(a.Paths, b.Paths) {
			t.Errorf("%q: got %q %q, want %q %q", args, b.Question, b.Answer, a.Question, a.Answer)
		}
		if b.Answer != "1 answer from payment-service: team-payments. Read as: what owns payment-service, through OWNS." {
			t.Errorf("%q: answer %q", args, b.Answer)
		}
	}
}

func TestAskUsageErrors(t *testing.T) {
	code, out, errs := invoke(t, "", "ask")
	if code != exitUsage {
		t.Errorf("ask with no question: exit %d, want %d", code, exitUsage)
	}
	if want := "scgraph ask: no question given (pass it as an argument, or '-' to read it from stdin)\nRun 'scgraph ask --help' for usage.\n"; errs != want || out != "" {
		t.Errorf("stderr %q stdout %q, want %q on stderr", errs, out, want)
	}
	code, _, errs = invoke(t, "", "frobnicate")
	if code != exitUsage || !strings.HasPrefix(errs, "scgraph: unknown command \"frobnicate\"\n") {
		t.Errorf("unknown command: exit %d stderr %q", code, errs)
	}
}

// An unknown flag is bad usage: exit 2, the error said once.
func TestAskUnknownFlag(t *testing.T) {
	code, _, errs := invoke(t, "", "ask", "--no-such-flag", "q")
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if n := strings.Count(errs, "unknown flag --no-such-flag"); n != 1 {
		t.Errorf("the error is printed %d times:\n%s", n, errs)
	}
}

func TestHelpAsk(t *testing.T) {
	code, out, errs := invoke(t, "", "help", "ask")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	// The flag package prints usage on the command's error stream.
	usage := out + errs
	if !strings.HasPrefix(usage, "Usage: scgraph ask [flags] QUESTION\n") {
		t.Errorf("help starts %q", usage[:min(len(usage), 80)])
	}
	for _, s := range []string{"\nFlags:\n", "-json", "-graph file", "-max-iter", "-trace"} {
		if !strings.Contains(usage, s) {
			t.Errorf("help lacks %q", s)
		}
	}
}

// writeTemp writes a file in the test's temporary directory.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGraphFileErrorNamesTheLine(t *testing.T) {
	p := writeTemp(t, "bad.txt", "film-a|directed_by|dir-x\nfilm-b|directed_by|dir-x\nfilm-c\nfilm-d|directed_by|dir-y\n")
	code, out, errs := invoke(t, "", "ask", "--graph", p, "who directed [film-a]")
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if want := "scgraph ask: memstore: bad.txt:3: expected 3 fields separated by \"|\", got 1\n"; errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
}

const films = "film-a|directed_by|dir-x\nfilm-b|directed_by|dir-x\nfilm-b|written_by|wri-y\nfilm-c|directed_by|dir-z\nfilm-a|directed_by|dir-x\n"

// A snapshot answers exactly as the file it was made from.
func TestIngestThenAsk(t *testing.T) {
	src := writeTemp(t, "kb.txt", films)
	snap := filepath.Join(t.TempDir(), "x.snap")
	code, out, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, src)
	if code != exitOK {
		t.Fatalf("ingest: exit %d, stderr %q", code, errs)
	}
	if want := "wrote " + snap + ": 4 triples (1 duplicates dropped), 6 entities\n"; out != want {
		t.Errorf("ingest said %q, want %q", out, want)
	}
	const q = "who is [film-b] directed by"
	var fromFile, fromSnap agent.Result
	for _, c := range []struct {
		graph string
		res   *agent.Result
	}{{src, &fromFile}, {snap, &fromSnap}} {
		code, out, errs := invoke(t, "", "ask", "--graph", c.graph, "--json", q)
		if code != exitOK {
			t.Fatalf("ask --graph %s: exit %d, stderr %q", c.graph, code, errs)
		}
		decodeOneJSON(t, out, c.res)
	}
	if fromFile.Answer != "1 answer from film-b: dir-x. Read as: what film-b directed by, through directed_by." {
		t.Errorf("answer %q", fromFile.Answer)
	}
	if fromSnap.Answer != fromFile.Answer || !reflect.DeepEqual(fromSnap.Answers, fromFile.Answers) || !reflect.DeepEqual(fromSnap.Paths, fromFile.Paths) {
		t.Errorf("snapshot answers %q %+v %+v,\nfile answers %q %+v %+v", fromSnap.Answer, fromSnap.Answers, fromSnap.Paths, fromFile.Answer, fromFile.Answers, fromFile.Paths)
	}
	// The provenance survives the snapshot.
	if src := fromSnap.Paths[0].Hops[0].Source; src != (graph.Source{File: "kb.txt", Line: 2}) {
		t.Errorf("source %v, want kb.txt:2", src)
	}
}

func TestSchemaJSONRoundTrips(t *testing.T) {
	code, out, errs := invoke(t, "", "schema", "--json")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	s, err := graph.ParseSchema([]byte(out))
	if err != nil {
		t.Fatalf("schema --json does not parse back: %v", err)
	}
	var again bytes.Buffer
	enc := json.NewEncoder(&again)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if again.String() != out {
		t.Error("schema --json changes when parsed and written again")
	}
	base, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Types) != len(base.Types) || len(s.Relations) != len(base.Relations) || len(s.Entities) != len(base.Entities) {
		t.Errorf("%d types, %d relations, %d entities; the demo schema has %d, %d, %d",
			len(s.Types), len(s.Relations), len(s.Entities), len(base.Types), len(base.Relations), len(base.Entities))
	}
	// Counts are filled from the data.
	if st := s.Type("Service"); st == nil || st.Count != 31 {
		t.Errorf("Service type %+v, want 31 entities", st)
	}
	if r := s.Relation("CALLS"); r == nil || r.Count != 42 || r.Dependency != graph.DependentSubject {
		t.Errorf("CALLS %+v, want 42 triples, dependency subject", r)
	}
}

func TestChat(t *testing.T) {
	in := strings.Join([]string{
		"Who owns the payment service?",
		":paths",
		":trace",
		":history",
		"exit",
		"Who owns db-v2?", // after exit: never asked
	}, "\n") + "\n"
	code, out, errs := invoke(t, in, "chat")
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// The result as ask prints it, then each command's own output.
	head, rest, ok := strings.Cut(out, "Stopped: complete after 1 iteration(s), 0 refinement(s); 3 store calls, 2 nodes visited, 0 LLM calls, ")
	if !ok {
		t.Fatalf("no stats line in %q", out)
	}
	wantHead := `scgraph chat on built-in demo graph. Ask a question, or :help.

> Who owns the payment service?
1 answer from payment-service: team-payments.

Evidence:
  1. team-payments (Team)
       payment-service <-OWNS- team-payments   [graph.jsonl:174]

Read as: what owns payment-service, through OWNS.
Plan (rules): "the payment service" → payment-service [normalized 0.95]; asks for chain; chain <-OWNS-; direction dependents; hop budget 1
`
	if head != wantHead {
		t.Errorf("chat printed:\n%s\nwant:\n%s", head, wantHead)
	}
	_, rest, _ = strings.Cut(rest, " ms; embedded store, built-in demo graph\n") // the time taken varies
	wantRest := `  1  payment-service <-OWNS- team-payments   [graph.jsonl:174]
   1. plan     → planned      iter 0  rules plan: target chain; anchors payment-service (normalized 0.95); chain <-OWNS-
   2. retrieve → retrieved    iter 0  walked <-OWNS- from 1 anchor(s), 1 hop(s): 1 move(s)
   3. critique → sufficient   iter 1  sufficient: 1 answer(s) at the end of a complete chain <-OWNS-
   4. answer   → answered     iter 1  1 answer(s), 1 path(s)
  1  Who owns the payment service?
`
	if rest != wantRest {
		t.Errorf(":paths, :trace and :history printed:\n%s\nwant:\n%s", rest, wantRest)
	}
	if strings.Contains(out, "db-v2") {
		t.Error("a question after :quit was asked")
	}
}

// Commands that need a previous answer say so.
func TestChatBeforeAnyQuestion(t *testing.T) {
	code, out, _ := invoke(t, ":paths\n:bogus\n", "chat")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	want := "scgraph chat on built-in demo graph. Ask a question, or :help.\nno question asked yet\nunknown command :bogus (try :help)\n"
	if out != want {
		t.Errorf("chat printed %q, want %q", out, want)
	}
}

// A context cancelled before the graph is loaded (Ctrl-C at start-up)
// stops the command with an error, exit status 130 and no output.
func TestAskCancelledBeforeLoading(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var out, errb bytes.Buffer
	code := mainEnv(ctx, []string{"ask", "--json", "Who owns the payment service?"}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	if want := "scgraph ask: interrupted: context canceled\n"; errb.String() != want || out.Len() != 0 {
		t.Errorf("stderr %q stdout %q, want %q and nothing", errb.String(), out.String(), want)
	}
}
