package nodes_test

import (
	"reflect"
	"testing"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/nodes"
	"github.com/scgraph/scgraph/state"
)

// movies is a small film graph: two films by one director, one of them
// also written by her, and a third film by another director.
func movies(t *testing.T) *spy {
	t.Helper()
	return &spy{Graph: newStore(t, nil,
		tr("film-a", "Film", "directed_by", "dir-x", "Person", 1),
		tr("film-b", "Film", "directed_by", "dir-x", "Person", 2),
		tr("film-c", "Film", "directed_by", "dir-y", "Person", 3),
		tr("film-b", "Film", "written_by", "dir-x", "Person", 4),
	)}
}

// A fixed chain is walked whole by the retriever; two levels whose steps
// are known in advance go to the store in one two-step request.
func TestRetrieverWalksFixedChainWhole(t *testing.T) {
	g := movies(t)
	// "films by the director of film-a": -directed_by-> <-directed_by-
	s := newState("films by the director of film-a", state.Target{Kind: state.TargetChain}, 2,
		[]state.Chain{chain(step(out("directed_by")), step(in("directed_by")))}, "film-a")
	d, err := nodes.NewChainRetriever(g, nodes.WalkOptions{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "starts", positions(d.Starts), []string{"film-a@0"})
	wantStrings(t, "expanded", positions(d.Expanded), []string{"film-a@0", "dir-x@1"})
	// film-a is the anchor: the walk does not come back to it.
	wantStrings(t, "arcs", arcs(d), []string{
		"film-a@0 film-a -directed_by-> dir-x dir-x@1",
		"dir-x@1 dir-x <-directed_by- film-b film-b@2",
	})
	if d.Chain == nil || *d.Chain != 0 || d.Restart {
		t.Errorf("delta chain %v restart %t, want chain 0", d.Chain, d.Restart)
	}
	if d.Cost.StoreCalls != 1 || len(g.expand) != 1 {
		t.Errorf("%d store calls (%d expands), want 1", d.Cost.StoreCalls, len(g.expand))
	}
	wantStrings(t, "expand frontiers", g.expandedFrom(), []string{"film-a"})
	if got, want := g.expand[0].Steps, []graph.Step{{Relations: []string{"directed_by"}, Direction: graph.Out}, {Relations: []string{"directed_by"}, Direction: graph.In}}; !reflect.DeepEqual(got, want) {
		t.Errorf("expand steps %+v, want %+v", got, want)
	}
	if want := "walked -directed_by-> <-directed_by- from 1 anchor(s), 2 hop(s): 2 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	// The hops keep their provenance.
	if src := d.Arcs[1].Hop.Source; src != (graph.Source{File: "t.jsonl", Line: 2}) {
		t.Errorf("source of the second hop %v, want t.jsonl:2", src)
	}
	s.Apply(d, state.PhaseRetrieve)
	wantStrings(t, "reached", reached(s), []string{"film-a@0*", "dir-x@1*", "film-b@2"})
	if got := nodes.Accepted(s); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("accepted %v, want [2] (film-b@2)", got)
	}
}

// services is a line of calls, web -> cart -> pay -> ledger -> db, with a
// side branch web -> search; CALLS and READS_FROM carry dependency.
func services(t *testing.T) *spy {
	t.Helper()
	sch := &graph.Schema{
		Types: []graph.TypeDef{{Name: "Service"}, {Name: "Database"}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Dependency: graph.DependentSubject},
			{Name: "READS_FROM", From: []string{"Service"}, To: []string{"Database"}, Dependency: graph.DependentSubject},
		},
	}
	return &spy{Graph: newStore(t, sch,
		tr("web", "Service", "CALLS", "cart", "Service", 1),
		tr("web", "Service", "CALLS", "search", "Service", 2),
		tr("cart", "Service", "CALLS", "pay", "Service", 3),
		tr("pay", "Service", "CALLS", "ledger", "Service", 4),
		tr("ledger", "Service", "READS_FROM", "db", "Database", 5),
	)}
}

// dependencies is the closure from a service toward what it needs.
func dependencies() []state.Chain {
	return []state.Chain{chain(closure(out("CALLS"), out("READS_FROM")))}
}

