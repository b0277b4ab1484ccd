package plan

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/reader"
	"github.com/scgraph/scgraph/internal/reading"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// build turns the linked entities into a plan (see plan) and lists those
// it does not use in Plan.Ignored.
func (p *Rules) build(q string, s *graph.Schema, ents []linked) state.Plan {
	pl := p.plan(q, s, ents)
	pl.Ignored = Ignored(pl, anchorsOf(ents))
	return pl
}

// Mentioned returns every entity a plan knows the question names: its
// anchors, its target entity and the ones it ignored.
func Mentioned(pl state.Plan) []state.Anchor {
	out := append(append([]state.Anchor(nil), pl.Anchors...), pl.Ignored...)
	if pl.Target.Kind == state.TargetEntity {
		out = append(out, state.Anchor{Mention: pl.Target.Mention, Entity: pl.Target.Entity})
	}
	return out
}

// Ignored returns the entities found in the question that a plan uses
// neither as an anchor, as its target nor in a condition on its answers,
// in the given order, each once.
func Ignored(pl state.Plan, found []state.Anchor) []state.Anchor {
	used := map[string]bool{}
	for _, a := range pl.Anchors {
		used[a.Entity] = true
	}
	if pl.Target.Kind == state.TargetEntity {
		used[pl.Target.Entity] = true
	}
	for _, h := range pl.Target.Having {
		used[h.Entity] = true
	}
	var out []state.Anchor
	for _, a := range found {
		if used[a.Entity] {
			continue
		}
		used[a.Entity] = true
		out = append(out, a)
	}
	return out
}

// plan turns the linked entities into a plan: with a learned lexicon
// that proposes chains for the question, those chains; otherwise the
// question reader's readings.
func (p *Rules) plan(q string, s *graph.Schema, ents []linked) state.Plan {
	plan := p.basePlan(ents)
	if len(ents) == 0 {
		plan.Notes = append(plan.Notes, "no entity of the question was found in the graph")
		return plan
	}
	if p.scorer != nil {
		// A learned lexicon ranks whole chains from the question's main
		// entity: the bracketed one, else the longest mention.
		anchor := mainEntity(ents)
		masked := text.MaskSpan(q, anchor.start, anchor.end)
		if chains := p.scorer.Chains(masked, anchor.anchor.Type, s, 3); len(chains) > 0 {
			if len(chains) > p.opts.MaxChains {
				chains = chains[:p.opts.MaxChains]
			}
			plan.Source = state.ByLexicon
			if n, ok := p.scorer.(fmt.Stringer); ok {
				plan.Notes = append(plan.Notes, "chains ranked by "+n.String())
			}
			plan.Anchors = []state.Anchor{anchor.anchor}
			plan.Chains = chains
			plan.HopBudget = maxSteps(chains)
			return plan
		}
	}
	qw := readQuestionWords(q, ents, s, p.graphWords(s))
	pl := p.readPlanBoth(q, qw, s, ents, plan)
	namedFirst(qw, ents, s, &pl)
	return pl
}

// basePlan is the plan before any reading: by rules, asking for a chain,
// with the mentions that are ambiguous and the one chosen for each.
func (p *Rules) basePlan(ents []linked) state.Plan {
	plan := state.Plan{Source: state.ByRules, Target: state.Target{Kind: state.TargetChain}, HopBudget: p.opts.HopBudget}
	for _, e := range ents {
		if len(e.candidates) > 1 {
			var names []string
			for _, c := range e.candidates {
				names = append(names, c.Entity.Name)
			}
			plan.Ambiguities = append(plan.Ambiguities, state.Ambiguity{Mention: e.anchor.Mention, Candidates: names, Chosen: e.anchor.Entity})
			plan.Notes = append(plan.Notes, fmt.Sprintf("%q is ambiguous (%s); chose %s", e.anchor.Mention, strings.Join(names, ", "), e.anchor.Entity))
		}
	}
	return plan
}

// anchorsOf returns the linked entities as anchors.
func anchorsOf(ents []linked) []state.Anchor {
	out := make([]state.Anchor, len(ents))
	for i, e := range ents {
		out[i] = e.anchor
	}
	return out
}

// readPlanBoth reads the question with the rule reader and, where its
// reading is weak (none, the entity's neighbourhood, or too unsure to be
// certified), with the open reader (internal/reader), which reads the
// graph's own relation names and the words of their kinds: the open
// reading is taken where it is not weak itself and surer, or where the
// rule reader found no reading at all and the open one is at least
// placeConfidence sure.
func (p *Rules) readPlanBoth(q string, qw questionWordsOf, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	base := plan
	base.Notes = slices.Clone(plan.Notes)
	rules := p.readPlanRules(q, s, ents, base)
	if !weakPlan(rules) {
		if open, ok := p.explainsMore(q, qw, s, ents, plan, rules); ok {
			return open
		}
		if open, ok := p.knowsKind(q, qw, s, ents, plan, rules); ok {
			return open
		}
		if open, ok := p.walksByTypes(q, qw, s, ents, plan, rules); ok {
			return open
		}
		if open, ok := p.namesOwnRelations(q, qw, s, ents, plan, rules); ok {
			return open
		}
		doubtUnexplained(qw, s, &rules)
		oneHopByName(qw, s, &rules)
		everythingFair(qw, s, &rules)
		thenNamed(qw, s, &rules)
		return rules
	}
	base.Notes = slices.Clone(plan.Notes)
	res := reader.Read(q, readerEntities(ents), s)
	open := p.planFromOpen(q, res, s, ents, base)
	if walksUnnamed(qw, rules) && ownNamesOver(qw, s, ents, rules, res, &open) {
		return open
	}
	// An open plan taken says why, and leaves no word unexplained
	// unremarked.
	takeOpen := func(why string) state.Plan {
		open.Notes = append(open.Notes, "read by the open reader: "+why)
		doubtUnexplained(qw, s, &open)
		if noRelationWord(rules) {
			thenNeighbourhood(&open, rules)
		}
		return open
	}
	if weakPlan(open) {
		// Where the rule reader found no reading, or only the entity's
		// neighbourhood (no relation word), an open reading through
		// relations its words name is taken, uncertain.
		named := len(open.Readings) > 0 && len(open.Readings[0].Because) > 0
		if (unplaced(rules) || noRelationWord(rules) && named) && len(open.Chains) > 0 && len(open.Readings) > 0 && open.Readings[0].Confidence >= placeConfidence {
			return takeOpen(weakWhy(rules))
		}
		if e := conditionOnIgnored(rules, open, ents); e != "" && open.Readings[0].Confidence >= rules.Readings[0].Confidence {
			// "Which members of X are Republican?": the open reader
			// keeps the members linked to Republican, an entity the rule
			// reader's reading leaves out; both unsure.
			return takeOpen("it keeps the answers linked to " + e + ", which the rule reader's reading leaves out")
		}
		if e := conditionForTarget(rules, open); e != "" && open.Readings[0].Confidence >= rules.Readings[0].Confidence {
			// "Which emperors born in Italia were killed by the
			// Praetorian Guard?": not whether Italia reaches the Guard,
			// but the emperors born there and linked to it.
			return takeOpen("it keeps the answers linked to " + e + ", which the rule reader reads as a target to reach")
		}
		if left, ok := explainsWhereRulesDoNot(qw, s, ents, rules, open); ok {
			return takeOpen(fmt.Sprintf("both readings are unsure, and the rule reader's leaves %s unexplained", strings.Join(left, ", ")))
		}
		oneHopByName(qw, s, &rules)
		return rules
	}
	if len(rules.Readings) > 0 && len(open.Readings) > 0 && open.Readings[0].Confidence <= rules.Readings[0].Confidence {
		return rules
	}
	return takeOpen(weakWhy(rules))
}

