package words

import (
	"strings"
	"testing"
)

// TestLookupWhere: "where" stands for a phrase's preposition of place in a
// question with "do", never in a passive or without "where".
func TestLookupWhere(t *testing.T) {
	for _, c := range []struct {
		q, want string // want: "phrase/object" of the hit, "" for none
	}{
		{"where does cartservice store its data", "store in/its data"},
		{"where does web-app run", "run on/"},
		{"where does the payment service write", "write to/"},
		{"where did the api send events", "send to/events"},
		{"where is x stored", ""},                   // a passive: no "do"
		{"what does cartservice store", ""},         // no "where"
		{"where does x store its data in bulk", ""}, // a preposition after the object
	} {
		toks := strings.Fields(c.q)
		got := ""
		for _, h := range Lookup(toks) {
			if h.Kind == HitVerb && h.End == len(toks) {
				got = h.Phrase + "/" + strings.Join(h.Object, " ")
			}
		}
		if got != c.want {
			t.Errorf("%q: got hit %q, want %q", c.q, got, c.want)
		}
	}
}

// TestStem: words of one stem in another form match; short stems and
// agent nouns are told apart.
func TestStem(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		same  bool
		agent bool // b names who acts
	}{
		{"connected", "connections", true, false},
		{"chairs", "Chairman", true, true},
		{"depends", "dependencies", true, false},
		{"supply", "supplier", true, true},
		{"maintains", "maintainer", true, true},
		{"state", "station", false, false}, // stems too short to match
		{"members", "membership", false, false},
	} {
		sa, sb := Stem(c.a), Stem(c.b)
		if got := sa != "" && sa == sb; got != c.same {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q: same %t, want %t", c.a, sa, c.b, sb, got, c.same)
		}
		if got := NamesAgent(c.b); got != c.agent {
			t.Errorf("NamesAgent(%q) = %t, want %t", c.b, got, c.agent)
		}
	}
}
