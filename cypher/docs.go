package cypher

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docgraph"
)

// Documents in Neo4j. A folder of documents becomes entities and
// relationships like any other data (so the agent walks them), with more
// properties:
//
//   - a Document node (type Document) has path, hash (SHA-256 of the file)
//     and version;
//   - a Chunk node (type Chunk, label :Chunk) has id (the chunk id of the
//     document index, also its name), document, text, chunk_index,
//     start_line and end_line;
//   - every relationship the documents gave (PART_OF, MENTIONS and the
//     extracted facts) has, besides file and line, the provenance of its
//     first statement: document, chunk, version, extractor, confidence,
//     and statements (how many statements support it).
//
// A relationship with a chunk property belongs to the documents: SyncDocuments
// deletes those the new document graph no longer has, and never touches a
// relationship without one (written by a triples ingest), even when the
// documents state the same fact. The document index (what an incremental
// ingest and the citations need: every statement with its sentence) is
// kept whole in the node (:ScgraphMeta {id: 'documents'}). A database
// holds one document collection: syncing another folder replaces it.

// documentsID is the id of the meta node that holds the document index.
const documentsID = "documents"

const (
	// qOwnedEdges reads the relationships that belong to the documents.
	qOwnedEdges = `
MATCH (s:Entity)-[r]->(o:Entity) WHERE r.chunk IS NOT NULL
RETURN s.name, type(r), o.name`

	// qDeleteEdges deletes owned relationships of one type (the template
	// takes the quoted type). Rows: [subject, object].
	qDeleteEdges = `
UNWIND $rows AS row
MATCH (s:Entity {name: row[0]})-[r:%s]->(o:Entity {name: row[1]})
WHERE r.chunk IS NOT NULL
DELETE r`

	// qWriteEdges creates or updates the relationships of one type (the
	// template takes the quoted type): a new one is marked as the
	// documents' by its chunk; one a triples ingest wrote (no chunk) is
	// left as it is. Rows: [subject, object, file, line, subject type,
	// object type, acl, document, chunk, version, extractor, confidence,
	// statements].
	qWriteEdges = `
UNWIND $rows AS row
MATCH (s:Entity {name: row[0]})
MATCH (o:Entity {name: row[1]})
MERGE (s)-[r:%s]->(o)
ON CREATE SET r.chunk = row[8]
WITH r, row WHERE r.chunk IS NOT NULL
SET r.file = row[2], r.line = row[3], r.subject_type = row[4], r.object_type = row[5], r.acl = row[6],
    r.document = row[7], r.chunk = row[8], r.version = row[9], r.extractor = row[10], r.confidence = row[11],
    r.statements = row[12]`

	// qSetDocuments and qSetChunks set the node properties. Rows:
	// [path, hash, version] and [id, document, text, index, start line,
	// end line].
	qSetDocuments = `
UNWIND $rows AS row
MATCH (n:Entity {name: row[0]})
SET n.path = row[0], n.hash = row[1], n.version = row[2]`
	qSetChunks = `
UNWIND $rows AS row
MATCH (n:Entity {name: row[0]})
SET n.id = row[0], n.document = row[1], n.text = row[2], n.chunk_index = row[3], n.start_line = row[4], n.end_line = row[5]`

	// qDeleteOrphans deletes the named nodes that have no relationship
	// left, and returns how many.
	qDeleteOrphans = `
UNWIND $names AS name
MATCH (n:Entity {name: name})
WHERE NOT (n)--()
DELETE n
RETURN count(*)`

	qReadDocumentsMeta = `MATCH (m:ScgraphMeta {id: $id}) RETURN m.source, m.index`

	qWriteDocumentsMeta = `
MERGE (m:ScgraphMeta {id: $id})
SET m.kind = 'documents', m.source = $source, m.index = $index, m.updated = datetime()`

	// The read-back of Documents.
	qReadDocumentNodes = `
MATCH (n:Entity) WHERE n.path IS NOT NULL AND n.hash IS NOT NULL
RETURN n.name, n.hash, n.version ORDER BY n.name`
	qReadChunkNodes = `
MATCH (n:Entity) WHERE n.id IS NOT NULL AND n.document IS NOT NULL
RETURN n.name, n.document, n.text, n.chunk_index, n.start_line, n.end_line ORDER BY n.name`
	qReadOwnedEdges = `
MATCH (s:Entity)-[r]->(o:Entity) WHERE r.chunk IS NOT NULL
RETURN s.name, type(r), o.name, r.file, r.line, r.subject_type, r.object_type,
       r.document, r.chunk, r.version, r.extractor, r.confidence, r.statements`
)

