package reader

import (
	"slices"

	"github.com/scgraph/scgraph/internal/words"
)

// complementPreps join a relation noun to its complement: "the members
// of X", "the team lead for X", "a dependency on X", "write access to X".
var complementPreps = words.Set("complement-preps")

// bindNouns binds each relation noun to its complement: the phrase after
// "of" (or another preposition), else the possessor before it ("X's
// members"), else an entity written right before it ("sentry-cleanup
// image"), else the entity a possessive determiner stands for ("its
// leads"). The noun's own phrase plays the end it names.
func (f *Frame) bindNouns() {
	f.possessiveKinds()
	for ni, n := range f.Nodes {
		if n.Kind != NodeNoun {
			continue
		}
		y, rule := f.complementOf(ni)
		if n.hasRole && rule != "role-of" {
			// "among their dependencies": their (the subject) is the
			// complement; the entity plays what the noun names.
			y, rule = f.possessorOf(ni), "role-of"
		}
		if (n.maybeKind || rule == "class") && y < 0 && !n.hasRole {
			n.Kind, n.Noun = NodeKindOf, nil
			continue
		}
		if n.hasRole {
			f.Links = append(f.Links, &Link{M: n.Noun, X: n.roleOf, Y: y, Rule: rule})
			continue
		}
		f.Links = append(f.Links, &Link{M: n.Noun, X: ni, Y: y, Rule: rule})
		switch {
		case y >= 0 && f.Nodes[y].Kind != NodeEntity:
			f.Nodes[y].outer = ni
		case y >= 0 && rule == "noun-of":
			// "Which house does the killer of X belong to?": a verb
			// after the phrase has its head for subject, not X.
			f.Nodes[y].inner, f.Nodes[y].outer = true, ni
		}
	}
}

func (f *Frame) possessiveKinds() {
	for ni, n := range f.Nodes {
		if n.Kind != NodeEntity || !f.toks[n.j-1].poss {
			continue
		}
		k := f.nodeStartingAt(n.j)
		if k < 0 || f.Nodes[k].Kind != NodeKindOf || f.Nodes[k].i != n.j {
			continue
		}
		// "web-app's node", "auth-api's database": the things of that
		// kind the entity is related to, by whatever relation links the
		// two kinds.
		m := &relMention{start: -1, end: -1, form: mNoun, text: f.toks[n.j-1].raw + "'s " + span(f.toks, f.Nodes[k].i, f.Nodes[k].j)}
		t := f.ents[n.Ent].Type
		for _, r := range f.v.rels {
			switch {
			case t == "" || slices.Contains(r.def.From, t):
				m.cands = append(m.cands, relCand{rel: r, end: Object, by: byConcept})
			}
			if t == "" || slices.Contains(r.def.To, t) {
				m.cands = append(m.cands, relCand{rel: r, end: Subject, by: byConcept})
			}
		}
		if len(m.cands) > 0 {
			f.Links = append(f.Links, &Link{M: m, X: k, Y: ni, Rule: "possessive-kind"})
			f.Nodes[ni].possessor = true
		}
	}
}

// complementOf returns the phrase that completes noun phrase ni (the X
// of "the members of X", "X's members", "X's team leads") and the rule
// that found it; -1 and "noun" where the phrase has none. The structure
// nouns after the noun are taken first (ownStructureNouns); then the
// rules of complementRules are tried in order, the first that applies
// wins.
func (f *Frame) complementOf(ni int) (int, string) {
	j := f.ownStructureNouns(f.Nodes[ni])
	for _, rule := range complementRules {
		if k, name, ok := rule(f, ni, j); ok {
			return k, name
		}
	}
	return -1, "noun"
}

// ownStructureNouns takes the structure nouns between node n's noun and
// its "of" ("the dependency tree of X", "the reverse dependency closure
// of X"), which ask for the closure; it returns the token after them.
func (f *Frame) ownStructureNouns(n *Node) int {
	j := n.j
	for j < len(f.toks) && f.toks[j].ent < 0 && !f.toks[j].brk && f.toks[j].class.Has(words.Transparent) {
		f.own(j, j+1, "extent")
		n.Noun.closure = true
		j++
	}
	return j
}

