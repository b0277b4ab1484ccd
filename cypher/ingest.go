package cypher

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
)

// The constraints and indexes, created idempotently before the first
// write. The uniqueness constraint on Entity.name is the index every
// request starts from (NodeUniqueIndexSeek); the range index on key serves
// normalized matching; the full-text index over the name trigrams gives
// the candidates of fuzzy matching (whitespace analyzer: one token a
// trigram, kept as written).
var schemaStatements = []string{
	`CREATE CONSTRAINT scgraph_entity_name IF NOT EXISTS FOR (n:Entity) REQUIRE n.name IS UNIQUE`,
	`CREATE RANGE INDEX scgraph_entity_key IF NOT EXISTS FOR (n:Entity) ON (n.key)`,
	`CREATE FULLTEXT INDEX ` + fulltextIndex + ` IF NOT EXISTS FOR (n:Entity) ON EACH [n.trigrams]
OPTIONS {indexConfig: {` + "`fulltext.analyzer`" + `: 'whitespace', ` + "`fulltext.eventually_consistent`" + `: true}}`,
	`CREATE CONSTRAINT scgraph_meta_id IF NOT EXISTS FOR (m:ScgraphMeta) REQUIRE m.id IS UNIQUE`,
}

// fulltextIndex is the name of the full-text index over name trigrams.
const fulltextIndex = "scgraph_entity_trigrams"

// qAwaitIndexes waits until the indexes are online (populated).
const qAwaitIndexes = `CALL db.awaitIndexes(300)`

// qAwaitFulltext waits until the eventually consistent full-text index
// has applied every committed write, so that fuzzy linking sees what an
// ingestion wrote as soon as it returns. (Updating it asynchronously
// makes entity writes about twice as fast.)
const qAwaitFulltext = `CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()`

// ensureIndexes creates the constraints and indexes if they are missing
// and waits until they are online. The caller holds writeMu.
func (s *Store) ensureIndexes(ctx context.Context) error {
	if s.indexed.Load() {
		return nil
	}
	// Schema commands cannot share a transaction with data writes, nor
	// with each other.
	for _, stmt := range schemaStatements {
		if _, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
			return exec(ctx, tx, stmt, nil)
		}); err != nil {
			return s.fail("create the indexes", err)
		}
	}
	if _, err := readTx(ctx, s, func(tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitIndexes, nil)
	}); err != nil {
		return s.fail("wait for the indexes", err)
	}
	s.indexed.Store(true)
	return nil
}

const (
	// qMergeEntities creates the entities that do not exist yet, of type
	// $type; the template takes the type's label clause (", n:`Type`"), or
	// nothing.
	qMergeEntities = `
UNWIND $rows AS row
MERGE (n:Entity {name: row.name})
ON CREATE SET n.key = row.key, n.trigrams = row.trigrams, n.type = $type%s`

	// qMergeTriples creates the facts of one relation that do not exist
	// yet; the template takes the quoted relation type. A fact keeps the
	// provenance and types of its first ingestion, as in memstore.
	qMergeTriples = `
UNWIND $rows AS row
MATCH (s:Entity {name: row.s})
MATCH (o:Entity {name: row.o})
MERGE (s)-[r:%s]->(o)
ON CREATE SET r.file = row.file, r.line = row.line, r.subject_type = row.st, r.object_type = row.ot, r.acl = row.acl`

	// qCreateEntities and qCreateTriples are the same writes into an empty
	// graph, where nothing can exist yet (the rows are distinct): CREATE
	// skips MERGE's lookups, and the uniqueness constraint still refuses
	// a duplicate entity should another client write at the same time.
	// qCreateEntities takes the type's label (":`Type`") or nothing.
	qCreateEntities = `
UNWIND $rows AS row
CREATE (n:Entity%s {name: row.name, key: row.key, trigrams: row.trigrams, type: $type})`
	qCreateTriples = `
UNWIND $rows AS row
MATCH (s:Entity {name: row.s})
MATCH (o:Entity {name: row.o})
CREATE (s)-[r:%s {file: row.file, line: row.line, subject_type: row.st, object_type: row.ot, acl: row.acl}]->(o)`
)

// DefaultBatchSize is the number of rows written per transaction.
const DefaultBatchSize = 5000

