package walk

import (
	"context"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Retriever is the deterministic retriever: it starts at the plan's
// anchors and walks the best chain — the whole of a fixed chain, the first
// RetrieveHops of one with a repeated step.
type Retriever struct{ w walker }

// NewRetriever returns a retriever over g.
func NewRetriever(g Store, opts Options) *Retriever {
	return &Retriever{walker{g: g, opts: opts.withDefaults()}}
}

// Retrieve implements agent.Retriever.
func (r *Retriever) Retrieve(ctx context.Context, s *state.AgentState) (state.Delta, error) {
	if len(s.Plan.Chains) == 0 {
		return state.Delta{Summary: "plan has no chain to walk"}, nil
	}
	c := s.Plan.Chains[0]
	hops := len(c.Steps)
	if !c.Fixed() {
		hops = r.w.opts.RetrieveHops
	}
	starts := anchorStarts(s)
	isStart := map[state.Pos]bool{}
	for _, p := range starts {
		isStart[p] = true
	}
	base := walkKnown(s)
	known := func(p state.Pos) (posInfo, bool) {
		if isStart[p] {
			if info, ok := base(p); ok {
				return info, true
			}
			return posInfo{depth: 0}, true
		}
		return base(p)
	}
	var d state.Delta
	var moves int
	var err error
	// The facts of the answers' conditions (having) join the subgraph
	// beside the walk's in this delta: a segment made now would not know
	// their nodes, so a walk with conditions retrieves one request a
	// level (its refinements still walk in bulk).
	if bs, ok := r.w.bulkChain(s, c); ok && len(s.Plan.Target.Having) == 0 {
		var pending []state.Pos
		for _, p := range starts {
			if s.Walk.Lookup(p) < 0 && !slices.Contains(pending, p) {
				pending = append(pending, p)
			}
		}
		d, moves, _, err = r.w.expandBulk(ctx, bs, s, c, starts, pending, hops, c.Reentry, false, state.PhaseRetrieve)
	} else {
		d, err = r.w.expand(ctx, s, c, starts, known, hops, c.Reentry)
		moves = len(d.Arcs)
	}
	if err != nil {
		return d, err
	}
	zero := 0
	d.Chain = &zero
	d.Starts = starts
	d.Summary = fmt.Sprintf("walked %s from %d anchor(s), %d hop(s): %d move(s)", c, len(starts), hops, moves)
	if err := r.w.having(ctx, s, &d); err != nil {
		return d, err
	}
	return d, nil
}

// having retrieves the facts the plan's conditions on the answers need
// (Target.Having): one expansion from each condition's entity, the
// other way round, so that the answers meeting it are known whatever the
// walk reaches. A cut is recorded as the walk's are.
func (w walker) having(ctx context.Context, s *state.AgentState, d *state.Delta) error {
	for _, h := range s.Plan.Target.Having {
		byDir := map[graph.Direction][]string{}
		for _, e := range h.Edges {
			byDir[e.Direction.Reverse()] = append(byDir[e.Direction.Reverse()], e.Relation)
		}
		for _, dir := range []graph.Direction{graph.Out, graph.In, graph.Both} {
			rels := byDir[dir]
			if len(rels) == 0 {
				continue
			}
			exp, err := w.g.Expand(ctx, graph.ExpandRequest{From: []string{h.Entity}, Steps: []graph.ExpandStep{{Relations: rels, Direction: dir}}, Limit: w.opts.StoreLimit})
			d.Cost.StoreCalls++
			if err != nil {
				return fmt.Errorf("retrieve the facts of %s: %w", h.Entity, err)
			}
			for _, hops := range exp.Hops {
				d.Facts = append(d.Facts, hops...)
			}
			d.Nodes = append(d.Nodes, exp.Nodes...)
			d.Cuts = append(d.Cuts, exp.Truncated...)
		}
	}
	return nil
}

// Refiner is the deterministic BFS refiner: targeted expansions of one or
// two hops from the dead ends the critic named, never re-expanding a
// visited position; when the critic switched chains, it continues the new
// chain from where the old one dead-ended.
type Refiner struct{ w walker }

// NewRefiner returns a refiner over g.
func NewRefiner(g Store, opts Options) *Refiner {
	return &Refiner{walker{g: g, opts: opts.withDefaults()}}
}

// Refine implements agent.Refiner.
func (r *Refiner) Refine(ctx context.Context, s *state.AgentState) (state.Delta, error) {
	var from []state.Pos
	for _, de := range s.Frontier {
		from = append(from, de.Pos)
	}
	v := s.LastVerdict()
	if v != nil && v.Reentry {
		return r.walkAgain(ctx, s)
	}
	if v != nil && v.Switch != nil && *v.Switch != s.Walk.Chain {
		return r.switchChain(ctx, s, *v.Switch, from)
	}
	return r.expandDeadEnds(ctx, s, from)
}

// walkAgain walks the chain again from the anchors, through them if need
// be (the critic asked for reentry).
func (r *Refiner) walkAgain(ctx context.Context, s *state.AgentState) (state.Delta, error) {
	c := s.Chain()
	ci := s.Walk.Chain
	starts := anchorStarts(s)
	base := walkKnown(s)
	known := func(p state.Pos) (posInfo, bool) {
		info, ok := base(p)
		if ok && p.Steps == 0 {
			info.expanded = false
		}
		return info, ok && p.Steps == 0
	}
	d, err := r.w.expand(ctx, s, c, starts, known, r.w.opts.RefineHops, true)
	if err != nil {
		return d, err
	}
	d.Chain, d.Restart, d.Keep, d.Reentry = &ci, true, starts, true
	d.Summary = fmt.Sprintf("walking %s again from the anchors, allowed through them: %d move(s)", c, len(d.Arcs))
	return d, nil
}

// switchChain continues chain ci of the plan (the critic switched to it)
// from the dead ends from, which are the new walk's frontier.
func (r *Refiner) switchChain(ctx context.Context, s *state.AgentState, ci int, from []state.Pos) (state.Delta, error) {
	if ci < 0 || ci >= len(s.Plan.Chains) {
		return state.Delta{}, fmt.Errorf("critic switched to chain %d of %d", ci, len(s.Plan.Chains))
	}
	c := s.Plan.Chains[ci]
	base := walkKnown(s)
	keep := map[state.Pos]bool{}
	for _, p := range from {
		keep[p] = true
	}
	known := func(p state.Pos) (posInfo, bool) {
		info, ok := base(p)
		if ok && keep[p] {
			info.expanded = false
		}
		return info, ok
	}
	d, err := r.w.expand(ctx, s, c, from, known, r.w.opts.RefineHops, c.Reentry)
	if err != nil {
		return d, err
	}
	d.Chain = &ci
	d.Keep = from
	d.Summary = fmt.Sprintf("switched to chain %s; expanded %d dead end(s) %d hop(s): %d move(s)", c, len(from), r.w.opts.RefineHops, len(d.Arcs))
	return d, nil
}

// expandDeadEnds expands the dead ends from along the walk's chain, in
// bulk where the store allows.
func (r *Refiner) expandDeadEnds(ctx context.Context, s *state.AgentState, from []state.Pos) (state.Delta, error) {
	c := s.Chain()
	hops := r.w.opts.RefineHops
	// The closure is the answer: nothing short of all of it lets the
	// critic conclude, so walk it to the end (within the hop budget), from
	// every position not expanded yet, not only the dead ends the critic
	// named (it names a round's worth: a walk a level deep may leave a
	// million, and most of them may lead nowhere).
	whole := s.Plan.Target.Kind != state.TargetEntity && !c.Fixed()
	if whole {
		hops = s.Plan.HopBudget
	}
	var d state.Delta
	var moves, started int
	var err error
	if bs, ok := r.w.bulkChain(s, c); ok {
		d, moves, started, err = r.w.expandBulk(ctx, bs, s, c, from, nil, hops, s.Walk.Reentry || c.Reentry, whole, state.PhaseRefine)
	} else {
		if whole {
			from = append(from, unexpanded(s, c, from)...)
		}
		started = len(from)
		d, err = r.w.expand(ctx, s, c, from, walkKnown(s), hops, s.Walk.Reentry || c.Reentry)
		moves = len(d.Arcs)
	}
	if err != nil {
		return d, err
	}
	named := len(s.Frontier)
	d.Summary = fmt.Sprintf("expanded %d dead end(s) up to %d hop(s) along %s: %d move(s)", named, hops, c, moves)
	if started > named {
		d.Summary = fmt.Sprintf("expanded %d dead end(s) and the walk's %d other unexpanded position(s) up to %d hop(s) along %s: %d move(s)", named, started-named, hops, c, moves)
	}
	return d, nil
}

// anchorStarts returns the positions the walk starts from: the plan's
// anchors, in chain state 0.
func anchorStarts(s *state.AgentState) []state.Pos {
	var starts []state.Pos
	for _, a := range s.Plan.Anchors {
		starts = append(starts, state.Pos{Node: a.Entity, Steps: 0})
	}
	return starts
}

// unexpanded returns the positions of the walk, in its order, that chain c
// could move on from within the hop budget and that were not expanded,
// except those in named.
func unexpanded(s *state.AgentState, c state.Chain, named []state.Pos) []state.Pos {
	skip := make(map[state.Pos]bool, len(named))
	for _, p := range named {
		skip[p] = true
	}
	var out []state.Pos
	for _, r := range s.Walk.All() {
		if !r.Expanded && !skip[r.Pos] && CanMove(c, r.Steps) && r.Depth < s.Plan.HopBudget {
			out = append(out, r.Pos)
		}
	}
	return out
}
