package plan_test

import (
	"context"
	"testing"
	"unicode/utf8"

	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/memstore"
)

// FuzzPlan: any question text, on a typed graph and on an untyped one,
// plans without a panic, and a plan's chains are walkable (every step
// names at least one relation of the graph).
func FuzzPlan(f *testing.F) {
	for _, q := range []string{
		"Which teams are affected if the orders db goes down?",
		"Who owns the cart service?",
		"What does the cart service depend on directly?",
		"Is the cart service affected by the orders db?",
		"who is [cart-service]'s owner's owner's owner?",
		"what breaks if [a\\]b] fails",
		"Who maintains the nodes that cart-service runs on?",
		"Which packages must be present for the cart service package to work?",
		"'s 's of of the the",
		"[",
		"",
	} {
		f.Add(q)
	}
	typed := phasetest.NewStore(f, svcSchema(), svcTriples()...)
	untyped := memstore.New()
	var plain = svcTriples()
	for i := range plain {
		plain[i].SubjectType, plain[i].ObjectType = "", ""
	}
	if _, err := untyped.AddTriples(context.Background(), plain); err != nil {
		f.Fatal(err)
	}
	planners := []*plan.Rules{plan.New(typed, nil, plan.Options{}), plan.New(untyped, nil, plan.Options{})}
	f.Fuzz(func(t *testing.T, q string) {
		if !utf8.ValidString(q) || len(q) > 2000 {
			return
		}
		for _, p := range planners {
			pl, _, err := p.Plan(context.Background(), q)
			if err != nil {
				t.Fatalf("Plan(%q): %v", q, err)
			}
			for _, c := range pl.Chains {
				for k, st := range c.Steps {
					if len(st.Edges) == 0 {
						t.Fatalf("Plan(%q): chain %s step %d names no relation", q, c, k)
					}
				}
			}
		}
	})
}
