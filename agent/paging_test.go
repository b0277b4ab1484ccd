package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// A result pages its answers: every page holds the answers of that rank
// with their evidence paths, the ones a run keeps (the first thousand
// paths) and the ones rebuilt from the walk past them alike, and Total
// counts them all.
func TestResultPages(t *testing.T) {
	// hub CALLS 1,500 services, each of which CALLS one more: 3,000
	// answers, one path each (two for the second hop).
	var ts []graph.Triple
	for i := range 1500 {
		ts = append(ts, graph.Triple{Subject: "hub", Relation: "CALLS", Object: fmt.Sprintf("svc-%04d", i), Source: graph.Source{File: "g", Line: 2*i + 1}},
			graph.Triple{Subject: fmt.Sprintf("svc-%04d", i), Relation: "CALLS", Object: fmt.Sprintf("lib-%04d", i), Source: graph.Source{File: "g", Line: 2*i + 2}})
	}
	st := memstore.New()
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	res, err := agent.New(st, func(o *agent.Options) { o.Fanout = 5000 }).Run(context.Background(), "what does [hub] call, transitively?")
	if err != nil {
		t.Fatal(err)
	}
	if res.Total != 3000 || len(res.Answers) != 3000 {
		t.Fatalf("total %d, %d answers; want 3000 (stop %s: %s)", res.Total, len(res.Answers), res.StopReason, res.Answer)
	}
	if n := len(res.Answers[2500].Paths); n != 0 {
		t.Fatalf("answer 2501 kept %d paths; the test wants one past the run's", n)
	}
	seen := 0
	for offset := 0; offset < res.Total; offset += 700 {
		p := res.Paged(offset, 700)
		if p.Total != 3000 || p.Offset != offset || len(p.Answers) != min(700, 3000-offset) {
			t.Fatalf("page at %d: total %d offset %d, %d answers", offset, p.Total, p.Offset, len(p.Answers))
		}
		for k, a := range p.Answers {
			if a.Name != res.Answers[offset+k].Name {
				t.Fatalf("page at %d: answer %d is %s, want %s", offset, k, a.Name, res.Answers[offset+k].Name)
			}
			if len(a.Paths) == 0 {
				t.Fatalf("%s (rank %d) has no path", a.Name, offset+k+1)
			}
			for _, pi := range a.Paths {
				path := p.Paths[pi]
				if path.End() != a.Name || path.Start() != "hub" {
					t.Fatalf("%s: path %s does not lead from hub to it", a.Name, path)
				}
			}
			seen++
		}
	}
	if seen != 3000 {
		t.Errorf("the pages held %d answers, want 3000", seen)
	}
	// The first page keeps the run's paths as they are.
	first := res.Paged(0, 20)
	for i, path := range first.Paths {
		if path.String() != res.Paths[i].String() {
			t.Fatalf("first page path %d is %s, the run's %s", i, path, res.Paths[i])
		}
	}
	if all := res.Paged(0, 0); len(all.Answers) != 3000 || all.Offset != 0 {
		t.Errorf("limit 0 gave %d answers", len(all.Answers))
	}
	if past := res.Paged(5000, 10); len(past.Answers) != 0 || past.Total != 3000 {
		t.Errorf("a page past the end: %d answers, total %d", len(past.Answers), past.Total)
	}
}