// explainsWhereRulesDoNot reports, of two unsure plans, whether the open
// one is surer, explains every word and uses every entity where the rule
// reader's leaves words unexplained ("What are the tags of the emoji with
// alias 8ball?": the rule reader walks aliases alone and leaves "tags"),
// and returns the words the rule reader's leaves.
func explainsWhereRulesDoNot(qw questionWordsOf, s *graph.Schema, ents []linked, rules, open state.Plan) ([]string, bool) {
	left := planUnexplained(qw, s, rules)
	if len(left) == 0 || len(open.Readings) == 0 || len(open.Chains) == 0 || len(rules.Readings) == 0 || open.Readings[0].Confidence <= rules.Readings[0].Confidence {
		return nil, false
	}
	return left, len(planUnexplained(qw, s, open)) == 0 && len(Ignored(open, anchorsOf(ents))) == 0
}

// explainsMore returns the open reader's plan where the rule reader's
// sure reading leaves words of the question unexplained and the open
// reading, at least placeConfidence sure, explains every word ("Which
// teams is X an alumnus of?" read as member_of leaves "alumnus"; the open
// reader walks alumni_of). Its answers are given uncertain, as the open
// reader's are.
func (p *Rules) explainsMore(q string, qw questionWordsOf, s *graph.Schema, ents []linked, plan, rules state.Plan) (state.Plan, bool) {
	left := planUnexplained(qw, s, rules)
	if len(left) == 0 {
		return state.Plan{}, false
	}
	base := plan
	base.Notes = slices.Clone(plan.Notes)
	open := p.readPlan(q, s, ents, base)
	if len(open.Chains) == 0 || len(open.Readings) == 0 || open.Readings[0].Confidence < placeConfidence || len(planUnexplained(qw, s, open)) > 0 {
		return state.Plan{}, false
	}
	open.Notes = append(open.Notes, "read by the open reader: the rule reader's reading leaves "+strings.Join(left, ", ")+" unexplained")
	return open, true
}

// namesOwnRelations returns the open reader's plan where the relations it
// walks were all found by their own names and the rule reader's reading
// walks only relations no word of the question names (ownNamesOver).
func (p *Rules) namesOwnRelations(q string, qw questionWordsOf, s *graph.Schema, ents []linked, plan, rules state.Plan) (state.Plan, bool) {
	if !walksUnnamed(qw, rules) {
		return state.Plan{}, false
	}
	res := reader.Read(q, readerEntities(ents), s)
	base := plan
	base.Notes = slices.Clone(plan.Notes)
	open := p.planFromOpen(q, res, s, ents, base)
	return open, ownNamesOver(qw, s, ents, rules, res, &open)
}

// walksUnnamed reports whether the rule reader's reading walks relations
// none of which a word of the question names, read by a concept, not by
// a failure or a likeness ("Is Apple in the IT sector?" over GICS_Sector
// names it).
func walksUnnamed(qw questionWordsOf, rules state.Plan) bool {
	if len(rules.Chains) == 0 || len(rules.Readings) == 0 || rules.Readings[0].Failure || rules.Readings[0].Likened != nil {
		return false
	}
	for r := range rules.Chains[0].Relations() {
		names := relationWords(r)
		if slices.ContainsFunc(qw.toks, func(w string) bool { return !words.FunctionWord(w) && explainedWord(names, w) }) {
			return false
		}
	}
	return true
}

// ownNamesOver reports whether the open reader's reading (res, planned as
// open) walks relations all found by their own names
// (reader.Reading.OwnNames; not a step read from a preposition alone),
// none of them walked by the rule reader's reading, which walksUnnamed:
// "Who are the children of Atlas?" over category, father_of and mother_of
// is containment to the rule reader, category walked; "children" is a kin
// noun of father_of and mother_of, the graph's own words, which win over a
// concept's. Where it does, open says so in a note; its answers stay
// unsure unless it is OpenNamed.
func ownNamesOver(qw questionWordsOf, s *graph.Schema, ents []linked, rules state.Plan, res reader.Result, open *state.Plan) bool {
	if len(res.Readings) == 0 || !res.Readings[0].OwnNames || len(open.Chains) == 0 || len(open.Readings) == 0 || open.Readings[0].ByPreposition ||
		open.Readings[0].Confidence < placeConfidence || len(planUnexplained(qw, s, *open)) > 0 || len(Ignored(*open, anchorsOf(ents))) > 0 {
		return false
	}
	walked := rules.Chains[0].Relations()
	for r := range open.Chains[0].Relations() {
		if walked[r] {
			return false
		}
	}
	open.Notes = append(open.Notes, "read by the open reader: the question's words name the relations it walks, where the rule reader's reading walks one of their kind it does not name")
	return true
}

// walksByTypes returns the open reader's plan where the graph states its
// types, the rule reader's reading cannot be walked by them (a step leaves
// no type its walk reaches: "What attack type does the hero that has Last
// Word use?" read through components, which joins items, from an ability;
// no other chain of the rule reader's walkable either)
// and the open reader's can, at least placeConfidence sure, its words
// naming the relations it walks (not a graph read from documents, whose
// types are the extractor's). Its answers are given uncertain, never
// certified: the types chose the reading.
func (p *Rules) walksByTypes(q string, qw questionWordsOf, s *graph.Schema, ents []linked, plan, rules state.Plan) (state.Plan, bool) {
	walkable := func(pl state.Plan) bool {
		return slices.ContainsFunc(pl.Chains, func(c state.Chain) bool { return walkableByTypes(s, pl.Anchors, c) })
	}
	// The types of a graph read from documents are the extractor's,
	// which the facts' ends need not keep to.
	if !s.TypesStated() || s.OpenWorld || len(rules.Chains) == 0 || len(rules.Anchors) == 0 || walkable(rules) {
		return state.Plan{}, false
	}
	// "Which instructors work in the Gauss Building?": member_of from a
	// building is walked from the places in it (throughPlaces, later).
	placed := rules
	placed.Chains, placed.Readings = slices.Clone(rules.Chains), slices.Clone(rules.Readings)
	if throughPlaces(q, &placed, s, ents); walkable(placed) {
		return state.Plan{}, false
	}
	base := plan
	base.Notes = slices.Clone(plan.Notes)
	open := p.readPlan(q, s, ents, base)
	if len(open.Chains) == 0 || len(open.Readings) == 0 || len(open.Anchors) == 0 || open.Readings[0].Confidence < placeConfidence ||
		len(open.Readings[0].Because) == 0 || !walkableByTypes(s, open.Anchors, open.Chains[0]) || len(Ignored(open, anchorsOf(ents))) > 0 {
		return state.Plan{}, false
	}
	for i := range open.Readings {
		open.Readings[i].OpenNamed = false
	}
	open.Notes = append(open.Notes, "read by the open reader: the graph's types do not let the rule reader's reading be walked ("+rules.Readings[0].Text+")")
	return open, true
}

// walkableByTypes reports whether every step of chain c leaves a type the
// walk from one of the anchors reaches, by the types the schema gives
// each relation's ends.
func walkableByTypes(s *graph.Schema, anchors []state.Anchor, c state.Chain) bool {
	return slices.ContainsFunc(anchors, func(a state.Anchor) bool {
		at := []string{a.Type}
		for _, st := range c.Steps {
			next := typesAfter(s, at, st)
			if len(next) == 0 {
				return false
			}
			if st.Repeat || st.Optional {
				next = append(next, at...)
			}
			at = next
		}
		return true
	})
}

