package cli

import (
	"context"
	"flag"

	"github.com/scgraph/scgraph/cypher"
)

// neo4jFlags are the connection flags, defaulting to the variables
// Neo4j's own tools read.
type neo4jFlags struct {
	uri, username, password, database string
}

func (n *neo4jFlags) register(fs *flag.FlagSet, e *env) {
	fs.StringVar(&n.uri, "neo4j-uri", e.getenv("NEO4J_URI"), "Neo4j `URI`, e.g. bolt://127.0.0.1:7687 (env NEO4J_URI)")
	user := e.getenv("NEO4J_USERNAME")
	if user == "" {
		user = "neo4j"
	}
	fs.StringVar(&n.username, "neo4j-user", user, "Neo4j `user` (env NEO4J_USERNAME)")
	n.password = e.getenv("NEO4J_PASSWORD")
	db := e.getenv("NEO4J_DATABASE")
	if db == "" {
		db = "neo4j"
	}
	fs.StringVar(&n.database, "neo4j-database", db, "Neo4j `database` (env NEO4J_DATABASE); the password is read from NEO4J_PASSWORD only")
}

// openStore connects to the server the flags name.
func (n *neo4jFlags) openStore(ctx context.Context) (*cypher.Store, error) {
	if n.uri == "" {
		return nil, usagef("the Neo4j store needs a server: set NEO4J_URI or --neo4j-uri (e.g. bolt://127.0.0.1:7687), and NEO4J_PASSWORD")
	}
	return cypher.Open(ctx, cypher.Config{URI: n.uri, Username: n.username, Password: n.password, Database: n.database})
}
