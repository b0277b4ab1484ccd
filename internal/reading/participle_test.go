package reading

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/phasetest"
)

// A relation named for its verb ("Depends", a package index's field) said
// in its -ing form is a verb, not the noun of "a dependency on X": "What
// do the packages depending on alpha depend on?" walks to alpha's
// dependents, then what they depend on.
func TestParticipleIsNoNoun(t *testing.T) {
	var ts []graph.Triple
	for _, f := range [][2]string{{"alpha", "beta"}, {"gamma", "alpha"}, {"delta", "alpha"}, {"gamma", "epsilon"}} {
		ts = append(ts, graph.Triple{Subject: f[0], Relation: "Depends", Object: f[1]})
	}
	s, err := phasetest.NewStore(t, nil, ts...).Schema(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	q := "What do the packages depending on alpha depend on?"
	i := strings.Index(q, "alpha")
	res := Read(q, []Entity{{Start: i, End: i + len("alpha"), Name: "alpha"}}, s)
	if len(res.Readings) == 0 {
		t.Fatalf("no reading: %s", res.Unread)
	}
	if got := res.Readings[0].Chain.String(); got != "<-Depends- -Depends->" {
		t.Errorf("chain %s (%s), want <-Depends- -Depends->", got, res.Readings[0].Text)
	}
}
