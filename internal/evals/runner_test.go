package evals

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

func demoStore(t testing.TB) *memstore.Store {
	t.Helper()
	st, err := demo.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func demoSet(t testing.TB) *Dataset {
	t.Helper()
	qs, err := ParseJSONL(bytes.NewReader(demo.Questions()), "questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return &Dataset{Name: "demo", Path: "questions.jsonl", Format: FormatJSONL, Questions: qs}
}

// withoutLatency blanks what depends on the clock.
func withoutLatency(ss []Score) []Score {
	out := slices.Clone(ss)
	for i := range out {
		out[i].LatencyMS = 0
	}
	return out
}

func TestEvaluateIsIndependentOfWorkers(t *testing.T) {
	st := demoStore(t)
	ts, _ := demo.Triples()
	set := demoSet(t)
	run := func(workers int) *Report {
		rep, err := Evaluate(context.Background(), Config{Graph: st, Modes: AllModes, Workers: workers, Triples: ts}, []*Dataset{set})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	one, four := run(1), run(4)
	for _, m := range AllModes {
		a, b := one.Datasets[0].Scores[m], four.Datasets[0].Scores[m]
		if len(a) != len(set.Questions) {
			t.Fatalf("%s: %d scores for %d questions", m, len(a), len(set.Questions))
		}
		if !reflect.DeepEqual(withoutLatency(a), withoutLatency(b)) {
			t.Errorf("%s: scores differ between 1 and 4 workers", m)
		}
		s := one.Modes[m]
		if s.Deterministic != 1 || s.Failures != 0 || s.Questions != 30 {
			t.Errorf("%s: deterministic %v, failures %d, questions %d", m, s.Deterministic, s.Failures, s.Questions)
		}
		if (s.HopEfficiency == nil) != (m == ModeVectorRAG) || s.GoldPathRecall == nil {
			t.Errorf("%s: hop efficiency %v, gold path recall %v", m, s.HopEfficiency, s.GoldPathRecall)
		}
	}
	// The oracle walks the gold chains: it finds every gold answer.
	if o := one.Modes[ModeOracle]; o.AnswerRecall != 1 || *o.GoldPathRecall != 1 {
		t.Errorf("oracle recall %v, gold path recall %v; want 1, 1", o.AnswerRecall, *o.GoldPathRecall)
	}
	// Vector RAG returns no path.
	if v := one.Modes[ModeVectorRAG]; *v.PathRecall != 0 || v.MeanStoreCalls != 0 {
		t.Errorf("vector-rag path recall %v, store calls %v", *v.PathRecall, v.MeanStoreCalls)
	}
	if one.Vector == nil || one.Vector.Passages != 119 {
		t.Errorf("vector index = %+v, want 119 passages", one.Vector)
	}
	// The naive baseline walks the gold depth (at least 1) in one pass:
	// one critique, one store request for all its levels (the walker
	// fetches every level of a fixed chain at once), one or two linking
	// calls.
	naive := one.Datasets[0].Scores[ModeNaiveBFS]
	for i, q := range set.Questions {
		depth := max(q.Hops, 1)
		requests := 1
		if naive[i].Iterations != 1 || naive[i].Refinements != 0 || naive[i].StoreCalls < requests+1 || naive[i].StoreCalls > requests+2 {
			t.Errorf("naive-bfs %s: %d iteration(s), %d refinement(s), %d store calls (depth %d)", q.ID, naive[i].Iterations, naive[i].Refinements, naive[i].StoreCalls, depth)
		}
	}
}

// recordingLearner remembers what each fold was trained on.
type recordingLearner struct {
	mu     sync.Mutex
	trains [][]string
}

func (l *recordingLearner) Learn(ctx context.Context, g agent.Store, train []Question) (agent.ChainScorer, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.trains = append(l.trains, ids(train))
	return noChains{}, nil
}

type noChains struct{}

func (noChains) Chains(string, string, *graph.Schema, int) []state.Chain { return nil }

func TestCrossValidationNeverTrainsOnTheTestFold(t *testing.T) {
	st := demoStore(t)
	set := demoSet(t)
	l := &recordingLearner{}
	rep, err := Evaluate(context.Background(), Config{Graph: st, Folds: 3, Learner: l, Workers: 2}, []*Dataset{set})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.trains) != 3 {
		t.Fatalf("learned %d times, want 3", len(l.trains))
	}
	for f, train := range l.trains {
		if len(train) != 20 {
			t.Errorf("fold %d trained on %d questions, want 20", f, len(train))
		}
		_, test, _ := SplitFold(set.Questions, 3, f)
		for _, q := range test {
			if slices.Contains(train, q.ID) {
				t.Errorf("fold %d trained on its test question %s", f, q.ID)
			}
		}
	}
	// A scorer that proposes nothing leaves the agent as it is.
	plain, err := Evaluate(context.Background(), Config{Graph: st, Workers: 2}, []*Dataset{set})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(withoutLatency(rep.Datasets[0].Scores[ModeAgent]), withoutLatency(plain.Datasets[0].Scores[ModeAgent])) {
		t.Error("cross-validated scores with an empty lexicon differ from the plain agent's")
	}
	if rep.Folds != 3 {
		t.Errorf("report folds = %d", rep.Folds)
	}
	if _, err := Evaluate(context.Background(), Config{Graph: st, Folds: 3}, []*Dataset{set}); err == nil {
		t.Error("cross-validation without a learner: no error")
	}
}

func TestEvaluateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Evaluate(ctx, Config{Graph: demoStore(t)}, []*Dataset{demoSet(t)}); err == nil {
		t.Error("cancelled evaluation: no error")
	}
}

func TestParseModes(t *testing.T) {
	got, err := ParseModes("oracle, agent,oracle")
	if err != nil || !reflect.DeepEqual(got, []Mode{ModeOracle, ModeAgent}) {
		t.Errorf("ParseModes = %v, %v", got, err)
	}
	if got, _ := ParseModes("all"); !reflect.DeepEqual(got, AllModes) {
		t.Errorf("all = %v", got)
	}
	if _, err := ParseModes("agent,magic"); err == nil {
		t.Error("unknown mode: no error")
	}
}
