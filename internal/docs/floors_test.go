package docs_test

import (
	"context"
	"testing"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
)

// TestOpenDevFloors ingests each dev corpus of testdata/docs with no schema
// and no dictionary and checks its extraction precision and recall against
// the gold facts (names under the corpus's gold entities) are not below the
// floors of testdata/open-floors.txt.
func TestOpenDevFloors(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the dev corpora")
	}
	for _, fl := range docstest.ReadFloors(t, "testdata/open-floors.txt", "precision", "recall") {
		corpus, minP, minR := fl.Corpus, fl.First, fl.Second
		t.Run(corpus, func(t *testing.T) {
			root := "../../testdata/docs/" + corpus
			ix, _, err := docs.Ingest(context.Background(), root, nil, docs.NewExtractor(nil, nil, nil), docs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			gold, err := docs.ReadGoldFile(root + "-gold.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			ents, err := docs.ReadGoldEntitiesFile(root + "-entities.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			s := docs.ScoreFacts(ix.Facts(), gold, ents)
			t.Logf("precision %.3f recall %.3f f1 %.3f (%d extracted, %d gold, %d correct)", s.Precision, s.Recall, s.F1, s.Extracted, s.Gold, s.Correct)
			if s.Precision < minP || s.Recall < minR {
				t.Errorf("precision %.3f, recall %.3f: below the floors %.3f, %.3f", s.Precision, s.Recall, minP, minR)
			}
		})
	}
}
