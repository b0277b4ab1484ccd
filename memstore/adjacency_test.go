package memstore_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/idgraph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/memstore"
)

// adjacencyReader is a store or a view that gives its graph by id.
type adjacencyReader interface {
	Adjacency(ctx context.Context) (idgraph.Graph, error)
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
}

// The adjacency gives every entity's edges along any relations, either
// way, in the order (and with the counts and hops) an expansion gives
// them, for nodes of every degree, on the store and on views that hide
// some facts.
func TestAdjacencyIsExpand(t *testing.T) {
	ctx := context.Background()
	rels := []string{"A", "B", "C", "D", "E"}
	for seed := range 60 {
		rng := rand.New(rand.NewPCG(uint64(seed), 3))
		n := 2 + rng.IntN(30)
		var ts []graph.Triple
		for i := range rng.IntN(300) + 1 {
			s, o := rng.IntN(n), rng.IntN(n)
			if rng.IntN(2) == 0 {
				o = 0 // a hub, whose edges are searched by relation
			}
			r := rng.IntN(len(rels))
			tr := graph.Triple{Subject: fmt.Sprintf("n%02d", s), Relation: rels[r], Object: fmt.Sprintf("n%02d", o), Source: graph.Source{File: "g", Line: i + 1}}
			if (s+2*o+r)%3 == 0 { // a third of the facts; one access list per fact
				tr.ACL = []string{"sec"}
			}
			ts = append(ts, tr)
		}
		st := memstore.New()
		if _, err := st.AddTriples(ctx, ts); err != nil {
			t.Fatal(err)
		}
		public, _ := graph.NewGroups()
		for _, r := range []adjacencyReader{st, st.Scoped(public)} {
			adj, err := r.Adjacency(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for range 20 {
				names := []string{}
				for _, rel := range rels {
					if rng.IntN(2) == 0 {
						names = append(names, rel)
					}
				}
				if len(names) == 0 {
					names = rels[:1]
				}
				ids, err := adj.Relations(names)
				dir := []graph.Direction{graph.Out, graph.In, graph.Both}[rng.IntN(3)]
				if err != nil {
					// A relation only hidden facts use: Expand refuses it too.
					if _, xerr := r.Expand(ctx, graph.ExpandRequest{From: []string{"n00"}, Steps: []graph.ExpandStep{{Relations: names, Direction: dir}}}); !errors.Is(err, graph.ErrUnknownRelation) || !errors.Is(xerr, graph.ErrUnknownRelation) {
						t.Fatalf("seed %d: %v: relations %v, expand %v", seed, names, err, xerr)
					}
					continue
				}
				for id := range int32(adj.Entities()) {
					name := adj.Name(id)
					if got, ok := adj.Lookup(name); !ok || got != id {
						continue // hidden from the view
					}
					exp, err := r.Expand(ctx, graph.ExpandRequest{From: []string{name}, Steps: []graph.ExpandStep{{Relations: names, Direction: dir}}, Limit: 100000})
					if err != nil {
						t.Fatal(err)
					}
					var got []graph.Hop
					adj.Edges(id, ids, dir, func(nb int32, fact uint32, d graph.Direction) bool {
						got = append(got, adj.Hop(id, nb, fact, d))
						return true
					})
					if !slices.Equal(got, exp.Hops[0]) {
						t.Fatalf("seed %d: %s along %v %s:\n adjacency %v\n expand    %v", seed, name, names, dir, got, exp.Hops[0])
					}
					if c := adj.Count(id, ids, dir); c != len(got) {
						t.Fatalf("seed %d: %s: count %d, want %d", seed, name, c, len(got))
					}
					if len(got) > 1 {
						k := 0
						if adj.Edges(id, ids, dir, func(int32, uint32, graph.Direction) bool { k++; return k < 2 }) || k != 2 {
							t.Fatalf("seed %d: %s: Edges went on after fn returned false", seed, name)
						}
					}
				}
			}
		}
	}
}

// A view's adjacency holds no entity only hidden facts mention, and the
// types are the view's.
func TestAdjacencyOfAView(t *testing.T) {
	ctx := context.Background()
	st := memstore.New()
	if _, err := st.AddTriples(ctx, []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "api"},
		{Subject: "api", Relation: "READS", Object: "vault", ACL: []string{"sec"}},
	}); err != nil {
		t.Fatal(err)
	}
	public, _ := graph.NewGroups()
	adj, err := st.Scoped(public).Adjacency(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := adj.Lookup("vault"); ok {
		t.Error("the view's adjacency has vault, which only a hidden fact mentions")
	}
	if _, err := adj.Relations([]string{"READS"}); !errors.Is(err, graph.ErrUnknownRelation) {
		t.Errorf("READS, which only hidden facts use: error %v, want unknown relation", err)
	}
	api, _ := adj.Lookup("api")
	all, err := adj.Relations(nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := adj.Count(api, all, graph.Both); n != 1 {
		t.Errorf("api has %d visible edges, want 1", n)
	}
}

// Similarity scores every entity as text.Similarity does, to the bit.
func TestAdjacencySimilarity(t *testing.T) {
	ctx := context.Background()
	names := []string{"payment-service", "payments", "PaymentSvc", "checkout", "a", "x_y_z", "Ünïcode Ω", "pay ment serv ice", "!!"}
	var ts []graph.Triple
	for i, n := range names {
		ts = append(ts, graph.Triple{Subject: n, Relation: "R", Object: names[(i+1)%len(names)]})
	}
	st := memstore.New()
	if _, err := st.AddTriples(ctx, ts); err != nil {
		t.Fatal(err)
	}
	adj, err := st.Adjacency(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"which services are affected if the payment service goes down", "payment-service", "", "zzz"} {
		key := text.Key(q)
		sim := adj.Similarity(key)
		goal := text.NewGoal(key)
		for id := range int32(adj.Entities()) {
			if got, want := sim(id), goal.Similarity(text.Key(adj.Name(id))); got != want {
				t.Errorf("%q ~ %q: %v, want %v", adj.Name(id), key, got, want)
			}
		}
	}
}