// typesAfter returns the types one step over st's edges reaches from
// entities of the types at.
func typesAfter(s *graph.Schema, at []string, st state.ChainStep) []string {
	var out []string
	for _, e := range st.Edges {
		r := s.Relation(e.Relation)
		if r == nil {
			continue
		}
		has := func(ts []string) bool {
			return slices.ContainsFunc(ts, func(t string) bool { return slices.Contains(at, t) })
		}
		if e.Direction != graph.In && has(r.From) {
			out = append(out, r.To...)
		}
		if e.Direction != graph.Out && has(r.To) {
			out = append(out, r.From...)
		}
	}
	return out
}

// knowsKind returns the open reader's plan where the rule reader reads
// the asked kind only by the words of entities' names (and no type's
// name words hold it) and the open reader as a kind the graph's types
// name ("Which house does X belong to?" over houseName: the objects of
// houseName, not the entities named "... House ..."), its words naming
// every relation it walks, with no doubt. Its answers are given
// uncertain, as the open reader's are.
func (p *Rules) knowsKind(q string, qw questionWordsOf, s *graph.Schema, ents []linked, plan, rules state.Plan) (state.Plan, bool) {
	if rules.Target.Kind != state.TargetType || rules.Target.Type != "" || rules.Target.NameWord == "" || nameWordOfType(s, rules.Target.NameWord) {
		return state.Plan{}, false
	}
	res := reader.Read(q, readerEntities(ents), s)
	if len(res.Readings) == 0 || !res.Readings[0].Asked.Typed {
		return state.Plan{}, false
	}
	base := plan
	base.Notes = slices.Clone(plan.Notes)
	open := p.planFromOpen(q, res, s, ents, base)
	if len(open.Chains) == 0 || len(open.Readings) == 0 || open.Readings[0].Confidence < placeConfidence || open.Target.NameWord != "" || !open.Readings[0].OpenNamed || len(planUnexplained(qw, s, open)) > 0 {
		return state.Plan{}, false
	}
	open.Notes = append(open.Notes, fmt.Sprintf("read by the open reader: it reads %q as a kind the graph's types name, the rule reader by the words of names", rules.Target.NameWord))
	return open, true
}

// nameWordOfType reports whether most entities of some type carry word w
// in their names (graph.TypeDef.NameWords: "cert" of cert www-2024): a
// kind the names say, which the rule reader's filter reads rightly.
func nameWordOfType(s *graph.Schema, w string) bool {
	return slices.ContainsFunc(s.Types, func(t graph.TypeDef) bool { return slices.Contains(t.NameWords, w) })
}

// conditionOnIgnored returns an entity the rule reader's plan leaves out
// that the open reader's plan makes a condition on its answers, or "".
func conditionOnIgnored(rules, open state.Plan, ents []linked) string {
	if len(rules.Readings) == 0 || len(open.Readings) == 0 || len(open.Chains) == 0 {
		return ""
	}
	ignored := Ignored(rules, anchorsOf(ents))
	for _, h := range open.Target.Having {
		if slices.ContainsFunc(ignored, func(a state.Anchor) bool { return a.Entity == h.Entity }) {
			return h.Entity
		}
	}
	return ""
}

// conditionForTarget returns the entity the rule reader's plan reads as
// a target to reach ("whether X reaches Y") that the open reader's plan
// makes a condition on its answers instead, or "", or the rule reader's
// anchor where the open reader walks from the target and makes the
// anchor the condition.
func conditionForTarget(rules, open state.Plan) string {
	if rules.Target.Kind != state.TargetEntity || len(open.Readings) == 0 || len(open.Chains) == 0 {
		return ""
	}
	for _, h := range open.Target.Having {
		if h.Entity == rules.Target.Entity {
			return h.Entity
		}
		// "Which Pirc Defense lines are in ECO B90?": the open reader
		// walks from the rule reader's target (B90) and keeps the
		// answers linked to its anchor (Pirc Defense).
		if slices.ContainsFunc(open.Anchors, func(a state.Anchor) bool { return a.Entity == rules.Target.Entity }) &&
			slices.ContainsFunc(rules.Anchors, func(a state.Anchor) bool { return a.Entity == h.Entity }) {
			return h.Entity
		}
	}
	return ""
}

// thenNeighbourhood adds the rule reader's reading of the entity's
// neighbourhood (no word named a relation) after the open plan's one
// chain, where that is one step read from a preposition alone
// (state.Reading.ByPreposition): where the relations the preposition
// says reach nothing from the anchor ("Which volcanoes are in
// Argentina?" read as region, which Argentina has none of), the walk
// falls back to what the anchor is linked to, uncertain. Not where the
// open reading is sure of its relation ("Who used to be on compiler?":
// alumni_of), and not for a yes or no, which the neighbourhood would
// answer by any link at all.
func thenNeighbourhood(open *state.Plan, rules state.Plan) {
	if len(open.Readings) != 1 || len(open.Chains) != 1 || !open.Readings[0].ByPreposition || open.Readings[0].Confidence >= sureReading ||
		len(rules.Readings) != len(rules.Chains) || open.Target.Kind == state.TargetEntity {
		return
	}
	// Part of an open plan: neither its answers nor a none after it are
	// certified.
	addChains(open, rules.Chains, rules.Readings, func(rd *state.Reading) { rd.Open = true })
}

// addChains appends to pl each of chains it does not have yet, with its
// reading (readings[i] for chains[i]), changed by mark where mark is
// given, and reports whether it added any.
func addChains(pl *state.Plan, chains []state.Chain, readings []state.Reading, mark func(*state.Reading)) bool {
	added := false
	for i, c := range chains {
		if slices.ContainsFunc(pl.Chains, func(o state.Chain) bool { return o.String() == c.String() }) {
			continue
		}
		rd := readings[i]
		if mark != nil {
			mark(&rd)
		}
		pl.Chains, pl.Readings, added = append(pl.Chains, c), append(pl.Readings, rd), true
	}
	return added
}

// weakPlan reports whether a plan's reading cannot be certified as it
// stands: no reading, a reading of no relation word, or one less sure
// than a claim needs.
func weakPlan(pl state.Plan) bool {
	return pl.Unanswerable != "" || len(pl.Readings) == 0 || len(pl.Readings[0].Because) == 0 || pl.Readings[0].Confidence < sureReading
}

// sureReading is the least confidence a reading needs for the critic to
// certify its answers (critic's claimConfidence).
const sureReading = 0.8

// unplaced reports whether the rule reader found no reading at all.
func unplaced(pl state.Plan) bool {
	return pl.Unanswerable != "" || len(pl.Readings) == 0
}

// noRelationWord reports whether the rule reader's reading is the
// entity's neighbourhood: no word of the question named a relation.
func noRelationWord(pl state.Plan) bool {
	return len(pl.Readings) > 0 && len(pl.Readings[0].Because) == 0
}

// placeConfidence is the least confidence at which an open reading too
// unsure to be certified is still taken where the rule reader found no
// reading at all: the answers are given uncertain, with the reading's
// doubts, rather than refused. Below it the open reader's guesses mostly
// answer what the graph cannot (on the testdata and dev sets, of the questions
// the rule reader refused, open readings at 0.5 or more gained 21 exact
// answer sets and lost none; below 0.5 they gained 22 and lost 65, nearly
// all questions whose true answer is that the graph has no such relation).
const placeConfidence = 0.5

// weakWhy says why the rule reader's plan was set aside.
func weakWhy(pl state.Plan) string {
	switch {
	case pl.Unanswerable != "":
		return "the rule reader found no relation (" + pl.Unanswerable + ")"
	case len(pl.Readings) == 0 || len(pl.Readings[0].Because) == 0:
		return "the rule reader found no relation word"
	}
	return fmt.Sprintf("the rule reader's reading was unsure (%.2f)", pl.Readings[0].Confidence)
}

