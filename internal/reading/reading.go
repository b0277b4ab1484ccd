// Package reading reads a question in plain English against a graph's
// schema: which entity it asks about and in which role, which relation or
// kind of relation it follows (by the relations' meanings, see package
// semantics), how far (one hop or the whole closure), what kind of thing it
// asks for, and how sure each part of that reading is. It needs no schema
// file, no learned lexicon and no model: the knowledge is general English
// (semantics) and the graph's own vocabulary (its relation and type names,
// and what the names of each type's entities have in common).
//
// Read returns the readings best first. Each is ready to walk: a relation
// chain from an anchor entity, the target, the dependency direction, and a
// confidence with the guesses that lowered it, so that the critic can
// refuse to certify an answer whose reading was a guess, and the answer can
// say which reading it took.
package reading

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Entity is an entity mention the linker found in the question.
type Entity struct {
	// Start and End are byte offsets of the mention in the question.
	Start, End int
	// Name and Type are the linked entity's.
	Name, Type string
	// Confidence of the link: 1 for an exact or normalised name.
	Confidence float64
	// Others are the other entities the mention could name (an ambiguity
	// the linker could not settle), best first.
	Others []string
}

// Reading is one way to understand the question, ready to walk.
type Reading struct {
	// Anchor is the index of the entity the walk starts from; Also are
	// the entities coordinated with it ("if X and Y go down"), walked
	// from too.
	Anchor int
	Also   []int
	// Common is set where the answers are those reached from the anchor
	// and from every Also entity ("Which countries border both Germany
	// and France?"), not from any one of them.
	Common bool
	// Target is the index of the entity a yes/no question asks about, or
	// -1.
	Target int
	// Asked is the kind of thing asked for, when the question names one.
	Asked Asked
	// Concept is the kind of relation followed (None for a relation of no
	// known kind).
	Concept words.Concept
	// Chain is the relation pattern walked from the anchor.
	Chain state.Chain
	// Direction is the dependency direction, for dependency readings.
	Direction state.Intent
	// Extent is how far the reading goes; ExtentSaid is false when the
	// question did not say and the default was taken.
	Extent     state.Extent
	ExtentSaid bool
	// ClosureByDefault: see state.Reading.ClosureByDefault.
	ClosureByDefault bool
	// Failure: see state.Reading.Failure.
	Failure bool
	// Confidence is how sure the reader is, in 0..1.
	Confidence float64
	// Because lists the words that decided the reading; Guesses what was
	// assumed (each lowered Confidence).
	Because []string
	Guesses []string
	// Text says the reading in words, for the answer ("everything that
	// depends on payments-db, transitively, through DEPENDS_ON and CALLS").
	Text string
	// Unread are the relations of unknown meaning a dependency reading
	// could have needed (see state.Reading.Unread).
	Unread []string
	// UnreadFirst: see state.Reading.UnreadFirst.
	UnreadFirst []string
	// Delivered are the relations that deliver into their object, turned
	// the way the reading does not walk them (see state.Reading.Delivered).
	Delivered []state.RelDir
	// Wider are the concept's relations a closure through the verb's own
	// leaves out (see state.Reading.Wider).
	Wider []state.RelDir
	// Unoriented are the relations of unknown meaning the reading walks
	// one way, turned the other (see state.Reading.Unoriented).
	Unoriented []state.RelDir
	// Mirrored are the relations storing the first step's facts from the
	// other end under a name of another kind (see state.Reading.Mirrored).
	Mirrored []state.RelDir
	// Alike: see state.Reading.Alike.
	Alike []state.RelDir
	// SchemaDoubt says where the types make the reading unlikely (see
	// state.Reading.SchemaDoubt).
	SchemaDoubt string
	// AskedUnreached: no relation leads from where the walk ends to the
	// asked kind, which the reading keeps all the same.
	AskedUnreached bool
	// widened: the reading of the claim widened to every relation of its
	// kind, walked where those the question names find nothing.
	widened bool
}

// Unmatched is a word of the question no relation of the graph matches.
type Unmatched struct {
	// Word is the question's word or phrase ("sits", "on call for").
	Word string
	// Concept is the kind of relation the word lexicon reads the phrase
	// as, of which the graph has no relation ("on call for"); None for a
	// word the lexicon does not relate to a relation ("sits").
	Concept words.Concept
}

// Asked is what kind of thing the question asks for.
type Asked struct {
	// Word is the question's word ("teams").
	Word string
	// Type is the schema type it names, or "".
	Type string
	// Also are the types of the kinds joined to it by "and" or "or"
	// ("Which models and seeds": Seed beside Model).
	Also []string
	// joined is the question's words for the kinds of Also, with their
	// conjunctions ("and seeds").
	joined string
	// NameWord, when no type is named, restricts answers to entities
	// whose names carry this word ("team" for shipping-team).
	NameWord string
	// byRelation: Type was read from a relation's name (the objects of
	// runs_image for "images"), a type role inference named: the kind's
	// other members may be of other types.
	byRelation bool
}

// said is the question's word for what it asks, or "entities".
func (a Asked) said() string {
	if a.Word == "" {
		return "entities"
	}
	if a.joined != "" {
		return a.Word + " " + a.joined
	}
	return a.Word
}

// IsZero reports whether nothing was asked for by kind.
func (a Asked) IsZero() bool { return a.Type == "" && a.NameWord == "" }

// Result is what Read found.
type Result struct {
	// Readings are the ways to understand the question, best first.
	Readings []Reading
	// Unread explains why the question could not be read against this
	// graph (it asks about a relation the graph does not have); empty
	// when there are readings or no entity.
	Unread string
	// Unmatched is the question's word no relation of the graph matches,
	// where that is why it could not be read; nil otherwise.
	Unmatched *Unmatched
	// Unnamed are the question's words, in order, that no part of the
	// reading explains and no relation's name says, where it could not
	// be read: Unmatched's word first unless a name says it.
	Unnamed []string
	// Notes are remarks for the plan (which entities were used, ...).
	Notes []string
}

// Read reads question q, whose entity mentions ents (in order of position)
// the linker found, against schema s.
func Read(q string, ents []Entity, s *graph.Schema) Result {
	if len(ents) == 0 {
		return Result{}
	}
	r := newReader(q, ents, s)
	return r.read()
}

// ReadByKinds is Read for a question Read cannot place, for a word of it
// names no relation of the graph ("Which Pokémon live in the sea?", over
// habitat): where the question asks for a kind of entity and its entity
// has a kind, it is read as the shortest link the schema makes between
// the two, a guess that is never certified. Its Result is Read's where
// that does not apply.
func ReadByKinds(q string, ents []Entity, s *graph.Schema) Result {
	if len(ents) == 0 {
		return Result{}
	}
	r := newReader(q, ents, s)
	r.byKinds = true
	return r.read()
}

// wordsOpposites is words.Opposites: the local variable words shadows
// the package where relations are read.
var wordsOpposites = words.Opposites

// wordsFormerName is words.FormerName, for the same reason.
var wordsFormerName = words.FormerName

// nameWords is words.NameWords: an identifier as lower-case words
// ("DEPENDS_ON" → "depends", "on"; the last part of a Freebase-style
// path).
var nameWords = words.NameWords

// wordsStem is words.Stem, for the same reason as wordsOpposites.
var wordsStem = words.Stem

// agentNoun returns the noun of a relation name that may be an agent noun:
// its one word ("killer"), or the first of a field's two ("conductor" of
// conductorName, whose values are conductors).
func agentNoun(ws []string) (string, bool) {
	if len(ws) == 1 {
		return ws[0], true
	}
	return words.FieldKind(ws)
}

// wordsAgentVerbs is words.AgentVerbs, for the same reason.
var wordsAgentVerbs = words.AgentVerbs

// actHead returns the last word of a relation name of two words or more
// where it is a noun made of a verb that names no doer ("location" of
// locate, not "maintainer"), with a stem long enough to match by.
func actHead(ws []string) (string, bool) {
	if len(ws) < 2 {
		return "", false
	}
	head := ws[len(ws)-1]
	verbs, agent := words.Derived(text.Singular(head))
	if wordsStem(head) == "" || !slices.Contains(agent, false) || len(verbs) == 0 {
		return "", false
	}
	return head, true
}

// wordsLong is words.LongWords, for the same reason as wordsOpposites.
var wordsLong = words.LongWords

// wordsClassOf and wordsReference are words.ClassOf and words.Reference,
// for the same reason.
var (
	wordsClassOf   = words.ClassOf
	wordsReference = words.Reference
	wordsFunction  = words.Det | words.Prep | words.Conj | words.Have | words.Be | words.Aux
	wordsSplit     = words.SplitWords
)

// relInfo is a relation of the graph as the reader uses it.
type relInfo struct {
	def     *graph.RelationDef
	concept words.Concept
	// subject is the role the relation's subject plays in its concept
	// (First for a relation of no known concept).
	subject words.Role
	// phrase is the base phrase its name was read from ("call"), and
	// nameConcept the concept its name reads as (a schema may declare
	// another).
	phrase      string
	nameConcept words.Concept
	// act, for a relation of no known concept stored from both ends
	// ("assumes" and "isAssumedBy"), is the active one's name: the two
	// are one act, the passive one read the other way (its subject plays
	// Second).
	act string
	// names are the phrases that name this relation in a question: its
	// own name's words and its schema aliases (read subject → object),
	// and its inverse aliases.
	names, inverseNames []phraseMatcher
	// agentActs are the verbs a name that is an agent noun is made of
	// ("kill" of killer), said in one of their forms only ("killed", not
	// "killers"): read the other way round, as "who killed X" asks for
	// the relation's object.
	agentActs []phraseMatcher
	// spelled is the name's words, lower case and space-separated:
	// "inhibits", "INHIBITS" and "Inhibits" are spelled alike.
	spelled string
	// qualifiers are the name's words beside its phrase ("dev" of
	// dev_dependency): names of one phrase with other qualifiers are
	// other relations.
	qualifiers map[string]bool
	// mutual: a relation of no known concept whose name says it holds
	// both ways (words.Meaning.Mutual), walked both ways.
	mutual bool
	// former: its name says it held in the past (alumni_of,
	// formerly_fabricated_by; words.FormerWord).
	former bool
}

// reader holds one question being read.
type reader struct {
	// byKinds: a word that names no relation does not stop the reading
	// where the kinds asked and named link (ReadByKinds).
	byKinds bool
	q       string
	ents    []Entity
	s       *graph.Schema
	// checks are the relations, read and paired, as the checks of a
	// reading see them (internal/readcheck), made once.
	checks readcheck.Relations
	toks   []token
	st     stream
	// entAt[i] is the entity at stream position i, or -1.
	entAt []int
	hits  []words.Hit
	rhits []relHit
	rels  []*relInfo
	// valueNoun marks stream positions of a relation's noun said after a
	// value of it ("the Food & Drink category"): see dropValueNouns.
	valueNoun []bool
	// used marks stream positions some cue or hit explains.
	used []bool
	// actTok marks the tokens of failure cues said as an act with its
	// agent ("Who isolated X?": actWithAgent), words of their own.
	actTok map[int]bool
	// askedAt is the stream position of the asked noun (askedPos), or -1.
	askedAt int

	extent     state.Extent
	extentSaid bool
	because    []string
	optional   bool
	// qualified are the relations named by a word before another
	// relation's name whose word the question says ("host dependencies"
	// of host_depends_on, beside depends_on): a concept's step walks
	// them alone (qualifiedSaid).
	qualified []*relInfo
	// askedQualified are the relations of a kind named by a word of
	// their name before the asked noun ("What host tools do X's
	// dependencies need?": host_dependency beside depends_on): the last
	// step walks them alone (qualifiedSaid).
	askedQualified []*relInfo
	// extentTok marks the tokens the extent cues took.
	extentTok []bool
	// kindNameTok marks the tokens of a type's name of several words the
	// question says ("rise to power" of RiseToPower, "cause of death"):
	// no concept phrase or failure cue is read there.
	kindNameTok []bool
	// extentBoth names two cues of opposite extents ("indirectly but not
	// directly"), or a negated one ("but not directly"), which no one
	// extent reads; "" when there are none.
	extentBoth string
}

// qualifiers returns the words of a relation's name beside the phrase
// it reads as, other than function words: "dev" of dev_dependency.
func qualifiers(name []string, phrase string) map[string]bool {
	phraseWords := strings.Fields(phrase)
	out := map[string]bool{}
	for _, w := range name {
		inPhrase := slices.ContainsFunc(phraseWords, func(p string) bool { return p == w || words.FormSet(p)[w] })
		if !inPhrase && !functionWord(w) {
			out[w] = true
		}
	}
	return out
}

// relHit is a phrase that names one relation of the graph.
type relHit struct {
	start, end int
	rel        *relInfo
	inverse    bool // an inverse alias: the phrase's subject is the relation's object
	// elided: the name's place preposition was left to "where" ("where
	// does X run" for runs_on), a guess.
	elided bool
	// placeNoun: the name's place noun was left to "where" ("where was
	// X launched" for launch_site: X is the subject whatever the
	// voice), a guess a place preposition's elision on the same words
	// gives way to.
	placeNoun bool
}

func newReader(q string, ents []Entity, s *graph.Schema) *reader {
	r := &reader{q: q, ents: ents, s: s}
	r.toks = tokenize(q, ents)
	qwords := text.Tokens(q)
	for i := range r.s.Relations {
		d := &r.s.Relations[i]
		c, _ := words.ParseConcept(d.Concept)
		m := words.ReadName(d.Name)
		ri := &relInfo{def: d, concept: c, subject: words.First, phrase: m.Phrase, nameConcept: m.Concept, mutual: m.Mutual && c == words.None && !d.StoredAsLists()}
		if d.Inverse {
			ri.subject = words.Second
		}
		words := nameWords(d.Name)
		ri.former = wordsFormerName(d.Name)
		ri.spelled = strings.Join(words, " ")
		ri.qualifiers = qualifiers(words, m.Phrase)
		ri.names = append(ri.names, newPhraseMatcher(ri.spelled))
		if len(words) > 1 {
			// allOf, requestBody written as one word, as the graph
			// spells it ("composed of via allOf").
			ri.names = append(ri.names, phraseMatcher{solidMatcher(strings.Join(words, ""))})
		}
		if split, ok := wordsSplit(d.Name); ok {
			// birthplace is "birth place" too ("born" is a form of a
			// word of it).
			ri.names = append(ri.names, newPhraseMatcher(strings.Join(split, " ")))
		}
		if long, ok := wordsLong(words); ok {
			// "dependencies" names pkg_deps too.
			ri.names = append(ri.names, newPhraseMatcher(strings.Join(long, " ")))
		}
		if n := len(words); n >= 2 && wordsClassOf(words[n-1]).Has(wordsReference) {
			// route_id refers to a route: "the route of trip X", "which
			// trips stop at X" (stop_id) name it by its kind's words.
			ri.names = append(ri.names, newPhraseMatcher(strings.Join(words[:n-1], " ")))
		}
		if unnumbered := withoutNumber(words); len(unnumbered) < len(words) {
			// major_rock_1, genre_2: the number tells a list's columns
			// apart, and the question names the column by its words
			// ("the major rock of X").
			ri.names = append(ri.names, newPhraseMatcher(strings.Join(unnumbered, " ")))
		}
		if v, ok := participleModifier(words); ok {
			// includedPermissions: "Which roles include X?", the
			// subject holds the objects the participle says of them.
			ri.names = append(ri.names, newPhraseMatcher(v))
		}
		if passiveName(words) {
			// "directed_by" is also named by its active verb: "who
			// directed X" asks for the relation's objects.
			ri.inverseNames = append(ri.inverseNames, newPhraseMatcher(strings.Join(words[:len(words)-1], " ")))
		}
		if agent, ok := agentNoun(words); ok {
			// "killer", "founder", conductorName: "who killed X" asks for
			// the relation's object, the one who does the act.
			for _, v := range wordsAgentVerbs(agent) {
				ri.agentActs = append(ri.agentActs, newPhraseMatcher(v))
			}
		}
		if n := len(words); n >= 2 {
			// "evolves_from" read the other way: "evolves into", "evolves to".
			for _, op := range wordsOpposites(words[n-1]) {
				ri.inverseNames = append(ri.inverseNames, newPhraseMatcher(strings.Join(append(slices.Clone(words[:n-1]), op), " ")))
			}
		}
		if len(words) == 1 {
			for _, ph := range compoundSpellings(words[0], qwords) {
				ri.names = append(ri.names, newPhraseMatcher(ph))
			}
			for _, ph := range clippedSpellings(words[0], qwords) {
				ri.names = append(ri.names, newPhraseMatcher(ph))
			}
		}
		if head, ok := actHead(words); ok {
			// "Which diseases are located in the lung?" for
			// disease_has_location: the act the name's last noun is made
			// of, said as a verb.
			ri.names = append(ri.names, phraseMatcher{{stem: wordsStem(head), actOf: head}})
		}
		for _, c := range closedCompounds(words) {
			// birth_place and place_of_birth are named "birthplace".
			ri.names = append(ri.names, newPhraseMatcher(c))
		}
		for _, a := range d.Aliases {
			ri.names = append(ri.names, newPhraseMatcher(a))
		}
		for _, a := range d.InverseAliases {
			ri.inverseNames = append(ri.inverseNames, newPhraseMatcher(a))
		}
		r.rels = append(r.rels, ri)
	}
	r.pairPassives()
	r.checks = r.checkRels()
	return r
}

