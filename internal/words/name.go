package words

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scgraph/scgraph/internal/text"
)

// Meaning is what a relation's name says about it.
type Meaning struct {
	Concept Concept
	// Inverse is set when the name reads Second → First: "required_by"
	// (the subject is required), "hosts" (the subject hosts), "manages".
	Inverse bool
	// Optional marks a dependency that does not propagate failure
	// ("optionally_depends_on", "extra_requires", "dev_dependency").
	Optional bool
	// Phrase is the base form of the words that named the concept
	// ("depend on", "host", "owner"); "" when Concept is None.
	Phrase string
	// Generic is set when Phrase names the concept as a whole ("depends
	// on", "owns") rather than one kind of it ("calls", "imports").
	Generic bool
	// Delivers is set for a dependency whose subject sends what its
	// object holds ("writes_to", "publishes_to", "pushes_to"): the
	// subject needs the object to send, and whatever reads the object
	// needs what the subject sent, so a failure may pass either way.
	Delivers bool
	// Association is set, with Concept None, when the name says the
	// relation associates two entities without either depending on the
	// other ("conflicts", "similar_to", "see_also", "documents"): a
	// failure does not pass along it.
	Association bool
	// Mutual is set, with Association, when the name says that the
	// relation holds both ways whichever end it is stored from
	// ("conflicts_with", "incompatible_with", "similar_to", "adjacent"):
	// "A conflicts_with B" says that B conflicts with A too.
	Mutual bool
	// ObjectNamed is set when the name is a role noun that names what
	// its object is ("team", "members": the subject's team, its
	// members), not what the subject is of ("member_of"): only the
	// noun's sense says which end is the group, and a graph can use the
	// word otherwise (a tournament's "groups", a group's "teams").
	ObjectNamed bool
}

// Roles returns the roles of the relation's subject and object.
func (m Meaning) Roles() (subject, object Role) {
	if m.Inverse {
		return Second, First
	}
	return First, Second
}

// nameMatch is one reading of a relation name.
type nameMatch struct {
	m       Meaning
	length  int
	noun    bool
	dropped bool // a verb phrase read without its preposition ("depends")
	// bare: a verb phrase as written in its base form ("lead", not
	// "leads"): as a relation's name, also the noun spelled so.
	bare    bool
	started int
}

// ReadName reads a relation name: split into words (snake_case,
// camelCase, kebab-case, spaces; for Freebase-style names such as
// "__people__person__parents" the last part), it looks for the concept
// phrases' verbs, inverse verbs and role nouns, longest first. A verb
// followed by "by" reads backwards ("required_by"); a role noun followed
// by "of" or "for" names the subject's role ("dependency_of": the subject
// is the dependency), a bare one the object's ("dependencies", "manager").
//
// A reading is kept once made (see readNames).
func ReadName(name string) Meaning { return analyzed(name, None) }

// ReadNameExcept reads a relation name as ReadName does, leaving out
// concept skip: the caller knows the relation cannot be of that kind
// ("managed_by" from datasets to teams is not reporting, though "manage"
// can say so between people).
func ReadNameExcept(name string, skip Concept) Meaning { return analyzed(name, skip) }

// readNames holds the readings of the relation names read so far, up to
// maxReadNames of them (then it stops growing): a reading depends on the
// name and the fixed data only, and a reader reads every relation name of
// the graph.
var readNames struct {
	m sync.Map // nameKey → Meaning
	n atomic.Int64
}

const maxReadNames = 1 << 14

type nameKey struct {
	name string
	skip Concept
}

func analyzed(name string, skip Concept) Meaning {
	key := nameKey{name, skip}
	if m, ok := readNames.m.Load(key); ok {
		return m.(Meaning)
	}
	m := analyzeName(name, skip)
	if readNames.n.Load() < maxReadNames {
		if _, loaded := readNames.m.LoadOrStore(key, m); !loaded {
			readNames.n.Add(1)
		}
	}
	return m
}

// nameReader reads one relation name's words.
type nameReader struct {
	toks []string
	best *nameMatch
}

