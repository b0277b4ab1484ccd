package llm_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/tools"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/memstore"
)

// openDemo loads the demo graph into the embedded store.
func openDemo() *memstore.Store {
	st, err := demo.Open(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	return st
}

// Any llms.Model drives the planner, the critic and the answerer: here a
// scripted one; in production a langchaingo provider (openai.New(),
// ollama.New(...)), or anything implementing llms.Model.
func ExampleNew() {
	store := openDemo()
	model := llmtest.New().
		On("Task: retrieval plan", llmtest.Text(`{"anchors": ["payment service"],
			"target": {"kind": "type", "type": "Team", "entity": ""},
			"chain": [{"edges": [{"relation": "CALLS", "direction": "in"}, {"relation": "OWNS", "direction": "in"}], "repeat": true}],
			"intent": "dependents", "hop_budget": 4, "confidence": 0.9}`)).
		On("Task: grounded answer", llmtest.Text("team-payments owns payment-service [1]; team-checkout owns a caller of it [2]."))

	a := agent.New(store, llm.New(store, model, llm.Options{}))
	res, err := a.Run(context.Background(), "Which teams are affected if the payment service goes down?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Answer)
	fmt.Println("plan by:", res.Plan.Source, "answer by:", res.State.Answer.By)
	fmt.Println("llm calls:", res.Stats.LLMCalls, "tokens:", res.Stats.InputTokens, "+", res.Stats.OutputTokens)
	// Output:
	// team-payments owns payment-service [1]; team-checkout owns a caller of it [2].
	// plan by: llm answer by: llm
	// llm calls: 2 tokens: 200 + 40
}

// The tool answers a question with numbered evidence paths, for another
// agent to read.
func ExampleTool_Call() {
	store := openDemo()
	tool := llm.NewTool(agent.New(store), llm.ToolOptions{MaxPaths: 3})
	out, err := tool.Call(context.Background(), "Who owns the payment service?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(out)
	// Output:
	// 1 answer from payment-service: team-payments. Read as: what owns payment-service, through OWNS.
	//
	// Evidence:
	// [1] payment-service <-OWNS- team-payments
}

// A langchaingo agent calls scgraph as one of its tools. The executor's
// model is scripted here; any llms.Model works the same way.
func ExampleTool_executor() {
	store := openDemo()
	tool := llm.NewTool(agent.New(store), llm.ToolOptions{})
	model := llmtest.New().
		Nth(1, llmtest.Text("Thought: the graph knows who owns what.\nAction: scgraph\nAction Input: Who owns the payment service?")).
		Nth(2, llmtest.Text("Thought: I now know the final answer.\nFinal Answer: team-payments owns the payment service."))

	executor := agents.NewExecutor(agents.NewOneShotAgent(model, []tools.Tool{tool}), agents.WithMaxIterations(3))
	answer, err := chains.Run(context.Background(), executor, "Who should I page about the payment service?")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer)
	// The second prompt carries the tool's observation.
	fmt.Println(strings.Contains(model.Calls()[1].Prompt, "Observation: 1 answer from payment-service: team-payments."))
	// Output:
	// team-payments owns the payment service.
	// true
}
