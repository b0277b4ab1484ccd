package evals

import (
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Outcome is what one run of one question in one mode produced.
type Outcome struct {
	// Answers are the answer names, best first.
	Answers []string `json:"answers"`
	// Paths are the evidence paths (graph modes).
	Paths []graph.Path `json:"paths"`
	// Evidence are further evidence triples: the facts of the passages
	// vector-rag retrieved.
	Evidence []graph.Triple `json:"evidence,omitempty"`
	// Walks is true for the modes that walk the graph from an anchor; hop
	// efficiency is defined only for them.
	Walks bool `json:"walks"`
	// Iterations are the critique rounds of a graph run.
	Iterations int         `json:"iterations"`
	Stats      agent.Stats `json:"stats"`
	Stop       state.Stop  `json:"stop_reason,omitempty"`
	// Reading is how the agent read the question, when its question
	// reader made the plan (empty for a lexicon's or a model's plan), and
	// Confidence the reading's.
	Reading    string  `json:"reading,omitempty"`
	Confidence float64 `json:"confidence,omitempty"`
	// Err is the error of a failed run (an error or a timeout); "" when
	// the run answered, even partially.
	Err string `json:"error,omitempty"`
	// LatencyMS is the wall time of the run.
	LatencyMS float64 `json:"latency_ms"`
}

// Failed reports whether the run failed.
func (o Outcome) Failed() bool { return o.Err != "" }

// sameOutcome reports whether two runs gave the same answers, in the same
// order, with the same evidence paths, and failed alike.
func sameOutcome(a, b Outcome) bool {
	if a.Err != b.Err || !slices.Equal(a.Answers, b.Answers) || len(a.Paths) != len(b.Paths) {
		return false
	}
	for i := range a.Paths {
		if !slices.Equal(a.Paths[i].Hops, b.Paths[i].Hops) {
			return false
		}
	}
	return true
}

// Score is one question's metrics in one mode (see the package
// documentation for the definitions), with what is needed to read a
// failure: the question, the reading, the answers and the gold.
type Score struct {
	ID       string     `json:"id,omitempty"`
	Question string     `json:"question"`
	Reading  string     `json:"reading,omitempty"`
	Answers  []string   `json:"answers"`
	Gold     []string   `json:"gold"`
	Stop     state.Stop `json:"stop_reason,omitempty"`
	// Exact: the answer set is the gold set. Claimed: the run claimed a
	// finished answer (stop reason complete or no_chain), which a wrong
	// answer set makes a claimed-but-wrong.
	Exact     bool    `json:"exact"`
	Claimed   bool    `json:"claimed"`
	Hops      int     `json:"hops"`
	Failed    bool    `json:"failed"`
	Hit       float64 `json:"hit_at_1"`
	Precision float64 `json:"answer_precision"`
	Recall    float64 `json:"answer_recall"`
	F1        float64 `json:"answer_f1"`
	// The next three are nil where they are undefined: no gold answer, no
	// gold path, a mode that does not walk.
	PathRecall     *float64 `json:"path_recall"`
	GoldPathRecall *float64 `json:"gold_path_recall"`
	HopEfficiency  *float64 `json:"hop_efficiency"`
	Iterations     int      `json:"iterations"`
	Refinements    int      `json:"refinements"`
	StoreCalls     int      `json:"store_calls"`
	NodesVisited   int      `json:"nodes_visited"`
	LLMCalls       int      `json:"llm_calls"`
	InputTokens    int      `json:"input_tokens"`
	OutputTokens   int      `json:"output_tokens"`
	LatencyMS      float64  `json:"latency_ms"`
	Deterministic  bool     `json:"deterministic"`
}

// ScoreQuestion scores the first run of a question against its gold data;
// second is the repeat run, compared with the first for determinism. A
// failed first run scores 0 on every quality metric.
func ScoreQuestion(q Question, first, second Outcome) Score {
	st := first.Stats
	s := Score{
		ID:            q.ID,
		Question:      q.Text,
		Reading:       first.Reading,
		Answers:       first.Answers,
		Gold:          q.Answers,
		Stop:          first.Stop,
		Claimed:       first.Stop == state.StopComplete || first.Stop == state.StopNoChain,
		Hops:          q.Hops,
		Failed:        first.Failed(),
		Iterations:    first.Iterations,
		Refinements:   st.Refinements,
		StoreCalls:    st.StoreCalls,
		NodesVisited:  st.NodesVisited,
		LLMCalls:      st.LLMCalls,
		InputTokens:   st.InputTokens,
		OutputTokens:  st.OutputTokens,
		LatencyMS:     first.LatencyMS,
		Deterministic: sameOutcome(first, second),
	}

	gold, goldSet := normSet(q.Answers)
	zero := 0.0
	if s.Failed {
		if len(gold) > 0 {
			s.PathRecall = &zero
		}
		if len(q.GoldPaths) > 0 {
			s.GoldPathRecall = &zero
		}
		if first.Walks {
			s.HopEfficiency = &zero
		}
		return s
	}
	pred, _ := normSet(first.Answers)
	s.Hit, s.Precision, s.Recall, s.F1 = answerScores(pred, gold, goldSet)
	s.Exact = len(pred) == len(gold)
	for _, p := range pred {
		s.Exact = s.Exact && goldSet[p]
	}
	if len(gold) > 0 {
		ends := make(map[string]bool, len(first.Paths))
		for _, p := range first.Paths {
			ends[Normalize(p.End())] = true
		}
		n := 0
		for _, g := range gold {
			if ends[g] {
				n++
			}
		}
		v := float64(n) / float64(len(gold))
		s.PathRecall = &v
	}
	if len(q.GoldPaths) > 0 {
		v := goldPathRecall(q.GoldPaths, first)
		s.GoldPathRecall = &v
	}
	// A question whose honest answer is "nothing" has no depth it needs:
	// proving the negative means walking the whole hop budget, so hop
	// efficiency is not defined for it.
	if first.Walks && len(q.Answers) > 0 {
		v := HopEfficiency(q.Hops, st.HopsExpanded)
		s.HopEfficiency = &v
	}
	return s
}

// answerScores compares normalized, de-duplicated answers (best first)
// with the gold set: hit@1, precision, recall, F1. A question with no gold
// answer scores 1 on all four when nothing is answered, else 0.
func answerScores(pred, gold []string, goldSet map[string]bool) (hit, p, r, f1 float64) {
	if len(gold) == 0 {
		if len(pred) == 0 {
			return 1, 1, 1, 1
		}
		return 0, 0, 0, 0
	}
	if len(pred) == 0 {
		return 0, 0, 0, 0
	}
	if goldSet[pred[0]] {
		hit = 1
	}
	inter := 0
	for _, a := range pred {
		if goldSet[a] {
			inter++
		}
	}
	p = float64(inter) / float64(len(pred))
	r = float64(inter) / float64(len(gold))
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	return hit, p, r, f1
}

// goldPathRecall is the share of gold paths every triple of which is among
// the run's evidence: the triples of its paths, in storage direction, and
// its evidence triples.
func goldPathRecall(gold [][]graph.Triple, o Outcome) float64 {
	have := map[fact]bool{}
	for _, p := range o.Paths {
		for _, h := range p.Hops {
			have[factOf(h.Triple())] = true
		}
	}
	for _, t := range o.Evidence {
		have[factOf(t)] = true
	}
	n := 0
	for _, p := range gold {
		all := true
		for _, t := range p {
			if !have[factOf(t)] {
				all = false
				break
			}
		}
		if all {
			n++
		}
	}
	return float64(n) / float64(len(gold))
}

// bare keeps only a triple's subject, relation and object.
func bare(t graph.Triple) graph.Triple {
	return graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object}
}

