package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Markers that say which node a prompt comes from (the first line of
// each prompt template).
const (
	markPlan   = "Task: retrieval plan"
	markCritic = "Task: sufficiency check"
	markAnswer = "Task: grounded answer"
)

// scripted is one reply of the fake OpenAI-compatible server: an HTTP
// status other than 200, or a completion's content.
type scripted struct {
	status  int
	content string
	// hang: never reply; the request ends when the client gives up.
	hang bool
}

// chatServer is a local OpenAI-compatible server: GET /v1/models and
// POST /v1/chat/completions, answering each node's prompt from a script
// (the last reply repeats), with usage, and streaming (SSE) when asked.
type chatServer struct {
	*httptest.Server
	mu      sync.Mutex
	script  map[string][]scripted
	used    map[string]int
	calls   []string // the marker of each completion request
	streams int
	// anyModel: answer for any model name, not only test-model.
	anyModel bool
}

func newChatServer(t *testing.T, script map[string][]scripted) *chatServer {
	s := &chatServer{script: script, used: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"object":"list","data":[{"id":"test-model","object":"model"}]}`)
	})
	mux.HandleFunc("POST /v1/chat/completions", s.complete)
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

type chatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Stream bool `json:"stream"`
}

func (s *chatServer) complete(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if req.Model != "test-model" && !s.anyModel {
		http.Error(w, `{"error":{"message":"no such model"}}`, http.StatusNotFound)
		return
	}
	prompt := ""
	if len(req.Messages) > 0 {
		prompt = req.Messages[0].Content
	}
	mark := ""
	for _, m := range []string{markPlan, markCritic, markAnswer, markExtract} {
		if strings.HasPrefix(prompt, m) {
			mark = m
		}
	}
	s.mu.Lock()
	s.calls = append(s.calls, mark)
	replies := s.script[mark]
	var rep scripted
	if len(replies) > 0 {
		i := min(s.used[mark], len(replies)-1)
		rep = replies[i]
	}
	s.used[mark]++
	if req.Stream {
		s.streams++
	}
	s.mu.Unlock()
	if len(replies) == 0 {
		http.Error(w, `{"error":{"message":"unscripted prompt"}}`, http.StatusBadRequest)
		return
	}
	if rep.hang {
		<-r.Context().Done()
		return
	}
	if rep.status != 0 && rep.status != http.StatusOK {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.status)
		fmt.Fprintf(w, `{"error":{"message":"scripted failure %d"}}`, rep.status)
		return
	}
	in, out := len(prompt)/4, len(rep.content)/4+1
	usage := map[string]int{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out}
	if req.Stream {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, word := range strings.SplitAfter(rep.content, " ") {
			chunk, _ := json.Marshal(map[string]any{"id": "c", "object": "chat.completion.chunk", "model": req.Model,
				"choices": []map[string]any{{"index": 0, "delta": map[string]string{"content": word}}}})
			fmt.Fprintf(w, "data: %s\n\n", chunk)
		}
		final, _ := json.Marshal(map[string]any{"id": "c", "object": "chat.completion.chunk", "model": req.Model, "choices": []any{}, "usage": usage})
		fmt.Fprintf(w, "data: %s\n\ndata: [DONE]\n\n", final)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "c", "object": "chat.completion", "model": req.Model,
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant", "content": rep.content}}},
		"usage":   usage,
	})
}

func (s *chatServer) Calls() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

const (
	llmQuestion = "Which teams are affected if the payment service goes down?"
	llmPlan     = `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team", "entity": ""},
 "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}, {"relation": "OWNS", "direction": "in"}], "repeat": true}],
 "intent": "dependents", "hop_budget": 4, "confidence": 0.9}`
	llmAnswer = "Five teams are affected: team-payments owns payment-service [4]; team-orders and team-checkout own its direct callers [5][6]; " +
		"team-platform owns api-gateway, which calls checkout-service [7]; team-storefront owns admin-portal and mobile-bff further up [1][2]."
)

// llmOutput is the part of `ask --json --state` these tests read.
type llmOutput struct {
	Answer  string `json:"answer"`
	Answers []struct {
		Name string `json:"name"`
	} `json:"answers"`
	Complete bool `json:"complete"`
	Stats    struct {
		LLMCalls     int `json:"llm_calls"`
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"stats"`
	Plan struct {
		Source   string   `json:"source"`
		Fallback string   `json:"fallback"`
		Notes    []string `json:"notes"`
	} `json:"plan"`
	Trace []struct {
		Phase    string `json:"phase"`
		Summary  string `json:"summary"`
		LLMCalls int    `json:"llm_calls"`
	} `json:"trace"`
	State struct {
		Answer struct {
			Text     string `json:"text"`
			By       string `json:"by"`
			Fallback string `json:"fallback"`
		} `json:"answer"`
	} `json:"state"`
}

