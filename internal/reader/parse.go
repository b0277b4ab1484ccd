package reader

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// readExtent reads the extent cues: the first says how far; a second of
// the other extent, or a negated one ("but not directly"), is noted.
func (f *Frame) readExtent() {
	for _, c := range f.cues {
		if !c.cues.Has(words.Transitive | words.Direct) {
			continue
		}
		f.own(c.start, c.end, "extent")
		transitive := c.cues.Has(words.Transitive)
		if c.start > 0 && f.toks[c.start-1].class.Has(words.Neg) {
			f.own(c.start-1, c.start, "extent")
			if f.Extent.both == "" {
				f.Extent.both = `"not ` + c.text + `"`
			}
			continue
		}
		if c.start > 0 && f.toks[c.start-1].class.Has(words.CueLead) {
			f.own(c.start-1, c.start, "extent")
		}
		switch {
		case !f.Extent.said:
			f.Extent = extent{said: true, transitive: transitive, text: c.text}
		case transitive != f.Extent.transitive && f.Extent.both == "":
			f.Extent.both = `both "` + f.Extent.text + `" and "` + c.text + `"`
		}
	}
	f.readRepeatedNoun()
}

// readRepeatedNoun reads "including kinds of kinds", "counting consumers
// of consumers" (words.RepeatedNoun) as the transitive extent, where no
// cue said one; the phrase is the cue's, its noun the relation the
// question names beside it ("every kind of X, including kinds of kinds").
func (f *Frame) readRepeatedNoun() {
	ws := lows(f.toks)
	for i := range ws {
		end, ok := words.RepeatedNoun(ws, i)
		if !ok {
			continue
		}
		f.repeatedNouns = append(f.repeatedNouns, [2]int{i, end})
		if f.Extent.said || slices.ContainsFunc(f.toks[i:end], func(t token) bool { return t.ent >= 0 }) {
			continue
		}
		f.own(i, end, "extent")
		f.Extent = extent{said: true, transitive: true, text: strings.Join(ws[i:end], " ")}
	}
}

// dropRepeatedNounMentions drops the relation mentions read across the
// "of" of a repeated noun (readRepeatedNoun): "kinds of" in "including
// kinds of kinds" is the extent's, no act of its own.
func (f *Frame) dropRepeatedNounMentions() {
	for _, sp := range f.repeatedNouns {
		end := sp[1]
		f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool { return m.start < end && end-2 < m.end })
	}
}

// lows returns the tokens' lower-case words.
func lows(toks []token) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.low
	}
	return out
}

// dropCueClashes settles phrases read both as a cue and as a relation: a
// relation named by the graph's own words keeps its words ("what does X
// break" where the graph has "breaks"), a cue keeps them from a phrase
// read only through a concept; the longer phrase wins either way.
func (f *Frame) dropCueClashes() {
	var cues []cueMention
	for _, c := range f.cues {
		keep := true
		for _, m := range f.rels {
			if m.start >= c.end || c.start >= m.end {
				continue
			}
			ml, cl := m.end-m.start, c.end-c.start
			named := m.best() <= byNameWord
			if ml > cl || (ml == cl && (named || f.objectAfter(c.end))) || ownFailureWord(c, m) {
				keep = false
			}
		}
		if keep {
			cues = append(cues, c)
		}
	}
	f.cues = cues
	var rels []*relMention
	for _, m := range f.rels {
		clash := slices.ContainsFunc(f.cues, func(c cueMention) bool {
			return m.start < c.end && c.start < m.end && c.cues&^(words.Optional) != 0
		})
		if !clash {
			rels = append(rels, m)
		}
	}
	f.rels = rels
}

// ownFailureWord reports whether a failure cue holds the graph's own
// relation, named whole: "affected by" over a graph with affects says
// that relation, not what a failure reaches.
func ownFailureWord(c cueMention, m *relMention) bool {
	return c.cues.Has(words.Consequence|words.Fails|words.FailureOf|words.FailureNoun|words.Cause) && m.best() == byName
}

