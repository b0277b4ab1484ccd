package plan

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

var updateUnread = flag.Bool("update-unread", false, "rewrite testdata/unread/*.txt from the planner's readings")

// TestUnreadChecks plans each question of testdata/unread/*.txt and
// compares its readings (the first, then those walked where it finds
// nothing), their confidence, guesses, schema doubt, named-beside doubt and one-hop
// verb reading
// (which the critic weighs against the walk's outcome) with what the file
// holds: a word no part of the reading explains, or a relation the
// question names walked beside others, holds a sure reading below what a
// claim needs (unread.go); a reading that explains every word stays sure.
// The file's format is testdata/open's; -update-unread rewrites them.
func TestUnreadChecks(t *testing.T) {
	runQuestionFiles(t, "unread", *updateUnread, "TestUnreadChecks -update-unread", func(t *testing.T, p *Rules, q string) string {
		pl, _, err := p.Plan(t.Context(), q)
		if err != nil {
			t.Fatal(err)
		}
		if len(pl.Readings) == 0 {
			return "  no reading\n"
		}
		var b strings.Builder
		for i, rd := range pl.Readings {
			if i > 0 {
				b.WriteString("  then:\n")
			}
			fmt.Fprintf(&b, "  %.2f %s\n", rd.Confidence, rd.Text)
			for _, g := range rd.Guesses {
				b.WriteString("  guess: " + g + "\n")
			}
			if rd.SchemaDoubt != "" {
				b.WriteString("  schema doubt: " + rd.SchemaDoubt + "\n")
			}
			if rd.NamedBeside != "" {
				b.WriteString("  named beside: " + rd.NamedBeside + "\n")
			}
			if rd.ClosureFair {
				b.WriteString("  closure fair: one hop, the relation the words name; the closure is as fair a reading\n")
			}
		}
		return b.String()
	})
}

func TestTwoDependencyNames(t *testing.T) {
	for _, c := range []struct {
		n, r string
		want bool
	}{
		{"Source", "Depends", true},
		{"Depends", "Source", true},
		{"Pre-Depends", "Depends", false},
		{"requires", "prerequisite", false},
		{"depends_on", "depends_on", false},
	} {
		if got := twoDependencyNames(c.n, c.r); got != c.want {
			t.Errorf("twoDependencyNames(%q, %q) = %v, want %v", c.n, c.r, got, c.want)
		}
	}
}

func TestTypePath(t *testing.T) {
	s := &graph.Schema{Relations: []graph.RelationDef{
		{Name: "genus", From: []string{"species"}, To: []string{"genus"}},
		{Name: "Family", From: []string{"genus"}, To: []string{"family"}},
		{Name: "Order", From: []string{"family"}, To: []string{"order"}},
		{Name: "name", From: []string{"species"}, To: []string{"name"}},
	}}
	order := s.Relations[2]
	for _, c := range []struct {
		from, want string
		ok         bool
	}{
		{"species", "-genus-> -Family-> -Order->", true},
		{"name", "<-name- -genus-> -Family-> -Order->", false}, // four steps: too far
		{"genus", "-Family-> -Order->", true},
	} {
		steps, ok := typePath(s, c.from, order, "order")
		if ok != c.ok || ok && (state.Chain{Steps: steps}).String() != c.want {
			t.Errorf("typePath from %s = %v, %v; want %s, %v", c.from, state.Chain{Steps: steps}, ok, c.want, c.ok)
		}
	}
}
