package walk

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/idgraph"
	"github.com/scgraph/scgraph/state"
)

// bulkStore is a store that gives its graph by entity id (memstore): a
// chain with a repeated step (a closure) is walked over it in one pass,
// with flat arrays, into the segment a state.Bulk carries.
type bulkStore interface {
	Adjacency(ctx context.Context) (idgraph.Graph, error)
}

// bulkChain reports whether chain c is walked in bulk over g: a closure
// (a repeated step) on a store that gives its graph by id, and its
// segment, if the walk has one, is the walk's own.
func (w walker) bulkChain(s *state.AgentState, c state.Chain) (bulkStore, bool) {
	bs, ok := w.g.(bulkStore)
	if !ok || c.Fixed() || len(c.Steps) >= maxSteps {
		return nil, false
	}
	if seg := s.Walk.Segment(); seg != nil {
		if _, ok := seg.(*segment); !ok {
			return nil, false
		}
	}
	return bs, true
}

// moveGroup is one store request of the level-by-level walk: the moves of
// one direction, relation set and next chain state. key is the walker's
// group key (groups are taken in its order).
type moveGroup struct {
	key  string
	dir  graph.Direction
	rels []uint16
	next uint8
}

// candidate is a move a position may make at a level, before its fan-out
// cut.
type candidate struct {
	nb   int32
	fact uint32
	dir  graph.Direction
	next uint8
}

// expandBulk is expand over a idgraph.Graph: it makes the same moves,
// in the same order, with the same store and fan-out cuts (walked level by
// level from start, the frontier of each level grouped by move and taken
// by entity name, each entity's edges in canonical order, the first
// StoreLimit of a request kept, a position's candidates over Fanout ranked
// by the hybrid score), and returns them as a state.Bulk: a segment
// holding the walk's segment and the positions reached, and the moves into
// Walk.Reached. pending are start positions not yet in the walk (the
// retriever's anchors, at depth 0), which the delta adds as Starts. With
// whole, the walk also starts from every other position of the walk that
// could move and was not expanded (after start, in the walk's order);
// started is the number of positions it started from.
func (w walker) expandBulk(ctx context.Context, bs bulkStore, s *state.AgentState, c state.Chain, start, pending []state.Pos, hops int, reentry, whole bool, ph state.Phase) (d state.Delta, moves, started int, err error) {
	// One store call: the walk reads the store's arrays (fetched with the
	// walk's first segment) as it goes.
	d.Cost.StoreCalls = 1
	g, err := segmentFor(ctx, bs, s, c, pending)
	if err != nil {
		return d, 0, 0, err
	}
	b, err := w.newBulkWalk(d, s, c, g, pending, reentry, ph)
	if err != nil {
		return d, 0, 0, err
	}
	frontier := b.startFrontier(start, whole)
	started = len(frontier)
	for level := 0; level < hops && len(frontier) > 0; level++ {
		if err := ctx.Err(); err != nil {
			return b.d, b.moves, started, err
		}
		if frontier, err = b.level(ctx, level, frontier); err != nil {
			return b.d, b.moves, started, err
		}
	}
	b.finish()
	return b.d, b.moves, started, nil
}

// segmentFor returns the segment a walk in bulk extends: a copy of the
// walk's own, or a new one over the store's arrays.
func segmentFor(ctx context.Context, bs bulkStore, s *state.AgentState, c state.Chain, pending []state.Pos) (*segment, error) {
	if prior, ok := s.Walk.Segment().(*segment); ok {
		return prior.clone(), nil
	}
	adj, err := bs.Adjacency(ctx)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", c, err)
	}
	return newSegment(adj, s, c, pending), nil
}

