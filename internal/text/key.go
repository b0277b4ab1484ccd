package text

import (
	"slices"
	"strings"
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
	return jaccard(PackedTrigrams(a, nil), PackedTrigrams(b, nil))
}

// PackTrigram packs three runes into a uint64, 21 bits each, first rune
// highest: packed trigrams sort as the strings of their runes do.
func PackTrigram(a, b, c rune) uint64 { return uint64(a)<<42 | uint64(b)<<21 | uint64(c) }

// UnpackTrigram returns the runes PackTrigram packed into t.
func UnpackTrigram(t uint64) (a, b, c rune) {
	const mask = 1<<21 - 1
	return rune(t >> 42), rune(t >> 21 & mask), rune(t & mask)
}

// PackedTrigrams returns the distinct trigrams of a key, as Trigrams
// computes them, each packed by PackTrigram, sorted. It reuses buf.
func PackedTrigrams(key string, buf []uint64) []uint64 {
	buf = buf[:0]
	var w [3]rune
	n := 0
	push := func(r rune) {
		w[0], w[1], w[2] = w[1], w[2], r
		if n++; n >= 3 {
			buf = append(buf, PackTrigram(w[0], w[1], w[2]))
		}
	}
	push(' ')
	push(' ')
	for _, r := range key {
		push(r)
	}
	push(' ')
	slices.Sort(buf)
	return slices.Compact(buf)
}

// jaccard is the Jaccard similarity of two sorted sets.
func jaccard(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// A Goal scores many keys against one by Similarity, its trigrams
// computed once.
type Goal struct {
	key string
	tgs []uint64
	buf []uint64
}

// NewGoal returns a Goal for key. A Goal is not safe for concurrent use.
func NewGoal(key string) *Goal {
	return &Goal{key: key, tgs: PackedTrigrams(key, nil)}
}

// Similarity is Similarity(key, the goal's key).
func (g *Goal) Similarity(key string) float64 {
	if key == g.key {
		return 1
	}
	g.buf = PackedTrigrams(key, g.buf)
	return jaccard(g.buf, g.tgs)
}

// KindOf reports whether type name typ names a kind of type of: typ's
// words end with all of of's, after one or more words of its own
// ("Sub-technique" and "Parent_Technique" are kinds of "Technique";
// "Technique" is no kind of itself).
func KindOf(typ, of string) bool {
	t, o := Tokens(typ), Tokens(of)
	return len(o) > 0 && len(t) > len(o) && slices.Equal(t[len(t)-len(o):], o)
}

// NameHas reports whether a name carries a word, in its singular or a
// regular plural ("team" in shipping-team, "dashboard" in dashboards_q3),
// or as the letters of a numbered name ("rfc" in RFC2616).
func NameHas(name, w string) bool {
	for _, t := range Tokens(name) {
		if t == w || t == w+"s" || t == w+"es" || NumberedWord(t) == w {
			return true
		}
	}
	return false
}

// NumberedWord returns the word of a numbered name written as one token,
// letters then digits ("rfc" of rfc2616, "bcp" of bcp14), or "" for any
// other token: the letters say what kind of thing the number is.
func NumberedWord(t string) string {
	i := strings.IndexFunc(t, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 2 || strings.Trim(t[i:], "0123456789") != "" || strings.Trim(t[:i], "abcdefghijklmnopqrstuvwxyz") != "" {
		return ""
	}
	return t[:i]
}