// readForm reads the question's form from its first words.
func (f *Frame) readForm() {
	f.Form = FormFragment
	for seg, start := range f.segments() {
		_ = seg
		i := start
		for i < len(f.toks) && (f.toks[i].class.Has(words.Filler) || f.toks[i].class.Has(words.Conj)) && f.toks[i].ent < 0 {
			i++
		}
		if i >= len(f.toks) {
			continue
		}
		t := f.toks[i]
		switch {
		case t.ent < 0 && t.class.Has(words.Wh) && !t.is("when", "whenever"):
			f.Form = FormWh
			return
		case t.ent < 0 && t.class.Has(words.Prep) && i+1 < len(f.toks) && f.toks[i+1].class.Has(words.Wh):
			f.Form = FormWh // "In which schemas ..."
			return
		case t.ent < 0 && t.class.Has(words.Request):
			f.Form = FormRequest
			return
		case t.ent < 0 && t.class.Has(words.Aux|words.Modal|words.Be|words.Have) && f.Form == FormFragment:
			f.Form = FormYesNo
		}
	}
	// A wh-word later in a segment ("kafka is down — what else stops
	// working?", "the X container waits for which containers").
	for i, t := range f.toks {
		if t.ent < 0 && t.class.Has(words.Wh) && !t.is("when", "whenever", "how") && !f.relativeAt(i) && f.Form != FormYesNo {
			f.Form = FormWh
			return
		}
	}
}

// segments returns the token index where each sentence or clause after a
// break starts.
func (f *Frame) segments() []int {
	starts := []int{0}
	for i, t := range f.toks {
		if i > 0 && t.brk {
			starts = append(starts, i)
		}
	}
	return starts
}

// relativeAt reports whether the wh-word at token i opens a relative
// clause: it follows a noun phrase ("the teams that", "a team which").
func (f *Frame) relativeAt(i int) bool {
	if i <= 0 || !f.toks[i].class.Has(words.RelPron) || f.toks[i].brk || f.toks[i].comma {
		return false
	}
	if f.toks[i].is("that") && i+1 < len(f.toks) && f.toks[i+1].ent < 0 && (f.kindAt(i+1) != nil || f.toks[i+1].class.Has(words.Thing)) {
		return false // "who leads that team": a demonstrative
	}
	p := f.toks[i-1]
	if p.ent >= 0 {
		return true
	}
	// After a noun: a kind, a relation noun, a thing or an indefinite.
	if f.kindAt(i-1) != nil || p.class.Has(words.Thing|words.Indefinite|words.Collective) {
		return true
	}
	for _, k := range f.kinds {
		if k.start <= i-1 && i-1 < k.end {
			return true
		}
	}
	for _, m := range f.rels {
		if m.form == mNoun && m.start <= i-1 && i-1 < m.end {
			return true
		}
	}
	// After any other noun, where the question has already opened
	// ("Which churches venerate the saints who died in 1597?"): the
	// noun's relative clause, not a second question.
	return p.class == 0 && f.openedBefore(i-1)
}

// participleAfter reports whether a verb said as a participle ("born",
// "canonized", "depending") starts at token i+1: a reduced relative
// clause of the noun at i.
func (f *Frame) participleAfter(i int) bool {
	if i+1 >= len(f.toks) || f.toks[i+1].brk || f.toks[i+1].comma {
		return false
	}
	m := f.relAt(i + 1)
	if m == nil || m.form != mVerb {
		return false
	}
	w := f.toks[i+1].low
	return participleForm(w) && !words.PreteriteOnly(w)
}

// openedBefore reports whether the question has opened before token k: a
// wh-word, a request or the auxiliary of a yes or no question stands
// before it.
func (f *Frame) openedBefore(k int) bool {
	if k > 0 && f.toks[0].ent < 0 && f.toks[0].class.Has(words.Finite|words.Request) {
		return true
	}
	return slices.ContainsFunc(f.toks[:k], func(t token) bool { return t.ent < 0 && t.class.Has(words.Wh) })
}

// relAt returns the relation mention that starts at token i, or nil.
func (f *Frame) relAt(i int) *relMention {
	for _, m := range f.rels {
		if m.start == i {
			return m
		}
	}
	return nil
}

// kindAt returns the kind mention that starts at token i, or nil.
func (f *Frame) kindAt(i int) *kindMention {
	for _, k := range f.kinds {
		if k.start == i {
			return k
		}
	}
	return nil
}

// cueAt returns the cue that covers token i, or nil.
func (f *Frame) cueAt(i int) *cueMention {
	for k := range f.cues {
		if c := &f.cues[k]; c.start <= i && i < c.end {
			return c
		}
	}
	return nil
}

// nodeAt returns the node that covers token i, or -1.
func (f *Frame) nodeAt(i int) int {
	for k, n := range f.Nodes {
		if n.i <= i && i < n.j {
			return k
		}
	}
	return -1
}