// complementRule is one way a noun phrase ni is completed, j the token
// after it and its structure nouns: it returns the complement's node, the
// rule's name, and whether it applies.
type complementRule func(f *Frame, ni, j int) (int, string, bool)

// complementRules are the ways a noun phrase is completed, in the order
// they are tried.
var complementRules = []complementRule{
	roleAsComplement,
	ownPrepComplement,
	prepComplement,
	amongComplement,
	possessiveComplement,
	insideComplement,
	modifierComplement,
	entityBeforeComplement,
	haveSubjectComplement,
}

// roleAsComplement: "X as a dependency", "have X as a direct dependency":
// X plays what the noun names; the subject of the clause the other end.
func roleAsComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if a := n.i - 1; a > 0 && f.toks[a].is("as") && f.toks[a-1].ent >= 0 {
		f.own(a, a+1, "complement")
		n.roleOf, n.hasRole = f.entityNode(f.toks[a-1].ent, a-1), true
		if k := f.leftPhrase(a - 1); k >= 0 {
			return k, "role-of", true
		}
	}
	return -1, "", false
}

// ownPrepComplement: "the alumni of X": the mention's own last word is
// its preposition.
func ownPrepComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if m := n.Noun; m.end == n.j && complementPreps.Has(f.toks[m.end-1].low) && m.end-m.start > 1 {
		if k := f.nodeStartingAt(n.j); k >= 0 && k != ni {
			return k, "noun-of", true
		}
	}
	return -1, "", false
}

// prepComplement: "members of X", "the lead for X".
func prepComplement(f *Frame, _, j int) (int, string, bool) {
	if j < len(f.toks) && !f.toks[j].brk && f.toks[j].ent < 0 && complementPreps.Has(f.toks[j].low) {
		if k := f.nodeStartingAt(j + 1); k >= 0 {
			f.own(j, j+1, "complement")
			return k, "noun-of", true
		}
	}
	return -1, "", false
}

// amongComplement: "list X among their dependencies": X is one of them.
// It notes the role and leaves the complement to the rules after it.
func amongComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if a := n.i - 1; a > 0 && f.toks[a].is("among") && f.toks[a-1].ent >= 0 {
		f.own(a, a+1, "complement")
		n.roleOf, n.hasRole = f.entityNode(f.toks[a-1].ent, a-1), true
	}
	return -1, "", false
}

// possessiveComplement: "X's members": the phrase before ends in a
// possessive.
func possessiveComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if k := f.nodeEndingAt(n.i); k >= 0 && f.toks[n.i-1].poss {
		return k, "possessive", true
	}
	return -1, "", false
}

// insideComplement: "X's team leads" or "sentry-cleanup image": an
// entity inside the phrase, before the noun; but an entity that names a
// class ("aws_iam_policy_document blocks") says what kind the things
// are. A possessive determiner inside ("their dependencies") stands for
// the complement.
func insideComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	for i := n.i; i < n.j; i++ {
		t := f.toks[i]
		if t.ent >= 0 {
			if f.classEntity(t.ent) && n.Noun.best() > byNameWord {
				return -1, "class", true
			}
			return f.entityNode(t.ent, i), "compound", true
		}
		if t.class.Has(words.PossessiveDet) {
			return f.pronounNode(i), "possessive-determiner", true
		}
	}
	return -1, "", false
}

// modifierComplement: an entity chunk found right before the phrase's
// head, modifying it ("sentry-cleanup image"), but for one that names a
// class.
func modifierComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if len(n.Mods) > 0 && !(f.classEntity(n.Mods[0]) && n.Noun.best() > byNameWord) {
		return f.entityNode(n.Mods[0], n.i), "compound", true
	}
	return -1, "", false
}

// entityBeforeComplement: "project-const-generics leads?": the entity
// right before, with no determiner between ("X is a subteam of" is no
// compound).
func entityBeforeComplement(f *Frame, ni, _ int) (int, string, bool) {
	n := f.Nodes[ni]
	if k := f.nodeEndingAt(n.i); k >= 0 && f.Nodes[k].Kind == NodeEntity && !f.toks[n.i].brk && !f.toks[n.i].class.Has(words.Det) {
		return k, "compound", true
	}
	return -1, "", false
}

