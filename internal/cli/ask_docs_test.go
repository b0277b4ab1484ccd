package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/route"
)

// TestAskDocsRoutes asks the three kinds of question on a snapshot with a
// document index and checks each answer's route, passages and output.
func TestAskDocsRoutes(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap)

	// A lookup: a flat passage search, no agent.
	code, out, errs := runCLI(t, "ask", "--graph", snap, "--json", "Where is the runbook for the db-v2 cutover?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var lookup docqa.Answer
	if err := json.Unmarshal([]byte(out), &lookup); err != nil {
		t.Fatal(err)
	}
	if lookup.Route.Route != route.Lookup || len(lookup.Passages) == 0 || lookup.Passages[0].Document != "runbooks/db-v2-cutover.md" {
		t.Fatalf("lookup: %s", out)
	}
	if strings.Contains(out, `"trace"`) || strings.Contains(out, `"paths"`) {
		t.Errorf("a lookup ran the agent:\n%s", out)
	}

	// A relation question: the agent, its cited passages and the related
	// passages with their ranks.
	code, out, errs = runCLI(t, "ask", "--graph", snap, "--json", "--passages", "3", "Which teams are affected if db-v2 goes down?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rel struct {
		Answers []struct {
			Name string `json:"name"`
		} `json:"answers"`
		Route           route.Decision   `json:"route"`
		Citations       []any            `json:"citations"`
		RelatedPassages []hybrid.Passage `json:"related_passages"`
		Trace           []any            `json:"trace"`
	}
	if err := json.Unmarshal([]byte(out), &rel); err != nil {
		t.Fatal(err)
	}
	if rel.Route.Route != route.Relation || len(rel.Answers) == 0 || len(rel.Citations) == 0 || len(rel.Trace) == 0 {
		t.Fatalf("relation: %s", out)
	}
	if len(rel.RelatedPassages) != 3 {
		t.Fatalf("%d related passages, want --passages 3", len(rel.RelatedPassages))
	}
	for _, p := range rel.RelatedPassages {
		if p.Ranks.Semantic == 0 && p.Ranks.Keyword == 0 && p.Ranks.Graph == 0 {
			t.Errorf("related passage %s has no rank", p.Chunk)
		}
	}

	// A global question: ingest --docs made the communities beside the
	// snapshot, and their summaries answer it, citing passages.
	code, out, errs = runCLI(t, "ask", "--graph", snap, "--json", "What are the biggest risks in our infrastructure?")
	var global docqa.Answer
	if code != 0 || json.Unmarshal([]byte(out), &global) != nil {
		t.Fatalf("global: exit %d %s\n%s", code, errs, out)
	}
	if global.Route.Route != route.Global || global.Global == nil || len(global.Global.Summaries) == 0 || global.Note != "" {
		t.Fatalf("global question not answered by the summaries:\n%s", out)
	}
	for _, s := range global.Global.Summaries {
		if len(s.Chunks) == 0 || !strings.Contains(s.Chunks[0], ".md:") {
			t.Errorf("summary %s cites no passage: %v", s.ID, s.Chunks)
		}
	}
	code, out, errs = runCLI(t, "ask", "--graph", snap, "--trace", "What are the biggest risks in our infrastructure?")
	for _, want := range []string{"Cited summaries:", "Route: global", "route    → global", "global   → answered"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("global answer without %q (exit %d %s):\n%s", want, code, errs, out)
		}
	}
	// Without community summaries it says so and searches.
	if err := os.Remove(community.Path(snap)); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "ask", "--graph", snap, "--trace", "What are the biggest risks in our infrastructure?")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"No community summaries are configured", "Passages (", "Route: global", "route    → global"} {
		if !strings.Contains(out, want) {
			t.Errorf("global answer without %q:\n%s", want, out)
		}
	}

	// --route overrules the router, and the reason says what it would
	// have taken.
	code, out, errs = runCLI(t, "ask", "--graph", snap, "--json", "--route", "lookup", "Which teams are affected if db-v2 goes down?")
	var forced docqa.Answer
	if code != 0 || json.Unmarshal([]byte(out), &forced) != nil || forced.Route.Route != route.Lookup ||
		!strings.Contains(forced.Route.Reason, "would take relation") || strings.Contains(out, `"paths"`) {
		t.Errorf("--route lookup: exit %d %s\n%s", code, errs, out)
	}
	if code, _, errs := runCLI(t, "ask", "--graph", snap, "--route", "vector", "x"); code != 2 || !strings.Contains(errs, "lookup, relation or global") {
		t.Errorf("--route vector: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "ask", "--graph", snap, "--passages", "0", "x"); code != 2 || !strings.Contains(errs, "--passages") {
		t.Errorf("--passages 0: exit %d: %s", code, errs)
	}

	// --docs-index names the index of a graph that has none beside it
	// (a database loaded from the snapshot): the same routes.
	elsewhere := filepath.Join(t.TempDir(), "moved.snap")
	b, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(elsewhere, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ = runCLI(t, "ask", "--graph", elsewhere, "--json", "Where is the runbook for the db-v2 cutover?")
	if strings.Contains(out, `"route"`) {
		t.Errorf("a snapshot without an index beside it was routed:\n%s", out)
	}
	code, out, errs = runCLI(t, "ask", "--graph", elsewhere, "--docs-index", docs.IndexPath(snap), "--json", "Where is the runbook for the db-v2 cutover?")
	var moved docqa.Answer
	if code != 0 || json.Unmarshal([]byte(out), &moved) != nil || moved.Route.Route != route.Lookup || len(moved.Passages) == 0 {
		t.Errorf("--docs-index: exit %d %s\n%s", code, errs, out)
	}
	if code, _, errs := runCLI(t, "ask", "--graph", elsewhere, "--docs-index", docs.IndexPath(snap), "--groups", "ops", "x"); code != 2 || !strings.Contains(errs, "--groups") {
		t.Errorf("--docs-index with --groups: exit %d: %s", code, errs)
	}

	// The human output of a relation question shows the route in the
	// trace, before the agent's steps.
	_, out, _ = runCLI(t, "ask", "--graph", snap, "--trace", "What does the payment service depend on?")
	if !strings.Contains(out, "Related passages") || !strings.Contains(out, "route    → relation") || strings.Index(out, "route    → relation") > strings.Index(out, "plan     → planned") {
		t.Errorf("relation output:\n%s", out)
	}
}
