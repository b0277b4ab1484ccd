package words

import (
	"github.com/scgraph/scgraph/internal/concept"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// Phrase is a sequence of base words, matched in any form of each word
// ("depend on" matches "depends on", "depended on", "depending on").
type Phrase struct {
	words []string
	forms []map[string]bool
}

// NewPhrase builds a phrase from base words separated by spaces.
func NewPhrase(s string) Phrase {
	p := Phrase{words: strings.Fields(s)}
	for _, w := range p.words {
		p.forms = append(p.forms, FormSet(w))
	}
	return p
}

// Len is the number of words.
func (p Phrase) Len() int { return len(p.words) }

// Words returns the phrase's base words.
func (p Phrase) Words() []string { return p.words }

// MatchAt reports whether the phrase occurs in toks at i.
func (p Phrase) MatchAt(toks []string, i int) bool {
	if i < 0 || i+len(p.forms) > len(toks) {
		return false
	}
	for k, f := range p.forms {
		if !f[toks[i+k]] {
			return false
		}
	}
	return true
}

// Find returns the token offsets where the phrase occurs.
func (p Phrase) Find(toks []string) []int {
	var at []int
	for i := range toks {
		if p.MatchAt(toks, i) {
			at = append(at, i)
		}
	}
	return at
}

func (p Phrase) String() string { return strings.Join(p.words, " ") }

// prepositions end phrasal verbs ("depend on", "report to").
var prepositions = Set("prepositions")

// particles are the words that, right after a verb, make a phrasal verb
// of another meaning beside the prepositions: more prepositions and
// adverbs such as "as", "off" and "up" ("serve as", "feed off", "back
// up").
var particles = Set("particles")

// IsParticle reports whether w, right after a verb, makes a phrasal verb.
func IsParticle(w string) bool { return prepositions.Has(w) || particles.Has(w) }

// withoutPreposition returns the phrase without its final preposition
// ("depend" for "depend on"), when it has one and more words before it.
func (p Phrase) withoutPreposition() (Phrase, bool) {
	n := len(p.words)
	if n < 2 || !prepositions.Has(p.words[n-1]) {
		return Phrase{}, false
	}
	return Phrase{words: p.words[:n-1], forms: p.forms[:n-1]}, true
}

// gapPhrase is a verb and its final preposition with the verb's object
// between them: "get from" matches "gets its power from" and "got the
// parts from". The object is one to maxGap plain words (see gapWord).
type gapPhrase struct {
	verb, prep Phrase
}

// maxGap is the most words a gapPhrase's object may have.
const maxGap = 3

func newGapPhrase(s string) gapPhrase {
	words := strings.Fields(s)
	n := len(words)
	return gapPhrase{verb: NewPhrase(strings.Join(words[:n-1], " ")), prep: NewPhrase(words[n-1])}
}

// find returns the spans [start, end) where the phrase occurs with an
// object between verb and preposition.
func (g gapPhrase) find(toks []string) [][2]int {
	var out [][2]int
	for i := range toks {
		if !g.verb.MatchAt(toks, i) {
			continue
		}
		obj := i + len(g.verb.forms)
		for k := obj; k < len(toks) && k <= obj+maxGap; k++ {
			if k > obj && g.prep.MatchAt(toks, k) {
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

// placePrepositions are the prepositions of place a "where" stands in
// for: "Where does X run?" asks what X runs on.
var placePrepositions = Set("place-prepositions")

// withoutPlacePreposition returns the phrase without its final
// preposition of place ("run" for "run on"), when it has one and more
// words before it.
func (p Phrase) withoutPlacePreposition() (Phrase, bool) {
	n := len(p.words)
	if n < 2 || !placePrepositions.Has(p.words[n-1]) {
		return Phrase{}, false
	}
	return Phrase{words: p.words[:n-1], forms: p.forms[:n-1]}, true
}

// whereStranded returns the hits of a verb whose phrase ends in a
// preposition of place, said without it at the end of a "where" question
// with "do": "where does X run" is "run on", "where does X store its
// data" is "store in" (the verb's own object, up to maxGap plain words,
// may follow it: Hit.Object). Each hit is like with its span set; the
// question's "where" is the place. A passive ("where is X stored") is
// left to the phrases that are participles themselves ("stored in").
func whereStranded(verb Phrase, toks []string, like Hit) []Hit {
	var out []Hit
	for i := range toks {
		if toks[i] != "where" {
			continue
		}
		do := false
		for j := i + 1; j < len(toks); j++ {
			if doForms.Has(toks[j]) {
				do = true
			}
			if !do || !verb.MatchAt(toks, j) {
				continue
			}
			end := j + verb.Len()
			if rest := toks[end:]; len(rest) <= maxGap && allGapWords(rest) {
				h := like
				h.Start, h.End, h.Object = j, len(toks), rest
				out = append(out, h)
			}
		}
	}
	return out
}

// indefiniteBefore reports whether an indefinite determiner or a
// quantifier stands before toks[at]: a noun-headed phrase is the relation
// there ("X is a kind of Y", "every kind of Y"), where after "what", "the"
// or nothing its noun is the kind asked or a relation's name ("what kind
// of region", "the type of X").
func indefiniteBefore(toks []string, at int) bool {
	return at > 0 && IsIndefinite(toks[at-1])
}

// IsIndefinite reports whether w opens a noun phrase of no particular
// thing ("a", "an", a quantifier): the word a noun-headed phrase needs
// before it to say a relation ("X is a kind of Y", not "what kind of Y").
func IsIndefinite(w string) bool {
	return w == "a" || w == "an" || ClassOf(w).Has(Quantifier)
}

var doForms = Set("do-forms")

func allGapWords(ws []string) bool {
	for _, w := range ws {
		if !gapWord(w) {
			return false
		}
	}
	return true
}

func (g gapPhrase) String() string { return g.verb.String() + " " + g.prep.String() }

// gapWord reports whether w can be part of a gapPhrase's object: a word
// of letters that is not a preposition, question word, auxiliary or
// conjunction (those start another clause), nor a stand-in for an entity.
func gapWord(w string) bool {
	if w == "" || prepositions.Has(w) || clauseWords.Has(w) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

var clauseWords = Set("clause-words")

// compiled is one concept's phrases, by part, in file order.
type compiled struct {
	concept        Concept
	verbs, inverse []Phrase
	// nameVerbs are read in relation names only (part "name").
	nameVerbs []Phrase
	// nounHeaded are the verb phrases flagged noun-headed.
	nounHeaded map[string]bool
	// readings are the verb phrases of readings.txt, read in questions
	// only, not in relation names.
	readings             map[string]bool
	gapVerbs, gapInverse []gapPhrase
	generic              map[string]bool
	// closure are the nouns that name every generation ("descendant");
	// fallback those read only where the graph has none of their other
	// senses (Sense.Fallback); twice those of two steps ("grandparent").
	closure, fallback, twice map[string]bool
	// fallbackVerbs are the verbs of fallback senses, with the role
	// their subject plays.
	fallbackVerbs           []roleVerb
	inverseWords            map[string]bool
	firstNouns, secondNouns []Phrase
	positions               []compiledPosition
	// nameNouns are the role nouns relation names are read with: the
	// concept's nouns and the positions that also name relations
	// ("upstream_of").
	nameNouns []roleNoun
}

type roleNoun struct {
	p    Phrase
	role Role
}

type compiledPosition struct {
	p       Phrase
	answers Role
	names   bool
}

// table returns the concepts' phrases compiled, in concept order.
func table() []compiled {
	tableOnce.Do(func() {
		byConcept := make([]compiled, concept.Count)
		for c := range byConcept {
			byConcept[c] = newCompiled(Concept(c))
		}
		// Parts in the order each list was read: verbs, inverse verbs,
		// gap verbs, first nouns, second nouns, positions.
		for _, part := range []Part{Verb, InverseVerb, GapVerb, GapInverse, NounFirst, NounSecond, PositionFirst, PositionSecond, NameOnly} {
			for _, cp := range ConceptPhrases() {
				for _, s := range cp.Senses {
					if s.Part == part {
						byConcept[s.Concept].add(cp, s)
					}
				}
			}
		}
		for i := range byConcept {
			byConcept[i].addNamingPositions()
		}
		compiledTable = byConcept[1:]
	})
	return compiledTable
}

// newCompiled returns concept c's table with no phrases yet.
func newCompiled(c Concept) compiled {
	return compiled{concept: c, generic: map[string]bool{}, closure: map[string]bool{}, fallback: map[string]bool{}, twice: map[string]bool{}, inverseWords: map[string]bool{}, nounHeaded: map[string]bool{}, readings: map[string]bool{}}
}

// add files phrase cp under the list its sense s's part reads it with.
func (c *compiled) add(cp ConceptPhrase, s Sense) {
	if s.Fallback && (s.Part == Verb || s.Part == InverseVerb) {
		// Read in questions only, never in relation names.
		c.fallbackVerbs = append(c.fallbackVerbs, roleVerb{NewPhrase(cp.Text), s.Role()})
		return
	}
	switch s.Part {
	case Verb:
		c.addVerb(cp, s)
	case InverseVerb:
		c.inverse = append(c.inverse, NewPhrase(cp.Text))
		c.inverseWords[cp.Text] = true
	case NameOnly:
		c.nameVerbs = append(c.nameVerbs, NewPhrase(cp.Text))
	case GapVerb:
		c.gapVerbs = append(c.gapVerbs, newGapPhrase(cp.Text))
	case GapInverse:
		c.gapInverse = append(c.gapInverse, newGapPhrase(cp.Text))
	case NounFirst, NounSecond:
		c.addNoun(cp, s)
	case PositionFirst, PositionSecond:
		c.positions = append(c.positions, compiledPosition{NewPhrase(cp.Text), s.Role(), s.Names})
	}
}

// addVerb files a verb phrase (part Verb) and the flags its sense s
// carries: a phrase of readings.txt, noun-headed, generic.
func (c *compiled) addVerb(cp ConceptPhrase, s Sense) {
	c.verbs = append(c.verbs, NewPhrase(cp.Text))
	if cp.Reading {
		c.readings[cp.Text] = true
	}
	if s.NounHeaded {
		c.nounHeaded[cp.Text] = true
	}
	if s.Generic {
		c.generic[cp.Text] = true
	}
}

// addNoun files a role noun (part NounFirst or NounSecond) and the flags
// its sense s carries; a noun that is no fallback also reads relation
// names (nameNouns).
func (c *compiled) addNoun(cp ConceptPhrase, s Sense) {
	p := NewPhrase(cp.Text)
	if s.Part == NounFirst {
		c.firstNouns = append(c.firstNouns, p)
	} else {
		c.secondNouns = append(c.secondNouns, p)
	}
	if s.Fallback {
		c.fallback[cp.Text] = true
	} else {
		c.nameNouns = append(c.nameNouns, roleNoun{p, s.Role()})
	}
	if s.Closure {
		c.closure[cp.Text] = true
	}
	if s.Twice {
		c.twice[cp.Text] = true
	}
}

// addNamingPositions adds the positions that also name relations
// ("upstream_of") to the nouns relation names are read with, after the
// concept's own nouns.
func (c *compiled) addNamingPositions() {
	for _, pos := range c.positions {
		if pos.names {
			c.nameNouns = append(c.nameNouns, roleNoun{pos.p, pos.answers})
		}
	}
}

// HitKind says how a phrase of the question names a concept.
type HitKind uint8

// The hit kinds.
const (
	// HitVerb: the phrase's grammatical subject plays Hit.Role ("X
	// depends on Y": X is First; "Y hosts X": Y is Second).
	HitVerb HitKind = iota + 1
	// HitNoun: the phrase names the role Hit.Role ("the dependencies of
	// X", "alice's manager").
	HitNoun
	// HitPosition: the answers to "<phrase> of X" play Hit.Role
	// ("downstream of X": the dependents; "everyone under dana": the
	// reports).
	HitPosition
)

// roleVerb is a verb phrase and the role its subject plays.
type roleVerb struct {
	p       Phrase
	subject Role
}

// Hit is a concept phrase found in a token sequence: tokens [Start, End).
type Hit struct {
	Start, End int
	Concept    Concept
	Kind       HitKind
	Role       Role
	// Phrase is the base form of the words matched ("depend on").
	Phrase string
	// Generic: the phrase names the concept as a whole.
	Generic bool
	// Reading: the phrase is one of readings.txt's, which yields to a
	// relation the graph names with its words.
	Reading bool
	// Closure: a noun that names every generation of the relation
	// ("descendants", "ancestors").
	Closure bool
	// Fallback: a sense read only where the graph has none of the
	// phrase's other senses (Sense.Fallback).
	Fallback bool
	// Twice: a noun of two steps ("grandparents").
	Twice bool
	// Object holds the words between a gapped verb and its preposition
	// ("its power" in "gets its power from").
	Object []string
}

// Lookup finds the concept phrases in toks (lower-case words), longest
// first, never two on the same token but for hits of exactly one span
// (the caller picks the concept the graph has: "under" is a position in
// dependency, reporting and containment). Verbs are preferred over nouns
// of the same length.
func Lookup(toks []string) []Hit {
	var all []Hit
	for _, c := range table() {
		all = append(all, c.hits(toks)...)
	}
	sortLongestFirst(all)
	kept := withoutPartialOverlaps(all)
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

// hits returns every occurrence in toks of the concept's phrases, part by
// part: verbs, inverse verbs, fallback verbs, verbs stranded by "where",
// gapped verbs, nouns, positions.
func (c compiled) hits(toks []string) []Hit {
	var all []Hit
	all = append(all, c.verbHits(toks)...)
	all = append(all, c.inverseHits(toks)...)
	all = append(all, c.fallbackVerbHits(toks)...)
	all = append(all, c.strandedVerbHits(toks)...)
	all = append(all, c.strandedGapHits(toks)...)
	all = append(all, c.gapHits(toks)...)
	all = append(all, c.nounHits(toks)...)
	all = append(all, c.positionHits(toks)...)
	return all
}

// verbHits are the concept's verbs in toks, their subject First; a
// noun-headed verb phrase counts only after an indefinite determiner.
func (c compiled) verbHits(toks []string) []Hit {
	var all []Hit
	for _, p := range c.verbs {
		for _, at := range p.Find(toks) {
			if c.nounHeaded[p.String()] && !indefiniteBefore(toks, at) {
				continue // "what kind of region", "the type of X": a noun
			}
			all = append(all, Hit{Start: at, End: at + p.Len(), Concept: c.concept, Kind: HitVerb, Role: First, Phrase: p.String(), Generic: c.generic[p.String()], Reading: c.readings[p.String()]})
		}
	}
	return all
}

// inverseHits are the concept's inverse verbs in toks, their subject
// Second.
func (c compiled) inverseHits(toks []string) []Hit {
	var all []Hit
	for _, p := range c.inverse {
		for _, at := range p.Find(toks) {
			all = append(all, Hit{Start: at, End: at + p.Len(), Concept: c.concept, Kind: HitVerb, Role: Second, Phrase: p.String()})
		}
	}
	return all
}

// fallbackVerbHits are the verbs of the concept's fallback senses in
// toks.
func (c compiled) fallbackVerbHits(toks []string) []Hit {
	var all []Hit
	for _, v := range c.fallbackVerbs {
		for _, at := range v.p.Find(toks) {
			all = append(all, Hit{Start: at, End: at + v.p.Len(), Concept: c.concept, Kind: HitVerb, Role: v.subject, Phrase: v.p.String(), Fallback: true})
		}
	}
	return all
}

// strandedVerbHits are the concept's verbs and inverse verbs ending in a
// preposition of place, said without it in a "where" question
// (whereStranded).
func (c compiled) strandedVerbHits(toks []string) []Hit {
	var all []Hit
	for _, group := range []rolePhrases{{c.verbs, First}, {c.inverse, Second}} {
		for _, p := range group.ps {
			if verb, ok := p.withoutPlacePreposition(); ok {
				all = append(all, whereStranded(verb, toks, Hit{Concept: c.concept, Kind: HitVerb, Role: group.role, Phrase: p.String(), Generic: c.generic[p.String()], Reading: c.readings[p.String()]})...)
			}
		}
	}
	return all
}

// strandedGapHits are the concept's gapped verbs whose preposition is one
// of place, said without it in a "where" question (whereStranded).
func (c compiled) strandedGapHits(toks []string) []Hit {
	var all []Hit
	for _, group := range c.gapGroups() {
		for _, p := range group.ps {
			if placePrepositions.Has(p.prep.words[0]) {
				all = append(all, whereStranded(p.verb, toks, Hit{Concept: c.concept, Kind: HitVerb, Role: group.role, Phrase: p.String()})...)
			}
		}
	}
	return all
}

// gapHits are the concept's gapped verbs in toks with their object
// between verb and preposition (Hit.Object).
func (c compiled) gapHits(toks []string) []Hit {
	var all []Hit
	for _, group := range c.gapGroups() {
		for _, p := range group.ps {
			for _, sp := range p.find(toks) {
				obj := toks[sp[0]+p.verb.Len() : sp[1]-p.prep.Len()]
				all = append(all, Hit{Start: sp[0], End: sp[1], Concept: c.concept, Kind: HitVerb, Role: group.role, Phrase: p.String(), Object: obj})
			}
		}
	}
	return all
}

// rolePhrases are phrases and the role their subject (a verb's) or
// their answers (a noun's) play.
type rolePhrases struct {
	ps   []Phrase
	role Role
}

// roleGapPhrases are gapped verb phrases and the role their subject
// plays.
type roleGapPhrases struct {
	ps   []gapPhrase
	role Role
}

// gapGroups returns the concept's gapped verbs (subject First), then its
// gapped inverse verbs (subject Second).
func (c compiled) gapGroups() []roleGapPhrases {
	return []roleGapPhrases{{c.gapVerbs, First}, {c.gapInverse, Second}}
}

// nounHits are the concept's role nouns in toks, first nouns then second
// nouns.
func (c compiled) nounHits(toks []string) []Hit {
	var all []Hit
	for _, group := range []rolePhrases{{c.firstNouns, First}, {c.secondNouns, Second}} {
		for _, p := range group.ps {
			for _, at := range p.Find(toks) {
				all = append(all, Hit{Start: at, End: at + p.Len(), Concept: c.concept, Kind: HitNoun, Role: group.role, Phrase: p.String(), Generic: true, Closure: c.closure[p.String()], Fallback: c.fallback[p.String()], Twice: c.twice[p.String()]})
			}
		}
	}
	if c.concept == Containment {
		all = append(all, prefixedPartHits(toks)...)
	}
	return all
}

// prefixedPartHits are the nouns of containment made with "sub" or
// "super" before a kind noun ("the subgroups of X", "the supergroup of
// X"): the parts below a thing and the whole above it, where no phrase of
// concepts.txt names them (subclass, superclass are there). As a phrase
// of readings.txt, each yields to a relation the graph names with the
// word (subproject).
func prefixedPartHits(toks []string) []Hit {
	var all []Hit
	for at, w := range toks {
		for _, pre := range []struct {
			prefix string
			role   Role
		}{{"sub", First}, {"super", Second}} {
			rest, ok := strings.CutPrefix(w, pre.prefix)
			if !ok || len(rest) < 3 || !kindNoun(rest) {
				continue
			}
			all = append(all, Hit{Start: at, End: at + 1, Concept: Containment, Kind: HitNoun, Role: pre.role, Phrase: w, Generic: true, Reading: true})
		}
	}
	return all
}

// kindNoun reports whether w, in the singular or plural, is a noun for a
// kind of thing (kinds.txt, headnouns.txt): "group" of "subgroups".
func kindNoun(w string) bool {
	return slices.ContainsFunc(Lemmas(w), func(l string) bool { return IsKindWord(l) || IsHeadNoun(l) })
}

// positionHits are the concept's position words in toks.
func (c compiled) positionHits(toks []string) []Hit {
	var all []Hit
	for _, pos := range c.positions {
		for _, at := range pos.p.Find(toks) {
			all = append(all, Hit{Start: at, End: at + pos.p.Len(), Concept: c.concept, Kind: HitPosition, Role: pos.answers, Phrase: pos.p.String(), Generic: true})
		}
	}
	return all
}

// sortLongestFirst orders hits longest first, then by start, then verbs
// before nouns before positions; hits otherwise equal keep their order.
func sortLongestFirst(all []Hit) {
	sort.SliceStable(all, func(i, j int) bool {
		li, lj := all[i].End-all[i].Start, all[j].End-all[j].Start
		if li != lj {
			return li > lj
		}
		if all[i].Start != all[j].Start {
			return all[i].Start < all[j].Start
		}
		return all[i].Kind < all[j].Kind
	})
}

// withoutPartialOverlaps keeps each hit, in order, that overlaps no hit
// kept before it, but for hits of exactly the same span.
func withoutPartialOverlaps(all []Hit) []Hit {
	var kept []Hit
	for _, h := range all {
		if !overlapsAny(h, kept) {
			kept = append(kept, h)
		}
	}
	return kept
}

// overlapsAny reports whether h shares a token with one of kept without
// having exactly its span.
func overlapsAny(h Hit, kept []Hit) bool {
	for _, k := range kept {
		if h.Start < k.End && k.Start < h.End && !(h.Start == k.Start && h.End == k.End) {
			return true
		}
	}
	return false
}
