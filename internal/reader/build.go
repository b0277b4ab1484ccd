package reader

import (
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// builder turns a frame into readings.
type builder struct {
	f *Frame
	v *vocab
	// main is the question's main entity: the best linked, the first on
	// a tie.
	main int
	// steps are the best reading's steps, for its alternatives.
	steps []step
}

// step is one relation mention of the path, oriented.
type step struct {
	link *Link
	// fromX: the path enters the link at X and leaves at Y.
	fromX bool
	// edges are the relations walked, each with its direction.
	edges []state.RelDir
	// by is how the relations were grounded.
	by grounding
	// repeat: the step is a closure.
	repeat bool
	// concept is the step's concept, if its relations share one.
	concept words.Concept
	// implicit: no word of the question names the step (the types chose
	// it).
	implicit bool
	// kin: a kin noun of another width named the step's relations
	// ("brothers" for siblings).
	kin bool
	// tie: every relation the step walks was read by the plain kin noun
	// of its tie (relCand.tie): "parents" over father_of and mother_of.
	tie bool
	// modifier: a step named by the modifier of its relation's noun
	// compound alone (relCand.modifier).
	modifier bool
	// kindNamed: the asked kind's word names the step's relation, not
	// its link's verb ("Which house does X belong to?" over houseName).
	kindNamed bool
	// ends are the types where the step ends (nil: unknown).
	ends []string
	// schemaDoubt: no relation of the step can start where the walk is.
	schemaDoubt bool
	// senses: the mention names several concepts the types do not settle.
	senses []words.Concept
	// hierarchy: the step's words name another hierarchy concept than
	// the relations walked ("report to" read as subteam_of).
	hierarchy bool
	// retyped: the step's words named relations that cannot start where
	// the walk is; the types chose the step's relations instead.
	retyped bool
	// endGuessed: which end of a relation walked the question's words put
	// where is a guess (relCand.guessedEnd).
	endGuessed bool
	// rivalled: another relation may be the one meant: one the step does
	// not walk with the step's word in its name that fits the walk
	// (sharesNameWord), or one of a known kind between the same kinds as
	// a walked relation of none (knownAlike), or the step is severalNamed.
	rivalled bool
	// severalNamed: the step walks several relations, each found by one
	// word of its name, that differ in words the question does not say
	// (birth_cty and birth_prv for "born"): one of the rivals.
	severalNamed bool
}

func build(f *Frame, v *vocab) Result {
	b := &builder{f: f, v: v, main: mainEntity(f.ents)}
	b.resolvePronouns()
	b.copulas()
	res := Result{Frame: f}
	if u := b.refusal(); u != "" {
		res.Unread = u
		return res
	}
	rd, ok := b.reading()
	if !ok {
		res.Unread = "no relation of this graph leads where the question asks"
		return res
	}
	res.Readings = append(res.Readings, rd)
	res.Readings = append(res.Readings, b.alternatives(rd)...)
	res.Notes = b.entityNotes(rd)
	return res
}

// mainEntity is the best-linked entity (the first on a tie).
func mainEntity(ents []Entity) int {
	best := 0
	for i, e := range ents {
		if e.Confidence > ents[best].Confidence {
			best = i
		}
	}
	return best
}

// resolvePronouns makes each pronoun and possessive determiner ("it",
// "them", "its") stand for the question's main entity.
func (b *builder) resolvePronouns() {
	for _, n := range b.f.Nodes {
		if b.f.pronoun(n) {
			n.Kind, n.Ent = NodeEntity, b.mainOutside(n)
		}
	}
}

// mainOutside returns the main entity, preferring one mentioned before
// token position n.i.
func (b *builder) mainOutside(n *Node) int {
	for _, m := range b.f.Nodes {
		if m.Kind == NodeEntity && m.i < n.i && m.Ent >= 0 {
			return m.Ent
		}
	}
	return b.main
}

// copulas reads "X is a member of ...", "what is X the lead of", "X is a
// subteam of something": an entity said to be what a relation noun names
// is that noun's phrase, and the noun's missing complement is what the
// question asks.
func (b *builder) copulas() {
	f := b.f
	b.askedIdentity()
	for _, l := range f.Links {
		n := f.node(l.X)
		if n == nil || n.Kind != NodeNoun || l.M != n.Noun {
			continue
		}
		e := b.copulaSubject(n)
		if e < 0 {
			continue
		}
		l.X = e
		if l.Y < 0 || l.Y == e {
			l.Y = f.Asked
		}
		if f.Asked == slices.Index(f.Nodes, n) {
			f.Asked = -1
			for k, m := range f.Nodes {
				if m.asked && m != n {
					f.Asked = k
				}
			}
		}
		l.Rule += "+copula"
	}
}

// copulaSubject returns the entity node that a form of "be" says is the
// noun phrase n ("X is a member of", "is X a member of"), or -1.
func (b *builder) copulaSubject(n *Node) int {
	f := b.f
	be := -1
	for k := n.i - 1; k >= 0 && k >= n.i-4; k-- {
		if f.toks[k].class.Has(words.Be) {
			be = k
			break
		}
		if f.toks[k].brk || f.relAt(k) != nil {
			return -1
		}
	}
	if be < 0 {
		return -1
	}
	// The entity right before the noun ("is X a member of") or before
	// "be" ("X is a member of"); a possessive one is the noun's
	// complement ("who were X's parents").
	for k := n.i - 1; k > be; k-- {
		if m := f.nodeAt(k); m >= 0 && f.Nodes[m].Kind == NodeEntity {
			if f.toks[f.Nodes[m].j-1].poss {
				return -1
			}
			return m
		}
	}
	if k := f.nodeEndingAt(be); k >= 0 && f.Nodes[k].Kind == NodeEntity && !f.toks[f.Nodes[k].j-1].poss {
		return k
	}
	return -1
}

// refusal returns why the question cannot be answered by walking the
// graph, or "": it asks for a complement ("which services do not depend
// on X"), or what keeps working.
func (b *builder) refusal() string {
	f := b.f
	for i, t := range f.toks {
		if t.ent >= 0 {
			continue
		}
		if t.class.Has(words.Complement) {
			return fmt.Sprintf("the question asks for what is not connected (it negates %q); scgraph answers what the graph connects: ask for that, and the rest is your answer", t.low)
		}
		if t.class.Has(words.Neg) && b.negatesRelation(i) {
			return fmt.Sprintf("the question asks for what is not connected (it negates %q); scgraph answers what the graph connects: ask for that, and the rest is your answer", f.toks[i+1].low)
		}
	}
	for _, c := range f.cues {
		if c.cues.Has(words.Survival) {
			return fmt.Sprintf("the question asks what keeps working (%q); scgraph answers what a failure affects: ask for that, and the rest is your answer", c.text)
		}
	}
	return ""
}

// negatesRelation reports whether the negation at token i negates the
// relation that follows it ("do not depend on", "doesn't call").
func (b *builder) negatesRelation(i int) bool {
	for k := i + 1; k < len(b.f.toks) && k <= i+4; k++ {
		if m := b.f.relAt(k); m != nil && m.form != mNoun {
			return true
		}
		t := b.f.toks[k]
		if t.ent >= 0 || t.brk || !(t.class.Has(words.Aux|words.Be|words.Filler|words.Modal) || k == i+1 && t.ent >= 0) {
			return false
		}
	}
	return false
}

// pastCopula returns the position after the copula or support verb at k
// and its preposition of place or "as" ("who was on pole for X", "who is
// in charge of X", "who took pole at X", "who served as chair of X": a
// support verb says the role held, as the copula does), and whether
// there was one; k itself otherwise.
func (f *Frame) pastCopula(k int) (int, bool) {
	if k >= len(f.toks) {
		return k, false
	}
	t := f.toks[k]
	switch {
	case t.class.Has(words.Support) && f.nodeAt(k) < 0:
		if k+1 < len(f.toks) && f.toks[k+1].is("as") {
			return k + 2, true
		}
		return k + 1, true
	case t.class.Has(words.Be):
		if k+2 < len(f.toks) && f.toks[k+1].is("on", "in", "at") && f.toks[k+2].ent < 0 {
			return k + 2, true
		}
		return k + 1, true
	case t.class&^openVerbClasses == 0 && t.ent < 0 && f.nodeAt(k) < 0 && !f.relInside(k):
		// A verb that names nothing the graph has, a preposition, then
		// a relation's noun ("who started on pole for X", pole_position):
		// it says the role held, as a support verb does (DoubtSupportVerb).
		j := k + 1
		if j >= len(f.toks) || !f.toks[j].class.Has(words.Prep) {
			break // "who makes the drug": an act with an object, not a role
		}
		j++
		if n := f.nodeStartingAt(j); n >= 0 && f.Nodes[n].Kind == NodeNoun && f.Nodes[n].Noun != nil && f.Nodes[n].Noun.best() <= byNameWord {
			return j, true
		}
	}
	return k, false
}

// openVerbClasses are the classes an open verb may carry and still be
// read as a support verb before a relation's noun ("started": Aspect).
const openVerbClasses = words.Aspect | words.PurposeVerb | words.LifeVerb

// relInside reports whether a relation mention covers token k.
func (f *Frame) relInside(k int) bool {
	return slices.ContainsFunc(f.rels, func(m *relMention) bool { return m.start <= k && k < m.end })
}

// askedIdentity reads "who are the leads of X", "what are the subteams of
// X", "what is the blast radius of X": a wh-pronoun said to be a phrase
// asks for that phrase.
func (b *builder) askedIdentity() {
	f := b.f
	a := f.node(f.Asked)
	if a == nil || a.Kind != NodeAsked {
		return
	}
	if a.j >= len(f.toks) {
		return
	}
	k, ok := f.pastCopula(a.j)
	if !ok && !f.toks[a.i].poss {
		return
	}
	if ok && !f.toks[a.j].class.Has(words.Be|words.Support) {
		f.supportGuess = a.j
		f.own(a.j, k, "support")
	}
	// "what is the (full) set of packages": past determiners, extent
	// words and a collective noun with its "of".
	for k < len(f.toks) && f.toks[k].ent < 0 && f.nodeAt(k) < 0 && (f.toks[k].class.Has(words.Det|words.Collective|words.Quantifier) ||
		f.toks[k].is("of") || f.cueAt(k) != nil && f.cueAt(k).cues.Has(words.Transitive|words.Direct)) {
		k++
	}
	n := f.nodeStartingAt(k)
	for n >= 0 && f.toks[f.Nodes[n].j-1].poss && f.Nodes[n].j < len(f.toks) {
		n = f.nodeStartingAt(f.Nodes[n].j) // "who were X's parents", "carol's boss's boss"
	}
	if n < 0 || f.Nodes[n].Kind == NodeEntity || f.Nodes[n].Kind == NodeAsked {
		return
	}
	a.asked = false
	f.Nodes[n].asked = true
	f.Asked = n
}
