package cypher

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acl"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
)

// The constraints and indexes scgraph creates, idempotently (IF NOT
// EXISTS), before its first write:
//
//   - scgraph_entity_name, a uniqueness constraint on Entity.name: every
//     request starts from it (NodeUniqueIndexSeek), and it keeps two
//     clients from creating the same entity twice;
//   - scgraph_meta_id, a uniqueness constraint on ScgraphMeta.id (the
//     schema and the ingest markers).
//
// and after the data of a first load, when building them in one pass is
// cheaper than maintaining them row by row:
//
//   - scgraph_entity_key, a range index on Entity.key: normalized matching
//     ("the cart service" finds cartservice);
//   - scgraph_entity_trigrams, a full-text index over the name trigrams
//     (whitespace analyzer: one token a trigram, kept as written) that
//     proposes the candidates of fuzzy matching.
var (
	constraintStatements = []string{
		`CREATE CONSTRAINT scgraph_entity_name IF NOT EXISTS FOR (n:Entity) REQUIRE n.name IS UNIQUE`,
		`CREATE CONSTRAINT scgraph_meta_id IF NOT EXISTS FOR (m:ScgraphMeta) REQUIRE m.id IS UNIQUE`,
	}
	indexStatements = []string{
		`CREATE RANGE INDEX scgraph_entity_key IF NOT EXISTS FOR (n:Entity) ON (n.key)`,
		`CREATE FULLTEXT INDEX ` + fulltextIndex + ` IF NOT EXISTS FOR (n:Entity) ON EACH [n.trigrams]
OPTIONS {indexConfig: {` + "`fulltext.analyzer`" + `: 'whitespace', ` + "`fulltext.eventually_consistent`" + `: true}}`,
	}
)

// fulltextIndex is the name of the full-text index over name trigrams.
const fulltextIndex = "scgraph_entity_trigrams"

// qAwaitIndexes waits until the indexes are online (populated).
const qAwaitIndexes = `CALL db.awaitIndexes(1800)`

// qAwaitFulltext waits until the eventually consistent full-text index
// has applied every committed write, so that fuzzy linking sees what an
// ingestion wrote as soon as it returns. (Updating it asynchronously
// makes entity writes about twice as fast.)
const qAwaitFulltext = `CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()`

// ensureIndexes creates the constraints, and the indexes too unless
// constraintsOnly, if they are missing, and waits until they are online.
// The caller holds writeMu.
func (s *Store) ensureIndexes(ctx context.Context, constraintsOnly bool) error {
	if s.indexed.Load() {
		return nil
	}
	stmts := constraintStatements
	if !constraintsOnly {
		stmts = append(slices.Clip(stmts), indexStatements...)
	}
	if err := s.createIndexes(ctx, stmts); err != nil {
		return err
	}
	if _, err := runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitIndexes, nil)
	}); err != nil {
		return s.fail("wait for the indexes", err)
	}
	if !constraintsOnly {
		s.indexed.Store(true)
	}
	return nil
}

