package agent

import (
	"context"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Store is the knowledge graph the loop reads: memstore.Store (embedded)
// and cypher.Store (Neo4j) satisfy it. Every method may be called from many
// runs at once.
type Store interface {
	// Schema describes the graph's types and relations.
	Schema(ctx context.Context) (*graph.Schema, error)
	// Resolve links mentions to entities; the result is aligned with
	// req.Mentions, each list best first.
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
	// Expand returns the hops one to graph.MaxExpandSteps steps from a frontier.
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
	// Paths returns the shortest paths between two entities.
	Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error)
}

// A remote store answers over a network, where a round trip costs more
// than planning a question twice: cypher.Store is one. For such a store
// the agent plans a question with one [bracketed] mention and walks its
// first chain in a single round trip when a learned lexicon plans it
// (the expansion that starts from the entity by name stands for the
// linking query; see speculator); the plan, the walk and the answer are
// the ones the separate phases give.
type remote interface {
	Remote() bool
}

// A phase reads the run's state and returns what it decided; the loop
// applies it. None of them writes the state.

// Planner turns a question into a retrieval plan.
type Planner interface {
	Plan(ctx context.Context, question string) (state.Plan, state.Cost, error)
}

// Retriever fetches the first subgraph around the plan's anchors.
type Retriever interface {
	Retrieve(ctx context.Context, s *state.AgentState) (state.Delta, error)
}

// Critic judges whether the retrieved subgraph holds a complete chain from
// the anchors to what the question asks for, and if not, names the dead
// ends to expand.
type Critic interface {
	Critique(ctx context.Context, s *state.AgentState) (state.Verdict, state.Cost, error)
}

// Refiner expands the dead ends the critic named.
type Refiner interface {
	Refine(ctx context.Context, s *state.AgentState) (state.Delta, error)
}

// Answerer turns the final state into an answer with evidence paths.
type Answerer interface {
	Answer(ctx context.Context, s *state.AgentState) (state.Answer, state.Cost, error)
}

// ChainScorer proposes and ranks relation chains for a question from a
// learned lexicon (*lexicon.Model is one). The rule planner uses one when
// given.
type ChainScorer interface {
	// Chains returns candidate chains from an anchor of the given type,
	// best first, with scores; question is the text with the anchor's
	// mention replaced by a placeholder.
	Chains(question string, anchorType string, schema *graph.Schema, maxHops int) []state.Chain
}
