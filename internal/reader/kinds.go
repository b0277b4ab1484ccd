package reader

import (
	"slices"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// kindMention is a noun of the question naming a kind of thing: a type
// of the graph ("teams" for Team), a word the names of a type carry
// ("team" for team-web), or a generic kind noun ("services").
type kindMention struct {
	start, end int
	// types are the types it names; empty for a kind the graph has no
	// type for.
	types []string
	// nameWord, when no type is named, is the word the names of the
	// asked entities carry.
	nameWord string
	// group is the kind group of a generic kind noun (words.KindGroup).
	group string
	text  string
}

// spotKinds finds the nouns naming kinds: the types' words first (longest
// first), then the words the names of a type carry, then generic kind
// nouns.
func spotKinds(toks []token, v *vocab) []*kindMention {
	var out []*kindMention
	taken := make([]bool, len(toks))
	claim := func(i, end int) bool {
		if slices.Contains(taken[i:end], true) {
			return false
		}
		for k := i; k < end; k++ {
			taken[k] = true
		}
		return true
	}
	type cand struct {
		i, end int
		t      string
	}
	var cands []cand
	for _, k := range v.kinds {
		for _, ws := range k.words {
			if len(ws) == 0 {
				continue
			}
			for i := range toks {
				if end, ok := matchPhrase(toks, i, ws, false); ok && !onlyFunctionWords(toks[i:end]) {
					cands = append(cands, cand{i, end, k.def.Name})
				}
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return (b.end - b.i) - (a.end - a.i) })
	for _, c := range cands {
		for _, m := range out {
			if m.start == c.i && m.end == c.end && !slices.Contains(m.types, c.t) {
				m.types = append(m.types, c.t)
			}
		}
		if claim(c.i, c.end) {
			out = append(out, &kindMention{start: c.i, end: c.end, types: []string{c.t}, text: span(toks, c.i, c.end)})
		}
	}
	for i, t := range toks {
		if taken[i] || t.ent >= 0 {
			continue
		}
		var types []string
		word := ""
		for _, k := range v.kinds {
			for _, nw := range k.def.NameWords {
				if matchWord(t, nw) {
					types, word = append(types, k.def.Name), nw
				}
			}
		}
		if len(types) > 0 && claim(i, i+1) {
			out = append(out, &kindMention{start: i, end: i + 1, nameWord: word, types: types, text: t.low})
			continue
		}
		if g, ok := words.KindGroup(t.low); ok && claim(i, i+1) {
			km := &kindMention{start: i, end: i + 1, group: g, text: t.low}
			// A type whose words are of the same group ("containers"
			// for Service).
			for _, k := range v.kinds {
				for _, ws := range k.words {
					if len(ws) == 1 {
						if kg, ok := words.KindGroup(ws[0]); ok && kg == g {
							km.types = appendNew(km.types, k.def.Name)
						}
					}
				}
			}
			out = append(out, km)
		}
	}
	slices.SortFunc(out, func(a, b *kindMention) int { return a.start - b.start })
	return out
}

// singular undoes a regular English plural ("dashboards", "policies").
func singular(w string) string {
	for _, l := range words.Lemmas(w)[1:] {
		if slices.Contains(words.Forms(l), w) {
			return l
		}
	}
	return w
}

var _ = text.Tokens
