package state_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// PathsTo's one-path shortcut gives the path its search finds first, on
// walks of random graphs, in bulk (a segment) and one request a level.
func TestFirstPathIsTheSearchsFirst(t *testing.T) {
	ctx := context.Background()
	for seed := range 300 {
		rng := rand.New(rand.NewPCG(uint64(seed), 11))
		n := 3 + rng.IntN(15)
		if seed%3 == 0 {
			n = 100 + rng.IntN(100) // a segment large enough to index its shallowest ways
		}
		var ts []graph.Triple
		for i := range 1 + rng.IntN(4*n) {
			ts = append(ts, graph.Triple{Subject: fmt.Sprintf("e%d", rng.IntN(n)), Relation: []string{"A", "B"}[rng.IntN(2)],
				Object: fmt.Sprintf("e%d", rng.IntN(n)), Source: graph.Source{File: "g", Line: i + 1}})
		}
		ts = append(ts, graph.Triple{Subject: "e0", Relation: "A", Object: "e1"}, graph.Triple{Subject: "e1", Relation: "B", Object: "e2"})
		st := memstore.New()
		if _, err := st.AddTriples(ctx, ts); err != nil {
			t.Fatal(err)
		}
		dir := []graph.Direction{graph.Out, graph.In, graph.Both}[rng.IntN(3)]
		chain := state.Chain{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: "A", Direction: dir}, {Relation: "B", Direction: graph.Out}}, Repeat: true}}}
		for _, g := range []walk.Store{st, expandOnly{st}} {
			s := state.New("run", "q", 5, state.Budget{})
			s.Plan = state.Plan{Anchors: []state.Anchor{{Entity: ts[0].Subject}}, Target: state.Target{Kind: state.TargetClosure}, Chains: []state.Chain{chain}, HopBudget: 1 + rng.IntN(5)}
			d, err := walk.NewRetriever(g, walk.Options{}).Retrieve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(d, state.PhaseRetrieve)
			var dead []state.DeadEnd
			for _, r := range s.Walk.All() {
				if !r.Expanded {
					dead = append(dead, state.DeadEnd{Pos: r.Pos, Depth: r.Depth})
				}
			}
			s.Frontier = dead
			d, err = walk.NewRefiner(g, walk.Options{}).Refine(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			s.Apply(d, state.PhaseRefine)
			for i := range s.Walk.Len() {
				got, want := s.PathsTo(i, 1), s.PathsSearched(i)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, position %d (%s): shortcut %v, search %v", seed, i, s.Walk.At(i).Pos, got, want)
				}
			}
		}
	}
}

// expandOnly is a store without its Adjacency: the walk goes one request a
// level.
type expandOnly struct{ s *memstore.Store }

func (e expandOnly) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return e.s.Expand(ctx, req)
}
