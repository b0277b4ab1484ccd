package state

import (
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// A word of names keeps the answers named with it where it tells a kind
// from the rest: a naming convention, or names of their own type; one
// name of many with it, the rest of its type, keeps nothing out, nor do a
// few names of many of one type.
func TestNameWordKeeps(t *testing.T) {
	for _, c := range []struct {
		what string
		word string
		ends []end
		want []string
	}{
		{"a type of their own", "team", []end{{"team-a", "Owner"}, {"svc-b", "Service"}, {"svc-c", "Service"}},
			[]string{"team-a"}},
		{"a convention", "store", []end{{"Store Lyon", "Site"}, {"Store Paris", "Site"}, {"DC Rotterdam", "Site"}},
			[]string{"Store Lyon", "Store Paris"}},
		{"half of them", "engine", []end{{"Engine ESN-1", "Part"}, {"APU-131", "Part"}},
			[]string{"Engine ESN-1"}},
		{"an identifier", "model", []end{{"model_churn", "Node"}, {"fct_orders", "Node"}, {"dim_customers", "Node"}},
			[]string{"model_churn"}},
		{"one name of many", "airline", []end{{"Scandinavian Airlines System", "Carrier"}, {"Golden Air", "Carrier"}, {"NextJet", "Carrier"}},
			[]string{"Golden Air", "NextJet", "Scandinavian Airlines System"}},
		{"a few of many of their kind", "cheese", []end{{"Goat Cheese Log", "MilkSubject"}, {"Goats Cheese", "MilkSubject"}, {"Ticklemore", "MilkSubject"},
			{"Loddiswell Avondale", "MilkSubject"}, {"Sharpham", "MilkSubject"}},
			[]string{"Goat Cheese Log", "Goats Cheese", "Loddiswell Avondale", "Sharpham", "Ticklemore"}},
		{"no name", "scale", []end{{"dorian", "Mode"}, {"lydian", "Mode"}},
			[]string{"dorian", "lydian"}},
	} {
		s := walkedOneStep(Target{Kind: TargetType, NameWord: c.word}, c.ends)
		if got := acceptedNames(s); !slices.Equal(got, c.want) {
			t.Errorf("%s: answers %v, want %v", c.what, got, c.want)
		}
		if keeps := len(c.want) < len(c.ends); s.NameWordKeeps() != keeps {
			t.Errorf("%s: NameWordKeeps() = %v, want %v", c.what, !keeps, keeps)
		}
	}
}

// end is an entity a one-step walk ends at.
type end struct{ name, typ string }

// walkedOneStep returns the state of a walk one step from x, through a
// relation r, to ends, asking for target.
func walkedOneStep(target Target, ends []end) *AgentState {
	s := &AgentState{}
	s.Plan.Anchors = []Anchor{{Entity: "x"}}
	s.Plan.Chains = []Chain{{Steps: []ChainStep{{Edges: []RelDir{{Relation: "r", Direction: graph.Out}}}}}}
	s.Plan.Target = target
	s.Walk.Reached = []Reach{{Pos: Pos{Node: "x"}, Anchor: true}}
	for _, e := range ends {
		s.Subgraph.Nodes = append(s.Subgraph.Nodes, Node{Name: e.name, Type: e.typ})
		s.Walk.Reached = append(s.Walk.Reached, Reach{Pos: Pos{Node: e.name, Steps: 1}, Depth: 1})
	}
	return s
}

// acceptedNames returns the names of the state's answers, sorted.
func acceptedNames(s *AgentState) []string {
	var got []string
	for _, i := range s.Accepted() {
		got = append(got, s.Walk.Reached[i].Node)
	}
	slices.Sort(got)
	return got
}
