package resolve_test

import (
	"context"
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/resolve"
)

// Find proposes merges with their evidence; Apply merges one, and Undo
// puts the graph back.
func Example() {
	g := &resolve.Graph{Triples: []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "Auth-Service"},
		{Subject: "Authentication-API", Relation: "READS_FROM", Object: "auth-db"},
		{Subject: "checkout", Relation: "CALLS", Object: "payment-svc"},
		{Subject: "Payment Service", Relation: "WRITES_TO", Object: "payment-events-queue"},
	}}
	cands, err := resolve.Find(context.Background(), resolve.Entities(g.Triples, g.Schema), resolve.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range cands {
		fmt.Printf("%s → %s (%.2f, %s)\n", c.Merge.Name, c.Keep.Name, c.Confidence, c.Evidence[0].Signal)
	}
	rec, _ := resolve.Apply(g, cands[0].Keep, cands[0].Merge)
	fmt.Println(len(resolve.Entities(g.Triples, nil)), "entities after the first merge; alias kept:", g.Schema.Entities[0].Aliases)
	resolve.Undo(g, rec)
	fmt.Println(len(resolve.Entities(g.Triples, nil)), "entities after undo")
	// Output:
	// Payment Service → payment-svc (0.95, normalized)
	// Authentication-API → Auth-Service (0.80, abbreviation)
	// 7 entities after the first merge; alias kept: [Payment Service]
	// 8 entities after undo
}