// chunk finds the noun phrases: entities, kinds, relation nouns, the
// question's wh-word and its noun, indefinites and pronouns; determiners,
// possessives and modifying words before a head belong to its phrase,
// and an entity right before a kind noun modifies it ("feature-complete
// services").
func (f *Frame) chunk() {
	p := pendingPhrase{start: -1}
	for i := 0; i < len(f.toks); i++ {
		i = f.chunkAt(i, &p)
	}
	f.coordinate()
}

// pendingPhrase is the phrase chunk is reading before its head: where
// its determiners and modifiers start (-1: none yet) and the entities
// that modify it.
type pendingPhrase struct {
	start int
	mods  []int
}

// flush drops the pending phrase: what was read is no phrase's.
func (p *pendingPhrase) flush() { p.start, p.mods = -1, nil }

// open starts the pending phrase at token i, unless it has started.
func (p *pendingPhrase) open(i int) {
	if p.start < 0 {
		p.start = i
	}
}

// chunkAt reads token i into the pending phrase p and returns the last
// token it read: a verb, a position or a cue ends the phrase; a head
// closes it as a node.
func (f *Frame) chunkAt(i int, p *pendingPhrase) int {
	if f.toks[i].brk {
		p.flush()
	}
	if m := f.relAt(i); m != nil && m.form != mNoun {
		// A verb or a position ends a phrase.
		p.flush()
		return m.end - 1
	}
	if c := f.cueAt(i); c != nil && !c.cues.Has(words.Transitive|words.Direct) && !(p.start >= 0 && f.adjectival(c)) {
		p.flush()
		return c.end - 1
	}
	if i > 0 && f.toks[i-1].is("which", "what") && f.kindOfNoun(i) {
		// "what kind of damage ...": the noun after "of" is the head.
		p.flush()
		return i + 1
	}
	if head, end := f.headAt(i); head != nil {
		p.open(i)
		head.i, head.j = p.start, end
		if head.Kind != NodeEntity {
			head.Mods = append(head.Mods, p.mods...)
		}
		f.Nodes = append(f.Nodes, head)
		f.own(p.start, end, "phrase")
		p.flush()
		return end - 1
	}
	return f.beforeHead(i, p)
}

// beforeHead reads token i, which is no head, as a word before the
// pending phrase's head, or ends the phrase; it returns the last token
// it read.
func (f *Frame) beforeHead(i int, p *pendingPhrase) int {
	t := f.toks[i]
	switch {
	case f.modifierEntity(i):
		// An entity right before a kind noun or a relation noun: a
		// modifier, or the noun's complement ("sentry-cleanup image").
		p.open(i)
		p.mods = append(p.mods, t.ent)
	case t.class.Has(words.Det|words.PossessiveDet|words.Quantifier) && !t.class.Has(words.Wh) && t.ent < 0 && !f.relativeAt(i):
		p.open(i)
	case t.ent < 0 && t.class == 0 && p.start >= 0 && f.relAt(i) == nil && !t.brk:
		// An adjective between a determiner and its noun ("the
		// current members").
	case f.cueAt(i) != nil && p.start >= 0:
		// "the direct subteams", "its whole dependency tree".
		return f.cueAt(i).end - 1
	default:
		p.flush()
	}
	return i
}

// modifierEntity reports whether the entity at token i modifies the
// head right after it: it is no possessive, no determiner stands
// between, and the head is not the entity's own kind (apposition).
func (f *Frame) modifierEntity(i int) bool {
	t := f.toks[i]
	return t.ent >= 0 && !t.poss && i+1 < len(f.toks) && f.headStarts(i+1) && !f.toks[i+1].class.Has(words.Det) && !f.apposition(i)
}

// headStarts reports whether a phrase head (a kind noun or a relation
// noun) starts at token i, after any determiners.
func (f *Frame) headStarts(i int) bool {
	for i < len(f.toks) && f.toks[i].class.Has(words.Det) && f.toks[i].ent < 0 {
		i++
	}
	if i >= len(f.toks) || f.toks[i].ent >= 0 {
		return false
	}
	if m := f.relAt(i); m != nil {
		return m.form == mNoun // a verb there ends the phrase
	}
	return f.kindAt(i) != nil || f.toks[i].class.Has(words.Thing) || f.bareKindNoun(i)
}

