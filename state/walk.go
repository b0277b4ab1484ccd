package state

import (
	"fmt"
	"slices"
	"sort"

	"github.com/scgraph/scgraph/graph"
)

// Subgraph is every node and edge a run retrieved, each with provenance:
// the iteration and phase that first brought it in, and (for edges) the
// source file and line of the fact.
type Subgraph struct {
	Nodes []Node `json:"nodes"`
	Edges []Edge `json:"edges"`

	nodeIdx map[string]int
	edgeIdx map[edgeKey]int
	// seg holds the nodes and edges of the walk's segment (Walk.Segment);
	// the facts of its first segEdges arcs are in Edges too (a move into
	// Walk.Reached made after them put them there, in the walk's order).
	seg      segment
	segEdges int
}

// Node is a retrieved entity.
type Node struct {
	Name      string `json:"name"`
	Type      string `json:"type,omitempty"`
	Iteration int    `json:"iteration"`
	Phase     Phase  `json:"phase"`
}

// Edge is a retrieved fact, in storage direction.
type Edge struct {
	Subject   string       `json:"subject"`
	Relation  string       `json:"relation"`
	Object    string       `json:"object"`
	Source    graph.Source `json:"source,omitzero"`
	Iteration int          `json:"iteration"`
	Phase     Phase        `json:"phase"`
}

type edgeKey struct{ s, r, o string }

func (g *Subgraph) index() {
	if g.nodeIdx != nil {
		return
	}
	g.nodeIdx = make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		g.nodeIdx[n.Name] = i
	}
	g.edgeIdx = make(map[edgeKey]int, len(g.Edges))
	for i, e := range g.Edges {
		g.edgeIdx[edgeKey{e.Subject, e.Relation, e.Object}] = i
	}
}

// NodeType returns the type of a retrieved node ("" if unknown or absent).
func (g *Subgraph) NodeType(name string) string {
	g.index()
	if i, ok := g.nodeIdx[name]; ok {
		return g.Nodes[i].Type
	}
	if g.seg != nil {
		t, _ := g.seg.NodeType(name)
		return t
	}
	return ""
}

// HasNode reports whether name was retrieved.
func (g *Subgraph) HasNode(name string) bool {
	g.index()
	_, ok := g.nodeIdx[name]
	return ok || g.seg != nil && g.seg.HasNode(name)
}

// Len is the number of nodes retrieved: Nodes, and those of the walk's
// segment.
func (g *Subgraph) Len() int {
	if g.seg != nil {
		return len(g.Nodes) + g.seg.NodeCount()
	}
	return len(g.Nodes)
}

func (g *Subgraph) addNode(e graph.Entity, iter int, ph Phase) bool {
	g.index()
	if i, ok := g.nodeIdx[e.Name]; ok {
		if g.Nodes[i].Type == "" && e.Type != "" {
			g.Nodes[i].Type = e.Type
		}
		return false
	}
	if g.seg != nil && g.seg.HasNode(e.Name) {
		return false
	}
	g.nodeIdx[e.Name] = len(g.Nodes)
	g.Nodes = append(g.Nodes, Node{Name: e.Name, Type: e.Type, Iteration: iter, Phase: ph})
	return true
}

func (g *Subgraph) addEdge(h graph.Hop, iter int, ph Phase) int {
	g.index()
	t := h.Triple()
	k := edgeKey{t.Subject, t.Relation, t.Object}
	if i, ok := g.edgeIdx[k]; ok {
		return i
	}
	g.edgeIdx[k] = len(g.Edges)
	g.Edges = append(g.Edges, Edge{Subject: t.Subject, Relation: t.Relation, Object: t.Object, Source: t.Source, Iteration: iter, Phase: ph})
	return len(g.Edges) - 1
}

