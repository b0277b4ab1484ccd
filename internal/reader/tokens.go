package reader

import (
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// token is one word of the question as the reader sees it: a lower-case
// run of letters and digits, or an entity mention standing for all its
// words.
type token struct {
	// low is the word in lower case ("" for an entity mention); raw as
	// written.
	low, raw string
	// lemmas are the base words low may be a form of, low first.
	lemmas []string
	class  words.Class
	// ent is the index of the entity mention the token stands for, or -1.
	ent int
	// poss: the word was followed by 's or ' ("alice's manager").
	poss bool
	// brk: a sentence or clause break comes before the token ("?", ".",
	// ";", a dash or a colon between words, an opening parenthesis).
	brk bool
	// paren: the token is inside parentheses.
	paren bool
	// comma: a comma comes before the token: a clause may end there.
	comma bool
	// aside: an extent adverb or a filler that phrases are read across
	// ("depends, directly or indirectly, on X" reads "depends on X").
	aside bool
	// name: the word is written as a name (a capital letter, not the
	// question's first word).
	name bool
	// start and end are byte offsets in the question.
	start, end int
}

func (t token) isEnt() bool { return t.ent >= 0 }

// is reports whether the token is one of the given words.
func (t token) is(ws ...string) bool {
	for _, w := range ws {
		if t.low == w {
			return true
		}
	}
	return false
}

// breakChars end a sentence or a clause when they stand between words.
const breakChars = "?.!;:—–()"

// tokenize splits the question into tokens: text.Words, each split into
// its runs of letters and digits ("first-level" is "first", "level");
// entity mentions become one token each, a possessive 's or ' is noted on
// the token before it, and punctuation between words marks a break.
func tokenize(q string, ents []Entity) []token {
	var out []token
	entAt := func(pos int) int {
		for k, e := range ents {
			if pos >= e.Start && pos < e.End {
				return k
			}
		}
		return -1
	}
	prevEnd := 0
	paren := false
	for n, w := range text.Words(q) {
		gap := q[prevEnd:w.Start]
		if prevEnd > 0 && prevEnd <= len(q) {
			// The punctuation a word ended with is cut from it: look at
			// what lies between the two words.
			gap = q[prevEnd:w.Start]
		}
		brk := strings.ContainsAny(gap, breakChars) || (gap != "" && strings.Contains(gap, " - "))
		comma := strings.Contains(gap, ",")
		if strings.Contains(gap, "(") {
			paren = true
		}
		if strings.Contains(gap, ")") {
			paren = false
		}
		prevEnd = w.End
		if k := entAt(w.Start); k >= 0 {
			if len(out) == 0 || out[len(out)-1].ent != k {
				out = append(out, token{ent: k, raw: q[ents[k].Start:ents[k].End], start: ents[k].Start, end: ents[k].End, brk: brk, paren: paren, comma: comma})
			}
			if w.End >= ents[k].End || w.Possessive {
				out[len(out)-1].poss = w.Possessive
			}
			continue
		}
		parts := text.Splitter{}.Split(w.Raw)
		for i, part := range parts {
			t := token{low: part, raw: w.Raw, ent: -1, start: w.Start, end: w.End, paren: paren,
				poss: w.Possessive && i == len(parts)-1, brk: brk && i == 0, comma: comma && i == 0,
				name: n > 0 && strings.ToLower(w.Raw) != w.Raw}
			t.lemmas = words.Lemmas(part)
			t.class = words.ClassOf(part)
			out = append(out, t)
		}
	}
	return out
}

// lemmaIs reports whether the token may be a form of base word b.
func (t token) lemmaIs(b string) bool {
	for _, l := range t.lemmas {
		if l == b {
			return true
		}
	}
	return false
}
