package compose_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/compose"
	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/state"
)

// callers is a walk of the dependents of x (hop budget 3):
//
//	x <- a, x <- b        (depth 1)
//	a <- c, b <- c        (c reached two ways, depth 2)
//	a <- d                (depth 2)
//
// No name shares a trigram with the question, so the hybrid score is
// proximity alone.
func callers(target state.Target, dir state.Intent) *state.AgentState {
	s := phasetest.NewState("what breaks if x fails", target, 3, []state.Chain{phasetest.Chain(phasetest.Closure(phasetest.In("CALLS")))}, "x")
	s.Plan.Direction = dir
	hop := func(from, to string, line int) graph.Hop {
		return graph.Hop{From: from, Relation: "CALLS", To: to, Direction: graph.In, Source: graph.Source{File: "t.jsonl", Line: line}}
	}
	arc := func(from string, fs int, to string, line int) state.Arc {
		return state.Arc{From: phasetest.Pos(from, fs), Hop: hop(from, to, line), To: phasetest.Pos(to, 1)}
	}
	var nodesSeen []graph.Entity
	for _, n := range []string{"x", "a", "b", "c", "d"} {
		nodesSeen = append(nodesSeen, graph.Entity{Name: n, Type: "Service"})
	}
	s.Iteration = 1
	s.Apply(state.Delta{
		Starts:   []state.Pos{phasetest.Pos("x", 0)},
		Nodes:    nodesSeen,
		Arcs:     []state.Arc{arc("x", 0, "a", 1), arc("x", 0, "b", 2)},
		Expanded: []state.Pos{phasetest.Pos("x", 0)},
	}, state.PhaseRetrieve)
	s.Apply(state.Delta{
		Arcs:     []state.Arc{arc("a", 1, "c", 3), arc("b", 1, "c", 4), arc("a", 1, "d", 5)},
		Expanded: []state.Pos{phasetest.Pos("a", 1), phasetest.Pos("b", 1), phasetest.Pos("c", 1), phasetest.Pos("d", 1)},
	}, state.PhaseRefine)
	return s
}

func verdict(o state.Outcome, reason string) state.Verdict {
	return state.Verdict{Iteration: 1, Outcome: o, Reason: reason, By: "rules"}
}

