package cypher

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// relTypes checks the relations a request names against the schema (the
// relations of the data and of the user schema) and returns them as the
// type part of a relationship pattern (":`A`|`B`"), or "" for any
// relation when none is named. An unknown name wraps
// graph.ErrUnknownRelation.
func (m *meta) relTypes(names []string, what string) (string, error) {
	if len(names) == 0 {
		return "", nil
	}
	names = slices.Clone(names)
	slices.Sort(names)
	names = slices.Compact(names)
	quoted := make([]string, len(names))
	for i, name := range names {
		if !text.ValidIdentifier(name) {
			return "", fmt.Errorf("cypher: %s: %w %q: not an identifier (known relations: %s)", what, graph.ErrUnknownRelation, name, m.knownList())
		}
		if !m.known[name] {
			return "", fmt.Errorf("cypher: %s: %w %q (known relations: %s)", what, graph.ErrUnknownRelation, name, m.knownList())
		}
		q, err := quote(name)
		if err != nil {
			return "", err
		}
		quoted[i] = q
	}
	return ":" + strings.Join(quoted, "|"), nil
}

// knownList formats the known relation names for an error, at most 30.
func (m *meta) knownList() string {
	known := make([]string, 0, len(m.known))
	for k := range m.known {
		known = append(known, k)
	}
	slices.Sort(known)
	switch {
	case len(known) == 0:
		return "none"
	case len(known) > 30:
		return strings.Join(known[:30], ", ") + fmt.Sprintf(", and %d more", len(known)-30)
	}
	return strings.Join(known, ", ")
}

// Directions as the queries return them; Out sorts before In.
const (
	dirOut = 0
	dirIn  = 1
)

// The parts of the expansion query. The steps are walked one after the
// other in one pass: a step's frontier is a list of nodes; each node's
// hops are matched per direction (both directions: the union of the two,
// so that a self-loop is walked both ways, as in memstore), ordered
// canonically (relation name, out before in, neighbour name) and cut at
// $limit inside the query; the total (for Truncated) is the kept count
// unless the cut was reached, then the degree count. The next frontier is
// the distinct nodes the kept hops reached. The query returns one record:
// a list per step of [name, type, total, hops] per frontier node, each hop
// [rel, dir, to, toType, file, line] (a record per hop costs the client
// more to decode than the values themselves).
const (
	expandStart = `
UNWIND $from AS name
MATCH (n:Entity {name: name})%s
WITH collect(DISTINCT n) AS f0`

	// expandStep takes the step index, the hop pattern(s), the degree
	// expression and, unless it is the last step, the clause that
	// returns the nodes reached and builds the next frontier.
	expandStep = `
CALL (f%[1]d) {
  UNWIND f%[1]d AS n
  CALL (n) {
    CALL (n) {
      %[2]s
    }
    WITH r, m, dir ORDER BY type(r), dir, m.name LIMIT $limit
    RETURN collect([type(r), dir, m.name, m.type, r.file, r.line]) AS hops, collect(m) AS reached
  }
  RETURN collect([n.name, n.type, CASE WHEN size(hops) < $limit THEN size(hops) ELSE %[3]s END, hops]) AS s%[1]d%[4]s
}`

	// expandNext collects step i's reached nodes into frontier i+1.
	expandNext = `, collect(reached) AS r%[1]d
}
CALL (r%[1]d) {
  UNWIND r%[1]d AS reached
  UNWIND reached AS m
  RETURN collect(DISTINCT m) AS f%[2]d`
)

// hopPattern returns the MATCH ... RETURN r, m, dir clauses of a step.
func hopPattern(types string, d graph.Direction, a access) string {
	out := fmt.Sprintf("MATCH (n)-[r%s]->(m)%s RETURN r, m, %d AS dir", types, a.factWhere("r"), dirOut)
	in := fmt.Sprintf("MATCH (n)<-[r%s]-(m)%s RETURN r, m, %d AS dir", types, a.factWhere("r"), dirIn)
	switch d {
	case graph.Out:
		return out
	case graph.In:
		return in
	}
	return out + "\n    UNION ALL\n    " + in
}

