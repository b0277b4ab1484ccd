package llm

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/state"
)

func TestPlannerValidPlan(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Text("```json\n"+planTeams+"\n```"))
	p := newPlanner(st, fastClient(m), PlannerOptions{})
	plan, cost, err := p.Plan(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Source != "llm" {
		t.Fatalf("source %q, notes %q", plan.Source, plan.Notes)
	}
	if len(plan.Anchors) != 1 || plan.Anchors[0].Entity != "payment-service" || plan.Anchors[0].Mention != "payment service" {
		t.Errorf("anchors %+v", plan.Anchors)
	}
	if !plan.Target.Equal(state.Target{Kind: state.TargetType, Type: "Team"}) {
		t.Errorf("target %+v", plan.Target)
	}
	if got, want := plan.Chains[0].String(), "(<-CALLS-|<-DEPENDS_ON-|<-OWNS-)+"; got != want {
		t.Errorf("chain %s, want %s", got, want)
	}
	if plan.Chains[0].Score != 0.9 || plan.HopBudget != 4 || plan.Direction != state.IntentDependents {
		t.Errorf("score %v hops %d direction %q", plan.Chains[0].Score, plan.HopBudget, plan.Direction)
	}
	if len(plan.Chains) < 2 {
		t.Errorf("the rule plan's chain should stay as an alternative: %v", plan.Chains)
	}
	if cost.LLMCalls != 1 || cost.InputTokens != 100 || cost.OutputTokens != 20 {
		t.Errorf("cost %+v", cost)
	}
	if cost.StoreCalls < 2 {
		t.Errorf("store calls %d: want the rule planner's and the mention check", cost.StoreCalls)
	}
}

func TestPlannerRepairsMalformedJSON(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan,
		llmtest.Text(`Here is the plan: {"anchors": ["payment service"], "target": {"kind": "type"`),
		llmtest.Text(planTeams))
	p := newPlanner(st, fastClient(m), PlannerOptions{})
	plan, cost, err := p.Plan(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Source != "llm" || cost.LLMCalls != 2 {
		t.Fatalf("source %q after %d calls; notes %q", plan.Source, cost.LLMCalls, plan.Notes)
	}
	if !hasNote(plan.Notes, "accepted after 1 repair(s)") {
		t.Errorf("notes %q", plan.Notes)
	}
	calls := m.Calls()
	if !strings.Contains(calls[1].Prompt, "That plan cannot be used") || !strings.Contains(calls[1].Prompt, "not closed") {
		t.Errorf("the repair prompt does not carry the error:\n%s", calls[1].Prompt)
	}
}

func TestPlannerUnknownRelationFallsBack(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Text(planBadRelation))
	p := newPlanner(st, fastClient(m), PlannerOptions{})
	plan, cost, err := p.Plan(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if cost.LLMCalls != 3 {
		t.Errorf("%d calls, want 1 + 2 repairs", cost.LLMCalls)
	}
	if plan.Source != state.ByRules || !strings.HasPrefix(plan.Fallback, "llm plan not used: no valid plan after 2 repair(s): chain[0]: relation \"RUNS_ON\" is not in the schema") {
		t.Errorf("source %q, fallback %q", plan.Source, plan.Fallback)
	}
	if !hasNote(plan.Notes, "the rule plan is used") || len(plan.Chains) == 0 || len(plan.Anchors) == 0 {
		t.Errorf("fallback plan %+v", plan)
	}
	for _, c := range m.Calls()[1:] {
		if !strings.Contains(c.Prompt, `relation "RUNS_ON" is not in the schema (relations: DEPENDS_ON, CALLS`) {
			t.Errorf("repair prompt misses the validation error")
		}
	}
}