// haveSubjectComplement: "What release statuses do the Pointer Events
// Working Group's specs have?": a noun after the wh-word, then "do", in a
// clause that ends in "have", is had by the clause's subject, the kind
// phrase right before "have" (here the specs, not the group that
// possesses them).
func haveSubjectComplement(f *Frame, ni, j int) (int, string, bool) {
	n := f.Nodes[ni]
	if n.i == 0 || !f.toks[n.i-1].class.Has(words.Wh) || j >= len(f.toks) || !f.toks[j].is("do", "does", "did") {
		return -1, "", false
	}
	for k := j; k < len(f.toks) && !f.toks[k].brk; k++ {
		if f.relAt(k) != nil {
			return -1, "", false
		}
		if f.toks[k].is("have", "has") && f.toks[k].ent < 0 {
			if s := f.leftPhrase(k); s >= 0 && s != ni && f.Nodes[s].Kind == NodeKindOf {
				return s, "have-subject", true
			}
			return -1, "", false
		}
	}
	return -1, "", false
}

// classEntity reports whether entity e names a class: its type is what a
// classifying relation ("type", "is_a", "kind") points at.
func (f *Frame) classEntity(e int) bool { return f.v.classType(f.ents[e].Type) }

// possessorOf returns the phrase a possessive determiner in node n's
// phrase stands for: the clause's subject ("which packages list X among
// THEIR dependencies"), or -1.
func (f *Frame) possessorOf(ni int) int {
	n := f.Nodes[ni]
	for i := n.i; i < n.j; i++ {
		if f.toks[i].class.Has(words.PossessiveDet) {
			for k := n.i - 1; k >= 0; k-- {
				if m := f.nodeAt(k); m >= 0 && f.Nodes[m].Kind != NodeEntity && m != ni {
					return m
				}
			}
		}
	}
	return -1
}

// nodeStartingAt returns the node whose phrase starts at token i (after
// determiners), or -1.
func (f *Frame) nodeStartingAt(i int) int {
	for i < len(f.toks) && f.toks[i].ent < 0 && f.toks[i].class.Has(words.Det|words.Quantifier) && f.nodeAt(i) < 0 {
		i++
	}
	return f.nodeAt(i)
}

// nodeEndingAt returns the node whose phrase ends right before token i,
// or -1.
func (f *Frame) nodeEndingAt(i int) int {
	for k, n := range f.Nodes {
		if n.j == i {
			return k
		}
	}
	return -1
}

// entityNode returns a node for entity e found at token i inside another
// phrase, adding one.
func (f *Frame) entityNode(e, i int) int {
	for k, n := range f.Nodes {
		if n.Kind == NodeEntity && n.Ent == e {
			return k
		}
	}
	f.Nodes = append(f.Nodes, &Node{Kind: NodeEntity, Ent: e, i: i, j: i + 1, outer: -1})
	return len(f.Nodes) - 1
}

// pronounNode returns a node for the pronoun or possessive determiner at
// token i, adding one; build resolves what it stands for.
func (f *Frame) pronounNode(i int) int {
	if k := f.nodeAt(i); k >= 0 && f.Nodes[k].Kind == NodeVar && f.Nodes[k].i == i {
		return k
	}
	f.Nodes = append(f.Nodes, &Node{Kind: NodeVar, Ent: -1, i: i, j: i + 1, outer: -1})
	f.own(i, i+1, "pronoun")
	return len(f.Nodes) - 1
}

// bindPredicates binds the two sides of each verb and position: the
// subject and object of a verb, the answers and the referent of a
// position; a preposition after a form of "be" is a relation too ("who is
// on X", "the teams X is in").
func (f *Frame) bindPredicates(v *vocab) {
	f.prepRelations(v)
	f.kindPrepModifiers()
	for _, m := range f.rels {
		if m.form == mNoun {
			continue
		}
		f.own(m.start, m.end, "relation")
		if m.form == mPosition {
			f.bindPosition(m)
			continue
		}
		f.bindVerb(m)
	}
}