// bulkWalk is one call of expandBulk: the segment it extends, the walk
// it reads, and what its moves gather as it goes. Walk index i is a
// position of Walk.Reached, then of pending, below the segment's base,
// else the segment's position i-base.
type bulkWalk struct {
	w       walker
	s       *state.AgentState
	c       state.Chain
	pending []state.Pos
	g       *segment
	adj     idgraph.Graph
	budget  int
	groups  []moveGroup
	byState [][]int
	d       state.Delta // the delta the walk makes
	moves   int

	// reachedDepth holds the stored depths of Reached positions as this
	// delta's moves change them (nil until one does).
	reachedDepth map[int]int32
	// firstNew is the first segment position this delta adds; local is
	// the depth the walk uses for those (the first it reached them at);
	// the others use their stored depth as the delta began (startDepth).
	firstNew   int
	local      []int32
	startDepth []int32

	avoid idSet               // entities the walk never enters
	rank  func(int32) float64 // similarity to the goal, for fan-out cuts
	delta segDelta            // where this delta begins in the segment
	// newNodes are the entities new to the segment, as the moves touch
	// them.
	newNodes []int32
	// The entities the subgraph holds already (not the segment's) that
	// the moves touch: the delta names them with their types, as a walk
	// one request a level does.
	inSubgraph, touched idSet
	touchedIDs          []int32
	// made holds the moves a position taking several groups has made at
	// a level: it may be offered the same fact the same way twice, and
	// the second is a move, but not another way of reaching (as Apply
	// keeps one Via of each).
	made     map[arcKey]bool
	storeCut map[[2]int32]int // (entity, level) → index in d.Cuts; nil until the store cuts

	// The scratch of a level, reused. The candidates (cands) are sorted
	// by position into sorted: order lists the positions as they first
	// got one, mark is 1 + a walk index's place in order (0: none yet),
	// and offs[j]..offs[j+1] are order[j]'s candidates in sorted.
	keys    []uint64
	members []member
	cands   []flatCand
	sorted  []candidate
	order   []int
	mark    []int32
	offs    []int
	checked int // entities read, to check the context now and then
	// spare is the frontier of the level before last, whose array the
	// next frontier reuses.
	spare []int

	// What take, the store's edge callback, is reading: the positions of
	// one entity (same), how many edges of it the walk took (kept), and
	// the chain state the group's moves lead to.
	same   []member
	kept   int
	next   uint8
	takeFn func(nb int32, fact uint32, dir graph.Direction) bool
}

// member is a frontier position of a group: its entity and walk index.
type member struct {
	node int32
	i    int
}

// flatCand is a candidate of walk index i.
type flatCand struct {
	i int32
	candidate
}

// arcKey is a move as made (bulkWalk.made).
type arcKey struct {
	fact uint32
	dir  graph.Direction
	next uint8
}

// newBulkWalk starts a walk in bulk of s along c that extends segment g
// and adds its moves to delta d: the moves, one group per direction,
// relation set and next state, in the walker's key order (moveGroups),
// and the entities it avoids and finds in the subgraph already.
func (w walker) newBulkWalk(d state.Delta, s *state.AgentState, c state.Chain, g *segment, pending []state.Pos, reentry bool, ph state.Phase) (*bulkWalk, error) {
	groups, byState, err := moveGroups(g.adj, c)
	if err != nil {
		return nil, err
	}
	adj := g.adj
	b := &bulkWalk{
		w: w, s: s, c: c, pending: pending, d: d,
		g: g, adj: adj, budget: s.Plan.HopBudget,
		groups: groups, byState: byState,
		firstNew:   len(g.pos),
		startDepth: make([]int32, g.base+len(g.pos)),
		avoid:      newIDSet(adj.Entities()),
		delta:      segDelta{pos: len(g.pos), arc: len(g.arcs), node: len(g.nodeOrder), iteration: s.Iteration, phase: ph},
		inSubgraph: newIDSet(adj.Entities()),
		touched:    newIDSet(adj.Entities()),
	}
	if !reentry {
		for _, a := range s.Plan.Anchors {
			if id, ok := adj.Lookup(a.Entity); ok {
				b.avoid.add(id)
			}
		}
	}
	b.d.Bulk = &state.Bulk{}
	for _, nd := range s.Subgraph.Nodes {
		if id, ok := adj.Lookup(nd.Name); ok {
			b.inSubgraph.add(id)
		}
	}
	b.takeFn = b.take
	return b, nil
}

// depthOf is the stored depth of walk index i, as this delta's moves
// change it.
func (b *bulkWalk) depthOf(i int) int32 {
	if i >= b.g.base {
		return b.g.pos[i-b.g.base].depth
	}
	if dd, ok := b.reachedDepth[i]; ok {
		return dd
	}
	if i < len(b.s.Walk.Reached) {
		return int32(b.s.Walk.Reached[i].Depth)
	}
	return 0 // a pending start
}

// isAnchor reports whether walk index i is an anchor of the walk.
func (b *bulkWalk) isAnchor(i int) bool {
	if i < len(b.s.Walk.Reached) {
		return b.s.Walk.Reached[i].Anchor
	}
	return i < b.g.base // a pending start is an anchor
}

