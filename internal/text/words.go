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
			if h := participleTail(q[s:e]); h > 0 && !poss {
				// "money-themed songs", "Rust-based tools": a name, then
				// the participle said of the noun after them.
				out = append(out, Word{Raw: q[s : s+h], Start: s, End: s + h}, Word{Raw: q[s+h+1 : e], Start: s + h + 1, End: e})
			} else if e > s {
				out = append(out, Word{Raw: q[s:e], Start: s, End: e, Possessive: poss})
			}
		}
		i = j
	}
	return out
}

// participleTail returns where the hyphen before a word's last part
// stands when that part is a regular past participle of five letters or
// more ("themed", "based", "hosted") after a part of two or more: the
// word is a name and the participle said of what follows. It returns 0
// for any other word.
func participleTail(w string) int {
	h := strings.LastIndexByte(w, '-')
	if h < 2 || h+1 >= len(w) {
		return 0
	}
	tail := w[h+1:]
	if len(tail) < 5 || !strings.HasSuffix(tail, "ed") || strings.ToLower(tail) != tail {
		return 0
	}
	return h
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
