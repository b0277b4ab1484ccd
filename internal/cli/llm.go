package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/state"
)

// llmRunTimeout replaces the default --timeout in LLM mode: a few model
// calls take longer than a walk.
const llmRunTimeout = 5 * time.Minute

// llmFlags select a model for the planner, the critic and the answerer.
type llmFlags struct {
	spec    string
	baseURL string
	timeout time.Duration
	retries int
	stream  bool

	// Set by options.
	endpoint llm.Endpoint
	client   *llm.Client
	out      *streamOut
}

func (l *llmFlags) register(fs *flag.FlagSet, e *env, withStream bool) {
	fs.StringVar(&l.spec, "llm", e.getenv("SCGRAPH_LLM"), "model `PROVIDER[:MODEL]` behind the planner, critic and answerer: openai, anthropic or ollama (e.g. ollama:llama3.1); default none: deterministic; with a model, --timeout defaults to 5m (env SCGRAPH_LLM)")
	fs.StringVar(&l.baseURL, "llm-base-url", "", "`URL` of the provider: any OpenAI-compatible server for openai (http://host:8000/v1), the Ollama server for ollama (default from OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST)")
	fs.DurationVar(&l.timeout, "llm-timeout", 2*time.Minute, "time limit per LLM call")
	fs.IntVar(&l.retries, "llm-retries", 2, "retries of an LLM call on rate limits (429) and server errors (5xx)")
	if withStream {
		fs.BoolVar(&l.stream, "stream", false, "with --llm: print the answer's tokens as they come")
	}
}

// enabled reports whether a model was asked for.
func (l *llmFlags) enabled() bool {
	sp, err := llm.ParseSpec(l.spec)
	return err != nil || !sp.None()
}

// options opens the model, checks cheaply that it can be reached, and
// returns the agent options of LLM mode (none without --llm). A model
// that cannot be reached is an error here, never a silent fallback.
func (l *llmFlags) options(ctx context.Context, e *env, g agent.Store, gf graphFlags, a agentFlags, jsonOut bool) ([]agent.Option, error) {
	sp, err := llm.ParseSpec(l.spec)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if sp.None() {
		if l.stream {
			return nil, usagef("--stream needs --llm")
		}
		return nil, nil
	}
	if l.stream && jsonOut {
		return nil, usagef("--stream prints the answer as it comes; it cannot be combined with --json")
	}
	oo := llm.OpenOptions{BaseURL: l.baseURL, Getenv: e.getenv}
	if l.endpoint, err = llm.Resolve(l.spec, oo); err != nil {
		return nil, err
	}
	if err := llm.Probe(ctx, l.spec, oo); err != nil {
		return nil, err
	}
	model, err := llm.Open(l.spec, oo)
	if err != nil {
		return nil, err
	}
	var logger *zap.Logger
	if a.verbose {
		cfg := zap.NewDevelopmentConfig()
		cfg.OutputPaths = []string{"stderr"}
		logger, _ = cfg.Build()
	}
	retries := l.retries
	if retries == 0 {
		retries = -1 // the client reads 0 as its default
	}
	l.client = llm.NewClient(model, llm.ClientOptions{Timeout: l.timeout, MaxRetries: retries, Logger: logger})
	o := llm.Options{
		Planner:  llm.PlannerOptions{HopBudget: a.hops},
		Answerer: llm.AnswererOptions{Alpha: a.alpha},
		Logger:   logger,
	}
	// The LLM planner runs its own rule planner: give it the same lexicon.
	sc, err := lexiconChoice(gf.lexicon)
	if err != nil {
		return nil, err
	}
	o.Planner.Lexicon = sc
	if l.stream {
		l.out = &streamOut{w: e.stdout}
		o.Stream = l.out.write
	}
	opts := []agent.Option{llm.AgentOptions(g, l.client, o)}
	if a.timeout == agent.DefaultTimeout {
		opts = append(opts, func(o *agent.Options) { o.Timeout = llmRunTimeout })
	}
	return opts, nil
}

// streamOut writes streamed tokens and remembers whether any came.
type streamOut struct {
	mu  sync.Mutex
	w   io.Writer
	any bool
}

func (s *streamOut) write(chunk string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.any = true
	io.WriteString(s.w, chunk)
}

func (s *streamOut) streamed() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.any
}

// render prints a result of LLM mode: the answer (unless it was streamed),
// the evidence paths numbered as the answer cites them, the plan, the
// stats with the model's usage, and why a model's output was not used.
func (l *llmFlags) render(w io.Writer, res *agent.Result, o renderOptions) {
	var by state.Author
	fallback := ""
	if res.State != nil && res.State.Answer != nil {
		by, fallback = res.State.Answer.By, res.State.Answer.Fallback
	}
	switch {
	case l.out.streamed() && by == state.ByLLM:
		fmt.Fprintln(w)
	case l.out.streamed():
		fmt.Fprintf(w, "\n\n(the model's answer above was not used: %s)\n%s\n", fallback, res.Answer)
	default:
		fmt.Fprintln(w, res.Answer)
	}
	if len(res.Paths) > 0 {
		fmt.Fprintln(w, "\nEvidence:")
		for i, p := range res.Paths {
			if i == 12 {
				fmt.Fprintf(w, "  … and %d more path(s) (use --json for all)\n", len(res.Paths)-12)
				break
			}
			fmt.Fprintf(w, "  [%d] %s\n", i+1, pathWithSources(p))
		}
	}
	fmt.Fprintf(w, "\n%s\n", planLine(res))
	for _, v := range res.Verdicts {
		if v.Fallback != "" {
			fmt.Fprintf(w, "  note: critique %d: %s\n", v.Iteration, v.Fallback)
		}
	}
	if fallback != "" && !l.out.streamed() {
		fmt.Fprintf(w, "  note: answer: %s\n", fallback)
	}
	fmt.Fprintf(w, "%s\n", statsLine(res))
	u := res.Stats
	fmt.Fprintf(w, "LLM %s: %d call(s), %d input + %d output tokens", l.endpoint, u.LLMCalls, u.InputTokens, u.OutputTokens)
	if l.client != nil && l.client.Total().Estimated {
		fmt.Fprint(w, " (estimated: the provider reported no usage)")
	}
	fmt.Fprintln(w)
	if o.trace {
		fmt.Fprintln(w, "\nTrace:")
		renderTrace(w, res)
	}
	if o.mermaid && res.Mermaid != "" {
		fmt.Fprintf(w, "\n```mermaid\n%s```\n", res.Mermaid)
	}
}
