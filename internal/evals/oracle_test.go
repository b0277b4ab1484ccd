package evals

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

func step(edges ...state.RelDir) state.ChainStep { return state.ChainStep{Edges: edges} }

func rd(rel string, d graph.Direction) state.RelDir { return state.RelDir{Relation: rel, Direction: d} }

func tr(s, r, o string) graph.Triple { return graph.Triple{Subject: s, Relation: r, Object: o} }

func TestOracleChainFromGoldChain(t *testing.T) {
	q := Question{Anchors: []string{"Heat"}, GoldChain: []state.RelDir{rd("directed_by", graph.Out), rd("directed_by", graph.In)}}
	got, err := OracleChain(q)
	if err != nil {
		t.Fatal(err)
	}
	want := OracleTarget{Anchor: "Heat", Hops: 2, Chain: state.Chain{Score: 1, Steps: []state.ChainStep{step(rd("directed_by", graph.Out)), step(rd("directed_by", graph.In))}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestOracleChainReachability(t *testing.T) {
	// "Is checkout affected by the migration?" answered [migration]; the
	// gold path runs from the migration out to checkout.
	q := Question{
		Anchors: []string{"migration", "checkout"},
		Answers: []string{"migration"},
		GoldPaths: [][]graph.Triple{{
			tr("migration", "MIGRATES", "db"), tr("proxy", "DEPENDS_ON", "db"), tr("checkout", "DEPENDS_ON", "proxy"),
		}},
	}
	got, err := OracleChain(q)
	if err != nil {
		t.Fatal(err)
	}
	want := OracleTarget{Anchor: "checkout", Entity: "migration", Hops: 3, Chain: state.Chain{Score: 1, Steps: []state.ChainStep{
		step(rd("DEPENDS_ON", graph.Out)), step(rd("DEPENDS_ON", graph.Out)), step(rd("MIGRATES", graph.In)),
	}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestOracleChainMergesPaths(t *testing.T) {
	// Teams affected when db fails: paths of 1, 2 and 3 hops.
	q := Question{
		Anchors: []string{"db"},
		Answers: []string{"t1", "t2", "t3"},
		GoldPaths: [][]graph.Triple{
			{tr("t1", "OWNS", "db")},
			{tr("svc", "READS", "db"), tr("t2", "OWNS", "svc")},
			{tr("svc", "READS", "db"), tr("gw", "CALLS", "svc"), tr("t3", "OWNS", "gw")},
		},
	}
	got, err := OracleChain(q)
	if err != nil {
		t.Fatal(err)
	}
	want := state.Chain{Score: 1, Steps: []state.ChainStep{{
		Edges:  []state.RelDir{rd("OWNS", graph.In), rd("READS", graph.In), rd("CALLS", graph.In)},
		Repeat: true,
	}}}
	if !reflect.DeepEqual(got.Chain, want) || got.Hops != 3 || got.Anchor != "db" {
		t.Errorf("got %+v, want chain %v over 3 hops", got, want)
	}

	// Equal lengths: one step per depth, no repeat.
	q.GoldPaths = [][]graph.Triple{
		{tr("db", "R1", "a"), tr("a", "R2", "x")},
		{tr("db", "R1", "b"), tr("y", "R3", "b")},
	}
	got, err = OracleChain(q)
	if err != nil {
		t.Fatal(err)
	}
	want = state.Chain{Score: 1, Steps: []state.ChainStep{step(rd("R1", graph.Out)), step(rd("R2", graph.Out), rd("R3", graph.In))}}
	if !reflect.DeepEqual(got.Chain, want) || got.Hops != 2 {
		t.Errorf("equal lengths: got %+v, want %v", got, want)
	}
}

func TestOracleChainWithoutGold(t *testing.T) {
	neg, err := OracleChain(Question{Anchors: []string{"a", "b"}, Answers: []string{}})
	if err != nil || !neg.Empty {
		t.Errorf("negative question: %+v, %v; want Empty", neg, err)
	}
	if _, err := OracleChain(Question{Anchors: []string{"a"}, Answers: []string{"x"}}); !errors.Is(err, ErrNoGoldChain) {
		t.Errorf("no chain: error %v, want ErrNoGoldChain", err)
	}
	if _, err := OracleChain(Question{Answers: []string{"x"}}); err == nil {
		t.Error("no anchor: no error")
	}
	_, err = OracleChain(Question{Anchors: []string{"a"}, Answers: []string{"x"}, GoldPaths: [][]graph.Triple{{tr("b", "R", "c")}}})
	if err == nil || !strings.Contains(err.Error(), `gold path 1: neither end touches the anchor "a"`) {
		t.Errorf("path away from the anchor: error %v", err)
	}
}

// typed is a Graph that only resolves names to typed entities.
type typed struct {
	nilGraph
	types map[string]string
}

func (g typed) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	out := make([][]graph.Match, len(req.Mentions))
	for i, m := range req.Mentions {
		if t, ok := g.types[m]; ok {
			out[i] = []graph.Match{{Entity: graph.Entity{Name: m, Type: t}, Method: graph.MatchExact, Score: 1}}
		}
	}
	return out, nil
}

func TestOraclePlannerAsksForTheAnswersType(t *testing.T) {
	q := Question{
		Anchors: []string{"db"},
		Answers: []string{"t1", "t2"},
		GoldPaths: [][]graph.Triple{
			{tr("t1", "OWNS", "db")},
			{tr("svc", "READS", "db"), tr("t2", "OWNS", "svc")},
		},
	}
	p := oraclePlanner{g: typed{types: map[string]string{"t1": "Team", "t2": "Team"}}, q: q}
	plan, cost, err := p.Plan(context.Background(), "ignored")
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Target.Equal(state.Target{Kind: state.TargetType, Type: "Team"}) || cost.StoreCalls != 1 || plan.HopBudget != 2 || plan.Source != "oracle" {
		t.Errorf("plan = %+v, cost %+v", plan, cost)
	}
	if len(plan.Anchors) != 1 || plan.Anchors[0].Entity != "db" {
		t.Errorf("anchors = %+v", plan.Anchors)
	}
	// Answers of two types: no type target.
	p.g = typed{types: map[string]string{"t1": "Team", "t2": "Service"}}
	if plan, _, _ := p.Plan(context.Background(), ""); plan.Target.Kind != state.TargetChain {
		t.Errorf("mixed types: target %+v, want chain", plan.Target)
	}
}

// nilGraph is a Graph with nothing in it.
type nilGraph struct{}

func (nilGraph) Schema(ctx context.Context) (*graph.Schema, error) { return &graph.Schema{}, nil }

func (nilGraph) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	return make([][]graph.Match, len(req.Mentions)), nil
}

func (nilGraph) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return graph.Expansion{Hops: make([][]graph.Hop, len(req.Steps))}, nil
}

func (nilGraph) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	return nil, nil
}
