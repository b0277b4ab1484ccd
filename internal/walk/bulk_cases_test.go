package walk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// A walk in bulk that moves into positions of Walk.Reached (the walk was
// read out of its segment by a refinement one position at a time) records
// their facts in the subgraph where the walk one request a level does: in
// the order the moves were made, between the facts of the moves into new
// positions. "List the full dependency tree of login." over the Debian
// graph, read as depends, recommends and pre_depends repeated out of
// login: the critic asks for a walk through the anchor in iteration 1,
// and in iteration 2 the closure from the dead ends moves from libgcc-s1
// both to gcc-12-base (new) and to libc6 (reached in iteration 1); the
// facts must come in that order.
func TestBulkWalkRecordsFactsInWalkOrder(t *testing.T) {
	ctx := context.Background()
	st, err := memstore.Open(ctx, filepath.Join("..", "..", "testdata", "zeroshot", "debian.tsv"), memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var edges []state.RelDir
	for _, r := range []string{"depends", "recommends", "pre_depends"} {
		edges = append(edges, state.RelDir{Relation: r, Direction: graph.Out})
	}
	c := state.Chain{Steps: []state.ChainStep{{Edges: edges, Repeat: true}}, Score: 1}
	plan := func() *state.AgentState {
		s := state.New("run", "List the full dependency tree of login.", 5, state.Budget{})
		s.Plan = state.Plan{
			Anchors: []state.Anchor{{Mention: "login", Entity: "login", Method: graph.MatchExact, Confidence: 1}},
			Target:  state.Target{Kind: state.TargetClosure}, Chains: []state.Chain{c}, HopBudget: 16,
		}
		return s
	}
	bulk, slow := plan(), plan()
	var opts walk.Options
	d1, err1 := walk.NewRetriever(st, opts).Retrieve(ctx, bulk)
	d2, err2 := walk.NewRetriever(oneByOne{st}, opts).Retrieve(ctx, slow)
	if err1 != nil || err2 != nil {
		t.Fatalf("retrieve: %v / %v", err1, err2)
	}
	if d1.Bulk == nil {
		t.Fatal("the closure was not walked in bulk")
	}
	bulk.Apply(d1, state.PhaseRetrieve)
	slow.Apply(d2, state.PhaseRetrieve)
	rb, rs := walk.NewRefiner(st, opts), walk.NewRefiner(oneByOne{st}, opts)
	for it, reentry := range []bool{true, false} {
		dead := frontier(slow, c, 100)
		for _, s := range []*state.AgentState{bulk, slow} {
			s.Iteration = it + 1
			s.Frontier = dead
			s.Verdicts = append(s.Verdicts, state.Verdict{Reentry: reentry})
		}
		d1, err1 := rb.Refine(ctx, bulk)
		d2, err2 := rs.Refine(ctx, slow)
		if err1 != nil || err2 != nil {
			t.Fatalf("iteration %d: refine: %v / %v", it+1, err1, err2)
		}
		if !reentry && (d1.Bulk == nil || len(d1.Bulk.Into) == 0) {
			t.Fatalf("iteration %d: the refinement made no move in bulk into Walk.Reached", it+1)
		}
		bulk.Apply(d1, state.PhaseRefine)
		slow.Apply(d2, state.PhaseRefine)
		what := fmt.Sprintf("iteration %d refine", it+1)
		compareStates(t, it, what, bulk, slow)
		if a, b := facts(t, bulk), facts(t, slow); !slices.Equal(a, b) {
			i := 0
			for i < len(a) && i < len(b) && a[i] == b[i] {
				i++
			}
			t.Errorf("%s: fact %d of the subgraph:\n bulk %v\n slow %v", what, i, a[i:min(len(a), i+3)], b[i:min(len(b), i+3)])
		}
		if a, b := marshal(t, bulk), marshal(t, slow); a != b {
			t.Errorf("%s: the states differ", what)
		}
	}
	if !slices.Contains(facts(t, slow), "libgcc-s1 depends gcc-12-base (debian.tsv:1147)") {
		t.Errorf("the walk did not record libgcc-s1 depends gcc-12-base")
	}
}

// facts lists the subgraph's edges in order, as the state is written.
func facts(t *testing.T, s *state.AgentState) []string {
	t.Helper()
	var v struct{ Subgraph state.Subgraph }
	if err := json.Unmarshal([]byte(marshal(t, s)), &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range v.Subgraph.Edges {
		out = append(out, fmt.Sprintf("%s %s %s (%s:%d)", e.Subject, e.Relation, e.Object, e.Source.File, e.Source.Line))
	}
	return out
}

func marshal(t *testing.T, s *state.AgentState) string {
	t.Helper()
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A plan with a condition on its answers (Target.Having: "hosted on
// node-b") retrieves the condition's facts beside the walk; the subgraph
// then holds their nodes once, in the order the walk one request a level
// leaves them, whether the closure is walked in bulk or not: "Which of
// web-app's dependencies are hosted on node-b?" over the infra graph.
func TestBulkWalkWithConditionOnAnswers(t *testing.T) {
	ctx := context.Background()
	st, err := memstore.Open(ctx, filepath.Join("..", "..", "testdata", "zeroshot", "infra.jsonl"), memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var edges []state.RelDir
	for _, r := range []string{"backed_by", "calls", "runs_on", "uses", "hosted_on", "routes_to"} {
		edges = append(edges, state.RelDir{Relation: r, Direction: graph.Out})
	}
	c := state.Chain{Steps: []state.ChainStep{{Edges: edges, Repeat: true}}, Score: 1}
	plan := func() *state.AgentState {
		s := state.New("run", "Which of web-app's dependencies are hosted on node-b?", 5, state.Budget{})
		s.Plan = state.Plan{
			Anchors: []state.Anchor{{Mention: "web-app", Entity: "web-app", Method: graph.MatchExact, Confidence: 1}},
			Target: state.Target{Kind: state.TargetType, Having: []state.Having{{
				Edges: []state.RelDir{{Relation: "hosted_on", Direction: graph.Out}}, Entity: "node-b", Mention: "node-b",
			}}},
			Chains: []state.Chain{c}, HopBudget: 16,
		}
		return s
	}
	bulk, slow := plan(), plan()
	var opts walk.Options
	d1, err1 := walk.NewRetriever(st, opts).Retrieve(ctx, bulk)
	d2, err2 := walk.NewRetriever(oneByOne{st}, opts).Retrieve(ctx, slow)
	if err1 != nil || err2 != nil {
		t.Fatalf("retrieve: %v / %v", err1, err2)
	}
	bulk.Apply(d1, state.PhaseRetrieve)
	slow.Apply(d2, state.PhaseRetrieve)
	compareStates(t, 0, "retrieve", bulk, slow)
	dead := frontier(slow, c, 100)
	for _, s := range []*state.AgentState{bulk, slow} {
		s.Iteration, s.Frontier = 1, dead
	}
	d1, err1 = walk.NewRefiner(st, opts).Refine(ctx, bulk)
	d2, err2 = walk.NewRefiner(oneByOne{st}, opts).Refine(ctx, slow)
	if err1 != nil || err2 != nil {
		t.Fatalf("refine: %v / %v", err1, err2)
	}
	if d1.Bulk == nil {
		t.Fatal("the refinement did not walk the closure in bulk")
	}
	bulk.Apply(d1, state.PhaseRefine)
	slow.Apply(d2, state.PhaseRefine)
	compareStates(t, 0, "refine", bulk, slow)
	if a, b := marshal(t, bulk), marshal(t, slow); a != b {
		t.Errorf("the states differ:\n bulk %s\n slow %s", a, b)
	}
}
