package llm

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/llmtest"
)

var update = flag.Bool("update", false, "rewrite the golden prompts in testdata/")

// golden compares got with testdata/name.golden, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./llm -update)", err)
	}
	if string(want) != got {
		t.Errorf("prompt %s changed (go test ./llm -update to accept):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestPromptsGolden records every prompt as the nodes render it on the
// demo graph: the plan, its repair, the critic's question, the answer and
// its regeneration.
func TestPromptsGolden(t *testing.T) {
	st := demoStore(t)
	m := llmtest.New().
		On(onPlan, llmtest.Text(planBadRelation), llmtest.Text(planBreaks)).
		On(onCritic, llmtest.Text(`{"outcome": "sufficient", "dead_ends": [], "reason": "enough"}`)).
		On(onAnswer, llmtest.Text("It reaches team-nowhere [12]."), llmtest.Text(answerPlain))
	res, err := newAgent(st, fastClient(m), Options{}).Run(context.Background(), qBreaks)
	if err != nil {
		t.Fatal(err)
	}
	if res.Plan.Source != "llm" || res.Verdicts[0].By != "llm" || res.State.Answer.By != "llm" {
		t.Fatalf("plan %q, verdict %q, answer %q", res.Plan.Source, res.Verdicts[0].By, res.State.Answer.By)
	}
	calls := m.Calls()
	if len(calls) != 5 {
		t.Fatalf("%d calls", len(calls))
	}
	last := func(c llmtest.Call) string { return c.Messages[len(c.Messages)-1] }
	golden(t, "planner", calls[0].Messages[0])
	golden(t, "planner_repair", last(calls[1]))
	golden(t, "critic", calls[2].Messages[0])
	golden(t, "answer", calls[3].Messages[0])
	golden(t, "answer_repair", last(calls[4]))
}

// The planner prompt says what a relation of a known concept means, which
// end is which included, as the rules read it.
func TestPromptSaysRelationMeanings(t *testing.T) {
	s := &graph.Schema{Relations: []graph.RelationDef{
		{Name: "owned_by", Concept: "ownership", Inverse: true},
		{Name: "optionally_depends_on", Concept: "dependency", Optional: true, Dependency: graph.DependentSubject},
		{Name: "depends_on", Concept: "dependency", Dependency: graph.DependentSubject},
	}}
	v := viewSchema(s)
	want := []string{
		"ownership: the subject is the owned, the object the owner",
		"dependency: the subject is the dependent, the object the dependency; optional (a failure does not propagate along it)",
		"",
	}
	for i, r := range v.Relations {
		if r.Meaning != want[i] {
			t.Errorf("%s: meaning %q, want %q", r.Name, r.Meaning, want[i])
		}
	}
}