// headAt returns the phrase head at token i and where it ends, or nil.
func (f *Frame) headAt(i int) (*Node, int) {
	t := f.toks[i]
	switch {
	case t.ent >= 0:
		if f.apposition(i) {
			// "the survey team", "the Redis container": the kind word is
			// the entity's own.
			return &Node{Kind: NodeEntity, Ent: t.ent, outer: -1}, f.classNounsEnd(t.ent, f.kindAt(i+1).end)
		}
		if t.poss || !(i+1 < len(f.toks) && f.headStarts(i+1)) || f.toks[i+1].class.Has(words.Det) {
			return &Node{Kind: NodeEntity, Ent: t.ent, outer: -1}, i + 1
		}
		return nil, 0
	case t.class.Has(words.Wh):
		if f.relativeAt(i) {
			return nil, 0
		}
		if t.is("who", "whom", "what", "where") && !(i+1 < len(f.toks) && (f.headStarts(i+1) || f.bareKindNoun(i+1) || f.kindOfNoun(i+1))) {
			return &Node{Kind: NodeAsked, Ent: -1, outer: -1, asked: true}, i + 1
		}
		return nil, 0
	case t.class.Has(words.Indefinite):
		return &Node{Kind: NodeVar, Ent: -1, outer: -1}, i + 1
	case t.class.Has(words.Pronoun) && !t.is("one", "ones", "i", "me", "we", "us", "you"):
		return &Node{Kind: NodeVar, Ent: -1, outer: -1}, i + 1
	}
	if nd, end := f.compound(i); nd != nil {
		if e, ok := f.kindOfEntity(nd, end); ok {
			// "the province of Pannonia", "the city of Rome": the kind
			// is the entity's own.
			return &Node{Kind: NodeEntity, Ent: f.toks[e].ent, outer: -1}, e + 1
		}
		return nd, end
	}
	if t.class.Has(words.Thing) {
		return &Node{Kind: NodeKindOf, Ent: -1, outer: -1}, i + 1
	}
	// "which tables", "what workflows": a noun the graph has no kind for,
	// right after the wh-word, is still what is asked.
	if f.bareKindNoun(i) {
		return &Node{Kind: NodeKindOf, Ent: -1, outer: -1, Kinds: &kindMention{start: i, end: i + 1, text: t.low}}, i + 1
	}
	return nil, 0
}

// bareKindNoun reports whether token i is a noun the graph has no kind
// for, right after "which" or "what", or after an entity right after
// them, and before a verb ("what year was X published", "which Security
// features are …"): what is asked, though no type says so; or such a
// noun before its relative clause, in a question already opened ("the
// saints who died in 1597").
func (f *Frame) bareKindNoun(i int) bool {
	t := f.toks[i]
	if t.class != 0 || t.ent >= 0 || f.relAt(i) != nil {
		return false
	}
	if i+1 < len(f.toks) && f.toks[i+1].class.Has(words.RelPron) && !f.toks[i+1].comma && f.openedBefore(i) {
		// "Which churches venerate the saints who died in 1597?": the
		// noun its relative clause follows.
		return true
	}
	if f.participleAfter(i) && i > 0 && f.toks[i-1].class.Has(words.Det) && f.openedBefore(i) {
		// "When did the saints canonized on X die?": the noun a
		// participle's clause modifies.
		return true
	}
	if !f.verbFollows(i + 1) {
		return false
	}
	w := i - 1
	if w > 0 && f.toks[w].ent >= 0 && !f.toks[w].poss {
		w-- // "Which Security features are …": the entity modifies it
	}
	return w >= 0 && f.toks[w].is("which", "what") && !f.relativeAt(w)
}

// coordinate joins entities coordinated by "and", "or", "as well as" or
// commas into one phrase ("if X and Y go down"), and kinds into one
// ("models and seeds").
func (f *Frame) coordinate() {
	joiner := func(t token) bool { return t.ent < 0 && (t.class.Has(words.Conj) || t.is("as", "well")) }
	var out []*Node
	for _, n := range f.Nodes {
		if len(out) > 0 {
			p := out[len(out)-1]
			between := f.toks[p.j:n.i]
			joined := len(between) > 0 && !slices.ContainsFunc(between, func(t token) bool { return !joiner(t) }) && !n.brkIn(f)
			if joined && p.Kind == NodeEntity && n.Kind == NodeEntity && len(n.Mods) == 0 {
				p.Also = append(p.Also, n.Ent)
				p.j = n.j
				f.own(p.i, p.j, "phrase")
				continue
			}
			if joined && p.Kind == NodeAsked && n.Kind == NodeAsked {
				// "who or what killed X": one thing asked.
				p.j = n.j
				f.own(p.i, p.j, "phrase")
				continue
			}
			if joined && p.Kinds != nil && n.Kind == NodeKindOf && n.Kinds != nil && p.Kind != NodeEntity {
				p.Kinds = &kindMention{start: p.Kinds.start, end: n.Kinds.end, types: appendNew(slices.Clone(p.Kinds.types), n.Kinds.types...),
					text: p.Kinds.text + " and " + n.Kinds.text, group: p.Kinds.group}
				p.j = n.j
				f.own(p.i, p.j, "phrase")
				continue
			}
		}
		out = append(out, n)
	}
	f.Nodes = out
}

