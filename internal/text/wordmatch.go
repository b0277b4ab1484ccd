package text

import (
	"math/bits"
	"strings"
)

// Singular folds a regular English plural to its singular ("policies" →
// "policy", "boxes" → "box", "factors" → "factor") and leaves other words
// as they are ("status", "analysis", "class", "k8s", "msp430"). Mentions and
// names are folded the same way before their words are compared, so an
// irregular case it gets wrong on one side it gets wrong on the other.
func Singular(w string) string {
	n, y := singularCut(w)
	if y {
		return w[:n] + "y"
	}
	return w[:n]
}

// singularCut returns how much of w its singular keeps, and whether a
// "y" follows ("policies": 5, true), for Singular and for a word being
// put together in a buffer.
func singularCut[S string | []byte](w S) (int, bool) {
	n := len(w)
	has := func(suffix string) bool {
		if n < len(suffix) {
			return false
		}
		for i := range len(suffix) {
			if w[n-len(suffix)+i] != suffix[i] {
				return false
			}
		}
		return true
	}
	switch {
	case n > 4 && has("ies"):
		return n - 3, true
	case esPlural(n, has, func(k int) byte { return w[k] }):
		return n - 2, false
	case n > 3 && has("s") && !has("ss") && (!has("us") || uPlural(n, has)) && !has("is"):
		if last := w[n-2]; last >= '0' && last <= '9' {
			return n, false // "k8s", "v2s": not a plural
		}
		return n - 1, false
	}
	return n, false
}

// esPlural reports whether a word of n letters, its suffixes asked of
// has and its letters of at, is a plural made with "es": "classes",
// "boxes", "statuses" (not "houses", whose "e" is the noun's),
// "aliases", "volcanoes" (not "shoes").
func esPlural(n int, has func(string) bool, at func(int) byte) bool {
	switch {
	case n > 4 && (has("sses") || has("xes") || has("ches") || has("shes") || has("zes") || has("iases")):
		return true
	case n > 4 && has("uses"):
		return !isVowelByte(at(n - 5))
	case n > 5 && has("oes"):
		return !isVowelByte(at(n-4)) && !oeNoun(n, has)
	}
	return false
}

// oeNoun reports whether a plural in -oes of more than five letters is
// that of a noun in -oe ("canoes", "horseshoes"), not one in -o.
func oeNoun(n int, has func(string) bool) bool {
	if has("shoes") {
		return true
	}
	for _, w := range [...]string{"canoes", "tiptoes", "mistletoes", "throes", "felloes"} {
		if n == len(w) && has(w) {
			return true
		}
	}
	return false
}

// uPlural reports whether a word in -us is the plural of a noun in -u
// ("menus"), not a word in -us ("status", "genus").
func uPlural(n int, has func(string) bool) bool {
	for _, w := range [...]string{"menus", "gurus", "emus", "gnus", "haikus", "tofus", "tutus", "submenus"} {
		if n == len(w) && has(w) {
			return true
		}
	}
	return false
}

func isVowelByte(b byte) bool { return b == 'a' || b == 'e' || b == 'i' || b == 'o' || b == 'u' }

// singularIs reports whether the singular of the word in b is w, with no
// allocation.
func singularIs(b []byte, w string) bool {
	n, y := singularCut(b)
	if y {
		return n+1 == len(w) && w[n] == 'y' && string(b[:n]) == w[:n]
	}
	return string(b[:n]) == w
}

// WordCore is the part of a word that every form Singular folds to the
// same singular holds ("polic" for policy and policies), and that a word
// ending in s shares with its plural in -es ("gas" for gas and gases,
// which Singular folds to "gase", as it folds cases to "case"): a key in
// which a mention's word matches (MatchWords) holds the word's core.
// Matching looks names up by it.
func WordCore(w string) string {
	s := Singular(w)
	if o, ok := OtherSingular(s); ok {
		return o
	}
	if n := len(s); n > 3 && s[n-1] == 'y' {
		return s[:n-1]
	}
	return s
}

// OtherSingular returns the other singular a word Singular folded may
// have: Singular folds gases to "gase" as it folds cases to "case", so
// "gase" may be gas.
func OtherSingular(s string) (string, bool) {
	if n := len(s); n > 3 && s[n-1] == 'e' && s[n-2] == 's' {
		return s[:n-1], true
	}
	return "", false
}

// SameWord reports whether two words are one word, either of them maybe
// in the plural ("policies" and policy, "gases" and gas).
func SameWord(a, b string) bool { return sameWord(a, Singular(a), b, Singular(b)) }

// sameWord reports whether two words are one word in the singular:
// equal after Singular (given as singular), or one the plural in -es of
// the other, which ends in s ("gases" and gas): Singular cannot tell gases
// from cases, so both sides are asked.
func sameWord(a, aSingular, b, bSingular string) bool {
	return aSingular == bSingular || esPluralOf(a, bSingular) || esPluralOf(b, aSingular)
}

// esPluralOf reports whether plural is w with "es", w ending in s.
func esPluralOf(plural, w string) bool {
	return len(w) >= 2 && w[len(w)-1] == 's' && len(plural) == len(w)+2 && strings.HasPrefix(plural, w) && strings.HasSuffix(plural, "es")
}

