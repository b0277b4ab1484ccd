package memstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// ErrSearchTooLarge is returned (wrapped) by Paths when a search would
// visit more than maxPathNodes nodes.
var ErrSearchTooLarge = errors.New("path search too large")

// maxPathNodes bounds the nodes one Paths search may visit (both
// directions together), so that a query on a big graph with hubs stays
// bounded in time and memory.
const maxPathNodes = 200_000

// relFilter turns relation names into a filter (nil when names is empty:
// every relation). Every name must be an identifier and a relation of the
// data or of the user schema, else the error wraps graph.ErrUnknownRelation
// and lists the known relations.
func (s *Store) relFilter(f scope, typ *typing, names []string, what string) (*filter, error) {
	return relFilter(f, typ, s.user, names, what)
}

// relFilter is Store.relFilter with the user schema given.
func relFilter(f scope, typ *typing, user *graph.Schema, names []string, what string) (*filter, error) {
	if len(names) == 0 {
		return nil, nil
	}
	flt := &filter{allow: make([]bool, len(f.rels)), rels: []uint16{}}
	for _, name := range names {
		if id, ok := f.relation(name); ok {
			if !flt.allow[id] {
				flt.allow[id] = true
				flt.rels = append(flt.rels, id)
			}
			continue
		}
		if !text.ValidIdentifier(name) {
			return nil, fmt.Errorf("memstore: %s: %w %q: not an identifier (known relations: %s)", what, graph.ErrUnknownRelation, name, knownList(typ.known))
		}
		if user == nil || user.Relation(name) == nil {
			return nil, fmt.Errorf("memstore: %s: %w %q (known relations: %s)", what, graph.ErrUnknownRelation, name, knownList(typ.known))
		}
		// In the user schema but not in the data: matches nothing.
	}
	slices.Sort(flt.rels)
	return flt, nil
}

// knownList formats relation names for an error, at most 30 of them.
func knownList(known []string) string {
	if len(known) == 0 {
		return "none"
	}
	if len(known) > 30 {
		return strings.Join(known[:30], ", ") + fmt.Sprintf(", and %d more", len(known)-30)
	}
	return strings.Join(known, ", ")
}

// hop makes the graph.Hop of edge e walked from v in direction d.
func (f *frozen) hop(v int32, e edge, d graph.Direction) graph.Hop {
	return graph.Hop{From: f.name(v), Relation: f.rels[e.r], To: f.name(e.nb), Direction: d, Source: f.source(e.tri)}
}

// Expand returns the hops around the frontier, one to graph.MaxExpandSteps steps deep, as
// the store contract (graph.ExpandRequest) says: per frontier node and
// step at most Limit hops (default graph.DefaultLimit) in canonical order,
// the cuts recorded in Truncated (Step is the 0-based index into Hops);
// Hops of each step sorted by (From, Relation, Direction, To); Nodes the
// frontier entities that exist and every entity reached, with types,
// sorted by name. Unknown frontier names are ignored.
func (s *Store) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return s.expand(ctx, req, nil)
}

