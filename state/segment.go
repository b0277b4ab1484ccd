package state

import (
	"encoding/json"
	"iter"

	"github.com/scgraph/scgraph/graph"
)

// A segment holds positions a walk reached in bulk, in flat arrays rather
// than a Reach (with its map entry, strings and Via list) per position: a
// closure over an embedded store can reach a million positions in one
// refinement. The walk package makes segments; the state reads them only
// through this interface, so that the critic, the answerer and the paths
// see one walk: the positions of Walk.Reached (indexes 0 to Base()-1),
// then the segment's (index Base()+k for its position k).
//
// A segment is immutable once a delta carries it: a later bulk delta
// brings a new one that holds it and the positions after it.
type segment interface {
	// Base is the walk index of the segment's first position: the number
	// of positions in Walk.Reached when it was made (the walk adds none
	// there while it has a segment).
	Base() int
	// Len is the number of positions in the segment.
	Len() int
	// Reach returns position k without its Via (Arcs has them); Steps and
	// Depth are its chain state and depth.
	Reach(k int) Reach
	Steps(k int) int
	Depth(k int) int
	// Lookup returns the segment index of a position.
	Lookup(p Pos) (int, bool)
	// Type is the type of the entity of position k.
	Type(k int) string
	// Support is the number of ways position k was reached (its Vias).
	Support(k int) int
	// Arcs calls fn with the ways position k was reached, in the order the
	// walk made them: the walk index of the position it was reached from,
	// and the arc (for Hop), until fn returns false.
	Arcs(k int, fn func(from, arc int) bool)
	// Hop is the hop of an arc Arcs gave.
	Hop(arc int) graph.Hop
	// Shallowest returns, for each position k, the first (in the order
	// Arcs gives them) of the ways k was reached from a position of least
	// depth: the walk index it was reached from and the arc, -1 and -1 for
	// a position reached no way. reachedDepth is the depth of a position
	// of Walk.Reached (a walk index below Base).
	Shallowest(reachedDepth func(i int) int) (from, arc []int32)
	// HasNode and NodeType report on the entities of the segment's
	// positions; Nodes are those of them the subgraph did not hold before
	// the segment, in the order they were retrieved, with provenance, and
	// Edges every fact the segment's arcs walked, in the order walked.
	HasNode(name string) bool
	NodeType(name string) (string, bool)
	NodeCount() int
	Nodes() iter.Seq[Node]
	Edges() iter.Seq2[graph.Hop, Edge]
	// Edge is the fact arc a walked (the a-th of Edges) and its
	// provenance; false when the segment has no arc a.
	Edge(a int) (graph.Hop, Edge, bool)
	// Similarity returns the similarity of the entity of each position to
	// a goal key (text.Similarity of the entity's key and goal).
	Similarity(goal string) func(k int) float64
}

// Bulk is what a walk in bulk decided: a new segment for the walk (holding
// the walk's segment, if any, and the positions this delta reached), the
// moves into positions of Walk.Reached (the segment holds every other
// move), and how many of the segment's positions the delta expanded.
type Bulk struct {
	Segment segment
	Into    []Into
	// Expanded is the number of the segment's positions this delta
	// expanded (the Reached positions it expanded are in Delta.Expanded).
	Expanded int
}

// Into is a move of a bulk delta into a position of Walk.Reached: from
// walk index From along Hop to Reached[To], made when From was at Depth-1,
// after the segment's first Arc arcs (its fact joins the subgraph after
// theirs, in the order the walk made them, as a walk one position at a
// time records them).
type Into struct {
	From  int
	To    int
	Hop   graph.Hop
	Depth int
	Arc   int
}

// Len is the number of positions the walk reached.
func (w *Walk) Len() int {
	if w.seg != nil {
		return w.seg.Base() + w.seg.Len()
	}
	return len(w.Reached)
}

// At returns position i; a position of the segment comes without its Via
// (AgentState.Support and PathsTo read them).
func (w *Walk) At(i int) Reach {
	if i < len(w.Reached) {
		return w.Reached[i]
	}
	return w.seg.Reach(i - w.seg.Base())
}

// All iterates over the positions in order, as At gives them.
func (w *Walk) All() iter.Seq2[int, Reach] {
	return func(yield func(int, Reach) bool) {
		for i := range w.Reached {
			if !yield(i, w.Reached[i]) {
				return
			}
		}
		if w.seg == nil {
			return
		}
		base := w.seg.Base()
		for k := range w.seg.Len() {
			if !yield(base+k, w.seg.Reach(k)) {
				return
			}
		}
	}
}

// DepthAt is At(i).Depth.
func (w *Walk) DepthAt(i int) int {
	if i < len(w.Reached) {
		return w.Reached[i].Depth
	}
	return w.seg.Depth(i - w.seg.Base())
}

// Segment returns the positions the walk reached in bulk after Reached,
// or nil.
func (w *Walk) Segment() segment { return w.seg }

