package semantics

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

// AnalyzeName reads a relation name: split into words (snake_case,
// camelCase, kebab-case, spaces; for Freebase-style names such as
// "__people__person__parents" the last part), it looks for the concept
// table's verbs, inverse verbs and role nouns, longest first. A verb
// followed by "by" reads backwards ("required_by"); a role noun followed
// by "of" or "for" names the subject's role ("dependency_of": the subject
// is the dependency), a bare one the object's ("dependencies", "manager").
//
// A reading is kept once made (see analyzed): a question's reader reads
// every relation name of the graph.
func AnalyzeName(name string) Meaning { return analyzed(name, None) }

// AnalyzeNameExcept reads a relation name as AnalyzeName does, leaving out
// concept skip: the caller knows the relation cannot be of that kind
// ("managed_by" from datasets to teams is not reporting, though "manage"
// can say so between people).
func AnalyzeNameExcept(name string, skip Concept) Meaning { return analyzed(name, skip) }

// readNames holds the readings of the relation names read so far, up to
// maxReadNames of them (then it stops growing): a reading depends on the
// name and the fixed concept table only, and costs some 50 µs, which a
// reader paid for every relation of the graph on every question.
var readNames struct {
	m sync.Map // nameKey → Meaning
	n atomic.Int64
}

const maxReadNames = 1 << 14

type nameKey struct {
	name string
	skip Concept
}

// analyzed is analyzeName, kept in readNames.
func analyzed(name string, skip Concept) Meaning {
	k := nameKey{name, skip}
	if m, ok := readNames.m.Load(k); ok {
		return m.(Meaning)
	}
	m := analyzeName(name, skip)
	if readNames.n.Load() < maxReadNames {
		if _, loaded := readNames.m.LoadOrStore(k, m); !loaded {
			readNames.n.Add(1)
		}
	}
	return m
}

