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
	var g *segment
	if prior, ok := s.Walk.Segment().(*segment); ok {
		g = prior.clone()
	} else {
		adj, err := bs.Adjacency(ctx)
		if err != nil {
			return d, 0, 0, fmt.Errorf("walk %s: %w", c, err)
		}
		g = newSegment(adj, s, c, pending)
	}
	adj := g.adj
	budget := s.Plan.HopBudget

	// The moves, one group per direction, relation set and next state, in
	// the walker's key order; byState lists the groups a position in each
	// state takes.
	groups, byState, err := moveGroups(adj, c)
	if err != nil {
		return d, 0, 0, err
	}

	// Stored depths of Reached positions as this delta's moves change them.
	reachedDepth := map[int]int32{}
	depthOf := func(i int) int32 {
		if i >= g.base {
			return g.pos[i-g.base].depth
		}
		if dd, ok := reachedDepth[i]; ok {
			return dd
		}
		if i < len(s.Walk.Reached) {
			return int32(s.Walk.Reached[i].Depth)
		}
		return 0 // a pending start
	}
	isAnchor := func(i int) bool {
		if i < len(s.Walk.Reached) {
			return s.Walk.Reached[i].Anchor
		}
		return i < g.base // a pending start is an anchor
	}
	expandedAt := func(i int) bool {
		if i >= g.base {
			return g.pos[i-g.base].expanded
		}
		return i < len(s.Walk.Reached) && s.Walk.Reached[i].Expanded
	}
	// local is the depth the walk uses for positions it reached in this
	// delta (the first it reached them at); others use their stored
	// depth as the delta began.
	firstNew := len(g.pos)
	var local []int32
	startDepth := make([]int32, g.base+firstNew) // walk depths of starts, as the delta began
	walkDepth := func(i int) int32 {
		if k := i - g.base; k >= firstNew {
			return local[k-firstNew]
		}
		return startDepth[i]
	}

	avoid := newIDSet(adj.Entities())
	if !reentry {
		for _, a := range s.Plan.Anchors {
			if id, ok := adj.Lookup(a.Entity); ok {
				avoid.add(id)
			}
		}
	}
	var rank func(int32) float64 // similarity to the goal, for fan-out cuts
	d.Bulk = &state.Bulk{}
	delta := segDelta{pos: len(g.pos), arc: len(g.arcs), node: len(g.nodeOrder), iteration: s.Iteration, phase: ph}
	var newNodes []int32
	addNode := func(id int32) {
		if g.nodeSet.add(id) {
			newNodes = append(newNodes, id)
		} else if g.untyped[id] {
			// A start no move had touched is typed once one does.
			delete(g.untyped, id)
		}
	}
	// The entities the subgraph holds already (not the segment's) that
	// the moves touch: the delta names them with their types, as a walk
	// one request a level does.
	inSubgraph, touched := newIDSet(adj.Entities()), newIDSet(adj.Entities())
	for _, nd := range s.Subgraph.Nodes {
		if id, ok := adj.Lookup(nd.Name); ok {
			inSubgraph.add(id)
		}
	}
	var touchedIDs []int32
	touch := func(id int32) {
		if id >= 0 && inSubgraph.has(id) && touched.add(id) {
			touchedIDs = append(touchedIDs, id)
		}
	}
	// A position taking several groups may be offered the same fact the
	// same way twice: the second is a move, but not another way of
	// reaching (as Apply keeps one Via of each).
	type arcKey struct {
		fact uint32
		dir  graph.Direction
		next uint8
	}
	var made map[arcKey]bool

	var frontier []int
	seen := make([]bool, g.base+firstNew)
	for _, p := range start {
		i := s.Walk.Lookup(p)
		if i < 0 {
			if j := slices.Index(pending, p); j >= 0 {
				i = len(s.Walk.Reached) + j
			}
		}
		if i < 0 || seen[i] {
			continue
		}
		if expandedAt(i) || !CanMove(c, p.Steps) || int(depthOf(i)) >= budget {
			continue
		}
		seen[i] = true
		startDepth[i] = depthOf(i)
		frontier = append(frontier, i)
	}

	stateOf := func(i int) uint8 {
		if i >= g.base {
			return g.pos[i-g.base].steps
		}
		if i < len(s.Walk.Reached) {
			return uint8(s.Walk.Reached[i].Steps)
		}
		return uint8(pending[i-len(s.Walk.Reached)].Steps)
	}
	if whole {
		for i := range g.base + len(g.pos) {
			if seen[i] || expandedAt(i) || !CanMove(c, int(stateOf(i))) || int(depthOf(i)) >= budget {
				continue
			}
			seen[i] = true
			startDepth[i] = depthOf(i)
			frontier = append(frontier, i)
		}
	}
	started = len(frontier)

	type member struct {
		node int32
		i    int
	}
	var keys []uint64
	type flatCand struct {
		i int32
		candidate
	}
	storeCut := map[[2]int32]int{} // (entity, level) → index in d.Cuts
	var (
		members []member
		cands   []flatCand
		sorted  []candidate
		order   []int
		mark    []int32 // walk index → 1 + its place in order, this level
		offs    []int
		checked int
	)
	for level := 0; level < hops && len(frontier) > 0; level++ {
		if err := ctx.Err(); err != nil {
			return d, moves, started, err
		}
		// Each position's candidates, gathered group by group in key
		// order; order lists the positions as they first got one.
		cands, order = cands[:0], order[:0]
		if n := g.base + len(g.pos); len(mark) < n {
			mark = append(mark, make([]int32, n-len(mark))...)
		}
		for gi, grp := range groups {
			members = members[:0]
			// The group's positions by entity (name order), each
			// entity's in frontier order.
			keys = keys[:0]
			for f, i := range frontier {
				if id := g.nodeAt(i); id >= 0 && slices.Contains(byState[stateOf(i)], gi) {
					keys = append(keys, uint64(id)<<32|uint64(f))
				}
			}
			if len(keys) == 0 {
				continue
			}
			slices.Sort(keys)
			members = members[:0]
			for _, k := range keys {
				members = append(members, member{int32(k >> 32), frontier[uint32(k)]})
			}
			// One callback for the group's edges, over the positions of
			// the entity being read (same).
			var same []member
			kept := 0
			next := grp.next
			take := func(nb int32, fact uint32, dir graph.Direction) bool {
				if kept == w.opts.StoreLimit {
					return false
				}
				kept++
				if avoid.has(nb) {
					return true
				}
				for _, mb := range same {
					if mark[mb.i] == 0 {
						order = append(order, mb.i)
						mark[mb.i] = int32(len(order))
					}
					cands = append(cands, flatCand{int32(mb.i), candidate{nb: nb, fact: fact, dir: dir, next: next}})
				}
				return true
			}
			for m := 0; m < len(members); {
				id := members[m].node
				end := m + 1
				for end < len(members) && members[end].node == id {
					end++
				}
				same, kept = members[m:end], 0
				full := adj.Edges(id, grp.rels, grp.dir, take)
				if !full {
					if total := adj.Count(id, grp.rels, grp.dir); total > kept {
						storeCut[[2]int32{id, int32(level)}] = len(d.Cuts)
						d.Cuts = append(d.Cuts, graph.Truncation{Node: adj.Name(id), Step: level, Kept: kept, Total: total})
					}
				}
				m = end
				if checked++; checked&0x3fff == 0 && ctx.Err() != nil {
					return d, moves, started, ctx.Err()
				}
			}
		}
		// The candidates by position, in order, each position's in the
		// order found (a counting sort).
		offs = append(offs[:0], make([]int, len(order)+1)...)
		for _, fc := range cands {
			offs[mark[fc.i]]++
		}
		for j := 1; j <= len(order); j++ {
			offs[j] += offs[j-1]
		}
		if cap(sorted) < len(cands) {
			sorted = make([]candidate, len(cands))
		}
		sorted = sorted[:len(cands)]
		for _, fc := range cands {
			j := mark[fc.i] - 1
			sorted[offs[j]] = fc.candidate
			offs[j]++
		}
		for j := len(order); j > 0; j-- {
			offs[j] = offs[j-1]
		}
		offs[0] = 0
		for _, i := range order {
			mark[i] = 0
		}

		for _, i := range frontier {
			switch {
			case i >= g.base:
				if p := &g.pos[i-g.base]; !p.expanded {
					p.expanded = true
					d.Bulk.Expanded++
				}
			case i < len(s.Walk.Reached):
				d.Expanded = append(d.Expanded, s.Walk.Reached[i].Pos)
			default:
				d.Expanded = append(d.Expanded, pending[i-len(s.Walk.Reached)])
			}
		}
		var next []int
		for j, i := range order {
			cs := sorted[offs[j]:offs[j+1]]
			from := g.nodeAt(i)
			if len(cs) > w.opts.Fanout {
				if rank == nil {
					rank = adj.Similarity(goalKey(s))
				}
				dep := int(walkDepth(i)) + 1
				scores := make([]float64, len(cs))
				for x, cd := range cs {
					scores[x] = HybridSim(w.opts.Alpha, dep, budget, rank(cd.nb))
				}
				perm := make([]int, len(cs))
				for x := range perm {
					perm[x] = x
				}
				sort.SliceStable(perm, func(a, b int) bool { return scores[perm[a]] > scores[perm[b]] })
				if k, ok := storeCut[[2]int32{from, int32(level)}]; ok {
					d.Cuts[k].Kept = min(d.Cuts[k].Kept, w.opts.Fanout)
				} else {
					d.Cuts = append(d.Cuts, graph.Truncation{Node: adj.Name(from), Step: level, Kept: w.opts.Fanout, Total: len(cs)})
				}
				top := make([]candidate, w.opts.Fanout)
				for x := range top {
					top[x] = cs[perm[x]]
				}
				cs = top
			}
			ld := walkDepth(i) + 1
			several := len(byState[stateOf(i)]) > 1
			if several {
				clear(made)
				if made == nil {
					made = map[arcKey]bool{}
				}
			}
			for _, cd := range cs {
				moves++
				touch(from)
				touch(cd.nb)
				addNode(from)
				addNode(cd.nb)
				depth := depthOf(i) + 1
				if several {
					k := arcKey{cd.fact, cd.dir, cd.next}
					if made[k] {
						if idx, ok := g.index.get(cd.nb, cd.next); ok && int(idx) >= g.base {
							p := &g.pos[int(idx)-g.base]
							p.depth = min(p.depth, depth)
						} else if ok && !isAnchor(int(idx)) {
							reachedDepth[int(idx)] = min(depthOf(int(idx)), depth)
						}
						continue
					}
					made[k] = true
				}
				idx, ok := g.index.get(cd.nb, cd.next)
				switch {
				case !ok:
					k := len(g.pos)
					g.pos = append(g.pos, segPos{node: cd.nb, steps: cd.next, depth: depth})
					local = append(local, ld)
					g.index.put(cd.nb, cd.next, int32(g.base+k))
					g.addArc(k, i, cd)
					if CanMove(c, int(cd.next)) && int(ld) < budget {
						next = append(next, g.base+k)
					}
				case int(idx) >= g.base:
					k := int(idx) - g.base
					g.addArc(k, i, cd)
					g.pos[k].depth = min(g.pos[k].depth, depth)
				default:
					to := int(idx)
					d.Bulk.Into = append(d.Bulk.Into, state.Into{From: i, To: to, Hop: adj.Hop(from, cd.nb, cd.fact, cd.dir), Depth: int(depth), Arc: len(g.arcs)})
					if !isAnchor(to) {
						reachedDepth[to] = min(depthOf(to), depth)
					}
				}
			}
		}
		frontier = next
	}
	// The delta's new entities in name order, then the anchors it starts
	// from that it did not touch (as Apply adds a delta's nodes, then its
	// starts).
	slices.Sort(newNodes)
	for _, p := range pending {
		if id, ok := adj.Lookup(p.Node); ok && g.nodeSet.add(id) {
			newNodes = append(newNodes, id)
			// Known only as a start, not from the store: no type yet.
			if g.untyped == nil {
				g.untyped = map[int32]bool{}
			}
			g.untyped[id] = true
		}
	}
	g.nodeOrder = append(g.nodeOrder, newNodes...)
	slices.Sort(touchedIDs)
	for _, id := range touchedIDs {
		d.Nodes = append(d.Nodes, graph.Entity{Name: adj.Name(id), Type: adj.Type(id)})
	}
	g.deltas = append(g.deltas, delta)
	d.Bulk.Segment = g
	return d, moves, started, nil
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
	idx := map[string]int{}
	type pending struct {
		st  int
		key string
	}
	var uses []pending
	for st := 0; st <= len(c.Steps); st++ {
		for _, t := range Moves(c, st) {
			byDir := map[graph.Direction][]string{}
			for _, e := range t.Step.Edges {
				byDir[e.Direction] = append(byDir[e.Direction], e.Relation)
			}
			for dir, rels := range byDir {
				sort.Strings(rels)
				k := fmt.Sprintf("%d|%s|%d", dir, strings.Join(rels, ","), t.Next)
				if _, ok := idx[k]; !ok {
					ids, err := adj.Relations(rels)
					if err != nil {
						return nil, nil, fmt.Errorf("walk %s: %w", c, err)
					}
					idx[k] = len(groups)
					groups = append(groups, moveGroup{key: k, dir: dir, rels: ids, next: uint8(t.Next)})
				}
				uses = append(uses, pending{st, k})
			}
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
