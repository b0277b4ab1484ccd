package memstore

import (
	"context"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/idgraph"
)

// Closure returns the entities reachable from req.From in one to
// req.MaxDepth hops along the relations named (all when none), walked in
// req.Direction: how many (Total) and the first req.Limit by name, as the
// Neo4j store's one query answers it. An unknown entity reaches nothing.
func (s *Store) Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error) {
	adj, err := s.Adjacency(ctx)
	if err != nil {
		return graph.Closure{}, err
	}
	return closure(ctx, adj, req)
}

// Closure is Store.Closure over the facts the view sees.
func (v *View) Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error) {
	adj, err := v.Adjacency(ctx)
	if err != nil {
		return graph.Closure{}, err
	}
	return closure(ctx, adj, req)
}

// closure walks adj breadth first from req.From, each entity once.
func closure(ctx context.Context, adj idgraph.Graph, req graph.ClosureRequest) (graph.Closure, error) {
	req, err := req.Normalize()
	if err != nil {
		return graph.Closure{}, fmt.Errorf("memstore: %w", err)
	}
	rels, err := adj.Relations(req.Relations)
	if err != nil {
		return graph.Closure{}, fmt.Errorf("memstore: closure: %w", err)
	}
	start, ok := adj.Lookup(req.From)
	if !ok || len(rels) == 0 {
		return graph.Closure{Entities: []graph.Entity{}}, nil
	}
	seen := make([]uint64, (adj.Entities()+63)/64)
	mark := func(id int32) bool {
		w, b := id/64, uint64(1)<<(id%64)
		if seen[w]&b != 0 {
			return false
		}
		seen[w] |= b
		return true
	}
	mark(start)
	var reached []int32
	frontier := []int32{start}
	for depth := 0; depth < req.MaxDepth && len(frontier) > 0; depth++ {
		if err := ctx.Err(); err != nil {
			return graph.Closure{}, err
		}
		var next []int32
		for _, id := range frontier {
			adj.Edges(id, rels, req.Direction, func(nb int32, _ uint32, _ graph.Direction) bool {
				if mark(nb) {
					next = append(next, nb)
				}
				return true
			})
		}
		reached = append(reached, next...)
		frontier = next
	}
	// Ids are in name order: the page is the smallest ids.
	slices.Sort(reached)
	out := graph.Closure{Total: len(reached), Entities: make([]graph.Entity, 0, min(req.Limit, len(reached)))}
	for _, id := range reached[:min(req.Limit, len(reached))] {
		out.Entities = append(out.Entities, graph.Entity{Name: adj.Name(id), Type: adj.Type(id)})
	}
	return out, nil
}
