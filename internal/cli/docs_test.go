package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/doccheck"
	"github.com/scgraph/scgraph/internal/embed"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the output README.md and docs/*.md show from what their commands print")

// repoRoot returns the repository's root, absolute (the tests change
// directory into their sandboxes).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// sandboxEntries are the repository's entries a page's commands may read,
// copied into each page's sandbox.
var sandboxEntries = []string{"testdata", "internal/demo", "scripts"}

// coveredCommands reads testdata/docs-covered.txt: the commands the pages
// show that this test does not run, each with what runs it.
func coveredCommands(t *testing.T, root string) map[string]string {
	t.Helper()
	covered, err := doccheck.ReadCovered(filepath.Join(root, "internal", "cli", "testdata", "docs-covered.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return covered
}

// docRunner runs a page's commands in dir, scgraph in-process; python is
// the Python with the MCP client ("" when there is none).
func docRunner(root, dir, python string, covered map[string]string) *doccheck.Runner {
	data := filepath.Join(root, "..", "shared", "data")
	return &doccheck.Runner{
		Dir:     dir,
		Scgraph: runDocScgraph,
		Env:     map[string]string{},
		Vars:    map[string]string{"DATA": data},
		// The data's place differs from machine to machine: output
		// shows it as $DATA, as the page's commands name it.
		Replace: [][2]string{{"$DATA", data}},
		Programs: map[string]doccheck.Program{
			"go":                           doccheck.GoTest(root),
			".cache/mcp-python/bin/python": mcpClientProgram(python),
			"make":                         doccheck.Make(root),
		},
		Covered: covered,
		Update:  *updateDocs,
	}
}

// TestDocs runs every command README.md and docs/*.md show, in a sandbox
// per page (the repository's data linked in), and compares what each
// prints with the output the page shows. Blocks tagged neo4j run in
// package cypher's TestDocsNeo4j, against the test server; blocks tagged
// llm run against a scripted OpenAI-compatible server (the address
// 127.0.0.1:18080 the pages show stands for it); blocks tagged devdata
// need ../shared/data (skipped without it, failing under CI=true); blocks
// tagged minilm need the installed model. go test ./internal/cli -run
// TestDocs -update-docs rewrites the shown output that differs.
func TestDocs(t *testing.T) {
	root := repoRoot(t)
	covered := coveredCommands(t, root)
	shown := map[string]bool{}
	python, pyErr := findOutsidePython(root)
	cache := embed.CacheDir()
	_, noModel := os.Stat(filepath.Join(cache, embed.MiniLMDir, "model.onnx"))
	srv := newChatServer(t, map[string][]scripted{
		markPlan:   {{content: llmPlan}},
		markAnswer: {{content: llmAnswer}},
	})
	srv.anyModel = true
	pages, err := doccheck.Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		blocks, err := doccheck.ParseMarkdown(page, raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			for _, c := range b.Commands {
				shown[c.Text] = true
			}
		}
		t.Run(rel, func(t *testing.T) {
			dir := doccheck.Sandbox(t, root, sandboxEntries...)
			t.Chdir(dir)
			r := docRunner(root, dir, python, covered)
			r.Replace = append(r.Replace, [2]string{"http://127.0.0.1:18080", srv.URL})
			r.Env["OPENAI_BASE_URL"] = srv.URL + "/v1"
			r.Run(t, blocks, func(b doccheck.Block) bool {
				switch {
				case b.Tagged("neo4j"):
					return false
				case b.Tagged("devdata"):
					if _, err := os.Stat(r.Vars["DATA"]); err != nil {
						if os.Getenv("CI") == "true" {
							t.Fatalf("%s:%d needs the development data under CI: %v", rel, b.Line, err)
						}
						t.Logf("%s:%d: skipped: no development data (%v)", rel, b.Line, err)
						return false
					}
				case b.Tagged("minilm"):
					if noModel != nil {
						if os.Getenv("CI") == "true" {
							t.Fatalf("%s:%d needs all-MiniLM-L6-v2 under CI: %v", rel, b.Line, noModel)
						}
						t.Logf("%s:%d: skipped: all-MiniLM-L6-v2 is not installed", rel, b.Line)
						return false
					}
					r.Env["SCGRAPH_CACHE"] = filepath.Dir(cache)
				case b.Tagged("mcp-python"):
					if pyErr != nil {
						if os.Getenv("CI") == "true" {
							t.Fatalf("%s:%d needs the Python MCP client under CI: %v", rel, b.Line, pyErr)
						}
						t.Logf("%s:%d: skipped: %v", rel, b.Line, pyErr)
						return false
					}
				}
				return true
			})
			if err := r.WriteUpdates(); err != nil {
				t.Fatal(err)
			}
		})
	}
	for k := range covered {
		if !shown[k] {
			t.Errorf("testdata/docs-covered.txt lists %q, which no page shows", k)
		}
	}
}

// TestHelpExamples runs the examples of every command's help text from a
// sandbox holding what a fresh clone holds (no ../shared), in order, each
// command's examples after the ones before, and wants each to succeed.
func TestHelpExamples(t *testing.T) {
	root := repoRoot(t)
	covered := coveredCommands(t, root)
	dir := doccheck.Sandbox(t, root, sandboxEntries...)
	t.Chdir(dir)
	names := []string{""} // scgraph help, then each command's
	for _, c := range commands() {
		names = append(names, c.name)
	}
	for _, name := range names {
		var out, errb strings.Builder
		mainEnv(t.Context(), strings.Fields("help "+name), &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		help := out.String() + errb.String()
		cmds := doccheck.UsageExamples("help "+name, help)
		if len(cmds) == 0 {
			continue
		}
		t.Run("help "+name, func(t *testing.T) {
			r := docRunner(root, dir, "", covered)
			b := doccheck.Block{File: "scgraph help " + name, Lang: "sh"}
			for _, cmd := range cmds {
				if needsNeo4j(cmd.Text) {
					t.Logf("%s: runs in package cypher's TestDocsNeo4j", cmd.Text)
					continue
				}
				r.RunCommand(t, b, cmd)
			}
		})
	}
}

// findOutsidePython returns the Python that has the MCP client package:
// SCGRAPH_MCP_PYTHON, or the one scripts/mcp-python installed.
func findOutsidePython(root string) (string, error) {
	if py := os.Getenv("SCGRAPH_MCP_PYTHON"); py != "" {
		return py, nil
	}
	out, err := exec.Command(filepath.Join(root, "scripts", "mcp-python"), "path").Output()
	if err != nil {
		return "", fmt.Errorf("no Python MCP client (scripts/mcp-python install): %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// needsNeo4j reports whether a help example talks to Neo4j.
func needsNeo4j(cmd string) bool {
	return strings.Contains(cmd, "--store neo4j") || strings.Contains(cmd, "--neo4j-finish") || strings.Contains(cmd, "NEO4J_URI")
}

// runDocScgraph runs scgraph in-process for a page or a help text. Two
// commands a person runs at a terminal are run as one would: chat, given
// no input, gets one question typed and then :quit; mcp --http, which
// serves until stopped, is stopped once it answers an HTTP request (on a
// free port, so that runs in parallel do not collide).
func runDocScgraph(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	if len(args) > 0 && args[0] == "chat" {
		if r, ok := stdin.(*strings.Reader); ok && r.Len() == 0 {
			stdin = strings.NewReader("Who owns the payment service?\n:quit\n")
		}
	}
	if len(args) > 0 && args[0] == "mcp" && slices.Contains(args, "--http") {
		return serveUntilAnswered(ctx, args, stdout, stderr, getenv)
	}
	return mainEnv(ctx, args, &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv})
}

// serveUntilAnswered runs mcp --http on a free port until its endpoint
// answers a request, then stops it; 0 when it served and stopped cleanly.
func serveUntilAnswered(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	args = slices.Clone(args)
	for i := range args {
		if args[i] == "--http" && i+1 < len(args) {
			args[i+1] = "127.0.0.1:0"
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := mainEnv(ctx, args, &env{stdin: strings.NewReader(""), stdout: stdout, stderr: pw, getenv: getenv})
		pw.Close()
		done <- code
	}()
	served := false
	sc := bufio.NewScanner(pr)
	re := regexp.MustCompile(`at (http://\S+/mcp)`)
	for sc.Scan() {
		fmt.Fprintln(stderr, sc.Text())
		if m := re.FindStringSubmatch(sc.Text()); m != nil && !served {
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, m[1], strings.NewReader("{}"))
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
				served = true
				fmt.Fprintf(stderr, "(the endpoint answered %s; stopping the server)\n", resp.Status)
			}
			cancel()
		}
	}
	code := <-done
	switch {
	case served && (code == exitOK || code == exitInterrupted):
		return exitOK
	case code == exitOK:
		return exitError // it stopped before it answered a request
	}
	return code
}

// mcpClientProgram runs the Python MCP SDK's client a page shows
// (".cache/mcp-python/bin/python scripts/mcp-client.py ... --stdio scgraph
// mcp ..."): the installed client, against this test binary standing in
// for scgraph.
func mcpClientProgram(py string) doccheck.Program {
	return func(ctx context.Context, sh doccheck.Shell, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
		if py == "" {
			return 0, fmt.Errorf("no Python MCP client (scripts/mcp-python install)")
		}
		exe, err := os.Executable()
		if err != nil {
			return 0, err
		}
		args := append([]string(nil), sh.Args[1:]...)
		for i, a := range args {
			if a == "scgraph" {
				args = append(args[:i:i], append([]string{"env", "SCGRAPH_TEST_MAIN=1", exe}, args[i+1:]...)...)
				break
			}
		}
		cmd := exec.CommandContext(ctx, py, args...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
		cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				return ee.ExitCode(), nil
			}
			return 0, fmt.Errorf("%v: %w", cmd.Args, err)
		}
		return 0, nil
	}
}
