package agent

import (
	"time"

	"go.uber.org/zap"

	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/walk"
)

// Defaults.
const (
	DefaultMaxIterations    = 5
	DefaultTimeout          = 30 * time.Second
	DefaultMaxStoreCalls    = 200
	DefaultMaxNodesExpanded = 20000
)

// NoFanoutCap as Options.Fanout keeps every neighbour of every expanded
// position: the walk cuts nothing.
const NoFanoutCap = walk.NoFanoutCap

// Option is a function that configures an agent (see Options).
type Option = func(*Options)

// Options configure an Agent. New starts from the zero value (every zero
// field means its default) and applies each configuration function in
// turn:
//
//	a := agent.New(store, func(o *agent.Options) {
//		o.MaxIterations = 3
//		o.Fanout = 100
//	})
type Options struct {
	// The phases; a nil phase is the deterministic default (rule planner,
	// chain retriever, topological critic, BFS refiner, rule answerer).
	Planner   Planner
	Retriever Retriever
	Critic    Critic
	Refiner   Refiner
	Answerer  Answerer

	// Lexicon ranks relation chains for the rule planner: a learned
	// *lexicon.Model, or lexicon.Shipped() to use a shipped lexicon when
	// the graph's relations match one.
	Lexicon ChainScorer
	// Relate relates a question's word that names no relation of the
	// graph to the graph's relations by similarity, for the rule planner
	// (plan.Options.Relate); nil: such a question ends no_relation.
	Relate plan.Relator

	// MaxIterations caps the critique rounds of each reading the critic
	// walks (default 5; a run walks at most as many readings as its plan
	// has chains); at the cap the run returns the best so far with
	// ErrIterationLimit.
	MaxIterations int
	// Timeout bounds each run (default 30 s; negative: no bound beyond
	// the caller's context).
	Timeout time.Duration
	// MaxStoreCalls and MaxNodesExpanded bound a run's work (defaults
	// 200 and 20,000).
	MaxStoreCalls    int
	MaxNodesExpanded int

	// HopBudget bounds how far from an anchor a walk may go where the
	// plan does not fix it (default 6).
	HopBudget int
	// Fanout caps the neighbours kept per expanded position; the rest are
	// cut, ranked by the hybrid score, and recorded (default 300;
	// NoFanoutCap keeps them all).
	Fanout int
	// Alpha weighs graph proximity against similarity in the hybrid score
	// α·(1 − d/maxD) + (1 − α)·similarity, for fan-out cuts and for
	// ranking answers (default 0.5).
	Alpha float64

	// Logger gets per-transition debug logs (default: none). Clock stamps
	// the trace and NewID names runs (tests fix them for golden
	// transcripts; defaults: time.Now and random UUIDs).
	Logger *zap.Logger
	Clock  func() time.Time
	NewID  func() string
}
