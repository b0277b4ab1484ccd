package reading

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/memstore"
)

// A relation named for its verb ("Depends", a package index's field) said
// in its -ing form is a verb, not the noun of "a dependency on X": "What
// do the packages depending on alpha depend on?" walks to alpha's
// dependents, then what they depend on.
func TestParticipleIsNoNoun(t *testing.T) {
	kb := filepath.Join(t.TempDir(), "index.tsv")
	if err := os.WriteFile(kb, []byte("alpha\tDepends\tbeta\ngamma\tDepends\talpha\ndelta\tDepends\talpha\ngamma\tDepends\tepsilon\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := memstore.Open(t.Context(), kb, memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := st.Schema(t.Context())
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