// Support is the number of ways position i was reached.
func (w *Walk) Support(i int) int {
	if i < len(w.Reached) {
		return len(w.Reached[i].Via)
	}
	return w.seg.Support(i - w.seg.Base())
}

// TypeAt is the type of the entity of position i.
func (s *AgentState) TypeAt(i int) string {
	if i < len(s.Walk.Reached) {
		return s.Subgraph.NodeType(s.Walk.Reached[i].Node)
	}
	return s.Walk.seg.Type(i - s.Walk.seg.Base())
}

// inArc is a way a position was reached: from walk index from, along
// Via ref of a Reached position to, or along arc ref of the segment.
type inArc struct {
	from, to, ref int
	seg           bool
}

// arcsInto calls fn with the ways position i was reached, in order.
func (s *AgentState) arcsInto(i int, fn func(a inArc) bool) {
	if i >= len(s.Walk.Reached) {
		s.Walk.seg.Arcs(i-s.Walk.seg.Base(), func(from, arc int) bool {
			return fn(inArc{from: from, to: i, ref: arc, seg: true})
		})
		return
	}
	for k, v := range s.Walk.Reached[i].Via {
		if !fn(inArc{from: v.From, to: i, ref: k}) {
			return
		}
	}
}

// hop is the hop of a way a position was reached.
func (s *AgentState) hop(a inArc) graph.Hop {
	if a.seg {
		return s.Walk.seg.Hop(a.ref)
	}
	r := s.Walk.Reached[a.to]
	v := r.Via[a.ref]
	e := s.Subgraph.Edges[v.Edge]
	return graph.Hop{From: s.Walk.At(v.From).Node, Relation: e.Relation, To: r.Node, Direction: v.Direction, Source: e.Source}
}

// AllNodes iterates over every node retrieved: Nodes, then those of the
// walk's segment.
func (g *Subgraph) AllNodes() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for _, n := range g.Nodes {
			if !yield(n) {
				return
			}
		}
		if g.seg != nil {
			for n := range g.seg.Nodes() {
				if !yield(n) {
					return
				}
			}
		}
	}
}

// AllEdges iterates over every edge retrieved: Edges, then those the
// walk's segment walked (some may be in Edges too).
func (g *Subgraph) AllEdges() iter.Seq[Edge] {
	return func(yield func(Edge) bool) {
		for _, e := range g.Edges {
			if !yield(e) {
				return
			}
		}
		if g.seg != nil {
			for h, e := range g.seg.Edges() {
				t := h.Triple()
				e.Subject, e.Relation, e.Object, e.Source = t.Subject, t.Relation, t.Object, t.Source
				if !yield(e) {
					return
				}
			}
		}
	}
}

// materialize moves the walk's segment, if any, into Walk.Reached and the
// subgraph's Nodes and Edges, as an expansion by a walk of one position at
// a time would have left them (the positions keep their indexes), so that
// a delta that is not in bulk can be applied, or the state written out.
func (s *AgentState) materialize() {
	seg := s.Walk.seg
	if seg == nil {
		return
	}
	sub := &s.Subgraph
	sub.index()
	for n := range seg.Nodes() {
		if _, ok := sub.nodeIdx[n.Name]; !ok {
			sub.nodeIdx[n.Name] = len(sub.Nodes)
			sub.Nodes = append(sub.Nodes, n)
		}
	}
	edgeAt := map[edgeKey]int{}
	for h, e := range seg.Edges() {
		i := sub.addEdge(h, e.Iteration, e.Phase)
		t := h.Triple()
		edgeAt[edgeKey{t.Subject, t.Relation, t.Object}] = i
	}
	w := &s.Walk
	w.index()
	base := seg.Base()
	for k := range seg.Len() {
		r := seg.Reach(k)
		seg.Arcs(k, func(from, arc int) bool {
			h := seg.Hop(arc)
			t := h.Triple()
			r.Via = append(r.Via, viaRef{From: from, Edge: edgeAt[edgeKey{t.Subject, t.Relation, t.Object}], Direction: h.Direction})
			return true
		})
		w.idx[r.Pos] = base + k
		w.Reached = append(w.Reached, r)
	}
	w.seg, sub.seg, sub.segEdges = nil, nil, 0
}

// MarshalJSON writes the state with every position in walk.reached and
// every node and edge in the subgraph, a segment's included.
func (s *AgentState) MarshalJSON() ([]byte, error) {
	type plain AgentState
	if s.Walk.seg == nil {
		return json.Marshal((*plain)(s))
	}
	c := *s
	c.Walk.Reached = append([]Reach(nil), s.Walk.Reached...)
	c.Walk.idx = nil
	c.Subgraph.Nodes = append([]Node(nil), s.Subgraph.Nodes...)
	c.Subgraph.Edges = append([]Edge(nil), s.Subgraph.Edges...)
	c.Subgraph.nodeIdx, c.Subgraph.edgeIdx = nil, nil
	c.materialize()
	return json.Marshal((*plain)(&c))
}