// brkIn reports whether a break starts the node.
func (n *Node) brkIn(f *Frame) bool { return n.i < len(f.toks) && f.toks[n.i].brk }

// resolveForms settles words read both as a verb and as a noun ("lead",
// "members of"): a noun after a determiner, a possessive, a kind noun or
// a modifier ("the team lead", "X's leads", "former members"), or
// opening the question before "of" ("Members of X"); else a verb.
func (f *Frame) resolveForms() {
	var out []*relMention
	for _, m := range f.rels {
		f.nounByShape(m)
		twin := slices.IndexFunc(f.rels, func(o *relMention) bool {
			return o != m && o.start == m.start && o.end == m.end && o.form != m.form
		})
		if twin < 0 {
			out = append(out, m)
			continue
		}
		// One decision for the two readings of the words: the noun's
		// context.
		noun := m
		if m.form != mNoun {
			noun = f.rels[twin]
		}
		if (m.form == mNoun) == f.nounContext(noun) {
			out = append(out, m)
		}
	}
	f.rels = out
}

// nounByShape makes a verb mention a noun where its words and those
// around it are a noun's shape.
func (f *Frame) nounByShape(m *relMention) {
	// "member of", "child of", "part of": a noun and its "of", though
	// the concepts list them as predicates ("X is a member of Y").
	if m.form == mVerb && m.end-m.start >= 2 && f.toks[m.end-1].is("of") && nominal(f.toks[m.start].low) == nounOnly {
		m.form = mNoun
	}
	afterDet := m.form == mVerb && m.start > 0 && f.toks[m.start-1].class.Has(words.Det) && m.end < len(f.toks)
	// "an optional dependency of X", "the dev dependencies of X": a
	// relation's name said as a noun names its far end.
	if afterDet && f.toks[m.end].is("of") &&
		slices.ContainsFunc(m.cands, func(c relCand) bool { return c.by == byName }) && nominal(f.toks[m.end-1].low) != verbOnly {
		m.form = mNoun
		turnCands(m)
	}
	// "the depends_on list of X": a relation named as a list's name.
	if m.form == mVerb && afterDet && f.toks[m.end].class.Has(words.Collective) {
		m.form = mNoun
		turnCands(m)
		f.own(m.end, m.end+1, "phrase")
	}
}

// turnCands makes each of a mention's candidates name the other end: a
// verb's name said as a noun names its far end.
func turnCands(m *relMention) {
	for k := range m.cands {
		m.cands[k].end = m.cands[k].end.Other()
	}
}

// nounContext reports whether the words before a mention make it a noun.
func (f *Frame) nounContext(m *relMention) bool {
	if m.start == 0 || f.toks[m.start].brk {
		return m.end < len(f.toks) && f.toks[m.end].is("of", "for")
	}
	p := f.toks[m.start-1]
	switch {
	case m.zero:
		return f.zeroNounContext(m)
	case p.poss:
		return true
	case p.ent >= 0:
		return f.afterEntityNoun(m)
	case p.class.Has(words.Det | words.PossessiveDet | words.Quantifier | words.Former | words.WhMany):
		return true
	case p.is("which", "what", "whose"):
		return f.afterWhNoun(m)
	}
	// "the team lead": a singular kind noun before; "teams report to" and
	// "which job calls X" are a subject and its verb.
	if k := f.kindAt(m.start - 1); k != nil && singular(p.low) == p.low {
		asked := k.start > 0 && f.toks[k.start-1].is("which", "what", "whose")
		return !asked || m.end < len(f.toks) && f.toks[m.end].is("of")
	}
	if c := f.cueAt(m.start - 1); c != nil && c.cues.Has(words.Transitive|words.Direct) {
		return true
	}
	return false
}

