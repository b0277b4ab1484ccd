package reading

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// claim is the reading's skeleton: which relations, from which entity, to
// which role, how far.
type claim struct {
	// onlyLink: the claim's one step is the one relation that can answer
	// it: the one relation the schema has between its two entities' kinds
	// (onlyKindsLink), or the relation whose value the question says its
	// target is (valueIs). None is left unread, and its way is settled.
	onlyLink bool
	steps    []stepClaim
	anchor   int
	target   int
	// extent applies to the last step; extentSaid tells whether the
	// question (or the pattern) said it.
	extent     state.Extent
	extentSaid bool
	// dependentsFirst: an impact reading (the answers are affected by the
	// anchor), whose composition includes the anchor's own neighbours.
	impact bool
	why    []string
	conf   float64
	guess  []string
	// also are entities coordinated with the anchor, walked from too.
	also []int
	// shared: the second step walks the first back ("the same group as
	// X": X's group, then what else is in it).
	shared bool
	// common: the answers are those the walk reaches from the anchor and
	// from every entity of also ("both X and Y", "in common"), not from
	// any one of them.
	common bool
	// alts are the same skeleton read through another concept the
	// question's verb can also name ("belong to": membership, containment,
	// ownership), tried in order when the first reaches nothing.
	alts []*claim
}

// failed reports whether the claim reads a failure's reach (a step of
// it does).
func (c *claim) failed() bool {
	for _, st := range c.steps {
		if st.failure {
			return true
		}
	}
	return false
}

// stepClaim is one step: a concept (all its relations in the graph) or
// explicit relations, walked so that the answers play role answers.
type stepClaim struct {
	concept words.Concept
	rels    []*relInfo // nil: every relation of the concept
	answers words.Role
	// word is the question's word for the step, for messages.
	word string
	// specific is the phrase of a specific verb ("call"): relations whose
	// name reads the same are preferred.
	specific string
	// verb: the step was named by a verb (said as a clause: "what X runs
	// on"), not a noun (said as a possessive: "X's manager").
	verb bool
	// wide: walk every relation of the concept even where some are named
	// like specific (the reading tried when those reach nothing).
	wide bool
	// closure: the step was named by a noun of every generation
	// ("descendants").
	closure bool
	// twice: the step was named by a noun of two steps ("grandparents"):
	// a claim walks it twice (stepsOf).
	twice bool
	// bothWays: walk the step's relations either way (the words do not
	// say which).
	bothWays bool
	// peer: the step was named by a peer noun no relation is named by
	// ("Brazil's neighbours"): the one relation between two things of
	// the kind the walk is at, either way (sameKindRelation).
	peer bool
	// actsOn: the step's verb acts on what the step before reached
	// ("who influenced the painter of X"): said "what <verb> them".
	actsOn bool
	// failure: a failure's reach ("what breaks if X goes down", "is Y
	// affected if X fails"): a whole that fails takes its parts down, so
	// containment is walked with dependency, from the whole to its parts.
	failure bool
}

// valueIs: "Is donkey in the Food & Drink category?", a yes/no question
// of two entities, one of them said with its relation's noun
// (dropValueNouns): whether the other has it as that relation's value.
func (r *reader) valueIs() *claim {
	if !r.asksYesNo() || len(r.ents) != 2 {
		return nil
	}
	for _, h := range r.rhits {
		if !r.valueNoun[h.start] {
			continue
		}
		value := r.entAt[h.start-1]
		subj := 1 - value
		if t := r.ents[subj].Type; t != "" && len(h.rel.def.From) > 0 && !slices.Contains(h.rel.def.From, t) {
			continue
		}
		r.used[h.start] = true
		return &claim{anchor: subj, target: value, extent: state.ExtentDirect, extentSaid: true, conf: 1, onlyLink: true,
			steps: []stepClaim{{concept: h.rel.concept, rels: []*relInfo{h.rel}, answers: h.rel.subject.Other(), word: r.st.words[h.start]}},
			why:   []string{fmt.Sprintf("%s said as a %s: whether %s's %s is %s", r.ents[value].Name, r.st.words[h.start], r.ents[subj].Name, h.rel.def.Name, r.ents[value].Name)}}
	}
	return nil
}

// empty reports whether the step names no relation: no concept, no
// relation and no peer noun.
func (st stepClaim) empty() bool { return st.concept == words.None && st.rels == nil && !st.peer }

// claim finds the skeleton by the question's patterns, strongest first;
// with none, the word no relation of the graph matches.
func (r *reader) claim() (*claim, *Unmatched) {
	// notFailure is the position of the failure word a relation of that
	// name took ("killed"), read as the relation, not the failure, or -1.
	notFailure := -1
	failure := func() *claim {
		c, w := r.failure()
		notFailure = w
		return c
	}
	for _, find := range []func() *claim{r.valueIs, r.howMeasure, r.path, r.sameAs, r.taxonomy, r.listedUnder, r.possessiveChain, r.nounOf, r.position, r.cannotWithout, failure, r.purpose, r.otherNames, r.whatCalled, r.calledName, r.namedRole, r.relationNounClause, r.verb, r.verbOnKindOf, r.apposition, r.askedRole} {
		if c := find(); c != nil {
			if named := r.untouchedNamed(c); named != nil {
				// "Which elements are in period 2?": "in" reads
				// relations that never reach a period; the mention's
				// word names the one that does. A verb so set aside
				// ("loaded into the value_sets schema") is unread.
				if st := c.steps[0]; st.verb {
					named.conf = 0.75
					named.guess = append(named.guess, fmt.Sprintf("%q names relations that never reach %s: read as %s, which the mention's words name", st.word, r.ents[named.anchor].Name, named.steps[0].rels[0].def.Name))
				}
				c = named
			}
			if k := notFailure; k >= 0 && !r.hasObject(k) {
				// "Who killed X": the relation killed, or what fails
				// with X; the first is read, and not claimed. A verb
				// with its object ("Which mobs drop Potato?") names no
				// failure, which takes none.
				c.conf *= 0.75
				c.guess = append(c.guess, fmt.Sprintf("%q read as the graph's relation of that name, not as a failure", r.toks[k].text))
			}
			if !c.extentSaid && r.extentSaid {
				c.extent, c.extentSaid = r.extent, true
			}
			r.turnToTarget(c)
			r.relinkToTarget(c)
			c.why = append(c.why, r.because...)
			return c, nil
		}
	}
	// Nothing names a relation: a word the graph has no relation for, or
	// a plain question about the entity.
	if w := r.unexplained(nil); w != "" {
		if c := r.byKindsOnly(w); c != nil {
			return r.asFarAsSaid(c), nil
		}
		// Refused for a word that may name a relation the graph lacks,
		// not for a verb that says only where a thing is, which is
		// read as its preposition alone is, and doubted.
		if w := r.unexplained(r.whereBeforePlace); w != "" {
			return nil, &Unmatched{Word: w, Concept: r.unexplainedConcept()}
		}
		c := r.unnamedClaim()
		c.conf = min(c.conf, 0.75)
		c.guess = append(c.guess, fmt.Sprintf("the question also says %q, which this reading does not explain", w))
		return r.asFarAsSaid(c), nil
	}
	return r.asFarAsSaid(r.unnamedClaim()), nil
}

// asFarAsSaid gives a yes or no read with no word naming its relation
// (one step between the two kinds, or any link) the extent the question
// says: "Is Rye IPA under IPA at any depth?", "Does Complete Breakfast
// contain Any Egg at any depth?" walk on, not one step.
func (r *reader) asFarAsSaid(c *claim) *claim {
	if c != nil && c.target >= 0 && r.extentSaid {
		c.extent = r.extent
	}
	return c
}

// unnamedClaim reads a question no word of which names a relation: by a
// relation a kind word names, by the types alone, else as the entity's
// neighbourhood.
func (r *reader) unnamedClaim() *claim {
	if c := r.kindNamedRelation(); c != nil {
		return c
	}
	if c := r.typeOnly(); c != nil {
		return c
	}
	c := &claim{anchor: r.mainEntity(), target: -1, extent: state.ExtentDirect, extentSaid: true, conf: 0.6,
		steps: []stepClaim{{concept: words.None}}, guess: []string{"no relation word: reading the entity's neighbourhood"}}
	if r.asksYesNo() && len(r.ents) == 2 {
		// "Is Neon a noble gas?": whether the two are linked, by any
		// relation; by the one relation between their kinds where the
		// schema has one ("Is YAML a markup language?": type), which is
		// then the only direct link there can be.
		c.target = 1 - c.anchor
		// Asked of the subject, the entity said first ("Is Apple in the
		// information technology sector?").
		subj := r.subjectEntity()
		if steps, why, ok := r.onlyKindsPath(r.ents[subj].Type, r.ents[1-subj].Type); ok {
			// "Was the 2020 Styrian Grand Prix held in Austria?": no
			// relation links a race to a country, one path of two does
			// (circuit, then country).
			c.anchor, c.target = subj, 1-subj
			c.steps, c.conf, c.guess, c.why = steps, 0.75, []string{why}, nil
		} else if step, why, ok := r.onlyKindsLink(r.ents[subj].Type, r.ents[1-subj].Type); ok {
			c.anchor, c.target = subj, 1-subj
			c.steps, c.conf, c.guess, c.why, c.onlyLink = []stepClaim{step}, 1, nil, []string{why}, true
			if partFirst, ok := r.hierarchyPosition(); ok && !r.extentSaid && selfJoins(step.rels[0]) {
				if up, known := wholeIsSubject(step.rels[0]); known {
					// "Is Rye IPA under IPA?" over styles, which joins
					// a kind to itself from kinds only ever its subject
					// (the tops): the position says which end is the
					// whole, and holds at any depth, the question not
					// saying how far.
					step.answers = words.Second
					if partFirst == up {
						step.answers = words.First
					}
					c.steps[0] = step
					c.extent, c.extentSaid = state.ExtentTransitive, false
				}
			}
		}
	}
	return c
}

// path: two entities and words asking how they are connected, whatever
// the relations: a noun of a path (the path-noun class of classes.txt)
// followed by "from" or "between" ("the path from X to Y", "the
// connection between X and Y"), or a question that starts with "how" or
// "what" and asks with a verb ("how is X connected to Y", "how does X
// reach Y", "what links X to Y"), where no relation of the graph is
// named by the word: does
// X reach Y through any relation, either way, and by which chain (the
// walk finds the shortest first). The words are read from the tokens,
// not the stream: an extent cue ("chain") leaves the stream, and a
// mention's last word may be one ("the path" is a Go package).
func (r *reader) path() *claim {
	word := func(i int) string {
		if i >= len(r.toks) {
			return ""
		}
		if e := r.toks[i].entity; e >= 0 {
			m := strings.Fields(strings.ToLower(r.q[r.ents[e].Start:r.ents[e].End]))
			if len(m) == 0 {
				return ""
			}
			return m[len(m)-1]
		}
		return r.toks[i].text
	}
	w := ""
	for i := range r.toks {
		x, next := word(i), word(i+1)
		if wordsClassOf(x).Has(words.PathNoun) && (next == "from" || next == "between") ||
			words.ClassOf(x).Has(words.PathVerb) && (word(0) == "how" || word(0) == "what") {
			w = x
			break
		}
	}
	if w == "" {
		return nil
	}
	for _, ri := range r.rels {
		// A name holding the word as said or stemmed ("linked": link_to)
		// is the graph's own relation: the verb reading's.
		if toks := text.Tokens(ri.def.Name); slices.Contains(toks, w) || slices.Contains(toks, text.Stem(w)) {
			return nil
		}
	}
	var ents, said []int // the entities; the stream positions of the path word
	for i, t := range r.toks {
		sp := r.streamPos(i)
		switch {
		case word(i) == w && t.entity >= 0:
			// A mention of an entity named like the path word.
			if sp >= 0 {
				r.used[sp] = true
			}
		case word(i) == w:
			said = append(said, sp)
		case t.entity >= 0 && !slices.Contains(ents, t.entity):
			ents = append(ents, t.entity)
		}
	}
	if len(ents) != 2 {
		return nil
	}
	for _, sp := range said {
		if sp >= 0 {
			r.used[sp] = true
		}
	}
	c := &claim{anchor: ents[0], target: ents[1], conf: 1, extent: state.ExtentTransitive, extentSaid: true,
		steps: []stepClaim{{concept: words.None, word: w}}}
	c.why = append(c.why, fmt.Sprintf("%q between %s and %s", w, r.ents[ents[0]].Name, r.ents[ents[1]].Name))
	return c
}

// hitAt returns the concept hits starting at stream position i.
func (r *reader) hitsAt(i int) []words.Hit {
	var out []words.Hit
	for _, h := range r.hits {
		if h.Start == i {
			out = append(out, h)
		}
	}
	return out
}

// skip returns the next stream position at or after i that is not a
// determiner or an adjective the patterns ignore.
func (r *reader) skip(i int) int {
	for i < len(r.st.words) && skippable.Has(r.st.words[i]) {
		i++
	}
	return i
}

var skippable = words.Set("skippable")

// transparent reports whether w is a noun that sits between a role noun
// and "of" and asks for the closure ("the dependency tree of X"): the
// transparent class of classes.txt.
func transparent(w string) bool { return wordsClassOf(w).Has(words.Transparent) }

// possessiveChain: "alice's manager's manager", "X's dependencies".
func (r *reader) possessiveChain() *claim {
	for i, e := range r.entAt {
		if e < 0 || !r.toks[r.st.at[i]].possessive || r.ofNounBefore(e) {
			continue
		}
		c := &claim{anchor: e, target: -1, conf: 1}
		j := i + 1
		for j < len(r.st.words) {
			step, end, ok := r.possessedStep(j)
			// "dana's skip-level reports", "alice's skip": two levels of
			// the reporting line.
			levels := 1
			if r.st.words[j] == "skip" {
				k := j + 1
				if k < len(r.st.words) && r.st.words[k] == "level" {
					k++
				}
				if st2, end2, ok2 := r.nounStep(k); ok2 && st2.concept == words.Reporting {
					step, end, ok = st2, end2, true
				}
				if ok && step.concept == words.Reporting {
					levels = 2
				}
			}
			if !ok {
				if k := r.skip(j); k != j {
					j = k
					continue
				}
				break
			}
			for range levels - 1 {
				c.steps = append(c.steps, step)
			}
			c.steps = append(c.steps, stepsOf(step)...)
			for k := j; k < end; k++ {
				r.used[k] = true
			}
			last := end - 1
			if !r.toks[r.st.at[last]].possessive {
				j = end
				if j < len(r.st.words) && transparent(r.st.words[j]) {
					c.extent, c.extentSaid = state.ExtentTransitive, true
				}
				break
			}
			j = end
		}
		if len(c.steps) == 0 {
			continue
		}
		c.why = append(c.why, fmt.Sprintf("%s's %s", r.ents[e].Name, stepWords(c.steps)))
		r.setExtent(c)
		return c
	}
	return nil
}

// howMeasure reads "How <adjective> is X?", "How <adjective> does X
// <verb>?": X's measure that one relation names, by the adjective's own
// word in another form ("How endangered is Northwestern Ojibwa?" over
// endangerment) or by a noun of what the adjective measures
// (words.MeasureNouns: "How long does Grass burn?" over burntime); of
// several so named, the one whose name also says a word of the rest of
// the question (burn). nil where the question is not so or no one
// relation is named.
func (r *reader) howMeasure() *claim {
	w := r.st.words
	if len(w) < 4 || w[0] != "how" || r.entAt[1] >= 0 || !auxiliary(w[2]) || r.entAt[3] < 0 {
		return nil
	}
	e := r.entAt[3]
	end := 3
	for end < len(w) && r.entAt[end] == e {
		end++
	}
	var rels []*relInfo
	for _, rh := range r.rhits {
		if rh.start == 1 && rh.end == 2 && !rh.inverse && !slices.Contains(rels, rh.rel) {
			rels = append(rels, rh.rel)
		}
	}
	if len(rels) == 0 {
		nouns := words.MeasureNouns(w[1])
		for _, ri := range r.rels {
			if measuredBy(ri.def.Name, nouns) {
				rels = append(rels, ri)
			}
		}
	}
	if len(rels) > 1 {
		rels = slices.DeleteFunc(slices.Clone(rels), func(ri *relInfo) bool { return !r.saidAfter(ri, end) })
	}
	if len(rels) != 1 {
		return nil
	}
	ri := rels[0]
	r.markUsed(0, end)
	for i := end; i < len(w); i++ {
		if r.namePartAt(ri, i) {
			r.used[i] = true // "burn" of burntime
		}
	}
	st := stepClaim{concept: ri.concept, rels: r.samePhrase(ri), answers: ri.subject.Other(), word: w[0] + " " + w[1]}
	c := &claim{anchor: e, target: -1, conf: 1, steps: []stepClaim{st}, extent: state.ExtentDirect, extentSaid: true}
	c.why = append(c.why, fmt.Sprintf("%q of %s: its %s", st.word, r.ents[e].Name, ri.def.Name))
	return c
}

// saidAfter reports whether a word of relation ri's name is said, in
// some form, after stream position from.
func (r *reader) saidAfter(ri *relInfo, from int) bool {
	for i := from; i < len(r.st.words); i++ {
		if r.namePartAt(ri, i) {
			return true
		}
	}
	return false
}

// namePartAt reports whether the word at stream position i, no entity's,
// says a word of relation ri's name (partSaid).
func (r *reader) namePartAt(ri *relInfo, i int) bool {
	return r.entAt[i] < 0 && slices.ContainsFunc(relationWords(ri.def.Name), func(n string) bool { return partSaid(n, r.st.words[i]) })
}

// measuredBy reports whether a relation's name says one of the measure
// nouns, alone or at the end of a closed compound.
func measuredBy(name string, nouns []string) bool {
	for _, n := range relationWords(name) {
		if slices.ContainsFunc(nouns, func(m string) bool { return endsIn(text.Singular(n), m) }) {
			return true
		}
	}
	return false
}

// endsIn reports whether a word of a name is noun m or a closed compound
// ending in it ("burntime", "runtime" of time).
func endsIn(n, m string) bool {
	return n == m || len(n) > len(m)+2 && strings.HasSuffix(n, m)
}

// partSaid reports whether question word q says name word n: a form of
// it, or a part of three letters or more of a closed compound ("burn" of
// burntime).
func partSaid(n, q string) bool {
	return words.IsForm(n, q) || len(q) >= 3 && len(n) > len(q)+2 && (strings.HasPrefix(n, q) || strings.HasSuffix(n, q))
}

// relationWords returns the words of a relation's name, a closed
// compound split ("burntime": burn, time).
func relationWords(name string) []string {
	ws := nameWords(name)
	if split, ok := wordsSplit(name); ok {
		ws = append(slices.Clone(ws), split...)
	}
	return ws
}

// taxonomy reads the questions of a graph's taxonomy (its relations of
// being a kind of something: is_a, subclass_of) that name a kind with a
// classifier noun: "What kind of disease is Lyme disease?" asks for what
// Lyme disease is a kind of; "the kinds of tuberculosis", "every form
// of syphilis" for the kinds of it, at any depth unless the question says
// (a subtype of a subtype is a kind of it too; "the main categories of
// X": one level). nil where the graph has no such relation.
func (r *reader) taxonomy() *claim {
	w := r.st.words
	if len(r.namedRels(words.Containment, kindOf)) == 0 {
		return nil
	}
	for i := 0; i+2 < len(w); i++ {
		if !words.IsClassifier(w[i]) || w[i+1] != "of" || r.entAt[i] >= 0 {
			continue
		}
		if c := r.kindOfEntity(i); c != nil {
			return c
		}
		if c := r.kindsOfEntity(i); c != nil {
			return c
		}
	}
	return nil
}

// listedUnder reads "Which services list seaweedfs under depends_on?":
// the asked things, subjects of a verb, have the entity in the relation
// the question names after "under" or "in" (the relation's subjects,
// one hop); nil where the question is not so.
func (r *reader) listedUnder() *claim {
	w := r.st.words
	if len(w) < 6 || !whWords.Has(w[0]) || r.askedAt != 1 || r.entAt[2] >= 0 || auxiliary(w[2]) || r.entAt[3] < 0 {
		return nil
	}
	e := r.entAt[3]
	k := 4
	for k < len(w) && r.entAt[k] == e {
		k++
	}
	if k+1 >= len(w) || w[k] != "under" && w[k] != "in" && w[k] != "among" {
		return nil
	}
	for _, rh := range r.rhits {
		if rh.start != k+1 || rh.inverse {
			continue
		}
		st := stepClaim{concept: rh.rel.concept, rels: r.samePhrase(rh.rel), answers: rh.rel.subject, word: strings.Join(w[rh.start:rh.end], " ")}
		c := &claim{anchor: e, target: -1, conf: 1, steps: []stepClaim{st}, extent: state.ExtentDirect, extentSaid: true}
		r.markUsed(2, 3)
		r.markUsed(k, rh.end)
		c.why = append(c.why, fmt.Sprintf("which %s %s %s %s %s", w[1], w[2], r.ents[e].Name, w[k], st.word))
		return c
	}
	return nil
}

