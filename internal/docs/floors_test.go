package docs_test

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/docs"
)

// TestOpenDevFloors ingests each dev corpus of testdata/docs with no schema
// and no dictionary and checks its extraction precision and recall against
// the gold facts (names under the corpus's gold entities) are not below the
// floors of testdata/open-floors.txt.
func TestOpenDevFloors(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the dev corpora")
	}
	f, err := os.Open("testdata/open-floors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 3 {
			t.Fatalf("testdata/open-floors.txt:%d: want corpus, precision, recall", line)
		}
		minP, errP := strconv.ParseFloat(fs[1], 64)
		minR, errR := strconv.ParseFloat(fs[2], 64)
		if errP != nil || errR != nil {
			t.Fatalf("testdata/open-floors.txt:%d: precision and recall are numbers", line)
		}
		corpus := fs[0]
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
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
