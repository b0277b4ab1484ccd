package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// choice reads a yes-or-no question that offers entities of one kind
// joined by "or" ("Is Sam Graves a Democrat or a Republican?", "Does
// checkout call payments or ledger?") as asking which of them its other
// entities are linked to: the walk starts from the others alone, and only
// the entities offered answer (Target.Among). Of the chains of the
// question read with its first offer alone, it keeps those whose
// relations can start at the others' kinds and end at the offered kind,
// by the schema. ok is false where the question offers no such choice or
// no chain fits it.
func (p *Rules) choice(q string, s *graph.Schema, ents []linked) (state.Plan, bool) {
	if !asksYesOrNo(text.Tokens(q)) {
		return state.Plan{}, false
	}
	offered, ok := offeredChoice(q, ents)
	if !ok || len(offered) == len(ents) {
		return state.Plan{}, false
	}
	kind := offered[0].anchor.Type
	var from []state.Anchor
	var among []string
	for _, e := range ents {
		if slices.ContainsFunc(offered, func(o linked) bool { return o.anchor.Entity == e.anchor.Entity }) {
			among = append(among, e.anchor.Entity)
		} else {
			from = append(from, e.anchor)
		}
	}
	// Read as the yes-or-no question of the first offered alone ("Does
	// Sam Graves represent Missouri?"), the reader finds the relation
	// asked with nothing left over to doubt it for.
	q1, asked := firstOffered(q, ents, offered)
	pl := p.build(q1, s, asked)
	var chains []state.Chain
	var readings []state.Reading
	byKinds, byKindsRd, kindsLink := choiceByKinds(s, from, kind)
	for k, c := range pl.Chains {
		if kindsLink && byKindsRd.Confidence >= sureReading && (k >= len(pl.Readings) || pl.Readings[k].Confidence < sureReading) {
			// Where the words left the reading unsure, the one relation
			// between the kinds answers the choice.
			continue
		}
		if len(c.Steps) == 0 || !chainFits(s, c, from, kind) {
			continue
		}
		chains = append(chains, c)
		if k < len(pl.Readings) {
			rd := pl.Readings[k]
			rd.Text = choiceText(among, from, c)
			rd.SchemaDoubt = ""
			// Relations that cannot reach the kind offered answer nothing
			// the choice keeps.
			rd.Unread = slices.DeleteFunc(slices.Clone(rd.Unread), func(n string) bool { return !reaches(s, n, kind) })
			rd.UnreadFirst = slices.DeleteFunc(slices.Clone(rd.UnreadFirst), func(n string) bool { return !reaches(s, n, kind) })
			rd.Because = append(slices.Clip(rd.Because), fmt.Sprintf("%s offered as a choice", text.List(among, "or")))
			readings = append(readings, rd)
		}
	}
	if len(chains) == 0 {
		if !kindsLink {
			return state.Plan{}, false
		}
		byKindsRd.Text = choiceText(among, from, byKinds)
		chains, readings = []state.Chain{byKinds}, []state.Reading{byKindsRd}
	}
	pl.Anchors, pl.Chains, pl.Readings, pl.Unanswerable = from, chains, readings, ""
	pl.HopBudget = max(pl.HopBudget, len(chains[0].Steps))
	pl.Target = state.Target{Kind: state.TargetType, Type: kind, Among: among}
	pl.Notes = append(pl.Notes, fmt.Sprintf("read as a choice: which of %s", text.List(among, "or")))
	return pl, true
}

// firstOffered returns the question with the choice cut to its first
// entity offered, and the entities it names then.
func firstOffered(q string, ents []linked, offered []linked) (string, []linked) {
	from, to := offered[0].end, offered[len(offered)-1].end
	var out []linked
	for _, e := range ents {
		switch {
		case e.start >= to:
			e.start, e.end = e.start-(to-from), e.end-(to-from)
		case e.start >= from:
			continue
		}
		out = append(out, e)
	}
	return q[:from] + q[to:], out
}

// choiceByKinds makes the one-step chain of a choice whose words name no
// relation the plan could walk: the relations the schema has between the
// kinds of from and the offered kind. Where one relation links them, a
// link by it answers the choice and the reading is sure; where several
// do, it is a guess. ok is false where the schema links them no way.
func choiceByKinds(s *graph.Schema, from []state.Anchor, kind string) (state.Chain, state.Reading, bool) {
	var step state.ChainStep
	var types []string
	for _, a := range from {
		types = append(types, a.Type)
	}
	for _, l := range s.LinksBetween(types, kind) {
		step.Edges = append(step.Edges, state.RelDir(l))
	}
	switch len(step.Edges) {
	case 0:
		return state.Chain{}, state.Reading{}, false
	case 1:
		why := fmt.Sprintf("no word names the relation: %s is the one relation between a %s and a %s", step.Edges[0].Relation, from[0].Type, kind)
		return state.Chain{Steps: []state.ChainStep{step}, Score: 1}, state.Reading{Confidence: sureReading, Extent: state.ExtentDirect, Because: []string{why}}, true
	}
	why := fmt.Sprintf("no word names the relation: read as any of %s, the relations between a %s and a %s", strings.Join(step.Relations(), ", "), from[0].Type, kind)
	return state.Chain{Steps: []state.ChainStep{step}, Score: 0.5}, state.Reading{Confidence: 0.6, Extent: state.ExtentDirect, Guesses: []string{why}}, true
}

