package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/evals"
)

func TestEvalDocs(t *testing.T) {
	lookups, questions := "../../testdata/docs/demo-lookups.jsonl", "../../testdata/docs/demo-questions.jsonl"
	// A folder, ingested in memory.
	code, out, errs := runCLI(t, "eval", "--docs", docsCorpus, "--questions", lookups+","+questions, "--json")
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
	ingestDocsJSON(t, "--docs", docsCorpus, "-o", snap)
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
	// A snapshot without its index says what is missing.
	plain := filepath.Join(t.TempDir(), "plain.snap")
	if code, _, errs := runCLI(t, "ingest", "-o", plain, "../../internal/demo/graph.jsonl"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "eval", "--docs", plain, "--questions", lookups); code != 1 || !strings.Contains(errs, "document index") {
		t.Errorf("snapshot without index: exit %d: %s", code, errs)
	}
}