// zeroNounContext: a verb said as a noun needs a determiner, a
// possessive or its "of": "the imports of X", "its references"; after a
// relative pronoun it is the verb ("the teams that maintain X").
func (f *Frame) zeroNounContext(m *relMention) bool {
	p := f.toks[m.start-1]
	if p.class.Has(words.RelPron) && f.relativeAt(m.start-1) {
		return false
	}
	return p.poss || p.class.Has(words.Det|words.PossessiveDet|words.Quantifier) || m.end < len(f.toks) && f.toks[m.end].is("of")
}

// afterEntityNoun: after an entity, "project-const-generics leads?" is a
// noun; "does X lead" a verb, an auxiliary before the entity in its
// clause.
func (f *Frame) afterEntityNoun(m *relMention) bool {
	if m.zero {
		return false // "X loads", "X references": a verb
	}
	if k := m.end; k < len(f.toks) && (f.toks[k].ent >= 0 || f.toks[k].class.Has(words.Article) && k+1 < len(f.toks) && f.toks[k+1].ent >= 0) {
		return false // "songs by Cage mention Donald Trump": a verb and its object
	}
	for k := m.start - 2; k >= 0 && !f.toks[k+1].brk; k-- {
		if f.toks[k].ent < 0 && f.toks[k].class.Has(words.Aux|words.Modal|words.Be|words.Have) {
			return false
		}
	}
	return !f.toks[m.start].is("of")
}

// afterWhNoun: after "which", "what" or "whose", "which hosts does X
// connect to" is a noun, then the clause's verb; "what references X" a
// verb and its object.
func (f *Frame) afterWhNoun(m *relMention) bool {
	if m.end >= len(f.toks) {
		return false
	}
	n := f.toks[m.end]
	return n.ent < 0 && (n.class.Has(words.Aux|words.Modal|words.Be|words.Have|words.Get) || f.relAt(m.end) != nil && f.relAt(m.end).form != mNoun)
}

// formerWords returns the words that made the frame Former ("used to").
func (f *Frame) formerWords() string {
	var ws []string
	for i, o := range f.owner {
		if o == "former" {
			ws = append(ws, f.toks[i].low)
		}
	}
	return strings.Join(ws, " ")
}

// readFormer reads a question about a past relation: a word of the
// former class before a noun ("former members"), or "used to", "no
// longer".
func (f *Frame) readFormer() {
	for i, t := range f.toks {
		if t.ent >= 0 {
			continue
		}
		switch {
		case t.class.Has(words.Former):
			f.Former = true
			f.own(i, i+1, "former")
		case t.is("used", "use") && i+1 < len(f.toks) && f.toks[i+1].is("to"):
			f.Former = true
			f.own(i, i+2, "former")
		case t.is("no") && i+1 < len(f.toks) && f.toks[i+1].is("longer"):
			f.Former = true
			f.own(i, i+2, "former")
		}
	}
	if !f.Former {
		return
	}
	// "used to be on X": the words of "used to" name no relation.
	var out []*relMention
	for _, m := range f.rels {
		if f.owner[m.start] != "former" {
			out = append(out, m)
		}
	}
	f.rels = out
}

// verbFollows reports whether a verb comes at token i: an auxiliary, a
// form of "be" or "have", or a relation verb ("which workflows RUN",
// "which tables ARE"): the word before it is a noun.
func (f *Frame) verbFollows(i int) bool {
	// "Which browsers only support X", "which teams still own it": an
	// adverb may stand before the verb.
	for i < len(f.toks) && f.toks[i].ent < 0 && f.relAt(i) == nil && (f.toks[i].class.Has(words.Exclusive) || f.toks[i].class == 0 && strings.HasSuffix(f.toks[i].low, "ly") && len(f.toks[i].low) > 4) {
		i++
	}
	if i >= len(f.toks) || f.toks[i].ent >= 0 || f.toks[i].brk {
		return false
	}
	t := f.toks[i]
	if t.class.Has(words.Aux | words.Modal | words.Be | words.Have | words.Get) {
		return true
	}
	m := f.relAt(i)
	return m != nil && m.form != mNoun
}

