package reader

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// reading makes the best reading of the frame: the path from an entity
// to the asked phrase (or, for a yes or no, between two entities), each
// link of it a step.
func (b *builder) reading() (Reading, bool) {
	f := b.f
	b.bindLoose()
	// After the loose sides are bound: a joint partner takes the verb's
	// object, which "Which RFCs did X write together with Y?" leaves to
	// the asked phrase.
	b.f.bindJoint()
	anchor, path, target := b.path()
	bridge := -1
	if anchor < 0 {
		anchor, path, bridge = b.bridged()
	}
	if anchor < 0 {
		anchor = b.mainNode()
	}
	if anchor < 0 {
		return Reading{}, false
	}
	an := f.Nodes[anchor]
	rd := Reading{Anchor: an.Ent, Also: an.Also, Target: -1, Confidence: 1}
	if target >= 0 {
		rd.Target = f.Nodes[target].Ent
	}
	onPath := map[*Link]bool{}
	for _, l := range path {
		onPath[l] = true
	}
	var steps []step
	types := b.entTypes(an.Ent)
	from := anchor
	if bridge >= 0 {
		// "Which airlines serve airports in Helsinki?": from Helsinki
		// into the airports, a step no word names.
		hop, _ := b.hopInto(types, f.Nodes[bridge].Kinds.types, nil)
		steps, types, from = append(steps, hop), hop.ends, bridge
	}
	more, types := b.walkPath(path, from, types)
	steps = append(steps, more...)
	asked := f.node(f.Asked)
	if asked != nil && asked.Kinds != nil && rd.Target < 0 && !nounWalked(asked, path) {
		steps = b.askedKind(&rd, asked.Kinds, types, steps)
	}
	if len(steps) == 0 {
		// No relation word: one step to the asked kind, or the entity's
		// neighbourhood.
		st := b.bareStep(types, asked, rd.Anchor)
		steps = append(steps, st)
	}
	b.extent(&rd, steps)
	rd.Chain = b.chain(steps, rd)
	rd.Having = b.having(asked, f.Asked, onPath, rd, steps[len(steps)-1].ends)
	if e, ok := b.yesNoMember(rd); ok {
		rd.Target = e
		if f.Extent.said && f.Extent.transitive && rd.Extent != state.ExtentTransitive {
			// "Does IPA contain Rye IPA at any depth?": whether Rye
			// IPA is among what IPA's relation reaches, as far as the
			// question says.
			steps[len(steps)-1].repeat = true
			rd.Extent = state.ExtentTransitive
			rd.Chain = b.chain(steps, rd)
		}
	}
	b.confidence(&rd, steps)
	rd.Concept = steps[0].concept
	if steps[0].concept == words.Dependency && len(steps) == 1 {
		rd.Direction = state.IntentDependents
		if b.dependencies(steps[0]) {
			rd.Direction = state.IntentDependencies
		}
	}
	rd.Because = because(steps)
	rd.Named = len(rd.Doubts) == 0 && rd.Target < 0 && allNamed(steps)
	rd.OwnNames = !slices.ContainsFunc(steps, func(st step) bool { return st.implicit || st.link == nil || st.by > byNameWord })
	rd.ByPreposition = len(steps) == 1 && steps[0].link != nil && b.f.prepMention(steps[0].link.M)
	rd.Checks = b.checks(rd, steps)
	rd.Text = b.describe(rd, steps)
	rd.Rule = b.rules(path)
	b.steps = steps
	return rd, true
}

// nounWalked reports whether the asked phrase is a relation noun the
// path walks ("the creator of X" over created_by): its answers are what
// the relation ends at, of whatever types, not only of a type its word
// also names (Creator, where collections' creators are Users).
func nounWalked(asked *Node, path []*Link) bool {
	return asked.Noun != nil && slices.ContainsFunc(path, func(l *Link) bool { return l.M == asked.Noun })
}

// walkPath makes the steps that cross the path's links in turn from the
// anchor node, whose entity is of types; it returns them and the types
// where the walk ends.
func (b *builder) walkPath(path []*Link, node int, types []string) ([]step, []string) {
	var steps []step
	for _, l := range path {
		steps = b.crossLink(l, node, types, steps)
		st := steps[len(steps)-1]
		types = st.ends
		node = l.X
		if st.fromX {
			node = l.Y
		}
	}
	return steps, types
}

// crossLink appends to steps the step that crosses link l from node at,
// where the walk is at types; where no relation the words name can start
// there, the repairs are tried in order: another hierarchy's words, a hop
// the question skipped, the relations the types allow.
func (b *builder) crossLink(l *Link, node int, types []string, steps []step) []step {
	st := b.orient(l, node, types, false)
	pre := b.preKind(l) != nil
	if st.schemaDoubt && types != nil && !pre {
		// "teams report to X" where teams are subteams: the same
		// hop in another hierarchy's words.
		if h := b.orient(l, node, types, true); h.hierarchy {
			st = h
		}
	}
	if st.schemaDoubt && types != nil {
		// The question skipped a hop its types force ("X's team
		// leads" from a person: X's teams first).
		if hop, ok := b.repairHop(l, st, types); ok {
			steps = append(steps, hop)
			types = hop.ends
			st = b.orient(l, node, types, false)
		}
	}
	if st.schemaDoubt && types != nil {
		// No relation the words name can start here: the relations
		// the types allow toward the far phrase, which the words may
		// have meant ("builds into chronic_conditions" from a schema).
		if hop, ok := b.hopInto(types, b.farTypes(l, st.fromX), steps); ok {
			hop.link, hop.fromX, hop.retyped = l, st.fromX, true
			st = hop
		}
	}
	return append(steps, st)
}

// askedKind reads the asked kind into the reading: a filter where the
// walk ends in it, one more step into it where it cannot. It returns the
// steps, with that step where one was added.
func (b *builder) askedKind(rd *Reading, kinds *kindMention, types []string, steps []step) []step {
	rd.Asked = Asked{Word: kinds.text, Typed: len(kinds.types) > 0 && kinds.nameWord == ""}
	if b.v.schema.OpenWorld && wholeGroupWord(kinds.text) {
		// Over a graph read from documents a type is the kind noun a
		// name carried ("the API Server"), and most names carry none:
		// the word that names a whole kind group ("components",
		// "things") keeps every answer.
		rd.Doubts = append(rd.Doubts, Doubt{Kind: DoubtAskedKind, Words: kinds.text, Detail: "the answers are not checked to be of that kind: the documents give most things no kind", Factor: 0.7})
		rd.Confidence *= 0.7
		return steps
	}
	switch {
	case len(kinds.types) > 0 && (types == nil || intersects(types, kinds.types)):
		if types == nil || !subset(types, kinds.types) {
			rd.Asked.Type, rd.Asked.Also = kinds.types[0], kinds.types[1:]
		}
	case len(kinds.types) > 0:
		if st, ok := b.kindsOwnRelation(rd, kinds, steps); ok {
			// "Which house does X belong to?" over houseName and
			// parents: not X's parents' house, but X's own; the asked
			// kind's word names the relation.
			return append(steps[:len(steps)-1], st)
		}
		if hop, ok := b.hopInto(types, kinds.types, steps); ok {
			steps = append(steps, hop)
			if len(kinds.types) == 1 && !subset(hop.ends, kinds.types) {
				rd.Asked.Type = kinds.types[0]
			}
			break
		}
		// The walk ends where no relation leads to the asked kind
		// ("Which rockets launched NASA's missions?" read through
		// launch_site): another reading of the words is likelier. Not
		// over documents, where most things have no kind.
		if !b.v.schema.OpenWorld {
			rd.Doubts = append(rd.Doubts, Doubt{Kind: DoubtAskedKind, Words: kinds.text, Detail: "the walk ends where no relation leads to that kind", Factor: 0.5})
			rd.Confidence *= 0.5
		}
	}
	if kinds.nameWord != "" {
		// A kind said by a word of its entities' names ("dashboards"
		// for dashboard_revenue) is that word, not the inferred
		// type that happens to hold them with others.
		rd.Asked.Type, rd.Asked.NameWord = "", kinds.nameWord
	}
	if len(kinds.types) == 0 && kinds.nameWord == "" && kinds.group == "" {
		rd.Doubts = append(rd.Doubts, Doubt{Kind: DoubtAskedKind, Words: kinds.text, Detail: "the answers are not checked to be of that kind", Factor: 0.7})
		rd.Confidence *= 0.7
	}
	return steps
}