// degreePattern returns the expression counting a node's hops in a step.
func degreePattern(types string, d graph.Direction, a access) string {
	out := fmt.Sprintf("COUNT { (n)-[%s]->() }", types)
	in := fmt.Sprintf("COUNT { (n)<-[%s]-() }", types)
	if a.scoped {
		out = fmt.Sprintf("COUNT { (n)-[r%s]->()%s }", types, a.factWhere("r"))
		in = fmt.Sprintf("COUNT { (n)<-[r%s]-()%s }", types, a.factWhere("r"))
	}
	switch d {
	case graph.Out:
		return out
	case graph.In:
		return in
	}
	return out + " + " + in
}

// expandQuery builds the query of an expansion of one to
// graph.MaxExpandSteps steps from the checked relation types and
// directions of its steps, every relationship and entity filtered by the
// caller's access a: one query, one round trip, one record.
func expandQuery(types []string, dirs []graph.Direction, a access) string {
	var b strings.Builder
	fmt.Fprintf(&b, expandStart, a.entityWhere("n"))
	steps := make([]string, len(types))
	for i := range types {
		next := ""
		if i+1 < len(types) {
			next = fmt.Sprintf(expandNext, i, i+1)
		}
		fmt.Fprintf(&b, expandStep, i, hopPattern(types[i], dirs[i], a), degreePattern(types[i], dirs[i], a), next)
		steps[i] = fmt.Sprintf("s%d", i)
	}
	fmt.Fprintf(&b, "\nRETURN [%s] AS steps", strings.Join(steps, ", "))
	return b.String()
}

// expandRow is one row of the expansion query.
type expandRow struct {
	step     int
	from     string
	fromType string
	total    int
	hop      bool // false for a node without hops
	rel      string
	dir      int64
	to       string
	toType   string
	file     string
	line     int64
}

// scanExpansion decodes the expansion query's one record into a row
// per hop (and one with hop unset for a frontier node without hops).
func scanExpansion(r *neo4j.Record) ([]expandRow, error) {
	steps, err := listAt(r, 0)
	if err != nil {
		return nil, err
	}
	var rows []expandRow
	for step, v := range steps {
		nodes, ok := v.([]any)
		if !ok {
			return nil, colErr(r, 0, "a list of steps")
		}
		for _, v := range nodes {
			node, ok := v.([]any)
			if !ok || len(node) != 4 {
				return nil, colErr(r, 0, "[name, type, total, hops] per node")
			}
			from, ok1 := node[0].(string)
			fromType, ok2 := as[string](node[1])
			total, ok3 := node[2].(int64)
			hops, ok4 := node[3].([]any)
			if !ok1 || !ok2 || !ok3 || !ok4 {
				return nil, colErr(r, 0, "[name, type, total, hops] per node")
			}
			if len(hops) == 0 {
				rows = append(rows, expandRow{step: step, from: from, fromType: fromType, total: int(total)})
				continue
			}
			for _, v := range hops {
				hop, ok := v.([]any)
				if !ok || len(hop) != 6 {
					return nil, colErr(r, 0, "[rel, dir, to, toType, file, line] per hop")
				}
				x := expandRow{step: step, from: from, fromType: fromType, total: int(total), hop: true}
				var okRel, okDir, okTo, okType, okFile, okLine bool
				x.rel, okRel = hop[0].(string)
				x.dir, okDir = hop[1].(int64)
				x.to, okTo = hop[2].(string)
				x.toType, okType = as[string](hop[3])
				x.file, okFile = as[string](hop[4])
				x.line, okLine = as[int64](hop[5])
				if !okRel || !okDir || !okTo || !okType || !okFile || !okLine {
					return nil, colErr(r, 0, "[rel, dir, to, toType, file, line] per hop")
				}
				rows = append(rows, x)
			}
		}
	}
	return rows, nil
}

