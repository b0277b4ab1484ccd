package walk_test

import (
	"reflect"
	"testing"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/state"
)

// A fixed chain is walked whole by the retriever; two levels whose steps
// are known in advance go to the store in one two-step request.
func TestRetrieverWalksFixedChainWhole(t *testing.T) {
	g := phasetest.Movies(t)
	// "films by the director of film-a": -directed_by-> <-directed_by-
	s := phasetest.NewState("films by the director of film-a", state.Target{Kind: state.TargetChain}, 2,
		[]state.Chain{phasetest.Chain(phasetest.Step(phasetest.Out("directed_by")), phasetest.Step(phasetest.In("directed_by")))}, "film-a")
	d, err := walk.NewRetriever(g, walk.Options{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "starts", phasetest.Positions(d.Starts), []string{"film-a@0"})
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"film-a@0", "dir-x@1"})
	// film-a is the anchor: the walk does not come back to it.
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
		"film-a@0 film-a -directed_by-> dir-x dir-x@1",
		"dir-x@1 dir-x <-directed_by- film-b film-b@2",
	})
	if d.Chain == nil || *d.Chain != 0 || d.Restart {
		t.Errorf("delta chain %v restart %t, want chain 0", d.Chain, d.Restart)
	}
	if d.Cost.StoreCalls != 1 || len(g.ExpandCalls) != 1 {
		t.Errorf("%d store calls (%d expands), want 1", d.Cost.StoreCalls, len(g.ExpandCalls))
	}
	phasetest.WantStrings(t, "expand frontiers", g.ExpandedFrom(), []string{"film-a"})
	if got, want := g.ExpandCalls[0].Steps, []graph.ExpandStep{{Relations: []string{"directed_by"}, Direction: graph.Out}, {Relations: []string{"directed_by"}, Direction: graph.In}}; !reflect.DeepEqual(got, want) {
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
	phasetest.WantStrings(t, "reached", phasetest.Reached(s), []string{"film-a@0*", "dir-x@1*", "film-b@2"})
	if got := s.Accepted(); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("accepted %v, want [2] (film-b@2)", got)
	}
}

// A longer fixed chain is one store call too: every level has one step to
// take, so the first request asks for all of them.
func TestRetrieverFetchesFixedChainInOneCall(t *testing.T) {
	g := phasetest.Services(t)
	calls := phasetest.Step(phasetest.Out("CALLS"))
	s := phasetest.NewState("what does the service web's calls' calls' calls read from", state.Target{Kind: state.TargetChain}, 4,
		[]state.Chain{phasetest.Chain(calls, calls, calls, phasetest.Step(phasetest.Out("READS_FROM")))}, "web")
	d, err := walk.NewRetriever(g, walk.Options{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
		"web@0 web -CALLS-> cart cart@1",
		"web@0 web -CALLS-> search search@1",
		"cart@1 cart -CALLS-> pay pay@2",
		"pay@2 pay -CALLS-> ledger ledger@3",
		"ledger@3 ledger -READS_FROM-> db db@4",
	})
	if d.Cost.StoreCalls != 1 || len(g.ExpandCalls) != 1 {
		t.Fatalf("%d store calls (%d expands), want 1", d.Cost.StoreCalls, len(g.ExpandCalls))
	}
	if n := len(g.ExpandCalls[0].Steps); n != 4 {
		t.Errorf("the request asked for %d steps, want 4", n)
	}
}

// A chain with a repeated step is walked RetrieveHops deep (default 1).
func TestRetrieverWalksClosureOneHop(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.NewState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, phasetest.Dependencies(), "web")
	d, err := walk.NewRetriever(g, walk.Options{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "starts", phasetest.Positions(d.Starts), []string{"web@0"})
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"web@0"})
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
		"web@0 web -CALLS-> cart cart@1",
		"web@0 web -CALLS-> search search@1",
	})
	// Both relations go out: one store call for the level.
	if d.Cost.StoreCalls != 1 || len(g.ExpandCalls) != 1 {
		t.Fatalf("%d store calls, want 1", d.Cost.StoreCalls)
	}
	if got := g.ExpandCalls[0]; !reflect.DeepEqual(got.Steps, []graph.ExpandStep{{Relations: []string{"CALLS", "READS_FROM"}, Direction: graph.Out}}) {
		t.Errorf("expand steps %+v", got.Steps)
	}
	wantNodes := []graph.Entity{{Name: "cart", Type: "Service"}, {Name: "search", Type: "Service"}, {Name: "web", Type: "Service"}}
	if !reflect.DeepEqual(d.Nodes, wantNodes) {
		t.Errorf("nodes %+v, want %+v", d.Nodes, wantNodes)
	}

	// Three hops when asked.
	g = phasetest.Services(t)
	d, err = walk.NewRetriever(g, walk.Options{RetrieveHops: 3}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "expanded at 3 hops", phasetest.Positions(d.Expanded), []string{"web@0", "cart@1", "search@1", "pay@1"})
	// Levels 1-2 in one two-step request, level 3 in another.
	if d.Cost.StoreCalls != 2 {
		t.Errorf("%d store calls, want 2", d.Cost.StoreCalls)
	}
}

