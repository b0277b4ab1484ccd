package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
)

// communitiesJSON runs `scgraph communities --json` and decodes the result.
func communitiesJSON(t *testing.T, v any, args ...string) string {
	t.Helper()
	code, out, errs := runCLI(t, append([]string{"communities", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("communities %v: exit %d: %s", args, code, errs)
	}
	decodeOneJSON(t, out, v)
	return errs
}

// TestIngestDocsThenGlobalQuestion: ingest --docs writes the communities
// beside the snapshot; 'communities' lists them without rewriting, and a
// global question is routed to the summaries and cites passages that the
// document index holds.
func TestIngestDocsThenGlobalQuestion(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	res := ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap)
	if res.Communities.File != community.Path(snap) || res.Communities.Count == 0 || len(res.Communities.Report.Written) != res.Communities.Count {
		t.Fatalf("ingest communities: %+v", res.Communities)
	}
	var list communitiesResult
	communitiesJSON(t, &list, "--graph", snap)
	if list.Written || len(list.Report.Kept) != res.Communities.Count || len(list.Communities) != res.Communities.Count {
		t.Fatalf("communities after ingest: written %v, report %+v", list.Written, list.Report)
	}
	for _, c := range list.Communities {
		if c.Summary == "" || len(c.Passages) == 0 || c.Vector != nil {
			t.Fatalf("community %s: summary %q, %d passages, vector printed: %v", c.ID, c.Summary, len(c.Passages), c.Vector != nil)
		}
	}

	ix, err := docs.ReadIndexFile(docs.IndexPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	var ans globalResult
	communitiesJSON(t, &ans, "--graph", snap, "what are the biggest risks in our infrastructure?")
	if ans.Route != "global" || ans.Kind != community.Risks || len(ans.Summaries) == 0 || !strings.Contains(ans.Text, "[1]") {
		t.Fatalf("answer: route %q, kind %v, %d summaries, text %q", ans.Route, ans.Kind, len(ans.Summaries), ans.Text)
	}
	for _, s := range ans.Summaries {
		for _, p := range s.Passages {
			if _, ok := ix.Chunk(p.Chunk); !ok || ix.Document(p.Document) == nil {
				t.Fatalf("summary %d cites %s in %s, which the index does not hold", s.N, p.Chunk, p.Document)
			}
		}
	}

	code, out, errs := runCLI(t, "communities", "--graph", snap, "where are our single points of failure?")
	if code != 0 || !strings.Contains(out, "Route: global") || !strings.Contains(out, "Cited summaries and passages:") ||
		!strings.Contains(out, "[1] "+ans.Summaries[0].Title) {
		t.Fatalf("exit %d, stderr %q, output:\n%s", code, errs, out)
	}
}

// TestReingestRefreshesOnlyTheEditedCommunity: after editing one document,
// ingest --docs summarises exactly one community again.
func TestReingestRefreshesOnlyTheEditedCommunity(t *testing.T) {
	dir := docstest.CopyDemo(t)
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	first := ingestDocsJSON(t, "--schema", "demo", "--docs", dir, "-o", snap)
	doc := filepath.Join(dir, "ownership", "team-identity.md")
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, append(b, []byte("\nThe identity team also owns the session cache.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	again := ingestDocsJSON(t, "--schema", "demo", "--docs", dir, "-o", snap)
	rep := again.Communities.Report
	if len(rep.Written) != 1 || len(rep.Kept) != first.Communities.Count-1 {
		t.Fatalf("re-ingest after one edit: %+v, want one community summarised and %d kept", rep, first.Communities.Count-1)
	}
	f, err := community.ReadFile(community.Path(snap))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(f.Communities, func(c community.Community) bool { return c.ID == rep.Written[0] })
	if i < 0 || !slices.ContainsFunc(f.Communities[i].Members, func(m community.Member) bool { return m.Name == "team-identity" }) {
		t.Fatalf("the community summarised again is not the identity team's: %+v", rep)
	}
}

// TestCommunitiesWithModel: the model's summary is used where it is
// grounded (it names the community's members), the extractive one stays
// elsewhere, with a warning.
func TestCommunitiesWithModel(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap)
	const summary = "payment-service takes card payments and relies on ledger-service and fraud-detection-service."
	srv := newChatServer(t, map[string][]scripted{"": {{content: summary}}})
	var res communitiesResult
	errs := communitiesJSON(t, &res, "--graph", snap, "--fresh", "--llm", "openai:test-model", "--llm-base-url", srv.URL+"/v1")
	byModel := 0
	for _, c := range res.Communities {
		grounded := slices.ContainsFunc(c.Members, func(m community.Member) bool { return strings.Contains(summary, m.Name) })
		switch {
		case grounded && (c.Writer != "llm:openai:test-model" || c.Summary != summary):
			t.Errorf("community %s names payment-service etc. but has %s's summary %q", c.ID, c.Writer, c.Summary)
		case !grounded && c.Writer != community.Extractive:
			t.Errorf("community %s: the model's summary names none of its members, yet writer %s", c.ID, c.Writer)
		case grounded:
			byModel++
		case !strings.Contains(errs, "warning: the model's summary of "+c.ID):
			t.Errorf("no warning for %s in %q", c.ID, errs)
		}
	}
	if byModel != 1 || len(srv.Calls()) != len(res.Communities) {
		t.Fatalf("%d summaries by the model, %d calls for %d communities", byModel, len(srv.Calls()), len(res.Communities))
	}
}

func TestCommunitiesErrors(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap)
	side := community.Path(snap)
	if err := os.WriteFile(side, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "communities", "--graph", snap)
	if code != exitError || !strings.Contains(errs, side) || !strings.Contains(errs, "--fresh") {
		t.Fatalf("a broken communities file: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "communities", "--graph", snap, "--fresh"); code != 0 {
		t.Fatalf("--fresh over a broken file: exit %d, %q", code, errs)
	}
	if _, err := community.ReadFile(side); err != nil {
		t.Fatalf("--fresh did not write a good file: %v", err)
	}
	if code, _, errs := runCLI(t, "communities", "--top", "0"); code != exitUsage || !strings.Contains(errs, "--top") {
		t.Fatalf("--top 0: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "communities", "--graph", filepath.Join(t.TempDir(), "missing.snap")); code != exitError || !strings.Contains(errs, "missing.snap") {
		t.Fatalf("a missing graph: exit %d, %q", code, errs)
	}
	code, out, errs := runCLI(t, "communities", "--help")
	if code != 0 || !strings.Contains(out+errs, "scgraph communities --graph corpus.snap") {
		t.Fatalf("--help: exit %d", code)
	}
}

// TestCommunitiesOnTheDemoGraph: any graph has communities; the built-in
// demo graph (no documents) gets them in memory, nothing written.
func TestCommunitiesOnTheDemoGraph(t *testing.T) {
	var res communitiesResult
	communitiesJSON(t, &res)
	if res.File != "" || res.Written || len(res.Communities) < 2 {
		t.Fatalf("demo graph: file %q, written %v, %d communities", res.File, res.Written, len(res.Communities))
	}
	for _, c := range res.Communities {
		if len(c.Passages) != 0 || c.Summary == "" {
			t.Fatalf("community %s of a graph without documents: %d passages, summary %q", c.ID, len(c.Passages), c.Summary)
		}
	}
	b, _ := json.Marshal(res.Communities)
	var again communitiesResult
	communitiesJSON(t, &again)
	if c, _ := json.Marshal(again.Communities); string(c) != string(b) {
		t.Fatal("two runs on the demo graph gave different communities")
	}
}
