package state

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

func hop(from, rel, to string, d graph.Direction) graph.Hop {
	return graph.Hop{From: from, Relation: rel, To: to, Direction: d}
}

// A diamond: a -> b -> d and a -> c -> d, walked as a two-step chain.
func diamond() *AgentState {
	s := New("t", "q", 5, Budget{})
	s.Apply(Delta{
		Starts: []Pos{{"a", 0}},
		Arcs: []Arc{
			{From: Pos{"a", 0}, Hop: hop("a", "R", "b", graph.Out), To: Pos{"b", 1}},
			{From: Pos{"a", 0}, Hop: hop("a", "R", "c", graph.Out), To: Pos{"c", 1}},
		},
		Expanded: []Pos{{"a", 0}},
		Cost:     Cost{StoreCalls: 1},
	}, PhaseRetrieve)
	s.Apply(Delta{
		Arcs: []Arc{
			{From: Pos{"b", 1}, Hop: hop("b", "S", "d", graph.Out), To: Pos{"d", 2}},
			{From: Pos{"c", 1}, Hop: hop("c", "S", "d", graph.In), To: Pos{"d", 2}},
		},
		Expanded: []Pos{{"b", 1}, {"c", 1}},
		Cost:     Cost{StoreCalls: 1},
	}, PhaseRefine)
	return s
}

func TestApplyRecordsWalkAndProvenance(t *testing.T) {
	s := diamond()
	if got, want := len(s.Subgraph.Nodes), 4; got != want {
		t.Fatalf("nodes = %d, want %d", got, want)
	}
	if got, want := len(s.Subgraph.Edges), 4; got != want {
		t.Fatalf("edges = %d, want %d", got, want)
	}
	// The In hop is stored in storage direction.
	e := s.Subgraph.Edges[3]
	if e.Subject != "d" || e.Object != "c" || e.Phase != PhaseRefine {
		t.Errorf("edge 3 = %+v, want d -S-> c from refine", e)
	}
	d := s.Walk.Reached[s.Walk.Lookup(Pos{"d", 2})]
	if d.Depth != 2 || len(d.Via) != 2 {
		t.Errorf("d@2 = %+v, want depth 2 reached two ways", d)
	}
	if got := s.Walk.Visited(); !reflect.DeepEqual(got, []Pos{{"a", 0}, {"b", 1}, {"c", 1}}) {
		t.Errorf("visited = %v", got)
	}
	if s.Budget.StoreCalls != 2 || s.Budget.NodesExpanded != 3 {
		t.Errorf("budget = %+v", s.Budget)
	}
	// Applying the same arcs again changes nothing.
	before, _ := json.Marshal(s)
	s.Apply(Delta{Arcs: []Arc{{From: Pos{"b", 1}, Hop: hop("b", "S", "d", graph.Out), To: Pos{"d", 2}}}}, PhaseRefine)
	after, _ := json.Marshal(s)
	if string(before) != string(after) {
		t.Error("re-applying a known arc changed the state")
	}
}

func TestPathsToFollowsEveryWay(t *testing.T) {
	s := diamond()
	ps := s.PathsTo(s.Walk.Lookup(Pos{"d", 2}), 10)
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	want := []string{"a -R-> b -S-> d", "a -R-> c <-S- d"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("paths = %q, want %q", got, want)
	}
	if ps := s.PathsTo(s.Walk.Lookup(Pos{"d", 2}), 1); len(ps) != 1 {
		t.Errorf("limit 1 gave %d paths", len(ps))
	}
}

