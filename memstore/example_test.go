package memstore_test

import (
	"context"
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// The embedded store needs no server: add facts, then link mentions and
// expand from them.
func Example() {
	ctx := context.Background()
	st := memstore.New()
	st.AddTriples(ctx, []graph.Triple{
		{Subject: "checkout-service", Relation: "CALLS", Object: "payment-service"},
		{Subject: "payment-service", Relation: "READS_FROM", Object: "payments-db"},
	})
	ms, _ := st.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"the payment svc"}})
	fmt.Println(ms[0][0].Entity.Name, ms[0][0].Method)
	x, _ := st.Expand(ctx, graph.ExpandRequest{From: []string{"payment-service"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}})
	for _, h := range x.Hops[0] {
		fmt.Println(h)
	}
	// Output:
	// payment-service normalized
	// payment-service <-CALLS- checkout-service
	// payment-service -READS_FROM-> payments-db
}
