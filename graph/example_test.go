package graph_test

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
)

// Without a schema, Infer types the entities by the roles they play and
// reads each relation's meaning from its name.
func ExampleInfer() {
	facts := []graph.Triple{
		{Subject: "order-service", Relation: "DEPENDS_ON", Object: "payment-service"},
		{Subject: "payment-service", Relation: "DEPENDS_ON", Object: "payments-db"},
		{Subject: "team-payments", Relation: "OWNS", Object: "payment-service"},
	}
	s, types := graph.Infer(facts, nil)
	for _, r := range s.Relations {
		fmt.Printf("%s: %v -> %v, %d fact(s)\n", r.Name, r.From, r.To, r.Count)
	}
	fmt.Println("team-payments is a", types["team-payments"])
	// Output:
	// DEPENDS_ON: [DependsOnObject] -> [DependsOnObject], 2 fact(s)
	// OWNS: [OwnsSubject] -> [DependsOnObject], 1 fact(s)
	// team-payments is a OwnsSubject
}

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
