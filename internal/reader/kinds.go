package reader

import (
	"slices"
	"strings"

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
	taken := make(claims, len(toks))
	out := typeKinds(toks, v, taken)
	for i, t := range toks {
		if taken[i] || t.ent >= 0 {
			continue
		}
		if km := nameWordKind(i, t, v); km != nil && taken.claim(i, i+1) {
			out = append(out, km)
			continue
		}
		if g, ok := words.KindGroup(t.low); ok && taken.claim(i, i+1) {
			out = append(out, groupKind(i, t, g, v))
			continue
		}
		if pluralBeforeName(toks, i) && taken.claim(i, i+1) {
			out = append(out, &kindMention{start: i, end: i + 1, text: t.low})
		}
	}
	slices.SortFunc(out, func(a, b *kindMention) int { return a.start - b.start })
	return out
}

// pluralBeforeName reports whether token i is a plain plural noun, after
// an article or an asking word, right before an entity's name: "the
// topics Linus Torvalds created" speaks of some topics, a kind the graph
// has no type for, and a plural is no name's modifier.
func pluralBeforeName(toks []token, i int) bool {
	t := toks[i]
	if i == 0 || i+1 >= len(toks) || t.ent >= 0 || t.name || t.class != 0 || toks[i+1].ent < 0 || text.Singular(t.low) == t.low {
		return false
	}
	return toks[i-1].ent < 0 && toks[i-1].class.Has(words.Article|words.Det|words.Wh)
}

// claims marks the tokens a kind mention has taken.
type claims []bool

// claim takes tokens [i, end) and reports whether none was taken before;
// it takes none where one was.
func (c claims) claim(i, end int) bool {
	if slices.Contains(c[i:end], true) {
		return false
	}
	for k := i; k < end; k++ {
		c[k] = true
	}
	return true
}

// typeKinds finds the types' own words, longest first: a phrase the
// words of several types name is a mention of all of them.
func typeKinds(toks []token, v *vocab, taken claims) []*kindMention {
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
				if end, ok := matchPhrase(toks, i, ws, false); ok && !onlyFunctionWords(toks[i:end]) && !verbFormOf(toks[i:end], ws) && !verbAfterPlural(toks, i, end) {
					cands = append(cands, cand{i, end, k.def.Name})
				}
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return (b.end - b.i) - (a.end - a.i) })
	var out []*kindMention
	for _, c := range cands {
		for _, m := range out {
			if m.start == c.i && m.end == c.end && !slices.Contains(m.types, c.t) {
				m.types = append(m.types, c.t)
			}
		}
		if taken.claim(c.i, c.end) {
			out = append(out, &kindMention{start: c.i, end: c.end, types: []string{c.t}, text: span(toks, c.i, c.end)})
		}
	}
	return out
}

// verbAfterPlural reports whether a one-word match at i is a verb's
// base form after a plural noun and before an entity ("Which
// IssueComment fields return DateTime?": "return" says what the fields
// do, it is no kind of theirs).
func verbAfterPlural(toks []token, i, end int) bool {
	if end != i+1 || i == 0 || end >= len(toks) || toks[end].ent < 0 || toks[i].brk {
		return false
	}
	p, w := toks[i-1], toks[i].low
	return p.ent < 0 && p.class == 0 && text.Singular(p.low) != p.low && text.Singular(w) == w && !words.FunctionWord(w)
}

// verbFormOf reports whether a phrase matched to a kind's words says one
// of them as a verb's participle: "the RFC that obsoleted X" names no
// kind obsoletes (the objects of obsoletes), whatever the lemma shares.
func verbFormOf(toks []token, ws []string) bool {
	for k, t := range toks {
		if k < len(ws) && t.low != ws[k] && (verbEnding(t.low, ws[k], "ed") || verbEnding(t.low, ws[k], "ing")) {
			return true
		}
	}
	return false
}

// verbEnding reports whether word t ends in a verb's ending the kind's
// word w does not.
func verbEnding(t, w, end string) bool {
	return len(t) > len(end)+2 && strings.HasSuffix(t, end) && !strings.HasSuffix(w, end)
}

// nameWordKind returns the mention of token t at i as a word the names
// of a type carry ("team" for team-web), or nil.
func nameWordKind(i int, t token, v *vocab) *kindMention {
	var types []string
	word := ""
	for _, k := range v.kinds {
		for _, nw := range k.def.NameWords {
			if matchWord(t, nw) {
				types, word = append(types, k.def.Name), nw
			}
		}
	}
	if len(types) == 0 {
		return nil
	}
	return &kindMention{start: i, end: i + 1, nameWord: word, types: types, text: t.low}
}

// groupKind returns the mention of token t at i as a generic kind noun of
// group g, with the types whose words are of the same group
// ("containers" for Service).
func groupKind(i int, t token, g string, v *vocab) *kindMention {
	km := &kindMention{start: i, end: i + 1, group: g, text: t.low}
	for _, k := range v.kinds {
		for _, ws := range k.words {
			if len(ws) == 1 {
				if kg, ok := words.KindGroup(ws[0]); ok && kg == g {
					km.types = appendNew(km.types, k.def.Name)
				}
			}
		}
	}
	return km
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