// wholeGroupWord reports whether w is a kind noun that names its whole
// kind group (kinds.txt: "component", "thing", "software"), not one kind of
// it ("service", "database").
func wholeGroupWord(w string) bool {
	g, ok := words.KindGroup(w)
	return ok && slices.Contains(words.Lemmas(w), g)
}

// widened returns the reading with each step that walks the relations
// its words name ("what does X feed": feeds) widened to every relation of
// their kind (supplied_by, supplies): the reading the critic falls back
// to when the named ones reach nothing, never certain.
func (b *builder) widened(best Reading) (Reading, bool) {
	steps := slices.Clone(b.steps)
	wide := false
	for i, st := range steps {
		if st.implicit || st.by == byConcept {
			continue
		}
		if w, ok := b.widenStep(st); ok {
			steps[i], wide = w, true
		}
	}
	if !wide {
		return Reading{}, false
	}
	rd := best
	rd.Doubts = slices.Clone(best.Doubts)
	rd.Chain = b.chain(steps, rd)
	rd.Doubts = append(rd.Doubts, Doubt{Kind: DoubtRelation, Words: steps[0].linkText(), Names: relNames(steps[0].edges),
		Detail: "through what it names alone there is no answer: read as every relation of its kind", Factor: 0.75})
	rd.Confidence = round3(rd.Confidence * 0.75)
	rd.Chain.Score = rd.Confidence
	rd.Because = append(slices.Clone(best.Because), because(steps)...)
	rd.Checks = b.checks(rd, steps)
	rd.Text = b.describe(rd, steps)
	return rd, true
}

// widenStep adds to a step the other relations of its relations' kinds,
// each walked from the role the step starts from.
func (b *builder) widenStep(st step) (step, bool) {
	out := st
	out.edges = slices.Clone(st.edges)
	for _, e := range st.edges {
		r := b.v.rel(e.Relation)
		if r == nil || r.concept == words.None || e.Direction == graph.Both {
			continue
		}
		start := Subject
		if e.Direction == graph.In {
			start = Object
		}
		role := r.endRole(start)
		for _, o := range b.v.conceptRels(r.concept, b.f.Optional) {
			oe := state.RelDir{Relation: o.name, Direction: o.roleEnd(role).from()}
			// Of its kind, between the same kinds of entity, and not
			// known to be another act or another time ("mounts" is not
			// "uses_secret"; "alumni_of" is not "member_of").
			if o.former != r.former || !r.meaning.Generic && words.DifferentActs(r.meaning.Phrase, o.meaning.Phrase) ||
				!sameKinds(endTypes(r, e.Direction, true), endTypes(o, oe.Direction, true)) ||
				!sameKinds(endTypes(r, e.Direction, false), endTypes(o, oe.Direction, false)) {
				continue
			}
			if !slices.Contains(out.edges, oe) && !readcheck.HasRelation(out.edges, o.name) {
				out.edges = append(out.edges, oe)
				out.ends = appendNew(out.ends, endTypes(o, oe.Direction, false)...)
			}
		}
	}
	out.by = byConcept
	return out, len(out.edges) > len(st.edges)
}

// sameKinds reports whether two lists of types share one, or either is
// unknown.
func sameKinds(a, b []string) bool {
	return len(a) == 0 || len(b) == 0 || intersects(a, b)
}

// linkText returns the words of the step's mention, or "".
func (st step) linkText() string {
	if st.link == nil {
		return ""
	}
	return st.link.M.text
}

// having returns the conditions the question puts on its answers: an
// entity that modifies the asked phrase ("the feature-complete
// services", "the aws_eks_addon resources"), related to the answers by
// the relations between their kinds; and a relation mention from the
// asked phrase to an entity off the walked path ("which of the affected
// services are in the feature-complete profile").
func (b *builder) having(asked *Node, askedAt int, onPath map[*Link]bool, rd Reading, ends []string) []Having {
	if asked == nil {
		return nil
	}
	var out []Having
	used := func(e int) bool { return e == rd.Anchor || e == rd.Target || slices.Contains(rd.Also, e) }
	for _, l := range b.f.Links {
		if onPath[l] || (l.X != askedAt && l.Y != askedAt) {
			continue
		}
		other := l.Y
		if l.Y == askedAt {
			other = l.X
		}
		on := b.f.node(other)
		if on == nil || on.Kind != NodeEntity || used(on.Ent) {
			continue
		}
		st := b.orient(l, askedAt, ends, false)
		if len(st.edges) == 0 || st.schemaDoubt {
			continue
		}
		if at := b.entTypes(on.Ent); st.by >= byConcept && len(at) > 0 && !b.edgesEndIn(st.edges, at) {
			// "elements … in the p-block": no relation of the verb's kind
			// (group, category) ends at a Block; the one between the
			// kinds (block) does.
			if hop, ok := b.hopInto(ends, at, nil); ok {
				out = append(out, Having{Edges: hop.edges, Ent: on.Ent})
			}
			continue
		}
		out = append(out, Having{Edges: st.edges, Ent: on.Ent})
	}
	for _, m := range asked.Mods {
		if used(m) || slices.ContainsFunc(out, func(h Having) bool { return h.Ent == m }) {
			continue
		}
		if hop, ok := b.hopInto(ends, b.entTypes(m), nil); ok {
			out = append(out, Having{Edges: hop.edges, Ent: m})
		}
	}
	return append(out, b.looseHaving(rd, ends, out)...)
}

// edgesEndIn reports whether a walk of one of the edges can end at one of
// the types at (or at types not known).
func (b *builder) edgesEndIn(edges []state.RelDir, at []string) bool {
	return slices.ContainsFunc(edges, func(e state.RelDir) bool {
		r := b.v.rel(e.Relation)
		if r == nil {
			return true
		}
		ends := endTypes(r, e.Direction, false)
		return len(ends) == 0 || intersects(ends, at)
	})
}

// looseHaving returns, for each entity the question names that the
// reading does not use and the frame ties to nothing ("Which members of
// the Finance Committee are Republican?", "Which Finance Committee
// members are from OH?"), the condition that the answers are linked to
// it by the one relation between their kinds (party, state), marked
// Loose: a guess at how the question meant it.
func (b *builder) looseHaving(rd Reading, ends []string, have []Having) []Having {
	if b.f.Failure != nil || slices.ContainsFunc(b.f.toks, func(t token) bool { return t.ent < 0 && operatorKind(t) != "" }) {
		// "If X shut down, would Y still be cleared?", "What does
		// tiramisu use besides mascarpone?": the entity plays another part.
		return nil
	}
	var out []Having
	for e := range b.f.ents {
		if e == rd.Anchor || e == rd.Target || slices.Contains(rd.Also, e) || b.f.ents[e].Start < 0 ||
			slices.ContainsFunc(have, func(h Having) bool { return h.Ent == e }) || b.f.entityLinked(e) || b.f.inCondition(e) || b.f.beforeCollective(e) {
			continue
		}
		hop, ok := b.hopInto(ends, b.entTypes(e), nil)
		if !ok || len(state.ChainStep{Edges: hop.edges}.Relations()) != 1 {
			continue
		}
		out = append(out, Having{Edges: hop.edges, Ent: e, Loose: true})
	}
	return out
}

// beforeCollective reports whether entity e's mention is followed by a
// collective noun ("Which language group does Moose Cree belong to?"):
// the answers are groups of such things, not things linked to e.
func (f *Frame) beforeCollective(e int) bool {
	last := -1
	for i, t := range f.toks {
		if t.ent == e {
			last = i
		}
	}
	return last >= 0 && last+1 < len(f.toks) && f.toks[last+1].ent < 0 && f.toks[last+1].class.Has(words.Collective)
}

// bindLoose binds the sides the question's grammar left open: a noun
// with no complement ("which teams is X an alumnus of") and a verb with
// no object take the asked phrase, or the main entity when the asked
// phrase is their own.
func (b *builder) bindLoose() {
	f := b.f
	for _, l := range f.Links {
		if l.X < 0 && l.Y < 0 {
			continue
		}
		if l.Y < 0 {
			switch {
			case f.Asked >= 0 && f.Asked != l.X && !f.linkedBesides(f.Asked, l):
				l.Y = f.Asked
			case f.node(l.X) != nil && f.node(l.X).Kind != NodeEntity:
				l.Y = b.mainNode()
			}
		}
		if l.X < 0 {
			switch {
			case f.Asked >= 0 && f.Asked != l.Y && !f.linkedBesides(f.Asked, l):
				l.X = f.Asked
			case f.node(l.Y) != nil && f.node(l.Y).Kind != NodeEntity:
				l.X = b.mainNode()
			}
		}
		if l.X == l.Y {
			l.Y = -1
		}
	}
}

