package memstore

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
)

// edge is one adjacency entry: the neighbour, the relation and the triple
// it comes from (for its source). 12 bytes.
type edge struct {
	nb  int32
	tri int32
	r   uint16
}

// index is everything derived from the data: the adjacency lists in
// compressed sparse row form, sorted canonically, the name order, the
// entity types and the schema. It is immutable once built and replaced
// after every write.
type index struct {
	nameRank []int32  // entity id -> position in name order
	relRank  []uint16 // relation id -> position in name order
	// The out (in) edges of entity v are outE[outOff[v]:outOff[v+1]]
	// (inE[...]), sorted by relation name, then neighbour name.
	outOff, inOff []int32
	outE, inE     []edge
	typeOf        []string // entity id -> type
	schema        *graph.Schema
	known         []string // relation names of the data and the schema, sorted

	resolveOnce sync.Once
	res         *resolveIndex
	fuzzyOnce   sync.Once
	fz          *fuzzyIndex
}

// index returns the current index, building it if a write reset it. The
// caller holds s.mu for reading.
func (s *Store) index() *index {
	if ix := s.ix.Load(); ix != nil {
		return ix
	}
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	if ix := s.ix.Load(); ix != nil {
		return ix
	}
	ix := s.buildIndex()
	s.ix.Store(ix)
	return ix
}

func (s *Store) buildIndex() *index {
	n := len(s.names)
	ix := &index{nameRank: make([]int32, n), relRank: make([]uint16, len(s.rels))}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(s.names[a], s.names[b]) })
	for rank, id := range order {
		ix.nameRank[id] = int32(rank)
	}
	relOrder := make([]uint16, len(s.rels))
	for i := range relOrder {
		relOrder[i] = uint16(i)
	}
	slices.SortFunc(relOrder, func(a, b uint16) int { return strings.Compare(s.rels[a], s.rels[b]) })
	for rank, id := range relOrder {
		ix.relRank[id] = uint16(rank)
	}

	ix.outOff, ix.outE = ix.adjacency(n, s.triples, func(t *triple) (int32, int32) { return t.s, t.o })
	ix.inOff, ix.inE = ix.adjacency(n, s.triples, func(t *triple) (int32, int32) { return t.o, t.s })

	schema, types := graph.Infer(s.graphTriples(), s.user)
	ix.schema = schema
	ix.typeOf = make([]string, n)
	for id, name := range s.names {
		ix.typeOf[id] = types[name]
	}
	known := slices.Clone(s.rels)
	if s.user != nil {
		known = append(known, s.user.RelationNames()...)
	}
	slices.Sort(known)
	ix.known = slices.Compact(known)
	return ix
}

// adjacency builds one direction's CSR arrays: ends gives a triple's own
// node and its neighbour. Each node's edges are sorted by (relation name,
// neighbour name).
func (ix *index) adjacency(n int, ts []triple, ends func(*triple) (int32, int32)) ([]int32, []edge) {
	off := make([]int32, n+1)
	for i := range ts {
		v, _ := ends(&ts[i])
		off[v+1]++
	}
	for v := range n {
		off[v+1] += off[v]
	}
	es := make([]edge, len(ts))
	pos := slices.Clone(off[:n])
	for i := range ts {
		v, nb := ends(&ts[i])
		es[pos[v]] = edge{nb: nb, tri: int32(i), r: ts[i].r}
		pos[v]++
	}
	for v := range n {
		seg := es[off[v]:off[v+1]]
		if len(seg) > 1 {
			slices.SortFunc(seg, ix.compareEdges)
		}
	}
	return off, es
}

// compareEdges orders edges of one node and direction canonically.
func (ix *index) compareEdges(a, b edge) int {
	return cmp.Or(cmp.Compare(ix.relRank[a.r], ix.relRank[b.r]), cmp.Compare(ix.nameRank[a.nb], ix.nameRank[b.nb]))
}

// degree is the number of edges of v walked in direction dir, whatever
// their relation.
func (ix *index) degree(v int32, dir graph.Direction) int {
	n := 0
	if dir != graph.In {
		n += int(ix.outOff[v+1] - ix.outOff[v])
	}
	if dir != graph.Out {
		n += int(ix.inOff[v+1] - ix.inOff[v])
	}
	return n
}

// each calls fn with the edges of v walked in direction dir, in canonical
// order (relation name, Out before In, neighbour name), keeping only the
// relations allow marks (all when allow is nil). It stops, returning
// false, when fn does.
func (ix *index) each(v int32, dir graph.Direction, allow []bool, fn func(e edge, d graph.Direction) bool) bool {
	var out, in []edge
	if dir != graph.In {
		out = ix.outE[ix.outOff[v]:ix.outOff[v+1]]
	}
	if dir != graph.Out {
		in = ix.inE[ix.inOff[v]:ix.inOff[v+1]]
	}
	for len(out) > 0 || len(in) > 0 {
		var e edge
		var d graph.Direction
		if len(in) == 0 || (len(out) > 0 && ix.relRank[out[0].r] <= ix.relRank[in[0].r]) {
			e, d, out = out[0], graph.Out, out[1:]
		} else {
			e, d, in = in[0], graph.In, in[1:]
		}
		if allow != nil && !allow[e.r] {
			continue
		}
		if !fn(e, d) {
			return false
		}
	}
	return true
}
