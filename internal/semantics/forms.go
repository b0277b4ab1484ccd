package semantics

import (
	"maps"
	"slices"
	"strings"
	"unicode"
)

// irregular lists the irregular forms of the verbs and nouns the concept
// table uses; regular forms are made by inflect.
var irregular = map[string][]string{
	"be":      {"is", "are", "was", "were", "been", "being", "am"},
	"have":    {"has", "had", "having"},
	"do":      {"does", "did", "done", "doing"},
	"run":     {"runs", "ran", "running"},
	"write":   {"writes", "wrote", "written", "writing"},
	"build":   {"builds", "built", "building"},
	"feed":    {"feeds", "fed", "feeding"},
	"lead":    {"leads", "led", "leading"},
	"hold":    {"holds", "held", "holding"},
	"send":    {"sends", "sent", "sending"},
	"buy":     {"buys", "bought", "buying"},
	"sell":    {"sells", "sold", "selling"},
	"break":   {"breaks", "broke", "broken", "breaking"},
	"go":      {"goes", "went", "gone", "going"},
	"take":    {"takes", "took", "taken", "taking"},
	"make":    {"makes", "made", "making"},
	"ship":    {"ships", "shipped", "shipping"},
	"stop":    {"stops", "stopped", "stopping"},
	"drop":    {"drops", "dropped", "dropping"},
	"plug":    {"plugs", "plugged", "plugging"},
	"sit":     {"sits", "sat", "sitting"},
	"child":   {"children"},
	"person":  {"people", "persons"},
	"staff":   {"staff", "staffs", "staffed"},
	"get":     {"gets", "got", "gotten", "getting"},
	"bring":   {"brings", "brought", "bringing"},
	"draw":    {"draws", "drew", "drawn", "drawing"},
	"pay":     {"pays", "paid", "paying"},
	"fall":    {"falls", "fell", "fallen", "falling"},
	"hit":     {"hits", "hitting"},
	"put":     {"puts", "putting"},
	"set":     {"sets", "setting"},
	"oversee": {"oversees", "oversaw", "overseen", "overseeing"},
	// Other verbs whose past forms no rule makes, so that a relation in
	// one form is known for the other ("taught_by" beside "teaches").
	"teach":      {"teaches", "taught", "teaching"},
	"keep":       {"keeps", "kept", "keeping"},
	"catch":      {"catches", "caught", "catching"},
	"seek":       {"seeks", "sought", "seeking"},
	"win":        {"wins", "won", "winning"},
	"tell":       {"tells", "told", "telling"},
	"find":       {"finds", "found", "finding"},
	"fight":      {"fights", "fought", "fighting"},
	"spend":      {"spends", "spent", "spending"},
	"throw":      {"throws", "threw", "thrown", "throwing"},
	"give":       {"gives", "gave", "given", "giving"},
	"grow":       {"grows", "grew", "grown", "growing"},
	"know":       {"knows", "knew", "known", "knowing"},
	"see":        {"sees", "saw", "seen", "seeing"},
	"speak":      {"speaks", "spoke", "spoken", "speaking"},
	"choose":     {"chooses", "chose", "chosen", "choosing"},
	"drive":      {"drives", "drove", "driven", "driving"},
	"ride":       {"rides", "rode", "ridden", "riding"},
	"eat":        {"eats", "ate", "eaten", "eating"},
	"fly":        {"flies", "flew", "flown", "flying"},
	"begin":      {"begins", "began", "begun", "beginning"},
	"come":       {"comes", "came", "coming"},
	"become":     {"becomes", "became", "becoming"},
	"leave":      {"leaves", "left", "leaving"},
	"lend":       {"lends", "lent", "lending"},
	"lose":       {"loses", "lost", "losing"},
	"meet":       {"meets", "met", "meeting"},
	"say":        {"says", "said", "saying"},
	"sing":       {"sings", "sang", "sung", "singing"},
	"stand":      {"stands", "stood", "standing"},
	"steal":      {"steals", "stole", "stolen", "stealing"},
	"strike":     {"strikes", "struck", "striking"},
	"think":      {"thinks", "thought", "thinking"},
	"understand": {"understands", "understood", "understanding"},
	"wear":       {"wears", "wore", "worn", "wearing"},
	"bind":       {"binds", "bound", "binding"},
	"hear":       {"hears", "heard", "hearing"},
	"hide":       {"hides", "hid", "hidden", "hiding"},
	"forbid":     {"forbids", "forbade", "forbidden", "forbidding"},
	"forget":     {"forgets", "forgot", "forgotten", "forgetting"},
	"freeze":     {"freezes", "froze", "frozen", "freezing"},
	"shoot":      {"shoots", "shot", "shooting"},
	"sleep":      {"sleeps", "slept", "sleeping"},
	"feel":       {"feels", "felt", "feeling"},
	"deal":       {"deals", "dealt", "dealing"},
	"mean":       {"means", "meant", "meaning"},
	"dig":        {"digs", "dug", "digging"},
	"swim":       {"swims", "swam", "swum", "swimming"},
	"withdraw":   {"withdraws", "withdrew", "withdrawn", "withdrawing"},
	"undertake":  {"undertakes", "undertook", "undertaken", "undertaking"},
	"override":   {"overrides", "overrode", "overridden", "overriding"},
	"rewrite":    {"rewrites", "rewrote", "rewritten", "rewriting"},
	"forgive":    {"forgives", "forgave", "forgiven", "forgiving"},
	"weave":      {"weaves", "wove", "woven", "weaving"},
	"sew":        {"sews", "sewed", "sewn", "sewing"},
	"split":      {"splits", "splitting"},
	"spread":     {"spreads", "spreading"},
	"cut":        {"cuts", "cutting"},
	"shut":       {"shuts", "shutting"},
	"let":        {"lets", "letting"},
	"cost":       {"costs", "costing"},
	"broadcast":  {"broadcasts", "broadcasting"},
	"forecast":   {"forecasts", "forecasting"},
}

