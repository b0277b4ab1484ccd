package cypher

import (
	"context"
	"fmt"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
)

// ProfileExpand runs the query Expand would run for req under PROFILE and
// returns the operators of its plan with their details, for tests that
// check the query uses the indexes. (PROFILE rather than EXPLAIN: the
// driver's neo4j.Plan.Children returns the last child for every child,
// while ProfiledPlan.Children is right.)
func (s *Store) ProfileExpand(ctx context.Context, req graph.ExpandRequest) ([]string, error) {
	m, err := s.loadMeta(ctx)
	if err != nil {
		return nil, err
	}
	types := make([]string, len(req.Steps))
	dirs := make([]graph.Direction, len(req.Steps))
	for i, st := range req.Steps {
		if types[i], err = m.relTypes(st.Relations, "explain"); err != nil {
			return nil, err
		}
		dirs[i] = st.Direction
	}
	query := "PROFILE " + expandQuery(types, dirs, access{})
	return readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]string, error) {
		res, err := tx.Run(ctx, query, map[string]any{"from": req.From, "limit": int64(10)})
		if err != nil {
			return nil, err
		}
		sum, err := res.Consume(ctx)
		if err != nil {
			return nil, err
		}
		var ops []string
		var walk func(p neo4j.ProfiledPlan)
		walk = func(p neo4j.ProfiledPlan) {
			ops = append(ops, fmt.Sprintf("%s %v", p.Operator(), p.Arguments()["Details"]))
			for _, c := range p.Children() {
				walk(c)
			}
		}
		if p := sum.Profile(); p != nil {
			walk(p)
		}
		return ops, nil
	})
}

// LuceneEscape and TrigramTokens are the query helpers of Resolve;
// CheckVersion is Open's check of the server's version.
var (
	LuceneEscape  = luceneEscape
	TrigramTokens = trigramTokens
	CheckVersion  = checkVersion
)

// SafeURI is the URI as errors show it.
func (c Config) SafeURI() string { return c.safeURI() }

// RunRead runs query as the agent's reads run (readQuery) and returns its
// row count.
func (s *Store) RunRead(ctx context.Context, query string, params map[string]any) (int, error) {
	rows, err := readQuery(ctx, s, query, params, func(*neo4j.Record) (struct{}, error) { return struct{}{}, nil })
	return len(rows), err
}

// DropSchema drops scgraph's constraints and indexes, so that the next
// ingest into the wiped graph is a first load into a fresh database.
func (s *Store) DropSchema(ctx context.Context) error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	for _, stmt := range []string{
		`DROP CONSTRAINT scgraph_entity_name IF EXISTS`,
		`DROP CONSTRAINT scgraph_meta_id IF EXISTS`,
		`DROP INDEX scgraph_entity_key IF EXISTS`,
		`DROP INDEX ` + fulltextIndex + ` IF EXISTS`,
	} {
		if err := s.createIndexes(ctx, []string{stmt}); err != nil {
			return err
		}
	}
	s.indexed.Store(false)
	return nil
}