func answer(t *testing.T, s *state.AgentState) state.Answer {
	t.Helper()
	a, cost, err := compose.New(compose.Options{}).Answer(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if cost != (state.Cost{}) {
		t.Errorf("the rule answerer cost %+v, want nothing", cost)
	}
	return a
}

// Answers rank by support (ways reached), then hybrid score, then name;
// each lists its evidence paths by index, the top one up to three.
func TestAnswererRanking(t *testing.T) {
	s := callers(state.Target{Kind: state.TargetClosure}, state.IntentDependents)
	s.Verdicts = []state.Verdict{verdict(state.Sufficient, "done")}
	s.Stop = state.StopComplete
	a := answer(t, s)
	want := []state.AnswerEntity{
		{Name: "c", Type: "Service", Score: 0.625, Paths: []int{0, 1}}, // support 2
		{Name: "a", Type: "Service", Score: 0.438, Paths: []int{2}},    // depth 1, before b by name
		{Name: "b", Type: "Service", Score: 0.438, Paths: []int{3}},
		{Name: "d", Type: "Service", Score: 0.375, Paths: []int{4}}, // depth 2
	}
	if !reflect.DeepEqual(a.Entities, want) {
		t.Errorf("answers:\n  got  %+v\n  want %+v", a.Entities, want)
	}
	var paths []string
	for _, p := range a.Paths {
		paths = append(paths, p.String())
	}
	phasetest.WantStrings(t, "paths", paths, []string{
		"x <-CALLS- a <-CALLS- c",
		"x <-CALLS- b <-CALLS- c",
		"x <-CALLS- a",
		"x <-CALLS- b",
		"x <-CALLS- a <-CALLS- d",
	})
	if got := a.Paths[0].Hops[1].Source; got != (graph.Source{File: "t.jsonl", Line: 3}) {
		t.Errorf("provenance of c's first path, hop 2: %v, want t.jsonl:3", got)
	}
	if !a.Complete || a.By != "rules" {
		t.Errorf("complete %t by %q", a.Complete, a.By)
	}
	if want := "4 answers from x: c, a, b, d."; a.Text != want {
		t.Errorf("text %q, want %q", a.Text, want)
	}
	// More paths per answer when asked.
	b := compose.Compose(s, compose.Options{PathsPerAnswer: 5})
	if got := b.Entities[0].Paths; !reflect.DeepEqual(got, []int{0, 1}) {
		t.Errorf("c's paths with 5 per answer: %v", got)
	}
}

func TestAnswererSentences(t *testing.T) {
	for _, c := range []struct {
		name     string
		target   state.Target
		dir      state.Intent
		verdict  *state.Verdict
		stop     state.Stop
		anchors  bool
		want     string
		complete bool
	}{
		{
			name: "yes, dependency", target: phasetest.EntityTarget("d"), dir: state.IntentDependencies,
			verdict: &state.Verdict{Outcome: state.Sufficient}, stop: state.StopComplete, anchors: true, complete: true,
			want: "Yes: x is affected by d through a chain of 2 hop(s): x <-CALLS- a <-CALLS- d.",
		},
		{
			name: "yes, plain relation", target: phasetest.EntityTarget("c"),
			verdict: &state.Verdict{Outcome: state.Sufficient}, stop: state.StopComplete, anchors: true, complete: true,
			want: "Yes: x is connected to c through a chain of 2 hop(s): x <-CALLS- a <-CALLS- c.",
		},
		{
			name: "no", target: phasetest.EntityTarget("z"), dir: state.IntentDependencies,
			verdict: &state.Verdict{Outcome: state.NoChain, Reason: "no dependency chain from x to z within 3 hops"}, stop: state.StopNoChain, anchors: true, complete: true,
			want: "No: x is not affected by z: no dependency chain from x to z within 3 hops.",
		},
		{
			name: "no, plain relation", target: phasetest.EntityTarget("z"),
			verdict: &state.Verdict{Outcome: state.NoChain, Reason: "no relation chain from x to z within 3 hops"}, stop: state.StopNoChain, anchors: true, complete: true,
			want: "No: x is not connected to z: no relation chain from x to z within 3 hops.",
		},
		{
			name: "unknown at the cap", target: phasetest.EntityTarget("z"),
			verdict: &state.Verdict{Outcome: state.Insufficient}, stop: state.StopIterationLimit, anchors: true,
			want: "Unknown: no chain from x to z was found (partial: the iteration cap of 5 was reached).",
		},
		{
			name: "unknown, exhausted", target: phasetest.EntityTarget("z"),
			verdict: &state.Verdict{Outcome: state.Exhausted, Reason: "z not reached within the hop budget of 3"}, stop: state.StopExhausted, anchors: true,
			want: "Unknown: no chain from x to z was found (partial: z not reached within the hop budget of 3).",
		},
		{
			name: "partial list, cancelled", target: state.Target{Kind: state.TargetClosure},
			verdict: &state.Verdict{Outcome: state.Insufficient}, stop: state.StopCancelled, anchors: true,
			want: "4 answers from x: c, a, b, d (partial: the run was stopped).",
		},
		{
			name: "partial list, cap", target: state.Target{Kind: state.TargetClosure},
			verdict: &state.Verdict{Outcome: state.Sufficient}, stop: state.StopIterationLimit, anchors: true,
			want: "4 answers from x: c, a, b, d (partial: the iteration cap of 5 was reached).",
		},
		{
			name: "typed list", target: state.Target{Kind: state.TargetType, Type: "Service"},
			verdict: &state.Verdict{Outcome: state.Sufficient}, stop: state.StopComplete, anchors: true, complete: true,
			want: "4 answers (Service) from x: c, a, b, d.",
		},
		{
			name: "nothing of the type", target: state.Target{Kind: state.TargetType, Type: "Team"},
			verdict: &state.Verdict{Outcome: state.NoChain, Reason: "chain <-CALLS-+ reaches nothing of the kind asked"}, stop: state.StopNoChain, anchors: true, complete: true,
			want: "No answer found from x: chain <-CALLS-+ reaches nothing of the kind asked.",
		},
		{
			name: "no anchor", target: state.Target{Kind: state.TargetChain}, stop: state.StopNoAnchor,
			want: "I could not find any entity of the question in the graph, so there is nothing to walk from.",
		},
		{
			// A run stopped while linking (a frozen server) has not
			// looked: it must not say the graph lacks the entities.
			name: "stopped before linking", target: state.Target{Kind: state.TargetChain}, stop: state.StopTimeout,
			want: "No answer: the time limit ended the run before the question's entities were found in the graph.",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := callers(c.target, c.dir)
			if !c.anchors {
				s.Plan.Anchors = nil
			}
			if c.verdict != nil {
				s.Verdicts = []state.Verdict{*c.verdict}
			}
			s.Stop = c.stop
			a := answer(t, s)
			if a.Text != c.want {
				t.Errorf("text:\n  got  %q\n  want %q", a.Text, c.want)
			}
			if a.Complete != c.complete {
				t.Errorf("complete %t, want %t", a.Complete, c.complete)
			}
		})
	}
}