// readPlan makes the plan from the open reader's readings (internal/reader).
func (p *Rules) readPlan(q string, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	return p.planFromOpen(q, reader.Read(q, readerEntities(ents), s), s, ents, plan)
}

// planFromOpen makes the plan from the open reader's result res.
func (p *Rules) planFromOpen(q string, res reader.Result, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	plan.Notes = append(plan.Notes, res.Notes...)
	out := readOut{someone: asksSomeone(q)}
	out.unread = res.Unread
	if len(res.Readings) > 0 {
		top := res.Readings[0]
		out.top = topReading{anchor: top.Anchor, also: top.Also, target: top.Target, direction: top.Direction,
			asked: top.Asked.Type, alsoAsked: top.Asked.Also, nameWord: top.Asked.NameWord, typed: !top.Asked.IsZero() || len(top.Having) > 0,
			extent: top.Extent, extentSaid: top.ExtentSaid}
		for _, h := range top.Having {
			a := ents[h.Ent].anchor
			out.top.having = append(out.top.having, state.Having{Edges: h.Edges, Entity: a.Entity, Mention: a.Mention})
		}
	}
	for _, rd := range res.Readings {
		var guesses []string
		for _, d := range rd.Doubts {
			guesses = append(guesses, d.String())
		}
		c := rd.Checks
		out.chains = append(out.chains, rd.Chain)
		out.readings = append(out.readings, state.Reading{Text: rd.Text, Confidence: round3(rd.Confidence), Open: true, OpenNamed: rd.Named, ByPreposition: rd.ByPreposition, Extent: rd.Extent,
			ExtentSaid: rd.ExtentSaid, Because: rd.Because, Guesses: guesses, Concept: rd.Concept.String(), Unread: c.Unread, UnreadFirst: c.UnreadFirst,
			Delivered: c.Delivered, Wider: c.Wider, Unoriented: c.Unoriented, Mirrored: c.Mirrored, Alike: c.Alike, SchemaDoubt: c.SchemaDoubt})
	}
	return p.fromReadings(s, ents, plan, out)
}

// readerEntities hands the linked entities to the open reader.
func readerEntities(ents []linked) []reader.Entity {
	re := make([]reader.Entity, len(ents))
	for i, e := range ents {
		re[i] = reader.Entity{Start: e.start, End: e.end, Name: e.anchor.Entity, Type: e.anchor.Type, Confidence: e.anchor.Confidence, Others: otherNames(e)}
	}
	return re
}

// readPlanRules makes the plan from the rule reader's readings
// (internal/reading).
func (p *Rules) readPlanRules(q string, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	return p.planFrom(q, reading.Read(q, readingEntities(ents), s), s, ents, plan)
}

// planFrom makes the plan from the rule reader's result.
func (p *Rules) planFrom(q string, res reading.Result, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	plan.Notes = append(plan.Notes, res.Notes...)
	out := readOut{someone: asksSomeone(q)}
	out.unread = res.Unread
	if len(res.Readings) > 0 {
		top := res.Readings[0]
		out.top = topReading{anchor: top.Anchor, also: top.Also, common: top.Common, target: top.Target, direction: top.Direction,
			asked: top.Asked.Type, alsoAsked: top.Asked.Also, nameWord: top.Asked.NameWord, typed: !top.Asked.IsZero(),
			extent: top.Extent, extentSaid: top.ExtentSaid}
	}
	for _, rd := range res.Readings {
		out.chains = append(out.chains, rd.Chain)
		out.readings = append(out.readings, state.Reading{Text: rd.Text, Confidence: round3(rd.Confidence), Extent: rd.Extent,
			ExtentSaid: rd.ExtentSaid, ClosureByDefault: rd.ClosureByDefault, Failure: rd.Failure, Because: rd.Because, Guesses: rd.Guesses, Concept: rd.Concept.String(), Unread: rd.Unread, UnreadFirst: rd.UnreadFirst, Delivered: rd.Delivered, Wider: rd.Wider, Unoriented: rd.Unoriented, Mirrored: rd.Mirrored, Alike: rd.Alike, SchemaDoubt: rd.SchemaDoubt})
	}
	return p.fromReadings(s, ents, plan, out)
}

// nameWordEntity returns, for a plan that keeps the answers named like a
// word no type has ("republicans" where no entity's name carries it, or
// "globular" said with the plural it qualifies),
// the condition that they be linked to the entity of that exact name
// (the party Republican) by the one relation between the walk's ends and
// its kind; ok is false where the word names no entity, or no one
// relation links them. calls counts the store calls made.
func (p *Rules) nameWordEntity(ctx context.Context, question string, s *graph.Schema, pl state.Plan) (state.Having, int, bool) {
	w := pl.Target.NameWord
	if w == "" || len(pl.Chains) == 0 || len(pl.Chains[0].Steps) == 0 {
		return state.Having{}, 0, false
	}
	mentions := []string{w}
	if o, ok := text.OtherSingular(w); ok {
		mentions = append(mentions, o) // "gases": gas, not "gase"
	}
	if noun, ok := nounAfter(question, w); ok {
		// "Which globular clusters are in Aquarius?": the word with
		// the noun it qualifies names the entity (Globular Cluster).
		mentions = append(mentions, w+" "+noun)
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Limit: 2})
	if err != nil {
		return state.Having{}, 1, false
	}
	i := slices.IndexFunc(res, func(ms []graph.Match) bool { return len(ms) == 1 && ms[0].Score >= 1 })
	if i < 0 {
		return state.Having{}, 1, false
	}
	e := res[i][0].Entity
	if e.Type == "" || slices.ContainsFunc(pl.Anchors, func(a state.Anchor) bool { return a.Entity == e.Name }) {
		return state.Having{}, 1, false
	}
	edges := edgesToType(s, pl, e.Type)
	if len(edges) != 1 {
		return state.Having{}, 1, false
	}
	return state.Having{Edges: edges, Entity: e.Name, Mention: w}, 1, true
}

// nounAfter returns the singular of the plural noun the question says
// right after word w ("globular clusters": cluster), if any.
func nounAfter(question, w string) (string, bool) {
	ws := text.Tokens(question)
	i := slices.Index(ws, w)
	if i < 0 || i+1 >= len(ws) || words.FunctionWord(ws[i+1]) {
		return "", false
	}
	one := text.Singular(ws[i+1])
	return one, one != ws[i+1]
}

// edgesToType returns the relations that link where the plan's first
// chain ends to an entity of type typ, each walked from the answer.
func edgesToType(s *graph.Schema, pl state.Plan, typ string) []state.RelDir {
	steps := pl.Chains[0].Steps
	var ends []string
	for _, ed := range steps[len(steps)-1].Edges {
		r := s.Relation(ed.Relation)
		if r == nil {
			continue
		}
		ways := [][2][]string{{r.From, r.To}, {r.To, r.From}}
		switch ed.Direction {
		case graph.Out:
			ways = ways[:1]
		case graph.In:
			ways = ways[1:]
		}
		for _, w := range ways {
			// A one-step chain from an anchor of a known type: only the
			// relations that can start there ("the neighbours of cave"
			// end at what a habitat links to).
			if len(steps) == 1 && len(pl.Anchors) == 1 && pl.Anchors[0].Type != "" && !slices.Contains(w[0], pl.Anchors[0].Type) {
				continue
			}
			ends = append(ends, w[1]...)
		}
	}
	if t := pl.Target; t.Kind == state.TargetType && t.Type != "" && slices.Contains(ends, t.Type) {
		// The answers are of the asked kind: what links it to typ
		// ("Which languages spoken in Georgia are not Kartvelian?":
		// from languages to families, not from the families that also
		// have countries).
		ends = []string{t.Type}
	}
	var edges []state.RelDir
	for _, r := range s.Relations {
		if slices.Contains(r.To, typ) && slices.ContainsFunc(r.From, func(t string) bool { return slices.Contains(ends, t) }) {
			edges = append(edges, state.RelDir{Relation: r.Name, Direction: graph.Out})
		}
		if slices.Contains(r.From, typ) && slices.ContainsFunc(r.To, func(t string) bool { return slices.Contains(ends, t) }) {
			edges = append(edges, state.RelDir{Relation: r.Name, Direction: graph.In})
		}
	}
	return edges
}

