package agent_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// exampleStore builds a small service graph: web calls checkout, checkout
// calls payments, payments reads from the ledger database, which a
// migration changes; a team owns payments.
func exampleStore() *memstore.Store {
	ctx := context.Background()
	schema := &graph.Schema{
		Types: []graph.TypeDef{
			{Name: "Service", Aliases: []string{"service", "services"}},
			{Name: "Database", Aliases: []string{"database", "db"}},
			{Name: "Migration", Aliases: []string{"migration"}},
			{Name: "Team", Aliases: []string{"team", "teams"}},
		},
		Relations: []graph.RelationDef{
			// The subject depends on the object: if the object fails, the
			// subject is affected.
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Dependency: graph.DependentSubject, Aliases: []string{"calls"}},
			{Name: "READS_FROM", From: []string{"Service"}, To: []string{"Database"}, Dependency: graph.DependentSubject, Aliases: []string{"reads from"}},
			// A migration affects the database it migrates.
			{Name: "MIGRATES", From: []string{"Migration"}, To: []string{"Database"}, Dependency: graph.DependentObject, Aliases: []string{"migrates"}},
			{Name: "OWNS", From: []string{"Team"}, To: []string{"Service"}, Aliases: []string{"owns"}, InverseAliases: []string{"owned by"}},
		},
	}
	triples := []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "checkout"},
		{Subject: "checkout", Relation: "CALLS", Object: "payments"},
		{Subject: "payments", Relation: "READS_FROM", Object: "ledger-db"},
		{Subject: "ledger-v2-migration", Relation: "MIGRATES", Object: "ledger-db"},
		{Subject: "team-money", Relation: "OWNS", Object: "payments"},
	}
	st := memstore.New()
	if err := st.SetSchema(ctx, schema); err != nil {
		log.Fatal(err)
	}
	if _, err := st.AddTriples(ctx, triples); err != nil {
		log.Fatal(err)
	}
	return st
}

// Ask a question over an embedded store and print the answer with its
// chain of evidence.
func Example() {
	a := agent.New(exampleStore())
	res, err := a.Run(context.Background(), "Is web affected by the ledger-v2-migration?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Answer)
	fmt.Println(res.StopReason, res.Complete)
	for _, h := range res.Paths[0].Hops {
		fmt.Printf("  %s -%s-> %s\n", h.Triple().Subject, h.Relation, h.Triple().Object)
	}
	// Output:
	// Yes: web is affected by ledger-v2-migration through a chain of 4 hop(s): web -CALLS-> checkout -CALLS-> payments -READS_FROM-> ledger-db <-MIGRATES- ledger-v2-migration. Read as: whether web reaches ledger-v2-migration, transitively, through CALLS, READS_FROM and MIGRATES.
	// complete true
	//   web -CALLS-> checkout
	//   checkout -CALLS-> payments
	//   payments -READS_FROM-> ledger-db
	//   ledger-v2-migration -MIGRATES-> ledger-db
}

// RunStream reports every step as it ends: here the phases of a closure
// question: the first retrieval walks one hop, the critic names the dead
// ends, and the refiner walks the closure from them to its end.
func ExampleAgent_RunStream() {
	a := agent.New(exampleStore())
	res, err := a.RunStream(context.Background(), "Which teams are affected if the ledger-db goes down?", func(e agent.Update) {
		fmt.Printf("%d %-8s -> %s\n", e.Entry.Iteration, e.Entry.Phase, e.Entry.Event)
		if e.Verdict != nil && len(e.Verdict.DeadEnds) > 0 {
			fmt.Printf("  dead ends: %d, first %s\n", len(e.Verdict.DeadEnds), e.Verdict.DeadEnds[0].Node)
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Answer)
	// Output:
	// 0 plan     -> planned
	// 0 retrieve -> retrieved
	// 1 critique -> insufficient
	//   dead ends: 1, first payments
	// 1 refine   -> refined
	// 2 critique -> sufficient
	// 2 answer   -> answered
	// 1 answer (Team) from ledger-db: team-money. Read as: everything that depends on ledger-db, transitively, through CALLS, READS_FROM and MIGRATES, then the teams linked to them by OWNS.
}

// WithMaxIterations caps the critique rounds. At the cap the run still
// returns a result, the best so far, with ErrIterationLimit.
func ExampleOptions() {
	a := agent.New(exampleStore(), func(o *agent.Options) { o.MaxIterations = 1 })
	res, err := a.Run(context.Background(), "Is web affected by the ledger-v2-migration?")
	fmt.Println(errors.Is(err, agent.ErrIterationLimit))
	fmt.Println(res.StopReason, res.Iterations, res.Complete)
	fmt.Println(res.Answer)
	// Output:
	// true
	// iteration_limit 1 false
	// Unknown: no chain from web to ledger-v2-migration was found (partial: the iteration cap of 1 was reached). Read as: whether web reaches ledger-v2-migration, transitively, through CALLS, READS_FROM and MIGRATES.
}

// The README's example (a test keeps the README's copy equal to this
// function's body): no schema, no lexicon, a graph of three facts.
func Example_readme() {
	ctx := context.Background()
	// memstore.Open(ctx, "graph.snap", memstore.OpenOptions{}) loads a file; cypher.Open talks to Neo4j.
	store := memstore.New()
	if _, err := store.AddTriples(ctx, []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "checkout"},
		{Subject: "checkout", Relation: "CALLS", Object: "payments"},
		{Subject: "payments", Relation: "READS_FROM", Object: "ledger-db"},
	}); err != nil {
		log.Fatal(err)
	}
	a := agent.New(store)
	res, err := a.Run(ctx, "What breaks if ledger-db goes down?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Answer)
	for _, p := range res.Paths {
		fmt.Println(" ", p)
	}
	// Output:
	// 3 answers from ledger-db: payments, checkout, web. Read as: everything that depends on ledger-db, transitively, through CALLS and READS_FROM.
	//   ledger-db <-READS_FROM- payments
	//   ledger-db <-READS_FROM- payments <-CALLS- checkout
	//   ledger-db <-READS_FROM- payments <-CALLS- checkout <-CALLS- web
}
