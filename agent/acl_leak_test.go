package agent_test

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acltest"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var (
	leakCases     = flag.Int("leak-cases", 4000, "random (graph, caller, question) cases of TestNoLeaks")
	reingestCases = flag.Int("reingest-cases", 2000, "random (graph, caller, question) cases of TestNoLeaksAfterReingest")
)

// runJSON answers a question deterministically and returns everything a
// caller can get from a run: the result (answer, answers, paths, plan,
// verdicts, Mermaid chart, trace, stats) and the full state, as JSON, or
// the error's text.
func runJSON(t *testing.T, st agent.Store, question string) string {
	t.Helper()
	a := agent.New(st, deterministic()...)
	res, err := a.Run(t.Context(), question)
	out := ""
	if err != nil {
		out = "error: " + err.Error() + "\n"
	}
	if res != nil {
		b, jerr := json.Marshal(struct {
			*agent.Result
			State *state.AgentState `json:"state"`
		}{res, res.State})
		if jerr != nil {
			t.Fatal(jerr)
		}
		out += string(b)
	}
	return out
}

// TestNoLeaks runs random questions over random graphs with random access
// lists as random callers, and requires every output of a run on the
// store scoped to the caller to equal, byte for byte, the output on a
// store holding only the facts the caller sees, and to name no entity
// that only hidden facts mention. -leak-cases sets the count.
func TestNoLeaks(t *testing.T) {
	cases, leaks, hiddenSeen := 0, 0, 0
	for seed := uint64(1); cases < *leakCases; seed++ {
		c := acltest.NewCase(seed, 12+int(seed%20))
		full := acltest.Store(t, c.Schema, c.Triples)
		rng := rand.New(rand.NewPCG(seed, 7))
		for range 4 {
			g := acltest.Caller(rng)
			v := c.Visible(g)
			ref := acltest.Store(t, v.Schema, v.Triples)
			scoped := full.Scoped(g)
			hiddenSeen += len(v.Hidden)
			for _, q := range c.Questions(rng, 5) {
				cases++
				got, want := runJSON(t, scoped, q), runJSON(t, ref, q)
				if got != want {
					leaks++
					if leaks <= 3 {
						t.Errorf("seed %d, groups %q, %q: the scoped run differs from the run on the visible facts\n got: %s\nwant: %s", seed, g, q, got, want)
					}
				}
				if l := acltest.Leaks(got, q, v.Hidden); len(l) > 0 {
					leaks++
					if leaks <= 3 {
						t.Errorf("seed %d, groups %q, %q: the output names hidden entities %q", seed, g, q, l)
					}
				}
			}
		}
	}
	if hiddenSeen == 0 {
		t.Fatal("no case hid any entity: the generator tests nothing")
	}
	t.Logf("%d cases (graph, caller, question), %d hidden entities over the callers, %d leaks", cases, hiddenSeen, leaks)
	if leaks > 0 {
		t.Errorf("%d leaks in %d cases", leaks, cases)
	}
}

// TestNoLeaksAfterReingest writes random graphs, then the same facts with
// about half their access lists changed (a file edited and ingested
// again), and requires every run scoped to a random caller to equal, byte
// for byte, the run on a store holding only the facts the new lists let
// it see, and the write to count exactly the lists it changed.
// -reingest-cases sets the count.
func TestNoLeaksAfterReingest(t *testing.T) {
	cases, leaks, changed := 0, 0, 0
	for seed := uint64(3001); cases < *reingestCases; seed++ {
		c := acltest.NewCase(seed, 12+int(seed%20))
		edited := c.Relabel(seed)
		st := acltest.Store(t, c.Schema, c.Triples)
		if _, err := st.Schema(t.Context()); err != nil { // a read: the second write thaws a frozen store
			t.Fatal(err)
		}
		want := 0
		for i, tr := range edited.Triples {
			if groupname.String(tr.ACL) != groupname.String(c.Triples[i].ACL) {
				want++
			}
		}
		stats, err := st.Write(t.Context(), edited.Triples)
		if err != nil || stats != (graph.WriteStats{ACLChanged: want}) {
			t.Fatalf("seed %d: re-ingest %+v, %v; want %d lists changed, nothing added", seed, stats, err, want)
		}
		changed += want
		rng := rand.New(rand.NewPCG(seed, 13))
		for range 4 {
			g := acltest.Caller(rng)
			v := edited.Visible(g)
			ref := acltest.Store(t, v.Schema, v.Triples)
			for _, q := range edited.Questions(rng, 5) {
				cases++
				got, want := runJSON(t, st.Scoped(g), q), runJSON(t, ref, q)
				if got != want {
					leaks++
					if leaks <= 3 {
						t.Errorf("seed %d, groups %q, %q: after the re-ingest the scoped run differs from the run on the visible facts\n got: %s\nwant: %s", seed, g, q, got, want)
					}
				}
				if l := acltest.Leaks(got, q, v.Hidden); len(l) > 0 {
					leaks++
					if leaks <= 3 {
						t.Errorf("seed %d, groups %q, %q: the output names hidden entities %q", seed, g, q, l)
					}
				}
			}
		}
	}
	t.Logf("%d cases (graph re-ingested with %d lists changed in all, caller, question), %d leaks", cases, changed, leaks)
	if leaks > 0 {
		t.Errorf("%d leaks in %d cases", leaks, cases)
	}
}

// The scoped views satisfy the agent's store contract.
var _ agent.Store = (*memstore.View)(nil)

var _ = graph.Groups{}
