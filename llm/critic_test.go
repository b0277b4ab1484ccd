package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/state"
)

func TestCriticDiscardsNodeOutsideSubgraph(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().
		On(onPlan, llmtest.Text(planBreaks)).
		On(onCritic, llmtest.Text(`{"outcome": "insufficient", "dead_ends": ["mainframe-9000"], "reason": "the mainframe is next"}`)).
		On(onAnswer, llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qBreaks)
	if err != nil {
		t.Fatal(err)
	}
	v := res.Verdicts[0]
	if v.By != state.ByRules || v.Fallback != `llm verdict discarded: names "mainframe-9000", which is not in the retrieved subgraph` {
		t.Errorf("verdict by %q, fallback %q", v.By, v.Fallback)
	}
	if v.Outcome != state.Insufficient || len(v.DeadEnds) == 0 {
		t.Errorf("the rule verdict should stand: %+v", v)
	}
	for _, v := range res.Verdicts[1:] {
		if v.By != "rules" {
			t.Errorf("the model was consulted again: %q", v.By)
		}
	}
	if res.Stats.LLMCalls != 3 {
		t.Errorf("%d LLM calls, want planner 1 + critic 1 + answer 1", res.Stats.LLMCalls)
	}
	if res.StopReason != state.StopComplete {
		t.Errorf("stop %q", res.StopReason)
	}
}

func TestCriticSufficientByMeaning(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().
		On(onPlan, llmtest.Text(planBreaks)).
		On(onCritic, llmtest.Text(`{"outcome": "sufficient", "dead_ends": [], "reason": "the direct callers answer it"}`)).
		On(onAnswer, llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qBreaks)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Verdicts) != 1 || res.Verdicts[0].By != "llm" || res.Verdicts[0].Outcome != state.Sufficient || res.Stats.Refinements != 0 {
		t.Fatalf("verdicts %+v", res.Verdicts)
	}
	if !strings.Contains(res.Verdicts[0].Reason, "judged sufficient by meaning: the direct callers answer it") {
		t.Errorf("reason %q", res.Verdicts[0].Reason)
	}
}

func TestCriticChoosesDeadEnds(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().
		On(onPlan, llmtest.Text(planBreaks)).
		On(onCritic, llmtest.Text(`{"outcome": "insufficient", "dead_ends": ["checkout-service"], "reason": "its callers face users"}`)).
		On(onAnswer, llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qBreaks)
	if err != nil {
		t.Fatal(err)
	}
	v := res.Verdicts[0]
	if v.By != "llm" || len(v.DeadEnds) == 0 {
		t.Fatalf("verdict %+v", v)
	}
	for _, de := range v.DeadEnds {
		if de.Node != "checkout-service" {
			t.Errorf("dead end %s was not named", de.Node)
		}
	}
}

func TestCriticRejectsExpandedNode(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().
		On(onPlan, llmtest.Text(planBreaks)).
		On(onCritic, llmtest.Text(`{"outcome": "insufficient", "dead_ends": ["payment-service"], "reason": "again"}`)).
		On(onAnswer, llmtest.Text(answerPlain))
	res, _ := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qBreaks)
	if v := res.Verdicts[0]; v.By != state.ByRules || v.Fallback != `llm verdict discarded: names "payment-service", which is not a dead end left to expand` {
		t.Errorf("by %q, fallback %q", v.By, v.Fallback)
	}
}

func TestCriticNotConsultedWhenDecisive(t *testing.T) {
	st := demoStore(t)
	// A typed target with a confident plan: structure settles it.
	m := llmtest.New().On(onPlan, llmtest.Text(planTeams)).On(onAnswer, llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range m.Calls() {
		if strings.Contains(c.Prompt, onCritic) {
			t.Fatal("the critic asked the model about a typed target")
		}
	}
	if res.Stats.LLMCalls != 2 {
		t.Errorf("%d calls, want 2", res.Stats.LLMCalls)
	}
}

func TestConsultRule(t *testing.T) {
	s := &state.AgentState{Plan: state.Plan{Source: "llm", Target: state.Target{Kind: state.TargetType, Type: "Team"}, Chains: []state.Chain{{Score: 0.5}}}}
	ins := state.Verdict{Outcome: state.Insufficient}
	// No candidate answer yet: nothing to judge.
	if _, ok := consult(s, ins, 0.7, 1); ok {
		t.Error("consulted without answers")
	}
	for _, o := range []state.Outcome{state.Sufficient, state.NoChain, state.Exhausted} {
		if _, ok := consult(s, state.Verdict{Outcome: o}, 0.7, 1); ok {
			t.Errorf("consulted on a decisive %s", o)
		}
	}
	sw := 1
	if _, ok := consult(s, state.Verdict{Outcome: state.Insufficient, Switch: &sw}, 0.7, 1); ok {
		t.Error("consulted on a chain switch")
	}
}