// SyncDocuments makes the database's document graph dg: it writes dg's
// nodes and relationships (with their properties), deletes the
// relationships of the documents that dg no longer has (a fact whose only
// support was a changed or removed document) and the nodes they leave
// without any relationship, retypes the entities, and stores dg.Index.
// The result is the graph syncing dg into an empty database gives (the
// versions aside, which count ingests). Triples are checked first, as
// Ingest checks them: on an invalid one nothing is written.
//
// The sync is recorded as an ingest (see Ingests) named "documents:" +
// dg.Source, before its first write and finished after its last; a sync
// cut part-way is reported as partial, and running it again completes it:
// what is deleted is decided by what the database holds, not by the
// stored index.
func (s *Store) SyncDocuments(ctx context.Context, dg docgraph.Graph, opts IngestOptions) (docgraph.Sync, error) {
	var res docgraph.Sync
	ts := make([]graph.Triple, len(dg.Edges))
	for i, e := range dg.Edges {
		ts[i] = e.Triple
	}
	if err := checkTriples(ts); err != nil {
		return res, err
	}
	w := s.newWriter(opts)
	source := opts.Source
	if source == "" {
		source = "documents:" + dg.Source
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.ensureIndexes(ctx, false); err != nil {
		return res, err
	}
	prev, _, err := s.documentsMeta(ctx)
	if err != nil {
		return res, err
	}
	if prev != "" && prev != dg.Source {
		res.Replaced = prev
	}
	if err := s.startIngest(ctx, source, len(dg.Edges), 0); err != nil {
		return res, err
	}

	// What the database holds that dg does not: delete it.
	owned, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([][3]string, error) {
		return collect(ctx, tx, qOwnedEdges, nil, func(r *neo4j.Record) ([3]string, error) {
			var k [3]string
			for i := range k {
				v, err := strAt(r, i)
				if err != nil {
					return k, err
				}
				k[i] = v
			}
			return k, nil
		})
	})
	if err != nil {
		return res, s.fail("read the documents' relationships", err)
	}
	keep := make(map[[3]string]bool, len(dg.Edges))
	for _, e := range dg.Edges {
		keep[[3]string{e.Subject, e.Relation, e.Object}] = true
	}
	stale := map[string][][]any{}
	touched := map[string]bool{}
	for _, k := range owned {
		if !keep[k] {
			stale[k[1]] = append(stale[k[1]], []any{k[0], k[2]})
			touched[k[0]], touched[k[2]] = true, true
		}
	}
	var jobs []job
	for _, rel := range slices.Sorted(maps.Keys(stale)) {
		q, err := quote(rel)
		if err != nil {
			return res, err
		}
		for ch := range slices.Chunk(stale[rel], w.batch) {
			jobs = append(jobs, job{query: fmt.Sprintf(qDeleteEdges, q), rows: ch})
		}
	}
	if err := w.run(ctx, "delete the documents' stale relationships", jobs, false, func(_ job, _ []int64, c neo4j.Counters) {
		res.Deleted += c.RelationshipsDeleted()
	}); err != nil {
		return res, err
	}

	// Write dg: the entities, the relationships, the node properties.
	if err := w.mergeEntities(ctx, entityRows(distinctFacts(ts))); err != nil {
		return res, err
	}
	if res.Created, err = w.writeEdges(ctx, dg.Edges); err != nil {
		return res, err
	}
	if err := w.setNodes(ctx, dg); err != nil {
		return res, err
	}
	if len(touched) > 0 {
		names := slices.Sorted(maps.Keys(touched))
		n, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (int64, error) {
			rows, err := collect(ctx, tx, qDeleteOrphans, map[string]any{"names": names}, func(r *neo4j.Record) (int64, error) { return intAt(r, 0) })
			if err != nil || len(rows) == 0 {
				return 0, err
			}
			return rows[0], nil
		})
		if err != nil {
			return res, s.fail("delete the nodes no document names any more", err)
		}
		res.Orphans = int(n)
	}
	if err := s.retype(ctx, nil, false, func(done, total int) { w.report(PhaseTyping, done, total) }); err != nil {
		return res, err
	}
	if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qWriteDocumentsMeta, map[string]any{"id": documentsID, "source": dg.Source, "index": string(dg.Index)})
	}); err != nil {
		return res, s.fail("store the document index", err)
	}
	if _, err := runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitFulltext, nil)
	}); err != nil {
		return res, s.fail("wait for the full-text index", err)
	}
	return res, s.finishIngest(ctx, source)
}

