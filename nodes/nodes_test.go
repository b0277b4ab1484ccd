package nodes_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/nodes"
	"github.com/scgraph/scgraph/state"
)

// Both stores satisfy the contract the nodes read through; the embedded
// one is checked here, the Neo4j one in its own package.
var _ nodes.Graph = (*memstore.Store)(nil)

// newStore returns a memstore with the triples and the schema (nil: inferred).
func newStore(t testing.TB, sch *graph.Schema, ts ...graph.Triple) *memstore.Store {
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

// tr is a typed triple with its source line.
func tr(s, sType, rel, o, oType string, line int) graph.Triple {
	return graph.Triple{Subject: s, Relation: rel, Object: o, SubjectType: sType, ObjectType: oType, Source: graph.Source{File: "t.jsonl", Line: line}}
}

// out and in are chain edges.
func out(rel string) state.RelDir { return state.RelDir{Relation: rel, Direction: graph.Out} }
func in(rel string) state.RelDir  { return state.RelDir{Relation: rel, Direction: graph.In} }

// step is a chain step over the edges; closure is a repeated one.
func step(edges ...state.RelDir) state.ChainStep { return state.ChainStep{Edges: edges} }
func closure(edges ...state.RelDir) state.ChainStep {
	return state.ChainStep{Edges: edges, Repeat: true}
}

func chain(steps ...state.ChainStep) state.Chain { return state.Chain{Steps: steps, Score: 1} }

// newState returns a fresh run state with a hand-made plan anchored at
// the given entities.
func newState(question string, target state.Target, hopBudget int, chains []state.Chain, anchors ...string) *state.AgentState {
	s := state.New("t", question, 5, state.Budget{})
	s.Plan = state.Plan{Target: target, Chains: chains, HopBudget: hopBudget, Source: "test"}
	for _, a := range anchors {
		s.Plan.Anchors = append(s.Plan.Anchors, state.Anchor{Mention: a, Entity: a, Method: "exact", Confidence: 1})
	}
	return s
}

// arcs formats a delta's moves, one "from -> hop -> to" per arc.
func arcs(d state.Delta) []string {
	out := []string{}
	for _, a := range d.Arcs {
		out = append(out, a.From.String()+" "+a.Hop.String()+" "+a.To.String())
	}
	return out
}

func positions(ps []state.Pos) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, p.String())
	}
	return out
}

// reached lists the walk's positions, with "*" for expanded ones.
func reached(s *state.AgentState) []string {
	out := []string{}
	for _, r := range s.Walk.Reached {
		m := r.Pos.String()
		if r.Expanded {
			m += "*"
		}
		out = append(out, m)
	}
	return out
}

func wantStrings(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n  got  %q\n  want %q", what, got, want)
	}
}

// spy wraps a Graph and records the calls the nodes make.
type spy struct {
	nodes.Graph
	mu      sync.Mutex
	schema  int
	resolve []graph.ResolveRequest
	expand  []graph.ExpandRequest
	paths   []graph.PathRequest
}

func (s *spy) Schema(ctx context.Context) (*graph.Schema, error) {
	s.mu.Lock()
	s.schema++
	s.mu.Unlock()
	return s.Graph.Schema(ctx)
}

func (s *spy) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	s.mu.Lock()
	s.resolve = append(s.resolve, req)
	s.mu.Unlock()
	return s.Graph.Resolve(ctx, req)
}

func (s *spy) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	s.mu.Lock()
	s.expand = append(s.expand, req)
	s.mu.Unlock()
	return s.Graph.Expand(ctx, req)
}

func (s *spy) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	s.mu.Lock()
	s.paths = append(s.paths, req)
	s.mu.Unlock()
	return s.Graph.Paths(ctx, req)
}

// expandedFrom lists, per Expand call, the frontier names it asked about.
func (s *spy) expandedFrom() []string {
	var out []string
	for _, r := range s.expand {
		out = append(out, strings.Join(r.From, ","))
	}
	return out
}
