package plan

import (
	"testing"

	"github.com/scgraph/scgraph/internal/words"
)

// TestWordSetsNamed: every word set the readers read (words.Set, in
// internal/reading, internal/reader, internal/words and here) is in
// wordsets.txt.
func TestWordSetsNamed(t *testing.T) {
	if err := words.CheckSets(); err != nil {
		t.Fatal(err)
	}
}
