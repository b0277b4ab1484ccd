package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/state"
)

// agentFlags tune the agent.
type agentFlags struct {
	maxIter  int
	timeout  time.Duration
	fanout   int
	hops     int
	alpha    float64
	verbose  bool
	maxCalls int
}

func (a *agentFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&a.maxIter, "max-iter", agent.DefaultMaxIterations, "iteration cap: critique rounds before answering with the best so far")
	fs.DurationVar(&a.timeout, "timeout", agent.DefaultTimeout, "time limit per question")
	fs.IntVar(&a.fanout, "fanout", 0, "neighbours kept per expanded node, ranked by the hybrid score when cut (default 300)")
	fs.IntVar(&a.hops, "hops", 0, "hop budget for open-ended questions such as 'everything affected' (default 6)")
	fs.Float64Var(&a.alpha, "alpha", 0, "α of the hybrid score α·proximity + (1−α)·similarity (default 0.5)")
	fs.IntVar(&a.maxCalls, "max-store-calls", agent.DefaultMaxStoreCalls, "store calls allowed per question")
	fs.BoolVar(&a.verbose, "v", false, "log every transition to stderr")
}

// options turns the flags into agent options (the lexicon is added by the caller).
func (a *agentFlags) options(e *env) []agent.Option {
	opts := []agent.Option{
		func(o *agent.Options) { o.MaxIterations = a.maxIter },
		func(o *agent.Options) { o.Timeout = a.timeout },
		func(o *agent.Options) {
			o.MaxStoreCalls, o.MaxNodesExpanded = a.maxCalls, agent.DefaultMaxNodesExpanded
		},
		func(o *agent.Options) { o.Fanout = a.fanout; o.Alpha = a.alpha },
		func(o *agent.Options) { o.HopBudget = a.hops },
		func(o *agent.Options) {},
	}
	if a.verbose {
		cfg := zap.NewDevelopmentConfig()
		cfg.OutputPaths = []string{"stderr"}
		if l, err := cfg.Build(); err == nil {
			opts = append(opts, func(o *agent.Options) { o.Logger = l })
		}
	}
	return opts
}

type askOptions struct {
	graph    graphFlags
	agent    agentFlags
	llm      llmFlags
	json     bool
	trace    bool
	state    bool
	mermaid  bool
	question string
}

const askUsage = `
Usage: scgraph ask [flags] QUESTION

Answers one question and prints the answer with its chain of evidence: each
hop with its relation, direction and the file:line it came from. The
question's entities are linked to the graph (write [Entity] to mark one
exactly); the critic checks that a complete chain connects them to what is
asked, and the refiner expands the dead ends until it does.

Examples:
  scgraph ask "Which teams are affected if the payment service goes down?"
  scgraph ask "Is the checkout service affected by the db-v2 migration?" --trace
  scgraph ask --graph kb.txt --json "who directed the films written by [Ingmar Bergman]"

With --json it prints one object: answer, answer_by, answers[{name,type,score,paths}],
paths[{hops[{from,relation,to,direction,source}]}], complete, iterations,
stop_reason, stats{store_calls,nodes_visited,nodes_expanded,hops_expanded,
refinements,llm_calls,input_tokens,output_tokens,elapsed_ms}, plan, verdicts,
mermaid and trace. The exit status is 0 when an answer (even a partial one or
an honest "no") was given, 1 on errors, 2 on bad usage.
`

func runAsk(ctx context.Context, e *env, args []string) error {
	var o askOptions
	fs := newFlagSet("ask", askUsage, e.stderr)
	o.graph.register(fs, e)
	o.agent.register(fs)
	o.llm.register(fs, e, true)
	fs.BoolVar(&o.json, "json", false, "print the result as one JSON object")
	fs.BoolVar(&o.trace, "trace", false, "print every step of the run")
	fs.BoolVar(&o.state, "state", false, "with --json: include the full agent state (subgraph, walk, visited set)")
	fs.BoolVar(&o.mermaid, "mermaid", false, "print the evidence as a Mermaid flowchart")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("no question given")
	}
	o.question = strings.Join(pos, " ")
	return ask(ctx, e, &o)
}

func ask(ctx context.Context, e *env, o *askOptions) error {
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	if g.Demo && !o.json {
		fmt.Fprintln(e.stderr, "(using the built-in demo graph; pass --graph FILE for your own)")
	}
	opts, err := agentOptions(o.graph, o.agent, e)
	if err != nil {
		return err
	}
	llmOpts, err := o.llm.options(ctx, e, g.Graph, o.graph, o.agent, o.json)
	if err != nil {
		return err
	}
	a := agent.New(g.Graph, append(opts, llmOpts...)...)
	res, err := a.Run(ctx, o.question)
	if res == nil {
		return err
	}
	cites, cerr := docCitations(o.graph.graph, res)
	if cerr != nil {
		return cerr
	}
	if o.json {
		var werr error
		if cites != nil && !o.state {
			werr = writeJSONValue(e.stdout, askJSONWithCitations{res, cites})
		} else {
			werr = writeJSON(e.stdout, res, o.state)
		}
		if werr != nil {
			return werr
		}
	} else if o.llm.enabled() {
		o.llm.render(e.stdout, res, renderOptions{trace: o.trace, mermaid: o.mermaid})
		renderCitations(e.stdout, cites)
	} else {
		renderResult(e.stdout, res, renderOptions{trace: o.trace, mermaid: o.mermaid})
		renderCitations(e.stdout, cites)
	}
	if err != nil && !errors.Is(err, agent.ErrIterationLimit) {
		return err
	}
	if errors.Is(err, agent.ErrIterationLimit) && !o.json {
		fmt.Fprintln(e.stderr, "note: the iteration cap was reached; the answer is the best found so far (raise --max-iter)")
	}
	return nil
}

// agentOptions builds the agent's options from the flags.
func agentOptions(g graphFlags, a agentFlags, e *env) ([]agent.Option, error) {
	opts := a.options(e)
	lex, err := lexiconAgentOptions(g.lexicon)
	if err != nil {
		return nil, err
	}
	return append(opts, lex...), nil
}

func writeJSON(w io.Writer, res *agent.Result, withState bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if withState {
		return enc.Encode(struct {
			*agent.Result
			State *state.AgentState `json:"state"`
		}{res, res.State})
	}
	return enc.Encode(res)
}