// bindJoint reads an act done with someone: "Which authors wrote RFCs
// together with W. Ford?", "alongside X", "co-wrote RFCs with X". The
// entity after the cue does the act to the verb's object too, so a
// second link binds it as the verb's subject: the walk goes from it to
// what it did the act to, then back to who else did (the entity itself
// is no answer: the walk does not re-enter an anchor).
func (f *Frame) bindJoint() {
	for _, l := range f.Links {
		if l.M.form != mVerb || l.X < 0 || l.Y < 0 || l.Rule == "failure" {
			continue
		}
		co := l.M.start > 0 && f.toks[l.M.start-1].is("co")
		cue, e := f.jointPartner(l.M.end, co)
		if e < 0 || f.linkedBesides(e, nil) {
			continue
		}
		if co {
			f.own(l.M.start-1, l.M.start, "joint")
		}
		f.own(cue, f.Nodes[e].i, "joint")
		f.Links = append(f.Links, &Link{M: l.M, X: e, Y: l.Y, Rule: "joint", Passive: l.Passive})
		return
	}
}

// jointPartner returns where a joint cue starts after token i in its
// clause ("together with", "jointly with", "along with", "alongside";
// for a verb said with "co-", "with") and the entity node after it, or
// -1 for the node.
func (f *Frame) jointPartner(i int, co bool) (int, int) {
	for k := i; k < len(f.toks) && !f.toks[k].brk; k++ {
		t := f.toks[k]
		if t.ent >= 0 {
			return 0, -1
		}
		joint := t.class.Has(words.Joint) && !t.is("co")
		next := k
		switch {
		case joint && k+1 < len(f.toks) && f.toks[k+1].is("with"):
			next = k + 1
		case joint && t.is("alongside"), co && t.is("with"):
		default:
			continue
		}
		n := f.nodeStartingAt(next + 1)
		if n < 0 || f.Nodes[n].Kind != NodeEntity {
			return 0, -1
		}
		return k, n
	}
	return 0, -1
}

// linkedBesides reports whether a link of the frame other than l (nil:
// any link) binds node n.
func (f *Frame) linkedBesides(n int, l *Link) bool {
	return slices.ContainsFunc(f.Links, func(o *Link) bool { return o != l && (o.X == n || o.Y == n) })
}

// kindPrepModifiers reads an entity joined by a preposition to the kind
// phrase a predicate follows as a condition on those things ("Which
// elements in group 1 were discovered by Humphry Davy?", "Which airlines
// in Europe serve Helsinki?"): the entity modifies the kind phrase, and
// the predicate's subject is the kind phrase, not the entity before it.
// A kind phrase after its predicate ("serve airports in Helsinki") is
// bridged by the reading instead (see builder.bridged).
func (f *Frame) kindPrepModifiers() {
	for ni, n := range f.Nodes {
		k := n.j
		if n.Kind != NodeKindOf || n.Noun != nil || k+1 >= len(f.toks) {
			continue
		}
		t := f.toks[k]
		if t.ent >= 0 || t.brk || f.toks[k+1].brk || !t.class.Has(words.Prep) {
			continue
		}
		e := f.nodeStartingAt(k + 1)
		if e < 0 || f.Nodes[e].Kind != NodeEntity || !f.predicateAfter(f.Nodes[e].j) {
			continue
		}
		pos := f.relAt(k)
		if pos != nil && !(pos.form == mPosition && pos.start == k && pos.end == k+1 && n.Kinds != nil && !positionLinks(pos, n.Kinds.types, f.ents[f.Nodes[e].Ent].Type)) || pos == nil && f.cueAt(k) != nil {
			continue
		}
		if pos != nil {
			// "ports under the BSD-3-Clause licence": no relation the
			// position word names links ports to a License; it is a
			// plain preposition here.
			f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool { return m == pos })
		}
		f.own(k, k+1, "complement")
		f.Nodes[e].inner, f.Nodes[e].outer = true, ni
		n.Mods = append(n.Mods, f.Nodes[e].Ent)
	}
}

// positionLinks reports whether a relation the position word m names can
// link things of the kinds to an entity of type typ (either unknown: it
// may).
func positionLinks(m *relMention, kinds []string, typ string) bool {
	if len(kinds) == 0 || typ == "" {
		return true
	}
	return slices.ContainsFunc(m.cands, func(c relCand) bool {
		d := c.rel.def
		return intersects(d.From, kinds) && slices.Contains(d.To, typ) || intersects(d.To, kinds) && slices.Contains(d.From, typ)
	})
}

