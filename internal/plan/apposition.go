package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// appositionAlternative adds, where the question names its one anchor
// after "the" and right before the singular noun that is the whole name
// of the first step's relation ("Which languages are in the Shell
// group?" over group), the reading of that
// noun as what the anchor is (Shell is the group: what has Shell as its
// group) beside the reading of it as the anchor's own (Shell's group), as
// the last chain: where the plan's chains find nothing, the walk falls
// back to it, and its answers are a guess. A "none" is then
// certified only where both readings find nothing.
func appositionAlternative(q string, pl *state.Plan) {
	if len(pl.Anchors) != 1 || len(pl.Chains) == 0 || len(pl.Readings) == 0 || pl.Target.Kind == state.TargetEntity {
		return
	}
	first := pl.Chains[0]
	if len(first.Steps) == 0 || first.Steps[0].Repeat {
		return
	}
	m := pl.Anchors[0].Mention
	noun, ok := wordAfter(q, m)
	if !ok || text.Singular(noun) != noun || !strings.HasPrefix(strings.ToLower(m), "the ") {
		return
	}
	// A relation named by one noun ("group", "category", "parent"), not
	// a verb's form ("emits", "crafted"), said by the question's word.
	names := func(e state.RelDir) bool {
		ws := words.NameWords(e.Relation)
		return len(ws) == 1 && ws[0] == noun && text.Singular(noun) == noun && !words.PastForm(noun) && !strings.HasSuffix(noun, "ing")
	}
	if !slices.ContainsFunc(first.Steps[0].Edges, names) {
		return
	}
	var step state.ChainStep
	for _, e := range first.Steps[0].Edges {
		if names(e) {
			step.Edges = append(step.Edges, state.RelDir{Relation: e.Relation, Direction: e.Direction.Reverse()})
		}
	}
	alt := state.Chain{Steps: append([]state.ChainStep{step}, first.Steps[1:]...), Score: first.Score / 2}
	if slices.ContainsFunc(pl.Chains, func(c state.Chain) bool { return slices.EqualFunc(c.Steps, alt.Steps, sameStep) }) {
		return
	}
	a := pl.Anchors[0].Entity
	why := fmt.Sprintf("%q may say what %s is, not what it has: read as what has %s as its %s", pl.Anchors[0].Mention+" "+noun, a, a, noun)
	text := fmt.Sprintf("what has %s as its %s, through %s", a, noun, strings.Join(step.Relations(), " and "))
	for _, st := range first.Steps[1:] {
		text += ", then " + strings.Join(st.Relations(), " or ")
	}
	rd := state.Reading{Text: text, Confidence: 0.5, Extent: state.ExtentDirect, Guesses: []string{why}}
	pl.Chains = append(slices.Clip(pl.Chains), alt)
	pl.Readings = append(slices.Clip(pl.Readings), rd)
	pl.HopBudget = max(pl.HopBudget, len(alt.Steps))
}

// wordAfter returns the word right after mention m in q, lower case.
func wordAfter(q, m string) (string, bool) {
	at := strings.Index(q, m)
	if at < 0 || m == "" {
		return "", false
	}
	ws := text.Words(q[at+len(m):])
	if len(ws) == 0 || ws[0].Start > 1 {
		return "", false // none, or not right after (a comma between)
	}
	return strings.ToLower(ws[0].Raw), true
}

// sameStep reports whether two chain steps walk the same edges alike.
func sameStep(a, b state.ChainStep) bool {
	return a.Repeat == b.Repeat && slices.Equal(a.Edges, b.Edges)
}