// Pos is a position of the walk: a node reached after completing Steps of
// the chain's steps. The same node may be
// reached in several states (a film reached as "film of the director" and
// again as "film of the actor"); visited tracking is per position, so a
// cycle ends without dropping an answer reached another way.
type Pos struct {
	Node  string `json:"node"`
	Steps int    `json:"steps"`
}

func (p Pos) String() string { return fmt.Sprintf("%s@%d", p.Node, p.Steps) }

// Walk is the traversal: every position reached, how, and whether it has
// been expanded. Expanded positions are the visited set: the walk never
// expands one twice.
//
// The positions are Reached and, after them, those of a Segment when a
// walk in bulk reached them (Segment): Len, At, All, Lookup and Support
// read both.
type Walk struct {
	// Chain is the index in Plan.Chains the walk follows.
	Chain int `json:"chain"`
	// Reentry allows the walk to pass through an anchor again. It is off
	// by default (a path back through the question's own entity is a
	// cycle) and turned on by the critic only when the chain cannot be
	// completed otherwise ("the wife of X's husband" is X).
	Reentry bool    `json:"anchor_reentry,omitempty"`
	Reached []Reach `json:"reached"`

	idx map[Pos]int
	seg segment
	// firstFrom and firstArc are, for each position of seg, the shallowest
	// way it was reached (firstPath follows them), made when first needed
	// and dropped by the next delta.
	firstFrom, firstArc []int32
}

// Reach is one reached position.
type Reach struct {
	Pos
	// Depth is the number of hops from an anchor (the shortest known).
	Depth    int      `json:"depth"`
	Anchor   bool     `json:"anchor,omitempty"`
	Expanded bool     `json:"expanded,omitempty"`
	Via      []viaRef `json:"via,omitempty"`
}

// viaRef is one way a position was reached: from Reached[From] along
// Subgraph.Edges[Edge], walked in Direction.
type viaRef struct {
	From      int             `json:"from"`
	Edge      int             `json:"edge"`
	Direction graph.Direction `json:"direction"`
}

func (w *Walk) index() {
	if w.idx != nil {
		return
	}
	w.idx = make(map[Pos]int, len(w.Reached))
	for i, r := range w.Reached {
		w.idx[r.Pos] = i
	}
}

// Lookup returns the index of a position in the walk (At), or -1.
func (w *Walk) Lookup(p Pos) int {
	w.index()
	if i, ok := w.idx[p]; ok {
		return i
	}
	if w.seg != nil {
		if k, ok := w.seg.Lookup(p); ok {
			return w.seg.Base() + k
		}
	}
	return -1
}

// Visited returns the expanded positions, sorted.
func (w *Walk) Visited() []Pos {
	var out []Pos
	for _, r := range w.All() {
		if r.Expanded {
			out = append(out, r.Pos)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Steps != out[j].Steps {
			return out[i].Steps < out[j].Steps
		}
		return out[i].Node < out[j].Node
	})
	return out
}

// Reset clears the walk to follow another chain.
func (w *Walk) Reset(chain int) {
	w.Chain = chain
	w.Reached = nil
	w.idx = nil
	w.seg = nil
}

// Arc is one move of the walk: from position From along Hop to position To.
type Arc struct {
	From Pos
	Hop  graph.Hop
	To   Pos
}

// Delta is what the retriever or refiner decided: the chain to follow, the
// positions to start from, the moves made, the positions now expanded, the
// entities seen and the work done. The agent applies it with Apply.
type Delta struct {
	// Chain, when not nil, switches the walk to that chain first (or, with
	// Restart, starts the same chain afresh); the positions in Keep are
	// carried over (with their ancestry) and the rest dropped.
	Chain   *int
	Restart bool
	Keep    []Pos
	// Reentry sets the new walk's Walk.Reentry.
	Reentry bool
	// Starts are positions to add as anchors (depth 0).
	Starts []Pos
	Arcs   []Arc
	// Bulk, when not nil, holds the moves of a walk in bulk (Arcs is
	// then empty): a new segment for the walk and the moves into Reached.
	Bulk *Bulk
	// Facts are facts retrieved beside the walk, for the plan's
	// conditions on the answers (Target.Having): they join the subgraph
	// and make no position.
	Facts []graph.Hop
	// Expanded are the positions whose neighbours this delta holds.
	Expanded []Pos
	Nodes    []graph.Entity
	Cuts     []graph.Truncation
	// Cost is the work done to make the delta.
	Cost    Cost
	Summary string
}

