package reading

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// readings turns the claim into walkable readings, best first.
func (r *reader) readings(c *claim) []Reading {
	base := Reading{Anchor: c.anchor, Also: c.also, Common: c.common, Target: c.target, Extent: c.extent, ExtentSaid: c.extentSaid, Failure: c.impact || c.failed(),
		Confidence: c.conf, Because: c.why, Guesses: append([]string(nil), c.guess...)}
	r.linkGuesses(&base, c.anchor)
	if c.target >= 0 {
		r.linkGuesses(&base, c.target)
	}
	steps, lastEnds := r.claimSteps(c, &base)
	if steps == nil {
		return nil
	}
	r.readExtentOf(c, &base, steps)
	if base.Common && (len(steps) != 1 || base.Extent == state.ExtentTransitive) {
		// What several entities have in common is read for one step;
		// over more, what concerns any of them, unsure.
		base.Common = false
		base.Confidence = min(base.Confidence, 0.6)
		base.Guesses = append(base.Guesses, fmt.Sprintf("%s: read as what concerns any of them, not only what they share", r.entityList(c.anchor, c.also)))
	}
	base.Chain = state.Chain{Steps: steps, Score: base.Confidence}
	if c.target >= 0 && !(c.extent == state.ExtentDirect && c.extentSaid) {
		// "Does X depend on Y?" walks on until it reaches Y; "directly"
		// takes one step.
		base.Chain.Steps[len(steps)-1].Repeat = true
	}
	r.readChecks(c, &base, steps)
	readings := r.withAsked(c, base, lastEnds)
	for i := range readings {
		readings[i].Text = r.describe(c, readings[i])
		readings[i].Chain.Score = readings[i].Confidence
	}
	return readings
}

// stepFrom returns the types step k of claim c starts from: the
// anchor's for the first, where the step before ended for the others.
func (r *reader) stepFrom(c *claim, lastEnds []string, k int) []string {
	if k == 0 {
		return r.anchorTypes(c)
	}
	return lastEnds
}

// claimSteps returns the chain steps of claim c and the types where the
// last one ends, nil where a step has no edges; it adds the steps'
// guesses, confidence, concept and schema doubt to base.
func (r *reader) claimSteps(c *claim, base *Reading) ([]state.ChainStep, []string) {
	var steps []state.ChainStep
	var lastEnds []string
	for k, sc := range c.steps {
		edges, ends, guesses, conf := r.stepEdges(c, sc, lastEnds, k == 0, k == len(c.steps)-1)
		if sc.peer && len(edges) > 0 {
			// "Brazil's neighbours": a peer noun names the one relation
			// between two things of a kind, and says it is that.
			base.Because = append(base.Because, fmt.Sprintf("%q read as %s, the only relation between two of %s, either way", sc.word, edges[0].Relation, strings.Join(r.stepFrom(c, lastEnds, k), " or ")))
		}
		if c.shared && k == 1 {
			// "the same N as X": back the way the first step went.
			edges, ends, guesses, conf = reversed(steps[0].Edges), r.anchorTypes(c), nil, 1
		}
		if len(edges) == 0 {
			return nil, nil
		}
		edges = r.bothWaysMutual(edges, sc.bothWays)
		at := lastEnds
		if k == 0 {
			at = r.anchorTypes(c)
		}
		if land, landEnds, why := r.landOn(c, sc, at, edges); len(land) > 0 {
			// "Which circuits are in Italy?": the circuits themselves,
			// linked to the country, not the races run on them.
			edges, ends = land, landEnds
			guesses = append(guesses, why)
			conf *= 0.75
		}
		if bridge, turned, why := r.bridgeTo(c, sc, at, edges); len(bridge) > 0 {
			edges = turned
			// "Which films feature characters from Naboo?": from the
			// planet to its people (homeworld), then the films whose
			// characters they are.
			steps = append(steps, state.ChainStep{Edges: bridge})
			guesses = append(guesses, why)
			conf *= 0.75
		}
		if base.SchemaDoubt == "" && r.typesMayRuleOut(c, k, edges, at, guesses) {
			base.SchemaDoubt = r.schemaDoubt(edges, at, k, c)
		}
		base.Guesses = append(base.Guesses, guesses...)
		base.Confidence *= conf
		// A step of several named by a noun of every generation, or
		// with its own extent ("the services depending on X at any
		// depth, ..."), repeats.
		steps = append(steps, state.ChainStep{Edges: edges, Repeat: sc.closure && len(c.steps) > 1})
		lastEnds = ends
		if k == 0 {
			base.Concept = sc.concept
		}
	}
	return steps, lastEnds
}

// byTense keeps, of a kind's relations, those of the question's tense
// where the kind has relations of both: the ones held in the past
// (alumni_of) where the question asks about the past ("former members",
// "used to be on"), the others where it does not (member_of).
func (r *reader) byTense(rels []*relInfo) []*relInfo {
	var past, present []*relInfo
	for _, ri := range rels {
		if ri.former {
			past = append(past, ri)
		} else {
			present = append(present, ri)
		}
	}
	switch {
	case len(past) == 0 || len(present) == 0:
		return rels
	case r.asksPast():
		return past
	}
	return present
}

// asksPast reports whether the question asks about the past: a word
// that says so ("former", "alumni", "ex") or "used to".
func (r *reader) asksPast() bool { return r.pastWord() != "" }

// pastWord returns the first word of the question that asks about the
// past ("former", "used to"), or "".
func (r *reader) pastWord() string {
	for i, t := range r.toks {
		switch {
		case r.habitualAt(i):
			return "used to"
		case r.formerAt(i):
			return t.text
		}
	}
	return ""
}

// formerAt reports whether token i is a word of former times ("former",
// "old"), not a measure asked ("How old is X?").
func (r *reader) formerAt(i int) bool {
	return r.toks[i].entity < 0 && words.FormerWord(r.toks[i].text) && !(i > 0 && r.toks[i-1].text == "how")
}

// pastAt reports whether token i says the question asks about the past:
// a former word, or "used to".
func (r *reader) pastAt(i int) bool {
	return r.formerAt(i) || r.habitualAt(i) || i > 0 && r.habitualAt(i-1)
}

// walksPast reports whether a chain walks a relation held in the past
// (alumni_of).
func (r *reader) walksPast(c state.Chain) bool {
	for _, n := range c.RelationNames() {
		if slices.ContainsFunc(r.rels, func(ri *relInfo) bool { return ri.def.Name == n && ri.former }) {
			return true
		}
	}
	return false
}

// kindOf is the phrase of the act of being a kind of something (is_a,
// subclass_of, "type of").
const kindOf = "kind of"

// kindOfAct reports whether a phrase names the act of being a kind of
// something.
func kindOfAct(phrase string) bool { return words.SameAct(phrase, kindOf) }

// linksKind reports whether the relation links things of kind t to
// things of kind t.
func (ri *relInfo) linksKind(t string) bool {
	return slices.Contains(ri.def.From, t) && slices.Contains(ri.def.To, t)
}

// reversed returns edges, each walked the other way.
func reversed(edges []state.RelDir) []state.RelDir {
	out := make([]state.RelDir, len(edges))
	for i, e := range edges {
		out[i] = e.Reversed()
	}
	return out
}

// anchorTypes returns the type of c's anchor as a list, empty where it is
// not known.
func (r *reader) anchorTypes(c *claim) []string {
	if t := r.ents[c.anchor].Type; t != "" {
		return []string{t}
	}
	return nil
}