// expand is Expand as groups see the graph (all of it for nil).
func (s *Store) expand(ctx context.Context, req graph.ExpandRequest, groups *graph.Groups) (graph.Expansion, error) {
	if err := ctx.Err(); err != nil {
		return graph.Expansion{}, err
	}
	req, err := req.Normalize()
	if err != nil {
		return graph.Expansion{}, fmt.Errorf("memstore: %w", err)
	}
	limit := req.Limit
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, typ := s.scope(groups)
	filters := make([]*filter, len(req.Steps))
	for i, st := range req.Steps {
		flt, err := s.relFilter(f, typ, st.Relations, fmt.Sprintf("expand: steps[%d].relations", i))
		if err != nil {
			return graph.Expansion{}, err
		}
		filters[i] = flt
	}

	frontier := make([]int32, 0, len(req.From))
	for _, name := range req.From {
		if id, ok := f.lookup(name); ok {
			frontier = append(frontier, id)
		}
	}
	frontier = sortIDs(frontier)
	reached := slices.Clone(frontier)
	exp := graph.Expansion{Hops: make([][]graph.Hop, len(req.Steps)), Nodes: []graph.Entity{}}
	for i, st := range req.Steps {
		// Count first (cheap, even for a hub), then take the first
		// limit edges in canonical order.
		totals := make([]int, len(frontier))
		size := 0
		for k, v := range frontier {
			totals[k] = f.count(v, st.Direction, filters[i])
			size += min(limit, totals[k])
		}
		hops := make([]graph.Hop, 0, size)
		next := make([]int32, 0, size)
		for k, v := range frontier {
			kept := 0
			f.each(v, st.Direction, filters[i], func(e edge, d graph.Direction) bool {
				if kept == limit {
					return false
				}
				kept++
				hops = append(hops, f.hop(v, e, d))
				next = append(next, e.nb)
				return true
			})
			if totals[k] > kept {
				exp.Truncated = append(exp.Truncated, graph.Truncation{Node: f.name(v), Step: i, Kept: kept, Total: totals[k]})
			}
		}
		exp.Hops[i] = hops
		reached = append(reached, next...)
		frontier = sortIDs(next)
	}
	for _, id := range sortIDs(reached) {
		exp.Nodes = append(exp.Nodes, graph.Entity{Name: f.name(id), Type: typ.typeName(id)})
	}
	return exp, nil
}

// Paths returns the shortest paths from req.From to req.To of at most
// req.MaxHops (1..6) hops, walking every hop in req.Direction along the
// relations named (all when none), up to req.Limit (default 10) paths, all
// of the shortest length found, in canonical order (hop by hop: relation,
// direction, node name). No path, an unknown entity or From == To give an
// empty result.
//
// The search is a bidirectional breadth-first search that expands, a level
// at a time, the frontier with fewer edges; it fails with ErrSearchTooLarge
// rather than visit more than maxPathNodes nodes. Paths are then
// enumerated depth-first over the nodes that lie on a shortest path only,
// so every branch explored yields a path and the cost stays proportional
// to the paths returned.
func (s *Store) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	return s.paths(ctx, req, nil)
}

// paths is Paths as groups see the graph (all of it for nil).
func (s *Store) paths(ctx context.Context, req graph.PathRequest, groups *graph.Groups) ([]graph.Path, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	req, err := req.Normalize()
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	limit := req.Limit
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, typ := s.scope(groups)
	allow, err := s.relFilter(f, typ, req.Relations, "paths: relations")
	if err != nil {
		return nil, err
	}
	src, ok1 := f.lookup(req.From)
	dst, ok2 := f.lookup(req.To)
	if !ok1 || !ok2 || src == dst {
		return []graph.Path{}, nil
	}
	ps := &pathSearch{ctx: ctx, f: f, dir: req.Direction, allow: allow}
	pos, length, err := ps.shortest(src, dst, req.MaxHops)
	if err != nil || length == 0 {
		return []graph.Path{}, err
	}
	paths := []graph.Path{}
	hops := make([]graph.Hop, 0, length)
	var walk func(v int32, i int) bool
	walk = func(v int32, i int) bool {
		if i == length {
			paths = append(paths, graph.Path{Hops: slices.Clone(hops)})
			return len(paths) < limit
		}
		return f.each(v, ps.dir, allow, func(e edge, d graph.Direction) bool {
			if p, ok := pos[e.nb]; !ok || int(p) != i+1 {
				return true
			}
			hops = append(hops, f.hop(v, e, d))
			more := walk(e.nb, i+1)
			hops = hops[:len(hops)-1]
			return more
		})
	}
	walk(src, 0)
	return paths, nil
}

// pathSearch is one bidirectional shortest-path search.
type pathSearch struct {
	ctx   context.Context
	f     scope
	dir   graph.Direction
	allow *filter
}

