package community_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/llmtest"
)

// TestModelWritesSummariesFromTheMaterial: with a model, each summary is
// the model's text, asked for with the extractive material; a reply that
// fails, names no member or names a ticket the material does not hold
// leaves the extractive summary, reported.
func TestModelWritesSummariesFromTheMaterial(t *testing.T) {
	ix := ingest(t, corpus, nil)
	in := input(t, ix)
	plain, _ := build(t, in, nil, community.Options{})
	n := len(plain.Communities)
	if n < 4 {
		t.Fatalf("%d communities, the test needs 4", n)
	}

	// One scripted reply per community, in build order: good, failing,
	// naming no member, naming a ticket nobody wrote; good for the rest.
	good := func(c community.Community) llmtest.Reply {
		return llmtest.Text("This area centres on " + c.Members[0].Name + ", which others rely on.")
	}
	model := llmtest.New()
	model.Nth(1, good(plain.Communities[0]))
	model.Nth(2, llmtest.Fail(errors.New("server exploded")))
	model.Nth(3, llmtest.Text("A pleasant part of the system."))
	model.Nth(4, llmtest.Text("Its member "+plain.Communities[3].Members[0].Name+" failed in INC-9999."))
	for i := 4; i < n; i++ {
		model.Nth(i+1, good(plain.Communities[i]))
	}
	writer := community.ModelWriter{Model: model, ModelName: "fake"}
	f, rep := build(t, in, nil, community.Options{Writer: writer})

	calls := model.Calls()
	if len(calls) != n {
		t.Fatalf("%d model calls for %d communities", len(calls), n)
	}
	for i, c := range calls {
		want := plain.Communities[i]
		if !strings.Contains(c.Prompt, "Task: community summary") || !strings.Contains(c.Prompt, want.Summary) ||
			!strings.Contains(c.Prompt, want.Passages[0].Text) {
			t.Fatalf("call %d does not give the model the extractive summary and passages of %s:\n%s", i+1, want.ID, c.Prompt)
		}
	}
	for i, c := range f.Communities {
		switch i {
		case 1, 2, 3:
			if c.Writer != community.Extractive || c.Summary != plain.Communities[i].Summary {
				t.Errorf("community %d: writer %s, summary %q: want the extractive fallback", i, c.Writer, c.Summary)
			}
		default:
			if c.Writer != "llm:fake" || !strings.HasPrefix(c.Summary, "This area centres on "+c.Members[0].Name) {
				t.Errorf("community %d: writer %s, summary %q: want the model's", i, c.Writer, c.Summary)
			}
		}
	}
	if len(rep.WriterFailures) != 3 {
		t.Fatalf("writer failures %+v, want 3", rep.WriterFailures)
	}
	for i, want := range []string{"server exploded", "names none of the members", "INC-9999"} {
		if fl := rep.WriterFailures[i]; fl.Community != f.Communities[i+1].ID || !strings.Contains(fl.Err, want) {
			t.Errorf("failure %d: %+v, want %s for %s", i, fl, want, f.Communities[i+1].ID)
		}
	}

	// Building again with the model keeps the model's summaries (no call)
	// and asks again only for the extractive ones.
	again := llmtest.New().On("Task: community summary", llmtest.Text("Second try: "+f.Communities[1].Members[0].Name+" matters."))
	f2, rep2 := build(t, in, f, community.Options{Writer: community.ModelWriter{Model: again, ModelName: "fake"}})
	if got := len(again.Calls()); got != 3 {
		t.Fatalf("%d calls on the second build, want 3 (the extractive summaries only)", got)
	}
	if len(rep2.Kept) != n-3 || f2.Communities[0].Summary != f.Communities[0].Summary {
		t.Fatalf("second build kept %v; first summary %q", rep2.Kept, f2.Communities[0].Summary)
	}
	// Without a model, a model's summary whose material is unchanged stays.
	f3, rep3 := build(t, in, f2, community.Options{})
	if len(rep3.Written) != 0 || f3.Communities[0].Writer != "llm:fake" {
		t.Fatalf("a build without a model rewrote %v; writer %s", rep3.Written, f3.Communities[0].Writer)
	}
}

// TestModelDownIsNotAskedForEveryCommunity: after MaxWriterFailuresInARow
// failed calls, the rest keep the extractive summary without a call.
func TestModelDownIsNotAskedForEveryCommunity(t *testing.T) {
	in := input(t, ingest(t, corpus, nil))
	model := llmtest.New().On("Task: community summary", llmtest.Fail(errors.New("connection refused")))
	f, rep := build(t, in, nil, community.Options{Writer: community.ModelWriter{Model: model, ModelName: "down"}})
	if len(f.Communities) <= community.MaxWriterFailuresInARow {
		t.Fatalf("%d communities: the test needs more than %d", len(f.Communities), community.MaxWriterFailuresInARow)
	}
	if got := len(model.Calls()); got != community.MaxWriterFailuresInARow {
		t.Fatalf("%d calls to a model that is down, want %d", got, community.MaxWriterFailuresInARow)
	}
	if len(rep.WriterFailures) != len(f.Communities) {
		t.Fatalf("%d failures reported for %d communities", len(rep.WriterFailures), len(f.Communities))
	}
	for _, c := range f.Communities {
		if c.Writer != community.Extractive {
			t.Fatalf("community %s written by %s", c.ID, c.Writer)
		}
	}
}