// predicateAfter reports whether a relation said as a verb begins at or
// after token i in its clause.
func (f *Frame) predicateAfter(i int) bool {
	for _, m := range f.rels {
		if m.form != mNoun && m.start >= i && !slices.ContainsFunc(f.toks[i:m.start], func(t token) bool { return t.brk }) {
			return true
		}
	}
	return false
}

// bindPosition binds "<position> X": the referent X after it (past "of",
// "from", "to", "in"), the answers before it ("everything downstream of
// X", "which teams sit under X") or the asked phrase.
func (f *Frame) bindPosition(m *relMention) {
	// "the upstream nodes", "downstream models": a position before the
	// noun it describes.
	if n := f.nodeAt(m.end); n >= 0 && f.Nodes[n].i == m.end && (f.Nodes[n].Kind == NodeKindOf || f.Nodes[n].Kind == NodeNoun) && !f.toks[m.end].brk {
		y := -1
		if k := f.Nodes[n].j; k < len(f.toks) && f.toks[k].is("of", "from", "for") && !f.toks[k].brk {
			y = f.nodeStartingAt(k + 1)
			f.own(k, k+1, "relation")
		}
		f.Links = append(f.Links, &Link{M: m, X: n, Y: y, Rule: "position-adjective"})
		return
	}
	j := m.end
	for j < len(f.toks) && !f.toks[j].brk && f.toks[j].ent < 0 && (f.toks[j].is("of", "from", "to", "in", "with", "for") ||
		f.nodeAt(j) < 0 && f.toks[j].class.Has(words.Det|words.Transparent)) {
		f.own(j, j+1, "relation")
		j++
	}
	y := -1
	if j < len(f.toks) && !f.toks[j].brk {
		y = f.nodeAt(j)
	}
	x := f.leftPhrase(m.start)
	rule := "position"
	if y < 0 {
		rule = "position-stranded"
		if j == m.end || !f.toks[j-1].is("of", "from", "to") {
			// "auth-api's upstream?": the referent is before.
			y, x = x, -1
		}
		// Else "What is X upstream of?": the preposition is stranded;
		// X is upstream of what is asked, which bindLoose binds to Y.
	}
	if rule == "position" && x >= 0 && f.Nodes[x].Kind == NodeKindOf && f.Nodes[x].j == m.start && f.predicateAfter(f.Nodes[y].j) {
		// "Which ports under tlslib depend on hashkit?": the referent
		// modifies the kind phrase; a predicate after it has the kind
		// phrase for subject.
		f.Nodes[y].inner, f.Nodes[y].outer = true, x
	}
	f.Links = append(f.Links, &Link{M: m, X: x, Y: y, Rule: rule})
}

// leftPhrase returns the subject phrase of a predicate at token i: the
// nearest phrase before it in the same clause, past auxiliaries, forms of
// "be", negation and fillers; a phrase inside a clause that modifies
// another gives way to the phrase it modifies. -1 when there is none.
func (f *Frame) leftPhrase(i int) int {
	for k := i - 1; k >= 0; k-- {
		if n := f.nodeAt(k); n >= 0 {
			for f.Nodes[n].inner && f.Nodes[n].outer >= 0 {
				n = f.Nodes[n].outer
			}
			return n
		}
		if f.toks[k].brk {
			return -1
		}
	}
	return -1
}

// rightPhrase returns the object phrase of a verb ending at token j: the
// next phrase, past determiners and a preposition, in the same clause; -1
// when there is none.
func (f *Frame) rightPhrase(j int) int {
	for k := j; k < len(f.toks); k++ {
		if k > j && f.toks[k].brk {
			return -1
		}
		if k == j && f.toks[k].brk {
			return -1
		}
		if n := f.nodeAt(k); n >= 0 {
			if f.Nodes[n].possessor || f.possessesNoun(n) {
				// "maintains web-app's node", "killed X's parents": the
				// possessed is the object.
				if m := f.nodeStartingAt(f.Nodes[n].j); m >= 0 {
					return m
				}
			}
			return n
		}
		t := f.toks[k]
		if t.ent < 0 && (t.class.Has(words.Det|words.Prep|words.Filler|words.Quantifier) || f.cueAt(k) != nil) && f.relAt(k) == nil {
			continue
		}
		return -1
	}
	return -1
}

