package walk

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/state"
)

// expand walks up to hops levels from start along chain c, starting with
// the positions' known depths, and returns the moves as a delta. known
// reports positions already in the walk.
func (w walker) expand(ctx context.Context, s *state.AgentState, c state.Chain, start []state.Pos, known func(state.Pos) (posInfo, bool), hops int, reentry bool) (state.Delta, error) {
	x := &levelWalk{w: w, s: s, c: c, hops: hops, reentry: reentry, reqs: make([][]moveRequest, len(c.Steps)+1)}
	ps := &positions{local: map[state.Pos]posInfo{}, known: known}
	frontier := x.startFrontier(start, ps)
	x.goal = text.NewGoal(goalKey(s))
	for level := 0; level < hops && len(frontier) > 0; level++ {
		if err := ctx.Err(); err != nil {
			return x.d, err
		}
		var err error
		if frontier, err = x.level(ctx, level, frontier, ps); err != nil {
			return x.d, err
		}
	}
	x.nameNodes()
	return x.d, nil
}

// levelWalk is one call of expand, the walk one store request a level:
// the delta it builds and what it has learnt of positions, entities and
// the store's cuts so far. (What it knows of positions, and the maps of
// a level, are passed apart: held here, they would live on the heap.)
type levelWalk struct {
	w       walker
	s       *state.AgentState
	c       state.Chain
	hops    int
	reentry bool
	// reqs are the store requests of a position in each chain state, as
	// the walk first needs them (requestsOf).
	reqs [][]moveRequest
	d    state.Delta
	// storeCut indexes the store's cuts in d.Cuts by node and step, so
	// that the walker's own cut of the same node refines it instead of
	// being counted again (nil until the store cuts).
	storeCut map[cutKey]int
	goal     *text.Goal
	types    map[string]string // entity types the store reported
	ahead    []prefetched      // steps fetched ahead, one a level
}

// avoids reports whether the walk never enters entity name: a walk never
// re-enters the question's own entities unless reentry, for a path back
// through an anchor is a cycle, and "the films of X's director" does not
// mean X again.
func (x *levelWalk) avoids(name string) bool {
	if x.reentry {
		return false
	}
	for _, a := range x.s.Plan.Anchors {
		if a.Entity == name {
			return true
		}
	}
	return false
}

// requestsOf returns the store requests of a position in chain state st.
func (x *levelWalk) requestsOf(st int) []moveRequest {
	if x.reqs[st] == nil {
		for _, t := range Moves(x.c, st) {
			x.reqs[st] = appendRequests(x.reqs[st], t)
		}
	}
	return x.reqs[st]
}

// positions is what a walk one request a level knows of positions: those
// it starts from or reaches (local), and those known reports (the walk's
// already).
type positions struct {
	local map[state.Pos]posInfo
	known func(state.Pos) (posInfo, bool)
}

// lookup reports what the walk knows of position p: from this walk, else
// from known.
func (ps *positions) lookup(p state.Pos) (posInfo, bool) {
	if i, ok := ps.local[p]; ok {
		return i, true
	}
	return ps.known(p)
}

// startFrontier returns the positions of start the walk expands: known,
// not expanded, able to move and within the hop budget.
func (x *levelWalk) startFrontier(start []state.Pos, ps *positions) []state.Pos {
	var frontier []state.Pos
	for _, p := range start {
		info, ok := ps.lookup(p)
		if !ok || info.expanded || !CanMove(x.c, p.Steps) || info.depth >= x.s.Plan.HopBudget {
			continue
		}
		frontier = append(frontier, p)
		ps.local[p] = info
	}
	return frontier
}

