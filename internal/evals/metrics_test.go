package evals

import (
	"math"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
)

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"Paris_Texas":            "paris texas",
		"  The  Big_Lebowski \t": "the big lebowski",
		"Paris, Texas":           "paris, texas",
		"__":                     "",
		"PG_(USA)":               "pg (usa)",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func hopOut(from, rel, to string) graph.Hop {
	return graph.Hop{From: from, Relation: rel, To: to, Direction: graph.Out}
}

func path(hs ...graph.Hop) graph.Path { return graph.Path{Hops: hs} }

func ptr(v float64) *float64 { return &v }

func eqPtr(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return math.Abs(*a-*b) < 1e-12
}

func TestScoreMultiAnswerAndDuplicates(t *testing.T) {
	q := Question{Answers: []string{"Drama", "drama", "Comedy", "War_Film"}, Hops: 2}
	// Gold de-duplicates to {drama, comedy, war film}; the answers to
	// [war film, x, drama] ("Drama " and "DRAMA" are one answer).
	o := Outcome{
		Answers: []string{"War Film", "X", "Drama ", "DRAMA"},
		Paths: []graph.Path{
			path(hopOut("a", "r", "m"), hopOut("m", "s", "war_film")),
			path(hopOut("a", "r", "X")),
		},
		Walks: true,
		Stats: agent.Stats{HopsExpanded: 4, NodesVisited: 9, StoreCalls: 3},
	}
	s := ScoreQuestion(q, o, o)
	if s.Hit != 1 || !approx(s.Precision, 2.0/3) || !approx(s.Recall, 2.0/3) || !approx(s.F1, 2.0/3) {
		t.Errorf("answers: hit %v P %v R %v F1 %v; want 1, 2/3, 2/3, 2/3", s.Hit, s.Precision, s.Recall, s.F1)
	}
	if !eqPtr(s.PathRecall, ptr(1.0/3)) {
		t.Errorf("path recall = %v, want 1/3 (only war film ends a path)", *s.PathRecall)
	}
	if s.GoldPathRecall != nil {
		t.Errorf("gold path recall = %v, want nil: the question has no gold path", *s.GoldPathRecall)
	}
	if !eqPtr(s.HopEfficiency, ptr(0.5)) {
		t.Errorf("hop efficiency = %v, want 2/4", *s.HopEfficiency)
	}
	if !s.Deterministic || s.Failed || s.NodesVisited != 9 || s.StoreCalls != 3 {
		t.Errorf("score = %+v", s)
	}
}

func TestScoreTopAnswerWrong(t *testing.T) {
	q := Question{Answers: []string{"a", "b"}}
	s := ScoreQuestion(q, Outcome{Answers: []string{"c", "b"}}, Outcome{Answers: []string{"c", "b"}})
	if s.Hit != 0 || s.Precision != 0.5 || s.Recall != 0.5 || s.F1 != 0.5 {
		t.Errorf("hit %v P %v R %v F1 %v; want 0, .5, .5, .5", s.Hit, s.Precision, s.Recall, s.F1)
	}
	if s.HopEfficiency != nil {
		t.Error("hop efficiency defined for a mode that does not walk")
	}
}

func TestScoreNegativeQuestion(t *testing.T) {
	q := Question{Answers: []string{}}
	none := ScoreQuestion(q, Outcome{Walks: true}, Outcome{Walks: true})
	if none.Hit != 1 || none.Precision != 1 || none.Recall != 1 || none.F1 != 1 || none.PathRecall != nil {
		t.Errorf("nothing answered: %+v; want 1 on all four, no path recall", none)
	}
	// A negative question needs no depth: proving it walks the whole hop
	// budget, so hop efficiency is undefined for it.
	if none.HopEfficiency != nil {
		t.Errorf("hop efficiency of a negative question = %v, want undefined", *none.HopEfficiency)
	}
	some := ScoreQuestion(q, Outcome{Answers: []string{"x"}}, Outcome{Answers: []string{"x"}})
	if some.Hit != 0 || some.Precision != 0 || some.Recall != 0 || some.F1 != 0 {
		t.Errorf("something answered: %+v; want 0 on all four", some)
	}
	missed := ScoreQuestion(Question{Answers: []string{"a"}}, Outcome{}, Outcome{})
	if missed.Hit != 0 || missed.Precision != 0 || missed.Recall != 0 || missed.F1 != 0 || !eqPtr(missed.PathRecall, ptr(0)) {
		t.Errorf("nothing answered to a question with an answer: %+v", missed)
	}
}

