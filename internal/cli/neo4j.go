package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/scgraph/scgraph/cypher"
)

// neo4jFlags are the connection flags, defaulting to the variables
// Neo4j's own tools read.
type neo4jFlags struct {
	uri, username, password, database string
	// timeout, when set by the command (its --timeout), bounds connecting
	// when it is earlier than cypher.DefaultConnectTimeout (connectTimeout).
	timeout time.Duration
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
	return cypher.Open(ctx, cypher.Config{URI: n.uri, Username: n.username, Password: n.password, Database: n.database, ConnectTimeout: n.connectTimeout()})
}

// connectTimeout bounds connecting: cypher.DefaultConnectTimeout, or the
// command's limit when that is earlier.
func (n *neo4jFlags) connectTimeout() time.Duration {
	if n.timeout > 0 && n.timeout < cypher.DefaultConnectTimeout {
		return n.timeout
	}
	return cypher.DefaultConnectTimeout
}

// open opens the Neo4j graph for the agent, warning on w when an ingest
// into it never finished (answers may then miss facts). A scoped caller
// is told only that much: an ingest's source and counts may speak of
// facts it must not see.
func (n *neo4jFlags) open(ctx context.Context, w io.Writer, scoped bool) (*openedGraph, error) {
	st, err := n.openStore(ctx)
	if err != nil {
		return nil, err
	}
	partial, err := st.PartialIngests(ctx)
	if err != nil {
		st.Close()
		return nil, err
	}
	for _, r := range partial {
		if scoped {
			fmt.Fprintf(w, "warning: an ingest into %s did not finish; answers may miss facts until it is run again\n", st)
			break
		}
		fmt.Fprintf(w, "warning: an ingest into %s did not finish: %s; answers may miss facts until the same ingest is run again (scgraph ingest --store neo4j ...)\n", st, r)
	}
	return &openedGraph{Graph: st, Desc: st.String(), Close: st.Close}, nil
}
