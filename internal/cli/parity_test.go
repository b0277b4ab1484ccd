package cli_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/paritytest"
)

// parityQuestions cover each kind of answer over the trainticket graph: a
// certified closure, an uncertain one, a one-hop relation, a yes/no, a
// relation the graph lacks, a misspelt name (did you mean), and more
// answers than a page holds.
var parityQuestions = []string{
	"What breaks if config-cache goes down?",
	"What depends on the order service?",
	"Who owns the order service?",
	"Does ts-preserve-service depend on orders-db?",
	"Who approved the order service?",
	"Who owns ts-ordr-service?",
	"What does the admin order service depend on?",
}

// TestMCPAskMatchesCLIOnATriplesSnapshot: MCP's ask gives what 'scgraph
// ask --json' gives on a snapshot of triples (package cypher's
// TestMCPAskMatchesCLIOnNeo4j does the same on Neo4j, and
// TestMCPAskMatchesCLIOnDocuments on a documents snapshot).
func TestMCPAskMatchesCLIOnATriplesSnapshot(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "trainticket.snap")
	noEnv := func(string) string { return "" }
	var out strings.Builder
	if code := cli.MainEnv(t.Context(), []string{"ingest", "--quiet", "-o", snap, filepath.Join("..", "..", "testdata", "zeroshot", "trainticket.jsonl")}, strings.NewReader(""), &out, &out, noEnv); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, out.String())
	}
	answers := paritytest.Check(t, []string{"--graph", snap}, noEnv, parityQuestions)
	checkParityAnswers(t, answers)
}

// checkParityAnswers checks that the questions exercised what they are
// there for.
func checkParityAnswers(t *testing.T, answers []paritytest.Answer) {
	t.Helper()
	stops := map[string]bool{}
	for _, a := range answers {
		stops[a.StopReason] = true
		for _, s := range a.Answers {
			if strings.Contains(s, "Object)") || strings.Contains(s, "Subject)") {
				t.Errorf("an inferred type name in an answer: %s", s)
			}
		}
	}
	for _, want := range []string{"complete", "uncertain", "no_relation", "no_anchor"} {
		if !stops[want] {
			t.Errorf("no question ended %s: %v", want, stops)
		}
	}
	if dym := answers[5].DidYouMean; len(dym) == 0 || dym[0] != "ts-order-service" {
		t.Errorf("%q: did you mean %q", parityQuestions[5], dym)
	}
	if answers[1].Doubt == "" || answers[1].Summary == "" || answers[1].Confidence == 0 {
		t.Errorf("%q: %+v", parityQuestions[1], answers[1])
	}
}
