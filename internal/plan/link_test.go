package plan

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

// openBeside opens the graph NAME.kb.* in the folder of file, the one
// graph the cases of that file are asked of.
func openBeside(t *testing.T, file, name string) *memstore.Store {
	t.Helper()
	kbs, _ := filepath.Glob(filepath.Join(filepath.Dir(file), name+".kb.*"))
	if len(kbs) != 1 {
		t.Fatalf("want one %s.kb.* beside %s, got %v", name, file, kbs)
	}
	st, err := memstore.Open(context.Background(), kbs[0], memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestLinkCases links the questions of testdata/link/*.cases.txt over the
// graph beside each (NAME.kb.*) and compares the mentions found, the
// entities tied and the names suggested with the file's.
func TestLinkCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "link", "*.cases.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	ctx := context.Background()
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".cases.txt")
		t.Run(name, func(t *testing.T) {
			p := New(openBeside(t, file, name), nil, Options{})
			sch, err := p.Schema(ctx)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for n, line := range strings.Split(string(data), "\n") {
				if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
					continue
				}
				f := strings.Split(line, "\t")
				if len(f) < 2 || len(f) > 3 {
					t.Fatalf("%s:%d: want question, mentions and maybe suggestions, tab-separated", file, n+1)
				}
				lk, err := p.link(ctx, f[0], sch)
				if err != nil {
					t.Fatalf("%s:%d: %v", file, n+1, err)
				}
				want := strings.Join(f[1:], "\t")
				if got := renderLinking(lk); got != want {
					t.Errorf("%s:%d: %q\n got: %s\nwant: %s", file, n+1, f[0], got, want)
				}
			}
		})
	}
}

// renderLinking writes what linking found as the case files do.
func renderLinking(lk linking) string {
	var parts []string
	for _, e := range lk.ents {
		var names []string
		for _, c := range e.candidates {
			names = append(names, c.Entity.Name)
		}
		if len(names) == 0 {
			names = []string{e.anchor.Entity}
		}
		slices.Sort(names)
		parts = append(parts, e.anchor.Mention+" -> "+strings.Join(names, "|"))
	}
	out := strings.Join(parts, "; ")
	if out == "" {
		out = "-"
	}
	if len(lk.didYouMean) > 0 {
		out += "\t? " + strings.Join(lk.didYouMean, ", ")
	}
	return out
}

// The plan carries the names a question that links nothing comes close
// to, for the CLI and MCP to offer.
func TestPlanDidYouMean(t *testing.T) {
	ctx := context.Background()
	st, err := memstore.Open(ctx, filepath.Join("testdata", "link", "compose.kb.tsv"), memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pl, _, err := New(st, nil, Options{}).Plan(ctx, "Who owns the historiens?")
	if err != nil {
		t.Fatal(err)
	}
	if len(pl.Anchors) != 0 || !slices.Equal(pl.DidYouMean, []string{"historian"}) {
		t.Errorf("anchors %v, did you mean %v; want none and historian", pl.Anchors, pl.DidYouMean)
	}
}

// A noun phrase restated in parentheses as an entity's name is read as
// that name: back to its article, or to the first word that is no
// content word.
func TestRestated(t *testing.T) {
	for _, c := range []struct{ q, in, want string }{
		{"Which Minor chords contain a major ninth (9M)?", "9M", "Which Minor chords contain 9M?"},
		{"Which scales with an augmented fourth (4A) have no perfect fifth (5P)?", "4A,5P", "Which scales with 4A have no 5P?"},
		{"What qualities do chords containing flat thirteenths (13m) have?", "13m", "What qualities do chords containing 13m have?"},
		{"Which services (not jobs) call redis?", "redis", ""},
		{"Who owns it (ledger-db)?", "ledger-db", ""},
	} {
		var ents []linked
		for _, m := range strings.Split(c.in, ",") {
			at := strings.Index(c.q, m)
			ents = append(ents, linked{start: at, end: at + len(m)})
		}
		got, ok := restated(c.q, ents)
		if want := c.want != ""; ok != want || ok && got != c.want {
			t.Errorf("restated(%q) = %q, %v; want %q", c.q, got, ok, c.want)
		}
	}
}

// A name word many names share names the one every other extends.
func TestRootName(t *testing.T) {
	m := func(name string) graph.Match {
		return graph.Match{Entity: graph.Entity{Name: name}, Method: graph.MatchPartial}
	}
	root, ok := rootName([]graph.Match{m("Sicilian Defense: Najdorf Variation, English Attack"), m("Sicilian Defense: Najdorf Variation"), m("Sicilian Defense: Najdorf Variation, Adams Attack")})
	if !ok || root.Entity.Name != "Sicilian Defense: Najdorf Variation" {
		t.Errorf("rootName = %q, %v; want Sicilian Defense: Najdorf Variation", root.Entity.Name, ok)
	}
	if _, ok := rootName([]graph.Match{m("Sicilian Defense: Dragon Variation"), m("Sicilian Defense: Accelerated Dragon")}); ok {
		t.Error("two names, neither extending the other: want no root")
	}
}

// A stopword is a name where a sentence writes it as one: with a capital
// inside the question, or last after "of" or "by".
func TestNameAsStopword(t *testing.T) {
	gw := newGraphWords(&graph.Schema{})
	for _, c := range []struct {
		q    string
		name []string // the stopwords read as names
	}{
		{"Name the creators of go.", []string{"go"}},
		{"Who created Go?", []string{"Go"}},
		{"What goes down if redis goes down?", nil},
		{"Which packages are depended on by all?", nil},
		{"What are the aliases of the topics Linus Torvalds created?", nil},
	} {
		var got []string
		for _, w := range readWords(c.q, gw) {
			if !w.stop && allStopwords(w.Raw) {
				got = append(got, w.Raw)
			}
		}
		if !slices.Equal(got, c.name) {
			t.Errorf("%q: stopwords read as names %q, want %q", c.q, got, c.name)
		}
	}
}
