package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/tools"

	"github.com/scgraph/scgraph/agent"
)

// defaultToolDescription tells a calling agent what the tool is for.
const defaultToolDescription = "Answers questions about the entities of a knowledge graph and how they are connected " +
	"(dependencies, impact of a failure, ownership, multi-hop relations). Input: one question in plain language. " +
	"Output: the answer, then the evidence paths it rests on, numbered."

// Tool exposes an agent as a langchaingo tools.Tool, for other agents to
// call: the input is a question, the output the answer with its numbered
// evidence paths.
type Tool struct {
	agent       *agent.Agent
	name        string
	description string
	maxPaths    int
}

var _ tools.Tool = (*Tool)(nil)

// ToolOptions name and describe the tool. The zero value gives the
// defaults.
type ToolOptions struct {
	// Name is the tool's name for the calling agent. Default "scgraph".
	Name string
	// Description tells the calling agent when to use the tool. Default
	// defaultToolDescription.
	Description string
	// MaxPaths caps the evidence paths in the output. Default 10.
	MaxPaths int
}

// NewTool returns a tool that runs a on each input.
func NewTool(a *agent.Agent, opts ToolOptions) *Tool {
	t := &Tool{agent: a, name: opts.Name, description: opts.Description, maxPaths: opts.MaxPaths}
	if t.name == "" {
		t.name = "scgraph"
	}
	if t.description == "" {
		t.description = defaultToolDescription
	}
	if t.maxPaths <= 0 {
		t.maxPaths = 10
	}
	return t
}

// Name implements tools.Tool.
func (t *Tool) Name() string { return t.name }

// Description implements tools.Tool.
func (t *Tool) Description() string { return t.description }

// Call implements tools.Tool: it answers the question in input. A run
// that ends with a best-so-far answer (iteration cap, budget) still
// answers, and says it is partial; only a run that could say nothing
// returns an error.
func (t *Tool) Call(ctx context.Context, input string) (string, error) {
	q := strings.Trim(strings.TrimSpace(input), "\"'`")
	if q == "" {
		return "", errors.New("scgraph tool: empty question")
	}
	res, err := t.agent.Run(ctx, q)
	if res == nil || (err != nil && res.Answer == "") {
		if err == nil {
			err = errors.New("no result")
		}
		return "", fmt.Errorf("scgraph tool: %w", err)
	}
	var b strings.Builder
	b.WriteString(res.Answer)
	if len(res.Paths) > 0 {
		b.WriteString("\n\nEvidence:")
		for i, p := range res.Paths {
			if i == t.maxPaths {
				fmt.Fprintf(&b, "\n(and %d more)", len(res.Paths)-t.maxPaths)
				break
			}
			fmt.Fprintf(&b, "\n[%d] %s", i+1, p)
		}
	}
	if !res.Complete {
		fmt.Fprintf(&b, "\n\n(partial: the search stopped: %s)", res.StopReason)
	}
	return b.String(), nil
}
