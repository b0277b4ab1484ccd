package plan

import (
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// kinChainQuestion returns the question with its noun for kin more than
// one tie away (words.KinChain: "grandparents", "ancestors") said as the
// chain of plain kin nouns it is, and that noun: "Who are Zeus's
// grandparents?" as "Who are the parents of the parents of Zeus?";
// "Which Titans are ancestors of Persephone?" as "Which Titans are
// parents of Persephone, at any depth?"; a verb whose doer such a noun
// names, said with "from", as that noun ("Who descends from Medusa?" as
// "Who are children of Medusa, at any depth?"). ok is false where the question
// says no such noun, or a relation of the graph is named by the noun
// itself (a graph with grandparent_of reads it so).
func kinChainQuestion(q string, ents []linked, s *graph.Schema) (string, string, bool) {
	ws := text.Words(q)
	for i, w := range ws {
		word := strings.TrimRight(w.Raw, "?!.,;:")
		low := strings.ToLower(word)
		if n, ok := words.KinChainVerb(low); ok && i+1 < len(ws) && strings.EqualFold(ws[i+1].Raw, "from") && len(namedRelations([]string{low}, s)) == 0 {
			// "Who descends from Medusa?" as "Who are descendants of
			// Medusa?".
			said := q[:w.Start] + "are " + n + "s of" + q[ws[i+1].End:]
			if out, _, ok := kinChainQuestion(said, nil, s); ok {
				return out, word, true
			}
		}
		ties, anyLength, ok := words.KinChain(low)
		if !ok || len(namedRelations([]string{text.Singular(low)}, s)) > 0 {
			continue
		}
		plural := low != text.Singular(low) || strings.HasSuffix(low, "children")
		said := make([]string, len(ties))
		for k, tie := range ties {
			said[k] = kinNoun(tie, plural)
		}
		chain := strings.Join(said, " of the ")
		start, end := w.Start, w.Start+len(word)
		if e, ok := possessor(ws, i, ents); ok {
			// "Zeus's grandparents": the chain of Zeus.
			chain = "the " + chain + " of " + q[e.start:e.end]
			start = e.start
		} else if i > 0 && strings.EqualFold(ws[i-1].Raw, "an") && !strings.ContainsRune("aeiou", rune(chain[0])) {
			start = ws[i-1].Start // "an ancestor" said as "a parent"
			chain = "a " + chain
		}
		out := q[:start] + chain + q[end:]
		if anyLength && !words.SaysExtent(q) {
			body := strings.TrimRight(out, "?!. ")
			out = body + ", at any depth" + out[len(body):]
		}
		return out, word, true
	}
	return "", "", false
}

// possessor returns the entity whose mention owns ws[i] ("Zeus's
// grandparents", "Orestes' grandparents").
func possessor(ws []text.Word, i int, ents []linked) (linked, bool) {
	if i == 0 || !ws[i-1].Possessive {
		return linked{}, false
	}
	for _, e := range ents {
		if e.end > ws[i-1].Start && e.end <= ws[i-1].End && e.end >= ws[i-1].End-2 {
			return e, true
		}
	}
	return linked{}, false
}

// kinNoun says a plain kin noun, in the plural where the question's noun
// was.
func kinNoun(tie string, plural bool) string {
	switch {
	case !plural:
		return tie
	case tie == "child":
		return "children"
	}
	return tie + "s"
}

// kinChainPlan plans the question with its noun for kin more than one tie
// away said as the chain it is (kinChainQuestion), where plan, the
// question's own, walks no relation a kin noun names (a graph with
// child_of reads "grandchildren" through it) and the question so said is
// read through relations a kin noun names (not a dbt DAG's "every
// ancestor", whose parents are no kin) and explains its words; each
// reading says so. It returns the plan, the question read and its linked
// entities.
func (p *Rules) kinChainPlan(q string, s *graph.Schema, ents []linked, plan state.Plan, relink func(string) ([]linked, error)) (state.Plan, string, []linked, bool, error) {
	said, noun, ok := kinChainQuestion(q, ents, s)
	if !ok || walksKin(plan) {
		return state.Plan{}, "", nil, false, nil
	}
	saidEnts, err := relink(said)
	if err != nil {
		return state.Plan{}, "", nil, false, err
	}
	pl := p.build(said, s, saidEnts)
	qw := readQuestionWords(said, saidEnts, s, p.graphWords(s))
	if len(pl.Chains) == 0 || len(pl.Readings) == 0 || pl.Unanswerable != "" || noRelationWord(pl) || !walksKin(pl) || len(planUnexplained(qw, s, pl)) > 0 {
		return state.Plan{}, "", nil, false, nil
	}
	why := "\"" + noun + "\" read as a chain of kin ties (kinchains.txt): " + said
	for i := range pl.Readings {
		pl.Readings[i].Guesses = append(pl.Readings[i].Guesses, why)
	}
	pl.Notes = append(pl.Notes, why)
	return pl, said, saidEnts, true, nil
}

// walksKin reports whether the plan's first chain walks a relation whose
// name says a kin noun (child_of, parent, father_of).
func walksKin(pl state.Plan) bool {
	if len(pl.Chains) == 0 {
		return false
	}
	for r := range pl.Chains[0].Relations() {
		for _, w := range text.Tokens(r) {
			if words.KinInverse(w) != "" || words.BroaderKin(w) != "" {
				return true
			}
		}
	}
	return false
}
