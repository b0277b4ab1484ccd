package agent_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var bulkAll = flag.Bool("bulk-all", false, "TestBulkWalkAnswersAsBefore: ask every question (default: every 8th; -short every 32nd)")

// oneRequestALevel is a memstore without its Adjacency: the walk then
// expands closures one store request a level, as on Neo4j.
type oneRequestALevel struct{ s *memstore.Store }

func (o oneRequestALevel) Schema(ctx context.Context) (*graph.Schema, error) { return o.s.Schema(ctx) }
func (o oneRequestALevel) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	return o.s.Resolve(ctx, req)
}
func (o oneRequestALevel) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return o.s.Expand(ctx, req)
}
func (o oneRequestALevel) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	return o.s.Paths(ctx, req)
}

// Every question of the demo and of the zero-shot sets gets the same
// result whether the walk takes closures in bulk over the store's arrays
// or one request a level: the answer, its entities, scores and evidence
// paths, the plan, every verdict, the Mermaid chart, the stop reason, the
// trace's steps and summaries and the statistics (store calls aside), and
// the state (walk, subgraph, cuts).
func TestBulkWalkAnswersAsBefore(t *testing.T) {
	type set struct{ graph, questions string }
	sets := []set{{"demo", filepath.Join("..", "internal", "demo", "questions.jsonl")}}
	dir := filepath.Join("..", "testdata", "zeroshot")
	qs, err := filepath.Glob(filepath.Join(dir, "*.questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	graphs, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		name := strings.TrimSuffix(filepath.Base(q), ".questions.jsonl")
		for _, g := range graphs {
			base, _, _ := strings.Cut(g.Name(), ".")
			if !strings.Contains(g.Name(), "questions") && g.Name() != "README.md" && (base == name || strings.HasPrefix(name, base+"-")) {
				sets = append(sets, set{filepath.Join(dir, g.Name()), q})
				break
			}
		}
	}
	if len(sets) < 40 {
		t.Fatalf("found %d question sets, want the demo and the zero-shot sets", len(sets))
	}
	every := 8
	switch {
	case *bulkAll:
		every = 1
	case testing.Short():
		every = 32
	}
	asked := 0
	for _, st := range sets {
		var store *memstore.Store
		if st.graph == "demo" {
			store = demoStore(t)
		} else {
			var err error
			if store, err = memstore.Open(context.Background(), st.graph, memstore.OpenOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		bulk := agent.New(store, deterministic()...)
		slow := agent.New(oneRequestALevel{store}, deterministic()...)
		for i, q := range questionsOf(t, st.questions) {
			if i%every != 0 {
				continue
			}
			asked++
			r1, err1 := bulk.Run(context.Background(), q)
			r2, err2 := slow.Run(context.Background(), q)
			if (err1 == nil) != (err2 == nil) {
				t.Errorf("%s: %q: errors differ: %v / %v", st.graph, q, err1, err2)
				continue
			}
			if a, b := withoutCalls(t, r1), withoutCalls(t, r2); a != b {
				i := 0
				for i < len(a) && i < len(b) && a[i] == b[i] {
					i++
				}
				lo := max(0, i-300)
				t.Errorf("%s: %q: results differ at byte %d:\n bulk …%s\n slow …%s", st.graph, q, i, a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
			}
		}
	}
	t.Logf("%d questions over %d graphs", asked, len(sets))
}

// withoutCalls is a run's result as JSON with its state, without the store
// call counts and times (a walk in bulk makes fewer calls).
func withoutCalls(t *testing.T, r *agent.Result) string {
	t.Helper()
	c := *r
	c.Stats.StoreCalls, c.Stats.ElapsedMS = 0, 0
	c.Trace = append([]state.TraceEntry(nil), r.Trace...)
	for i := range c.Trace {
		c.Trace[i].StoreCalls = 0
	}
	st := *r.State
	st.Budget.StoreCalls = 0
	st.Trace = c.Trace
	data, err := json.Marshal(struct {
		*agent.Result
		State *state.AgentState `json:"state"`
	}{&c, &st})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// questionsOf reads the questions of an eval JSONL file.
func questionsOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var q struct {
			Question string `json:"question"`
		}
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, q.Question)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
