package walk

import (
	"iter"
	"maps"
	"slices"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/idgraph"
	"github.com/scgraph/scgraph/state"
)

// segment is what a state.Bulk carries (its Segment): the positions a walk in bulk
// reached, in flat arrays indexed by position (k), with entity ids of the
// store's idgraph.Graph, and the arcs (the ways positions were reached)
// in the order they were made, so that a position's support is a count
// and its evidence paths are rebuilt only when asked for. Walk index i is
// a position of Walk.Reached below base, else the segment's position
// i-base.
type segment struct {
	adj  idgraph.Graph
	base int
	// reachedNode is the entity id of each position of Walk.Reached (-1
	// when the store has none of that name).
	reachedNode []int32

	pos  []segPos
	arcs []segArc
	// byTo lists each position's arcs, in order (built when first asked:
	// arcOff[k]..arcOff[k+1] index arcIdx).
	byToOnce sync.Once
	arcOff   []int32
	arcIdx   []int32

	// index finds a position, of Walk.Reached or of the segment, by entity
	// and chain state.
	index posIndex

	// Entities new to the subgraph, in the order they were retrieved
	// (each delta's sorted by name), and which are.
	nodeOrder []int32
	nodeSet   idSet
	// untyped are the nodes the subgraph holds without a type: starts no
	// move has touched yet.
	untyped map[int32]bool
	// deltas records where each delta's positions, arcs and nodes begin,
	// with the iteration and phase that made them (provenance).
	deltas []segDelta

	simMu  sync.Mutex
	simFor map[string]func(int32) float64
}

// segPos is a position of a segment.
type segPos struct {
	node     int32
	depth    int32
	support  int32
	steps    uint8
	expanded bool
}

// segArc is a way a position was reached: from walk index from along
// fact, walked in direction dir, into segment position to.
type segArc struct {
	from, to int32
	fact     uint32
	dir      graph.Direction
}

type segDelta struct {
	pos, arc, node int
	iteration      int
	phase          state.Phase
}

// clone returns a copy that a new delta may extend.
func (g *segment) clone() *segment {
	return &segment{
		adj: g.adj, base: g.base, reachedNode: g.reachedNode,
		pos: slices.Clone(g.pos), arcs: slices.Clone(g.arcs),
		index: g.index.clone(), nodeOrder: slices.Clone(g.nodeOrder), nodeSet: slices.Clone(g.nodeSet), untyped: maps.Clone(g.untyped),
		deltas: slices.Clone(g.deltas),
	}
}

func (g *segment) Base() int { return g.base }

func (g *segment) Len() int { return len(g.pos) }

func (g *segment) Reach(k int) state.Reach {
	p := &g.pos[k]
	return state.Reach{
		Pos:      state.Pos{Node: g.adj.Name(p.node), Steps: int(p.steps)},
		Depth:    int(p.depth),
		Expanded: p.expanded,
	}
}

func (g *segment) Steps(k int) int { return int(g.pos[k].steps) }

func (g *segment) Depth(k int) int { return int(g.pos[k].depth) }

func (g *segment) Lookup(p state.Pos) (int, bool) {
	id, ok := g.adj.Lookup(p.Node)
	if !ok || p.Steps < 0 || p.Steps > maxSteps {
		return 0, false
	}
	i, ok := g.index.get(id, uint8(p.Steps))
	if !ok || int(i) < g.base {
		return 0, false
	}
	return int(i) - g.base, true
}

func (g *segment) Type(k int) string { return g.adj.Type(g.pos[k].node) }

func (g *segment) Support(k int) int { return int(g.pos[k].support) }

// nodeAt is the entity id of walk index i.
func (g *segment) nodeAt(i int) int32 {
	if i < g.base {
		return g.reachedNode[i]
	}
	return g.pos[i-g.base].node
}