// Expand returns the hops around the frontier, one to graph.MaxExpandSteps steps deep, as
// the store contract (graph.ExpandRequest) says and memstore does: per
// frontier node and step at most Limit hops (default graph.DefaultLimit)
// in canonical order, the cuts recorded in Truncated (Step is the 0-based
// index into Hops); Hops of each step sorted by (From, Relation,
// Direction, To); Nodes the frontier entities that exist and every entity
// reached, with types, sorted by name. Unknown frontier names are ignored.
// The whole request is one query.
func (s *Store) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return graph.Expansion{}, err
	}
	return s.expand(ctx, req, m, access{})
}

// expand is Expand against meta m, for the caller of a.
func (s *Store) expand(ctx context.Context, req graph.ExpandRequest, m *meta, a access) (graph.Expansion, error) {
	req, err := req.Normalize()
	if err != nil {
		return graph.Expansion{}, fmt.Errorf("cypher: %w", err)
	}
	limit := req.Limit
	dirs := make([]graph.Direction, len(req.Steps))
	for i, st := range req.Steps {
		dirs[i] = st.Direction
	}
	types := make([]string, len(req.Steps))
	for i, st := range req.Steps {
		if types[i], err = m.relTypes(st.Relations, fmt.Sprintf("expand: steps[%d].relations", i)); err != nil {
			return graph.Expansion{}, err
		}
	}
	from := req.From
	if from == nil {
		from = []string{}
	}
	query := expandQuery(types, dirs, a)
	params := a.params(map[string]any{"from": from, "limit": int64(limit)})
	recs, err := readQuery(ctx, s, query, params, scanExpansion)
	if err != nil {
		return graph.Expansion{}, s.fail("expand", err)
	}
	if len(recs) != 1 {
		return graph.Expansion{}, fmt.Errorf("cypher: expand: the query returned %d records, want 1", len(recs))
	}
	return expansion(recs[0], len(req.Steps)), nil
}

// expansion assembles the query's rows into the contract's result.
func expansion(rows []expandRow, steps int) graph.Expansion {
	exp := graph.Expansion{Hops: make([][]graph.Hop, steps), Nodes: []graph.Entity{}}
	for i := range exp.Hops {
		exp.Hops[i] = []graph.Hop{}
	}
	types := make(map[string]string)
	type nodeStep struct {
		node string
		step int
	}
	kept := make(map[nodeStep]int)
	totals := make(map[nodeStep]int)
	for _, x := range rows {
		if x.step < 0 || x.step >= steps {
			continue
		}
		types[x.from] = x.fromType
		k := nodeStep{x.from, x.step}
		totals[k] = x.total
		if !x.hop {
			continue
		}
		kept[k]++
		types[x.to] = x.toType
		d := graph.Out
		if x.dir == dirIn {
			d = graph.In
		}
		exp.Hops[x.step] = append(exp.Hops[x.step], graph.Hop{
			From: x.from, Relation: x.rel, To: x.to, Direction: d,
			Source: graph.Source{File: x.file, Line: int(x.line)},
		})
	}
	for _, hops := range exp.Hops {
		slices.SortFunc(hops, compareHops)
	}
	for name, t := range types {
		exp.Nodes = append(exp.Nodes, graph.Entity{Name: name, Type: t})
	}
	slices.SortFunc(exp.Nodes, func(a, b graph.Entity) int { return strings.Compare(a.Name, b.Name) })
	for k, total := range totals {
		if total > kept[k] {
			exp.Truncated = append(exp.Truncated, graph.Truncation{Node: k.node, Step: k.step, Kept: kept[k], Total: total})
		}
	}
	slices.SortFunc(exp.Truncated, func(a, b graph.Truncation) int {
		return cmp.Or(cmp.Compare(a.Step, b.Step), strings.Compare(a.Node, b.Node))
	})
	return exp
}

// compareHops orders hops by (From, Relation, Direction, To).
func compareHops(a, b graph.Hop) int {
	return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.Relation, b.Relation),
		cmp.Compare(a.Direction, b.Direction), strings.Compare(a.To, b.To))
}