// typesMayRuleOut reports whether step k of claim c, walking edges from
// the types at, is doubted where the types rule it out. At the anchor, a
// step the types rule out is a plain "none" ("what does mall-west feed")
// unless the step's relations or the claim itself were guessed
// ("departments" read as the anchor's departments), words were left
// unread, or another relation leads from the anchor to where the step's
// relations start ("what allergens are in croque": croque uses ham, ham
// has allergens); further on, or at the first of several steps, the
// reader's own composition cannot be walked ("Which parties are
// represented on the Judiciary committee?" through represents, which no
// committee is at the end of, then party to the kind asked: no certified
// none).
func (r *reader) typesMayRuleOut(c *claim, k int, edges []state.RelDir, at, guesses []string) bool {
	if k > 0 || len(c.steps) > 1 || len(guesses) > 0 || len(c.guess) > 0 || r.unexplained(nil) != "" || r.askedBeyond(edges) {
		return true
	}
	if c.extent != state.ExtentTransitive && r.throughOther(edges, at) {
		return true
	}
	return walksOut(edges) && (!r.startsAny(at) || r.s.TypedByData())
}

// askedBeyond reports whether the question asks for a type the edges do
// not arrive at, so that the reading goes on past them to reach it.
func (r *reader) askedBeyond(edges []state.RelDir) bool {
	t := r.asked().Type
	if t == "" {
		return false
	}
	for _, e := range edges {
		if ri := r.relNamed(e.Relation); ri == nil || slices.Contains(ri.ends(e.Direction), t) {
			return false
		}
	}
	return true
}

// readExtentOf sets base's extent and direction from claim c and makes
// the last step repeat for a closure.
func (r *reader) readExtentOf(c *claim, base *Reading, steps []state.ChainStep) {
	dependency := len(c.steps) == 1 && c.steps[0].concept == words.Dependency
	// A relation named by its own words ("who owns X" where OWNS carries
	// dependency), or by a verb of one act ("what does X call", "what
	// does X import"), is read as that relation, one hop unless said
	// otherwise; only the concept's own words ("depend on", "rely on",
	// "need") ask for the closure by default, and not those that name one
	// step ("require", "the prerequisites of X": words.ReadsDirect).
	generic := dependency && c.steps[0].rels == nil && c.steps[0].specific == "" && !words.ReadsDirect(words.Dependency, c.steps[0].word)
	if generic && !c.extentSaid && c.target < 0 && !c.common {
		// Neither "directly" nor "transitively": a dependency question is
		// read as the closure (what fails, what is needed to run); the
		// critic compares with the one-hop answers, the close second
		// reading, and does not certify where they differ. The planner
		// reads it as one hop where the question's words name the
		// relations walked (state.Reading.ClosureByDefault). What
		// several entities have in common ("Which dishes use both egg
		// and pecorino?") is one hop from each.
		base.Extent = state.ExtentTransitive
		base.ClosureByDefault = true
	}
	if base.Extent == state.ExtentTransitive {
		steps[len(steps)-1].Repeat = true
	}
	if dependency {
		base.Direction = state.IntentDependents
		if c.steps[0].answers == words.Second {
			base.Direction = state.IntentDependencies
		}
	}
}

// readChecks sets what the critic checks of base: the relations near
// the walk it leaves unread, what the dependency's relations deliver,
// and the relations read without an orientation, mirrored or alike.
func (r *reader) readChecks(c *claim, base *Reading, steps []state.ChainStep) {
	// A one-step reading walks the relations whose names say its kind,
	// or the one it names; one whose name says nothing may carry the
	// asked act too (see state.Reading.Unread for what the critic does
	// with them).
	if unread := r.unreadNear(steps[0].Edges, r.ents[c.anchor].Type); len(c.steps) == 1 {
		base.Unread = unread
	} else {
		base.UnreadFirst = unread
	}
	if len(c.steps) == 1 && c.steps[0].concept == words.Dependency {
		base.Delivered = r.checks.Delivered(steps[0].Edges)
	}
	base.Unoriented = r.unoriented(steps)
	if c.onlyLink {
		base.Unread, base.Unoriented = nil, nil
	}
	base.Mirrored = r.checks.Mirrored(steps[0].Edges)
	if len(c.steps) == 1 {
		base.Alike = r.checks.Alike(steps[0].Edges, base.Mirrored, base.Wider)
	}
}

