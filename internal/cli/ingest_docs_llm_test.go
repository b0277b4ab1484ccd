package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/docs"
)

// markExtract is the first line of the extraction prompt.
const markExtract = "Task: extract entities and relations"

// TestIngestDocsLLM ingests the demo corpus through a local
// OpenAI-compatible server that gives every chunk the same reply: the
// relation is kept in the chunks that name both its ends, dropped as a
// hallucination elsewhere, and recorded with the model in provenance.
func TestIngestDocsLLM(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{markExtract: {{content: `{"entities": [],
 "relations": [{"subject": "payment-svc", "relation": "CALLS", "object": "the ledger service", "confidence": 0.9}]}`}}})
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	res := ingestDocsJSON(t, "--schema", "demo", "--docs", docsCorpus, "-o", snap, "--llm", "openai:test-model", "--llm-base-url", srv.URL+"/v1")
	if res.LLM == nil || res.LLM.Chunks != res.Chunks || res.LLM.Calls != res.Chunks || res.LLM.Kept == 0 ||
		res.LLM.DropCounts()[docs.DropHallucinated] != res.LLM.Proposed-res.LLM.Kept || len(res.LLM.Fallbacks) != 0 {
		t.Fatalf("llm stats %+v (chunks %d)", res.LLM, res.Chunks)
	}
	ix, err := docs.ReadIndexFile(docs.IndexPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	sup := ix.Support("payment-service", "CALLS", "ledger-service")
	if len(sup) != res.LLM.Kept || res.Facts != 1 {
		t.Fatalf("%d facts, support %+v; want the one fact, once per chunk naming both ends", res.Facts, sup)
	}
	for _, s := range sup {
		if s.Extractor != "llm:openai:test-model" || s.Confidence != 0.9 {
			t.Errorf("statement %+v", s)
		}
	}
}

func TestIngestDocsLLMBrokenReplies(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{markExtract: {{content: "Sure! The payment service calls the ledger."}}})
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	args := []string{"ingest", "--schema", "demo", "--docs", docsCorpus, "-o", snap, "--quiet", "--llm", "openai:test-model", "--llm-base-url", srv.URL + "/v1"}
	code, out, errs := runCLI(t, args...)
	if code != 0 || !strings.Contains(errs, "warning: the rules read") || !strings.Contains(errs, "services/payment-service.md#0:") ||
		!strings.Contains(out, "LLM extraction (openai:test-model at ") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	os.Remove(snap)
	code, _, errs = runCLI(t, append(args, "--llm-required", "--fresh")...)
	if code != 1 || !strings.Contains(errs, "could not be used") {
		t.Fatalf("--llm-required: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(snap); !os.IsNotExist(err) {
		t.Fatalf("--llm-required wrote %s although the ingest failed", snap)
	}
}