// possessesNoun reports whether entity node n is said in the possessive
// right before a relation noun ("X's parents").
func (f *Frame) possessesNoun(n int) bool {
	nd := f.Nodes[n]
	if nd.Kind != NodeEntity || nd.j == 0 || !f.toks[nd.j-1].poss {
		return false
	}
	m := f.nodeStartingAt(nd.j)
	return m >= 0 && f.Nodes[m].Kind == NodeNoun && f.Nodes[m].i == nd.j
}

// bindVerb binds a verb's subject (X) and object (Y) by the question's
// grammar: a passive's agent after "by" is its subject; a fronted
// wh-phrase is the object of a verb whose subject follows an auxiliary
// ("which teams does X lead"); a relative pronoun joins the clause to the
// phrase before it; a participle modifies the phrase before it.
func (f *Frame) bindVerb(m *relMention) {
	left := f.leftPhrase(m.start)
	right := f.rightPhrase(m.end)
	x, y, rule, said := f.verbSides(m, left, right, f.saidInPassive(m, left))
	if x == y {
		y = -1
	}
	f.Links = append(f.Links, &Link{M: m, X: x, Y: y, Rule: rule, Passive: said})
}

// saidInPassive reports whether the verb is said in the passive, left
// the phrase before it. A phrase that says "by" itself ("led by" of
// reporting) is read as written; a verb followed by "by" is a passive.
// A verb said in the passive ("teams led by X", "volumes mounted into
// Y") is read the other way round from one stated as a participle
// ("born_in", "written_by", "built on"), and the active voice of a
// stated participle ("who wrote X" for written_by) too.
func (f *Frame) saidInPassive(m *relMention, left int) bool {
	byAgent := m.end < len(f.toks) && f.toks[m.end].is("by") && !lastWordIs(f.toks, m, "by")
	return words.PastForm(f.toks[m.start].low) && !words.PreteriteOnly(f.toks[m.start].low) && !f.prepMention(m) &&
		(byAgent || lastWordIs(f.toks, m, "by") || f.beBeforeVerb(m) || f.reducedRelative(m, left))
}

// verbSides returns the verb's subject (x) and object (y), the rule that
// bound them and whether the verb is read in the passive, the phrases
// before and after it being left and right: the first of the clause's
// shapes that applies, else the phrase before and the one after.
func (f *Frame) verbSides(m *relMention, left, right int, said bool) (x, y int, rule string, passive bool) {
	rule = "verb"
	x, y = left, right
	if said {
		// "teams led by X", "volumes mounted into the kafka service": the
		// clause's subject is what the act is done to; each candidate
		// relation is read by its own voice (see orient).
		rule = "passive"
	}
	if s := f.coordinatedSubject(m, left); s >= 0 {
		// "packages in the editors section and maintained by Mark
		// Brown": the second predicate's subject is the first's.
		return s, right, "coordinated", said
	}
	switch {
	case f.haveDone(m) >= 0:
		// "which services have ./relay mounted": the services mount it.
		x, y, rule, said = f.haveDone(m), left, "have-done", false
	case said && right >= 0:
		if left >= 0 && f.Nodes[left].j == m.start && f.Nodes[left].Kind != NodeEntity && words.PastForm(f.toks[m.start].low) {
			// "emperors born in Italia were killed by X": the phrase
			// after the participle modifies the one before it, which
			// stays the subject of a predicate that follows.
			f.Nodes[right].inner = true
			f.Nodes[right].outer = left
		}
	case f.relativeBefore(m.start) >= 0:
		x, y, rule = f.relative(m, left, right)
	case left >= 0 && f.Nodes[left].Kind == NodeEntity && right < 0 && f.gapHead(left) >= 0:
		// "the teams X is on", "the team the group belongs to".
		x, y, rule = left, f.gapHead(left), "reduced-relative"
	case left >= 0 && f.participleModifies(m, left):
		// "the services depending on vroom", "models built from it".
		x, y, rule = left, right, "participle"
		if right >= 0 {
			f.Nodes[right].inner = true
			f.Nodes[right].outer = left
		}
	case right < 0 && f.fronted() >= 0 && f.fronted() != left:
		// "which teams does X lead", "what does X depend on".
		x, y, rule = left, f.fronted(), "wh-object"
	case left < 0 && f.fronted() < 0:
		// "Repos maintained by X" without "by", "Storage attached to X".
		x, y, rule = f.firstPhrase(), right, "fragment"
	}
	return x, y, rule, said
}