// expandedAt reports whether walk index i was expanded.
func (b *bulkWalk) expandedAt(i int) bool {
	if i >= b.g.base {
		return b.g.pos[i-b.g.base].expanded
	}
	return i < len(b.s.Walk.Reached) && b.s.Walk.Reached[i].Expanded
}

// stateOf is the chain state of walk index i.
func (b *bulkWalk) stateOf(i int) uint8 {
	if i >= b.g.base {
		return b.g.pos[i-b.g.base].steps
	}
	if i < len(b.s.Walk.Reached) {
		return uint8(b.s.Walk.Reached[i].Steps)
	}
	return uint8(b.pending[i-len(b.s.Walk.Reached)].Steps)
}

// walkDepth is the depth the walk uses for walk index i: for a position
// this delta reached, the first it reached it at; for the others, their
// stored depth as the delta began.
func (b *bulkWalk) walkDepth(i int) int32 {
	if k := i - b.g.base; k >= b.firstNew {
		return b.local[k-b.firstNew]
	}
	return b.startDepth[i]
}

// lowerDepth lowers the stored depth of walk index i to depth, if that is
// shallower (an anchor's stays 0).
func (b *bulkWalk) lowerDepth(i int, depth int32) {
	if i >= b.g.base {
		p := &b.g.pos[i-b.g.base]
		p.depth = min(p.depth, depth)
	} else if !b.isAnchor(i) {
		if b.reachedDepth == nil {
			b.reachedDepth = map[int]int32{}
		}
		b.reachedDepth[i] = min(b.depthOf(i), depth)
	}
}

// addNode adds entity id to the segment's nodes if it is new to it; a
// start no move had touched is typed once one does.
func (b *bulkWalk) addNode(id int32) {
	if b.g.nodeSet.add(id) {
		b.newNodes = append(b.newNodes, id)
	} else if b.g.untyped[id] {
		delete(b.g.untyped, id)
	}
}

// touch notes that a move touched entity id, if the subgraph holds it
// already.
func (b *bulkWalk) touch(id int32) {
	if id >= 0 && b.inSubgraph.has(id) && b.touched.add(id) {
		b.touchedIDs = append(b.touchedIDs, id)
	}
}

// walkIndex is the walk index of start position p: in the walk, else
// among the pending starts; -1 for neither.
func (b *bulkWalk) walkIndex(p state.Pos) int {
	i := b.s.Walk.Lookup(p)
	if i < 0 {
		if j := slices.Index(b.pending, p); j >= 0 {
			i = len(b.s.Walk.Reached) + j
		}
	}
	return i
}

// startFrontier returns the walk indexes the walk starts from: those of
// start, then, with whole, every other position of the walk, in its
// order, that could move and was not expanded.
func (b *bulkWalk) startFrontier(start []state.Pos, whole bool) []int {
	var frontier []int
	seen := make([]bool, len(b.startDepth))
	for _, p := range start {
		if i := b.walkIndex(p); i >= 0 {
			frontier = b.startFrom(frontier, seen, i, p.Steps)
		}
	}
	if whole {
		for i := range len(seen) {
			frontier = b.startFrom(frontier, seen, i, int(b.stateOf(i)))
		}
	}
	return frontier
}

// startFrom appends walk index i, in chain state st, to the frontier
// unless it is there already (seen), was expanded, cannot move or is at
// the hop budget.
func (b *bulkWalk) startFrom(frontier []int, seen []bool, i, st int) []int {
	if seen[i] || b.expandedAt(i) || !CanMove(b.c, st) || int(b.depthOf(i)) >= b.budget {
		return frontier
	}
	seen[i] = true
	b.startDepth[i] = b.depthOf(i)
	return append(frontier, i)
}

// level expands the frontier one level: it gathers each position's
// candidates, cuts those over Fanout, makes the moves and returns the
// positions to expand next.
func (b *bulkWalk) level(ctx context.Context, level int, frontier []int) ([]int, error) {
	if err := b.gather(ctx, level, frontier); err != nil {
		return nil, err
	}
	b.byPosition()
	b.markExpanded(frontier)
	next := b.spare[:0]
	for j, i := range b.order {
		from := b.g.nodeAt(i)
		cs := b.keepBest(level, i, from, b.sorted[b.offs[j]:b.offs[j+1]])
		next = b.moveFrom(i, from, cs, next)
	}
	b.spare = frontier
	return next, nil
}