// mainNode returns the node of the main entity, adding one if it has
// none.
func (b *builder) mainNode() int {
	for k, n := range b.f.Nodes {
		if n.Kind == NodeEntity && n.Ent == b.main {
			return k
		}
	}
	if b.main >= len(b.f.ents) {
		return -1
	}
	e := b.f.ents[b.main]
	for i, t := range b.f.toks {
		if t.ent == b.main {
			return b.f.entityNode(b.main, i)
		}
	}
	_ = e
	return -1
}

// linkPaths returns, for each node the links reach from node start, the
// links from start to it, breadth first.
func (f *Frame) linkPaths(start int) map[int][]*Link {
	adj := map[int][]*Link{}
	for _, l := range f.Links {
		if l.X >= 0 && l.Y >= 0 {
			adj[l.X] = append(adj[l.X], l)
			adj[l.Y] = append(adj[l.Y], l)
		}
	}
	paths := map[int][]*Link{start: nil}
	queue := []int{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, l := range adj[n] {
			o := l.X
			if o == n {
				o = l.Y
			}
			if _, seen := paths[o]; seen {
				continue
			}
			paths[o] = append(slices.Clip(paths[n]), l)
			queue = append(queue, o)
		}
	}
	return paths
}

// path finds the chain of links from an entity to the asked phrase, the
// longest such chain; for a yes or no, the chain between two entities. It
// returns the anchor node, the links in walking order and the target
// node (-1 unless a yes or no).
func (b *builder) path() (anchor int, path []*Link, target int) {
	f := b.f
	from := f.linkPaths
	if f.Asked >= 0 {
		paths := from(f.Asked)
		mods := b.modsOnly(paths)
		best := -1
		for n, p := range paths {
			if f.Nodes[n].Kind != NodeEntity || n == f.Asked || mods[n] {
				continue
			}
			if best < 0 || len(p) > len(paths[best]) || (len(p) == len(paths[best]) && f.Nodes[n].i < f.Nodes[best].i) {
				best = n
			}
		}
		if best >= 0 {
			p := slices.Clone(paths[best])
			slices.Reverse(p)
			return best, p, -1
		}
		return -1, nil, -1
	}
	// A yes or no: the first entity, walked to another.
	for a, n := range f.Nodes {
		if n.Kind != NodeEntity {
			continue
		}
		paths := from(a)
		for t, p := range paths {
			if t != a && f.Nodes[t].Kind == NodeEntity && len(p) > 0 {
				return a, p, t
			}
		}
	}
	return -1, nil, -1
}

// modsOnly returns the entity nodes among paths that only modify the
// asked phrase ("Apache-2.0 licensed ports", "the ports under
// BSD-3-Clause"), where another entity is linked to it by a clause of
// its own ("... depend on openssl"): a modifier is a condition on the
// answers (having), not where the walk starts.
func (b *builder) modsOnly(paths map[int][]*Link) map[int]bool {
	asked := b.f.node(b.f.Asked)
	if asked == nil || len(asked.Mods) == 0 {
		return nil
	}
	mods := map[int]bool{}
	other := false
	for n := range paths {
		nd := b.f.Nodes[n]
		if nd.Kind != NodeEntity || n == b.f.Asked {
			continue
		}
		if slices.Contains(asked.Mods, nd.Ent) {
			mods[n] = true
		} else {
			other = true
		}
	}
	if !other {
		return nil
	}
	return mods
}

// bridged finds, where no entity is linked to the asked phrase, a kind
// phrase linked to it that an entity's phrase follows after a
// preposition ("airports in Helsinki") and that the types join to that
// entity, the first by node order: it returns the entity's node, the
// links from the kind phrase to the asked one in walking order, and the
// kind phrase's node; -1 where there is none.
func (b *builder) bridged() (anchor int, path []*Link, via int) {
	f := b.f
	if f.Asked < 0 {
		return -1, nil, -1
	}
	paths := f.linkPaths(f.Asked)
	for _, n := range slices.Sorted(maps.Keys(paths)) {
		kn := f.Nodes[n]
		if kn.Kind != NodeKindOf || kn.Kinds == nil || len(kn.Kinds.types) == 0 {
			continue
		}
		k := kn.j
		if k >= len(f.toks) || f.toks[k].brk || f.toks[k].ent >= 0 || !f.toks[k].class.Has(words.Prep) {
			continue
		}
		e := f.nodeStartingAt(k + 1)
		if e < 0 || f.Nodes[e].Kind != NodeEntity || f.toks[k+1].brk {
			continue
		}
		if _, ok := paths[e]; ok {
			continue
		}
		if _, ok := b.hopInto(b.entTypes(f.Nodes[e].Ent), kn.Kinds.types, nil); !ok {
			continue
		}
		f.own(k, k+1, "bridge")
		p := slices.Clone(paths[n])
		slices.Reverse(p)
		return e, p, n
	}
	return -1, nil, -1
}

// entTypes returns the type of entity e as a list (nil: unknown).
func (b *builder) entTypes(e int) []string {
	if e < 0 || e >= len(b.f.ents) || b.f.ents[e].Type == "" {
		return nil
	}
	return []string{b.f.ents[e].Type}
}

// orient makes the step that crosses link l from node at, where the walk
// is at types: the relations the mention names, each walked from the end
// at the node to the other, of the strongest grounding whose relations
// can start at those types (and end in the far phrase's kind).
func (b *builder) orient(l *Link, at int, types []string, hierarchy bool) step {
	st := step{link: l, fromX: l.X == at}
	fit := typeFit{types: types, far: b.farTypes(l, st.fromX)}
	tiers := b.candTiers(l, st.fromX)
	// A structure the question names ("in the team hierarchy") keeps the
	// relations it is made of, where the mention names those among others.
	ctx, flow := b.contextConcepts()
	if flow && l.M.flipsInFlow {
		flipDependencies(tiers)
	}
	if len(ctx) > 0 {
		keepConcepts(tiers, ctx)
	}
	closure := b.closureLink(l)
	chosen, by := b.strongestFitting(l, tiers, fit, closure)
	if chosen != nil {
		st.by = by
	}
	if closure && l.M.generic && slices.ContainsFunc(chosen, func(e candEdge) bool {
		return e.c.rel.concept == words.Dependency && e.c.rel.def.Inferred == ""
	}) {
		chosen = b.everyDeclaredDependency(l, st.fromX, chosen)
	}
	if chosen == nil && hierarchy {
		// A hierarchy said in another hierarchy's words ("teams report to
		// X" where teams are subteams of X): the relations of the other
		// hierarchy concepts, for the same role, that fit.
		for _, e := range b.otherHierarchy(l, st.fromX) {
			if fit.fits(e, true) {
				chosen = append(chosen, e)
			}
		}
		if chosen != nil {
			st.by, st.hierarchy = byConceptVerb, true
		}
	}
	if chosen == nil {
		// Nothing fits the types: the strongest grounding, doubted.
		chosen, st.by = strongestTier(tiers)
		st.schemaDoubt = len(chosen) > 0
	}
	b.walkChosen(&st, chosen, closure)
	st.severalNamed = severalByNameWord(st, chosen, fit, b.f.toks)
	st.rivalled = b.sharesNameWord(st, fit) || b.knownAlike(st) || st.severalNamed
	return st
}

// severalByNameWord reports whether the step walks several relations
// that can start where the walk is, each found by one word of its name,
// whose names differ in words the question does not say ("Where was
// Maximian born?" over birth_cty and birth_prv): the word names them
// all, and the question does not say which one it means.
func severalByNameWord(st step, chosen []candEdge, fit typeFit, q []token) bool {
	if st.by != byNameWord {
		return false
	}
	var spellings []string
	ties := true
	for _, e := range chosen {
		if !fit.fits(e, false) {
			continue
		}
		ties = ties && e.c.tie
		if saidWhole(e.c.rel.words, q) {
			return false // "routed via lane X": routed_via_lane is said
		}
		if sp := strings.Join(e.c.rel.words, " "); !slices.Contains(spellings, sp) {
			spellings = append(spellings, sp) // bookedBy and booked_by are one
		}
	}
	// "parents" over father_of and mother_of asks both.
	return len(spellings) > 1 && !ties
}

// saidWhole reports whether every content word of a relation's name is,
// in some form, one of the question's words.
func saidWhole(name []string, q []token) bool {
	for _, w := range name {
		if words.FunctionWord(w) {
			continue
		}
		if !slices.ContainsFunc(q, func(t token) bool { return t.low == w || words.IsForm(t.low, w) || words.SameWord(t.low, w) }) {
			return false
		}
	}
	return true
}

