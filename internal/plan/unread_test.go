package plan

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/memstore"
)

var updateUnread = flag.Bool("update-unread", false, "rewrite testdata/unread/*.txt from the planner's readings")

// TestUnreadChecks plans each question of testdata/unread/*.txt and
// compares its top reading, confidence, guesses and named-beside doubt
// (which the critic weighs against the walk's outcome) with what the file
// holds: a word no part of the reading explains, or a relation the
// question names walked beside others, holds a sure reading below what a
// claim needs (unread.go); a reading that explains every word stays sure.
// The file's format is testdata/open's; -update-unread rewrites them.
func TestUnreadChecks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "unread", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/unread/*.txt (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			graphPath, questions, want := readOpenFile(t, file)
			st, err := memstore.Open(context.Background(), filepath.Join(filepath.Dir(file), graphPath), memstore.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			p := New(st, nil, Options{})
			var got strings.Builder
			fmt.Fprintf(&got, "graph: %s\n", graphPath)
			for _, q := range questions {
				pl, _, err := p.Plan(t.Context(), q)
				if err != nil {
					t.Fatal(err)
				}
				got.WriteString("\nq: " + q + "\n")
				if len(pl.Readings) == 0 {
					got.WriteString("  no reading\n")
					continue
				}
				rd := pl.Readings[0]
				fmt.Fprintf(&got, "  %.2f %s\n", rd.Confidence, rd.Text)
				for _, g := range rd.Guesses {
					got.WriteString("  guess: " + g + "\n")
				}
				if rd.NamedBeside != "" {
					got.WriteString("  named beside: " + rd.NamedBeside + "\n")
				}
			}
			if *updateUnread {
				if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != want {
				t.Errorf("%s: the readings differ (go test ./internal/plan -run TestUnreadChecks -update-unread, then read the diff):\n%s", file, firstDiff(want, got.String()))
			}
		})
	}
}
