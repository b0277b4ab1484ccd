package resolve

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/llmtest"
	"github.com/scgraph/scgraph/llm"
)

func sampleGraph() *Graph {
	return &Graph{
		Triples: []graph.Triple{
			{Subject: "checkout", Relation: "CALLS", Object: "payment-svc", SubjectType: "Service", ObjectType: "Service", Source: graph.Source{File: "a.md", Line: 3}},
			{Subject: "checkout", Relation: "CALLS", Object: "payment-service", SubjectType: "Service", ObjectType: "Service", Source: graph.Source{File: "b.md", Line: 7}},
			{Subject: "payment-svc", Relation: "CALLS", Object: "payment-service", SubjectType: "Service", ObjectType: "Service"},
			{Subject: "payment-svc", Relation: "READS_FROM", Object: "ledger-db", SubjectType: "Service", ObjectType: "Database", ACL: []string{"finance"}},
			{Subject: "Auth-Service", Relation: "READS_FROM", Object: "auth-db", SubjectType: "Service", ObjectType: "Database"},
			{Subject: "web", Relation: "CALLS", Object: "Authentication-API", SubjectType: "Service", ObjectType: "Service"},
		},
		Schema: &graph.Schema{
			Types: []graph.TypeDef{{Name: "Service"}, {Name: "Database"}},
			Entities: []graph.EntityDef{
				{Name: "payment-service", Type: "Service", Aliases: []string{"payments"}},
				{Name: "payment-svc", Type: "Service", Aliases: []string{"pay"}},
				{Name: "ledger-db", Type: "Database"},
			},
		},
	}
}

func cloneGraph(g *Graph) *Graph {
	c := &Graph{Triples: append([]graph.Triple(nil), g.Triples...), Schema: g.Schema.Clone()}
	return c
}

func sameGraph(t *testing.T, what string, got, want *Graph) {
	t.Helper()
	gt, wt := append([]graph.Triple(nil), got.Triples...), append([]graph.Triple(nil), want.Triples...)
	SortTriples(gt)
	SortTriples(wt)
	if !reflect.DeepEqual(gt, wt) {
		t.Errorf("%s: triples differ:\n got %+v\nwant %+v", what, gt, wt)
	}
	if !reflect.DeepEqual(got.Schema, want.Schema) {
		t.Errorf("%s: schema differs:\n got %+v\nwant %+v", what, got.Schema, want.Schema)
	}
}

func TestApplyRewritesAndUndoRestores(t *testing.T) {
	g := sampleGraph()
	before := cloneGraph(g)
	keep := Entity{Name: "payment-service", Type: "Service", Defined: true}
	merge := Entity{Name: "payment-svc", Type: "Service"}
	rec, err := Apply(g, keep, merge)
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range g.Triples {
		if tr.Subject == merge.Name || tr.Object == merge.Name {
			t.Errorf("a fact still names the merged entity: %+v", tr)
		}
	}
	// checkout CALLS both collapse into one fact, and the fact between
	// the two goes: 6 facts become 4.
	if len(g.Triples) != 4 {
		t.Errorf("after the merge: %d facts, want 4: %+v", len(g.Triples), g.Triples)
	}
	var moved *graph.Triple
	for i, tr := range g.Triples {
		if tr.Relation == "READS_FROM" && tr.Object == "ledger-db" {
			moved = &g.Triples[i]
		}
	}
	if moved == nil || moved.Subject != keep.Name || !reflect.DeepEqual(moved.ACL, []string{"finance"}) {
		t.Errorf("the merged entity's fact was not moved with its access list: %+v", moved)
	}
	if len(g.Schema.Entities) != 2 || !reflect.DeepEqual(g.Schema.Entities[0].Aliases, []string{"payments", "payment-svc", "pay"}) {
		t.Errorf("schema after the merge: %+v", g.Schema.Entities)
	}
	Undo(g, rec)
	sameGraph(t, "undo", g, before)
}