// byTo indexes the arcs by the position they reach, each position's in
// the order made (a counting sort, once).
func (g *segment) byTo() {
	g.byToOnce.Do(func() {
		off := make([]int32, len(g.pos)+1)
		for _, a := range g.arcs {
			off[a.to+1]++
		}
		for k := range g.pos {
			off[k+1] += off[k]
		}
		idx := make([]int32, len(g.arcs))
		next := slices.Clone(off[:len(g.pos)])
		for a, arc := range g.arcs {
			idx[next[arc.to]] = int32(a)
			next[arc.to]++
		}
		g.arcOff, g.arcIdx = off, idx
	})
}

func (g *segment) Arcs(k int, fn func(from, arc int) bool) {
	g.byTo()
	for _, a := range g.arcIdx[g.arcOff[k]:g.arcOff[k+1]] {
		if !fn(int(g.arcs[a].from), int(a)) {
			return
		}
	}
}

func (g *segment) Hop(a int) graph.Hop {
	arc := g.arcs[a]
	return g.adj.Hop(g.nodeAt(int(arc.from)), g.pos[arc.to].node, arc.fact, arc.dir)
}

func (g *segment) HasNode(name string) bool {
	id, ok := g.adj.Lookup(name)
	return ok && g.nodeSet.has(id)
}

func (g *segment) NodeType(name string) (string, bool) {
	id, ok := g.adj.Lookup(name)
	if !ok || !g.nodeSet.has(id) {
		return "", false
	}
	return g.nodeType(id), true
}

func (g *segment) NodeCount() int { return len(g.nodeOrder) }

// nodeType is the type the subgraph gives an entity of the segment.
func (g *segment) nodeType(id int32) string {
	if g.untyped[id] {
		return ""
	}
	return g.adj.Type(id)
}

func (g *segment) Nodes() iter.Seq[state.Node] {
	return func(yield func(state.Node) bool) {
		d := 0
		for i, id := range g.nodeOrder {
			for d+1 < len(g.deltas) && g.deltas[d+1].node <= i {
				d++
			}
			if !yield(state.Node{Name: g.adj.Name(id), Type: g.nodeType(id), Iteration: g.deltas[d].iteration, Phase: g.deltas[d].phase}) {
				return
			}
		}
	}
}

func (g *segment) Edges() iter.Seq2[graph.Hop, state.Edge] {
	return func(yield func(graph.Hop, state.Edge) bool) {
		d := 0
		for a, arc := range g.arcs {
			for d+1 < len(g.deltas) && g.deltas[d+1].arc <= a {
				d++
			}
			h := g.adj.Hop(g.nodeAt(int(arc.from)), g.pos[arc.to].node, arc.fact, arc.dir)
			if !yield(h, state.Edge{Iteration: g.deltas[d].iteration, Phase: g.deltas[d].phase}) {
				return
			}
		}
	}
}

func (g *segment) Edge(a int) (graph.Hop, state.Edge, bool) {
	if a < 0 || a >= len(g.arcs) {
		return graph.Hop{}, state.Edge{}, false
	}
	d, _ := slices.BinarySearchFunc(g.deltas, a, func(x segDelta, a int) int {
		if x.arc <= a {
			return -1
		}
		return 1
	})
	de := g.deltas[max(d-1, 0)]
	return g.Hop(a), state.Edge{Iteration: de.iteration, Phase: de.phase}, true
}

func (g *segment) Similarity(goal string) func(k int) float64 {
	g.simMu.Lock()
	sim, ok := g.simFor[goal]
	if !ok {
		sim = g.adj.Similarity(goal)
		if g.simFor == nil {
			g.simFor = map[string]func(int32) float64{}
		}
		g.simFor[goal] = sim
	}
	g.simMu.Unlock()
	return func(k int) float64 { return sim(g.pos[k].node) }
}

// maxSteps is the largest chain state a segment records (a chain of more
// steps is walked one position at a time).
const maxSteps = 255

// posIndex maps (entity, chain state) to a walk index: a dense array of
// index+1 (0 for none) by entity and state where that is at most
// maxDenseIndex entries, else a hash table.
type posIndex struct {
	states int     // chain states per entity (dense)
	dense  []int32 // entity*states + state → walk index + 1
	hash   posTable
}