// askLLM runs `scgraph ask` against the fake server.
func askLLM(t *testing.T, srv *chatServer, extra ...string) (int, string, string) {
	t.Helper()
	args := append([]string{"ask", "--llm", "openai:test-model", "--llm-base-url", srv.URL + "/v1", "--llm-retries", "1"}, extra...)
	return invoke(t, "", append(args, llmQuestion)...)
}

func TestAskLLMEndToEnd(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{
		markPlan:   {{content: "```json\n" + llmPlan + "\n```"}},
		markAnswer: {{content: llmAnswer}},
	})
	code, stdout, stderr := askLLM(t, srv, "--json", "--state")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out llmOutput
	decodeOneJSON(t, stdout, &out)
	if out.Answer != llmAnswer || out.State.Answer.By != "llm" {
		t.Errorf("answer %q by %q", out.Answer, out.State.Answer.By)
	}
	if out.Plan.Source != "llm" || len(out.Answers) != 5 || !out.Complete {
		t.Errorf("plan %q, %d answers, complete %v", out.Plan.Source, len(out.Answers), out.Complete)
	}
	if out.Stats.LLMCalls != 2 || out.Stats.InputTokens < 500 || out.Stats.OutputTokens == 0 {
		t.Errorf("stats %+v", out.Stats)
	}
	if got := srv.Calls(); strings.Join(got, ",") != markPlan+","+markAnswer {
		t.Errorf("calls %q", got)
	}
	var traced int
	for _, s := range out.Trace {
		traced += s.LLMCalls
	}
	if traced != 2 || !strings.HasPrefix(out.Trace[0].Summary, "llm plan:") {
		t.Errorf("trace counts %d LLM calls; first step %q", traced, out.Trace[0].Summary)
	}
}

func TestAskLLMText(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{
		markPlan:   {{content: llmPlan}},
		markAnswer: {{content: llmAnswer}},
	})
	code, stdout, stderr := askLLM(t, srv)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		llmAnswer + "\n\nEvidence:\n  [1] payment-service <-CALLS- order-service <-CALLS- admin-portal <-OWNS- team-storefront   [graph.jsonl:59, graph.jsonl:17, graph.jsonl:168]\n",
		"  [4] payment-service <-OWNS- team-payments   [graph.jsonl:174]\n",
		"Plan (llm):",
		"LLM openai:test-model at " + srv.URL + "/v1: 2 call(s), ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestAskLLMStream(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{
		markPlan:   {{content: llmPlan}},
		markAnswer: {{content: llmAnswer}},
	})
	code, stdout, stderr := askLLM(t, srv, "--stream")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, llmAnswer+"\n\nEvidence:\n") || strings.Count(stdout, llmAnswer) != 1 {
		t.Errorf("output:\n%s", stdout)
	}
	srv.mu.Lock()
	streams := srv.streams
	srv.mu.Unlock()
	if streams != 1 {
		t.Errorf("%d streamed requests, want the answer's", streams)
	}
	if code, _, stderr := askLLM(t, srv, "--stream", "--json"); code != exitUsage || !strings.Contains(stderr, "cannot be combined with --json") {
		t.Errorf("--stream --json: exit %d, %s", code, stderr)
	}
}