// roleNounAt reports whether the words from i to j stand as a role of an
// entity: right after it ("PROJ-6 blockers"), before "of" or "for"
// ("the killers of X"), or as what is shared ("the same killer as X").
func (r *reader) roleNounAt(i, j int) bool {
	w := r.st.words
	if i > 0 && r.entAt[i-1] >= 0 || j < len(w) && (w[j] == "of" || w[j] == "for") {
		return true
	}
	// "the same discoverer as X", "share a discoverer with X": the role
	// X has, which the answers share.
	k := i - 1
	if k >= 0 && isArticle(w[k]) {
		k--
	}
	return k >= 0 && j < len(w) && (w[k] == "same" && w[j] == "as" || words.IsForm(w[k], "share") && w[j] == "with")
}

// compoundSpellings returns the two words of the question that spell a
// relation's one-word name as a compound ("code owners" for codeowner,
// "sub team" for subteam), each as the phrase "a b" with b singular.
func compoundSpellings(name string, qwords []string) []string {
	if len(name) < 6 {
		return nil
	}
	var out []string
	for i := 0; i+1 < len(qwords); i++ {
		a, b := qwords[i], text.Singular(qwords[i+1])
		if len(a) < 2 || len(b) < 2 || a+b != name && a+qwords[i+1] != name {
			continue
		}
		if ph := a + " " + b; !slices.Contains(out, ph) {
			out = append(out, ph)
		}
	}
	return out
}

// clippedSpellings returns the words of the question that a relation's
// one-word name clips ("corequisites" for coreqs, "equivalents" for
// equiv): the name, without a plural's s, is four letters or more that
// start the question's word, which has three more and is no form of the
// name.
func clippedSpellings(name string, qwords []string) []string {
	stem := strings.TrimSuffix(name, "s")
	if len(stem) < 4 || wordsClassOf(name) != 0 {
		return nil
	}
	if _, ok := words.LongForm(name); ok {
		return nil // abbreviations.txt spells it out
	}
	if _, ok := words.LongForm(stem); ok {
		return nil
	}
	made := func(q string) bool { // "maintainers" is made of maintain, no clipping
		verbs, _ := words.Derived(text.Singular(q))
		return slices.Contains(verbs, stem) || slices.Contains(words.AgentVerbs(q), stem)
	}
	var out []string
	for _, q := range qwords {
		if len(q) >= len(stem)+3 && strings.HasPrefix(q, stem) && !words.IsForm(q, name) && !words.IsForm(q, stem) && !made(q) && !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	return out
}

// closedCompounds returns the ways a name of two content words is
// written as one word, either order ("birth place" and "place of birth":
// "birthplace"; "death date": "deathdate").
func closedCompounds(ws []string) []string {
	var content []string
	for _, w := range ws {
		if !wordsClassOf(w).Has(wordsFunction) {
			content = append(content, w)
		}
	}
	if len(content) != 2 || len(content[0]) < 3 || len(content[1]) < 3 {
		return nil
	}
	return []string{content[0] + content[1], content[1] + content[0]}
}

// pairPassives makes each relation of no known concept named in the
// passive ("isAssumedBy") and its active partner ("assumes") one act
// (relInfo.act), the passive one read the other way; and so two of no
// known concept named by opposite words ("Before" and "After"). A concept guessed
// from the shape of the data yields to the pair, which says the two are
// one act whose names say nothing the reader knows.
func (r *reader) pairPassives() {
	unnamed := func(ri *relInfo) bool {
		return ri.concept == words.None || ri.def.Inferred == graph.FromStructure
	}
	pair := func(p, a *relInfo) {
		p.concept, a.concept = words.None, words.None
		p.subject, a.subject = words.Second, words.First
		p.act, a.act = a.def.Name, a.def.Name
	}
	for _, p := range r.rels {
		if !unnamed(p) || !passiveName(nameWords(p.def.Name)) {
			continue // no passive name: skip the pairwise comparison
		}
		for _, a := range r.rels {
			if p != a && unnamed(a) && words.PassiveOf(p.def.Name, a.def.Name) {
				pair(p, a)
			}
		}
	}
	// Opposite words name one order from its two ends: "A After B" is
	// "B Before A". The first in schema order is the active one.
	for i, a := range r.rels {
		if a.concept != words.None || a.act != "" {
			continue
		}
		for _, p := range r.rels[i+1:] {
			if p.concept == words.None && p.act == "" && words.ConverseOf(a.def.Name, p.def.Name) {
				pair(p, a)
				break
			}
		}
	}
}

// toward returns the direction that walks ri to the entities playing
// answers in its concept.
func (ri *relInfo) toward(answers words.Role) graph.Direction {
	if ri.subject == answers.Other() {
		return graph.Out
	}
	return graph.In
}

// answersAt is toward the other way round: the role the answers play
// where the walk takes the relation in direction d.
func (ri *relInfo) answersAt(d graph.Direction) words.Role {
	if d == graph.In {
		return ri.subject
	}
	return ri.subject.Other()
}

// resolvePronoun reads "it" after a preposition, in a question naming one
// entity before it, as that entity ("which nodes upstream of it have to
// run", "what does X need, and what needs it"): the pronoun stands for
// the only thing it can.
func (r *reader) resolvePronoun() {
	if len(r.ents) != 1 {
		return
	}
	seen := false
	for i, w := range r.st.words {
		switch {
		case r.entAt[i] >= 0:
			seen = true
		case seen && w == "it" && i > 0 && prepositionWords.Has(r.st.words[i-1]):
			r.entAt[i] = 0
		}
	}
}

// habitualAt reports whether token i is the "used" of "used to" saying
// that something held in the past ("What teams did X used to be on?",
// "X used to lead Y"), not the passive of "use" ("the tools used to
// build X", "is used to"): after an entity or a word of a class other
// than "be" and "get" ("did", "they"), not after a noun. The two words
// name no relation; the tense check reads them (readingDoubts.tense).
func (r *reader) habitualAt(i int) bool {
	if r.toks[i].text != "used" || i+1 >= len(r.toks) || r.toks[i+1].text != "to" || i == 0 {
		return false
	}
	prev := r.toks[i-1]
	return prev.entity >= 0 || !words.ClassOf(prev.text).Has(words.Be|words.Get) && words.ClassOf(prev.text) != 0
}

// scan builds the phrase-matching stream (without filler adverbs and the
// words the extent cues took: "depends, directly or indirectly, on X"
// reads as "depends on X") and finds the concept and relation phrases.
func (r *reader) scan() {
	r.st = stream{}
	for i, t := range r.toks {
		if t.adverb || r.extentTok[i] || r.habitualAt(i) || i > 0 && r.habitualAt(i-1) {
			continue
		}
		r.st.words = append(r.st.words, t.text)
		r.st.at = append(r.st.at, i)
	}
	r.entAt = make([]int, len(r.st.words))
	for i, at := range r.st.at {
		r.entAt[i] = r.toks[at].entity
	}
	r.resolvePronoun()
	r.used = make([]bool, len(r.st.words))
	r.kindNameTok = r.kindNameTokens()
	r.hits = r.withoutKindNames(r.withoutFallbacks(words.Lookup(r.st.words)))
	r.findRelationNames()
	r.dropValueNouns()
	r.dropNamedReadings()
	r.askedAt = r.askedPos()
}

// texts returns the tokens' words.
func texts(toks []token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.text
	}
	return out
}

// kindNameTokens returns, per token, whether it is a word of a type's
// name of several words that the question says in full.
func (r *reader) kindNameTokens() []bool {
	out := make([]bool, len(r.toks))
	for _, t := range r.s.Types {
		name := nameWords(t.Name)
		if len(name) < 2 {
			continue
		}
		for i := 0; i+len(name) <= len(r.toks); i++ {
			if sameWords(r.toks[i:i+len(name)], name) {
				for k := i; k < i+len(name); k++ {
					out[k] = true
				}
			}
		}
	}
	return out
}

// sameWords reports whether tokens say words ws, one by one, in any
// number ("causes of death").
func sameWords(toks []token, ws []string) bool {
	for k, w := range ws {
		if toks[k].entity >= 0 || !text.SameWord(toks[k].text, w) {
			return false
		}
	}
	return true
}

// withoutKindNames drops the concept hits said as verbs inside a type's
// name the question says (kindNameTok): "power" in "rise to power".
func (r *reader) withoutKindNames(hits []words.Hit) []words.Hit {
	return slices.DeleteFunc(hits, func(h words.Hit) bool {
		if h.Kind == words.HitNoun {
			return false // "the IUCN category EX": the kind's noun names its relation
		}
		for p := h.Start; p < h.End; p++ {
			if at := r.st.at[p]; !r.kindNameTok[at] {
				return false
			}
		}
		return h.End > h.Start
	})
}

// findRelationNames finds phrases naming one relation of the graph,
// longest first, except inside a longer phrase of another concept ("call"
// in "on call" does not name CALLS).
func (r *reader) findRelationNames() {
	var all []nameCand
	for _, ri := range r.rels {
		all = append(all, r.nameCands(ri, ri.names, false)...)
		all = append(all, r.nameCands(ri, ri.inverseNames, true)...)
		for _, p := range ri.agentActs {
			for _, at := range p.findForms(r.st.words) {
				all = append(all, nameCand{relHit: relHit{at, at + len(p), ri, true, false, false}, n: len(p)})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].n > all[j].n })
	all = slices.DeleteFunc(all, func(c nameCand) bool {
		// "Where was X launched?": launch_site, not launched_on.
		return c.elided && !c.placeNoun && slices.ContainsFunc(all, func(o nameCand) bool {
			return o.placeNoun && o.start == c.start && o.end == c.end
		})
	})
	all = namedPlaceOnly(all)
	for _, c := range all {
		if !r.nameClashes(c) && !r.copulaOfPhrase(c, all) {
			r.rhits = append(r.rhits, c.relHit)
		}
	}
	sort.SliceStable(r.rhits, func(i, j int) bool { return r.rhits[i].start < r.rhits[j].start })
}

// namedPlaceOnly keeps, of the candidates on a span where "where" stands
// for a relation's place noun and the span's word names one of those
// relations itself, only that relation's place-noun reading: "Where is X
// located?" over location and country is location (the word names it),
// read with X as its subject whatever the voice, not country.
func namedPlaceOnly(all []nameCand) []nameCand {
	keep := func(c nameCand) bool {
		same := func(o nameCand) bool { return o.start == c.start && o.end == c.end }
		named := func(rel *relInfo) bool {
			return slices.ContainsFunc(all, func(o nameCand) bool { return same(o) && !o.elided && o.rel == rel }) &&
				slices.ContainsFunc(all, func(o nameCand) bool { return same(o) && o.placeNoun && o.rel == rel })
		}
		if !slices.ContainsFunc(all, func(o nameCand) bool { return same(o) && named(o.rel) }) {
			return true
		}
		return c.placeNoun && named(c.rel)
	}
	return slices.DeleteFunc(all, func(c nameCand) bool { return !keep(c) })
}

// dropValueNouns drops the relation names and concept phrases of one
// noun said as the head of an article-led mention of an entity the
// relation has as its value ("the Food & Drink category" over category,
// "the Rust team" over team): the noun says what the entity is, as
// "the kangaroo emoji" does (kindAfterName), not a relation walked from
// it. "Is donkey in the Food & Drink category?" asks whether donkey's
// category is Food & Drink.
func (r *reader) dropValueNouns() {
	r.valueNoun = make([]bool, len(r.st.words))
	for _, h := range r.rhits {
		i := h.start
		if h.end != i+1 || h.inverse || !r.afterArticleMention(i) || !words.NounAfterName(r.st.words[i]) || r.verbAfterMention(i) {
			continue
		}
		if t := r.ents[r.entAt[i-1]].Type; t != "" && slices.Contains(h.rel.def.To, t) {
			r.valueNoun[i] = true
		}
	}
	for k, h := range r.rhits {
		if r.valueNoun[h.start] && h.end == h.start+1 {
			r.rhits[k].inverse = true
		}
	}
	r.dropTypeDescriptors()
}

// verbAfterMention reports whether the word at stream position i, after a
// mention, is the clause's verb: after "does" and its subject ("What does
// the Airport Express replace?"), or with an object ("than the motion
// sensor trigger the living room lamp").
func (r *reader) verbAfterMention(i int) bool {
	start := i - 1
	for start > 0 && r.entAt[start-1] == r.entAt[i-1] {
		start--
	}
	if start > 0 && isArticle(r.st.words[start-1]) {
		start--
	}
	if start > 0 && words.ClassOf(r.st.words[start-1]).Has(words.Aux|words.Modal) {
		return true
	}
	next := i + 1
	if next < len(r.st.words) && isArticle(r.st.words[next]) {
		next++
	}
	return next < len(r.entAt) && r.entAt[next] >= 0
}

// dropTypeDescriptors: "Are the Fresno Grizzlies a Triple-A team?": after
// a mention, the name of another entity's type says what that entity is,
// as a value of it: no concept's noun ("team" of membership).
func (r *reader) dropTypeDescriptors() {
	for i, w := range r.st.words {
		if !r.afterArticleMention(i) || !words.NounAfterName(w) {
			continue
		}
		t, before := r.typeNamed(w), r.entAt[i-1]
		if t == "" || !slices.ContainsFunc(r.ents, func(e Entity) bool { return e.Type == t && e.Name != r.ents[before].Name }) {
			continue
		}
		r.hits = slices.DeleteFunc(r.hits, func(h words.Hit) bool { return h.Start == i && h.End == i+1 })
		r.used[i] = true
	}
}