// kindOfEntity reads "What kind of N is X?" (the classifier noun at i):
// X's kind, one level up; nil where the question is not so.
func (r *reader) kindOfEntity(i int) *claim {
	w := r.st.words
	if i != 1 || !whWords.Has(w[0]) || text.Singular(w[i]) != w[i] {
		return nil
	}
	k := i + 2
	for k < len(w) && !auxiliary(w[k]) {
		k++ // the kind, a word or an entity ("animal")
	}
	if k+1 >= len(w) || !wordsClassOf(w[k]).Has(words.Be) || r.entAt[k+1] < 0 {
		// "What kind of damage does Ice Storm do?" asks for the damage
		// it does, not for what it is a kind of.
		return nil
	}
	if !r.kindsStartFrom(r.ents[r.entAt[k+1]].Type) {
		// "What type of creature is the Half-Red Dragon Veteran?" over
		// subclasses (a spell's): the graph classifies monsters
		// otherwise (type).
		return nil
	}
	st := stepClaim{concept: words.Containment, word: w[i] + " of", specific: kindOf, answers: words.Second}
	c := &claim{anchor: r.entAt[k+1], target: -1, conf: 1, steps: []stepClaim{st}, extent: state.ExtentDirect, extentSaid: true}
	r.markUsed(i, k+2)
	c.why = append(c.why, fmt.Sprintf("what %s of %s %s %s", w[i], strings.Join(w[i+2:k], " "), w[k], r.ents[c.anchor].Name))
	return c
}

// kindsStartFrom reports whether some relation of being a kind of
// something starts from type typ, or the graph's types, not stated, do
// not say.
func (r *reader) kindsStartFrom(typ string) bool {
	if typ == "" || !r.s.TypesStated() {
		return true
	}
	return slices.ContainsFunc(r.namedRels(words.Containment, kindOf), func(ri *relInfo) bool {
		from := ri.starts(graph.Out)
		return len(from) == 0 || slices.Contains(from, typ)
	})
}

// kindsOfEntity reads "the kinds of X", "every form of X" (the classifier
// noun at i): what is a kind of X, at any depth unless the question says
// (kindsExtent); nil where the question is not so.
func (r *reader) kindsOfEntity(i int) *claim {
	w := r.st.words
	k := r.skip(i + 2)
	every := i > 0 && (w[i-1] == "every" || w[i-1] == "each" || w[i-1] == "any")
	if text.Singular(w[i]) == w[i] && !every || k >= len(w) || r.entAt[k] < 0 {
		return nil
	}
	st := stepClaim{concept: words.Containment, word: w[i] + " of", specific: kindOf, answers: words.First}
	c := &claim{anchor: r.entAt[k], target: -1, conf: 1, steps: []stepClaim{st}}
	r.markUsed(i, k+1)
	c.why = append(c.why, fmt.Sprintf("%s of %s", w[i], r.ents[c.anchor].Name))
	r.kindsExtent(c, i)
	return c
}

// kindsExtent sets how far "the kinds of X" goes (the classifier noun at
// i): as the question says, one level after main/top/major/direct or
// "top-level", else every level (a subtype of a subtype is a kind of X
// too), said as not said.
func (r *reader) kindsExtent(c *claim, i int) {
	w := r.st.words
	switch {
	case r.extentSaid:
		c.extent, c.extentSaid = r.extent, true
	case i > 0 && topLevel.Has(w[i-1]):
		c.extent, c.extentSaid = state.ExtentDirect, true
		r.used[i-1] = true
	case i > 1 && w[i-2] == "top" && w[i-1] == "level":
		c.extent, c.extentSaid = state.ExtentDirect, true
		r.used[i-2], r.used[i-1] = true, true
	default:
		c.extent = state.ExtentTransitive
	}
}

// topLevel are the words before a plural classifier that ask for the
// kinds one level down ("the main categories of X").
var topLevel = words.Set("top-level")

// ofNounBefore reports whether entity e's mention follows "of" after a
// noun that names a step ("the neighbours of Portugal's neighbours"):
// nounOf reads the two steps (ofPossessed).
func (r *reader) ofNounBefore(e int) bool {
	start := slices.Index(r.entAt, e)
	p := start - 1
	for p >= 0 && skippable.Has(r.st.words[p]) {
		p--
	}
	if p < 1 || r.st.words[p] != "of" {
		return false
	}
	for n := p - 1; n >= max(0, p-2); n-- {
		if st, end, ok := r.nounStep(n); ok && !st.empty() && (end == p || end == p-1 && r.kindNounAt(end)) {
			return true
		}
	}
	return false
}

// beforePreposition returns where the preposition after a noun that
// ends at j may stand, past a kind noun ("the capital cities of X") and
// transparent nouns ("the dependency tree of X"), and whether one of the
// latter asks for the closure.
func (r *reader) beforePreposition(j int) (int, bool) {
	if j+1 < len(r.st.words) && r.kindNounAt(j) && r.st.words[j+1] == "of" {
		j++
	}
	transitive := false
	for j < len(r.st.words) && (transparent(r.st.words[j]) || collective.Has(r.st.words[j])) {
		transitive = transitive || transparent(r.st.words[j])
		j++
	}
	return j, transitive
}

// collective nouns sit between a role noun and "of" and say nothing of
// how far: "the depends_on list of X" is its list.
var collective = words.Set("collective")

// kindNounAt reports whether the word at stream position j, no entity's,
// names a kind of thing and no step the graph can walk: a type of the
// graph or a head noun ("cities" of "the capital cities of X"; not
// "dependencies").
func (r *reader) kindNounAt(j int) bool {
	w := r.st.words[j]
	if r.entAt[j] >= 0 || r.typeNamed(w) == "" && !words.IsHeadNoun(w) {
		return false
	}
	st, _, ok := r.nounStep(j)
	// "the parent group of X": a noun of a concept the graph has no
	// relation of (membership's "group") names the kind.
	return !ok || st.empty() || st.rels == nil && !st.peer && !r.hasConcept(st.concept)
}

// stepsOf returns the steps a noun's step stands for: two for a noun of two
// steps ("grandparents": the parents' parents), else the step.
func stepsOf(st stepClaim) []stepClaim {
	if st.twice {
		st.twice = false
		second := st
		second.word = "" // the noun says both steps: "X's grandparents"
		return []stepClaim{st, second}
	}
	return []stepClaim{st}
}

// nounStep reads a role noun at stream position j: a concept noun or a
// relation named as a noun ("spouse", "genre").
func (r *reader) nounStep(j int) (stepClaim, int, bool) {
	for _, h := range r.hitsAt(j) {
		if h.Kind == words.HitNoun && !r.namedInFull(j, h.End) {
			return stepClaim{concept: h.Concept, answers: h.Role, word: strings.Join(r.st.words[h.Start:h.End], " "), closure: h.Closure, twice: h.Twice}, h.End, true
		}
	}
	for _, rh := range r.rhits {
		if w := r.st.words[rh.end-1]; rh.start == j && (!verbForm(w) || slices.Contains(nameWords(rh.rel.def.Name), w)) {
			// "X's <relation>": the objects of X's facts (the subjects
			// for an inverse alias).
			ans := rh.rel.subject.Other()
			if rh.inverse != fromName(rh.rel) {
				// "Eevee's evolutions" for evolves_from: what evolves
				// from Eevee; the name's "from" marks its object as the
				// source, whose act the noun names.
				ans = rh.rel.subject
			}
			return stepClaim{concept: rh.rel.concept, rels: r.samePhrase(rh.rel), answers: ans, word: strings.Join(r.st.words[rh.start:rh.end], " ")}, rh.end, true
		}
	}
	if j+1 < len(r.st.words) && r.entAt[j] < 0 && peerAdjectives.Has(r.st.words[j]) && r.st.words[j+1] == "to" {
		// "the stations next to X": X's peers, as "X's neighbours".
		return stepClaim{concept: words.None, answers: words.Second, word: "neighbours", peer: true, bothWays: true}, j + 1, true
	}
	if j < len(r.st.words) && r.entAt[j] < 0 && words.IsPeerNoun(r.st.words[j]) {
		return stepClaim{concept: words.None, answers: words.Second, word: r.st.words[j], peer: true, bothWays: true}, j + 1, true
	}
	if j < len(r.st.words) && r.entAt[j] < 0 && words.IsNameNoun(r.st.words[j]) {
		// "What other names does X go by?": the relations whose
		// names say they hold a thing's names (has_exact_synonym).
		if rels := r.namingRels(); len(rels) > 0 {
			return stepClaim{concept: words.None, rels: rels, answers: words.Second, word: r.st.words[j]}, j + 1, true
		}
	}
	return stepClaim{}, j, false
}

// namedInFull reports whether a relation's whole name is said at stream
// position j, over at least the words up to end: "X's mero part" names
// the relation mero_part, not every relation of the concept of its last
// word.
func (r *reader) namedInFull(j, end int) bool {
	return slices.ContainsFunc(r.rhits, func(rh relHit) bool {
		return rh.start == j && rh.end >= end && !rh.elided && strings.Join(r.st.words[rh.start:rh.end], " ") == rh.rel.spelled
	})
}

// verbForm reports whether w is a verb's -ing form ("depending"): a
// relation's name said so, where the name does not itself say it
// ("attending"), is a verb ("the packages depending on X"), not its noun.
// A past participle may be said of the noun ("X's recommended packages").
func verbForm(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ing")
}

// otherNames: "What is X also known as?", "How else is X known?", "What
// else is X called?": the names X goes by, through the relations that
// hold a thing's other names (namingRels). "known" or "called" that no
// relation's name says and no "by" follows, with "also", "else" or
// "otherwise" in the question, or "known as" ending it; read before the
// verbs, which would take "called" for the act of calling.
func (r *reader) otherNames() *claim {
	rels := r.namingRels()
	if len(rels) == 0 || len(r.ents) != 1 {
		return nil
	}
	w := r.st.words
	other := slices.ContainsFunc(w, func(x string) bool { return x == "also" || x == "else" || x == "otherwise" })
	for i, x := range w {
		if x != "known" && x != "called" || r.entAt[i] >= 0 || r.used[i] || r.namesRelation(i) || i+1 < len(w) && w[i+1] == "by" {
			continue // "called by X": the act of calling
		}
		knownAs := x == "known" && i+2 == len(w) && w[i+1] == "as"
		if !other && !knownAs {
			continue
		}
		c := &claim{anchor: r.mainEntity(), target: -1, conf: 0.9, steps: []stepClaim{{concept: words.None, rels: rels, answers: words.Second, word: x}}}
		c.why = append(c.why, x)
		r.used[i] = true
		if i+1 < len(w) && w[i+1] == "as" {
			r.used[i+1] = true
		}
		r.setExtent(c)
		return c
	}
	return nil
}

// whatCalled reads "What is X called?", "What is X titled?": "what", a
// form of be, the entity and a naming participle, nothing else: the
// entity's names, through the relations that hold names and start from
// its kind, one hop; nil where none does.
func (r *reader) whatCalled() *claim {
	w := r.st.words
	n := len(w)
	if n < 4 || w[0] != "what" || !wordsClassOf(w[1]).Has(words.Be) || w[n-1] == "known" || !wordsClassOf(w[n-1]).Has(words.Naming) {
		return nil
	}
	e := r.entAt[2]
	if e < 0 {
		return nil
	}
	for k := 2; k < n-1; k++ {
		if r.entAt[k] != e {
			return nil
		}
	}
	var rels []*relInfo
	for _, ri := range r.namingRels() {
		if slices.Contains(ri.starts(graph.Out), r.ents[e].Type) {
			rels = append(rels, ri)
		}
	}
	if len(rels) == 0 {
		return nil
	}
	c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: rels, answers: words.Second, word: w[n-1]}}}
	r.markUsed(n-1, n)
	c.why = append(c.why, fmt.Sprintf("what %s %s %s", w[1], r.ents[e].Name, w[n-1]))
	return c
}

// calledName reads "Which icon is called X?", "the icon formerly called
// X", "Which rule was once known as X?": a naming participle right before
// the entity (past "as"), where the entity's kind is a name's (the object
// of a relation that holds names, and the subject of none), and nothing
// else names a relation: the things it names, through every relation into
// its kind, one hop; a guess where some of them do not say they hold
// names (replaces beside alias).
func (r *reader) calledName() *claim {
	naming := r.namingRels()
	if len(naming) == 0 {
		return nil
	}
	w := r.st.words
	for i, x := range w {
		if !wordsClassOf(x).Has(words.Naming) || r.entAt[i] >= 0 || r.used[i] || r.namesRelation(i) {
			continue
		}
		k := i + 1
		if k < len(w) && w[k] == "as" {
			k++
		}
		if k >= len(w) || r.entAt[k] < 0 {
			continue
		}
		e := r.entAt[k]
		into, ok := r.intoName(r.ents[e].Type, naming)
		if !ok || r.namedBeyond(i, k+1) {
			// "What does the bird known as robin redbreast eat?": the
			// name is the start of a longer reading (plan.throughNames).
			continue
		}
		c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentDirect, extentSaid: true,
			steps: []stepClaim{{concept: words.None, rels: into, answers: words.First, word: x}}}
		if other := slices.DeleteFunc(slices.Clone(into), func(ri *relInfo) bool { return slices.Contains(naming, ri) }); len(other) > 0 {
			c.conf = 0.75
			c.guess = append(c.guess, fmt.Sprintf("%s read as holding names too: %s is only ever a name", joinAnd(relNames(other)), r.ents[e].Name))
		}
		r.markUsed(i, k)
		c.why = append(c.why, fmt.Sprintf("%q %s", x, r.ents[e].Name))
		return c
	}
	return nil
}

// namedBeyond reports whether a relation or a concept is named outside
// stream positions [start, end).
// "used to" says a past, no use ("Which icon used to be called X?").
func (r *reader) namedBeyond(start, end int) bool {
	outside := func(a, b int) bool {
		usedTo := b == a+1 && r.st.words[a] == "used" && b < len(r.st.words) && r.st.words[b] == "to"
		return (b <= start || a >= end) && !usedTo
	}
	return slices.ContainsFunc(r.rhits, func(h relHit) bool { return outside(h.start, h.end) }) ||
		slices.ContainsFunc(r.hits, func(h words.Hit) bool { return outside(h.Start, h.End) })
}

// intoName returns the relations into kind t where t is a name's kind:
// the object of a relation that holds names (naming, namingRels') and
// the subject of none.
func (r *reader) intoName(t string, naming []*relInfo) ([]*relInfo, bool) {
	if t == "" {
		return nil, false
	}
	var into []*relInfo
	named := false
	for _, ri := range r.rels {
		if slices.Contains(ri.starts(graph.Out), t) {
			return nil, false
		}
		if slices.Contains(ri.starts(graph.In), t) {
			into = append(into, ri)
			named = named || slices.Contains(naming, ri)
		}
	}
	return into, named
}

// namingRels returns the relations whose names say their objects are
// names of their subjects (words.NamesOtherNames).
func (r *reader) namingRels() []*relInfo {
	var out []*relInfo
	for _, ri := range r.rels {
		if ri.concept == words.None && words.NamesOtherNames(nameWords(ri.def.Name)) {
			out = append(out, ri)
		}
	}
	return out
}

// fromName reports whether a relation's name ends in "from" and a word
// before it (evolves_from, derived_from).
func fromName(ri *relInfo) bool {
	ws := nameWords(ri.def.Name)
	return len(ws) >= 2 && ws[len(ws)-1] == "from"
}

// possessedStep is nounStep after a possessive ("X's ..."), where a noun
// that is all a relation's name says but its closing "of" names the
// relation's subjects: "the Finance Committee's chair" for chair_of.
func (r *reader) possessedStep(j int) (stepClaim, int, bool) {
	if st, end, ok := r.nounStep(j); ok {
		return st, end, ok
	}
	if j >= len(r.st.words) || r.entAt[j] >= 0 || r.asksYesNo() {
		// "Is Kairo on Iron Tide's roster?" asks whether one reaches
		// the other: the other readings read it.
		return stepClaim{}, j, false
	}
	for _, ri := range r.rels {
		ws := nameWords(ri.def.Name)
		if len(ws) == 2 && ws[1] == "of" && text.Singular(ws[0]) == text.Singular(r.st.words[j]) {
			return stepClaim{concept: ri.concept, rels: r.samePhrase(ri), answers: ri.subject, word: r.st.words[j]}, j + 1, true
		}
	}
	return stepClaim{}, j, false
}

// ofPossessed reads "the N of X's M" (the noun at i, X's mention starting
// at stream position k): X's M, then their N ("the party of the Finance
// Committee's chair"); nil where X's mention is no possessive followed by
// a noun that names a step.
func (r *reader) ofPossessed(c *claim, step stepClaim, i, k int, transitive bool) *claim {
	last := k
	for last+1 < len(r.st.words) && r.entAt[last+1] == c.anchor {
		last++
	}
	if transitive || !r.toks[r.st.at[last]].possessive {
		return nil
	}
	owned, end, ok := r.possessedStep(last + 1)
	if !ok || owned.empty() {
		return nil
	}
	c.steps = append(stepsOf(owned), stepsOf(step)...)
	c.extent, c.extentSaid = state.ExtentFixed, true
	r.markUsed(i, end)
	c.why = append(c.why, fmt.Sprintf("%s's %s, then their %s", r.ents[c.anchor].Name, owned.word, step.word))
	return c
}

// setExtent fills a claim's extent when the pattern did not: the
// question's cue, else the closure for a yes or no (see verb), else one
// fixed chain of the named steps.
func (r *reader) setExtent(c *claim) {
	if c.extentSaid {
		return
	}
	if r.extentSaid {
		c.extent, c.extentSaid = r.extent, true
		return
	}
	if c.target >= 0 {
		c.extent = state.ExtentTransitive
		return
	}
	if len(c.steps) > 1 {
		c.extent, c.extentSaid = state.ExtentFixed, true
		return
	}
	if len(c.steps) == 1 && c.steps[0].closure {
		// "the descendants of X": the noun says every generation.
		c.extent, c.extentSaid = state.ExtentTransitive, true
		return
	}
	c.extent = state.ExtentDirect
}

// nounOf: "the dependencies of X", "members of search", "a direct
// dependency on X", "the dependency tree of X".
func (r *reader) nounOf() *claim {
	for i := range r.st.words {
		step, end, ok := r.nounStep(i)
		if !ok || step.empty() {
			continue
		}
		j, transitive := r.beforePreposition(end)
		if j >= len(r.st.words) {
			continue
		}
		prep := r.st.words[j]
		if prep != "of" && prep != "for" && prep != "on" && prep != "upon" && prep != "to" {
			continue
		}
		k := r.skip(j + 1)
		if k >= len(r.st.words) || r.entAt[k] < 0 {
			continue
		}
		e := r.entAt[k]
		c := &claim{anchor: e, target: -1, conf: 1}
		if prep == "on" || prep == "upon" || prep == "to" || prep == "of" && r.measureOf(i, e) {
			// "a dependency on X": X plays the noun's role; the answers
			// are those that have it.
			step.answers = step.answers.Other()
		}
		if turned, ok := r.typesTurn(step, r.ents[e].Type); ok {
			// "the chair of X" over chairs, X a committee: the noun
			// names who chairs it, the one way the types allow.
			step = turned
		}
		c.steps = stepsOf(step)
		if pc := r.ofPossessed(c, step, i, k, transitive); pc != nil {
			return pc
		}
		if transitive {
			c.extent, c.extentSaid = state.ExtentTransitive, true
		}
		for p := i; p <= k; p++ {
			r.used[p] = true
		}
		if said := strings.Join(r.st.words[i:end], " "); said != step.word {
			c.why = append(c.why, fmt.Sprintf("%q %s %s read as %s", said, prep, r.ents[e].Name, step.word)) // "next to X": X's neighbours
		} else {
			c.why = append(c.why, fmt.Sprintf("%q %s %s", step.word, prep, r.ents[e].Name))
		}
		if len(c.steps) != 1 || transitive || !r.verbOnNounPhrase(c, step, i, k) {
			r.setExtent(c)
		}
		return c
	}
	return nil
}

// measureOf reports whether the noun at stream position i, said with
// "a" or "an", and "of" a number (entity e) says a measure and its value:
// "Does X have an ABV of 6?" asks of what has the value 6, not of 6's
// ABV.
func (r *reader) measureOf(i, e int) bool {
	if i == 0 || r.st.words[i-1] != "a" && r.st.words[i-1] != "an" {
		return false
	}
	_, err := strconv.ParseFloat(r.ents[e].Name, 64)
	return err == nil
}

