package graph

import (
	"strings"
	"unicode"
)

// canonicalTokens folds the abbreviations people use for the same word, so
// that "payment-svc", "payment service" and "PaymentService" meet.
var canonicalTokens = map[string]string{
	"svc":       "service",
	"services":  "service",
	"srv":       "service",
	"db":        "database",
	"dbs":       "database",
	"databases": "database",
	"api":       "api",
	"apis":      "api",
}

// Tokens splits s into lower-case word tokens: letters and digits, with
// every other character a separator and camel-case humps ("PaymentService")
// split. Apostrophes inside words are dropped ("Mother's" -> "mothers").
func Tokens(s string) []string {
	var toks []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			toks = append(toks, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\'' || r == '’':
			// dropped: "mother's" -> "mothers"
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && len(cur) > 0 && i > 0 && unicode.IsLower(rs[i-1]) {
				flush()
			}
			cur = append(cur, unicode.ToLower(r))
		default:
			flush()
		}
	}
	flush()
	return toks
}

// NormalizeKey is the key that normalized and alias matching compare: the
// tokens of s with abbreviations folded and a leading article dropped,
// joined without spaces. "the cart service", "cart-svc", "CartService" and
// "cartservice" all give "cartservice".
func NormalizeKey(s string) string {
	toks := Tokens(s)
	if len(toks) > 1 && (toks[0] == "the" || toks[0] == "a" || toks[0] == "an") {
		toks = toks[1:]
	}
	var b strings.Builder
	for _, t := range toks {
		if c, ok := canonicalTokens[t]; ok {
			t = c
		}
		b.WriteString(t)
	}
	return b.String()
}

// Trigrams returns the set of character trigrams of a normalized key,
// padded so that short keys still have some.
func Trigrams(key string) map[string]struct{} {
	set := make(map[string]struct{})
	padded := []rune("  " + key + " ")
	for i := 0; i+3 <= len(padded); i++ {
		set[string(padded[i:i+3])] = struct{}{}
	}
	return set
}

// Similarity is the Jaccard similarity of the trigram sets of two
// normalized keys, in 0..1.
func Similarity(a, b string) float64 {
	if a == b {
		return 1
	}
	ta, tb := Trigrams(a), Trigrams(b)
	if len(ta) == 0 || len(tb) == 0 {
		return 0
	}
	inter := 0
	for t := range ta {
		if _, ok := tb[t]; ok {
			inter++
		}
	}
	return float64(inter) / float64(len(ta)+len(tb)-inter)
}

// Stem is the light English stemmer scgraph matches words with: it folds
// plurals and the common verb endings so that "depends", "depended" and
// "depending" meet, without the surprises of a full stemmer on names.
// It expects a lower-case word.
func Stem(w string) string {
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
