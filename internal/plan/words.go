package plan

import (
	"strings"

	"github.com/scgraph/scgraph/internal/text"
)

// word is a whitespace-separated chunk of the question with its trailing
// and leading punctuation stripped, and its position in the original text.
type word struct {
	raw        string // as written, punctuation stripped from the ends
	start, end int    // byte offsets of raw in the question
	stem       string // lower-case light stem, for phrase matching
}

// splitWords splits a question into words, keeping offsets so that a run
// of words can be cut from the original text as an entity mention.
func splitWords(q string) []word {
	var out []word
	i := 0
	for i < len(q) {
		for i < len(q) && isSpace(q[i]) {
			i++
		}
		j := i
		for j < len(q) && !isSpace(q[j]) {
			j++
		}
		if j > i {
			s, e := i, j
			for s < e && strings.ContainsRune(`?!,;:"()[]{}`, rune(q[s])) {
				s++
			}
			for e > s && strings.ContainsRune(`?!.,;:"()[]{}`, rune(q[e-1])) {
				e--
			}
			if e > s {
				raw := q[s:e]
				out = append(out, word{raw: raw, start: s, end: e, stem: text.StemPhrase(raw)})
			}
		}
		i = j
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// phrase is a stemmed token sequence to look for in a question.
type phrase []string

func newPhrase(s string) phrase {
	p := text.StemPhrase(s)
	if p == "" {
		return nil
	}
	return strings.Fields(p)
}

// stemTokens flattens words into stemmed tokens, remembering for each
// token the index of the word it came from.
func stemTokens(ws []word) (toks []string, wordOf []int) {
	for i, w := range ws {
		for _, t := range strings.Fields(w.stem) {
			toks = append(toks, t)
			wordOf = append(wordOf, i)
		}
	}
	return toks, wordOf
}

// find returns the token offsets where p occurs in toks.
func (p phrase) find(toks []string) []int {
	var at []int
	if len(p) == 0 {
		return nil
	}
outer:
	for i := 0; i+len(p) <= len(toks); i++ {
		for j, t := range p {
			if toks[i+j] != t {
				continue outer
			}
		}
		at = append(at, i)
	}
	return at
}

// stopwords are words that never make an entity mention on their own.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "by": true, "to": true,
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "do": true, "doe": true, "does": true, "did": true,
	"what": true, "which": true, "who": true, "whom": true, "whose": true, "when": true, "where": true, "how": true, "why": true,
	"and": true, "or": true, "if": true, "for": true, "with": true, "from": true, "at": true, "as": true, "that": true, "this": true,
	"it": true, "its": true, "s": true, "there": true, "any": true, "all": true, "me": true, "i": true, "we": true, "our": true,
	"has": true, "have": true, "had": true, "will": true, "would": true, "can": true, "could": true, "should": true, "name": true,
	"go": true, "goe": true, "down": true, "up": true, "also": true, "same": true, "share": true,
}

// allStopwords reports whether every token of s is a stopword.
func allStopwords(s string) bool {
	for _, t := range strings.Fields(text.StemPhrase(s)) {
		if !stopwords[t] {
			return false
		}
	}
	return true
}
