package agent_test

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/memstore"
)

var metaQA struct {
	once sync.Once
	st   *memstore.Store
	err  error
}

// metaQAStore loads MetaQA's knowledge base once per test binary (the
// schema is inferred from the data), or skips when the data is absent.
func metaQAStore(b testing.TB) *memstore.Store {
	b.Helper()
	p := devdata.DataPath(b, "metaqa/kb.txt")
	metaQA.once.Do(func() {
		metaQA.st, metaQA.err = memstore.Open(context.Background(), p, memstore.OpenOptions{})
	})
	if metaQA.err != nil {
		b.Fatal(metaQA.err)
	}
	return metaQA.st
}

// firstMetaQAQuestion returns the first question of a MetaQA dev file and
// its gold answers.
func firstMetaQAQuestion(b *testing.B, rel string) (string, []string) {
	b.Helper()
	f, err := os.Open(devdata.DataPath(b, rel))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		b.Fatalf("%s: no question: %v", rel, sc.Err())
	}
	q, answers, ok := strings.Cut(sc.Text(), "\t")
	if !ok {
		b.Fatalf("%s: line 1 has no tab", rel)
	}
	return q, strings.Split(answers, "|")
}

// BenchmarkAsk3HopMetaQA answers one 3-hop MetaQA dev question end to
// end per iteration, on the embedded store (loaded once, outside the
// timing). Accuracy depends on the learned lexicon; this measures latency.
func BenchmarkAsk3HopMetaQA(b *testing.B) {
	st := metaQAStore(b)
	q, gold := firstMetaQAQuestion(b, "metaqa/3-hop/vanilla/qa_dev.txt")
	// As the CLI does: the shipped lexicon that matches the graph's
	// relations ranks the chains.
	a := agent.New(st, func(o *agent.Options) { o.Lexicon = lexicon.Shipped() })
	ctx := context.Background()
	// One run outside the timing builds the store's indexes and reads the
	// schema into the planner.
	res, err := a.Run(ctx, q)
	if res == nil {
		b.Fatal(err)
	}
	hits := 0
	for _, ans := range res.Answers {
		for _, g := range gold {
			if text.Key(ans.Name) == text.Key(g) {
				hits++
			}
		}
	}
	b.Logf("%q: %d answer(s), %d of %d gold; stop %s after %d iteration(s), %d store calls; chain %s",
		q, len(res.Answers), hits, len(gold), res.StopReason, res.Iterations, res.Stats.StoreCalls, res.Plan.Chains)
	if hits != len(gold) || len(res.Answers) != len(gold) || res.Stats.HopsExpanded != 3 {
		b.Fatalf("the benchmark must measure a correct 3-hop walk: %d answers, %d of %d gold, %d hops", len(res.Answers), hits, len(gold), res.Stats.HopsExpanded)
	}
	calls := 0
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		res, _ := a.Run(ctx, q)
		durs = append(durs, time.Since(t0))
		calls += res.Stats.StoreCalls
	}
	b.ReportMetric(float64(calls)/float64(b.N), "storecalls/op")
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)/2].Microseconds())/1000, "median-ms")
}

// BenchmarkAskDemo answers the demo questions in turn, one per iteration.
func BenchmarkAskDemo(b *testing.B) {
	qs := demoQuestions(b)
	a := agent.New(demoStore(b))
	ctx := context.Background()
	if _, err := a.Run(ctx, qs[0].Question); err != nil {
		b.Fatal(err)
	}
	i, calls := 0, 0
	b.ResetTimer()
	for b.Loop() {
		res, err := a.Run(ctx, qs[i%len(qs)].Question)
		if err != nil {
			b.Fatal(err)
		}
		calls += res.Stats.StoreCalls
		i++
	}
	b.ReportMetric(float64(calls)/float64(b.N), "storecalls/op")
}
