package cypher

import (
	"errors"
	"net/url"
	"strings"
	"time"
)

// Config says which Neo4j server and database to use.
type Config struct {
	// URI is the server's address, e.g. bolt://127.0.0.1:7687 or
	// neo4j://host:7687 (routing).
	URI string
	// Username defaults to "neo4j".
	Username string
	// Password is never printed: errors name the URI only.
	Password string
	// Database defaults to the server's default (home) database.
	Database string
	// ConnectTimeout bounds Open: connecting, the Bolt handshake, the
	// login and the check that the database answers. 0 means
	// DefaultConnectTimeout.
	ConnectTimeout time.Duration
	// CallTimeout bounds each call to the server (a request of the agent,
	// one batch of an ingest) when the caller's context has no earlier
	// deadline. 0 means DefaultCallTimeout. Calls that read or delete the
	// whole graph (retyping after an ingest, Wipe) get BulkTimeout.
	CallTimeout time.Duration
}

// Timeouts used when Config leaves them zero. Every network operation runs
// under a deadline (the earlier of the caller's and these), because the
// driver can only abandon a read from a server that stopped answering when
// its context has a deadline: a cancelled context without one is not
// noticed until the server speaks.
const (
	DefaultConnectTimeout = 15 * time.Second
	DefaultCallTimeout    = 60 * time.Second
	// BulkTimeout bounds the calls whose work grows with the graph.
	BulkTimeout = 30 * time.Minute
)

// The environment variables ConfigFromEnv reads: those Neo4j's own tools
// (cypher-shell, the drivers' examples) read.
const (
	EnvURI      = "NEO4J_URI"
	EnvUsername = "NEO4J_USERNAME"
	EnvPassword = "NEO4J_PASSWORD"
	EnvDatabase = "NEO4J_DATABASE"
)

// ConfigFromEnv reads NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD and
// NEO4J_DATABASE through getenv (os.Getenv, or a fake in tests). Unset
// variables give empty fields, which Open fills with defaults.
func ConfigFromEnv(getenv func(string) string) Config {
	return Config{
		URI:      strings.TrimSpace(getenv(EnvURI)),
		Username: getenv(EnvUsername),
		Password: getenv(EnvPassword),
		Database: getenv(EnvDatabase),
	}
}

// withDefaults fills the username and the timeouts.
func (c Config) withDefaults() Config {
	if c.Username == "" {
		c.Username = "neo4j"
	}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.CallTimeout <= 0 {
		c.CallTimeout = DefaultCallTimeout
	}
	return c
}

// check rejects a config that cannot name a server.
func (c Config) check() error {
	if c.URI == "" {
		return errors.New("cypher: no Neo4j URI given (set " + EnvURI + ", e.g. bolt://127.0.0.1:7687)")
	}
	return nil
}

// safeURI is the URI as errors show it: a password written into it
// (bolt://user:secret@host) is replaced by "xxxxx".
func (c Config) safeURI() string {
	u, err := url.Parse(c.URI)
	if err != nil || u.User == nil {
		if err != nil && strings.Contains(c.URI, "@") {
			return "(unparsable Neo4j URI)" // it may hold a password
		}
		return c.URI
	}
	return u.Redacted()
}
