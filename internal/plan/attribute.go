package plan

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// attributeYesNo reads a yes or no whose predicate is an indefinite noun
// phrase with a value before its head ("Is Buildpacks a graduated
// project?", "Is Morelos Nahuatl an extinct language?", "Does X take a
// last argument?", its verb naming no relation), where the readers did
// not read it as a yes or no: the word before the head names an entity of
// the graph (the maturity graduated, the endangerment extinct) that a
// fact of the subject may reach, so the question asks whether the
// subject reaches it in one step, through the relations that link the
// two kinds. The value is linked here, where the linker left it out for
// naming a relation too ("graduated") or the reader for being one of
// three entities, and the linked entities returned hold it. Elsewhere
// it returns plan and ents as they are. cost counts the store calls.
func (p *Rules) attributeYesNo(ctx context.Context, q string, s *graph.Schema, ents []linked, plan state.Plan, cost *state.Cost) (state.Plan, []linked) {
	if plan.Target.Kind == state.TargetEntity {
		return plan, ents
	}
	subj, value, ok := valuePredicate(q, ents)
	if !ok {
		return plan, ents
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: []string{value.Raw}, Limit: 2})
	cost.StoreCalls++
	if err != nil || len(res) == 0 || len(res[0]) != 1 || res[0][0].Score < 1 {
		return plan, ents
	}
	m := res[0][0]
	v := m.Entity
	step := stepBetween(s, subj.anchor.Type, v.Type)
	if v.Name == subj.anchor.Entity || v.Type == "" || v.Type == subj.anchor.Type || len(step.Edges) == 0 {
		return plan, ents
	}
	overlaps := func(e linked) bool { return e.start < value.End && e.end > value.Start }
	out := slices.DeleteFunc(slices.Clone(ents), overlaps)
	at := slices.IndexFunc(out, func(e linked) bool { return e.start > value.Start })
	if at < 0 {
		at = len(out)
	}
	va := state.Anchor{Mention: value.Raw, Entity: v.Name, Type: v.Type, Method: m.Method, Confidence: m.Score}
	out = slices.Insert(out, at, linked{anchor: va, start: value.Start, end: value.End})
	rels := strings.Join(step.Relations(), " and ")
	pl := p.basePlan(out)
	pl.Anchors = []state.Anchor{subj.anchor}
	pl.Target = state.Target{Kind: state.TargetEntity, Entity: v.Name, Mention: value.Raw}
	pl.Chains = []state.Chain{{Steps: []state.ChainStep{step}, Score: 0.75}}
	pl.HopBudget = 1
	pl.RelationHints = step.Relations()
	pl.Readings = []state.Reading{{
		Text:       fmt.Sprintf("whether %s is linked to %s, through %s", subj.anchor.Entity, v.Name, rels),
		Confidence: 0.75,
		Extent:     state.ExtentDirect,
		Because:    []string{fmt.Sprintf("%q read as a value of %s's %s", value.Raw, subj.anchor.Entity, rels)},
		Guesses:    []string{fmt.Sprintf("%q read as the value %s, through the relations between a %s and a %s", value.Raw, v.Name, subj.anchor.Type, v.Type)},
	}}
	pl.Ignored = Ignored(pl, anchorsOf(out))
	return pl, out
}

// valuePredicate finds the shape attributeYesNo reads: "is" (or "does",
// the subject and a verb), the subject, the first entity linked, of a
// known type, right after; an article; the value word; the head, the
// question's last word or the one before it, with no function word after
// the article ("the steering liaison for SIG Security" is a relation
// noun's phrase) and no longer entity name holding the value ("an
// extinct language family").
func valuePredicate(q string, ents []linked) (subj linked, value text.Word, ok bool) {
	ws := text.Words(q)
	if len(ents) == 0 || len(ws) < 4 {
		return linked{}, text.Word{}, false
	}
	first := words.ClassOf(strings.ToLower(ws[0].Raw))
	subj = ents[0]
	if !first.Has(words.Be|words.Aux) || subj.start > ws[1].End || subj.anchor.Type == "" {
		return linked{}, text.Word{}, false
	}
	k := slices.IndexFunc(ws, func(w text.Word) bool { return w.Start >= subj.end })
	if k >= 0 && !first.Has(words.Be) {
		k++ // past the verb
	}
	if k < 0 || k+2 >= len(ws) || len(ws) > k+4 || !words.ClassOf(strings.ToLower(ws[k].Raw)).Has(words.Article) ||
		slices.ContainsFunc(ws[k+1:], func(w text.Word) bool { return words.FunctionWord(strings.ToLower(w.Raw)) }) {
		return linked{}, text.Word{}, false
	}
	value = ws[k+1]
	if slices.ContainsFunc(ents[1:], func(e linked) bool { return e.start < value.End && e.end > value.End }) {
		return linked{}, text.Word{}, false
	}
	return subj, value, true
}

// stepBetween returns the one step of every relation that links things
// of type from to things of type to, each walked from the former
// (graph.Schema.LinksBetween).
func stepBetween(s *graph.Schema, from, to string) state.ChainStep {
	var step state.ChainStep
	for _, l := range s.LinksBetween([]string{from}, to) {
		step.Edges = append(step.Edges, state.RelDir(l))
	}
	return step
}