func TestGoldPathRecallInStorageDirection(t *testing.T) {
	q := Question{
		Answers: []string{"ans"},
		Hops:    2,
		GoldPaths: [][]graph.Triple{
			{{Subject: "s", Relation: "r1", Object: "e1"}, {Subject: "ans", Relation: "r2", Object: "e1"}},
			{{Subject: "s", Relation: "r3", Object: "ans"}},
		},
	}
	// The run walked s -r1-> e1 <-r2- ans: the second hop is walked In, and
	// its stored triple is ans -r2-> e1, as the gold path has it.
	o := Outcome{
		Answers: []string{"ans"},
		Paths: []graph.Path{path(
			hopOut("s", "r1", "e1"),
			graph.Hop{From: "e1", Relation: "r2", To: "ans", Direction: graph.In, Source: graph.Source{File: "kb", Line: 3}},
		)},
		Walks: true,
		Stats: agent.Stats{HopsExpanded: 2},
	}
	s := ScoreQuestion(q, o, o)
	if !eqPtr(s.GoldPathRecall, ptr(0.5)) || !eqPtr(s.PathRecall, ptr(1)) || !eqPtr(s.HopEfficiency, ptr(1)) {
		t.Errorf("gold path recall %v, path recall %v, hop efficiency %v; want 0.5, 1, 1", *s.GoldPathRecall, *s.PathRecall, *s.HopEfficiency)
	}
	// Evidence triples (vector-rag) count too.
	o.Evidence = []graph.Triple{{Subject: "s", Relation: "r3", Object: "ans", Source: graph.Source{File: "kb", Line: 9}}}
	if s := ScoreQuestion(q, o, o); !eqPtr(s.GoldPathRecall, ptr(1)) {
		t.Errorf("with evidence: gold path recall %v, want 1", *s.GoldPathRecall)
	}
}

func TestHopEfficiency(t *testing.T) {
	for _, c := range []struct {
		gold, expanded int
		want           float64
	}{
		{2, 4, 0.5},
		{3, 2, 1}, // capped
		{3, 3, 1},
		{0, 0, 1},
		{2, 0, 0}, // expanded nothing
		{0, 3, 0},
	} {
		if got := HopEfficiency(c.gold, c.expanded); got != c.want {
			t.Errorf("HopEfficiency(%d, %d) = %v, want %v", c.gold, c.expanded, got, c.want)
		}
	}
}

