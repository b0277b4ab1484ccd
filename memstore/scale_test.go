package memstore

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
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
// prints the table); its time per op means nothing.
func BenchmarkFootprint(b *testing.B) {
	n := benchTriples(b)
	g := gen.Generate(gen.Options{Triples: n, Seed: 1})
	var sb strings.Builder
	if err := g.WriteTriples(&sb, gen.JSONL); err != nil {
		b.Fatal(err)
	}
	path := b.TempDir() + "/g.jsonl"
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	s, err := Open(context.Background(), path, OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	f, _ := s.read()
	var fp map[string]int
	for b.Loop() {
		fp = f.footprint()
	}
	ents := f.n()
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

// genSnapshot writes a generated graph's snapshot (with the generator's
// schema) to a temporary file and returns its path, the graph and its
// hub's name.
func genSnapshot(b *testing.B, opts gen.Options) (string, *gen.Graph) {
	b.Helper()
	g := gen.Generate(opts)
	var sb strings.Builder
	if err := g.WriteTriples(&sb, gen.JSONL); err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if err := os.WriteFile(dir+"/g.jsonl", []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	s, err := Open(context.Background(), dir+"/g.jsonl", OpenOptions{Schema: gen.Schema()})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.WriteSnapshotFile(context.Background(), dir+"/g.snap"); err != nil {
		b.Fatal(err)
	}
	return dir + "/g.snap", g
}

// BenchmarkOpenSnapshot measures loading a generated graph's snapshot
// (SCGRAPH_BENCH_TRIPLES triples), indexes included.
func BenchmarkOpenSnapshot(b *testing.B) {
	n := benchTriples(b)
	path, _ := genSnapshot(b, gen.Options{Triples: n, Seed: 1})
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	for b.Loop() {
		if _, err := Open(context.Background(), path, OpenOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
}

// BenchmarkHub measures the requests of a question about a hub with
// SCGRAPH_BENCH_TRIPLES/2 callers, on a loaded snapshot: linking its exact
// name, and a capped expansion of its callers along one relation.
func BenchmarkHub(b *testing.B) {
	n := benchTriples(b)
	path, g := genSnapshot(b, gen.Options{Triples: n, Seed: 1, HubDegree: n / 2})
	s, err := Open(context.Background(), path, OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	hub := g.Hub()
	b.Run("resolve", func(b *testing.B) {
		req := graph.ResolveRequest{Mentions: []string{hub}, Fuzzy: true, Limit: 5}
		for b.Loop() {
			if ms, err := s.Resolve(ctx, req); err != nil || len(ms[0]) != 1 {
				b.Fatal(ms, err)
			}
		}
	})
	b.Run("expand", func(b *testing.B) {
		req := graph.ExpandRequest{From: []string{hub}, Steps: []graph.ExpandStep{{Relations: []string{"CALLS"}, Direction: graph.In}}, Limit: 300}
		for b.Loop() {
			if e, err := s.Expand(ctx, req); err != nil || len(e.Truncated) != 1 || e.Truncated[0].Total < n/2 {
				b.Fatal(e.Truncated, err)
			}
		}
	})
	b.Run("fuzzy", func(b *testing.B) {
		req := graph.ResolveRequest{Mentions: []string{hub[:len(hub)-1] + "x"}, Fuzzy: true, Limit: 5}
		for b.Loop() {
			if _, err := s.Resolve(ctx, req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