func TestPathsToSurvivesCycles(t *testing.T) {
	// a -> b -> a -> b ... in a repeated step: positions a@1 and b@1 reach each other.
	s := New("t", "q", 5, Budget{})
	s.Apply(Delta{
		Starts: []Pos{{"a", 0}},
		Arcs: []Arc{
			{From: Pos{"a", 0}, Hop: hop("a", "R", "b", graph.Out), To: Pos{"b", 1}},
		},
		Expanded: []Pos{{"a", 0}},
	}, PhaseRetrieve)
	s.Apply(Delta{
		Arcs: []Arc{
			{From: Pos{"b", 1}, Hop: hop("b", "R", "a", graph.Out), To: Pos{"a", 1}},
			{From: Pos{"a", 1}, Hop: hop("a", "R", "b", graph.Out), To: Pos{"b", 1}},
		},
		Expanded: []Pos{{"b", 1}, {"a", 1}},
	}, PhaseRefine)
	// Back at a (in another chain state): one path; the loop between
	// a@1 and b@1 is not followed round again.
	if ps := s.PathsTo(s.Walk.Lookup(Pos{"a", 1}), 10); len(ps) != 1 || ps[0].String() != "a -R-> b -R-> a" {
		t.Errorf("paths to a@1 = %v, want [a -R-> b -R-> a]", ps)
	}
	ps := s.PathsTo(s.Walk.Lookup(Pos{"b", 1}), 10)
	if len(ps) != 1 || ps[0].String() != "a -R-> b" {
		t.Errorf("paths to b@1 = %v, want [a -R-> b]", ps)
	}
}

func TestSwitchChainKeepsDeadEndsAndAncestry(t *testing.T) {
	s := diamond()
	one := 1
	s.Apply(Delta{
		Chain:    &one,
		Keep:     []Pos{{"b", 1}},
		Arcs:     []Arc{{From: Pos{"b", 1}, Hop: hop("b", "T", "e", graph.Out), To: Pos{"e", 2}}},
		Expanded: []Pos{{"b", 1}},
	}, PhaseRefine)
	if s.Walk.Chain != 1 {
		t.Fatalf("chain = %d", s.Walk.Chain)
	}
	var got []string
	for _, r := range s.Walk.Reached {
		got = append(got, r.Pos.String())
	}
	if want := []string{"a@0", "b@1", "e@2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("reached after switch = %v, want %v", got, want)
	}
	ps := s.PathsTo(s.Walk.Lookup(Pos{"e", 2}), 5)
	if len(ps) != 1 || ps[0].String() != "a -R-> b -T-> e" {
		t.Errorf("path to e = %v", ps)
	}
}

// A kept position whose ancestry is a cycle (a@1 and b@1 reached from each
// other in a repeated step) is carried over once, with every way it was
// reached, and the switch ends (issue 30: it recursed until the stack
// overflowed).
func TestSwitchChainKeepsCyclicAncestry(t *testing.T) {
	s := New("t", "q", 5, Budget{})
	s.Apply(Delta{
		Starts:   []Pos{{"x", 0}},
		Arcs:     []Arc{{From: Pos{"x", 0}, Hop: hop("x", "P", "b", graph.In), To: Pos{"b", 1}}},
		Expanded: []Pos{{"x", 0}},
	}, PhaseRetrieve)
	s.Apply(Delta{
		Arcs: []Arc{
			{From: Pos{"b", 1}, Hop: hop("b", "P", "a", graph.In), To: Pos{"a", 1}},
			{From: Pos{"a", 1}, Hop: hop("a", "P", "b", graph.In), To: Pos{"b", 1}},
		},
		Expanded: []Pos{{"b", 1}, {"a", 1}},
	}, PhaseRefine)
	one := 1
	s.Apply(Delta{Chain: &one, Keep: []Pos{{"a", 1}, {"b", 1}}}, PhaseRefine)
	var got []string
	for _, r := range s.Walk.Reached {
		got = append(got, r.Pos.String())
	}
	if want := []string{"x@0", "b@1", "a@1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("reached after switch = %v, want %v", got, want)
	}
	b := s.Walk.Reached[s.Walk.Lookup(Pos{"b", 1})]
	if len(b.Via) != 2 || b.Expanded {
		t.Errorf("b@1 = %+v, want reached two ways and not expanded", b)
	}
	if x := s.Walk.Reached[s.Walk.Lookup(Pos{"x", 0})]; !x.Anchor || !x.Expanded {
		t.Errorf("x@0 = %+v, want the expanded anchor", x)
	}
	for i, r := range s.Walk.Reached {
		for _, v := range r.Via {
			if v.From < 0 || v.From >= len(s.Walk.Reached) {
				t.Errorf("%s: via from %d, outside the walk", r.Pos, v.From)
			}
		}
		if s.Walk.Lookup(r.Pos) != i {
			t.Errorf("%s: index %d, lookup %d", r.Pos, i, s.Walk.Lookup(r.Pos))
		}
	}
	if ps := s.PathsTo(s.Walk.Lookup(Pos{"a", 1}), 10); len(ps) != 1 || ps[0].String() != "x <-P- b <-P- a" {
		t.Errorf("paths to a@1 = %v", ps)
	}
}

