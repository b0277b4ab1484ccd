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
// last argument?", its verb naming no relation): the word before
// the head names an entity of the graph (the maturity graduated, the
// endangerment extinct) that a fact of the subject may reach, so the
// question asks whether the subject reaches it in one step, through the
// relations that link the two kinds. The value is linked here, where the
// linker left it out for naming a relation too ("graduated") or the
// reader for being one of three entities; ents gains it. ok is false
// where the question has another shape, or where no relation links the
// subject's kind to the value's. calls counts the store calls made.
func (p *Rules) attributeYesNo(ctx context.Context, q string, s *graph.Schema, ents []linked) (pl state.Plan, out []linked, calls int, ok bool) {
	ws := text.Words(q)
	if len(ents) == 0 || len(ws) < 4 {
		return state.Plan{}, ents, 0, false
	}
	first := words.ClassOf(strings.ToLower(ws[0].Raw))
	subj := ents[0]
	if !first.Has(words.Be|words.Aux) || subj.start > ws[1].End || subj.anchor.Type == "" {
		return state.Plan{}, ents, 0, false
	}
	// The article right after the subject ("Does X take a last argument?":
	// after its verb), then the value word, then the head, the
	// question's last word.
	k := slices.IndexFunc(ws, func(w text.Word) bool { return w.Start >= subj.end })
	if k >= 0 && !first.Has(words.Be) {
		k++
	}
	if k < 0 || k+2 >= len(ws) || !words.ClassOf(strings.ToLower(ws[k].Raw)).Has(words.Article) {
		return state.Plan{}, ents, 0, false
	}
	value := ws[k+1]
	// The head ends the question, at most one word after it ("a
	// graduated CNCF project"); no function word between: "the steering
	// liaison for SIG Security" is a relation noun's phrase.
	if len(ws) > k+4 || slices.ContainsFunc(ws[k+1:], func(w text.Word) bool { return words.FunctionWord(strings.ToLower(w.Raw)) }) {
		return state.Plan{}, ents, 0, false
	}
	overlaps := func(e linked) bool { return e.start < value.End && e.end > value.Start }
	for _, e := range ents[1:] {
		if overlaps(e) && e.end > value.End {
			return state.Plan{}, ents, 0, false // the value is in a longer name ("an extinct language family")
		}
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: []string{value.Raw}, Limit: 2})
	calls = 1
	if err != nil || len(res) == 0 || len(res[0]) != 1 || res[0][0].Score < 1 {
		return state.Plan{}, ents, calls, false
	}
	v := res[0][0].Entity
	if v.Name == subj.anchor.Entity || v.Type == "" || v.Type == subj.anchor.Type {
		return state.Plan{}, ents, calls, false
	}
	var step state.ChainStep
	for _, r := range s.Relations {
		if slices.Contains(r.From, subj.anchor.Type) && slices.Contains(r.To, v.Type) {
			step.Edges = append(step.Edges, state.RelDir{Relation: r.Name, Direction: graph.Out})
		}
		if slices.Contains(r.To, subj.anchor.Type) && slices.Contains(r.From, v.Type) {
			step.Edges = append(step.Edges, state.RelDir{Relation: r.Name, Direction: graph.In})
		}
	}
	if len(step.Edges) == 0 {
		return state.Plan{}, ents, calls, false
	}
	rels := strings.Join(step.Relations(), " and ")
	va := state.Anchor{Mention: value.Raw, Entity: v.Name, Type: v.Type, Method: res[0][0].Method, Confidence: res[0][0].Score}
	out = slices.DeleteFunc(slices.Clone(ents), overlaps)
	at := slices.IndexFunc(out, func(e linked) bool { return e.start > value.Start })
	if at < 0 {
		at = len(out)
	}
	out = slices.Insert(out, at, linked{anchor: va, start: value.Start, end: value.End})
	pl = p.basePlan(out)
	pl.Anchors = []state.Anchor{subj.anchor}
	pl.Target = state.Target{Kind: state.TargetEntity, Entity: v.Name, Mention: value.Raw}
	pl.Chains = []state.Chain{{Steps: []state.ChainStep{step}, Score: 0.75}}
	pl.HopBudget = 1
	pl.RelationHints = step.Relations()
	pl.Readings = []state.Reading{{
		Text:       fmt.Sprintf("whether %s is linked to %s, through %s", subj.anchor.Entity, v.Name, rels),
		Confidence: 0.75,
		Extent:     state.ExtentDirect,
		Because:    []string{fmt.Sprintf("%q before %q read as a value of %s's %s", value.Raw, ws[len(ws)-1].Raw, subj.anchor.Entity, rels)},
		Guesses:    []string{fmt.Sprintf("%q read as the value %s, through the relations between a %s and a %s", value.Raw, v.Name, subj.anchor.Type, v.Type)},
	}}
	pl.Ignored = Ignored(pl, anchorsOf(out))
	return pl, out, calls, true
}
