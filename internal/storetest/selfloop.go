package storetest

import (
	"slices"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
)

// testSelfLoop runs the agent where a project and its deliverable share a
// name, so the store holds a fact of one entity about itself: the walk
// takes it, and the entity answers its own question, unless the question
// asks for "other" things.
func testSelfLoop(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := fresh(t, open)
	ts := []graph.Triple{
		{Subject: "cinder", SubjectType: "Project", Relation: "deliverable", Object: "cinder", ObjectType: "Deliverable", Source: graph.Source{File: "self.csv", Line: 2}},
		{Subject: "cinder", SubjectType: "Project", Relation: "deliverable", Object: "os-brick", ObjectType: "Deliverable", Source: graph.Source{File: "self.csv", Line: 3}},
		{Subject: "nova", SubjectType: "Project", Relation: "deliverable", Object: "nova-specs", ObjectType: "Deliverable", Source: graph.Source{File: "self.csv", Line: 4}},
	}
	if _, err := s.AddTriples(ctx, ts); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"What deliverables does cinder have?", []string{"cinder", "os-brick"}},
		{"Which other deliverables does cinder have?", []string{"os-brick"}},
	} {
		res, err := agent.New(s).Run(ctx, tc.q)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range res.Answers {
			got = append(got, a.Name)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: answers %q, want %q", tc.q, got, tc.want)
		}
	}
}
