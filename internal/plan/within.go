package plan

import (
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// withinWords are the prepositions that put a thing inside a place:
// "born in Brasil", "within Bavaria".
var withinWords = words.Set("within-words")

// throughPlaces reads "in X", where X is a place the graph records other
// places as lying in, as in X or in a place within it: "Which artists
// were born in Brasil?" over born_in (an artist's birth city) and
// country (a city's country) walks <-born_in- from Brasil and from the
// cities whose country is Brasil. The first step of each chain that
// walks into the anchor gets an optional step before it through the one
// relation that names a place (its name says one: country, region,
// located_in) from a kind the step's relation ends at to the anchor's
// kind. The reading says so.
func throughPlaces(question string, plan *state.Plan, s *graph.Schema, ents []linked) {
	if len(plan.Anchors) != 1 || !saysWithin(question, plan.Anchors[0].Entity, ents) {
		return
	}
	typ := plan.Anchors[0].Type
	for i := range plan.Chains {
		c := &plan.Chains[i]
		if len(c.Steps) == 0 || c.Steps[0].Optional || c.Steps[0].Repeat {
			continue
		}
		place, ok := enclosingPlace(s, c.Steps[0], typ)
		if !ok {
			continue
		}
		step := state.ChainStep{Edges: []state.RelDir{{Relation: place, Direction: graph.In}}, Optional: true}
		c.Steps = append([]state.ChainStep{step}, c.Steps...)
		plan.HopBudget++
		if i < len(plan.Readings) {
			rd := &plan.Readings[i]
			why := fmt.Sprintf("%q read as in %s or in a place whose %s is %s", "in "+plan.Anchors[0].Entity, plan.Anchors[0].Entity, place, plan.Anchors[0].Entity)
			rd.Text = fmt.Sprintf("%s, or from a place whose %s is %s", rd.Text, place, plan.Anchors[0].Entity)
			rd.Because = append(slices.Clip(rd.Because), why)
		}
	}
}

// saysWithin reports whether the question puts the anchor's mention
// right after a preposition of being inside ("in the Bronx").
func saysWithin(question, entity string, ents []linked) bool {
	for _, e := range ents {
		if e.anchor.Entity != entity || e.start > len(question) {
			continue
		}
		toks := text.Tokens(question[:e.start])
		for len(toks) > 0 && toks[len(toks)-1] == "the" {
			toks = toks[:len(toks)-1]
		}
		return len(toks) > 0 && withinWords.Has(toks[len(toks)-1])
	}
	return false
}

// enclosingPlace returns the one relation, other than the step's, that
// names a place and leads from a kind the step's relations walk into to
// typ, the anchor's kind: the step walks only into its relations' objects
// (the anchor is where things are, "born in").
func enclosingPlace(s *graph.Schema, st state.ChainStep, typ string) (string, bool) {
	var into []string // the kinds the step's relations end at
	for _, e := range st.Edges {
		r := s.Relation(e.Relation)
		if e.Direction != graph.In || r == nil || len(r.To) == 0 {
			return "", false
		}
		into = append(into, r.To...)
	}
	found := ""
	for _, r := range s.Relations {
		if slices.ContainsFunc(st.Edges, func(e state.RelDir) bool { return e.Relation == r.Name }) ||
			!slices.Contains(r.To, typ) || slices.Contains(r.From, typ) || !slices.ContainsFunc(r.From, func(t string) bool { return slices.Contains(into, t) }) ||
			!namesPlace(r.Name) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = r.Name
	}
	return found, found != ""
}

// namesPlace reports whether a relation's name says a place: a place noun
// (country, region) or a verb of where a thing is (located_in).
func namesPlace(rel string) bool {
	return slices.ContainsFunc(words.NameWords(rel), func(w string) bool {
		return words.IsPlaceNoun(w) || words.IsWhereVerb(w)
	})
}
