package reading

import (
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// token is one word of the question as the reader sees it: lower-case
// letters and digits, or an entity mention standing for all its words.
type token struct {
	text string
	// entity is the index of the entity mention this token stands for,
	// or -1.
	entity int
	// possessive: the word was followed by 's or ' ("alice's manager").
	possessive bool
	// adverb: an extent or filler adverb ("directly", "transitively")
	// that phrase matching skips, so that "depends directly on" still
	// reads as "depends on".
	adverb bool
	// name is the word as written when it has a capital letter and is
	// not the question's first word ("Greece", "DB"), as people write
	// names; otherwise "".
	name string
}

// tokenize splits the question into tokens (text.Words, each split into
// its letter-and-digit runs: "first-level" is "first", "level"). Entity
// mentions become one token each; a possessive 's or ' is noted on the
// token before it.
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
	for n, w := range text.Words(q) {
		if k := entAt(w.Start); k >= 0 {
			if len(out) == 0 || out[len(out)-1].entity != k {
				out = append(out, token{text: entityText, entity: k})
			}
			if w.End >= ents[k].End || w.Possessive {
				out[len(out)-1].possessive = w.Possessive
			}
			continue
		}
		parts := plainWords.Split(w.Raw)
		if n := len(out); n > 0 && out[n-1].entity >= 0 && !out[n-1].possessive && len(parts) == 1 && trailingKind(parts[0]) {
			// "the net http package": the kind word people add after a
			// name belongs to the mention ("the net http package's
			// dependencies", "for the X library to work"); after a
			// possessive it is another thing ("web-app's node").
			out[n-1].possessive = w.Possessive
			continue
		}
		for i, part := range parts {
			out = append(out, token{text: part, entity: -1, adverb: fillerAdverbs.Has(part), possessive: w.Possessive && i == len(parts)-1,
				name: nameLike(n, w.Raw)})
		}
	}
	return out
}

// nameLike returns raw, the n-th word of a question, if it is written as
// a name: with a capital letter, and not the first word.
func nameLike(n int, raw string) string {
	if n == 0 || strings.ToLower(raw) == raw {
		return ""
	}
	return raw
}

// trailingKind reports whether a word after an entity mention is a kind
// noun that belongs to the mention ("package", "library", "service"), not
// a role noun of a relation ("dependency").
func trailingKind(w string) bool {
	if !words.IsKindWord(w) {
		return false
	}
	for _, h := range words.Lookup([]string{w}) {
		if h.Kind == words.HitNoun {
			return false
		}
	}
	return true
}

// plainWords splits a word into its lower-case runs of letters and digits.
var plainWords = text.Splitter{}

// entityText stands for an entity mention in phrase matching: it matches
// no word.
const entityText = "\x00entity"

// fillerAdverbs are skipped when phrases are matched.
var fillerAdverbs = words.Set("filler-adverbs")

// stream is the token sequence phrase matching sees: the tokens without
// filler adverbs and extent cues, with a map back to token positions.
type stream struct {
	words []string
	at    []int // words[i] is toks[at[i]]
}