// PastForm reports whether a lower-case word may be a verb's past form or
// past participle: "located", "built", "taught", "written".
func PastForm(w string) bool {
	return (len(w) > 3 && strings.HasSuffix(w, "ed")) || irregularPast[w]
}

// irregularPast holds the forms in irregular that are neither the base,
// nor its third person, nor its -ing form: the past forms.
var irregularPast = func() wordSet {
	s := wordSet{}
	for base, forms := range irregular {
		third := []string{base + "s", base + "es", strings.TrimSuffix(base, "y") + "ies"}
		for _, f := range forms {
			if f != base && !strings.HasSuffix(f, "ing") && !slices.Contains(third, f) {
				s[f] = true
			}
		}
	}
	return s
}()

// inflect returns the forms of a word: itself, and the plural or third
// person, past and -ing forms English makes from it (regular rules unless
// irregular lists it). It over-generates on purpose: "report" also gives
// "reporting", which is what matching needs.
func inflect(w string) []string {
	out := []string{w}
	if ir, ok := irregular[w]; ok {
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
		// A final consonant after one vowel may double: "controlled",
		// "shipped", "submitting".
		if n > 2 && !isVowel(last) && !strings.ContainsRune("wxy", rune(last)) && isVowel(w[n-2]) && !isVowel(w[n-3]) {
			out = append(out, w+string(last)+"ed", w+string(last)+"ing")
		}
	}
	return out
}

func isVowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

// wordSet is the set of forms of some base words.
type wordSet map[string]bool

func formsOf(words ...string) wordSet {
	s := wordSet{}
	for _, w := range words {
		for _, f := range inflect(w) {
			s[f] = true
		}
	}
	return s
}

// phrase is a sequence of base words, matched in any inflection of its
// first word ("depend on" matches "depends on", "depended on",
// "depending on"); the other words match as written, or in their plural
// when they are nouns.
type phrase struct {
	words []string
	forms []wordSet
}

// prepositions end phrasal verbs ("depend on", "report to").
var prepositions = map[string]bool{"on": true, "upon": true, "to": true, "from": true, "in": true, "into": true, "for": true, "with": true, "of": true}

