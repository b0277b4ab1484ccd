package agent

import (
	"time"

	"go.uber.org/zap"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/nodes"
)

// Defaults.
const (
	DefaultMaxIterations    = 5
	DefaultTimeout          = 30 * time.Second
	DefaultMaxStoreCalls    = 200
	DefaultMaxNodesExpanded = 20000
)

// config is what the options set.
type config struct {
	planner   nodes.Planner
	retriever nodes.Retriever
	critic    nodes.Critic
	refiner   nodes.Refiner
	answerer  nodes.Answerer
	scorer    nodes.ChainScorer
	scorerFor func(*graph.Schema) nodes.ChainScorer

	plannerOpts nodes.PlannerOptions
	walkOpts    nodes.WalkOptions
	answerOpts  nodes.AnswerOptions

	maxIterations    int
	timeout          time.Duration
	maxStoreCalls    int
	maxNodesExpanded int
	logger           *zap.Logger
	clock            func() time.Time
	newID            func() string
}

// Option configures an Agent.
type Option func(*config)

// WithPlanner replaces the rule planner (for example with an LLM planner).
func WithPlanner(p nodes.Planner) Option { return func(c *config) { c.planner = p } }

// WithRetriever replaces the chain retriever.
func WithRetriever(r nodes.Retriever) Option { return func(c *config) { c.retriever = r } }

// WithCritic replaces the rule critic.
func WithCritic(cr nodes.Critic) Option { return func(c *config) { c.critic = cr } }

// WithRefiner replaces the BFS refiner.
func WithRefiner(r nodes.Refiner) Option { return func(c *config) { c.refiner = r } }

// WithAnswerer replaces the rule answerer.
func WithAnswerer(a nodes.Answerer) Option { return func(c *config) { c.answerer = a } }

// WithChainScorer gives the rule planner a learned lexicon.
func WithChainScorer(s nodes.ChainScorer) Option { return func(c *config) { c.scorer = s } }

// WithChainScorerFor lets the rule planner pick a lexicon from the
// graph's schema when it first reads it (lexicon.Builtin picks a shipped
// one); WithChainScorer takes precedence.
func WithChainScorerFor(f func(*graph.Schema) nodes.ChainScorer) Option {
	return func(c *config) { c.scorerFor = f }
}

// WithPlannerOptions tunes the rule planner.
func WithPlannerOptions(o nodes.PlannerOptions) Option { return func(c *config) { c.plannerOpts = o } }

// WithWalkOptions tunes the retriever and refiner (fan-out, α, hops).
func WithWalkOptions(o nodes.WalkOptions) Option { return func(c *config) { c.walkOpts = o } }

// WithAnswerOptions tunes the rule answerer.
func WithAnswerOptions(o nodes.AnswerOptions) Option { return func(c *config) { c.answerOpts = o } }

// WithMaxIterations caps the critique rounds (default 5).
func WithMaxIterations(n int) Option { return func(c *config) { c.maxIterations = n } }

// WithTimeout bounds each run (default 30 s; 0 keeps the default, a
// negative value means no timeout beyond the caller's context).
func WithTimeout(d time.Duration) Option { return func(c *config) { c.timeout = d } }

// WithBudget bounds the store calls and expanded positions of a run.
func WithBudget(maxStoreCalls, maxNodesExpanded int) Option {
	return func(c *config) { c.maxStoreCalls, c.maxNodesExpanded = maxStoreCalls, maxNodesExpanded }
}

// WithLogger sets the zap logger for per-transition logs (default: none).
func WithLogger(l *zap.Logger) Option { return func(c *config) { c.logger = l } }

// WithClock sets the clock the trace is stamped with (tests use a fake one
// for golden transcripts).
func WithClock(now func() time.Time) Option { return func(c *config) { c.clock = now } }

// WithIDs sets how run IDs are made (default: random UUIDs).
func WithIDs(newID func() string) Option { return func(c *config) { c.newID = newID } }