// level expands the frontier one level: one store request (or a step
// fetched ahead) a group of moves, a fan-out cut of each position's
// moves, and the positions to expand next.
func (x *levelWalk) level(ctx context.Context, level int, frontier []state.Pos, ps *positions) ([]state.Pos, error) {
	groups := map[string]*requestGroup{}
	keys := x.group(frontier, groups)
	perPos := map[state.Pos][]offer{} // the moves offered each position
	var order []state.Pos             // the positions as they first got one
	var ahead []prefetched
	for _, k := range keys {
		g := groups[k]
		byNode := map[string][]state.Pos{}
		names := byEntity(g.from, byNode)
		hops, more, err := x.stepHops(ctx, level, g, names, byNode, len(keys) == 1)
		if err != nil {
			return nil, err
		}
		if more != nil {
			ahead = more
		}
		order = x.offer(g.next, hops, byNode, perPos, order)
	}
	x.markExpanded(frontier, ps)
	var next []state.Pos
	for _, p := range order {
		next = x.move(p, x.keepBest(level, p, perPos[p], ps), next, ps)
	}
	x.ahead = ahead
	return next, nil
}

// requestGroup is one store request of a level: the frontier positions
// (from) that make the moves of one direction, relation set and next
// state.
type requestGroup struct {
	moveRequest
	from []state.Pos
}

// group gathers the moves of the frontier into store requests in groups,
// one a direction, relation set and next state (the whole frontier in one
// round trip), and returns their keys in order.
func (x *levelWalk) group(frontier []state.Pos, groups map[string]*requestGroup) []string {
	var keys []string
	for _, p := range frontier {
		for _, r := range x.requestsOf(p.Steps) {
			g, ok := groups[r.key]
			if !ok {
				g = &requestGroup{moveRequest: r}
				groups[r.key] = g
				keys = append(keys, r.key)
			}
			g.from = append(g.from, p)
		}
	}
	sort.Strings(keys)
	return keys
}

// byEntity indexes positions from by entity in byNode and returns the
// entities' names in name order.
func byEntity(from []state.Pos, byNode map[string][]state.Pos) []string {
	names := make([]string, 0, len(from))
	for _, p := range from {
		if _, ok := byNode[p.Node]; !ok {
			names = append(names, p.Node)
		}
		byNode[p.Node] = append(byNode[p.Node], p)
	}
	sort.Strings(names)
	return names
}

// markExpanded marks the frontier's positions expanded, in the walk and
// in the delta.
func (x *levelWalk) markExpanded(frontier []state.Pos, ps *positions) {
	for _, p := range frontier {
		info := ps.local[p]
		info.expanded = true
		ps.local[p] = info
		x.d.Expanded = append(x.d.Expanded, p)
	}
}

// prefetched holds a step fetched together with the steps before it,
// keyed like the group that will need it, with the store's cuts of that
// step.
type prefetched struct {
	key  string
	hops []graph.Hop
	cuts []graph.Truncation
}

// stepHops returns the hops of group g's step at this level from its
// entities (names, and their positions byNode), fetched ahead by an
// earlier request or asked of the store now (lone: the level's only
// group), and, when not nil, the steps now fetched ahead of the next
// levels.
func (x *levelWalk) stepHops(ctx context.Context, level int, g *requestGroup, names []string, byNode map[string][]state.Pos, lone bool) ([]graph.Hop, []prefetched, error) {
	if len(x.ahead) == 0 || x.ahead[0].key != g.key {
		return x.request(ctx, level, g, names, lone)
	}
	// An earlier request fetched this step already (from a superset of
	// this frontier: keep the cuts of its nodes).
	for _, t := range x.ahead[0].cuts {
		if _, ok := byNode[t.Node]; ok {
			x.recordStoreCut(t, level)
		}
	}
	return x.ahead[0].hops, x.ahead[1:], nil
}

