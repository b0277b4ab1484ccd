package words

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"
)

// parseAbbreviations reads abbreviations.txt: short form -> the words of
// its long form.
func parseAbbreviations() (map[string][]string, error) {
	es, err := readFile("abbreviations.txt")
	if err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(es))
	for _, e := range es {
		if _, dup := out[e.key]; dup {
			return nil, fmt.Errorf("abbreviations.txt:%d: %q is listed twice", e.line, e.key)
		}
		long := strings.Fields(e.value)
		switch {
		case strings.ContainsAny(e.key, " \t"):
			return nil, fmt.Errorf("abbreviations.txt:%d: %q: a short form is one word", e.line, e.key)
		case len(long) == 0:
			return nil, fmt.Errorf("abbreviations.txt:%d: %q has no long form", e.line, e.key)
		case len(long) == 1 && long[0] == e.key:
			return nil, fmt.Errorf("abbreviations.txt:%d: %q is its own long form", e.line, e.key)
		}
		out[e.key] = long
	}
	for short, long := range out {
		if len(long) == 1 {
			if _, ok := out[long[0]]; ok {
				return nil, fmt.Errorf("abbreviations.txt: %q is the long form of %q and a short form itself", long[0], short)
			}
		}
	}
	return out, nil
}

// parseNounList reads a data file of one noun a line (headnouns.txt,
// classifiers.txt), none listed twice.
func parseNounList(name string) (map[string]bool, error) {
	es, err := readLines(name)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(es))
	for _, e := range es {
		if out[e.key] {
			return nil, fmt.Errorf("%s:%d: %q is listed twice", name, e.line, e.key)
		}
		if strings.ContainsAny(e.key, " \t:") {
			return nil, fmt.Errorf("%s:%d: %q: one noun a line", name, e.line, e.key)
		}
		out[e.key] = true
	}
	return out, nil
}

// IsClassifier reports whether w, or its singular, is a classifier noun
// (classifiers.txt): a noun that asks for a thing's kind ("what kind of
// element") or that names a graph's classification ("category").
func IsClassifier(w string) bool {
	return k().classifiers[w] || k().classifiers[text.Singular(w)]
}

// readLines returns the lines of data file name that are not blank or a
// comment, as entries with no value.
func readLines(name string) ([]entry, error) {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	var out []entry
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, entry{line: i + 1, key: line})
	}
	return out, nil
}

// parseOpposites reads opposites.txt: a preposition that ends relation
// names -> the prepositions that name the same relation the other way.
func parseOpposites() (map[string][]string, error) {
	return parseWordMap("opposites.txt", "one preposition, then its opposites, none itself")
}

// parseNicknames reads nicknames.txt: a nickname -> the given names it
// stands for.
func parseNicknames() (map[string][]string, error) {
	return parseWordMap("nicknames.txt", "one nickname, then the given names it stands for, not itself")
}

// parseWordMap reads a data file of "word: word word ..." lines into a
// map, each key one word listed once, with at least one value and not
// among its own values; shape says what a line holds, for the error.
func parseWordMap(name, shape string) (map[string][]string, error) {
	es, err := readFile(name)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(es))
	for _, e := range es {
		if _, dup := out[e.key]; dup {
			return nil, fmt.Errorf("%s:%d: %q is listed twice", name, e.line, e.key)
		}
		vs := strings.Fields(e.value)
		if len(vs) == 0 || slices.Contains(vs, e.key) || strings.ContainsAny(e.key, " \t") {
			return nil, fmt.Errorf("%s:%d: %q: %s", name, e.line, e.key, shape)
		}
		out[e.key] = vs
	}
	return out, nil
}

// parseSymmetric reads a word map (parseWordMap) whose lines hold both
// ways: each value gets its key too (synonyms.txt, kininverse.txt); where
// among is set, the values of a line are each other's too (synonyms.txt:
// the verbs of a line all name one act, "head: lead chair").
func parseSymmetric(name, shape string, among bool) (map[string][]string, error) {
	m, err := parseWordMap(name, shape)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]string, len(m))
	add := func(a, b string) {
		if a != b && !slices.Contains(out[a], b) {
			out[a] = append(out[a], b)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		for _, v := range m[k] {
			add(k, v)
			add(v, k)
			for _, w := range m[k] {
				if among {
					add(v, w)
				}
			}
		}
	}
	return out, nil
}