// The writes. Rows are lists rather than maps (less to encode and decode
// per row); their fields are given with each query.
const (
	// qMergeEntities creates the entities that do not exist yet, untyped
	// (retyping follows). Rows: [name, key, trigrams].
	qMergeEntities = `
UNWIND $rows AS row
MERGE (n:Entity {name: row[0]})
ON CREATE SET n.key = row[1], n.trigrams = row[2]`

	// qMergeTriples creates the facts of one relation that do not exist
	// yet; the template takes the quoted relation type. A fact keeps the
	// provenance and types of its first ingestion, as in memstore, and
	// takes the access list of the latest (a re-ingest converges to its
	// file's lists); the query returns the ids of the facts stored before
	// whose list it changed. Rows: [subject, object, file, line, subject
	// type, object type, acl].
	qMergeTriples = `
UNWIND $rows AS row
MATCH (s:Entity {name: row[0]})
MATCH (o:Entity {name: row[1]})
MERGE (s)-[r:%s]->(o)
ON CREATE SET r.file = row[2], r.line = row[3], r.subject_type = row[4], r.object_type = row[5], r.acl = row[6]
WITH r, row WHERE coalesce(r.acl, []) <> coalesce(row[6], [])
SET r.acl = row[6]
RETURN collect(id(r))`

	// qCreateEntities and qCreateTriples are the writes into an empty
	// graph, where nothing can exist yet (the rows are distinct): CREATE
	// skips MERGE's lookups, and the uniqueness constraint still refuses
	// a duplicate entity should another client write at the same time.
	// The type label and the relation type are values of the rows
	// (Cypher's dynamic labels and types, Neo4j 5.26), so that one query
	// serves every batch: batches are even, and the server plans two
	// queries instead of one per type and relation. qCreateEntities
	// returns the new nodes' ids in row order, with which qCreateTriples
	// finds the endpoints (a seek by id instead of an index lookup by
	// name). Entity rows: [name, key, trigrams, type labels (none or one),
	// type]; fact rows: a merge row and the relation.
	qCreateEntities = `
UNWIND $rows AS row
CREATE (n:Entity:$(row[3]) {name: row[0], key: row[1], trigrams: row[2], type: row[4]})
RETURN collect(id(n))`
	qCreateTriples = `
UNWIND $rows AS row
MATCH (s) WHERE id(s) = row[0]
MATCH (o) WHERE id(o) = row[1]
CREATE (s)-[r:$(row[7]) {file: row[2], line: row[3], subject_type: row[4], object_type: row[5], acl: row[6]}]->(o)`
)

// defaultBatchSize is the number of rows written per transaction.
const defaultBatchSize = 10000

// defaultWorkers is the number of transactions an ingest runs at once.
const defaultWorkers = 2

// Ingestion phases, as IngestOptions.Progress reports them.
const (
	PhaseEntities = "entities" // creating the entity nodes
	PhaseTriples  = "triples"  // creating the relationships
	PhaseTyping   = "types"    // writing the entity types that changed
	PhaseIndexes  = "indexes"  // building the search indexes
)

// IngestOptions tune Ingest.
type IngestOptions struct {
	// BatchSize is the number of rows per transaction; 0 means
	// defaultBatchSize.
	BatchSize int
	// Workers is the number of transactions run at once; 0 means
	// defaultWorkers. Entities are distinct, so their batches never
	// contend; relationship batches may share nodes and lock them, and the
	// driver retries a transaction the server ended to break a deadlock.
	Workers int
	// Source names the ingest in its marker (see Ingests); by default the
	// triples' source files.
	Source string
	// Progress, when set, is called after every committed transaction
	// with the phase and the rows committed of the phase's total (never
	// rows merely sent). Calls are serialised.
	Progress func(phase string, done, total int)
}

// AddTriples adds the triples not already stored (same subject, relation
// and object) and returns how many were new: adding the same data twice
// adds nothing the second time. It is Ingest with the default options.
func (s *Store) AddTriples(ctx context.Context, ts []graph.Triple) (int, error) {
	st, err := s.Ingest(ctx, ts, IngestOptions{})
	return st.Added, err
}

