package evals

import (
	"context"
	"fmt"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// naivePlanner is the plain, non-self-correcting GraphRAG baseline: it
// links the question's anchor like the agent does (through linker), then
// plans a walk of every relation in both directions, depth steps deep, in
// one pass. The answers are the nodes at exactly that depth, ranked by the
// agent's own answerer, so that walking, counting and ranking are the
// agent's and only the plan differs.
type naivePlanner struct {
	linker agent.Planner
	// edges are all the schema's relations, Both.
	edges []state.RelDir
	depth int
}

// newNaiveEdges returns every relation of the schema, walked both ways.
func newNaiveEdges(s *graph.Schema) []state.RelDir {
	out := make([]state.RelDir, 0, len(s.Relations))
	for _, r := range s.Relations {
		out = append(out, state.RelDir{Relation: r.Name, Direction: graph.Both})
	}
	return out
}

// naiveDepth is the depth the baseline walks for a question: its gold
// depth, at least 1.
func naiveDepth(q Question) int { return max(q.Hops, 1) }

// Plan implements agent.Planner.
func (p naivePlanner) Plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	linked, cost, err := p.linker.Plan(ctx, question)
	if err != nil {
		return state.Plan{}, cost, fmt.Errorf("naive-bfs: link: %w", err)
	}
	plan := state.Plan{
		Source:      "naive-bfs",
		Target:      state.Target{Kind: state.TargetChain},
		HopBudget:   p.depth,
		Ambiguities: linked.Ambiguities,
	}
	if len(linked.Anchors) == 0 {
		plan.Notes = []string{"no entity of the question was found in the graph"}
		return plan, cost, nil
	}
	plan.Anchors = linked.Anchors[:1]
	c := state.Chain{Score: 1}
	for range p.depth {
		c.Steps = append(c.Steps, state.ChainStep{Edges: p.edges})
	}
	plan.Chains = []state.Chain{c}
	return plan, cost, nil
}
