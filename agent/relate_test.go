package agent_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/relsim"
	"github.com/scgraph/scgraph/state"
)

// nearMembers takes "populates" (or "populate") for members, by a
// similarity of 0.62.
type nearMembers struct{}

func (nearMembers) Relate(_ context.Context, word, _ string, _ []string) (relsim.Pick, error) {
	if word != "populates" && word != "populate" {
		return relsim.Pick{Word: word}, nil
	}
	return relsim.Pick{Outcome: relsim.Clear, Word: word, Taken: []relsim.Candidate{{Relation: "members", Similarity: 0.62}},
		Next: relsim.Candidate{Relation: "Chairman", Similarity: 0.41}}, nil
}

// A word taken for a relation by similarity answers, uncertain: the
// answer says which word was taken for which relation, and is never
// certified complete.
func TestRelatedWordAnswersUncertain(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("Budget Committee", "Committee", "members", "Ann Lee", "Senator", 1),
		phasetest.Tr("Budget Committee", "Committee", "members", "Bo Diaz", "Senator", 2),
		phasetest.Tr("Budget Committee", "Committee", "Chairman", "Cy Moss", "Senator", 3),
		phasetest.Tr("Finance Committee", "Committee", "members", "Ann Lee", "Senator", 4),
	)
	q := "Who populates the Budget Committee?"
	res, err := agent.New(st).Run(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if res.StopReason != state.StopNoRelation {
		t.Fatalf("without a relator: stop %s, want no_relation", res.StopReason)
	}
	res, err = agent.New(st, func(o *agent.Options) { o.Relate = nearMembers{} }).Run(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range res.Answers {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"Ann Lee", "Bo Diaz"}) || res.Complete || res.StopReason != state.StopUncertain {
		t.Errorf("answers %v, complete %v, stop %s; want Ann Lee and Bo Diaz, uncertain", names, res.Complete, res.StopReason)
	}
	if !strings.Contains(res.Answer, `taking "populates" as members by similarity of words (0.62 against 0.41 for Chairman)`) {
		t.Errorf("the answer does not say which word was taken for which relation:\n%s", res.Answer)
	}
}

// A "no" found through a word taken by similarity is not certified
// either.
func TestRelatedWordNoIsUncertain(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("Budget Committee", "Committee", "members", "Ann Lee", "Senator", 1),
		phasetest.Tr("Budget Committee", "Committee", "Chairman", "Cy Moss", "Senator", 2),
		phasetest.Tr("Finance Committee", "Committee", "members", "Bo Diaz", "Senator", 3),
	)
	res, err := agent.New(st, func(o *agent.Options) { o.Relate = nearMembers{} }).Run(context.Background(), "Does Cy Moss populate the Finance Committee?")
	if err != nil {
		t.Fatal(err)
	}
	if res.StopReason == state.StopNoRelation {
		t.Fatalf("stop no_relation: the word was not taken for members\n%s", res.Answer)
	}
	if res.StopReason == state.StopNoChain || res.StopReason == state.StopComplete || res.Complete {
		t.Errorf("stop %s, complete %v: a no by similarity was certified\n%s", res.StopReason, res.Complete, res.Answer)
	}
}
