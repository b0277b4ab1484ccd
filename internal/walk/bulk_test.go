package walk_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var bulkCases = flag.Int("bulk-cases", 1000, "TestBulkWalkIsTheWalk: random walks to compare")

// oneByOne hides a store's Adjacency: the walk then expands a closure one
// store request a level, as it does on Neo4j.
type oneByOne struct{ s *memstore.Store }

func (o oneByOne) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	return o.s.Expand(ctx, req)
}

// A closure walked in bulk over the store's arrays leaves the state the
// walk one request a level leaves: the same positions in the same order,
// with the same depths, ways of being reached, expansions, cuts, nodes and
// edges, and the same evidence paths and answers, over random graphs,
// chains, anchors, budgets and caps, through several refinements.
func TestBulkWalkIsTheWalk(t *testing.T) {
	cases := *bulkCases
	if testing.Short() {
		cases = min(cases, 200)
	}
	for seed := range cases {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		st := randomStore(t, rng)
		s1, s2, opts, c := randomWalk(rng, st)
		bulk, slow := walk.NewRetriever(st, opts), walk.NewRetriever(oneByOne{st}, opts)
		ctx := context.Background()
		d1, err1 := bulk.Retrieve(ctx, s1)
		d2, err2 := slow.Retrieve(ctx, s2)
		if err1 != nil || err2 != nil {
			t.Fatalf("seed %d: retrieve: %v / %v", seed, err1, err2)
		}
		if seed < 3 && d1.Bulk == nil {
			t.Fatalf("seed %d: chain %s was not walked in bulk", seed, c)
		}
		compareDeltas(t, seed, "retrieve", d1, d2)
		s1.Apply(d1, state.PhaseRetrieve)
		s2.Apply(d2, state.PhaseRetrieve)
		compareStates(t, seed, "retrieve", s1, s2)
		rb, rs := walk.NewRefiner(st, opts), walk.NewRefiner(oneByOne{st}, opts)
		for round := range 4 {
			dead := frontier(s2, c, rng.IntN(4)+1)
			if len(dead) == 0 {
				break
			}
			s1.Iteration, s2.Iteration = round+1, round+1
			s1.Frontier, s2.Frontier = dead, dead
			if rng.IntN(3) == 0 {
				// A delta not in bulk reads the segment into
				// Walk.Reached: the walk then moves into its positions.
				s1.Apply(state.Delta{}, state.PhaseRefine)
				s2.Apply(state.Delta{}, state.PhaseRefine)
			}
			d1, err1 := rb.Refine(ctx, s1)
			d2, err2 := rs.Refine(ctx, s2)
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d round %d: refine: %v / %v", seed, round, err1, err2)
			}
			what := fmt.Sprintf("refine %d", round)
			compareDeltas(t, seed, what, d1, d2)
			s1.Apply(d1, state.PhaseRefine)
			s2.Apply(d2, state.PhaseRefine)
			compareStates(t, seed, what, s1, s2)
		}
		if t.Failed() {
			t.Fatalf("seed %d: chain %s, anchors %v, budget %d, options %+v", seed, c, s1.Plan.Anchors, s1.Plan.HopBudget, opts)
		}
	}
}

// randomStore is a small random graph: 4 relations, a few entities, some
// hubs, self-loops and both directions between the same entities.
func randomStore(t *testing.T, rng *rand.Rand) *memstore.Store {
	t.Helper()
	n := 3 + rng.IntN(20)
	m := rng.IntN(4 * n)
	rels := []string{"A", "B", "C", "D"}
	var ts []graph.Triple
	for i := range m {
		s, o := rng.IntN(n), rng.IntN(n)
		if rng.IntN(3) == 0 {
			o = rng.IntN(min(n, 3)) // hubs
		}
		ts = append(ts, graph.Triple{
			Subject: fmt.Sprintf("e%d", s), Relation: rels[rng.IntN(len(rels))], Object: fmt.Sprintf("e%d", o),
			SubjectType: []string{"T", "U"}[s%2], ObjectType: []string{"T", "U"}[o%2],
			Source: graph.Source{File: "g.jsonl", Line: i + 1},
		})
	}
	ts = append(ts, graph.Triple{Subject: "e0", Relation: "A", Object: "e1", Source: graph.Source{File: "g.jsonl", Line: m + 1}})
	st := memstore.New()
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	return st
}

