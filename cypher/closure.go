package cypher

import (
	"context"
	"fmt"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
)

// qClosure is the closure query: the entities reachable from $from in one
// to a bounded depth of hops, counted in full (total) and the first $limit
// by name (the page), in one read query. Its parts are the hop pattern
// (direction, checked relation types, depth bound: a variable-length
// pattern's bounds cannot be parameters, so the depth, an integer checked
// against graph.MaxClosureDepth, is written into the text) and the
// visibility predicate of a View. The pattern is walked twice, once to
// count and once for the page: each keeps one row per entity (DISTINCT,
// which Neo4j walks breadth first without listing every path) rather
// than a list of them all.
const qClosure = `
MATCH (a:Entity {name: $from})
CALL (a) {
  MATCH (a)%[1]s(b)%[2]s
  RETURN count(DISTINCT b) AS total
}
CALL (a) {
  MATCH (a)%[1]s(b)%[2]s
  WITH DISTINCT b
  ORDER BY b.name LIMIT $limit
  RETURN collect(b.name) AS names, collect(coalesce(b.type, '')) AS types
}
RETURN total, names, types`

// closurePattern is the variable-length hop pattern of a closure.
func closurePattern(types string, d graph.Direction, depth int) string {
	rel := fmt.Sprintf("[rs%s*1..%d]", types, depth)
	switch d {
	case graph.Out:
		return "-" + rel + "->"
	case graph.In:
		return "<-" + rel + "-"
	}
	return "-" + rel + "-"
}

// Closure returns the entities reachable from req.From in one to
// req.MaxDepth hops along the relations named (all when none), walked in
// req.Direction: how many (Total) and the first req.Limit by name, in one
// read query, as memstore answers it. Relation names are checked against
// the schema before they reach the query; every value is a parameter. An
// unknown entity reaches nothing.
func (s *Store) Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return graph.Closure{}, err
	}
	return s.closure(ctx, req, m, access{})
}

// Closure is Store.Closure over the facts the view sees.
func (v *View) Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error) {
	vm, err := v.s.viewMeta(ctx, v.groups)
	if err != nil {
		return graph.Closure{}, err
	}
	c, err := v.s.closure(ctx, req, vm.meta, vm.access)
	for i := range c.Entities {
		c.Entities[i].Type = vm.types[c.Entities[i].Name]
	}
	return c, err
}

// closure is Closure against meta m, for the caller of a.
func (s *Store) closure(ctx context.Context, req graph.ClosureRequest, m *meta, a access) (graph.Closure, error) {
	req, err := req.Normalize()
	if err != nil {
		return graph.Closure{}, fmt.Errorf("cypher: %w", err)
	}
	types, err := m.relTypes(req.Relations, "closure: relations")
	if err != nil {
		return graph.Closure{}, err
	}
	where := " WHERE b <> a"
	if a.scoped {
		where += fmt.Sprintf(" AND all(visibleFact IN rs WHERE %s)", a.fact("visibleFact"))
	}
	query := fmt.Sprintf(qClosure, closurePattern(types, req.Direction, req.MaxDepth), where)
	params := a.params(map[string]any{"from": req.From, "limit": int64(req.Limit)})
	rows, err := readQuery(ctx, s, query, params, scanClosure)
	if err != nil {
		return graph.Closure{}, s.fail("closure", err)
	}
	if len(rows) == 0 {
		return graph.Closure{Entities: []graph.Entity{}}, nil
	}
	return rows[0], nil
}

func scanClosure(r *neo4j.Record) (graph.Closure, error) {
	total, err := intAt(r, 0)
	if err != nil {
		return graph.Closure{}, err
	}
	names, err := strList(r, 1)
	if err != nil {
		return graph.Closure{}, err
	}
	types, err := strList(r, 2)
	if err != nil {
		return graph.Closure{}, err
	}
	if len(names) != len(types) {
		return graph.Closure{}, fmt.Errorf("closure: %d names and %d types", len(names), len(types))
	}
	c := graph.Closure{Total: int(total), Entities: make([]graph.Entity, len(names))}
	for i := range names {
		c.Entities[i] = graph.Entity{Name: names[i], Type: types[i]}
	}
	return c, nil
}