// knownAlike reports whether a relation of a known kind links the same
// kinds of entity, the same way, as a relation of no known kind the step
// walks ("owner" beside "held_by", from artworks to museums): the walked
// one may be a case of it, and its name alone does not say.
func (b *builder) knownAlike(st step) bool {
	for _, e := range st.edges {
		r := b.v.rel(e.Relation)
		if r == nil || r.concept != words.None || len(r.def.From) == 0 || len(r.def.To) == 0 {
			continue
		}
		for _, o := range b.v.rels {
			if o != r && o.concept != words.None && intersects(o.def.From, r.def.From) && intersects(o.def.To, r.def.To) {
				return true
			}
		}
	}
	return false
}

// sharesNameWord reports whether a relation the step does not walk has,
// in its own name, the word the step's relations were read by, and can
// be walked from where the walk is into the far phrase's kind
// ("investigators" read as principal_investigator, beside
// sub_investigator_on): the word alone does not say which is meant.
func (b *builder) sharesNameWord(st step, fit typeFit) bool {
	if st.by != byNameWord || st.link == nil || st.link.M.end <= st.link.M.start {
		return false
	}
	lemmas := words.Lemmas(b.f.toks[st.link.M.end-1].low)
	for _, r := range b.v.rels {
		if slices.ContainsFunc(st.edges, func(e state.RelDir) bool { return e.Relation == r.name }) ||
			!slices.ContainsFunc(r.words, func(w string) bool { return intersects(words.Lemmas(w), lemmas) }) {
			continue
		}
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if fit.fits(candEdge{relCand{rel: r}, state.RelDir{Relation: r.name, Direction: d}}, true) {
				return true
			}
		}
	}
	return false
}

// typeFit is where a step starts (types) and the kind of the phrase it
// goes to (far), either nil where unknown.
type typeFit struct {
	types, far []string
}

// fits reports whether a candidate relation, walked one way, can start
// where the walk is and, strictly, ends in the far phrase's kind; an end
// whose types are unknown fits.
func (t typeFit) fits(e candEdge, strict bool) bool {
	if len(t.types) > 0 && len(e.starts()) > 0 && !intersects(e.starts(), t.types) {
		return false
	}
	if strict && len(t.far) > 0 && len(e.finishes()) > 0 && !intersects(e.finishes(), t.far) {
		return false
	}
	return true
}

// starts returns the types a walk of the candidate edge starts from.
func (e candEdge) starts() []string { return endTypes(e.c.rel, e.e.Direction, true) }

// finishes returns the types a walk of the candidate edge ends at.
func (e candEdge) finishes() []string { return endTypes(e.c.rel, e.e.Direction, false) }

// candTiers returns link l's candidate relations, each walked from the
// end the link enters at (fromX) to the other, by grounding. A relation
// of another tense than the question's is dropped where the graph has
// its sibling of the question's tense (member_of beside alumni_of).
func (b *builder) candTiers(l *Link, fromX bool) map[grounding][]candEdge {
	tiers := map[grounding][]candEdge{}
	former := b.f.Former || l.M.former
	cands := l.M.cands
	if kept := slices.DeleteFunc(slices.Clone(cands), func(c relCand) bool {
		return former != c.rel.former && hasFormerSibling(b.v, c.rel)
	}); len(kept) > 0 {
		cands = kept
	}
	for _, c := range cands {
		// Entering at the candidate's end walks to the other end.
		start := l.xEnd(c)
		if !fromX {
			start = start.Other()
		}
		d := start.from()
		if c.rel.mutual {
			d = graph.Both
		}
		tiers[c.by] = append(tiers[c.by], candEdge{c, state.RelDir{Relation: c.rel.name, Direction: d}})
	}
	return tiers
}

// contextConcepts returns the concepts of the structures the question
// names ("in the team hierarchy", "in the lineage") and whether one of
// them flows downward.
func (b *builder) contextConcepts() ([]words.Concept, bool) {
	var ctx []words.Concept
	flow := false
	for _, w := range b.f.context {
		cs, fl := words.ContextConcepts(w)
		ctx, flow = appendNew(ctx, cs...), flow || fl
	}
	return ctx, flow
}

// flipDependencies turns the dependency candidates round, for a position
// that says the other role in a structure that flows downward ("below X
// in the lineage").
func flipDependencies(tiers map[grounding][]candEdge) {
	for g, es := range tiers {
		for k := range es {
			if es[k].c.rel.concept == words.Dependency {
				es[k].e.Direction = es[k].e.Direction.Reverse()
			}
		}
		tiers[g] = es
	}
}

// keepConcepts keeps, of each grounding, the candidates of the concepts
// ctx, where it has any.
func keepConcepts(tiers map[grounding][]candEdge, ctx []words.Concept) {
	for g, es := range tiers {
		kept := slices.DeleteFunc(slices.Clone(es), func(e candEdge) bool { return !slices.Contains(ctx, e.c.rel.concept) })
		if len(kept) > 0 {
			tiers[g] = kept
		}
	}
}

// strongestFitting returns the candidates of the strongest grounding
// whose relations fit the types, and that grounding: those that start
// where the walk is and end in the far phrase's kind, else those that
// only start there. Nil when none fits.
func (b *builder) strongestFitting(l *Link, tiers map[grounding][]candEdge, fit typeFit, closure bool) ([]candEdge, grounding) {
	for _, strict := range []bool{true, false} {
		for g := byName; g <= byTypes; g++ {
			if chosen := b.fittingOf(l, tiers[g], fit, strict, closure); chosen != nil {
				return chosen, g
			}
		}
	}
	return nil, 0
}

// fittingOf returns the candidates of one grounding that fit. A closure
// keeps all of that grounding's relations of the fitting ones' concepts
// that can repeat: it passes through other kinds ("what breaks if the
// database goes down": reads_from, then calls).
func (b *builder) fittingOf(l *Link, tier []candEdge, fit typeFit, strict, closure bool) []candEdge {
	var chosen []candEdge
	var fitting []words.Concept
	for _, e := range tier {
		if fit.fits(e, strict) {
			chosen = append(chosen, e)
			fitting = appendNew(fitting, e.c.rel.concept)
		}
	}
	// A relation named in full ("an optional dependency") is that
	// relation, closure or not.
	if chosen != nil && closure && !slices.ContainsFunc(chosen, func(e candEdge) bool {
		return len(e.c.rel.words) > 1 && saysAll(l.M.text, e.c.rel.words)
	}) {
		for _, e := range tier {
			if !slices.Contains(chosen, e) && slices.Contains(fitting, e.c.rel.concept) && b.repeatableRel(e.c.rel) {
				chosen = append(chosen, e)
			}
		}
	}
	return chosen
}

// everyDeclaredDependency adds to chosen every other dependency the
// schema declares, each the same way round: a dependency the schema
// declares, asked in its kind's own words ("what does X depend on"),
// says failure passes along every one of them.
func (b *builder) everyDeclaredDependency(l *Link, fromX bool, chosen []candEdge) []candEdge {
	role := words.Second
	if c := chosen[0].c; c.end == c.rel.roleEnd(words.First) {
		role = words.First
	}
	for _, r := range b.v.conceptRels(words.Dependency, b.f.Optional) {
		if r.def.Inferred != "" || slices.ContainsFunc(chosen, func(e candEdge) bool { return e.c.rel == r }) {
			continue
		}
		c := relCand{rel: r, end: r.roleEnd(role), by: byConcept}
		start := l.xEnd(c)
		if !fromX {
			start = start.Other()
		}
		chosen = append(chosen, candEdge{c, state.RelDir{Relation: r.name, Direction: start.from()}})
	}
	return chosen
}

// strongestTier returns the candidates of the strongest grounding that
// has any, fitting or not, and that grounding (byConceptVerb when none
// has).
func strongestTier(tiers map[grounding][]candEdge) ([]candEdge, grounding) {
	var chosen []candEdge
	var by grounding
	for g := byName; g <= byTypes && chosen == nil; g++ {
		chosen, by = tiers[g], g
	}
	return chosen, by
}

