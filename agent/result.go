package agent

import (
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Result is what a run returns: the contract of `scgraph ask --json`.
type Result struct {
	Question string `json:"question"`
	// Answer is the answer sentence: what was found, why it is not a claim
	// when it is not, how the question was read. Summary is what was found
	// alone, and Doubt why it is not a claim, in plain words ("" for a
	// claim): the CLI shows people those two, each on its own line.
	Answer  string `json:"answer"`
	Summary string `json:"summary"`
	Doubt   string `json:"doubt,omitempty"`
	// YesNo answers a yes-or-no question: yes, no or unknown, certified
	// where Complete; empty for a question that asks for a list.
	YesNo state.YesNo `json:"yes_no,omitempty"`
	// DidYouMean, when no entity of the question was found, names the
	// entities its words come closest to.
	DidYouMean []string `json:"did_you_mean,omitempty"`
	// AnswerBy names who phrased it; AnswerFallback, when the rules did
	// after a model was asked, says why the model's text was not used.
	AnswerBy       state.Author `json:"answer_by"`
	AnswerFallback string       `json:"answer_fallback,omitempty"`
	// Answers are the answer entities, best first: all of them, or a
	// page of them (Paged) starting at Offset.
	Answers []state.AnswerEntity `json:"answers"`
	// Total is the number of answers (all of them, however many Answers
	// holds); Offset is the rank of Answers[0] minus one.
	Total  int `json:"total"`
	Offset int `json:"offset,omitempty"`
	// Paths are the evidence paths; each answer lists its own by index.
	// A run keeps the paths of its first answers (compose.Options.MaxPaths);
	// Paged and AnswerPath rebuild those of the others.
	Paths []graph.Path `json:"paths"`
	// Complete is true when the critic judged the evidence sufficient, or
	// proved that no chain exists within the hop budget.
	Complete bool `json:"complete"`
	// Confidence is how sure the reading of the question is times how
	// sure the link of its least sure entity is (0..1); Reading is that
	// reading in words. The CLI and the MCP server report the same.
	Confidence float64    `json:"confidence"`
	Reading    string     `json:"reading,omitempty"`
	Iterations int        `json:"iterations"`
	StopReason state.Stop `json:"stop_reason"`
	Stats      Stats      `json:"stats"`
	Plan       state.Plan `json:"plan"`
	// Verdicts are the critic's judgements, in order.
	Verdicts []state.Verdict `json:"verdicts"`
	// Mermaid draws the evidence paths as a flowchart.
	Mermaid string `json:"mermaid"`
	// Trace is every step of the run.
	Trace []state.TraceEntry `json:"trace"`
	// State is the full final state (not part of the JSON output; use
	// `scgraph ask --state` to see it).
	State *state.AgentState `json:"-"`
}

// Stats counts the run's work.
type Stats struct {
	StoreCalls    int `json:"store_calls"`
	NodesVisited  int `json:"nodes_visited"`
	NodesExpanded int `json:"nodes_expanded"`
	// HopsExpanded is the greatest distance from an anchor the walk
	// reached.
	HopsExpanded int `json:"hops_expanded"`
	Refinements  int `json:"refinements"`
	LLMCalls     int `json:"llm_calls"`
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	// TokensEstimated: the provider reported no usage for some call and
	// its tokens were estimated (about four characters a token).
	TokensEstimated bool    `json:"tokens_estimated,omitempty"`
	ElapsedMS       float64 `json:"elapsed_ms"`
}

func (r *run) result() *Result {
	st := r.st
	res := &Result{
		Question:   st.Question,
		Iterations: st.Iteration,
		StopReason: st.Stop,
		Plan:       st.Plan,
		Verdicts:   st.Verdicts,
		Trace:      st.Trace,
		State:      st,
		Answers:    []state.AnswerEntity{},
		Paths:      []graph.Path{},
	}
	res.DidYouMean = st.DidYouMean
	if st.Answer != nil {
		res.Answer, res.Summary, res.Doubt, res.YesNo = st.Answer.Text, st.Answer.Summary, st.Answer.Doubt, st.Answer.YesNo
		res.AnswerBy, res.AnswerFallback = st.Answer.By, st.Answer.Fallback
		res.Answers = st.Answer.Entities
		res.Total = len(res.Answers)
		res.Paths = st.Answer.Paths
		res.Complete = st.Answer.Complete
		res.Mermaid = st.Answer.Mermaid
	}
	res.Confidence, res.Reading = confidence(st)
	hops := 0
	for _, p := range st.Walk.All() {
		if p.Depth > hops {
			hops = p.Depth
		}
	}
	res.Stats = Stats{
		StoreCalls:      st.Budget.StoreCalls,
		NodesVisited:    st.Subgraph.Len(),
		NodesExpanded:   st.Budget.NodesExpanded,
		HopsExpanded:    hops,
		Refinements:     r.refinements,
		LLMCalls:        st.Budget.LLMCalls,
		InputTokens:     st.Budget.InputTokens,
		OutputTokens:    st.Budget.OutputTokens,
		TokensEstimated: st.Budget.TokensEstimated,
		ElapsedMS:       float64(r.cfg.clock().Sub(r.start).Microseconds()) / 1000,
	}
	return res
}

// confidence is a run's confidence: the reading's (of the chain the walk
// ended on) times the least sure link of the question's entities, and the
// reading in words.
func confidence(st *state.AgentState) (float64, string) {
	link := 0.0
	for i, an := range st.Plan.Anchors {
		if i == 0 || an.Confidence < link {
			link = an.Confidence
		}
	}
	reading, words := 1.0, ""
	if i := st.Walk.Chain; i >= 0 && i < len(st.Plan.Readings) {
		words, reading = st.Plan.Readings[i].Text, st.Plan.Readings[i].Confidence
	}
	return link * reading, words
}

// Paged returns the result with the answers ranked offset+1 to
// offset+limit (all from offset for limit 0), each with its evidence
// paths (those the run kept, or rebuilt from the walk), Total the number of
// them all. The first page keeps the run's paths in their order, so that
// an answer citing paths by number still reads right.
func (r *Result) Paged(offset, limit int) *Result {
	p := *r
	offset = min(max(offset, 0), len(r.Answers))
	end := len(r.Answers)
	if limit > 0 {
		end = min(end, offset+limit)
	}
	p.Offset = offset
	if offset == 0 && end == len(r.Answers) {
		return &p
	}
	page := r.Answers[offset:end]
	p.Answers = make([]state.AnswerEntity, len(page))
	copy(p.Answers, page)
	if len(page) == 0 {
		p.Paths = []graph.Path{}
		return &p
	}
	if offset == 0 && r.kept(0, end) {
		last := -1
		for _, a := range page {
			for _, pi := range a.Paths {
				last = max(last, pi)
			}
		}
		p.Paths = r.Paths[:last+1]
		return &p
	}
	p.Paths = []graph.Path{}
	for k := range p.Answers {
		paths := r.AnswerPaths(offset + k)
		p.Answers[k].Paths = make([]int, 0, len(paths))
		for _, path := range paths {
			p.Answers[k].Paths = append(p.Answers[k].Paths, len(p.Paths))
			p.Paths = append(p.Paths, path)
		}
	}
	return &p
}

// kept reports whether the run kept the paths of the answers ranked
// from+1 to to.
func (r *Result) kept(from, to int) bool {
	for _, a := range r.Answers[from:to] {
		if len(a.Paths) == 0 {
			return false
		}
	}
	return true
}

// AnswerPaths returns the evidence paths of Answers[k] (ranked Offset+k+1):
// those
// the run kept, or one rebuilt from the walk (three for the first).
func (r *Result) AnswerPaths(k int) []graph.Path {
	if k < 0 || k >= len(r.Answers) {
		return nil
	}
	a := r.Answers[k]
	if len(a.Paths) > 0 {
		out := make([]graph.Path, 0, len(a.Paths))
		for _, pi := range a.Paths {
			if pi >= 0 && pi < len(r.Paths) {
				out = append(out, r.Paths[pi])
			}
		}
		return out
	}
	st, j := r.State, r.Offset+k
	if st == nil || st.Answer == nil || j >= len(st.Answer.Positions) || st.Answer.Entities[j].Name != a.Name {
		return nil
	}
	n := 1
	if j == 0 {
		n = 3
	}
	return st.PathsTo(st.Answer.Positions[j], n)
}