// bothWaysMutual turns the edges of relations that hold both ways
// ("conflicts_with": see relInfo.mutual) to walk both ways, whichever
// way the question's words read them: "what conflicts with A" is also
// what A conflicts with; with all, every edge (the step's words do not
// say which way: stepClaim.bothWays).
func (r *reader) bothWaysMutual(edges []state.RelDir, all bool) []state.RelDir {
	var out []state.RelDir
	for _, e := range edges {
		if ri := r.relNamed(e.Relation); all || ri != nil && ri.mutual {
			e.Direction = graph.Both
		}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// schemaDoubt says why no edge of step k can start from the types at
// (where the walk is), or "" when one can or the types are unknown.
func (r *reader) schemaDoubt(edges []state.RelDir, at []string, k int, c *claim) string {
	if len(at) == 0 {
		return ""
	}
	for _, e := range edges {
		if known, starts := r.edgeStartsAt(e, at); known && starts {
			return ""
		}
	}
	var rels []string
	for _, e := range edges {
		if !slices.Contains(rels, e.Relation) {
			rels = append(rels, e.Relation)
		}
	}
	where := r.ents[c.anchor].Name + " is a " + strings.Join(at, " or ")
	if k > 0 {
		where = fmt.Sprintf("step %d arrives at %s", k, strings.Join(at, " or "))
	}
	return fmt.Sprintf("%s, and %s never starts from one", where, joinAnd(rels))
}

// startsAny reports whether a relation of the graph starts from one of
// the types at (or at is not known): an entity of a kind no relation
// starts from ("./relay", only ever mounted) is no subject of any fact the
// graph stores, and a "none" walked from it as one may have the question's
// direction wrong ("Which services have ./relay mounted?").
func (r *reader) startsAny(at []string) bool {
	if len(at) == 0 {
		return true
	}
	return slices.ContainsFunc(r.rels, func(ri *relInfo) bool {
		return len(ri.def.From) == 0 || intersects(ri.def.From, at)
	})
}

// walksOut reports whether a step walks each of its relations from its
// subject.
func walksOut(edges []state.RelDir) bool {
	return len(edges) > 0 && !slices.ContainsFunc(edges, func(e state.RelDir) bool { return e.Direction != graph.Out })
}

// ends returns the types a walk of ri in direction d arrives at.
func (ri *relInfo) ends(d graph.Direction) []string {
	return ri.starts(d.Reverse())
}

// starts returns the types a walk of ri in direction d starts from.
func (ri *relInfo) starts(d graph.Direction) []string { return ri.def.Starts(d) }

// edgeStarts returns the types the walks of edges start from, and their
// relations' names.
func (r *reader) edgeStarts(edges []state.RelDir) (starts []string, walked map[string]bool) {
	walked = map[string]bool{}
	for _, e := range edges {
		walked[e.Relation] = true
		if ri := r.relNamed(e.Relation); ri != nil {
			starts = append(starts, ri.starts(e.Direction)...)
		}
	}
	return starts, walked
}

// throughOther reports whether a relation of another concept than those
// of edges leads, either way, from a type in at to a type the walk of
// edges starts from: the question may mean the step's relation one hop
// further on. (A relation of the same concept is another reading of the
// step, not a way to it: "what does mall-west feed" is not asked of what
// supplies mall-west.)
func (r *reader) throughOther(edges []state.RelDir, at []string) bool {
	starts, walked := r.edgeStarts(edges)
	concepts := r.kindsOf(walked)
	if len(at) == 0 || len(starts) == 0 {
		return false
	}
	for _, o := range r.rels {
		if walked[o.def.Name] || concepts[o.concept] {
			continue
		}
		if intersects(o.def.From, at) && intersects(o.def.To, starts) || intersects(o.def.To, at) && intersects(o.def.From, starts) {
			return true
		}
	}
	return false
}

// unreadNear returns the relations whose meaning was not read (undeclared,
// and neither name nor structure says it), other than those of edges, that
// touch a kind of entity a walk through edges from an anchor of type
// anchorType reaches (any relation, where the graph is untyped): what the
// walk could be missing. Inferred types are per role, so a relation whose
// other end is a kind of its own ("persists_to" a cache) still counts.
func (r *reader) unreadNear(edges []state.RelDir, anchorType string) []string {
	var types []string
	if anchorType != "" {
		types = append(types, anchorType)
	}
	for _, e := range edges {
		if ri := r.relNamed(e.Relation); ri != nil {
			types = append(append(types, ri.def.From...), ri.def.To...)
		}
	}
	var out []string
	// A reading of only the relations named by their kind's own name
	// (depends_on: words.Canonical) walks what the graph calls that kind:
	// the relations of unknown meaning beside them are not of it.
	if len(edges) > 0 && !slices.ContainsFunc(edges, func(e state.RelDir) bool {
		ri := r.relNamed(e.Relation)
		return ri == nil || ri.concept == words.None || !words.Canonical(ri.concept, ri.phrase)
	}) {
		return nil
	}
	for _, ri := range r.rels {
		if ri.def.Inferred != graph.Unread || readcheck.HasRelation(edges, ri.def.Name) {
			continue
		}
		from, to := ri.def.From, ri.def.To
		if len(types) == 0 || len(from) == 0 || len(to) == 0 || intersects(from, types) || intersects(to, types) {
			out = append(out, ri.def.Name)
		}
	}
	return out
}

// unoriented returns the edges of steps whose relation is of no known
// concept and not one of an active and passive pair (relInfo.act), each
// turned the other way: the question's word order chose the direction.
func (r *reader) unoriented(steps []state.ChainStep) []state.RelDir {
	var out []state.RelDir
	for _, st := range steps {
		for _, e := range st.Edges {
			if e.Direction == graph.Both {
				continue
			}
			ri := r.relNamed(e.Relation)
			if ri == nil || ri.concept != words.None || ri.act != "" {
				continue
			}
			if t := e.Reversed(); !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// checkRels returns the graph's relations as the checks of a reading
// (internal/readcheck) see them.
func (r *reader) checkRels() readcheck.Relations {
	rels := make([]readcheck.Relation, len(r.rels))
	for i, ri := range r.rels {
		rels[i] = readcheck.Relation{Def: ri.def, Concept: ri.concept, Act: ri.act, Spelled: ri.spelled}
	}
	return readcheck.New(rels)
}

// relNamed returns the graph's relation named name, or nil.
func (r *reader) relNamed(name string) *relInfo {
	for _, ri := range r.rels {
		if ri.def.Name == name {
			return ri
		}
	}
	return nil
}

// linkGuesses lowers the confidence of a reading whose entity was linked
// fuzzily or ambiguously, and says so.
func (r *reader) linkGuesses(rd *Reading, e int) {
	ent := r.ents[e]
	if len(ent.Others) > 0 {
		rd.Confidence *= 0.5
		rd.Guesses = append(rd.Guesses, fmt.Sprintf("%q may also be %s", r.q[ent.Start:ent.End], strings.Join(ent.Others, ", ")))
	}
	if ent.Confidence > 0 && ent.Confidence < 0.9 {
		rd.Confidence *= ent.Confidence
		rd.Guesses = append(rd.Guesses, fmt.Sprintf("%q linked to %s by similarity (%.2f)", r.q[ent.Start:ent.End], ent.Name, ent.Confidence))
	}
}

// partsNotKinds keeps, of the relations of a containment step whose words
// say parts ("the parts of X", "what is X part of"), those whose names do
// not say one thing is a kind of another (is_a, hypernym); of a step whose
// words say kinds ("X's hypernym", "the kinds of X"), those whose names do;
// each where some are left. Words of the hierarchy as a whole ("under X",
// "the children of X") keep them all.
func partsNotKinds(rels []*relInfo, sc stepClaim) []*relInfo {
	if sc.concept != words.Containment {
		return rels
	}
	var keep func(*relInfo) bool
	switch {
	case words.NamesPart(sc.word) || words.NamesPart(sc.specific):
		keep = func(ri *relInfo) bool { return !words.NamesKind(ri.phrase) }
	case words.NamesKind(sc.word) || words.NamesKind(sc.specific):
		// "X's hypernym", "the kinds of X": the kind relations alone.
		keep = func(ri *relInfo) bool { return words.NamesKind(ri.phrase) }
	default:
		return rels
	}
	kept := slices.DeleteFunc(slices.Clone(rels), func(ri *relInfo) bool { return !keep(ri) })
	if len(kept) == 0 {
		return rels
	}
	return kept
}

// qualifiedOnly keeps, of a step's relations of its kind, those a word of
// the question qualifies: the word right before the kind's word ("the
// host dependencies of X"), and for the last step of a reading not
// widened, the word before the asked noun ("What host tools do X's
// dependencies need?"); all of them where no word qualifies any.
func (r *reader) qualifiedOnly(rels []*relInfo, sc stepClaim, last bool) []*relInfo {
	keep := func(by []*relInfo) {
		if q := slices.DeleteFunc(slices.Clone(rels), func(ri *relInfo) bool { return !slices.Contains(by, ri) }); len(q) > 0 {
			rels = q
		}
	}
	keep(r.qualified)
	if last && !sc.wide {
		keep(r.askedQualified)
	}
	return rels
}

// stepEdges returns the edges of one step, the types where they end, the
// guesses made and the confidence factor; first and last say whether it
// is the claim's first step and its last.
func (r *reader) stepEdges(c *claim, sc stepClaim, from []string, first, last bool) ([]state.RelDir, []string, []string, float64) {
	conf := 1.0
	var guesses []string
	rels := sc.rels
	if rels == nil && sc.concept != words.None {
		rels = r.qualifiedOnly(partsNotKinds(r.byTense(r.conceptRels(sc.concept)), sc), sc, last)
		if sc.failure && sc.concept == words.Dependency {
			rels = append(rels, r.failingParts(rels)...)
		}
		if sc.specific != "" {
			var why string
			var f float64
			rels, why, f = r.specificRels(sc, rels)
			conf *= f
			if why != "" {
				guesses = append(guesses, why)
			}
		}
	}
	at := from
	if first {
		at = r.anchorTypes(c)
	}
	if sc.peer {
		ri := r.sameKindRelation(at, false)
		if ri == nil {
			return nil, nil, nil, 0
		}
		rels = []*relInfo{ri}
	}
	if rels == nil && sc.concept == words.None {
		return r.neighbourhoodStep(c)
	}
	edges, ends, named, f := r.edgesOf(sc, rels)
	conf *= f
	guesses = append(guesses, named...)
	if first && sc.rels == nil && sc.specific != "" && c.extent != state.ExtentTransitive {
		if edges, ends, guess, ok := r.soleOtherStep(sc, at, rels, edges); ok {
			return edges, ends, []string{guess}, conf * 0.6
		}
	}
	if kind := r.typeNamed(sc.word); len(edges) == 0 && !sc.verb && sc.rels == nil && kind != "" && len(at) == 1 {
		// "the organisations of the City Council", where no relation of
		// the noun's kind leads from an organisation: the kind's own link.
		if hop, ok := r.kindHop(at[0], kind); ok {
			edges, ends, _, _ = r.edgesOf(hop, hop.rels)
			guesses = append(guesses, fmt.Sprintf("%q read as the %s linked to a %s (%s), as the types allow", sc.word, kind, at[0], joinAnd(state.ChainStep{Edges: edges}.Relations())))
			return edges, ends, guesses, conf * 0.75
		}
	}
	if kind, linked, linkedEnds := r.kindOfWord(sc, at, edges); len(linked) > 0 {
		guesses = append(guesses, fmt.Sprintf("%q read as the %s linked to a %s (%s), as the types allow", sc.word, kind, strings.Join(at, " or "),
			joinAnd(state.ChainStep{Edges: linked}.Relations())))
		return linked, linkedEnds, guesses, conf * 0.75
	}
	return edges, ends, guesses, conf
}

// soleOtherStep reads step sc, whose verb names no relation and whose
// concept's relations rels (walked as edges) never start from the
// anchor's kind at, through the one other relation that does: "Which
// diseases are caused by X?", where no relation is named "cause" and X
// is only ever the object of has_material_basis_in. It returns the
// step's edges, their ends and the guess made, or false.
func (r *reader) soleOtherStep(sc stepClaim, at []string, rels []*relInfo, edges []state.RelDir) ([]state.RelDir, []string, string, bool) {
	if len(at) != 1 || r.asked().Type != "" || r.s.OpenWorld || !r.unnamedUnion(sc) || r.edgesStartAt(edges, at) {
		return nil, nil, "", false // over documents, a kind's relations are only those the extractor found
	}
	sole, answers := r.soleRelationOf(at[0], rels)
	if sole == nil {
		return nil, nil, "", false
	}
	st := stepClaim{concept: words.None, rels: []*relInfo{sole}, answers: answers, word: sc.word}
	edges, ends, _, _ := r.edgesOf(st, st.rels)
	return edges, ends, fmt.Sprintf("no relation is named %q, and no %s relation starts from a %s: read as %s, the only other relation of one", sc.specific, sc.concept, at[0], sole.def.Name), true
}

// unnamedUnion reports whether step sc's verb names no relation of the
// graph, neither of its concept nor of no known kind: the step is read
// as every relation of the concept.
func (r *reader) unnamedUnion(sc stepClaim) bool {
	return len(r.namedRels(sc.concept, sc.specific)) == 0 && len(r.unknownNamed(sc.word)) == 0
}

// edgesStartAt reports whether a walk of one of edges can start from one
// of the types at, as schemaDoubt reads them.
func (r *reader) edgesStartAt(edges []state.RelDir, at []string) bool {
	return slices.ContainsFunc(edges, func(e state.RelDir) bool {
		known, starts := r.edgeStartsAt(e, at)
		return !known || starts
	})
}

// edgeStartsAt reports whether edge e's relation is one of the graph's
// (known) and whether a walk of it can start from one of the types at:
// the types it starts from are not known, or one of them is.
func (r *reader) edgeStartsAt(e state.RelDir, at []string) (known, starts bool) {
	ri := r.relNamed(e.Relation)
	if ri == nil {
		return false, false
	}
	s := ri.starts(e.Direction)
	return true, len(s) == 0 || intersects(s, at)
}

// failingParts returns the containment relations a failure of the
// dependency relations rels reaches: a part plays the dependent's role,
// its whole the dependency's, so a failing whole takes its parts down.
// Only parts of the kinds the dependencies link (nodes of a cluster, not
// the chunks of a document).
func (r *reader) failingParts(rels []*relInfo) []*relInfo {
	var kinds []string
	for _, ri := range rels {
		kinds = append(append(kinds, ri.def.From...), ri.def.To...)
	}
	var out []*relInfo
	for _, ri := range r.rels {
		if ri.concept != words.Containment {
			continue
		}
		parts := ri.def.From
		if ri.subject != words.First {
			parts = ri.def.To
		}
		if len(kinds) == 0 || len(parts) == 0 || intersects(parts, kinds) {
			out = append(out, ri)
		}
	}
	return out
}

// specificRels narrows a concept's relations rels to those the step's
// specific verb names ("what does X call": calls), unless the step is the
// widened one; it returns the relations, the guess made (or "") and the
// confidence factor.
func (r *reader) specificRels(sc stepClaim, rels []*relInfo) ([]*relInfo, string, float64) {
	spec := r.namedRels(sc.concept, sc.specific)
	switch {
	case len(spec) > 0 && !sc.wide:
		return spec, "", 1
	case len(spec) > 0:
		// The graph has the relations the verb names, only not here:
		// the others may mean something else to it.
		return rels, fmt.Sprintf("through %s alone there is no answer: read as every %s relation", joinAnd(relNames(spec)), sc.concept), 0.75
	}
	if unknown := r.unknownNamed(sc.word); len(unknown) > 0 && len(rels) > 0 {
		// "What does alliance S include", where includes is not read as
		// membership: the verb names it all the same.
		return rels, fmt.Sprintf("%s is named %q, and its name does not say it is a %s relation: read as every %s relation", joinAnd(relNames(unknown)), sc.specific, sc.concept, sc.concept), 0.7
	}
	if !kindOfAct(sc.specific) {
		// Not those whose names say what a thing is a kind of (is_a) for
		// a phrase of another act ("make up"), where others remain.
		if other := slices.DeleteFunc(slices.Clone(rels), func(ri *relInfo) bool { return kindOfAct(ri.phrase) }); len(other) > 0 {
			rels = other
		}
	}
	if len(rels) > 0 {
		return rels, fmt.Sprintf("no relation is named %q: read as every %s relation", sc.specific, sc.concept), 0.9
	}
	return rels, "", 1
}

// neighbourhoodStep is the step of no relation word: the shortest schema
// path to the asked type, or the entity's neighbourhood.
func (r *reader) neighbourhoodStep(c *claim) ([]state.RelDir, []string, []string, float64) {
	if a := r.asked(); a.Type != "" {
		if e, ends := r.schemaHop(r.ents[c.anchor].Type, a.Type); len(e) > 0 {
			return e, ends, nil, 1
		}
	}
	var edges []state.RelDir
	for _, ri := range r.rels {
		edges = append(edges, state.RelDir{Relation: ri.def.Name, Direction: graph.Both})
	}
	return edges, nil, nil, 1
}

// edgesOf returns the edges of relations rels walked toward the step's
// answers, the types they end at, the guesses of relations read as
// dependencies from the data's shape, and the confidence factor.
func (r *reader) edgesOf(sc stepClaim, rels []*relInfo) ([]state.RelDir, []string, []string, float64) {
	conf := 1.0
	var edges []state.RelDir
	var ends, guesses []string
	for _, ri := range rels {
		d := ri.toward(sc.answers)
		if sc.concept == words.None && ri.concept == words.None && len(rels) == 1 && sc.answers == 0 {
			d = graph.Out
		}
		edges = append(edges, state.RelDir{Relation: ri.def.Name, Direction: d})
		for _, t := range ri.ends(d) {
			if !slices.Contains(ends, t) {
				ends = append(ends, t)
			}
		}
		if ri.def.Inferred == graph.FromStructure && ri.concept != words.None {
			conf *= 0.6
			guesses = append(guesses, fmt.Sprintf("%s read as %s from the shape of the data (its name does not say)", ri.def.Name, words.ShapeKind(ri.concept)))
		}
	}
	return edges, ends, guesses, conf
}

// bridgeTo returns, for a step named by a relation's own words whose
// edges never start from the types at where the walk is (in a typed
// graph, or in one typed by inference for a list question that does not
// say "directly"), the relations that lead from there, in one hop, to where they
// start: the link the question's preposition leaves to the types
// ("characters from Naboo": Naboo is a planet, characters runs from a
// film to people, and homeworld links people and planets), the step's
// edges turned toward the asked kind where they lead away from it, and a
// guess saying so. Nothing where an edge starts from at either way, or no one
// relation links the types.
func (r *reader) bridgeTo(c *claim, sc stepClaim, at []string, edges []state.RelDir) ([]state.RelDir, []state.RelDir, string) {
	if len(sc.rels) == 0 || len(at) != 1 {
		return nil, nil, ""
	}
	if !r.s.TypesStated() && (c.target >= 0 || c.extent == state.ExtentDirect && c.extentSaid) {
		// Types inferred from the data bridge a list, not a yes or no,
		// nor a question that says "directly".
		return nil, nil, ""
	}
	asked := r.asked().Type
	turned := slices.Clone(edges)
	var starts []string
	for i, e := range edges {
		ri := r.relNamed(e.Relation)
		if ri == nil || slices.Contains(ri.starts(e.Direction), at[0]) || slices.Contains(ri.starts(e.Direction.Reverse()), at[0]) {
			// It starts there, or starts there the other way round
			// ("Who pilots the Millennium Falcon?", where pilots runs
			// from the ship): the types say nothing of a link between.
			return nil, nil, ""
		}
		if asked != "" && !slices.Contains(ri.ends(e.Direction), asked) && slices.Contains(ri.ends(e.Direction.Reverse()), asked) {
			// "What mitigations apply to APT28?": the mitigations are
			// the subjects of mitigates, whichever way the words ran.
			turned[i].Direction = e.Direction.Reverse()
		}
		for _, t := range ri.starts(turned[i].Direction) {
			if !slices.Contains(starts, t) {
				starts = append(starts, t)
			}
		}
	}
	if len(starts) != 1 || starts[0] == at[0] {
		return nil, nil, ""
	}
	bridge := r.linking(at[0], starts[0], 0, nil)
	if rels := (state.ChainStep{Edges: bridge}).Relations(); len(rels) != 1 || words.NamesOtherNames(nameWords(rels[0])) {
		// A naming relation (aka) is the way from a name to its
		// thing, which the planner reads (plan.throughNames).
		return nil, nil, ""
	}
	return bridge, turned, fmt.Sprintf("%s never starts from a %s: reached first through %s, which links a %s and a %s", joinAnd(state.ChainStep{Edges: edges}.Relations()), at[0],
		joinAnd(state.ChainStep{Edges: bridge}.Relations()), at[0], starts[0])
}

// landOn returns, for a first step named by a relation's own words
// whose edges neither start nor end at the types at where the walk is
// (as bridgeTo), the one relation that links those types to where the
// step ends, the types it arrives at and a guess saying so: the noun
// names the kind of the answers, which the link reaches directly ("Which
// circuits are in Italy?", where circuit runs from races to circuits and
// country links circuits to countries: the circuits in Italy, not the
// races run on them). Nothing where the step starts or ends there, the
// step ends at several types, or not one relation links them.
func (r *reader) landOn(c *claim, sc stepClaim, at []string, edges []state.RelDir) ([]state.RelDir, []string, string) {
	if len(sc.rels) == 0 || len(at) != 1 || len(c.steps) != 1 || c.target >= 0 || r.askedAt < 0 || sc.word != r.st.words[r.askedAt] || !r.placedDirectly(r.askedAt) {
		return nil, nil, ""
	}
	if !r.s.TypesStated() && c.extent == state.ExtentDirect && c.extentSaid {
		return nil, nil, ""
	}
	var ends []string
	for _, e := range edges {
		ri := r.relNamed(e.Relation)
		if ri == nil || e.Direction != graph.Out || slices.Contains(ri.starts(e.Direction), at[0]) || slices.Contains(ri.starts(e.Direction.Reverse()), at[0]) {
			// Only a step toward the relation's objects: its noun names
			// them (circuit: the circuits).
			return nil, nil, ""
		}
		for _, t := range ri.ends(e.Direction) {
			if !slices.Contains(ends, t) {
				ends = append(ends, t)
			}
		}
	}
	if len(ends) != 1 {
		return nil, nil, ""
	}
	land := r.linking(at[0], ends[0], 0, nil)
	if rels := (state.ChainStep{Edges: land}).Relations(); len(rels) != 1 || words.NamesOtherNames(nameWords(rels[0])) {
		return nil, nil, ""
	}
	return land, ends, fmt.Sprintf("%s never starts or ends at a %s: %q read as the things it arrives at, linked to a %s by %s", joinAnd(state.ChainStep{Edges: edges}.Relations()),
		at[0], sc.word, at[0], joinAnd(state.ChainStep{Edges: land}.Relations()))
}

// placedDirectly reports whether only forms of be and prepositions
// stand between the asked noun at i and the entity that ends the
// question ("Which circuits are in Italy?"): no noun or verb of a chain
// ("What colours are the cheeses from X?", "Which guests appeared on
// X?"), no verb after the entity ("In which country was X born?").
func (r *reader) placedDirectly(i int) bool {
	w := r.st.words
	for k := i + 1; k < len(w); k++ {
		if e := r.entAt[k]; e >= 0 {
			between := k > i+1
			for k < len(w) && r.entAt[k] == e {
				k++
			}
			return between && k == len(w)
		}
		if !wordsClassOf(w[k]).Has(words.Be | words.Prep) {
			return false
		}
	}
	return false
}

// kindOfWord returns, for a step named by a word that names both a
// relation and a kind of the graph ("Chewbacca's species", where species
// runs from a film to a species, and a species lists its people), whose
// relations never start from the types at where the walk is, that kind
// and the relations that link the types at to it; nothing where the
// types are not stated or the relations start from at.
func (r *reader) kindOfWord(sc stepClaim, at []string, edges []state.RelDir) (string, []state.RelDir, []string) {
	// A relation named by its words, or a noun of a kind of relation
	// ("the School of Science's departments", read as membership).
	named := len(sc.rels) > 0 || !sc.verb && sc.concept != words.None
	if !named || len(edges) == 0 || len(at) != 1 || !r.s.TypesStated() {
		return "", nil, nil
	}
	for _, e := range edges {
		if ri := r.relNamed(e.Relation); ri == nil || slices.Contains(ri.starts(e.Direction), at[0]) {
			return "", nil, nil
		}
	}
	kind := r.typeNamed(sc.word)
	if kind == "" || kind == at[0] {
		return "", nil, nil
	}
	linked := r.linking(at[0], kind, sc.answers, nil)
	if len(linked) == 0 || families(linked) > 2 {
		return "", nil, nil
	}
	return kind, linked, []string{kind}
}

// unknownNamed returns the relations of no known kind that the
// question's words phrase name.
func (r *reader) unknownNamed(phrase string) []*relInfo {
	var out []*relInfo
	for _, h := range r.rhits {
		if h.rel.concept == words.None && !slices.Contains(out, h.rel) && strings.Join(r.st.words[h.start:h.end], " ") == phrase {
			out = append(out, h.rel)
		}
	}
	return out
}

// widened returns the claim with every step whose verb named some of its
// concept's relations ("what does X feed" names FEEDS) widened to all of
// them (SUPPLIED_BY read backwards says the same), or nil when no step
// narrowed: the reading tried when the named relations reach nothing, so
// that "nothing" is never claimed while a relation of the same meaning
// leads somewhere.
func (r *reader) widened(c *claim) *claim {
	var out *claim
	for k, sc := range c.steps {
		specific := sc.specific
		if ri := firstRel(sc.rels); ri != nil && specific == "" && sc.concept != words.None && ri.phrase != "" &&
			ri.nameConcept == sc.concept {
			// A relation named by its own name ("everything X feeds
			// into" for FEEDS) names its act, as a verb does, where its
			// name says its kind (a schema may declare OWNS a
			// dependency: "who owns X" still asks for owners).
			specific = ri.phrase
		} else if sc.rels != nil {
			continue
		}
		if sc.concept == words.None || specific == "" {
			continue
		}
		named := r.namedRels(sc.concept, specific)
		others := 0
		for _, ri := range r.conceptRels(sc.concept) {
			if !slices.Contains(named, ri) {
				others++
			}
		}
		// A question naming an optional relation ("what does X
		// recommend") asks for the weaker kind: the required ones answer
		// another question.
		if len(named) == 0 || others == 0 || slices.ContainsFunc(named, func(ri *relInfo) bool { return ri.def.Optional }) {
			continue
		}
		if out == nil {
			cp := *c
			cp.steps = slices.Clone(c.steps)
			cp.alts = nil
			out = &cp
		}
		out.steps[k].wide = true
		out.steps[k].rels, out.steps[k].specific = nil, specific
	}
	return out
}

// throughParts returns, for a reading that starts from a whole of the
// graph's containment ("what runs on cluster-east", where nodes are part
// of the cluster and services run on the nodes), the same reading walked
// from the things inside it: tried when the whole itself reaches nothing,
// and a guess (never certified). Failure readings walk parts already.
func (r *reader) throughParts(c *claim, rds []Reading) []Reading {
	if len(rds) == 0 || c.steps[0].failure || c.steps[0].concept == words.Containment {
		return nil
	}
	anchor := r.ents[c.anchor]
	var down []state.RelDir
	var names []string
	for _, ri := range r.rels {
		if ri.concept != words.Containment || ri.def.Inferred == graph.FromStructure {
			continue // not a hierarchy guessed from the shape of the data
		}
		// From the whole to the part: the part is the First role.
		d, wholes := graph.In, ri.def.To
		if ri.subject != words.First {
			d, wholes = graph.Out, ri.def.From
		}
		if anchor.Type == "" || len(wholes) == 0 || slices.Contains(wholes, anchor.Type) {
			down = append(down, state.RelDir{Relation: ri.def.Name, Direction: d})
			names = append(names, ri.def.Name)
		}
	}
	if len(down) == 0 {
		return nil
	}
	var out []Reading
	for _, rd := range rds {
		if slices.ContainsFunc(rd.Chain.Steps[0].Edges, func(e state.RelDir) bool { return slices.Contains(names, e.Relation) }) {
			continue // its first step walks containment already (the neighbourhood)
		}
		p := rd
		p.Chain = cloneChain(rd.Chain)
		p.Chain.Steps = append([]state.ChainStep{{Edges: down, Repeat: true}}, p.Chain.Steps...)
		p.Confidence *= 0.75
		p.Chain.Score = p.Confidence
		p.Guesses = append(slices.Clone(rd.Guesses), fmt.Sprintf("%s itself reaches nothing: read as the things inside it (%s)", anchor.Name, joinAnd(names)))
		p.Text = fmt.Sprintf("%s, counting what is inside %s (through %s)", rd.Text, anchor.Name, joinAnd(names))
		out = append(out, p)
	}
	return out
}

// madeOf returns, for a containment step, the graph's dependency
// relations turned the way that walks from parts to wholes as the step
// does (a whole depends on its parts: "frangipane made_from eggs", "eggs
// ingredient_in frangipane"), those rd does not walk already: a bill of
// materials says containment in either kind's words, so "what contains
// eggs" is not answered "nothing" while eggs is an ingredient of something.
func (r *reader) madeOf(sc stepClaim, rd Reading) []state.RelDir {
	if sc.answers == 0 || len(rd.Chain.Steps) == 0 {
		return nil
	}
	// Parts are dependencies (Second), wholes dependents (First).
	answers := sc.answers.Other()
	var out []state.RelDir
	for _, ri := range r.conceptRels(words.Dependency) {
		if e := (state.RelDir{Relation: ri.def.Name, Direction: ri.toward(answers)}); !slices.Contains(rd.Chain.Steps[0].Edges, e) {
			out = append(out, e)
		}
	}
	return out
}

// widerEdges returns the edges of the widened reading's first step that
// rd's first step does not walk (state.Reading.Wider); w is the widened
// claim.
func (r *reader) widerEdges(rd, wide Reading, w *claim) []state.RelDir {
	if len(rd.Chain.Steps) == 0 || len(wide.Chain.Steps) == 0 {
		return nil
	}
	// A one-hop answer is only doubted by relations whose act may be the
	// one the question names: "what does X call" is not answered by the
	// tables it reads.
	named := ""
	if rd.Extent != state.ExtentTransitive {
		if len(rd.Chain.Steps) > 1 || len(w.steps) == 0 {
			return nil
		}
		named = w.steps[0].specific
	}
	var out []state.RelDir
	for _, e := range wide.Chain.Steps[0].Edges {
		if slices.Contains(rd.Chain.Steps[0].Edges, e) {
			continue
		}
		if ri := r.relNamed(e.Relation); named != "" && ri != nil && words.DifferentActs(named, ri.phrase) {
			continue
		}
		out = append(out, e)
	}
	return out
}

func firstRel(rs []*relInfo) *relInfo {
	if len(rs) == 0 {
		return nil
	}
	return rs[0]
}

func relNames(rs []*relInfo) []string {
	out := make([]string, len(rs))
	for i, ri := range rs {
		out[i] = ri.def.Name
	}
	return out
}

// schemaHop returns the edges of the relations that link type from to
// type to directly.
func (r *reader) schemaHop(from, to string) ([]state.RelDir, []string) {
	var edges []state.RelDir
	for _, l := range r.s.LinksBetween([]string{from}, to) {
		edges = append(edges, state.RelDir(l))
	}
	if len(edges) == 0 {
		return nil, nil
	}
	return edges, []string{to}
}

// withAsked applies the asked kind: a filter where the walk can end in it,
// a composition (one more hop into it) where it cannot, or both as two
// readings for the critic to choose between.
func (r *reader) withAsked(c *claim, base Reading, ends []string) []Reading {
	a := r.asked()
	if a.IsZero() || r.usedAsRole(a) || c.target >= 0 {
		base.Asked = Asked{Word: a.Word}
		return []Reading{base}
	}
	if a.byRelation && !words.IsClassifier(a.Word) && slices.Contains(ends, a.Type) {
		// Where the walk can end in the type a relation's name says the
		// kind is, the kind's members of other types would be left out:
		// the answers named like it are kept, as for any other noun.
		a = Asked{Word: a.Word, NameWord: text.Singular(a.Word)}
	}
	base.Asked = a
	classes, reachable := r.askedClasses(a, ends)
	// Back along the last step's own relations only from what a failure
	// reaches ("the images of the services that go down with redis"), and
	// only where the walk cannot end in the asked kind.
	var back []state.RelDir
	if !reachable && (c.impact || c.failed()) {
		back = base.Chain.Steps[len(base.Chain.Steps)-1].Edges
	}
	hop := r.hopInto(c, ends, classes, back)
	composed := r.composedWith(c, base, a, hop, back)
	if a.Type == "" {
		base.Guesses = append(base.Guesses, fmt.Sprintf("%q read as the entities whose names say %q", a.Word, a.NameWord))
		composed.Guesses = base.Guesses
		if len(hop) > 0 && !reachable && !r.knownHop(hop) {
			// A hop the question does not name, through relations of
			// unknown meaning, into a class known only by its members'
			// names ("genes": the entities named *_gene): the walk's
			// answers may be what it asks for, whatever their names
			// ("which genes does TP53 transactivate"). Through ownership
			// ("which teams are affected") or a relation the question
			// names, the hop is the question's.
			composed.Confidence *= 0.7
			composed.Guesses = append(slices.Clip(composed.Guesses), fmt.Sprintf("the walk's answers are not named %q: reached one hop further, which the question does not say", a.NameWord))
		}
	}
	if a.byRelation && composed.SchemaDoubt == "" {
		// Reached one hop further, answers prove the hop, and none proves
		// nothing: things of the kind may be of other types too.
		composed.SchemaDoubt = r.kindByRelationDoubt(a)
	}
	switch {
	case reachable && len(hop) > 0:
		return []Reading{base, composed}
	case reachable:
		return []Reading{base}
	case len(hop) > 0:
		return []Reading{composed}
	}
	base.Confidence *= 0.7
	base.AskedUnreached = true
	base.Guesses = append(base.Guesses, fmt.Sprintf("no relation leads to %s from where the walk ends", a.Word))
	return []Reading{base}
}

// askedClasses returns the types asked kind a stands for (its type, or
// those whose names carry its name word), and whether the walk, ending
// at types ends, can end in one (or a name word no class has: the
// entities so named are kept where the walk reaches any, and the critic
// checks).
func (r *reader) askedClasses(a Asked, ends []string) ([]string, bool) {
	classes := []string{a.Type}
	if a.Type == "" {
		classes = nil
		for _, t := range r.s.Types {
			if slices.Contains(t.NameWords, a.NameWord) {
				classes = append(classes, t.Name)
			}
		}
	}
	reachable := a.Type == "" && len(classes) == 0 || slices.ContainsFunc(classes, func(t string) bool { return slices.Contains(ends, t) })
	return classes, reachable
}

// composedWith returns base with the hop into the asked kind a added
// (base itself where hop is empty), doubted where the hop goes back
// along a relation the walk took (back).
func (r *reader) composedWith(c *claim, base Reading, a Asked, hop, back []state.RelDir) Reading {
	composed := base
	composed.Chain = cloneChain(base.Chain)
	if len(hop) == 0 {
		return composed
	}
	first := &composed.Chain.Steps[0]
	if len(composed.Chain.Steps) == 1 && c.impact {
		// The failing entity's own owners are affected too.
		first.Optional = true
	}
	composed.Chain.Steps = append(composed.Chain.Steps, state.ChainStep{Edges: hop})
	composed.Because = append(append([]string(nil), base.Because...), fmt.Sprintf("%q reached one hop further", a.Word))
	if composed.SchemaDoubt == "" && !r.knownHop(hop) {
		// The hop is the types' guess: answers it reaches prove it, and
		// none proves nothing (state.Reading.SchemaDoubt).
		composed.SchemaDoubt = fmt.Sprintf("%q reached one hop further, through %s, which the question does not name", a.Word, joinAnd(state.ChainStep{Edges: hop}.Relations()))
	}
	if slices.ContainsFunc(hop, func(e state.RelDir) bool { return readcheck.HasRelation(back, e.Relation) }) {
		// Back along a relation the walk took: the question may ask for
		// the walk's own ends, of another kind than the graph's.
		composed.Confidence *= doubtedKind
		composed.Guesses = append(slices.Clip(composed.Guesses), fmt.Sprintf("%q reached back along %s, which the walk took the other way", a.Word, joinAnd(state.ChainStep{Edges: hop}.Relations())))
	}
	return composed
}

// kindByRelationDoubt says why a kind read from a relation's name may
// leave answers out: things of the kind may be of other types too.
func (r *reader) kindByRelationDoubt(a Asked) string {
	if t := r.s.Type(a.Type); t != nil && t.Inferred {
		return fmt.Sprintf("%q read as %s, a type scgraph named after a relation: things of that kind may be of other types too", a.Word, a.Type)
	}
	return fmt.Sprintf("%q read as %s, the kind of a relation's objects its name says: things of that kind may be of other types too", a.Word, a.Type)
}

// knownHop reports whether any relation of hop has a known meaning or is
// named by the question ("which team bakes ...": baked_by).
func (r *reader) knownHop(hop []state.RelDir) bool {
	for _, e := range hop {
		if ri := r.relNamed(e.Relation); ri != nil && ri.concept != words.None {
			return true
		}
		for _, rh := range r.rhits {
			if rh.rel.def.Name == e.Relation {
				return true
			}
		}
	}
	return false
}

// usedAsRole reports whether the asked word is the role noun the claim
// itself reads ("which dependencies does X have").
func (r *reader) usedAsRole(a Asked) bool {
	i := r.askedAt
	return i >= 0 && r.used[i]
}

// doubtedKind is what a reading's confidence is multiplied by where the
// asked kind is reached back along a relation the walk took: below what a
// claim needs.
const doubtedKind = 0.75

// hopInto returns the edges from the types in ends into one of classes:
// the relations of a concept the question names first ("own"), else any.
// The relations of the claim's own steps are no hop, except the other way
// from how the last step walks them, given as back: the images of the
// services a failure reaches are a runs_image hop back from them.
func (r *reader) hopInto(c *claim, ends, classes []string, back []state.RelDir) []state.RelDir {
	named := map[words.Concept]bool{}
	for _, h := range r.hits {
		if h.Kind == words.HitVerb || h.Kind == words.HitNoun {
			named[h.Concept] = true
		}
	}
	own := r.claimRelations(c)
	var preferred, any []state.RelDir
	for _, ri := range r.rels {
		if own[ri.def.Name] && !slices.ContainsFunc(back, func(e state.RelDir) bool { return e.Relation == ri.def.Name && e.Direction != graph.Both }) {
			continue
		}
		for _, t := range classes {
			e, ok := hopEdge(ri, t, ends)
			if !ok || slices.Contains(any, e) || slices.Contains(back, e) {
				continue
			}
			any = append(any, e)
			if named[ri.concept] && ri.concept != c.steps[0].concept {
				preferred = append(preferred, e)
			}
		}
	}
	// A relation the question names ("which airports do the flights
	// depart from": departs_from, not arrives_at) is the hop.
	var byName []state.RelDir
	for _, e := range any {
		if slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.rel.def.Name == e.Relation }) {
			byName = append(byName, e)
		}
	}
	switch {
	case len(byName) > 0:
		return byName
	case len(preferred) > 0:
		return preferred
	}
	return any
}

// claimRelations returns the names of the relations claim c's steps
// walk: those of their concepts, and those they name.
func (r *reader) claimRelations(c *claim) map[string]bool {
	own := map[string]bool{}
	for _, sc := range c.steps {
		for _, ri := range r.rels {
			if ri.concept == sc.concept && sc.concept != words.None {
				own[ri.def.Name] = true
			}
		}
		for _, ri := range sc.rels {
			own[ri.def.Name] = true
		}
	}
	return own
}

// hopEdge returns the edge of ri that leads from the types ends into
// type t, if there is one.
func hopEdge(ri *relInfo, t string, ends []string) (state.RelDir, bool) {
	out := slices.Contains(ri.def.To, t) && intersects(ri.def.From, ends)
	in := slices.Contains(ri.def.From, t) && intersects(ri.def.To, ends)
	if out && in && len(ri.def.From) < len(ri.def.To) {
		// Both ways fit where an end has several types ("deliverable":
		// from a Project to a Deliverable, or to a Project named like
		// one): the way that arrives where the relation only ever
		// starts, the kind alone.
		out = false
	}
	switch {
	case out:
		return state.RelDir{Relation: ri.def.Name, Direction: graph.Out}, true
	case in:
		return state.RelDir{Relation: ri.def.Name, Direction: graph.In}, true
	}
	return state.RelDir{}, false
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}

func cloneChain(c state.Chain) state.Chain {
	out := c
	out.Steps = make([]state.ChainStep, len(c.Steps))
	for i, s := range c.Steps {
		out.Steps[i] = s
		out.Steps[i].Edges = slices.Clone(s.Edges)
	}
	return out
}

// UnsaidClosure is what a reading's text says of a closure taken where
// the question did not say how far.
const UnsaidClosure = ", transitively (the question did not say how far)"

// Through says the relations a reading walks, as its text does: " through
// a, b and c", or " through any of 6 relations" for more than four.
func Through(rels []string) string {
	if len(rels) > 4 {
		return fmt.Sprintf(" through any of %d relations", len(rels))
	}
	return " through " + joinAnd(rels)
}

// describe says a reading in words.
func (r *reader) describe(c *claim, rd Reading) string {
	anchor := r.entityList(rd.Anchor, rd.Also)
	if rd.Common {
		anchor = "each of " + anchor
	}
	var rels, mutual []string
	for _, s := range rd.Chain.Steps[:len(c.steps)] {
		for _, e := range s.Edges {
			if !slices.Contains(rels, e.Relation) {
				rels = append(rels, e.Relation)
				if ri := r.relNamed(e.Relation); ri != nil && ri.mutual && e.Direction == graph.Both {
					mutual = append(mutual, e.Relation)
				}
			}
		}
	}
	through := Through(rels)
	if len(mutual) > 0 {
		through += fmt.Sprintf(" (both ways: %s holds both ways, by its name)", joinAnd(mutual))
	}
	how := ""
	switch {
	case rd.Extent == state.ExtentTransitive && !rd.ExtentSaid && rd.Target < 0:
		how = UnsaidClosure
	case rd.Extent == state.ExtentTransitive:
		how = ", transitively"
	case rd.Extent == state.ExtentDirect && rd.ExtentSaid:
		how = ", directly"
	}
	through = "," + through
	var s string
	if rd.Target >= 0 {
		s = fmt.Sprintf("whether %s reaches %s%s%s", anchor, r.ents[rd.Target].Name, how, through)
	} else if len(c.steps) == 1 {
		s = roleSentence(r.saidAs(c.steps[0], rd.Chain.Steps[0]), rd.Chain.Steps[0], anchor) + how + through
	} else {
		s = severalSteps(c, rd, anchor) + through
	}
	if len(rd.Chain.Steps) > len(c.steps) {
		var hop []string
		for _, e := range rd.Chain.Steps[len(rd.Chain.Steps)-1].Edges {
			hop = append(hop, e.Relation)
		}
		what := "what is"
		if rd.Asked.Word != "" {
			what = "the " + rd.Asked.Word
		}
		s += fmt.Sprintf(", then %s linked to them by %s", what, joinAnd(hop))
	} else if !rd.Asked.IsZero() {
		s += fmt.Sprintf(", keeping the %s", rd.Asked.said())
	}
	return s
}

// saidAs returns the step as its description says it: a noun of a kind
// of relation that came to walk none of that kind's relations ("the
// School of Science's departments", membership, walking part_of as the
// kinds allow) is said as the noun ("the departments of ...").
func (r *reader) saidAs(sc stepClaim, step state.ChainStep) stepClaim {
	if sc.rels != nil || sc.concept == words.None || sc.verb {
		return sc
	}
	for _, name := range step.Relations() {
		if ri := r.relNamed(name); ri != nil && ri.concept == sc.concept {
			return sc
		}
	}
	sc.concept = words.None
	return sc
}

// severalSteps says the steps of a claim of more than one: "X's
// dependencies, then what they depend on", "X's painter, then what
// influenced them", "what X runs on, then what maintains them", "X's
// team's lead".
func severalSteps(c *claim, rd Reading, anchor string) string {
	switch {
	case len(c.steps) == 2 && !c.steps[0].verb && c.steps[1].verb:
		then := fmt.Sprintf("what they %s", c.steps[1].word)
		if c.steps[1].actsOn {
			then = fmt.Sprintf("what %s them", c.steps[1].word)
		}
		return fmt.Sprintf("%s's %s, then %s", anchor, c.steps[0].word, then)
	case c.shared && c.steps[0].verb:
		return fmt.Sprintf("what else %s what %s %s", c.steps[0].word, anchor, c.steps[0].word) // "drove for the same team as X"
	case c.shared:
		return fmt.Sprintf("what else has %s's %s", anchor, c.steps[0].word)
	case c.steps[0].verb:
		s := roleSentence(c.steps[0], rd.Chain.Steps[0], anchor)
		for k := 1; k < len(c.steps); k++ {
			if rd.Chain.Steps[k-1].Repeat {
				s += ", transitively"
			}
			s += ", then " + roleSentence(c.steps[k], rd.Chain.Steps[k], "them")
		}
		return s
	}
	return fmt.Sprintf("%s's %s", anchor, stepWords(c.steps))
}

// roleSentence says one step from the anchor: "everything that depends on
// X", "everything X depends on", "what owns X", "the neighbours of X".
func roleSentence(sc stepClaim, step state.ChainStep, anchor string) string {
	// A specific verb that came to walk one relation ("mount" of
	// dependency, walking mounts) is said as that relation.
	oneNamed := false
	if rels := step.Relations(); sc.specific != "" && len(rels) == 1 {
		name := nameWords(rels[0])
		oneNamed = len(name) > 0 && text.Stem(strings.Fields(sc.specific)[0]) == text.Stem(name[0])
	}
	if (sc.rels != nil || oneNamed) && len(step.Edges) > 0 {
		// A relation named by its own words: said in its storage order,
		// by the active one of a passive pair.
		e := step.Edges[0]
		for _, x := range step.Edges {
			if !passiveName(nameWords(x.Relation)) {
				e = x
				break
			}
		}
		said := strings.Join(nameWords(e.Relation), " ")
		if kindNoun(e.Relation) != "" {
			// A name that is a noun says what the objects are:
			// "Chewbacca's homeworld", "what has Chewbacca as people".
			if n := nameWords(e.Relation); e.Direction == graph.In && len(n) == 2 && words.ClassOf(n[0]).Has(words.Have) {
				return fmt.Sprintf("what has %s as its %s", anchor, n[1]) // has_tag
			}
			if e.Direction == graph.In {
				return fmt.Sprintf("what has %s as %s", anchor, said)
			}
			if anchor == "them" {
				return "their " + said
			}
			return fmt.Sprintf("%s's %s", anchor, said)
		}
		if e.Direction == graph.In {
			return fmt.Sprintf("what %s %s", said, anchor)
		}
		return fmt.Sprintf("what %s %s", anchor, said)
	}
	verb := map[words.Concept]string{words.Dependency: "depends on", words.Ownership: "owns",
		words.Membership: "is a member of", words.Reporting: "reports to", words.Containment: "is part of",
		words.OnCall: "is on call for"}[sc.concept]
	if sc.concept == words.Containment && sc.specific != "" && kindOfAct(sc.specific) && len(step.Relations()) == 1 {
		verb = "is a kind of"
	}
	switch {
	case verb == "" && sc.word == "":
		return "the neighbours of " + anchor
	case verb == "":
		return fmt.Sprintf("the %s of %s", sc.word, anchor)
	case sc.answers == words.First:
		return fmt.Sprintf("everything that %s %s", verb, anchor)
	}
	return fmt.Sprintf("everything %s %s", anchor, verb)
}

func joinAnd(ss []string) string { return text.List(ss, "and") }
