package community_test

import (
	"context"
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/community"
)

// Two teams' services, joined by one call: two communities. The schema
// says CALLS is a dependency (the caller is affected when the callee
// fails), so the shared database is each group's single point of failure.
func Example() {
	calls := func(s, o string) graph.Triple { return graph.Triple{Subject: s, Relation: "CALLS", Object: o} }
	facts := []graph.Triple{
		calls("web", "cart"), calls("web", "search"), calls("cart", "cart-db"), calls("search", "cart"),
		calls("billing", "ledger"), calls("invoices", "ledger"), calls("ledger", "ledger-db"), calls("invoices", "billing"),
		calls("cart", "billing"),
	}
	schema := &graph.Schema{Relations: []graph.RelationDef{{Name: "CALLS", Dependency: graph.DependentSubject}}}
	f, _, err := community.Build(context.Background(), community.Input{Facts: facts, Schema: schema}, nil, community.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range f.Communities {
		fmt.Printf("%s: single point %s (a failure reaches %d)\n", c.Title, c.SinglePoints[0].Name, c.SinglePoints[0].Dependents)
	}
	a, err := community.NewAnswerer(f, community.AnswerOptions{Top: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	ans, err := a.AnswerGlobal(context.Background(), "where are our single points of failure?")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ans.Kind, "→", ans.Summaries[0].Title)
	// Output:
	// ledger, billing, invoices and 1 more: single point ledger-db (a failure reaches 6)
	// cart, search, web and 1 more: single point cart-db (a failure reaches 3)
	// risks → ledger, billing, invoices and 1 more
}