// Ingest writes triples in batches of opts.BatchSize rows per
// transaction, types the entities (infer.Infer over all the triples of the
// graph with the user schema as base, as memstore does) and stores the
// schema. Each fact keeps the Source and subject/object types of its first
// ingestion, and takes the access list of the latest, as memstore's Write
// does: the stats count the new facts and the stored facts whose access
// list changed. Names must pass graph.CheckName and relation and type names
// must be identifiers, and a fact given twice must carry one access list
// (graph.CheckACLConflicts): on any invalid triple nothing is written and
// the error names the triple and its source.
//
// An ingest is recorded in the graph (see Ingests) before its first batch
// and marked finished after its last write, so a failure part-way leaves
// the batches already committed and a marker saying the graph is partial;
// running the same ingest again completes it exactly.
//
// Into an empty graph the types are computed from ts before writing and
// written with the entities, relationships find their endpoints by id, and
// the search indexes are built once the data is in; otherwise every entity
// is retyped from all the stored triples after the write, since new facts
// can change the types of old entities.
func (s *Store) Ingest(ctx context.Context, ts []graph.Triple, opts IngestOptions) (graph.WriteStats, error) {
	var stats graph.WriteStats
	if err := checkTriples(ts); err != nil {
		return stats, err
	}
	w := s.newWriter(opts)
	source := opts.Source
	if source == "" {
		source = ingestSource(ts)
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	facts := distinctFacts(ts)
	empty, user, err := s.emptyGraph(ctx)
	if err != nil {
		return stats, err
	}
	// The rows are prepared, and an empty graph's types inferred, while
	// the server creates the constraints: each takes a fraction of a
	// second on a big ingest.
	var (
		ents   [][]any
		schema *graph.Schema
		types  map[string]string
		prep   sync.WaitGroup
	)
	prep.Go(func() { ents = entityRows(facts) })
	if empty {
		prep.Go(func() { schema, types = infer.Infer(facts, user) })
	}
	partial, err := s.ingestSetup(ctx)
	prep.Wait()
	if err != nil {
		return stats, err
	}
	if err := s.startIngest(ctx, source, len(facts), len(ents)); err != nil {
		return stats, err
	}

	if empty {
		var ids map[string]int64
		if ids, err = w.createEntities(ctx, ents, types); err != nil {
			return stats, err
		}
		// The search indexes cover entities only: the server populates
		// them while the relationships are written.
		if !s.indexed.Load() {
			if err := s.createIndexes(ctx, indexStatements); err != nil {
				return stats, err
			}
		}
		if stats.Added, err = w.createFacts(ctx, facts, ids); err != nil {
			return stats, err
		}
		if err := s.writeMeta(ctx, user, schema); err != nil {
			return stats, err
		}
	} else {
		if err := w.mergeEntities(ctx, ents); err != nil {
			return stats, err
		}
		if stats, err = w.mergeFacts(ctx, facts); err != nil {
			return stats, err
		}
		// A partial ingest may have stopped before typing; a changed
		// access list changes which facts type an entity for a caller.
		if stats.Added > 0 || stats.ACLChanged > 0 || len(partial) > 0 || s.meta.Load() == nil {
			if err := s.retype(ctx, nil, false, func(done, total int) { w.report(PhaseTyping, done, total) }); err != nil {
				return stats, err
			}
		}
	}
	if !s.indexed.Load() {
		w.report(PhaseIndexes, 0, 1)
		if err := s.ensureIndexes(ctx, false); err != nil {
			return stats, err
		}
		w.report(PhaseIndexes, 1, 1)
	}
	if _, err := runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitFulltext, nil)
	}); err != nil {
		return stats, s.fail("wait for the full-text index", err)
	}
	return stats, s.finishIngest(ctx, source)
}

// createIndexes runs the schema statements stmts. It returns once the
// server has recorded them, while it may still be populating the indexes
// (see ensureIndexes to wait for them).
func (s *Store) createIndexes(ctx context.Context, stmts []string) error {
	// Schema commands cannot share a transaction with data writes, nor
	// with each other.
	for _, stmt := range stmts {
		if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
			return exec(ctx, tx, stmt, nil)
		}); err != nil {
			return s.fail("create the indexes", err)
		}
	}
	return nil
}