// A plan with no chain gives an empty delta, and no store call.
func TestRetrieverNoChain(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.NewState("q", state.Target{Kind: state.TargetChain}, 1, nil, "web")
	d, err := walk.NewRetriever(g, walk.Options{}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Arcs) != 0 || len(g.ExpandCalls) != 0 || d.Summary != "plan has no chain to walk" {
		t.Errorf("delta %+v, %d expands", d, len(g.ExpandCalls))
	}
}

// Toward a target entity the refiner expands the named dead ends one or
// two hops, so that the critic can stop as soon as the target is reached.
func TestRefinerExpandsOnlyTheDeadEnds(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("does web depend on db", phasetest.EntityTarget("db"), 6, phasetest.Dependencies(), "web"), walk.Options{})
	g.ExpandCalls = nil
	// Name cart only; search stays as it is.
	phasetest.SetFrontier(s, phasetest.Pos("cart", 1))
	d, err := walk.NewRefiner(g, walk.Options{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"cart@1", "pay@1"})
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
		"cart@1 cart -CALLS-> pay pay@1",
		"pay@1 pay -CALLS-> ledger ledger@1",
	})
	// Both levels in one two-step request from the dead end.
	phasetest.WantStrings(t, "expand frontiers", g.ExpandedFrom(), []string{"cart"})
	if d.Chain != nil {
		t.Errorf("refiner switched chain to %d", *d.Chain)
	}
	if want := "expanded 1 dead end(s) up to 2 hop(s) along (-CALLS->|-READS_FROM->)+: 2 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	s.Apply(d, state.PhaseRefine)
	phasetest.WantStrings(t, "reached", phasetest.Reached(s), []string{"web@0*", "cart@1*", "search@1", "pay@1*", "ledger@1"})
	// Depths count from the anchor.
	if r := s.Walk.At(s.Walk.Lookup(phasetest.Pos("ledger", 1))); r.Depth != 3 {
		t.Errorf("ledger depth %d, want 3", r.Depth)
	}
}

func TestRefinerNeverExpandsAVisitedPosition(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, phasetest.Dependencies(), "web"), walk.Options{})
	r := walk.NewRefiner(g, walk.Options{})
	// The anchor was expanded by the retriever: naming it again does
	// nothing (the closure is walked from the other dead end and the
	// walk's other unexpanded position, cart).
	phasetest.SetFrontier(s, phasetest.Pos("web", 0), phasetest.Pos("search", 1))
	g.ExpandCalls = nil
	d, err := r.Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"search@1", "cart@1", "pay@1", "ledger@1", "db@1"})
	phasetest.WantStrings(t, "expand frontiers", g.ExpandedFrom(), []string{"cart,search", "ledger"})
	s.Apply(d, state.PhaseRefine)
	// The same dead ends again: all visited, no store call.
	g.ExpandCalls = nil
	d, err = r.Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Expanded) != 0 || len(d.Arcs) != 0 || len(g.ExpandCalls) != 0 || d.Cost.StoreCalls != 0 {
		t.Errorf("re-refining visited positions: expanded %v arcs %v, %d store calls", phasetest.Positions(d.Expanded), phasetest.Arcs(d), len(g.ExpandCalls))
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
		g := phasetest.Services(t)
		s := phasetest.Retrieved(t, g, phasetest.NewState("does web depend on db", phasetest.EntityTarget("db"), 6, phasetest.Dependencies(), "web"), walk.Options{})
		phasetest.SetFrontier(s, phasetest.Pos("cart", 1))
		d, err := walk.NewRefiner(g, walk.Options{RefineHops: c.hops}).Refine(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), c.expanded)
		if last := d.Arcs[len(d.Arcs)-1].To.String(); last != c.reached {
			t.Errorf("RefineHops %d: reached %s last, want %s", c.hops, last, c.reached)
		}
	}
}