// A chain with a repeated step is walked RetrieveHops deep (default 1).
func TestRetrieverWalksClosureOneHop(t *testing.T) {
	g := services(t)
	s := newState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, dependencies(), "web")
	d, err := nodes.NewChainRetriever(g, nodes.WalkOptions{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "starts", positions(d.Starts), []string{"web@0"})
	wantStrings(t, "expanded", positions(d.Expanded), []string{"web@0"})
	wantStrings(t, "arcs", arcs(d), []string{
		"web@0 web -CALLS-> cart cart@1",
		"web@0 web -CALLS-> search search@1",
	})
	// Both relations go out: one store call for the level.
	if d.Cost.StoreCalls != 1 || len(g.expand) != 1 {
		t.Fatalf("%d store calls, want 1", d.Cost.StoreCalls)
	}
	if got := g.expand[0]; !reflect.DeepEqual(got.Steps, []graph.Step{{Relations: []string{"CALLS", "READS_FROM"}, Direction: graph.Out}}) {
		t.Errorf("expand steps %+v", got.Steps)
	}
	wantNodes := []graph.Entity{{Name: "cart", Type: "Service"}, {Name: "search", Type: "Service"}, {Name: "web", Type: "Service"}}
	if !reflect.DeepEqual(d.Nodes, wantNodes) {
		t.Errorf("nodes %+v, want %+v", d.Nodes, wantNodes)
	}

	// Three hops when asked.
	g = services(t)
	d, err = nodes.NewChainRetriever(g, nodes.WalkOptions{RetrieveHops: 3}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "expanded at 3 hops", positions(d.Expanded), []string{"web@0", "cart@1", "search@1", "pay@1"})
	// Levels 1-2 in one two-step request, level 3 in another.
	if d.Cost.StoreCalls != 2 {
		t.Errorf("%d store calls, want 2", d.Cost.StoreCalls)
	}
}

// A plan with no chain gives an empty delta, and no store call.
func TestRetrieverNoChain(t *testing.T) {
	g := services(t)
	s := newState("q", state.Target{Kind: state.TargetChain}, 1, nil, "web")
	d, err := nodes.NewChainRetriever(g, nodes.WalkOptions{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Arcs) != 0 || len(g.expand) != 0 || d.Summary != "plan has no chain to walk" {
		t.Errorf("delta %+v, %d expands", d, len(g.expand))
	}
}

// retrieved returns the state after the retriever's delta is applied.
func retrieved(t *testing.T, g nodes.Graph, s *state.AgentState, opts nodes.WalkOptions) *state.AgentState {
	t.Helper()
	d, err := nodes.NewChainRetriever(g, opts).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	s.Apply(d, state.PhaseRetrieve)
	return s
}

// frontier sets the dead ends the refiner is to expand.
func frontier(s *state.AgentState, ps ...state.Pos) {
	s.Frontier = nil
	for _, p := range ps {
		s.Frontier = append(s.Frontier, state.DeadEnd{Pos: p})
	}
}

func pos(node string, st int) state.Pos { return state.Pos{Node: node, State: st} }

func TestRefinerExpandsOnlyTheDeadEnds(t *testing.T) {
	g := services(t)
	s := retrieved(t, g, newState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, dependencies(), "web"), nodes.WalkOptions{})
	g.expand = nil
	// Name cart only; search stays as it is.
	frontier(s, pos("cart", 1))
	d, err := nodes.NewBFSRefiner(g, nodes.WalkOptions{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "expanded", positions(d.Expanded), []string{"cart@1", "pay@1"})
	wantStrings(t, "arcs", arcs(d), []string{
		"cart@1 cart -CALLS-> pay pay@1",
		"pay@1 pay -CALLS-> ledger ledger@1",
	})
	// Both levels in one two-step request from the dead end.
	wantStrings(t, "expand frontiers", g.expandedFrom(), []string{"cart"})
	if d.Chain != nil {
		t.Errorf("refiner switched chain to %d", *d.Chain)
	}
	if want := "expanded 1 dead end(s) up to 2 hop(s) along (-CALLS->|-READS_FROM->)+: 2 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	s.Apply(d, state.PhaseRefine)
	wantStrings(t, "reached", reached(s), []string{"web@0*", "cart@1*", "search@1", "pay@1*", "ledger@1"})
	// Depths count from the anchor.
	if r := s.Walk.Reached[s.Walk.Lookup(pos("ledger", 1))]; r.Depth != 3 {
		t.Errorf("ledger depth %d, want 3", r.Depth)
	}
}

func TestRefinerNeverExpandsAVisitedPosition(t *testing.T) {
	g := services(t)
	s := retrieved(t, g, newState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, dependencies(), "web"), nodes.WalkOptions{})
	r := nodes.NewBFSRefiner(g, nodes.WalkOptions{})
	// The anchor was expanded by the retriever: naming it again does nothing.
	frontier(s, pos("web", 0), pos("search", 1))
	g.expand = nil
	d, err := r.Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "expanded", positions(d.Expanded), []string{"search@1"})
	wantStrings(t, "expand frontiers", g.expandedFrom(), []string{"search"})
	s.Apply(d, state.PhaseRefine)
	// The same dead ends again: all visited, no store call.
	g.expand = nil
	d, err = r.Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Expanded) != 0 || len(d.Arcs) != 0 || len(g.expand) != 0 || d.Cost.StoreCalls != 0 {
		t.Errorf("re-refining visited positions: expanded %v arcs %v, %d store calls", positions(d.Expanded), arcs(d), len(g.expand))
	}
}