// rank orders readings of the same length: a verb beats a role noun, but
// a role noun beats a phrase that dropped its preposition ("dependents"
// names the object's role, it is not "dependent on"). A verb in its base
// form loses to the noun spelled the same: "Team T lead Pat" says that
// Pat is the team's lead, as "Team T manager Pat" does.
func (c nameMatch) rank() int {
	switch {
	case c.dropped:
		return 0
	case c.bare:
		return 1
	case c.noun:
		return 2
	}
	return 3
}

func (nr *nameReader) consider(c nameMatch) {
	b := nr.best
	if b == nil || c.length > b.length || (c.length == b.length && c.rank() > b.rank()) ||
		(c.length == b.length && c.rank() == b.rank() && c.started > b.started) {
		cc := c
		nr.best = &cc
	}
}

func (nr *nameReader) next(i int) string {
	if i < len(nr.toks) {
		return nr.toks[i]
	}
	return ""
}

// modifier: a participle right before a role noun modifies it: in Maven's
// "provided_dependency" the noun says what the relation is.
func (nr *nameReader) modifier(end int) bool {
	return strings.HasSuffix(nr.toks[end-1], "ed") && isRoleNoun(nr.next(end))
}

// otherParticle: a verb followed by a particle that is not its own is
// another phrasal verb, of a meaning the verb alone does not tell:
// "feeds_on" is not "feeds", "serves_as" not "serves", "needed_for" not
// "needs".
func (nr *nameReader) otherParticle(p Phrase, end int) bool {
	return IsParticle(nr.next(end)) && !IsParticle(p.words[len(p.words)-1])
}

func (nr *nameReader) verbs(c *compiled) {
	for _, p := range c.verbs {
		if c.readings[p.String()] {
			continue // the documents' phrases name no relation
		}
		for _, at := range p.Find(nr.toks) {
			end := at + p.Len()
			if nr.modifier(end) || nr.otherParticle(p, end) {
				continue
			}
			passive := nr.next(end) == "by" && p.words[len(p.words)-1] != "by"
			nr.consider(nameMatch{m: Meaning{Concept: c.concept, Inverse: passive, Phrase: p.String(), Generic: c.generic[p.String()]}, length: p.Len(), started: at,
				bare: slices.Equal(nr.toks[at:end], p.words)})
		}
		// A name may drop the verb's preposition: Debian's "depends"
		// and "pre_depends" for "depend on", "writes_table"; not
		// replace it with another ("published_in" a venue is not
		// "publish to"), nor drop it where the bare verb reads the
		// other way ("generates" is not "generated from").
		// Nor a noun-headed phrase's noun alone ("message_type" is not
		// "type of").
		if h, ok := p.withoutPreposition(); ok && !twoWay.Has(h.String()) && !c.inverseWords[h.String()] && !c.nounHeaded[p.String()] {
			for _, at := range h.Find(nr.toks) {
				if end := at + h.Len(); nr.next(end) != "by" && !IsParticle(nr.next(end)) && !nr.modifier(end) {
					nr.consider(nameMatch{m: Meaning{Concept: c.concept, Phrase: p.String(), Generic: c.generic[p.String()]}, length: h.Len(), dropped: true, started: at})
				}
			}
		}
	}
}

// nameVerbs reads the phrases that say a relation only as a name ("is_a":
// containment, the subject the kind).
func (nr *nameReader) nameVerbs(c *compiled) {
	for _, p := range c.nameVerbs {
		for _, at := range p.Find(nr.toks) {
			if end := at + p.Len(); end == len(nr.toks) && at == 0 {
				nr.consider(nameMatch{m: Meaning{Concept: c.concept, Phrase: p.String()}, length: p.Len(), started: at, bare: true})
			}
		}
	}
}

func (nr *nameReader) inverseVerbs(c *compiled) {
	for _, p := range c.inverse {
		for _, at := range p.Find(nr.toks) {
			end := at + p.Len()
			if nr.modifier(end) || nr.otherParticle(p, end) {
				continue
			}
			passive := nr.next(end) == "by"
			nr.consider(nameMatch{m: Meaning{Concept: c.concept, Inverse: !passive, Phrase: p.String()}, length: p.Len(), started: at,
				bare: slices.Equal(nr.toks[at:end], p.words)})
		}
	}
}

