package cypher_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/paritytest"
)

// TestMCPAskMatchesCLIOnNeo4j: on Neo4j, MCP's ask gives what 'scgraph ask
// --json' gives (package cli's TestMCPAskMatchesCLIOnATriplesSnapshot asks
// the same questions of a snapshot).
func TestMCPAskMatchesCLIOnNeo4j(t *testing.T) {
	s := openEmpty(t)
	s.Close()
	env := map[string]string{}
	for _, k := range []string{"NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"} {
		env[k] = os.Getenv(k)
	}
	getenv := func(k string) string { return env[k] }
	var out strings.Builder
	graph := filepath.Join("..", "testdata", "zeroshot", "trainticket.jsonl")
	if code := cli.MainEnv(t.Context(), []string{"ingest", "--quiet", "--store", "neo4j", graph}, strings.NewReader(""), &out, &out, getenv); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, out.String())
	}
	answers := paritytest.Check(t, []string{"--store", "neo4j"}, getenv, []string{
		"What breaks if config-cache goes down?",
		"What depends on the order service?",
		"Who owns the order service?",
		"Does ts-preserve-service depend on orders-db?",
		"Who approved the order service?",
		"Who owns ts-ordr-service?",
		"What does the admin order service depend on?",
	})
	stops := map[string]bool{}
	for _, a := range answers {
		stops[a.StopReason] = true
	}
	for _, want := range []string{"complete", "uncertain", "no_relation", "no_anchor"} {
		if !stops[want] {
			t.Errorf("no question ended %s on Neo4j: %v", want, stops)
		}
	}
	if dym := answers[5].DidYouMean; len(dym) == 0 || dym[0] != "ts-order-service" {
		t.Errorf("did you mean %q on Neo4j", dym)
	}
}
