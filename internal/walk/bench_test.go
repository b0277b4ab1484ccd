package walk_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/gen"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var benchGraph struct {
	once   sync.Once
	st     *memstore.Store
	anchor string
	person string
	err    error
}

// benchStore returns the embedded store of a generated service graph of
// 50,000 triples (seed 1, the generator's schema), built once per test
// binary, with the name of its most called service and of a person who is
// a member of a team that owns services.
func benchStore(b *testing.B) (*memstore.Store, string, string) {
	b.Helper()
	benchGraph.once.Do(func() {
		g := gen.Generate(gen.Options{Triples: 50_000, Seed: 1})
		benchGraph.anchor = g.MostCalled()
		var sb strings.Builder
		if benchGraph.err = g.WriteTriples(&sb, gen.JSONL); benchGraph.err != nil {
			return
		}
		dir, err := os.MkdirTemp("", "walkbench")
		if err != nil {
			benchGraph.err = err
			return
		}
		defer os.RemoveAll(dir)
		src := filepath.Join(dir, "g.jsonl")
		if benchGraph.err = os.WriteFile(src, []byte(sb.String()), 0o644); benchGraph.err != nil {
			return
		}
		benchGraph.st, benchGraph.err = memstore.Open(context.Background(), src, memstore.OpenOptions{Schema: gen.Schema()})
		if benchGraph.err != nil {
			return
		}
		owners := map[string]bool{}
		for _, t := range benchGraph.st.Triples() {
			if t.Relation == "OWNS" && t.ObjectType == "Service" {
				owners[t.Subject] = true
			}
		}
		for _, t := range benchGraph.st.Triples() {
			if t.Relation == "MEMBER_OF" && owners[t.Object] {
				benchGraph.person = t.Subject
				break
			}
		}
	})
	if benchGraph.err != nil {
		b.Fatal(benchGraph.err)
	}
	return benchGraph.st, benchGraph.anchor, benchGraph.person
}

// impactChain is "what is affected if it goes down": the dependency
// relations walked backwards, repeated.
func impactChain() state.Chain {
	return repeated(graph.In, "CALLS", "DEPENDS_ON", "READS_FROM", "WRITES_TO", "PUBLISHES_TO", "CONSUMES", "RUNS_ON")
}

// benchFanouts are the fan-out caps the walk benchmarks run with: the
// default, a small one (cuts ranked by the hybrid score), and none.
var benchFanouts = []struct {
	name   string
	fanout int
}{{"default", 0}, {"fanout5", 5}, {"uncapped", walk.NoFanoutCap}}

// BenchmarkClosureWalk retrieves the impact closure of the most called
// service of a generated graph and refines it to its end (the refiner
// walks the whole closure), in bulk over the store's arrays and one store
// request a level (the store's Adjacency hidden), with each fan-out cap.
func BenchmarkClosureWalk(b *testing.B) {
	st, anchor, _ := benchStore(b)
	ctx := context.Background()
	for _, how := range []struct {
		name string
		g    walk.Store
	}{{"bulk", st}, {"onebyone", oneByOne{st}}} {
		for _, f := range benchFanouts {
			b.Run(how.name+"/"+f.name, func(b *testing.B) {
				opts := walk.Options{Fanout: f.fanout}
				ret, ref := walk.NewRetriever(how.g, opts), walk.NewRefiner(how.g, opts)
				var positions int
				for b.Loop() {
					s := planned("Which services are affected if "+anchor+" goes down?", anchor, state.Target{Kind: state.TargetClosure}, impactChain(), 16)
					d, err := ret.Retrieve(ctx, s)
					if err != nil {
						b.Fatal(err)
					}
					s.Apply(d, state.PhaseRetrieve)
					s.Iteration = 1
					if d, err = ref.Refine(ctx, s); err != nil {
						b.Fatal(err)
					}
					s.Apply(d, state.PhaseRefine)
					positions = s.Walk.Len()
				}
				b.ReportMetric(float64(positions), "positions")
			})
		}
	}
}

// BenchmarkFixedChainWalk retrieves a fixed three-step chain (the services
// that the services owned by a person's teams call), one store request a
// level, with each fan-out cap.
func BenchmarkFixedChainWalk(b *testing.B) {
	st, _, person := benchStore(b)
	if person == "" {
		b.Fatal("no person in a team that owns services")
	}
	c := state.Chain{Steps: []state.ChainStep{
		{Edges: []state.RelDir{{Relation: "MEMBER_OF", Direction: graph.Out}}},
		{Edges: []state.RelDir{{Relation: "OWNS", Direction: graph.Out}}},
		{Edges: []state.RelDir{{Relation: "CALLS", Direction: graph.Out}, {Relation: "DEPENDS_ON", Direction: graph.Out}}},
	}, Score: 1}
	ctx := context.Background()
	for _, f := range benchFanouts {
		b.Run(f.name, func(b *testing.B) {
			ret := walk.NewRetriever(st, walk.Options{Fanout: f.fanout})
			var positions int
			for b.Loop() {
				s := planned("Which services do the services of "+person+"'s teams call?", person, state.Target{Kind: state.TargetClosure}, c, 3)
				d, err := ret.Retrieve(ctx, s)
				if err != nil {
					b.Fatal(err)
				}
				s.Apply(d, state.PhaseRetrieve)
				positions = s.Walk.Len()
			}
			b.ReportMetric(float64(positions), "positions")
		})
	}
}
