package lexicon

import (
	"strconv"
	"strings"
	"unicode"
)

// Mask stands for the anchor entity in a question.
const Mask = "<e>"

// MaskSpan replaces q[start:end] (the anchor's mention) with Mask.
func MaskSpan(q string, start, end int) string {
	return q[:start] + " " + Mask + " " + q[end:]
}

// stopwords carry no relation meaning; they are kept in bigrams but not
// in the positional features.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "is": true, "are": true, "was": true, "were": true,
	"be": true, "what": true, "which": true, "who": true, "that": true, "this": true, "s": true,
	"do": true, "doe": true, "did": true, "in": true, "by": true, "and": true, "to": true, "for": true,
	"name": true, "there": true, "it": true, "its": true, "as": true, "with": true, "on": true,
}

// tokenize splits a masked question into lower-case stemmed tokens; the
// mask is kept as the token "<e>".
func tokenize(q string) []string {
	var out []string
	for _, w := range strings.Fields(q) {
		if w == Mask {
			out = append(out, Mask)
			continue
		}
		var cur []rune
		flush := func() {
			if len(cur) > 0 {
				out = append(out, stem(string(cur)))
				cur = cur[:0]
			}
		}
		for _, r := range w {
			switch {
			case r == '\'' || r == '’':
				flush()
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				cur = append(cur, unicode.ToLower(r))
			default:
				flush()
			}
		}
		flush()
	}
	return out
}

// stem folds plurals and common verb endings.
func stem(w string) string {
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 5 && strings.HasSuffix(w, "ing"):
		return w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed"):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// Features returns the feature strings of a masked question, without
// duplicates, in a stable order.
func Features(masked string) []string {
	toks := tokenize(masked)
	at := -1
	for i, t := range toks {
		if t == Mask {
			at = i
			break
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	add("bias")
	for i, t := range toks {
		if t == Mask {
			continue
		}
		add("w:" + t)
		if i+1 < len(toks) {
			add("b:" + t + "_" + toks[i+1])
		}
	}
	if at < 0 {
		return out
	}
	// Content words by side, nearest the anchor first, with their rank.
	rank := 0
	for i := at - 1; i >= 0; i-- {
		t := toks[i]
		if stopwords[t] {
			continue
		}
		add("L:" + t)
		if rank < 4 {
			add("L" + strconv.Itoa(rank) + ":" + t)
		}
		rank++
	}
	rank = 0
	for i := at + 1; i < len(toks); i++ {
		t := toks[i]
		if stopwords[t] {
			continue
		}
		add("R:" + t)
		if rank < 4 {
			add("R" + strconv.Itoa(rank) + ":" + t)
		}
		rank++
	}
	// The words right next to the anchor, stopwords included.
	if at > 0 {
		add("l1:" + toks[at-1])
	}
	if at+1 < len(toks) {
		add("r1:" + toks[at+1])
	}
	return out
}
