package reader

import (
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// End is an end of a relation: its subject or its object.
type End uint8

// The ends.
const (
	Subject End = iota + 1
	Object
)

// Other returns the other end.
func (e End) Other() End {
	if e == Subject {
		return Object
	}
	return Subject
}

func (e End) String() string {
	if e == Subject {
		return "subject"
	}
	return "object"
}

// toward returns the direction that walks a relation from end e to the
// other end.
func (e End) from() graph.Direction {
	if e == Subject {
		return graph.Out
	}
	return graph.In
}

// wordForm says whether a phrase is read as a verb or a noun.
type wordForm uint8

const (
	formVerb wordForm = iota + 1
	formNoun
)

// nameReading is one way a relation's own name names it in a question:
// as a verb ("depends_on": "depend on"; "written_by": "write", the
// writer at the object) or as a noun ("member_of": "member", the subject;
// "in_schema": "schema", the object).
type nameReading struct {
	form wordForm
	// words are the reading's words, base forms ("depend", "on").
	words []string
	// end is, for a verb, the relation end its grammatical subject plays;
	// for a noun, the end the noun names.
	end End
	// full: the reading uses every content word of the name.
	full bool
	// zero: a verb of the name read as a noun with no suffix ("the
	// imports of X"): it names a relation, never a kind.
	zero bool
	// passive: a verb reading stated as a participle ("written_by",
	// "born_in", "located_in"): its subject is what is written, born,
	// located.
	passive bool
	// byAgent: the participle's doer follows "by" in the name
	// ("written_by", "created_by"): the object is who does the act, whom
	// the act's agent noun ("writer", "creator") names.
	byAgent bool
	// guessedEnd: a verb read from a name whose head word is a noun as
	// well ("cover_of", "copy_of"): "Z covered Y" may name the cover or
	// its performer, so the end the verb's subject plays is a guess.
	guessedEnd bool
	// kin: a kinship noun of another width than the name's ("brother"
	// for siblings, "parent" for father: kinship.txt), which the types
	// cannot check.
	kin bool
	// tie: a kin reading by the plain noun of the name's tie, at either
	// end ("parent" and "child" for father_of): what relations named by
	// narrower kin nouns say together ("parents" over father_of and
	// mother_of asks both, no choice between them).
	tie bool
	// inflected: the reading names the relation only in a verb's
	// inflection ("tagged" for has_tag), not in its bare noun.
	inflected bool
	// modifier: the first word of a compound of two nouns, which the
	// question may say for the whole ("on pole" for pole_position):
	// a guess, and none where the word names a type of the graph.
	modifier bool
}

// relation is one relation of the graph as the reader knows it.
type relation struct {
	def  *graph.RelationDef
	name string
	// words are the name's words, lower case ("alumni", "of").
	words []string
	// concept is the relation's kind, as the schema says or inference
	// read it; subjectRole the role its subject plays there.
	concept     words.Concept
	subjectRole words.Role
	// meaning is what the name alone reads as.
	meaning words.Meaning
	// readings are the ways its own words name it.
	readings []nameReading
	// former: its name says the relation held in the past ("alumni_of",
	// "former_member_of"); optional: a dependency that does not
	// propagate failure.
	former, optional bool
	// mutual: of no known concept, and its name says it holds both ways.
	mutual bool
	// act, for two relations of no known concept stored from both ends
	// ("assumes", "isAssumedBy"), is the active one's name.
	act string
	// spelled is the name's words joined by spaces.
	spelled string
	// qualifiers are the name's words beside the phrase it reads as ("dev"
	// of dev_dependency).
	qualifiers map[string]bool
	// classifier: the relation puts its subject in a class ("is_a",
	// "instance_of", "kind"): its objects are kinds of thing.
	classifier bool
}

// endRole returns the concept role end e plays.
func (r *relation) endRole(e End) words.Role {
	if e == Subject {
		return r.subjectRole
	}
	return r.subjectRole.Other()
}

// roleEnd returns the end that plays role ro.
func (r *relation) roleEnd(ro words.Role) End {
	if r.subjectRole == ro {
		return Subject
	}
	return Object
}

// types returns the types at end e (nil: unknown).
func (r *relation) types(e End) []string {
	if e == Subject {
		return r.def.From
	}
	return r.def.To
}

// kind is a type of the graph as the reader knows it.
type kind struct {
	def *graph.TypeDef
	// words are what the type is called in a question: the words of its
	// name, its aliases, and for an inferred type the noun its relation
	// role is called by ("image" for the objects of runs_image).
	words [][]string
	// role, for an inferred type named after a relation's end, is that
	// relation and end.
	role    *relation
	roleEnd End
}

// vocab is the graph's own vocabulary: its relations and types read
// once per schema.
type vocab struct {
	schema *graph.Schema
	rels   []*relation
	byName map[string]*relation
	kinds  []*kind
	// checks are the relations as the checks of a reading see them
	// (internal/readcheck).
	checks readcheck.Relations
	// readingIndex indexes the relations' name readings by first word;
	// readingAt numbers them relation by relation.
	readingIndex firstWords
	readingRefs  [][2]int
}

// readingAt returns the name reading numbered id and its relation.
func (v *vocab) readingAt(id int) (*relation, nameReading) {
	ref := v.readingRefs[id]
	r := v.rels[ref[0]]
	return r, r.readings[ref[1]]
}

var vocabs struct {
	sync.Mutex
	m map[*graph.Schema]*vocab
}

// vocabOf returns the vocabulary of s, read once. Schemas are not changed
// after they are given to the reader.
func vocabOf(s *graph.Schema) *vocab {
	vocabs.Lock()
	defer vocabs.Unlock()
	if v, ok := vocabs.m[s]; ok {
		return v
	}
	v := newVocab(s)
	if vocabs.m == nil || len(vocabs.m) > 64 {
		vocabs.m = map[*graph.Schema]*vocab{}
	}
	vocabs.m[s] = v
	return v
}

func newVocab(s *graph.Schema) *vocab {
	v := &vocab{schema: s, byName: map[string]*relation{}}
	for i := range s.Relations {
		r := newRelation(&s.Relations[i])
		v.rels = append(v.rels, r)
		v.byName[r.name] = r
	}
	v.pairActs()
	rels := make([]readcheck.Relation, len(v.rels))
	for i, r := range v.rels {
		rels[i] = readcheck.Relation{Def: r.def, Concept: r.concept, Act: r.act, Spelled: r.spelled}
	}
	v.checks = readcheck.New(rels)
	v.readingIndex = firstWords{}
	for ri, r := range v.rels {
		for k, nr := range r.readings {
			v.readingIndex.add(nr.words[0], len(v.readingRefs))
			v.readingRefs = append(v.readingRefs, [2]int{ri, k})
		}
	}
	for i := range s.Types {
		v.kinds = append(v.kinds, v.newKind(&s.Types[i]))
	}
	return v
}

// classifierWords name a relation that puts its subject in a class.
var classifierWords = [][]string{{"is", "a"}, {"is", "an"}, {"isa"}, {"instance", "of"}, {"kind"}, {"type"}, {"kind", "of"}, {"type", "of"}, {"category"}, {"class"}}

func newRelation(d *graph.RelationDef) *relation {
	split, _ := words.SplitWords(d.Name)
	r := &relation{def: d, name: d.Name, words: split, subjectRole: words.First}
	r.concept, _ = words.ParseConcept(d.Concept)
	if d.Inverse {
		r.subjectRole = words.Second
	}
	r.meaning = words.ReadName(d.Name)
	r.optional = d.Optional
	r.mutual = r.meaning.Mutual && r.concept == words.None && !d.StoredAsLists()
	r.spelled = strings.Join(r.words, " ")
	r.qualifiers = qualifiersOf(r.words, r.meaning.Phrase)
	for _, w := range r.words {
		if words.FormerWord(w) {
			r.former = true
		}
	}
	for _, cw := range classifierWords {
		if slices.Equal(r.words, cw) {
			r.classifier = true
		}
	}
	r.readings = nameReadings(r.words)
	if long, ok := spelledOut(r.words); ok {
		// "the repository of django" names github_repo as "repo" does.
		for _, nr := range nameReadings(long) {
			if !slices.ContainsFunc(r.readings, func(o nameReading) bool { return slices.Equal(o.words, nr.words) && o.form == nr.form }) {
				r.readings = append(r.readings, nr)
			}
		}
	}
	return r
}

// spelledOut returns a relation's name words with each short form of one
// word written out (abbreviations.txt: "repo" as repository), and
// whether any was.
func spelledOut(ws []string) ([]string, bool) {
	out := slices.Clone(ws)
	changed := false
	for i, w := range ws {
		if long, ok := words.LongForm(w); ok && len(long) == 1 {
			out[i], changed = long[0], true
		}
	}
	return out, changed
}

// qualifiersOf returns the words of a relation's name beside the phrase
// it reads as, other than function words: "dev" of dev_dependency.
func qualifiersOf(name []string, phrase string) map[string]bool {
	pw := strings.Fields(phrase)
	out := map[string]bool{}
	for _, w := range name {
		inPhrase := slices.ContainsFunc(pw, func(p string) bool { return p == w || words.IsForm(w, p) })
		if !inPhrase && words.ClassOf(w) == 0 && !words.IsOptionalWord(w) {
			out[w] = true
		}
	}
	return out
}

// nameReadings returns the ways a relation's name words name it.
func nameReadings(ws []string) []nameReading {
	// Leading auxiliaries say nothing: "is_assumed_by", "has_tag",
	// "gets_triggered_by".
	has := false
	for len(ws) > 1 && (words.ClassOf(ws[0]).Has(words.Be|words.Get) || words.ClassOf(ws[0]).Has(words.Have)) {
		has = has || words.ClassOf(ws[0]).Has(words.Have)
		ws = ws[1:]
	}
	n := len(ws)
	if n == 0 {
		return nil
	}
	prep := func(w string) bool { return words.ClassOf(w).Has(words.Prep) }
	var out []nameReading
	// add appends a reading and returns it, for the caller to mark at
	// once (the pointer is good until the next add).
	add := func(form wordForm, ws []string, end End, full bool) *nameReading {
		if len(ws) == 0 {
			return &nameReading{}
		}
		// A name of one word in the past ("killed", "completed") states
		// the act done, as "A killed B" says it: only a participle with
		// its preposition ("located_in", "written_by") is passive.
		out = append(out, nameReading{form: form, words: ws, end: end, full: full,
			passive: form == formVerb && words.PastForm(ws[0]) && n > 1})
		return &out[len(out)-1]
	}
	plain := func(form wordForm, ws []string, end End, full bool) { add(form, ws, end, full) }
	switch {
	case n >= 2 && ws[n-1] == "by":
		// "written_by", "led_by": a participle, whose subject is what is
		// written or led; the doer is the object.
		add(formVerb, ws[:n-1], Subject, true).byAgent = true
	case has:
		if hasReadings(ws, plain) {
			// "has_tag": "X is tagged T" says X has the tag T, the
			// participle stated as the name states it.
			out = append(out, nameReading{form: formVerb, words: ws, end: Subject, passive: true, inflected: true})
		}
	case n >= 2 && prep(ws[0]):
		// "in_schema", "on_team", "at_site": the object is the subject's
		// schema, team, site.
		plain(formNoun, ws[1:], Object, true)
	case n >= 2 && prep(ws[n-1]):
		if prepEndedReadings(ws, plain) {
			// The last two readings' end is a guess.
			out[len(out)-2].guessedEnd = true
			out[len(out)-1].guessedEnd = true
		}
		if n == 2 && ws[1] == "of" {
			// "father_of", "mother_of": the subject is the father of
			// the object, so the kin nouns name the other ends of a
			// name "father" ("Who are the children of Atlas?" over
			// father_of walks to its objects).
			out = append(out, otherEnds(kinReadings(ws[0]))...)
		}
	case n >= 2 && nounCompound(ws):
		compoundReadings(ws, add)
	case n >= 2:
		// "runs_image", "uses_secret": a verb and the noun of its object.
		plain(formVerb, ws, Subject, true)
		plain(formVerb, ws[:1], Subject, false)
		plain(formNoun, ws[1:], Object, false)
	default:
		oneWordReadings(ws, add, plain)
		out = append(out, kinReadings(ws[0])...)
	}
	return out
}

// compoundReadings adds the readings of a name that is a noun compound
// ("security_liaison", "backup_venue", "team_lead"): the compound naming
// the object; its head alone too.
func compoundReadings(ws []string, add func(wordForm, []string, End, bool) *nameReading) {
	n := len(ws)
	add(formNoun, ws, Object, true)
	add(formNoun, ws[n-1:], Object, false)
	if _, field := words.FieldKind(ws); n == 2 && !field {
		add(formNoun, ws[:1], Object, false).modifier = true
	}
	if k, ok := words.FieldKind(ws); ok {
		// "houseName", "actorName": the field of a thing its first
		// word names the kind of ("Which house does X belong to?").
		add(formNoun, []string{k}, Object, false)
	}
	if n == 2 && nominal(ws[1]) != nounOnly {
		// "partial_support": "Which browsers partially support X?",
		// the adjective said as its adverb before the head said as a
		// verb; the types choose which end the verb's subject plays.
		for _, adv := range words.Adverbs(ws[0]) {
			for _, e := range []End{Subject, Object} {
				add(formVerb, []string{adv, ws[1]}, e, true).guessedEnd = true
			}
		}
	}
}

// oneWordReadings adds the readings of a name of one word: "mounts",
// "leads", "maintains" a verb; "owner", "manager", "parent" a noun naming
// the object.
func oneWordReadings(ws []string, add func(wordForm, []string, End, bool) *nameReading, plain func(wordForm, []string, End, bool)) {
	switch nominal(ws[0]) {
	case verbOnly:
		add(formVerb, ws, Subject, true)
		// "the imports of X", "its mounts": the verb said as a noun
		// names its object, where the concepts do not say otherwise.
		if !lexiconNoun(ws[0]) {
			add(formNoun, ws, Object, false).zero = true
		}
	case nounOnly:
		add(formNoun, ws, Object, true)
		agentVerbReadings(ws[0], plain)
	default:
		add(formVerb, ws, Subject, true)
		add(formNoun, ws, Object, true)
		agentVerbReadings(ws[0], plain)
	}
}

// kinReadings returns the noun readings of a relation named by one kin
// noun in kin nouns of another width: "brother" and "sister" of
// siblings, "parent" of father; and, for a narrow one, in those of the
// tie's other end, naming its subjects: "child", "son" and "daughter" of
// father.
func kinReadings(w string) []nameReading {
	var out []nameReading
	for _, o := range words.NarrowerKin(w) {
		out = append(out, nameReading{form: formNoun, words: []string{o}, end: Object, kin: true})
	}
	if b := words.BroaderKin(w); b != "" {
		out = append(out, nameReading{form: formNoun, words: []string{b}, end: Object, kin: true, tie: true})
	}
	// "Zophah's dad" for father: a familiar word means the kin noun.
	for _, f := range words.FamiliarKin(w) {
		out = append(out, nameReading{form: formNoun, words: []string{f}, end: Object})
	}
	// The other end's nouns name the subjects of a narrow kin name:
	// "children" of father (a graph that names kin broadly, parent and
	// child_of, names both ends itself).
	if inv := words.KinInverse(words.BroaderKin(w)); inv != "" {
		out = append(out, nameReading{form: formNoun, words: []string{inv}, end: Subject, kin: true, tie: true})
		for _, o := range words.NarrowerKin(inv) {
			out = append(out, nameReading{form: formNoun, words: []string{o}, end: Subject, kin: true})
		}
	}
	return out
}

// otherEnds returns the readings with the other end named.
func otherEnds(rs []nameReading) []nameReading {
	for i := range rs {
		rs[i].end = rs[i].end.Other()
	}
	return rs
}

// agentVerbReadings adds, with add, the verb a one-word name is the
// agent noun of ("killer" of kill, "founder" of found, "owner" of own):
// "Who killed Trajan?" over killer asks for the relation's object, the
// one who does the act. The suffix rules over-generate ("memb" of
// member); a verb no question says never matches.
func agentVerbReadings(w string, add func(wordForm, []string, End, bool)) {
	for _, v := range words.AgentVerbs(w) {
		add(formVerb, []string{v}, Object, true)
	}
}

// hasReadings adds, with add, the readings of a name after its "has":
// "has_tag", "has_write_access": the noun names the object; "write" is
// also the act ("can write to"). It reports whether the name, of one word
// that may be a verb, also reads as its participle ("tagged").
func hasReadings(ws []string, add func(wordForm, []string, End, bool)) (participle bool) {
	add(formNoun, ws, Object, true)
	if len(ws) >= 2 {
		add(formVerb, ws[:1], Subject, false)
	}
	return len(ws) == 1 && nominal(ws[0]) != nounOnly
}

// prepEndedReadings adds, with add, the readings of a name that ends in
// a preposition: "member_of", "alumni_of", "subteam_of": the noun names
// the subject; "depends_on", "connects_to", "built_from": a verb. Of a
// word that may be either it adds both, and reports that the end the
// verb's subject plays is then a guess.
func prepEndedReadings(ws []string, add func(wordForm, []string, End, bool)) (guessedEnd bool) {
	n := len(ws)
	switch nominal(ws[n-2]) {
	case nounOnly:
		add(formNoun, ws, Subject, true)
		add(formNoun, ws[:n-1], Subject, false)
	case verbOnly:
		add(formVerb, ws, Subject, true)
		add(formVerb, ws[:n-1], Subject, false)
	default:
		add(formNoun, ws[:n-1], Subject, false)
		add(formVerb, ws, Subject, true)
		add(formVerb, ws[:n-1], Subject, false)
		return true
	}
	return false
}

// nounCompound reports whether a relation's name words, past leading
// auxiliaries, are a compound noun: its first word is a noun or no verb,
// and no "or" or "and" joins its words ("Extinct_or_possibly_extinct").
func nounCompound(ws []string) bool {
	return (nominal(ws[0]) == nounOnly || !verbLike(ws[0])) && !slices.ContainsFunc(ws, func(w string) bool { return words.ClassOf(w).Has(words.Conj) })
}

// verbLike reports whether the first word of a relation's name may be
// its verb: inflected as one ("runs", "uses", "built", "pointing") or a
// verb the concepts know.
func verbLike(w string) bool { return inflectedAsVerb(w) || nominal(w) == verbOnly }

// inflectedAsVerb reports whether a word ends as a verb's inflection
// does: -s (not -ss), a past form, -ing ("leads", "hosted", "running").
func inflectedAsVerb(w string) bool {
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") || words.PastForm(w) || strings.HasSuffix(w, "ing")
}

// lexiconNoun reports whether the concept phrases list a word as a noun.
func lexiconNoun(w string) bool { return lexiconNounOf(w, func(words.Sense) bool { return true }) }

// conceptNoun reports whether the concepts list word w as a noun of a
// concept ("member", "owner", "part"), not of the none concept.
func conceptNoun(w string) bool {
	return lexiconNounOf(w, func(s words.Sense) bool { return s.Concept != words.None })
}

// lexiconNounOf reports whether the concept phrases list word w (in any
// form) as a noun in a sense keep accepts.
func lexiconNounOf(w string, keep func(words.Sense) bool) bool {
	for _, cp := range words.ConceptPhrases() {
		if len(cp.Words) != 1 || !words.SameWord(cp.Words[0], w) && !slices.Contains(words.Lemmas(w), cp.Words[0]) {
			continue
		}
		for _, s := range cp.Firm() {
			if (s.Part == words.NounFirst || s.Part == words.NounSecond) && keep(s) {
				return true
			}
		}
	}
	return false
}

// partOfSpeech says whether a word of a relation's name is a noun, a verb
// or may be either.
type partOfSpeech uint8

const (
	eitherPart partOfSpeech = iota
	nounOnly
	verbOnly
)

// nominal tells whether a name's word is a noun or a verb: by the concept
// phrases (a noun there and never a verb, or the other way round), else
// by its form (a third person in -s or a participle is a verb: "leads",
// "depends", "built").
func nominal(w string) partOfSpeech {
	noun, verb := false, false
	for _, cp := range words.ConceptPhrases() {
		if len(cp.Words) != 1 || !words.SameWord(cp.Words[0], w) && !slices.Contains(words.Lemmas(w), cp.Words[0]) {
			continue
		}
		for _, s := range cp.Firm() {
			switch s.Part {
			case words.NounFirst, words.NounSecond:
				noun = true
			case words.Verb, words.InverseVerb, words.GapVerb, words.GapInverse:
				verb = true
			}
		}
	}
	switch {
	case noun && !verb:
		return nounOnly
	case verb && !noun:
		return verbOnly
	case noun && verb:
		// "leads" and "hosted" are the verb; "lead", as a name, the noun.
		if inflectedAsVerb(w) {
			return verbOnly
		}
		return nounOnly
	}
	if words.IsKindWord(w) {
		return nounOnly // "jobs", "images"
	}
	if words.PastForm(w) || strings.HasSuffix(w, "ing") {
		return verbOnly
	}
	return eitherPart
}

// pairActs makes each relation of no known concept named in the passive
// ("isAssumedBy") and its active partner ("assumes") one act, and so two
// of no known concept named by opposite words ("Before" and "After").
func (v *vocab) pairActs() {
	unnamed := func(r *relation) bool {
		return r.concept == words.None || r.def.Inferred == graph.FromStructure
	}
	pair := func(p, a *relation) {
		p.concept, a.concept = words.None, words.None
		p.subjectRole, a.subjectRole = words.Second, words.First
		p.act, a.act = a.name, a.name
	}
	for _, p := range v.rels {
		if !unnamed(p) || len(p.words) < 2 || p.words[len(p.words)-1] != "by" {
			continue
		}
		for _, a := range v.rels {
			if p != a && unnamed(a) && words.PassiveOf(p.name, a.name) {
				pair(p, a)
			}
		}
	}
	for i, a := range v.rels {
		if a.concept != words.None || a.act != "" {
			continue
		}
		for _, p := range v.rels[i+1:] {
			if p.concept == words.None && p.act == "" && words.ConverseOf(a.name, p.name) {
				pair(p, a)
				break
			}
		}
	}
}

// newKind reads a type's words: its name's, its aliases', and for a type
// inference named after a relation's end ("RunsImageObject"), the noun
// that relation's own name calls that end.
func (v *vocab) newKind(t *graph.TypeDef) *kind {
	k := &kind{def: t}
	if r, e := v.roleOf(t.Name); r != nil {
		k.role, k.roleEnd = r, e
		for _, nr := range r.readings {
			if nr.form == formNoun && nr.end == e && !nr.zero && !nr.kin { // "parents" are not all fathers
				k.words = append(k.words, nr.words)
			}
		}
	} else {
		k.words = append(k.words, text.Tokens(t.Name))
	}
	for _, a := range t.Aliases {
		k.words = append(k.words, text.Tokens(a))
	}
	return k
}

// roleOf returns the relation and end an inferred type is named after
// (infer.Infer names the entities at one end of a relation
// <Relation>Subject or <Relation>Object), or nil.
func (v *vocab) roleOf(typeName string) (*relation, End) {
	for _, r := range v.rels {
		for _, e := range []End{Subject, Object} {
			if infer.RoleTypeName(r.name, e == Object) == typeName {
				return r, e
			}
		}
	}
	return nil, 0
}

// typeWord reports whether w names a type of the graph.
func (v *vocab) typeWord(w string) bool {
	for _, k := range v.kinds {
		for _, ws := range k.words {
			if len(ws) == 1 && (ws[0] == w || words.SameWord(ws[0], w)) {
				return true
			}
		}
	}
	return false
}

// ofKind reports whether an entity of type t may be called by kind word
// w: w names t, or w is a generic kind noun ("service", "container") and
// t is a kind of component of the graph (linked to its own kind, or the
// subject of relations), or t is unknown.
func (v *vocab) ofKind(t, w string) bool {
	if t == "" {
		return true
	}
	k := v.kindOf(t)
	if k != nil {
		for _, ws := range k.words {
			if len(ws) == 1 && (ws[0] == w || words.SameWord(ws[0], w)) {
				return true
			}
		}
	}
	if v.typeWord(w) {
		return false // the word names another type
	}
	if _, ok := words.KindGroup(w); !ok {
		return false
	}
	for _, r := range v.rels {
		if slices.Contains(r.def.From, t) {
			return true // a subject: a thing of the graph's own
		}
	}
	return false
}

// classType reports whether entities of type t name classes: t is what a
// classifying relation ("is_a", "type") points at.
func (v *vocab) classType(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range v.rels {
		if r.classifier && slices.Contains(r.def.To, t) {
			return true
		}
	}
	return false
}

// classified reports whether a classifying relation (is_a, type)
// starts from one of types.
func (v *vocab) classified(types []string) bool {
	return slices.ContainsFunc(v.rels, func(r *relation) bool { return r.classifier && intersects(r.def.From, types) })
}

// rel returns the relation named name, or nil.
func (v *vocab) rel(name string) *relation { return v.byName[name] }

// classifies reports whether a relation that puts things in a class
// (relation.classifier: is_a, kind) leads from type typ to one of types:
// a noun of those types after an entity of typ names its class ("the
// library trait evolution project group").
func (v *vocab) classifies(typ string, types []string) bool {
	return slices.ContainsFunc(v.rels, func(r *relation) bool {
		return r.classifier && slices.Contains(r.def.From, typ) && intersects(r.def.To, types)
	})
}

// namesType reports whether token t alone names one of the graph's
// types ("vehicle" for vehicle, "starships" for Starship).
func (v *vocab) namesType(t token) bool {
	for _, k := range v.kinds {
		for _, ws := range k.words {
			if len(ws) == 1 && matchWord(t, ws[0]) {
				return true
			}
		}
	}
	return false
}

// kindOf returns the kind named name, or nil.
func (v *vocab) kindOf(name string) *kind {
	for _, k := range v.kinds {
		if k.def.Name == name {
			return k
		}
	}
	return nil
}

// conceptRels returns the relations of concept c; optional ones only
// when optional is set.
func (v *vocab) conceptRels(c words.Concept, optional bool) []*relation {
	var out []*relation
	for _, r := range v.rels {
		if r.concept == c && (!r.optional || optional) {
			out = append(out, r)
		}
	}
	return out
}

// hasConcept reports whether the graph has a relation of concept c.
func (v *vocab) hasConcept(c words.Concept) bool {
	return slices.ContainsFunc(v.rels, func(r *relation) bool { return r.concept == c })
}

// groundByTypes gives a noun of a concept the graph has no relation of
// ("the members of House X" where houseName links characters to houses;
// "members of" of the verb "member of" is that noun too) every relation
// for candidate, each end, grounded by the types alone: the reading
// takes the one the types allow, doubted. It reports whether it did.
func (v *vocab) groundByTypes(m *relMention) bool {
	first := strings.Fields(m.text)
	if len(first) == 0 || m.zero || !(m.form == mNoun || m.form == mVerb && conceptNoun(text.Singular(first[0]))) || len(m.concepts) == 0 || len(m.cands) > 0 {
		return false
	}
	for _, c := range m.concepts {
		if c == words.None || len(v.conceptRels(c, true)) > 0 {
			return false
		}
	}
	for _, r := range v.rels {
		m.cands = append(m.cands, relCand{rel: r, end: Subject, by: byTypes}, relCand{rel: r, end: Object, by: byTypes})
	}
	return len(m.cands) > 0
}
