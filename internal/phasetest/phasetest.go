// Package phasetest holds what the phase packages' tests share: a small
// store builder, chain and state constructors, renderings of walks and
// deltas, and Spy, a store wrapper that records the requests the phases
// make. It is for tests only.
package phasetest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/critic"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// NewStore returns a memstore with the triples and the schema (nil: inferred).
func NewStore(t testing.TB, sch *graph.Schema, ts ...graph.Triple) *memstore.Store {
	t.Helper()
	st := memstore.New()
	if sch != nil {
		if err := st.SetSchema(context.Background(), sch); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	return st
}

// Tr is a typed triple with its source line.
func Tr(s, sType, rel, o, oType string, line int) graph.Triple {
	return graph.Triple{Subject: s, Relation: rel, Object: o, SubjectType: sType, ObjectType: oType, Source: graph.Source{File: "t.jsonl", Line: line}}
}

// Out and in are chain edges.
func Out(rel string) state.RelDir { return state.RelDir{Relation: rel, Direction: graph.Out} }
func In(rel string) state.RelDir  { return state.RelDir{Relation: rel, Direction: graph.In} }

// Step is a chain step over the edges; closure is a repeated one.
func Step(edges ...state.RelDir) state.ChainStep { return state.ChainStep{Edges: edges} }
func Closure(edges ...state.RelDir) state.ChainStep {
	return state.ChainStep{Edges: edges, Repeat: true}
}

func Chain(steps ...state.ChainStep) state.Chain { return state.Chain{Steps: steps, Score: 1} }

// NewState returns a fresh run state with a hand-made plan anchored at
// the given entities.
func NewState(question string, target state.Target, hopBudget int, chains []state.Chain, anchors ...string) *state.AgentState {
	s := state.New("t", question, 5, state.Budget{})
	s.Plan = state.Plan{Target: target, Chains: chains, HopBudget: hopBudget, Source: "test"}
	for _, a := range anchors {
		s.Plan.Anchors = append(s.Plan.Anchors, state.Anchor{Mention: a, Entity: a, Method: "exact", Confidence: 1})
	}
	return s
}

// Arcs formats a delta's moves, one "from -> hop -> to" per arc.
func Arcs(d state.Delta) []string {
	out := []string{}
	for _, a := range d.Arcs {
		out = append(out, a.From.String()+" "+a.Hop.String()+" "+a.To.String())
	}
	return out
}

func Positions(ps []state.Pos) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

// Reached lists the walk's positions, with "*" for expanded ones.
func Reached(s *state.AgentState) []string {
	out := []string{}
	for _, r := range s.Walk.All() {
		m := r.Pos.String()
		if r.Expanded {
			m += "*"
		}
		out = append(out, m)
	}
	return out
}

func WantStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n  got  %q\n  want %q", what, got, want)
	}
}

// Store is the store contract the phases read through (each phase
// package declares the part it uses).
type Store interface {
	Schema(ctx context.Context) (*graph.Schema, error)
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
	Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error)
}

// Spy wraps a Store and records the calls the phases make.
type Spy struct {
	Store
	mu sync.Mutex
	// SchemaCalls counts Schema calls; the others hold each request.
	SchemaCalls  int
	ResolveCalls []graph.ResolveRequest
	ExpandCalls  []graph.ExpandRequest
	PathsCalls   []graph.PathRequest
}

func (s *Spy) Schema(ctx context.Context) (*graph.Schema, error) {
	s.mu.Lock()
	s.SchemaCalls++
	s.mu.Unlock()
	return s.Store.Schema(ctx)
}

func (s *Spy) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	s.mu.Lock()
	s.ResolveCalls = append(s.ResolveCalls, req)
	s.mu.Unlock()
	return s.Store.Resolve(ctx, req)
}

func (s *Spy) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	s.mu.Lock()
	s.ExpandCalls = append(s.ExpandCalls, req)
	s.mu.Unlock()
	return s.Store.Expand(ctx, req)
}

