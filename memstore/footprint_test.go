package memstore

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/gen"
)

// footprint returns the bytes of each part of the read side.
func (f *frozen) footprint() map[string]int {
	size := func(n, width int) int { return n * width }
	return map[string]int{
		"names (arena, offsets)":                     len(f.arena) + size(len(f.nameOff), 4),
		"name hash table":                            size(len(f.nameTab), 4),
		"triples (object, relation, line, offsets)":  size(len(f.obj), 4) + size(len(f.rel), 2) + size(len(f.line), 4) + size(len(f.outOff), 4),
		"sources and given types":                    size(len(f.file), 4) + size(len(f.st)+len(f.ot), 2),
		"incoming edges (subject, triple, offsets)":  size(len(f.inSub), 4) + size(len(f.inTri), 4) + size(len(f.inOff), 4),
		"normalized keys (entities, offsets, table)": size(len(f.keyEnt), 4) + size(len(f.keyOff), 4) + size(len(f.keyTab), 4) + len(f.keyFP) + size(len(f.keySize), 2),
		"trigram postings":                           len(f.tgPost) + size(len(f.tgCode)+len(f.tgOff), 8),
		"entity types":                               size(len(f.typ.Load().typeOf), 4),
	}
}

// benchTriples is the size of the generated graph the scale benchmarks
// use: SCGRAPH_BENCH_TRIPLES, default 200000.
func benchTriples(b *testing.B) int {
	if v := os.Getenv("SCGRAPH_BENCH_TRIPLES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			b.Fatalf("SCGRAPH_BENCH_TRIPLES=%q: %v", v, err)
		}
		return n
	}
	return 200_000
}

// BenchmarkFootprint reports the bytes per triple of the read side of a
// generated service graph, part by part (go test -bench Footprint -v
// prints the table).
func BenchmarkFootprint(b *testing.B) {
	n := benchTriples(b)
	g := gen.Generate(gen.Options{Triples: n, Seed: 1})
	var sb strings.Builder
	if err := g.WriteTriples(&sb, gen.TSV); err != nil {
		b.Fatal(err)
	}
	path := b.TempDir() + "/g.tsv"
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	var fp map[string]int
	var ents int
	for b.Loop() {
		s, err := Open(context.Background(), path, OpenOptions{})
		if err != nil {
			b.Fatal(err)
		}
		f, _ := s.read()
		fp, ents = f.footprint(), f.n()
	}
	total := 0
	parts := make([]string, 0, len(fp))
	for part, bytes := range fp {
		total += bytes
		parts = append(parts, part)
	}
	slices.Sort(parts)
	b.Logf("%d triples, %d entities; bytes per triple:", n, ents)
	for _, part := range parts {
		b.Logf("  %-45s %6.1f", part, float64(fp[part])/float64(n))
	}
	b.Logf("  %-45s %6.1f", "total", float64(total)/float64(n))
	b.ReportMetric(float64(total)/float64(n), "bytes/triple")
}
