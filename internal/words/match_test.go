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