// qPaths finds the shortest paths; the template takes the relationship
// pattern (arrows, quoted types and the hop range, from checked values
// only) and the access predicate on its relationships. Each path's sort key lists, hop by hop, the relation, the
// direction it was walked in and the node reached: memstore's depth-first
// canonical order.
const qPaths = `
MATCH (a:Entity {name: $from}), (b:Entity {name: $to})
MATCH p = allShortestPaths((a)%s(b))%s
WITH nodes(p) AS ns, relationships(p) AS rs
WITH ns, rs, [i IN range(0, size(rs) - 1) | CASE WHEN startNode(rs[i]) = ns[i] THEN 0 ELSE 1 END] AS dirs
WITH ns, rs, dirs, reduce(k = [], i IN range(0, size(rs) - 1) | k + [type(rs[i]), dirs[i], ns[i + 1].name]) AS key
ORDER BY key
LIMIT $limit
RETURN [x IN ns | x.name] AS names, [r IN rs | type(r)] AS rels, dirs,
       [r IN rs | r.file] AS files, [r IN rs | r.line] AS lines`

// pathPattern returns the variable-length relationship pattern of a paths
// request.
func pathPattern(types string, d graph.Direction, maxHops int) string {
	rel := fmt.Sprintf("[%s*1..%d]", types, maxHops)
	switch d {
	case graph.Out:
		return "-" + rel + "->"
	case graph.In:
		return "<-" + rel + "-"
	}
	return "-" + rel + "-"
}

// Paths returns the shortest paths from req.From to req.To of at most
// req.MaxHops (1..6) hops, walking every hop in req.Direction along the
// relations named (all when none), up to req.Limit (default 10) paths, all
// of the shortest length found, in memstore's canonical order (hop by hop:
// relation, direction, node name). No path, an unknown entity or From ==
// To give an empty result.
func (s *Store) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	return s.paths(ctx, req, m, access{})
}

// paths is Paths against meta m, for the caller of a.
func (s *Store) paths(ctx context.Context, req graph.PathRequest, m *meta, a access) ([]graph.Path, error) {
	req, err := req.Normalize()
	if err != nil {
		return nil, fmt.Errorf("cypher: %w", err)
	}
	limit := req.Limit
	types, err := m.relTypes(req.Relations, "paths: relations")
	if err != nil {
		return nil, err
	}
	if req.From == req.To {
		return []graph.Path{}, nil
	}
	query := fmt.Sprintf(qPaths, pathPattern(types, req.Direction, req.MaxHops), a.pathWhere("p"))
	params := a.params(map[string]any{"from": req.From, "to": req.To, "limit": int64(limit)})
	paths, err := readQuery(ctx, s, query, params, scanPath)
	if err != nil {
		return nil, s.fail("paths", err)
	}
	if paths == nil {
		paths = []graph.Path{}
	}
	return paths, nil
}

func scanPath(r *neo4j.Record) (graph.Path, error) {
	names, err := strList(r, 0)
	if err != nil {
		return graph.Path{}, err
	}
	rels, err := strList(r, 1)
	if err != nil {
		return graph.Path{}, err
	}
	dirs, err := intList(r, 2)
	if err != nil {
		return graph.Path{}, err
	}
	files, err := strList(r, 3)
	if err != nil {
		return graph.Path{}, err
	}
	lines, err := intList(r, 4)
	if err != nil {
		return graph.Path{}, err
	}
	n := len(rels)
	if len(names) != n+1 || len(dirs) != n || len(files) != n || len(lines) != n {
		return graph.Path{}, fmt.Errorf("paths: a path with %d nodes, %d relations, %d directions, %d files, %d lines", len(names), n, len(dirs), len(files), len(lines))
	}
	p := graph.Path{Hops: make([]graph.Hop, n)}
	for i := range n {
		d := graph.Out
		if dirs[i] == dirIn {
			d = graph.In
		}
		p.Hops[i] = graph.Hop{From: names[i], Relation: rels[i], To: names[i+1], Direction: d,
			Source: graph.Source{File: files[i], Line: int(lines[i])}}
	}
	return p, nil
}