// walkChosen makes st walk the chosen candidates: their relations and
// directions, the types where they end (nil where one's are unknown),
// and the concept they share or, for a mention of a kind, the concepts
// the types do not settle.
func (b *builder) walkChosen(st *step, chosen []candEdge, closure bool) {
	var concepts []words.Concept
	st.tie = len(chosen) > 0 && !slices.ContainsFunc(chosen, func(e candEdge) bool { return !e.c.tie })
	for _, e := range chosen {
		if !slices.Contains(st.edges, e.e) {
			st.edges = append(st.edges, e.e)
		}
		st.endGuessed = st.endGuessed || e.c.guessedEnd
		st.kin = st.kin || e.c.kin
		st.modifier = st.modifier || e.c.modifier
		// The graph may store the same facts from the other end as well
		// (contains beside partOf): its mirrors of the same kind, turned.
		// Not in a closure, where a few facts stored both ways are the
		// data's cycles (a package that recommends what depends on it).
		for _, m := range b.sameMirrors(e.c.rel) {
			if t := (state.RelDir{Relation: m.name, Direction: e.e.Direction.Reverse()}); !closure && e.e.Direction != graph.Both && !slices.Contains(st.edges, t) {
				st.edges = append(st.edges, t)
			}
		}
		st.ends = appendNew(st.ends, e.finishes()...)
		concepts = appendNew(concepts, e.c.rel.concept)
	}
	if len(concepts) == 1 {
		st.concept = concepts[0]
	}
	if len(concepts) > 1 && st.by >= byConcept {
		st.senses = concepts
	}
	if slices.ContainsFunc(chosen, func(e candEdge) bool { return len(e.finishes()) == 0 }) {
		st.ends = nil
	}
}

// sameMirrors returns the relations the data shows storing r's facts
// from the other end (graph.RelationDef.Mirrors) that are of r's kind or
// act: the same facts, so a walk of r walks them turned round. Mirrors of
// another kind are left to the critic's check (Checks.Mirrored).
func (b *builder) sameMirrors(r *relation) []*relation {
	var out []*relation
	for _, m := range r.def.Mirrors {
		mr := b.v.rel(m)
		if mr != nil && mr != r && (mr.concept == r.concept && r.concept != words.None || r.act != "" && mr.act == r.act) {
			out = append(out, mr)
		}
	}
	return out
}

// candEdge is a candidate relation of a mention, walked one way.
type candEdge struct {
	c relCand
	e state.RelDir
}

// hierarchies are the concepts people say one another's words for when
// they speak of a structure: a team "reports to" the team it is part of.
var hierarchies = []words.Concept{words.Reporting, words.Containment, words.Membership}

// otherHierarchy returns, for a mention of a hierarchy concept, the
// relations of the other hierarchy concepts, each walked as the mention's
// role says (the report, part or member; the manager, whole or group).
func (b *builder) otherHierarchy(l *Link, fromX bool) []candEdge {
	var out []candEdge
	for _, c := range l.M.cands {
		if !slices.Contains(hierarchies, c.rel.concept) {
			return nil
		}
	}
	seen := map[*relation]bool{}
	for _, c := range l.M.cands {
		role := c.rel.endRole(l.xEnd(c))
		for _, hc := range hierarchies {
			if hc == c.rel.concept {
				continue
			}
			for _, r := range b.v.conceptRels(hc, false) {
				if seen[r] {
					continue
				}
				seen[r] = true
				start := r.roleEnd(role)
				if !fromX {
					start = start.Other()
				}
				out = append(out, candEdge{relCand{rel: r, end: r.roleEnd(role), by: byConceptVerb}, state.RelDir{Relation: r.name, Direction: start.from()}})
			}
		}
	}
	return out
}

// jointPair reports whether two steps are an act and its joint partner's
// act ("wrote RFCs together with X": what X wrote, then who else wrote
// them): walking the relation back is what the question says.
func jointPair(a, b step) bool {
	return a.link != nil && b.link != nil && a.link.M == b.link.M && (a.link.Rule == "joint") != (b.link.Rule == "joint")
}

// closureLink reports whether link l is walked as a closure: a failure's
// reach, a phrase that means the closure ("downstream"), or a question
// that says "transitively".
func (b *builder) closureLink(l *Link) bool {
	return l.M.closure || l.M.closureDefault || l.Rule == "failure" || (b.f.Extent.said && b.f.Extent.transitive) || b.f.Asked < 0
}

// repeatableRel reports whether a relation can be walked again from
// where it ends: it links a kind to itself, or the kinds are unknown; or
// the graph's other relations of its concept lead from where it ends.
func (b *builder) repeatableRel(r *relation) bool {
	if len(r.def.From) == 0 || len(r.def.To) == 0 || intersects(r.def.From, r.def.To) {
		return true
	}
	for _, o := range b.v.rels {
		if o != r && o.concept == r.concept && (intersects(o.def.From, r.def.From) || intersects(o.def.To, r.def.From) ||
			intersects(o.def.From, r.def.To) || intersects(o.def.To, r.def.To)) {
			return true
		}
	}
	return false
}

// farTypes returns the types of the phrase on the far side of link l
// (nil: unknown): its kind words, its entity's type, or the kinds of the
// structure the question names.
func (b *builder) farTypes(l *Link, fromX bool) []string {
	far := l.Y
	if !fromX {
		far = l.X
	}
	var out []string
	if n := b.f.node(far); n != nil && n.Kinds != nil {
		out = n.Kinds.types
	}
	if n := b.f.node(far); n != nil && n.Kind == NodeEntity {
		out = b.entTypes(n.Ent)
	}
	if out == nil {
		out = b.f.contextKinds
	}
	return out
}

// hasFormerSibling reports whether the graph has, beside r, a relation of
// r's kind and ends that is past where r is present or the other way
// round (member_of and alumni_of): only then does the question's tense
// choose between them.
func hasFormerSibling(v *vocab, r *relation) bool {
	for _, o := range v.rels {
		if o != r && o.former != r.former && intersects(o.def.From, r.def.From) && intersects(o.def.To, r.def.To) {
			return true
		}
	}
	return false
}

// endTypes returns the types a walk of r in direction d starts from
// (start) or ends at.
func endTypes(r *relation, d graph.Direction, start bool) []string {
	if start {
		return r.def.Starts(d)
	}
	return r.def.Ends(d)
}

// kindsOwnRelation returns, for a walk whose last step a verb names only
// by its kind ("belong to" read as parents) and that cannot end in the
// asked kind, the one relation from where that step starts into the kind
// whose name says the kind's word ("house" of houseName): the step the
// question more likely means in its place.
func (b *builder) kindsOwnRelation(rd *Reading, kinds *kindMention, steps []step) (step, bool) {
	last := len(steps) - 1
	if last < 0 || steps[last].link == nil || steps[last].by < byConcept || steps[last].implicit {
		return step{}, false
	}
	from := b.entTypes(rd.Anchor)
	if last > 0 {
		from = steps[last-1].ends
	}
	word := singular(kinds.text)
	var found step
	n := 0
	for _, r := range b.v.rels {
		if !text.NameHas(r.name, word) {
			continue
		}
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if (from == nil || intersects(endTypes(r, d, true), from)) && intersects(endTypes(r, d, false), kinds.types) {
				found = step{link: steps[last].link, fromX: steps[last].fromX, by: byNameWord, concept: r.concept, kindNamed: true,
					edges: []state.RelDir{{Relation: r.name, Direction: d}}, ends: endTypes(r, d, false)}
				n++
			}
		}
	}
	return found, n == 1
}

// hopInto returns one more step from the types where the walk ends into
// the asked types: the relations that link them, those the question's
// words name first.
func (b *builder) hopInto(ends, asked []string, steps []step) (step, bool) {
	st := step{implicit: true}
	var named []state.RelDir
	for _, r := range b.v.rels {
		for _, d := range []graph.Direction{graph.Out, graph.In} {
			if len(ends) > 0 && !intersects(endTypes(r, d, true), ends) || !intersects(endTypes(r, d, false), asked) {
				continue
			}
			if slices.ContainsFunc(steps, func(s step) bool {
				return slices.Contains(s.edges, state.RelDir{Relation: r.name, Direction: d.Reverse()})
			}) {
				continue // back the way the walk came
			}
			e := state.RelDir{Relation: r.name, Direction: d}
			st.edges = append(st.edges, e)
			st.ends = appendNew(st.ends, endTypes(r, d, false)...)
			if b.named(r) {
				named = append(named, e)
			}
		}
	}
	if len(named) > 0 {
		st.edges = named
	}
	if len(st.edges) == 1 {
		st.concept = b.v.rel(st.edges[0].Relation).concept
	}
	return st, len(st.edges) > 0
}