// Ingestion phases, as IngestOptions.Progress reports them.
const (
	PhaseEntities = "entities" // creating the entity nodes
	PhaseTriples  = "triples"  // creating the relationships
	PhaseTyping   = "types"    // writing the entity types that changed
)

// IngestOptions tune Ingest.
type IngestOptions struct {
	// BatchSize is the number of rows per transaction; 0 means
	// DefaultBatchSize.
	BatchSize int
	// Progress, when set, is called after every transaction with the phase
	// and the rows done of the phase's total.
	Progress func(phase string, done, total int)
}

// AddTriples adds the triples not already stored (same subject, relation
// and object) and returns how many were new: adding the same data twice
// adds nothing the second time. It is Ingest with the default options.
func (s *Store) AddTriples(ctx context.Context, ts []graph.Triple) (int, error) {
	return s.Ingest(ctx, ts, IngestOptions{})
}

// Ingest writes triples in batches of opts.BatchSize rows per
// transaction, types the entities (graph.Infer over all the triples of the
// graph with the user schema as base, as memstore does) and stores the
// schema. Each fact keeps the Source and subject/object types of its first
// ingestion. Relation and type names must be identifiers and subjects and
// objects non-empty: on any invalid triple nothing is written and the
// error names the triple and its source. A failure part-way leaves the
// batches already committed; running the same ingestion again completes
// it.
//
// Into an empty graph the types are computed from ts before writing and
// written with the entities; otherwise every entity is retyped from all
// the stored triples after the write, since new facts can change the
// types of old entities.
func (s *Store) Ingest(ctx context.Context, ts []graph.Triple, opts IngestOptions) (int, error) {
	if err := checkTriples(ts); err != nil {
		return 0, err
	}
	batch := opts.BatchSize
	if batch <= 0 {
		batch = DefaultBatchSize
	}
	report := func(phase string, done, total int) {
		if opts.Progress != nil {
			opts.Progress(phase, done, total)
		}
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.ensureIndexes(ctx); err != nil {
		return 0, err
	}
	facts := distinctFacts(ts)
	empty, user, err := s.emptyGraph(ctx)
	if err != nil {
		return 0, err
	}
	var schema *graph.Schema
	var types map[string]string
	if empty {
		schema, types = graph.Infer(facts, user)
	}

	if err := s.writeEntities(ctx, facts, types, empty, batch, report); err != nil {
		return 0, err
	}
	added, err := s.writeFacts(ctx, facts, empty, batch, report)
	if err != nil {
		return added, err
	}
	switch {
	case empty:
		err = s.writeMeta(ctx, user, schema)
	case added > 0 || s.meta.Load() == nil:
		err = s.retype(ctx, nil, false, func(done, total int) { report(PhaseTyping, done, total) })
	}
	if err != nil {
		return added, err
	}
	if _, err := readTx(ctx, s, func(tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitFulltext, nil)
	}); err != nil {
		return added, s.fail("wait for the full-text index", err)
	}
	return added, nil
}

// distinctFacts keeps the first triple of each (subject, relation,
// object), in order.
func distinctFacts(ts []graph.Triple) []graph.Triple {
	type fact struct{ s, r, o string }
	seen := make(map[fact]struct{}, len(ts))
	out := make([]graph.Triple, 0, len(ts))
	for _, t := range ts {
		f := fact{t.Subject, t.Relation, t.Object}
		if _, dup := seen[f]; !dup {
			seen[f] = struct{}{}
			out = append(out, t)
		}
	}
	return out
}

// qGraphEmpty reads whether the graph has no entity yet (from the count
// store) and the stored user schema.
const qGraphEmpty = `
MATCH (n:Entity) WITH count(n) = 0 AS empty
OPTIONAL MATCH (m:ScgraphMeta {id: $id})
RETURN empty, m.user AS user`

// emptyGraph reports whether the graph holds no entity, and the stored
// user schema.
func (s *Store) emptyGraph(ctx context.Context) (bool, *graph.Schema, error) {
	type state struct {
		empty bool
		user  string
	}
	st, err := readTx(ctx, s, func(tx neo4j.ManagedTransaction) (state, error) {
		rows, err := collect(ctx, tx, qGraphEmpty, map[string]any{"id": metaID}, func(r *neo4j.Record) (state, error) {
			e, ok := r.Values[0].(bool)
			if !ok {
				return state{}, colErr(r, 0, "a boolean")
			}
			u, err := strAt(r, 1)
			return state{e, u}, err
		})
		if err != nil || len(rows) == 0 {
			return state{}, err
		}
		return rows[0], nil
	})
	if err != nil {
		return false, nil, s.fail("read the graph's state", err)
	}
	if st.user == "" {
		return st.empty, nil, nil
	}
	user, err := decodeSchema(st.user)
	if err != nil {
		return false, nil, fmt.Errorf("cypher: the user schema stored in %s: %w", s, err)
	}
	return st.empty, user, nil
}