// TestAskLLMGarbage: whatever the model replies, the CLI answers with the
// deterministic result, and the plan, notes and answer say why.
func TestAskLLMGarbage(t *testing.T) {
	_, det, _ := invoke(t, "", "ask", "--json", llmQuestion)
	var want llmOutput
	decodeOneJSON(t, det, &want)

	for _, c := range []struct {
		name       string
		reply      scripted
		plan, ans  string
		maxLLMCall int
	}{
		{"not json", scripted{content: "Sure! Team Payments, probably."}, "no valid plan after 2 repair(s): the reply holds no JSON object", "llm answer rejected: it cites no evidence path", 5},
		{"wrong json", scripted{content: `{"plan": ["walk"], "answer": 42}`}, `no valid plan after 2 repair(s): unknown key "plan"`, "llm answer rejected: it cites no evidence path", 5},
		{"empty", scripted{content: ""}, "no valid plan after 2 repair(s): the reply is empty", "llm answer rejected: the answer is empty", 5},
		{"http 500", scripted{status: 500}, "the model failed: openai:test-model at ", "llm answer failed: openai:test-model at ", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := newChatServer(t, map[string][]scripted{markPlan: {c.reply}, markCritic: {c.reply}, markAnswer: {c.reply}})
			code, stdout, stderr := askLLM(t, srv, "--json", "--state")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var out llmOutput
			decodeOneJSON(t, stdout, &out)
			if out.Answer != want.Answer || len(out.Answers) != len(want.Answers) {
				t.Errorf("answer %q, want the deterministic %q", out.Answer, want.Answer)
			}
			if out.Plan.Source != "rules" || !strings.Contains(out.Plan.Fallback, "llm plan not used: "+c.plan) {
				t.Errorf("plan source %q, fallback %q, want it to say %q", out.Plan.Source, out.Plan.Fallback, c.plan)
			}
			if !strings.Contains(strings.Join(out.Plan.Notes, "\n"), "the rule plan is used") {
				t.Errorf("notes %q", out.Plan.Notes)
			}
			if !strings.Contains(out.Trace[0].Summary, "llm plan not used") {
				t.Errorf("the trace does not say why: %q", out.Trace[0].Summary)
			}
			if out.State.Answer.By != "rules" || !strings.Contains(out.State.Answer.Fallback, c.ans) {
				t.Errorf("answer by %q, fallback %q, want it to say %q", out.State.Answer.By, out.State.Answer.Fallback, c.ans)
			}
			if out.Stats.LLMCalls == 0 || out.Stats.LLMCalls > c.maxLLMCall || out.Stats.LLMCalls != len(srv.Calls()) {
				t.Errorf("stats count %d LLM calls, the server saw %d", out.Stats.LLMCalls, len(srv.Calls()))
			}
		})
	}
}

func TestAskLLMUnreachable(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL + "/v1"
	dead.Close()
	code, _, stderr := invoke(t, "", "ask", "--llm", "openai:test-model", "--llm-base-url", url, llmQuestion)
	if code != exitError || !strings.Contains(stderr, "llm: openai:test-model at "+url+" cannot be reached") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	code, _, stderr = invoke(t, "", "ask", "--llm", "openai", llmQuestion)
	if code != exitError || !strings.Contains(stderr, "needs OPENAI_API_KEY") {
		t.Errorf("no key: exit %d: %s", code, stderr)
	}
	code, _, stderr = invoke(t, "", "ask", "--llm", "gemini", llmQuestion)
	if code != exitUsage || !strings.Contains(stderr, `unknown provider "gemini"`) {
		t.Errorf("unknown provider: exit %d: %s", code, stderr)
	}
}

func TestAskLLMFromEnv(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{markPlan: {{content: llmPlan}}, markAnswer: {{content: llmAnswer}}})
	var out, errb bytes.Buffer
	vars := map[string]string{"SCGRAPH_LLM": "openai:test-model", "OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "sk-test"}
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	if code := mainEnv(t.Context(), []string{"ask", "--json", llmQuestion}, e); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res llmOutput
	decodeOneJSON(t, out.String(), &res)
	if res.Stats.LLMCalls != 2 || res.Answer != llmAnswer {
		t.Errorf("stats %+v, answer %q", res.Stats, res.Answer)
	}
}

func TestChatLLM(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{markPlan: {{content: llmPlan}}, markAnswer: {{content: llmAnswer}}})
	code, stdout, stderr := invoke(t, llmQuestion+"\n", "chat", "--llm", "openai:test-model", "--llm-base-url", srv.URL+"/v1")
	if code != 0 || !strings.Contains(stdout, llmAnswer) {
		t.Errorf("exit %d: %s\n%s", code, stdout, stderr)
	}
}