func (s *Spy) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	s.mu.Lock()
	s.PathsCalls = append(s.PathsCalls, req)
	s.mu.Unlock()
	return s.Store.Paths(ctx, req)
}

// ExpandedFrom lists, per Expand call, the frontier names it asked about.
func (s *Spy) ExpandedFrom() []string {
	var out []string
	for _, r := range s.ExpandCalls {
		out = append(out, strings.Join(r.From, ","))
	}
	return out
}

// Pos is a walk position.
func Pos(node string, st int) state.Pos { return state.Pos{Node: node, Steps: st} }

// Movies is a small film graph: two films by one director, one of them
// also written by her, and a third film by another director.
func Movies(t *testing.T) *Spy {
	t.Helper()
	return &Spy{Store: NewStore(t, nil,
		Tr("film-a", "Film", "directed_by", "dir-x", "Person", 1),
		Tr("film-b", "Film", "directed_by", "dir-x", "Person", 2),
		Tr("film-c", "Film", "directed_by", "dir-y", "Person", 3),
		Tr("film-b", "Film", "written_by", "dir-x", "Person", 4),
	)}
}

// Services is a line of calls, web -> cart -> pay -> ledger -> db, with a
// side branch web -> search; CALLS and READS_FROM carry dependency.
func Services(t *testing.T) *Spy {
	t.Helper()
	sch := &graph.Schema{
		Types: []graph.TypeDef{{Name: "Service"}, {Name: "Database"}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Dependency: graph.DependentSubject},
			{Name: "READS_FROM", From: []string{"Service"}, To: []string{"Database"}, Dependency: graph.DependentSubject},
		},
	}
	return &Spy{Store: NewStore(t, sch,
		Tr("web", "Service", "CALLS", "cart", "Service", 1),
		Tr("web", "Service", "CALLS", "search", "Service", 2),
		Tr("cart", "Service", "CALLS", "pay", "Service", 3),
		Tr("pay", "Service", "CALLS", "ledger", "Service", 4),
		Tr("ledger", "Service", "READS_FROM", "db", "Database", 5),
	)}
}

// Dependencies is the closure from a service toward what it needs.
func Dependencies() []state.Chain {
	return []state.Chain{Chain(Closure(Out("CALLS"), Out("READS_FROM")))}
}

// Retrieved returns the state after the retriever's delta is applied.
func Retrieved(t *testing.T, g Store, s *state.AgentState, opts walk.Options) *state.AgentState {
	t.Helper()
	d, err := walk.NewRetriever(g, opts).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(d, state.PhaseRetrieve)
	return s
}

// SetFrontier sets the dead ends the refiner is to expand.
func SetFrontier(s *state.AgentState, ps ...state.Pos) {
	s.Frontier = nil
	for _, p := range ps {
		s.Frontier = append(s.Frontier, state.DeadEnd{Pos: p})
	}
}

func EntityTarget(entity string) state.Target {
	return state.Target{Kind: state.TargetEntity, Entity: entity, Mention: entity}
}

// Critique runs the rule critic on s as the agent does: a new iteration,
// the verdict appended, the dead ends made the frontier.
func Critique(t *testing.T, g Store, s *state.AgentState) (state.Verdict, state.Cost) {
	t.Helper()
	s.Iteration++
	v, c, err := critic.New(g).Critique(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	s.Budget.Add(c)
	s.Verdicts = append(s.Verdicts, v)
	s.Frontier = append([]state.DeadEnd{}, v.DeadEnds...)
	return v, c
}

// Refine runs the BFS refiner on s and applies its delta.
func Refine(t *testing.T, g Store, s *state.AgentState, opts walk.Options) state.Delta {
	t.Helper()
	d, err := walk.NewRefiner(g, opts).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(d, state.PhaseRefine)
	return d
}
