package evals

import (
	"context"
	"testing"

	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/memstore"
)

// BenchmarkEvalMetaQA3Hop evaluates the agent on 200 sampled MetaQA 3-hop
// dev questions (seed 1) over the MetaQA KB, and reports hits@1 and the
// median latency of a question. Run it with
//
//	go test ./evals -run '^$' -bench EvalMetaQA3Hop -benchtime 3x
func BenchmarkEvalMetaQA3Hop(b *testing.B) {
	ctx := context.Background()
	st, err := memstore.Open(ctx, devdata.DataPath(b, "metaqa/kb.txt"), memstore.OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ds, err := Load(devdata.DataPath(b, "metaqa/3-hop/vanilla/qa_dev.txt"), FormatAuto)
	if err != nil {
		b.Fatal(err)
	}
	ds.Questions = Sample(ds.Questions, 200, 1)
	var s Summary
	for b.Loop() {
		rep, err := Evaluate(ctx, Config{Graph: st, Modes: []Mode{ModeAgent}}, []*Dataset{ds})
		if err != nil {
			b.Fatal(err)
		}
		s = rep.Modes[ModeAgent]
	}
	b.ReportMetric(s.HitsAt1, "hits@1")
	b.ReportMetric(s.LatencyMS.P50, "p50-ms")
	b.ReportMetric(float64(s.Failures), "failures")
}
