package resolve

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/internal/text"
)

// The one place the name knowledge of entity resolution lives: the
// abbreviations people write for a word, the heads that all mean "a
// service", and the kind words that tell different things apart. text.Key
// already folds svc, srv, db and plurals of service and database.

// expansions maps an abbreviation to the word it stands for.
var expansions = map[string]string{
	"auth":       "authentication",
	"authn":      "authentication",
	"authz":      "authorization",
	"pay":        "payment",
	"pmt":        "payment",
	"notif":      "notification",
	"notifs":     "notification",
	"msg":        "message",
	"msgs":       "message",
	"mgmt":       "management",
	"mgr":        "manager",
	"cfg":        "config",
	"conf":       "config",
	"configs":    "config",
	"inv":        "inventory",
	"recs":       "recommendation",
	"rec":        "recommendation",
	"reco":       "recommendation",
	"usr":        "user",
	"acct":       "account",
	"txn":        "transaction",
	"tx":         "transaction",
	"k8s":        "kubernetes",
	"infra":      "infrastructure",
	"prod":       "production",
	"env":        "environment",
	"repo":       "repository",
	"ui":         "frontend",
	"bff":        "backend",
	"fulfil":     "fulfillment",
	"fulfilment": "fulfillment",
}

// serviceHeads are the last words that all just say "a service": a
// trailing one is dropped before names are compared, so "Auth-Service",
// "auth-api" and "Authentication" meet.
var serviceHeads = map[string]bool{
	"service": true, "api": true, "server": true, "app": true, "application": true,
	"backend": true, "daemon": true, "svc": true,
}

// kindWords name what kind of thing a name is. Two names that carry
// different kind words are different things ("team-orders" is a team,
// "orders-queue" a queue), whatever else they share.
var kindWords = map[string]string{
	"team": "team", "squad": "team", "group": "team",
	"queue": "queue", "topic": "queue", "stream": "queue", "event": "queue",
	"database": "database", "db": "database", "table": "database", "index": "database",
	"cache": "cache", "redis": "cache",
	"proxy": "proxy", "pooler": "proxy", "gateway": "gateway", "balancer": "gateway",
	"runbook": "runbook", "alert": "alert", "migration": "migration", "cutover": "migration",
	"dashboard": "dashboard", "job": "job", "cron": "job", "bucket": "storage",
	"service": "service", "api": "service", "server": "service", "app": "service",
}

// romans are the roman numerals that number sequels and parts ("Part
// II", "Rocky IV"); "i", "v" and "x" are too often words or letters.
var romans = map[string]bool{"ii": true, "iii": true, "iv": true, "vi": true, "vii": true, "viii": true, "ix": true}

// form is a name as resolution compares it.
type form struct {
	// words are the name's words, abbreviations expanded, a trailing
	// service head dropped (unless it is the only word). Words are not
	// stemmed: "Calendar Girl" and "Calendar Girls" are two films, and a
	// plural that is a misspelling is left to the embedding signal.
	words []string
	// headless is the joined words: the abbreviation key.
	headless string
	// numbers are the runs of digits in the name and its roman numerals
	// (ii to ix), in order.
	numbers string
	// kinds are the kind words the name carries, sorted.
	kinds []string
}

func formOf(name string) form {
	toks := text.KeyTokens(name)
	words := make([]string, 0, len(toks))
	var kinds []string
	for _, t := range toks {
		w := t
		if x, ok := expansions[w]; ok {
			w = x
		}
		if k, ok := kindWords[text.Stem(w)]; ok && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
		words = append(words, w)
	}
	if n := len(words); n > 1 && serviceHeads[words[n-1]] {
		words = words[:n-1]
	}
	slices.Sort(kinds)
	var nums []string
	for _, t := range toks {
		if romans[t] {
			nums = append(nums, t)
		}
	}
	var cur strings.Builder
	for _, r := range name {
		if unicode.IsDigit(r) {
			cur.WriteRune(r)
			continue
		}
		if cur.Len() > 0 {
			nums = append(nums, cur.String())
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		nums = append(nums, cur.String())
	}
	return form{words: words, headless: strings.Join(words, ""), numbers: strings.Join(nums, "."), kinds: kinds}
}

// embeddingText is what an entity's name is embedded as: its words with
// abbreviations expanded, so "auth-svc" reads "authentication service".
func embeddingText(name string) string {
	toks := text.KeyTokens(name)
	for i, t := range toks {
		if x, ok := expansions[t]; ok {
			toks[i] = x
		}
	}
	return strings.Join(toks, " ")
}

// distinct reports why two names are different things whatever their
// similarity, or "" when nothing tells them apart: different numbers,
// different kind words, or the words of one a strict part of the other's.
func distinct(a, b form) string {
	if a.numbers != b.numbers {
		return "different numbers"
	}
	if len(a.kinds) > 0 && len(b.kinds) > 0 && !slices.Equal(kindsBut(a.kinds), kindsBut(b.kinds)) {
		return "different kinds"
	}
	if strictSubset(a.words, b.words) || strictSubset(b.words, a.words) {
		return "one name is part of the other"
	}
	return ""
}

// A word may be another misspelt ("fulfilment", "fulfillment";
// "recomendation", "recommendation") when both are at least
// MinTypoLetters long and one edit apart (an inserted, deleted, changed or
// swapped letter), two from 12 letters on. Shorter words that differ
// ("monte", "monty"; "login", "logout") are different words, and so are
// words that differ by more ("fips140", "fips140hash").
const MinTypoLetters = 6

// misspelt reports whether x and y may be one word misspelt.
func misspelt(x, y string) bool {
	a, b := []rune(x), []rune(y)
	n := min(len(a), len(b))
	if n < MinTypoLetters {
		return false
	}
	allowed := 1
	if n >= 12 {
		allowed = 2
	}
	return editDistance(a, b) <= allowed
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost one.
func editDistance(a, b []rune) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// unaligned says why two names are not one name written two ways, or ""
// when they are: the same words in the same order, but for words that pair
// up as misspellings. The embedding signal needs it to be "": a bag of
// hashed words and trigrams makes "Keith David" and "David Keith", "get"
// and "post" ids, "login" and "logout" close, and they are different
// things.
func unaligned(a, b form) string {
	if len(a.words) != len(b.words) {
		return "a different number of words"
	}
	for i, x := range a.words {
		y := b.words[i]
		if x == y {
			continue
		}
		if !misspelt(x, y) {
			return fmt.Sprintf("%q and %q are different words", x, y)
		}
	}
	return ""
}

// kindsBut drops the service kind when another kind is there: "orders
// queue service" is a queue.
func kindsBut(ks []string) []string {
	if len(ks) > 1 {
		return slices.DeleteFunc(slices.Clone(ks), func(k string) bool { return k == "service" })
	}
	return ks
}

// strictSubset reports whether every word of a is in b and b has more.
func strictSubset(a, b []string) bool {
	if len(a) >= len(b) {
		return false
	}
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
}