// afterArticleMention reports whether stream position i follows an
// entity's mention that begins with an article ("the kangaroo", or
// "the" then the entity's name).
func (r *reader) afterArticleMention(i int) bool {
	if i < 1 || r.entAt[i-1] < 0 {
		return false
	}
	e := r.ents[r.entAt[i-1]]
	first := strings.Fields(strings.ToLower(r.q[e.Start:e.End]))
	return len(first) > 1 && isArticle(first[0]) || i >= 2 && isArticle(r.st.words[i-2])
}

// copulaOfPhrase reports whether found name c is made of a copula's words
// only (forms of be and have, auxiliaries, determiners: "is a" for is_a) and another phrase naming a
// relation starts right after it: the copula of that phrase ("X is a
// member of Y", "X is a subteam of Y"), not a name of its own.
func (r *reader) copulaOfPhrase(c nameCand, all []nameCand) bool {
	for p := c.start; p < c.end; p++ {
		if !words.ClassOf(r.st.words[p]).Has(words.Be | words.Have | words.Aux | words.Det) {
			return false
		}
	}
	return slices.ContainsFunc(r.hits, func(h words.Hit) bool { return h.Start == c.end }) ||
		slices.ContainsFunc(all, func(o nameCand) bool { return o.start == c.end && o.rel != c.rel })
}

// nameCand is a place where a phrase naming a relation was found, n words
// long.
type nameCand struct {
	relHit
	n int
	// stemmed: found only by a word's stem (words.Stem), not its forms.
	stemmed bool
}

// nameCands finds the places where phrases ps, naming relation ri (read
// the other way round where inv), are said.
func (r *reader) nameCands(ri *relInfo, ps []phraseMatcher, inv bool) []nameCand {
	var all []nameCand
	for _, p := range ps {
		if len(p) == 0 {
			continue
		}
		exact := p.findForms(r.st.words)
		for _, at := range p.find(r.st.words) {
			// "Who chairs X?" for Chairman: the name says who acts, so
			// the verb's subject is the relation's object.
			agentWord := p.actsForAgent(r.st.words, at)
			if p.agentForAct(r.st.words, at) && !r.roleNounAt(at, at+len(p)) {
				// "the feeder that serves X": a noun for who acts names
				// the relation only as a role of an entity ("the killers
				// of X", "X's killers").
				continue
			}
			all = append(all, nameCand{relHit: relHit{at, at + len(p), ri, inv != agentWord, false, false}, n: len(p), stemmed: !slices.Contains(exact, at)})
		}
		// "have the quality" for has_quality: determiners between the
		// name's words.
		for _, sp := range p.findAcrossDeterminers(r.st.words) {
			all = append(all, nameCand{relHit: relHit{sp[0], sp[1], ri, inv, false, false}, n: len(p)})
		}
		// "Who chairs X?" for chair_of: the role's noun as a verb.
		for _, at := range p.findRoleVerb(r.st.words, r.entAt) {
			all = append(all, nameCand{relHit: relHit{at, at + 1, ri, inv, false, false}, n: 1})
		}
		// "Which images do the services run?" for runs_image: the name's
		// verb, its noun elsewhere in the question.
		for _, at := range p.findApart(r.st.words, r.entAt, !inv && verbFirstName(ri.def.Name)) {
			all = append(all, nameCand{relHit: relHit{at, at + 1, ri, inv, false, false}, n: 1})
		}
		// "Where was Rosetta launched?" for launch_site: "where" stands
		// for the place noun after the name's verb.
		if len(p) == 2 && r.asksWhere() && placeNounLast(p) {
			for _, at := range p[:1].findForms(r.st.words) {
				all = append(all, nameCand{relHit: relHit{at, at + 1, ri, inv, true, true}, n: 1})
			}
		}
		// "Where is X located?" for city and country: "where" and a verb
		// that says where a thing is stand for a name that is a place
		// noun alone.
		if len(p) == 1 && r.asksWhere() && placeNounLast(p) {
			all = append(all, r.whereCands(ri, inv)...)
		}
		// "Where does X run?": "where" stands for the place preposition
		// of "runs_on", "hosted_in", "located_at".
		if n := len(p) - 1; n > 0 && r.asksWhere() && words.ClassOf(lastWord(p)).Has(words.PlacePrep) {
			for _, at := range p[:n].find(r.st.words) {
				all = append(all, nameCand{relHit: relHit{at, at + n, ri, inv, true, false}, n: n})
			}
		}
	}
	return all
}

// nameClashes reports whether a found relation name gives way to a
// concept phrase or a relation name already taken over the same words.
func (r *reader) nameClashes(c nameCand) bool {
	for _, h := range r.hits {
		overlaps := c.start < h.End && h.Start < c.end
		// A longer phrase of another concept wins, unless the name is its
		// head word and the graph has no relation of its concept
		// ("connected to" names connections where the graph has no
		// dependency; "on call for" is not "calls").
		headOnly := c.start == h.Start && (!r.hasConcept(h.Concept) || r.namesOwnAct(c, h))
		if overlaps && h.End-h.Start > c.n && h.Concept != c.rel.concept && !headOnly {
			return true
		}
		// A name found by its stem alone names no relation inside a
		// phrase of a concept the graph has: the concept's reading says
		// it ("depend on" is no mention of a relation named dependency).
		if c.stemmed && overlaps && r.hasConcept(h.Concept) && !r.namesOwnAct(c, h) {
			return true
		}
	}
	return slices.ContainsFunc(r.rhits, func(h relHit) bool {
		return c.start < h.end && h.start < c.end && !(c.start == h.start && c.end == h.end)
	})
}

// namesOwnAct reports whether relation name c, found at the head of
// concept phrase h, names an act of its own: its relation is of no
// concept and no relation of h's concept is named by h's phrase, so the
// phrase would be read as the concept's every relation while the graph
// names the question's verb ("located in" for disease_has_location).
func (r *reader) namesOwnAct(c nameCand, h words.Hit) bool {
	return c.rel.concept == words.None && c.start == h.Start && len(r.namedRels(h.Concept, h.Phrase)) == 0
}

// withoutFallbacks drops the fallback senses (words.Sense.Fallback) of the
// hits whose span has a hit of a concept the graph has.
func (r *reader) withoutFallbacks(hits []words.Hit) []words.Hit {
	return slices.DeleteFunc(hits, func(h words.Hit) bool {
		return h.Fallback && slices.ContainsFunc(hits, func(o words.Hit) bool {
			return !o.Fallback && o.Start == h.Start && o.End == h.End && r.hasConcept(o.Concept)
		})
	})
}

// dropNamedReadings drops the hits of the documents' readings (package
// words' readings.txt) on words that name a relation of the graph: "is
// the zone delegated to" names delegated_to, not a call.
func (r *reader) dropNamedReadings() {
	r.hits = slices.DeleteFunc(r.hits, func(h words.Hit) bool {
		return h.Reading && slices.ContainsFunc(r.rhits, func(rh relHit) bool { return rh.start < h.End && h.Start < rh.end })
	})
}

// asksHowMany reports whether the question asks "how many" or "how
// much".
func (r *reader) asksHowMany() bool {
	ws := r.st.words
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "how" && (ws[i+1] == "many" || ws[i+1] == "much") {
			return true
		}
	}
	return false
}

// asksWhere reports whether the question asks "where".
func (r *reader) asksWhere() bool {
	for _, w := range r.st.words {
		if w == "where" {
			return true
		}
	}
	return false
}

// lastWord returns a word of the phrase's last position (its base form
// when the word does not inflect, as prepositions do not).
func lastWord(p phraseMatcher) string {
	for w := range p[len(p)-1].forms {
		if words.ClassOf(w).Has(words.PlacePrep) {
			return w
		}
	}
	return ""
}

// phraseMatcher matches a phrase in any inflection of each word, or in
// another form of the same stem (words.Stem: "connected" for the name
// "connections", "chairs" for "Chairman").
type phraseMatcher []wordMatcher

// findRoleVerb returns where a name of a role noun and "of" ("chair_of",
// "head_of", "lead_of") has its noun said as a verb, after who does it
// and before no preposition: "who chairs X", "the member that heads X",
// "which department does Ada chair" (not "who covered X" for cover_of,
// nor "cognate with").
func (p phraseMatcher) findRoleVerb(ws []string, entAt []int) []int {
	if len(p) != 2 || !p[1].isForm("of") {
		return nil
	}
	var out []int
	for at := 1; at < len(ws); at++ {
		w := ws[at]
		if at+1 < len(ws) && words.ClassOf(ws[at+1]).Has(words.Prep) {
			continue // "chair of", "cognate with"
		}
		third := strings.HasSuffix(w, "s") && p[0].isForm(w) && p[0].isForm(strings.TrimSuffix(w, "s"))
		base := at == len(ws)-1 && p[0].isForm(w) && p[0].isForm(w+"s") && entAt[at-1] >= 0 && slices.ContainsFunc(ws[:at], func(x string) bool { return words.ClassOf(x).Has(words.Aux) })
		// After "who", "that" or the one who does it: "which parts" asks
		// for parts.
		if prev := ws[at-1]; third && (prev == "who" || prev == "that" || entAt[at-1] >= 0) || base {
			out = append(out, at)
		}
	}
	return out
}

// placeVerb reports whether w, a verb in the past that names no relation
// ("performed", "played"), says with "where" that the place is what
// relation d, a place noun, gives from an entity of the question: "Where
// was RITUEL performed?" over Venue, which starts from RITUEL's kind
// (not Location, which starts from a venue's).
func (r *reader) placeVerb(w string, d *graph.RelationDef) bool {
	if !words.PastForm(w) || words.ClassOf(w) != 0 || !r.namesNoRelation(w) {
		return false
	}
	return r.startsAtEntity(d)
}

// whereCands returns the places where a verb says, with "where", that
// the place is what relation ri, a place noun alone, gives ("Where is X
// located?", "Where was X performed?", "Where is X?").
func (r *reader) whereCands(ri *relInfo, inv bool) []nameCand {
	var out []nameCand
	for at, w := range r.st.words {
		switch {
		case r.entAt[at] >= 0:
		case words.IsWhereVerb(w) || r.placeVerb(w, ri.def):
			out = append(out, nameCand{relHit: relHit{at, at + 1, ri, inv, true, true}, n: 1})
		case r.whereIs(at, ri.def):
			// "is" stands before the entity, as the verb of "Where is
			// X located?" stands after it: the place is still the
			// entity's, the other way from where the word stands.
			out = append(out, nameCand{relHit: relHit{at, at + 1, ri, !inv, true, true}, n: 1})
		}
	}
	return out
}

// whereIs reports whether the word at stream position at is the "is" of a
// question that says nothing but "where", it and an entity ("Where is the
// Gerald R. Ford Amphitheater?"), and relation d, a place noun, starts
// from the entity's kind: the place is what d gives.
func (r *reader) whereIs(at int, d *graph.RelationDef) bool {
	if !wordsClassOf(r.st.words[at]).Has(words.Be) {
		return false
	}
	for k, w := range r.st.words {
		if k != at && r.entAt[k] < 0 && w != "where" && !wordsClassOf(w).Has(words.Det) {
			return false
		}
	}
	return r.startsAtEntity(d)
}

// startsAtEntity reports whether relation d starts from the kind of an
// entity of the question.
func (r *reader) startsAtEntity(d *graph.RelationDef) bool {
	return slices.ContainsFunc(r.ents, func(e Entity) bool { return e.Type != "" && slices.Contains(d.From, e.Type) })
}

// namesNoRelation reports whether no relation name of the graph has a
// word of w's forms: "performed" in "Where was RITUEL performed?" says
// what happened there, and the place is the place noun's relation; not
// "born" beside born_in.
func (r *reader) namesNoRelation(w string) bool {
	for _, rel := range r.s.Relations {
		for _, rw := range text.Tokens(rel.Name) {
			if words.SameWord(rw, w) || slices.ContainsFunc(words.Lemmas(w), func(l string) bool { return words.SameWord(rw, l) }) {
				return false
			}
		}
	}
	return true
}

// placeNounLast reports whether the last word of a name's phrase is a
// place noun ("site" of launch_site).
func placeNounLast(p phraseMatcher) bool { return p[len(p)-1].anyForm(words.IsPlaceNoun) }

// verbFirstName reports whether a relation's name is two words, the
// first a verb in the third person ("runs_image", "has_type",
// "uses_secret"; not "team_lead", "is_a").
func verbFirstName(name string) bool {
	ws := nameWords(name)
	if len(ws) != 2 || words.ClassOf(ws[0]).Has(words.Be) {
		return false
	}
	return ws[0] == "has" || strings.HasSuffix(ws[0], "s") && !strings.HasSuffix(ws[0], "ss")
}

// findApart returns where a name of two words, a verb and a noun
// (verbFirst: "runs_image", "has_type", "uses_secret"), has its first word said in
// one of its forms while its second is said apart from it, not next to
// it and not in an entity's name: "which images do the services run",
// "what type does X have". Not where the second is a preposition
// ("depends_on"): that word says nothing apart from its verb.
func (p phraseMatcher) findApart(ws []string, entAt []int, verbFirst bool) []int {
	if !verbFirst || len(p) != 2 || p[1].anyForm(func(w string) bool { return words.ClassOf(w).Has(words.Prep) }) {
		return nil
	}
	var out []int
	for at, w := range ws {
		if !p[0].isForm(w) {
			continue
		}
		for j, o := range ws {
			if (j < at-1 || j > at+1) && entAt[j] < 0 && p[1].matches(o) {
				out = append(out, at)
				break
			}
		}
	}
	return out
}

type wordMatcher struct {
	forms map[string]bool
	stem  string // "" where the word is too short to match by its stem
	// agent: the name's word is a noun for who acts ("Chairman").
	agent bool
	// actOf is the noun of an act a name ends in ("location"), where the
	// matcher stands for the act's verb ("located") and matches by stem
	// only, never the noun itself (actHead).
	actOf string
}

// anyForm reports whether one of the name word's forms satisfies f.
func (m wordMatcher) anyForm(f func(string) bool) bool {
	for w := range m.forms {
		if f(w) {
			return true
		}
	}
	return false
}

// isForm reports whether question word w is one of the name word's forms.
func (m wordMatcher) isForm(w string) bool { return m.forms[w] }

// matches reports whether question word w is the name's word: in one of
// its forms, or of the same stem ("maintainer" for maintains, who acts
// for the act: see actsForAgent).
func (m wordMatcher) matches(w string) bool {
	if m.actOf != "" {
		return words.Stem(w) == m.stem && text.Singular(w) != m.actOf
	}
	if m.isForm(w) {
		return true
	}
	if m.stem != "" && words.Stem(w) == m.stem {
		return true
	}
	// A word too short to match by its stem: "killers" for killed.
	verbs, agent := words.Derived(text.Singular(w))
	for i, v := range verbs {
		if agent[i] && m.forms[v] {
			return true
		}
	}
	return false
}

func newPhraseMatcher(s string) phraseMatcher {
	var p phraseMatcher
	for _, w := range strings.Fields(strings.ToLower(s)) {
		for _, part := range nameWords(w) {
			p = append(p, wordMatcher{forms: words.LemmaForms(part), stem: words.Stem(part), agent: words.NamesAgent(part)})
		}
	}
	return p
}

