package cypher_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/demo"
)

// TestIngestInterrupted: an ingest cut off after some batches committed
// leaves a marker saying the graph is partial; running it again completes
// it, and the graph is then exactly what one uninterrupted ingest writes.
func TestIngestInterrupted(t *testing.T) {
	ts, err := demo.Triples()
	if err != nil {
		t.Fatal(err)
	}
	s := openEmpty(t)
	defer s.Close()
	ctx, cancel := context.WithCancel(t.Context())
	committed := 0
	_, err = s.Ingest(ctx, ts, cypher.IngestOptions{BatchSize: 7, Workers: 1, Source: "demo", Progress: func(phase string, done, total int) {
		if phase == cypher.PhaseTriples && done > 0 && committed == 0 {
			committed = done
			cancel() // the process dies here, as far as the graph can tell
		}
	}})
	if err == nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted ingest: %v, want a cancellation", err)
	}
	partial, err := s.PartialIngests(t.Context())
	if err != nil || len(partial) != 1 || partial[0].Source != "demo" || partial[0].Triples != len(ts) || !partial[0].Partial() {
		t.Fatalf("after the interruption: partial ingests %+v, %v; want the demo ingest, unfinished", partial, err)
	}
	_, triples, err := s.Stats(t.Context())
	if err != nil || triples == 0 || triples >= len(ts) {
		t.Fatalf("after the interruption the graph holds %d triples (%v); want some of %d", triples, err, len(ts))
	}
	// The CLI says so to whoever asks (the server's variables are in the
	// environment of the Neo4j tests).
	var out, errs bytes.Buffer
	if code := cli.Main(t.Context(), []string{"ask", "--store", "neo4j", "Who owns the payment service?"}, strings.NewReader(""), &out, &errs); code != 0 {
		t.Fatalf("ask on the partial graph: exit %d: %s", code, errs.String())
	}
	if !strings.Contains(errs.String(), "warning: an ingest into") || !strings.Contains(errs.String(), "demo (") {
		t.Errorf("ask on a partial graph did not warn:\n%s", errs.String())
	}
	if _, err := s.Ingest(t.Context(), ts, cypher.IngestOptions{BatchSize: 7, Source: "demo"}); err != nil {
		t.Fatalf("the ingest run again: %v", err)
	}
	out.Reset()
	errs.Reset()
	if code := cli.Main(t.Context(), []string{"ask", "--store", "neo4j", "Who owns the payment service?"}, strings.NewReader(""), &out, &errs); code != 0 || strings.Contains(errs.String(), "warning") {
		t.Errorf("ask once the ingest finished: exit %d, stderr %q", code, errs.String())
	}
	recs, err := s.Ingests(t.Context())
	if err != nil || len(recs) != 1 || recs[0].Partial() {
		t.Fatalf("after the second run: ingests %+v, %v; want one, finished", recs, err)
	}
	resumed := snapshot(t, s)

	if err := s.Wipe(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Ingest(t.Context(), ts, cypher.IngestOptions{Source: "demo"}); err != nil {
		t.Fatal(err)
	}
	if want := snapshot(t, s); resumed != want {
		t.Errorf("interrupted then completed:\n%s\nwant, as one ingest writes it:\n%s", resumed, want)
	}
}
