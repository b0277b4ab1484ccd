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

// thenNamed reads a relation the question names by its own name, and
// that a rule reading walks only as one of a closure's relations, as a
// step of its own after the closure: "Which volumes are mounted by the
// services that break if web goes down?" read as what fails if web
// fails, through every dependency relation (mounts among them), asks for
// what those services mount. The new reading goes first, unsure (its
// answers are given, not certified); the closure stays after it, walked
// where the step reaches nothing. Only where the asked kind is no type of
// the graph ("volumes", kept by a word of names), so that the closure's
// ends cannot be told to be what was asked, and the question names the
// closure's ends by a kind noun of their own ("the services"); for the
// first reading, a
// closure through several relations; and not where the words the
// reading was read by name the relation ("what depends on X" over
// depends_on).
func thenNamed(qw questionWordsOf, s *graph.Schema, pl *state.Plan) {
	if len(pl.Readings) == 0 || len(pl.Chains) == 0 || len(pl.Chains[0].Steps) == 0 || pl.Target.NameWord == "" || !saysBridge(qw.toks, pl.Target.NameWord) {
		return
	}
	top, c := pl.Readings[0], pl.Chains[0]
	last := c.Steps[len(c.Steps)-1]
	if !last.Repeat || len(last.Edges) < 2 {
		return
	}
	for _, n := range qw.named {
		if !slices.ContainsFunc(last.Edges, func(e state.RelDir) bool { return e.Relation == n }) || !spelledOut(qw.toks, n) || becauseSays(top.Because, n) {
			continue
		}
		dir, ok := stepAfter(s, last, n)
		if !ok {
			continue
		}
		then := top
		then.Confidence = min(top.Confidence, doubtedConfidence)
		then.Text = fmt.Sprintf("%s, then what they reach through %s", top.Text, n)
		then.Guesses = append(slices.Clip(top.Guesses), fmt.Sprintf("the question names %s, which the reading walked only beside the others of its kind: read as a step after them", n))
		next := c
		next.Steps = append(slices.Clip(c.Steps), state.ChainStep{Edges: []state.RelDir{{Relation: n, Direction: dir}}})
		next.Score = then.Confidence
		pl.Readings = append([]state.Reading{then}, pl.Readings...)
		pl.Chains = append([]state.Chain{next}, pl.Chains...)
		return
	}
}

// saysBridge reports whether the question says a kind noun in the plural
// other than the asked one ("the services" beside "volumes"): the things
// between the entity and what is asked.
func saysBridge(toks []string, asked string) bool {
	return slices.ContainsFunc(toks, func(t string) bool {
		return text.Singular(t) != t && text.Singular(t) != asked && words.IsKindWord(t)
	})
}

// spelledOut reports whether the question says every content word of
// relation n's name in a form of its own ("mounted" for mounts), not as a
// noun made from it ("dependency tree" names the closure, not a step).
func spelledOut(toks []string, n string) bool {
	return !slices.ContainsFunc(nameContentWords(n), func(w string) bool {
		return !slices.ContainsFunc(toks, func(t string) bool { return sameWord(t, w) })
	})
}

// becauseSays reports whether the words the reading was read by name
// relation n ("depends on" for depends_on).
func becauseSays(because []string, n string) bool {
	toks := text.Tokens(strings.Join(because, " "))
	return slices.ContainsFunc(nameContentWords(n), func(w string) bool { return says(toks, w) })
}

// stepAfter returns the direction in which relation n leaves the types a
// closure step ends at (for each of its edges, the types at the end it
// walks to): forward, from its subjects, where both ways do ("what the
// services mount").
func stepAfter(s *graph.Schema, st state.ChainStep, n string) (graph.Direction, bool) {
	r := s.Relation(n)
	if r == nil {
		return 0, false
	}
	var ends []string
	for _, e := range st.Edges {
		if d := s.Relation(e.Relation); d != nil {
			if e.Direction == graph.Out {
				ends = append(ends, d.To...)
			} else {
				ends = append(ends, d.From...)
			}
		}
	}
	meets := func(ts []string) bool {
		return slices.ContainsFunc(ts, func(t string) bool { return slices.Contains(ends, t) })
	}
	switch {
	case meets(r.From):
		return graph.Out, true
	case meets(r.To):
		return graph.In, true
	}
	return 0, false
}