// Synonyms returns the verbs synonyms.txt gives as naming the act a form
// of verb w names ("discover" for "isolated"), or nil.
func Synonyms(w string) []string {
	var out []string
	for _, l := range Lemmas(strings.ToLower(w)) {
		for _, s := range k().synonyms[l] {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// GivenNames returns the given names a nickname stands for ("bernard"
// for "bernie"), lower case, or nil.
func GivenNames(nick string) []string { return k().nicknames[nick] }

// BroaderKin returns the kin noun a narrower one is a kind of ("sibling"
// for "brother"), singular, or "" (kinship.txt).
func BroaderKin(noun string) string {
	if b := k().kin[text.Singular(noun)]; len(b) > 0 {
		return b[0]
	}
	return ""
}

// FamiliarKin returns the familiar words for a kin noun ("dad" and
// "daddy" for "father"), sorted (kinwords.txt).
func FamiliarKin(noun string) []string { return keysFor(k().kinWords, noun) }

// keysFor returns the keys of m whose values hold noun's singular, sorted.
func keysFor(m map[string][]string, noun string) []string {
	var out []string
	for key, vs := range m {
		if slices.Contains(vs, text.Singular(noun)) {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}

// KinNoun reports whether a noun names kin (kinship.txt, either side:
// "father", "parent", "siblings").
func KinNoun(noun string) bool {
	return BroaderKin(noun) != "" || len(NarrowerKin(noun)) > 0
}

// KinInverse returns the kin noun of the other end of the tie a plain kin
// noun names ("child" for "parents", "parent" for "child"), singular, or
// "" (kininverse.txt).
func KinInverse(noun string) string {
	if inv := k().kinInv[text.Singular(noun)]; len(inv) > 0 {
		return inv[0]
	}
	return ""
}

// KinChain returns the plain kin nouns of the ties a kin noun for kin
// more than one tie away chains ("parent", "parent" for "grandparents"),
// singular, nearest first, and whether it is a chain of any length of
// its one tie ("ancestors": parent, at any depth); ok is false for a noun
// that is no such chain (kinchains.txt).
func KinChain(noun string) (ties []string, anyLength, ok bool) {
	n := text.Singular(noun)
	if base, ok := strings.CutSuffix(noun, "children"); ok {
		n = base + "child" // "grandchildren"
	}
	c := k().kinChains[n]
	if len(c) == 0 {
		return nil, false, false
	}
	if c[len(c)-1] == "*" {
		return c[:len(c)-1], true, true
	}
	return c, false, true
}

// KinChainVerb returns the kin noun of a chain (kinchains.txt) that
// names the doer of the verb w is a form of ("descendant" for
// "descends"), and whether there is one.
func KinChainVerb(w string) (string, bool) {
	for _, n := range slices.Sorted(maps.Keys(k().kinChains)) {
		for _, v := range AgentVerbs(n) {
			if w == v || IsForm(w, v) {
				return n, true
			}
		}
	}
	return "", false
}

// NarrowerKin returns the kin nouns that are kinds of a plain one
// ("brother" and "sister" for "sibling"), singular, sorted.
func NarrowerKin(noun string) []string { return keysFor(k().kin, noun) }

// ValuesOf returns the values a noun names ("female" for "women"), lower
// case, or nil (valuenouns.txt).
func ValuesOf(noun string) []string { return k().values[noun] }

// MeasureNouns returns the nouns of what adjective adj measures, as a
// relation's name may say them ("long": time, duration, length), from
// measures.txt; nil for an adjective of no measure.
func MeasureNouns(adj string) []string { return k().measures[adj] }

// QualifierSynonyms returns the adjectives of the same sense as adj, a
// word that qualifies a relation's name beside its siblings ("primary"
// in primaryMuscles: "main", "chief"), from qualifiers.txt; nil where
// none is listed.
func QualifierSynonyms(adj string) []string { return k().qualifiers[adj] }

// PlacesOf returns the places a demonym is said of ("sweden" for
// "swedish", "united states" and "america" for "american"), lower case
// with spaces between words, or nil; a demonym of two words is looked up
// with "-" between them ("sri-lankan").
func PlacesOf(adjective string) []string {
	var out []string
	for _, p := range k().demonyms[adjective] {
		out = append(out, strings.ReplaceAll(p, "-", " "))
	}
	return out
}

// Opposites returns the prepositions that, in place of prep at the end of
// a relation's name, name that relation the other way round ("into" and
// "to" for "from": "X evolves into Y" is "Y evolves from X"), or nil.
func Opposites(prep string) []string { return k().opposites[prep] }

// LongForm returns the words of the long form of a short form
// (abbreviations.txt: "working", "group" for "wg"), and whether w is one.
func LongForm(w string) ([]string, bool) {
	long, ok := k().abbrev[w]
	return long, ok
}

// Contracted reports whether w is written as a contraction: three letters
// or more and no vowel ("cty", "prv", "hwy"), no function word and
// no short form abbreviations.txt spells out (those are LongForm's).
func Contracted(w string) bool {
	if len(w) < 3 || strings.ContainsAny(w, "aeiou0123456789") || FunctionWord(w) {
		return false
	}
	if _, ok := k().abbrev[w]; ok {
		return false
	}
	for _, c := range w {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// Contracts reports whether contraction short (Contracted) is a
// contraction of word long: both start with the same letter and the
// short one's letters are in long, in order ("cty" of city, "prv" of
// province, "hwy" of highway); long is longer.
func Contracts(short, long string) bool {
	if !Contracted(short) || len(long) <= len(short) || long[0] != short[0] {
		return false
	}
	j := 0
	for i := 0; i < len(long) && j < len(short); i++ {
		if long[i] == short[j] {
			j++
		}
	}
	return j == len(short)
}

// ShortForm returns the short form whose long form starts toks ("wg" for
// "working", "group", ...) and how many of toks it takes; "" and 0 when
// none does. The longest long form wins. Each token may be the long
// form's word or its plural ("groups").
func ShortForm(toks []string) (string, int) {
	if len(toks) == 0 {
		return "", 0
	}
	best, bestN := "", 0
	for _, a := range k().byFirst[text.Singular(toks[0])] {
		if len(a.long) <= bestN || len(a.long) > len(toks) {
			continue
		}
		ok := true
		for i, w := range a.long[1:] {
			if t := toks[i+1]; t != w && text.Singular(t) != w {
				ok = false
				break
			}
		}
		if ok {
			best, bestN = a.short, len(a.long)
		}
	}
	return best, bestN
}

// abbreviation is a line of abbreviations.txt.
type abbreviation struct {
	short string
	long  []string
}

// indexAbbreviations lists the abbreviations by the first word of their
// long form, longest first, then by short form.
func indexAbbreviations(abbrev map[string][]string) map[string][]abbreviation {
	out := map[string][]abbreviation{}
	for short, long := range abbrev {
		out[long[0]] = append(out[long[0]], abbreviation{short, long})
	}
	for _, as := range out {
		slices.SortFunc(as, func(a, b abbreviation) int {
			return cmp.Or(cmp.Compare(len(b.long), len(a.long)), strings.Compare(a.short, b.short))
		})
	}
	return out
}

// IsPlaceNoun reports whether a lower-case word, in the singular or the
// plural, is a noun relation names use for where something is or happened
// (placenouns.txt: "site" of launch_site).
func IsPlaceNoun(w string) bool { return k().places[w] || k().places[text.Singular(w)] }

// IsMotionVerb reports whether w is a form of a verb of going from place
// to place (motionverbs.txt: "fly", "flew", "travelling").
func IsMotionVerb(w string) bool {
	return slices.ContainsFunc(Lemmas(w), func(l string) bool { return k().motion[l] })
}

// IsWhereVerb reports whether w is a verb that says where a thing is
// (whereverbs.txt: "located", "based").
func IsWhereVerb(w string) bool { return k().whereVerb[w] }

// PlaceCompound splits a closed compound that ends in a place noun into its
// two words ("birthplace" → "birth", "place"; "geolocation"), ok false for
// any other word. The place noun has five letters or more and the word
// before it four: a shorter ending is part of many a word ("prerequisite",
// "website").
func PlaceCompound(w string) (first, place string, ok bool) {
	for p := range k().places {
		if rest, found := strings.CutSuffix(w, p); found && len(p) >= 5 && len(rest) >= 4 {
			return rest, p, true
		}
	}
	return "", "", false
}

// IsPeerNoun reports whether a lower-case word, in the singular or the
// plural, is a noun for things of one's own kind in some relation to one
// (peernouns.txt: "neighbours").
func IsPeerNoun(w string) bool { return k().peers[w] || k().peers[text.Singular(w)] }

// NamesSomeone reports whether a type's name says its entities are
// people or groups of people (someonenouns.txt): its head word is such a
// noun ("Person", "Player", "team"), or it is a group of them
// ("PeopleGroup"). A type named for a relation's role (inference names
// them so) is read by the role: the objects of "owner" are owners
// (OwnerObject), the subjects of "member_of" members (MemberOfSubject),
// and the subjects of "agency_id" (AgencyIdSubject) are no agencies.
func NamesSomeone(typ string) bool {
	ws := text.Tokens(typ)
	n := len(ws)
	if n == 0 {
		return false
	}
	if role := ws[n-1]; n > 1 && (role == "subject" || role == "object") {
		rel := ws[:n-1]
		last := rel[len(rel)-1]
		if role == "subject" {
			return len(rel) > 1 && last == "of" && isSomeone(rel[len(rel)-2])
		}
		return isSomeone(last)
	}
	return isSomeone(ws[n-1]) || ws[n-1] == "group" && slices.ContainsFunc(ws[:n-1], isSomeone)
}

// isSomeone reports whether a word, or its singular, is a someone noun.
func isSomeone(w string) bool { return k().someone[w] || k().someone[text.Singular(w)] }

// FormerWord reports whether a lower-case word says something held in
// the past: a word of the former class ("former", "formerly"), one of a
// concept phrase read as former ("alumni"), or "ex", "past", "previous",
// "prev", "old", "emeritus", "retired".
func FormerWord(w string) bool {
	if ClassOf(w).Has(Former) {
		return true
	}
	switch w {
	case "ex", "past", "previous", "prev", "old", "emeritus", "retired":
		return true
	}
	return slices.ContainsFunc(formerPhrases(), func(base string) bool { return IsForm(w, base) })
}

// FormerName reports whether a relation's name says it held in the past:
// one of its words (NameWords) is a former word (alumni_of,
// formerly_fabricated_by).
func FormerName(name string) bool { return slices.ContainsFunc(NameWords(name), FormerWord) }

// formerPhrases are the one-word concept phrases read as former
// ("alumnus"), found once: FormerWord is asked of every word of every
// relation name a question is read against.
var formerPhrases = sync.OnceValue(func() []string {
	var out []string
	for _, cp := range ConceptPhrases() {
		if len(cp.Words) == 1 && slices.ContainsFunc(cp.Firm(), func(s Sense) bool { return s.Former }) {
			out = append(out, cp.Words[0])
		}
	}
	return out
})

// IsNameNoun reports whether a lower-case word, in the singular or the
// plural, is a noun for a thing's names (namenouns.txt: "names",
// "aliases", "synonyms").
func IsNameNoun(w string) bool {
	return k().names[w] || k().names[text.Singular(w)] || k().names[strings.TrimSuffix(w, "es")]
}

// NamesOtherNames reports whether a relation's name, given as its words in
// lower case, says its objects are names of its subject: its last word is
// a name noun (namenouns.txt: "aliases", "aka", "has_exact_synonym",
// "alt_label", "display_name"), or it reads "known as" ("also_known_as").
// A name noun before other words ("name_of") or a verb ("named_by",
// "names") does not.
func NamesOtherNames(name []string) bool {
	if n := len(name); n >= 2 && name[n-2] == "known" && name[n-1] == "as" {
		return true
	}
	if len(name) == 0 {
		return false
	}
	w := name[len(name)-1]
	if text.Singular(w) != w && len(name) == 1 && (text.Singular(w) == "name" || text.Singular(w) == "label") {
		return false // "names", "labels": as likely a verb
	}
	return IsNameNoun(w)
}

// IsHeadNoun reports whether a lower-case word, in the singular or the
// plural, is a noun people put beside a name to say what kind of thing it
// names: a kind noun (kinds.txt) or a head noun (headnouns.txt). A verb's
// forms are not ("hosted", "tagged").
func IsHeadNoun(w string) bool {
	for _, x := range []string{w, text.Singular(w)} {
		if _, kind := k().kinds[x]; kind || k().heads[x] {
			return true
		}
	}
	return false
}
