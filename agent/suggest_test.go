package agent_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/state"
)

// A question none of whose words link to an entity suggests the entities
// its words come closest to, as MCP's find_entities finds them; one that
// links suggests nothing, and a name one edit away links (the planner's
// typo tolerance).
func TestDidYouMean(t *testing.T) {
	st, err := demo.Open(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	a := agent.New(st)
	for _, c := range []struct {
		question string
		want     []string
	}{
		{"Who owns the paymentt servce?", []string{"payment-service"}},
		{"Who owns paymint-svc?", []string{"payment-service"}},
		{"Who owns zorblax?", nil},
		{"Who owns the payment service?", nil},
	} {
		res, err := a.Run(t.Context(), c.question)
		if err != nil {
			t.Fatalf("%s: %v", c.question, err)
		}
		if !slices.Equal(res.DidYouMean, c.want) {
			t.Errorf("%s: did you mean %q, want %q", c.question, res.DidYouMean, c.want)
		}
		if c.want != nil && (res.StopReason != state.StopNoAnchor || res.Answer != "I could not find any entity of the question in the graph; did you mean "+c.want[0]+"?") {
			t.Errorf("%s: %s %q", c.question, res.StopReason, res.Answer)
		}
	}
}

// A name misspelt by one letter swapped, dropped, added or replaced is
// linked, and the answer says which entity it was read as.
func TestOneEditTypoLinks(t *testing.T) {
	st, err := demo.Open(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	a := agent.New(st)
	for _, c := range []struct{ question, entity string }{
		{"Who owns the paymnet service?", "payment-service"},
		{"What breaks if the ordres db goes down?", "orders-db"},
	} {
		res, err := a.Run(t.Context(), c.question)
		if err != nil {
			t.Fatalf("%s: %v", c.question, err)
		}
		if res.StopReason == state.StopNoAnchor || len(res.DidYouMean) > 0 || !strings.Contains(res.Summary, " from "+c.entity+":") {
			t.Errorf("%s: %s %q, did you mean %q; want an answer from %s", c.question, res.StopReason, res.Summary, res.DidYouMean, c.entity)
		}
	}
}

// An answer that is not a claim says so apart from its summary.
func TestSummaryAndDoubt(t *testing.T) {
	st, err := demo.Open(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	res, err := agent.New(st, func(o *agent.Options) { o.MaxIterations = 1 }).Run(t.Context(), "Is the checkout service affected by the db-v2 migration?")
	if res == nil {
		t.Fatal(err)
	}
	if res.Summary != "Unknown: no chain from checkout-service to db-v2-migration was found." ||
		res.Doubt != "the iteration cap of 1 was reached before the chain was complete" {
		t.Errorf("summary %q, doubt %q (answer %q)", res.Summary, res.Doubt, res.Answer)
	}
	res, _ = agent.New(st).Run(t.Context(), "Who owns the payment service?")
	if res.Summary != "1 answer from payment-service: team-payments." || res.Doubt != "" || !res.Complete {
		t.Errorf("summary %q, doubt %q", res.Summary, res.Doubt)
	}
}
