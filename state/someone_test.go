package state

import (
	"maps"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// A question that asks "who" keeps the walk's ends of the types of people
// where it reached others too, and says which it left out.
func TestSomeoneKeeps(t *testing.T) {
	type end struct{ name, typ string }
	for _, c := range []struct {
		what string
		ends []end
		want []string
		left map[string]int
	}{
		{"teams beside matches", []end{{"Argentina", "Team"}, {"Croatia", "Team"}, {"Argentina v Croatia", "Match"}},
			[]string{"Argentina", "Croatia"}, map[string]int{"Match": 1}},
		{"people only", []end{{"Ada", "Person"}, {"Grace", "Person"}}, []string{"Ada", "Grace"}, nil},
		{"no people", []end{{"Doha", "City"}, {"Kazan", "City"}}, []string{"Doha", "Kazan"}, nil},
	} {
		s := &AgentState{}
		s.Plan.Anchors = []Anchor{{Entity: "x"}}
		s.Plan.Chains = []Chain{{Steps: []ChainStep{{Edges: []RelDir{{Relation: "r", Direction: graph.Out}}}}}}
		s.Plan.Target = Target{Kind: TargetChain, Someone: []string{"Person", "Team"}}
		s.Walk.Reached = []Reach{{Pos: Pos{Node: "x"}, Anchor: true}}
		for _, e := range c.ends {
			s.Subgraph.Nodes = append(s.Subgraph.Nodes, Node{Name: e.name, Type: e.typ})
			s.Walk.Reached = append(s.Walk.Reached, Reach{Pos: Pos{Node: e.name, Steps: 1}, Depth: 1})
		}
		var got []string
		for _, i := range s.Accepted() {
			got = append(got, s.Walk.Reached[i].Node)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: answers %v, want %v", c.what, got, c.want)
		}
		if left := s.SomeoneLeftOut(); !maps.Equal(left, c.left) {
			t.Errorf("%s: left out %v, want %v", c.what, left, c.left)
		}
	}
}
