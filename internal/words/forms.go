package words

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

func parseForms() (irreg, bases map[string][]string, nouns map[string]bool, err error) {
	es, err := readFile("forms.txt")
	if err != nil {
		return nil, nil, nil, err
	}
	irreg, bases, nouns = map[string][]string{}, map[string][]string{}, map[string]bool{}
	for _, e := range es {
		if _, dup := irreg[e.key]; dup {
			return nil, nil, nil, fmt.Errorf("forms.txt:%d: %q is listed twice", e.line, e.key)
		}
		fs := strings.Fields(e.value)
		if len(fs) > 0 && fs[0] == "noun" {
			nouns[e.key] = true
			fs = fs[1:]
		}
		if len(fs) == 0 {
			return nil, nil, nil, fmt.Errorf("forms.txt:%d: %q has no forms", e.line, e.key)
		}
		irreg[e.key] = fs
		for _, f := range fs {
			if !slices.Contains(bases[f], e.key) {
				bases[f] = append(bases[f], e.key)
			}
		}
	}
	return irreg, bases, nouns, nil
}

// Forms returns the forms of a base word: itself, and its plural or third
// person, past and -ing forms (the irregular ones from forms.txt, else by
// English's regular rules). It over-generates on purpose: "report" also
// gives "reporting", which is what matching needs.
func Forms(w string) []string {
	return memo(w).forms
}

func forms(w string) []string {
	out := regularForms(w)
	if b := british(w); b != "" {
		// "license" is also written "licence", and so are its forms.
		out = append(out, regularForms(b)...)
	}
	return out
}

// regularForms is forms without the British spelling.
func regularForms(w string) []string {
	out := []string{w}
	if ir, ok := k().irreg[w]; ok {
		return append(out, ir...)
	}
	n := len(w)
	if n == 0 {
		return out
	}
	last := w[n-1]
	switch {
	case strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "ee"):
		out = append(out, w+"s", w+"d", w[:n-1]+"ing")
	case strings.HasSuffix(w, "ee"):
		out = append(out, w+"s", w+"d", w+"ing")
	case last == 'y' && n > 1 && !isVowel(w[n-2]):
		out = append(out, w[:n-1]+"ies", w[:n-1]+"ied", w+"ing")
	case strings.HasSuffix(w, "s") || strings.HasSuffix(w, "sh") || strings.HasSuffix(w, "ch") || strings.HasSuffix(w, "x") || strings.HasSuffix(w, "z"):
		out = append(out, w+"es", w+"ed", w+"ing")
	default:
		out = append(out, w+"s", w+"ed", w+"ing")
		if last == 'o' && n > 2 && !isVowel(w[n-2]) {
			out = append(out, w+"es") // "volcanoes", "heroes"
		}
		// A final consonant after one vowel may double: "controlled",
		// "shipped", "submitting".
		if n > 2 && !isVowel(last) && !strings.ContainsRune("wxy", rune(last)) && isVowel(w[n-2]) && !isVowel(w[n-3]) {
			out = append(out, w+string(last)+"ed", w+string(last)+"ing")
		}
	}
	return out
}

func isVowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

// FormSet returns the forms of the base words as a set.
func FormSet(bases ...string) map[string]bool {
	s := map[string]bool{}
	for _, b := range bases {
		for _, f := range Forms(b) {
			s[f] = true
		}
	}
	return s
}

// IsForm reports whether w is one of base's forms (base itself included):
// FormSet(base)[w] without building the set.
func IsForm(w, base string) bool {
	return slices.Contains(memo(base).forms, w)
}

// IrregularBases returns the base words forms.txt gives for w, an
// irregular form ("elf" for "elves", "go" for "went"), or nil.
func IrregularBases(w string) []string { return k().bases[w] }

// Lemmas returns the base words w may be a form of, w itself first: the
// regular endings undone (a doubled final consonant too: "controlled" of
// "control") and the bases forms.txt gives. It over-generates ("news" gives
// "new"); callers match the result against words they know.
func Lemmas(w string) []string {
	return memo(w).lemmas
}

