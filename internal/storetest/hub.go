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
	res, err = agent.New(s, func(o *agent.Options) { o.Fanout = hubFilms }).Run(ctx, question)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete || len(res.Answers) != hubFilms {
		t.Errorf("with --fanout %d: complete %t, %d answers, want all %d: %s", hubFilms, res.Complete, len(res.Answers), hubFilms, res.Answer)
	}
}