// ingestSetup makes sure of the constraints and returns the partial
// ingests.
func (s *Store) ingestSetup(ctx context.Context) ([]IngestRecord, error) {
	if err := s.ensureIndexes(ctx, true); err != nil {
		return nil, err
	}
	return s.PartialIngests(ctx)
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
	st, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (state, error) {
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

// entityRows returns a row [name, key, trigrams] for every distinct
// subject and object of facts, in order of first appearance.
func entityRows(facts []graph.Triple) [][]any {
	seen := make(map[string]struct{}, len(facts)/2)
	rows := make([][]any, 0, len(facts)/2)
	add := func(name string) {
		if _, ok := seen[name]; ok {
			return
		}
		seen[name] = struct{}{}
		var key, trigrams any
		if k := text.Key(name); k != "" {
			key, trigrams = k, trigramText(k)
		}
		rows = append(rows, []any{name, key, trigrams})
	}
	for _, t := range facts {
		add(t.Subject)
		add(t.Object)
	}
	return rows
}

// writer runs the batches of one ingest, several at a time, and reports
// what was committed.
type writer struct {
	s       *Store
	batch   int
	workers int
	mu      sync.Mutex // serialises the jobs' done callbacks (and so progress)
	prog    func(phase string, done, total int)
}

func (s *Store) newWriter(opts IngestOptions) *writer {
	w := &writer{s: s, batch: opts.BatchSize, workers: opts.Workers, prog: opts.Progress}
	if w.batch <= 0 {
		w.batch = defaultBatchSize
	}
	if w.workers <= 0 {
		w.workers = defaultWorkers
	}
	return w
}

// report calls the progress function. Calls are serialised: the phases
// run one after the other, and within a phase run calls done, which
// reports, with w.mu held.
func (w *writer) report(phase string, done, total int) {
	if w.prog != nil {
		w.prog(phase, done, total)
	}
}

// job is one batch: a query and its rows.
type job struct {
	query string
	rows  [][]any
}

// run commits the jobs, w.workers at a time, in managed write
// transactions; done is called (serialised) after each commit with the
// job, the ids the query returned when returnsIDs (its one record holds
// them as a list: a record per row costs the driver a round trip per
// thousand rows) and the write counters. It stops at the first error and
// returns it.
func (w *writer) run(ctx context.Context, what string, jobs []job, returnsIDs bool, done func(job, []int64, neo4j.Counters)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan job)
	errs := make(chan error, w.workers)
	var wg sync.WaitGroup
	for range min(w.workers, len(jobs)) {
		wg.Go(func() {
			for j := range next {
				type out struct {
					ids []int64
					c   neo4j.Counters
				}
				params := map[string]any{"rows": j.rows}
				o, err := writeTx(ctx, w.s, func(ctx context.Context, tx neo4j.ManagedTransaction) (out, error) {
					if !returnsIDs {
						c, err := exec(ctx, tx, j.query, params)
						return out{c: c}, err
					}
					lists, c, err := collectCounted(ctx, tx, j.query, params, func(r *neo4j.Record) ([]int64, error) { return intList(r, 0) })
					if err != nil || len(lists) != 1 {
						return out{}, cmp.Or(err, fmt.Errorf("the write returned %d records, want 1", len(lists)))
					}
					return out{ids: lists[0], c: c}, nil
				})
				if err != nil {
					errs <- w.s.fail(what, err)
					cancel()
					return
				}
				w.mu.Lock()
				done(j, o.ids, o.c)
				w.mu.Unlock()
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	return ctx.Err()
}

// chunkJobs makes batches of rows for one query.
func (w *writer) chunkJobs(query string, rows [][]any) []job {
	jobs := make([]job, 0, (len(rows)+w.batch-1)/w.batch)
	for ch := range slices.Chunk(rows, w.batch) {
		jobs = append(jobs, job{query: query, rows: ch})
	}
	return jobs
}

// createEntities creates the entities of an empty graph with their types
// and returns the id of each new node by name.
func (w *writer) createEntities(ctx context.Context, rows [][]any, types map[string]string) (map[string]int64, error) {
	labels := map[string][]string{} // one list per type, shared by its rows
	typed := make([][]any, len(rows))
	for i, r := range rows {
		typ := types[r[0].(string)]
		l, ok := labels[typ]
		if !ok {
			l = []string{}
			if typeLabel(typ) {
				l = []string{typ}
			}
			labels[typ] = l
		}
		typed[i] = append(r[:3:3], l, nullIfZero(typ))
	}
	ids := make(map[string]int64, len(rows))
	done := 0
	err := w.run(ctx, "write entities", w.chunkJobs(qCreateEntities, typed), true, func(j job, got []int64, _ neo4j.Counters) {
		for i, id := range got {
			if i < len(j.rows) {
				ids[j.rows[i][0].(string)] = id
			}
		}
		done += len(j.rows)
		w.report(PhaseEntities, done, len(rows))
	})
	if err == nil && len(ids) != len(rows) {
		err = fmt.Errorf("cypher: write entities: the server returned %d ids for %d new entities", len(ids), len(rows))
	}
	return ids, err
}

// mergeEntities creates the entities that do not exist yet, untyped
// (retyping follows).
func (w *writer) mergeEntities(ctx context.Context, rows [][]any) error {
	done := 0
	return w.run(ctx, "write entities", w.chunkJobs(qMergeEntities, rows), false, func(j job, _ []int64, _ neo4j.Counters) {
		done += len(j.rows)
		w.report(PhaseEntities, done, len(rows))
	})
}

// factRow is a fact's row for qMergeTriples, its endpoints given by
// subject and object, with room for the relation qCreateTriples adds.
func factRow(t graph.Triple, subject, object any) []any {
	return append(make([]any, 0, 8),
		subject, object,
		nullIfZero(t.Source.File), nullIfZero(int64(t.Source.Line)),
		nullIfZero(t.SubjectType), nullIfZero(t.ObjectType),
		aclParam(t.ACL),
	)
}

// mergeJobs makes the batches of qMergeTriples, one query per relation.
func (w *writer) mergeJobs(facts []graph.Triple) ([]job, error) {
	byRel := make(map[string][][]any)
	for _, t := range facts {
		byRel[t.Relation] = append(byRel[t.Relation], factRow(t, t.Subject, t.Object))
	}
	// The batches of the relations are interleaved, so that the batches
	// running at once are mostly of different relations: batches of one
	// relation tend to share its hub nodes (a genre, a year), whose locks
	// MERGE takes while it looks for the relationship.
	var perRel [][]job
	for _, rel := range slices.Sorted(maps.Keys(byRel)) {
		q, err := quote(rel)
		if err != nil {
			return nil, err
		}
		perRel = append(perRel, w.chunkJobs(fmt.Sprintf(qMergeTriples, q), byRel[rel]))
	}
	var jobs []job
	for i := 0; ; i++ {
		n := len(jobs)
		for _, js := range perRel {
			if i < len(js) {
				jobs = append(jobs, js[i])
			}
		}
		if len(jobs) == n {
			break
		}
	}
	return jobs, nil
}

// createFacts creates the relationships of facts between the entities of
// ids, into a graph that was empty, in the order of facts.
func (w *writer) createFacts(ctx context.Context, facts []graph.Triple, ids map[string]int64) (int, error) {
	rows := make([][]any, len(facts))
	for i, t := range facts {
		rows[i] = append(factRow(t, ids[t.Subject], ids[t.Object]), t.Relation)
	}
	return w.writeFacts(ctx, w.chunkJobs(qCreateTriples, rows), len(facts))
}

// mergeFacts creates the relationships of facts that do not exist yet and
// gives the others the access lists of facts.
func (w *writer) mergeFacts(ctx context.Context, facts []graph.Triple) (graph.WriteStats, error) {
	var stats graph.WriteStats
	jobs, err := w.mergeJobs(facts)
	if err != nil {
		return stats, err
	}
	done := 0
	err = w.run(ctx, "write triples", jobs, true, func(j job, changed []int64, c neo4j.Counters) {
		stats.Added += c.RelationshipsCreated()
		stats.ACLChanged += len(changed)
		done += len(j.rows)
		w.report(PhaseTriples, done, len(facts))
	})
	return stats, err
}

// writeFacts commits fact batches and returns how many relationships
// they created.
func (w *writer) writeFacts(ctx context.Context, jobs []job, total int) (int, error) {
	added, done := 0, 0
	err := w.run(ctx, "write triples", jobs, false, func(j job, _ []int64, c neo4j.Counters) {
		added += c.RelationshipsCreated()
		done += len(j.rows)
		w.report(PhaseTriples, done, total)
	})
	return added, err
}

// aclParam is a fact's access list as the acl property: its groups,
// sorted, or null (no property: public). The list was checked.
func aclParam(acl []string) any {
	acl, _ = groupname.Check(acl)
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
	if err := acl.CheckConflicts(ts); err != nil {
		return fmt.Errorf("cypher: %w", err)
	}
	var check graph.TripleChecker
	for i, t := range ts {
		if err := check.Check(i, t); err != nil {
			return fmt.Errorf("cypher: %w", err)
		}
	}
	return nil
}
