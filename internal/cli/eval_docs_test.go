package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/evals"
)

func TestEvalDocs(t *testing.T) {
	lookups, questions := "../../testdata/docs/demo-lookups.jsonl", "../../testdata/docs/demo-questions.jsonl"
	// A folder, ingested in memory.
	code, out, errs := runCLI(t, "eval", "--schema", "demo", "--docs", docsCorpus, "--questions", lookups+","+questions, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep evals.DocsReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 2 || rep.Chunks == 0 || len(rep.Sets[0].Modes) != len(evals.PassageModes) {
		t.Fatalf("report: %s", out)
	}
	// A snapshot from ingest --docs gives the same report.
	snap := filepath.Join(t.TempDir(), "c.snap")
	ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap)
	code, out2, errs := runCLI(t, "eval", "--docs", snap, "--questions", lookups+","+questions, "--json")
	if code != 0 || out2 != out {
		t.Fatalf("snapshot: exit %d %s\n%s", code, errs, out2)
	}
	code, md, _ := runCLI(t, "eval", "--docs", snap, "--questions", lookups)
	if code != 0 || !strings.Contains(md, "| demo-lookups | keyword-only |") || !strings.Contains(md, "routed as expected") {
		t.Fatalf("markdown: %s", md)
	}
	// Usage: the documents mode has its own modes.
	if code, _, errs := runCLI(t, "eval", "--docs", snap, "--questions", lookups, "--mode", "all"); code != 2 || !strings.Contains(errs, "--docs") {
		t.Errorf("--docs with --mode: exit %d: %s", code, errs)
	}
	// --report writes the report's JSON and Markdown.
	dir := filepath.Join(t.TempDir(), "rep")
	if code, _, errs := runCLI(t, "eval", "--docs", snap, "--questions", lookups+","+questions, "--report", dir, "--json"); code != 0 {
		t.Fatalf("--report: exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "report.json")); err != nil || string(b) != out {
		t.Errorf("report.json differs from --json: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "report.md")); err != nil || !strings.Contains(string(b), "| demo-questions | graph-only |") {
		t.Errorf("report.md: %v\n%s", err, b)
	}
	if code, _, errs := runCLI(t, "eval", "--docs", snap, "--questions", lookups, "--limit", "3"); code != 2 || !strings.Contains(errs, "--limit") {
		t.Errorf("--docs with --limit: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "eval", "--store", "neo4j", "--docs", docsCorpus, "--questions", lookups); code != 2 || !strings.Contains(errs, "snapshot that was loaded into Neo4j") {
		t.Errorf("--store neo4j with a folder: exit %d: %s", code, errs)
	}
	// A snapshot without its index says what is missing.
	plain := filepath.Join(t.TempDir(), "plain.snap")
	if code, _, errs := runCLI(t, "ingest", "-o", plain, "../../internal/demo/graph.jsonl"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "eval", "--docs", plain, "--questions", lookups); code != 1 || !strings.Contains(errs, "document index") {
		t.Errorf("snapshot without index: exit %d: %s", code, errs)
	}
}
