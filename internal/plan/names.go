package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// throughNames starts a chain at what a name names where the plan's
// anchors are only ever other names of things (the objects of relations
// whose names say so, words.NamesOtherNames: "the chord written Δ9" over
// aliases) and the chain's first step cannot start from their kind: the
// chain first walks from the name back to the thing, and the reading
// says so. A chain whose first step walks those relations reads the
// names themselves ("Which birds are known as great tit?").
func throughNames(plan *state.Plan, s *graph.Schema) {
	if len(plan.Anchors) == 0 {
		return
	}
	typ := plan.Anchors[0].Type
	naming := namingRelations(s, typ)
	if len(naming) == 0 || slices.ContainsFunc(plan.Anchors, func(a state.Anchor) bool { return a.Type != typ }) {
		return
	}
	back := state.ChainStep{}
	for _, r := range naming {
		back.Edges = append(back.Edges, state.RelDir{Relation: r, Direction: graph.In})
	}
	var mentions []string
	for _, a := range plan.Anchors {
		mentions = append(mentions, a.Entity)
	}
	names, verb, them := strings.Join(mentions, " and "), "names", "it"
	if len(mentions) > 1 {
		verb, them = "name", "them"
	}
	via := strings.Join(naming, " and ")
	why := fmt.Sprintf("%s read as what %s %s: the graph holds %s as other names (%s)", names, names, verb, them, via)
	longer := false
	for i := range plan.Chains {
		c := &plan.Chains[i]
		if len(c.Steps) == 0 || startsFrom(c.Steps[0], typ, s) || slices.ContainsFunc(c.Steps[0].Edges, func(e state.RelDir) bool { return slices.Contains(naming, e.Relation) }) {
			continue
		}
		c.Steps = append([]state.ChainStep{back}, c.Steps...)
		longer = true
		if i < len(plan.Readings) {
			rd := &plan.Readings[i]
			rd.Because = append(slices.Clip(rd.Because), why)
			rd.Text = fmt.Sprintf("%s, from what %s %s (through %s)", rd.Text, names, verb, via)
			// The reader read the step from the name's kind, not from
			// the named thing's: answers the walk finds prove it, and
			// none proves nothing (state.Reading.SchemaDoubt).
			rd.SchemaDoubt = fmt.Sprintf("%s is read as what %s %s, whose kind the reading did not check", names, names, verb)
		}
	}
	if longer {
		plan.HopBudget++
	}
}

// namingRelations returns the relations that hold other names of things
// whose objects are of type typ, where that is all that type is: of no
// other relation's objects and no relation's subjects.
func namingRelations(s *graph.Schema, typ string) []string {
	if s == nil || typ == "" {
		return nil
	}
	var naming []string
	for _, r := range s.Relations {
		if slices.Contains(r.From, typ) {
			return nil
		}
		if !slices.Contains(r.To, typ) {
			continue
		}
		if !words.NamesOtherNames(words.NameWords(r.Name)) {
			return nil
		}
		naming = append(naming, r.Name)
	}
	return naming
}

// startsFrom reports whether a step can leave an entity of type typ.
func startsFrom(st state.ChainStep, typ string, s *graph.Schema) bool {
	for _, e := range st.Edges {
		r := s.Relation(e.Relation)
		if r == nil {
			return true
		}
		out := slices.Contains(r.From, typ) || len(r.From) == 0
		in := slices.Contains(r.To, typ) || len(r.To) == 0
		if e.Direction == graph.Out && out || e.Direction == graph.In && in || e.Direction == graph.Both && (out || in) {
			return true
		}
	}
	return false
}

// listedDoubts marks each reading that walks, one way, a relation whose
// name says it holds both ways but which the data keeps as lists
// (graph.RelationDef.StoredAsLists: "react related vue", and vue lists
// others): whether "X is related to Y" means X's list or Y's, the name
// does not say, so the reading is a guess.
func listedDoubts(plan *state.Plan, s *graph.Schema) {
	for i := range plan.Readings {
		if i >= len(plan.Chains) {
			break
		}
		var listed []string
		for _, st := range plan.Chains[i].Steps {
			for _, e := range st.Edges {
				d := s.Relation(e.Relation)
				if d != nil && e.Direction != graph.Both && d.StoredAsLists() && words.ReadName(d.Name).Mutual && !slices.Contains(listed, d.Name) {
					listed = append(listed, d.Name)
				}
			}
		}
		if len(listed) == 0 {
			continue
		}
		rd := &plan.Readings[i]
		rd.Confidence = min(rd.Confidence, 0.6)
		rd.Guesses = append(rd.Guesses, fmt.Sprintf("%s is kept as lists, each entity's own, and its name does not say whose list the question means: read one way", strings.Join(listed, " and ")))
	}
}
