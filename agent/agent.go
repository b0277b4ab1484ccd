package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/compose"
	"github.com/scgraph/scgraph/internal/critic"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/state"
)

// ErrIterationLimit is returned with the best result so far when the
// critic still wanted more after the iteration cap.
var ErrIterationLimit = errors.New("agent: iteration limit reached")

// Agent answers questions over one graph. It is safe for concurrent use:
// each Run has its own state and state machine.
type Agent struct {
	cfg config
}

// config is what a run needs, resolved from Options once.
type config struct {
	planner   Planner
	retriever Retriever
	critic    Critic
	refiner   Refiner
	answerer  Answerer
	// compose is the deterministic answer, used when the answerer cannot
	// be called (the context is gone) or fails.
	compose compose.Options

	// speculate, when set, plans and retrieves a question with one
	// bracketed mention in one store round trip (see speculator); only
	// with the built-in planner and retriever.
	speculate *speculator

	maxIterations    int
	timeout          time.Duration
	maxStoreCalls    int
	maxNodesExpanded int
	logger           *zap.Logger
	clock            func() time.Time
	newID            func() string

	// store is the graph; world says once whether it is open-world.
	store Store
	world *worldFlag
}

// New returns an agent over store, configured by the functions given (see
// Options); with none it is the deterministic agent with the defaults.
func New(store Store, configure ...Option) *Agent {
	var o Options
	for _, f := range configure {
		f(&o)
	}
	c := config{
		planner: o.Planner, retriever: o.Retriever, critic: o.Critic, refiner: o.Refiner, answerer: o.Answerer,
		compose:          compose.Options{Alpha: o.Alpha},
		maxIterations:    o.MaxIterations,
		timeout:          o.Timeout,
		maxStoreCalls:    o.MaxStoreCalls,
		maxNodesExpanded: o.MaxNodesExpanded,
		logger:           o.Logger,
		clock:            o.Clock,
		newID:            o.NewID,
		store:            store,
		world:            &worldFlag{},
	}
	walkOpts := walk.Options{Fanout: o.Fanout, Alpha: o.Alpha}
	var rules *plan.Rules
	if c.planner == nil {
		po := plan.Options{HopBudget: o.HopBudget, Relate: o.Relate}
		var scorer plan.Scorer
		if o.Lexicon != nil {
			scorer = o.Lexicon
		}
		rules = plan.New(store, scorer, po)
		c.planner = rules
	}
	if c.retriever == nil {
		c.retriever = walk.NewRetriever(store, walkOpts)
		if r, ok := store.(remote); ok && r.Remote() && rules != nil {
			c.speculate = &speculator{planner: rules, store: store, walkOpts: walkOpts}
		}
	}
	if c.critic == nil {
		c.critic = critic.New(store)
	}
	if c.refiner == nil {
		c.refiner = walk.NewRefiner(store, walkOpts)
	}
	if c.answerer == nil {
		c.answerer = compose.New(c.compose)
	}
	if c.maxIterations <= 0 {
		c.maxIterations = DefaultMaxIterations
	}
	if c.timeout == 0 {
		c.timeout = DefaultTimeout
	}
	if c.maxStoreCalls == 0 {
		c.maxStoreCalls = DefaultMaxStoreCalls
	}
	if c.maxNodesExpanded == 0 {
		c.maxNodesExpanded = DefaultMaxNodesExpanded
	}
	if c.logger == nil {
		c.logger = zap.NewNop()
	}
	if c.clock == nil {
		c.clock = time.Now
	}
	if c.newID == nil {
		c.newID = uuid.NewString
	}
	return &Agent{cfg: c}
}

// Update is what a streaming run reports after each phase: the trace
// entry, and the verdict or answer the phase produced.
type Update struct {
	RunID string           `json:"run_id"`
	Entry state.TraceEntry `json:"step"`
	// Verdict is set after a critique.
	Verdict *state.Verdict `json:"verdict,omitempty"`
	// Answer is set after the answer step.
	Answer *state.Answer `json:"answer,omitempty"`
}

// Run answers one question. It always returns a Result when it can say
// anything: at the iteration cap it returns the best result so far with
// ErrIterationLimit; on cancellation or timeout, the best so far with the
// context's error; when a phase fails, the best so far with that error.
func (a *Agent) Run(ctx context.Context, question string) (*Result, error) {
	return a.RunStream(ctx, question, nil)
}