// typesTurn returns step walked the other way round where it names one
// relation whose stated types rule out the way its word read from an
// entity of type at and allow the other: the noun of a verb names its
// doer as often as its object ("the chair of X", "the host of X", "the
// imports of X"), and the kinds say which.
func (r *reader) typesTurn(step stepClaim, at string) (stepClaim, bool) {
	if at == "" || len(step.rels) != 1 || !r.s.TypesStated() {
		return step, false
	}
	ri := step.rels[0]
	from, to := ri.def.From, ri.def.To // answers at the object: walked from the subject
	if step.answers == ri.subject {
		from, to = to, from
	}
	if slices.Contains(from, at) || !slices.Contains(to, at) {
		return step, false
	}
	step.answers = step.answers.Other()
	return step, true
}

// turnToTarget walks a claim that asks whether its anchor reaches a
// target from the target instead, where the types rule out the way its
// one step reads from the anchor and allow it from the target: "Is
// banana tagged with fruit?" over tags (emoji to tags), read as the
// passive of a verb (what tags banana), can never reach fruit, which is
// only ever a tag; from fruit the same step reaches banana. The types
// are the data's own, stated or read from the roles entities play
// (TagsObject: only ever the object of tags).
func (r *reader) turnToTarget(c *claim) {
	if c.target < 0 || len(c.steps) != 1 || len(c.steps[0].rels) != 1 {
		return
	}
	st := c.steps[0]
	ri := st.rels[0]
	at, tt := r.ents[c.anchor].Type, r.ents[c.target].Type
	if at == "" || tt == "" {
		return
	}
	from, to := ri.def.From, ri.def.To // answers at the object: walked from the subject
	if st.answers == ri.subject {
		from, to = to, from
	}
	if slices.Contains(from, at) && slices.Contains(to, tt) || !slices.Contains(to, at) || !slices.Contains(from, tt) {
		return
	}
	c.anchor, c.target = c.target, c.anchor
	c.why = append(c.why, fmt.Sprintf("walked from %s, the one way the types allow %s between a %s and a %s", r.ents[c.anchor].Name, ri.def.Name, tt, at))
}

// relinkToTarget reads a yes/no claim of one concept-wide step whose
// relations can never link its two entities' kinds, either way, through
// the one relation the schema has between those kinds, a guess: "Does a
// Screwdriver contain Orange juice?" over ingredient, where containment
// (category) never reaches an ingredient.
func (r *reader) relinkToTarget(c *claim) {
	if c.target < 0 || !r.asksYesNo() || len(c.steps) != 1 || c.steps[0].rels != nil || c.steps[0].concept == words.None {
		return
	}
	at, tt := r.ents[c.anchor].Type, r.ents[c.target].Type
	if at == "" || tt == "" || !r.s.TypesStated() {
		return
	}
	for _, l := range r.s.LinksBetween([]string{at}, tt) {
		if ri := r.relNamed(l.Relation); ri != nil && r.walks(ri, c.steps[0].concept) {
			return
		}
	}
	step, _, ok := r.onlyKindsLink(at, tt)
	if !ok {
		return
	}
	word := c.steps[0].word
	step.word = word
	c.steps = []stepClaim{step}
	c.extent, c.extentSaid = state.ExtentDirect, true
	c.conf *= 0.5
	c.guess = append(c.guess, fmt.Sprintf("%q names no relation between a %s and a %s: read as %s, the one relation between them", word, at, tt, step.rels[0].def.Name))
}

// spoken returns stream words [from, to) as the question says them, each
// entity mention by its words, not the placeholder phrase matching sees.
func (r *reader) spoken(from, to int) string {
	out := make([]string, 0, to-from)
	for i := from; i < to; i++ {
		if e := r.entAt[i]; e >= 0 {
			out = append(out, r.q[r.ents[e].Start:r.ents[e].End])
			continue
		}
		out = append(out, r.st.words[i])
	}
	return strings.Join(out, " ")
}

// verbOnKindOf: a verb whose object (or agent, in the passive) is a kind
// of the graph said of an entity: "Which paintings are held by museums
// in Amsterdam?", "Who teaches courses of the Mathematics department?",
// "Which guests work at Berlin organisations?" —
// the things of that kind linked to the entity, one relation between the
// two kinds, then the verb from them. Nil where the types do not link
// the kind and the entity's kind by exactly one way.
func (r *reader) verbOnKindOf() *claim {
	for _, v := range r.verbHits() {
		if v.step.concept == words.None && v.step.rels == nil {
			continue
		}
		then, k := r.actingStep(v)
		kind, e, from, to := r.kindOfEntityAt(k)
		if kind == "" {
			continue
		}
		hop, ok := r.kindHop(r.ents[e].Type, kind)
		if !ok {
			continue
		}
		phrase := r.spoken(from, to)
		c := &claim{anchor: e, target: -1, conf: 0.75, extent: state.ExtentFixed, extentSaid: true, steps: []stepClaim{hop, then},
			guess: []string{fmt.Sprintf("%q read as the %s linked to %s, as the types allow", phrase, kind, r.ents[e].Name)}}
		c.why = append(c.why, phrase, fmt.Sprintf("then what %s them", then.word))
		r.markUsed(v.start, v.end)
		r.markUsed(from, to)
		return c
	}
	return nil
}

// verbOnNounPhrase adds to c, read from the noun phrase "N of X" that
// runs from stream position i to the entity at k, the verb said of what
// the phrase names: before it ("Who influenced the painter of
// Guernica?": then who influenced them) or after it ("What do the
// dependencies of X depend on?": then what they depend on, one step
// each). It reports whether it did.
func (r *reader) verbOnNounPhrase(c *claim, step stepClaim, i, k int) bool {
	if before, ok := r.verbBeforeObject(i); ok {
		c.steps = append(c.steps, before.step)
		c.why = append(c.why, fmt.Sprintf("then what %s them", before.step.word))
		r.markUsed(before.start, before.end)
	} else if then, ok := r.verbAfterSubject(k+1, step); ok {
		c.steps = append(c.steps, then)
		c.why = append(c.why, fmt.Sprintf("then what they %s", then.word))
	} else {
		return false
	}
	c.extent, c.extentSaid = state.ExtentFixed, true
	return true
}

// kindHop is the step from an entity of type from to the things of kind
// to said of it: the relations between the kinds (hopStep), and between
// things of one kind the parts ("the organisations of the City Council":
// what is part of it), where a containment relation links the kind to
// itself.
func (r *reader) kindHop(from, to string) (stepClaim, bool) {
	if from == "" {
		return stepClaim{}, false
	}
	if from != to {
		return r.hopStep(from, to)
	}
	st := stepClaim{concept: words.Containment, answers: words.First, word: to}
	for _, ri := range r.rels {
		if ri.concept == words.Containment && slices.Contains(ri.def.From, to) && slices.Contains(ri.def.To, to) {
			st.rels = append(st.rels, ri)
		}
	}
	return st, len(st.rels) > 0
}

// kindOfEntityAt reads, at stream position k, a kind of the graph said
// of an entity: "museums in Amsterdam" (a kind, a preposition, the
// entity) or "Berlin organisations" (the entity, then the kind). It
// returns the kind's type, the entity, and the phrase's span; kind ""
// where neither is said there.
func (r *reader) kindOfEntityAt(k int) (kind string, e, from, to int) {
	w := r.st.words
	if k >= len(w) {
		return "", -1, 0, 0
	}
	if e := r.entAt[k]; e >= 0 {
		n := k
		for n < len(w) && r.entAt[n] == e {
			n++
		}
		// The kind right after the entity's words, nothing between
		// ("X? (teams with ...)" is another clause).
		if rest := strings.TrimLeft(r.q[r.ents[e].End:], " "); n < len(w) && rest != "" && unicode.IsLetter([]rune(rest)[0]) {
			if t := r.typeNamed(w[n]); t != "" {
				return t, e, k, n + 1
			}
		}
		return "", -1, 0, 0
	}
	if k+2 >= len(w) || !words.ClassOf(w[k+1]).Has(words.Prep) {
		return "", -1, 0, 0
	}
	x := r.skip(k + 2)
	if t := r.typeNamed(w[k]); t != "" && x < len(w) && r.entAt[x] >= 0 {
		return t, r.entAt[x], k, x + 1
	}
	return "", -1, 0, 0
}

// verbBeforeObject returns the verb whose object is the noun phrase
// starting at stream position i ("Who INFLUENCED the painter of X",
// "which artists were INFLUENCED BY the painter of X"), with its step
// set to give the answers: the verb's subject, or in the passive its
// object. Only a verb right before the phrase (past its determiner),
// after the question's wh-word and nothing else but "be".
func (r *reader) verbBeforeObject(i int) (verbHit, bool) {
	for _, v := range r.verbHits() {
		if v.step.concept == words.None && v.step.rels == nil {
			continue
		}
		st, k := r.actingStep(v)
		if k != i {
			continue
		}
		for p := 0; p < v.start; p++ {
			if c := words.ClassOf(r.st.words[p]); !c.Has(words.Wh|words.Be) && p != r.askedAt || r.entAt[p] >= 0 {
				return verbHit{}, false
			}
		}
		v.step = st
		return v, true
	}
	return verbHit{}, false
}

// actingStep returns verb v's step as one acting on the phrase after it,
// and that phrase's stream position (past "by" in the passive and a
// determiner): the answers are the verb's subject ("who INFLUENCED the
// painter of X"), or in the passive its object ("which artists were
// influenced BY the painter of X").
func (r *reader) actingStep(v verbHit) (stepClaim, int) {
	passive := r.passiveVerb(v)
	k := v.end
	if passive && k < len(r.st.words) && r.st.words[k] == "by" {
		k++
	}
	st := v.step
	st.answers, st.verb, st.actsOn = v.subject, true, !passive
	if passive {
		st.answers = v.subject.Other()
	}
	return st, r.skip(k)
}

// verbAfterSubject returns the step of a verb of the noun step's own
// concept that follows the phrase ending before stream position from, the
// phrase being its subject ("What do the dependencies of X depend on?",
// "Which packages do the dependencies of X need?"), where no extent cue
// says how far.
func (r *reader) verbAfterSubject(from int, noun stepClaim) (stepClaim, bool) {
	if r.extentSaid || r.askedAt >= 0 && r.namesRelation(r.askedAt) {
		// "Which language did the source of X come from": the asked
		// word names a relation of its own, the verb's hop.
		return stepClaim{}, false
	}
	for _, h := range r.hits {
		if h.Kind != words.HitVerb || h.Start < from || h.Concept != noun.concept || h.Concept == words.None || !r.unused(h.Start, h.End) {
			continue
		}
		// The verb's subject is the phrase: its answers play the other
		// role, as the noun's do.
		if h.Role.Other() != noun.answers {
			continue
		}
		for p := h.Start; p < h.End; p++ {
			r.used[p] = true
		}
		return stepClaim{concept: h.Concept, answers: h.Role.Other(), word: h.Phrase, verb: true}, true
	}
	return stepClaim{}, false
}

// sameAs: "the elements in the same group as Oxygen", "who is on the
// same team as ana", "what shares a duct with F-23": what shares with the
// entity the thing the noun after "same" (or "share a") names. The walk takes the entity's group (the noun's step), then
// what else is in it (the step back); the entity itself is no answer.
func (r *reader) sameAs() *claim {
	if c := r.sharesPossessed(); c != nil {
		return c
	}
	w := r.st.words
	for i := 0; i+3 < len(w); i++ {
		// "the same N as E", or "share(s) a N with E".
		at, link := i+1, "as"
		switch {
		case w[i] == "same":
		case words.IsForm(w[i], "share"):
			at, link = r.skip(i+1), "with"
		default:
			continue
		}
		step, end, ok := r.nounStep(at)
		if ok && step.rels == nil && step.concept != words.None && !r.hasConcept(step.concept) {
			ok = false // "team" of membership, where nothing is a member of anything
		}
		if !ok {
			step, end, ok = r.typeValueStep(at, link)
		}
		from := i
		if !ok {
			// "drove for the same team as X": the verb before names the
			// relation, the noun only what it reaches.
			step, from, ok = r.verbBeforeSame(i)
			end = at + 1
		}
		if !ok || end >= len(w) || w[end] != link || step.empty() {
			continue
		}
		k := r.skip(end + 1)
		if k >= len(w) || r.entAt[k] < 0 {
			continue
		}
		e := r.entAt[k]
		back := step
		back.answers = step.answers.Other()
		c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentDirect, extentSaid: true, steps: []stepClaim{step, back}, shared: true}
		if r.asksYesNo() {
			// "Is alice in the same team as gina?": whether alice is
			// among them.
			for o := range r.ents {
				if o != e {
					c.target = o
					break
				}
			}
		}
		for p := from; p <= k; p++ {
			r.used[p] = true
		}
		if link == "with" {
			// "share an extension with X": the verb is read too.
			c.why = append(c.why, fmt.Sprintf("%q: the same %s as %s", w[i], step.word, r.ents[e].Name))
		} else {
			c.why = append(c.why, fmt.Sprintf("the same %s as %s", step.word, r.ents[e].Name))
		}
		return c
	}
	return nil
}

// verbBeforeSame returns the step of the relation a verb names right
// before "the same" at stream position i ("drove for the same team as X"),
// and where the verb starts.
func (r *reader) verbBeforeSame(i int) (stepClaim, int, bool) {
	end := i
	if end > 0 && isArticle(r.st.words[end-1]) {
		end--
	}
	for _, h := range r.rhits {
		if h.end != end {
			continue
		}
		answers := words.Second
		if h.inverse {
			answers = words.First
		}
		return stepClaim{concept: words.None, rels: []*relInfo{h.rel}, answers: answers, word: strings.Join(r.st.words[h.start:h.end], " "), verb: true}, h.start, true
	}
	return stepClaim{}, 0, false
}

// typeValueStep: "released in the same year as docker": the noun at j
// names a type (Year), not a relation, and the one relation between the
// kind of the entity after link and that type is the step, from the
// entity to its value.
func (r *reader) typeValueStep(j int, link string) (stepClaim, int, bool) {
	w := r.st.words
	if j+1 >= len(w) || w[j+1] != link {
		return stepClaim{}, j, false
	}
	t := r.typeNamed(w[j])
	k := r.skip(j + 2)
	if t == "" || k >= len(w) || r.entAt[k] < 0 {
		return stepClaim{}, j, false
	}
	et := r.ents[r.entAt[k]].Type
	var found *relInfo
	answers := words.Second
	for _, ri := range r.rels {
		fwd := slices.Contains(ri.def.From, et) && slices.Contains(ri.def.To, t)
		back := slices.Contains(ri.def.To, et) && slices.Contains(ri.def.From, t)
		if !fwd && !back {
			continue
		}
		if found != nil || fwd && back {
			return stepClaim{}, j, false // more than one way: the words must say which
		}
		found = ri
		if answers = ri.subject.Other(); back {
			answers = ri.subject
		}
	}
	if found == nil {
		return stepClaim{}, j, false
	}
	return stepClaim{concept: found.concept, rels: []*relInfo{found}, answers: answers, word: w[j]}, j + 1, true
}

// position: "downstream of X", "everyone under dana", "upstream of X".
func (r *reader) position() *claim {
	for i := range r.st.words {
		var hs []words.Hit
		for _, h := range r.hitsAt(i) {
			if h.Kind == words.HitPosition {
				hs = append(hs, h)
			}
		}
		if len(hs) == 0 {
			continue
		}
		end := hs[0].End
		j := end
		// "the upstream tasks of X": up to two words naming the asked
		// kind may stand between the position and its preposition.
		var between []int
		for k := j; k < len(r.st.words) && k <= end+2 && r.entAt[k] < 0; k++ {
			if w := r.st.words[k]; w == "of" || w == "from" || w == "to" {
				for b := j; b < k; b++ {
					between = append(between, b)
				}
				j = k
				break
			}
		}
		if j < len(r.st.words) && (r.st.words[j] == "of" || r.st.words[j] == "from" || r.st.words[j] == "to") {
			j++
		}
		j = r.skip(j)
		if j >= len(r.st.words) || r.entAt[j] < 0 {
			if c := r.strandedPosition(hs, i, j); c != nil {
				return c
			}
			continue
		}
		e := r.entAt[j]
		h, ok := r.pickConcept(hs, e)
		if !ok {
			continue
		}
		c := r.closureClaim(e, stepClaim{concept: h.Concept, answers: h.Role, word: h.Phrase})
		// "Is frank under dana?": is the entity before reached from the
		// one after?
		for b := i - 1; b >= 0 && b >= i-3; b-- {
			if t := r.entAt[b]; t >= 0 && t != e {
				c.target = t
				break
			}
		}
		for p := i; p <= j; p++ {
			r.used[p] = !slices.Contains(between, p) // the kind words are the asked kind's to read
		}
		c.why = append(c.why, fmt.Sprintf("%q %s", h.Phrase, r.ents[e].Name))
		return c
	}
	return nil
}

// strandedPosition: "What is core__patient upstream of?", "Which models
// is X on top of?": the entity before a position phrase whose
// preposition ends the question plays the position's role; the answers,
// which the question asks first, play the other. hs are the position's
// hits at stream position i, and the question's words end at j.
func (r *reader) strandedPosition(hs []words.Hit, i, j int) *claim {
	w := r.st.words
	at := i - 1
	if at > 0 && r.entAt[at] < 0 && words.ClassOf(w[at]).Has(words.Be) {
		at-- // "does X sit on top of": a verb of being after the entity
	}
	if j < len(w) || !slices.Contains([]string{"of", "from", "to"}, w[len(w)-1]) || at < 0 || r.entAt[at] < 0 {
		return nil
	}
	e := r.entAt[at]
	if !slices.ContainsFunc(w[:i], func(x string) bool { return words.ClassOf(x).Has(words.Be | words.Aux) }) {
		return nil
	}
	h, ok := r.pickConcept(hs, e)
	if !ok {
		return nil
	}
	c := r.closureClaim(e, stepClaim{concept: h.Concept, answers: h.Role.Other(), word: h.Phrase})
	for p := i; p < len(w); p++ {
		r.used[p] = true
	}
	c.why = append(c.why, fmt.Sprintf("%s %q it", r.ents[e].Name, h.Phrase))
	return c
}

// closureClaim is the claim of step st from entity e, walked as far as
// it goes unless the question said how far: a position ("everything
// under X") and a purpose ("for X to work") say the closure.
func (r *reader) closureClaim(e int, st stepClaim) *claim {
	c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentTransitive, extentSaid: true, steps: []stepClaim{st}}
	if r.extentSaid {
		c.extent = r.extent
	}
	return c
}

// pickConcept chooses among hits of one span for different concepts, for a
// walk from entity ent: a concept with a relation that can start at ent
// before one without, and the concept another phrase of the question names
// before the others, among those the graph has ("everyone under hana" is
// reporting when hana has a reports_to fact, even if the graph also holds
// a dependency).
func (r *reader) pickConcept(hs []words.Hit, ent int) (words.Hit, bool) {
	named := map[words.Concept]bool{}
	for _, h := range r.hits {
		if h.Kind != words.HitPosition {
			named[h.Concept] = true
		}
	}
	for _, tier := range []func(words.Hit) bool{
		func(h words.Hit) bool { return named[h.Concept] && r.conceptTouches(h.Concept, ent) },
		func(h words.Hit) bool { return r.conceptTouches(h.Concept, ent) },
		func(h words.Hit) bool { return named[h.Concept] },
		func(words.Hit) bool { return true },
	} {
		for _, h := range hs {
			if r.hasConcept(h.Concept) && tier(h) {
				return h, true
			}
		}
	}
	return words.Hit{}, false
}

// conceptTouches reports whether a relation of concept c can have entity
// ent at one of its ends, by the schema's endpoint types (true when either
// is unknown).
func (r *reader) conceptTouches(c words.Concept, ent int) bool {
	t := r.ents[ent].Type
	for _, ri := range r.rels {
		if ri.concept != c {
			continue
		}
		if t == "" || len(ri.def.From) == 0 || len(ri.def.To) == 0 || slices.Contains(ri.def.From, t) || slices.Contains(ri.def.To, t) {
			return true
		}
	}
	return false
}

// stepLinks reports whether a relation of step (its own, or its
// concept's) links types a and b, either way; an end of no known type
// links anything, and so does a step of no concept whose relations the
// types will choose. An entity that is another's name (Hg, a Symbol of
// an Element) links as what it names too.
func (r *reader) stepLinks(step stepClaim, a, b string) bool {
	rels := step.rels
	if rels == nil && step.concept == words.None {
		return true // the types choose its relation (ofKinds)
	}
	if rels == nil {
		rels = r.conceptRels(step.concept)
	}
	as := []string{a}
	for _, ri := range r.namingRels() {
		if slices.Contains(ri.def.To, a) {
			as = append(as, ri.def.From...) // Hg, a Symbol, names an Element
		}
	}
	for _, ri := range rels {
		from, to := ri.def.From, ri.def.To
		if a == "" || len(from) == 0 || len(to) == 0 {
			return true
		}
		for _, a := range as {
			if slices.Contains(from, a) && slices.Contains(to, b) || slices.Contains(from, b) && slices.Contains(to, a) {
				return true
			}
		}
	}
	return false
}