// solidMatcher matches one word written as it is: a relation's name
// whose words are written together (allOf), no form of any of them.
func solidMatcher(w string) wordMatcher {
	return wordMatcher{forms: map[string]bool{w: true}, stem: w}
}

// actsForAgent reports whether the phrase found at i matched a name's
// word for who acts ("Chairman", "advisor") by a word for the act itself
// ("chairs", "advise"), or a name's word for the act ("killed",
// "maintains") by a word for who acts ("killers", "maintainer"): the
// question's subject is then the relation's other end.
func (p phraseMatcher) actsForAgent(ws []string, i int) bool {
	for k, m := range p {
		if w := ws[i+k]; !m.forms[w] && m.agent != words.NamesAgent(w) {
			return true
		}
	}
	return false
}

// agentForAct reports whether the phrase found at i matched a name's word
// for the act ("killed") by a word for who acts ("killers").
func (p phraseMatcher) agentForAct(ws []string, i int) bool {
	for k, m := range p {
		if w := ws[i+k]; !m.forms[w] && !m.agent && words.NamesAgent(w) {
			return true
		}
	}
	return false
}

// nameDeterminers may stand between a relation name's words in a
// question ("has the quality", "is a member of", "runs the image").
var nameDeterminers = words.Set("name-determiners")

// findAcrossDeterminers returns the spans where a phrase of two words or
// more occurs with determiners between its words (at least one: the
// phrase said whole is find's).
func (p phraseMatcher) findAcrossDeterminers(ws []string) [][2]int {
	if len(p) < 2 {
		return nil
	}
	var out [][2]int
	for i := range ws {
		j, skipped := i, false
		for k, m := range p {
			if k > 0 {
				for j < len(ws) && nameDeterminers.Has(ws[j]) {
					j++
					skipped = true
				}
			}
			if j >= len(ws) || !m.matches(ws[j]) {
				j = -1
				break
			}
			j++
		}
		if j >= 0 && skipped {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// findForms is find by the words' forms alone.
func (p phraseMatcher) findForms(words []string) []int {
	return p.findBy(words, wordMatcher.isForm)
}

func (p phraseMatcher) find(words []string) []int {
	return p.findBy(words, wordMatcher.matches)
}

// findBy returns the offsets where each of the phrase's words matches the
// word in its place, as match says.
func (p phraseMatcher) findBy(words []string, match func(wordMatcher, string) bool) []int {
	var at []int
	for i := 0; i+len(p) <= len(words); i++ {
		if p.matchesAt(words, i, match) {
			at = append(at, i)
		}
	}
	return at
}

// matchesAt reports whether the phrase occurs at words[i], as match says.
func (p phraseMatcher) matchesAt(words []string, i int, match func(wordMatcher, string) bool) bool {
	if len(p) == 0 || i < 0 || i+len(p) > len(words) {
		return false
	}
	for k, m := range p {
		if !match(m, words[i+k]) {
			return false
		}
	}
	return true
}

// passiveName reports whether a relation name's words say it in the
// passive: a verb, then "by" ("directed_by", "isAssumedBy").
// participleModifier returns the verb of a name of two words whose first
// is a past participle before a plural noun ("included permissions",
// "required skills", "supported platforms"): the subject does the act to
// its objects ("X includes P"); not "died city", one place.
func participleModifier(ws []string) (string, bool) {
	if len(ws) != 2 || !words.PastForm(ws[0]) || wordsClassOf(ws[0]) != 0 || wordsClassOf(ws[1]) != 0 || text.Singular(ws[1]) == ws[1] {
		return "", false
	}
	for _, l := range words.Lemmas(ws[0]) {
		if l != ws[0] && !words.PastForm(l) {
			return l, true
		}
	}
	return "", false
}

func passiveName(words []string) bool {
	n := len(words)
	return n >= 2 && words[n-1] == "by"
}

// typesLink returns the last reading for a question whose first reading
// the types rule out at the anchor (its first step's relations never start
// from the anchor's kind), read as the types allow, one step from the
// anchor:
//   - the same relations the other way round, where they start from the
//     anchor's kind ("What is @flip1995 the lead of?" read "what leads
//     flip1995", and leads starts from a Person);
//   - else, for a question asking for a kind of entity, the relations that
//     link the anchor's kind and the asked kind ("Which seeds are loaded
//     into the value_sets schema?": in_schema, from the Schema back to the
//     Seeds, where "load" read a dependency). Where the two kinds are one
//     ("Which teams report to lang-docs?", and reporting's relation leads
//     never starts from a Team), each relation is walked toward the role
//     the answers play in the first reading (subteam_of, toward the part).
//
// Both need the reader to doubt the first reading already, and types the
// graph states (a kind inferred from the relations an entity has says
// little of the relations it lacks); a failure's reach is never read the
// other way round. It is walked only where the readings before it find nothing, and is a
// guess.
func (r *reader) typesLink(cl *claim, readings []Reading) (Reading, bool) {
	if len(readings) == 0 || cl.target >= 0 || len(readings[0].Chain.Steps) == 0 {
		return Reading{}, false
	}
	first := readings[0]
	at := r.ents[cl.anchor].Type
	ruledOut := r.schemaDoubt(first.Chain.Steps[0].Edges, []string{at}, 0, cl) != ""
	if at == "" || !ruledOut && !(first.AskedUnreached && r.s.TypesStated()) {
		return Reading{}, false
	}
	edges, how := r.typesLinkEdges(cl, first, at, r.typesLinkAsked(cl, first), ruledOut)
	if len(edges) == 0 || families(edges) > 2 {
		return Reading{}, false
	}
	return r.typesLinkReading(cl, first, at, edges, how, ruledOut), true
}

// typesLinkAsked returns the kind typesLink reads the answers as: the
// first reading's asked type, or the type its asked word or the word
// that named its relation names.
func (r *reader) typesLinkAsked(cl *claim, first Reading) string {
	asked := first.Asked.Type
	if asked == "" {
		asked = r.typeNamed(first.Asked.Word)
	}
	if asked == "" && first.Asked.Word == "" && len(cl.steps) == 1 {
		// The word that named the relation may name a kind too ("What is
		// Chewbacca's species?", where species runs from a film to a
		// species, and a species lists its people): the answers are of
		// that kind.
		asked = r.typeNamed(cl.steps[0].word)
	}
	return asked
}

// typesLinkEdges returns typesLink's edges from the anchor's type at
// toward the asked kind, and how they were read.
func (r *reader) typesLinkEdges(cl *claim, first Reading, at, asked string, ruledOut bool) ([]state.RelDir, string) {
	// The first reading is no plain "none" ("what does mall-west feed",
	// where feeds never starts from a store) where the reader doubts it
	// already; a failure's reach is not read the other way round.
	doubted := ruledOut && first.SchemaDoubt != "" && !cl.failed() && !cl.impact && r.s.TypesStated()
	if doubted && cl.steps[0].concept != words.Dependency {
		// A dependency's direction is the verb's ("what depends on
		// city-rentals"): nothing is a plain "none".
		if edges := r.reversedFrom(first, at, asked); len(edges) > 0 {
			return edges, "read the other way round"
		}
	}
	if !doubted && asked == at {
		return nil, ""
	}
	// The first step's way from the anchor says the question's grammar,
	// unless the types ruled that step out.
	var way []state.RelDir
	if !ruledOut {
		way = first.Chain.Steps[0].Edges
	}
	edges := r.linking(at, asked, cl.steps[0].answers, way)
	return edges, fmt.Sprintf("read as what links a %s and a %s (%s)", at, asked, joinAnd(state.ChainStep{Edges: edges}.Relations()))
}

// typesLinkReading makes typesLink's reading of edges, a guess.
func (r *reader) typesLinkReading(cl *claim, first Reading, at string, edges []state.RelDir, how string, ruledOut bool) Reading {
	extent := state.ExtentDirect
	if cl.extentSaid {
		extent = first.Extent
	}
	rels := state.ChainStep{Edges: edges}.Relations()
	why := how + ", as the types say" // no relation leads to the asked kind: a guess says so already
	if ruledOut {
		walked := first.Chain.Steps[0].Relations()
		never := "starts"
		if len(walked) > 1 {
			never = "start"
		}
		why = fmt.Sprintf("%s never %s from a %s: %s", joinAnd(walked), never, at, why)
	}
	rd := Reading{Anchor: cl.anchor, Target: -1, Asked: first.Asked, Extent: extent, Confidence: 0.5,
		Chain: state.Chain{Steps: []state.ChainStep{{Edges: edges}}, Score: 0.5}, Because: first.Because,
		Guesses: append(slices.Clone(first.Guesses), why)}
	far := "directly"
	if extent == state.ExtentTransitive {
		far = "at any depth"
	}
	rd.Text = fmt.Sprintf("the %s linked to %s by %s, %s", first.Asked.said(), r.ents[cl.anchor].Name, joinAnd(rels), far)
	return rd
}

// otherWay returns the last reading for a question whose first reading
// walks, as its first step, only relations of unknown meaning one way
// round: the same step the other way, where the question's word order may
// not be the way the graph stores them ("What is Mojito garnished with?"
// read as what has Mojito as its garnish, and garnish runs from the drink;
// "Which plugin provides the replacement for multiline-ternary?", where
// replaced_by may run from the replaced rule). It is walked only where the
// readings before it find nothing, and is a guess; a failure's reach and a
// dependency are read as their verbs say.
func (r *reader) otherWay(cl *claim, readings []Reading) (Reading, bool) {
	if len(readings) == 0 || cl.target >= 0 || cl.failed() || cl.impact {
		return Reading{}, false
	}
	first := readings[0]
	if len(first.Chain.Steps) == 0 || first.Concept == words.Dependency {
		return Reading{}, false
	}
	// A there-and-back chain ("what else has X's genus") turned at its
	// first step is no reading at all.
	turned := reversed(first.Chain.Steps[0].Edges)
	if len(turned) == 0 || slices.ContainsFunc(turned, func(e state.RelDir) bool { return !slices.Contains(first.Unoriented, e) }) ||
		slices.ContainsFunc(first.Chain.Steps[1:], func(st state.ChainStep) bool { return slices.Equal(st.Edges, turned) }) {
		return Reading{}, false
	}
	rels := state.ChainStep{Edges: turned}.Relations()
	names := "its name does"
	if len(rels) > 1 {
		names = "their names do"
	}
	// The doubts of the first reading are this one's too: the relations
	// named alike, those left unread, and the first way round, now the
	// other way.
	rd := first
	if len(first.Chain.Steps) > 1 || !r.participleByTypes(cl, first) {
		rd.Confidence *= 0.5
	}
	steps := slices.Clone(first.Chain.Steps)
	steps[0].Edges = turned
	rd.Chain = state.Chain{Steps: steps, Score: rd.Confidence}
	rd.Unoriented = r.unoriented(steps)
	rd.Guesses = append(slices.Clone(first.Guesses), fmt.Sprintf("%s read the other way round: %s not say which way the question's words run", joinAnd(rels), names))
	rd.Text = fmt.Sprintf("the %s linked to %s by %s, the other way round", first.Asked.said(), r.ents[cl.anchor].Name, joinAnd(rels))
	if len(steps) > 1 {
		rd.Text = first.Text + ", step 1 the other way round"
	}
	return rd, true
}

// participleByTypes reports whether first walks, one way, only relations
// named by one past participle ("released", "founded") that cannot start
// from the anchor's kind, while the other way they can: such a name says
// "A released B" as well as "A [was] released [in] B", and where the
// types allow one way alone from the anchor ("When was Rust released?"
// over released, Topic to Year) the question's word order was the
// participle's, not a doubt. So is a relation named by the anchor's own
// kind ("the emperors of the Severan dynasty" over dynasty, Emperor to
// Dynasty): the word names what the anchor is, not which way to walk. A
// verb named in the present ("feeds") says its way: walked the way the
// types rule out, it finds nothing, a "none".
func (r *reader) participleByTypes(cl *claim, first Reading) bool {
	at := r.anchorTypes(cl)
	edges := first.Chain.Steps[0].Edges
	if at == nil || r.edgesStartAt(edges, at) || !r.edgesStartAt(first.Unoriented, at) {
		return false
	}
	kind := nameWords(at[0])
	return !slices.ContainsFunc(edges, func(e state.RelDir) bool {
		name := nameWords(e.Relation)
		return (len(name) != 1 || !words.PastForm(name[0])) && !slices.Equal(name, kind)
	})
}

// reversedFrom returns the one-step reading first's edges the other way
// round, those of them that start from the kind at and end at the kind
// asked (if one is).
func (r *reader) reversedFrom(first Reading, at, asked string) []state.RelDir {
	if len(first.Chain.Steps) != 1 {
		return nil
	}
	var out []state.RelDir
	for _, e := range first.Chain.Steps[0].Edges {
		ri, d := r.relNamed(e.Relation), e.Direction.Reverse()
		if ri == nil || e.Direction == graph.Both || !slices.Contains(ri.starts(d), at) {
			continue
		}
		if asked != "" && !slices.Contains(ri.starts(d.Reverse()), asked) {
			continue
		}
		out = append(out, state.RelDir{Relation: e.Relation, Direction: d})
	}
	return out
}

// linking returns the relations that link the kinds at and asked, in the
// direction that walks from at to asked; where a relation links entities
// of one kind (at is asked), in the direction toward the entities playing
// answers in its concept, or none for a relation of no known concept. A
// relation of no known concept is walked the way the steps firstStep went
// from the anchor, where they went one way (from the subject in "Which
// services does the checkout deployment call?").
func (r *reader) linking(at, asked string, answers words.Role, firstStep []state.RelDir) []state.RelDir {
	if asked == "" {
		return nil
	}
	way := graph.Both
	for i, e := range firstStep {
		if i == 0 {
			way = e.Direction
		} else if e.Direction != way {
			way = graph.Both
		}
	}
	var out []state.RelDir
	for _, ri := range r.rels {
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if !slices.Contains(ri.starts(d), at) || !slices.Contains(ri.starts(d.Reverse()), asked) {
				continue
			}
			if at == asked && (ri.concept == words.None || d != ri.toward(answers)) {
				continue
			}
			if ri.concept == words.None && way != graph.Both && d != way {
				continue
			}
			out = append(out, state.RelDir{Relation: ri.def.Name, Direction: d})
		}
	}
	return out
}

// families counts the kinds of relation among edges: relations whose names
// end in the same word, walked the same way, are one kind
// (PRODUCT_CATALOG_SERVICE_ADDR and CART_SERVICE_ADDR).
func families(edges []state.RelDir) int {
	seen := map[string]bool{}
	for _, e := range edges {
		ws := nameWords(e.Relation)
		last := e.Relation
		if len(ws) > 0 {
			last = ws[len(ws)-1]
		}
		seen[fmt.Sprint(last, e.Direction)] = true
	}
	return len(seen)
}

// countsIn reports whether the question counts qualified relations in
// with the others of their kind ("including host dependencies", "host
// dependencies included"), so that no qualifying word narrows them.
func (r *reader) countsIn() bool {
	return slices.ContainsFunc(r.st.words, func(w string) bool { return w == "included" || words.ClassOf(w).Has(words.CueLead) })
}

// qualifiedSaid finds the relations whose name is a word before another
// relation's whole name (host_depends_on beside depends_on, pre_depends
// beside depends) where the question says that word right before a word
// of the relations' kind, not as a mention: "What are the host
// dependencies of curl?" asks for them alone. Their kind's other words
// still walk them all ("What does curl depend on?"), and so does a
// question that counts them in ("including host dependencies", "host
// dependencies included").
func (r *reader) qualifiedSaid() {
	if r.countsIn() {
		return
	}
	for _, ri := range r.rels {
		q, rest, ok := strings.Cut(ri.spelled, " ")
		if !ok || functionWord(q) || !slices.ContainsFunc(r.rels, func(o *relInfo) bool { return o != ri && o.concept == ri.concept && o.spelled == rest }) {
			continue
		}
		for i, w := range r.st.words {
			if r.entAt[i] < 0 && w == q && i+1 < len(r.st.words) && slices.ContainsFunc(r.hitsAt(i+1), func(h words.Hit) bool { return h.Concept == ri.concept }) {
				r.qualified = append(r.qualified, ri)
				r.used[i] = true
				r.optional = true
				break
			}
		}
	}
	// "What host tools do the dependencies of libgeotiff need?": a word
	// before the asked noun that qualifies one relation of a kind beside
	// others of that kind (host_dependency beside depends_on).
	if i := r.askedAt - 1; i >= 0 && r.entAt[i] < 0 && !r.used[i] {
		if named := r.qualifierRels(r.st.words[i]); len(named) == 1 {
			r.askedQualified = named
			r.used[i] = true
		}
	}
}

// read runs the reading.
func (r *reader) read() Result {
	r.readExtent()
	r.scan()
	r.optional = r.anyCue(optionalCues)
	r.qualifiedSaid()
	if res, refused := r.refused(); refused {
		return res
	}
	var res Result
	cl, unmatched := r.claim()
	if cl == nil {
		res.Unread, res.Unmatched = fmt.Sprintf("no relation of this graph matches %q", unmatched.Word), unmatched
		res.Unnamed = r.unnamed()
		return res
	}
	res.Readings = r.claimReadings(cl)
	if len(res.Readings) == 0 {
		res.Unread = "no relation of this graph leads where the question asks"
	}
	for i := range res.Readings {
		r.qualifiedSiblings(&res.Readings[i])
	}
	d := r.questionDoubts(cl)
	member, isMember := r.yesNoMember(cl)
	if k, ok := member, isMember && len(res.Readings) > 0; ok {
		// Every reading is turned as the first is, so that all walk
		// from one anchor.
		turn := againstStored(res.Readings[0].Chain)
		for i := range res.Readings {
			if res.Readings[i].Target >= 0 {
				continue
			}
			res.Readings[i].Target = k
			r.reachMember(&res.Readings[i], k)
			if turn {
				turnAround(&res.Readings[i])
			}
			res.Readings[i].Text = r.describe(cl, res.Readings[i])
		}
		d.unused = nil
	}
	// A relation the question names and the reading does not walk, one
	// hop on from where it ends as the types allow, is read first
	// ("Who chairs the subcommittees of X?": X's subcommittees, then their
	// Chairman), a guess the critic does not certify.
	// So is it for a reading widened to every relation of its kind where
	// the ones the question names find nothing ("Where is the supplier of
	// C3 located?", where C3's supplier is stored as supplied_by).
	if len(res.Readings) > 0 && len(d.unused) == 0 {
		var composed []Reading
		for i, rd := range res.Readings {
			if i == 0 || rd.widened {
				if c, ok := r.composedFirst(rd); ok {
					composed = append(composed, c)
				}
			}
			composed = append(composed, rd)
		}
		res.Readings = composed
	}
	for i := range res.Readings {
		d.apply(&res.Readings[i])
	}
	if d.unknown != "" && r.asksYesNo() {
		// "Does the CLI depend on Redis?" where no entity is the CLI:
		// a reading without it lists what depends on Redis, which
		// answers no yes or no.
		res.Readings = slices.DeleteFunc(res.Readings, func(rd Reading) bool { return rd.Target < 0 })
		if len(res.Readings) == 0 {
			res.Unread = fmt.Sprintf("the question asks a yes or no about %q, which is not in the graph", d.unknown)
		}
	}
	res.Notes = r.entityNotes(cl)
	if isMember {
		res.Notes = []string{fmt.Sprintf("a yes or no about %s and %s: read as whether %s is among what the question's relation links to %s",
			r.ents[cl.anchor].Name, r.ents[member].Name, r.ents[member].Name, r.ents[cl.anchor].Name)}
	}
	return res
}

// refused returns the result of a question scgraph does not answer as
// asked: one that negates ("what does not depend on X") or asks what
// keeps working.
func (r *reader) refused() (Result, bool) {
	var res Result
	if w := r.negated(); w != "" {
		res.Unread = fmt.Sprintf("the question asks for what is not connected (it negates %q); scgraph answers what the graph connects: ask for that, and the rest is your answer", w)
		return res, true
	}
	if w := r.survival(); w != "" {
		res.Unread = fmt.Sprintf("the question asks what keeps working (%q); scgraph answers what a failure affects: ask for that, and the rest is your answer", w)
		return res, true
	}
	return res, false
}

// claimReadings returns the readings of claim cl: its own, the widened
// claim's, those walked through a whole's parts, its alternatives', and
// one linking the types or walked the other way.
func (r *reader) claimReadings(cl *claim) []Reading {
	rds := r.readings(cl)
	if w := r.widened(cl); w != nil {
		wide := r.readings(w)
		for i := range wide {
			wide[i].widened = true
		}
		if len(wide) > 0 {
			for i := range rds {
				rds[i].Wider = r.widerEdges(rds[i], wide[0], w)
			}
		}
		rds = append(rds, wide...)
	}
	if len(cl.steps) == 1 && cl.steps[0].concept == words.Containment {
		for i := range rds {
			rds[i].Wider = append(rds[i].Wider, r.madeOf(cl.steps[0], rds[i])...)
		}
	}
	rds = append(rds, r.throughParts(cl, rds)...)
	for _, alt := range cl.alts {
		rds = append(rds, r.readings(alt)...)
	}
	if rd, ok := r.headNamed(cl, rds); ok {
		rds = append(rds, rd)
	}
	if rd, ok := r.appositionWay(cl, rds); ok {
		rds[0] = rd
	}
	if rd, ok := r.typesLink(cl, rds); ok {
		rds = append(rds, rd)
	} else if rd, ok := r.otherWay(cl, rds); ok {
		rds = append(rds, rd)
	}
	if rd, ok := r.typesPath(cl, rds); ok {
		rds = append(rds, rd)
	}
	if rd, ok := r.typesTurned(cl, rds); ok {
		rds = append(rds, rd)
	}
	if rd, ok := r.bridged(cl, rds); ok {
		rds = append(rds, rd)
	}
	return rds
}

// headNamed returns, for a reading of one step named by a phrase of
// several words ("crafting category" of crafting_categories), the same
// reading through the one other relation the phrase's head word alone
// names (category), walked the same way where the first finds nothing:
// "What is Bioflux's crafting category?", where only machines have
// crafting_categories. A guess; false where there is no such relation.
func (r *reader) headNamed(cl *claim, rds []Reading) (Reading, bool) {
	if len(cl.steps) != 1 || len(cl.steps[0].rels) == 0 || len(rds) == 0 || len(rds[0].Chain.Steps) != 1 {
		return Reading{}, false
	}
	st := cl.steps[0]
	ws := strings.Fields(st.word)
	if len(ws) < 2 {
		return Reading{}, false
	}
	head := ws[len(ws)-1]
	var other *relInfo
	for _, ri := range r.rels {
		if slices.Contains(st.rels, ri) || strings.Contains(ri.spelled, " ") || !text.SameWord(ri.spelled, head) {
			continue
		}
		if other != nil {
			return Reading{}, false
		}
		other = ri
	}
	first := rds[0]
	edges := first.Chain.Steps[0].Edges
	if other == nil || len(edges) == 0 {
		return Reading{}, false
	}
	rd := first
	rd.Chain = state.Chain{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: other.def.Name, Direction: edges[0].Direction}}}}}
	rd.Unread, rd.Unoriented, rd.Wider, rd.Alike, rd.Mirrored, rd.Delivered = nil, nil, nil, nil, nil, nil
	rd.Confidence = first.Confidence * 0.5
	rd.Chain.Score = rd.Confidence
	rd.Guesses = append(slices.Clone(first.Guesses), fmt.Sprintf("%q read as %s, which its last word names, where %s finds nothing", st.word, other.def.Name, st.rels[0].def.Name))
	rd.Text = strings.Replace(first.Text, "through "+st.rels[0].def.Name, "through "+other.def.Name, 1)
	return rd, true
}

