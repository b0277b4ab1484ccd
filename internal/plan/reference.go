package plan

import (
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// byReference makes the plan of a list question neither reader could
// place, for its verb names no relation of the graph, where the entity's
// kind is referred to by one relation only: "Which trips belong to RAMAL
// A?" over a timetable whose trips name their route in route_id, "Which
// trips use the weekdays service?" over service_id. Exports key a thing's
// links to others by fields, so the things a verb puts before the entity
// ("which trips ... RAMAL A") are, where one relation comes into its kind,
// those that name it there. A guess, never certified; not for yes/no
// questions, exclusions or comparisons, nor where the entity is the
// verb's subject ("What does X list?").
func (p *Rules) byReference(q string, s *graph.Schema, ents []linked) (state.Plan, bool) {
	if len(ents) != 1 || ents[0].anchor.Type == "" || excludes(q) || !asksWhich(q) || subjectEntity(q, ents[0]) {
		return state.Plan{}, false
	}
	unmatched := unmatchedOnly(q, s, ents)
	if unmatched == nil {
		return state.Plan{}, false
	}
	a := ents[0].anchor
	var in []*graph.RelationDef
	for i, r := range s.Relations {
		if slices.Contains(r.To, a.Type) {
			in = append(in, &s.Relations[i])
		}
	}
	if len(in) != 1 || !mayReferTo(in[0], unmatched.Concept) {
		return state.Plan{}, false
	}
	step := state.ChainStep{Edges: []state.RelDir{{Relation: in[0].Name, Direction: graph.In}}}
	pl := p.basePlan(ents)
	pl.Anchors = []state.Anchor{a}
	pl.Chains = []state.Chain{{Steps: []state.ChainStep{step}, Score: 0.5}}
	why := fmt.Sprintf("no relation of this graph is named by the question's verb: read as what refers to %s by %s, the one relation that comes into a %s", a.Entity, in[0].Name, a.Type)
	pl.Readings = []state.Reading{{Text: fmt.Sprintf("what has %s as %s", a.Entity, in[0].Name), Confidence: 0.5, Extent: state.ExtentDirect, Guesses: []string{why}}}
	pl.HopBudget = 1
	pl.Notes = append(pl.Notes, why)
	pl.RelationHints = step.Relations()
	return pl, true
}

// mayReferTo reports whether relation r may be what the question's verb,
// of concept c (None: a word the lexicon does not know), means: a field
// that refers to its object (route_id, service_id), for a verb of
// belonging, using or owning, or one the lexicon does not know; or a
// relation of c's kind. Not a relation of another kind ("Who is on call for payments?"
// over member_of), nor one of a known kind for a word the lexicon does
// not know ("Who defeats the Health Potion?" over crafted_from), nor one
// named for an act of its own ("Who voiced X?" over given_by).
func mayReferTo(r *graph.RelationDef, c words.Concept) bool {
	if r.Concept == "" {
		ws := words.NameWords(r.Name)
		field := len(ws) > 0 && words.ClassOf(ws[len(ws)-1]).Has(words.Field)
		return field && (c == words.None || c == words.Membership || c == words.Containment || c == words.Dependency || c == words.Ownership)
	}
	return r.Concept == c.String()
}

// subjectEntity reports whether the entity's mention stands right after
// an auxiliary or a form of "be" ("What does X list?", "Where is X
// located?"): the verb's subject, not what it acts on.
func subjectEntity(q string, e linked) bool {
	before := text.Tokens(q[:e.start])
	if len(before) == 0 {
		return true
	}
	last := before[len(before)-1]
	if isArticleWord(last) && len(before) > 1 {
		last = before[len(before)-2]
	}
	return words.ClassOf(last).Has(words.Be | words.Aux | words.Modal | words.Wh)
}
