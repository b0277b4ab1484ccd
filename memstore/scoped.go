package memstore

import (
	"context"
	"slices"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
)

// View is the store as a caller with some groups sees it: only the facts
// whose access list is empty (public) or names one of the caller's groups,
// and only the entities such a fact mentions. Make one with Store.Scoped
// and hand it to the agent (agent.New(store.Scoped(groups))): it
// satisfies agent.Store, and every answer, path, count, suggestion,
// ambiguity list and error message the agent can produce then comes from
// what the caller may see. An entity only hidden facts mention answers
// exactly like one that does not exist.
//
// The rules are enforced inside the store's queries (entity lookups,
// normalized, alias, partial and fuzzy linking, expansions and their
// fan-out counts, path searches), never by filtering results. The schema
// a view returns is inferred from the visible facts alone (entity types,
// counts, name words and relations included), with the user schema's
// entity aliases kept only for visible entities: a View of a graph G
// answers every request exactly as a store holding only the facts of G
// the caller sees (storetest checks this on both stores).
//
// A View is cheap to make; the first request after a write computes what
// a set of groups sees (one pass over the facts and a schema inference
// over the visible ones) and the store keeps it until the next write. A
// View is safe for concurrent use and follows the store's writes.
type View struct {
	s      *Store
	groups graph.Groups
}

// Scoped returns the store as a caller with these groups sees it (see
// View). The Store itself sees every fact: give it only to trusted code.
func (s *Store) Scoped(groups graph.Groups) *View { return &View{s: s, groups: groups} }

// Groups returns the groups the view sees with.
func (v *View) Groups() graph.Groups { return v.groups }

// Schema is Store.Schema over the facts the view sees.
func (v *View) Schema(ctx context.Context) (*graph.Schema, error) {
	return v.s.schema(ctx, &v.groups)
}

// Resolve is Store.Resolve over the entities the view sees.
func (v *View) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	return v.s.resolve(ctx, req, &v.groups)
}

// Expand is Store.Expand over the facts the view sees.
func (v *View) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return v.s.expand(ctx, req, &v.groups)
}

// Paths is Store.Paths over the facts the view sees.
func (v *View) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	return v.s.paths(ctx, req, &v.groups)
}

// Close does nothing: the view does not own the store.
func (v *View) Close() error { return nil }

// visibility is what one set of groups sees of a read side: a fact, an
// entity (through a visible fact), a relation (one of its facts is
// visible), and the typing of the visible facts.
type visibility struct {
	tri []bool
	ent []bool
	rel []bool
	typ *typing
}

// scope is a read side as one caller sees it. Its methods shadow the
// frozen ones the queries use, so that a query walks, counts and looks up
// only what the caller sees; vis is nil for the unscoped store.
type scope struct {
	*frozen
	vis *visibility
}

// scope returns the read side as groups see it (all of it for nil) and
// the matching typing. The caller holds s.mu for reading.
func (s *Store) scope(groups *graph.Groups) (scope, *typing) {
	f, typ := s.read()
	if groups == nil || f.acl == nil {
		return scope{frozen: f}, typ
	}
	key := groups.String()
	if v, ok := f.views.Load(key); ok {
		if vis := v.(*visibility); vis.typ.user == s.user {
			return scope{frozen: f, vis: vis}, vis.typ
		}
	}
	vis := f.visibility(*groups, s.user, &s.buildMu)
	f.views.Store(key, vis)
	return scope{frozen: f, vis: vis}, vis.typ
}