func lemmas(w string) []string {
	out := []string{w}
	add := func(b string) {
		if b != "" && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	for _, b := range k().bases[w] {
		add(b)
	}
	for _, r := range [][2]string{{"ies", "y"}, {"ied", "y"}, {"es", ""}, {"ed", ""}, {"s", ""}, {"d", ""}, {"ing", ""}, {"ing", "e"}} {
		if b, ok := strings.CutSuffix(w, r[0]); ok && len(b) > 1 {
			add(b + r[1])
			if n := len(b); r[1] == "" && n > 2 && b[n-1] == b[n-2] && !isVowel(b[n-1]) {
				add(b[:n-1])
			}
		}
	}
	if a := American(w); a != w {
		for _, b := range lemmas(a) {
			add(b) // a British spelling is also its American one's forms
		}
	}
	return out
}

// LemmaForms returns the forms of a word that may itself be inflected (a
// relation name's "exposes", "directed", "reads"): the forms of the word
// and of each base it could come from.
func LemmaForms(w string) map[string]bool {
	out := FormSet(w)
	n := len(w)
	var bases []string
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		bases = append(bases, w[:n-3]+"y")
	case strings.HasSuffix(w, "es") && n > 3:
		bases = append(bases, w[:n-2], w[:n-1])
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && n > 3:
		bases = append(bases, w[:n-1])
	case strings.HasSuffix(w, "ied") && n > 4:
		bases = append(bases, w[:n-3]+"y")
	case strings.HasSuffix(w, "ed") && n > 4:
		bases = append(bases, w[:n-2], w[:n-1])
	case strings.HasSuffix(w, "ing") && n > 5:
		bases = append(bases, w[:n-3], w[:n-3]+"e")
	}
	// "has" (has_field) is a form of "have". Only that irregular base:
	// a past participle's ("held" of held_by) would let the active verb
	// ("What does X hold?") match a passive name.
	if slices.Contains(IrregularBases(w), "have") {
		bases = append(bases, "have")
	}
	if PreteriteOnly(w) {
		// "drove" (drove_for) is said "driven" or "drive" too; a simple
		// past is never a passive's participle.
		bases = append(bases, IrregularBases(w)...)
	}
	for _, b := range bases {
		for f := range FormSet(b) {
			out[f] = true
		}
	}
	return out
}

// SameWord reports whether two lower-case words are forms of one word
// ("assumed" and "assumes", "written" and "writes", "alumni" and
// "alumnus").
func SameWord(x, y string) bool {
	if x == y {
		return true
	}
	if ax, ay := American(x), American(y); ax != x || ay != y {
		return SameWord(ax, ay)
	}
	for _, base := range Lemmas(x) {
		if forms := Forms(base); slices.Contains(forms, x) && slices.Contains(forms, y) {
			return true
		}
	}
	return false
}

// PastForm reports whether a lower-case word may be a verb's past form or
// past participle: "located", "built", "taught", "written".
func PastForm(w string) bool {
	if _, base := k().irreg[w]; base {
		return false // "feed", "need", "shed"
	}
	if len(w) > 3 && strings.HasSuffix(w, "ed") {
		return true
	}
	for _, b := range k().bases[w] {
		if !k().nouns[b] && w != b && !strings.HasSuffix(w, "ing") && !slices.Contains([]string{b + "s", b + "es", strings.TrimSuffix(b, "y") + "ies"}, w) {
			return true
		}
	}
	return false
}

// PreteriteOnly reports whether a lower-case word is a verb's simple past
// and never its participle ("wrote" of write, whose participle is
// "written"; "took", "drove"): forms.txt lines of four forms, the third
// person, the past, the participle and the -ing form. "Which authors wrote
// RFCs" says the verb in the active voice; "built" may be either.
func PreteriteOnly(w string) bool {
	for _, b := range k().bases[w] {
		fs := k().irreg[b]
		if len(fs) == 4 && strings.HasSuffix(fs[3], "ing") && fs[1] == w && fs[2] != w {
			return true
		}
	}
	return false
}

// Adverbs returns the adverbs English makes of an adjective by its
// regular rules ("partially" of partial, "simply" of simple, "easily" of
// easy, "basically" of basic); none for a word of fewer than four letters
// or one that ends in -ly already. It over-generates for words that are
// no adjectives: callers match them against a question's words.
func Adverbs(adj string) []string {
	n := len(adj)
	switch {
	case n < 4 || strings.HasSuffix(adj, "ly"):
		return nil
	case strings.HasSuffix(adj, "le"):
		return []string{adj[:n-1] + "y"}
	case strings.HasSuffix(adj, "ic"):
		return []string{adj + "ally"}
	case strings.HasSuffix(adj, "y"):
		return []string{adj[:n-1] + "ily"}
	}
	return []string{adj + "ly"}
}

