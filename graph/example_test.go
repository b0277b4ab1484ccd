package graph_test

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
)

// A path prints the way the answers show their evidence.
func ExamplePath() {
	p := graph.Path{Hops: []graph.Hop{
		{From: "payment-service", Relation: "DEPENDS_ON", To: "order-service", Direction: graph.In},
		{From: "order-service", Relation: "OWNS", To: "team-orders", Direction: graph.In},
	}}
	fmt.Println(p)
	fmt.Println(p.Start(), "->", p.End(), "in", p.Len(), "hops")
	// Output:
	// payment-service <-DEPENDS_ON- order-service <-OWNS- team-orders
	// payment-service -> team-orders in 2 hops
}