// writeEdges creates or updates the documents' relationships, one query
// per type, and returns how many it created.
func (w *writer) writeEdges(ctx context.Context, edges []docgraph.Edge) (int, error) {
	byRel := map[string][][]any{}
	for _, e := range edges {
		byRel[e.Relation] = append(byRel[e.Relation], []any{
			e.Subject, e.Object, nullIfZero(e.Source.File), nullIfZero(int64(e.Source.Line)),
			nullIfZero(e.SubjectType), nullIfZero(e.ObjectType), aclParam(e.ACL),
			nullIfZero(e.Document), e.Chunk, nullIfZero(int64(e.Version)), nullIfZero(e.Extractor),
			nullIfZero(e.Confidence), nullIfZero(int64(e.Statements)),
		})
	}
	var jobs []job
	for _, rel := range slices.Sorted(maps.Keys(byRel)) {
		q, err := quote(rel)
		if err != nil {
			return 0, err
		}
		for ch := range slices.Chunk(byRel[rel], w.batch) {
			jobs = append(jobs, job{query: fmt.Sprintf(qWriteEdges, q), rows: ch})
		}
	}
	created, done := 0, 0
	err := w.run(ctx, "write the documents' relationships", jobs, false, func(j job, _ []int64, c neo4j.Counters) {
		created += c.RelationshipsCreated()
		done += len(j.rows)
		w.report(PhaseTriples, done, len(edges))
	})
	return created, err
}

// setNodes writes the Document and Chunk nodes' properties.
func (w *writer) setNodes(ctx context.Context, dg docgraph.Graph) error {
	var docs, chunks [][]any
	for _, d := range dg.Documents {
		docs = append(docs, []any{d.Path, d.Hash, int64(d.Version)})
	}
	for _, c := range dg.Chunks {
		chunks = append(chunks, []any{c.ID, c.Document, c.Text, int64(c.Index), int64(c.StartLine), int64(c.EndLine)})
	}
	var jobs []job
	for ch := range slices.Chunk(docs, w.batch) {
		jobs = append(jobs, job{query: qSetDocuments, rows: ch})
	}
	for ch := range slices.Chunk(chunks, w.batch) {
		jobs = append(jobs, job{query: qSetChunks, rows: ch})
	}
	return w.run(ctx, "write the documents' and chunks' properties", jobs, false, func(job, []int64, neo4j.Counters) {})
}

// documentsMeta reads the stored source and document index ("" when none).
func (s *Store) documentsMeta(ctx context.Context) (source, index string, err error) {
	type meta struct{ source, index string }
	rows, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]meta, error) {
		return collect(ctx, tx, qReadDocumentsMeta, map[string]any{"id": documentsID}, func(r *neo4j.Record) (meta, error) {
			src, err := strAt(r, 0)
			if err != nil {
				return meta{}, err
			}
			ix, err := strAt(r, 1)
			return meta{src, ix}, err
		})
	})
	if err != nil {
		return "", "", s.fail("read the document index", err)
	}
	if len(rows) == 0 {
		return "", "", nil
	}
	return rows[0].source, rows[0].index, nil
}

