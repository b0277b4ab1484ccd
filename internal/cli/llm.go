package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/llmopen"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/state"
)

// llmFlags select a model for the planner, the critic and the answerer.
type llmFlags struct {
	spec     string
	baseURL  string
	timeout  time.Duration
	budget   time.Duration
	maxCalls int
	retries  int
	stream   bool
	required bool

	// Set by options.
	endpoint llmopen.Endpoint
	client   *llm.Client
	out      *streamOut
}

func (l *llmFlags) register(fs *flag.FlagSet, e *env, withStream bool) {
	fs.StringVar(&l.spec, "llm", e.getenv("SCGRAPH_LLM"), "model `PROVIDER[:MODEL]` behind the planner, critic and answerer: openai, anthropic or ollama (e.g. ollama:llama3.1); default none: deterministic; with a model, --timeout grows by --llm-budget (env SCGRAPH_LLM)")
	fs.StringVar(&l.baseURL, "llm-base-url", "", "`URL` of the provider: any OpenAI-compatible server for openai (http://host:8000/v1), the Ollama server for ollama (default from OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST)")
	durationVar(fs, &l.timeout, "llm-timeout", llm.DefaultCallTimeout, "", "time limit per LLM call (cut to what is left of --llm-budget)")
	durationVar(fs, &l.budget, "llm-budget", llm.DefaultMaxTimePerQuestion, "", "total time a question may wait for the model, retries included; when spent, the deterministic path answers (with a warning)")
	intFlag(fs, &l.maxCalls, "llm-max-calls", llm.DefaultMaxCallsPerQuestion, 1, maxInt, "", "LLM calls (`N`) a question may make, retries and repairs included")
	intFlag(fs, &l.retries, "llm-retries", 2, 0, 100, "", "retries (`N`) of an LLM call on rate limits (429) and server errors (5xx)")
	fs.BoolVar(&l.required, "llm-required", false, "fail (exit 1) when the model fails or its output is rejected, instead of answering on the deterministic path with a warning")
	if withStream {
		fs.BoolVar(&l.stream, "stream", false, "with --llm: print the answer's tokens as they come")
	}
}

// enabled reports whether a model was asked for.
func (l *llmFlags) enabled() bool {
	sp, err := llmopen.ParseSpec(l.spec)
	return err != nil || !sp.None()
}

// options opens the model, checks cheaply that it can be reached, and
// returns the agent options of LLM mode (none without --llm). A model
// that cannot be reached is an error here, never a silent fallback.
func (l *llmFlags) options(ctx context.Context, e *env, g agent.Store, gf graphFlags, a agentFlags, jsonOut bool) ([]agent.Option, error) {
	sp, err := llmopen.ParseSpec(l.spec)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if sp.None() {
		if l.stream {
			return nil, usagef("--stream needs --llm")
		}
		if l.required {
			return nil, usagef("--llm-required needs --llm")
		}
		return nil, nil
	}
	if l.timeout <= 0 || l.budget <= 0 || l.maxCalls <= 0 {
		return nil, usagef("--llm-timeout, --llm-budget and --llm-max-calls must be positive (got %s, %s, %d)", l.timeout, l.budget, l.maxCalls)
	}
	if l.stream && jsonOut {
		return nil, usagef("--stream prints the answer as it comes; it cannot be combined with --json")
	}
	model, err := l.open(ctx, e)
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
	l.client = llm.NewClient(model, llm.ClientOptions{
		Timeout: l.timeout, MaxRetries: retries, Logger: logger,
		MaxCallsPerQuestion: l.maxCalls, MaxTimePerQuestion: l.budget,
	})
	o := llm.Options{
		Planner:  llm.PlannerOptions{HopBudget: a.hops},
		Answerer: llm.AnswererOptions{Alpha: a.alpha},
		Logger:   logger,
		Required: l.required,
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
		// The walk keeps its own time; the model's budget comes on top.
		opts = append(opts, func(o *agent.Options) { o.Timeout = agent.DefaultTimeout + l.budget })
	}
	return opts, nil
}

// open resolves the model the flags name and opens it (openModel).
func (l *llmFlags) open(ctx context.Context, e *env) (llms.Model, error) {
	var err error
	if l.endpoint, err = llmopen.Resolve(l.spec, llmopen.OpenOptions{BaseURL: l.baseURL, Getenv: e.getenv}); err != nil {
		return nil, err
	}
	return openModel(ctx, e, l.spec, l.baseURL)
}

// openModel checks cheaply that the model spec names can be reached (an
// error here, never a silent fallback) and opens it.
func openModel(ctx context.Context, e *env, spec, baseURL string) (llms.Model, error) {
	oo := llmopen.OpenOptions{BaseURL: baseURL, Getenv: e.getenv}
	if err := llmopen.Probe(ctx, spec, oo); err != nil {
		return nil, err
	}
	return llmopen.Open(spec, oo)
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
	fmt.Fprintf(w, "\n%s\n", planLine(res, o))
	for _, v := range res.Verdicts {
		if v.Fallback != "" {
			fmt.Fprintf(w, "  note: critique %d: %s\n", v.Iteration, v.Fallback)
		}
	}
	if fallback != "" && !l.out.streamed() {
		fmt.Fprintf(w, "  note: answer: %s\n", fallback)
	}
	fmt.Fprintf(w, "%s\n", statsLine(res, o))
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

// modelFallbacks lists where a run used its deterministic result because
// the model failed or its output was rejected, read from the result's
// typed provenance.
func modelFallbacks(res *agent.Result) []string {
	if res == nil {
		return nil
	}
	var why []string
	if res.Plan.Fallback != "" {
		why = append(why, "plan: "+res.Plan.Fallback)
	}
	for _, v := range res.Verdicts {
		if v.Fallback != "" {
			why = append(why, fmt.Sprintf("critique %d: %s", v.Iteration, v.Fallback))
		}
	}
	if res.AnswerFallback != "" {
		why = append(why, "answer: "+res.AnswerFallback)
	}
	return why
}

// warnFallbacks tells on stderr that the model failed and the
// deterministic path answered instead.
func (l *llmFlags) warnFallbacks(w io.Writer, res *agent.Result) {
	if !l.enabled() {
		return
	}
	why := modelFallbacks(res)
	if len(why) == 0 {
		return
	}
	fmt.Fprintf(w, "warning: the model (%s) failed; the deterministic path answered instead (use --llm-required to make this an error):\n", l.endpoint)
	for _, s := range why {
		fmt.Fprintf(w, "  %s\n", s)
	}
}
