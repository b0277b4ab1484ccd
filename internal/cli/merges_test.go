package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs/docstest"
	"github.com/scgraph/scgraph/internal/resolve"
	"github.com/scgraph/scgraph/memstore"
)

const (
	demoSchemaFile  = "../../internal/demo/schema.json"
	demoCatalog     = "../../testdata/docs/demo-catalog.jsonl"
	demoDuplicates  = "../../testdata/docs/demo-duplicates.jsonl"
	demoGoldFacts   = "../../testdata/docs/demo-gold.jsonl"
	mergesThreshold = "0.8"
)

func mergesJSON(t *testing.T, args ...string) mergesResult {
	t.Helper()
	code, out, errs := runCLI(t, append([]string{"merges"}, append(args, "--json")...)...)
	if code != 0 {
		t.Fatalf("merges %v: exit %d: %s", args, code, errs)
	}
	var res mergesResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("merges --json: %v\n%s", err, out)
	}
	return res
}

// snapshotGraph reads back what a snapshot holds, facts sorted.
func snapshotGraph(t *testing.T, path string) ([]graph.Triple, *graph.Schema) {
	t.Helper()
	st, err := memstore.Open(context.Background(), path, memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ts := st.Triples()
	resolve.SortTriples(ts)
	return ts, st.UserSchema()
}

func findCandidate(cs []resolve.Candidate, a, b string) *resolve.Candidate {
	for i, c := range cs {
		if (c.Keep.Name == a && c.Merge.Name == b) || (c.Keep.Name == b && c.Merge.Name == a) {
			return &cs[i]
		}
	}
	return nil
}

func goldVariants(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(demoDuplicates)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var rec struct{ Name string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		out = append(out, rec.Name)
	}
	return out
}

// TestMergesOnTheDemoCorpus ingests the demo documents with a service
// catalog that names services other ways, lists the candidate merges
// against the gold duplicates, accepts them, undoes them (the graph comes
// back exactly), and re-ingests with them accepted: the documents'
// mentions of the merged names link again.
func TestMergesOnTheDemoCorpus(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	docsDir := docstest.CopyDemo(t)
	ingestArgs := []string{"--docs", docsDir, "--schema", demoSchemaFile, "-o", snap, "--gold", demoGoldFacts, demoCatalog}
	before := ingestDocsJSON(t, ingestArgs...)
	docsOnly := ingestDocsJSON(t, "--docs", docsDir, "--schema", demoSchemaFile, "-o", filepath.Join(dir, "docs.snap"), "--gold", demoGoldFacts)
	if before.Gold.Recall >= docsOnly.Gold.Recall {
		t.Fatalf("the catalog's duplicate names should cost extraction recall (keys two entities share are not linked): %.3f with, %.3f without", before.Gold.Recall, docsOnly.Gold.Recall)
	}
	origTriples, origSchema := snapshotGraph(t, snap)

	list := mergesJSON(t, "list", "--graph", snap, "--gold", demoDuplicates, "--threshold", mergesThreshold)
	sc := list.Gold
	if sc == nil || sc.Duplicates != len(goldVariants(t)) || sc.Found != sc.Duplicates || len(sc.Wrong) > 0 {
		t.Fatalf("against the gold duplicates: %+v", sc)
	}
	for _, p := range [][2]string{{"Auth-Service", "user-auth-service"}, {"Authentication-API", "Auth-Service"}, {"Payment Service", "payment-service"}} {
		if findCandidate(list.Candidates, p[0], p[1]) == nil {
			t.Errorf("%s / %s not proposed", p[0], p[1])
		}
	}
	for _, p := range [][2]string{{"payment-events-consumer", "payment-service"}, {"db-v2-replica", "db-v2"}, {"orders-queue-dlq", "orders-queue"}, {"cart-service-v2", "cart-service"}, {"auth-gateway", "Auth-Service"}, {"payment-gateway", "payment-service"}} {
		if c := findCandidate(list.Candidates, p[0], p[1]); c != nil {
			t.Errorf("%s / %s proposed: %+v", p[0], p[1], c.Evidence)
		}
	}

	// Accept them all; no variant name is left, and a question naming one
	// still links (to the kept entity, through its new alias).
	acc := mergesJSON(t, "accept", "--graph", snap, "--min-confidence", mergesThreshold, "--threshold", mergesThreshold)
	if len(acc.Changed) == 0 || len(acc.Decisions) != len(acc.Changed) {
		t.Fatalf("accept: %+v", acc)
	}
	merged, _ := snapshotGraph(t, snap)
	names := map[string]bool{}
	for _, tr := range merged {
		names[tr.Subject], names[tr.Object] = true, true
	}
	for _, v := range goldVariants(t) {
		if names[v] {
			t.Errorf("%s is still an entity after accepting every candidate", v)
		}
	}
	code, out, errs := runCLI(t, "ask", "--graph", snap, "--json", "Which teams are affected if Auth-Service goes down?")
	if code != 0 || !strings.Contains(out, `"entity": "user-auth-service"`) {
		t.Errorf("a question naming a merged entity: exit %d, %s %s", code, out, errs)
	}
	if again := mergesJSON(t, "list", "--graph", snap, "--threshold", mergesThreshold); len(again.Candidates) != 0 {
		t.Errorf("candidates after accepting all: %+v", again.Candidates)
	}

	// Undo every merge: the snapshot holds exactly the graph before them.
	undo := mergesJSON(t, append([]string{"undo", "--graph", snap}, acc.Changed...)...)
	if len(undo.Decisions) != 0 {
		t.Errorf("decisions left after undoing all: %+v", undo.Decisions)
	}
	gotTriples, gotSchema := snapshotGraph(t, snap)
	if !reflect.DeepEqual(gotTriples, origTriples) || !reflect.DeepEqual(gotSchema, origSchema) {
		t.Fatalf("undoing the merges did not restore the graph: %d triples, want %d", len(gotTriples), len(origTriples))
	}

	// Reject one: never proposed again, until the rejection is undone.
	auth := findCandidate(list.Candidates, "Auth-Service", "user-auth-service")
	mergesJSON(t, "reject", "--graph", snap, auth.ID)
	if c := findCandidate(mergesJSON(t, "list", "--graph", snap).Candidates, "Auth-Service", "user-auth-service"); c != nil {
		t.Errorf("a rejected pair was proposed again")
	}
	mergesJSON(t, "undo", "--graph", snap, auth.ID)
	if c := findCandidate(mergesJSON(t, "list", "--graph", snap).Candidates, "Auth-Service", "user-auth-service"); c == nil {
		t.Errorf("an undone rejection is not proposed again")
	}

	// Accepted merges survive a re-ingest, and the documents' mentions of
	// the merged names link again: recall is back to the documents' own.
	mergesJSON(t, "accept", "--graph", snap, "--min-confidence", mergesThreshold, "--threshold", mergesThreshold)
	after := ingestDocsJSON(t, ingestArgs...)
	if after.Gold.Recall != docsOnly.Gold.Recall || len(after.Gold.Wrong) > 0 {
		t.Errorf("extraction after the merges: recall %.3f, want the documents' own %.3f; wrong %v", after.Gold.Recall, docsOnly.Gold.Recall, after.Gold.Wrong)
	}
	if again := mergesJSON(t, "list", "--graph", snap, "--threshold", mergesThreshold); len(again.Candidates) != 0 {
		t.Errorf("candidates after a re-ingest with the merges accepted: %+v", again.Candidates)
	}

	// Undo them all and ingest again: the snapshot is the one a fresh
	// ingest with no merges writes, byte for byte.
	var ids []string
	for _, d := range mergesJSON(t, "list", "--graph", snap).Decisions {
		ids = append(ids, d.ID)
	}
	mergesJSON(t, append([]string{"undo", "--graph", snap}, ids...)...)
	ingestDocsJSON(t, ingestArgs...)
	fresh := filepath.Join(t.TempDir(), "corpus.snap")
	ingestDocsJSON(t, "--docs", docsDir, "--schema", demoSchemaFile, "-o", fresh, demoCatalog)
	a, errA := os.ReadFile(snap)
	b, errB := os.ReadFile(fresh)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("accept, re-ingest, undo all, re-ingest: the snapshot differs from a fresh ingest (%v, %v)", errA, errB)
	}
}