// AgentVerbs returns the verbs a noun names the doer of ("kill" of
// killer, "own" of owner, "publish" of publisher), the noun itself left
// out. It over-generates ("memb" of member): callers match the verbs
// against words they are given.
func AgentVerbs(noun string) []string {
	var out []string
	verbs, agent := Derived(noun)
	for k, v := range verbs {
		if agent[k] && v != noun && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// Derived returns the verbs a noun may be made from, each with whether the
// noun names the doer: "dependency" gives "depend" (not the doer),
// "maintainer" gives "maintain" (the doer), "connections" gives
// "connect". It over-generates; callers match the verbs against words they
// know.
func Derived(noun string) (verbs []string, agent []bool) {
	for _, d := range k().derivations {
		stem, ok := strings.CutSuffix(noun, d.suffix)
		if !ok || len(stem) < 3 {
			continue
		}
		adds := []string{""}
		switch {
		case d.ending != "":
			// "evolution" of "evolve": the suffix took more than an e.
			adds = []string{d.ending}
		case d.e:
			adds = append(adds, "e")
		}
		for _, add := range adds {
			v := stem + add
			// "reliance" of "rely", "supplier" of "supply".
			if strings.HasSuffix(v, "i") {
				v = v[:len(v)-1] + "y"
			}
			// A doubled consonant: "controller" of "control".
			if n := len(v); add == "" && n > 3 && v[n-1] == v[n-2] && !isVowel(v[n-1]) {
				verbs, agent = append(verbs, v[:n-1]), append(agent, d.agent)
			}
			verbs, agent = append(verbs, v), append(agent, d.agent)
		}
	}
	return verbs, agent
}

// inflection is what Forms and Lemmas compute for one word, kept: the
// reader asks about the same few hundred words for every question.
type inflection struct {
	forms, lemmas []string
}

// memoLimit bounds the memo; past it, words are inflected afresh (a
// server fed endless new words keeps a bounded table).
const memoLimit = 1 << 16

var (
	memoTable sync.Map // string → *inflection
	memoSize  atomic.Int64
)

func memo(w string) *inflection {
	if v, ok := memoTable.Load(w); ok {
		return v.(*inflection)
	}
	in := &inflection{forms: slices.Clip(forms(w)), lemmas: slices.Clip(lemmas(w))}
	if memoSize.Load() < memoLimit {
		if _, loaded := memoTable.LoadOrStore(w, in); !loaded {
			memoSize.Add(1)
		}
	}
	return in
}

// spelling is one line of spellings.txt: a British ending, its American
// form, and the shortest word it folds.
type spelling struct {
	british, american string
	shortest          int
}

func parseSpellings() ([]spelling, error) {
	es, err := readFile("spellings.txt")
	if err != nil {
		return nil, err
	}
	var out []spelling
	for _, e := range es {
		f := strings.Fields(e.value)
		n := 0
		if len(f) == 2 {
			n, err = strconv.Atoi(f[1])
		}
		if len(f) != 2 || err != nil || n < len(e.key) || f[0] == e.key || strings.ContainsAny(e.key, " \t") {
			return nil, fmt.Errorf("spellings.txt:%d: %q: want \"british: american shortest\"", e.line, e.key)
		}
		if slices.ContainsFunc(out, func(s spelling) bool { return s.british == e.key }) {
			return nil, fmt.Errorf("spellings.txt:%d: %q is listed twice", e.line, e.key)
		}
		out = append(out, spelling{e.key, f[0], n})
	}
	return out, nil
}

// british returns the British spelling of a lower-case base word with an
// American ending of spellings.txt ("license" gives "licence"), or "".
func british(w string) string {
	for _, s := range k().spellings {
		if stem, ok := strings.CutSuffix(w, s.american); ok && stem != "" && len(stem)+len(s.british) >= s.shortest {
			return stem + s.british
		}
	}
	return ""
}

// britishTails and britishVerbTails are the endings American looks past
// to a British spelling: "colours", "licensed"; "organising".
var (
	britishTails     = []string{"", "s", "d", "r", "rs", "ing", "ed"}
	britishVerbTails = []string{"ing", "ed", "ation", "ations"}
)

// American returns a lower-case word in its American spelling when it has
// a British ending of spellings.txt ("licence" and "licences" give
// "license" and "licenses", "organised" gives "organized", "neighbouring"
// gives "neighboring"), else the word itself. The ending may carry an
// inflection: -s, -d, -ing, -ed, or -ing and -ed after a dropped final e;
// the word without it is at least the ending's shortest ("pouring" is no
// British "poring").
func American(w string) string {
	for _, s := range k().spellings {
		if len(w) < s.shortest {
			continue
		}
		// Cut the tail, then the ending: no string is built unless one
		// matches (a question's every word is asked against every ending).
		for _, tail := range britishTails {
			rest, ok := strings.CutSuffix(w, tail)
			if stem, ok2 := strings.CutSuffix(rest, s.british); ok && ok2 && stem != "" && len(rest) >= s.shortest {
				return stem + s.american + tail
			}
		}
		if b, ok := strings.CutSuffix(s.british, "e"); ok && strings.HasSuffix(s.american, "e") {
			for _, tail := range britishVerbTails {
				rest, ok := strings.CutSuffix(w, tail)
				if stem, ok2 := strings.CutSuffix(rest, b); ok && ok2 && stem != "" {
					return stem + strings.TrimSuffix(s.american, "e") + tail
				}
			}
		}
	}
	return w
}
