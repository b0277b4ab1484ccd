package cypher

import (
	"context"
	"fmt"
	"slices"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
)

// View is the Neo4j store as a caller with some groups sees it: only the
// relationships whose acl property is absent (public) or names one of the
// caller's groups, and only the entities such a relationship touches.
// Make one with Store.Scoped and hand it to the agent
// (agent.New(store.Scoped(groups))): it satisfies agent.Store, and every
// answer, path, count, suggestion, ambiguity list and error message the
// agent can produce then comes from what the caller may see. An entity
// only hidden facts mention answers exactly like one that does not exist.
//
// The rules are part of every query the view sends (see access): each
// relationship a query walks or counts is matched with the visibility
// predicate, and each entity it looks up must have a visible
// relationship. The schema and the entity types a view returns are
// inferred from the visible facts alone (as memstore.View does), computed
// on the view's first request after a write of this process (one read of
// the visible facts) and kept by the Store for that set of groups. A View
// answers every request exactly as a store holding only the facts the
// caller sees (storetest.RunACL).
//
// A View is cheap to make and safe for concurrent use.
type View struct {
	s      *Store
	groups graph.Groups
}

// Scoped returns the store as a caller with these groups sees it (see
// View). The Store itself sees every fact: give it only to trusted code.
func (s *Store) Scoped(groups graph.Groups) *View { return &View{s: s, groups: groups} }

// Groups returns the groups the view sees with.
func (v *View) Groups() graph.Groups { return v.groups }

// String describes the view for messages.
func (v *View) String() string { return fmt.Sprintf("%s as groups %q", v.s, v.groups.String()) }

// Close does nothing: the view does not own the store.
func (v *View) Close() error { return nil }

// Remote reports that the view answers over a network (see
// Store.Remote).
func (v *View) Remote() bool { return true }

// Schema is Store.Schema over the facts the view sees.
func (v *View) Schema(ctx context.Context) (*graph.Schema, error) {
	vm, err := v.s.viewMeta(ctx, v.groups)
	if err != nil {
		return nil, err
	}
	return vm.meta.schema.Clone(), nil
}

// Resolve is Store.Resolve over the entities the view sees.
func (v *View) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	vm, err := v.s.viewMeta(ctx, v.groups)
	if err != nil {
		return nil, err
	}
	out, err := v.s.resolve(ctx, req, vm.meta, vm.access)
	for _, ms := range out {
		for i := range ms {
			ms[i].Entity.Type = vm.types[ms[i].Entity.Name]
		}
	}
	return out, err
}

// Expand is Store.Expand over the facts the view sees.
func (v *View) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	vm, err := v.s.viewMeta(ctx, v.groups)
	if err != nil {
		return graph.Expansion{}, err
	}
	exp, err := v.s.expand(ctx, req, vm.meta, vm.access)
	for i := range exp.Nodes {
		exp.Nodes[i].Type = vm.types[exp.Nodes[i].Name]
	}
	return exp, err
}

// Paths is Store.Paths over the facts the view sees.
func (v *View) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	vm, err := v.s.viewMeta(ctx, v.groups)
	if err != nil {
		return nil, err
	}
	return v.s.paths(ctx, req, vm.meta, vm.access)
}

// access says whom a query runs for: everyone (the zero access, the
// Store's own methods) or a caller with groups (a View). It is the one
// place the visibility rule becomes Cypher: every query that walks,
// counts or looks up facts or entities takes its predicates from here,
// and passes params' $groups. For everyone the predicates are empty, so
// the Store's queries are the same text as without access control (and
// keep their plans: degree counts from the count store, index seeks).
type access struct {
	scoped bool
	groups []string
}

// factWhere returns " WHERE <r is visible>" for relationship variable r,
// or "" for everyone. A relationship is visible when it has no acl
// property or its acl shares a group with $groups.
func (a access) factWhere(r string) string {
	if !a.scoped {
		return ""
	}
	return " WHERE " + a.fact(r)
}

// fact is the visibility predicate of relationship variable r (scoped
// access only).
func (a access) fact(r string) string {
	return fmt.Sprintf("(%[1]s.acl IS NULL OR any(g IN %[1]s.acl WHERE g IN $groups))", r)
}

// entityWhere returns " WHERE <n exists for the caller>" for node variable
// n (it has a visible relationship), or "" for everyone.
func (a access) entityWhere(n string) string {
	if !a.scoped {
		return ""
	}
	return fmt.Sprintf(" WHERE EXISTS { MATCH (%s)-[visibleFact]-() WHERE %s }", n, a.fact("visibleFact"))
}

// pathWhere returns " WHERE <every relationship of path p is visible>",
// or "" for everyone.
func (a access) pathWhere(p string) string {
	if !a.scoped {
		return ""
	}
	return fmt.Sprintf(" WHERE all(visibleFact IN relationships(%s) WHERE %s)", p, a.fact("visibleFact"))
}

// params adds $groups to a query's parameters.
func (a access) params(p map[string]any) map[string]any {
	if a.scoped {
		p["groups"] = a.groups
	}
	return p
}

// viewState is what one set of groups sees of the schema: the meta the
// queries check relations and aliases against, each visible entity's
// type, and the store meta it was derived from.
type viewState struct {
	base   *meta
	meta   *meta
	types  map[string]string
	access access
}

// qVisibleTriples reads the facts a caller sees, with the types their
// triples gave, for its schema.
const qVisibleTriples = `
MATCH (s:Entity)-[r]->(o:Entity)%s
RETURN s.name, type(r), o.name, r.subject_type, r.object_type`

// viewMeta returns the view state of groups, deriving it after a write.
func (s *Store) viewMeta(ctx context.Context, groups graph.Groups) (*viewState, error) {
	base, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	key := groups.String()
	if v, ok := s.views.Load(key); ok && v.(*viewState).base == base {
		return v.(*viewState), nil
	}
	a := access{scoped: true, groups: groups.Names()}
	if a.groups == nil {
		a.groups = []string{}
	}
	query := fmt.Sprintf(qVisibleTriples, a.factWhere("r"))
	triples, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]graph.Triple, error) {
		return collect(ctx, tx, query, a.params(map[string]any{}), func(r *neo4j.Record) (graph.Triple, error) {
			var t graph.Triple
			var err error
			for i, f := range []*string{&t.Subject, &t.Relation, &t.Object, &t.SubjectType, &t.ObjectType} {
				if *f, err = strAt(r, i); err != nil {
					return t, err
				}
			}
			return t, nil
		})
	})
	if err != nil {
		return nil, s.fail("read the visible facts", err)
	}
	vm := &viewState{base: base, access: a}
	user := base.user
	if user != nil && len(user.Entities) > 0 {
		exists := make(map[string]bool)
		for _, t := range triples {
			exists[t.Subject], exists[t.Object] = true, true
		}
		user = user.Clone()
		user.Entities = slices.DeleteFunc(user.Entities, func(e graph.EntityDef) bool { return !exists[e.Name] })
	}
	schema, types := infer.Infer(triples, user)
	vm.meta, vm.types = newMeta(user, schema), types
	s.views.Store(key, vm)
	return vm, nil
}
