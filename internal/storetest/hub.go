package storetest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// hubFilms is the number of films the hub directed in testHubCut: more
// than the walk's store limit, so that both the store and the walk cut.
const hubFilms = 1500

// hubGraph is a director of hubFilms films, and one film of another.
func hubGraph() []graph.Triple {
	ts := make([]graph.Triple, 0, hubFilms+1)
	for i := range hubFilms {
		ts = append(ts, graph.Triple{Subject: fmt.Sprintf("film-%04d", i), SubjectType: "Film", Relation: "DIRECTED_BY",
			Object: "TheHub", ObjectType: "Person", Source: graph.Source{File: "hub.txt", Line: i + 1}})
	}
	return append(ts, graph.Triple{Subject: "lone-film", SubjectType: "Film", Relation: "DIRECTED_BY",
		Object: "Someone", ObjectType: "Person", Source: graph.Source{File: "hub.txt", Line: hubFilms + 1}})
}

// testHubCut runs the agent on a hub: with a fan-out below its degree the
// answer is partial, never complete, and says how many neighbours were
// kept of how many and how to get the rest; with the fan-out raised, the
// same question is answered completely.
func testHubCut(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := fresh(t, open)
	if n, err := s.AddTriples(ctx, hubGraph()); err != nil || n != hubFilms+1 {
		t.Fatalf("AddTriples: %d, %v", n, err)
	}
	const question = "which films were directed by [TheHub]"
	const fanout = 100
	res, err := agent.New(s, func(o *agent.Options) { o.Fanout = fanout }).Run(ctx, question)
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.StopReason == state.StopComplete {
		t.Errorf("a cut answer is reported complete (stop %s): %s", res.StopReason, res.Answer)
	}
	if len(res.Answers) != fanout {
		t.Errorf("%d answers, want the %d kept", len(res.Answers), fanout)
	}
	for _, want := range []string{fmt.Sprintf("kept %d of %d", fanout, hubFilms), "raise --fanout"} {
		if !strings.Contains(res.Answer, want) {
			t.Errorf("the answer does not say %q: %s", want, res.Answer)
		}
	}
	res, err = agent.New(s, func(o *agent.Options) { o.Fanout = agent.NoFanoutCap }).Run(ctx, question)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Answers) != hubFilms {
		t.Errorf("with no fan-out cap: complete %t, %d answers, want all %d: %s", res.Complete, len(res.Answers), hubFilms, res.Answer)
	}
	testWideClosure(t, s)
}

// wideCallers is the number of services calling the hub of testWideClosure
// directly: more than the dead ends the critic names in a round (2,000).
const wideCallers = 2500

// wideGraph is a service called by wideCallers clients, the last of which
// is called by a chain of three more services.
func wideGraph() []graph.Triple {
	calls := func(from, to string, line int) graph.Triple {
		return graph.Triple{Subject: from, SubjectType: "Service", Relation: "CALLS", Object: to, ObjectType: "Service",
			Source: graph.Source{File: "wide.txt", Line: line}}
	}
	ts := make([]graph.Triple, 0, wideCallers+3)
	for i := range wideCallers {
		ts = append(ts, calls(fmt.Sprintf("client-%04d", i), "hub-gateway", i+1))
	}
	last := fmt.Sprintf("client-%04d", wideCallers-1)
	for i, from := range []string{"deep-a", "deep-b", "deep-c"} {
		ts = append(ts, calls(from, last, wideCallers+i+1))
		last = from
	}
	return ts
}

// testWideClosure adds to s (testHubCut's store) a hub with more direct
// callers than the critic names dead ends in a round, and asks for its
// closure: with a fan-out that keeps them all it is walked whole in one
// refinement (not a round for each 2,000 callers, most of which lead
// nowhere), and the answer is complete.
func testWideClosure(t *testing.T, s Store) {
	ctx := t.Context()
	if n, err := s.AddTriples(ctx, wideGraph()); err != nil || n != wideCallers+3 {
		t.Fatalf("AddTriples: %d, %v", n, err)
	}
	const question = "Which services are affected if [hub-gateway] goes down?"
	res, err := agent.New(s, func(o *agent.Options) { o.Fanout = wideCallers }).Run(ctx, question)
	if err != nil {
		t.Fatal(err)
	}
	if want := wideCallers + 3; !res.Complete || res.Total != want || res.Stats.Refinements != 1 {
		t.Errorf("complete %t (stop %s), %d answers after %d refinement(s); want complete, %d after 1: %s",
			res.Complete, res.StopReason, res.Total, res.Stats.Refinements, want, res.Answer)
	}
}