// visibility computes what groups see of f, and its typing under the user
// schema (with the aliases of visible entities only).
func (f *frozen) visibility(groups graph.Groups, user *graph.Schema, mu *sync.Mutex) *visibility {
	mu.Lock()
	defer mu.Unlock()
	sets := make([]bool, len(f.aclSets))
	for i, set := range f.aclSets {
		sets[i] = groups.Sees(set)
	}
	vis := &visibility{tri: make([]bool, f.m()), ent: make([]bool, f.n()), rel: make([]bool, len(f.rels))}
	var visible []graph.Triple
	for v := range f.n() {
		for i := f.outOff[v]; i < f.outOff[v+1]; i++ {
			if !sets[f.acl[i]] {
				continue
			}
			vis.tri[i] = true
			vis.ent[v], vis.ent[f.obj[i]], vis.rel[f.rel[i]] = true, true, true
			visible = append(visible, graph.Triple{
				Subject: f.name(int32(v)), Relation: f.rels[f.rel[i]], Object: f.name(f.obj[i]),
				SubjectType: f.givenType(f.st, int(i)), ObjectType: f.givenType(f.ot, int(i)),
			})
		}
	}
	// The user schema as the caller may see it: its entity aliases only
	// for entities that exist for the caller.
	seen := user
	if user != nil && len(user.Entities) > 0 {
		seen = user.Clone()
		seen.Entities = slices.DeleteFunc(seen.Entities, func(e graph.EntityDef) bool {
			id, ok := f.lookup(e.Name)
			return !ok || !vis.ent[id]
		})
	}
	schema, types := infer.Infer(visible, seen)
	vis.typ = f.newTyping(seen, schema, types)
	vis.typ.user = user // the schema it was derived from, for the cache
	known := []string{}
	for r, ok := range vis.rel {
		if ok {
			known = append(known, f.rels[r])
		}
	}
	if user != nil {
		known = append(known, user.RelationNames()...)
	}
	slices.Sort(known)
	vis.typ.known = slices.Compact(known)
	return vis
}

// sees reports whether the caller sees triple t.
func (sc scope) sees(t uint32) bool { return sc.vis == nil || sc.vis.tri[t] }

// exists reports whether entity v exists for the caller.
func (sc scope) exists(v int32) bool { return sc.vis == nil || sc.vis.ent[v] }

// relation returns the id of a relation the caller sees a fact of.
func (sc scope) relation(name string) (uint16, bool) {
	id, ok := sc.relIdx[name]
	return id, ok && (sc.vis == nil || sc.vis.rel[id])
}

// lookup returns the id of the entity named name, if it exists for the
// caller.
func (sc scope) lookup(name string) (int32, bool) {
	id, ok := sc.frozen.lookup(name)
	return id, ok && sc.exists(id)
}

// keyEntities returns the entities with normalized name key that exist
// for the caller.
func (sc scope) keyEntities(key string) []int32 {
	ids := sc.frozen.keyEntities(key)
	if sc.vis == nil {
		return ids
	}
	var out []int32
	for _, id := range ids {
		if sc.exists(id) {
			out = append(out, id)
		}
	}
	return out
}

// keyVisible reports whether normalized key k names an entity that exists
// for the caller.
func (sc scope) keyVisible(k uint64) bool {
	if sc.vis == nil {
		return true
	}
	for _, id := range sc.keyEnt[sc.keyOff[k]:sc.keyOff[k+1]] {
		if sc.vis.ent[id] {
			return true
		}
	}
	return false
}

// each is frozen.each over the facts the caller sees.
func (sc scope) each(v int32, dir graph.Direction, flt *filter, fn func(e edge, d graph.Direction) bool) bool {
	if sc.vis == nil {
		return sc.frozen.each(v, dir, flt, fn)
	}
	return sc.frozen.each(v, dir, flt, func(e edge, d graph.Direction) bool {
		return !sc.vis.tri[e.tri] || fn(e, d)
	})
}

// count is frozen.count over the facts the caller sees: a walk of the
// node's edges when some are hidden.
func (sc scope) count(v int32, dir graph.Direction, flt *filter) int {
	if sc.vis == nil {
		return sc.frozen.count(v, dir, flt)
	}
	n := 0
	sc.each(v, dir, flt, func(edge, graph.Direction) bool { n++; return true })
	return n
}
