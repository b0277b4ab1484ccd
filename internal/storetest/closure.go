package storetest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// closureStore is a store that answers a closure in one call.
type closureStore interface {
	Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error)
}

// testClosure checks a closure (total and first page) against the same
// closure walked a level at a time with Expand: from the hub, a cycle, a
// self-loop, hostile names, along a relation declared and unused; and the
// errors. (The suite's call budget keeps the cases few.)
func testClosure(t *testing.T, open func(t *testing.T) Store) {
	s := loaded(t, open)
	cs, ok := s.(closureStore)
	if !ok {
		t.Fatalf("%T has no Closure", s)
	}
	ctx := t.Context()
	// Exact: the hub calls seven services.
	c, err := cs.Closure(ctx, graph.ClosureRequest{From: "api-gateway", Relations: []string{"CALLS"}, Direction: graph.Out, MaxDepth: 1, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if c.Total != 7 || len(c.Entities) != 3 {
		t.Fatalf("api-gateway CALLS 1 deep: total %d, page of %d; want 7 and 3", c.Total, len(c.Entities))
	}
	for _, req := range []graph.ClosureRequest{
		{From: "api-gateway", Relations: []string{"CALLS"}, Direction: graph.Out, MaxDepth: 4, Limit: 2},
		{From: Unicode, Direction: graph.Both, MaxDepth: 3},
		{From: "checkout-service", Relations: []string{"CALLS"}, Direction: graph.Out, MaxDepth: 4}, // the cycle back to it
		{From: "cart-service", Relations: []string{"CALLS"}, Direction: graph.Both, MaxDepth: 2},    // a self-loop
		{From: Injection, Relations: []string{"CALLS", "READS_FROM"}, Direction: graph.In, MaxDepth: 2},
		{From: Quoted, Direction: graph.In, MaxDepth: 3, Limit: 4},
		{From: "api-gateway", Relations: []string{"REPLICATES_TO"}, Direction: graph.Out, MaxDepth: 2}, // declared, unused
	} {
		got, err := cs.Closure(ctx, req)
		if err != nil {
			t.Fatalf("closure %+v: %v", req, err)
		}
		want := closureByExpand(t, s, req)
		if got.Total != want.Total || !slices.Equal(got.Entities, want.Entities) {
			t.Errorf("closure %+v:\n got total %d %v\nwant total %d %v", req, got.Total, got.Entities, want.Total, want.Entities)
		}
	}
	for _, bad := range []struct {
		req  graph.ClosureRequest
		want error
	}{
		{graph.ClosureRequest{From: "api-gateway", Relations: []string{"NO_SUCH"}, Direction: graph.Out, MaxDepth: 2}, graph.ErrUnknownRelation},
		{graph.ClosureRequest{From: "api-gateway", Relations: []string{"CALLS]->() DETACH DELETE n //"}, Direction: graph.Out, MaxDepth: 2}, graph.ErrUnknownRelation},
		{graph.ClosureRequest{From: "api-gateway", Direction: graph.Out, MaxDepth: graph.MaxClosureDepth + 1}, graph.ErrBadRequest},
	} {
		if _, err := cs.Closure(ctx, bad.req); !errors.Is(err, bad.want) {
			t.Errorf("closure %+v: error %v, want %v", bad.req, err, bad.want)
		}
	}
}

// closureByExpand walks req a level at a time with Expand (uncut).
func closureByExpand(t *testing.T, s Store, req graph.ClosureRequest) graph.Closure {
	t.Helper()
	limit := req.Limit
	if limit == 0 {
		limit = graph.DefaultLimit
	}
	seen := map[string]bool{req.From: true}
	types := map[string]string{}
	frontier := []string{req.From}
	for range req.MaxDepth {
		if len(frontier) == 0 {
			break
		}
		exp, err := s.Expand(t.Context(), graph.ExpandRequest{From: frontier, Steps: []graph.ExpandStep{{Relations: req.Relations, Direction: req.Direction}}, Limit: 100000})
		if err != nil {
			t.Fatalf("expand from %v: %v", frontier, err)
		}
		for _, n := range exp.Nodes {
			types[n.Name] = n.Type
		}
		var next []string
		for _, h := range exp.Hops[0] {
			if !seen[h.To] {
				seen[h.To] = true
				next = append(next, h.To)
			}
		}
		frontier = next
	}
	var names []string
	for n := range seen {
		if n != req.From {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, strings.Compare)
	out := graph.Closure{Total: len(names), Entities: []graph.Entity{}}
	for _, n := range names[:min(limit, len(names))] {
		out.Entities = append(out.Entities, graph.Entity{Name: n, Type: types[n]})
	}
	return out
}