// level expands one BFS level from frontier, walking dir, recording new
// nodes at depth d in dist. It reports whether a new node is in other, and
// fails once the two searches hold more than maxPathNodes nodes.
func (ps *pathSearch) level(frontier []int32, dir graph.Direction, dist map[int32]int8, d int8, other map[int32]int8) ([]int32, bool, error) {
	var next []int32
	met, over := false, false
	for _, v := range frontier {
		ps.f.each(v, dir, ps.allow, func(e edge, _ graph.Direction) bool {
			if _, seen := dist[e.nb]; !seen {
				dist[e.nb] = d
				next = append(next, e.nb)
				if _, ok := other[e.nb]; ok {
					met = true
				}
				if len(dist)+len(other) > maxPathNodes {
					over = true
					return false
				}
			}
			return true
		})
		if over {
			return nil, false, fmt.Errorf("memstore: paths: %w: more than %d nodes visited; name relations or lower max hops", ErrSearchTooLarge, maxPathNodes)
		}
	}
	return next, met, nil
}

// cost estimates the work of expanding a frontier: its edges.
func (ps *pathSearch) cost(frontier []int32, dir graph.Direction) int {
	n := 0
	for _, v := range frontier {
		n += ps.f.degree(v, dir)
	}
	return n
}

// shortest finds the length L of the shortest paths from src to dst (0 if
// none within maxHops) and, for every node on one of them, its position
// (0 for src .. L for dst).
//
// Forward levels hold exact distances from src up to depth a, backward
// levels exact distances to dst up to depth b. When the frontiers first
// meet, every meeting node has distance a from src and b to dst, L = a+b,
// and the meeting nodes are the position-a nodes. Nodes at positions
// below a are found walking back from them over the forward levels;
// positions above a walking forward over the backward levels.
func (ps *pathSearch) shortest(src, dst int32, maxHops int) (map[int32]int8, int, error) {
	distS := map[int32]int8{src: 0}
	distT := map[int32]int8{dst: 0}
	levS := [][]int32{{src}}
	levT := [][]int32{{dst}}
	rev := ps.dir.Reverse()
	met := false
	for len(levS)-1+len(levT)-1 < maxHops {
		if err := ps.ctx.Err(); err != nil {
			return nil, 0, err
		}
		a, b := len(levS)-1, len(levT)-1
		var next []int32
		var err error
		if ps.cost(levS[a], ps.dir) <= ps.cost(levT[b], rev) {
			next, met, err = ps.level(levS[a], ps.dir, distS, int8(a+1), distT)
			levS = append(levS, next)
		} else {
			next, met, err = ps.level(levT[b], rev, distT, int8(b+1), distS)
			levT = append(levT, next)
		}
		if err != nil {
			return nil, 0, err
		}
		if met || len(next) == 0 {
			break
		}
	}
	if !met {
		return nil, 0, nil
	}
	a, b := len(levS)-1, len(levT)-1
	length := a + b
	pos := make(map[int32]int8)
	var meet []int32
	for _, v := range levS[a] {
		if d, ok := distT[v]; ok && int(d) == b {
			pos[v] = int8(a)
			meet = append(meet, v)
		}
	}
	cur := meet
	for i := a - 1; i >= 0; i-- {
		var prev []int32
		for _, v := range cur {
			ps.f.each(v, rev, ps.allow, func(e edge, _ graph.Direction) bool {
				if d, ok := distS[e.nb]; ok && int(d) == i {
					if _, done := pos[e.nb]; !done {
						pos[e.nb] = int8(i)
						prev = append(prev, e.nb)
					}
				}
				return true
			})
		}
		cur = prev
	}
	cur = meet
	for i := a + 1; i <= length; i++ {
		var next []int32
		for _, v := range cur {
			ps.f.each(v, ps.dir, ps.allow, func(e edge, _ graph.Direction) bool {
				if d, ok := distT[e.nb]; ok && int(d) == length-i {
					if _, done := pos[e.nb]; !done {
						pos[e.nb] = int8(i)
						next = append(next, e.nb)
					}
				}
				return true
			})
		}
		cur = next
	}
	return pos, length, nil
}