func TestRefinerHops(t *testing.T) {
	for _, c := range []struct {
		hops     int
		expanded []string
		reached  string // the deepest position reached
	}{
		{1, []string{"cart@1"}, "pay@1"},
		{2, []string{"cart@1", "pay@1"}, "ledger@1"},
		{0, []string{"cart@1", "pay@1"}, "ledger@1"}, // the default
		{3, []string{"cart@1", "pay@1"}, "ledger@1"}, // at most 2
	} {
		g := services(t)
		s := retrieved(t, g, newState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, dependencies(), "web"), nodes.WalkOptions{})
		frontier(s, pos("cart", 1))
		d, err := nodes.NewBFSRefiner(g, nodes.WalkOptions{RefineHops: c.hops}).Refine(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		wantStrings(t, "expanded", positions(d.Expanded), c.expanded)
		if last := d.Arcs[len(d.Arcs)-1].To.String(); last != c.reached {
			t.Errorf("RefineHops %d: reached %s last, want %s", c.hops, last, c.reached)
		}
	}
}

// A dead end with more neighbours than the fan-out keeps the best by the
// hybrid score (here all at the same depth, so the most similar to the
// target) and records the cut.
func TestRefinerFanoutCut(t *testing.T) {
	g := &spy{Graph: newStore(t, nil,
		tr("gateway", "Service", "CALLS", "hub", "Service", 1),
		tr("hub", "Service", "CALLS", "billing-core", "Service", 2),
		tr("hub", "Service", "CALLS", "ledger-proxy", "Service", 3),
		tr("hub", "Service", "CALLS", "ledger-v2", "Service", 4),
		tr("hub", "Service", "CALLS", "zebra", "Service", 5),
	)}
	target := state.Target{Kind: state.TargetEntity, Entity: "ledger", Mention: "ledger"}
	chains := []state.Chain{chain(closure(out("CALLS")))}
	s := retrieved(t, g, newState("is gateway connected to ledger", target, 4, chains, "gateway"), nodes.WalkOptions{})
	frontier(s, pos("hub", 1))
	d, err := nodes.NewBFSRefiner(g, nodes.WalkOptions{Fanout: 2, RefineHops: 1}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	// ledger-v2 and ledger-proxy are the most like "ledger"; the store
	// order (by name) would have kept billing-core and ledger-proxy.
	goal := text.Key("ledger")
	sims := map[string]float64{}
	for _, n := range []string{"billing-core", "ledger-proxy", "ledger-v2", "zebra"} {
		sims[n] = text.Similarity(text.Key(n), goal)
	}
	if !(sims["ledger-v2"] > sims["ledger-proxy"] && sims["ledger-proxy"] > sims["billing-core"]) {
		t.Fatalf("similarities %v do not order the neighbours as the test assumes", sims)
	}
	wantStrings(t, "arcs", arcs(d), []string{
		"hub@1 hub -CALLS-> ledger-v2 ledger-v2@1",
		"hub@1 hub -CALLS-> ledger-proxy ledger-proxy@1",
	})
	want := []graph.Truncation{{Node: "hub", Step: 0, Kept: 2, Total: 4}}
	if !reflect.DeepEqual(d.Cuts, want) {
		t.Errorf("cuts %+v, want %+v", d.Cuts, want)
	}
	if want := "expanded 1 dead end(s) up to 1 hop(s) along -CALLS->+: 2 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	s.Apply(d, state.PhaseRefine)
	if !reflect.DeepEqual(s.Cuts, want) {
		t.Errorf("state cuts %+v, want %+v", s.Cuts, want)
	}
}

// The refiner stops at the hop budget: positions at the budget are
// reached but not expanded.
func TestRefinerRespectsHopBudget(t *testing.T) {
	g := services(t)
	s := retrieved(t, g, newState("what does web depend on", state.Target{Kind: state.TargetClosure}, 2, dependencies(), "web"), nodes.WalkOptions{})
	frontier(s, pos("cart", 1))
	d, err := nodes.NewBFSRefiner(g, nodes.WalkOptions{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	wantStrings(t, "expanded", positions(d.Expanded), []string{"cart@1"})
	wantStrings(t, "arcs", arcs(d), []string{"cart@1 cart -CALLS-> pay pay@1"})
}