// DocumentIndex returns the document index the last SyncDocuments stored,
// and the folder it named; nil when the database holds no documents.
func (s *Store) DocumentIndex(ctx context.Context) (index []byte, source string, err error) {
	src, ix, err := s.documentsMeta(ctx)
	if err != nil || ix == "" {
		return nil, src, err
	}
	return []byte(ix), src, nil
}

// Documents reads the document graph back: the Document and Chunk nodes,
// every relationship that belongs to the documents with its provenance
// (sorted by subject, relation, object), and the stored index.
func (s *Store) Documents(ctx context.Context) (docgraph.Graph, error) {
	var dg docgraph.Graph
	src, ix, err := s.documentsMeta(ctx)
	if err != nil {
		return dg, err
	}
	dg.Source = src
	if ix != "" {
		dg.Index = []byte(ix)
	}
	dg, err = runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (docgraph.Graph, error) {
		out := dg
		var err error
		out.Documents, err = collect(ctx, tx, qReadDocumentNodes, nil, func(r *neo4j.Record) (docgraph.Document, error) {
			var d docgraph.Document
			var v int64
			var err error
			if d.Path, err = strAt(r, 0); err != nil {
				return d, err
			}
			if d.Hash, err = strAt(r, 1); err != nil {
				return d, err
			}
			v, err = intAt(r, 2)
			d.Version = int(v)
			return d, err
		})
		if err != nil {
			return out, err
		}
		out.Chunks, err = collect(ctx, tx, qReadChunkNodes, nil, func(r *neo4j.Record) (docgraph.Chunk, error) {
			var c docgraph.Chunk
			var err error
			for i, f := range []*string{&c.ID, &c.Document, &c.Text} {
				if *f, err = strAt(r, i); err != nil {
					return c, err
				}
			}
			for i, f := range []*int{&c.Index, &c.StartLine, &c.EndLine} {
				v, err := intAt(r, 3+i)
				if err != nil {
					return c, err
				}
				*f = int(v)
			}
			return c, nil
		})
		if err != nil {
			return out, err
		}
		out.Edges, err = collect(ctx, tx, qReadOwnedEdges, nil, scanDocumentEdge)
		return out, err
	})
	if err != nil {
		return docgraph.Graph{}, s.fail("read the documents", err)
	}
	slices.SortFunc(dg.Edges, func(a, b docgraph.Edge) int {
		return cmp.Or(cmp.Compare(a.Subject, b.Subject), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.Object, b.Object))
	})
	return dg, nil
}

func scanDocumentEdge(r *neo4j.Record) (docgraph.Edge, error) {
	var e docgraph.Edge
	var err error
	for i, f := range []*string{&e.Subject, &e.Relation, &e.Object} {
		if *f, err = strAt(r, i); err != nil {
			return e, err
		}
	}
	if e.Source.File, err = strAt(r, 3); err != nil {
		return e, err
	}
	line, err := intAt(r, 4)
	if err != nil {
		return e, err
	}
	e.Source.Line = int(line)
	for i, f := range []*string{&e.SubjectType, &e.ObjectType, &e.Document, &e.Chunk} {
		if *f, err = strAt(r, 5+i); err != nil {
			return e, err
		}
	}
	v, err := intAt(r, 9)
	if err != nil {
		return e, err
	}
	e.Version = int(v)
	if e.Extractor, err = strAt(r, 10); err != nil {
		return e, err
	}
	if e.Confidence, err = columnAs[float64](r, 11, "a number"); err != nil {
		return e, err
	}
	n, err := intAt(r, 12)
	e.Statements = int(n)
	return e, err
}
