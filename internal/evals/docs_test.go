package evals_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/evals"
	"github.com/scgraph/scgraph/memstore"
)

func demoCorpus(t *testing.T) (*memstore.Store, *docs.Index) {
	t.Helper()
	ctx := context.Background()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(ctx, "../../testdata/docs/demo", nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := memstore.New()
	if err := st.SetSchema(ctx, docs.SchemaFor(sch)); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddTriples(ctx, ix.Triples()); err != nil {
		t.Fatal(err)
	}
	return st, ix
}

func TestEvaluateDocs(t *testing.T) {
	st, ix := demoCorpus(t)
	var sets []evals.DocsSet
	for _, f := range []string{"demo-lookups.jsonl", "demo-questions.jsonl", "demo-global.jsonl"} {
		qs, err := evals.LoadDocQuestions(filepath.Join("../../testdata/docs", f), ix)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, evals.DocsSet{Name: f, Questions: qs})
	}
	// A relationship question's gold passages are the chunks stating its
	// gold paths' edges.
	for _, q := range sets[1].Questions {
		for _, c := range q.GoldPassages {
			if !strings.Contains(c, "#") {
				t.Errorf("%s: gold passage %q is not a chunk", q.ID, c)
			}
		}
		if len(q.Answers) > 0 && len(q.GoldPassages) == 0 {
			t.Errorf("%s: answers but no gold passage", q.ID)
		}
	}
	rep, err := evals.EvaluateDocs(context.Background(), evals.DocsConfig{Index: ix, Store: st}, sets)
	if err != nil {
		t.Fatal(err)
	}
	score := func(set int, m evals.PassageMode) evals.PassageScore {
		for _, s := range rep.Sets[set].Modes {
			if s.Mode == m {
				return s
			}
		}
		t.Fatalf("no mode %s", m)
		return evals.PassageScore{}
	}
	for _, s := range rep.Sets {
		if s.RouteAccuracy != 1 {
			t.Errorf("%s: route accuracy %v", s.Name, s.RouteAccuracy)
		}
		for _, m := range s.Modes {
			if m.RecallAt1 > m.RecallAt3 || m.RecallAt3 > m.RecallAt5 || m.RecallAt5 > s.Ceiling.RecallAt5 || m.MRR > 1 {
				t.Errorf("%s %s: inconsistent figures %+v (ceiling %+v)", s.Name, m.Mode, m, s.Ceiling)
			}
		}
	}
	// Lookups: the agent's citations cannot find a document by what it is
	// about; the hybrid search does.
	if h, g := score(0, evals.PassagesHybrid), score(0, evals.PassagesGraph); h.MRR <= g.MRR || h.RecallAt5 <= g.RecallAt5 {
		t.Errorf("lookups: hybrid %+v not above graph-only %+v", h, g)
	}
	// Relationship questions: the agent answers them exactly; a flat
	// search's passages do not join the facts.
	h, g, v := score(1, evals.PassagesHybrid), score(1, evals.PassagesGraph), score(1, evals.PassagesVector)
	if h.Exact == nil || g.Exact == nil || v.Exact == nil || *h.Exact != *g.Exact || *v.Exact >= *g.Exact {
		t.Errorf("exact answers: hybrid %v, graph %v, vector %v", h.Exact, g.Exact, v.Exact)
	}
	if g.RecallAt5 != rep.Sets[1].Ceiling.RecallAt5 {
		t.Errorf("graph-only recall@5 %v below the ceiling %v: the agent's citations miss a gold passage", g.RecallAt5, rep.Sets[1].Ceiling.RecallAt5)
	}
	var b strings.Builder
	if err := evals.WriteDocsMarkdown(&b, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| demo-lookups.jsonl | hybrid |") || strings.Contains(b.String(), "| demo-global.jsonl | hybrid |") ||
		!strings.Contains(b.String(), "| demo-global.jsonl | 6 |") {
		t.Errorf("markdown:\n%s", b.String())
	}
}

func TestLoadDocQuestionsErrors(t *testing.T) {
	_, ix := demoCorpus(t)
	dir := t.TempDir()
	for _, c := range []struct{ body, want string }{
		{`{"id":"a","question":"where is x?","gold_passages":["nope.md#0"]}`, "q.jsonl:1: gold passage \"nope.md#0\""},
		{"\n{\"id\":\"a\",\"question\":\"\"}", "q.jsonl:2: no question"},
		{`{"id":"a","question":"q","answers":[],"gold_paths":[[["a","B"]]]}`, "q.jsonl:1: gold_paths[0][0]"},
		{`{"id":"a","question":"q","route":"vector"}`, "q.jsonl:1:"},
		{"not json", "q.jsonl:1:"},
	} {
		p := filepath.Join(dir, "q.jsonl")
		if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := evals.LoadDocQuestions(p, ix); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.body, err, c.want)
		}
	}
}
