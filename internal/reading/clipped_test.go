package reading

import (
	"slices"
	"testing"

	"github.com/scgraph/scgraph/internal/text"
)

// A relation's one-word name that clips a question's word names it
// ("corequisites" for coreqs); not a name abbreviations.txt spells out,
// a short one, a form of the word, or one a longer word is made of
// ("maintainers" of maintains).
func TestClippedSpellings(t *testing.T) {
	for _, c := range []struct {
		name, q string
		want    []string
	}{
		{"coreqs", "What are the corequisites of PHY 208?", []string{"corequisites"}},
		{"coreqs", "Which coreqs does PHY 208 have?", nil},
		{"equiv", "What are MAT 203's equivalents?", nil},
		{"maintains", "What is the team a maintainer of, among its maintainers?", nil},
		{"tag", "Which tagged items?", nil},
	} {
		if got := clippedSpellings(c.name, text.Tokens(c.q)); !slices.Equal(got, c.want) {
			t.Errorf("clippedSpellings(%q, %q) = %q, want %q", c.name, c.q, got, c.want)
		}
	}
}