// bridged returns the first reading with one step before it, where its
// first step cannot start from the anchor's kind and one relation alone
// leads from that kind to where the step starts: "What are the tags of
// emoji introduced in Unicode 15.0?", where tags never starts from a
// version and unicode_version leads from a version to the emoji, reads
// <-unicode_version- then tags. A guess, walked where the readings before
// it find nothing.
func (r *reader) bridged(cl *claim, rds []Reading) (Reading, bool) {
	if len(rds) == 0 || cl.target >= 0 || len(rds[0].Chain.Steps) == 0 || rds[0].Concept != words.None {
		// Not a reading by a kind of relation ("use" read as every
		// dependency): the kind is the guess, not a missing hop.
		return Reading{}, false
	}
	first := rds[0]
	at := r.anchorTypes(cl)
	edges := first.Chain.Steps[0].Edges
	if len(at) == 0 || r.edgesStartAt(edges, at) {
		return Reading{}, false
	}
	bridges := r.saidBridge(r.bridgesTo(edges, at))
	if len(bridges) != 1 {
		return Reading{}, false
	}
	b := bridges[0]
	steps := append([]state.ChainStep{{Edges: bridges}}, first.Chain.Steps...)
	rd := first
	rd.Confidence = first.Confidence * 0.6
	rd.Chain = state.Chain{Steps: steps, Score: rd.Confidence}
	rd.Extent = state.ExtentFixed
	rd.Unoriented = r.unoriented(steps)
	rd.SchemaDoubt = ""
	rd.Guesses = append(slices.Clone(first.Guesses), fmt.Sprintf("%s is a %s, and %s never starts from one: read through %s first, the one relation from a %s to where it starts",
		r.ents[cl.anchor].Name, at[0], joinAnd(state.ChainStep{Edges: edges}.Relations()), b, at[0]))
	rd.Text = fmt.Sprintf("%s, from what %s leads to through %s", first.Text, r.ents[cl.anchor].Name, b)
	return rd, true
}

// bridgesTo returns the relations, each one way, that lead from the
// types at to where edges start, other than edges' own relations and
// those between the same kinds as one of them (runner_up beside
// champion: another reading of the step, not a hop to it).
func (r *reader) bridgesTo(edges []state.RelDir, at []string) []state.RelDir {
	starts, walked := r.edgeStarts(edges)
	parallel := func(o *relInfo) bool {
		return slices.ContainsFunc(edges, func(e state.RelDir) bool {
			ri := r.relNamed(e.Relation)
			return ri != nil && (intersects(ri.def.From, o.def.From) && intersects(ri.def.To, o.def.To) || intersects(ri.def.From, o.def.To) && intersects(ri.def.To, o.def.From))
		})
	}
	var bridges []state.RelDir
	for _, o := range r.rels {
		if walked[o.def.Name] || parallel(o) {
			continue
		}
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if intersects(o.starts(d), at) && intersects(o.def.Arrives(at, d), starts) {
				bridges = append(bridges, state.RelDir{Relation: o.def.Name, Direction: d})
			}
		}
	}
	return bridges
}

// saidBridge narrows several bridges to the one a word of the question
// names ("in Unicode 15.0", where versions end both ios_version and
// unicode_version), else to the one a verb of the question names by a
// synonym ("win titles" over champion); it returns bridges unchanged
// where neither picks one.
func (r *reader) saidBridge(bridges []state.RelDir) []state.RelDir {
	if len(bridges) < 2 {
		return bridges
	}
	said := func(e state.RelDir) bool {
		return slices.ContainsFunc(nameWords(e.Relation), func(w string) bool {
			return !functionWord(w) && slices.ContainsFunc(r.st.words, func(q string) bool { return q == w || slices.Contains(words.Lemmas(q), w) })
		})
	}
	synonym := func(e state.RelDir) bool {
		return slices.ContainsFunc(nameWords(e.Relation), func(w string) bool {
			return slices.ContainsFunc(r.st.words, func(q string) bool { return !functionWord(q) && slices.Contains(words.Synonyms(q), w) })
		})
	}
	for _, keep := range []func(state.RelDir) bool{said, synonym} {
		if kept := slices.DeleteFunc(slices.Clone(bridges), func(e state.RelDir) bool { return !keep(e) }); len(kept) == 1 {
			return kept
		}
	}
	return bridges
}

// typesTurned reads the first reading again with each later step the
// types rule out turned around: where no relation of step k starts from
// the types step k-1 arrives at, and each starts from them the other way
// round ("What licences apply to the ports that depend on re2?": the
// ports that depend on re2, then their license, not what has them as
// one). A guess, walked only where the readings before it find nothing.
func (r *reader) typesTurned(cl *claim, rds []Reading) (Reading, bool) {
	at := r.anchorTypes(cl)
	if len(rds) == 0 || len(at) == 0 || len(rds[0].Chain.Steps) < 2 || len(r.s.Types) == 0 {
		return Reading{}, false
	}
	first := rds[0]
	steps := slices.Clone(first.Chain.Steps)
	types := at
	var turned []string
	for k, st := range steps {
		// The chain's relations are the graph's own: each is known.
		if k > 0 && !r.edgesStartAt(st.Edges, types) {
			rev := reversed(st.Edges)
			if len(rev) > 0 && !slices.ContainsFunc(rev, func(e state.RelDir) bool { known, ok := r.edgeStartsAt(e, types); return !known || !ok }) {
				// Each turned relation starts from them.
				steps[k].Edges = rev
				turned = append(turned, fmt.Sprint(k+1))
			}
		}
		types = r.chainEnds(types, state.Chain{Steps: steps[k : k+1]})
		if len(types) == 0 {
			return Reading{}, false
		}
	}
	if len(turned) == 0 {
		return Reading{}, false
	}
	rd := first
	rd.Chain = state.Chain{Steps: steps, Score: first.Confidence * 0.6}
	rd.Confidence = first.Confidence * 0.6
	rd.SchemaDoubt = ""
	rd.Guesses = append(slices.Clone(first.Guesses), fmt.Sprintf("step %s read the other way round, as the types say", strings.Join(turned, " and ")))
	rd.Text = first.Text + ", step " + strings.Join(turned, " and ") + " the other way round"
	return rd, true
}