// fact is a triple's subject, relation and object, comparable.
type fact struct{ subject, relation, object string }

func factOf(t graph.Triple) fact { return fact{t.Subject, t.Relation, t.Object} }

// HopEfficiency is gold hops ÷ hops expanded, capped at 1: 1 when both are
// 0, and 0 when the run expanded nothing although the question needs hops
// (it never reached the gold depth).
func HopEfficiency(goldHops, expanded int) float64 {
	switch {
	case expanded == 0 && goldHops == 0:
		return 1
	case expanded == 0:
		return 0
	}
	return math.Min(1, float64(goldHops)/float64(expanded))
}

// Latency holds latency percentiles in milliseconds.
type Latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
}

// Summary aggregates the scores of a set of questions in one mode: the
// keys of `scgraph eval --json`, overall and again under ByHops.
type Summary struct {
	Questions          int      `json:"questions"`
	HitsAt1            float64  `json:"hits_at_1"`
	AnswerPrecision    float64  `json:"answer_precision"`
	AnswerRecall       float64  `json:"answer_recall"`
	AnswerF1           float64  `json:"answer_f1"`
	PathRecall         *float64 `json:"path_recall"`
	GoldPathRecall     *float64 `json:"gold_path_recall"`
	HopEfficiency      *float64 `json:"hop_efficiency"`
	MeanIterations     float64  `json:"mean_iterations"`
	MeanRefinements    float64  `json:"mean_refinements"`
	MeanStoreCalls     float64  `json:"mean_store_calls"`
	MedianNodesVisited float64  `json:"median_nodes_visited"`
	P95NodesVisited    float64  `json:"p95_nodes_visited"`
	Deterministic      float64  `json:"deterministic"`
	// ExactSet is the share of questions answered with exactly the gold
	// set; Claims the share whose run claimed a finished answer (complete
	// or no_chain); ClaimedButWrong the share (of all questions) that
	// claimed one with a wrong answer set: the failure a critic must not
	// certify.
	ExactSet                float64 `json:"exact_set"`
	Claims                  float64 `json:"claims"`
	ClaimedButWrong         float64 `json:"claimed_but_wrong"`
	LatencyMS               Latency `json:"latency_ms"`
	LLMCallsPerQuestion     float64 `json:"llm_calls_per_question"`
	InputTokensPerQuestion  float64 `json:"input_tokens_per_question"`
	OutputTokensPerQuestion float64 `json:"output_tokens_per_question"`
	Failures                int     `json:"failures"`
	// ByHops holds the same metrics per hop count ("1", "2", …).
	ByHops map[string]Summary `json:"by_hops,omitempty"`
}