// coordinatedSubject returns the subject of the predicate a verb is
// coordinated with ("are in the editors section and maintained by Mark
// Brown"), or -1: the verb follows "and", "or" or "but" (with "is" or
// "are" between or not), right after the object phrase left of an
// earlier predicate.
func (f *Frame) coordinatedSubject(m *relMention, left int) int {
	k := m.start - 1
	for k >= 0 && f.toks[k].ent < 0 && f.toks[k].class.Has(words.Be) {
		k--
	}
	if k < 1 || left < 0 || f.toks[k].brk || !f.toks[k].is("and", "or", "but") || f.nodeAt(k-1) != left {
		return -1
	}
	for _, l := range f.Links {
		if l.Y == left && l.X >= 0 && l.X != left && l.M.form == mVerb {
			return l.X
		}
	}
	return -1
}

// lastWordIs reports whether the mention's last word is w.
func lastWordIs(toks []token, m *relMention, w string) bool {
	return m.end > m.start && toks[m.end-1].low == w
}

// participle reports whether the mention's verb is a past participle
// ("led", "maintained", "written"), or follows a form of "be" or "get".
func (f *Frame) participle(m *relMention) bool {
	for k := m.start; k < m.end; k++ {
		if words.PastForm(f.toks[k].low) {
			return true
		}
	}
	return m.start > 0 && f.toks[m.start-1].class.Has(words.Be|words.Get)
}

// participleModifies reports whether a verb in -ing or a participle
// right after a phrase modifies it: "the services depending on vroom",
// "the models built from it".
func (f *Frame) participleModifies(m *relMention, left int) bool {
	if f.Nodes[left].j != m.start || f.Nodes[left].Kind == NodeEntity {
		return false
	}
	return participleForm(f.toks[m.start].low)
}

// participleForm reports whether w, of five letters or more, is a verb in
// -ing or in the past ("depending", "built").
func participleForm(w string) bool {
	return len(w) > 4 && (w[len(w)-3:] == "ing" || words.PastForm(w))
}

// relativeBefore returns the token of a relative pronoun that opens the
// verb's clause ("the teams that maintain X", "a team that X is a member
// of"), or -1.
func (f *Frame) relativeBefore(i int) int {
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		if f.toks[k].brk && k < i-1 {
			return -1
		}
		if f.relativeAt(k) {
			return k
		}
		if f.relAt(k) != nil && f.relAt(k).form == mVerb {
			return -1
		}
	}
	return -1
}

// relative binds a verb in a relative clause: "the teams that maintain X"
// (the phrase before the pronoun is the subject) or "a team that X is a
// member of" (it is the object).
func (f *Frame) relative(m *relMention, left, right int) (int, int, string) {
	p := f.relativeBefore(m.start)
	head := f.nodeEndingAt(p)
	f.own(p, p+1, "relative")
	if left >= 0 && f.Nodes[left].i > p {
		// A subject between the pronoun and the verb: the head is the
		// object.
		return left, head, "relative-object"
	}
	return head, right, "relative-subject"
}

// gapHead returns the phrase right before node n that a reduced relative
// clause describes ("the teams [that] X is on"), or -1.
func (f *Frame) gapHead(n int) int {
	k := f.nodeEndingAt(f.Nodes[n].i)
	if k < 0 || f.Nodes[k].Kind == NodeEntity || f.toks[f.Nodes[n].i].brk {
		return -1
	}
	return k
}

// fronted returns the wh-phrase the question opens with (its object,
// when a verb after it has a subject of its own), or -1.
func (f *Frame) fronted() int {
	for k, n := range f.Nodes {
		if n.asked {
			return k
		}
	}
	return -1
}

// firstPhrase returns the first phrase that is not an entity, or -1.
func (f *Frame) firstPhrase() int {
	for k, n := range f.Nodes {
		if n.Kind != NodeEntity {
			return k
		}
	}
	return -1
}

