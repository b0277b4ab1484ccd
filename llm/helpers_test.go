package llm

import (
	"context"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/memstore"
)

// demoStore loads the demo graph into a memstore.
func demoStore(t testing.TB) *memstore.Store {
	t.Helper()
	st, err := demo.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Markers that pick the prompt a scripted reply is for.
const (
	onPlan   = "Task: retrieval plan"
	onCritic = "Task: sufficiency check"
	onAnswer = "Task: grounded answer"
)

const (
	qTeams  = "Which teams are affected if the payment service goes down?"
	qBreaks = "What breaks if the payment service goes down?"
	qDB     = "Is the checkout service affected by the db-v2 migration?"

	// planTeams is a valid plan for qTeams.
	planTeams = `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team", "entity": ""},
 "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}, {"relation": "OWNS", "direction": "in"}], "repeat": true}],
 "intent": "dependents", "hop_budget": 4, "confidence": 0.9}`
	// planBreaks is a valid closure plan for qBreaks.
	planBreaks = `{"anchors": ["payment service"], "target": {"kind": "closure", "type": "", "entity": ""},
 "chain": [{"edges": [{"relation": "CALLS", "direction": "in"}, {"relation": "DEPENDS_ON", "direction": "in"}], "repeat": true}],
 "intent": "dependents", "hop_budget": 4, "confidence": 0.8}`
	// planBadRelation names a relation the schema does not have.
	planBadRelation = `{"anchors": ["payment service"], "target": {"kind": "type", "type": "Team", "entity": ""},
 "chain": [{"edges": [{"relation": "RUNS_ON", "direction": "in"}], "repeat": true}],
 "intent": "dependents", "hop_budget": 4, "confidence": 0.9}`
	// answerPlain cites [1] and names no entity.
	answerPlain = "The evidence lists what is affected [1]."
)

// fastClient is a client with test-sized waits.
func fastClient(m *llmtest.Model) *Client {
	return NewClient(m, ClientOptions{Timeout: 2 * time.Second, Backoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond})
}

// newAgent returns an agent on st in LLM mode through c, with a fixed
// clock and IDs.
func newAgent(st *memstore.Store, c *Client, opts Options) *agent.Agent {
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	ao := append([]agent.Option{AgentOptions(st, c, opts)}, func(o *agent.Options) { o.Clock = func() time.Time { return t0 } }, func(o *agent.Options) { o.NewID = func() string { return "run" } })
	return agent.New(st, ao...)
}