func TestMergesErrors(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	ingestDocsJSON(t, "--docs", docsCorpus, "--schema", demoSchemaFile, "-o", snap, demoCatalog)
	badAliases := filepath.Join(dir, "aliases.txt")
	if err := os.WriteFile(badAliases, []byte("# aliases\npayment-service: payments api\nno colon here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"merges"}, exitUsage, "say what to do"},
		{[]string{"merges", "merge", "--graph", snap}, exitUsage, `unknown action "merge"`},
		{[]string{"merges", "accept", "--graph", snap}, exitUsage, "accept needs candidate IDs"},
		{[]string{"merges", "list"}, exitUsage, "--graph FILE.snap is required"},
		{[]string{"merges", "accept", "--graph", snap, "m-00000000"}, exitError, "no candidate m-00000000"},
		{[]string{"merges", "undo", "--graph", snap, "m-00000000"}, exitError, "no decision m-00000000"},
		{[]string{"merges", "list", "--graph", demoCatalog}, exitError, "not a scgraph snapshot"},
		{[]string{"merges", "list", "--graph", snap, "--aliases", badAliases}, exitError, "aliases.txt:3: want \"entity: alias, alias\""},
	}
	for _, c := range cases {
		code, _, errs := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
	var help strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &help, stderr: &help, getenv: func(string) string { return "" }}
	if code := mainEnv(context.Background(), []string{"help", "merges"}, e); code != 0 {
		t.Errorf("help merges: exit %d", code)
	}
	for _, w := range []string{"Examples:", "scgraph merges accept --graph corpus.snap m-", "--min-confidence"} {
		if !strings.Contains(help.String(), w) {
			t.Errorf("help lacks %q", w)
		}
	}
	// A broken merges file stops an ingest before anything is written.
	other := filepath.Join(dir, "other.snap")
	if err := os.WriteFile(resolve.MergesPath(other), []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI(t, "ingest", "--docs", docsCorpus, "-o", other)
	if _, err := os.Stat(other); code != exitError || !strings.Contains(errs, "other.merges.json: not a merges file") || !os.IsNotExist(err) {
		t.Errorf("ingest beside a broken merges file: exit %d, %q, snapshot %v", code, errs, err)
	}

	// A text list names the kept entity and the evidence.
	code, out, errs := runCLI(t, "merges", "list", "--graph", snap)
	if code != 0 || !strings.Contains(out, "keep user-auth-service") || !strings.Contains(out, "abbreviation") {
		t.Errorf("list: exit %d\n%s%s", code, out, errs)
	}
}

// With --llm, a model confirms or refutes each candidate (a local
// OpenAI-compatible server stands in for it); a refuted candidate is
// never accepted by --min-confidence.
func TestMergesConfirmedByModel(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	ingestDocsJSON(t, "--docs", docsCorpus, "--schema", demoSchemaFile, "-o", snap, demoCatalog)
	yes := newChatServer(t, map[string][]scripted{"": {{content: `{"same": true, "confidence": 0.9, "reason": "the same service"}`}}})
	list := mergesJSON(t, "list", "--graph", snap, "--llm", "openai:test-model", "--llm-base-url", yes.URL+"/v1")
	if len(list.Candidates) == 0 || len(yes.Calls()) != len(list.Candidates) {
		t.Fatalf("%d candidates, %d model calls", len(list.Candidates), len(yes.Calls()))
	}
	for _, c := range list.Candidates {
		if c.Verdict == nil || !c.Verdict.Same || c.Refuted() || c.Evidence[len(c.Evidence)-1].Signal != resolve.SignalLLM {
			t.Errorf("%s: verdict %+v, evidence %+v", c.ID, c.Verdict, c.Evidence)
		}
	}

	no := newChatServer(t, map[string][]scripted{"": {{content: `{"same": false, "confidence": 0.7, "reason": "different teams run them"}`}}})
	llmArgs := []string{"--llm", "openai:test-model", "--llm-base-url", no.URL + "/v1"}
	code, out, errs := runCLI(t, append([]string{"merges", "list", "--graph", snap}, llmArgs...)...)
	if code != 0 || !strings.Contains(out, "REFUTED by the model") || !strings.Contains(out, "different teams run them") {
		t.Errorf("list with a refuting model: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, append([]string{"merges", "accept", "--graph", snap, "--min-confidence", "0.5"}, llmArgs...)...)
	if code != 0 || !strings.Contains(out, "nothing accepted") {
		t.Errorf("accept with a refuting model: exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(resolve.MergesPath(snap)); !os.IsNotExist(err) {
		t.Errorf("nothing accepted, yet a merges file: %v", err)
	}
}
