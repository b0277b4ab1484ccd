package infer_test

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
)

// Without a schema, Infer types the entities by the roles they play and
// reads each relation's meaning from its name.
func ExampleInfer() {
	facts := []graph.Triple{
		{Subject: "order-service", Relation: "DEPENDS_ON", Object: "payment-service"},
		{Subject: "payment-service", Relation: "DEPENDS_ON", Object: "payments-db"},
		{Subject: "team-payments", Relation: "OWNS", Object: "payment-service"},
	}
	s, types := infer.Infer(facts, nil)
	for _, r := range s.Relations {
		fmt.Printf("%s: %v -> %v, %d fact(s)\n", r.Name, r.From, r.To, r.Count)
	}
	fmt.Println("team-payments is a", types["team-payments"])
	// Output:
	// DEPENDS_ON: [DependsOnObject] -> [DependsOnObject], 2 fact(s)
	// OWNS: [OwnsSubject] -> [DependsOnObject], 1 fact(s)
	// team-payments is a OwnsSubject
}
