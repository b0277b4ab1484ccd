package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// failingResolve is the demo store with entity linking broken.
type failingResolve struct{ agent.Store }

func (failingResolve) Resolve(context.Context, graph.ResolveRequest) ([][]graph.Match, error) {
	return nil, errors.New("the store is down")
}

// oneStep is a chain of one step through rel, walked in.
func oneStep(rel string) state.Chain {
	return state.Chain{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: rel, Direction: graph.In}}, Repeat: true}}, Score: 0.5}
}

// teamsSteps is the chain of planTeams.
var teamsSteps = state.Chain{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: "CALLS", Direction: graph.In}, {Relation: "DEPENDS_ON", Direction: graph.In}, {Relation: "OWNS", Direction: graph.In}}, Repeat: true}}}

// renderPlan writes what validate makes of a draft on one line a field.
func renderPlan(pl state.Plan) string {
	var b strings.Builder
	anchors := func(as []state.Anchor) string {
		var out []string
		for _, a := range as {
			out = append(out, fmt.Sprintf("%s=%s(%s %s %.2f)", a.Mention, a.Entity, a.Type, a.Method, a.Confidence))
		}
		return strings.Join(out, ", ")
	}
	fmt.Fprintf(&b, "anchors: %s\n", anchors(pl.Anchors))
	if len(pl.Ignored) > 0 {
		fmt.Fprintf(&b, "ignored: %s\n", anchors(pl.Ignored))
	}
	fmt.Fprintln(&b, strings.TrimRight(fmt.Sprintf("target: %s %s %s %s", pl.Target.Kind, pl.Target.Type, pl.Target.Entity, pl.Target.Mention), " "))
	for _, c := range pl.Chains {
		fmt.Fprintf(&b, "chain: %s %.2f\n", c, c.Score)
	}
	fmt.Fprintf(&b, "direction %q, hops %d, source %s, %d relation hints, %d ambiguities\n", pl.Direction, pl.HopBudget, pl.Source, len(pl.RelationHints), len(pl.Ambiguities))
	for _, n := range pl.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

// TestPlannerValidate pins what validate makes of drafts: the plan, or
// every problem in the order it finds them, and the store calls.
func TestPlannerValidate(t *testing.T) {
	st := demoStore(t)
	const (
		teamsChain = `"chain": [{"edges": [{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}, {"relation": "OWNS", "direction": "in"}], "repeat": true}]`
		fixedChain = `"chain": [{"edges": [{"relation": "DEPENDS_ON", "direction": "in"}]}, {"edges": [{"relation": "OWNS", "direction": "in"}]}]`
	)
	// teamsPlan is what validate makes of planTeams; fixedPlan of a
	// type target Team reached by fixedChain.
	const (
		teamsPlan = `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: (<-CALLS-|<-DEPENDS_ON-|<-OWNS-)+ 0.90
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "dependents", hops 4, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 0.90
`
		fixedPlan = `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: <-DEPENDS_ON- <-OWNS- 1.00
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "", hops 2, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`
	)
	cases := []struct {
		name     string
		question string
		opts     PlannerOptions
		store    agent.Store
		// alternatives are chains added to the rule plan's.
		alternatives []state.Chain
		draft        string
		problems     []string
		plan         string
		calls        int
		err          string
	}{
		{name: "a type target", draft: planTeams, plan: teamsPlan, calls: 1},
		{name: "a type narrows a chain target", draft: strings.Replace(planTeams, `"kind": "type"`, `"kind": "Chain "`, 1), plan: teamsPlan, calls: 1},
		{name: "a type alias and relation keys", draft: `{"anchors": ["payment service"], "target": {"kind": "type", "type": "teams"}, "chain": [{"edges": [{"relation": "depends on", "direction": "in"}, {"relation": "owns", "direction": "in"}], "repeat": true}], "intent": "Dependents ", "hop_budget": 4}`, plan: `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: (<-DEPENDS_ON-|<-OWNS-)+ 1.00
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "dependents", hops 4, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "the rule plan's chains stay, three at most", draft: planTeams, alternatives: []state.Chain{teamsSteps, oneStep("OWNS"), oneStep("DEPENDS_ON")}, plan: `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: (<-CALLS-|<-DEPENDS_ON-|<-OWNS-)+ 0.90
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
chain: <-OWNS-+ 0.50
direction "dependents", hops 4, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 0.90
`, calls: 1},
		{name: "a closure", question: qBreaks, draft: planBreaks, plan: `anchors: payment service=payment-service(Service normalized 0.95)
target: closure
chain: (<-CALLS-|<-DEPENDS_ON-)+ 0.80
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "dependents", hops 4, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 0.80
`, calls: 1},
		{name: "an entity target", question: qDB, draft: `{"anchors": ["checkout service"], "target": {"kind": "entity", "type": "", "entity": "db-v2 migration"}, "chain": [{"edges": [{"relation": "CALLS", "direction": "out"}, {"relation": "DEPENDS_ON", "direction": "out"}, {"relation": "MIGRATES", "direction": "in"}], "repeat": true}], "intent": "dependencies", "hop_budget": 6, "confidence": 0.95}`, plan: `anchors: checkout service=checkout-service(Service normalized 0.95)
target: entity  db-v2-migration db-v2 migration
chain: (-CALLS->|-DEPENDS_ON->|<-MIGRATES-)+ 0.95
direction "dependencies", hops 6, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 0.95
`, calls: 1},
		{name: "an entity left out", question: qDB, draft: `{"anchors": ["checkout service"], "target": {"kind": "closure"}, "chain": [{"edges": [{"relation": "CALLS", "direction": "out"}], "repeat": true}], "intent": "none", "hop_budget": 3}`, plan: `anchors: checkout service=checkout-service(Service normalized 0.95)
ignored: the db-v2 migration=db-v2-migration(  0.00)
target: closure
chain: -CALLS->+ 1.00
direction "", hops 3, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "anchors by entity name and by the store", draft: `{"anchors": ["payment-service", "checkout service"], "target": {"kind": "closure"}, "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}], "repeat": true}], "intent": "", "hop_budget": 2}`, plan: `anchors: payment-service=payment-service(Service normalized 0.95), checkout service=checkout-service(Service normalized 0.95)
target: closure
chain: <-CALLS-+ 1.00
direction "", hops 2, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "a fixed chain sets the hops", draft: `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team"}, ` + fixedChain + `}`, plan: fixedPlan, calls: 1},
		{name: "a fixed chain raises the hops", draft: `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team"}, ` + fixedChain + `, "hop_budget": 1}`, plan: fixedPlan, calls: 1},
		{name: "a repeated chain takes the default hops", draft: `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team"}, ` + teamsChain + `}`, plan: `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: (<-CALLS-|<-DEPENDS_ON-|<-OWNS-)+ 1.00
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "", hops 6, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "a repeated chain takes the option's hops", opts: PlannerOptions{HopBudget: 3}, draft: `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team"}, ` + teamsChain + `}`, plan: `anchors: payment service=payment-service(Service normalized 0.95)
target: type Team
chain: (<-CALLS-|<-DEPENDS_ON-|<-OWNS-)+ 1.00
chain: (<-DEPENDS_ON-|<-CALLS-|<-READS_FROM-|<-WRITES_TO-|<-CONSUMES-|<-OWNS-|-MIGRATES->)+ 1.00
direction "", hops 3, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "an entity target takes the default hops", question: qDB, draft: `{"anchors": ["checkout service"], "target": {"kind": "entity", "entity": "db-v2 migration"}, "chain": [{"edges": [{"relation": "DEPENDS_ON", "direction": "out"}]}]}`, plan: `anchors: checkout service=checkout-service(Service normalized 0.95)
target: entity  db-v2-migration db-v2 migration
chain: -DEPENDS_ON-> 1.00
direction "", hops 6, source llm, 7 relation hints, 0 ambiguities
note: llm plan, confidence 1.00
`, calls: 1},
		{name: "bad kind", draft: strings.Replace(planTeams, `"kind": "type"`, `"kind": "everything"`, 1), problems: []string{"target.kind \"everything\" is not one of entity, type, chain, closure"}, calls: 1},
		{name: "unknown type", draft: strings.Replace(planTeams, `"Team"`, `"Squadron"`, 1), problems: []string{"target.type \"Squadron\" is not a type of the schema (types: Service, Database, Queue, Cache, Endpoint, Protocol, Team, Runbook, Alert, Migration)"}, calls: 1},
		{name: "type kind without a type", draft: strings.Replace(planTeams, `"Team"`, `" "`, 1), problems: []string{"target.kind is type but target.type is empty"}, calls: 1},
		{name: "entity kind without an entity", draft: strings.Replace(planTeams, `"kind": "type", "type": "Team"`, `"kind": "entity"`, 1), problems: []string{"target.kind is entity but target.entity is empty", "target.entity \"\" matches no entity in the graph"}, calls: 1},
		{name: "no anchors", draft: strings.Replace(planTeams, `["payment service"]`, `[]`, 1), problems: []string{"anchors is empty: name at least one entity of the question to start from"}},
		{name: "unknown anchors", draft: strings.Replace(planTeams, `["payment service"]`, `["quantum flux capacitor", "payment service", ""]`, 1), problems: []string{"anchor \"quantum flux capacitor\" matches no entity in the graph", "anchor \"\" matches no entity in the graph"}, calls: 1},
		{name: "unknown target entity", draft: `{"anchors": ["payment service"], "target": {"kind": "entity", "entity": "quantum flux capacitor"}, ` + teamsChain + `}`, problems: []string{"target.entity \"quantum flux capacitor\" matches no entity in the graph"}, calls: 1},
		{name: "the target entity is the anchor", draft: `{"anchors": ["payment service"], "target": {"kind": "entity", "entity": "payment-service"}, ` + teamsChain + `}`, problems: []string{"target.entity \"payment-service\" is the anchor itself"}, calls: 1},
		{name: "confidence above 1", draft: strings.Replace(planTeams, `"confidence": 0.9`, `"confidence": 1.5`, 1), problems: []string{"confidence 1.5 is not between 0 and 1"}, calls: 1},
		{name: "empty chain", draft: `{"anchors": ["payment service"], "target": {"kind": "closure"}, "chain": []}`, problems: []string{"chain is empty: give at least one step"}, calls: 1},
		{name: "long chain", draft: `{"anchors": ["payment service"], "target": {"kind": "closure"}, "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}]}, {"edges": [{"relation": "CALLS", "direction": "in"}]}, {"edges": [{"relation": "CALLS", "direction": "in"}]}]}`, opts: PlannerOptions{MaxSteps: 2}, problems: []string{"chain has 3 steps; at most 2"}, calls: 1},
		{name: "a step without edges", draft: `{"anchors": ["payment service"], "target": {"kind": "closure"}, "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}]}, {"edges": []}]}`, problems: []string{"chain[1] has no edges"}, calls: 1},
		{name: "unknown relation", draft: planBadRelation, problems: []string{"chain[0]: relation \"RUNS_ON\" is not in the schema (relations: DEPENDS_ON, CALLS, READS_FROM, WRITES_TO, CONSUMES, EXPOSES, USES_PROTOCOL, OWNS, MONITORS, DOCUMENTS, MIGRATES, REPLACES)"}, calls: 1},
		{name: "bad direction", draft: strings.Replace(planTeams, `"direction": "in"`, `"direction": "sideways"`, 1), problems: []string{"chain[0]: relation CALLS has direction \"sideways\"; use out, in or both"}, calls: 1},
		{name: "unwalkable", draft: strings.Replace(planTeams, `{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}, {"relation": "OWNS", "direction": "in"}`, `{"relation": "OWNS", "direction": "out"}`, 1), problems: []string{"chain[0]: no edge can be walked from Service (-OWNS-> starts at Team)"}, calls: 1},
		{name: "type not reached", draft: strings.Replace(planTeams, `, {"relation": "OWNS", "direction": "in"}`, ``, 1), problems: []string{"target.type Team is never reached: the chain ends at Service"}, calls: 1},
		{name: "bad intent", draft: strings.Replace(planTeams, `"dependents"`, `"upstream"`, 1), problems: []string{"intent \"upstream\" is not one of dependents, dependencies, none"}, calls: 1},
		{name: "negative hops", draft: strings.Replace(planTeams, `"hop_budget": 4`, `"hop_budget": -1`, 1), problems: []string{"hop_budget -1 is not between 1 and 8"}, calls: 1},
		{name: "too many hops", draft: strings.Replace(planTeams, `"hop_budget": 4`, `"hop_budget": 40`, 1), problems: []string{"hop_budget 40 is not between 1 and 8"}, calls: 1},
		{name: "everything wrong", draft: `{"anchors": ["quantum flux capacitor"], "target": {"kind": "all", "type": "Squadron"}, "chain": [{"edges": []}, {"edges": [{"relation": "RUNS_ON", "direction": "in"}, {"relation": "CALLS", "direction": "up"}]}], "intent": "upstream", "hop_budget": 99, "confidence": -1}`, problems: []string{"target.kind \"all\" is not one of entity, type, chain, closure", "target.type \"Squadron\" is not a type of the schema (types: Service, Database, Queue, Cache, Endpoint, Protocol, Team, Runbook, Alert, Migration)", "anchor \"quantum flux capacitor\" matches no entity in the graph", "confidence -1 is not between 0 and 1", "chain[0] has no edges", "chain[1]: relation \"RUNS_ON\" is not in the schema (relations: DEPENDS_ON, CALLS, READS_FROM, WRITES_TO, CONSUMES, EXPOSES, USES_PROTOCOL, OWNS, MONITORS, DOCUMENTS, MIGRATES, REPLACES)", "chain[1]: relation CALLS has direction \"up\"; use out, in or both", "intent \"upstream\" is not one of dependents, dependencies, none", "hop_budget 99 is not between 1 and 8"}, calls: 1},
		{name: "the store fails", store: failingResolve{st}, draft: `{"anchors": ["quantum flux capacitor"], "target": {"kind": "closure"}, ` + teamsChain + `}`, calls: 1, err: "link the plan's mentions: the store is down"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var g agent.Store = st
			if c.store != nil {
				g = c.store
			}
			p := newPlanner(g, nil, c.opts)
			q := c.question
			if q == "" {
				q = qTeams
			}
			base, _, err := newPlanner(st, nil, c.opts).rules.Plan(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			base.Chains = append(base.Chains, c.alternatives...)
			sch, err := p.rules.Schema(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var d planDraft
			if err := json.Unmarshal([]byte(c.draft), &d); err != nil {
				t.Fatalf("draft: %v", err)
			}
			pl, problems, calls, err := p.validate(context.Background(), d, base, sch)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			got := ""
			if len(problems) == 0 && err == nil {
				got = renderPlan(pl)
			}
			if !slices.Equal(problems, c.problems) || got != c.plan || calls != c.calls || gotErr != c.err {
				t.Errorf("problems %#v\nplan:\n%s\ncalls %d, error %q\nwant problems %#v\nplan:\n%s\ncalls %d, error %q", problems, got, calls, gotErr, c.problems, c.plan, c.calls, c.err)
			}
		})
	}
}
