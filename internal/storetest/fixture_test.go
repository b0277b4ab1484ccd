package storetest

import (
	"fmt"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
)

// TestFixture checks the fixture against the counts the suite expects,
// independently of any store.
func TestFixture(t *testing.T) {
	ts := Fixture()
	seen := make(map[string]bool)
	relCount := make(map[string]int)
	for i, tr := range ts {
		k := tr.Subject + "|" + tr.Relation + "|" + tr.Object
		if seen[k] {
			t.Errorf("fixture triple %d (%s) is a duplicate", i, k)
		}
		seen[k] = true
		if tr.Source != (graph.Source{File: fixtureFile, Line: i + 1}) {
			t.Errorf("fixture triple %d has source %v", i, tr.Source)
		}
		if !text.ValidIdentifier(tr.Relation) {
			t.Errorf("fixture triple %d has relation %q", i, tr.Relation)
		}
		relCount[tr.Relation]++
	}
	sch := FixtureSchema()
	if err := sch.Validate(); err != nil {
		t.Fatal(err)
	}
	typeCount := make(map[string]int)
	_, types := infer.Infer(ts, sch)
	for _, typ := range types {
		typeCount[typ]++
	}
	got := fmt.Sprintf("Service=%d Database=%d Team=%d CALLS=%d READS_FROM=%d OWNS=%d REPLICATES_TO=%d ON_CALL_FOR=%d ",
		typeCount["Service"], typeCount["Database"], typeCount["Team"],
		relCount["CALLS"], relCount["READS_FROM"], relCount["OWNS"], relCount["REPLICATES_TO"], relCount["ON_CALL_FOR"])
	if got != fixtureCounts || len(typeCount) != 3 || len(relCount) != 4 {
		t.Errorf("fixture counts %s (%d types, %d relations), want %s", got, len(typeCount), len(relCount), fixtureCounts)
	}
}
