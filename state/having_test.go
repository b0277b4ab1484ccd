package state

import (
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// A condition keeps the answers linked to its entity; turned round
// (Without), those with no such fact.
func TestHavingWithout(t *testing.T) {
	s := &AgentState{}
	s.Subgraph.Edges = []Edge{
		{Subject: "France", Relation: "currencies", Object: "Euro"},
		{Subject: "Germany", Relation: "currencies", Object: "Euro"},
		{Subject: "Switzerland", Relation: "currencies", Object: "Swiss franc"},
	}
	cond := Having{Edges: []RelDir{{Relation: "currencies", Direction: graph.Out}}, Entity: "Euro"}
	for _, c := range []struct {
		without bool
		want    map[string]bool
	}{
		{false, map[string]bool{"France": true, "Germany": true, "Switzerland": false}},
		{true, map[string]bool{"France": false, "Germany": false, "Switzerland": true}},
	} {
		h := cond
		h.Without = c.without
		s.Plan.Target.Having = []Having{h}
		keep := s.having()
		for n, want := range c.want {
			if got := keep(n); got != want {
				t.Errorf("without=%v: having(%s) = %v, want %v", c.without, n, got, want)
			}
		}
	}
}