// gather collects each frontier position's candidates, group by group in
// key order, each group's entities in name order; order lists the
// positions as they first got one.
func (b *bulkWalk) gather(ctx context.Context, level int, frontier []int) error {
	b.cands, b.order = b.cands[:0], b.order[:0]
	if n := b.g.base + len(b.g.pos); len(b.mark) < n {
		b.mark = append(b.mark, make([]int32, n-len(b.mark))...)
	}
	for gi, grp := range b.groups {
		members := b.membersOf(gi, frontier)
		if len(members) == 0 {
			continue
		}
		if err := b.readGroup(ctx, level, grp, members); err != nil {
			return err
		}
	}
	return nil
}

// membersOf returns the frontier's positions that take group gi, by
// entity (name order), each entity's in frontier order.
func (b *bulkWalk) membersOf(gi int, frontier []int) []member {
	b.keys = b.keys[:0]
	for f, i := range frontier {
		if id := b.g.nodeAt(i); id >= 0 && slices.Contains(b.byState[b.stateOf(i)], gi) {
			b.keys = append(b.keys, uint64(id)<<32|uint64(f))
		}
	}
	b.members = b.members[:0]
	if len(b.keys) == 0 {
		return b.members
	}
	slices.Sort(b.keys)
	for _, k := range b.keys {
		b.members = append(b.members, member{int32(k >> 32), frontier[uint32(k)]})
	}
	return b.members
}