// excludes reports whether the question leaves something out, denies or
// offers a choice ("besides Aspirin", "other than X", "but Y does not",
// "either X or Y", not the "or" of "directly or indirectly"): an entity it
// names there is no condition to keep.
func excludes(q string) bool {
	ws := text.Tokens(q)
	for i, w := range ws {
		if words.ClassOf(w).Has(words.Exclusive|words.Neg|words.Negator) || w == "other" && i+1 < len(ws) && ws[i+1] == "than" || w == "or" && !words.InExtentCue(ws, i) || w == "either" {
			return true
		}
	}
	return false
}

// ignoredCondition makes the entity a plan leaves out a condition on its
// answers where a relation links it to where the plan ends: "Which
// cave Pokémon are Ghost type?" walks from cave to its Pokémon and keeps
// those of has_type ghost. Not on a learned lexicon's plan, which ranks
// chains from the main entity alone. One entity left out, of a known type, not the
// plan's own, and at most three relations; a guess, never certified.
func ignoredCondition(q string, s *graph.Schema, pl state.Plan) (state.Having, bool) {
	if pl.Source == state.ByLexicon || len(pl.Ignored) != 1 || len(pl.Chains) == 0 || len(pl.Chains[0].Steps) == 0 || pl.Target.Kind == state.TargetEntity || pl.Unanswerable != "" {
		return state.Having{}, false
	}
	e := pl.Ignored[0]
	without := negatedBefore(q, e.Mention, pl.Anchors)
	if !without && excludes(q) || e.Type == "" || slices.ContainsFunc(pl.Target.Having, func(h state.Having) bool { return h.Entity == e.Entity }) || beforeCollective(q, e.Mention) {
		return state.Having{}, false
	}
	// Where several relations link the kinds, the answers linked to
	// it by any (the entity has facts of one or two of them). From the
	// first chain that can start at its anchor ("goat's milk" read first
	// the way milk never runs from goat, then the other way round).
	for i := range pl.Chains {
		one := pl
		one.Chains = pl.Chains[i : i+1]
		if edges := edgesToType(s, one, e.Type); len(edges) > 0 {
			if len(edges) > 3 {
				break
			}
			return state.Having{Edges: edges, Entity: e.Entity, Mention: e.Mention, Without: without}, true
		}
	}
	return state.Having{}, false
}

// beforeCollective reports whether mention m is followed in q by a
// collective noun ("Which language group does Moose Cree belong to?"):
// the answers are groups of such things, not things linked to the
// entity m names.
func beforeCollective(q, m string) bool {
	at := strings.Index(q, m)
	if at < 0 {
		return false
	}
	for _, w := range text.Words(q) {
		if w.Start >= at+len(m) {
			return words.ClassOf(strings.ToLower(w.Raw)).Has(words.Collective)
		}
	}
	return false
}

// negatedBefore reports whether a negation ("not", "no", "never",
// "without", "n't") stands after the mentions of the plan's anchors and
// before mention m, with no anchor's mention after m: the answers are
// those not linked to m's entity ("Which of France's neighbours do not
// use the euro?", "Which scales with a 4A have no 5P?").
func negatedBefore(q, m string, anchors []state.Anchor) bool {
	at := strings.Index(q, m)
	if at < 0 || len(anchors) == 0 {
		return false
	}
	from := 0
	for _, a := range anchors {
		k := strings.Index(q, a.Mention)
		if k < 0 || k+len(a.Mention) > at {
			return false
		}
		from = max(from, k+len(a.Mention))
	}
	for _, w := range text.Words(q) {
		if w.Start >= from && w.End <= at && negationWord(w.Raw) {
			return true
		}
	}
	return false
}

// setAside makes each entity the plan leaves out whose mention follows
// words that set it aside ("besides nodejs", "except X", "other than X",
// "apart from X"; words.SetsAside) an entity the answers exclude
// (Target.Except), where the plan lists things the walk may reach it
// among. Any other entity set aside (one of a kind the walk does not
// answer, "Who works under dana except the payments team?"; one in a yes
// or no question; one the plan keeps as a condition) is not read, and
// every reading is doubted for it.
func setAside(q string, s *graph.Schema, pl *state.Plan) {
	ws := text.Words(q)
	aside := func(mention string) bool {
		at := strings.Index(q, mention)
		i := slices.IndexFunc(ws, func(w text.Word) bool { return w.Start >= at })
		return at >= 0 && i >= 0 && words.SetsAside(lowerWords(ws[:i]))
	}
	listing := pl.Target.Kind != state.TargetEntity && len(pl.Chains) > 0 && len(pl.Chains[0].Steps) > 0
	ends := readingEnds(s, pl.Chains)
	var unread []string
	kept := pl.Ignored[:0:0]
	for _, e := range pl.Ignored {
		switch {
		case !aside(e.Mention):
			kept = append(kept, e)
		case !listing || e.Type != "" && ends != nil && !slices.Contains(ends, e.Type):
			kept = append(kept, e)
			unread = append(unread, e.Entity)
		default:
			pl.Target.Except = append(pl.Target.Except, e.Entity)
			pl.Notes = append(pl.Notes, fmt.Sprintf("%s set aside: not among the answers", e.Entity))
		}
	}
	pl.Ignored = kept
	for _, h := range pl.Target.Having {
		if !h.Without && h.Mention != "" && aside(h.Mention) {
			unread = append(unread, h.Entity)
		}
	}
	for _, e := range unread {
		for k := range pl.Readings {
			rd := &pl.Readings[k]
			rd.Confidence = min(rd.Confidence, 0.5)
			rd.Guesses = append(rd.Guesses, fmt.Sprintf("the question sets %s aside, which this reading does not read", e))
		}
	}
}

// withoutSetAside returns the question without the phrases that set an
// entity aside ("other than X", "apart from the X", "except X", "besides
// X") and the mentions they name, where another entity is left to read:
// the reading starts from that one, and setAside keeps the entities set
// aside out of the answers. A yes or no question ("Does anything other
// than X depend on Y?") reads both; ok is false where nothing is dropped.
func withoutSetAside(q string, ents []linked) (rest string, aside []linked, ok bool) {
	ws := text.Words(q)
	if len(ws) == 0 || asksYesOrNo([]string{strings.ToLower(ws[0].Raw)}) {
		return q, nil, false
	}
	var cuts [][2]int
	for _, e := range ents {
		i := slices.IndexFunc(ws, func(w text.Word) bool { return w.Start >= e.start })
		start, found := setAsideStart(ws[:max(i, 0)])
		if i <= 0 || !found {
			continue
		}
		aside = append(aside, e)
		cuts = append(cuts, [2]int{start, e.end})
	}
	if len(aside) == 0 || len(aside) == len(ents) {
		return q, nil, false
	}
	var b strings.Builder
	last := 0
	for _, c := range cuts {
		b.WriteString(q[last:c[0]])
		last = c[1]
	}
	b.WriteString(q[last:])
	rest = strings.Join(strings.Fields(b.String()), " ")
	for _, p := range [][2]string{{" ,", ","}, {" ?", "?"}, {",?", "?"}, {",,", ","}} {
		rest = strings.ReplaceAll(rest, p[0], p[1])
	}
	rest = strings.TrimLeft(rest, ", ")
	if rest == "" {
		return q, nil, false
	}
	return strings.ToUpper(rest[:1]) + rest[1:], aside, true
}

