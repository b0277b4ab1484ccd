package semantics

import (
	"slices"
	"strings"
	"testing"
)

// A verb whose object stands before its preposition ("gets its power
// from") is found as one phrase with the object kept; a clause word, a
// preposition or an entity stand-in in the gap ends it.
func TestLookupGappedVerbs(t *testing.T) {
	for _, tc := range []struct {
		q      string
		phrase string // "" when no gapped verb may be found
		role   Role
		object string
	}{
		{"where does x get its power from", "get from", First, "its power"},
		{"which feeds does x receive the data from", "receive from", First, "the data"},
		{"who does x buy parts from", "buy from", First, "parts"},
		{"which apps does x provide tokens to", "provide to", Second, "tokens"},
		{"what does x send its logs to", "send to", First, "its logs"},
		{"where does x get from", "", 0, ""},                // no object: the plain verb lists hold it
		{"what does x get when it comes from y", "", 0, ""}, // a clause word in the gap
		{"what does x get a b c d from", "", 0, ""},         // longer than maxGap
		{"where does x get \x00entity from", "", 0, ""},     // an entity is not an object
	} {
		hits := Lookup(strings.Fields(tc.q))
		i := slices.IndexFunc(hits, func(h Hit) bool { return len(h.Object) > 0 })
		if tc.phrase == "" {
			if i >= 0 {
				t.Errorf("%q: found %+v, want no gapped verb", tc.q, hits[i])
			}
			continue
		}
		if i < 0 {
			t.Errorf("%q: no gapped verb in %+v", tc.q, hits)
			continue
		}
		h := hits[i]
		if h.Phrase != tc.phrase || h.Role != tc.role || strings.Join(h.Object, " ") != tc.object || h.Concept != Dependency {
			t.Errorf("%q: %+v, want %s (role %v, object %q)", tc.q, h, tc.phrase, tc.role, tc.object)
		}
	}
}

// A relation name that names no concept but an association ("conflicts",
// "similar_to") is known not to carry a dependency; one that says nothing
// stays unread.
func TestAnalyzeNameAssociation(t *testing.T) {
	for _, tc := range []struct {
		name        string
		association bool
	}{
		{"conflicts", true}, {"Breaks", true}, {"similar_to", true}, {"see_also", true}, {"DOCUMENTS", true},
		{"replaces", true}, {"encrypts", false}, {"stores_data_for", false}, {"depends_on", false},
	} {
		if m := AnalyzeName(tc.name); m.Association != tc.association {
			t.Errorf("%s: %+v, want association %v", tc.name, m, tc.association)
		}
	}
}

func TestAnalyzeNameMutual(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutual bool
	}{
		{"conflicts_with", true}, {"incompatibleWith", true}, {"similar_to", true}, {"COMPETES_WITH", true},
		{"replaces", false}, {"documents", false}, {"see_also", false}, {"depends_on", false},
	} {
		if m := AnalyzeName(tc.name); m.Mutual != tc.mutual {
			t.Errorf("%s: %+v, want mutual %v", tc.name, m, tc.mutual)
		}
	}
}