// RunStream is Run with a callback that receives an Update as each phase
// ends.
// The callback runs on the caller's goroutine, between steps.
func (a *Agent) RunStream(ctx context.Context, question string, onUpdate func(Update)) (*Result, error) {
	if a.cfg.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, a.cfg.timeout)
		defer cancel()
	}
	r := &run{
		cfg:      &a.cfg,
		st:       state.New(a.cfg.newID(), question, a.cfg.maxIterations, state.Budget{MaxStoreCalls: a.cfg.maxStoreCalls, MaxNodesExpanded: a.cfg.maxNodesExpanded}),
		onUpdate: onUpdate,
		start:    a.cfg.clock(),
		log:      a.cfg.logger,
	}
	r.log = r.log.With(zap.String("run", r.st.ID))
	err := r.loop(ctx)
	return r.result(), err
}

// run is one question's loop.
type run struct {
	cfg      *config
	st       *state.AgentState
	onUpdate func(Update)
	start    time.Time
	log      *zap.Logger

	refinements int
	llm         state.Cost
	// prefetched is the retrieval a speculative plan phase made already.
	prefetched *state.Delta
	// answerErr is the answerer's error: the run still answers, with the
	// deterministic answer, and returns it with the result.
	answerErr error
}

// loop drives the machine: look up the phase's node, run it with the real
// context, record the step, ask the transition table for the next phase,
// check the cap and the context.
func (r *run) loop(ctx context.Context) error {
	m := newMachine()
	phase := state.PhasePlan
	var failure error
	for phase != state.PhaseDone {
		t0 := r.cfg.clock()
		var ev state.Event
		var summary string
		var cost state.Cost
		var added int
		var err error
		if phase != state.PhaseAnswer {
			if cerr := ctx.Err(); cerr != nil {
				ev, failure = state.EventHalted, r.halt(ctx, phase, nil)
				summary = "stopped: " + string(r.st.Stop)
			}
		}
		verdicts := len(r.st.Verdicts)
		if ev == "" {
			ev, summary, cost, added, err = r.step(ctx, phase)
			if err != nil {
				switch {
				case ctx.Err() != nil:
					failure = r.halt(ctx, phase, err)
				default:
					r.st.Stop = state.StopError
					failure = fmt.Errorf("agent: %s: %w", phase, err)
				}
				ev = state.EventHalted
				summary = "halted: " + err.Error()
			}
		}
		r.record(phase, ev, t0, summary, cost, added, len(r.st.Verdicts) > verdicts)
		if ev == state.EventHalted && failure == nil && r.st.Stop == state.StopIterationLimit {
			failure = ErrIterationLimit
		}
		nextPhase, err := next(m, ev)
		if err != nil {
			return err
		}
		r.log.Debug("transition",
			zap.String("from", string(phase)), zap.String("event", string(ev)), zap.String("to", string(nextPhase)),
			zap.Int("iteration", r.st.Iteration), zap.Int("store_calls", r.st.Budget.StoreCalls))
		phase = nextPhase
	}
	if failure == nil {
		failure = r.answerErr
	}
	return failure
}

// halt records why the context ended the run; the error also says what
// the phase was waiting for when it was stopped (a store that did not
// answer names itself).
func (r *run) halt(ctx context.Context, phase state.Phase, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		r.st.Stop = state.StopTimeout
	} else {
		r.st.Stop = state.StopCancelled
	}
	if err != nil && err.Error() != ctx.Err().Error() {
		return fmt.Errorf("agent: run stopped: %w (%s: %w)", ctx.Err(), phase, err)
	}
	return fmt.Errorf("agent: run stopped: %w", ctx.Err())
}

