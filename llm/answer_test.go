package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/compose"
	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/state"
)

// ruleState runs the deterministic agent and returns its final state.
func ruleState(t *testing.T, q string) *state.AgentState {
	t.Helper()
	res, err := agent.New(demoStore(t)).Run(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return res.State
}

// offEvidence returns a retrieved node on no evidence path.
func offEvidence(t *testing.T, s *state.AgentState) string {
	t.Helper()
	ans := compose.Compose(s, compose.Options{})
	on := map[string]bool{}
	for _, p := range ans.Paths {
		for _, h := range p.Hops {
			on[h.From], on[h.To] = true, true
		}
	}
	for n := range s.Subgraph.AllNodes() {
		if !on[n.Name] {
			return n.Name
		}
	}
	t.Fatal("every retrieved node is on an evidence path")
	return ""
}

func TestAnswerGrounded(t *testing.T) {
	s := ruleState(t, qDB)
	text := "Yes: checkout-service calls order-service, which depends on db-v2-proxy and so on db-v2, which db-v2-migration migrates [1]."
	m := llmtest.New().On(onAnswer, llmtest.Text(text))
	ans, cost, err := newAnswerer(fastClient(m), AnswererOptions{}).Answer(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if ans.By != "llm" || ans.Text != text {
		t.Fatalf("answer by %q: %q", ans.By, ans.Text)
	}
	base := compose.Compose(s, compose.Options{})
	if len(ans.Paths) != len(base.Paths) || len(ans.Entities) != len(base.Entities) || ans.Mermaid != base.Mermaid {
		t.Error("the LLM answer changed more than the text")
	}
	if cost.LLMCalls != 1 {
		t.Errorf("cost %+v", cost)
	}
}

func TestAnswerUngroundedRegeneratedThenDeterministic(t *testing.T) {
	s := ruleState(t, qDB)
	stray := offEvidence(t, s)
	bad := "Yes, through " + stray + " [1]."
	m := llmtest.New().On(onAnswer, llmtest.Text(bad))
	ans, cost, err := newAnswerer(fastClient(m), AnswererOptions{}).Answer(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	want := "llm answer rejected: it names " + stray + ", which is on no evidence path"
	if ans.By != state.ByRules || ans.Fallback != want {
		t.Errorf("by %q (fallback %q), want rules (%q)", ans.By, ans.Fallback, want)
	}
	if ans.Text != compose.Compose(s, compose.Options{}).Text {
		t.Errorf("text %q is not the deterministic one", ans.Text)
	}
	if cost.LLMCalls != 2 {
		t.Errorf("%d calls, want the answer and one regeneration", cost.LLMCalls)
	}
	calls := m.Calls()
	if !strings.Contains(calls[1].Prompt, "That answer cannot be used:\n- it names "+stray) {
		t.Errorf("the regeneration prompt does not say what was wrong:\n%s", calls[1].Prompt)
	}
}

func TestAnswerRegeneratedOnce(t *testing.T) {
	s := ruleState(t, qDB)
	m := llmtest.New().On(onAnswer, llmtest.Text("Yes [9]."), llmtest.Text("Yes, db-v2-migration reaches checkout-service [1]."))
	var streamed strings.Builder
	ans, cost, err := newAnswerer(fastClient(m), AnswererOptions{Stream: func(c string) { streamed.WriteString(c) }}).Answer(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if ans.By != "llm" || cost.LLMCalls != 2 {
		t.Fatalf("by %q after %d calls", ans.By, cost.LLMCalls)
	}
	want := "Yes [9].\n[rejected: it cites [9], but the evidence paths are [1] to [3]; regenerating]\nYes, db-v2-migration reaches checkout-service [1]."
	if streamed.String() != want {
		t.Errorf("streamed %q\nwant     %q", streamed.String(), want)
	}
}

func TestAnswerNoPathsNoCall(t *testing.T) {
	s := ruleState(t, "Who owns the quantum flux capacitor?")
	m := llmtest.New()
	ans, cost, err := newAnswerer(fastClient(m), AnswererOptions{}).Answer(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if ans.By != "rules" || cost.LLMCalls != 0 || len(m.Calls()) != 0 {
		t.Errorf("by %q, %d calls", ans.By, cost.LLMCalls)
	}
}

func TestCheck(t *testing.T) {
	s := ruleState(t, qDB)
	base := compose.Compose(s, compose.Options{})
	for _, c := range []struct {
		text string
		want []string
	}{
		{"db-v2-proxy is on the way [1][2].", nil},
		{"Yes [1, 2].", nil},
		{"Yes.", []string{"it cites no evidence path; cite them as [1] to [3]"}},
		{"Yes [0] [4].", []string{"it cites [0], but the evidence paths are [1] to [3]", "it cites [4], but the evidence paths are [1] to [3]"}},
		{"  ", []string{"the answer is empty"}},
		{"The Cart Service is fine [1].", []string{"it names cart-service, which is on no evidence path"}},
	} {
		got := check(c.text, s, base, 3)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("check(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct {
		text, name string
		want       bool
	}{
		{"via db-v2-proxy only", "db-v2", false},
		{"db-v2.", "db-v2", true},
		{"(db-v2)", "db-v2", true},
		{"the payment service", "payment-service", true},
		{"payment-services", "payment-service", false},
		{"http", "http", true},
		{"https", "http", false},
	} {
		if got := names(c.text, c.name); got != c.want {
			t.Errorf("names(%q, %q) = %v", c.text, c.name, got)
		}
	}
}