// typesPath reads, where no reading can end in the kind the question asks
// for and no relation links the anchor's kind to it directly, the one
// shortest path of relations the schema has from the anchor's kind to
// the asked kind, of two or three steps: "Which category does NATS belong
// to?" walks subcategory, then category; "What maturity levels do the
// projects in X have?" walks from the subcategory X back to its projects,
// then to their maturity. Where several paths are as short, the one
// through a relation the question names; where that leaves several, none.
// A guess, walked only where the readings before it find nothing, never
// certified.
func (r *reader) typesPath(cl *claim, rds []Reading) (Reading, bool) {
	if len(rds) == 0 || cl.target >= 0 || len(r.s.Types) == 0 {
		return Reading{}, false
	}
	first := rds[0]
	at, asked := r.ents[cl.anchor].Type, r.typesLinkAsked(cl, first)
	if at == "" || asked == "" || at == asked || len(r.s.LinksBetween([]string{at}, asked)) > 0 ||
		slices.ContainsFunc(rds, func(rd Reading) bool { return slices.Contains(r.chainEnds([]string{at}, rd.Chain), asked) }) {
		return Reading{}, false
	}
	paths := r.shortestTypePaths(at, asked, 3)
	if len(paths) > 1 {
		named := func(p []state.RelDir) bool {
			return slices.ContainsFunc(p, func(e state.RelDir) bool {
				return slices.ContainsFunc(cl.steps, func(sc stepClaim) bool {
					return slices.ContainsFunc(sc.rels, func(ri *relInfo) bool { return ri.def.Name == e.Relation })
				})
			})
		}
		paths = slices.DeleteFunc(paths, func(p []state.RelDir) bool { return !named(p) })
	}
	if len(paths) != 1 {
		return Reading{}, false
	}
	steps := make([]state.ChainStep, len(paths[0]))
	var rels []string
	for i, e := range paths[0] {
		steps[i] = state.ChainStep{Edges: []state.RelDir{e}}
		rels = append(rels, e.String())
	}
	way := strings.Join(rels, " ")
	rd := Reading{Anchor: cl.anchor, Target: -1, Asked: first.Asked, Extent: state.ExtentFixed, Confidence: 0.45,
		Chain: state.Chain{Steps: steps, Score: 0.45}, Because: first.Because,
		Guesses: append(slices.Clone(first.Guesses), fmt.Sprintf("no reading reaches a %s: read as the one path from a %s to a %s (%s), as the types say", asked, at, asked, way))}
	rd.Text = fmt.Sprintf("what %s leads to through %s, keeping the %s", r.ents[cl.anchor].Name, way, asked)
	return rd, true
}

// chainEnds returns the types a walk of chain c from a thing of one of the
// types at may end in, by the schema.
func (r *reader) chainEnds(at []string, c state.Chain) []string {
	types := at
	for _, st := range c.Steps {
		var next []string
		for _, e := range st.Edges {
			if ri := r.relNamed(e.Relation); ri != nil {
				next = append(next, ri.def.Arrives(types, e.Direction)...)
			}
		}
		if st.Repeat || st.Optional {
			next = append(next, types...)
		}
		slices.Sort(next)
		types = slices.Compact(next)
	}
	return types
}

// shortestTypePaths returns the shortest paths of relations, each walked
// one way, from type from to type to by the schema, of at most max
// steps, none passing a type twice.
func (r *reader) shortestTypePaths(from, to string, max int) [][]state.RelDir {
	type partial struct {
		at    string
		seen  []string
		edges []state.RelDir
	}
	level := []partial{{at: from, seen: []string{from}}}
	for range max {
		var next []partial
		var found [][]state.RelDir
		for _, p := range level {
			for _, ri := range r.rels {
				for _, d := range []graph.Direction{graph.Out, graph.In} {
					if !slices.Contains(ri.starts(d), p.at) {
						continue
					}
					for _, t := range ri.starts(d.Reverse()) {
						if slices.Contains(p.seen, t) {
							continue
						}
						edges := append(slices.Clone(p.edges), state.RelDir{Relation: ri.def.Name, Direction: d})
						if t == to {
							found = append(found, edges)
							continue
						}
						next = append(next, partial{at: t, seen: append(slices.Clone(p.seen), t), edges: edges})
					}
				}
			}
		}
		if len(found) > 0 {
			return found
		}
		level = next
	}
	return nil
}

// appositionWay returns the first reading walked the other way round
// where its one step is named by a noun right after the anchor's mention
// ("the SVG category", "the Severan dynasty") and the types allow the
// step only that way from the anchor: the noun says what the anchor is,
// a category, and the walk goes to what is in it.
func (r *reader) appositionWay(cl *claim, rds []Reading) (Reading, bool) {
	if len(rds) == 0 || cl.target >= 0 || len(cl.steps) != 1 || len(rds[0].Chain.Steps) != 1 || !r.nounAfterAnchor(cl) {
		return Reading{}, false
	}
	first := rds[0]
	at := r.anchorTypes(cl)
	if at == nil || r.edgesStartAt(first.Chain.Steps[0].Edges, at) || len(first.Unoriented) > 0 && r.participleByTypes(cl, first) {
		return Reading{}, false // otherWay reads it, the relation named by the anchor's own type
	}
	edges := r.reversedFrom(first, at[0], first.Asked.Type)
	if len(edges) == 0 {
		return Reading{}, false
	}
	rd := first
	name := r.ents[cl.anchor].Name
	// On held-out graphs, taken as sure, it made one wrong claim for six
	// right answers more: it is a guess.
	rd.Confidence *= 0.75
	rd.Guesses = append(slices.Clone(first.Guesses), fmt.Sprintf("%q read as what %s is, not as a relation of it", cl.steps[0].word, name))
	rd.Chain = state.Chain{Steps: []state.ChainStep{{Edges: edges, Repeat: first.Chain.Steps[0].Repeat}}, Score: rd.Confidence}
	rd.Text = fmt.Sprintf("the %s linked to %s by %s (%s is a %s)", first.Asked.said(), name, joinAnd(state.ChainStep{Edges: edges}.Relations()), name, cl.steps[0].word)
	return rd, true
}

// nounAfterAnchor reports whether the claim's one step is named by the
// word right after the anchor's mention, said with "the" before it and no
// possessive between.
func (r *reader) nounAfterAnchor(cl *claim) bool {
	last := -1
	for i, e := range r.entAt {
		if e == cl.anchor {
			last = i
		}
	}
	if last < 0 || last+1 >= len(r.st.words) || r.toks[r.st.at[last]].possessive {
		return false
	}
	// "the SVG category": said with "the", as a name with its kind is;
	// "what does svc-api own" puts a verb after the name.
	ent := r.ents[cl.anchor]
	the := ent.Start >= 0 && ent.End <= len(r.q) && strings.HasPrefix(strings.ToLower(r.q[ent.Start:ent.End]), "the ")
	if !the {
		first := slices.Index(r.entAt, cl.anchor)
		the = first > 0 && r.st.words[first-1] == "the"
	}
	w := strings.Fields(cl.steps[0].word)
	return the && len(w) > 0 && r.st.words[last+1] == w[0]
}

// readingDoubts are the words and entities of a question that a reading
// may leave unread, found once per question; apply lowers each reading's
// confidence for those it does leave, and says why.
type readingDoubts struct {
	r *reader
	// unused are the entities the claim does not use; possessed "X's
	// <noun>" with the noun unread; unknown a name not in the graph;
	// before a word before a possessive; op and opKind an operator word
	// and its kind ("last", order); how "how" or "when".
	unused                                 []string
	possessed, unknown, before, op, opKind string
	how                                    string
	// relWord is the entity found in part whose words name relation
	// relName (-1: none).
	relWord int
	relName string
}

// questionDoubts finds what of the question a reading of claim cl may
// leave unread.
func (r *reader) questionDoubts(cl *claim) *readingDoubts {
	d := &readingDoubts{r: r, unused: r.unusedEntities(cl), possessed: r.unreadPossessed(), unknown: r.unknownName()}
	d.before = r.unreadBeforePossessive()
	d.relWord, d.relName = r.relationWordEntity()
	d.op, d.opKind = r.unreadOperator()
	d.how = r.asksHowOrWhen()
	return d
}

// apply doubts rd for each thing of the question it leaves unread, in a
// fixed order.
func (d *readingDoubts) apply(rd *Reading) {
	clauseWord := d.r.unreadClause(rd.Chain)
	for _, check := range []func(*Reading) (float64, string){
		d.unusedEntity, d.howMany, d.unknownName, d.compoundSibling, d.unfollowed,
		func(*Reading) (float64, string) { return d.clause(clauseWord) },
		d.unreadPossessed, d.beforePossessive, d.operator, d.tense, d.relationWord, d.howOrWhen, d.extentBoth,
	} {
		if factor, why := check(rd); why != "" {
			rd.doubt(factor, why)
		}
	}
}

// unusedEntity: a reading that leaves out an entity the question names
// answers another question ("does X depend on Y and Z" checked for Y).
func (d *readingDoubts) unusedEntity(*Reading) (float64, string) {
	if len(d.unused) == 0 {
		return 0, ""
	}
	return 0.7, fmt.Sprintf("the question also names %s, which this reading does not use", joinAnd(d.unused))
}

// howMany: "How many kinds of RNA are subtypes of ncRNA?" asks for a
// count, not whether one entity reaches the other.
func (d *readingDoubts) howMany(rd *Reading) (float64, string) {
	if rd.Target < 0 || !d.r.asksHowMany() {
		return 0, ""
	}
	return 0.5, "the question asks \"how many\" and names two entities: read as whether one reaches the other"
}