// apposition reports whether the kind noun right after the entity at
// token i is the entity's own kind ("the survey team" for a Team, "the
// kafka service", "the Redis container"): it belongs to the mention.
// classNounsEnd returns where the kind nouns after an entity's own kind
// word end, from end: those that name the entity's class ("the library
// trait evolution project group", an entity that is_a project-group).
func (f *Frame) classNounsEnd(e, end int) int {
	typ := f.ents[e].Type
	for end < len(f.toks) && !f.toks[end].brk && !f.toks[end].poss {
		k := f.kindAt(end)
		if k == nil || typ == "" || !f.v.classifies(typ, k.types) {
			break
		}
		end = k.end
	}
	return end
}

func (f *Frame) apposition(i int) bool {
	t := f.toks[i]
	if t.ent < 0 || t.poss || i+1 >= len(f.toks) || f.toks[i+1].brk {
		return false
	}
	k := f.kindAt(i + 1)
	if k == nil {
		return false
	}
	typ := f.ents[t.ent].Type
	if typ != "" && slices.Contains(k.types, typ) {
		return true // "the CF API token secret": the entity is a secret
	}
	if typ != "" && f.v.classifies(typ, k.types) {
		return true // "the X project group": X is_a project-group
	}
	if m := f.relAt(i + 1); m != nil && m.form == mNoun && m.best() <= byNameWord {
		return false // "sentry-cleanup image": a relation's noun
	}
	if typ == "" {
		return true
	}
	// A generic kind noun ("service", "container") that fits the entity
	// ("the kafka service"), not one it modifies ("the feature-complete
	// services").
	return len(k.types) == 0 && k.group != "" && f.v.ofKind(typ, f.toks[i+1].low)
}

// nounPart is one noun of a compound: a kind noun, a relation noun, or a
// word that is both ("team").
type nounPart struct {
	kind *kindMention
	noun *relMention
	end  int
}

// compound reads the run of kind and relation nouns starting at token i
// ("team lead", "parent team", "seed files") as one phrase, its head the
// last noun: a relation noun heads it ("the team lead": a lead, of a
// team); a kind noun after a relation noun says what the relation noun's
// things are ("the parent team": a parent, a team).
func (f *Frame) compound(i int) (*Node, int) {
	parts := f.nounParts(i)
	if len(parts) == 0 {
		return nil, 0
	}
	head := parts[len(parts)-1]
	nd := &Node{Kind: NodeKindOf, Ent: -1, outer: -1, Kinds: head.kind}
	switch {
	case head.noun != nil && head.kind == nil:
		nd.Kind, nd.Noun = NodeNoun, head.noun
		if len(parts) > 1 {
			nd.pre = parts[len(parts)-2].kind
		}
	case head.noun != nil && len(parts) == 1:
		// A noun that names a kind too ("teams", "image") is that kind,
		// unless a complement makes it relational ("the teams of X",
		// "X's image"): bindNouns decides.
		nd.Kind, nd.Noun, nd.maybeKind = NodeNoun, head.noun, true
	default:
		kindHeaded(nd, parts)
	}
	end := head.end
	if nd.Kind == NodeNoun && nd.pre == nil && !nd.maybeKind {
		// "What class of vehicle is the AT-ST?": a bare kind after the
		// noun's "of" is its complement's kind, as in "vehicle class".
		if k := f.bareKindAfterOf(end); k != nil {
			nd.pre, end = k, k.end
		}
	}
	return nd, end
}

// kindOfEntity returns the token of the entity named after "of" at token
// end, where kind phrase nd, one thing said with "the", is that entity's
// own kind ("the province of Pannonia" for the Province Pannonia), and
// whether there is one.
func (f *Frame) kindOfEntity(nd *Node, end int) (int, bool) {
	if nd.Kind != NodeKindOf && !(nd.Kind == NodeNoun && nd.maybeKind) || nd.Kinds == nil || end+1 >= len(f.toks) || !f.toks[end].is("of") || f.toks[end].brk || f.toks[end+1].brk {
		return 0, false
	}
	// One thing, said with "the": "the organisations of X" are X's parts.
	if k := nd.Kinds.start; k == 0 || !f.toks[k-1].is("the") || singular(f.toks[end-1].low) != f.toks[end-1].low {
		return 0, false
	}
	t := f.toks[end+1]
	if t.ent < 0 || t.poss {
		return 0, false
	}
	typ := f.ents[t.ent].Type
	return end + 1, typ != "" && (slices.Contains(nd.Kinds.types, typ) || f.v.classifies(typ, nd.Kinds.types))
}

