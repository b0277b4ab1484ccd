package docs_test

import (
	"context"
	"testing"

	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
)

// BenchmarkIngest measures extracting the demo corpus from scratch and
// re-ingesting it unchanged over its index (hashing only).
func BenchmarkIngest(b *testing.B) {
	sch, err := demo.Schema()
	if err != nil {
		b.Fatal(err)
	}
	x := docs.NewExtractor(sch, nil, nil)
	ctx := context.Background()
	first, _, err := docs.Ingest(ctx, corpus, nil, x, docs.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := docs.Ingest(ctx, corpus, nil, x, docs.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(first.Documents)), "docs")
	})
	b.Run("unchanged", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := docs.Ingest(ctx, corpus, first, x, docs.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