// request asks the store for group g's step from its entities (names),
// with the steps that follow it when the group is the level's only one
// (lookAhead), and returns the step's hops and the steps fetched ahead,
// or nil when none was.
func (x *levelWalk) request(ctx context.Context, level int, g *requestGroup, names []string, lone bool) ([]graph.Hop, []prefetched, error) {
	steps := []graph.ExpandStep{{Relations: g.rels, Direction: g.dir}}
	var keys []string
	if lone {
		steps, keys = x.lookAhead(level, g.next, steps)
	}
	exp, err := x.w.g.Expand(ctx, graph.ExpandRequest{From: names, Steps: steps, Limit: x.w.opts.StoreLimit})
	x.d.Cost.StoreCalls++
	if err != nil {
		return nil, nil, fmt.Errorf("expand %d node(s) along %s: %w", len(names), strings.Join(g.rels, ","), err)
	}
	if x.types == nil {
		x.types = map[string]string{}
	}
	for _, n := range exp.Nodes {
		x.types[n.Name] = n.Type
	}
	fetched := make([]prefetched, len(keys))
	for i, k := range keys {
		fetched[i].key = k
		if i+1 < len(exp.Hops) {
			fetched[i].hops = exp.Hops[i+1]
		}
	}
	for _, t := range exp.Truncated {
		if t.Step == 0 {
			x.recordStoreCut(t, level)
		} else if t.Step-1 < len(fetched) {
			fetched[t.Step-1].cuts = append(fetched[t.Step-1].cuts, t)
		}
	}
	var hops []graph.Hop
	if len(exp.Hops) > 0 {
		hops = exp.Hops[0]
	}
	if len(fetched) == 0 {
		return hops, nil, nil
	}
	return hops, fetched, nil
}

// lookAhead appends to a lone group's steps those that follow it, as far
// as each level has one step to take (soleStep), and returns them with
// the keys of the groups that will need them: a fixed chain is one round
// trip. A closure fetches one level ahead: the store walks every node a
// step reached, visited or not, so its work grows with each level it
// goes ahead.
func (x *levelWalk) lookAhead(level, next int, steps []graph.ExpandStep) ([]graph.ExpandStep, []string) {
	most := 2
	if x.c.Fixed() {
		most = graph.MaxExpandSteps
	}
	var keys []string
	for lvl := level + 1; lvl < x.hops && len(steps) < most; lvl++ {
		r, ok := x.soleStep(next)
		if !ok {
			break
		}
		steps = append(steps, graph.ExpandStep{Relations: r.rels, Direction: r.dir})
		keys, next = append(keys, r.key), r.next
	}
	return steps, keys
}

// recordStoreCut adds the store's cut t of a node, at this level, to the
// delta's cuts and indexes it.
func (x *levelWalk) recordStoreCut(t graph.Truncation, level int) {
	if x.storeCut == nil {
		x.storeCut = map[cutKey]int{}
	}
	t.Step = level
	x.storeCut[cutKey{t.Node, t.Step}] = len(x.d.Cuts)
	x.d.Cuts = append(x.d.Cuts, t)
}

// offer is a move a position may make at a level, before its fan-out
// cut, with its hybrid score when a cut needs it.
type offer struct {
	arc   state.Arc
	score float64
}

// offer adds to perPos the moves into chain state next that a group's
// hops offer its positions (byNode), except those into entities the walk
// avoids, and returns order with the positions that got their first.
func (x *levelWalk) offer(next int, hops []graph.Hop, byNode map[string][]state.Pos, perPos map[state.Pos][]offer, order []state.Pos) []state.Pos {
	for _, h := range hops {
		if x.avoids(h.To) && (h.From != h.To || x.s.Plan.Others) {
			continue // a fact of an entity about itself is no path back
		}
		for _, p := range byNode[h.From] {
			to := state.Pos{Node: h.To, Steps: next}
			if _, ok := perPos[p]; !ok {
				order = append(order, p)
			}
			perPos[p] = append(perPos[p], offer{arc: state.Arc{From: p, Hop: h, To: to}})
		}
	}
	return order
}

