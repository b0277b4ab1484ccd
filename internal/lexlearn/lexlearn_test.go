package lexlearn

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

func chain(steps ...string) state.Chain {
	var c state.Chain
	for _, s := range steps {
		d := graph.Out
		if strings.HasPrefix(s, "<") {
			d, s = graph.In, s[1:]
		}
		c.Steps = append(c.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: s, Direction: d}}})
	}
	return c
}

func TestMaskQuestion(t *testing.T) {
	for _, c := range []struct{ q, anchor, want string }{
		{"who directed [Heat]", "Heat", "who directed  <e> "},
		{"what is the nation of frederica_of_x 's couple ?", "frederica_of_x", "what is the nation of  <e>  's couple ?"},
		{"Who owns THE Payment service", "the payment service", "Who owns  <e> "},
	} {
		got, ok := MaskQuestion(c.q, c.anchor)
		if !ok || got != c.want {
			t.Errorf("MaskQuestion(%q, %q) = %q, %v; want %q", c.q, c.anchor, got, ok, c.want)
		}
	}
	if _, ok := MaskQuestion("who directed it", "Heat"); ok {
		t.Error("masked a question that does not mention its anchor")
	}
}

// A film graph: two films by one director, actors in each.
func filmStore(t *testing.T) *memstore.Store {
	t.Helper()
	st := memstore.New()
	var ts []graph.Triple
	for _, s := range []string{
		"Heat|directed_by|Mann", "Thief|directed_by|Mann",
		"Heat|starred_actors|Pacino", "Heat|starred_actors|De Niro", "Thief|starred_actors|Caan",
		"Heat|release_year|1995", "Thief|release_year|1981",
		"Mann|married_to|Summer", "Summer|married_to|Mann",
	} {
		p := strings.Split(s, "|")
		ts = append(ts, graph.Triple{Subject: p[0], Relation: p[1], Object: p[2]})
	}
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestLabelFindsTheChainFromAnswers(t *testing.T) {
	st := filmStore(t)
	ctx := context.Background()
	// Actors of the films by Heat's director, Heat itself excluded from
	// the walk: only Thief's actor.
	got, f1, err := Label(ctx, st, "Heat", []string{"Caan"}, 3, LabelOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := chain("directed_by", "<directed_by", "starred_actors")
	if len(got) != 1 || got[0].String() != want.String() || f1 != 1 {
		t.Errorf("Label = %v (F1 %.2f), want [%v] (F1 1)", got, f1, want)
	}
	// Two chains explain the answer equally: both are returned.
	got, _, err = Label(ctx, st, "Thief", []string{"1995"}, 3, LabelOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no chain for Thief -> 1995")
	}
	for _, c := range got {
		set, err := EndSet(ctx, st, "Thief", c, false, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(set, []string{"1995"}) {
			t.Errorf("chain %v ends at %v, want [1995]", c, set)
		}
	}
	if _, _, err := Label(ctx, st, "Heat", []string{"x"}, 0, LabelOptions{}); err == nil {
		t.Error("hops 0 accepted")
	}
}

func TestEndSetReentry(t *testing.T) {
	st := filmStore(t)
	ctx := context.Background()
	c := chain("married_to", "married_to")
	without, _ := EndSet(ctx, st, "Mann", c, false, 100)
	with, _ := EndSet(ctx, st, "Mann", c, true, 100)
	if len(without) != 0 || !reflect.DeepEqual(with, []string{"Mann"}) {
		t.Errorf("EndSet without reentry = %v (want []), with = %v (want [Mann])", without, with)
	}
	if F1([]string{"a", "b"}, map[string]bool{"a": true}) != 2*0.5*1/(0.5+1) {
		t.Error("F1 of {a,b} against {a}")
	}
}

func TestChainOf(t *testing.T) {
	got, err := ChainOf("Pacino", []graph.Triple{
		{Subject: "Heat", Relation: "starred_actors", Object: "Pacino"},
		{Subject: "Heat", Relation: "directed_by", Object: "Mann"},
	})
	if err != nil || got.String() != chain("<starred_actors", "directed_by").String() {
		t.Errorf("ChainOf = %v, %v", got, err)
	}
	if _, err := ChainOf("Pacino", []graph.Triple{{Subject: "Thief", Relation: "directed_by", Object: "Mann"}}); err == nil {
		t.Error("a path that does not start at the anchor was accepted")
	}
}

func TestLearnDecidesReentryFromData(t *testing.T) {
	st := filmStore(t)
	ctx := context.Background()
	qs := []Question{
		{Text: "who is the spouse of the spouse of [Mann]", Anchor: "Mann", Answers: []string{"Mann"}, GoldPath: []graph.Triple{{Subject: "Mann", Relation: "married_to", Object: "Summer"}, {Subject: "Summer", Relation: "married_to", Object: "Mann"}}},
		{Text: "who starred in [Heat]", Anchor: "Heat", Answers: []string{"Pacino", "De Niro"}, Hops: 1},
		{Text: "who starred in the films of [Nobody]", Anchor: "Nobody", Answers: []string{"x"}, Hops: 1},
		{Text: "a question without its entity", Anchor: "Heat", Answers: []string{"1995"}, Hops: 1},
	}
	m, rep, err := Learn(ctx, st, qs, Options{Train: lexicon.TrainOptions{Epochs: 2}, Cache: &LabelCache{}})
	if err != nil {
		t.Fatal(err)
	}
	want := Report{Questions: 4, Labelled: 2, Unmasked: 1, Unlabelled: 1, ReentryYes: 1, ReentryNo: 0, Reentry: true, Chains: 2}
	if rep != want {
		t.Errorf("report = %+v, want %+v", rep, want)
	}
	if cs := m.Chains("who is the spouse of the spouse of  <e> ", "", nil, 3); len(cs) == 0 || !cs[0].Reentry {
		t.Errorf("chains = %v, want reentry chains", cs)
	}
}

// Two questions of one text and anchor with different gold paths are
// labelled each by its own path, whatever the cache holds from the other.
func TestLearnCacheKeepsQuestionsOfOneTextApart(t *testing.T) {
	st := filmStore(t)
	ctx := context.Background()
	byDirector := Question{Text: "what is linked to [Heat]", Anchor: "Heat", Answers: []string{"Mann"},
		GoldPath: []graph.Triple{{Subject: "Heat", Relation: "directed_by", Object: "Mann"}}}
	byYear := Question{Text: "what is linked to [Heat]", Anchor: "Heat", Answers: []string{"1995"},
		GoldPath: []graph.Triple{{Subject: "Heat", Relation: "release_year", Object: "1995"}}}
	cache := &LabelCache{}
	if _, _, err := Learn(ctx, st, []Question{byDirector}, Options{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	m, _, err := Learn(ctx, st, []Question{byYear}, Options{Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	if cs := m.Chains("what is linked to  <e> ", "", nil, 1); len(cs) == 0 || cs[0].String() != chain("release_year").String() {
		t.Errorf("chains = %v, want release_year first (the second question's own gold)", cs)
	}
}
