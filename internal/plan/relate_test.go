package plan_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/relsim"
	"github.com/scgraph/scgraph/memstore"
)

// fakeRelator decides each word as told, and records what it was asked.
type fakeRelator struct {
	picks map[string][]relsim.Candidate // word -> the relations taken
	asked []string
}

func (f *fakeRelator) Relate(_ context.Context, word, question string, rels []string) (relsim.Pick, error) {
	f.asked = append(f.asked, word)
	p := relsim.Pick{Word: word, Taken: f.picks[word], Next: relsim.Candidate{Relation: "state", Similarity: 0.2}}
	switch len(p.Taken) {
	case 1:
		p.Outcome = relsim.Clear
	case 2:
		p.Outcome = relsim.Close
	}
	return p, nil
}

// committees is a small governance graph: committees with members and a
// chairman, senators with a state.
func committees(t *testing.T) *memstore.Store {
	return phasetest.NewStore(t, nil,
		phasetest.Tr("Budget Committee", "Committee", "members", "Ann Lee", "Senator", 1),
		phasetest.Tr("Budget Committee", "Committee", "members", "Bo Diaz", "Senator", 2),
		phasetest.Tr("Budget Committee", "Committee", "Chairman", "Cy Moss", "Senator", 3),
		phasetest.Tr("Finance Committee", "Committee", "members", "Ann Lee", "Senator", 4),
		phasetest.Tr("Ann Lee", "Senator", "state", "Ohio", "State", 5),
	)
}

func TestRelateTakesTheNearRelation(t *testing.T) {
	st := committees(t)
	q := "Who populates the Budget Committee?"
	// Without a relator, or with one that finds no near relation, the
	// question ends as before: no relation matches "populates".
	before := planFor(t, st, plan.Options{}, q)
	if !strings.Contains(before.Unanswerable, `"populates"`) {
		t.Fatalf("without a relator: unanswerable %q, want no relation matching \"populates\"", before.Unanswerable)
	}
	far := &fakeRelator{}
	if p := planFor(t, st, plan.Options{Relate: far}, q); p.Unanswerable != before.Unanswerable || len(p.Chains) != 0 {
		t.Errorf("no near relation: unanswerable %q, chains %v; want the plan without a relator", p.Unanswerable, chainsOf(p))
	}
	if !slices.Equal(far.asked, []string{"populates"}) {
		t.Errorf("the relator was asked about %q, want only \"populates\"", far.asked)
	}

	near := &fakeRelator{picks: map[string][]relsim.Candidate{"populates": {{Relation: "members", Similarity: 0.62}}}}
	p := planFor(t, st, plan.Options{Relate: near}, q)
	if p.Unanswerable != "" || len(p.Chains) == 0 {
		t.Fatalf("with members taken for \"populates\": unanswerable %q, no chain", p.Unanswerable)
	}
	// Read from both ends: the walk switches to the second where the
	// first reaches nothing.
	phasetest.WantStrings(t, "chains", chainsOf(p), []string{"<-members-", "-members->"})
	for i, rd := range p.Readings {
		if rd.Confidence > 0.6 || rd.Likened == nil || rd.Likened.Word != "populates" || !slices.Equal(rd.Likened.Relations, []string{"members"}) {
			t.Errorf("reading %d: confidence %.2f, likened %+v; want at most 0.6 and \"populates\" taken for members", i, rd.Confidence, rd.Likened)
		}
		if !slices.ContainsFunc(rd.Guesses, func(g string) bool { return strings.Contains(g, `taking "populates" as members`) }) {
			t.Errorf("reading %d: guesses %q do not say which word was taken for which relation", i, rd.Guesses)
		}
	}
}

func TestRelateWalksTwoCloseRelations(t *testing.T) {
	st := committees(t)
	r := &fakeRelator{picks: map[string][]relsim.Candidate{"populates": {{Relation: "members", Similarity: 0.5}, {Relation: "Chairman", Similarity: 0.48}}}}
	p := planFor(t, st, plan.Options{Relate: r}, "Who populates the Budget Committee?")
	if len(p.Chains) == 0 {
		t.Fatalf("no chain: %q", p.Unanswerable)
	}
	var rels []string
	for _, e := range p.Chains[0].Steps[0].Edges {
		rels = append(rels, e.Relation)
	}
	if !slices.Contains(rels, "members") || !slices.Contains(rels, "Chairman") {
		t.Errorf("first step walks %v, want members and Chairman both", rels)
	}
	if rd := p.Readings[0]; !strings.Contains(rd.Text, "or, as its other near reading") || len(rd.Likened.Relations) != 2 {
		t.Errorf("reading %q (likened %+v): want both readings said", rd.Text, rd.Likened)
	}
}

// A question the reader fails for another reason than a word naming no
// relation is not the relator's.
func TestRelateOnlyForAnUnmatchedWord(t *testing.T) {
	st := committees(t)
	r := &fakeRelator{picks: map[string][]relsim.Candidate{}}
	p := planFor(t, st, plan.Options{Relate: r}, "Which committees does Ann Lee not belong to?")
	if p.Unanswerable == "" {
		t.Fatalf("%q was read (%v): want it refused, as a negation", "Which committees does Ann Lee not belong to?", chainsOf(p))
	}
	if len(r.asked) != 0 {
		t.Errorf("the relator was asked about %q for %q (%s)", r.asked, "Which committees does Ann Lee not belong to?", p.Unanswerable)
	}
}

// A phrase the lexicon reads as a kind of relation the graph has none of
// ("on call for") is not bent into another relation by similarity.
func TestRelateLeavesAKnownConceptTheGraphLacks(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	r := &fakeRelator{picks: map[string][]relsim.Candidate{"on call for": {{Relation: "CALLS", Similarity: 0.7}}}}
	p := planFor(t, st, plan.Options{Relate: r}, "Who is on call for the cart service?")
	if len(p.Chains) != 0 || !strings.Contains(p.Unanswerable, `"on call for"`) || len(r.asked) != 0 {
		t.Errorf("chains %v, unanswerable %q, relator asked %q; want no chain, the phrase named, nothing asked", chainsOf(p), p.Unanswerable, r.asked)
	}
}

// Two words that name no relation are both related: the first taken for
// its relation, the second for its own ("Who beat the winner of X?").
func TestRelateTwoWords(t *testing.T) {
	st := committees(t)
	r := &fakeRelator{picks: map[string][]relsim.Candidate{
		"heads":     {{Relation: "Chairman", Similarity: 0.6}},
		"populates": {{Relation: "members", Similarity: 0.6}},
	}}
	q := "Who heads the committees Ann Lee populates?"
	p := planFor(t, st, plan.Options{Relate: r}, q)
	if len(p.Chains) == 0 {
		t.Fatalf("%q: no chain (%q); relator asked %q", q, p.Unanswerable, r.asked)
	}
	walked := p.Chains[0].Relations()
	if !walked["Chairman"] || !walked["members"] {
		t.Errorf("%q walks %v, want Chairman and members", q, chainsOf(p))
	}
	if p.Readings[0].Confidence > 0.6 {
		t.Errorf("%q: confidence %.2f, want a guess", q, p.Readings[0].Confidence)
	}
}
