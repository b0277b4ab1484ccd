package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/gen"
	"github.com/scgraph/scgraph/memstore"
)

// closureGraph returns the embedded store of a generated service graph of
// SCGRAPH_BENCH_TRIPLES triples (default 200,000; seed 1, the generator's
// schema) and the name of its most called service. With
// SCGRAPH_BENCH_DIR set, the graph's snapshot is kept there and reused.
//
// SCGRAPH_BENCH_SNAPSHOT and SCGRAPH_BENCH_ANCHOR name another snapshot
// and the entity to ask about instead (a hub's callers, say).
func closureGraph(b *testing.B) (*memstore.Store, string) {
	b.Helper()
	if snap := os.Getenv("SCGRAPH_BENCH_SNAPSHOT"); snap != "" {
		s, err := memstore.Open(context.Background(), snap, memstore.OpenOptions{})
		if err != nil {
			b.Fatal(err)
		}
		return s, os.Getenv("SCGRAPH_BENCH_ANCHOR")
	}
	n := 200_000
	if v := os.Getenv("SCGRAPH_BENCH_TRIPLES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			b.Fatalf("SCGRAPH_BENCH_TRIPLES=%q: %v", v, err)
		}
	}
	g := gen.Generate(gen.Options{Triples: n, Seed: 1})
	anchor := g.MostCalled()
	dir := os.Getenv("SCGRAPH_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	snap := filepath.Join(dir, "closure-"+strconv.Itoa(n)+".snap")
	if _, err := os.Stat(snap); err != nil {
		var sb strings.Builder
		if err := g.WriteTriples(&sb, gen.JSONL); err != nil {
			b.Fatal(err)
		}
		src := filepath.Join(b.TempDir(), "g.jsonl")
		if err := os.WriteFile(src, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		s, err := memstore.Open(context.Background(), src, memstore.OpenOptions{Schema: gen.Schema()})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.WriteSnapshotFile(context.Background(), snap); err != nil {
			b.Fatal(err)
		}
	}
	g = nil
	s, err := memstore.Open(context.Background(), snap, memstore.OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return s, anchor
}

// BenchmarkClosure answers "Which services are affected if X goes down?"
// end to end for the most called service X of a generated graph
// (closureGraph), with the default fan-out cap and with none (the whole
// closure). It reports the answers and the positions the walk reached.
func BenchmarkClosure(b *testing.B) {
	st, anchor := closureGraph(b)
	q := "Which services are affected if " + anchor + " goes down?"
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		fanout int
	}{{"default", 0}, {"uncapped", agent.NoFanoutCap}} {
		b.Run(c.name, func(b *testing.B) {
			a := agent.New(st, func(o *agent.Options) {
				o.Fanout = c.fanout
				o.Timeout = -1
			})
			var res *agent.Result
			for b.Loop() {
				var err error
				if res, err = a.Run(ctx, q); res == nil {
					b.Fatal(err)
				}
			}
			if len(res.Answers) == 0 {
				b.Fatalf("%q: no answer (%s)", q, res.StopReason)
			}
			b.ReportMetric(float64(len(res.Answers)), "answers")
			b.ReportMetric(float64(res.Stats.NodesVisited), "visited")
		})
	}
}
