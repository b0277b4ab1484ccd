package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
)

// TestDocumentGraphProvenance: every triple of the index becomes an edge
// with the provenance of its first statement (of its mention, for
// MENTIONS) and the number of statements; the nodes carry the index's
// properties. (The Neo4j round trip is tested in package cypher.)
func TestDocumentGraphProvenance(t *testing.T) {
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(context.Background(), docsCorpus, nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dg, err := documentGraph(ix, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if len(dg.Edges) != len(ix.Triples()) || len(dg.Documents) != len(ix.Documents) {
		t.Fatalf("%d edges for %d triples, %d documents for %d", len(dg.Edges), len(ix.Triples()), len(dg.Documents), len(ix.Documents))
	}
	parsed, err := docs.ParseIndex(dg.Index, "dg")
	if err != nil || len(parsed.Documents) != len(ix.Documents) {
		t.Fatalf("the stored index does not read back: %v", err)
	}
	chunks := 0
	for _, d := range ix.Documents {
		chunks += len(d.Chunks)
	}
	if len(dg.Chunks) != chunks {
		t.Fatalf("%d chunk nodes for %d chunks", len(dg.Chunks), chunks)
	}
	for _, e := range dg.Edges {
		if e.Chunk == "" || e.Document == "" || e.Version != 1 || e.Statements < 1 {
			t.Fatalf("edge without provenance: %+v", e)
		}
		switch e.Relation {
		case docs.RelPartOf:
			if e.Chunk != e.Subject || e.Document != e.Object {
				t.Errorf("PART_OF %+v", e)
			}
		case docs.RelMentions:
			if e.Chunk != e.Subject || e.Extractor == "" || e.Confidence < docs.MinMentionConfidence {
				t.Errorf("MENTIONS %+v", e)
			}
		default:
			sup := ix.Support(e.Subject, e.Relation, e.Object)
			if e.Statements != len(sup) || e.Chunk != sup[0].Chunk || e.Document != sup[0].Document ||
				e.Extractor != sup[0].Extractor || e.Confidence != sup[0].Confidence || e.Source.File != sup[0].Document || e.Source.Line != sup[0].Line {
				t.Errorf("fact %+v, support %+v", e, sup)
			}
		}
	}
}

func TestIngestDocsNeo4jUsage(t *testing.T) {
	if code, _, errs := runNeo4jCLI(t, nil, "ingest", "--docs", docsCorpus, "--store", "neo4j", "--quiet"); code != exitUsage || !strings.Contains(errs, "NEO4J_URI") {
		t.Errorf("no server named: exit %d, stderr %q", code, errs)
	}
	vars := closedNeo4j(t)
	out := filepath.Join(t.TempDir(), "x.snap")
	if code, _, errs := runNeo4jCLI(t, vars, "ingest", "--docs", docsCorpus, "--store", "neo4j", "-o", out); code != exitUsage || !strings.Contains(errs, "--out") {
		t.Errorf("--store neo4j with -o: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runNeo4jCLI(t, vars, "ingest", "--docs", docsCorpus, "--store", "neo4j", "--quiet"); code != exitError || !strings.Contains(errs, "cannot reach Neo4j") {
		t.Errorf("closed port: exit %d, stderr %q", code, errs)
	}
}