// step runs the node for one phase and applies what it decided.
func (r *run) step(ctx context.Context, phase state.Phase) (ev state.Event, summary string, cost state.Cost, added int, err error) {
	// A node that panics fails its run, not the program the agent is
	// embedded in: the run ends with the error and the best result so far.
	defer func() {
		if p := recover(); p != nil {
			r.log.Error("node panicked", zap.String("phase", string(phase)), zap.Any("panic", p), zap.Stack("stack"))
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	st := r.st
	switch phase {
	case state.PhasePlan:
		plan, c, err := r.plan(ctx)
		if err != nil {
			return "", "", c, 0, err
		}
		st.Plan = plan
		st.Budget.Add(c)
		if plan.Unanswerable != "" {
			st.Stop = state.StopNoRelation
			return state.EventNoAnchor, plan.Unanswerable, c, 0, nil
		}
		if len(plan.Anchors) == 0 || len(plan.Chains) == 0 {
			st.Stop = state.StopNoAnchor
			if len(plan.Anchors) == 0 {
				// The planner's suggestions when it made some (its
				// linking looked the words up already), else a look-up
				// as find_entities does.
				names := plan.DidYouMean
				if len(names) == 0 {
					var calls int
					names, calls, err = didYouMean(ctx, r.cfg.store, st.Question)
					st.Budget.StoreCalls += calls
					c.StoreCalls += calls
					if err != nil {
						return "", "", c, 0, err
					}
				}
				st.DidYouMean = names
			}
			return state.EventNoAnchor, "no entity of the question found in the graph", c, 0, nil
		}
		return state.EventPlanned, planSummary(plan), c, 0, nil

	case state.PhaseRetrieve:
		d, err := r.retrieve(ctx)
		if err != nil {
			return "", "", d.Cost, 0, err
		}
		added := st.Apply(d, phase)
		return state.EventRetrieved, withCuts(d), d.Cost, added, nil

	case state.PhaseCritique:
		st.Iteration++
		v, c, err := r.cfg.critic.Critique(ctx, st)
		st.Budget.Add(c)
		if err != nil {
			return "", "", c, 0, err
		}
		st.Verdicts = append(st.Verdicts, v)
		st.Frontier = append([]state.DeadEnd{}, v.DeadEnds...)
		st.Paths = r.candidatePaths()
		summary := string(v.Outcome) + ": " + v.Reason
		switch v.Outcome {
		case state.Sufficient:
			st.Stop = state.StopComplete
			return state.EventSufficient, summary, c, 0, nil
		case state.NoChain:
			st.Stop = state.StopNoChain
			return state.EventConcluded, summary, c, 0, nil
		case state.Exhausted:
			st.Stop = state.StopExhausted
			return state.EventConcluded, summary, c, 0, nil
		case state.Uncertain:
			st.Stop = state.StopUncertain
			return state.EventConcluded, summary, c, 0, nil
		}
		if roundsOnReading(st) >= st.MaxIterations {
			st.Stop = state.StopIterationLimit
			return state.EventHalted, summary + fmt.Sprintf(" (iteration cap %d reached)", st.MaxIterations), c, 0, nil
		}
		if st.Budget.Exhausted() {
			st.Stop = state.StopExhausted
			return state.EventConcluded, summary + " (budget exhausted)", c, 0, nil
		}
		return state.EventInsufficient, summary, c, 0, nil

	case state.PhaseRefine:
		d, err := r.cfg.refiner.Refine(ctx, st)
		if err != nil {
			return "", "", d.Cost, 0, err
		}
		r.refinements++
		added := st.Apply(d, phase)
		return state.EventRefined, withCuts(d), d.Cost, added, nil

	case state.PhaseAnswer:
		var ans state.Answer
		var c state.Cost
		var err error
		if ctx.Err() != nil || st.Stop == state.StopError {
			// The context is gone or a phase failed: answer with what
			// there is, without calling anything that needs the context.
			ans = compose.Compose(st, r.cfg.compose)
		} else {
			ans, c, err = r.cfg.answerer.Answer(ctx, st)
			st.Budget.Add(c)
			if err != nil {
				ans = compose.Compose(st, r.cfg.compose)
				r.log.Warn("answerer failed; deterministic answer used", zap.Error(err))
				r.answerErr = fmt.Errorf("agent: %s: %w", phase, err)
			}
		}
		st.Answer = &ans
		return state.EventAnswered, fmt.Sprintf("%d answer(s), %d path(s)", len(ans.Entities), len(ans.Paths)), c, 0, nil
	}
	return "", "", state.Cost{}, 0, fmt.Errorf("no node for phase %q", phase)
}

// candidatePaths returns a few evidence paths to the current answers, for
// the state's Paths field (the critic's view of the chain so far).
func (r *run) candidatePaths() []graph.Path {
	out := []graph.Path{}
	for _, i := range r.st.Accepted() {
		out = append(out, r.st.PathsTo(i, 1)...)
		if len(out) >= 20 {
			break
		}
	}
	return out
}

func withCuts(d state.Delta) string {
	if len(d.Cuts) == 0 {
		return d.Summary
	}
	return fmt.Sprintf("%s; fan-out cut at %d node(s)", d.Summary, len(d.Cuts))
}

func planSummary(p state.Plan) string {
	s := fmt.Sprintf("%s plan: target %s", p.Source, p.Target.Kind)
	if p.Fallback != "" {
		s = fmt.Sprintf("%s plan (%s): target %s", p.Source, p.Fallback, p.Target.Kind)
	}
	if p.Target.Type != "" {
		s += " " + p.Target.Type
	}
	if p.Target.Entity != "" {
		s += " " + p.Target.Entity
	}
	for i, a := range p.Anchors {
		if i == 0 {
			s += "; anchors"
		}
		s += fmt.Sprintf(" %s (%s %.2f)", a.Entity, a.Method, a.Confidence)
	}
	if n := len(p.Ignored); n > 0 {
		s += fmt.Sprintf("; ignored %d other entity(ies): %s", n, anchorList(p.Ignored, 5))
	}
	if len(p.Chains) > 0 {
		s += "; chain " + p.Chains[0].String()
	}
	return s
}

// record appends a step to the trace and streams it.
func (r *run) record(phase state.Phase, ev state.Event, t0 time.Time, summary string, cost state.Cost, added int, judged bool) {
	now := r.cfg.clock()
	step := state.TraceEntry{
		At:         now,
		Phase:      phase,
		Event:      ev,
		Iteration:  r.st.Iteration,
		ElapsedUS:  now.Sub(t0).Microseconds(),
		Summary:    summary,
		StoreCalls: cost.StoreCalls,
		NodesAdded: added,
		LLMCalls:   cost.LLMCalls,
	}
	r.st.Trace = append(r.st.Trace, step)
	if r.onUpdate != nil {
		e := Update{RunID: r.st.ID, Entry: step}
		if judged {
			e.Verdict = r.st.LastVerdict()
		}
		if phase == state.PhaseAnswer {
			e.Answer = r.st.Answer
		}
		r.onUpdate(e)
	}
}

// anchorList names up to max anchors' entities.
func anchorList(as []state.Anchor, max int) string {
	var names []string
	for i, a := range as {
		if i == max {
			names = append(names, fmt.Sprintf("… %d more", len(as)-max))
			break
		}
		names = append(names, a.Entity)
	}
	return strings.Join(names, ", ")
}

// plan runs the plan phase, speculatively when the agent can (see
// speculator): then the retrieval is made too, and kept for the retrieve
// phase.
func (r *run) plan(ctx context.Context) (state.Plan, state.Cost, error) {
	p, c, err := r.planPhase(ctx)
	if err != nil {
		return p, c, err
	}
	open, calls, err := r.cfg.world.read(ctx, r.cfg)
	c.StoreCalls += calls
	p.OpenWorld = open
	return p, c, err
}

// worldFlag is whether the agent's graph is open-world
// (graph.Schema.OpenWorld), read once per agent: from the planner when it
// keeps the schema (the rule planner does), else from the store.
type worldFlag struct {
	mu   sync.Mutex
	done bool
	open bool
}

// schemaKeeper is a planner that keeps the graph's schema.
type schemaKeeper interface {
	Schema(ctx context.Context) (*graph.Schema, error)
}

func (w *worldFlag) read(ctx context.Context, cfg *config) (open bool, calls int, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return w.open, 0, nil
	}
	var s *graph.Schema
	if k, ok := cfg.planner.(schemaKeeper); ok {
		s, err = k.Schema(ctx)
	} else {
		s, err = cfg.store.Schema(ctx)
		calls = 1
	}
	if err != nil {
		return false, calls, err
	}
	w.done, w.open = true, s != nil && s.OpenWorld
	return w.open, calls, nil
}

// planPhase asks the planner, speculatively when the agent can.
func (r *run) planPhase(ctx context.Context) (state.Plan, state.Cost, error) {
	if sp := r.cfg.speculate; sp != nil {
		x, ok, err := sp.run(ctx, r.st)
		if err != nil {
			return state.Plan{}, x.planCost, err
		}
		if ok {
			r.prefetched = &x.delta
			return x.plan, x.planCost, nil
		}
		plan, c, err := r.cfg.planner.Plan(ctx, r.st.Question)
		c.StoreCalls += x.planCost.StoreCalls
		return plan, c, err
	}
	return r.cfg.planner.Plan(ctx, r.st.Question)
}

// retrieve runs the retrieve phase, or hands over what the plan phase
// retrieved already.
func (r *run) retrieve(ctx context.Context) (state.Delta, error) {
	if d := r.prefetched; d != nil {
		r.prefetched = nil
		return *d, nil
	}
	return r.cfg.retriever.Retrieve(ctx, r.st)
}

// roundsOnReading returns the critique rounds since the critic last
// switched the walk to another of the plan's chains (another reading of
// the question): the iteration cap bounds the rounds of each reading, so
// that a reading tried because the first found nothing is walked as far.
func roundsOnReading(st *state.AgentState) int {
	from := 0
	for _, v := range st.Verdicts {
		if v.Switch != nil {
			from = v.Iteration
		}
	}
	return st.Iteration - from
}
