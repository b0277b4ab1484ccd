package plan_test

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/state"
)

// FuzzPlan runs the rule planner (entity linking and the question reader)
// on any question over a small fixed graph: no panic, no error (the store
// cannot fail), and a plan that holds together: anchors and ignored
// entities are entities of the graph, none both; every chain has steps
// with edges; a plan with readings has one per chain. Seeds are in
// testdata/fuzz/FuzzPlan; run it with
//
//	go test ./internal/plan -run '^$' -fuzz '^FuzzPlan$' -fuzztime 30s
func FuzzPlan(f *testing.F) {
	for _, q := range []string{
		"Which teams are affected if the payment service goes down?",
		"Who owns [payment-service]?",
		"Is the cart service affected by the orders db?",
		"what does web depend on, transitively",
		"Who owns [cart-service], [payment-service], [orders-db] and [search-db]?",
		"who owns [search]",
		"[[]]]][[",
		"[a]b]",
		"the the the of of ? ? ?",
		"WHO OWNS CARTSERVICE",
		"wer besitzt den Zahlungsdienst über Ω?",
		"\x00\xff[\xfe]",
		"",
	} {
		f.Add(q)
	}
	g := phasetest.NewStore(f, svcSchema(), svcTriples()...)
	entities := map[string]bool{}
	for _, tr := range svcTriples() {
		entities[tr.Subject], entities[tr.Object] = true, true
	}
	p := plan.New(g, nil, plan.Options{})
	f.Fuzz(func(t *testing.T, q string) {
		if len(q) > 4096 {
			return // long questions are for benchmarks, not for the fuzzer's speed
		}
		pl, _, err := p.Plan(t.Context(), q)
		if err != nil {
			t.Fatalf("Plan(%q): %v", q, err)
		}
		used := map[string]bool{}
		for _, a := range pl.Anchors {
			if !entities[a.Entity] {
				t.Errorf("anchor %q is not in the graph", a.Entity)
			}
			used[a.Entity] = true
		}
		for _, a := range pl.Ignored {
			if !entities[a.Entity] || used[a.Entity] {
				t.Errorf("ignored %q: in the graph %t, also an anchor %t", a.Entity, entities[a.Entity], used[a.Entity])
			}
		}
		if pl.Target.Kind == state.TargetEntity && !entities[pl.Target.Entity] {
			t.Errorf("target entity %q is not in the graph", pl.Target.Entity)
		}
		for i, c := range pl.Chains {
			if len(c.Steps) == 0 {
				t.Errorf("chain %d has no step", i)
			}
			for _, s := range c.Steps {
				if len(s.Edges) == 0 {
					t.Errorf("chain %d %s has a step with no edge", i, c)
				}
			}
		}
		if len(pl.Readings) > 0 && len(pl.Readings) != len(pl.Chains) {
			t.Errorf("%d readings for %d chains", len(pl.Readings), len(pl.Chains))
		}
		if len(pl.Anchors) > 0 && len(pl.Chains) == 0 && pl.Unanswerable == "" {
			t.Errorf("anchors %v but no chain and no reason: %s", pl.Anchors, strings.Join(pl.Notes, "; "))
		}
	})
}