func (nr *nameReader) nouns(c *compiled) {
	for _, rn := range c.nameNouns {
		for _, at := range rn.p.Find(nr.toks) {
			end := at + rn.p.Len()
			// "<noun> of" (for, to, in): the subject plays the noun's
			// role; a bare noun or "has <noun>": the object does.
			subjectRole := rn.role.Other()
			if n := nr.next(end); n == "of" || n == "for" || n == "to" || n == "in" {
				subjectRole = rn.role
			}
			nr.consider(nameMatch{m: Meaning{Concept: c.concept, Inverse: subjectRole == Second, Phrase: rn.p.String(), Generic: true,
				ObjectNamed: subjectRole != rn.role}, length: rn.p.Len(), noun: true, started: at})
		}
	}
}

// subPrefixed reads a name's word made of "sub" and a noun, before "of",
// as "sub" ("subteam_of", "subproject_of", "subnet_of": a part of the
// object, "sub of" in concepts.txt), where the word is no concept phrase
// of its own ("subsidiary", "subclass").
func subPrefixed(toks []string) []string {
	for i := 0; i+1 < len(toks); i++ {
		if t := toks[i]; toks[i+1] == "of" && len(t) > 5 && strings.HasPrefix(t, "sub") && !conceptWord(t) {
			toks = slices.Clone(toks)
			toks[i] = "sub"
		}
	}
	return toks
}

// conceptWord reports whether w, or its singular, is a word of a concept
// phrase.
func conceptWord(w string) bool {
	s := text.Singular(w)
	for _, p := range ConceptPhrases() {
		if p.Reading {
			continue
		}
		for _, pw := range p.Words {
			if pw == w || pw == s {
				return true
			}
		}
	}
	return false
}

// analyzeName reads a relation name's words, and where they say nothing,
// the same words with their abbreviations written out ("deps" of
// pkg_deps: dependencies; abbreviations.txt).
func analyzeName(name string, skip Concept) Meaning {
	toks := NameWords(name)
	m := analyzeWords(toks, skip)
	if long, ok := LongWords(toks); ok && m == (Meaning{}) {
		return analyzeWords(long, skip)
	}
	return m
}

// LongWords returns a name's words with each short form written out
// ("pkg", "deps" → "package", "dependencies"), and whether any was.
func LongWords(toks []string) ([]string, bool) {
	var out []string
	changed := false
	for _, t := range toks {
		if long, ok := LongForm(t); ok {
			out = append(out, long...)
			changed = true
			continue
		}
		out = append(out, t)
	}
	return out, changed
}

func analyzeWords(toks []string, skip Concept) Meaning {
	nr := &nameReader{toks: subPrefixed(toks)}
	if len(nr.toks) == 0 {
		return Meaning{}
	}
	// A name ending in a field noun (route_id, route_short_name) is a
	// noun phrase: its words are read as nouns, none as a verb.
	field := len(nr.toks) > 1 && ClassOf(nr.toks[len(nr.toks)-1]).Has(Field)
	for i := range table() {
		c := &table()[i]
		if skip != None && c.concept == skip {
			continue
		}
		if !field {
			nr.verbs(c)
			nr.nameVerbs(c)
			nr.inverseVerbs(c)
		}
		nr.nouns(c)
	}
	if nr.best == nil {
		for _, t := range nr.toks {
			if associationWords()[t] {
				return Meaning{Association: true, Phrase: t, Mutual: mutualWords()[t]}
			}
		}
		return Meaning{}
	}
	m := nr.best.m
	if ambiguousNames.Has(m.Phrase) {
		return Meaning{}
	}
	if m.Concept == Dependency {
		m.Delivers = !m.Inverse && delivers(m.Phrase)
		for _, t := range nr.toks {
			if IsOptionalWord(t) {
				m.Optional = true
			}
		}
	}
	return m
}

// delivers reports whether a dependency phrase's subject sends into its
// object (the concept phrases' delivers flag, and caching in a store).
func delivers(phrase string) bool {
	if phrase == "cache in" {
		return true
	}
	for _, cp := range ConceptPhrases() {
		if cp.Text == phrase {
			return slices.ContainsFunc(cp.Senses, func(s Sense) bool { return s.Delivers })
		}
	}
	return false
}