// relsReaching returns the relations of the step's concept that link
// things of types a and b (stepLinks of each alone), or nil (every
// relation of the concept) where all or none do.
func (r *reader) relsReaching(step stepClaim, a, b string) []*relInfo {
	all := r.conceptRels(step.concept)
	var out []*relInfo
	for _, ri := range all {
		one := step
		one.rels = []*relInfo{ri}
		if r.stepLinks(one, a, b) {
			out = append(out, ri)
		}
	}
	if len(out) == 0 || len(out) == len(all) {
		return nil
	}
	return out
}

func (r *reader) hasConcept(c words.Concept) bool {
	return slices.ContainsFunc(r.rels, func(ri *relInfo) bool { return r.walks(ri, c) })
}

// walks reports whether a concept-wide step of concept c walks ri: a
// relation of the concept, an optional one only when the question asks
// for optional ones.
func (r *reader) walks(ri *relInfo, c words.Concept) bool {
	return ri.concept == c && (!ri.def.Optional || r.optional)
}

// conceptRels returns the relations a concept-wide step of c walks.
func (r *reader) conceptRels(c words.Concept) []*relInfo {
	var out []*relInfo
	for _, ri := range r.rels {
		if r.walks(ri, c) {
			out = append(out, ri)
		}
	}
	return out
}

// namedRels returns the relations of concept c whose names say the act
// the verb specific says ("call" names CALLS and OPTIONALLY_CALLS),
// optional ones included: "what does X recommend" asks for the optional
// relation itself.
func (r *reader) namedRels(c words.Concept, specific string) []*relInfo {
	var out []*relInfo
	for _, ri := range r.rels {
		if ri.concept == c && words.SameAct(ri.phrase, specific) {
			out = append(out, ri)
		}
	}
	return out
}

// hasObject reports whether the verb at token k takes an entity for its
// object, right after it or after a determiner ("drop Potato", "kill the
// Night King"): failure is said without one ("if X drops").
func (r *reader) hasObject(k int) bool {
	for j := k + 1; j < len(r.toks); j++ {
		if r.toks[j].entity >= 0 {
			return true
		}
		if !wordsClassOf(r.toks[j].text).Has(words.Article | words.Det) {
			return false
		}
	}
	return false
}

// failure: "what breaks if X goes down", "an outage of X", "affected by
// X", "what affects X". Where the only failure word names a relation of
// the graph ("who killed X"), it makes no claim and returns the word's
// position (-1 otherwise).
func (r *reader) failure() (*claim, int) {
	usedBefore := slices.Clone(r.used)
	v := r.failureCues()
	// Where every cue is a word of a relation's name ("who killed X"
	// where the graph has killed), the question asks for that relation:
	// its word is left for the readings to walk, and returned.
	if v.found && !v.cued {
		copy(r.used, usedBefore)
		return nil, firstTaken(v.claimed, r.extentTok)
	}
	if !v.found || !r.hasConcept(words.Dependency) {
		return nil, -1
	}
	cause, affected := v.causeAndAffected(len(r.ents))
	return r.failureClaim(cause, affected), -1
}

// failureVotes are what the failure cues of a question say: each entity's
// votes (+1 for each cue naming it the cause, -1 the affected), the
// entities a failure verb follows in a conditional clause ("if X slips")
// and in the main clause ("would Y be delayed"), the tokens the cues
// took, whether any was found, and whether any is no word of a relation's
// name.
type failureVotes struct {
	role                   map[int]int
	condition, consequence map[int]bool
	claimed                []bool
	found, cued            bool
}

// failureCue is a group of failure cues, the test of whether a cue of n
// words at token at plays the group's part there (nil: always), and the
// votes it casts.
type failureCue struct {
	cs   []cue
	fits func(at, n int) bool
	vote func(at, n int)
}

// failureCues finds the failure cues of the question and their votes.
// Each token serves one cue: the extent cues took theirs ("all the way
// down" is not a failure), and the groups go in order, so that "affected
// by X" is not also read as "<cause> affects X".
func (r *reader) failureCues() *failureVotes {
	v := &failureVotes{role: map[int]int{}, condition: map[int]bool{}, consequence: map[int]bool{},
		claimed: append([]bool(nil), r.extentTok...)}
	for k, in := range r.kindNameTok {
		v.claimed[k] = v.claimed[k] || in // "cause of death": no failure
	}
	for _, group := range r.failureCueGroups(v) {
		cs := append([]cue(nil), group.cs...)
		sort.SliceStable(cs, func(i, j int) bool { return len(cs[i].words) > len(cs[j].words) })
		for _, c := range cs {
			for _, at := range c.find(r.toks) {
				if group.fits != nil && !group.fits(at, len(c.words)) {
					continue
				}
				if r.takeCue(v, at, len(c.words)) {
					group.vote(at, len(c.words))
					if !r.relationWordAt(at) {
						v.cued = true
					}
				}
			}
		}
	}
	return v
}

// takeCue claims the n tokens at at for a cue and marks them read, or
// reports false where another cue took one of them.
func (r *reader) takeCue(v *failureVotes, at, n int) bool {
	if slices.Contains(v.claimed[at:at+n], true) {
		return false
	}
	for k := at; k < at+n; k++ {
		v.claimed[k] = true
		if p := r.streamPos(k); p >= 0 {
			r.used[p] = true
		}
	}
	v.found = true
	return true
}

// failureCueGroups returns the groups of failure cues, in the order they
// are read, each voting into v.
func (r *reader) failureCueGroups(v *failureVotes) []failureCue {
	return []failureCue{
		// "removing X" — but not "if X is removed", where no entity
		// follows: a later group reads the word.
		// Nor "if db were lost (is gone), would web break": a verb after
		// "be" names the entity before it.
		{failureOfCues, func(at, n int) bool {
			w := r.toks[at].text
			return r.entityAfter(at+n) >= 0 && !(n == 1 && at > 0 && words.ClassOf(r.toks[at-1].text).Has(words.Be|words.Get) && w != "without")
		}, func(at, n int) {
			if e := r.entityAfter(at + n); e >= 0 {
				v.role[e]++
			}
		}},
		// "if X breaks" — but not "what does X break" where the graph has
		// a relation of that name: there the word is the relation's verb.
		// Nor "Who isolated X?", "first isolated by X": the verb's
		// subject is asked, or its agent named, so the word is an act
		// done to X or by X, not X failing.
		{failsCues, func(at, n int) bool { return !r.auxiliaryVerb(at) && !r.markAct(at, n) }, func(at, n int) {
			if e := r.entityBefore(at); e >= 0 {
				v.role[e]++
				if r.conditional(at) {
					v.condition[e] = true
				} else {
					v.consequence[e] = true
				}
			}
		}},
		// A failure noun names the failing entity right before it.
		{failureNouns, func(at, _ int) bool { return at > 0 && r.toks[at-1].entity >= 0 }, func(at, n int) {
			v.role[r.toks[at-1].entity]++
		}},
		// An active causal verb: "X affects Y". Its participle is not
		// active ("is Y affected if X goes down"): a consequence word.
		{causeCues, func(at, _ int) bool { return !participle(r.toks[at].text) }, func(at, n int) {
			if e := r.entityBefore(at); e >= 0 {
				v.role[e]++
			}
			if e := r.entityAfter(at + n); e >= 0 {
				v.role[e]--
			}
		}},
		{consequenceCues, func(at, _ int) bool { return !r.auxiliaryVerb(at) }, func(int, int) {}},
	}
}

// markAct reports whether the failure cue of n tokens at at is said as
// an act with its agent (actWithAgent), and marks its tokens so.
func (r *reader) markAct(at, n int) bool {
	if !r.actWithAgent(at, n) {
		return false
	}
	if r.actTok == nil {
		r.actTok = map[int]bool{}
	}
	for k := at; k < at+n; k++ {
		r.actTok[k] = true
	}
	return true
}

// actWithAgent reports whether the failure cue of n tokens at at is said
// of an agent: right after the wh-word asking its subject, with an entity
// after it ("Who isolated Nitrogen?"), or with "by" and an entity after it
// ("elements isolated by Mosander").
func (r *reader) actWithAgent(at, n int) bool {
	if p := r.streamPos(at); p < 0 || slices.ContainsFunc(r.hits, func(h words.Hit) bool { return h.Start <= p && p < h.End }) {
		return false // a concept phrase reads the word ("Who left the docs team?": leave, membership)
	}
	end := at + n
	if end < len(r.toks) && r.toks[end].text == "by" && r.objectAt(end+1) {
		return true
	}
	prev := at - 1
	for prev >= 0 && (r.toks[prev].adverb || words.ClassOf(r.toks[prev].text).Has(words.Time)) {
		prev-- // "Who first isolated X?"
	}
	return prev >= 0 && (r.toks[prev].text == "who" || r.toks[prev].text == "what") && r.entityBefore(at) < 0 && r.objectAt(end)
}

// objectAt reports whether an entity is the object right at token k, past
// articles ("Who isolated the X"; not "What goes offline if X fails?").
func (r *reader) objectAt(k int) bool {
	for k < len(r.toks) && isArticle(r.toks[k].text) {
		k++
	}
	return k < len(r.toks) && r.toks[k].entity >= 0
}

// causeAndAffected returns, of n entities, the one the votes name the
// cause (the most votes) and the first they name affected, -1 where
// none. "Would Y be delayed if X slipped?": X fails in the condition, Y
// in the consequence.
func (v *failureVotes) causeAndAffected(n int) (cause, affected int) {
	if len(v.condition) > 0 {
		for e := range v.consequence {
			if !v.condition[e] {
				v.role[e] -= 2
			}
		}
	}
	cause, affected = -1, -1
	for e := range n {
		switch votes := v.role[e]; {
		case votes > 0 && (cause < 0 || votes > v.role[cause]):
			cause = e
		case votes < 0 && affected < 0:
			affected = e
		}
	}
	return cause, affected
}

// failureClaim makes the claim of a failure of cause (-1: not named) that
// affects affected (-1: not named).
func (r *reader) failureClaim(cause, affected int) *claim {
	c := &claim{target: -1, conf: 1, extent: state.ExtentTransitive, extentSaid: true}
	if r.extentSaid {
		c.extent = r.extent
	}
	if cause >= 0 {
		// "if X and Y go down": both fail; what is affected by either.
		if co := r.coordinated(cause); len(co) > 0 && (affected < 0 || slices.Contains(co, affected)) {
			c.anchor, c.also, c.impact = cause, co, true
			c.steps = []stepClaim{{concept: words.Dependency, answers: words.First, word: "affected", failure: true}}
			c.why = append(c.why, fmt.Sprintf("what fails if %s fails", r.entityList(cause, co)))
			r.unionDoubt(c, false)
			return c
		}
	}
	other := affected
	if other < 0 {
		other = 0 // the first entity that is not the cause
		if cause == 0 {
			other = 1
		}
	}
	switch {
	case cause >= 0 && len(r.ents) > 1 && !r.kindSaidByEntity(other, true):
		// Is the other entity affected by the cause? Walk from it toward
		// what it needs until the cause is reached.
		c.anchor, c.target = other, cause
		c.steps = []stepClaim{{concept: words.Dependency, answers: words.Second, word: "affected by", failure: true}}
		c.extent, c.extentSaid = state.ExtentTransitive, true
		c.why = append(c.why, fmt.Sprintf("is %s affected by %s", r.ents[other].Name, r.ents[cause].Name))
	case cause >= 0 || affected < 0:
		if cause < 0 {
			cause = r.mainEntity()
		}
		c.anchor, c.impact = cause, true
		c.steps = []stepClaim{{concept: words.Dependency, answers: words.First, word: "affected", failure: true}}
		c.why = append(c.why, fmt.Sprintf("what fails if %s fails", r.ents[cause].Name))
	default:
		// "What could take X down?": what X depends on.
		c.anchor = affected
		c.steps = []stepClaim{{concept: words.Dependency, answers: words.Second, word: "affect"}}
		c.why = append(c.why, fmt.Sprintf("what could affect %s", r.ents[affected].Name))
	}
	return c
}

// conditional reports whether the failure verb at token at is in a
// conditional clause ("... if X slipped", "when X goes down", "should X
// fail"): a subordinator before it, and no word that opens a main clause
// ("would", "what") in between.
func (r *reader) conditional(at int) bool {
	for k := at - 1; k >= 0; k-- {
		w := r.toks[k].text
		if subordinators.Has(w) || (k == 0 && w == "should") {
			return true
		}
		if mainClauseWords.Has(w) {
			return false
		}
	}
	return false
}

var (
	// subordinators open a conditional clause.
	subordinators = words.Set("subordinators")
	// mainClauseWords open a question's main clause.
	mainClauseWords = words.Set("main-clause-words")
)

// prepositionWords may stand between a relation's verb and its object
// when the relation's name has none ("conflict with").
var prepositionWords = words.Set("preposition-words")

// peerAdjectives, said before "to", name an entity's peers ("next to").
var peerAdjectives = words.Set("peer-adjectives")

// routeWords say that the relation named after them is the one walked
// ("through allOf").
var routeWords = words.Set("route-words")

// auxiliaryVerb reports whether the word at token at is the main verb of a
// "what does X <verb>" question and names a relation of the graph: the
// entity right before it, an auxiliary right before the entity.
func (r *reader) auxiliaryVerb(at int) bool {
	if at < 2 || r.toks[at-1].entity < 0 {
		return false
	}
	switch r.toks[at-2].text {
	case "does", "do", "did", "will", "would", "can", "could", "should", "might", "may":
	default:
		return false
	}
	p := r.streamPos(at)
	for _, h := range r.rhits {
		if p >= h.start && p < h.end {
			return true
		}
	}
	return false
}

// purpose: "which packages must be present for X to work?", "what is
// needed for X to run": what X depends on. The words around the clause
// ("present", "installed", "needed") say only that.
func (r *reader) purpose() *claim {
	if !r.hasConcept(words.Dependency) {
		return nil
	}
	w := r.st.words
	for i := 0; i+3 < len(w); i++ {
		if w[i] != "for" || r.entAt[i+1] < 0 {
			continue
		}
		k := i + 1
		for k < len(w) && r.entAt[k] == r.entAt[i+1] {
			k++
		}
		if k+1 >= len(w) || w[k] != "to" || !words.ClassOf(w[k+1]).Has(words.PurposeVerb) {
			continue
		}
		e := r.entAt[i+1]
		// For X to work, everything it needs must be there, however far:
		// the purpose says the closure.
		c := r.closureClaim(e, stepClaim{concept: words.Dependency, answers: words.Second, word: "needed for"})
		c.why = append(c.why, fmt.Sprintf("what %s needs to %s", r.ents[e].Name, w[k+1]))
		for p := range w {
			if p == i || p == k || p == k+1 || purposeWords.Has(w[p]) {
				r.used[p] = true
			}
		}
		return c
	}
	return nil
}

// cannotWithout: "what can't X live without", "which services can X not
// run without": what X needs, however far (a purpose, said negatively).
// Read before the failure cues, where "without Y" names a failing Y.
func (r *reader) cannotWithout() *claim {
	if !r.hasConcept(words.Dependency) {
		return nil
	}
	w := r.st.words
	for j := 2; j < len(w); j++ {
		if w[j] != "without" || !(words.ClassOf(w[j-1]).Has(words.PurposeVerb) || words.ClassOf(w[j-1]).Has(words.LifeVerb)) || !words.ClassOf(w[j-2]).Has(words.Neg) {
			continue
		}
		e := -1
		for k := j - 3; k >= 0 && k >= j-6 && e < 0; k-- {
			e = r.entAt[k]
		}
		if e < 0 || (j+1 < len(w) && r.entAt[j+1] >= 0) {
			continue
		}
		c := r.closureClaim(e, stepClaim{concept: words.Dependency, answers: words.Second, word: "needed for"})
		c.why = append(c.why, fmt.Sprintf("what %s cannot %s without", r.ents[e].Name, w[j-1]))
		for p := j - 2; p <= j; p++ {
			r.used[p] = true
		}
		for p := j - 6; p < j-2; p++ {
			if p >= 0 && (words.ClassOf(w[p]).Has(words.Neg) || modalVerb(w[p])) {
				r.used[p] = true
			}
		}
		return c
	}
	return nil
}

// modalVerb reports whether w is a finite modal or form of do
// (classes.txt: finite, with modal or aux). With a negation (words.Neg:
// "not", "never", or a contraction the tokenizer keeps as one word,
// "doesnt") and a life verb (words.LifeVerb) it makes "can't live
// without". A contraction may stand before the subject ("what doesn't X
// call"): contracted tells those.
func modalVerb(w string) bool {
	c := words.ClassOf(w)
	return c.Has(words.Finite) && c.Has(words.Modal|words.Aux)
}

// contracted reports whether w is a negation the tokenizer kept as one
// word ("doesnt"), not "not" or "never".
func contracted(w string) bool {
	return words.ClassOf(w).Has(words.Neg) && w != "not" && w != "never"
}

// purposeWords say that something is needed, around a purpose clause.
var purposeWords = words.Set("purpose-words")

// streamPos maps a token position to its stream position, or -1 for a
// skipped adverb.
func (r *reader) streamPos(tok int) int {
	for i, at := range r.st.at {
		if at == tok {
			return i
		}
	}
	return -1
}

// firstTaken returns the first token claimed by a cue that no extent cue
// took.
func firstTaken(claimed, extent []bool) int {
	for k := range claimed {
		if claimed[k] && !extent[k] {
			return k
		}
	}
	return 0
}

// relationWordAt reports whether token tok is a word of a phrase that
// names one of the graph's relations of no known kind ("killed" where the
// graph has a relation killed): there it is that relation's verb, not a
// cue of failure. A relation whose name reads a dependency ("breaks",
// "affects") is the failure's own.
func (r *reader) relationWordAt(tok int) bool {
	p := r.streamPos(tok)
	return p >= 0 && slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start <= p && p < h.end && h.rel.concept == words.None })
}

// entityBefore returns the entity of the nearest token before tok, within
// a few words ("if X goes down", "X is compromised"), or -1.
func (r *reader) entityBefore(tok int) int {
	for k := tok - 1; k >= 0 && k >= tok-4; k-- {
		if e := r.toks[k].entity; e >= 0 {
			return e
		}
	}
	return -1
}

// entityAfter returns the entity of the nearest token at or after tok,
// within a few words ("an outage of the X"), or -1.
func (r *reader) entityAfter(tok int) int {
	for k := tok; k < len(r.toks) && k <= tok+3; k++ {
		if e := r.toks[k].entity; e >= 0 {
			return e
		}
	}
	return -1
}

// askedTypeAt reports whether the asked noun, one of the graph's types,
// lies in stream positions [start, end): "Which building is ..." over a
// type Building asks for buildings, and "building" is no verb there.
func (r *reader) askedTypeAt(start, end int) bool {
	return start <= r.askedAt && r.askedAt < end && r.typeNamedAt(r.askedAt) != ""
}

// namedByObject returns the relations of concept c whose names carry one
// of the content words of a gapped verb's object, or nil.
func (r *reader) namedByObject(c words.Concept, object []string) []*relInfo {
	var out []*relInfo
	for _, w := range object {
		if skippable.Has(w) || functionWord(w) {
			continue
		}
		stem := text.Stem(w)
		for _, ri := range r.rels {
			if ri.concept != c || slices.Contains(out, ri) {
				continue
			}
			for _, nw := range nameWords(ri.def.Name) {
				if text.Stem(nw) == stem {
					out = append(out, ri)
					break
				}
			}
		}
	}
	return out
}

// verb: "which packages depend on X", "what does X use", "who reports to
// bob", "what is required by X", "does X depend on Y". The first verb hit,
// by position, with an entity before or after it that its concept can
// start from makes the claim.
func (r *reader) verb() *claim {
	vs := r.verbHits()
	for _, v := range vs {
		passive := r.passiveVerb(v)
		before, after := r.entitiesAround(v, passive)
		if after < 0 && !passive {
			if c := r.objectThroughNoun(v, before); c != nil {
				r.markUsed(v.start, v.end)
				r.setExtent(c)
				return c
			}
		}
		if after < 0 && before < 0 {
			continue
		}
		// Of the concepts the same words can name, one whose relations
		// can start at the entity first ("who manages X": ownership for a
		// dataset, reporting for a person).
		from := before
		if from < 0 || (after >= 0 && before == after) {
			from = after
		}
		if !r.conceptTouches(v.step.concept, from) && r.sameSpanTouches(vs, v, from) {
			continue
		}
		if kind, e, _, _ := r.kindOfEntityAt(r.skip(v.end)); kind != "" && e == after && kind != r.ents[e].Type {
			// "work at Berlin organisations": the organisations, not
			// Berlin (verbOnKindOf).
			continue
		}
		c := r.verbClaim(v, before, after, passive)
		r.joinCoordinatedVerb(c, vs, v)
		if c.target < 0 {
			r.joinCoordinated(c, after >= 0 && c.anchor == after && !passive)
		}
		if v.guess != "" {
			c.conf = min(c.conf, 0.7)
			c.guess = append(c.guess, v.guess)
		}
		r.markUsed(v.start, v.end)
		if c.target < 0 {
			r.relativeClause(c, vs, v, before, after)
		}
		r.setExtent(c)
		r.otherMeanings(c, vs, v)
		return c
	}
	return nil
}