// Apply merges a delta into the state, recording provenance under the
// current iteration and the given phase. It returns the number of nodes
// new to the subgraph.
func (s *AgentState) Apply(d Delta, ph Phase) int {
	if d.Bulk == nil || d.Chain != nil && (*d.Chain != s.Walk.Chain || d.Restart) {
		// Moves one position at a time, or another chain: read the
		// segment's positions as Reached ones.
		s.materialize()
	}
	before := s.Subgraph.Len()
	s.Walk.firstFrom, s.Walk.firstArc = nil, nil
	if d.Chain != nil && (*d.Chain != s.Walk.Chain || d.Restart) {
		s.switchChain(*d.Chain, d.Keep)
		s.Walk.Reentry = d.Reentry
	}
	for _, n := range d.Nodes {
		s.Subgraph.addNode(n, s.Iteration, ph)
	}
	for _, h := range d.Facts {
		s.Subgraph.addEdge(h, s.Iteration, ph)
	}
	w := &s.Walk
	w.index()
	if d.Bulk != nil && d.Bulk.Segment != nil {
		w.seg, s.Subgraph.seg = d.Bulk.Segment, d.Bulk.Segment
	}
	for _, p := range d.Starts {
		if w.Lookup(p) < 0 {
			w.idx[p] = len(w.Reached)
			w.Reached = append(w.Reached, Reach{Pos: p, Anchor: true})
		}
		s.Subgraph.addNode(graph.Entity{Name: p.Node}, s.Iteration, ph)
	}
	if b := d.Bulk; b != nil {
		s.applyBulk(b, ph)
	}
	for _, a := range d.Arcs {
		s.applyArc(a, ph)
	}
	for _, p := range d.Expanded {
		if i, ok := w.idx[p]; ok && !w.Reached[i].Expanded {
			w.Reached[i].Expanded = true
			s.Budget.NodesExpanded++
		}
	}
	s.Cuts = append(s.Cuts, d.Cuts...)
	s.Budget.Add(d.Cost)
	return s.Subgraph.Len() - before
}

// applyArc records one move of a delta: the position it reaches, new or
// reached again another way (its depth the shortest known); a move from a
// position not reached, or back into an anchor's start, is ignored.
func (s *AgentState) applyArc(a Arc, ph Phase) {
	w := &s.Walk
	fi, ok := w.idx[a.From]
	if !ok {
		return // a move from nowhere: ignore rather than corrupt the walk
	}
	s.Subgraph.addNode(graph.Entity{Name: a.To.Node}, s.Iteration, ph)
	e := s.Subgraph.addEdge(a.Hop, s.Iteration, ph)
	via := viaRef{From: fi, Edge: e, Direction: a.Hop.Direction}
	depth := w.Reached[fi].Depth + 1
	ti, ok := w.idx[a.To]
	if !ok {
		w.idx[a.To] = len(w.Reached)
		w.Reached = append(w.Reached, Reach{Pos: a.To, Depth: depth, Via: []viaRef{via}})
		return
	}
	r := &w.Reached[ti]
	if r.Anchor {
		return // never walk back into an anchor's start position
	}
	if !slices.Contains(r.Via, via) {
		r.Via = append(r.Via, via)
	}
	r.Depth = min(r.Depth, depth)
}

