package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
	"github.com/scgraph/scgraph/internal/evals"
)

const docsCorpus = "../../testdata/docs/demo"

func ingestDocsJSON(t *testing.T, args ...string) docsIngestResult {
	t.Helper()
	code, out, errs := runCLI(t, append([]string{"ingest", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("ingest %v: exit %d: %s", args, code, errs)
	}
	var res docsIngestResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("ingest --json: %v\n%s", err, out)
	}
	return res
}

// TestIngestDocsThenAskCites ingests the demo corpus and asks its
// questions: every question whose gold facts the extractor found is
// answered with exactly the gold answers, and every hop of the evidence is
// cited with a passage that states it.
func TestIngestDocsThenAskCites(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	res := ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap, "--gold", "../../testdata/docs/demo-gold.jsonl")
	if res.Documents == 0 || res.Documents != len(res.Report.Added) || res.Chunks < res.Documents {
		t.Fatalf("ingest: %+v", res)
	}
	if res.Gold == nil || len(res.Gold.Wrong) > 0 || res.Gold.Correct == 0 {
		t.Fatalf("gold: %+v", res.Gold)
	}
	ix, err := docs.ReadIndexFile(docs.IndexPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	stated := map[[3]string]bool{}
	for _, f := range ix.Facts() {
		stated[[3]string{f.Subject, f.Relation, f.Object}] = true
	}

	qf, err := os.Open("../../testdata/docs/demo-questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer qf.Close()
	asked := 0
	sc := bufio.NewScanner(qf)
	for sc.Scan() {
		var q struct {
			Question  string       `json:"question"`
			Answers   []string     `json:"answers"`
			GoldPaths [][][]string `json:"gold_paths"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		extracted := true
		for _, p := range q.GoldPaths {
			for _, tr := range p {
				extracted = extracted && stated[[3]string{tr[0], tr[1], tr[2]}]
			}
		}
		if !extracted {
			continue // the extractor missed a fact this question needs
		}
		asked++
		code, out, errs := runCLI(t, "ask", "--graph", snap, "--lexicon", "none", "--json", q.Question)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", q.Question, code, errs)
		}
		var got struct {
			Answers []struct {
				Name string `json:"name"`
			} `json:"answers"`
			Paths     []graph.Path    `json:"paths"`
			Citations []docs.Citation `json:"citations"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, a := range got.Answers {
			names = append(names, evals.Normalize(a.Name))
		}
		slices.Sort(names)
		if !slices.Equal(names, q.Answers) && len(q.Answers) > 0 {
			t.Errorf("%s: answers %v, want %v", q.Question, names, q.Answers)
		}
		for _, p := range got.Paths {
			for _, h := range p.Hops {
				tr := h.Triple()
				if !slices.ContainsFunc(got.Citations, func(c docs.Citation) bool {
					return c.Subject == tr.Subject && c.Relation == tr.Relation && c.Object == tr.Object &&
						c.Document == h.Source.File && c.Sentence != "" && c.Chunk != ""
				}) {
					t.Errorf("%s: hop %s is not cited with its source %s", q.Question, h, h.Source)
				}
			}
		}
	}
	if asked == 0 {
		t.Fatal("no question had all its facts extracted")
	}

	// Documents are nodes: "which documents mention X" walks MENTIONS and
	// PART_OF to exactly the documents whose chunks name X.
	var wantDocs []string
	for _, d := range ix.Documents {
		if slices.ContainsFunc(d.Mentions, func(m docs.ChunkMention) bool { return m.Entity == "payment-service" }) {
			wantDocs = append(wantDocs, d.Path)
		}
	}
	_, out, _ := runCLI(t, "ask", "--graph", snap, "--json", "Which documents mention the payment service?")
	var mentioned struct {
		Answers []struct {
			Name string `json:"name"`
		} `json:"answers"`
	}
	if err := json.Unmarshal([]byte(out), &mentioned); err != nil {
		t.Fatal(err)
	}
	var gotDocs []string
	for _, a := range mentioned.Answers {
		gotDocs = append(gotDocs, a.Name)
	}
	slices.Sort(gotDocs)
	if len(wantDocs) == 0 || !slices.Equal(gotDocs, wantDocs) {
		t.Errorf("documents mentioning payment-service: %v, want %v", gotDocs, wantDocs)
	}

	// The human output lists the cited passages.
	_, out, _ = runCLI(t, "ask", "--graph", snap, "Is the checkout service affected by the db-v2 migration?")
	if !strings.Contains(out, "Cited passages:") || !strings.Contains(out, "runbooks/db-v2-cutover.md:") {
		t.Errorf("ask output without citations:\n%s", out)
	}
}

// TestIngestDocsIncrementalMatchesFresh edits, deletes and breaks files,
// re-ingests over the earlier index, and compares with a fresh ingest.
func TestIngestDocsIncrementalMatchesFresh(t *testing.T) {
	docsDir := docstest.CopyDemo(t)
	dir := t.TempDir()
	snap := filepath.Join(dir, "c.snap")
	first := ingestDocsJSON(t, "--schema", "demo", "--docs", docsDir, "-o", snap)

	if err := os.WriteFile(filepath.Join(docsDir, "ownership", "team-orders.md"), []byte("# Team Orders\n\nThe orders team owns order-service.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(docsDir, "design", "shipping.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(docsDir, "notes", "blob.md"), []byte{0, 1, 2, 3}, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "ingest", "--schema", "demo", "--docs", docsDir, "-o", snap)
	if code != 0 || !strings.Contains(errs, "skipped") || !strings.Contains(errs, "blob.md") {
		t.Fatalf("re-ingest: exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "1 changed") || !strings.Contains(out, "1 removed") || !strings.Contains(out, "1 skipped") {
		t.Fatalf("re-ingest summary: %s", out)
	}
	freshSnap := filepath.Join(dir, "fresh.snap")
	fresh := ingestDocsJSON(t, "--schema", "demo", "--docs", docsDir, "-o", freshSnap, "--fresh")
	if fresh.Documents != first.Documents-1 {
		t.Fatalf("fresh ingest: %d documents, want %d", fresh.Documents, first.Documents-1)
	}
	a, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(freshSnap)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("the incrementally updated snapshot differs from a fresh ingest of the same folder")
	}
	// The removed ownership fact is gone from answers too.
	_, out, _ = runCLI(t, "ask", "--graph", snap, "--json", "Who owns db-v2?")
	if strings.Contains(out, `"name": "team-orders"`) {
		t.Errorf("a fact only the edited document stated is still answered:\n%s", out)
	}
}

func TestIngestDocsUsage(t *testing.T) {
	code, _, errs := runCLI(t, "ingest", "--gold", "x.jsonl", "kb.txt")
	if code != 2 || !strings.Contains(errs, "--docs") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "ingest", "--docs", filepath.Join(t.TempDir(), "missing"))
	if code != 1 || !strings.Contains(errs, "missing") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}