// relationNounClause reads a relation named as the noun a thing has,
// which a relative clause says is an entity: "Which schemas have a
// property that is OpenAIFile?" asks for the schemas whose properties
// hold OpenAIFile, as "Which schemas have OpenAIFile as a property?" does.
// A verb in the clause other than "be" ("a property that uses X") says
// how the value is that entity, which the relation does not tell: a
// guess. nil where the question is not so said.
func (r *reader) relationNounClause() *claim {
	w := r.st.words
	for _, h := range r.rhits {
		if h.inverse || h.end+1 >= len(w) || !relativePronoun(w[h.end]) {
			continue
		}
		b := h.start - 1
		for b >= 0 && words.ClassOf(w[b]).Has(words.Det|words.Article|words.Quantifier) {
			b--
		}
		if b < 0 || !words.ClassOf(w[b]).Has(words.Have) {
			continue
		}
		at := h.end + 1
		for at < len(w) && at <= h.end+4 && r.entAt[at] < 0 && !slices.ContainsFunc(r.rhits, func(o relHit) bool { return o.start <= at && at < o.end }) {
			at++
		}
		if at >= len(w) || r.entAt[at] < 0 || slices.ContainsFunc(r.entAt[at:], func(e int) bool { return e != r.entAt[at] }) {
			continue // the clause ends the question with its entity
		}
		e := r.entAt[at]
		verb := w[h.end+1 : at]
		c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentDirect, extentSaid: true,
			steps: []stepClaim{{concept: h.rel.concept, rels: r.samePhrase(h.rel), answers: h.rel.subject, word: strings.Join(w[h.start:h.end], " ")}}}
		said := strings.Join(verb, " ")
		if !slices.ContainsFunc(verb, func(v string) bool { return words.ClassOf(v).Has(words.Be) }) {
			c.conf = 0.75
			c.guess = append(c.guess, fmt.Sprintf("%q read as the %s being %s", said, c.steps[0].word, r.ents[e].Name))
		}
		c.why = append(c.why, fmt.Sprintf("what has a %s that %s %s", c.steps[0].word, said, r.ents[e].Name))
		r.markUsed(b, at)
		return c
	}
	return nil
}

// objectThroughNoun reads a verb whose object is a noun phrase naming no
// relation, said with a preposition before an entity: "Who conducted
// works by Tchaikovsky?", "Did Dudamel conduct any work by Mahler?". The
// noun phrase's things are the verb's objects, linked to the entity by the
// one relation between their kind and the entity's (composerName, from
// the works conductorName starts at to the composer Tchaikovsky is): the
// entity, then that relation, then the verb; or, asked yes or no of the
// entity before the verb, the verb, then that relation to the entity.
// nil where the phrase is not there, the kinds are not known, or no or
// several relations link them.
func (r *reader) objectThroughNoun(v verbHit, before int) *claim {
	yesNo := before >= 0 && r.asksYesNo()
	// The verb's subject is said right before it: the wh-word or the
	// asked noun ("Who conducted", "Which pianists played"), or, asked
	// yes or no, the entity before it ("Did Dudamel conduct").
	if at := v.start - 1; at < 0 || v.start == r.askedAt || !yesNo && (before >= 0 || !whWords.Has(r.st.words[at]) && at != r.askedAt) || yesNo && r.entAt[at] != before {
		return nil
	}
	k := r.skip(v.end)
	p := k
	for p < len(r.st.words) && r.entAt[p] < 0 && !words.ClassOf(r.st.words[p]).Has(words.Prep) {
		if w := r.st.words[p]; strings.HasSuffix(w, "ed") || words.ClassOf(w).Has(clauseWords) {
			return nil // a clause of its own ("vehicles made by X", "that were found by X")
		}
		p++
	}
	if p == k || p+1 >= len(r.st.words) || r.relationNamedIn(k, p) {
		return nil
	}
	at := r.skip(p + 1)
	if at >= len(r.st.words) || r.entAt[at] < 0 || (yesNo && r.entAt[at] == before) {
		return nil
	}
	e := r.entAt[at]
	objRole := v.subject.Other()
	var objKinds []string
	for _, ri := range r.verbRels(v) {
		objKinds = append(objKinds, ri.ends(ri.toward(objRole))...)
	}
	link, d, ok := r.soleLinkOf(r.ents[e].Type, objKinds, r.verbRels(v))
	if !ok {
		return nil
	}
	entRole := link.answersAt(d) // the role the entity plays in link
	st := v.step
	st.verb = true
	phrase := strings.Join(r.st.words[k:p+1], " ")
	// The noun may name some of the things the relation reaches
	// ("symphonies by Mahler"), which the kinds cannot tell: a guess.
	c := &claim{anchor: e, target: -1, conf: 0.75, extent: state.ExtentDirect, extentSaid: true,
		guess: []string{fmt.Sprintf("%q read as %s, the one relation between a %s and the things %q acts on", phrase, link.def.Name, r.ents[e].Type, st.word)}}
	bridge := stepClaim{concept: words.None, rels: []*relInfo{link}, answers: entRole.Other(), word: strings.Join(r.st.words[k:p], " ")}
	if yesNo {
		c.anchor, c.target = before, e
		st.answers = objRole
		bridge.answers = entRole
		c.steps = []stepClaim{st, bridge}
		c.why = append(c.why, fmt.Sprintf("does %s %s %s %s", r.ents[before].Name, st.word, phrase, r.ents[e].Name))
	} else {
		st.answers = v.subject
		c.steps = []stepClaim{bridge, st}
		c.why = append(c.why, fmt.Sprintf("what %s %s %s", st.word, phrase, r.ents[e].Name))
	}
	r.markUsed(k, at)
	return c
}

// clauseWords are the classes of words that open or carry a clause.
const clauseWords = words.Be | words.Aux | words.Have | words.Modal | words.Wh | words.RelPron | words.Conj

// relationNamedIn reports whether a relation name or concept phrase is
// said at a stream position in start..end-1.
func (r *reader) relationNamedIn(start, end int) bool {
	return slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start < end && h.end > start }) ||
		slices.ContainsFunc(r.hits, func(h words.Hit) bool { return h.Start < end && h.End > start })
}

// soleLinkOf returns the one relation but those of not that links one of
// the kinds others to kind t (Schema.LinksBetween), and the direction that
// walks it from them to t; ok is false where t is not known or none or
// several do.
func (r *reader) soleLinkOf(t string, others []string, not []*relInfo) (*relInfo, graph.Direction, bool) {
	if t == "" {
		return nil, 0, false
	}
	var sole *relInfo
	var d graph.Direction
	for _, l := range r.s.LinksBetween(others, t) {
		ri := r.relNamed(l.Relation)
		if ri == nil || slices.Contains(not, ri) {
			continue
		}
		if sole != nil {
			return nil, 0, false
		}
		sole, d = ri, l.Direction
	}
	return sole, d, sole != nil
}

// coordinatedVerb returns the verb joined to v by "or" or "and" right
// after it, of the same subject ("which packages does X recommend or
// suggest"), and whether there is one: one clause with two verbs, not a
// chain through the second.
func (r *reader) coordinatedVerb(vs []verbHit, v verbHit) (verbHit, bool) {
	if len(r.verbRels(v)) == 0 {
		return verbHit{}, false
	}
	for _, o := range vs {
		if r.joinedTo(v, o) && len(r.verbRels(o)) > 0 && o.subject == v.subject {
			return o, true
		}
	}
	return verbHit{}, false
}

// joinedTo reports whether verb o follows verb v with only "or" or "and"
// between them ("recommend or suggest").
func (r *reader) joinedTo(v, o verbHit) bool {
	return o.start == v.end+1 && v.end < len(r.st.words) && (r.st.words[v.end] == "or" || r.st.words[v.end] == "and")
}

// verbRels returns the relations a verb hit names: those of a relation's
// own name, or those its specific verb names of its concept.
func (r *reader) verbRels(v verbHit) []*relInfo {
	if v.step.rels != nil {
		return v.step.rels
	}
	if v.step.specific != "" {
		return r.namedRels(v.step.concept, v.step.specific)
	}
	// A verb of the concept as a whole ("use"): the relations named by
	// it, if any.
	return r.namedRels(v.step.concept, v.step.word)
}

// joinCoordinatedVerb walks the relations of the verb coordinated with v
// (coordinatedVerb) beside v's in the claim's first step: "recommend or
// suggest" asks for either. "and" may ask for both: read as either, a
// guess.
func (r *reader) joinCoordinatedVerb(c *claim, vs []verbHit, v verbHit) {
	o, ok := r.coordinatedVerb(vs, v)
	if !ok || len(c.steps) == 0 {
		return
	}
	rels := slices.Clone(r.verbRels(v))
	for _, ri := range r.verbRels(o) {
		if !slices.Contains(rels, ri) {
			rels = append(rels, ri)
		}
	}
	c.steps[0].rels, c.steps[0].specific = rels, ""
	r.markUsed(v.end, o.end)
	c.why = append(c.why, fmt.Sprintf("%q and %q: either", v.step.word, o.step.word))
	if r.st.words[v.end] == "and" {
		c.conf *= 0.75
		c.guess = append(c.guess, fmt.Sprintf("%q joins %q and %q: read as either, not as both", "and", v.step.word, o.step.word))
	}
}

// verbHits returns the verbs of the question, from the concept phrases
// and the graph's relation names, by position; on the same words, the
// concept they name as a whole ("belong to" is membership first) before
// the others.
func (r *reader) verbHits() []verbHit {
	var vs []verbHit
	for _, h := range r.hits {
		if h.Kind != words.HitVerb || !r.hasConcept(h.Concept) || r.nounUse(h) || r.askedTypeAt(h.Start, h.End) {
			continue
		}
		st := stepClaim{concept: h.Concept, word: h.Phrase}
		if !h.Generic {
			st.specific = h.Phrase
		}
		// "gets its assets from": the relations named by what is got
		// (SERVES_ASSETS_TO), where the graph has any.
		st.rels = r.namedByObject(h.Concept, h.Object)
		vs = append(vs, verbHit{start: h.Start, end: h.End, step: st, subject: h.Role})
	}
	for _, rh := range r.rhits {
		if slices.ContainsFunc(vs, func(v verbHit) bool { return v.start == rh.start && v.end == rh.end }) {
			continue
		}
		subj := rh.rel.subject
		if rh.inverse != r.roleSaidAsVerb(rh) {
			subj = subj.Other()
		}
		word := strings.Join(r.st.words[rh.start:rh.end], " ")
		vh := verbHit{start: rh.start, end: rh.end, step: stepClaim{concept: rh.rel.concept, rels: r.samePhrase(rh.rel), word: word}, subject: subj, placeNoun: rh.placeNoun}
		if rh.elided {
			vh.guess = fmt.Sprintf("\"where ... %s\" read as %s", word, rh.rel.def.Name)
		}
		vs = append(vs, vh)
	}
	sort.SliceStable(vs, func(i, j int) bool {
		if vs[i].start != vs[j].start {
			return vs[i].start < vs[j].start
		}
		return vs[i].step.specific == "" && vs[j].step.specific != ""
	})
	return vs
}

// isArticle reports whether w is an article ("the", "a", "an").
func isArticle(w string) bool { return words.ClassOf(w).Has(words.Article) }

// roleSaidAsVerb reports whether relation hit h is a relation named by
// one noun of a role someone plays for a thing, said as a verb: "Who
// chairs K8s?" and "Which SIGs does Dmitry chair?" over chair, from a SIG
// to a Person (K8s's chair is who chairs it). The name is one word in its
// base form, no verb the lexicon knows; its objects are people, of other
// kinds than its subjects; and the question inflects it as a verb, or says it
// bare after the entity an auxiliary asks about. The verb's subject is
// then the relation's object.
func (r *reader) roleSaidAsVerb(h relHit) bool {
	name := nameWords(h.rel.def.Name)
	if h.end != h.start+1 || len(name) != 1 || !roleNounName(name[0]) {
		return false
	}
	def := h.rel.def
	if len(def.To) == 0 || len(def.From) == 0 || !allTypes(def.To, words.NamesSomeone) || intersects(def.From, def.To) {
		return false
	}
	w, at := r.st.words, h.start
	if at > 0 && words.ClassOf(w[at-1]).Has(words.Det|words.PossessiveDet) || at+1 < len(w) && w[at+1] == "of" {
		return false // "the chair", "its chair", "chair of": the noun
	}
	if w[at] != name[0] {
		return words.IsForm(w[at], name[0]) // "chairs", "chaired"
	}
	// "Which SIGs does Dmitry chair?": bare after the entity, an
	// auxiliary before it.
	return at > 0 && r.entAt[at-1] >= 0 && slices.ContainsFunc(w[:at], func(x string) bool { return words.ClassOf(x).Has(words.Aux) })
}

// roleNounName reports whether a relation's one-word name may be a noun
// of a role: in its base form (not "chairs", "chaired", "chairing") and
// no word the concepts read (their own senses say which way it runs).
func roleNounName(w string) bool {
	return !inflectedAsVerb(w) && len(words.Lookup([]string{w})) == 0
}

// inflectedAsVerb reports whether a word of a relation's name ends as a
// verb's inflection may: -s, a past form, -ing.
func inflectedAsVerb(w string) bool {
	return strings.HasSuffix(w, "s") || words.PastForm(w) || strings.HasSuffix(w, "ing")
}

// allTypes reports whether f holds for every type of ts.
func allTypes(ts []string, f func(string) bool) bool {
	return !slices.ContainsFunc(ts, func(t string) bool { return !f(t) })
}

// passiveVerb reports whether verb v is read in the passive: "used by X",
// "needed for X" (X needs them), "where is X hosted" (a one-word
// participle after a form of "be"), or a role of the anchor ("X's
// maintainers").
func (r *reader) passiveVerb(v verbHit) bool {
	if v.placeNoun || r.statesRelation(v) {
		return false // "where was X launched": X's launch site
	}
	w := r.st.words
	if v.end < len(w) && (w[v.end] == "by" || (w[v.end] == "for" && participle(w[v.end-1]))) {
		return true
	}
	return (v.end == v.start+1 && participle(w[v.start]) && r.beBefore(v.start)) || r.roleOfAnchor(v.start, v.end)
}

// statesRelation reports whether verb hit v is the participle of a
// relation's own word, after a form of "be" and before a preposition of
// place: "Which languages are grouped under JavaScript?" over
// group says the languages' group, as "located in" says located_in — the
// grammatical subject is the relation's subject, not its object.
func (r *reader) statesRelation(v verbHit) bool {
	w := r.st.words
	if v.end != v.start+1 || len(v.step.rels) == 0 || !participle(w[v.start]) || !r.beBefore(v.start) {
		return false
	}
	if v.end == len(w) {
		// "Where is X located?": "where" stands for the preposition.
		if !r.asksWhere() {
			return false
		}
	} else if next := w[v.end]; !words.ClassOf(next).Has(words.PlacePrep) && next != "under" {
		return false
	}
	name := nameWords(v.step.rels[0].def.Name)
	if head, ok := actHead(name); ok {
		// "Which diseases are located in the lung?" over
		// disease_has_location: the diseases' location.
		return wordsStem(head) == wordsStem(w[v.start])
	}
	return len(name) == 1 && text.Stem(name[0]) == text.Stem(w[v.start])
}

// entitiesAround returns the entity just after verb v (past "by" in the
// passive, or past a preposition: "conflict with X" for a relation named
// "conflicts") and the nearest one at most four words before it, -1
// where there is none.
func (r *reader) entitiesAround(v verbHit, passive bool) (before, after int) {
	after = -1
	k := v.end
	if passive {
		k++
	}
	if k = r.skip(k); k < len(r.st.words) && r.entAt[k] >= 0 {
		after = r.entAt[k]
	} else if k+1 < len(r.st.words) && (prepositionWords.Has(r.st.words[k]) || words.ClassOf(r.st.words[k]).Has(words.PlacePrep)) {
		if j := r.skip(k + 1); j < len(r.st.words) && r.entAt[j] >= 0 {
			after = r.entAt[j]
		}
	}
	before = -1
	reach := 4
	if v.start > 0 && routeWords.Has(r.st.words[v.start-1]) {
		// "Which schemas is X composed from through allOf?": the
		// relation's own name, said after its verb, names the walk
		// from the clause's entity, however far back.
		reach = v.start
	}
	for b := v.start - 1; b >= 0 && b >= v.start-reach; b-- {
		if r.entAt[b] >= 0 {
			before = r.entAt[b]
			break
		}
	}
	return before, after
}

// verbClaim makes the claim of verb v between the entities before and
// after it: whether one reaches the other where both are there, else
// what the verb relates the entity to.
func (r *reader) verbClaim(v verbHit, before, after int, passive bool) *claim {
	subjRole, objRole := v.subject, v.subject.Other()
	if passive {
		// "X is used by Y": Y is the subject of "use".
		subjRole, objRole = objRole, subjRole
	}
	c := &claim{target: -1, conf: 1}
	st := v.step
	st.verb = true
	switch {
	case before >= 0 && after >= 0 && before != after && r.asksOfBoth():
		// "Which songs did Chris Webby release in 2016?", "Which tickets
		// in epic-login block PROJ-3?": a list both entities narrow,
		// not a yes or no: what the verb relates to the entity after
		// it; the one before is left to the plan, a condition on them.
		c.anchor = after
		st.answers = subjRole
		c.conf = 0.75
		c.guess = append(c.guess, fmt.Sprintf("the question asks %q and names both %s and %s: read as what %s %s, those linked to %s", r.st.words[0], r.ents[before].Name, r.ents[after].Name, st.word, r.ents[after].Name, r.ents[before].Name))
		c.why = append(c.why, fmt.Sprintf("what %s %s", st.word, r.ents[after].Name))
	case before >= 0 && after >= 0 && before != after && !r.kindSaidByEntity(before, r.valueKind(before)):
		st.answers = objRole
		r.reachClaim(c, st, before, after)
	case after >= 0:
		c.anchor = after
		st.answers = subjRole
		c.why = append(c.why, fmt.Sprintf("what %s %s", st.word, r.ents[after].Name))
	case r.roleOfAnchor(v.start, v.end):
		c.anchor = before
		st.answers = objRole
		c.why = append(c.why, fmt.Sprintf("what %s is the %s of", r.ents[before].Name, st.word))
	default:
		c.anchor = before
		st.answers = objRole
		c.why = append(c.why, fmt.Sprintf("what %s %s", r.ents[before].Name, st.word))
	}
	c.steps = []stepClaim{st}
	return c
}

// asksOfBoth reports whether the question asks for a list with its
// wh-word and asked noun said before both its entities: "Which songs did
// X release in 2016?".
func (r *reader) asksOfBoth() bool {
	if len(r.st.words) == 0 || !whWords.Has(r.st.words[0]) || r.askedAt < 0 || len(r.ents) != 2 {
		return false
	}
	first := slices.IndexFunc(r.entAt, func(e int) bool { return e >= 0 })
	return first > r.askedAt
}

// kindSaidByEntity reports whether entity e is said in the plural right
// after the question's wh-word ("Which alkali metals were discovered by
// X?"), or, with qualifier, qualifies a plural noun there ("Which
// feature-complete services break if redis goes down?": a failure's
// reach, not whether the profile is affected): it says the kind of the
// answers, a condition on them, not where a walk starts or ends.
func (r *reader) kindSaidByEntity(e int, qualifier bool) bool {
	w := r.st.words
	if len(w) < 3 || !whWords.Has(w[0]) || r.entAt[1] != e {
		return false
	}
	said := text.Tokens(r.q[r.ents[e].Start:r.ents[e].End])
	if len(said) > 0 && text.Singular(said[len(said)-1]) != said[len(said)-1] {
		return true
	}
	if !qualifier {
		return false
	}
	// "Which feature-complete services ...", "Which cave Pokémon ...":
	// the entity qualifies the plural noun after it (which the stream
	// may have taken into the mention as its kind).
	after := text.Tokens(r.q[r.ents[e].End:])
	return len(after) > 0 && text.Singular(after[0]) != after[0] && !auxiliary(after[0]) && !words.ClassOf(after[0]).Has(words.Aux|words.Be|words.Have)
}

// valueKind reports whether entity e is of a kind that is only ever the
// object of the graph's relations (a category, a profile, a habitat): a
// value things have, not a thing a walk passes through.
func (r *reader) valueKind(e int) bool {
	t := r.ents[e].Type
	if t == "" {
		return false
	}
	for _, ri := range r.rels {
		if slices.Contains(ri.def.From, t) {
			return false
		}
	}
	return true
}