// maxDenseIndex bounds the dense index: 128 MB.
const maxDenseIndex = 1 << 25

func newPosIndex(entities, states int) posIndex {
	if entities*states <= maxDenseIndex {
		return posIndex{states: states, dense: make([]int32, entities*states)}
	}
	return posIndex{}
}

func (x *posIndex) clone() posIndex {
	return posIndex{states: x.states, dense: slices.Clone(x.dense), hash: x.hash.clone()}
}

func (x *posIndex) get(id int32, st uint8) (int32, bool) {
	if x.dense != nil {
		if int(st) >= x.states {
			return 0, false
		}
		v := x.dense[int(id)*x.states+int(st)]
		return v - 1, v > 0
	}
	return x.hash.get(id, st)
}

func (x *posIndex) put(id int32, st uint8, v int32) {
	if x.dense != nil {
		if int(st) < x.states {
			x.dense[int(id)*x.states+int(st)] = v + 1
		}
		return
	}
	x.hash.put(id, st, v)
}

// posTable is a hash table from (entity, chain state) to a walk index:
// open addressing with linear probing over a power-of-two table.
type posTable struct {
	keys []uint64 // entity<<8 | state, +1; 0 is empty
	vals []int32
	n    int
}

func (t *posTable) clone() posTable {
	return posTable{keys: slices.Clone(t.keys), vals: slices.Clone(t.vals), n: t.n}
}

func posKey(id int32, st uint8) uint64 { return (uint64(uint32(id))<<8 | uint64(st)) + 1 }

func hash64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	return k
}

func (t *posTable) get(id int32, st uint8) (int32, bool) {
	if len(t.keys) == 0 {
		return 0, false
	}
	k := posKey(id, st)
	mask := uint64(len(t.keys) - 1)
	for i := hash64(k) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return 0, false
		}
	}
}

func (t *posTable) put(id int32, st uint8, v int32) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	k := posKey(id, st)
	mask := uint64(len(t.keys) - 1)
	for i := hash64(k) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] = v
			return
		case 0:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		}
	}
}

func (t *posTable) grow() {
	old, oldVals := t.keys, t.vals
	size := max(64, 2*len(old))
	t.keys, t.vals, t.n = make([]uint64, size), make([]int32, size), 0
	mask := uint64(size - 1)
	for j, k := range old {
		if k == 0 {
			continue
		}
		i := hash64(k) & mask
		for t.keys[i] != 0 {
			i = (i + 1) & mask
		}
		t.keys[i], t.vals[i] = k, oldVals[j]
		t.n++
	}
}

// idSet is a set of entity ids: a bitmap.
type idSet []uint64

func newIDSet(entities int) idSet { return make(idSet, (entities+63)/64) }

func (s idSet) has(id int32) bool { return id >= 0 && s[id>>6]&(1<<(id&63)) != 0 }

// add adds id and reports whether it was new.
func (s idSet) add(id int32) bool {
	if id < 0 || s.has(id) {
		return false
	}
	s[id>>6] |= 1 << (id & 63)
	return true
}

// Shallowest makes one pass over the arcs in the order made: an arc into
// k replaces k's choice only when its origin is strictly shallower, so
// each position keeps the first of its shallowest ways, as a pass over
// Arcs(k) would find it.
func (g *segment) Shallowest(reachedDepth func(i int) int) (from, arc []int32) {
	from, arc = make([]int32, len(g.pos)), make([]int32, len(g.pos))
	best := make([]int32, len(g.pos))
	for k := range from {
		from[k], arc[k] = -1, -1
	}
	for a, ar := range g.arcs {
		var d int32
		if f := int(ar.from); f >= g.base {
			d = g.pos[f-g.base].depth
		} else {
			d = int32(reachedDepth(f))
		}
		if k := ar.to; from[k] < 0 || d < best[k] {
			from[k], arc[k], best[k] = ar.from, int32(a), d
		}
	}
	return from, arc
}
