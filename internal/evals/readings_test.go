package evals

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var updateReadings = flag.Bool("update-readings", false, "rewrite testdata/zeroshot/readings/*.txt from this run")

// readingSets are the zero-shot sets whose every question's reading is
// kept in testdata/zeroshot/readings: the sets of TestZeroShotSets and
// the second dev sets.
func readingSets() []struct {
	name, graph, questions string
	dev                    bool
} {
	var out []struct {
		name, graph, questions string
		dev                    bool
	}
	for _, s := range zeroshotSets {
		out = append(out, struct {
			name, graph, questions string
			dev                    bool
		}{s.name, s.graph, s.questions, s.dev})
	}
	for _, n := range []string{"tuva-dbt.kb.csv", "rust-teams.kb.jsonl", "sentry-compose.kb.tsv"} {
		base := n[:strings.Index(n, ".kb.")]
		out = append(out, struct {
			name, graph, questions string
			dev                    bool
		}{base, "zeroshot-dev2/" + n, "zeroshot-dev2/" + base + ".questions.jsonl", true})
	}
	return out
}

// TestGoldenReadings plans every question of every zero-shot set and
// compares how it was read (anchors, target, each chain with its reading:
// extent, confidence, kind, guesses and the relations the critic checks)
// with testdata/zeroshot/readings/<set>.txt, so that a change to the
// reader shows, question by question, what it changed. -update-readings
// rewrites the files.
func TestGoldenReadings(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "zeroshot", "readings")
	for _, set := range readingSets() {
		t.Run(set.name, func(t *testing.T) {
			graphPath := filepath.Join("..", "..", "testdata", "zeroshot", set.graph)
			questions := filepath.Join("..", "..", "testdata", "zeroshot", set.questions)
			if set.dev {
				graphPath = devdata.DataPath(t, set.graph)
				if filepath.Dir(set.questions) != "." {
					questions = devdata.DataPath(t, set.questions)
				}
			}
			st, err := memstore.Open(context.Background(), graphPath, memstore.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			ds, err := Load(questions, FormatJSONL)
			if err != nil {
				t.Fatal(err)
			}
			pl := plan.New(st, nil, plan.Options{})
			var b strings.Builder
			fmt.Fprintf(&b, "# How each question of %s is read (go test ./internal/evals -run GoldenReadings -update-readings).\n", set.questions)
			for _, q := range ds.Questions {
				p, _, err := pl.Plan(t.Context(), q.Text)
				b.WriteString("\nQ " + q.Text + "\n")
				if err != nil {
					fmt.Fprintf(&b, "  error: %v\n", err)
					continue
				}
				b.WriteString(formatPlan(p))
			}
			file := filepath.Join(dir, set.name+".txt")
			if *updateReadings {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update-readings)", err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("the readings of %s changed (git diff after -update-readings shows how):\n%s", set.name, firstDiff(string(want), got))
			}
		})
	}
}

// formatPlan writes a plan as the golden files keep it.
func formatPlan(p state.Plan) string {
	var b strings.Builder
	var anchors []string
	for _, a := range p.Anchors {
		anchors = append(anchors, fmt.Sprintf("%s (%q %s %.2f)", a.Entity, a.Mention, a.Method, a.Confidence))
	}
	fmt.Fprintf(&b, "  anchors: %s\n", strings.Join(anchors, ", "))
	for _, a := range p.Ignored {
		fmt.Fprintf(&b, "  ignored: %s (%q)\n", a.Entity, a.Mention)
	}
	t := p.Target
	fmt.Fprintf(&b, "  target: %s", t.Kind)
	for _, f := range []struct{ k, v string }{{"entity", t.Entity}, {"type", t.Type}, {"name_word", t.NameWord}} {
		if f.v != "" {
			fmt.Fprintf(&b, " %s=%s", f.k, f.v)
		}
	}
	if p.Direction != state.IntentNone {
		fmt.Fprintf(&b, " direction=%s", p.Direction)
	}
	fmt.Fprintf(&b, " hops=%d\n", p.HopBudget)
	if p.Unanswerable != "" {
		fmt.Fprintf(&b, "  unanswerable: %s\n", p.Unanswerable)
	}
	for i, c := range p.Chains {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, c)
		if i >= len(p.Readings) {
			continue
		}
		r := p.Readings[i]
		said := ""
		if !r.ExtentSaid {
			said = " (default)"
		}
		fmt.Fprintf(&b, "     %s%s conf=%.3f concept=%s: %s\n", r.Extent, said, r.Confidence, r.Concept, r.Text)
		for _, g := range r.Guesses {
			fmt.Fprintf(&b, "     guess: %s\n", g)
		}
		for _, f := range []struct {
			k string
			v []string
		}{{"unread", r.Unread}, {"unread_first", r.UnreadFirst}, {"delivered", dirs(r.Delivered)}, {"wider", dirs(r.Wider)},
			{"unoriented", dirs(r.Unoriented)}, {"mirrored", dirs(r.Mirrored)}, {"alike", dirs(r.Alike)}} {
			if len(f.v) > 0 {
				fmt.Fprintf(&b, "     %s: %s\n", f.k, strings.Join(f.v, " "))
			}
		}
		if r.SchemaDoubt != "" {
			fmt.Fprintf(&b, "     schema_doubt: %s\n", r.SchemaDoubt)
		}
	}
	return b.String()
}

func dirs(ds []state.RelDir) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// firstDiff shows the first question whose reading differs.
func firstDiff(want, got string) string {
	ws, gs := strings.Split(want, "\nQ "), strings.Split(got, "\nQ ")
	for i := 0; i < len(ws) && i < len(gs); i++ {
		if ws[i] != gs[i] {
			return "was:\nQ " + ws[i] + "\nnow:\nQ " + gs[i]
		}
	}
	return fmt.Sprintf("%d questions recorded, %d now", len(ws)-1, len(gs)-1)
}