// An entity target answers with that entity only.
func TestAnswererEntityTarget(t *testing.T) {
	s := callers(phasetest.EntityTarget("d"), state.IntentDependencies)
	s.Verdicts = []state.Verdict{verdict(state.Sufficient, "done")}
	a := answer(t, s)
	if len(a.Entities) != 1 || a.Entities[0].Name != "d" || !reflect.DeepEqual(a.Entities[0].Paths, []int{0}) {
		t.Errorf("answers %+v, want d with path 0", a.Entities)
	}
}

// A long list names ten answers and counts the rest.
func TestAnswererLongList(t *testing.T) {
	s := phasetest.NewState("q", state.Target{Kind: state.TargetClosure}, 2, []state.Chain{phasetest.Chain(phasetest.Closure(phasetest.Out("R")))}, "hub")
	var as []state.Arc
	for i := range 12 {
		n := fmt.Sprintf("n%02d", i)
		as = append(as, state.Arc{From: phasetest.Pos("hub", 0), Hop: graph.Hop{From: "hub", Relation: "R", To: n, Direction: graph.Out}, To: phasetest.Pos(n, 1)})
	}
	s.Apply(state.Delta{Starts: []state.Pos{phasetest.Pos("hub", 0)}, Arcs: as, Expanded: []state.Pos{phasetest.Pos("hub", 0)}}, state.PhaseRetrieve)
	s.Verdicts = []state.Verdict{verdict(state.Sufficient, "done")}
	a := answer(t, s)
	if want := "12 answers from hub: n00, n01, n02, n03, n04, n05, n06, n07, n08, n09, and 2 more."; a.Text != want {
		t.Errorf("text %q, want %q", a.Text, want)
	}
}

func TestMermaidEscapes(t *testing.T) {
	paths := []graph.Path{
		{Hops: []graph.Hop{
			{From: `ledger "v2"`, Relation: "CALLS", To: "a|b", Direction: graph.Out},
			{From: "a|b", Relation: "READS", To: "<db>\nnew", Direction: graph.In},
		}},
		// The same fact again, drawn once.
		{Hops: []graph.Hop{{From: `ledger "v2"`, Relation: "CALLS", To: "a|b", Direction: graph.Out}}},
		// Beyond the limit of 2: not drawn.
		{Hops: []graph.Hop{{From: "x", Relation: "R", To: "y", Direction: graph.Out}}},
	}
	got := compose.Mermaid(paths, 2)
	want := strings.Join([]string{
		"flowchart LR",
		`  n0["ledger #quot;v2#quot;"]`,
		`  n1["a#124;b"]`,
		"  n0 -->|CALLS| n1",
		`  n2["#lt;db#gt; new"]`,
		"  n2 -->|READS| n1",
		"",
	}, "\n")
	if got != want {
		t.Errorf("mermaid:\n%s\nwant:\n%s", got, want)
	}
	if got := compose.Mermaid(nil, 12); got != "flowchart LR\n" {
		t.Errorf("empty chart %q", got)
	}
}