// A WordMatch says how a mention's words are found among a name's words
// (MatchWords).
type WordMatch struct {
	// Score is the share of the name's words the mention accounts for, a
	// word named in part (Parts) or by its initial counting one half: 1
	// when the mention names every word of the name, in any order.
	Score float64
	// Whole counts the name words matched whole: equal after Singular, or
	// a run of the mention's words written as one word ("load generator"
	// for loadgenerator), or one mention word written as a run of the
	// name's ("cartservice" for cart-service).
	Whole int
	// Parts are what is left of the name words the mention named only by
	// their beginning or end ("service" when "checkout" names
	// checkoutservice), in the order of the mention's words.
	Parts []string
	// Initials counts the mention's one-letter words matched as initials
	// ("F" for Fitzgerald).
	Initials int
	// InOrder: the name words matched come in the mention's order.
	InOrder bool
}

// maxMatchWords bounds the words of a name or mention MatchWords reads.
const maxMatchWords = 64

// MatchWords reports whether every word of a mention is found among the
// words of a name, each name word used once, in any order, and how
// (WordMatch). Both are key tokens (KeyTokens). A word is found as the
// same word after Singular; a run of mention words written together is
// one name word and one mention word a run of name words written together
// ("load generator" and loadgenerator, "cartservice" and cart-service); a
// mention word, or a run of them written together, of three letters or
// more that begins or ends a longer name word leaving three letters or
// more names that word in part ("checkout" in checkoutservice, "product
// catalog" in productcatalogservice); a one-letter mention word is an
// initial when two other words are found whole ("John F Kennedy" for John
// Fitzgerald Kennedy). At least one word must be found whole. Of the ways
// to read the words tried (equal words first, or runs written together
// first), the one with the best score wins. Both stores score partial
// matches with it, so they agree.
func MatchWords(mention, name []string) (WordMatch, bool) {
	if len(mention) == 0 || len(name) == 0 || len(mention) > maxMatchWords || len(name) > maxMatchWords {
		return WordMatch{}, false
	}
	var wm wordMatcher
	wm.mention, wm.name = mention, name
	for i, w := range mention {
		wm.ms[i] = Singular(w)
	}
	for j, w := range name {
		wm.ns[j] = Singular(w)
	}
	a, okA := wm.run(false)
	b, okB := wm.run(true)
	switch {
	case okA && (!okB || a.Score >= b.Score):
		return a, true
	case okB:
		return b, true
	}
	return WordMatch{}, false
}

// wordMatcher holds a mention's and a name's words, as given and in the
// singular, for MatchWords.
type wordMatcher struct {
	mention, name []string
	ms, ns        [maxMatchWords]string
	// One reading's state: the words used, and the name word each
	// mention word matched first.
	usedM, usedN uint64
	at           [maxMatchWords]int
	// space[:n] holds words being put together ("load" "generator").
	space [128]byte
	n     int
}

// put appends w to the words being put together; false when they are
// too long to be one word of a name.
func (wm *wordMatcher) put(w string) bool {
	if wm.n+len(w) > len(wm.space) {
		return false
	}
	wm.n += copy(wm.space[wm.n:], w)
	return true
}

func (wm *wordMatcher) use(i, j int) {
	wm.usedM |= 1 << i
	wm.usedN |= 1 << j
	if wm.at[i] < 0 {
		wm.at[i] = j
	}
}

func (wm *wordMatcher) freeM(i int) bool { return wm.usedM&(1<<i) == 0 }
func (wm *wordMatcher) freeN(j int) bool { return wm.usedN&(1<<j) == 0 }

// run reads the words one way: equal words, then runs written together
// (or those first when joinsFirst), then parts and initials.
func (wm *wordMatcher) run(joinsFirst bool) (WordMatch, bool) {
	wm.usedM, wm.usedN = 0, 0
	for i := range wm.mention {
		wm.at[i] = -1
	}
	m := WordMatch{}
	if joinsFirst {
		m.Whole += wm.joins()
		m.Whole += wm.equal()
	} else {
		m.Whole += wm.equal()
		m.Whole += wm.joins()
	}
	if m.Whole == 0 {
		return WordMatch{}, false
	}
	m.Parts = wm.parts()
	if m.Whole >= 2 {
		m.Initials = wm.initials()
	}
	if wm.usedM != ^uint64(0)>>(maxMatchWords-len(wm.mention)) {
		return WordMatch{}, false
	}
	covered := float64(bits.OnesCount64(wm.usedN)) - float64(len(m.Parts)+m.Initials)/2
	m.Score = covered / float64(len(wm.name))
	m.InOrder = true
	for i, last := 0, -1; i < len(wm.mention); i++ {
		if wm.at[i] < last {
			m.InOrder = false
			break
		}
		last = wm.at[i]
	}
	return m, true
}