// applyBulk applies a bulk delta's moves into Reached (Apply installed its
// segment), as Apply applies arcs.
func (s *AgentState) applyBulk(b *Bulk, ph Phase) {
	w := &s.Walk
	for _, in := range b.Into {
		if in.To < 0 || in.To >= len(w.Reached) || in.From < 0 || in.From >= w.Len() {
			continue
		}
		// The facts the segment's arcs walked before this move come
		// first, as the walk made them.
		sub := &s.Subgraph
		for ; sub.seg != nil && sub.segEdges < in.Arc; sub.segEdges++ {
			h, e, ok := sub.seg.Edge(sub.segEdges)
			if !ok {
				break
			}
			sub.addEdge(h, e.Iteration, e.Phase)
		}
		e := s.Subgraph.addEdge(in.Hop, s.Iteration, ph)
		r := &w.Reached[in.To]
		if r.Anchor {
			continue
		}
		via := viaRef{From: in.From, Edge: e, Direction: in.Hop.Direction}
		if !slices.Contains(r.Via, via) {
			r.Via = append(r.Via, via)
		}
		r.Depth = min(r.Depth, in.Depth)
	}
	s.Budget.NodesExpanded += b.Expanded
}

// switchChain moves the walk to another chain, keeping the given
// positions and everything they were reached from.
//
// The ancestry of a kept position may be cyclic (in a repeated step a@1
// and b@1 can each be reached from the other), so it is gathered without
// recursion: every ancestor is found and registered first, then copied
// with its ways of being reached renumbered. Positions keep their old
// relative order, which puts the first way each was reached before it.
func (s *AgentState) switchChain(chain int, keep []Pos) {
	old := s.Walk
	old.index()
	s.Walk.Reset(chain)
	nw := &s.Walk
	nw.index()

	carried := make([]bool, len(old.Reached))
	var stack []int
	for _, p := range keep {
		if i, ok := old.idx[p]; ok && !carried[i] {
			carried[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range old.Reached[i].Via {
			if !carried[v.From] {
				carried[v.From] = true
				stack = append(stack, v.From)
			}
		}
	}
	renumber := make([]int, len(old.Reached))
	for i, c := range carried {
		if c {
			renumber[i] = len(nw.Reached)
			nw.idx[old.Reached[i].Pos] = len(nw.Reached)
			nw.Reached = append(nw.Reached, Reach{})
		}
	}
	keepSet := make(map[Pos]bool, len(keep))
	for _, p := range keep {
		keepSet[p] = true
	}
	for i, c := range carried {
		if !c {
			continue
		}
		r := old.Reached[i]
		var vias []viaRef
		for _, v := range r.Via {
			vias = append(vias, viaRef{From: renumber[v.From], Edge: v.Edge, Direction: v.Direction})
		}
		// Kept positions are the new dead ends: not expanded. Their
		// ancestors were expanded on the old chain's prefix, which the new
		// chain shares.
		nw.Reached[renumber[i]] = Reach{Pos: r.Pos, Depth: r.Depth, Anchor: r.Anchor, Expanded: !keepSet[r.Pos], Via: vias}
	}
}

// PathsTo returns up to limit evidence paths that end at position i, each
// from an anchor, in a deterministic order (shortest first). A path never
// visits the same walk position twice.
func (s *AgentState) PathsTo(i, limit int) []graph.Path {
	if limit == 1 {
		if p, ok := s.firstPath(i); ok {
			return []graph.Path{p}
		}
		return nil
	}
	return s.pathsSearch(i, limit)
}

// pathsSearched is the first path the search of PathsTo finds.
func (s *AgentState) pathsSearched(i int) []graph.Path { return s.pathsSearch(i, 1) }

// pathSearchArcs bounds the arcs PathsTo's search follows for one
// position. The simple paths through a walk grow as the factorial of its
// size where positions reach each other (a repeated step over a dense
// graph), and most of them may be dead ends, ways back to a position on
// the path: evidence needs a few shallow paths, so past the bound the
// search returns those it found. A count, not a clock, so that the same
// walk gives the same paths.
const pathSearchArcs = 20000

// pathsSearch is PathsTo's search: depth first, the shallowest ways first,
// following at most pathSearchArcs arcs.
func (s *AgentState) pathsSearch(i, limit int) []graph.Path {
	var out []graph.Path
	var rev []graph.Hop
	followed := 0
	// A path never visits the same position twice. (The walk itself never
	// re-enters an anchor unless reentry is on, so paths do not pass back
	// through the question's entity; any other node may recur in another
	// chain state: a writer who is also the director.)
	onPath := map[int]bool{}
	type via struct {
		arc   inArc
		depth int
	}
	var walk func(j int)
	walk = func(j int) {
		if len(out) >= limit {
			return
		}
		if s.Walk.Support(j) == 0 || j < len(s.Walk.Reached) && s.Walk.Reached[j].Anchor {
			if len(rev) > 0 {
				hops := make([]graph.Hop, len(rev))
				for k := range rev {
					hops[k] = rev[len(rev)-1-k]
				}
				out = append(out, graph.Path{Hops: hops})
			}
			return
		}
		onPath[j] = true
		var vias []via
		s.arcsInto(j, func(a inArc) bool {
			vias = append(vias, via{arc: a, depth: s.Walk.DepthAt(a.from)})
			return true
		})
		sort.SliceStable(vias, func(a, b int) bool { return vias[a].depth < vias[b].depth })
		for _, v := range vias {
			if onPath[v.arc.from] {
				continue
			}
			if followed++; followed > pathSearchArcs {
				break
			}
			rev = append(rev, s.hop(v.arc))
			walk(v.arc.from)
			rev = rev[:len(rev)-1]
			if len(out) >= limit {
				break
			}
		}
		onPath[j] = false
	}
	walk(i)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Len() < out[b].Len() })
	return out
}