// bareKindAfterOf returns the kind noun said right after "of" at token
// i, with no determiner ("class of vehicle"), or nil.
func (f *Frame) bareKindAfterOf(i int) *kindMention {
	if i+1 >= len(f.toks) || !f.toks[i].is("of") || f.toks[i].brk || f.toks[i+1].brk || f.toks[i+1].ent >= 0 {
		return nil
	}
	k := f.kindAt(i + 1)
	if k == nil || len(k.types) == 0 {
		return nil
	}
	return k
}

// nounParts returns the run of kind and relation nouns starting at
// token i, up to a break, an entity, a word that is neither, or a
// possessive ("manager's manager": two phrases).
func (f *Frame) nounParts(i int) []nounPart {
	var parts []nounPart
	for j := i; j < len(f.toks) && f.toks[j].ent < 0 && (j == i || !f.toks[j].brk); {
		p := nounPart{kind: f.kindAt(j)}
		if m := f.relAt(j); m != nil && m.form == mNoun {
			p.noun = m
		}
		if p.kind == nil && p.noun == nil {
			break
		}
		p.end = j + 1
		if p.kind != nil {
			p.end = max(p.end, p.kind.end)
		}
		if p.noun != nil {
			p.end = max(p.end, p.noun.end)
		}
		parts = append(parts, p)
		j = p.end
		if f.toks[p.end-1].poss {
			break // "manager's manager": two phrases
		}
	}
	return parts
}

// kindHeaded reads a compound headed by a kind noun into nd: "the parent
// team", "seed files": the relation noun before the head, if any, names
// the things; the most specific kind is kept.
func kindHeaded(nd *Node, parts []nounPart) {
	head := parts[len(parts)-1]
	for k := len(parts) - 2; k >= 0; k-- {
		if parts[k].noun != nil && (parts[k].kind == nil || head.kind == nil || len(parts[k].kind.types) == 0) {
			nd.Kind, nd.Noun = NodeNoun, parts[k].noun
			break
		}
		if head.kind != nil && len(head.kind.types) == 0 && parts[k].kind != nil && len(parts[k].kind.types) > 0 {
			nd.Kinds = parts[k].kind
		}
	}
	if nd.Kind == NodeKindOf && head.noun != nil && len(parts) == 1 {
		nd.Kind, nd.Noun, nd.maybeKind = NodeNoun, head.noun, true
	}
}

// objectAfter reports whether an entity follows token i, past
// determiners: the words before it are a verb with an object.
func (f *Frame) objectAfter(i int) bool {
	for i < len(f.toks) && f.toks[i].ent < 0 && f.toks[i].class.Has(words.Det) && !f.toks[i].brk {
		i++
	}
	return i < len(f.toks) && f.toks[i].ent >= 0 && !f.toks[i].brk
}

// adjectival reports whether a one-word failure cue stands as an
// adjective in a phrase ("the affected containers", "the broken
// services"): a participle before a noun.
func (f *Frame) adjectival(c *cueMention) bool {
	if c.end-c.start != 1 || c.end >= len(f.toks) || !words.PastForm(f.toks[c.start].low) {
		return false
	}
	return f.headStarts(c.end)
}

// contextPhrases are the prepositional phrases that say in which
// structure the question walks ("in the DAG", "in the team hierarchy",
// "through the job graph"): they name no relation and no entity.
func (f *Frame) contextPhrases() {
	for i, t := range f.toks {
		if t.ent >= 0 || !t.is("in", "through", "across", "within", "along", "down", "up") {
			continue
		}
		j := i + 1
		for j < len(f.toks) && f.toks[j].ent < 0 && !f.toks[j].brk && (f.toks[j].class.Has(words.Det) || f.kindAt(j) != nil || f.toks[j].class == 0 && j+1 < len(f.toks) && f.toks[j+1].class.Has(words.Transparent)) {
			j++
		}
		if j < len(f.toks) && f.toks[j].ent < 0 && f.toks[j].class.Has(words.Transparent) && !f.toks[j].brk {
			f.own(i, j+1, "context")
			f.context = append(f.context, f.toks[j].low)
			// Its words name no relation or kind here.
			f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool { return m.start >= i && m.end <= j+1 })
			f.kinds = slices.DeleteFunc(f.kinds, func(k *kindMention) bool {
				in := k.start > i && k.end <= j+1
				if in {
					f.contextKinds = appendNew(f.contextKinds, k.types...)
				}
				return in
			})
		}
	}
}
