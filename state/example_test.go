package state_test

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// A chain is the relation pattern a plan walks: here, everything that
// depends on the anchor through CALLS or READS_FROM, at any depth, then the
// teams that own it.
func ExampleChain() {
	c := state.Chain{Steps: []state.ChainStep{
		{Edges: []state.RelDir{{Relation: "CALLS", Direction: graph.In}, {Relation: "READS_FROM", Direction: graph.In}}, Repeat: true},
		{Edges: []state.RelDir{{Relation: "OWNS", Direction: graph.In}}},
	}}
	fmt.Println(c, "fixed:", c.Fixed())
	// Output:
	// (<-CALLS-|<-READS_FROM-)+ <-OWNS- fixed: false
}

// The agent applies what each phase decides; here a retrieval of one move.
func ExampleAgentState_Apply() {
	s := state.New("run-1", "Who owns the payment service?", 5, state.Budget{})
	s.Plan.Chains = []state.Chain{{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: "OWNS", Direction: graph.In}}}}}}
	start := state.Pos{Node: "payment-service"}
	added := s.Apply(state.Delta{
		Starts: []state.Pos{start},
		Arcs: []state.Arc{{From: start, To: state.Pos{Node: "team-payments", Steps: 1},
			Hop: graph.Hop{From: "payment-service", Relation: "OWNS", To: "team-payments", Direction: graph.In}}},
		Expanded: []state.Pos{start},
	}, state.PhaseRetrieve)
	fmt.Println(added, "nodes added; answers at", s.Accepted())
	fmt.Println(s.PathsTo(1, 1)[0])
	// Output:
	// 2 nodes added; answers at [1]
	// payment-service <-OWNS- team-payments
}