// sameValuePlan returns the plan of a question that says "the same <noun>
// as X" where the rule reader, which reads that phrase itself through
// the noun ("the same group as Zirconium"), cannot: the question without
// the phrase, read from X, then walked back to what shares X's value
// (sameAs, sameValue), with the question and mentions it was read as
// (relink links it, as Plan does); not where what is left names no
// relation (the entity's neighbourhood).
func (p *Rules) sameValuePlan(q string, s *graph.Schema, ents []linked, relink func(string) ([]linked, error)) (state.Plan, string, []linked, bool, error) {
	rest, e, ok := sameAs(q, ents)
	if !ok {
		return state.Plan{}, "", nil, false, nil
	}
	if res := reading.Read(q, readingEntities(ents), s); len(res.Readings) > 0 || res.Unmatched == nil || res.Unmatched.Word != "same" {
		return state.Plan{}, "", nil, false, nil
	}
	restEnts, err := relink(rest)
	if err != nil {
		return state.Plan{}, "", nil, false, err
	}
	pl := p.build(rest, s, restEnts)
	if noRelationWord(pl) || !sameValue(&pl, e.anchor.Entity) {
		return state.Plan{}, "", nil, false, nil
	}
	return pl, rest, restEnts, true, nil
}

// setAsideStart returns the byte offset where the set-aside phrase that
// ends the words before a mention starts ("other than", "apart from",
// "except", an article after them), and whether they end in one
// (words.SetsAside).
func setAsideStart(before []text.Word) (int, bool) {
	low := lowerWords(before)
	if !words.SetsAside(low) {
		return 0, false
	}
	n := len(low)
	if words.ClassOf(low[n-1]).Has(words.Article) {
		n--
	}
	if words.ClassOf(low[n-1]).Has(words.SetAside) {
		return before[n-1].Start, true
	}
	return before[n-2].Start, true // "other than", "apart from", "aside from"
}

// stepEnds returns the types a step's walk may end at, as the schema
// says, or nil where a relation's are not known.
func stepEnds(s *graph.Schema, st state.ChainStep) []string {
	var out []string
	for _, e := range st.Edges {
		r := s.Relation(e.Relation)
		if r == nil || len(r.From) == 0 || len(r.To) == 0 {
			return nil
		}
		out = append(out, r.Ends(e.Direction)...)
	}
	return out
}

// readingEnds returns the types the chains' last steps end at, each
// reading's, nil where the ends of one are not known: "Who pilots the
// X-wing other than Luke Skywalker?" sets aside a person the second
// reading (pilots, the other way round) reaches where the first does not.
func readingEnds(s *graph.Schema, chains []state.Chain) []string {
	var out []string
	for _, c := range chains {
		if len(c.Steps) == 0 {
			continue
		}
		ends := stepEnds(s, c.Steps[len(c.Steps)-1])
		if ends == nil {
			return nil
		}
		out = append(out, ends...)
	}
	return out
}

// lowerWords returns the words in lower case.
func lowerWords(ws []text.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(w.Raw)
	}
	return out
}

// byKinds makes the plan of a question neither reader could place, for a
// word of it names no relation of the graph, from the link the schema
// makes between the kind it asks for and its entity's kind
// (reading.ReadByKinds): an answer given uncertain, with its guess, rather
// than none. ok is false where that does not apply either.
func (p *Rules) byKinds(q string, s *graph.Schema, ents []linked) (state.Plan, bool) {
	res := reading.ReadByKinds(q, readingEntities(ents), s)
	if len(res.Readings) == 0 {
		return state.Plan{}, false
	}
	base := p.basePlan(ents)
	pl := p.planFrom(q, res, s, ents, base)
	pl.Ignored = Ignored(pl, anchorsOf(ents))
	return pl, pl.Unanswerable == ""
}

// linkedToBoth makes the plan of a question for a list neither reader
// could place, for a word of it names no relation of the graph, that
// names two entities of known types, as what is linked to both
// ("Which Scandinavian Defense lines are B01?": the lines linked to
// Scandinavian Defense, keeping those linked to B01): the relations the
// first's type has, walked from it, and a condition on the answers, the
// relations between where they end and the second's type. A guess, never
// certified; ok is false where the schema links them no such way.
func (p *Rules) linkedToBoth(q string, s *graph.Schema, ents []linked) (state.Plan, bool) {
	if len(ents) != 2 || ents[0].anchor.Type == "" || ents[1].anchor.Type == "" || ents[0].anchor.Entity == ents[1].anchor.Entity || excludes(q) || !asksWhich(q) {
		return state.Plan{}, false
	}
	if unmatchedOnly(q, s, ents) == nil {
		return state.Plan{}, false
	}
	first, second := ents[0].anchor, ents[1].anchor
	var step state.ChainStep
	for _, r := range s.Relations {
		out, in := slices.Contains(r.From, first.Type), slices.Contains(r.To, first.Type)
		switch {
		case out && in:
			step.Edges = append(step.Edges, state.RelDir{Relation: r.Name, Direction: graph.Both})
		case out:
			step.Edges = append(step.Edges, state.RelDir{Relation: r.Name, Direction: graph.Out})
		case in:
			step.Edges = append(step.Edges, state.RelDir{Relation: r.Name, Direction: graph.In})
		}
	}
	if t := typeAfterWhich(q, s); t != "" {
		// "Which repositories belong to both A and B?": only the
		// relations into the kind asked.
		step.Edges = slices.DeleteFunc(step.Edges, func(e state.RelDir) bool {
			return !slices.Contains(s.Relation(e.Relation).Ends(e.Direction), t)
		})
	}
	if len(step.Edges) == 0 {
		return state.Plan{}, false
	}
	pl := p.basePlan(ents)
	pl.Anchors = []state.Anchor{first}
	pl.Chains = []state.Chain{{Steps: []state.ChainStep{step}, Score: 0.5}}
	edges := edgesToType(s, pl, second.Type)
	if len(edges) == 0 {
		return state.Plan{}, false
	}
	why := fmt.Sprintf("no word names a relation: read as what is linked to both %s and %s", first.Entity, second.Entity)
	pl.Readings = []state.Reading{{Text: fmt.Sprintf("what is linked to %s%s, keeping what is linked to %s%s", first.Entity, reading.Through(step.Relations()), second.Entity, reading.Through(state.ChainStep{Edges: edges}.Relations())),
		Confidence: 0.5, Extent: state.ExtentDirect, Guesses: []string{why}}}
	pl.Target.Having = []state.Having{{Edges: edges, Entity: second.Entity, Mention: second.Mention}}
	pl.HopBudget = 1
	pl.Notes = append(pl.Notes, why)
	pl.RelationHints = step.Relations()
	return pl, true
}

// typeAfterWhich returns the type of one word named right after the
// question's "which" or "what" ("Which repositories ..."), or "".
func typeAfterWhich(q string, s *graph.Schema) string {
	toks := text.Tokens(q)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i] != "which" && toks[i] != "what" {
			continue
		}
		for _, t := range s.Types {
			if tt := text.Tokens(t.Name); len(tt) == 1 && text.SameWord(toks[i+1], tt[0]) {
				return t.Name
			}
		}
		return ""
	}
	return ""
}

