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
	c := repeated(graph.Out, "depends", "recommends", "pre_depends")
	plan := func() *state.AgentState {
		return planned("List the full dependency tree of login.", "login", state.Target{Kind: state.TargetClosure}, c, 16)
	}
	bulk, slow := plan(), plan()
	var opts walk.Options
	if d1 := retrieveBoth(t, ctx, st, opts, bulk, slow); d1.Bulk == nil {
		t.Fatal("the closure was not walked in bulk")
	}
	rb, rs := walk.NewRefiner(st, opts), walk.NewRefiner(oneByOne{st}, opts)
	for it, reentry := range []bool{true, false} {
		dead := frontier(slow, c, 100)
		for _, s := range []*state.AgentState{bulk, slow} {
			s.Iteration = it + 1
			s.Frontier = dead
			s.Verdicts = append(s.Verdicts, state.Verdict{Reentry: reentry})
		}
		what := fmt.Sprintf("iteration %d refine", it+1)
		d1 := refineBoth(t, ctx, rb, rs, bulk, slow, what)
		if !reentry && (d1.Bulk == nil || len(d1.Bulk.Into) == 0) {
			t.Fatalf("%s: the refinement made no move in bulk into Walk.Reached", what)
		}
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
	c := repeated(graph.Out, "backed_by", "calls", "runs_on", "uses", "hosted_on", "routes_to")
	target := state.Target{Kind: state.TargetType, Having: []state.Having{{
		Edges: []state.RelDir{{Relation: "hosted_on", Direction: graph.Out}}, Entity: "node-b", Mention: "node-b",
	}}}
	plan := func() *state.AgentState {
		return planned("Which of web-app's dependencies are hosted on node-b?", "web-app", target, c, 16)
	}
	bulk, slow := plan(), plan()
	var opts walk.Options
	retrieveBoth(t, ctx, st, opts, bulk, slow)
	compareStates(t, 0, "retrieve", bulk, slow)
	dead := frontier(slow, c, 100)
	for _, s := range []*state.AgentState{bulk, slow} {
		s.Iteration, s.Frontier = 1, dead
	}
	d1 := refineBoth(t, ctx, walk.NewRefiner(st, opts), walk.NewRefiner(oneByOne{st}, opts), bulk, slow, "refine")
	if d1.Bulk == nil {
		t.Fatal("the refinement did not walk the closure in bulk")
	}
	compareStates(t, 0, "refine", bulk, slow)
	if a, b := marshal(t, bulk), marshal(t, slow); a != b {
		t.Errorf("the states differ:\n bulk %s\n slow %s", a, b)
	}
}

// repeated is a closure chain: relations rels walked in direction dir,
// repeated.
func repeated(dir graph.Direction, rels ...string) state.Chain {
	var edges []state.RelDir
	for _, r := range rels {
		edges = append(edges, state.RelDir{Relation: r, Direction: dir})
	}
	return state.Chain{Steps: []state.ChainStep{{Edges: edges, Repeat: true}}, Score: 1}
}

// planned returns a state asking question, planned to walk chain c from
// anchor toward target within budget hops.
func planned(question, anchor string, target state.Target, c state.Chain, budget int) *state.AgentState {
	s := state.New("run", question, 5, state.Budget{})
	s.Plan = state.Plan{
		Anchors: []state.Anchor{{Mention: anchor, Entity: anchor, Method: graph.MatchExact, Confidence: 1}},
		Target:  target, Chains: []state.Chain{c}, HopBudget: budget,
	}
	return s
}

// retrieveBoth retrieves bulk over st (in bulk where the chain allows) and
// slow one store request a level, applies the deltas, and returns bulk's.
func retrieveBoth(t *testing.T, ctx context.Context, st *memstore.Store, opts walk.Options, bulk, slow *state.AgentState) state.Delta {
	t.Helper()
	d1, err1 := walk.NewRetriever(st, opts).Retrieve(ctx, bulk)
	d2, err2 := walk.NewRetriever(oneByOne{st}, opts).Retrieve(ctx, slow)
	if err1 != nil || err2 != nil {
		t.Fatalf("retrieve: %v / %v", err1, err2)
	}
	bulk.Apply(d1, state.PhaseRetrieve)
	slow.Apply(d2, state.PhaseRetrieve)
	return d1
}

// refineBoth refines bulk with rb and slow with rs, applies the deltas,
// and returns bulk's.
func refineBoth(t *testing.T, ctx context.Context, rb, rs *walk.Refiner, bulk, slow *state.AgentState, what string) state.Delta {
	t.Helper()
	d1, err1 := rb.Refine(ctx, bulk)
	d2, err2 := rs.Refine(ctx, slow)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: %v / %v", what, err1, err2)
	}
	bulk.Apply(d1, state.PhaseRefine)
	slow.Apply(d2, state.PhaseRefine)
	return d1
}