// reachClaim reads "Does X depend on Y?" into c: is Y reached from X?
func (r *reader) reachClaim(c *claim, st stepClaim, from, to int) {
	c.anchor, c.target = from, to
	c.extent, c.extentSaid = state.ExtentTransitive, true
	if r.extentSaid {
		// "Does pizza use flour directly?": how far is said.
		c.extent = r.extent
	} else if st.concept == words.None {
		// "Is A peered with B", "does A cite B": a relation of no known
		// kind, named by its verb, is one hop unless the question says
		// how far (a kind's own words, "contain", "depend on", "own", ask
		// for the closure). The closure is walked all the same, since a
		// no through it is a no directly too; a yes found only further
		// than one hop is not certified.
		c.extentSaid = false
	}
	c.why = append(c.why, fmt.Sprintf("does %s %s %s", r.ents[from].Name, st.word, r.ents[to].Name))
	if len(r.st.words) > 0 && whWords.Has(r.st.words[0]) {
		// "Which tickets in epic-login block PROJ-3?" asks for a list
		// that both entities narrow, not for a yes or no.
		c.conf = min(c.conf, 0.5)
		c.guess = append(c.guess, fmt.Sprintf("the question asks %q and names both %s and %s: read as whether one reaches the other", r.st.words[0], r.ents[from].Name, r.ents[to].Name))
	}
}

// markUsed marks the stream positions start..end-1 as read.
func (r *reader) markUsed(start, end int) {
	for p := start; p < end; p++ {
		r.used[p] = true
	}
}

// relativeClause adds to c the step of a main clause whose object a
// relative clause describes: "who maintains the nodes that X runs on" is
// what X runs on, then who maintains that; "what calls the services that
// use X" what uses X, then what calls that.
func (r *reader) relativeClause(c *claim, vs []verbHit, v verbHit, before, after int) {
	from := v.start
	if after < 0 {
		from = r.entityPos(before, v.start)
	}
	outer, ok := r.relativeVerb(vs, from)
	answers := outer.subject
	if ok && r.nounBeforeOf(outer) {
		// "the capital of the country that borders X": a relation
		// named by a noun, said of what the clause describes, asks for
		// its objects.
		answers = words.Second
	} else if role, named := r.conceptNounBeforeOf(outer); ok && named {
		// "the authors of the PEPs that PEP 572 requires", over author
		// (ownership): the role the noun names.
		answers = role
	} else if ok && r.passiveVerb(outer) {
		// "which volumes are mounted by the services that ...": what
		// the verb's object is.
		answers = answers.Other()
	}
	if !ok {
		// "what volumes do the services that depend on X mount?": the
		// main clause's verb comes last, after "do"; its subject is what
		// the clause describes, the answers its object.
		if outer, ok = r.trailingVerb(vs, v, c.anchor); !ok {
			if st, ok := r.strandedRelation(v); ok {
				// "What city is the museum that holds X in?": the
				// clause's answers, then where they are in.
				c.steps = append(c.steps, st)
				c.extent, c.extentSaid = state.ExtentFixed, true
				c.why = append(c.why, fmt.Sprintf("then what they are %s", st.word))
				r.markUsed(len(r.st.words)-1, len(r.st.words))
			}
			return
		}
		answers = outer.subject.Other()
	}
	o := outer.step
	o.answers, o.verb = answers, true
	// "the services depending on X (at any depth)": an extent said
	// within the clause is its own, and the main verb is one step.
	clauseEnd := len(r.st.words)
	if outer.start > v.start {
		clauseEnd = outer.start
	}
	if r.extent == state.ExtentTransitive && r.extentWithin(v.start, clauseEnd) {
		c.steps[0].closure = true
	}
	c.steps = append(c.steps, o)
	c.extent, c.extentSaid = state.ExtentFixed, true
	c.why = append(c.why, fmt.Sprintf("then what %s them", o.word))
	r.markUsed(outer.start, outer.end)
}

// nounBeforeOf reports whether verb hit v is a relation's own name that
// is a noun, said before "of" ("the capital of"): the relation of no
// known kind read from its subject, whose objects the noun names.
func (r *reader) nounBeforeOf(v verbHit) bool {
	if v.end >= len(r.st.words) || r.st.words[v.end] != "of" || v.step.concept != words.None || len(v.step.rels) == 0 {
		return false
	}
	ri := v.step.rels[0]
	return ri.subject == words.First && kindNoun(ri.def.Name) != ""
}

// conceptNounBeforeOf returns, for verb hit v that is a relation's own
// name of a known concept said as a noun before "of" ("the authors of"),
// the role in that concept the noun names (an author owns), and whether
// it is one.
func (r *reader) conceptNounBeforeOf(v verbHit) (words.Role, bool) {
	if v.end >= len(r.st.words) || r.st.words[v.end] != "of" || v.step.concept == words.None || len(v.step.rels) == 0 {
		return 0, false
	}
	for _, h := range r.hitsAt(v.start) {
		if h.Kind == words.HitNoun && h.End == v.end && h.Concept == v.step.concept {
			return h.Role, true
		}
	}
	return 0, false
}

// extentWithin reports whether an extent cue took a token between
// stream positions from and to (the stream leaves the cue's words out).
func (r *reader) extentWithin(from, to int) bool {
	end := len(r.toks)
	if to < len(r.st.at) {
		end = r.st.at[to]
	}
	return slices.Contains(r.extentTok[r.st.at[from]:end], true)
}

// strandedRelation returns the step of the one relation whose name ends
// in the preposition a question ends with, after a relative clause
// begun before verb v: "What city is the museum that holds The Starry
// Night in?" (located_in), "Which building is the department that offers
// STAT210 in?". The answers are the relation's objects, of the asked
// kind.
func (r *reader) strandedRelation(v verbHit) (stepClaim, bool) {
	w := r.st.words
	n := len(w)
	if n < 4 || !words.ClassOf(w[n-1]).Has(words.Prep) || r.used[n-1] || v.end >= n-1 ||
		!slices.ContainsFunc(w[:v.start], func(s string) bool { return words.ClassOf(s).Has(words.RelPron) && s != "which" }) {
		return stepClaim{}, false
	}
	var named *relInfo
	for _, ri := range r.rels {
		if ws := nameWords(ri.def.Name); len(ws) >= 2 && ws[len(ws)-1] == w[n-1] {
			if named != nil {
				return stepClaim{}, false
			}
			named = ri
		}
	}
	// Only into the asked kind, where the types say ("Which class is the
	// drug ... in?" is no contraindicatedIn).
	if a := r.asked(); named == nil || a.Type == "" || !slices.Contains(named.def.To, a.Type) {
		return stepClaim{}, false
	}
	return stepClaim{concept: named.concept, rels: r.samePhrase(named), answers: named.subject.Other(), word: w[n-1], verb: true}, true
}

// trailingVerb finds the verb of a main clause asked with "do" whose
// subject v's clause describes and whose object is asked: "what volumes
// DO the services that depend on X MOUNT?", "which volumes do the
// services X depends on mount?", "which teams HAS the driver who won X
// DRIVEN for?" — a wh-word, then "do" (or "have") before v and
// before the clause's entity anchor, and another verb after both that
// ends the question, no entity after it.
func (r *reader) trailingVerb(vs []verbHit, v verbHit, anchor int) (verbHit, bool) {
	w := r.st.words
	aux := slices.IndexFunc(w[:v.start], func(s string) bool { return words.ClassOf(s).Has(words.Aux | words.Have) })
	at := slices.Index(r.entAt, anchor)
	if aux < 0 || at < aux || !slices.ContainsFunc(w[:aux], func(s string) bool { return words.ClassOf(s).Has(words.Wh) }) {
		// Asked with a wh-word before "do": "did X discover any element
		// named ..." asks yes or no, and its last verb is a condition.
		return verbHit{}, false
	}
	for k := len(vs) - 1; k >= 0; k-- {
		o := vs[k]
		if o.start < v.end || o.start <= at || o.step.concept == words.None && o.step.rels == nil {
			continue
		}
		if r.joinedTo(v, o) {
			return verbHit{}, false // "recommend or suggest": one clause
		}
		if words.ClassOf(w[o.start-1]).Has(words.Prep | words.As | words.Det) {
			// "work on as co-investigator": a role, not a verb.
			return verbHit{}, false
		}
		if slices.ContainsFunc(r.entAt[o.end:], func(e int) bool { return e >= 0 }) {
			return verbHit{}, false
		}
		if words.ClassOf(w[aux]).Has(words.Have) && !words.PastForm(w[o.start]) {
			// "have" asks with a participle ("has the driver ... driven
			// for"); "Which seeds have to be loaded before X can build"
			// is another clause.
			return verbHit{}, false
		}
		return o, true
	}
	return verbHit{}, false
}

// otherMeanings adds to c, as alternatives, the readings of the other
// concepts the graph has that v's words can name: each is a reading too,
// and none is certain.
func (r *reader) otherMeanings(c *claim, vs []verbHit, v verbHit) {
	st := c.steps[0]
	meanings := []string{st.concept.String()}
	for _, o := range vs {
		if o.start != v.start || o.end != v.end || o.step.concept == st.concept || o.step.rels != nil || !r.conceptTouches(o.step.concept, c.anchor) {
			continue
		}
		alt := *c
		alt.steps = []stepClaim{o.step}
		alt.steps[0].answers = st.answers
		if o.subject != v.subject {
			alt.steps[0].answers = st.answers.Other()
		}
		c.alts = append(c.alts, &alt)
		meanings = append(meanings, o.step.concept.String())
	}
	if len(c.alts) == 0 {
		return
	}
	doubt := fmt.Sprintf("%q can mean %s", st.word, text.List(meanings, "or"))
	c.conf = min(c.conf, 0.7)
	c.guess = append(c.guess, doubt)
	for _, a := range c.alts {
		a.conf, a.guess = c.conf, append([]string(nil), c.guess...)
	}
}

// sharesPossessed: "Who else shares Luke Skywalker's homeworld?", "Which
// teams share X's lead?", "Who else was of Gordian I's dynasty?": what has
// the same N as X, X left out.
func (r *reader) sharesPossessed() *claim {
	w := r.st.words
	for i := 0; i+2 < len(w); i++ {
		share := words.IsForm(w[i], "share")
		if !share && w[i] != "else" && w[i] != "other" {
			continue
		}
		k := r.skip(i + 1)
		if !share {
			// "Who else was of Gordian I's dynasty?", "Which other
			// emperors were in Nero's dynasty?": the possessive after
			// "else" or "other", its noun ending the question.
			for k < len(w) && r.entAt[k] < 0 {
				k++
			}
		}
		if k >= len(w) || r.entAt[k] < 0 || !r.toks[r.st.at[k]].possessive {
			continue
		}
		e := r.entAt[k]
		for k+1 < len(w) && r.entAt[k+1] == e {
			k++
		}
		step, end, ok := r.nounStep(k + 1)
		if !ok || step.empty() || !share && end < len(w) {
			continue
		}
		back := step
		back.answers = step.answers.Other()
		c := &claim{anchor: e, target: -1, conf: 1, extent: state.ExtentDirect, extentSaid: true, steps: []stepClaim{step, back}, shared: true}
		r.markUsed(i, end)
		c.why = append(c.why, fmt.Sprintf("the same %s as %s", step.word, r.ents[e].Name))
		return c
	}
	return nil
}

// nounUse reports whether the one word of a verb hit is used as a noun:
// after a determiner ("the references of X"), or the plural of a noun of
// the same concept with no entity after it ("X deps", "X requirements":
// "dep" and "requirement" name relations as verbs, but a question uses
// them as nouns; "what hosts X" keeps its verb).
func (r *reader) nounUse(h words.Hit) bool {
	if h.End-h.Start != 1 {
		return false
	}
	if h.Start > 0 && determiners.Has(r.st.words[h.Start-1]) {
		return true
	}
	if h.End < len(r.st.words) && r.entAt[h.End] >= 0 {
		return false
	}
	for _, o := range r.hitsAt(h.Start) {
		if o.Kind == words.HitNoun && o.End == h.End && o.Concept == h.Concept && plural(r.st.words[h.Start], o.Phrase) {
			return true
		}
	}
	return false
}

// determiners come before a noun, never before a verb.
var determiners = words.Set("determiners")

// entityPos returns the last stream position before pos that holds entity
// ent, or -1.
func (r *reader) entityPos(ent, pos int) int {
	for p := pos - 1; p >= 0; p-- {
		if r.entAt[p] == ent {
			return p
		}
	}
	return -1
}

// sameSpanTouches reports whether another hit on v's words names a concept
// whose relations can start at entity ent.
func (r *reader) sameSpanTouches(vs []verbHit, v verbHit, ent int) bool {
	for _, o := range vs {
		if o.start == v.start && o.end == v.end && o.step.concept != v.step.concept && r.conceptTouches(o.step.concept, ent) {
			return true
		}
	}
	return false
}

// coordinated returns the entities joined to entity e by "and", "or" or
// commas ("X, Y and Z"), in order, e left out.
func (r *reader) coordinated(e int) []int {
	pos := slices.Index(r.entAt, e)
	if pos < 0 {
		return nil
	}
	after := r.coordinatedAfter(e, pos, nil)
	return r.coordinatedBefore(e, pos, after)
}

// joinsEntities: the words between coordinated entities.
func joinsEntities(w string) bool { return w == "and" || w == "or" || w == "as" || w == "well" }

// joinsKind reports whether word w may stand between entities joined to
// entity e: a joining word, a determiner, or the noun of e's kind ("both
// the K8s SIG and the First Contact SIG").
func (r *reader) joinsKind(w string, e int) bool {
	return joinsEntities(w) || words.ClassOf(w).Has(words.Det) || r.ents[e].Type != "" && r.typeNamed(w) == r.ents[e].Type
}

// coordinatedAfter appends to out the entities joined to entity e (at
// stream position pos) after it: ("and"|"or"|","-less adjacency) entity ...
func (r *reader) coordinatedAfter(e, pos int, out []int) []int {
	for p := pos + 1; p < len(r.entAt); {
		k := p
		for k < len(r.entAt) && r.entAt[k] < 0 && r.joinsKind(r.st.words[k], e) {
			k++
		}
		if k == p && !(k < len(r.entAt) && r.entAt[k] >= 0 && r.entAt[k] != r.entAt[p-1]) {
			break
		}
		if k >= len(r.entAt) || r.entAt[k] < 0 || r.entAt[k] == e || slices.Contains(out, r.entAt[k]) {
			break
		}
		out = append(out, r.entAt[k])
		p = k + 1
	}
	return out
}

// coordinatedBefore puts before out the entities joined to entity e (at
// stream position pos) before it, in order.
func (r *reader) coordinatedBefore(e, pos int, out []int) []int {
	for p := pos - 1; p >= 0; {
		k := p
		for k >= 0 && r.entAt[k] < 0 && r.joinsKind(r.st.words[k], e) {
			k--
		}
		if k == p && !(k >= 0 && r.entAt[k] >= 0 && r.entAt[k] != e) {
			break
		}
		if k < 0 || r.entAt[k] < 0 || r.entAt[k] == e || slices.Contains(out, r.entAt[k]) {
			break
		}
		out = append([]int{r.entAt[k]}, out...)
		p = k - 1
	}
	return out
}

// entityList names entity e and the others: "X and Y", "X, Y and Z".
func (r *reader) entityList(e int, others []int) string {
	names := []string{r.ents[e].Name}
	for _, o := range others {
		names = append(names, r.ents[o].Name)
	}
	return joinAnd(names)
}

// commonWord returns the word that asks for what coordinated entities
// have in common ("both", "common", "shared"), marking it read, or "".
func (r *reader) commonWord() string {
	for p, w := range r.st.words {
		if words.ClassOf(w).Has(words.Common) {
			r.used[p] = true
			return w
		}
	}
	return ""
}

// joinCoordinated walks claim c from the entities coordinated with its
// anchor too ("what depends on X or Y": either's; "Which countries border
// both Germany and France?": what they have in common), doubting a union
// read of "and" where objects says the entities are the verb's objects.
func (r *reader) joinCoordinated(c *claim, objects bool) {
	co := r.coordinated(c.anchor)
	if len(co) == 0 {
		return
	}
	c.also = co
	if w := r.commonWord(); w != "" {
		c.common = true
		c.why = append(c.why, fmt.Sprintf("%q: what %s have in common", w, r.entityList(c.anchor, co)))
		return
	}
	r.unionDoubt(c, objects)
}

// unionDoubt lowers a coordinated claim's confidence when the question may
// ask for what the entities have in common rather than for either's: it
// says so ("both", "in common"), or the entities are the objects of the
// question's verb joined by "and" (objects): "which packages import bytes
// and errors" is as often read as importing both, where "what do A and B
// run on" asks for each one's, and "if X and Y go down" fails both.
func (r *reader) unionDoubt(c *claim, objects bool) {
	for _, w := range r.st.words {
		switch w {
		case "both", "common", "shared", "all":
			c.conf = min(c.conf, 0.6)
			c.guess = append(c.guess, fmt.Sprintf("%q: read as what concerns any of them, not only what they share", w))
			return
		}
	}
	if !objects {
		return
	}
	first, last := len(r.entAt), -1
	for p, e := range r.entAt {
		if e >= 0 && (e == c.anchor || slices.Contains(c.also, e)) {
			first, last = min(first, p), max(last, p)
		}
	}
	if first >= last {
		return
	}
	if joiners := r.st.words[first+1 : last]; !slices.Contains(joiners, "or") && slices.Contains(joiners, "and") {
		c.conf = min(c.conf, 0.7)
		c.guess = append(c.guess, fmt.Sprintf("%s: read as what concerns either, not only what concerns both", r.entityList(c.anchor, c.also)))
	}
}

// samePhrase returns the relations of ri's concept named by the same verb
// (blocks and blocked_by, calls and called_by, parent_of and child_of):
// one relation stored both ways. A relation of no known concept is only
// itself and its passive or active partner (relInfo.act). Either way, the
// relations whose names are spelled alike but for case are included.
func (r *reader) samePhrase(ri *relInfo) []*relInfo {
	var same func(o *relInfo) bool
	switch {
	case ri.concept == words.None && ri.act != "":
		same = func(o *relInfo) bool { return o.act == ri.act }
	case ri.concept == words.None || ri.phrase == "":
		same = func(*relInfo) bool { return false }
	default:
		// One act, and no word of one name that the other lacks
		// beside it: dev_dependency and optional_dependency are two
		// kinds of dependency, though both read as "dependency".
		same = func(o *relInfo) bool {
			return o.concept == ri.concept && words.SameAct(o.phrase, ri.phrase) && maps.Equal(o.qualifiers, ri.qualifiers)
		}
	}
	var out []*relInfo
	for _, o := range r.rels {
		// Names spelled alike but for case, or but for the form of
		// their verb, are one relation's name written two ways
		// ("inhibits" and "INHIBITS", "funds" and "funded").
		alike := o.spelled == ri.spelled || words.VerbFormsOf(o.def.Name, ri.def.Name)
		if o == ri || same(o) || (alike && o.concept == ri.concept && o.subject == ri.subject) {
			out = append(out, o)
		}
	}
	return out
}

// roleOfAnchor reports whether the relation named at stream positions
// start..end is said of the entity before it as a role it holds, which
// makes that entity the relation's object: "what is cc a build
// dependency of" (a stranded "of" after the name), "which crates have
// (list, declare) cc as a build dependency".
func (r *reader) roleOfAnchor(start, end int) bool {
	w := r.st.words
	if end == len(w)-1 && (w[end] == "of" || rolePreps.Has(w[end]) && start > 0 && determiners.Has(w[start-1]) && !words.ClassOf(w[end-1]).Has(words.Prep)) {
		// "what is cc a build dependency of", "which recipes is Sandstone
		// an ingredient in" (a noun: not "the city that X serves in").
		return true
	}
	k := start - 1
	for k >= 0 && determiners.Has(w[k]) {
		k--
	}
	if k >= 1 && words.ClassOf(w[k]).Has(words.Be) && r.entAt[k-1] >= 0 && (k < 2 || r.entAt[k-2] < 0) &&
		end+1 < len(w) && rolePreps.Has(w[end]) && words.ClassOf(w[end+1]).Has(words.Wh) {
		// "Sandstone is an ingredient in which recipes?": the entity
		// said first holds the role in what the question asks for.
		return true
	}
	if k < 2 || w[k] != "as" || r.entAt[k-1] < 0 || r.entAt[k-2] >= 0 {
		return false
	}
	return !words.ClassOf(w[k-2]).Has(words.Be) // a verb: "have", "list", "declare"; not "is X as ..."
}

// rolePreps are the prepositions that say of what a role is held, after
// the role's noun: "a dependency of", "an ingredient in". Not "for",
// which may say the role's object ("What is www.example.com a CNAME
// for?").
var rolePreps = words.Set("role-preps")