// ambiguousNames are phrases that, as a relation's whole name, say one
// thing in one graph and the opposite in another: a team "includes" its
// members (membership), a source file "includes" the header it needs (a
// dependency). Such a relation is of unknown meaning unless a schema
// declares it; in a question the phrase keeps its reading.
var ambiguousNames = Set("ambiguous-names")

// twoWay verbs say a direction only with their preposition: "X connects
// to Y" (a client to its server), but "a switch connects a camera" or "A
// links B" names a link that may run either way.
var twoWay = Set("two-way")

// optionalWords mark a dependency that does not propagate failure: an
// optional, suggested, development, test, peer or extra requirement.
var optionalWords = sync.OnceValue(func() map[string]bool {
	return FormSet("optional", "optionally", "opt", "suggest", "recommend", "dev", "devel", "development", "test", "peer", "extra", "weak", "soft", "enhance", "supplement", "plugin", "maybe", "may", "could", "accessory", "addon", "recommended")
})

// IsOptionalWord reports whether a lower-case word marks an optional
// dependency ("optional", "extra", "dev", "peer", ...).
func IsOptionalWord(w string) bool { return optionalWords()[w] }

// associationWords, in a relation's name that names no concept, say that
// it associates entities without a dependency: conflicts and
// incompatibilities, similarity, cross-references, documentation and
// labels, succession (wordsets.txt's other-associations and
// mutual-associations, in all their forms). mutualWords are those of
// relations that hold both ways (see Meaning.Mutual).
var (
	mutualAssociations = Set("mutual-associations")
	otherAssociations  = Set("other-associations")
	associationWords   = sync.OnceValue(func() map[string]bool {
		return FormSet(append(otherAssociations.Words(), mutualAssociations.Words()...)...)
	})
	mutualWords = sync.OnceValue(func() map[string]bool { return FormSet(mutualAssociations.Words()...) })
)

// NameWords splits a relation name into lower-case words (text.Tokens);
// for a Freebase-style path ("__people__person__parents") only the last
// part counts.
func NameWords(name string) []string {
	if i := strings.LastIndex(name, "__"); i >= 0 && i+2 < len(name) {
		name = name[i+2:]
	}
	return text.Tokens(name)
}

// SplitWords returns a relation name's words (NameWords) with a closed
// compound ending in a place noun written as its two words ("birthplace"
// as "birth", "place"), and whether it split one.
func SplitWords(name string) ([]string, bool) {
	toks := NameWords(name)
	if len(toks) == 1 {
		if first, place, ok := PlaceCompound(toks[0]); ok {
			return []string{first, place}, true
		}
	}
	return toks, false
}

// isRoleNoun reports whether a word is (the first word of) a role noun of
// some concept ("dependency", "owner", "member").
func isRoleNoun(w string) bool {
	if w == "" {
		return false
	}
	for _, c := range table() {
		for _, ps := range [][]Phrase{c.firstNouns, c.secondNouns} {
			for _, p := range ps {
				if p.forms[0][w] {
					return true
				}
			}
		}
	}
	return false
}

// passiveAux may open a passive relation name ("is_assumed_by",
// "gets_triggered_by").
var passiveAux = Set("passive-aux")

// PassiveOf reports whether relation name passive is the passive of
// relation name active, one relation stored from its other end:
// "isAssumedBy" of "assumes", "triggered_by" of "triggers", "written_by"
// of "writes". The verb must be the same word in another form; any other
// words must be equal.
func PassiveOf(passive, active string) bool {
	p, a := NameWords(passive), NameWords(active)
	if len(p) > 0 && passiveAux.Has(p[0]) {
		p = p[1:]
	}
	if len(p) < 2 || p[len(p)-1] != "by" {
		return false
	}
	p = p[:len(p)-1]
	if len(p) != len(a) || !SameWord(p[0], a[0]) {
		return false
	}
	return slices.Equal(p[1:], a[1:])
}

// VerbFormsOf reports whether relation names a and b are one name with
// its verb in two forms: "funds" and "funded", "covers" and "covering",
// "reports_to" and "reported_to". The other words are equal, and neither
// ends in "by": a passive name is the relation read from its other end
// (see PassiveOf).
func VerbFormsOf(a, b string) bool {
	x, y := NameWords(a), NameWords(b)
	if len(x) == 0 || x[len(x)-1] == "by" || len(y) == 0 || y[len(y)-1] == "by" {
		return false
	}
	diff := oneWordApart(x, y)
	return diff >= 0 && SameWord(x[diff], y[diff])
}