// writeEntities creates the entities of facts that do not exist yet, with
// their types when types is not nil; into an empty graph with CREATE.
func (s *Store) writeEntities(ctx context.Context, facts []graph.Triple, types map[string]string, empty bool, batch int, report func(string, int, int)) error {
	tmpl, labelSep := qMergeEntities, ", n:"
	if empty {
		tmpl, labelSep = qCreateEntities, ":"
	}
	byType := make(map[string][]map[string]any)
	seen := make(map[string]struct{}, len(facts)/2)
	n := 0
	add := func(name string) {
		if _, ok := seen[name]; ok {
			return
		}
		seen[name] = struct{}{}
		row := map[string]any{"name": name, "key": nil, "trigrams": nil}
		if key := text.Key(name); key != "" {
			row["key"] = key
			row["trigrams"] = strings.Join(trigramTokens(key), " ")
		}
		t := types[name]
		byType[t] = append(byType[t], row)
		n++
	}
	for _, t := range facts {
		add(t.Subject)
		add(t.Object)
	}
	done := 0
	for _, typ := range slices.Sorted(maps.Keys(byType)) {
		label := ""
		if typeLabel(typ) {
			q, err := quote(typ)
			if err != nil {
				return err
			}
			label = labelSep + q
		}
		query := fmt.Sprintf(tmpl, label)
		for rows := range slices.Chunk(byType[typ], batch) {
			if _, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
				return exec(ctx, tx, query, map[string]any{"rows": rows, "type": nullIfZero(typ)})
			}); err != nil {
				return s.fail("write entities", err)
			}
			done += len(rows)
			report(PhaseEntities, done, n)
		}
	}
	return nil
}

// writeFacts creates the relationships of facts that do not exist yet and
// returns how many it created; into an empty graph with CREATE.
func (s *Store) writeFacts(ctx context.Context, facts []graph.Triple, empty bool, batch int, report func(string, int, int)) (int, error) {
	tmpl := qMergeTriples
	if empty {
		tmpl = qCreateTriples
	}
	byRel := make(map[string][]map[string]any)
	for _, t := range facts {
		byRel[t.Relation] = append(byRel[t.Relation], map[string]any{
			"s": t.Subject, "o": t.Object,
			"file": nullIfZero(t.Source.File), "line": nullIfZero(int64(t.Source.Line)),
			"st": nullIfZero(t.SubjectType), "ot": nullIfZero(t.ObjectType),
			"acl": aclParam(t.ACL),
		})
	}
	added, done := 0, 0
	for _, rel := range slices.Sorted(maps.Keys(byRel)) {
		q, err := quote(rel)
		if err != nil {
			return added, err
		}
		query := fmt.Sprintf(tmpl, q)
		for rows := range slices.Chunk(byRel[rel], batch) {
			c, err := writeTx(ctx, s, func(tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
				return exec(ctx, tx, query, map[string]any{"rows": rows})
			})
			if err != nil {
				return added, s.fail("write "+rel+" triples", err)
			}
			added += c.RelationshipsCreated()
			done += len(rows)
			report(PhaseTriples, done, len(facts))
		}
	}
	return added, nil
}

// aclParam is a fact's access list as the acl property: its groups,
// sorted, or null (no property: public). The list was checked.
func aclParam(acl []string) any {
	acl, _ = graph.CheckACL(acl)
	if len(acl) == 0 {
		return nil
	}
	return acl
}

func nullIfZero[T comparable](v T) any {
	var zero T
	if v == zero {
		return nil
	}
	return v
}

// checkTriples validates a batch before anything is written, with the
// same rules and messages as memstore (graph.TripleChecker).
func checkTriples(ts []graph.Triple) error {
	var check graph.TripleChecker
	for i, t := range ts {
		if err := check.Check(i, t); err != nil {
			return fmt.Errorf("cypher: %w", err)
		}
	}
	return nil
}
