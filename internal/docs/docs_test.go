package docs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/triplefile"
)

const corpus = "../../testdata/docs/demo"

func demoExtractor(t *testing.T) *docs.Extractor {
	t.Helper()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	return docs.NewExtractor(sch, nil, nil)
}

func ingest(t *testing.T, root string, prev *docs.Index) (*docs.Index, docs.Report) {
	t.Helper()
	ix, rep, err := docs.Ingest(context.Background(), root, prev, demoExtractor(t), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix, rep
}

func TestExtractionAgainstGold(t *testing.T) {
	ix, rep := ingest(t, corpus, nil)
	if len(rep.Skipped) > 0 {
		t.Fatalf("skipped: %v", rep.Skipped)
	}
	gold, err := triplefile.Read("../../testdata/docs/demo-gold.jsonl", triplefile.FormatJSONL, triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc := docs.ScoreFacts(ix.Facts(), gold, nil)
	t.Logf("precision %.3f recall %.3f f1 %.3f (%d extracted, %d gold, %d correct)", sc.Precision, sc.Recall, sc.F1, sc.Extracted, sc.Gold, sc.Correct)
	for _, m := range sc.Missed {
		t.Logf("missed: %s %s %s", m.Subject, m.Relation, m.Object)
	}
	for _, w := range sc.Wrong {
		t.Errorf("wrong: %s %s %s (%s)", w.Subject, w.Relation, w.Object, w.Source)
	}
}

func TestDictionaryNormalizesNames(t *testing.T) {
	dir := t.TempDir()
	text := "payment-svc calls the Ledger Service. The PaymentService is owned by team payments.\n"
	if err := os.WriteFile(filepath.Join(dir, "n.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	x := docs.NewExtractor(&graph.Schema{
		Types: []graph.TypeDef{{Name: "Service"}, {Name: "Team"}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Aliases: []string{"calls"}},
			{Name: "OWNS", From: []string{"Team"}, To: []string{"Service"}, InverseAliases: []string{"owned by"}},
		},
		Entities: []graph.EntityDef{{Name: "team-payments", Type: "Team", Aliases: []string{"payments"}}},
	}, []graph.Entity{{Name: "payment-service", Type: "Service"}, {Name: "ledger-service", Type: "Service"}}, nil)
	ix, _, err := docs.Ingest(context.Background(), dir, nil, x, docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range ix.Facts() {
		got = append(got, f.Subject+" "+f.Relation+" "+f.Object)
	}
	want := []string{"payment-service CALLS ledger-service", "team-payments OWNS payment-service"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("facts %q, want %q", got, want)
	}
	for _, m := range ix.Documents[0].Mentions {
		if m.Entity == "payment-service" && m.Confidence < docs.MinMentionConfidence {
			t.Errorf("mention %+v under the linking floor", m)
		}
	}
}

func TestPatternSlotsTakeLists(t *testing.T) {
	dir := t.TempDir()
	text := "The order service writes to the orders queue and to the notifications queue.\n\n" +
		"The checkout service calls the cart service, the payment service and the tax service.\n"
	if err := os.WriteFile(filepath.Join(dir, "n.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(context.Background(), dir, nil, demoExtractor(t), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range ix.Facts() {
		got = append(got, f.Subject+" "+f.Relation+" "+f.Object)
	}
	want := []string{
		"checkout-service CALLS cart-service", "checkout-service CALLS payment-service", "checkout-service CALLS tax-service",
		"order-service WRITES_TO notifications-queue", "order-service WRITES_TO orders-queue",
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("facts %q, want %q", got, want)
	}
}

// TestNamedPipeSkipped: a named pipe with a document's name is reported
// skipped, not waited on (issue 30: `ingest --docs` hung on a FIFO in the
// folder); the documents beside it are read.
func TestNamedPipeSkipped(t *testing.T) {
	dir := t.TempDir()
	text := "The checkout service calls the cart service.\n"
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	type result struct {
		ix  *docs.Index
		rep docs.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		ix, rep, err := docs.Ingest(context.Background(), dir, nil, demoExtractor(t), docs.Options{})
		done <- result{ix, rep, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Ingest still waits on the named pipe after 30s")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.rep.Skipped) != 1 || r.rep.Skipped[0].Path != "pipe.md" || !strings.Contains(r.rep.Skipped[0].Err, "named pipe") {
		t.Errorf("skipped %+v, want pipe.md as a named pipe", r.rep.Skipped)
	}
	if len(r.ix.Documents) != 1 || r.ix.Documents[0].Path != "a.md" {
		t.Errorf("documents %+v, want a.md", r.ix.Documents)
	}
}

// TestScoreInverseRelation checks that a fact whose verb names a concept
// with its subject in the concept's second role ("CNCF hosts Rook") meets
// the gold fact that states it the concept's own way round ("Rook depends
// on CNCF"), and that a verb of its own way round does not ("CNCF depends
// on Rook" is wrong).
func TestScoreInverseRelation(t *testing.T) {
	gold := []graph.Triple{{Subject: "rook", Relation: "DEPENDS_ON", Object: "cncf"}}
	sc := docs.ScoreFacts([]graph.Triple{{Subject: "cncf", Relation: "HOSTS", Object: "rook"}}, gold, nil)
	if sc.Correct != 1 || len(sc.Missed) != 0 {
		t.Errorf("CNCF HOSTS Rook: %d correct, missed %v", sc.Correct, sc.Missed)
	}
	sc = docs.ScoreFacts([]graph.Triple{{Subject: "cncf", Relation: "DEPENDS_ON", Object: "rook"}}, gold, nil)
	if sc.Correct != 0 {
		t.Errorf("CNCF DEPENDS_ON Rook scored correct")
	}
}
