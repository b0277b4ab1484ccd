package evals

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/progress"
	"github.com/scgraph/scgraph/state"
)

// Mode is a way of answering the questions: the agent or a baseline.
type Mode string

// The modes.
const (
	ModeAgent     Mode = "agent"      // the self-correcting agent
	ModeOracle    Mode = "oracle"     // the agent walking the gold chain: the ceiling
	ModeNaiveBFS  Mode = "naive-bfs"  // every relation, both ways, to the gold depth, one pass
	ModeVectorRAG Mode = "vector-rag" // flat RAG over verbalised passages
)

// AllModes are the modes `--mode all` runs, in report order.
var AllModes = []Mode{ModeAgent, ModeOracle, ModeNaiveBFS, ModeVectorRAG}

// ParseModes reads "all" or a comma-separated list of modes.
func ParseModes(s string) ([]Mode, error) {
	if strings.TrimSpace(s) == "all" {
		return AllModes, nil
	}
	var out []Mode
	for p := range strings.SplitSeq(s, ",") {
		m := Mode(strings.TrimSpace(p))
		found := false
		for _, k := range AllModes {
			if k == m {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("evals: unknown mode %q (want agent, oracle, naive-bfs, vector-rag or all)", p)
		}
		for _, k := range out {
			if k == m {
				found = false
			}
		}
		if found {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("evals: no mode given")
	}
	return out, nil
}

// Config says what an evaluation runs.
type Config struct {
	// Graph is the store every mode reads.
	Graph agent.Store
	// AgentOptions configure the agent of every graph mode (budget,
	// fan-out, timeout, a lexicon); oracle and naive-bfs add their planner.
	AgentOptions []agent.Option
	// PlannerOptions are the rule planner's options, for the entity
	// linking of naive-bfs (give the ones in AgentOptions).
	PlannerOptions plan.Options
	// Modes to run, in report order. Default: agent.
	Modes []Mode
	// Workers run questions concurrently. Default GOMAXPROCS. Results
	// do not depend on it.
	Workers int
	// Triples are the graph's facts, for the vector-rag index, built once
	// per Evaluate unless Vector is given.
	Triples       []graph.Triple
	Vector        *VectorIndex
	VectorOptions VectorOptions
	// Folds > 1 with a Learner cross-validates the agent mode: the
	// questions of each dataset are split by index mod Folds, and each
	// fold is answered by an agent whose lexicon was learned on the
	// other folds.
	Folds   int
	Learner Learner
	// Progress, when set, shows a progress bar per dataset and mode.
	Progress io.Writer
	// Lexicon says which lexicon the agent uses, for the report.
	Lexicon string
}

// Report is the result of an evaluation.
type Report struct {
	// Modes summarises each mode over the questions of all datasets.
	Modes    map[Mode]Summary `json:"modes"`
	Datasets []DatasetReport  `json:"datasets"`
	// Order is the order the modes ran in.
	Order  []Mode       `json:"mode_order"`
	Vector *VectorStats `json:"vector_index,omitempty"`
	Folds  int          `json:"cv_folds,omitempty"`
	// Lexicon says which lexicon the agent used.
	Lexicon string `json:"lexicon,omitempty"`
	// Workers is the number of concurrent runs.
	Workers   int     `json:"workers"`
	ElapsedMS float64 `json:"elapsed_ms"`
}

// VectorStats describe the vector-rag index.
type VectorStats struct {
	Passages  int     `json:"passages"`
	Sentences int     `json:"sentences"`
	BuildMS   float64 `json:"build_ms"`
	TopK      int     `json:"top_k"`
}

// DatasetReport is one question set's results.
type DatasetReport struct {
	Name      string           `json:"name"`
	Path      string           `json:"path"`
	Format    Format           `json:"format"`
	Questions int              `json:"questions"`
	Modes     map[Mode]Summary `json:"modes"`
	// ElapsedMS is each mode's wall time on the set (both runs of every
	// question; for cross-validation, the training too).
	ElapsedMS map[Mode]float64 `json:"elapsed_ms"`
	// TrainMS is the time spent learning lexicons in cross-validation.
	TrainMS float64 `json:"train_ms,omitempty"`
	// Scores are the per-question scores, by mode, in question order.
	Scores map[Mode][]Score `json:"-"`
	// Errors are the first few failures of each mode.
	Errors map[Mode][]string `json:"errors,omitempty"`
}

const maxErrors = 5

// Evaluate runs every mode of cfg on every dataset, each question twice
// (the second run checks determinism), and scores the runs.
func Evaluate(ctx context.Context, cfg Config, sets []*Dataset) (*Report, error) {
	start := time.Now()
	if cfg.Graph == nil {
		return nil, errors.New("evals: no graph")
	}
	if len(cfg.Modes) == 0 {
		cfg.Modes = []Mode{ModeAgent}
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Folds > 1 && cfg.Learner == nil {
		return nil, errors.New("evals: cross-validation needs a Learner")
	}
	rep := &Report{Modes: map[Mode]Summary{}, Order: cfg.Modes, Workers: cfg.Workers, Lexicon: cfg.Lexicon}
	if cfg.Folds > 1 {
		rep.Folds = cfg.Folds
	}
	e := &evaluation{cfg: cfg}
	for _, m := range cfg.Modes {
		if m == ModeVectorRAG {
			if err := e.buildVector(); err != nil {
				return nil, err
			}
			ix := e.vector
			rep.Vector = &VectorStats{Passages: ix.Passages(), Sentences: ix.Sentences, BuildMS: ms(ix.BuildTime), TopK: ix.opts.TopK}
		}
		if m == ModeNaiveBFS {
			if err := e.prepareNaive(ctx); err != nil {
				return nil, err
			}
		}
	}
	all := map[Mode][]Score{}
	for _, ds := range sets {
		dr := DatasetReport{
			Name: ds.Name, Path: ds.Path, Format: ds.Format, Questions: len(ds.Questions),
			Modes: map[Mode]Summary{}, ElapsedMS: map[Mode]float64{}, Scores: map[Mode][]Score{}, Errors: map[Mode][]string{},
		}
		for _, m := range cfg.Modes {
			t0 := time.Now()
			scores, errs, train, err := e.runMode(ctx, ds, m)
			if err != nil {
				return nil, err
			}
			dr.ElapsedMS[m] = ms(time.Since(t0))
			dr.TrainMS += ms(train)
			dr.Scores[m] = scores
			dr.Modes[m] = Summarize(scores)
			if len(errs) > 0 {
				dr.Errors[m] = errs
			}
			all[m] = append(all[m], scores...)
		}
		if len(dr.Errors) == 0 {
			dr.Errors = nil
		}
		rep.Datasets = append(rep.Datasets, dr)
	}
	for m, s := range all {
		rep.Modes[m] = Summarize(s)
	}
	rep.ElapsedMS = ms(time.Since(start))
	return rep, nil
}

func ms(d time.Duration) float64 { return round4(float64(d.Microseconds()) / 1000) }

// evaluation holds what the modes share across datasets.
type evaluation struct {
	cfg    Config
	vector *VectorIndex
	linker *plan.Rules
	edges  []state.RelDir
}

func (e *evaluation) buildVector() error {
	if e.vector != nil {
		return nil
	}
	if e.cfg.Vector != nil {
		e.vector = e.cfg.Vector
		return nil
	}
	if len(e.cfg.Triples) == 0 {
		return errors.New("evals: vector-rag needs the graph's triples (Config.Triples)")
	}
	e.vector = BuildVectorIndex(e.cfg.Triples, e.cfg.VectorOptions)
	return nil
}

func (e *evaluation) prepareNaive(ctx context.Context) error {
	if e.linker != nil {
		return nil
	}
	e.linker = plan.New(e.cfg.Graph, nil, e.cfg.PlannerOptions)
	s, err := e.linker.Schema(ctx)
	if err != nil {
		return fmt.Errorf("evals: naive-bfs: %w", err)
	}
	e.edges = newNaiveEdges(s)
	return nil
}

// answerFunc answers one question of a set once.
type answerFunc func(ctx context.Context, q Question) Outcome

// runMode answers every question of a set in one mode, twice each, and
// scores them in question order.
func (e *evaluation) runMode(ctx context.Context, ds *Dataset, m Mode) ([]Score, []string, time.Duration, error) {
	qs := ds.Questions
	scores := make([]Score, len(qs))
	failed := make([]string, len(qs))
	var bar *progress.Bar
	if e.cfg.Progress != nil {
		bar = progress.New(e.cfg.Progress, fmt.Sprintf("%s %s", ds.Name, m), "q", int64(len(qs)))
	}
	var done atomic.Int64
	var train time.Duration
	run := func(idx []int, answer answerFunc) error {
		return e.pool(ctx, idx, func(i int) {
			q := qs[i]
			first := answer(ctx, q)
			second := answer(ctx, q)
			failed[i] = first.Err
			scores[i] = ScoreQuestion(q, first, second)
			bar.Set(done.Add(1))
		})
	}
	all := make([]int, len(qs))
	for i := range all {
		all[i] = i
	}
	var err error
	switch {
	case m == ModeAgent && e.cfg.Folds > 1:
		for f := range e.cfg.Folds {
			trainQs, _, testIdx := SplitFold(qs, e.cfg.Folds, f)
			t0 := time.Now()
			sc, lerr := e.cfg.Learner.Learn(ctx, e.cfg.Graph, trainQs)
			train += time.Since(t0)
			if lerr != nil {
				return nil, nil, 0, fmt.Errorf("evals: %s: learn the lexicon of fold %d/%d: %w", ds.Name, f+1, e.cfg.Folds, lerr)
			}
			a := agent.New(e.cfg.Graph, append(e.cfg.AgentOptions[:len(e.cfg.AgentOptions):len(e.cfg.AgentOptions)], func(o *agent.Options) { o.Lexicon = sc })...)
			warmUp(ctx, a, qs)
			if err = run(testIdx, agentAnswer(a)); err != nil {
				break
			}
		}
	default:
		var answer answerFunc
		if answer, err = e.answerer(ctx, m, qs); err == nil {
			err = run(all, answer)
		}
	}
	if err != nil {
		return nil, nil, 0, err
	}
	var errs []string
	for i, msg := range failed {
		if msg != "" && len(errs) < maxErrors {
			errs = append(errs, fmt.Sprintf("%s: %s", qs[i].ID, msg))
		}
	}
	if bar != nil {
		s := Summarize(scores)
		bar.Finish(fmt.Sprintf("%d questions, hits@1 %.3f, p50 %.1f ms, %d failure(s)", s.Questions, s.HitsAt1, s.LatencyMS.P50, s.Failures))
	}
	return scores, errs, train, nil
}

// answerer returns how mode m answers a question.
func (e *evaluation) answerer(ctx context.Context, m Mode, qs []Question) (answerFunc, error) {
	opts := e.cfg.AgentOptions
	with := func(p agent.Planner) []agent.Option {
		return append(opts[:len(opts):len(opts)], func(o *agent.Options) { o.Planner = p })
	}
	switch m {
	case ModeAgent:
		a := agent.New(e.cfg.Graph, opts...)
		warmUp(ctx, a, qs)
		return agentAnswer(a), nil
	case ModeOracle:
		return func(ctx context.Context, q Question) Outcome {
			a := agent.New(e.cfg.Graph, with(oraclePlanner{g: e.cfg.Graph, q: q})...)
			return agentAnswer(a)(ctx, q)
		}, nil
	case ModeNaiveBFS:
		return func(ctx context.Context, q Question) Outcome {
			a := agent.New(e.cfg.Graph, with(naivePlanner{linker: e.linker, edges: e.edges, depth: naiveDepth(q)})...)
			return agentAnswer(a)(ctx, q)
		}, nil
	case ModeVectorRAG:
		return func(ctx context.Context, q Question) Outcome {
			t0 := time.Now()
			o := e.vector.Answer(q.Text)
			o.LatencyMS = ms(time.Since(t0))
			o.Stats.ElapsedMS = o.LatencyMS
			return o
		}, nil
	}
	return nil, fmt.Errorf("evals: unknown mode %q", m)
}

// warmUp runs the first question once, unmeasured, so that one-time costs
// (the planner reading the schema, the store building its indexes) do not
// fall on whichever question happens to run first.
func warmUp(ctx context.Context, a *agent.Agent, qs []Question) {
	if len(qs) > 0 {
		_, _ = a.Run(ctx, qs[0].Text)
	}
}

// agentAnswer answers with an agent and turns its result into an Outcome.
// The iteration cap is not a failure (the best result so far counts); an
// error or a timeout is.
func agentAnswer(a *agent.Agent) answerFunc {
	return func(ctx context.Context, q Question) Outcome {
		t0 := time.Now()
		res, err := a.Run(ctx, q.Text)
		o := Outcome{Walks: true, LatencyMS: ms(time.Since(t0)), Answers: []string{}, Paths: []graph.Path{}}
		if res != nil {
			for _, ans := range res.Answers {
				o.Answers = append(o.Answers, ans.Name)
			}
			o.Paths = res.Paths
			o.Stats = res.Stats
			o.Stop = res.StopReason
			o.Iterations = res.Iterations
			if rd := res.State.Reading(); rd != nil {
				o.Reading, o.Confidence = rd.Text, rd.Confidence
			}
		}
		switch {
		case err != nil && !errors.Is(err, agent.ErrIterationLimit):
			o.Err = err.Error()
		case res == nil:
			o.Err = "no result"
		}
		return o
	}
}

// pool runs fn for every index with the configured workers; it stops
// early when the context ends.
func (e *evaluation) pool(ctx context.Context, idx []int, fn func(i int)) error {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(e.cfg.Workers, max(len(idx), 1)) {
		wg.Go(func() {
			for i := range next {
				fn(i)
			}
		})
	}
	var err error
feed:
	for _, i := range idx {
		select {
		case next <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	return err
}