// equal matches equal words; it returns how many.
func (wm *wordMatcher) equal() int {
	n := 0
	for i := range wm.mention {
		if !wm.freeM(i) {
			continue
		}
		for j := range wm.name {
			if wm.freeN(j) && sameWord(wm.mention[i], wm.ms[i], wm.name[j], wm.ns[j]) {
				wm.use(i, j)
				n++
				break
			}
		}
	}
	return n
}

// joins matches a mention word written for a run of name words, and a
// run of mention words written as one name word; it returns how many
// name words it matched so.
func (wm *wordMatcher) joins() int {
	n := 0
	for i := range wm.mention {
		if !wm.freeM(i) {
			continue
		}
		target := wm.ms[i]
	runs:
		for j := range wm.name {
			if wm.name[j] == "" || wm.name[j][0] != target[0] {
				continue
			}
			wm.n = 0
			for k := j; k < len(wm.name) && k < j+4; k++ {
				if !wm.freeN(k) || !wm.put(wm.name[k]) || wm.n > len(target)+3 {
					continue runs
				}
				if k > j && singularIs(wm.space[:wm.n], wm.ms[i]) {
					for x := j; x <= k; x++ {
						wm.use(i, x)
					}
					n++
					break runs
				}
			}
		}
	}
	for i := range wm.mention {
		if !wm.freeM(i) {
			continue
		}
		wm.n = 0
		if !wm.put(wm.mention[i]) {
			continue
		}
	grow:
		for k := i + 1; k < len(wm.mention) && k < i+4 && wm.freeM(k) && wm.put(wm.mention[k]); k++ {
			for j := range wm.name {
				if l := len(wm.ns[j]); wm.freeN(j) && l+3 >= wm.n && l <= wm.n+1 && wm.ns[j][0] == wm.space[0] &&
					singularIs(wm.space[:wm.n], wm.ns[j]) {
					for x := i; x <= k; x++ {
						wm.use(x, j)
					}
					n++
					break grow
				}
			}
		}
	}
	return n
}

// parts matches mention words, or runs of them written together, that
// begin or end a longer name word; it returns what is left of each.
func (wm *wordMatcher) parts() []string {
	var rests []string
	for i := range wm.mention {
		if !wm.freeM(i) {
			continue
		}
		// The longest run of free mention words from i that is a part.
		for end := min(len(wm.mention), i+4); end > i; end-- {
			if !wm.runFree(i, end) {
				continue
			}
			if end == i+1 && len(wm.ms[i]) < 3 {
				continue
			}
			part := wm.ms[i]
			if end > i+1 {
				part = Singular(strings.Join(wm.mention[i:end], ""))
			}
			if len(part) < 3 {
				continue
			}
			if j, rest := wm.partOf(part); j >= 0 {
				for x := i; x < end; x++ {
					wm.use(x, j)
				}
				rests = append(rests, rest)
				break
			}
		}
	}
	return rests
}

// runFree reports whether mention words [i, end) are all free.
func (wm *wordMatcher) runFree(i, end int) bool {
	for k := i; k < end; k++ {
		if !wm.freeM(k) {
			return false
		}
	}
	return true
}

// partOf returns the free name word that part begins or ends, leaving
// three letters or more, and what it leaves; -1 when there is none.
func (wm *wordMatcher) partOf(part string) (int, string) {
	for j := range wm.name {
		n := wm.ns[j]
		if !wm.freeN(j) || len(n) < len(part)+3 {
			continue
		}
		switch {
		case strings.HasPrefix(n, part):
			return j, n[len(part):]
		case strings.HasSuffix(n, part):
			return j, n[:len(n)-len(part)]
		}
	}
	return -1, ""
}

// initials matches one-letter mention words to free name words they
// begin; it returns how many. The mention's last word is no initial: an
// initial comes before the name it shortens ("J K Rowling", "John F
// Kennedy"), and a last "a" is an article ("Are the Durham Bulls a
// Triple-A team?" does not name Durham Bulls Athletic Park).
func (wm *wordMatcher) initials() int {
	n := 0
	for i := range wm.mention {
		if !wm.freeM(i) || len(wm.mention[i]) != 1 || i == len(wm.mention)-1 {
			continue
		}
		for j := range wm.name {
			if wm.freeN(j) && len(wm.name[j]) > 1 && wm.name[j][0] == wm.mention[i][0] {
				wm.use(i, j)
				n++
				break
			}
		}
	}
	return n
}

// OneEdit reports whether a and b differ by exactly one edit: a letter
// inserted, dropped or replaced, or two neighbouring letters swapped
// ("histrian" and "historian", "deploymnet" and "deployment"). An edit of
// a digit is no typo ("x9" and "x1" are two names).
func OneEdit(a, b string) bool {
	if !oneEdit(a, b) {
		return false
	}
	da, db := strings.Map(keepDigits, a), strings.Map(keepDigits, b)
	return da == db
}

func keepDigits(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return -1
}

func oneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		if i == len(ra) {
			return false // equal
		}
		if string(ra[i+1:]) == string(rb[i+1:]) {
			return true // replaced
		}
		return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && string(ra[i+2:]) == string(rb[i+2:])
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i+1:]) == string(rb[i:])
	}
	return false
}