// oneWordApart returns the position of the one word in which x and y
// differ, or -1 if they differ in length, in no word or in more than one.
func oneWordApart(x, y []string) int {
	if len(x) != len(y) {
		return -1
	}
	diff := -1
	for i := range x {
		if x[i] != y[i] {
			if diff >= 0 {
				return -1
			}
			diff = i
		}
	}
	return diff
}

// ConverseOf reports whether relation names a and b say one relation
// from its two ends by opposite words: "Before" and "After" (A After B is
// B Before A), "precedes" and "follows", "upstream_of" and
// "downstream_of". The names differ in one word, an opposite pair (in any
// form of a verb); the other words are equal.
func ConverseOf(a, b string) bool {
	x, y := NameWords(a), NameWords(b)
	diff := oneWordApart(x, y)
	if diff < 0 {
		return false
	}
	for _, pair := range opposites {
		for _, o := range [][2]string{pair, {pair[1], pair[0]}} {
			if (x[diff] == o[0] || SameWord(x[diff], o[0])) && (y[diff] == o[1] || SameWord(y[diff], o[1])) {
				return true
			}
		}
	}
	return false
}

// opposites are the word pairs that name one order from its two ends.
var opposites = [][2]string{
	{"before", "after"}, {"above", "below"}, {"over", "under"}, {"upstream", "downstream"},
	{"precede", "follow"}, {"predecessor", "successor"}, {"ancestor", "descendant"},
	{"previous", "next"}, {"prev", "next"}, {"earlier", "later"}, {"superclass", "subclass"},
	{"supertype", "subtype"}, {"superset", "subset"},
}

// acts returns the act groups of each concept phrase that names one.
var acts = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, cp := range ConceptPhrases() {
		for _, s := range cp.Senses {
			for _, a := range s.Acts {
				if !slices.Contains(m[cp.Text], a) {
					m[cp.Text] = append(m[cp.Text], a)
				}
			}
		}
	}
	return m
})

// SameAct reports whether two base phrases of the concepts name the same
// act (equal phrases do): a graph may store one act under two relations
// ("revenue feedsInto dashboard", "model consumedBy revenue"), and a
// question naming one means both.
func SameAct(a, b string) bool {
	if a == b {
		return true
	}
	for _, x := range acts()[a] {
		if slices.Contains(acts()[b], x) {
			return true
		}
	}
	return false
}

// NamesKind reports whether a base phrase names the act of being a kind
// of something ("kind of", "is a", "subclass", "hypernym": act=kind in
// concepts.txt): containment between kinds, not between parts and wholes.
func NamesKind(phrase string) bool { return namesAct(phrase, "kind") }

// NamesPart reports whether a base phrase names the act of being a part
// of a whole ("part of", "parts", "piece", "made of", "meronym": act=part
// in concepts.txt), not of being a kind of it.
func NamesPart(phrase string) bool { return namesAct(phrase, "part") }

// namesAct reports whether a phrase, or it with its words in the
// singular ("subclasses", "kinds of"), names act a.
func namesAct(phrase, a string) bool {
	if slices.Contains(acts()[phrase], a) {
		return true
	}
	ws := strings.Fields(phrase)
	for i, w := range ws {
		ws[i] = text.Singular(w)
	}
	return slices.Contains(acts()[strings.Join(ws, " ")], a)
}

// DifferentActs reports whether two base phrases are known to name
// different acts: one of them names an act, and no act is named by both
// ("call" and "read from", "run on" and "use"). Two phrases that name no
// act may name one ("unlock" and "require" in a tech tree).
func DifferentActs(a, b string) bool {
	if SameAct(a, b) {
		return false
	}
	return len(acts()[a]) > 0 || len(acts()[b]) > 0
}

// NounAfterName reports whether a word right after an entity's name may
// be a noun for what the entity is ("the kangaroo emoji"): singular ("the
// smtp service starts": "starts" is a verb), and neither a past form nor
// an -ing form. Both readers read such a noun as describing the entity.
func NounAfterName(w string) bool {
	return text.Singular(w) == w && !PastForm(w) && !strings.HasSuffix(w, "ing")
}