// A name only restricted facts carry does not become a public alias.
func TestRestrictedNameIsNotMadePublic(t *testing.T) {
	g := &Graph{Triples: []graph.Triple{
		{Subject: "payment-service", Relation: "CALLS", Object: "ledger"},
		{Subject: "Project Falcon Payment-Svc", Relation: "CALLS", Object: "ledger", ACL: []string{"falcon"}},
	}}
	before := cloneGraph(g)
	rec, err := Apply(g, Entity{Name: "payment-service"}, Entity{Name: "Project Falcon Payment-Svc"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range g.Schema.Entities {
		if slices.Contains(d.Aliases, "Project Falcon Payment-Svc") {
			t.Errorf("a name only a restricted fact carried became a public alias: %+v", d)
		}
	}
	if len(g.Schema.Entities) != 0 {
		t.Errorf("a definition with nothing in it was added: %+v", g.Schema.Entities)
	}
	if len(g.Triples) != 1 || g.Triples[0].ACL != nil {
		t.Errorf("the restricted fact collapses into the public one it equals: %+v", g.Triples)
	}
	Undo(g, rec)
	sameGraph(t, "undo", g, before)
}

func TestFileUndoInTheMiddleRestoresExactly(t *testing.T) {
	ctx := context.Background()
	g := sampleGraph()
	g.Schema = nil // and a graph with no schema at all
	before := cloneGraph(g)
	f := &File{}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cs, err := Find(ctx, Entities(g.Triples, g.Schema), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("want the payment pair and the auth pair, got %+v", cs)
	}
	for _, c := range cs {
		if err := f.Accept(g, c, at); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Accept(g, cs[0], at); err == nil {
		t.Error("accepting a pair twice is not an error")
	}
	// Undo the first of two: the graph is the one the second alone gives.
	if err := f.Undo(g, cs[0].ID); err != nil {
		t.Fatal(err)
	}
	only := cloneGraph(before)
	if _, err := Apply(only, cs[1].Keep, cs[1].Merge); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "undo of the first merge", g, only)
	if err := f.Undo(g, cs[1].ID); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "undo of both", g, before)
	if len(f.Decisions) != 0 {
		t.Errorf("decisions left after undoing all: %+v", f.Decisions)
	}
	if err := f.Undo(g, "m-nothere"); err == nil || !strings.Contains(err.Error(), "m-nothere") {
		t.Errorf("undo of an unknown id: %v", err)
	}

	// The file round-trips, and a rejected pair is not proposed again.
	for _, c := range cs {
		f.Accept(g, c, at)
	}
	path := filepath.Join(t.TempDir(), "corpus.merges.json")
	if err := f.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Decisions, f.Decisions) {
		t.Errorf("merges file round trip:\n got %+v\nwant %+v", back.Decisions, f.Decisions)
	}
	if err := back.Undo(g, cs[1].ID); err != nil {
		t.Fatal(err)
	}
	if err := back.Undo(g, cs[0].ID); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "undo from the file", g, before)
	fresh := &File{}
	if err := fresh.Reject(cs[0], at); err != nil {
		t.Fatal(err)
	}
	again, _ := Find(ctx, Entities(g.Triples, g.Schema), Options{Skip: fresh.Decided})
	if len(again) != 1 || again[0].ID != cs[1].ID {
		t.Errorf("after rejecting %s: %+v", cs[0].ID, again)
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	f, err := ReadFile(filepath.Join(dir, "none.merges.json"))
	if err != nil || len(f.Decisions) != 0 {
		t.Errorf("a missing file: %v %+v", err, f)
	}
	bad := filepath.Join(dir, "bad.merges.json")
	for _, body := range []string{`{"format": 7, "decisions": []}`, `{"format": 1, "decisions": [{"id": "m-1", "status": "maybe"}]}`, `not json`} {
		writeFile(t, bad, body)
		if _, err := ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("%s: error %v does not name the file", body, err)
		}
	}
	if MergesPath("out/corpus.snap") != "out/corpus.merges.json" {
		t.Error(MergesPath("out/corpus.snap"))
	}
}

