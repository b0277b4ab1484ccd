package agent_test

import (
	"context"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// A name the data gives two types is one node of the type it is given
// most often; a fact that gives it the asked type still makes it an
// answer of that kind. Before, "Which engine manufacturer powers Alfa
// Romeo?" certified that nothing of the kind was reached.
func TestKindGivenByAnotherFact(t *testing.T) {
	ctx := context.Background()
	tr := func(s, r, o, st, ot string) graph.Triple {
		return graph.Triple{Subject: s, Relation: r, Object: o, SubjectType: st, ObjectType: ot}
	}
	st := memstore.New()
	if _, err := st.AddTriples(ctx, []graph.Triple{
		tr("Alfa Romeo", "powered_by", "Ferrari", "Constructor", "EngineManufacturer"),
		tr("Williams", "powered_by", "Mercedes", "Constructor", "EngineManufacturer"),
		tr("Red Bull", "powered_by", "Honda", "Constructor", "EngineManufacturer"),
		tr("Charles Leclerc", "drove_for", "Ferrari", "Driver", "Constructor"),
		tr("Carlos Sainz", "drove_for", "Ferrari", "Driver", "Constructor"),
		tr("Lewis Hamilton", "drove_for", "Mercedes", "Driver", "Constructor"),
		tr("George Russell", "drove_for", "Mercedes", "Driver", "Constructor"),
		tr("Guanyu Zhou", "drove_for", "Alfa Romeo", "Driver", "Constructor"),
	}); err != nil {
		t.Fatal(err)
	}
	res, err := agent.New(st).Run(ctx, "Which engine manufacturer powers Alfa Romeo?")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range res.Answers {
		got = append(got, a.Name)
	}
	if !slices.Equal(got, []string{"Ferrari"}) || res.StopReason != state.StopComplete {
		t.Errorf("answers %q (%s), want [Ferrari] (complete)", got, res.StopReason)
	}
}