func TestStateJSONRoundTrip(t *testing.T) {
	s := diamond()
	s.Plan = Plan{Chains: []Chain{{Steps: []ChainStep{{Edges: []RelDir{{"R", graph.Out}}}, {Edges: []RelDir{{"S", graph.Both}}, Repeat: true}}}}}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back AgentState
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Walk.Lookup(Pos{"d", 2}) < 0 || !back.Subgraph.HasNode("c") {
		t.Error("indexes not rebuilt after decoding")
	}
	if got := back.Plan.Chains[0].String(); got != "-R-> -S-+" {
		t.Errorf("chain = %q", got)
	}
}

// A position on the one path from the anchor, with a clique of positions
// hanging off it that reach it back: every simple path through the clique
// is a dead end (the way out is the position itself), and there are 12!
// of them. PathsTo asked for more paths than exist returns the one path
// after a bounded search instead of following them all.
func TestPathsToBoundsItsSearch(t *testing.T) {
	s := New("t", "q", 5, Budget{})
	s.Apply(Delta{
		Starts:   []Pos{{"a", 0}},
		Arcs:     []Arc{{From: Pos{"a", 0}, Hop: hop("a", "R", "b", graph.Out), To: Pos{"b", 1}}},
		Expanded: []Pos{{"a", 0}},
	}, PhaseRetrieve)
	s.Apply(Delta{
		Arcs:     []Arc{{From: Pos{"b", 1}, Hop: hop("b", "R", "x", graph.Out), To: Pos{"x", 2}}},
		Expanded: []Pos{{"b", 1}},
	}, PhaseRetrieve)
	const n = 12
	var arcs []Arc
	var expanded []Pos
	for i := range n {
		c := fmt.Sprintf("c%d", i)
		arcs = append(arcs, Arc{From: Pos{"x", 2}, Hop: hop("x", "R", c, graph.Out), To: Pos{c, 3}})
	}
	s.Apply(Delta{Arcs: arcs, Expanded: []Pos{{"x", 2}}}, PhaseRetrieve)
	arcs = nil
	for i := range n {
		c := fmt.Sprintf("c%d", i)
		arcs = append(arcs, Arc{From: Pos{c, 3}, Hop: hop(c, "R", "x", graph.Out), To: Pos{"x", 2}})
		for j := range n {
			if j != i {
				d := fmt.Sprintf("c%d", j)
				arcs = append(arcs, Arc{From: Pos{c, 3}, Hop: hop(c, "R", d, graph.Out), To: Pos{d, 3}})
			}
		}
		expanded = append(expanded, Pos{c, 3})
	}
	s.Apply(Delta{Arcs: arcs, Expanded: expanded}, PhaseRefine)
	ps := s.PathsTo(s.Walk.Lookup(Pos{"x", 2}), 3)
	if len(ps) != 1 || ps[0].String() != "a -R-> b -R-> x" {
		t.Errorf("paths to x@2 = %v, want [a -R-> b -R-> x]", ps)
	}
}