// A dead end with more neighbours than the fan-out keeps the best by the
// hybrid score (here all at the same depth, so the most similar to the
// target) and records the cut.
func TestRefinerFanoutCut(t *testing.T) {
	g := &phasetest.Spy{Store: phasetest.NewStore(t, nil,
		phasetest.Tr("gateway", "Service", "CALLS", "hub", "Service", 1),
		phasetest.Tr("hub", "Service", "CALLS", "billing-core", "Service", 2),
		phasetest.Tr("hub", "Service", "CALLS", "ledger-proxy", "Service", 3),
		phasetest.Tr("hub", "Service", "CALLS", "ledger-v2", "Service", 4),
		phasetest.Tr("hub", "Service", "CALLS", "zebra", "Service", 5),
	)}
	target := state.Target{Kind: state.TargetEntity, Entity: "ledger", Mention: "ledger"}
	chains := []state.Chain{phasetest.Chain(phasetest.Closure(phasetest.Out("CALLS")))}
	s := phasetest.Retrieved(t, g, phasetest.NewState("is gateway connected to ledger", target, 4, chains, "gateway"), walk.Options{})
	phasetest.SetFrontier(s, phasetest.Pos("hub", 1))
	d, err := walk.NewRefiner(g, walk.Options{Fanout: 2, RefineHops: 1}).Refine(t.Context(), s)
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
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
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
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("what does web depend on", state.Target{Kind: state.TargetClosure}, 2, phasetest.Dependencies(), "web"), walk.Options{})
	phasetest.SetFrontier(s, phasetest.Pos("cart", 1))
	d, err := walk.NewRefiner(g, walk.Options{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"cart@1", "search@1"})
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{"cart@1 cart -CALLS-> pay pay@1"})
}

// For a closure, nothing short of all of it lets the critic conclude: the
// refiner walks it to its end in one refinement, from the named dead ends
// and every other position the walk has not expanded (the critic names a
// round's worth; search is not named here).
func TestRefinerWalksAClosureToItsEnd(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("what does web depend on", state.Target{Kind: state.TargetClosure}, 6, phasetest.Dependencies(), "web"), walk.Options{})
	g.ExpandCalls = nil
	phasetest.SetFrontier(s, phasetest.Pos("cart", 1))
	d, err := walk.NewRefiner(g, walk.Options{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	phasetest.WantStrings(t, "expanded", phasetest.Positions(d.Expanded), []string{"cart@1", "search@1", "pay@1", "ledger@1", "db@1"})
	if want := "expanded 1 dead end(s) and the walk's 1 other unexpanded position(s) up to 6 hop(s) along (-CALLS->|-READS_FROM->)+: 3 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	phasetest.WantStrings(t, "arcs", phasetest.Arcs(d), []string{
		"cart@1 cart -CALLS-> pay pay@1",
		"pay@1 pay -CALLS-> ledger ledger@1",
		"ledger@1 ledger -READS_FROM-> db db@1",
	})
}

// A node cut by the store (StoreLimit) and then by the walk (Fanout) is
// one cut: of the store's total, the walk kept Fanout. Counted twice, the
// answer said "kept 1300 of 21000" for a hub of 20,000 edges.
func TestStoreAndWalkCutsAreOne(t *testing.T) {
	var ts []graph.Triple
	for i, n := range []string{"a", "b", "c", "d", "e", "f"} {
		ts = append(ts, phasetest.Tr("hub", "Service", "CALLS", n, "Service", i+1))
	}
	g := &phasetest.Spy{Store: phasetest.NewStore(t, nil, ts...)}
	s := phasetest.NewState("what does hub call", state.Target{Kind: state.TargetChain}, 1,
		[]state.Chain{phasetest.Chain(phasetest.Step(phasetest.Out("CALLS")))}, "hub")
	d, err := walk.NewRetriever(g, walk.Options{Fanout: 2, StoreLimit: 3}).Retrieve(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	want := []graph.Truncation{{Node: "hub", Step: 0, Kept: 2, Total: 6}}
	if !reflect.DeepEqual(d.Cuts, want) {
		t.Errorf("cuts %+v, want %+v", d.Cuts, want)
	}
	if len(d.Arcs) != 2 {
		t.Errorf("%d arcs, want the 2 kept", len(d.Arcs))
	}
}