// prepRelations reads a preposition that relates two phrases through a
// form of "be" ("who is on mdbook", "what teams is X on", "which models
// are in schema S") as a relation mention: its candidates are the
// relations whose names hold the preposition and the relations of the
// concepts it can say (membership for "on" and "in", containment for
// "in", "under", "inside").
func (f *Frame) prepRelations(v *vocab) {
	for i, t := range f.toks {
		if t.ent >= 0 || !t.class.Has(words.Prep) || f.covered(i) {
			continue
		}
		concepts, ok := prepConcepts[t.low]
		if !ok {
			continue
		}
		be := f.beBefore(i)
		stranded := i+1 >= len(f.toks) || f.toks[i+1].brk
		if !be && !stranded || i+1 < len(f.toks) && f.toks[i+1].class.Has(words.Sub) {
			continue // "in case": a subordinator
		}
		m := &relMention{start: i, end: i + 1, form: mVerb, text: t.low, concepts: concepts}
		for _, r := range v.rels {
			if r.words[0] == t.low || r.words[len(r.words)-1] == t.low {
				m.cands = append(m.cands, relCand{rel: r, end: Subject, by: byNameWord})
			}
		}
		for _, c := range concepts {
			for _, r := range v.conceptRels(c, f.Optional) {
				if !slices.ContainsFunc(m.cands, func(x relCand) bool { return x.rel == r }) {
					m.cands = append(m.cands, relCand{rel: r, end: r.roleEnd(words.First), by: byConcept})
				}
			}
		}
		if len(m.cands) > 0 {
			f.rels = append(f.rels, m)
		}
	}
	slices.SortFunc(f.rels, func(a, b *relMention) int { return a.start - b.start })
}

// prepConcepts are the concepts a preposition after "be" can say: the
// subject is the member or the part.
var prepConcepts = map[string][]words.Concept{
	"on":     {words.Membership},
	"in":     {words.Membership, words.Containment},
	"inside": {words.Containment},
	"within": {words.Containment},
	"at":     {words.Containment},
}

// covered reports whether token i is inside a relation mention or a cue.
func (f *Frame) covered(i int) bool { return f.relInside(i) || f.cueAt(i) != nil }

// beBefore reports whether a form of "be" stands before token i in its
// clause, with at most a phrase between ("is X on", "are on").
func (f *Frame) beBefore(i int) bool {
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		t := f.toks[k]
		if t.class.Has(words.Be) || (t.poss && t.class.Has(words.Wh)) {
			return true
		}
		if t.brk || f.relAt(k) != nil {
			return false
		}
	}
	return false
}

// prepMention reports whether m is a preposition read as a relation.
func (f *Frame) prepMention(m *relMention) bool {
	return m.end-m.start == 1 && f.toks[m.start].class.Has(words.Prep) && prepConcepts[f.toks[m.start].low] != nil
}

// beBeforeVerb reports whether a form of "be" or "get" stands right
// before the verb, or before it with only an entity between ("is X
// used").
func (f *Frame) beBeforeVerb(m *relMention) bool {
	k := m.start - 1
	for k >= 0 && (f.toks[k].ent >= 0 || f.toks[k].class.Has(words.Filler|words.Neg|words.Det) || f.nodeAt(k) >= 0 && f.Nodes[f.nodeAt(k)].Kind == NodeEntity) {
		if f.toks[k].brk {
			return false
		}
		k--
	}
	return k >= 0 && f.toks[k].ent < 0 && f.toks[k].class.Has(words.Be|words.Get)
}

// reducedRelative reports whether a participle follows the phrase it
// describes ("the teams led by X", "storage attached to X"): a kind or
// noun phrase right before it.
func (f *Frame) reducedRelative(m *relMention, left int) bool {
	n := f.node(left)
	return n != nil && n.j == m.start && (n.Kind == NodeKindOf || n.Kind == NodeNoun || n.Kind == NodeVar)
}

// haveDone returns, for "have X mounted" (a form of "have", an entity,
// then the verb's participle), the phrase before "have", which does the
// verb's act; -1 otherwise.
func (f *Frame) haveDone(m *relMention) int {
	k := m.start - 1
	if k < 1 || f.toks[k].ent < 0 || !words.PastForm(f.toks[m.start].low) {
		return -1
	}
	for k > 0 && f.toks[k].ent >= 0 {
		k--
	}
	if !f.toks[k].class.Has(words.Have) {
		return -1
	}
	return f.leftPhrase(k)
}