// choiceText says a choice's reading: which of the offered the others
// are linked to, by the chain's relations.
func choiceText(among []string, from []state.Anchor, c state.Chain) string {
	var steps []string
	for _, st := range c.Steps {
		steps = append(steps, text.List(st.Relations(), "or"))
	}
	return fmt.Sprintf("which of %s is linked to %s, through %s", text.List(among, "or"), text.List(anchorNames(from), "and"), strings.Join(steps, " then "))
}

// offeredChoice returns the entities the question offers as a choice: two
// or more mentions in a row, of one known kind, joined only by commas,
// articles and at least one "or" ("a Democrat or a Republican", "A, B or
// C").
func offeredChoice(q string, ents []linked) ([]linked, bool) {
	for i := 0; i+1 < len(ents); i++ {
		run, or := []linked{ents[i]}, false
		for j := i + 1; j < len(ents); j++ {
			joined, hasOr := joinedAsChoice(q[ents[j-1].end:ents[j].start], ents[i].anchor.Type)
			if !joined || ents[j].anchor.Type == "" || ents[j].anchor.Type != ents[i].anchor.Type {
				break
			}
			run, or = append(run, ents[j]), or || hasOr
		}
		if len(run) > 1 && or {
			return run, true
		}
	}
	return nil, false
}

// joinedAsChoice reports whether the words between two mentions of kind
// join them in a choice (only commas, articles, "or" and the kind's own
// noun: "the Green party or the Blue party"), and whether "or" is one.
func joinedAsChoice(between, kind string) (joined, or bool) {
	ws := text.Tokens(between)
	if len(ws) == 0 && strings.TrimSpace(between) != "," {
		return false, false
	}
	for _, w := range ws {
		switch w {
		case "or":
			or = true
		case "a", "an", "the", "either":
		default:
			if slices.Contains(words.NameWords(kind), text.Singular(w)) {
				continue
			}
			return false, false
		}
	}
	return true, or
}

// chainFits reports whether chain c can start at the kind of one of from
// and end at kind (any, where kind is ""), where the schema knows its
// relations' ends.
func chainFits(s *graph.Schema, c state.Chain, from []state.Anchor, kind string) bool {
	first, last := c.Steps[0], c.Steps[len(c.Steps)-1]
	starts := slices.ContainsFunc(first.Edges, func(e state.RelDir) bool {
		r := s.Relation(e.Relation)
		return r == nil || len(r.Starts(e.Direction)) == 0 ||
			slices.ContainsFunc(from, func(a state.Anchor) bool { return slices.Contains(r.Starts(e.Direction), a.Type) })
	})
	ends := slices.ContainsFunc(last.Edges, func(e state.RelDir) bool {
		r := s.Relation(e.Relation)
		return kind == "" || r == nil || len(r.Ends(e.Direction)) == 0 || slices.Contains(r.Ends(e.Direction), kind)
	})
	return starts && ends
}

// reaches reports whether relation name can end at an entity of kind, as
// far as the schema knows.
func reaches(s *graph.Schema, name, kind string) bool {
	r := s.Relation(name)
	return r == nil || len(r.From) == 0 || len(r.To) == 0 || slices.Contains(r.From, kind) || slices.Contains(r.To, kind)
}

// anchorNames returns the anchors' entity names.
func anchorNames(as []state.Anchor) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Entity
	}
	return out
}

// mixedAnchors doubts each reading whose first step, by the schema's
// stated types, can start from some of the plan's anchors and not from
// the others ("Is Sam Graves a Democrat or a Republican?" walked from all
// three through party): answers found from the first prove nothing of
// the others, which the question asks something else of.
func mixedAnchors(pl *state.Plan, s *graph.Schema) {
	if len(pl.Anchors) < 2 || !s.TypesStated() {
		return
	}
	for k := range min(len(pl.Chains), len(pl.Readings)) {
		c := pl.Chains[k]
		if len(c.Steps) == 0 {
			continue
		}
		var cannot []string
		for _, a := range pl.Anchors {
			if a.Type != "" && !chainFits(s, state.Chain{Steps: c.Steps[:1]}, []state.Anchor{a}, "") {
				cannot = append(cannot, fmt.Sprintf("%s (a %s)", a.Entity, a.Type))
			}
		}
		if len(cannot) == 0 || len(cannot) == len(pl.Anchors) {
			continue
		}
		rd := &pl.Readings[k]
		rd.Confidence = min(rd.Confidence, 0.5)
		rd.Guesses = append(slices.Clip(rd.Guesses), fmt.Sprintf("%s cannot start %s, so the question may ask something else of %s", text.List(cannot, "and"), text.List(c.Steps[0].Relations(), "or"), text.List(cannot, "and")))
	}
}
