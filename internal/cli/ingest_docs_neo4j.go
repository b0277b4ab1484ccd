package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/docs"
)

// Documents on Neo4j: ingest --docs DIR --store neo4j writes the document
// graph into the database (cypher.SyncDocuments) and keeps the document
// index there too, so a re-ingest from any machine is incremental and ask
// --store neo4j cites passages without a local file.

// storedIndex reads the document index the database holds; fs.ErrNotExist
// when it holds none.
func storedIndex(ctx context.Context, st *cypher.Store) (*docs.Index, error) {
	b, _, err := st.DocumentIndex(ctx)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, fs.ErrNotExist
	}
	return docs.ParseIndex(b, st.String())
}

// documentGraph is the index as the Neo4j store keeps it: the nodes'
// properties, and every triple of ix.Triples with the provenance of its
// first statement (of its mention, for MENTIONS).
func documentGraph(ix *docs.Index, source string) (docgraph.Graph, error) {
	b, err := json.Marshal(ix)
	if err != nil {
		return docgraph.Graph{}, err
	}
	dg := docgraph.Graph{Source: source, Index: b}
	version := map[string]int{}
	type mentionKey struct{ chunk, entity string }
	mentions := map[mentionKey]docs.ChunkMention{}
	support := map[[3]string][]docs.Support{}
	for _, d := range ix.ResolvedDocuments() {
		version[d.Path] = d.Version
		dg.Documents = append(dg.Documents, docgraph.Document{Path: d.Path, Hash: d.Hash, Version: d.Version})
		for _, c := range d.Chunks {
			dg.Chunks = append(dg.Chunks, docgraph.Chunk{ID: c.ID, Document: d.Path, Text: c.Text, Index: c.Index, StartLine: c.StartLine, EndLine: c.EndLine})
		}
		for _, m := range d.Mentions {
			if _, ok := mentions[mentionKey{m.Chunk, m.Entity}]; !ok {
				mentions[mentionKey{m.Chunk, m.Entity}] = m
			}
		}
		for _, s := range d.Statements {
			k := [3]string{s.Subject, s.Relation, s.Object}
			support[k] = append(support[k], docs.Support{Document: d.Path, Version: d.Version, Statement: s})
		}
	}
	for _, t := range ix.Triples() {
		e := docgraph.Edge{Triple: t}
		switch t.Relation {
		case docs.RelPartOf:
			e.Provenance = docgraph.Provenance{Document: t.Object, Chunk: t.Subject, Version: version[t.Object], Statements: 1}
		case docs.RelMentions:
			m := mentions[mentionKey{t.Subject, t.Object}]
			e.Provenance = docgraph.Provenance{Document: t.Source.File, Chunk: t.Subject, Version: version[t.Source.File],
				Extractor: m.Spotter, Confidence: m.Confidence, Statements: 1}
		default:
			sup := support[[3]string{t.Subject, t.Relation, t.Object}]
			if len(sup) == 0 {
				return dg, fmt.Errorf("the document index has no statement of %s %s %s", t.Subject, t.Relation, t.Object)
			}
			first := sup[0]
			e.Provenance = docgraph.Provenance{Document: first.Document, Chunk: first.Chunk, Version: first.Version,
				Extractor: first.Extractor, Confidence: first.Confidence, Statements: len(sup)}
		}
		dg.Edges = append(dg.Edges, e)
	}
	return dg, nil
}

// syncDocsNeo4j writes the schema, any triples files given with the
// documents, and the document graph into the database.
func syncDocsNeo4j(ctx context.Context, e *env, o *ingestOptions, st *cypher.Store, sch *graph.Schema, base []graph.Triple, ix *docs.Index, res *docsIngestResult) error {
	d := &o.docs
	if err := st.SetSchema(ctx, docsSchema(sch, ix)); err != nil {
		return err
	}
	partial, err := st.PartialIngests(ctx)
	if err != nil {
		return err
	}
	for _, r := range partial {
		fmt.Fprintf(e.stderr, "note: a previous ingest into %s did not finish: %s; this ingest completes it\n", st, r)
	}
	var bars phaseBars
	opts := cypher.IngestOptions{}
	if !o.graph.quiet && !d.json {
		opts.Progress = func(phase string, done, total int) { bars.set(e.stderr, phase, done, total) }
	}
	if len(base) > 0 {
		if _, err := st.Ingest(ctx, base, opts); err != nil {
			bars.finish()
			return fmt.Errorf("%w\n(the ingest did not finish: run the same ingest again to complete it)", err)
		}
	}
	dg, err := documentGraph(ix, filepath.Clean(d.path))
	if err != nil {
		return err
	}
	sync, err := st.SyncDocuments(ctx, dg, opts)
	bars.finish()
	if err != nil {
		return fmt.Errorf("%w\n(the ingest did not finish: the graph keeps what was committed and is marked partial; run the same ingest again to complete it)", err)
	}
	if sync.Replaced != "" {
		fmt.Fprintf(e.stderr, "note: %s held the documents of %s; those of %s replace them (documents are compared by their path in the folder)\n", st, sync.Replaced, d.path)
	}
	if _, res.Triples, err = st.Stats(ctx); err != nil {
		return err
	}
	res.Snapshot, res.Index, res.Store, res.Sync = "", "", st.String(), &sync
	return nil
}