func analyzeName(name string, skip Concept) Meaning {
	toks := nameWords(name)
	if len(toks) == 0 {
		return Meaning{}
	}
	var best *nameMatch
	// Of two readings of the same length a verb beats a role noun, but a
	// role noun beats a phrase that dropped its preposition: "dependents"
	// names the object's role, it is not "dependent on". A verb in its
	// base form loses to the noun spelled the same: "Team T lead Pat"
	// says that Pat is the team's lead ("VM V host S", "Mod M author
	// K"), as "Team T manager Pat" does; a verb would say "leads".
	rank := func(c nameMatch) int {
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
	consider := func(c nameMatch) {
		if best == nil || c.length > best.length || (c.length == best.length && rank(c) > rank(*best)) ||
			(c.length == best.length && rank(c) == rank(*best) && c.started > best.started) {
			cc := c
			best = &cc
		}
	}
	next := func(i int) string {
		if i < len(toks) {
			return toks[i]
		}
		return ""
	}
	// A participle right before a role noun modifies it: in Maven's
	// "provided_dependency" the noun says what the relation is.
	modifier := func(end int) bool {
		return strings.HasSuffix(toks[end-1], "ed") && isRoleNoun(next(end))
	}
	// A verb followed by a particle that is not its own is another
	// phrasal verb, of a meaning the verb alone does not tell: "feeds_on"
	// is not "feeds", "serves_as" not "serves", "needed_for" not "needs".
	otherParticle := func(p phrase, end int) bool {
		return particles[next(end)] && !particles[p.words[len(p.words)-1]]
	}
	for _, c := range table {
		if skip != None && c.def.concept == skip {
			continue
		}
		for _, p := range c.verbs {
			for _, at := range p.find(toks) {
				end := at + len(p.forms)
				if modifier(end) || otherParticle(p, end) {
					continue
				}
				passive := next(end) == "by" && p.words[len(p.words)-1] != "by"
				consider(nameMatch{m: Meaning{Concept: c.def.concept, Inverse: passive, Phrase: p.String(), Generic: c.generic[p.String()]}, length: len(p.forms), started: at,
					bare: slices.Equal(toks[at:end], p.words)})
			}
			// A name may drop the verb's preposition: Debian's "depends"
			// and "pre_depends" for "depend on", "writes_table"; not
			// replace it with another ("published_in" a venue is not
			// "publish to"), nor drop it where the bare verb reads the
			// other way ("generates" is not "generated from").
			if h, ok := p.withoutPreposition(); ok && !twoWay[h.String()] && !c.inverseVerb(h.String()) {
				for _, at := range h.find(toks) {
					if end := at + len(h.forms); next(end) != "by" && !particles[next(end)] && !modifier(end) {
						consider(nameMatch{m: Meaning{Concept: c.def.concept, Phrase: p.String(), Generic: c.generic[p.String()]}, length: len(h.forms), dropped: true, started: at})
					}
				}
			}
		}
		for _, p := range c.inverse {
			for _, at := range p.find(toks) {
				end := at + len(p.forms)
				if modifier(end) || otherParticle(p, end) {
					continue
				}
				passive := next(end) == "by"
				consider(nameMatch{m: Meaning{Concept: c.def.concept, Inverse: !passive, Phrase: p.String()}, length: len(p.forms), started: at,
					bare: slices.Equal(toks[at:end], p.words)})
			}
		}
		for _, rn := range c.nameNouns {
			for _, at := range rn.p.find(toks) {
				end := at + len(rn.p.forms)
				// "<noun> of" (for, to, in): the subject plays the noun's role;
				// a bare noun or "has <noun>": the object does.
				subjectRole := rn.role.Other()
				if n := next(end); n == "of" || n == "for" || n == "to" || n == "in" {
					subjectRole = rn.role
				}
				consider(nameMatch{m: Meaning{Concept: c.def.concept, Inverse: subjectRole == Second, Phrase: rn.p.String(), Generic: true}, length: len(rn.p.forms), noun: true, started: at})
			}
		}
	}
	if best == nil {
		for _, t := range toks {
			if associationWords[t] {
				return Meaning{Association: true, Phrase: t, Mutual: mutualWords[t]}
			}
		}
		return Meaning{}
	}
	m := best.m
	if ambiguousNames[m.Phrase] {
		return Meaning{}
	}
	if m.Concept == Dependency {
		m.Delivers = !m.Inverse && deliverPhrases[m.Phrase]
		for _, t := range toks {
			if optionalWords[t] {
				m.Optional = true
			}
		}
	}
	return m
}

// deliverPhrases are the dependency verbs whose subject sends something
// into their object, for others to read from it (see Meaning.Delivers):
// the sending acts, and caching in a store.
var deliverPhrases = func() map[string]bool {
	m := map[string]bool{"cache in": true}
	for _, p := range sendingActs {
		m[p] = true
	}
	return m
}()

// ambiguousNames are phrases that, as a relation's whole name, say one
// thing in one graph and the opposite in another: a team "includes" its
// members (membership), a source file "includes" the header it needs (a
// dependency). Such a relation is of unknown meaning (graph.Unread) unless
// a schema declares it; in a question the phrase keeps its reading.
var ambiguousNames = map[string]bool{"include": true}

// twoWay verbs say a direction only with their preposition: "X connects
// to Y" (a client to its server), but "a switch connects a camera" or "A
// links B" names a link that may run either way.
var twoWay = map[string]bool{"connect": true, "link": true, "talk": true}

// associationWords, in a relation's name that names no concept, say that
// it associates entities without a dependency: conflicts and
// incompatibilities (Debian's "conflicts" and "breaks" between packages),
// similarity, cross-references, documentation and labels, succession.
// Not "alias": an alias resolves through what it names ("api ALIAS lb" in a
// DNS zone), so a failure passes along it, in a direction its name does
// not tell ("Robert alias Bob"). mutualWords are those of relations that
// hold both ways (see Meaning.Mutual); the others, such as "replace",
// "document" or "tag", have ends that play different parts.
var (
	mutualAssociations = []string{"conflict", "incompatible", "similar", "related", "relate", "duplicate", "same",
		"equivalent", "compete", "sibling", "cousin", "peer", "neighbour", "neighbor", "adjacent"}
	associationWords = formsOf(append([]string{"break", "see", "mention", "document", "describe", "tag", "label",
		"annotate", "replace", "supersede", "obsolete", "compare", "resemble"}, mutualAssociations...)...)
	mutualWords = formsOf(mutualAssociations...)
)

// nameWords splits a relation name into lower-case words (text.Tokens);
// for a Freebase-style path ("__people__person__parents") only the last
// part counts.
func nameWords(name string) []string {
	if i := strings.LastIndex(name, "__"); i >= 0 && i+2 < len(name) {
		name = name[i+2:]
	}
	return text.Tokens(name)
}

// isRoleNoun reports whether a word is (the first word of) a role noun of
// some concept ("dependency", "owner", "member").
func isRoleNoun(w string) bool {
	if w == "" {
		return false
	}
	for _, c := range table {
		for _, ps := range [][]phrase{c.firstNouns, c.secondNouns} {
			for _, p := range ps {
				if p.forms[0][w] {
					return true
				}
			}
		}
	}
	return false
}

// auxiliaries may open a passive relation name ("is_assumed_by",
// "gets_triggered_by").
var auxiliaries = map[string]bool{"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true, "get": true, "gets": true, "got": true}

// PassiveOf reports whether relation name passive is the passive of
// relation name active, one relation stored from its other end:
// "isAssumedBy" of "assumes", "triggered_by" of "triggers", "written_by"
// of "writes". The verb must be the same word in another form; any other
// words must be equal.
func PassiveOf(passive, active string) bool {
	p, a := nameWords(passive), nameWords(active)
	if len(p) > 0 && auxiliaries[p[0]] {
		p = p[1:]
	}
	if len(p) < 2 || p[len(p)-1] != "by" {
		return false
	}
	p = p[:len(p)-1]
	if len(p) != len(a) || !sameVerb(p[0], a[0]) {
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
	x, y := nameWords(a), nameWords(b)
	if len(x) == 0 || x[len(x)-1] == "by" || len(y) == 0 || y[len(y)-1] == "by" {
		return false
	}
	diff := oneWordApart(x, y)
	return diff >= 0 && sameVerb(x[diff], y[diff])
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
	x, y := nameWords(a), nameWords(b)
	diff := oneWordApart(x, y)
	if diff < 0 {
		return false
	}
	for _, pair := range opposites {
		for _, o := range [][2]string{pair, {pair[1], pair[0]}} {
			if (x[diff] == o[0] || sameVerb(x[diff], o[0])) && (y[diff] == o[1] || sameVerb(y[diff], o[1])) {
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

// sameVerb reports whether two lower-case words are forms of one verb
// ("assumed" and "assumes", "written" and "writes").
func sameVerb(x, y string) bool {
	for _, base := range baseCandidates(x) {
		if forms := inflect(base); slices.Contains(forms, x) && slices.Contains(forms, y) {
			return true
		}
	}
	for base, forms := range irregular {
		all := append([]string{base}, forms...)
		if slices.Contains(all, x) && slices.Contains(all, y) {
			return true
		}
	}
	return false
}

// baseCandidates returns the words w may be an inflection of (inflect's
// regular rules undone, a doubled final consonant too: "controlled" of
// "control"), w itself first.
func baseCandidates(w string) []string {
	out := []string{w}
	for _, r := range [][2]string{{"ies", "y"}, {"ied", "y"}, {"es", ""}, {"ed", ""}, {"s", ""}, {"d", ""}, {"ing", ""}, {"ing", "e"}} {
		if b, ok := strings.CutSuffix(w, r[0]); ok && len(b) > 1 {
			out = append(out, b+r[1])
			if n := len(b); r[1] == "" && n > 2 && b[n-1] == b[n-2] && !isVowel(b[n-1]) {
				out = append(out, b[:n-1])
			}
		}
	}
	return out
}
