package llm

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/state"
)

// A model that never answers costs a question its time budget, not a
// per-call timeout for every call: the planner's call is cut at the
// budget, and the answerer is not called at all.
func TestHungModelCostsTheBudget(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On("", llmtest.Reply{Text: planTeams, Delay: time.Hour})
	c := NewClient(m, ClientOptions{Timeout: time.Hour, MaxTimePerQuestion: 300 * time.Millisecond, MaxRetries: -1})
	res, err := newAgent(st, c, Options{}).Run(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Plan.Fallback, ErrBudgetExhausted.Error()) {
		t.Errorf("plan fallback %q, want the budget named", res.Plan.Fallback)
	}
	if !strings.Contains(res.AnswerFallback, ErrBudgetExhausted.Error()) {
		t.Errorf("answer fallback %q, want the budget named", res.AnswerFallback)
	}
	if n := len(m.Calls()); n != 1 {
		t.Errorf("the hung model was called %d times, want once", n)
	}
	if res.State.Budget.LLMTime < 300*time.Millisecond {
		t.Errorf("the budget counts %s of model time, want the whole budget", res.State.Budget.LLMTime)
	}
	if len(res.Answers) == 0 {
		t.Error("no deterministic answer")
	}
}

// The calls of one question, retries and repairs included, stop at
// MaxCallsPerQuestion; the next question has its own budget.
func TestCallsPerQuestion(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On("", llmtest.Text("not json"))
	c := NewClient(m, ClientOptions{MaxCallsPerQuestion: 2, Backoff: time.Millisecond})
	a := newAgent(st, c, Options{})
	for i := range 2 {
		before := len(m.Calls())
		res, err := a.Run(context.Background(), qTeams)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(m.Calls()) - before; got != 2 || res.Stats.LLMCalls != 2 {
			t.Errorf("question %d: %d calls (stats %d), want the budget of 2", i, got, res.Stats.LLMCalls)
		}
		if !strings.Contains(res.AnswerFallback, ErrBudgetExhausted.Error()) {
			t.Errorf("question %d: answer fallback %q", i, res.AnswerFallback)
		}
	}
}

// The backoff before a retry counts against the budget: a retry that
// could not start before the budget ends is not waited for.
func TestBackoffBeyondBudget(t *testing.T) {
	m := llmtest.New().On("", llmtest.Fail(llms.NewError(llms.ErrCodeRateLimit, "openai", "slow down")))
	c := NewClient(m, ClientOptions{MaxTimePerQuestion: 50 * time.Millisecond, Backoff: time.Hour, MaxBackoff: time.Hour})
	_, err := c.Generate(context.Background(), []llms.MessageContent{human("hi")}, nil)
	if !errors.Is(err, ErrBudgetExhausted) {
		t.Fatalf("err %v, want ErrBudgetExhausted", err)
	}
	if n := len(m.Calls()); n != 1 {
		t.Errorf("%d calls, want 1", n)
	}
}

// With Required, a model that fails makes the run fail, naming the node.
func TestRequiredModel(t *testing.T) {
	st := demoStore(t)
	for _, c := range []struct {
		name  string
		model *llmtest.Model
		node  string
	}{
		{"planner fails", llmtest.New().On("", llmtest.Fail(errors.New("API returned unexpected status code: 500"))), "planner"},
		{"answer rejected", llmtest.New().On(onPlan, llmtest.Text(planTeams)).On(onAnswer, llmtest.Text("no citation here")), "answerer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newAgent(st, fastClient(c.model), Options{Required: true}).Run(context.Background(), qTeams)
			if !errors.Is(err, ErrModelFailed) || !strings.Contains(err.Error(), c.node) {
				t.Fatalf("err %v, want ErrModelFailed from the %s", err, c.node)
			}
		})
	}
	// Without Required the same model gives the deterministic answer.
	m := llmtest.New().On("", llmtest.Fail(errors.New("API returned unexpected status code: 500")))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qTeams)
	if err != nil || res.Plan.Source != state.ByRules || res.Plan.Fallback == "" {
		t.Fatalf("err %v, plan %+v", err, res.Plan)
	}
}

// The model's plan also says which of the question's entities it left out.
func TestModelPlanListsIgnoredEntities(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Text(planTeams)).On(onAnswer, llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), "Which teams are affected if [payment-service] or [checkout-service] goes down?")
	if err != nil {
		t.Fatal(err)
	}
	if res.Plan.Source != state.ByLLM || len(res.Plan.Anchors) != 1 || res.Plan.Anchors[0].Entity != "payment-service" {
		t.Fatalf("plan %+v", res.Plan)
	}
	if len(res.Plan.Ignored) != 1 || res.Plan.Ignored[0].Entity != "checkout-service" {
		t.Errorf("ignored %+v, want checkout-service", res.Plan.Ignored)
	}
}
