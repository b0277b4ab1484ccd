package agent

import (
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Result is what a run returns: the contract of `scgraph ask --json`.
type Result struct {
	Question string `json:"question"`
	// Answer is the answer sentence.
	Answer string `json:"answer"`
	// AnswerBy names who phrased it; AnswerFallback, when the rules did
	// after a model was asked, says why the model's text was not used.
	AnswerBy       state.Author `json:"answer_by"`
	AnswerFallback string       `json:"answer_fallback,omitempty"`
	// Answers are the answer entities, best first.
	Answers []state.AnswerEntity `json:"answers"`
	// Paths are the evidence paths; each answer lists its own by index.
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
	if st.Answer != nil {
		res.Answer = st.Answer.Text
		res.AnswerBy, res.AnswerFallback = st.Answer.By, st.Answer.Fallback
		res.Answers = st.Answer.Entities
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
