package plan

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/reader"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

var updateOpen = flag.Bool("update-open", false, "rewrite testdata/open/*.txt from the open reader's frames and readings")

// TestOpenReadings reads each question of testdata/open/*.txt with the
// open reader (internal/reader) and compares its frame (the question's
// form, phrases, relation mentions with their candidates, failure, extent,
// unread words) and its readings with what the file holds. A file starts
// with "graph: PATH" (relative to the file); each question is a line
// "q: ..." followed by what the reader makes of it. -update-open rewrites
// the files; read the diff before committing it.
func TestOpenReadings(t *testing.T) {
	runQuestionFiles(t, "open", *updateOpen, "TestOpenReadings -update-open", func(t *testing.T, p *Rules, q string) string {
		s, _, err := p.readSchema(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		lk, err := p.link(t.Context(), q, s)
		if err != nil {
			t.Fatal(err)
		}
		return openReading(q, readerEntities(lk.ents), s)
	})
}

// runQuestionFiles runs the files testdata/DIR/*.txt: each names a graph
// ("graph: PATH", relative to the file) and questions ("q: ..."); read
// writes what is made of each question, and the result must equal the
// file, or (update) is written to it. rerun says how to rewrite them.
func runQuestionFiles(t *testing.T, dir string, update bool, rerun string, read func(t *testing.T, p *Rules, q string) string) {
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/%s/*.txt (%v)", dir, err)
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
				got.WriteString("\nq: " + q + "\n")
				got.WriteString(read(t, p, q))
			}
			if update {
				if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got.String() != want {
				t.Errorf("%s: the readings differ (go test ./internal/plan -run %s, then read the diff):\n%s", file, rerun, firstDiff(want, got.String()))
			}
		})
	}
}

// openReading writes what the open reader makes of q: its frame, then
// each reading with its chain, confidence and doubts, or why it has none.
func openReading(q string, ents []reader.Entity, s *graph.Schema) string {
	res := reader.Read(q, ents, s)
	var b strings.Builder
	if res.Frame != nil {
		for _, l := range strings.Split(strings.TrimRight(res.Frame.String(), "\n"), "\n") {
			b.WriteString("  " + l + "\n")
		}
	}
	if len(res.Readings) == 0 {
		fmt.Fprintf(&b, "  no reading: %s\n", res.Unread)
	}
	for _, rd := range res.Readings {
		fmt.Fprintf(&b, "  reading %.2f: %s\n    chain %s\n", rd.Confidence, rd.Text, rd.Chain)
		if rd.Named {
			b.WriteString("    named: the question's words name every relation walked\n")
		}
		for _, h := range rd.Having {
			loose := ""
			if h.Loose {
				loose = " (loose)"
			}
			fmt.Fprintf(&b, "    having %s %s%s\n", state.ChainStep{Edges: h.Edges}, ents[h.Ent].Name, loose)
		}
		for _, d := range rd.Doubts {
			fmt.Fprintf(&b, "    doubt: %s\n", d)
		}
	}
	return b.String()
}

func readOpenFile(t *testing.T, file string) (graphPath string, questions []string, raw string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "graph: "):
			graphPath = strings.TrimPrefix(line, "graph: ")
		case strings.HasPrefix(line, "q: "):
			questions = append(questions, strings.TrimPrefix(line, "q: "))
		}
	}
	if graphPath == "" {
		t.Fatalf("%s: no \"graph: PATH\" line", file)
	}
	return graphPath, questions, string(data)
}

// firstDiff shows the first line where want and got differ, with a line
// of context.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, a, b)
		}
	}
	return ""
}
