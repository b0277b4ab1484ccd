package docs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/triplefile"
)

const corpus = "../../testdata/docs/demo"

func demoExtractor(t *testing.T) *docs.Extractor {
	t.Helper()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return docs.NewExtractor(sch, nil, nil)
}

func ingest(t *testing.T, root string, prev *docs.Index) (*docs.Index, docs.Report) {
	t.Helper()
	ix, rep, err := docs.Ingest(context.Background(), root, prev, demoExtractor(t), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix, rep
}

func TestExtractionAgainstGold(t *testing.T) {
	ix, rep := ingest(t, corpus, nil)
	if len(rep.Skipped) > 0 {
		t.Fatalf("skipped: %v", rep.Skipped)
	}
	gold, err := triplefile.Read("../../testdata/docs/demo-gold.jsonl", triplefile.FormatJSONL, triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc := docs.ScoreFacts(ix.Facts(), gold)
	t.Logf("precision %.3f recall %.3f f1 %.3f (%d extracted, %d gold, %d correct)", sc.Precision, sc.Recall, sc.F1, sc.Extracted, sc.Gold, sc.Correct)
	for _, m := range sc.Missed {
		t.Logf("missed: %s %s %s", m.Subject, m.Relation, m.Object)
	}
	for _, w := range sc.Wrong {
		t.Errorf("wrong: %s %s %s (%s)", w.Subject, w.Relation, w.Object, w.Source)
	}
	_ = graph.Triple{}
	_ = os.Stdout
	_ = filepath.Join
}