// unmatchedOnly returns the word no relation of the graph matches where
// that alone is why the rule reader refused the question, or nil where
// it was refused for another reason (a negation, a comparison) or read.
func unmatchedOnly(q string, s *graph.Schema, ents []linked) *reading.Unmatched {
	res := reading.Read(q, readingEntities(ents), s)
	if len(res.Readings) > 0 {
		return nil
	}
	return res.Unmatched
}

// readingEntities hands the linked entities to the rule reader.
func readingEntities(ents []linked) []reading.Entity {
	re := make([]reading.Entity, len(ents))
	for i, e := range ents {
		re[i] = reading.Entity{Start: e.start, End: e.end, Name: e.anchor.Entity, Type: e.anchor.Type, Confidence: e.anchor.Confidence, Others: otherNames(e)}
	}
	return re
}

// otherNames are the names a linked mention may also mean.
func otherNames(e linked) []string {
	var out []string
	for _, c := range e.candidates {
		if c.Entity.Name != e.anchor.Entity {
			out = append(out, c.Entity.Name)
		}
	}
	return out
}

// readOut is what either reader made of a question, in the plan's terms:
// its best reading's anchors and target, and one chain and reading each.
type readOut struct {
	// someone: the question asks "who" or "whom" (asksSomeone).
	someone  bool
	unread   string
	top      topReading
	chains   []state.Chain
	readings []state.Reading
}

// topReading is the best reading's part of the plan: entities by their
// index among the linked ones (target -1: none).
type topReading struct {
	anchor          int
	also            []int
	common          bool // the answers are those reached from each of anchor and also
	target          int
	direction       state.Intent
	typed           bool // the answers are of an asked kind, or meet conditions
	asked, nameWord string
	alsoAsked       []string // kinds joined to asked ("models and seeds")
	having          []state.Having
	extent          state.Extent
	extentSaid      bool
}

// fromReadings makes the plan from a reader's readings: one chain per
// reading, best first, each with its reading in words, how far it goes,
// how sure it is and what it guessed; or, with none, why the question
// could not be read.
func (p *Rules) fromReadings(s *graph.Schema, ents []linked, plan state.Plan, out readOut) state.Plan {
	if len(out.readings) == 0 {
		plan.Unanswerable = out.unread
		if plan.Unanswerable == "" {
			plan.Unanswerable = "the question could not be read against this graph"
		}
		plan.Anchors = []state.Anchor{ents[0].anchor}
		for _, r := range s.Relations {
			plan.RelationHints = append(plan.RelationHints, r.Name)
		}
		plan.Notes = append(plan.Notes, plan.Unanswerable)
		return plan
	}
	top := out.top
	plan.Anchors = []state.Anchor{ents[top.anchor].anchor}
	common, ok := commonConditions(top, out.chains, firstUnoriented(out.readings), ents)
	if ok {
		// "both Germany and France": walked from the first, keeping
		// what the others reach in the same step; the readings of other
		// chains are left out, the conditions being of that step.
		top.also = nil
		out = sameChains(out)
	}
	for _, a := range top.also {
		if !slices.ContainsFunc(plan.Anchors, func(x state.Anchor) bool { return x.Entity == ents[a].anchor.Entity }) {
			plan.Anchors = append(plan.Anchors, ents[a].anchor)
		}
	}
	plan.Direction = top.direction
	switch {
	case top.target >= 0:
		t := ents[top.target].anchor
		plan.Target = state.Target{Kind: state.TargetEntity, Entity: t.Entity, Mention: t.Mention}
	case top.typed && len(top.having) == 0 && top.asked != "" && namedForKind(s, out.chains, top.asked):
		// "What group does barium belong to?" over group: the relation
		// named for the kind asked gives it, so its ends are kept
		// whatever type their names were given most often (2, a Group
		// and a Period in the data, is one entity of one type).
		plan.Target = state.Target{Kind: state.TargetChain}
	case top.typed:
		plan.Target = state.Target{Kind: state.TargetType, Type: top.asked, Types: top.alsoAsked, NameWord: top.nameWord}
	case top.extent == state.ExtentTransitive:
		plan.Target = state.Target{Kind: state.TargetClosure}
	}
	plan.Target.Having = append(slices.Clip(top.having), common...)
	if out.someone && someoneMatters(plan.Target, out.readings[0]) {
		plan.Target.Someone = someoneTypes(s)
	}
	plan.HopBudget = 1
	for i, c := range out.chains {
		plan.Chains = append(plan.Chains, c)
		plan.Readings = append(plan.Readings, out.readings[i])
		hops := len(c.Steps)
		if !c.Fixed() {
			hops = p.opts.ClosureHops
		}
		plan.HopBudget = max(plan.HopBudget, hops)
		for _, r := range c.Steps[0].Edges {
			if !slices.Contains(plan.RelationHints, r.Relation) {
				plan.RelationHints = append(plan.RelationHints, r.Relation)
			}
		}
	}
	if top.target >= 0 && !(top.extent == state.ExtentDirect && top.extentSaid) {
		// "Does X depend on Y?" looks as far as the budget allows;
		// "directly" no further than the chain.
		plan.HopBudget = p.opts.HopBudget
	}
	return plan
}

// commonConditions returns, for a reading of what its entities have in
// common (top.common) whose first chain is one step walked from the
// anchor, the conditions that the answers be reached from each other
// entity by that step too: the step's relations walked back from the
// answer, either way where the words do not say which way they run
// (unoriented). ok is false for any other reading, whose entities are walked
// from each, as before.
func commonConditions(top topReading, chains []state.Chain, unoriented []state.RelDir, ents []linked) ([]state.Having, bool) {
	if !top.common || len(top.also) == 0 || len(chains) == 0 {
		return nil, false
	}
	step := chains[0].Steps
	if len(step) != 1 || !chains[0].Fixed() {
		return nil, false
	}
	back := make([]state.RelDir, len(step[0].Edges))
	for i, e := range step[0].Edges {
		back[i] = e.Reversed()
		if slices.ContainsFunc(unoriented, func(u state.RelDir) bool { return u.Relation == e.Relation }) {
			// The words do not say which way it runs: either way.
			back[i].Direction = graph.Both
		}
	}
	out := make([]state.Having, len(top.also))
	for i, a := range top.also {
		out[i] = state.Having{Edges: back, Entity: ents[a].anchor.Entity, Mention: ents[a].anchor.Mention}
	}
	return out, true
}

// firstUnoriented returns the first reading's relations read without an
// orientation (state.Reading.Unoriented), if any.
func firstUnoriented(rs []state.Reading) []state.RelDir {
	if len(rs) == 0 {
		return nil
	}
	return rs[0].Unoriented
}

// sameChains keeps the readings whose chain is the first's.
func sameChains(out readOut) readOut {
	first := out.chains[0]
	var chains []state.Chain
	var readings []state.Reading
	for i, c := range out.chains {
		if len(c.Steps) == len(first.Steps) && slices.EqualFunc(c.Steps, first.Steps, func(a, b state.ChainStep) bool { return a.Repeat == b.Repeat && slices.Equal(a.Edges, b.Edges) }) {
			chains, readings = append(chains, c), append(readings, out.readings[i])
		}
	}
	out.chains, out.readings = chains, readings
	return out
}