// verbHit is a verb of the question naming a relation or a concept.
type verbHit struct {
	start, end int
	step       stepClaim
	subject    words.Role // the role of the verb's grammatical subject
	guess      string     // what was assumed to read the words as this verb
	// placeNoun: "where" stood for the name's place noun (relHit): the
	// entity is the relation's subject in either voice.
	placeNoun bool
}

// relativeVerb finds the verb of a main clause whose object a relative
// clause starting just after stream position pos describes: "who MAINTAINS
// the nodes that X runs on" (pos at X), "what CALLS the services that use
// X" (pos at "use") — an earlier verb, then a relative pronoun at most
// three words before pos, with no entity in between.
func (r *reader) relativeVerb(vs []verbHit, pos int) (verbHit, bool) {
	if pos < 0 {
		return verbHit{}, false
	}
	rel := -1
	for p := pos - 1; p >= 0 && p >= pos-3; p-- {
		switch r.st.words[p] {
		case "that", "which", "whom", "who":
			rel = p
		}
		if rel >= 0 {
			break
		}
	}
	if rel < 0 {
		return verbHit{}, false
	}
	for k := len(vs) - 1; k >= 0; k-- {
		o := vs[k]
		if o.end > rel || o.step.concept == words.None && o.step.rels == nil {
			continue
		}
		clean := true
		for p := o.end; p < rel; p++ {
			if r.entAt[p] >= 0 {
				clean = false
			}
		}
		if clean {
			return o, true
		}
	}
	return verbHit{}, false
}

// beBefore reports whether a form of "be" comes before stream position i
// in the same clause (at most three words back: "is X hosted", "is the
// cache hosted").
func (r *reader) beBefore(i int) bool {
	for b := i - 1; b >= 0 && b >= i-4; b-- {
		if words.ClassOf(r.st.words[b]).Has(words.Be | words.Get) {
			return true
		}
	}
	return false
}

// plural reports whether word is the regular plural of the noun phrase
// ("dependencies" of "dependency", "deps" of "dep"; see singular).
func plural(word, phrase string) bool {
	return word != phrase && text.Singular(word) == phrase
}

// participle reports whether a word looks like a past participle
// ("required", "needed", "used").
func participle(w string) bool { return strings.HasSuffix(w, "ed") }

// apposition: "who is on the search team?", "members of the payments
// team": a role noun right next to an entity says the entity plays that
// role; the answers play the other.
func (r *reader) apposition() *claim {
	for i, e := range r.entAt {
		if e < 0 {
			continue
		}
		for _, find := range []func(i, e int) *claim{r.asRole, r.besideNoun, r.onNamedGroup} {
			if c := find(i, e); c != nil {
				return c
			}
		}
	}
	return nil
}

// namedRole: "For which projects is Brian Rosmaita the security
// liaison?", "Which projects does Brian act as release liaison for?": an
// entity after a form of "be" and before an article, or before "as", and
// a relation's name of several words plays what the name names (its
// objects); the answers are its subjects.
func (r *reader) namedRole() *claim {
	for i, e := range r.entAt {
		if e < 0 || i+1 < len(r.entAt) && r.entAt[i+1] == e {
			continue
		}
		if c := r.isNamedRole(i, e); c != nil {
			return c
		}
	}
	return nil
}

// isNamedRole is namedRole at entity e, whose mention ends at stream
// position i.
func (r *reader) isNamedRole(i, e int) *claim {
	w := r.st.words
	k := i + 1
	if k+1 < len(w) && w[k] != "as" && w[k+1] == "as" && r.entAt[k] < 0 {
		k++ // "does Brian act as release liaison for": a verb before "as"
	}
	var at int
	switch {
	case k < len(w) && w[k] == "as":
		at = r.skip(k + 1)
	case k+1 < len(w) && isArticle(w[k]) && r.beBefore(i):
		at = k + 1
	default:
		return nil
	}
	for _, h := range r.rhits {
		name := nameWords(h.rel.def.Name)
		if h.start != at || h.inverse || len(name) < 2 || h.end-h.start != len(name) || h.rel.subject != words.First || !nounPhraseName(name) {
			continue
		}
		c := &claim{anchor: e, target: -1, conf: 1, steps: []stepClaim{{concept: h.rel.concept, rels: r.samePhrase(h.rel), answers: words.First, word: strings.Join(r.st.words[h.start:h.end], " ")}}}
		c.why = append(c.why, fmt.Sprintf("%s is the %s", r.ents[e].Name, c.steps[0].word))
		r.markUsed(k, h.end)
		r.setExtent(c)
		return c
	}
	return nil
}

// nounPhraseName reports whether a relation's name words are a noun
// phrase naming its objects ("security liaison", "tc liaison"): no verb
// or auxiliary first ("has_tag", "runs_image") and no preposition last
// ("member_of" names its subjects).
func nounPhraseName(name []string) bool {
	first, last := words.ClassOf(name[0]), words.ClassOf(name[len(name)-1])
	if first.Has(words.Aux|words.Be|words.Have|words.Get|words.Prep) || last.Has(words.Prep) {
		return false
	}
	return !inflectedAsVerb(name[0])
}

// asRole: "that have X as a direct dependency", "list X among their
// dependencies": entity e, at stream position i, plays the noun's role.
func (r *reader) asRole(i, e int) *claim {
	k := i + 1
	if k >= len(r.st.words) || (r.st.words[k] != "as" && r.st.words[k] != "among") {
		return nil
	}
	j := r.skip(k + 1)
	for j < len(r.st.words) && (r.st.words[j] == "their" || r.st.words[j] == "its" || r.st.words[j] == "one") {
		j = r.skip(j + 1)
	}
	step, _, ok := r.nounStep(j)
	if !ok || step.concept == words.None || !r.hasConcept(step.concept) {
		return nil
	}
	step.answers = step.answers.Other()
	c := &claim{anchor: e, target: -1, conf: 1, steps: []stepClaim{step}}
	c.why = append(c.why, fmt.Sprintf("%s %s a %s", r.ents[e].Name, r.st.words[k], step.word))
	r.markUsed(k, j+1)
	r.setExtent(c)
	return c
}

// besideNoun: a one-word relation noun just after entity e, at stream
// position i, or just before it: "web-app dependencies" (its own), "the
// X maintainer" (X read as what the noun names).
func (r *reader) besideNoun(i, e int) *claim {
	for _, j := range []int{i + 1, i - 1} {
		if j < 0 || j >= len(r.st.words) {
			continue
		}
		for _, h := range r.hitsAt(j) {
			if h.Kind != words.HitNoun || h.End-h.Start != 1 || !r.hasConcept(h.Concept) {
				continue
			}
			if j == i-1 && r.toks[r.st.at[j]].possessive {
				continue
			}
			r.used[j] = true
			if j == i+1 && plural(r.st.words[j], h.Phrase) {
				// "web-app dependencies": one entity is not several
				// dependencies; they are its own, the answers.
				c := &claim{anchor: e, target: -1, conf: 1, steps: []stepClaim{{concept: h.Concept, answers: h.Role, word: h.Phrase}}}
				c.why = append(c.why, fmt.Sprintf("the %s of %s", r.st.words[j], r.ents[e].Name))
				r.setExtent(c)
				return c
			}
			c := &claim{anchor: e, target: -1, conf: 0.9, steps: []stepClaim{{concept: h.Concept, answers: h.Role.Other(), word: h.Phrase}},
				guess: []string{fmt.Sprintf("%s read as a %s", r.ents[e].Name, h.Phrase)}}
			c.why = append(c.why, fmt.Sprintf("the %s %s", r.ents[e].Name, h.Phrase))
			r.setExtent(c)
			return c
		}
	}
	return nil
}

// onNamedGroup: "Who is on team-web?": the entity's own name holds the
// role noun and a preposition of place puts someone in it. "in" may also
// put a part in a whole: the claim's alternative.
func (r *reader) onNamedGroup(i, e int) *claim {
	b := i - 1
	if b < 0 || (r.st.words[b] != "on" && r.st.words[b] != "in") {
		return nil
	}
	for _, h := range words.Lookup(text.Tokens(r.ents[e].Name)) {
		if h.Kind != words.HitNoun || h.Role != words.Second || !r.hasConcept(h.Concept) {
			continue
		}
		c := &claim{anchor: e, target: -1, conf: 0.9, steps: []stepClaim{{concept: h.Concept, answers: words.First, word: h.Phrase}},
			guess: []string{fmt.Sprintf("%s read as a %s (its name says so)", r.ents[e].Name, h.Phrase)}}
		c.why = append(c.why, fmt.Sprintf("%s %s", r.st.words[b], r.ents[e].Name))
		r.used[b] = true
		r.setExtent(c)
		if h.Concept != words.Containment && r.hasConcept(words.Containment) && r.conceptTouches(words.Containment, e) {
			alt := *c
			alt.steps = []stepClaim{{concept: words.Containment, answers: words.First, word: r.st.words[b]}}
			alt.guess = nil
			c.alts = append(c.alts, &alt)
		}
		return c
	}
	return nil
}

// askedRole: "Which team is frank on?", "Which dependencies does X have?":
// the asked noun names a role; the entity plays the other.
func (r *reader) askedRole() *claim {
	i := r.askedAt
	if i < 0 {
		return nil
	}
	step, _, ok := r.nounStep(i)
	if !ok || step.empty() {
		return nil
	}
	if step.rels == nil && !r.hasConcept(step.concept) {
		return nil
	}
	if t := r.typeNamedAt(i); t != "" && !r.stepLinks(step, r.ents[r.mainEntity()].Type, t) {
		// "Which teams played in World Cup 2018?" where Team is a type
		// and no relation of the noun's kind links a tournament to a
		// team: the noun asks for the kind, not a role of the entity.
		return nil
	}
	if !r.placedDirectly(i) && r.endsWithEntity() && r.asksKindBeside(step) {
		// (Placed directly, "Which circuits are in Italy?", landOn
		// reads the kind from the named step.)
		return nil
	}
	if t := r.typeNamedAt(i); t != "" && step.rels == nil {
		// "Which organization publishes URL?" where the noun's kind
		// (membership) has group and organization: only the relations
		// that reach the kind the noun also names.
		step.rels = r.relsReaching(step, r.ents[r.mainEntity()].Type, t)
	}
	c := &claim{anchor: r.mainEntity(), target: -1, conf: 0.9, steps: stepsOf(step),
		guess: []string{fmt.Sprintf("%q read as the entity's %s", step.word, step.word)}}
	c.why = append(c.why, fmt.Sprintf("which %s", step.word))
	r.used[i] = true
	r.setExtent(c)
	return c
}

// endsWithEntity reports whether the question's last word is an entity's
// ("Which methods require X?"; not "In which country was X born?").
func (r *reader) endsWithEntity() bool {
	n := len(r.st.words)
	return n > 0 && r.entAt[n-1] >= 0
}

// asksKindBeside reports whether the asked noun, naming relations (step)
// that never touch the main entity's kind, asks for the kind of their
// objects, which another relation links to the entity's kind: "Which methods
// require X?" where X is a permission, methods links an API to its
// methods and permissions a method to its permissions. Not "What colours
// are the cheeses from P?", whose colours no relation links to a region,
// nor "Which guests appeared on X?", guests of the stated type Person.
func (r *reader) asksKindBeside(step stepClaim) bool {
	at := r.ents[r.mainEntity()].Type
	if at == "" || step.rels == nil || slices.ContainsFunc(step.rels, func(ri *relInfo) bool {
		return slices.Contains(ri.def.From, at) || slices.Contains(ri.def.To, at)
	}) {
		return false
	}
	// The kind the noun names: the relations' objects, where they are a
	// kind scgraph named after the relation (untyped data: the objects
	// of methods are MethodsObjects); a stated type is a kind of its own,
	// of which the noun names a role ("guests": Persons, as hosts are).
	var ends []string
	for _, ri := range step.rels {
		if own := infer.RoleTypeName(ri.def.Name, true); slices.Contains(ri.def.To, own) {
			ends = append(ends, own)
		}
	}
	return slices.ContainsFunc(r.rels, func(ri *relInfo) bool {
		return !slices.Contains(step.rels, ri) && (slices.Contains(ri.def.From, at) && slices.ContainsFunc(ri.def.To, func(t string) bool { return slices.Contains(ends, t) }) ||
			slices.Contains(ri.def.To, at) && slices.ContainsFunc(ri.def.From, func(t string) bool { return slices.Contains(ends, t) }))
	})
}

// byKindsOnly is typeOnly for a question whose word w names no relation,
// where the reader reads by kinds (ReadByKinds): a guess, said as such.
func (r *reader) byKindsOnly(w string) *claim {
	if r.byKinds && len(r.ents) == 2 && r.asksYesNo() {
		// "Does Python use the .pyw extension?", "Is Helsinki Airport
		// located in Helsinki?" (over city): the verb after the
		// subject, the entity said first, names no relation; asked
		// through the one relation between the two kinds. Not a noun
		// ("Is S-100 the only shipment in X?").
		subj := r.subjectEntity()
		at := slices.Index(r.entAt, subj)
		first := strings.Fields(w)[0]
		verb := at >= 0 && at+1 < len(r.st.words) && r.st.words[at+1] == first
		// "Is there a direct flight from A to B?": the noun of an
		// existential, said with "from" or "between" before both
		// entities (not "Is there any permission that dave has but eve
		// lacks?").
		nw := slices.Index(r.st.words, first)
		there := len(r.st.words) > 1 && r.st.words[1] == "there" && nw >= 0 && nw+1 < at && (r.st.words[nw+1] == "from" || r.st.words[nw+1] == "between")
		from, to := r.ents[subj].Type, r.ents[1-subj].Type
		step, _, ok := r.onlyKindsLink(from, to)
		how := fmt.Sprintf("the one relation between a %s and a %s", from, to)
		if from == to && from != "" {
			// Between two of one kind the words do not say which way.
			if sc := r.soleBetweenKind(w, subj, from); sc != nil {
				step, ok = sc.steps[0], true
				how = fmt.Sprintf("the only relation between two of %s, either way", from)
			}
		}
		if ok && (verb || there) {
			return &claim{anchor: subj, target: 1 - subj, conf: 0.5, extent: state.ExtentDirect, extentSaid: true, steps: []stepClaim{step},
				guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, %s", w, step.rels[0].def.Name, how)}}
		}
	}
	if !r.byKinds || len(r.ents) != 1 {
		// With two entities, which one the kinds link is a guess too.
		return nil
	}
	for _, guess := range []func(string) *claim{r.travel, r.soleRelation, r.roleRelation, r.placedAt, r.entityModifiesKind} {
		if c := guess(w); c != nil {
			return c
		}
	}
	c := r.typeOnly()
	if c == nil {
		return nil
	}
	asked := r.asked().Type
	if asked == r.ents[c.anchor].Type {
		// Between two things of one kind the types do not say which way
		// the link runs ("Which models ref X?"), unless the one relation
		// between them holds both ways.
		return r.soleBetweenKind(w, c.anchor, asked)
	}
	c.conf = 0.5
	c.guess = []string{fmt.Sprintf("no relation of this graph is named %q: read as the shortest link from %s to a %s, as the types say", w, r.ents[c.anchor].Name, asked)}
	return c
}

// subjectEntity returns the entity of two said first: the subject of a
// yes/no question.
func (r *reader) subjectEntity() int {
	if r.ents[1].Start < r.ents[0].Start {
		return 1
	}
	return 0
}

// travel is byKindsOnly for a verb of going from place to place said
// "from X" or "to X" (words.IsMotionVerb), where X's kind has one
// relation to things of its own kind: "Where can you fly non-stop from
// Røst Airport?" over has_route_to, walked from X ("from") or into it
// ("to"), one hop unless the question says how far; a guess.
func (r *reader) travel(w string) *claim {
	if !words.IsMotionVerb(strings.Fields(w)[0]) {
		return nil
	}
	e := r.mainEntity()
	t := r.ents[e].Type
	sole := r.sameKindRelation([]string{t}, true)
	at := slices.Index(r.entAt, e)
	if t == "" || sole == nil || at < 1 {
		return nil
	}
	answers := sole.subject.Other()
	switch r.st.words[at-1] {
	case "from":
	case "to":
		answers = sole.subject
	default:
		return nil
	}
	c := &claim{anchor: e, target: -1, conf: 0.5, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: []*relInfo{sole}, answers: answers, word: w}},
		guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, the only relation between two of %s, going %s %s", w, sole.def.Name, t, r.st.words[at-1], r.ents[e].Name)}}
	if r.extentSaid {
		c.extent = r.extent
	}
	return c
}

// soleBetweenKind is byKindsOnly between two things of one kind t where
// one relation links t to t ("Which countries neighbour France?" over
// borders, "Which airports have direct flights to X?" over has_route_to):
// that relation walked either way, for the words do not say which, a
// guess; nil otherwise.
func (r *reader) soleBetweenKind(w string, anchor int, t string) *claim {
	sole := r.sameKindRelation([]string{t}, true)
	if sole == nil {
		return nil
	}
	return &claim{anchor: anchor, target: -1, conf: 0.5, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: []*relInfo{sole}, answers: words.Second, word: w, bothWays: true}},
		guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, the only relation between two of %s, either way", w, sole.def.Name, t)}}
}

// sameKindRelation returns the one relation of no known kind (of any
// kind, with anyKind) that links a thing of one of the kinds at to
// another of the same kind, nil where there is none or several. Of several, the one whose ends are that kind
// alone is taken where it is the only such: a relation whose ends are
// mostly other kinds ("capital" to cities, some named like countries)
// links the kind by accident.
func (r *reader) sameKindRelation(at []string, anyKind bool) *relInfo {
	var both, only []*relInfo
	for _, ri := range r.rels {
		for _, t := range at {
			if !ri.linksKind(t) {
				continue
			}
			both = append(both, ri)
			if len(ri.def.From) == 1 && len(ri.def.To) == 1 {
				only = append(only, ri)
			}
			break
		}
	}
	sole := only
	if len(both) == 1 {
		sole = both
	}
	if len(sole) != 1 || sole[0].concept != words.None && !anyKind {
		return nil
	}
	return sole[0]
}

// hopStep returns the step of the relations that link kind from to kind
// to, where their answers play one role of one concept.
func (r *reader) hopStep(from, to string) (stepClaim, bool) {
	edges, _ := r.schemaHop(from, to)
	st := stepClaim{concept: words.None, word: to}
	for i, e := range edges {
		ri := r.relNamed(e.Relation)
		if ri == nil {
			return stepClaim{}, false
		}
		// The role the answers play for the walk to take e's way.
		answers := ri.answersAt(e.Direction)
		if i > 0 && (answers != st.answers || ri.concept != st.concept) {
			return stepClaim{}, false
		}
		st.answers, st.concept = answers, ri.concept
		st.rels = append(st.rels, ri)
	}
	return st, len(st.rels) > 0
}

// soleRelation is byKindsOnly for an entity of a kind that only one
// relation starts from, one way ("Which classes can cast Fireball?",
// where a spell is only ever the object of spells): that relation, one
// hop, a guess; nil where the entity's kind is not known or several
// relations start from it.
func (r *reader) soleRelation(w string) *claim {
	e := r.mainEntity()
	at := r.ents[e].Type
	sole, answers := r.soleRelationOf(at, nil)
	if sole == nil {
		return nil
	}
	return &claim{anchor: e, target: -1, conf: 0.5, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: []*relInfo{sole}, answers: answers, word: w}},
		guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, the only relation of a %s", w, sole.def.Name, at)}}
}

// roleRelation is byKindsOnly for a phrase of a concept the graph has
// no relation of, which says the part the entity plays ("Which artists
// are part of Arte Povera?": the whole; "What is X part of?": the part):
// the one relation that has the entity's kind at that end, where it is
// of no known kind, taking a relation's subject for the concept's first
// part (member, part, dependent, owner: "artist movement Arte Povera"),
// one hop, a guess; nil where none or several do, the phrase's senses put
// the entity at different ends, w (the word no relation is named by) is
// no such phrase, or the question asks yes or no.
func (r *reader) roleRelation(w string) *claim {
	if r.asksYesNo() {
		return nil
	}
	e := r.mainEntity()
	at := r.ents[e].Type
	pos := slices.Index(r.entAt, e)
	if at == "" || pos < 0 {
		return nil
	}
	// The way from the entity each sense of the phrase says: all must
	// agree ("belong to" is ownership and membership, which put the
	// subject at opposite ends).
	var ways []graph.Direction
	for _, h := range r.hits {
		asked := h.Start <= r.askedAt && r.askedAt < h.End
		if r.hasConcept(h.Concept) || h.Concept == words.OnCall || h.Kind != words.HitVerb && h.Kind != words.HitNoun || asked || strings.Join(r.st.words[h.Start:h.End], " ") != w {
			continue
		}
		role := h.Role.Other() // a noun names the others' role ("the parts of X"), as a verb's object plays
		if h.Kind == words.HitVerb && pos < h.Start {
			role = h.Role // the entity is the verb's subject
		}
		d := graph.Out
		if role == words.Second {
			d = graph.In
		}
		if !slices.Contains(ways, d) {
			ways = append(ways, d)
		}
	}
	if len(ways) != 1 {
		return nil
	}
	d, answers, end := ways[0], words.Second, "subject"
	if d == graph.In {
		answers, end = words.First, "object"
	}
	var sole *relInfo
	for _, ri := range r.rels {
		if !slices.Contains(ri.starts(d), at) {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = ri
	}
	if sole == nil || sole.concept != words.None || sole.subject != words.First {
		return nil
	}
	return &claim{anchor: e, target: -1, conf: 0.5, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: []*relInfo{sole}, answers: answers, word: w}},
		guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, the only relation that has a %s as its %s, where %q puts %s", w, sole.def.Name, at, end, w, r.ents[e].Name)}}
}

