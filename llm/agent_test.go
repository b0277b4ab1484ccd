package llm

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/state"
)

func TestRunStats(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Text(planTeams)).On(onAnswer, llmtest.Reply{Text: answerPlain, InputTokens: 300, OutputTokens: 12})
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if res.Plan.Source != "llm" || res.State.Answer.By != "llm" || res.Answer != answerPlain {
		t.Fatalf("plan %q, answer by %q: %q", res.Plan.Source, res.State.Answer.By, res.Answer)
	}
	if res.Stats.LLMCalls != 2 || res.Stats.InputTokens != 400 || res.Stats.OutputTokens != 32 {
		t.Errorf("stats %+v", res.Stats)
	}
	var traced int
	for _, s := range res.Trace {
		traced += s.LLMCalls
	}
	if traced != 2 {
		t.Errorf("the trace counts %d LLM calls", traced)
	}
	if len(res.Answers) == 0 || res.StopReason != state.StopComplete {
		t.Errorf("answers %v, stop %q", res.Answers, res.StopReason)
	}
}

func TestCancellationMidRun(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Reply{Text: planTeams, Delay: 10 * time.Second}).On(onAnswer, llmtest.Text(answerPlain))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel once the planner's call is under way (a fixed timer fired
	// before it on a loaded machine).
	calling := &onCall{Model: m, do: func() { time.AfterFunc(20*time.Millisecond, cancel) }}
	start := time.Now()
	res, err := newAgent(st, NewClient(calling, ClientOptions{Timeout: 2 * time.Second}), Options{}).Run(ctx, qTeams)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("cancellation took %s", d)
	}
	if res == nil || res.StopReason != state.StopCancelled {
		t.Fatalf("result %+v", res)
	}
	if n := len(m.Calls()); n != 1 {
		t.Errorf("%d calls after cancellation, want only the planner's", n)
	}
}

func TestGarbageNeverFails(t *testing.T) {
	st := demoStore(t)
	for name, r := range map[string]llmtest.Reply{
		"prose":      llmtest.Text("Sure! The teams are the ones that own things."),
		"wrong json": llmtest.Text(`{"plan": "walk the graph", "answer": 42}`),
		"empty":      llmtest.Text(""),
		"error":      llmtest.Fail(errors.New("API returned unexpected status code: 500")),
	} {
		t.Run(name, func(t *testing.T) {
			m := llmtest.New().On("", r)
			res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qTeams)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Answers) != 5 || res.State.Answer.By == "llm" {
				t.Errorf("answers %v by %q", res.Answers, res.State.Answer.By)
			}
			if res.Stats.LLMCalls > 6 {
				t.Errorf("%d calls", res.Stats.LLMCalls)
			}
			t.Logf("plan %q; answer by %q", res.Plan.Source, res.State.Answer.By)
		})
	}
}

// onCall is a model that runs do at each call, then answers as Model.
type onCall struct {
	*llmtest.Model
	do func()
}

func (o *onCall) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	o.do()
	return o.Model.GenerateContent(ctx, msgs, opts...)
}