// unknownName: "Is X claimed by Greece?" where no entity is Greece: a
// reading without the name answers "what is X claimed by".
func (d *readingDoubts) unknownName(*Reading) (float64, string) {
	if d.unknown == "" {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question names %q, which is not in the graph", d.unknown)
}

// compoundSibling: "Components owned by @martgras" read through
// platform_owner, where codeowner names an owner too.
func (d *readingDoubts) compoundSibling(rd *Reading) (float64, string) {
	sib, walked := d.r.compoundSibling(rd.Chain)
	if sib == "" {
		return 0, ""
	}
	return 0.75, fmt.Sprintf("%s is named for a %s too, and the question does not say which", sib, walked)
}

// unfollowed: a reading that leaves out a relation the question names is
// a guess at best ("who maintains the nodes that X runs on" read as "what
// X runs on"): never a claim.
func (d *readingDoubts) unfollowed(rd *Reading) (float64, string) {
	w := d.r.unfollowed(rd.Chain)
	if w == "" {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question also says %q, which this reading does not follow", w)
}

// clause: "who makes the parts that X applies to" read as "what X applies
// to": an answer to the relative clause alone.
func (d *readingDoubts) clause(word string) (float64, string) {
	if word == "" {
		return 0, ""
	}
	return 0.7, fmt.Sprintf("the question also says %q, which this reading does not explain", word)
}

// unreadPossessed: "who owns dave's role" read as "who owns dave": an
// answer about the owner, not about what it owns.
func (d *readingDoubts) unreadPossessed(*Reading) (float64, string) {
	if d.possessed == "" {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question asks about %s, which this reading does not reach", d.possessed)
}

// beforePossessive: "Who is in bob's team?" read as bob's team.
func (d *readingDoubts) beforePossessive(*Reading) (float64, string) {
	if d.before == "" {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question says %q, a hop this reading does not take", d.before)
}

// operator: "Who borrowed Dune last?" read as "who borrowed Dune": an
// answer to the question without the word.
func (d *readingDoubts) operator(rd *Reading) (float64, string) {
	for e := range d.r.ents {
		if (e == rd.Anchor || e == rd.Target || slices.Contains(rd.Also, e)) && d.r.setAside(e) {
			// "Did anyone other than ana borrow Neuromancer?": the
			// entity set aside is no answer, let alone the start.
			return 0.5, fmt.Sprintf("the question sets %s aside, which this reading walks from or to", d.r.ents[e].Name)
		}
	}
	if d.op == "" || rd.Concept == words.Dependency && words.ClassOf(d.op).Has(words.Order) {
		// "Which nodes have to run before X can build?": a dependency
		// is an order, the one the walk reads.
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question says %q (%s), which this reading does not read", d.op, d.opKind)
}

// tense: "Which teams did X used to lead?" read through leads, where the
// graph records no past leads: an answer about the present.
func (d *readingDoubts) tense(rd *Reading) (float64, string) {
	w := d.r.pastWord()
	if w == "" || d.r.walksPast(rd.Chain) {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question says %q (a time, an order or a frequency), which this reading does not read: it walks relations that hold now", w)
}

// relationWord: "Which mission is S a crew member of?" with "crew" found
// in part as Crew-7: the word names crew_member.
func (d *readingDoubts) relationWord(rd *Reading) (float64, string) {
	e := d.relWord
	if e < 0 || !(rd.Anchor == e || rd.Target == e || slices.Contains(rd.Also, e)) {
		return 0, ""
	}
	ent := d.r.ents[e]
	return 0.5, fmt.Sprintf("%s was found from %q in part, and its words name a relation (%s)", ent.Name, d.r.q[ent.Start:ent.End], d.relName)
}

// howOrWhen: "When did hub ship to store?" is no yes or no.
func (d *readingDoubts) howOrWhen(rd *Reading) (float64, string) {
	if d.how == "" || rd.Target < 0 {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question asks %q, which whether %s reaches %s does not answer", d.how, d.r.ents[rd.Anchor].Name, d.r.ents[rd.Target].Name)
}

// extentBoth: "indirectly but not directly": no one extent.
func (d *readingDoubts) extentBoth(*Reading) (float64, string) {
	if d.r.extentBoth == "" {
		return 0, ""
	}
	return 0.5, fmt.Sprintf("the question says %s, which this reading does not read as one extent", d.r.extentBoth)
}

// asksYesNo reports whether the question opens with an auxiliary, as a
// yes or no does ("Does X call Y?", "Is X affected if Y fails?").
func (r *reader) asksYesNo() bool {
	return len(r.st.words) > 0 && opensYesNo(r.st.words[0])
}

// opensYesNo reports whether w, first in a question, opens a yes or no
// question: a finite auxiliary (classes.txt: finite).
func opensYesNo(w string) bool { return words.ClassOf(w).Has(words.Finite) }

// relationWordEntity returns the entity found in part (a link less sure
// than an exact name) whose mention's words, but for determiners, are all
// words of a relation's name, and that relation; or -1, "".
func (r *reader) relationWordEntity() (int, string) {
	for i, e := range r.ents {
		if e.Confidence >= 1 {
			continue
		}
		if rel := r.relationOf(i); rel != "" {
			return i, rel
		}
	}
	return -1, ""
}

// relationOf returns the name of a relation whose name's words hold every
// word of entity i's mention but determiners, in any number ("response"
// of responses), or "".
func (r *reader) relationOf(i int) string {
	var words []string
	for _, w := range text.Tokens(r.q[r.ents[i].Start:r.ents[i].End]) {
		if !determiners.Has(w) {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return ""
	}
	for _, ri := range r.rels {
		names := nameWords(ri.def.Name)
		if !slices.ContainsFunc(words, func(w string) bool {
			return !slices.ContainsFunc(names, func(n string) bool { return text.SameWord(n, w) })
		}) {
			return ri.def.Name
		}
	}
	return ""
}

// doubt lowers the reading's confidence by factor, saying why.
func (rd *Reading) doubt(factor float64, why string) {
	rd.Confidence *= factor
	rd.Chain.Score = rd.Confidence
	rd.Guesses = append(rd.Guesses, why)
}

// unreadPossessed returns "X's <noun>" where an entity's possessive is
// followed by a word no part of the reading explains, or "".
func (r *reader) unreadPossessed() string {
	for i, e := range r.entAt {
		if e < 0 || !r.toks[r.st.at[i]].possessive {
			continue
		}
		j := i + 1
		if j >= len(r.st.words) || r.used[j] || r.entAt[j] >= 0 || words.ClassOf(r.st.words[j]).Has(words.SelfNoun) || r.isCueWord(r.st.words[j]) {
			continue
		}
		if w := r.st.words[j]; functionWord(w) && !words.IsKindWord(w) {
			// "X's own", "X's whole": no noun of another thing; a
			// kind word is one ("web-app's node").
			continue
		}
		return fmt.Sprintf("%s's %s", r.ents[e].Name, r.st.words[j])
	}
	return ""
}

// unreadBeforePossessive returns "in X's <noun>" where a preposition no
// rule read stands before a possessive entity ("who is IN bob's team":
// the members of bob's team, a hop further than bob's team), or "".
func (r *reader) unreadBeforePossessive() string {
	for p := 1; p+1 < len(r.st.words); p++ {
		e := r.entAt[p+1]
		if e < 0 || !r.toks[r.st.at[p+1]].possessive || r.used[p] {
			continue
		}
		switch w := r.st.words[p]; w {
		case "in", "on", "under", "at", "within", "inside":
			if p+2 < len(r.st.words) {
				return fmt.Sprintf("%s %s's %s", w, r.ents[e].Name, r.st.words[p+2])
			}
			return fmt.Sprintf("%s %s's", w, r.ents[e].Name)
		}
	}
	return ""
}

// unknownName returns a word written as a name ("Greece", "F-99":
// capitalised past the first word) that is no entity's mention and that
// no part of the reading accounts for, however short, with the words so
// written that follow it ("Stephen King"), or "". A relation's own name
// ("allOf") is no unknown name.
func (r *reader) unknownName() string {
	for i := range r.st.words {
		if name := r.toks[r.st.at[i]].name; name != "" && !r.accounted(i) && !r.described(i) && !classWordInCapitals(name) && !r.relationNamedIn(i, i+1) {
			for j := i + 1; j < len(r.st.words) && r.st.at[j] > r.st.at[j-1]; j++ {
				next := r.toks[r.st.at[j]].name
				if next == "" || next == r.toks[r.st.at[j-1]].name || r.accounted(j) {
					break // "F-99" is one word of two parts
				}
				name += " " + next
			}
			return name
		}
	}
	return ""
}

// classWordInCapitals reports whether a word written as a name is a word
// of a word class written in capitals ("the DAG": dag, a word a question
// says of the graph as a whole), not a name.
func classWordInCapitals(name string) bool {
	return strings.ToUpper(name) == name && words.ClassOf(strings.ToLower(name)) != 0
}

// described reports whether the word at stream position i is the noun a
// relative clause describes ("the CDN that serves X"): a kind of the
// reading's answers or middle, not a name.
func (r *reader) described(i int) bool {
	return i+1 < len(r.st.words) && relativePronoun(r.st.words[i+1])
}

// unreadClause returns a word of a question with a relative clause, in
// its main clause ("who MAKES the parts that X applies to") or in the
// relative clause ("where was the exhibition that P was SHOWN at held"),
// that no part of the reading explains, or "": a reading that leaves such
// a word out answers the other clause alone.
func (r *reader) unreadClause(chain state.Chain) string {
	if len(r.st.words) == 0 || !(whWords.Has(r.st.words[0]) || placeTimeWords.Has(r.st.words[0])) {
		// "if we take X offline, which services stop": no main clause
		// before the pronoun.
		return ""
	}
	described := r.describedNoun()
	if described < 0 {
		return ""
	}
	// A word of a relation's name, or of its kind, that the chain walks
	// ("who owns the jobs triggered by X" through owner).
	walked := chain.Relations()
	kinds := r.kindsOf(walked)
	carried := func(i int) bool {
		return slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start <= i && i < h.end && walked[h.rel.def.Name] }) ||
			slices.ContainsFunc(r.hits, func(h words.Hit) bool { return h.Start <= i && i < h.End && kinds[h.Concept] })
	}
	for i := 1; i < len(r.st.words); i++ {
		if w := r.st.words[i]; i != described && !(i == described+1 && relativePronoun(w)) && !r.explained(i) && !carried(i) && !skippable.Has(w) && !words.ClassOf(w).Has(words.Collective) {
			return w
		}
	}
	return ""
}

// describedNoun returns the stream position of the noun a relative
// clause describes, or -1: the noun before a relative pronoun, else
// before an entity and a verb the reading took, else before a participle
// the reading took.
func (r *reader) describedNoun() int {
	for p := 2; p < len(r.st.words); p++ {
		if relativePronoun(r.st.words[p]) && r.entAt[p-1] < 0 && !functionWord(r.st.words[p-1]) {
			// The noun before the pronoun is the one described: the
			// reading's answers or its middle; the pronoun stands for
			// it. ("I'd like to know which teams ...": no noun
			// described.)
			return p - 1
		}
	}
	if d := r.nounBeforeClause(); d >= 0 {
		return d
	}
	return r.nounBeforeParticiple()
}

// nounBeforeClause returns the first noun the reading left unread that
// comes before an entity and a verb the reading took, a clause with no
// pronoun ("who makes the drug BOB TAKES"), or -1.
func (r *reader) nounBeforeClause() int {
	for p := 3; p+1 < len(r.st.words); p++ {
		v := p + 1
		for v+1 < len(r.st.words) && auxiliary(r.st.words[v]) {
			v++ // "the production X IS cast in"
		}
		if r.entAt[p] >= 0 && r.used[v] && r.entAt[p-1] < 0 && nounLike(r.st.words[p-1]) && !r.used[p-1] {
			return p - 1
		}
	}
	return -1
}

// nounBeforeParticiple returns the first noun, not the asked one, before
// a participle the reading took for a relation ("who made the
// transformers LOCATED at X", but not "which court DECIDED X"): the
// clause of that noun; or -1.
func (r *reader) nounBeforeParticiple() int {
	for p := 3; p < len(r.st.words); p++ {
		if r.used[p] && words.PastForm(r.st.words[p]) && r.entAt[p-1] < 0 && nounLike(r.st.words[p-1]) && p-1 != r.askedAt {
			return p - 1
		}
	}
	return -1
}

// nounLike reports whether a word inside a question may be the noun a
// clause describes: no function word, but for the request verbs that are
// nouns after the start ("the SHOW directed by X", "the LIST").
func nounLike(w string) bool {
	return !functionWord(w) || words.ClassOf(w).Has(words.Request)
}

// placeTimeWords open questions about where, when and how, whose main
// clause is read as a wh-word's is.
var placeTimeWords = words.Set("place-time-words")

// relativePronoun reports whether w starts a relative clause (the relpron
// class of classes.txt).
func relativePronoun(w string) bool { return wordsClassOf(w).Has(words.RelPron) }

// stepsThrough counts the steps of chain that walk relation name.
func stepsThrough(chain state.Chain, name string) int {
	n := 0
	for _, st := range chain.Steps {
		if readcheck.HasRelation(st.Edges, name) {
			n++
		}
	}
	return n
}

// kindsOf returns the known concepts of the relations named in rels.
func (r *reader) kindsOf(rels map[string]bool) map[words.Concept]bool {
	out := map[words.Concept]bool{}
	for _, ri := range r.rels {
		if rels[ri.def.Name] && ri.concept != words.None {
			out[ri.concept] = true
		}
	}
	return out
}

// unfollowed returns the first phrase of the question that names a
// relation of this graph (by its name, or by a concept the graph has) which
// chain does not follow, or "".
func (r *reader) unfollowed(chain state.Chain) string {
	if h, ok := r.unfollowedName(chain); ok {
		return strings.Join(r.st.words[h.start:h.end], " ")
	}
	if h, ok := r.unfollowedWord(chain); ok {
		return strings.Join(r.st.words[h.Start:h.End], " ")
	}
	return ""
}

// unfollowedWord returns the first verb (or relational noun) of a concept
// the graph has that the chain does not walk and no part of the reading
// read.
func (r *reader) unfollowedWord(chain state.Chain) (words.Hit, bool) {
	concepts := r.kindsOf(chain.Relations())
	asked := r.askedAt
	for _, h := range r.hits {
		// A noun of a concept names a relation where "of" follows it
		// ("who is the maintainer of the node that X is hosted on"), not
		// where it names a kind ("the team that maintains X") or the
		// asked one ("which owners of ...").
		relational := h.Kind == words.HitNoun && h.End < len(r.st.words) && r.st.words[h.End] == "of" && (asked < h.Start || asked >= h.End)
		named := h.Kind == words.HitVerb || relational
		if named && r.hasConcept(h.Concept) && !concepts[h.Concept] && r.unused(h.Start, h.End) {
			return h, true
		}
		// A verb of the walked kind that no step read, beside a chain of
		// one fixed step that another word made: another hop ("who
		// reports to ann's manager" read as ann's manager).
		if h.Kind == words.HitVerb && concepts[h.Concept] && len(chain.Steps) == 1 && chain.Fixed() && r.unused(h.Start, h.End) {
			return h, true
		}
	}
	return words.Hit{}, false
}

// compoundSibling returns a relation the chain does not walk whose
// one-word name ends in the head noun of a name of several words the
// chain walks ("codeowner" beside platform_owner: both name an owner),
// and that word; or "".
func (r *reader) compoundSibling(chain state.Chain) (string, string) {
	walked := chain.Relations()
	for _, name := range chain.RelationNames() { // in walking order: the same doubt every time
		ws := nameWords(name)
		if len(ws) < 2 || slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.rel.def.Name == name }) {
			// A name of one word is a verb as often ("activates",
			// "transactivates"); a name the question says is the one
			// it asks for ("the platform owners of X").
			continue
		}
		head := text.Singular(ws[len(ws)-1])
		if len(head) < 4 {
			continue
		}
		for _, ri := range r.rels {
			other := nameWords(ri.def.Name)
			if walked[ri.def.Name] || len(other) != 1 || len(other[0]) < len(head)+3 {
				continue
			}
			if w := text.Singular(other[0]); strings.HasSuffix(w, head) {
				return ri.def.Name, head
			}
		}
	}
	return "", ""
}

// unused reports whether no word of start..end is read by a part of the
// reading or an entity's mention.
func (r *reader) unused(start, end int) bool {
	for p := start; p < end; p++ {
		if r.used[p] || r.entAt[p] >= 0 {
			return false
		}
	}
	return true
}

// unfollowedName returns the first phrase naming a relation of the graph
// that the chain does not walk and no part of the reading read; or one
// named twice and walked once by a fixed chain ("who reports to the
// person frank reports to": the other naming is another hop).
func (r *reader) unfollowedName(chain state.Chain) (relHit, bool) {
	walked := chain.Relations()
	said := map[string]int{} // times the question names each relation
	for _, h := range r.rhits {
		said[h.rel.def.Name]++
	}
	for _, h := range r.rhits {
		name := h.rel.def.Name
		twice := said[name] > 1 && chain.Fixed() && stepsThrough(chain, name) < said[name]
		if (!walked[name] || twice) && r.unused(h.start, h.end) {
			return h, true
		}
	}
	return relHit{}, false
}

// hopWord reports whether the phrase h, naming a relation no part of the
// reading read, may be a hop of its own: not the asked kind ("Which jobs
// ... its needs" over jobs), nor a role said with "as" ("use X as their
// carrier").
func (r *reader) hopWord(h relHit) bool {
	if r.askedAt >= h.start && r.askedAt < h.end {
		return false
	}
	if a := r.asked(); a.Word != "" && slices.ContainsFunc(r.st.words[h.start:h.end], func(w string) bool { return text.Singular(w) == text.Singular(a.Word) }) {
		return false
	}
	for k := max(0, h.start-2); k < h.start; k++ {
		if words.ClassOf(r.st.words[k]).Has(words.As) {
			return false
		}
	}
	return true
}

// composedFirst returns rd composed with one more step through what the
// question names and rd leaves unwalked: a relation by its own name, else
// the one relation of the concept of a verb ("maintains") the types let
// leave where rd ends.
func (r *reader) composedFirst(rd Reading) (Reading, bool) {
	if h, ok := r.unfollowedName(rd.Chain); ok {
		if !r.hopWord(h) {
			return Reading{}, false
		}
		return r.composedThrough(rd, h.rel, strings.Join(r.st.words[h.start:h.end], " "), r.grammarWay(rd, h))
	}
	h, ok := r.unfollowedWord(rd.Chain)
	if !ok {
		return Reading{}, false
	}
	var found []Reading
	for _, ri := range r.conceptRels(h.Concept) {
		if out, ok := r.composedThrough(rd, ri, strings.Join(r.st.words[h.Start:h.End], " "), 0); ok {
			found = append(found, out)
		}
	}
	if len(found) != 1 {
		return Reading{}, false
	}
	return found[0], true
}

// grammarWay returns the way a relation of no known kind, named by its
// own verb at h, leaves what the reading reached, by the verb's place:
// before the anchor's phrase, the phrase is its object ("who killed
// members of House Stark": In, to who killed them); after it, its subject
// ("who did members of House Lannister kill": Out). 0 where the words do
// not say (a relation of a known kind, a passive, an inverse name).
func (r *reader) grammarWay(rd Reading, h relHit) graph.Direction {
	if h.rel.concept != words.None || h.inverse || h.rel.act != "" || r.beBefore(h.start) || rd.Anchor < 0 ||
		r.askedAt >= 0 && (h.start == r.askedAt || h.start == r.askedAt+1) {
		// Not a word of the asked phrase ("which netty modules").
		return 0
	}
	at := r.entityPos(rd.Anchor, len(r.st.words))
	switch {
	case at < 0:
		return 0
	case h.end <= at:
		return graph.In
	}
	return graph.Out
}

// composedThrough returns rd with one more step through the relation h
// names, where the types say which way it leaves the chain's last
// step ("Who chairs the subcommittees of X?" read as X's subcommittees
// leaves "chairs": then their Chairman), or else way, the way the words
// say (grammarWay; 0: none). A guess: the words did not say where the hop
// goes.
func (r *reader) composedThrough(rd Reading, rel *relInfo, word string, way graph.Direction) (Reading, bool) {
	if len(rd.Chain.Steps) == 0 || rd.Target >= 0 {
		return Reading{}, false
	}
	var ends []string
	for _, e := range rd.Chain.Steps[len(rd.Chain.Steps)-1].Edges {
		ri := r.relNamed(e.Relation)
		if ri == nil || e.Direction != graph.Out && e.Direction != graph.In {
			return Reading{}, false
		}
		ends = append(ends, ri.starts(e.Direction.Reverse())...)
	}
	d, ok := rel.def.Leaving(ends)
	if !ok && way != 0 && slices.ContainsFunc(ends, rel.linksKind) {
		// Both ends: the words say which way.
		d, ok = way, true
	}
	if !ok {
		return Reading{}, false // both ends or neither: the types do not say which way
	}
	out := rd
	out.Chain = cloneChain(rd.Chain)
	out.Chain.Steps[len(out.Chain.Steps)-1].Repeat = false
	out.Chain.Steps = append(out.Chain.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: rel.def.Name, Direction: d}}})
	out.Because = append(slices.Clip(rd.Because), fmt.Sprintf("%q one hop further", word))
	out.Text = fmt.Sprintf("%s, then what them %s, through %s", rd.Text, word, rel.def.Name)
	out.Confidence = min(rd.Confidence, 1) * 0.75
	out.Guesses = append(slices.Clip(rd.Guesses), fmt.Sprintf("%q read as one hop from where the reading ends, through %s, as the types allow", word, rel.def.Name))
	return out, true
}

// readExtent finds how far the question asks to go: transitive cues first
// (they include "directly or indirectly"), then direct ones.
func (r *reader) readExtent() {
	taken := make([]bool, len(r.toks))
	r.extentTok = taken
	first := ""
	for _, ec := range extentCues {
		for _, at := range ec.c.find(r.toks) {
			free := true
			for k := at; k < at+len(ec.c.words); k++ {
				if taken[k] {
					free = false
				}
			}
			if !free {
				continue
			}
			for k := at; k < at+len(ec.c.words); k++ {
				taken[k] = true
			}
			switch {
			case at > 0 && words.ClassOf(r.toks[at-1].text).Has(words.Neg) && r.extentBoth == "":
				// "but not directly": what is reached only the other
				// way, which no one extent reads.
				r.extentBoth = fmt.Sprintf("%q", "not "+ec.c.text)
			case !r.extentSaid:
				r.extent, r.extentSaid = ec.e, true
				r.because = append(r.because, fmt.Sprintf("%q: %s", ec.c.text, ec.e))
				first = ec.c.text
			case ec.e != r.extent && r.extentBoth == "":
				r.extentBoth = fmt.Sprintf("both %q and %q", first, ec.c.text)
			}
		}
	}
	r.readRepeatedNoun(taken)
}

// readRepeatedNoun reads "including kinds of kinds", "counting consumers
// of consumers" (words.RepeatedNoun) as the transitive extent, where no
// cue said one.
func (r *reader) readRepeatedNoun(taken []bool) {
	ws := texts(r.toks)
	for i := range ws {
		end, ok := words.RepeatedNoun(ws, i)
		if !ok || r.extentSaid || slices.Contains(taken[i:end], true) {
			continue
		}
		// The lead and the second noun are the cue; the first noun still
		// names the relation.
		taken[i], taken[end-2], taken[end-1] = true, true, true
		r.extent, r.extentSaid = state.ExtentTransitive, true
		phrase := strings.Join(ws[i:end], " ")
		r.because = append(r.because, fmt.Sprintf("%q: %s", phrase, state.ExtentTransitive))
	}
}

// extentCue is an extent cue with the extent it says.
type extentCue struct {
	c cue
	e state.Extent
}

// extentCues are the transitive and direct cues, longest first across
// both groups: "not transitively" is direct, though "transitively" alone
// is transitive.
var extentCues = func() []extentCue {
	var all []extentCue
	for _, c := range transitiveCues {
		all = append(all, extentCue{c, state.ExtentTransitive})
	}
	for _, c := range directCues {
		all = append(all, extentCue{c, state.ExtentDirect})
	}
	sort.SliceStable(all, func(i, j int) bool { return len(all[i].c.words) > len(all[j].c.words) })
	return all
}()

func (r *reader) anyCue(cs []cue) bool {
	for _, c := range cs {
		if len(c.find(r.toks)) > 0 {
			return true
		}
	}
	return false
}

// mainEntity is the best-linked entity (the first on a tie).
func (r *reader) mainEntity() int {
	best := 0
	for i, e := range r.ents {
		if e.Confidence > r.ents[best].Confidence {
			best = i
		}
	}
	return best
}

// yesNoMember returns the one entity a yes-or-no question names that
// claim cl leaves out where cl lists answers: "Is Kat Cosgrove the
// steering liaison for SIG Security?" lists SIG Security's steering
// liaisons and asks whether Kat Cosgrove is one, so the walk says yes
// where it reaches that entity and no where it does not.
func (r *reader) yesNoMember(c *claim) (int, bool) {
	if c.target >= 0 || !r.asksYesNo() || slices.ContainsFunc(r.st.words, func(w string) bool { return words.ClassOf(w).Has(words.Sub) }) {
		return -1, false // "Is A affected if B closes?" asks what B's closing does
	}
	member := -1
	for i, e := range r.ents {
		if i == c.anchor || slices.Contains(c.also, i) || e.Name == r.ents[c.anchor].Name {
			continue
		}
		if member >= 0 && r.ents[member].Name != e.Name || r.setAside(i) {
			return -1, false // "Is X crafted from anything other than Y?" asks of others
		}
		member = i
	}
	return member, member >= 0
}

// reachMember makes reading rd, read as whether entity k is one of its
// answers, reach k's kind where its last step never arrives at it: "Is the
// stop next to Chesham in zone 1?" walks to Chesham's neighbours, and
// zone, the one relation from a station to a zone, on to 1. Where no one
// relation leads on, the reading
// gets a schema doubt ("Does any operation tagged Zip Downloads return
// ZipDownloadStatus?" read through tags alone: a word was left unread,
// and the no proves nothing). A kind's ends are those of the facts, stated
// or inferred, so a kind no fact of the step arrives at is out of reach.
func (r *reader) reachMember(rd *Reading, k int) {
	t := r.ents[k].Type
	if t == "" || len(rd.Chain.Steps) == 0 || rd.Anchor < 0 {
		return
	}
	var ends []string
	for _, e := range rd.Chain.Steps[len(rd.Chain.Steps)-1].Edges {
		ri := r.relNamed(e.Relation)
		if ri == nil {
			return
		}
		ends = append(ends, ri.ends(e.Direction)...)
	}
	if len(ends) == 0 || slices.Contains(ends, t) {
		return
	}
	// A walk the types rule out from its start is no hop short.
	starts := r.ents[rd.Anchor].Type == "" || r.edgesStartAt(rd.Chain.Steps[0].Edges, []string{r.ents[rd.Anchor].Type})
	if link, d, ok := r.soleLinkOf(t, ends, nil); ok && starts {
		rd.Chain.Steps = append(rd.Chain.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: link.def.Name, Direction: d}}})
		rd.doubt(0.85, fmt.Sprintf("%s is a %s, where the walk does not arrive: read on through %s, the one relation from where it ends to a %s", r.ents[k].Name, t, link.def.Name, t))
		return
	}
	if rd.SchemaDoubt == "" && r.s.TypesStated() {
		kinds := slices.Compact(slices.Sorted(slices.Values(ends)))
		rd.SchemaDoubt = fmt.Sprintf("the walk arrives at a %s, and %s is a %s", strings.Join(kinds, " or "), r.ents[k].Name, t)
	}
}