// randomWalk returns two equal states planned with a random closure chain
// (a repeated step, optional steps, steps after it) from random anchors,
// and random walk options.
func randomWalk(rng *rand.Rand, st *memstore.Store) (*state.AgentState, *state.AgentState, walk.Options, state.Chain) {
	var rels []string
	for _, tr := range st.Triples() {
		if !slices.Contains(rels, tr.Relation) {
			rels = append(rels, tr.Relation)
		}
	}
	dirs := []graph.Direction{graph.Out, graph.In, graph.Both}
	var c state.Chain
	steps := 1 + rng.IntN(3)
	rep := rng.IntN(steps)
	for i := range steps {
		var step state.ChainStep
		for range 1 + rng.IntN(3) {
			step.Edges = append(step.Edges, state.RelDir{Relation: rels[rng.IntN(len(rels))], Direction: dirs[rng.IntN(len(dirs))]})
		}
		step.Repeat = i == rep || rng.IntN(4) == 0
		step.Optional = i > 0 && rng.IntN(4) == 0
		c.Steps = append(c.Steps, step)
	}
	c.Reentry = rng.IntN(6) == 0
	n, _ := st.Stats()
	var anchors []state.Anchor
	for range 1 + rng.IntN(2) {
		e := fmt.Sprintf("e%d", rng.IntN(n))
		if !slices.ContainsFunc(anchors, func(a state.Anchor) bool { return a.Entity == e }) {
			anchors = append(anchors, state.Anchor{Mention: e, Entity: e})
		}
	}
	target := state.Target{Kind: state.TargetClosure}
	if rng.IntN(3) == 0 {
		target = state.Target{Kind: state.TargetEntity, Entity: fmt.Sprintf("e%d", rng.IntN(n))}
	}
	mk := func() *state.AgentState {
		s := state.New("run", "which e1 things are reached from e2", 5, state.Budget{})
		s.Plan = state.Plan{Anchors: anchors, Target: target, Chains: []state.Chain{c}, HopBudget: 1 + rng.IntN(6)}
		return s
	}
	s1 := mk()
	s2 := mk()
	s2.Plan.HopBudget = s1.Plan.HopBudget
	opts := walk.Options{RetrieveHops: 1 + rng.IntN(2), RefineHops: 1 + rng.IntN(2)}
	if rng.IntN(2) == 0 {
		opts.Fanout = 1 + rng.IntN(4)
		opts.StoreLimit = opts.Fanout + rng.IntN(3)
	}
	return s1, s2, opts, c
}

// frontier returns up to max unexpanded positions that can move, within
// the hop budget, nearest first (as the critic names dead ends).
func frontier(s *state.AgentState, c state.Chain, max int) []state.DeadEnd {
	var out []state.DeadEnd
	for _, r := range s.Walk.All() {
		if !r.Expanded && walk.CanMove(c, r.Steps) && r.Depth < s.Plan.HopBudget {
			out = append(out, state.DeadEnd{Pos: r.Pos, Depth: r.Depth})
		}
	}
	slices.SortStableFunc(out, func(a, b state.DeadEnd) int { return a.Depth - b.Depth })
	return out[:min(len(out), max)]
}

func compareDeltas(t *testing.T, seed int, what string, bulk, slow state.Delta) {
	t.Helper()
	if !slices.Equal(bulk.Cuts, slow.Cuts) {
		t.Errorf("seed %d %s: cuts\n bulk %v\n slow %v", seed, what, bulk.Cuts, slow.Cuts)
	}
	if bulk.Summary != slow.Summary {
		t.Errorf("seed %d %s: summary\n bulk %s\n slow %s", seed, what, bulk.Summary, slow.Summary)
	}
}

// compareStates compares the walks, subgraphs (nodes as a set: a segment
// adds its own after the walk's; edges in the order the walk made them),
// cuts, budgets, answers and evidence paths of two states.
func compareStates(t *testing.T, seed int, what string, bulk, slow *state.AgentState) {
	t.Helper()
	if b, s := bulk.Walk.Len(), slow.Walk.Len(); b != s {
		t.Errorf("seed %d %s: %d positions, want %d", seed, what, b, s)
	}
	b, s := walkAndSubgraph(t, bulk), walkAndSubgraph(t, slow)
	compareReached(t, seed, what, b, s)
	compareSubgraphs(t, seed, what, b.Subgraph, s.Subgraph)
	if bulk.Subgraph.Len() != slow.Subgraph.Len() {
		t.Errorf("seed %d %s: subgraph len %d, want %d", seed, what, bulk.Subgraph.Len(), slow.Subgraph.Len())
	}
	bb, sb := bulk.Budget, slow.Budget
	bb.StoreCalls, sb.StoreCalls = 0, 0
	if !slices.Equal(bulk.Cuts, slow.Cuts) || bb != sb {
		t.Errorf("seed %d %s: cuts %v budget %+v, want %v %+v", seed, what, bulk.Cuts, bulk.Budget, slow.Cuts, slow.Budget)
	}
	if ab, as := bulk.Accepted(), slow.Accepted(); !slices.Equal(ab, as) {
		t.Errorf("seed %d %s: accepted %v, want %v", seed, what, ab, as)
	}
	comparePaths(t, seed, what, bulk, slow)
}

// walkSubgraph is the walk and subgraph of a state as it marshals them.
type walkSubgraph struct {
	Walk     state.Walk     `json:"walk"`
	Subgraph state.Subgraph `json:"subgraph"`
}