// firstPath is the first path PathsTo finds, found without a search: a
// position's depth is one more than that of some position it was reached
// from, at most, so the first of the shallowest ways it was reached leads
// one step nearer an anchor, and following them never comes back to a
// position on the path (the search would take the same ways, in the same
// order). It reports false for a position reached no way (an anchor).
func (s *AgentState) firstPath(i int) (graph.Path, bool) {
	var hops []graph.Hop
	for j := i; ; {
		if s.Walk.Support(j) == 0 || j < len(s.Walk.Reached) && s.Walk.Reached[j].Anchor {
			break
		}
		best, bestDepth := s.shallowestArc(j)
		if bestDepth >= s.Walk.DepthAt(j) || len(hops) > s.Walk.Len() {
			// Depths that do not fall (a state built by hand): search.
			ps := s.pathsSearched(i)
			if len(ps) == 0 {
				return graph.Path{}, false
			}
			return ps[0], true
		}
		hops = append(hops, s.hop(best))
		j = best.from
	}
	if len(hops) == 0 {
		return graph.Path{}, false
	}
	slices.Reverse(hops)
	return graph.Path{Hops: hops}, true
}

// shallowestArc returns the first of the ways position j was reached
// from the shallowest position, and that position's depth (-1: none).
func (s *AgentState) shallowestArc(j int) (inArc, int) {
	w := &s.Walk
	if seg := w.seg; seg != nil && j >= seg.Base() && seg.Len() > 64 {
		// Many positions: find every position's at once, once.
		if w.firstArc == nil {
			w.firstFrom, w.firstArc = seg.Shallowest(w.DepthAt)
		}
		k := j - seg.Base()
		from := int(w.firstFrom[k])
		if from < 0 {
			return inArc{}, -1
		}
		return inArc{from: from, to: j, ref: int(w.firstArc[k]), seg: true}, w.DepthAt(from)
	}
	best, bestDepth := inArc{}, -1
	s.arcsInto(j, func(a inArc) bool {
		if d := w.DepthAt(a.from); bestDepth < 0 || d < bestDepth {
			best, bestDepth = a, d
		}
		return true
	})
	return best, bestDepth
}