// repairHop returns the hop from types into where link l's relations can
// start, when the question did not say it: the relations of the concept
// the phrase's kind word names first ("team": membership).
func (b *builder) repairHop(l *Link, st step, types []string) (step, bool) {
	var starts []string
	for _, c := range l.M.cands {
		start := l.xEnd(c)
		if !st.fromX {
			start = start.Other()
		}
		starts = appendNew(starts, endTypes(c.rel, start.from(), true)...)
	}
	if len(starts) == 0 {
		return step{}, false
	}
	hop, ok := b.hopInto(types, starts, nil)
	if !ok {
		return step{}, false
	}
	if pre := b.preKind(l); pre != nil && len(hop.edges) > 1 {
		var kept []state.RelDir
		for _, c := range kindConcepts(pre.text) {
			for _, e := range hop.edges {
				if r := b.v.rel(e.Relation); r != nil && r.concept == c && !r.former {
					kept = append(kept, e)
				}
			}
		}
		if len(kept) > 0 {
			hop.edges = kept
		}
	}
	if len(hop.edges) == 1 {
		hop.concept = b.v.rel(hop.edges[0].Relation).concept
	}
	return hop, true
}

// preKind returns the kind noun said before the relation noun of link
// l's phrases ("team" of "team leads"), or nil.
func (b *builder) preKind(l *Link) *kindMention {
	for _, n := range []int{l.X, l.Y} {
		if nd := b.f.node(n); nd != nil && nd.pre != nil {
			return nd.pre
		}
	}
	return nil
}

// kindConcepts returns the concepts a kind word names as a role noun
// ("team": membership).
func kindConcepts(word string) []words.Concept {
	var out []words.Concept
	for _, cp := range words.ConceptPhrases() {
		if len(cp.Words) != 1 || !words.SameWord(cp.Words[0], word) && !words.IsForm(word, cp.Words[0]) {
			continue
		}
		for _, s := range cp.Firm() {
			if s.Part == words.NounFirst || s.Part == words.NounSecond {
				out = appendNew(out, s.Concept)
			}
		}
	}
	return out
}

// named reports whether a word of the question names relation r.
func (b *builder) named(r *relation) bool {
	for _, m := range b.f.rels {
		if slices.ContainsFunc(m.cands, func(c relCand) bool { return c.rel == r && c.by <= byAct }) {
			return true
		}
	}
	return false
}

// bareStep is the step of a question that names no relation: from an
// entity that names a class of the asked things ("all
// aws_iam_policy_document blocks"), its members; the relations into the
// asked kind; or every relation (the neighbourhood).
func (b *builder) bareStep(types []string, asked *Node, anchor int) step {
	if asked != nil && slices.Contains(asked.Mods, anchor) {
		var st step
		st.implicit = true
		for _, r := range b.v.rels {
			if r.classifier && (len(types) == 0 || intersects(r.def.To, types)) {
				st.edges = append(st.edges, state.RelDir{Relation: r.name, Direction: graph.In})
				st.ends = appendNew(st.ends, r.def.From...)
			}
		}
		if len(st.edges) > 0 {
			return st
		}
	}
	if asked != nil && asked.Kinds != nil && len(asked.Kinds.types) > 0 {
		if st, ok := b.hopInto(types, asked.Kinds.types, nil); ok {
			return st
		}
	}
	// The one relation the anchor's kind takes part in ("who has the
	// part-time role": has_role).
	if len(types) > 0 {
		var only []*relation
		for _, r := range b.v.rels {
			if intersects(r.def.From, types) || intersects(r.def.To, types) {
				only = append(only, r)
			}
		}
		if len(only) == 1 {
			r := only[0]
			d := graph.Out
			if !intersects(r.def.From, types) {
				d = graph.In
			}
			return step{implicit: true, edges: []state.RelDir{{Relation: r.name, Direction: d}}, ends: endTypes(r, d, false), concept: r.concept}
		}
	}
	st := step{implicit: true}
	for _, r := range b.v.rels {
		st.edges = append(st.edges, state.RelDir{Relation: r.name, Direction: graph.Both})
	}
	return st
}

// dependencies reports whether a dependency step walks to what the anchor
// depends on: from the dependent's end to the dependency's.
func (b *builder) dependencies(st step) bool {
	for _, e := range st.edges {
		r := b.v.rel(e.Relation)
		if r == nil || r.concept != words.Dependency || e.Direction == graph.Both {
			continue
		}
		start := Subject
		if e.Direction == graph.In {
			start = Object
		}
		return r.endRole(start) == words.First
	}
	return false
}

// extent decides how far each step goes: the question's cue, else the
// closure for a mention that means one ("downstream", "descendants", a
// failure), else one hop. The closure applies to steps that can repeat:
// those between entities of one kind.
func (b *builder) extent(rd *Reading, steps []step) {
	f := b.f
	rd.Extent, rd.ExtentSaid = state.ExtentDirect, f.Extent.said
	if len(steps) > 1 {
		rd.Extent = state.ExtentFixed
	}
	for i := range steps {
		st := &steps[i]
		if st.implicit || st.link == nil {
			continue
		}
		if b.closes(*st, len(steps)) {
			st.repeat = true
			rd.Extent = state.ExtentTransitive
			rd.ExtentSaid = rd.ExtentSaid || st.link.M.closure
		}
	}
	// A verb or noun of the relation's own name says one hop ("what does
	// X depend on" for depends_on); a word of its kind does not ("rely
	// on", "derived from"), and the critic checks how far it goes.
	if !rd.ExtentSaid && rd.Extent == state.ExtentDirect && len(steps) == 1 && steps[0].link != nil && steps[0].by <= byAct {
		rd.ExtentSaid = true
	}
	if rd.Target >= 0 && !(f.Extent.said && !f.Extent.transitive) {
		// "Does X depend on Y?" walks on until it reaches Y.
		last := &steps[len(steps)-1]
		last.repeat = true
		rd.Extent = state.ExtentTransitive
	}
}

// closes reports whether a step its words named, of a walk of n steps,
// is a closure: its words mean one, unless the question's cue says how
// far; and it can repeat, or is the walk's only step.
func (b *builder) closes(st step, n int) bool {
	closure := b.meansClosure(st)
	switch {
	case b.f.Extent.said && !b.f.Extent.transitive:
		closure = false
	case b.f.Extent.said && b.f.Extent.transitive:
		closure = closure || b.repeatable(st) || n == 1
	}
	return closure && (b.repeatable(st) || n == 1)
}

// meansClosure reports whether a step's words mean the closure: a phrase
// that does ("downstream"), one that does by default where a word of its
// kind or the kind's own words over declared relations named the step,
// or containment said by a position or a preposition.
func (b *builder) meansClosure(st step) bool {
	m := st.link.M
	closure := m.closure || m.closureDefault && (st.by >= byConcept || m.generic && b.declared(st))
	// Being inside is transitive: what is in Berlin is in Germany.
	// A verb or a preposition of containment reads the closure unless
	// the question says "directly".
	if st.concept == words.Containment && (m.form == mPosition || b.f.prepMention(m)) {
		closure = true
	}
	return closure
}

// declared reports whether every relation a step walks is declared by a
// schema file: a dependency the schema declares says failure passes along
// it, so its kind's own words ("depend on", "need") read the closure even
// where they name it.
func (b *builder) declared(st step) bool {
	for _, e := range st.edges {
		if r := b.v.rel(e.Relation); r == nil || r.def.Inferred != "" {
			return false
		}
	}
	return len(st.edges) > 0
}

// repeatable reports whether a step can be taken again from where it
// ends: its relations end in the kinds they start from (or the kinds are
// unknown).
func (b *builder) repeatable(st step) bool {
	for _, e := range st.edges {
		r := b.v.rel(e.Relation)
		if r == nil {
			continue
		}
		from, to := endTypes(r, e.Direction, true), endTypes(r, e.Direction, false)
		if len(from) == 0 || len(to) == 0 || intersects(from, to) {
			return true
		}
	}
	return false
}

// chain returns the steps as the walk's chain.
func (b *builder) chain(steps []step, rd Reading) state.Chain {
	var c state.Chain
	for i, st := range steps {
		// What a failure reaches includes the failing one: "which teams
		// are affected if X fails" counts X's own team.
		optional := st.repeat && i == 0 && len(steps) > 1 && st.link != nil && st.link.Rule == "failure"
		c.Steps = append(c.Steps, state.ChainStep{Edges: st.edges, Repeat: st.repeat, Optional: optional})
	}
	return c
}

