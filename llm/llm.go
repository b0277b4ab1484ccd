package llm

import (
	"errors"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
)

// Options configure LLM mode. The zero value gives the defaults.
type Options struct {
	Client   ClientOptions
	Planner  PlannerOptions
	Critic   CriticOptions
	Answerer AnswererOptions
	// Stream, when set, receives the answer's tokens as they come (it
	// overrides Answerer.Stream).
	Stream func(chunk string)
	// Logger is used by every part that has none of its own.
	Logger *zap.Logger
	// Required makes a failing model an error: when a node would fall
	// back to its deterministic result (the model failed, timed out, spent
	// the question's budget, or its output was rejected), the run fails
	// with an error wrapping ErrModelFailed instead. By default the
	// deterministic result is used and its Fallback field says why.
	Required bool
}

// ErrModelFailed is wrapped by a run's error when Options.Required is set
// and the model's output could not be used.
var ErrModelFailed = errors.New("llm: the model's output could not be used")

// New returns the agent options that put a model behind the planner, the
// critic and the answerer, all sharing one Client:
//
//	model, err := ollama.New(ollama.WithModel("llama3.1"))
//	...
//	a := agent.New(store, llm.New(store, model, llm.Options{}))
//
// model may be any llms.Model: a langchaingo provider, or your own. The
// retriever and the refiner stay deterministic. g must be the store the
// agent runs on.
func New(g agent.Store, model llms.Model, opts Options) agent.Option {
	if opts.Client.Logger == nil {
		opts.Client.Logger = opts.Logger
	}
	return AgentOptions(g, NewClient(model, opts.Client), opts)
}

// AgentOptions is New with a Client of your own: share one to share its
// concurrency limit and its usage totals (Client.Total) between agents.
// opts.Client is not used.
func AgentOptions(g agent.Store, c *Client, opts Options) agent.Option {
	if opts.Stream != nil {
		opts.Answerer.Stream = opts.Stream
	}
	if opts.Planner.Logger == nil {
		opts.Planner.Logger = opts.Logger
	}
	if opts.Critic.Logger == nil {
		opts.Critic.Logger = opts.Logger
	}
	if opts.Answerer.Logger == nil {
		opts.Answerer.Logger = opts.Logger
	}
	p, cr, a := newPlanner(g, c, opts.Planner), newCritic(g, c, opts.Critic), newAnswerer(c, opts.Answerer)
	p.required, cr.required, a.required = opts.Required, opts.Required, opts.Required
	return func(o *agent.Options) {
		o.Planner, o.Critic, o.Answerer = p, cr, a
	}
}
