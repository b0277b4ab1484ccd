package walk

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

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

// walker expands positions along a chain: the mechanism the retriever and
// the refiner share.
// Store is what the walk reads: expansions of a frontier.
type Store interface {
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
}

type walker struct {
	g    Store
	opts Options
}

// posInfo is what the walker knows of a position before it moves.
type posInfo struct {
	depth    int
	expanded bool
}

// expand walks up to hops levels from start along chain c, starting with
// the positions' known depths, and returns the moves as a delta. known
// reports positions already in the walk.
func (w walker) expand(ctx context.Context, s *state.AgentState, c state.Chain, start []state.Pos, known func(state.Pos) (posInfo, bool), hops int, reentry bool) (state.Delta, error) {
	var d state.Delta
	// storeCut indexes the store's cuts in d.Cuts by node and step, so
	// that the walker's own cut of the same node refines it instead of
	// being counted again.
	storeCut := map[cutKey]int{}
	local := map[state.Pos]posInfo{}
	lookup := func(p state.Pos) (posInfo, bool) {
		if i, ok := local[p]; ok {
			return i, true
		}
		return known(p)
	}
	var frontier []state.Pos
	for _, p := range start {
		info, ok := lookup(p)
		if !ok || info.expanded || !CanMove(c, p.Steps) || info.depth >= s.Plan.HopBudget {
			continue
		}
		frontier = append(frontier, p)
		local[p] = info
	}
	goal := text.NewGoal(goalKey(s))
	types := map[string]string{} // entity types the store reported
	var pf []prefetched          // steps fetched ahead, one a level
	// A walk never re-enters the question's own entities: a path back
	// through an anchor is a cycle, and "the films of X's director"
	// does not mean X again.
	anchors := map[string]bool{}
	if !reentry {
		for _, a := range s.Plan.Anchors {
			anchors[a.Entity] = true
		}
	}
	for level := 0; level < hops && len(frontier) > 0; level++ {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		// One store call per (direction, relation set, next state): the
		// whole frontier in one round trip.
		type group struct {
			dir   graph.Direction
			rels  []string
			next  int
			edges map[string]bool
			from  []state.Pos
		}
		groups := map[string]*group{}
		var keys []string
		for _, p := range frontier {
			for _, t := range Moves(c, p.Steps) {
				byDir := map[graph.Direction][]string{}
				for _, e := range t.Step.Edges {
					byDir[e.Direction] = append(byDir[e.Direction], e.Relation)
				}
				for dir, rels := range byDir {
					sort.Strings(rels)
					k := fmt.Sprintf("%d|%s|%d", dir, strings.Join(rels, ","), t.Next)
					g, ok := groups[k]
					if !ok {
						g = &group{dir: dir, rels: rels, next: t.Next, edges: map[string]bool{}}
						for _, r := range rels {
							g.edges[r] = true
						}
						groups[k] = g
						keys = append(keys, k)
					}
					g.from = append(g.from, p)
				}
			}
		}
		sort.Strings(keys)
		type cand struct {
			arc   state.Arc
			score float64
		}
		perPos := map[state.Pos][]cand{}
		var order []state.Pos
		var nextPrefetch []prefetched
		for _, k := range keys {
			g := groups[k]
			names := make([]string, 0, len(g.from))
			byNode := map[string][]state.Pos{}
			for _, p := range g.from {
				if _, ok := byNode[p.Node]; !ok {
					names = append(names, p.Node)
				}
				byNode[p.Node] = append(byNode[p.Node], p)
			}
			sort.Strings(names)
			var stepHops []graph.Hop
			if len(pf) > 0 && pf[0].key == k {
				// An earlier request fetched this step already (from a
				// superset of this frontier: keep the cuts of its nodes).
				stepHops = pf[0].hops
				for _, t := range pf[0].cuts {
					if _, ok := byNode[t.Node]; ok {
						t.Step = level
						storeCut[cutKey{t.Node, t.Step}] = len(d.Cuts)
						d.Cuts = append(d.Cuts, t)
					}
				}
				nextPrefetch = pf[1:]
			} else {
				// A lone group fetches the steps that follow it too, as
				// far as each level has one step to take: a fixed chain
				// is one round trip. A closure fetches one level ahead:
				// the store walks every node a step reached, visited or
				// not, so its work grows with each level it goes ahead.
				steps := []graph.ExpandStep{{Relations: g.rels, Direction: g.dir}}
				maxSteps := 2
				if c.Fixed() {
					maxSteps = graph.MaxExpandSteps
				}
				var ahead []string
				if len(keys) == 1 {
					next := g.next
					for lvl := level + 1; lvl < hops && len(steps) < maxSteps; lvl++ {
						st, k2, after, ok := soleStep(c, next)
						if !ok {
							break
						}
						steps, ahead, next = append(steps, st), append(ahead, k2), after
					}
				}
				x, err := w.g.Expand(ctx, graph.ExpandRequest{From: names, Steps: steps, Limit: w.opts.StoreLimit})
				d.Cost.StoreCalls++
				if err != nil {
					return d, fmt.Errorf("expand %d node(s) along %s: %w", len(names), strings.Join(g.rels, ","), err)
				}
				for _, n := range x.Nodes {
					types[n.Name] = n.Type
				}
				fetched := make([]prefetched, len(ahead))
				for i, k2 := range ahead {
					fetched[i].key = k2
					if i+1 < len(x.Hops) {
						fetched[i].hops = x.Hops[i+1]
					}
				}
				for _, t := range x.Truncated {
					if t.Step == 0 {
						t.Step = level
						storeCut[cutKey{t.Node, t.Step}] = len(d.Cuts)
						d.Cuts = append(d.Cuts, t)
					} else if t.Step-1 < len(fetched) {
						fetched[t.Step-1].cuts = append(fetched[t.Step-1].cuts, t)
					}
				}
				if len(fetched) > 0 {
					nextPrefetch = fetched
				}
				if len(x.Hops) > 0 {
					stepHops = x.Hops[0]
				}
			}
			for _, h := range stepHops {
				if anchors[h.To] {
					continue
				}
				for _, p := range byNode[h.From] {
					to := state.Pos{Node: h.To, Steps: g.next}
					if _, ok := perPos[p]; !ok {
						order = append(order, p)
					}
					perPos[p] = append(perPos[p], cand{arc: state.Arc{From: p, Hop: h, To: to}})
				}
			}
		}
		for _, p := range frontier {
			info := local[p]
			info.expanded = true
			local[p] = info
			d.Expanded = append(d.Expanded, p)
		}
		var next []state.Pos
		for _, p := range order {
			cs := perPos[p]
			if len(cs) > w.opts.Fanout {
				// Scored only where a cut keeps the best.
				for i := range cs {
					cs[i].score = w.hybrid(local[p].depth+1, s.Plan.HopBudget, cs[i].arc.To.Node, goal)
				}
				sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
				if k, ok := storeCut[cutKey{p.Node, level}]; ok {
					// The store cut this node already: of its Total, the
					// walk keeps Fanout.
					d.Cuts[k].Kept = min(d.Cuts[k].Kept, w.opts.Fanout)
				} else {
					d.Cuts = append(d.Cuts, graph.Truncation{Node: p.Node, Step: level, Kept: w.opts.Fanout, Total: len(cs)})
				}
				cs = cs[:w.opts.Fanout]
			}
			depth := local[p].depth + 1
			for _, cd := range cs {
				d.Arcs = append(d.Arcs, cd.arc)
				to := cd.arc.To
				if _, ok := lookup(to); ok {
					continue
				}
				local[to] = posInfo{depth: depth}
				if CanMove(c, to.Steps) && depth < s.Plan.HopBudget {
					next = append(next, to)
				}
			}
		}
		frontier = next
		pf = nextPrefetch
	}
	// The entities the moves touch, with the types the store reported,
	// sorted by name.
	seen := map[string]bool{}
	for _, a := range d.Arcs {
		for _, n := range []string{a.From.Node, a.To.Node} {
			if !seen[n] {
				seen[n] = true
				d.Nodes = append(d.Nodes, graph.Entity{Name: n, Type: types[n]})
			}
		}
	}
	sort.Slice(d.Nodes, func(i, j int) bool { return d.Nodes[i].Name < d.Nodes[j].Name })
	return d, nil
}

// prefetched holds a step fetched together with the steps before it,
// keyed like the group that will need it, with the store's cuts of that
// step.
type prefetched struct {
	key  string
	hops []graph.Hop
	cuts []graph.Truncation
}

// soleStep reports the one store step a position in state st would take
// (a single transition, all its edges one way), with its group key and the
// state it leads to, so that it can be fetched together with the step
// leading there.
func soleStep(c state.Chain, st int) (graph.ExpandStep, string, int, bool) {
	ts := Moves(c, st)
	if len(ts) != 1 || len(ts[0].Step.Edges) == 0 {
		return graph.ExpandStep{}, "", 0, false
	}
	dir := ts[0].Step.Edges[0].Direction
	var rels []string
	for _, e := range ts[0].Step.Edges {
		if e.Direction != dir {
			return graph.ExpandStep{}, "", 0, false
		}
		rels = append(rels, e.Relation)
	}
	sort.Strings(rels)
	return graph.ExpandStep{Relations: rels, Direction: dir}, fmt.Sprintf("%d|%s|%d", dir, strings.Join(rels, ","), ts[0].Next), ts[0].Next, true
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

// cutKey names a fan-out cut: a node at a step of the walk.
type cutKey struct {
	node string
	step int
}
