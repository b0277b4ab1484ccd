package cypher_test

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/doccheck"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the Neo4j output README.md and docs/*.md show from what their commands print")

// TestDocsNeo4j runs what README.md, docs/*.md and the help texts show of
// Neo4j against the test server (wiped first; it holds serverMu, as every
// test of the server's database does): the blocks tagged neo4j, with the
// other blocks of their page before them, and the help examples that name
// Neo4j, with the examples before them. package cli's TestDocs and
// TestHelpExamples run the rest.
func TestDocsNeo4j(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	// Each page and help text starts from an empty database.
	wipe := func(t *testing.T) {
		if err := s.Wipe(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	covered, err := doccheck.ReadCovered(filepath.Join(root, "internal", "cli", "testdata", "docs-covered.txt"))
	if err != nil {
		t.Fatal(err)
	}
	neo := map[string]string{}
	for _, k := range []string{"NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE"} {
		neo[k] = os.Getenv(k)
	}
	scgraph := func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
		return cli.MainEnv(ctx, args, stdin, stdout, stderr, getenv)
	}
	newRunner := func(dir string) *doccheck.Runner {
		r := &doccheck.Runner{
			Dir:      dir,
			Scgraph:  scgraph,
			Env:      map[string]string{},
			Vars:     map[string]string{},
			Programs: map[string]doccheck.Program{"go": doccheck.GoTest(root), "make": doccheck.Make(root)},
			Covered:  covered,
			Update:   *updateDocs,
			// The pages show the address scripts/neo4j uses by default.
			Replace: [][2]string{{"bolt://127.0.0.1:7687", neo["NEO4J_URI"]}},
		}
		r.Special = map[string]func() error{
			`eval "$(scripts/neo4j env)"`: func() error {
				for k, v := range neo {
					r.Env[k] = v
				}
				return nil
			},
		}
		return r
	}
	entries := []string{"testdata", "internal/demo", "scripts"}

	pages, err := doccheck.Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := doccheck.ParseMarkdown(page, raw)
		if err != nil {
			t.Fatal(err)
		}
		last := -1
		for i, b := range blocks {
			if b.Tagged("neo4j") {
				last = i
			}
		}
		if last < 0 {
			continue
		}
		rel, _ := filepath.Rel(root, page)
		t.Run(rel, func(t *testing.T) {
			wipe(t)
			dir := doccheck.Sandbox(t, root, entries...)
			t.Chdir(dir)
			r := newRunner(dir)
			r.Run(t, blocks[:last+1], func(b doccheck.Block) bool {
				return !b.Tagged("llm") && !b.Tagged("devdata") && !b.Tagged("minilm") && !b.Tagged("mcp-python")
			})
			if err := r.WriteUpdates(); err != nil {
				t.Fatal(err)
			}
		})
	}

	var top strings.Builder
	cli.MainEnv(t.Context(), []string{"help"}, strings.NewReader(""), &top, &top, func(string) string { return "" })
	for _, name := range commandNames(top.String()) {
		var help strings.Builder
		cli.MainEnv(t.Context(), []string{"help", name}, strings.NewReader(""), &help, &help, func(string) string { return "" })
		cmds := doccheck.UsageExamples("scgraph help "+name, help.String())
		last := -1
		for i, c := range cmds {
			if namesNeo4j(c.Text) {
				last = i
			}
		}
		if last < 0 {
			continue
		}
		t.Run("help "+name, func(t *testing.T) {
			wipe(t)
			dir := doccheck.Sandbox(t, root, entries...)
			t.Chdir(dir)
			r := newRunner(dir)
			b := doccheck.Block{File: "scgraph help " + name, Lang: "sh"}
			for _, c := range cmds[:last+1] {
				r.Env = map[string]string{}
				if namesNeo4j(c.Text) {
					r.Env = neo
				}
				r.RunCommand(t, b, c)
			}
		})
	}
}

// namesNeo4j reports whether a help example talks to Neo4j.
func namesNeo4j(cmd string) bool {
	return strings.Contains(cmd, "--store neo4j") || strings.Contains(cmd, "--neo4j-finish")
}

// commandNames reads the command names under "Commands:" in scgraph help.
func commandNames(help string) []string {
	var names []string
	_, rest, _ := strings.Cut(help, "Commands:\n")
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "  ") {
			break
		}
		if f := strings.Fields(l); len(f) > 0 {
			names = append(names, f[0])
		}
	}
	return names
}
