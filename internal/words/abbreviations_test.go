package words

import (
	"slices"
	"testing"
)

func TestAbbreviations(t *testing.T) {
	if long, ok := LongForm("wg"); !ok || !slices.Equal(long, []string{"working", "group"}) {
		t.Errorf("LongForm(wg) = %v, %v", long, ok)
	}
	if _, ok := LongForm("working"); ok {
		t.Error("LongForm(working): not a short form")
	}
	for _, c := range []struct {
		toks  []string
		short string
		n     int
	}{
		{[]string{"working", "group"}, "wg", 2},
		{[]string{"working", "groups", "of", "x"}, "wg", 2},
		{[]string{"staging", "model"}, "stg", 1},
		{[]string{"working"}, "", 0},
		{[]string{"group", "working"}, "", 0},
	} {
		if short, n := ShortForm(c.toks); short != c.short || n != c.n {
			t.Errorf("ShortForm(%q) = %q, %d; want %q, %d", c.toks, short, n, c.short, c.n)
		}
	}
}

func TestIsHeadNoun(t *testing.T) {
	for w, want := range map[string]bool{
		"table": true, "tables": true, "group": true, "services": true, "container": true,
		"leads": false, "alumni": false, "checkout": false, "hosted": false, "tagged": false, "packaged": false,
	} {
		if got := IsHeadNoun(w); got != want {
			t.Errorf("IsHeadNoun(%q) = %v, want %v", w, got, want)
		}
	}
}