// readGroup reads group grp's edges of its members' entities, one entity
// at a time, checking the context now and then.
func (b *bulkWalk) readGroup(ctx context.Context, level int, grp moveGroup, members []member) error {
	b.same, b.kept, b.next = nil, 0, grp.next
	for m := 0; m < len(members); {
		id := members[m].node
		end := m + 1
		for end < len(members) && members[end].node == id {
			end++
		}
		b.readEntity(level, grp, id, members[m:end])
		m = end
		if b.checked++; b.checked&0x3fff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// readEntity offers the positions of entity id (same) the first
// StoreLimit of group grp's edges of it, and records the store's cut
// when it has more.
func (b *bulkWalk) readEntity(level int, grp moveGroup, id int32, same []member) {
	b.same, b.kept = same, 0
	if b.adj.Edges(id, grp.rels, grp.dir, b.takeFn) {
		return
	}
	if total := b.adj.Count(id, grp.rels, grp.dir); total > b.kept {
		if b.storeCut == nil {
			b.storeCut = map[[2]int32]int{}
		}
		b.storeCut[[2]int32{id, int32(level)}] = len(b.d.Cuts)
		b.d.Cuts = append(b.d.Cuts, graph.Truncation{Node: b.adj.Name(id), Step: level, Kept: b.kept, Total: total})
	}
}

// take is the store's edge callback: it makes the edge to nb along fact
// a candidate of each position being read, unless nb is avoided, and
// reports whether the store may go on (StoreLimit edges at the most).
func (b *bulkWalk) take(nb int32, fact uint32, dir graph.Direction) bool {
	if b.kept == b.w.opts.StoreLimit {
		return false
	}
	b.kept++
	if b.avoid.has(nb) && !b.selfLoop(nb) {
		return true
	}
	for _, mb := range b.same {
		if b.mark[mb.i] == 0 {
			b.order = append(b.order, mb.i)
			b.mark[mb.i] = int32(len(b.order))
		}
		b.cands = append(b.cands, flatCand{int32(mb.i), candidate{nb: nb, fact: fact, dir: dir, next: b.next}})
	}
	return true
}

// selfLoop reports whether an edge to nb leaves the entity take is
// reading: a fact of an entity about itself ("cinder -deliverable->
// cinder") is no path back through it, and the walk takes it, unless the
// question asks for others than its entities (state.Plan.Others).
func (b *bulkWalk) selfLoop(nb int32) bool {
	return !b.s.Plan.Others && len(b.same) > 0 && b.same[0].node == nb
}

// byPosition sorts the candidates by position, in order, each position's
// in the order found (a counting sort), and clears mark.
func (b *bulkWalk) byPosition() {
	n := len(b.order)
	b.offs = append(b.offs[:0], make([]int, n+1)...)
	for _, fc := range b.cands {
		b.offs[b.mark[fc.i]]++
	}
	for j := 1; j <= n; j++ {
		b.offs[j] += b.offs[j-1]
	}
	if cap(b.sorted) < len(b.cands) {
		b.sorted = make([]candidate, len(b.cands))
	}
	b.sorted = b.sorted[:len(b.cands)]
	for _, fc := range b.cands {
		j := b.mark[fc.i] - 1
		b.sorted[b.offs[j]] = fc.candidate
		b.offs[j]++
	}
	for j := n; j > 0; j-- {
		b.offs[j] = b.offs[j-1]
	}
	b.offs[0] = 0
	for _, i := range b.order {
		b.mark[i] = 0
	}
}

// markExpanded marks the frontier's positions expanded: the segment's in
// place, the others in the delta's Expanded.
func (b *bulkWalk) markExpanded(frontier []int) {
	reached := len(b.s.Walk.Reached)
	for _, i := range frontier {
		switch {
		case i >= b.g.base:
			if p := &b.g.pos[i-b.g.base]; !p.expanded {
				p.expanded = true
				b.d.Bulk.Expanded++
			}
		case i < reached:
			b.d.Expanded = append(b.d.Expanded, b.s.Walk.Reached[i].Pos)
		default:
			b.d.Expanded = append(b.d.Expanded, b.pending[i-reached])
		}
	}
}

// keepBest returns the candidates cs of walk index i (entity from), or,
// when there are more than Fanout, the Fanout best by the hybrid score,
// recording the cut (as a refinement of the store's cut of the entity at
// this level, if any).
func (b *bulkWalk) keepBest(level, i int, from int32, cs []candidate) []candidate {
	fanout := b.w.opts.Fanout
	if len(cs) <= fanout {
		return cs
	}
	if b.rank == nil {
		b.rank = b.adj.Similarity(goalKey(b.s))
	}
	dep := int(b.walkDepth(i)) + 1
	scores := make([]float64, len(cs))
	for x, cd := range cs {
		scores[x] = HybridSim(b.w.opts.Alpha, dep, b.budget, b.rank(cd.nb))
	}
	perm := make([]int, len(cs))
	for x := range perm {
		perm[x] = x
	}
	sort.SliceStable(perm, func(x, y int) bool { return scores[perm[x]] > scores[perm[y]] })
	if k, ok := b.storeCut[[2]int32{from, int32(level)}]; ok {
		b.d.Cuts[k].Kept = min(b.d.Cuts[k].Kept, fanout)
	} else {
		b.d.Cuts = append(b.d.Cuts, graph.Truncation{Node: b.adj.Name(from), Step: level, Kept: fanout, Total: len(cs)})
	}
	top := make([]candidate, fanout)
	for x := range top {
		top[x] = cs[perm[x]]
	}
	return top
}

// moveFrom makes the moves cs of walk index i (entity from) and returns
// next with the positions they reach first that can move on within the
// hop budget.
func (b *bulkWalk) moveFrom(i int, from int32, cs []candidate, next []int) []int {
	ld := b.walkDepth(i) + 1
	several := len(b.byState[b.stateOf(i)]) > 1
	if several {
		clear(b.made)
		if b.made == nil {
			b.made = map[arcKey]bool{}
		}
	}
	for _, cd := range cs {
		b.moves++
		b.touch(from)
		b.touch(cd.nb)
		b.addNode(from)
		b.addNode(cd.nb)
		depth := b.depthOf(i) + 1
		if several && b.madeBefore(cd) {
			// A move, but not another way of reaching.
			if idx, ok := b.g.index.get(cd.nb, cd.next); ok {
				b.lowerDepth(int(idx), depth)
			}
			continue
		}
		next = b.moveInto(i, from, cd, depth, ld, next)
	}
	return next
}

// madeBefore reports whether the position being moved from made move cd
// at this level already, and notes it made.
func (b *bulkWalk) madeBefore(cd candidate) bool {
	k := arcKey{cd.fact, cd.dir, cd.next}
	if b.made[k] {
		return true
	}
	b.made[k] = true
	return false
}

// moveInto makes move cd from walk index i (entity from), at stored
// depth depth and walk depth ld: into a new position of the segment
// (appended to next if it can move on within the hop budget), into one of
// the segment's, or into one of Walk.Reached (a move of Bulk.Into).
func (b *bulkWalk) moveInto(i int, from int32, cd candidate, depth, ld int32, next []int) []int {
	g := b.g
	idx, ok := g.index.get(cd.nb, cd.next)
	switch {
	case !ok:
		k := len(g.pos)
		g.pos = append(g.pos, segPos{node: cd.nb, steps: cd.next, depth: depth})
		b.local = append(b.local, ld)
		g.index.put(cd.nb, cd.next, int32(g.base+k))
		g.addArc(k, i, cd)
		if CanMove(b.c, int(cd.next)) && int(ld) < b.budget {
			next = append(next, g.base+k)
		}
	case int(idx) >= g.base:
		g.addArc(int(idx)-g.base, i, cd)
		b.lowerDepth(int(idx), depth)
	default:
		b.d.Bulk.Into = append(b.d.Bulk.Into, state.Into{From: i, To: int(idx), Hop: b.adj.Hop(from, cd.nb, cd.fact, cd.dir), Depth: int(depth), Arc: len(g.arcs)})
		b.lowerDepth(int(idx), depth)
	}
	return next
}

// finish adds the delta's new entities to the segment in name order, then
// the anchors it starts from that it did not touch (as Apply adds a
// delta's nodes, then its starts), names the subgraph's entities the
// moves touched in the delta's Nodes, and closes the segment's delta.
func (b *bulkWalk) finish() {
	g := b.g
	slices.Sort(b.newNodes)
	for _, p := range b.pending {
		if id, ok := b.adj.Lookup(p.Node); ok && g.nodeSet.add(id) {
			b.newNodes = append(b.newNodes, id)
			// Known only as a start, not from the store: no type yet.
			if g.untyped == nil {
				g.untyped = map[int32]bool{}
			}
			g.untyped[id] = true
		}
	}
	g.nodeOrder = append(g.nodeOrder, b.newNodes...)
	slices.Sort(b.touchedIDs)
	for _, id := range b.touchedIDs {
		b.d.Nodes = append(b.d.Nodes, graph.Entity{Name: b.adj.Name(id), Type: b.adj.Type(id)})
	}
	g.deltas = append(g.deltas, b.delta)
	b.d.Bulk.Segment = g
}

// newSegment starts a segment for the walk of s: the positions of
// Walk.Reached, then the pending starts, are indexed as they are.
func newSegment(adj idgraph.Graph, s *state.AgentState, c state.Chain, pending []state.Pos) *segment {
	g := &segment{adj: adj, index: newPosIndex(adj.Entities(), len(c.Steps)+1), nodeSet: newIDSet(adj.Entities())}
	n := len(s.Walk.Reached)
	g.reachedNode = make([]int32, 0, n+len(pending))
	add := func(i int, p state.Pos) {
		id, ok := adj.Lookup(p.Node)
		if !ok {
			id = -1
		}
		g.reachedNode = append(g.reachedNode, id)
		if ok && p.Steps >= 0 && p.Steps <= maxSteps {
			g.index.put(id, uint8(p.Steps), int32(i))
		}
	}
	for i, r := range s.Walk.Reached {
		add(i, r.Pos)
	}
	for j, p := range pending {
		add(n+j, p)
	}
	g.base = len(g.reachedNode)
	// The subgraph's nodes are not new to it: the segment's NodeCount is
	// of the nodes it adds.
	for _, nd := range s.Subgraph.Nodes {
		if id, ok := adj.Lookup(nd.Name); ok {
			g.nodeSet.add(id)
		}
	}
	return g
}

// addArc records a move from walk index from into position k.
func (g *segment) addArc(k, from int, cd candidate) {
	g.arcs = append(g.arcs, segArc{from: int32(from), to: int32(k), fact: cd.fact, dir: cd.dir})
	g.pos[k].support++
}

// moveGroups returns the store requests the walker makes for chain c, in
// its order (by group key), and for each chain state the groups its
// positions take.
func moveGroups(adj idgraph.Graph, c state.Chain) ([]moveGroup, [][]int, error) {
	var groups []moveGroup
	known := map[string]bool{}
	type use struct {
		st  int
		key string
	}
	var uses []use
	for st, reqs := range chainRequests(c) {
		for _, r := range reqs {
			if !known[r.key] {
				ids, err := adj.Relations(r.rels)
				if err != nil {
					return nil, nil, fmt.Errorf("walk %s: %w", c, err)
				}
				known[r.key] = true
				groups = append(groups, moveGroup{key: r.key, dir: r.dir, rels: ids, next: uint8(r.next)})
			}
			uses = append(uses, use{st, r.key})
		}
	}
	slices.SortFunc(groups, func(a, b moveGroup) int { return strings.Compare(a.key, b.key) })
	pos := map[string]int{}
	for i, g := range groups {
		pos[g.key] = i
	}
	byState := make([][]int, len(c.Steps)+1)
	for _, u := range uses {
		if !slices.Contains(byState[u.st], pos[u.key]) {
			byState[u.st] = append(byState[u.st], pos[u.key])
		}
	}
	return groups, byState, nil
}