// placedAt is byKindsOnly for an entity said after a place preposition
// ("What was played at Prospect Park?", "Which works were performed in
// David Geffen Hall?"), where a verb names no relation: what the question
// asks is placed there, the subject of a fact whose object is the
// entity, through the one relation that ends at its kind (Venue, not
// Location, which starts from it); nil where none or several do, or the
// question asks yes or no.
func (r *reader) placedAt(w string) *claim {
	e := r.mainEntity()
	at := r.ents[e].Type
	pos := slices.Index(r.entAt, e)
	if at == "" || pos < 1 || r.asksYesNo() || !wordsClassOf(r.st.words[pos-1]).Has(words.PlacePrep) {
		return nil
	}
	return r.soleInto(e, w, fmt.Sprintf("%q %s", r.st.words[pos-1], r.ents[e].Name))
}

// entityModifiesKind is byKindsOnly for an entity said right before the
// plural noun w, which names no relation: "Which Victoria Line stations
// ...?" asks for the things linked to Victoria Line through the one
// relation that ends at its kind (line), as placedAt reads "the stations
// on the Victoria Line"; nil where none or several end there, the
// relation also starts from the kind, or the question asks yes or no.
func (r *reader) entityModifiesKind(w string) *claim {
	e := r.mainEntity()
	at := r.ents[e].Type
	end := slices.Index(r.entAt, e)
	for end >= 0 && end < len(r.st.words) && r.entAt[end] == e {
		end++
	}
	noun := strings.Fields(w)[0]
	if at == "" || end < 1 || end >= len(r.st.words) || r.asksYesNo() || r.st.words[end] != noun || text.Singular(noun) == noun {
		return nil
	}
	return r.soleInto(e, w, r.ents[e].Name+" "+noun)
}

// soleInto is the guess of placedAt and entityModifiesKind: what reaches
// entity e through the one relation that ends at its kind
// (soleRelationInto), read for word w, which names no relation, the
// entity said as said; nil where there is no such relation.
func (r *reader) soleInto(e int, w, said string) *claim {
	at := r.ents[e].Type
	sole := r.soleRelationInto(at)
	if sole == nil {
		return nil
	}
	return &claim{anchor: e, target: -1, conf: 0.5, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, rels: []*relInfo{sole}, answers: words.First, word: w}},
		guess: []string{fmt.Sprintf("no relation of this graph is named %q: read as %s, the only relation that ends at a %s, said %s", w, sole.def.Name, at, said)}}
}

// soleRelationInto returns the one relation of the graph whose objects
// may be of kind at, of no known meaning, read from its subject and not
// also starting from at; nil where there is none or several.
func (r *reader) soleRelationInto(at string) *relInfo {
	var sole *relInfo
	for _, ri := range r.rels {
		if !slices.Contains(ri.def.To, at) {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = ri
	}
	if sole == nil || sole.concept != words.None || sole.subject != words.First || slices.Contains(sole.def.From, at) {
		return nil
	}
	return sole
}

// soleRelationOf returns the one relation of no known kind but those of
// tried that starts from kind at, one way, and the role its answers play,
// or nil where the kind is not known or several relations start from it.
func (r *reader) soleRelationOf(at string, tried []*relInfo) (*relInfo, words.Role) {
	if at == "" {
		return nil, 0
	}
	var sole *relInfo
	var answers words.Role
	for _, ri := range r.rels {
		if slices.Contains(tried, ri) {
			continue
		}
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if !slices.Contains(ri.starts(d), at) {
				continue
			}
			if sole != nil {
				return nil, 0
			}
			sole, answers = ri, words.Second
			if d == graph.In {
				answers = words.First
			}
		}
	}
	if sole == nil || sole.concept != words.None || sole.subject != words.First {
		return nil, 0
	}
	return sole, answers
}

// untouchedNamed returns kindNamedRelation's claim where claim c's first
// step cannot touch the entity's type, else nil.
func (r *reader) untouchedNamed(c *claim) *claim {
	if r.firstStepTouches(c) {
		return nil
	}
	return r.kindNamedRelation()
}

// firstStepTouches reports whether a relation the claim's first step may
// walk has the anchor's type at one end (true where the anchor has no
// type, or the step names no relation).
func (r *reader) firstStepTouches(c *claim) bool {
	t := r.ents[c.anchor].Type
	if t == "" || len(c.steps) == 0 || c.steps[0].empty() {
		return true
	}
	st := c.steps[0]
	rels := st.rels
	if rels == nil {
		rels = r.conceptRels(st.concept)
	}
	return slices.ContainsFunc(rels, func(ri *relInfo) bool {
		return slices.Contains(ri.def.From, t) || slices.Contains(ri.def.To, t)
	})
}

// kindNamedRelation: no other word names a relation (or the one that does
// never reaches the entity's kind: firstStepTouches), and the entity's
// mention (or the word right before it) says its kind with a word of one
// relation's name, or says that relation's whole name ("period 2" over
// period), the only relation of the graph that has that word and links
// things of that kind
// ("Which resources have the final tag?", "the nodes with tag 'ccsr'":
// has_tag; "Which people hold the role gsoc?": has_role). The relation is
// walked to the entity's end of it, directly.
func (r *reader) kindNamedRelation() *claim {
	e := r.mainEntity()
	ent := r.ents[e]
	if ent.Type == "" || ent.Start < 0 || ent.End <= ent.Start {
		return nil
	}
	said := text.Tokens(r.q[ent.Start:ent.End])
	if before := text.Tokens(r.q[:ent.Start]); len(before) > 0 {
		// "the role gsoc": the kind said before the name.
		said = append(said, before[len(before)-1])
	}
	for _, w := range said {
		kindNoun := r.typeNamed(w) == ent.Type && strings.EqualFold(text.Singular(w), ent.Type) // not a verb of its forms ("tagged")
		var named *relInfo
		for _, ri := range r.rels {
			atFrom, atTo := slices.Contains(ri.def.From, ent.Type), slices.Contains(ri.def.To, ent.Type)
			// The kind's noun is a word of the name (has_tag), or the
			// word is the whole name ("period 2" over period).
			says := kindNoun && slices.ContainsFunc(strings.Fields(ri.spelled), func(n string) bool { return words.FormSet(n)[w] }) || ri.spelled == w
			if !says || atFrom == atTo {
				continue
			}
			if named != nil {
				return nil // two relations have the word: the kind names neither
			}
			named = ri
		}
		if named == nil {
			continue
		}
		answers := words.Second
		if slices.Contains(named.def.To, ent.Type) {
			answers = words.First
		}
		c := &claim{anchor: e, target: -1, conf: 0.85, extent: state.ExtentDirect, extentSaid: true,
			steps: []stepClaim{{concept: words.None, rels: []*relInfo{named}, answers: answers, word: w}},
			why:   []string{fmt.Sprintf("%q, the kind of %s, names %s", w, ent.Name, named.def.Name)}}
		// "Which elements are in period 4 or period 5?": either's.
		r.joinCoordinated(c, true)
		return c
	}
	return nil
}

// onlyKindsLink returns the step of the one relation the schema has
// between two different known kinds, walked from the first, and why; ok
// is false where the kinds are one, unknown or linked otherwise.
func (r *reader) onlyKindsLink(from, to string) (stepClaim, string, bool) {
	if from == "" || to == "" || from == to {
		return stepClaim{}, "", false
	}
	hop, _ := r.schemaHop(from, to)
	if len(hop) != 1 {
		return stepClaim{}, "", false
	}
	ri := r.relNamed(hop[0].Relation)
	if ri == nil {
		return stepClaim{}, "", false
	}
	why := fmt.Sprintf("no word names a relation: %s is the one relation between a %s and a %s", ri.def.Name, from, to)
	return stepClaim{concept: ri.concept, rels: []*relInfo{ri}, answers: ri.answersAt(hop[0].Direction), word: ri.spelled}, why, true
}

// onlyKindsPath returns, where no relation links things of types from and
// to and one path of two relations does (from a race to a country: its
// circuit, then the circuit's country), its two steps and why; ok is false
// otherwise.
func (r *reader) onlyKindsPath(from, to string) ([]stepClaim, string, bool) {
	if from == "" || to == "" || from == to || len(r.s.LinksBetween([]string{from}, to)) > 0 {
		return nil, "", false
	}
	var found [][2]state.RelDir
	for _, mid := range r.s.Types {
		if mid.Name == from || mid.Name == to {
			continue
		}
		for _, a := range r.s.LinksBetween([]string{from}, mid.Name) {
			for _, b := range r.s.LinksBetween([]string{mid.Name}, to) {
				if a.Relation != b.Relation {
					found = append(found, [2]state.RelDir{state.RelDir(a), state.RelDir(b)})
				}
			}
		}
	}
	if len(found) != 1 {
		return nil, "", false
	}
	var steps []stepClaim
	for _, e := range found[0] {
		ri := r.relNamed(e.Relation)
		if ri == nil {
			return nil, "", false
		}
		steps = append(steps, stepClaim{concept: ri.concept, rels: []*relInfo{ri}, answers: ri.answersAt(e.Direction), word: ri.spelled})
	}
	why := fmt.Sprintf("no word names a relation: %s then %s is the one path between a %s and a %s", found[0][0].Relation, found[0][1].Relation, from, to)
	return steps, why, true
}

// hierarchyPosition reports whether the question says a position in a
// containment hierarchy ("under", "below", "above"), and whether its
// subject is the part ("X under Y").
func (r *reader) hierarchyPosition() (partFirst, ok bool) {
	i := slices.IndexFunc(r.hits, func(h words.Hit) bool { return h.Kind == words.HitPosition && h.Concept == words.Containment })
	if i < 0 {
		return false, false
	}
	return r.hits[i].Role == words.First, true
}

// selfJoins reports whether a relation can follow itself: a kind its
// subjects have is one its objects have too (styles between styles).
func selfJoins(ri *relInfo) bool { return intersects(ri.def.From, ri.def.To) }

// wholeIsSubject reports, for a relation that follows itself, whether
// its subject is the whole: some kind is only ever its subject (the
// tops of the hierarchy), none only ever its object; known is false
// where the kinds do not say.
func wholeIsSubject(ri *relInfo) (up, known bool) {
	tops := slices.ContainsFunc(ri.def.From, func(t string) bool { return !slices.Contains(ri.def.To, t) })
	leaves := slices.ContainsFunc(ri.def.To, func(t string) bool { return !slices.Contains(ri.def.From, t) })
	return tops, tops != leaves
}

// typeOnly: an asked type and an entity, no relation word: the shortest
// schema path from the entity's type to the asked type.
func (r *reader) typeOnly() *claim {
	a := r.asked()
	if a.Type == "" {
		return nil
	}
	e := r.mainEntity()
	c := &claim{anchor: e, target: -1, conf: 0.75, extent: state.ExtentDirect, extentSaid: true,
		steps: []stepClaim{{concept: words.None, word: a.Word}}, guess: []string{fmt.Sprintf("no relation word: the shortest link from %s to a %s", r.ents[e].Name, a.Type)}}
	if at := r.ents[e].Type; at != "" && at != a.Type {
		via, viaAt := r.kindsSaid(at, a.Type)
		hop, _ := r.schemaHop(at, a.Type)
		if len(hop) == 1 && len(via) == 0 && r.s.TypesStated() {
			// "Which operations are tagged Uploads?", "Which elements
			// are liquid?": one relation links the two stated kinds,
			// and it is the link the question asks of, as sure as a
			// word naming it (any word left unread is doubted).
			c.conf, c.guess = 1, nil
			c.why = append(c.why, fmt.Sprintf("the one relation between a %s and a %s, %s", at, a.Type, hop[0].Relation))
		}
		if len(hop) == 0 || len(via) > 0 {
			// No relation links the two kinds, or the question names
			// kinds between: through the kinds between ("What tactics
			// does APT28 target?": the techniques it uses, then the
			// tactics they achieve; "Which operators run trains to
			// Paris?": through the trains, and their stations).
			if steps, ok := r.kindPath(at, a.Type, via); ok {
				c.steps, c.extent = steps, state.ExtentFixed
				for _, i := range viaAt {
					r.used[i] = true // the path reads the kinds named
				}
			}
		}
	}
	return c
}

// kindsSaid returns the types the question's words name, other than at,
// asked and kinds asked with it ("models and seeds"), once each, and the
// stream positions that name them.
func (r *reader) kindsSaid(at, asked string) ([]string, []int) {
	var out []string
	var pos []int
	coordinated := func(i int) bool { // "models and seeds": asked too
		a := r.askedAt
		return a >= 0 && (i == a+2 || i == a-2) && words.ClassOf(r.st.words[(i+a)/2]).Has(words.Conj)
	}
	for i, w := range r.st.words {
		if r.entAt[i] >= 0 || i == r.askedAt || coordinated(i) {
			continue
		}
		// A verb's past form of a type's name is no kind said between:
		// "Which drivers have raced for X?" over the type Race.
		if t := r.typeNamed(w); t != "" && t != at && t != asked && !(words.PastForm(w) && !slices.Contains(text.Tokens(t), w)) {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
			pos = append(pos, i)
		}
	}
	return out, pos
}

// kindPath returns the steps from kind at to kind asked along the one
// shortest path of the schema's kinds, at most three hops, that passes
// through every kind of via; ok is false where there is none, or several.
func (r *reader) kindPath(at, asked string, via []string) ([]stepClaim, bool) {
	const maxHops = 3
	linked := r.kindsLinked()
	paths := [][]string{{at}}
	var found [][]string
	for depth := 0; depth < maxHops && len(found) == 0; depth++ {
		var next [][]string
		for _, p := range paths {
			for _, t := range r.s.Types {
				if slices.Contains(p, t.Name) || !linked[[2]string{p[len(p)-1], t.Name}] {
					continue
				}
				q := append(slices.Clone(p), t.Name)
				if t.Name != asked {
					next = append(next, q)
					continue
				}
				if !slices.ContainsFunc(via, func(v string) bool { return !slices.Contains(q, v) }) {
					found = append(found, q)
				}
			}
		}
		paths = next
	}
	if len(found) != 1 {
		return nil, false
	}
	var steps []stepClaim
	for i := 0; i+1 < len(found[0]); i++ {
		st, ok := r.hopStep(found[0][i], found[0][i+1])
		if !ok {
			return nil, false
		}
		steps = append(steps, st)
	}
	return steps, true
}

// kindsLinked returns the pairs of kinds some relation links, either way
// round (the pairs schemaHop finds edges for), read once from the
// relations rather than once for every step of a search.
func (r *reader) kindsLinked() map[[2]string]bool {
	out := map[[2]string]bool{}
	for _, ri := range r.rels {
		for _, f := range ri.def.From {
			for _, t := range ri.def.To {
				out[[2]string{f, t}] = true
				out[[2]string{t, f}] = true
			}
		}
	}
	return out
}

// unexplainedConcept returns the concept of the phrase unexplained
// returns, where it is a phrase of a concept the graph has no relation
// of; None where it is a word the word lexicon does not relate.
func (r *reader) unexplainedConcept() words.Concept {
	for _, h := range r.hits {
		if !r.hasConcept(h.Concept) && h.Kind != words.HitPosition {
			return h.Concept
		}
	}
	return words.None
}

// unexplained returns the first word of the question that no cue,
// entity, type or function word explains, passing over the words
// sayNothing says nothing of a relation: it may name a relation the
// graph lacks.
func (r *reader) unexplained(sayNothing func(i int) bool) string {
	for _, h := range r.hits {
		// A concept phrase the graph has no relation for; a noun of one
		// that is the asked kind only says the kind ("Which containers
		// ...", where nothing contains anything).
		asked := h.Kind == words.HitNoun && h.Start <= r.askedAt && r.askedAt < h.End
		if !r.hasConcept(h.Concept) && h.Kind != words.HitPosition && !asked {
			return strings.Join(r.st.words[h.Start:h.End], " ")
		}
	}
	for i, w := range r.st.words {
		if !r.explained(i) && (sayNothing == nil || !sayNothing(i)) {
			return w
		}
	}
	return ""
}

// unnamed returns the words, in order, that no part of the reading
// explains and no relation's name says ("winner" in "Who beat the winner
// of X?" where an alias names defeated "beat").
func (r *reader) unnamed() []string {
	var out []string
	for i, w := range r.st.words {
		if !r.explained(i) && !slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start <= i && i < h.end }) {
			out = append(out, w)
		}
	}
	return out
}

// explained reports whether the word at stream position i needs no
// relation to explain it: a word of under three letters, or one the
// reading accounts for.
func (r *reader) explained(i int) bool {
	return len(r.st.words[i]) < 3 || r.accounted(i)
}

// accounted reports whether the word at stream position i is an entity,
// a word a cue or hit took, the asked noun, a function or question word,
// a word of a cue, or a type word.
func (r *reader) accounted(i int) bool {
	w := r.st.words[i]
	return r.entAt[i] >= 0 || r.used[i] || i == r.askedAt || functionWord(w) || whWords.Has(w) || r.isCueWord(w) && !r.actTok[r.st.at[i]] || r.isTypeWord(w) || r.kindAfterName(i)
}

// whereBeforePlace reports whether the word at stream position i is a
// verb that says only where a thing is, right before "in", "on" or "at"
// ("Which volcanoes can be found in El Salvador?"): the preposition says
// it, as in "are in", so that the question is not refused for it; the
// reading that takes no relation word still doubts it. In a yes or no
// only where the kinds of its two entities are linked one way only, not
// where the entity's neighbourhood would answer "in Seattle" by any link
// at all.
func (r *reader) whereBeforePlace(i int) bool {
	if !words.IsWhereVerb(r.st.words[i]) || i+1 >= len(r.st.words) || r.entAt[i+1] >= 0 || !words.ClassOf(r.st.words[i+1]).Has(words.PlacePrep) {
		return false
	}
	if !r.asksYesNo() {
		return true
	}
	// A yes or no, where the place is an entity right after and the
	// kinds of the two are linked one way only ("Was X held in
	// Austria?": a race's circuit's country), not by any link at all.
	if i+2 >= len(r.st.words) || r.entAt[i+2] < 0 || len(r.ents) != 2 {
		return false
	}
	subj := r.subjectEntity()
	from, to := r.ents[subj].Type, r.ents[1-subj].Type
	_, _, path := r.onlyKindsPath(from, to)
	_, _, link := r.onlyKindsLink(from, to)
	return path || link
}

// kindAfterName reports whether the word at stream position i is the
// head noun of an entity's mention that begins with an article, a noun
// for what the entity is that names no relation ("the kangaroo emoji",
// "the billing widget"): it describes the entity, and asks nothing.
func (r *reader) kindAfterName(i int) bool {
	if !r.afterArticleMention(i) || !words.NounAfterName(r.st.words[i]) {
		return false
	}
	return !slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start <= i && i < h.end }) &&
		!slices.ContainsFunc(r.hits, func(h words.Hit) bool { return h.Start <= i && i < h.End })
}

func (r *reader) isCueWord(w string) bool {
	for _, cs := range [][]cue{transitiveCues, directCues, optionalCues, failsCues, failureOfCues, failureNouns, causeCues, consequenceCues} {
		if cueWord(cs, w) {
			return true
		}
	}
	return false
}

// cueWord reports whether w is a word of one of the cues cs.
func cueWord(cs []cue, w string) bool {
	for _, c := range cs {
		for _, set := range c.words {
			if set[w] {
				return true
			}
		}
	}
	return false
}

// typeNamed returns the type whose one-word name is w in some form
// ("teams": Team), or "".
func (r *reader) typeNamed(w string) string {
	for _, t := range r.s.Types {
		if tw := text.Tokens(t.Name); len(tw) == 1 && w != "" && words.FormSet(tw[0])[w] {
			return t.Name
		}
	}
	return ""
}

func (r *reader) isTypeWord(w string) bool {
	for _, t := range r.s.Types {
		for _, tw := range text.Tokens(t.Name) {
			if words.FormSet(tw)[w] {
				return true
			}
		}
		for _, al := range t.Aliases {
			for _, aw := range text.Tokens(al) {
				if words.FormSet(aw)[w] {
					return true
				}
			}
		}
		for _, nw := range t.NameWords {
			if words.FormSet(nw)[w] {
				return true
			}
		}
	}
	return false
}