// eval --llm measures the model's cost per question: every completion the
// server served is counted (each question runs twice, for determinism).
func TestEvalLLMCountsCalls(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{
		markPlan:   {{content: llmPlan}},
		markAnswer: {{content: llmAnswer}},
	})
	qs := writeTemp(t, "q.jsonl", `{"id": "q1", "question": "Which teams are affected if the payment service goes down?", "answers": ["team-checkout", "team-orders", "team-payments", "team-platform", "team-storefront"]}
{"id": "q2", "question": "Who owns the payment service?", "answers": ["team-payments"]}
`)
	code, stdout, stderr := invoke(t, "", "eval", "--quiet", "--questions", qs, "--workers", "1", "--json",
		"--llm", "openai:test-model", "--llm-base-url", srv.URL+"/v1", "--llm-retries", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Modes map[string]struct {
			Questions           int     `json:"questions"`
			LLMCallsPerQuestion float64 `json:"llm_calls_per_question"`
			InputTokens         float64 `json:"input_tokens_per_question"`
			Failures            int     `json:"failures"`
		} `json:"modes"`
	}
	decodeOneJSON(t, stdout, &rep)
	a := rep.Modes["agent"]
	served := len(srv.Calls())
	if a.Questions != 2 || a.Failures != 0 {
		t.Fatalf("agent: %+v", a)
	}
	// The scripted model answers every plan and every answer at once: two
	// calls a question. The server saw each question twice (the
	// determinism check) and the first once more (the unmeasured warm-up).
	if a.LLMCallsPerQuestion != 2 || served != 2*(2*2+1) {
		t.Errorf("llm_calls_per_question %v, want 2; %d completions served, want 10: %q", a.LLMCallsPerQuestion, served, srv.Calls())
	}
	if a.LLMCallsPerQuestion < 2 || a.InputTokens <= 0 {
		t.Errorf("agent cost %+v: want at least a plan and an answer call per question, with tokens", a)
	}
}

// A model that never answers costs a question --llm-budget, not the
// five per-call timeouts of before: the deterministic path answers, and
// stderr says the model failed.
func TestAskLLMHangs(t *testing.T) {
	hang := scripted{hang: true}
	srv := newChatServer(t, map[string][]scripted{markPlan: {hang}, markCritic: {hang}, markAnswer: {hang}})
	_, det, _ := invoke(t, "", "ask", "--json", llmQuestion)
	var want llmOutput
	decodeOneJSON(t, det, &want)
	code, stdout, stderr := askLLM(t, srv, "--json", "--state", "--llm-timeout", "1h", "--llm-budget", "500ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out llmOutput
	decodeOneJSON(t, stdout, &out)
	if out.Answer != want.Answer {
		t.Errorf("answer %q, want the deterministic %q", out.Answer, want.Answer)
	}
	if n := len(srv.Calls()); n != 1 {
		t.Errorf("the server saw %d calls, want the planner's only", n)
	}
	if !strings.Contains(stderr, "warning: the model (openai:test-model at ") || !strings.Contains(stderr, "llm budget per question spent") {
		t.Errorf("stderr does not warn of the spent budget:\n%s", stderr)
	}
}

// The model's failures are told on stderr; with --llm-required they are an
// error (exit 1) and no deterministic answer stands in.
func TestAskLLMFailureWarnsOrFails(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply scripted
	}{
		{"http 500", scripted{status: 500}},
		{"garbage", scripted{content: "Sure! Team Payments, probably."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			script := map[string][]scripted{markPlan: {c.reply}, markCritic: {c.reply}, markAnswer: {c.reply}}
			code, stdout, stderr := askLLM(t, newChatServer(t, script))
			if code != 0 || !strings.Contains(stderr, "warning: the model") || !strings.Contains(stderr, "plan: llm plan not used") || !strings.Contains(stderr, "--llm-required") {
				t.Errorf("exit %d, stderr:\n%s", code, stderr)
			}
			if !strings.Contains(stdout, "Evidence:") {
				t.Errorf("no deterministic answer:\n%s", stdout)
			}
			code, stdout, stderr = askLLM(t, newChatServer(t, script), "--llm-required")
			if code != exitError || !strings.Contains(stderr, "the model's output could not be used: planner: llm plan not used") {
				t.Errorf("--llm-required: exit %d, stderr:\n%s", code, stderr)
			}
			if stdout != "" {
				t.Errorf("--llm-required printed an answer:\n%s", stdout)
			}
		})
	}
	// A model that works gives no warning.
	srv := newChatServer(t, map[string][]scripted{markPlan: {{content: llmPlan}}, markAnswer: {{content: llmAnswer}}})
	if code, _, stderr := askLLM(t, srv, "--llm-required"); code != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if code, _, stderr := invoke(t, "", "ask", "--llm-required", llmQuestion); code != exitUsage || !strings.Contains(stderr, "--llm-required needs --llm") {
		t.Errorf("without --llm: exit %d: %s", code, stderr)
	}
}