func TestConfirmWithScriptedModel(t *testing.T) {
	ctx := context.Background()
	cs, err := Find(ctx, ents("Auth-Service", "Authentication-API", "payment-svc", "Payment Service"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	model := llmtest.New().
		On(`"Auth-Service"`, llmtest.Text(`Sure. {"same": true, "confidence": 0.9, "reason": "both authenticate users"}`)).
		On(`"payment-svc"`, llmtest.Text(`{"same": "yes"}`))
	c := Confirmer{Client: llm.NewClient(model, llm.ClientOptions{MaxRetries: -1}), Facts: func(string) []graph.Triple {
		return []graph.Triple{{Subject: "x", Relation: "CALLS", Object: "y"}}
	}}
	if err := c.Confirm(ctx, cs); err != nil {
		t.Fatal(err)
	}
	auth, pay := pairOf(cs, "Auth-Service", "Authentication-API"), pairOf(cs, "payment-svc", "Payment Service")
	if v := auth.Verdict; v == nil || !v.Same || v.Confidence != 0.9 || auth.Refuted() || !slicesHas(signals(auth), SignalLLM) {
		t.Errorf("auth verdict: %+v, evidence %+v", v, auth.Evidence)
	}
	if v := pay.Verdict; v == nil || v.Error == "" || pay.Refuted() || slicesHas(signals(pay), SignalLLM) {
		t.Errorf("a malformed reply must leave the candidate as it was: %+v", v)
	}
	calls := model.Calls()
	if len(calls) != 2 || !strings.HasPrefix(calls[0].Prompt, ConfirmPromptStart) || !strings.Contains(calls[0].Prompt, "x -CALLS-> y") {
		t.Errorf("prompts: %+v", calls)
	}

	// A model that says no refutes; one that fails records why.
	no := llmtest.New().On(ConfirmPromptStart, llmtest.Text(`{"same": false, "confidence": 0.8, "reason": "different"}`))
	c.Client = llm.NewClient(no, llm.ClientOptions{MaxRetries: -1})
	c.Confirm(ctx, cs[:1])
	if !cs[0].Refuted() {
		t.Errorf("not refuted: %+v", cs[0].Verdict)
	}
	failing := llmtest.New().On(ConfirmPromptStart, llmtest.Fail(errors.New("boom")))
	c.Client = llm.NewClient(failing, llm.ClientOptions{MaxRetries: -1})
	c.Confirm(ctx, cs[:1])
	if v := cs[0].Verdict; v.Error == "" || !strings.Contains(v.Error, "boom") || cs[0].Refuted() {
		t.Errorf("a failed call: %+v", v)
	}
}

// Undoing several decisions at once, not the newest, leaves the graph the
// remaining merges alone give.
func TestFileUndoSeveral(t *testing.T) {
	ctx := context.Background()
	g := sampleGraph()
	g.Triples = append(g.Triples,
		graph.Triple{Subject: "checkout", Relation: "CALLS", Object: "inventory-svc"},
		graph.Triple{Subject: "Inventory Service", Relation: "READS_FROM", Object: "inventory-db"})
	before := cloneGraph(g)
	cs, err := Find(ctx, Entities(g.Triples, g.Schema), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 {
		t.Fatalf("want three pairs, got %+v", cs)
	}
	f := &File{}
	if err := f.AcceptAll(g, cs, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := f.Undo(g, cs[0].ID, cs[2].ID); err != nil {
		t.Fatal(err)
	}
	only := cloneGraph(before)
	if _, err := Apply(only, cs[1].Keep, cs[1].Merge); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "undo of the first and the last", g, only)
	if len(f.Decisions) != 1 || f.Decisions[0].ID != cs[1].ID {
		t.Errorf("decisions left: %+v", f.Decisions)
	}
	if err := f.Undo(g, cs[1].ID); err != nil {
		t.Fatal(err)
	}
	sameGraph(t, "undo of all", g, before)
}