// walkAndSubgraph returns the walk and subgraph of st as its JSON holds
// them (a segment's positions and facts read out).
func walkAndSubgraph(t *testing.T, st *state.AgentState) walkSubgraph {
	t.Helper()
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var v walkSubgraph
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// edgeAt names a subgraph edge by its fact (Vias name subgraph edges by
// index: compare the facts).
func edgeAt(sub state.Subgraph, i int) string {
	e := sub.Edges[i]
	return fmt.Sprintf("%s-%s->%s@%d", e.Subject, e.Relation, e.Object, e.Source.Line)
}

// compareReached compares the positions of two walks: place, depth,
// anchor, expansion and ways of being reached.
func compareReached(t *testing.T, seed int, what string, b, s walkSubgraph) {
	t.Helper()
	for i := range min(len(b.Walk.Reached), len(s.Walk.Reached)) {
		rb, rs := b.Walk.Reached[i], s.Walk.Reached[i]
		if rb.Pos != rs.Pos || rb.Depth != rs.Depth || rb.Anchor != rs.Anchor || rb.Expanded != rs.Expanded || len(rb.Via) != len(rs.Via) {
			t.Errorf("seed %d %s: position %d\n bulk %+v\n slow %+v", seed, what, i, rb, rs)
			continue
		}
		for k := range rb.Via {
			vb, vs := rb.Via[k], rs.Via[k]
			if vb.From != vs.From || vb.Direction != vs.Direction || edgeAt(b.Subgraph, vb.Edge) != edgeAt(s.Subgraph, vs.Edge) {
				t.Errorf("seed %d %s: position %d (%s) via %d\n bulk %+v %s\n slow %+v %s", seed, what, i, rb.Pos, k, vb, edgeAt(b.Subgraph, vb.Edge), vs, edgeAt(s.Subgraph, vs.Edge))
			}
		}
	}
}

// compareSubgraphs compares two subgraphs: nodes as a set, edges in
// order, with their provenance.
func compareSubgraphs(t *testing.T, seed int, what string, b, s state.Subgraph) {
	t.Helper()
	nodes := func(sub state.Subgraph) []string {
		var out []string
		for _, n := range sub.Nodes {
			out = append(out, fmt.Sprintf("%s:%s:%d:%s", n.Name, n.Type, n.Iteration, n.Phase))
		}
		slices.Sort(out)
		return out
	}
	if nb, ns := nodes(b), nodes(s); !slices.Equal(nb, ns) {
		t.Errorf("seed %d %s: subgraph nodes\n bulk %v\n slow %v", seed, what, nb, ns)
	}
	edges := func(sub state.Subgraph) []string {
		var out []string
		for i, e := range sub.Edges {
			out = append(out, fmt.Sprintf("%s:%d:%s", edgeAt(sub, i), e.Iteration, e.Phase))
		}
		return out
	}
	if eb, es := edges(b), edges(s); !slices.Equal(eb, es) {
		t.Errorf("seed %d %s: subgraph edges\n bulk %v\n slow %v", seed, what, eb, es)
	}
}

// comparePaths compares the types, support and evidence paths of the
// positions of two states.
func comparePaths(t *testing.T, seed int, what string, bulk, slow *state.AgentState) {
	t.Helper()
	for i := range min(bulk.Walk.Len(), slow.Walk.Len()) {
		if bulk.TypeAt(i) != slow.TypeAt(i) || bulk.Walk.Support(i) != slow.Walk.Support(i) {
			t.Errorf("seed %d %s: position %d type %q support %d, want %q %d", seed, what, i, bulk.TypeAt(i), bulk.Walk.Support(i), slow.TypeAt(i), slow.Walk.Support(i))
		}
		pb, _ := json.Marshal(bulk.PathsTo(i, 3))
		ps, _ := json.Marshal(slow.PathsTo(i, 3))
		if string(pb) != string(ps) {
			t.Errorf("seed %d %s: paths to %d\n bulk %s\n slow %s", seed, what, i, pb, ps)
		}
	}
}

// A chain naming a relation the store does not know is an error, as a
// request naming it is.
func TestBulkWalkUnknownRelation(t *testing.T) {
	st := randomStore(t, rand.New(rand.NewPCG(1, 7)))
	s := state.New("run", "q", 5, state.Budget{})
	s.Plan = state.Plan{Anchors: []state.Anchor{{Entity: "e0"}}, Target: state.Target{Kind: state.TargetClosure}, HopBudget: 3,
		Chains: []state.Chain{{Steps: []state.ChainStep{{Edges: []state.RelDir{{Relation: "NOPE", Direction: graph.Out}}, Repeat: true}}}}}
	_, err := walk.NewRetriever(st, walk.Options{}).Retrieve(context.Background(), s)
	if !errors.Is(err, graph.ErrUnknownRelation) {
		t.Fatalf("error %v, want one wrapping graph.ErrUnknownRelation", err)
	}
}