// confidence sets how sure the reading is, and why not more.
func (b *builder) confidence(rd *Reading, steps []step) {
	f := b.f
	doubt := func(d Doubt) {
		rd.Doubts = append(rd.Doubts, d)
		rd.Confidence *= d.Factor
	}
	for _, w := range f.headNouns {
		doubt(Doubt{Kind: DoubtAskedKind, Words: w, Detail: "the relation's answers before it are not checked to be of that kind", Factor: 0.85})
	}
	if len(rd.Also) > 0 && rd.Target < 0 {
		// "which services subscribe to A and B": both, or either.
		names := []string{f.ents[rd.Anchor].Name}
		for _, a := range rd.Also {
			names = append(names, f.ents[a].Name)
		}
		doubt(Doubt{Kind: DoubtUnion, Words: text.List(names, "and"), Factor: 0.7})
	}
	implicit := 0
	for i, st := range steps {
		if st.implicit {
			implicit++
		}
		if i > 0 && backAgain(steps[i-1], st) && !jointPair(steps[i-1], st) {
			doubt(Doubt{Kind: DoubtOrder, Words: relNames(st.edges)[0], Detail: "the reading walks a relation and back again", Factor: 0.5})
		}
		if d, ok := stepDoubt(st, i, len(steps), implicit); ok {
			doubt(d)
		}
		b.structureDependencyDoubts(st, doubt)
	}
	b.linkDoubts(rd, doubt)
	for _, w := range b.unread(rd) {
		doubt(w)
	}
	for _, w := range f.foreign {
		doubt(Doubt{Kind: DoubtUnfollowed, Words: w, Detail: "the graph has no relation of that kind", Factor: 0.5})
	}
	// A relation the question names that the reading neither walks nor
	// keeps its answers by: the reading answers another question.
	for _, l := range f.Links {
		if b.followed(l, steps, *rd) {
			continue
		}
		doubt(Doubt{Kind: DoubtUnfollowed, Words: l.M.text, Factor: 0.5})
		break
	}
	if f.Extent.both != "" {
		doubt(Doubt{Kind: DoubtExtent, Words: f.Extent.both, Factor: 0.5})
	}
	rd.Confidence = round3(rd.Confidence)
	rd.Chain.Score = rd.Confidence
}

// stepDoubt returns the doubt of step st, the i-th of n, the implicit-th
// step no word names, if it has one: how it was chosen when its words
// did not settle it, the first that applies.
func stepDoubt(st step, i, n, implicit int) (Doubt, bool) {
	if st.implicit {
		return implicitStepDoubt(st, i, n, implicit), true
	}
	switch {
	case st.hierarchy:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "its words name another kind of hierarchy", Factor: 0.85}, true
	case st.retyped:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "what it names cannot start here; the types chose", Factor: 0.6}, true
	case st.schemaDoubt:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "no relation it names starts where the walk is", Factor: 0.5}, true
	case len(st.senses) > 1:
		var cs []string
		for _, c := range st.senses {
			cs = append(cs, c.String())
		}
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "it can mean " + strings.Join(cs, " or "), Factor: 0.7}, true
	case st.severalNamed:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "a word of each name; the question does not say which it means", Factor: 1}, true
	case st.kin && st.tie:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "the plain kin noun of relations named by narrower ones (kinship.txt): kin the graph names otherwise are missed", Factor: 1}, true
	case st.kin:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "a kin noun of another width (kinship.txt): the answers are not checked to be that kin", Factor: 0.7}, true
	case st.modifier:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: "a word beside the head of its name, which may name something else", Factor: 0.7}, true
	case st.by == byTypes:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: fmt.Sprintf("the graph has no %s relation: the relation between the kinds", conceptsOf(st.link.M)), Factor: 0.5}, true
	case st.by == byConceptVerb:
		return Doubt{Kind: DoubtRelation, Words: st.link.M.text, Names: relNames(st.edges), Detail: fmt.Sprintf("no relation is named so: every %s relation", st.concept), Factor: 0.9}, true
	}
	return Doubt{}, false
}

// conceptsOf says the concepts a mention names.
func conceptsOf(m *relMention) string {
	var cs []string
	for _, c := range m.concepts {
		cs = append(cs, c.String())
	}
	return strings.Join(cs, " or ")
}

// implicitStepDoubt returns the doubt of a step no word names, the i-th
// of n and the implicit-th such: the types chose it, more surely where
// the graph has one way into the asked kind.
func implicitStepDoubt(st step, i, n, implicit int) Doubt {
	switch {
	case st.link == nil && n == 1 && len(st.edges) > 0 && st.edges[0].Direction == graph.Both:
		return Doubt{Kind: DoubtNoRelationWord, Detail: "reading the entity's neighbourhood", Factor: 0.6}
	case len(st.edges) > 1:
		return Doubt{Kind: DoubtNoRelationWord, Names: relNames(st.edges), Detail: "the step into the asked kind is one of several relations", Factor: 0.6}
	case implicit > 1:
		return Doubt{Kind: DoubtNoRelationWord, Names: relNames(st.edges), Detail: "a second step no word names", Factor: 0.6}
	case i > 0 && i == n-1:
		// The last hop, after what the words named, into the kind
		// they ask for ("which teams are affected"): the graph has
		// one way in.
		return Doubt{Kind: DoubtNoRelationWord, Names: relNames(st.edges), Detail: "the only relation into the asked kind", Factor: 0.85}
	}
	// A hop the words do not say, before or instead of what they
	// name: a guess at what the question skipped.
	return Doubt{Kind: DoubtNoRelationWord, Names: relNames(st.edges), Detail: "a step no word names, the only relation that fits", Factor: 0.75}
}

// structureDependencyDoubts doubts each dependency or hierarchy the step
// walks that was inferred from the shape of the data: its name does not
// say it is one.
func (b *builder) structureDependencyDoubts(st step, doubt func(Doubt)) {
	for _, e := range st.edges {
		if r := b.v.rel(e.Relation); r != nil && r.concept != words.None && r.def.Inferred == graph.FromStructure {
			doubt(Doubt{Kind: DoubtRelation, Words: r.name, Names: []string{r.name}, Detail: words.ShapeKind(r.concept) + " from the shape of the data, its name does not say", Factor: 0.6})
		}
	}
}

// followed reports whether link l is a step of the reading, or what one
// of its conditions on the answers came from.
func (b *builder) followed(l *Link, steps []step, rd Reading) bool {
	for _, st := range steps {
		if st.link == l {
			return true
		}
	}
	if l.X < 0 || l.Y < 0 {
		return false
	}
	for _, h := range rd.Having {
		for _, n := range []int{l.X, l.Y} {
			if nd := b.f.node(n); nd != nil && nd.Kind == NodeEntity && nd.Ent == h.Ent {
				return true
			}
		}
	}
	// The same relation said twice ("the teams that maintain X", "its
	// maintaining teams") is followed once.
	for _, st := range steps {
		if st.link != nil && st.link.M.text == l.M.text {
			return true
		}
	}
	return false
}

// backAgain reports whether step b walks a relation of step a the other
// way: back where the walk came from.
func backAgain(a, b step) bool {
	for _, x := range a.edges {
		for _, y := range b.edges {
			if x.Relation == y.Relation && x.Direction == y.Direction.Reverse() && x.Direction != graph.Both {
				return true
			}
		}
	}
	return false
}

// linkDoubts doubts a reading whose entities were linked fuzzily or
// ambiguously.
func (b *builder) linkDoubts(rd *Reading, doubt func(Doubt)) {
	for _, e := range append([]int{rd.Anchor, rd.Target}, rd.Also...) {
		if e < 0 {
			continue
		}
		ent := b.f.ents[e]
		mention := ent.Name // a mention dropped as words of another part
		if ent.Start >= 0 && ent.End >= ent.Start {
			mention = b.f.Q[ent.Start:ent.End]
		}
		if len(ent.Others) > 0 {
			doubt(Doubt{Kind: DoubtAmbiguousEntity, Words: mention, Names: ent.Others, Factor: 0.5})
		}
		if ent.Confidence > 0 && ent.Confidence < 0.9 {
			doubt(Doubt{Kind: DoubtFuzzyEntity, Words: mention, Names: []string{ent.Name}, Detail: fmt.Sprintf("%.2f", ent.Confidence), Factor: ent.Confidence})
		}
	}
}

// yesNoMember returns the one entity a yes-or-no question names that a
// reading listing answers leaves out: "Is Kat Cosgrove the steering
// liaison for SIG Security?" lists SIG Security's steering liaisons and
// asks whether Kat Cosgrove is one, so the walk says yes where it reaches
// that entity and no where it does not.
func (b *builder) yesNoMember(rd Reading) (int, bool) {
	if b.f.Form != FormYesNo || rd.Target >= 0 || slices.ContainsFunc(b.f.toks, func(t token) bool { return t.class.Has(words.Sub) }) {
		return -1, false // "Is A affected if B closes?" asks what B's closing does
	}
	member := -1
	for i, e := range b.f.ents {
		if i == rd.Anchor || slices.Contains(rd.Also, i) || slices.ContainsFunc(rd.Having, func(h Having) bool { return h.Ent == i }) ||
			e.Start < 0 || e.Name == b.f.ents[rd.Anchor].Name {
			continue
		}
		if member >= 0 && b.f.ents[member].Name != e.Name || b.f.setAside(i) {
			return -1, false // "Is X crafted from anything other than Y?" asks of others
		}
		member = i
	}
	return member, member >= 0
}