// particles are the words that, right after a verb, make a phrasal verb
// of another meaning: the prepositions, and more prepositions and adverbs
// such as "as", "off" and "up" ("serve as", "feed off", "back up").
var particles = func() map[string]bool {
	m := maps.Clone(prepositions)
	for _, w := range []string{"as", "at", "off", "up", "out", "over", "after", "against", "through", "via", "about",
		"onto", "across", "around", "behind", "along"} {
		m[w] = true
	}
	return m
}()

// withoutPreposition returns the phrase without its final preposition
// ("depend" for "depend on"), when it has one and more words before it.
func (p phrase) withoutPreposition() (phrase, bool) {
	n := len(p.words)
	if n < 2 || !prepositions[p.words[n-1]] {
		return phrase{}, false
	}
	return phrase{words: p.words[:n-1], forms: p.forms[:n-1]}, true
}

func newPhrase(s string) phrase {
	p := phrase{words: strings.Fields(s)}
	for _, w := range p.words {
		p.forms = append(p.forms, formsOf(w))
	}
	return p
}

// matchAt reports whether the phrase occurs in toks at i.
func (p phrase) matchAt(toks []string, i int) bool {
	if i+len(p.forms) > len(toks) {
		return false
	}
	for k, f := range p.forms {
		if !f[toks[i+k]] {
			return false
		}
	}
	return true
}

// find returns the token offsets where the phrase occurs.
func (p phrase) find(toks []string) []int {
	var at []int
	for i := range toks {
		if p.matchAt(toks, i) {
			at = append(at, i)
		}
	}
	return at
}

func (p phrase) String() string { return strings.Join(p.words, " ") }

// gapPhrase is a verb and its final preposition with the verb's object
// between them: "get from" matches "gets its power from" and "got the
// parts from". The object is one to maxGap plain words (see gapWord).
type gapPhrase struct {
	verb, prep phrase
}

// maxGap is the most words a gapPhrase's object may have.
const maxGap = 3

// newGapPhrase builds a gapPhrase from "verb preposition".
func newGapPhrase(s string) gapPhrase {
	words := strings.Fields(s)
	n := len(words)
	return gapPhrase{verb: newPhrase(strings.Join(words[:n-1], " ")), prep: newPhrase(words[n-1])}
}

// find returns the spans [start, end) where the phrase occurs with an
// object between verb and preposition (without one it is a plain verb
// phrase, which the verb lists hold).
func (g gapPhrase) find(toks []string) [][2]int {
	var out [][2]int
	for i := range toks {
		if !g.verb.matchAt(toks, i) {
			continue
		}
		obj := i + len(g.verb.forms)
		for k := obj; k < len(toks) && k <= obj+maxGap; k++ {
			if k > obj && g.prep.matchAt(toks, k) {
				out = append(out, [2]int{i, k + len(g.prep.forms)})
				break
			}
			if !gapWord(toks[k]) {
				break
			}
		}
	}
	return out
}

func (g gapPhrase) String() string { return g.verb.String() + " " + g.prep.String() }

// gapWord reports whether w can be part of a gapPhrase's object: a word
// of letters that is not a preposition, question word, auxiliary or
// conjunction (those start another clause), nor a stand-in for an entity.
func gapWord(w string) bool {
	if w == "" || prepositions[w] || clauseWords[w] {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

var clauseWords = map[string]bool{"what": true, "which": true, "who": true, "whom": true, "whose": true, "where": true,
	"when": true, "how": true, "why": true, "that": true, "and": true, "or": true, "not": true, "if": true, "is": true,
	"are": true, "was": true, "were": true, "be": true, "do": true, "does": true, "did": true, "can": true, "will": true}

// LemmaForms returns the forms of a word that may itself be inflected (a
// relation name's "exposes", "directed", "reads"): the forms of the word
// and of each base it could come from.
func LemmaForms(w string) map[string]bool {
	out := formsOf(w)
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
	for _, b := range bases {
		for f := range formsOf(b) {
			out[f] = true
		}
	}
	return out
}
