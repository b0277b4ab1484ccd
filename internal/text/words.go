package text

import "strings"

// Word is a whitespace-separated word of a question, with the punctuation
// at its ends and a possessive cut off, and its byte offsets: q[Start:End]
// is Raw. Entity mentions are runs of words, so they can be cut from the
// question by offsets.
type Word struct {
	Raw        string
	Start, End int
	// Possessive: the word ended in 's or ' ("alice's manager").
	Possessive bool
}

// Words splits a question into words.
func Words(q string) []Word {
	var out []Word
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
			poss := false
			switch w := q[s:e]; {
			case len(w) > 2 && (strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s")):
				e -= len(w) - len(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
				poss = true
			case len(w) > 2 && strings.HasSuffix(w, "s'"):
				e--
				poss = true
			}
			if e > s {
				out = append(out, Word{Raw: q[s:e], Start: s, End: e, Possessive: poss})
			}
		}
		i = j
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
