package cypher

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/graph"
)

// An ingest writes in many transactions, so a crash (of scgraph, of the
// server, of the network) can leave part of it committed. Each ingest
// therefore records itself in an ingest marker, a :ScgraphMeta node with
// the id "ingest:" + its source, written before its first batch (state
// started) and updated after its last write (state finished). A marker
// still in state started is a partial ingest, or one still running in
// another process: Ingests reports it, the CLI warns about it, and running
// the same ingest again completes it exactly (MERGE writes what is missing
// and the types are recomputed from the whole graph).

// IngestRecord is what the store remembers of one ingest.
type IngestRecord struct {
	// Source names what was ingested: IngestOptions.Source, by default
	// the triples' source files.
	Source string
	// Started is when the ingest began writing; Finished when it ended,
	// zero while it has not (a partial ingest, or one still running).
	Started, Finished time.Time
	// Triples and Entities are the distinct facts and entities the ingest
	// set out to write.
	Triples, Entities int
}

// Partial reports whether the ingest never finished.
func (r IngestRecord) Partial() bool { return r.Finished.IsZero() }

// String describes the ingest for messages: "kb.txt (133582 triples,
// started 2025-01-02 15:04:05 UTC)".
func (r IngestRecord) String() string {
	return fmt.Sprintf("%s (%d triples, started %s)", r.Source, r.Triples, r.Started.UTC().Format("2006-01-02 15:04:05 MST"))
}

// markerPrefix starts the id of every ingest marker.
const markerPrefix = "ingest:"

const (
	qStartIngest = `
MERGE (m:ScgraphMeta {id: $id})
SET m.kind = 'ingest', m.source = $source, m.state = 'started', m.started = datetime(),
    m.finished = null, m.triples = $triples, m.entities = $entities`

	qFinishIngest = `
MATCH (m:ScgraphMeta {id: $id})
SET m.state = 'finished', m.finished = datetime()`

	qIngests = `
MATCH (m:ScgraphMeta) WHERE m.kind = 'ingest'
RETURN m.source, m.started, m.finished, m.triples, m.entities
ORDER BY m.started, m.source`
)

// ingestSource is the default IngestOptions.Source: the distinct source
// files of ts, sorted, or "(no source file)".
func ingestSource(ts []graph.Triple) string {
	var files []string
	seen := make(map[string]bool)
	for _, t := range ts {
		if !seen[t.Source.File] {
			seen[t.Source.File] = true
			if t.Source.File != "" {
				files = append(files, t.Source.File)
			}
		}
	}
	if len(files) == 0 {
		return "(no source file)"
	}
	slices.Sort(files)
	return strings.Join(files, ", ")
}

// startIngest writes the marker of an ingest of source (state started).
func (s *Store) startIngest(ctx context.Context, source string, triples, entities int) error {
	_, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qStartIngest, map[string]any{"id": markerPrefix + source, "source": source, "triples": int64(triples), "entities": int64(entities)})
	})
	if err != nil {
		return s.fail("record the start of the ingest", err)
	}
	return nil
}

// finishIngest marks the ingest of source finished.
func (s *Store) finishIngest(ctx context.Context, source string) error {
	_, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qFinishIngest, map[string]any{"id": markerPrefix + source})
	})
	if err != nil {
		return s.fail("record the end of the ingest", err)
	}
	return nil
}

// Ingests returns the ingests recorded in the graph, oldest first, the
// partial ones (Partial) included. A graph written before ingest markers
// existed, or by a plain AddTriples of another version, has none.
func (s *Store) Ingests(ctx context.Context) ([]IngestRecord, error) {
	recs, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]IngestRecord, error) {
		return collect(ctx, tx, qIngests, nil, func(r *neo4j.Record) (IngestRecord, error) {
			var rec IngestRecord
			var err error
			if rec.Source, err = strAt(r, 0); err != nil {
				return rec, err
			}
			if rec.Started, err = timeAt(r, 1); err != nil {
				return rec, err
			}
			if rec.Finished, err = timeAt(r, 2); err != nil {
				return rec, err
			}
			n, err := intAt(r, 3)
			rec.Triples = int(n)
			if err != nil {
				return rec, err
			}
			n, err = intAt(r, 4)
			rec.Entities = int(n)
			return rec, err
		})
	})
	if err != nil {
		return nil, s.fail("read the ingest markers", err)
	}
	return recs, nil
}

// PartialIngests returns the ingests that never finished.
func (s *Store) PartialIngests(ctx context.Context) ([]IngestRecord, error) {
	recs, err := s.Ingests(ctx)
	return slices.DeleteFunc(recs, func(r IngestRecord) bool { return !r.Partial() }), err
}
