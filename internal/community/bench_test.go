package community_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/gen"
	"github.com/scgraph/scgraph/internal/triplefile"
)

// BenchmarkBuild measures finding and summarising the communities of the
// demo corpus and of a generated service graph of 10,000 triples (no
// documents), from scratch and again over an unchanged earlier build.
func BenchmarkBuild(b *testing.B) {
	ctx := context.Background()
	ix := ingest(b, corpus, nil)
	cases := []struct {
		name string
		in   community.Input
	}{{"demo-corpus", input(b, ix)}}

	path := filepath.Join(b.TempDir(), "gen.jsonl")
	w, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := gen.Generate(gen.Options{Triples: 10000, Seed: 1}).WriteTriples(w, gen.JSONL); err != nil {
		b.Fatal(err)
	}
	w.Close()
	ts, err := triplefile.Read(path, triplefile.FormatJSONL, triplefile.Options{})
	if err != nil {
		b.Fatal(err)
	}
	cases = append(cases, struct {
		name string
		in   community.Input
	}{"generated-10k", community.Input{Facts: ts, Schema: gen.Schema()}})

	for _, c := range cases {
		first, _, err := community.Build(ctx, c.in, nil, community.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/fresh", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := community.Build(ctx, c.in, nil, community.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(first.Communities)), "communities")
		})
		b.Run(c.name+"/unchanged", func(b *testing.B) {
			for b.Loop() {
				if _, _, err := community.Build(ctx, c.in, first, community.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