func TestDeterminismDetection(t *testing.T) {
	q := Question{Answers: []string{"a"}}
	base := Outcome{Answers: []string{"a", "b"}, Paths: []graph.Path{path(hopOut("x", "r", "a"))}}
	same := Outcome{Answers: []string{"a", "b"}, Paths: []graph.Path{path(hopOut("x", "r", "a"))}, LatencyMS: 99}
	reordered := Outcome{Answers: []string{"b", "a"}, Paths: base.Paths}
	flipped := Outcome{Answers: base.Answers, Paths: []graph.Path{path(graph.Hop{From: "x", Relation: "r", To: "a", Direction: graph.In})}}
	failed := Outcome{Answers: base.Answers, Paths: base.Paths, Err: "timeout"}
	for _, c := range []struct {
		name   string
		second Outcome
		want   bool
	}{{"same", same, true}, {"reordered", reordered, false}, {"direction", flipped, false}, {"failed", failed, false}} {
		if got := ScoreQuestion(q, base, c.second).Deterministic; got != c.want {
			t.Errorf("%s: deterministic = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestFailedQuestionScoresZero(t *testing.T) {
	q := Question{Answers: []string{"a"}, Hops: 1, GoldPaths: [][]graph.Triple{{{Subject: "x", Relation: "r", Object: "a"}}}}
	o := Outcome{Answers: []string{"a"}, Paths: []graph.Path{path(hopOut("x", "r", "a"))}, Walks: true, Err: "agent: run stopped: context deadline exceeded", Stats: agent.Stats{HopsExpanded: 1}}
	s := ScoreQuestion(q, o, o)
	if !s.Failed || s.Hit != 0 || s.F1 != 0 || !eqPtr(s.PathRecall, ptr(0)) || !eqPtr(s.GoldPathRecall, ptr(0)) || !eqPtr(s.HopEfficiency, ptr(0)) {
		t.Errorf("failed question: %+v", s)
	}
}

func TestSummarizeByHops(t *testing.T) {
	scores := []Score{
		{Hops: 1, Hit: 1, Precision: 1, Recall: 1, F1: 1, PathRecall: ptr(1), HopEfficiency: ptr(1), NodesVisited: 1, StoreCalls: 2, Iterations: 1, LatencyMS: 10, Deterministic: true},
		{Hops: 1, Hit: 0, Precision: 0.5, Recall: 0.25, F1: 1.0 / 3, PathRecall: ptr(0.5), HopEfficiency: ptr(0.5), NodesVisited: 2, StoreCalls: 4, Iterations: 2, LatencyMS: 20, Deterministic: true},
		{Hops: 2, Hit: 1, Precision: 1, Recall: 1, F1: 1, PathRecall: nil, GoldPathRecall: ptr(1), HopEfficiency: ptr(1), NodesVisited: 3, StoreCalls: 6, Iterations: 3, LatencyMS: 30, Deterministic: false, LLMCalls: 3, InputTokens: 300},
		{Hops: 2, Failed: true, PathRecall: ptr(0), GoldPathRecall: ptr(0), HopEfficiency: ptr(0), NodesVisited: 4, StoreCalls: 8, Iterations: 0, LatencyMS: 40, Deterministic: true},
	}
	s := Summarize(scores)
	if s.Questions != 4 || s.HitsAt1 != 0.5 || s.AnswerPrecision != 0.625 || s.AnswerRecall != 0.5625 || s.AnswerF1 != 0.5833 {
		t.Errorf("answers: %+v", s)
	}
	if !eqPtr(s.PathRecall, ptr(0.5)) || !eqPtr(s.GoldPathRecall, ptr(0.5)) || !eqPtr(s.HopEfficiency, ptr(0.625)) {
		t.Errorf("path recall %v, gold path recall %v, hop efficiency %v; want 0.5 (of 3), 0.5 (of 2), 0.625", *s.PathRecall, *s.GoldPathRecall, *s.HopEfficiency)
	}
	if s.MeanIterations != 1.5 || s.MeanStoreCalls != 5 || s.MedianNodesVisited != 2.5 || s.P95NodesVisited != 3.85 {
		t.Errorf("costs: iterations %v, store calls %v, median nodes %v, p95 nodes %v", s.MeanIterations, s.MeanStoreCalls, s.MedianNodesVisited, s.P95NodesVisited)
	}
	if s.Deterministic != 0.75 || s.Failures != 1 || s.LatencyMS != (Latency{P50: 25, P95: 38.5}) || s.LLMCallsPerQuestion != 0.75 || s.InputTokensPerQuestion != 75 {
		t.Errorf("deterministic %v, failures %d, latency %+v, llm %v, tokens %v", s.Deterministic, s.Failures, s.LatencyMS, s.LLMCallsPerQuestion, s.InputTokensPerQuestion)
	}
	one, two := s.ByHops["1"], s.ByHops["2"]
	if len(s.ByHops) != 2 || one.Questions != 2 || one.HitsAt1 != 0.5 || one.GoldPathRecall != nil || !eqPtr(one.PathRecall, ptr(0.75)) {
		t.Errorf("by hops 1: %+v", one)
	}
	if two.Questions != 2 || two.HitsAt1 != 0.5 || !eqPtr(two.PathRecall, ptr(0)) || two.Failures != 1 || two.MedianNodesVisited != 3.5 || two.ByHops != nil {
		t.Errorf("by hops 2: %+v", two)
	}
	if empty := Summarize(nil); empty.Questions != 0 || empty.PathRecall != nil || empty.ByHops != nil {
		t.Errorf("empty summary: %+v", empty)
	}
}

func TestPercentile(t *testing.T) {
	xs := make([]float64, 20)
	for i := range xs {
		xs[i] = float64(20 - i) // unsorted on purpose
	}
	if got := Percentile(xs, 95); !approx(got, 19.05) {
		t.Errorf("p95 of 1..20 = %v, want 19.05", got)
	}
	if got := Percentile([]float64{7}, 50); got != 7 {
		t.Errorf("median of one = %v", got)
	}
	if got := Percentile(nil, 50); got != 0 {
		t.Errorf("median of none = %v", got)
	}
}

func approx(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