func TestPlannerValidation(t *testing.T) {
	st := demoStore(t)
	cases := []struct {
		name, reply, want string
	}{
		{"unknown anchor", strings.Replace(planTeams, `"payment service"`, `"quantum flux capacitor"`, 1), `anchor "quantum flux capacitor" matches no entity`},
		{"unknown type", strings.Replace(planTeams, `"Team"`, `"Squadron"`, 1), `target.type "Squadron" is not a type`},
		{"bad kind", strings.Replace(planTeams, `"kind": "type"`, `"kind": "everything"`, 1), `target.kind "everything"`},
		{"bad direction", strings.Replace(planTeams, `"direction": "in"`, `"direction": "sideways"`, 1), `direction "sideways"`},
		{"unwalkable", strings.Replace(planTeams, `{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}, {"relation": "OWNS", "direction": "in"}`, `{"relation": "OWNS", "direction": "out"}`, 1), `chain[0]: no edge can be walked from Service (-OWNS-> starts at Team)`},
		{"unknown key", strings.Replace(planTeams, `"intent"`, `"intention"`, 1), `unknown key "intention"`},
		{"empty", "", "the reply is empty"},
		{"type not reached", strings.Replace(planTeams, `, {"relation": "OWNS", "direction": "in"}`, ``, 1), "target.type Team is never reached: the chain ends at Service"},
		{"prose", "I think the teams are team-payments.", "no JSON object"},
		{"hops", strings.Replace(planTeams, `"hop_budget": 4`, `"hop_budget": 40`, 1), "hop_budget 40 is not between 1 and 8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := llmtest.New().On(onPlan, llmtest.Text(c.reply))
			p := newPlanner(st, fastClient(m), PlannerOptions{MaxRepairs: -1})
			plan, cost, err := p.Plan(context.Background(), qTeams)
			if err != nil {
				t.Fatal(err)
			}
			if cost.LLMCalls != 1 || plan.Source != state.ByRules || !strings.Contains(plan.Fallback, c.want) {
				t.Errorf("source %q, fallback %q (calls %d), want it to say %q", plan.Source, plan.Fallback, cost.LLMCalls, c.want)
			}
		})
	}
}

func TestPlannerEntityTarget(t *testing.T) {
	st := demoStore(t)
	reply := `{"anchors": ["checkout service"], "target": {"kind": "entity", "type": "", "entity": "db-v2 migration"},
	 "chain": [{"edges": [{"relation": "CALLS", "direction": "out"}, {"relation": "DEPENDS_ON", "direction": "out"}, {"relation": "MIGRATES", "direction": "in"}], "repeat": true}],
	 "intent": "dependencies", "hop_budget": 6, "confidence": 0.95}`
	m := llmtest.New().On(onPlan, llmtest.Text(reply))
	plan, _, err := newPlanner(st, fastClient(m), PlannerOptions{}).Plan(context.Background(), qDB)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Source != "llm" || plan.Target.Kind != state.TargetEntity || plan.Target.Entity != "db-v2-migration" || plan.Anchors[0].Entity != "checkout-service" {
		t.Fatalf("plan %+v", plan)
	}
	if plan.Chains[0].Steps[0].Edges[2] != (state.RelDir{Relation: "MIGRATES", Direction: graph.In}) {
		t.Errorf("chain %s", plan.Chains[0])
	}
}

func TestPlannerTimeoutFallsBack(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().On(onPlan, llmtest.Reply{Text: planTeams, Delay: time.Second})
	c := NewClient(m, ClientOptions{Timeout: 20 * time.Millisecond, MaxRetries: -1})
	start := time.Now()
	plan, cost, err := newPlanner(st, c, PlannerOptions{}).Plan(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > 500*time.Millisecond {
		t.Errorf("the per-call timeout did not stop the call (%s)", time.Since(start))
	}
	if !strings.Contains(plan.Fallback, "the model failed: llm call timed out after 20ms") || cost.LLMCalls != 1 {
		t.Errorf("fallback %q, calls %d", plan.Fallback, cost.LLMCalls)
	}
}

func hasNote(notes []string, sub string) bool {
	for _, n := range notes {
		if strings.Contains(n, sub) {
			return true
		}
	}
	return false
}
