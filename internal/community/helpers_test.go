package community_test

import (
	"context"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
)

const corpus = "../../testdata/docs/demo"

func demoSchema(t testing.TB) *graph.Schema {
	t.Helper()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// ingest reads a folder of documents as `scgraph ingest --docs` does.
func ingest(t testing.TB, root string, prev *docs.Index) *docs.Index {
	t.Helper()
	ix, rep, err := docs.Ingest(context.Background(), root, prev, docs.NewExtractor(demoSchema(t), nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skipped) > 0 {
		t.Fatalf("skipped: %v", rep.Skipped)
	}
	return ix
}

func input(t testing.TB, ix *docs.Index) community.Input {
	return community.Input{Facts: ix.Triples(), Schema: docs.SchemaFor(demoSchema(t)), Index: ix}
}

func build(t *testing.T, in community.Input, prev *community.File, opts community.Options) (*community.File, community.Report) {
	t.Helper()
	f, rep, err := community.Build(context.Background(), in, prev, opts)
	if err != nil {
		t.Fatal(err)
	}
	return f, rep
}