// keepBest returns position p's moves, or, when there are more than
// Fanout, the Fanout best by the hybrid score, recording the cut (as a
// refinement of the store's cut of the node at this level, if any).
func (x *levelWalk) keepBest(level int, p state.Pos, cs []offer, ps *positions) []offer {
	fanout := x.w.opts.Fanout
	if len(cs) <= fanout {
		return cs
	}
	// Scored only where a cut keeps the best.
	for i := range cs {
		cs[i].score = x.w.hybrid(ps.local[p].depth+1, x.s.Plan.HopBudget, cs[i].arc.To.Node, x.goal)
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	if k, ok := x.storeCut[cutKey{p.Node, level}]; ok {
		// The store cut this node already: of its Total, the walk
		// keeps Fanout.
		x.d.Cuts[k].Kept = min(x.d.Cuts[k].Kept, fanout)
	} else {
		x.d.Cuts = append(x.d.Cuts, graph.Truncation{Node: p.Node, Step: level, Kept: fanout, Total: len(cs)})
	}
	return cs[:fanout]
}

// move makes position p's moves cs and returns next with the positions
// they reach first that can move on within the hop budget.
func (x *levelWalk) move(p state.Pos, cs []offer, next []state.Pos, ps *positions) []state.Pos {
	depth := ps.local[p].depth + 1
	for _, cd := range cs {
		x.d.Arcs = append(x.d.Arcs, cd.arc)
		to := cd.arc.To
		if _, ok := ps.lookup(to); ok {
			continue
		}
		ps.local[to] = posInfo{depth: depth}
		if CanMove(x.c, to.Steps) && depth < x.s.Plan.HopBudget {
			next = append(next, to)
		}
	}
	return next
}

// nameNodes lists the entities the moves touch in the delta's Nodes,
// with the types the store reported, sorted by name.
func (x *levelWalk) nameNodes() {
	seen := map[string]bool{}
	for _, a := range x.d.Arcs {
		for _, n := range []string{a.From.Node, a.To.Node} {
			if !seen[n] {
				seen[n] = true
				x.d.Nodes = append(x.d.Nodes, graph.Entity{Name: n, Type: x.types[n]})
			}
		}
	}
	sort.Slice(x.d.Nodes, func(i, j int) bool { return x.d.Nodes[i].Name < x.d.Nodes[j].Name })
}

// cutKey names a fan-out cut: a node at a step of the walk.
type cutKey struct {
	node string
	step int
}

// moveRequest is what a move asks of the store in one direction: the
// relations it walks that way (sorted), the chain state it leads to, and
// the key by which the walk groups and orders its requests.
type moveRequest struct {
	dir  graph.Direction
	rels []string
	next int
	key  string
}

// appendRequests appends to out the store requests of move t: one a
// direction its edges take, in the order the edges first take it.
func appendRequests(out []moveRequest, t Move) []moveRequest {
	first := len(out)
	for _, e := range t.Step.Edges {
		i := slices.IndexFunc(out[first:], func(r moveRequest) bool { return r.dir == e.Direction })
		if i < 0 {
			i = len(out) - first
			out = append(out, moveRequest{dir: e.Direction, next: t.Next})
		}
		out[first+i].rels = append(out[first+i].rels, e.Relation)
	}
	for i := first; i < len(out); i++ {
		sort.Strings(out[i].rels)
		out[i].key = fmt.Sprintf("%d|%s|%d", out[i].dir, strings.Join(out[i].rels, ","), out[i].next)
	}
	return out
}

// chainRequests returns the store requests of a position in each state of
// chain c (0 to len(c.Steps)): those of each of its moves.
func chainRequests(c state.Chain) [][]moveRequest {
	out := make([][]moveRequest, len(c.Steps)+1)
	for st := range out {
		for _, t := range Moves(c, st) {
			out[st] = appendRequests(out[st], t)
		}
	}
	return out
}

// soleStep reports the one store request a position in state st would
// make (a single move, all its edges one way), so that it can be fetched
// together with the step leading there.
func (x *levelWalk) soleStep(st int) (moveRequest, bool) {
	if len(Moves(x.c, st)) == 1 {
		if rs := x.requestsOf(st); len(rs) == 1 {
			return rs[0], true
		}
	}
	return moveRequest{}, false
}