// againstStored reports whether a chain starts against the way its first
// relation is stored. A yes or no whose reading lists answers starting so
// is turned around (turnAround) to walk from the other entity the way the
// facts run: "Is serde_derive an optional dependency of serde?" is walked
// from serde along optional_dependency, "Is Hannah a descendant of
// Margaret?" from Hannah along child_of, so that the yes names the entity
// at the facts' far end.
func againstStored(c state.Chain) bool {
	return len(c.Steps) > 0 && len(c.Steps[0].Edges) > 0 && c.Steps[0].Edges[0].Direction == graph.In
}

// turnAround makes a yes-or-no reading walk from its target back to its
// anchor.
func turnAround(rd *Reading) {
	rd.Anchor, rd.Target = rd.Target, rd.Anchor
	rd.Chain = rd.Chain.Reversed()
	rd.Also = nil
}

// unusedEntities returns the names of the entities the claim does not use
// (not its anchor, a coordinated entity or its target, nor a node one of
// those mentions names too).
func (r *reader) unusedEntities(c *claim) []string {
	uses := func(i int) bool { return i == c.anchor || i == c.target || slices.Contains(c.also, i) }
	var out []string
	for i, e := range r.ents {
		// A node named twice ("the ambulance institutional model in
		// service category") is used where either mention is, but in a
		// yes or no, which may ask whether it links to itself.
		if !uses(i) && (r.asksYesNo() || !r.namedByUsed(e.Name, uses)) {
			out = append(out, e.Name)
		}
	}
	return out
}

// namedByUsed reports whether a mention that uses reports used names node
// name.
func (r *reader) namedByUsed(name string, uses func(int) bool) bool {
	for i, e := range r.ents {
		if e.Name == name && uses(i) {
			return true
		}
	}
	return false
}

// setAside reports whether the question sets entity e aside from the
// answers ("besides nodejs"; words.SetsAside): the plan excludes it where
// no reading uses it.
func (r *reader) setAside(e int) bool {
	k := slices.IndexFunc(r.toks, func(t token) bool { return t.entity == e })
	if k < 0 {
		return false
	}
	return words.SetsAside(texts(r.toks[:k]))
}

// entityNotes says which entities the reading used when the question named
// more.
func (r *reader) entityNotes(c *claim) []string {
	if len(r.ents) <= 1 {
		return nil
	}
	var used, unused []string
	for i, e := range r.ents {
		if i == c.anchor || i == c.target || slices.Contains(c.also, i) {
			used = append(used, e.Name)
		} else {
			unused = append(unused, e.Name)
		}
	}
	if len(unused) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the question names %d entities; the reading uses %s and not %s", len(r.ents), strings.Join(used, ", "), strings.Join(unused, ", "))}
}

func stepWords(steps []stepClaim) string {
	var ws []string
	for _, s := range steps {
		if s.word != "" {
			ws = append(ws, s.word)
		}
	}
	return strings.Join(ws, "'s ")
}

// negated returns the words where the question negates its relation or
// consequence ("which services do not depend on X", "what doesn't X call",
// "which services are unaffected if X goes down"), or "": the answer would
// be a complement, which reading the relation would silently turn into
// its opposite. "Can't live without X" is a need, read before this.
func (r *reader) negated() string {
	w := r.st.words
	for i, word := range w {
		if words.ClassOf(word).Has(words.Complement) {
			return word
		}
		if !words.ClassOf(word).Has(words.Neg) {
			continue
		}
		// "what doesn't X call": the subject stands between a
		// contracted auxiliary and its verb.
		subject := contracted(word)
		for j := i + 1; j < len(w) && j <= i+4; j++ {
			if k := r.skip(j); k != j {
				j = k
			}
			if j < len(w) && r.entAt[j] >= 0 && subject {
				subject = false // a mention is one word of the stream
				continue
			}
			if j >= len(w) || r.entAt[j] >= 0 {
				break
			}
			if j+1 < len(w) && w[j+1] == "without" {
				break // "can't live without", "doesn't work without"
			}
			named := r.isCueWord(w[j]) && !cueWord(directCues, w[j])
			for _, h := range r.hitsAt(j) {
				// "does not report to", "is not under"
				named = named || h.Kind == words.HitVerb || h.Kind == words.HitPosition
			}
			for _, rh := range r.rhits {
				named = named || rh.start == j
			}
			if named {
				return w[j]
			}
			if !auxiliary(w[j]) && !fillerWords.Has(w[j]) {
				break
			}
		}
	}
	return ""
}

// survival returns the words of a survival cue ("would X keep running if
// Y failed") that name no relation of the graph, or "".
func (r *reader) survival() string {
	if w := r.st.words; len(w) > 0 && modalVerb(w[0]) && slices.Contains(w, "without") && !slices.ContainsFunc(w, func(s string) bool { return words.ClassOf(s).Has(words.Neg) }) {
		// "Can tiramisu be made without Dairy Valley?", "does X run
		// without Y": whether X survives Y's loss.
		return "without"
	}
	for _, c := range survivalCues {
		for _, at := range c.find(r.toks) {
			if !r.namesRelation(r.streamPos(at)) {
				return c.text
			}
		}
	}
	return ""
}

// fillerWords are passed over between the parts of a complement question.
var fillerWords = words.Set("filler-words")

// qualifiedSiblings narrows each step of rd that walks sibling relations,
// names that end in one word and differ by the words before it
// (primaryMuscles and secondaryMuscles, home_team and away_team), to the
// siblings whose own word the question says, in any of its forms
// ("primarily", "secondarily"), or, a guess, by a word of the same sense
// (qualifiers.txt: "mainly" for primary). A word said of several
// siblings, or of all, narrows nothing, and so does a question that
// counts them in (countsIn).
func (r *reader) qualifiedSiblings(rd *Reading) {
	if r.countsIn() {
		return
	}
	for k, st := range rd.Chain.Steps {
		rels := st.Relations()
		quals, ok := siblingQualifiers(rels)
		if !ok {
			continue
		}
		var chosen []string
		var guesses []string
		for i, t := range r.toks {
			p := r.streamPos(i)
			if t.entity >= 0 || r.extentTok[i] {
				continue
			}
			named, guess := siblingsSaid(t.text, rels, quals)
			if len(named) == 0 || len(named) == len(rels) {
				continue
			}
			if p >= 0 {
				r.used[p] = true
			}
			for _, n := range named {
				if !slices.Contains(chosen, n) {
					chosen = append(chosen, n)
				}
			}
			if guess != "" {
				guesses = append(guesses, guess)
			}
		}
		if len(chosen) == 0 || len(chosen) == len(rels) {
			continue
		}
		steps := slices.Clone(rd.Chain.Steps)
		steps[k].Edges = slices.DeleteFunc(slices.Clone(st.Edges), func(e state.RelDir) bool { return !slices.Contains(chosen, e.Relation) })
		rd.Chain.Steps = steps
		rd.Text = strings.Replace(rd.Text, joinAnd(rels), joinAnd(chosen), 1)
		rd.Guesses = append(slices.Clip(rd.Guesses), guesses...)
		rd.Because = append(slices.Clip(rd.Because), fmt.Sprintf("of %s, %s, as the question's words qualify them", joinAnd(rels), joinAnd(chosen)))
	}
}

// siblingQualifiers returns, for relations rels of one step, the words
// each name says before the last word they all end in, a noun, where
// there are two or more relations and each says some; ok false
// otherwise.
func siblingQualifiers(rels []string) (quals map[string][]string, ok bool) {
	if len(rels) < 2 {
		return nil, false
	}
	quals = map[string][]string{}
	head := ""
	for _, rel := range rels {
		ws := nameWords(rel)
		if len(ws) < 2 {
			return nil, false
		}
		last := text.Singular(ws[len(ws)-1])
		if head != "" && last != head || functionWord(last) || words.ClassOf(last) != 0 {
			// Not a name that ends in a word of grammar (built_from,
			// copies_from): its first word is the act, no qualifier.
			return nil, false
		}
		head = last
		quals[rel] = ws[:len(ws)-1]
	}
	return quals, true
}

// siblingsSaid returns the relations of rels whose qualifier word
// (quals) the question's word w says: in one of its forms (the word
// itself, its adverb in -ly), else by a word of the same sense, said as
// a guess.
func siblingsSaid(w string, rels []string, quals map[string][]string) (named []string, guess string) {
	if functionWord(w) {
		return nil, ""
	}
	for _, rel := range rels {
		if slices.ContainsFunc(quals[rel], func(q string) bool { return !functionWord(q) && (w == q || w == adverbOf(q) || words.FormSet(q)[w]) }) {
			named = append(named, rel)
		}
	}
	if len(named) > 0 {
		return named, ""
	}
	for _, rel := range rels {
		for _, q := range quals[rel] {
			if slices.ContainsFunc(words.QualifierSynonyms(q), func(s string) bool { return w == s || w == adverbOf(s) }) {
				named, guess = append(named, rel), fmt.Sprintf("taking %q as %s: %q says the same of %s (a synonym)", w, rel, q, rel)
				break
			}
		}
	}
	return named, guess
}

// adverbOf returns the adverb in -ly of adjective a ("primary":
// "primarily", "main": "mainly").
func adverbOf(a string) string {
	if strings.HasSuffix(a, "y") && len(a) > 2 {
		return a[:len(a)-1] + "ily"
	}
	return a + "ly"
}
