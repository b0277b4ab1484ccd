package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
)

func TestToolCall(t *testing.T) {
	st := demoStore(t)
	tool := NewTool(agent.New(st), ToolOptions{MaxPaths: 2})
	if tool.Name() != "scgraph" || tool.Description() != defaultToolDescription {
		t.Errorf("name %q", tool.Name())
	}
	out, err := tool.Call(context.Background(), `  "`+qTeams+`"  `)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "5 answers (Team) from payment-service:") || !strings.Contains(out, "\n[1] ") || !strings.Contains(out, "\n[2] ") || !strings.Contains(out, "(and 5 more)") {
		t.Errorf("output:\n%s", out)
	}
	if _, err := tool.Call(context.Background(), "  "); err == nil {
		t.Error("an empty question should fail")
	}
	partial := NewTool(agent.New(st, func(o *agent.Options) { o.MaxIterations = 1 }), ToolOptions{})
	out, err = partial.Call(context.Background(), qTeams)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "(partial: the search stopped: iteration_limit)") {
		t.Errorf("output:\n%s", out)
	}
}
