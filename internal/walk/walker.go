package walk

import (
	"context"
	"math"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Options tune how the retriever and refiner expand. The zero value
// gives the defaults.
type Options struct {
	// Fanout caps the hops kept per expanded position. When a position has
	// more, its neighbours are ranked by the hybrid score and the rest are
	// cut (and recorded). Default 300; NoFanoutCap (any negative value)
	// keeps them all, and lifts StoreLimit with it.
	Fanout int
	// StoreLimit caps the hops a store returns per node and step, so that
	// super-nodes do not drag thousands of rows back. Default 1000.
	StoreLimit int
	// Alpha weighs graph proximity against similarity in the hybrid score
	// (REFERENCE R1): score = α·(1 − d/maxD) + (1 − α)·similarity. Default 0.5.
	Alpha float64
	// RetrieveHops is how deep the retriever walks a chain with a repeated
	// step (a fixed chain is walked whole). Default 1.
	RetrieveHops int
	// RefineHops is how deep the refiner walks from each dead end: 1 or 2.
	// Default 2.
	RefineHops int
}

// NoFanoutCap as Options.Fanout keeps every neighbour of every expanded
// position: nothing is cut.
const NoFanoutCap = -1

// uncapped is the fan-out and store limit of NoFanoutCap: more edges
// than any node has.
const uncapped = math.MaxInt32

// withDefaults returns the options with the defaults in place of the
// zero values and out-of-range ones.
func (o Options) withDefaults() Options {
	if o.Fanout < 0 {
		o.Fanout, o.StoreLimit = uncapped, uncapped
	}
	if o.Fanout == 0 {
		o.Fanout = 300
	}
	if o.StoreLimit <= 0 {
		o.StoreLimit = 1000
	}
	if o.StoreLimit < o.Fanout {
		o.StoreLimit = o.Fanout
	}
	if o.Alpha <= 0 || o.Alpha > 1 {
		o.Alpha = DefaultAlpha
	}
	if o.RetrieveHops <= 0 {
		o.RetrieveHops = 1
	}
	if o.RefineHops <= 0 || o.RefineHops > 2 {
		o.RefineHops = 2
	}
	return o
}

// Move is a chain step that may be taken from a walk position, and the
// chain state it leads to.
type Move struct {
	Step state.ChainStep
	Next int
}

// Moves returns the steps a position in chain state st may take: step st
// itself; when the step that led there repeats, that step again; and when
// step st is optional, the step after it.
func Moves(c state.Chain, st int) []Move {
	var out []Move
	if st < len(c.Steps) {
		out = append(out, Move{c.Steps[st], st + 1})
		if c.Steps[st].Optional && st+1 < len(c.Steps) {
			out = append(out, Move{c.Steps[st+1], st + 2})
		}
	}
	if st >= 1 && st <= len(c.Steps) && c.Steps[st-1].Repeat {
		out = append(out, Move{c.Steps[st-1], st})
	}
	return out
}

// CanMove reports whether a position in chain state st has a step to take.
func CanMove(c state.Chain, st int) bool {
	return st < len(c.Steps) || st >= 1 && st <= len(c.Steps) && c.Steps[st-1].Repeat
}

// Store is what the walk reads: expansions of a frontier.
type Store interface {
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
}

// walker expands positions along a chain: the mechanism the retriever and
// the refiner share.
type walker struct {
	g    Store
	opts Options
}

// posInfo is what the walker knows of a position before it moves.
type posInfo struct {
	depth    int
	expanded bool
}

// goalKey is what neighbours are compared with in the hybrid score: the
// target entity when there is one, else the question.
func goalKey(s *state.AgentState) string {
	if s.Plan.Target.Kind == state.TargetEntity {
		return text.Key(s.Plan.Target.Entity)
	}
	return text.Key(s.Question)
}

// hybrid is the walk's Hybrid score with its α.
func (w walker) hybrid(depth, maxD int, name string, goal *text.Goal) float64 {
	return Hybrid(w.opts.Alpha, depth, maxD, name, goal)
}

// DefaultAlpha is α when none is given.
const DefaultAlpha = 0.5

// Hybrid is REFERENCE R1's score of an entity reached at depth, by which
// both the refiner's fan-out cuts and the answer ranking order entities:
// α·graph_proximity + (1 − α)·similarity, with graph_proximity(d) =
// 1 − d/maxD (0 beyond it) and the similarity of the entity's name to the
// goal key (text.Key of what the question asks).
func Hybrid(alpha float64, depth, maxD int, name string, goal *text.Goal) float64 {
	return HybridSim(alpha, depth, maxD, goal.Similarity(text.Key(name)))
}

// HybridSim is Hybrid with the similarity to the goal given.
func HybridSim(alpha float64, depth, maxD int, sim float64) float64 {
	prox := 0.0
	if maxD > 0 && depth <= maxD {
		prox = 1 - float64(depth)/float64(maxD)
	}
	return alpha*prox + (1-alpha)*sim
}

// walkKnown reports positions of the state's current walk.
func walkKnown(s *state.AgentState) func(state.Pos) (posInfo, bool) {
	return func(p state.Pos) (posInfo, bool) {
		i := s.Walk.Lookup(p)
		if i < 0 {
			return posInfo{}, false
		}
		r := s.Walk.At(i)
		return posInfo{depth: r.Depth, expanded: r.Expanded}, true
	}
}