// Summarize aggregates scores, overall and by hop count. Means are over
// the questions where a metric is defined; a metric defined for none is
// nil. Percentiles interpolate linearly between the nearest ranks.
func Summarize(scores []Score) Summary {
	s := summarize(scores)
	groups := map[int][]Score{}
	for _, sc := range scores {
		groups[sc.Hops] = append(groups[sc.Hops], sc)
	}
	if len(groups) > 0 {
		s.ByHops = make(map[string]Summary, len(groups))
		for h, g := range groups {
			s.ByHops[strconv.Itoa(h)] = summarize(g)
		}
	}
	return s
}

func summarize(scores []Score) Summary {
	s := Summary{Questions: len(scores)}
	if len(scores) == 0 {
		return s
	}
	n := float64(len(scores))
	var nodes, lat []float64
	var pr, gpr, he []float64
	det := 0
	for _, sc := range scores {
		s.HitsAt1 += sc.Hit
		s.AnswerPrecision += sc.Precision
		s.AnswerRecall += sc.Recall
		s.AnswerF1 += sc.F1
		s.MeanIterations += float64(sc.Iterations)
		s.MeanRefinements += float64(sc.Refinements)
		s.MeanStoreCalls += float64(sc.StoreCalls)
		s.LLMCallsPerQuestion += float64(sc.LLMCalls)
		s.InputTokensPerQuestion += float64(sc.InputTokens)
		s.OutputTokensPerQuestion += float64(sc.OutputTokens)
		nodes = append(nodes, float64(sc.NodesVisited))
		lat = append(lat, sc.LatencyMS)
		if sc.PathRecall != nil {
			pr = append(pr, *sc.PathRecall)
		}
		if sc.GoldPathRecall != nil {
			gpr = append(gpr, *sc.GoldPathRecall)
		}
		if sc.HopEfficiency != nil {
			he = append(he, *sc.HopEfficiency)
		}
		if sc.Deterministic {
			det++
		}
		if sc.Exact {
			s.ExactSet++
		}
		if sc.Claimed {
			s.Claims++
			if !sc.Exact {
				s.ClaimedButWrong++
			}
		}
		if sc.Failed {
			s.Failures++
		}
	}
	for _, p := range []*float64{&s.HitsAt1, &s.AnswerPrecision, &s.AnswerRecall, &s.AnswerF1, &s.ExactSet, &s.Claims, &s.ClaimedButWrong,
		&s.MeanIterations, &s.MeanRefinements, &s.MeanStoreCalls,
		&s.LLMCallsPerQuestion, &s.InputTokensPerQuestion, &s.OutputTokensPerQuestion} {
		*p = round4(*p / n)
	}
	s.PathRecall, s.GoldPathRecall, s.HopEfficiency = mean(pr), mean(gpr), mean(he)
	s.Deterministic = round4(float64(det) / n)
	s.MedianNodesVisited = round4(Percentile(nodes, 50))
	s.P95NodesVisited = round4(Percentile(nodes, 95))
	s.LatencyMS = Latency{P50: round4(Percentile(lat, 50)), P95: round4(Percentile(lat, 95))}
	return s
}

func mean(xs []float64) *float64 {
	if len(xs) == 0 {
		return nil
	}
	t := 0.0
	for _, x := range xs {
		t += x
	}
	v := round4(t / float64(len(xs)))
	return &v
}

// Percentile is the p-th percentile (0..100) of xs, interpolating
// linearly between the nearest ranks (the median of 1, 2, 3, 4 is 2.5);
// 0 for no values.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	pos := p / 100 * float64(len(s)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	if lo == hi {
		return s[lo]
	}
	return s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
}

// round4 rounds to four decimals, so that reports read cleanly and
// compare exactly.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
