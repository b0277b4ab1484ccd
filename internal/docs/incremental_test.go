package docs_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
	"github.com/scgraph/scgraph/memstore"
)

func hasFact(ix *docs.Index, s, r, o string) bool {
	return slices.ContainsFunc(ix.Facts(), func(t graph.Triple) bool { return t.Subject == s && t.Relation == r && t.Object == o })
}

func snapshotBytes(t *testing.T, ix *docs.Index) []byte {
	t.Helper()
	st := memstore.New()
	if _, err := st.AddTriples(context.Background(), ix.Triples()); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := st.WriteSnapshot(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestIncrementalReingestEqualsFreshIngest(t *testing.T) {
	dir := docstest.CopyDemo(t)
	first, _ := ingest(t, dir, nil)
	if !hasFact(first, "db-v2-proxy", "DEPENDS_ON", "db-v2") || !hasFact(first, "team-checkout", "OWNS", "cart-service") {
		t.Fatal("the corpus should state db-v2-proxy DEPENDS_ON db-v2 and team-checkout OWNS cart-service")
	}
	// Stated twice: in the payment service's page and the incident report.
	if n := len(first.Support("payment-service", "CALLS", "ledger-service")); n < 2 {
		t.Fatalf("payment-service CALLS ledger-service has %d statements, want one per document", n)
	}

	// Edit one document, delete two, add one.
	edit := docstest.EditDemo(t, dir)

	again, rep := ingest(t, dir, first)
	if !slices.Equal(rep.Changed, edit.Changed) || !slices.Equal(rep.Removed, edit.Removed) || !slices.Equal(rep.Added, edit.Added) ||
		len(rep.Unchanged) != len(first.Documents)-3 {
		t.Fatalf("report: %+v", rep)
	}
	if d := again.Document("ownership/team-checkout.md"); d == nil || d.Version != 2 {
		t.Fatalf("edited document: %+v, want version 2", d)
	}
	// Facts whose only support went are gone; facts with other support stay.
	if hasFact(again, "db-v2-proxy", "DEPENDS_ON", "db-v2") || hasFact(again, "team-checkout", "OWNS", "cart-service") {
		t.Error("facts only the removed or changed documents stated are still there")
	}
	if !hasFact(again, "payment-service", "CALLS", "ledger-service") || !hasFact(again, "team-checkout", "OWNS", "tax-service") ||
		!hasFact(again, "checkout-service", "CALLS", "pricing-service") {
		t.Error("facts still stated (or newly stated) are missing")
	}

	fresh, _ := ingest(t, dir, nil)
	if !slices.EqualFunc(again.Triples(), fresh.Triples(), func(a, b graph.Triple) bool { return reflect.DeepEqual(a, b) }) {
		t.Fatal("incremental re-ingest and fresh ingest give different graphs")
	}
	if !bytes.Equal(snapshotBytes(t, again), snapshotBytes(t, fresh)) {
		t.Fatal("incremental re-ingest and fresh ingest give different snapshots")
	}
	// The indexes differ only in the edited document's version.
	for i := range again.Documents {
		a, f := again.Documents[i], fresh.Documents[i]
		a.Version, f.Version = 0, 0
		if a.Path != f.Path || a.Hash != f.Hash || !slices.Equal(a.Chunks, f.Chunks) ||
			!slices.Equal(a.Mentions, f.Mentions) || !slices.Equal(a.Statements, f.Statements) {
			t.Fatalf("document %s differs between incremental and fresh ingest", a.Path)
		}
	}
}

func TestReingestUnchangedExtractsNothing(t *testing.T) {
	first, _ := ingest(t, corpus, nil)
	_, rep := ingest(t, corpus, first)
	if len(rep.Added)+len(rep.Changed)+len(rep.Removed)+len(rep.Reextracted) != 0 || len(rep.Unchanged) != len(first.Documents) {
		t.Fatalf("re-ingesting an unchanged folder: %+v", rep)
	}
	// Another extractor (a pattern file) re-extracts without raising versions.
	p, err := docs.NewPattern("CALLS", "{S} books money with {O}", "test")
	if err != nil {
		t.Fatal(err)
	}
	x := demoExtractor(t)
	x2 := docs.NewExtractor(nil, nil, []docs.Pattern{p})
	if x.Fingerprint() == x2.Fingerprint() {
		t.Fatal("different extractors, same fingerprint")
	}
	again, rep, err := docs.Ingest(context.Background(), corpus, first, x2, docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Reextracted) != len(first.Documents) || again.Documents[0].Version != 1 {
		t.Fatalf("another extractor: %+v", rep)
	}
}

func TestBadFileIsSkippedAndTheRestIngested(t *testing.T) {
	dir := docstest.CopyDemo(t)
	first, _ := ingest(t, dir, nil)
	bad := filepath.Join(dir, "runbooks", "payment-latency.md")
	if err := os.WriteFile(bad, []byte{0xff, 0xfe, 0, 'x'}, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes", "broken.txt"), []byte("caf\xe9 au lait\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh, rep := ingest(t, dir, nil)
	if len(rep.Skipped) != 2 || !strings.Contains(rep.Skipped[0].Err, "notes/broken.txt") || !strings.Contains(rep.Skipped[1].Err, "runbooks/payment-latency.md") {
		t.Fatalf("skipped: %+v", rep.Skipped)
	}
	if len(fresh.Documents) != len(first.Documents)-1 {
		t.Fatalf("fresh ingest kept %d documents, want %d", len(fresh.Documents), len(first.Documents)-1)
	}
	// Re-ingesting over an earlier index keeps the earlier good version.
	again, _ := ingest(t, dir, first)
	if d := again.Document("runbooks/payment-latency.md"); d == nil || d.Version != 1 {
		t.Fatal("the earlier version of an unreadable document was lost")
	}
}

func TestChunksOverlapAndLinkToTheirDocument(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("# Long note\n\n")
	for i := range 12 {
		b.WriteString("Paragraph " + strings.Repeat("word ", 10) + "number " + string(rune('a'+i)) + ".\n\n")
	}
	b.WriteString("The checkout service calls the payment service.\n")
	if err := os.WriteFile(filepath.Join(dir, "long.md"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	x := demoExtractor(t)
	x.ChunkWords = 40
	ix, _, err := docs.Ingest(context.Background(), dir, nil, x, docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs := ix.Documents[0].Chunks
	if len(cs) < 3 {
		t.Fatalf("%d chunks, want several", len(cs))
	}
	for i := 1; i < len(cs); i++ {
		if cs[i].StartLine > cs[i-1].EndLine {
			t.Errorf("chunk %d starts at line %d after chunk %d ends (%d): no overlap", i, cs[i].StartLine, i-1, cs[i-1].EndLine)
		}
	}
	partOf := 0
	for _, tr := range ix.Triples() {
		if tr.Relation == docs.RelPartOf {
			partOf++
			if tr.Object != "long.md" {
				t.Errorf("%s PART_OF %s", tr.Subject, tr.Object)
			}
		}
	}
	if partOf != len(cs) {
		t.Errorf("%d PART_OF edges for %d chunks", partOf, len(cs))
	}
	sup := ix.Support("checkout-service", "CALLS", "payment-service")
	want := slices.Index(strings.Split(b.String(), "\n"), "The checkout service calls the payment service.") + 1
	if len(sup) == 0 || sup[0].Line != want || sup[0].Version != 1 || sup[0].Extractor != docs.ExtractorName || sup[0].Confidence <= 0 {
		t.Fatalf("support: %+v", sup)
	}
}

func TestPatternFileErrorsNameTheLine(t *testing.T) {
	_, err := docs.ReadPatterns(strings.NewReader("# mine\nCALLS: {S} sends requests to {O}\nOWNS {O} belongs to {S}\n"), "p.txt")
	if err == nil || !strings.Contains(err.Error(), "p.txt:3") {
		t.Fatalf("err = %v, want p.txt:3", err)
	}
	_, err = docs.ReadPatterns(strings.NewReader("CALLS: {S} calls\n"), "p.txt")
	if err == nil || !strings.Contains(err.Error(), "p.txt:1") {
		t.Fatalf("err = %v, want p.txt:1", err)
	}
}