// askedRelation reads a question for a kind the graph has a relation of
// that name for, from its entity's kind, asked with a verb of a broad kind
// ("Which family does the genus Tyto belong to?" over Family, genus to
// family; "What group does barium belong to?"), as that relation, before
// the readings of the verb's kind: the kind asked names it. Only for a
// reading of containment, membership or no kind that does not walk it
// already.
func askedRelation(pl *state.Plan, s *graph.Schema) {
	t := pl.Target
	if t.Kind != state.TargetType || len(t.Having) > 0 || len(pl.Anchors) != 1 || pl.Anchors[0].Type == "" ||
		len(pl.Readings) == 0 || len(pl.Chains) == 0 {
		return
	}
	switch pl.Readings[0].Concept {
	case "", words.Containment.String(), words.Membership.String():
	default:
		return
	}
	if t.Type == "" {
		askedRelationByWord(pl, s)
		return
	}
	from := pl.Anchors[0].Type
	for _, r := range s.Relations {
		if text.Key(r.Name) != text.Key(t.Type) || pl.Chains[0].Relations()[r.Name] {
			continue
		}
		var d graph.Direction
		switch {
		case slices.Contains(r.From, from) && slices.Contains(r.To, t.Type):
			d = graph.Out
		case slices.Contains(r.To, from) && slices.Contains(r.From, t.Type):
			d = graph.In
		default:
			if steps, ok := typePath(s, from, r, t.Type); ok {
				// "Which order does the Great Horned Owl belong to?":
				// Order links a family to its order; the species gets
				// there through its genus and family, the one way the
				// types allow. The hops before are the types' guess.
				rd := state.Reading{Text: fmt.Sprintf("the %s of %s, through %s", t.Type, pl.Anchors[0].Entity, state.Chain{Steps: steps}.String()), Confidence: doubtedConfidence, Extent: state.ExtentFixed,
					Because: []string{fmt.Sprintf("%q names %s, which links to a %s", t.Type, r.Name, t.Type)},
					Guesses: []string{fmt.Sprintf("%s reaches %s from its kind (%s) through %s no word names, the one way the types allow", pl.Anchors[0].Entity, r.Name, from, countedRelations(len(steps)-1))}}
				pl.Chains = append([]state.Chain{{Steps: steps, Score: doubtedConfidence}}, pl.Chains...)
				pl.Readings = append([]state.Reading{rd}, pl.Readings...)
				pl.HopBudget = max(pl.HopBudget, len(steps))
				return
			}
			continue
		}
		rd := state.Reading{Text: fmt.Sprintf("the %s of %s, through %s", t.Type, pl.Anchors[0].Entity, r.Name), Confidence: 1, Extent: state.ExtentDirect,
			Because: []string{fmt.Sprintf("%q names %s, which links a %s to a %s", t.Type, r.Name, from, t.Type)}}
		pl.Chains = append([]state.Chain{{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: r.Name, Direction: d}}}}, Score: 1}}, pl.Chains...)
		pl.Readings = append([]state.Reading{rd}, pl.Readings...)
		return
	}
}

// askedRelationByWord is askedRelation for a kind no type of the graph
// names (the answers were to be named with the word): where a relation
// named by the word itself (not "eats" for "eat") starts from the
// entity's kind ("Which family does Sicilian Defense: Dragon Variation
// belong to?" over family, in a graph with no types), the entity's facts
// of that relation, which need not be named with the word, are read
// first. Only where the reading is one step: a question that walks
// elsewhere first says so.
func askedRelationByWord(pl *state.Plan, s *graph.Schema) {
	w, from := pl.Target.NameWord, pl.Anchors[0].Type
	if w == "" || len(pl.Chains[0].Steps) != 1 {
		return // "the judge of the court that decided X": a step before it
	}
	for _, r := range s.Relations {
		if text.Key(r.Name) != text.Key(w) || !slices.Contains(r.From, from) || pl.Chains[0].Relations()[r.Name] {
			continue
		}
		rd := state.Reading{Text: fmt.Sprintf("the %s of %s, through %s", w, pl.Anchors[0].Entity, r.Name), Confidence: 1, Extent: state.ExtentDirect,
			Because: []string{fmt.Sprintf("%q names %s, which starts from a %s", w, r.Name, from)}}
		pl.Target.NameWord = ""
		pl.Chains = append([]state.Chain{{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: r.Name, Direction: graph.Out}}}}, Score: 1}}, pl.Chains...)
		pl.Readings = append([]state.Reading{rd}, pl.Readings...)
		return
	}
}

// countedRelations says n relations in words ("a relation", "2
// relations").
func countedRelations(n int) string {
	if n == 1 {
		return "a relation"
	}
	return fmt.Sprintf("%d relations", n)
}

// typePath returns the steps from type from to type to whose last walks
// relation last forward, one relation a step: the only path of two or
// three steps the schema's types allow, through types not met before
// ("species" to "order" through genus, Family and Order), and whether
// there is exactly one. Relations walked forward are tried first; then,
// where none leads there, walked either way (a scientific name back to its
// species first).
func typePath(s *graph.Schema, from string, last graph.RelationDef, to string) ([]state.ChainStep, bool) {
	if !slices.Contains(last.To, to) {
		return nil, false
	}
	for _, ways := range [][]graph.Direction{{graph.Out}, {graph.Out, graph.In}} {
		if found := typePaths(s, from, last, ways); len(found) > 0 {
			return found[0], len(found) == 1
		}
	}
	return nil, false
}

// typePaths returns up to two paths of typePath's, walking relations in
// the directions ways.
func typePaths(s *graph.Schema, from string, last graph.RelationDef, ways []graph.Direction) [][]state.ChainStep {
	var found [][]state.ChainStep
	var walk func(at string, path []state.ChainStep, seen []string)
	walk = func(at string, path []state.ChainStep, seen []string) {
		if len(found) > 1 || len(path) > 2 {
			return
		}
		if slices.Contains(last.From, at) && len(path) > 0 {
			found = append(found, append(slices.Clone(path), state.ChainStep{Edges: []state.RelDir{{Relation: last.Name, Direction: graph.Out}}}))
			return
		}
		for _, r := range s.Relations {
			if r.Name == last.Name {
				continue
			}
			for _, d := range ways {
				here, there := r.From, r.To
				if d == graph.In {
					here, there = r.To, r.From
				}
				if !slices.Contains(here, at) {
					continue
				}
				for _, next := range there {
					if !slices.Contains(seen, next) {
						walk(next, append(slices.Clip(path), state.ChainStep{Edges: []state.RelDir{{Relation: r.Name, Direction: d}}}), append(slices.Clip(seen), next))
					}
				}
			}
		}
	}
	walk(from, nil, []string{from})
	return found
}

// namedForKind reports whether every chain's last step walks only
// relations named as type t is (group and Group).
func namedForKind(s *graph.Schema, chains []state.Chain, t string) bool {
	for _, c := range chains {
		if len(c.Steps) == 0 || !c.Fixed() {
			return false
		}
		for _, e := range c.Steps[len(c.Steps)-1].Edges {
			if r := s.Relation(e.Relation); r == nil || text.Key(r.Name) != text.Key(t) {
				return false
			}
		}
	}
	return len(chains) > 0
}

// mainEntity picks the question's main entity: the best linked (a
// bracketed mention, then exact, normalized, alias, partial, fuzzy), then
// the longest mention, then the first.
func mainEntity(ents []linked) linked {
	rank := func(l linked) int {
		if l.anchor.Method == graph.MatchBracket {
			return -1
		}
		return methodRank(l.anchor.Method)
	}
	best := ents[0]
	for _, e := range ents[1:] {
		re, rb := rank(e), rank(best)
		if re < rb || (re == rb && e.end-e.start > best.end-best.start) {
			best = e
		}
	}
	return best
}

func maxSteps(cs []state.Chain) int {
	n := 1
	for _, c := range cs {
		if len(c.Steps) > n {
			n = len(c.Steps)
		}
	}
	return n
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