// unread returns the doubts for the parts of the question the reading
// leaves out: entities it does not use, relation mentions it does not
// follow, words no part explains, and operator words.
func (b *builder) unread(rd *Reading) []Doubt {
	f := b.f
	var out []Doubt
	used := map[int]bool{rd.Anchor: true, rd.Target: true}
	for _, a := range rd.Also {
		used[a] = true
	}
	for _, h := range rd.Having {
		used[h.Ent] = true
	}
	var unused []string
	usedNames := map[string]bool{} // a node named twice is used where either mention is; not in a yes or no, which may ask whether it links to itself
	for i := range used {
		if i >= 0 && f.Form != FormYesNo {
			usedNames[f.ents[i].Name] = true
		}
	}
	for i, e := range f.ents {
		if !used[i] && !usedNames[e.Name] && e.Start >= 0 && !slices.Contains(unused, e.Name) {
			unused = append(unused, e.Name)
		}
	}
	if len(unused) > 0 {
		out = append(out, Doubt{Kind: DoubtUnusedEntity, Names: unused, Factor: 0.7})
	}
	for i := range f.ents {
		if used[i] && f.setAside(i) {
			// "Did anyone other than ana borrow Neuromancer?": the
			// entity set aside is no answer, let alone the start.
			out = append(out, Doubt{Kind: DoubtSetAside, Names: []string{f.ents[i].Name}, Factor: 0.5})
		}
	}
	if f.Former && !b.walksFormer(rd) {
		// "Which teams did ana used to lead?" through leads, where the
		// graph records no past leads: an answer about the present.
		out = append(out, Doubt{Kind: DoubtOperator, Words: f.formerWords(), Detail: "a past relation", Factor: 0.5})
	}
	for _, h := range rd.Having {
		if h.Loose {
			out = append(out, Doubt{Kind: DoubtLooseCondition, Names: []string{f.ents[h.Ent].Name}, Detail: text.List(state.ChainStep{Edges: h.Edges}.Relations(), "and"), Factor: 0.75})
		}
	}
	if k := f.supportGuess; k >= 0 {
		out = append(out, Doubt{Kind: DoubtSupportVerb, Words: f.toks[k].low, Factor: 0.85})
	}
	for i, o := range f.owner {
		t := f.toks[i]
		if o != "" || t.ent >= 0 {
			continue
		}
		if k := operatorKind(t); k != "" {
			out = append(out, Doubt{Kind: DoubtOperator, Words: t.low, Detail: k, Factor: 0.5})
			continue
		}
		if t.name {
			out = append(out, Doubt{Kind: DoubtUnknownName, Words: t.raw, Factor: 0.5})
			continue
		}
		out = append(out, Doubt{Kind: DoubtUnexplained, Words: t.low, Factor: 0.7})
	}
	return out
}

// walksFormer reports whether the reading walks a relation held in the
// past (alumni_of).
func (b *builder) walksFormer(rd *Reading) bool {
	for n := range rd.Chain.Relations() {
		if r := b.v.rel(n); r != nil && r.former {
			return true
		}
	}
	return false
}

// operatorKind says what an operator word does, or "".
func operatorKind(t token) string {
	switch c := t.class; {
	case c.Has(words.Exclusive):
		return "an exclusion"
	case c.Has(words.Negator) || c.Has(words.Neg):
		return "a negation"
	case c.Has(words.Former):
		return "a past relation"
	case c.Has(words.Time):
		return "a time, an order or a frequency"
	case c.Has(words.Degree):
		return "a comparison or a count"
	case c.Has(words.SetOp):
		return "a set of answers in common"
	case c.Has(words.Bound):
		return "a bound on the walk"
	}
	return ""
}

// rules names the frame rules the path's links were bound by.
func (b *builder) rules(path []*Link) string {
	var rs []string
	for _, l := range path {
		rs = append(rs, l.Rule)
	}
	return strings.Join(rs, " ")
}

// alternatives returns the other readings the critic falls back to when
// the best one reaches nothing: the widened one.
func (b *builder) alternatives(best Reading) []Reading {
	var out []Reading
	if w, ok := b.widened(best); ok {
		out = append(out, w)
	}
	if o, ok := b.onward(best); ok {
		out = append(out, o)
	}
	return out
}

// onward returns, where the reading's last step ends at things of the
// asked kind and of others, the reading that takes the one relation
// from the others on into the asked kind ("In which country was Alfredo
// Jaar born?" over born_in, whose objects are cities and countries, and
// country: born_in, then country). The critic walks it where the first
// finds nothing of the kind asked.
func (b *builder) onward(best Reading) (Reading, bool) {
	if best.Asked.Type == "" || best.Target >= 0 || len(b.steps) == 0 || b.steps[len(b.steps)-1].implicit {
		return Reading{}, false
	}
	asked := append([]string{best.Asked.Type}, best.Asked.Also...)
	steps := b.steps
	var others []string
	for _, t := range steps[len(steps)-1].ends {
		if !slices.Contains(asked, t) {
			others = append(others, t)
		}
	}
	if len(others) == 0 {
		return Reading{}, false
	}
	hop, ok := b.hopInto(others, asked, steps)
	if !ok || len(hop.edges) != 1 || slices.ContainsFunc(steps[len(steps)-1].edges, func(e state.RelDir) bool { return e.Relation == hop.edges[0].Relation }) {
		return Reading{}, false
	}
	steps = append(slices.Clone(steps), hop)
	rd := best
	rd.Doubts = append(slices.Clone(best.Doubts), Doubt{Kind: DoubtOnward, Words: best.Asked.Word, Names: relNames(hop.edges), Factor: 0.9})
	rd.Confidence *= 0.9
	rd.Chain = b.chain(steps, rd)
	rd.Named = false
	rd.Because = because(steps)
	rd.Checks = b.checks(rd, steps)
	rd.Text = b.describe(rd, steps)
	return rd, true
}

// entityNotes says which entities the reading used when the question
// named more.
func (b *builder) entityNotes(rd Reading) []string {
	if len(b.f.ents) <= 1 {
		return nil
	}
	var used, unused []string
	for i, e := range b.f.ents {
		if e.Start < 0 {
			continue // a word the reader took for itself
		}
		if i == rd.Anchor || i == rd.Target || slices.Contains(rd.Also, i) || slices.ContainsFunc(rd.Having, func(h Having) bool { return h.Ent == i }) {
			used = append(used, e.Name)
		} else {
			unused = append(unused, e.Name)
		}
	}
	if len(unused) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the question names %d entities; the reading uses %s and not %s", len(b.f.ents), strings.Join(used, ", "), strings.Join(unused, ", "))}
}

func relNames(es []state.RelDir) []string {
	var out []string
	for _, e := range es {
		out = appendNew(out, e.Relation)
	}
	return out
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	return !slices.ContainsFunc(a, func(x string) bool { return !slices.Contains(b, x) })
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// allNamed reports whether the question's words name every step's
// relations themselves: no step chosen by the types alone; none read by
// its kind from a noun ("grandparents" read as every containment
// relation), which names what the answers are rather than how they are
// linked; none whose direction the words leave open (endGuessed,
// bothWays); none another relation may be meant by (rivalled).
func allNamed(steps []step) bool {
	for _, st := range steps {
		if st.implicit || st.link == nil || st.by == byConcept && st.link.M.form == mNoun || st.endGuessed || st.rivalled || bothWays(st.edges) {
			return false
		}
	}
	return true
}

// bothWays reports whether a step walks one of its relations both ways:
// its words did not say which end is which ("Poliwag's evolutions" over
// evolves_from).
func bothWays(edges []state.RelDir) bool {
	for i, e := range edges {
		if e.Direction == graph.Both || slices.ContainsFunc(edges[i+1:], func(o state.RelDir) bool { return o.Relation == e.Relation }) {
			return true
		}
	}
	return false
}

// because says, for each step its words named, which words were read as
// which relations and by what grounding.
func because(steps []step) []string {
	var out []string
	for _, st := range steps {
		if st.implicit || st.link == nil || st.link.M.text == "" {
			continue
		}
		var names []string
		for _, e := range st.edges {
			names = appendNew(names, e.Relation)
		}
		out = append(out, fmt.Sprintf("%q read as %s, by %s", st.link.M.text, strings.Join(names, ", "), groundingNames[st.by]))
	}
	return out
}
