package text

import "strings"

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

// KeyTokens are the words Key joins: the tokens of s with abbreviations
// folded and a leading article dropped.
func KeyTokens(s string) []string {
	toks := Tokens(s)
	if len(toks) > 1 && (toks[0] == "the" || toks[0] == "a" || toks[0] == "an") {
		toks = toks[1:]
	}
	for i, t := range toks {
		if c, ok := canonicalTokens[t]; ok {
			toks[i] = c
		}
	}
	return toks
}

// Key is the key that normalized and alias matching compare: the tokens of
// s with abbreviations folded and a leading article dropped, joined
// without spaces. "the cart service", "cart-svc", "CartService" and
// "cartservice" all give "cartservice".
func Key(s string) string { return strings.Join(KeyTokens(s), "") }

// Trigrams returns the set of character trigrams of a key, padded so that
// short keys still have some.
func Trigrams(key string) map[string]struct{} {
	set := make(map[string]struct{})
	padded := []rune("  " + key + " ")
	for i := 0; i+3 <= len(padded); i++ {
		set[string(padded[i:i+3])] = struct{}{}
	}
	return set
}

// Similarity is the Jaccard similarity of the trigram sets of two keys, in
// 0..1.
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

// NameHas reports whether a name carries a word, in its singular or a
// regular plural ("team" in shipping-team, "dashboard" in dashboards_q3).
func NameHas(name, w string) bool {
	for _, t := range Tokens(name) {
		if t == w || t == w+"s" || t == w+"es" {
			return true
		}
	}
	return false
}
