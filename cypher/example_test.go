package cypher_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
)

// Open a Neo4j store from the environment (NEO4J_URI, NEO4J_USERNAME,
// NEO4J_PASSWORD, NEO4J_DATABASE) and ask the agent over it. (It needs a
// server, so it is compiled but not run by go test; `scripts/neo4j start`
// runs one.)
func Example() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := cypher.Open(ctx, cypher.ConfigFromEnv(os.Getenv))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	res, err := agent.New(st).Run(ctx, "Which teams are affected if the payment service goes down?")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Answer)
}
