package docs_test

import (
	"context"
	"io/fs"
	"path/filepath"
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

// BenchmarkOpenIngest measures the open-vocabulary extractor (no schema, no
// dictionary) reading the public corpora of testdata/docs from scratch,
// with the facts resolved across documents: documents and bytes a second.
func BenchmarkOpenIngest(b *testing.B) {
	ctx := context.Background()
	for _, c := range []string{"boutique", "otel-demo", "anthos", "zulip", "argocd", "thanos"} {
		root := "../../testdata/docs/" + c
		b.Run(c, func(b *testing.B) {
			x := docs.NewExtractor(nil, nil, nil)
			var n, size int
			if err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				fi, err := d.Info()
				if err != nil {
					return err
				}
				n++
				size += int(fi.Size())
				return nil
			}); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(size))
			for b.Loop() {
				ix, _, err := docs.Ingest(ctx, root, nil, x, docs.Options{})
				if err != nil {
					b.Fatal(err)
				}
				_ = ix.Triples()
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
		})
	}
}
