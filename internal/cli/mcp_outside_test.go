package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
)

// TestMain lets the test binary stand in for the scgraph command when an
// outside client launches it (SCGRAPH_TEST_MAIN=1), so that the outside
// client tests need no separate build.
func TestMain(m *testing.M) {
	if os.Getenv("SCGRAPH_TEST_MAIN") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// outsidePython returns the Python that has the `mcp` client package:
// SCGRAPH_MCP_PYTHON, or the one scripts/mcp-python installed. Without one
// the test is skipped, except under CI=true, where it fails.
func outsidePython(t *testing.T) string {
	t.Helper()
	if py := os.Getenv("SCGRAPH_MCP_PYTHON"); py != "" {
		return py
	}
	if out, err := exec.Command("../../scripts/mcp-python", "path").Output(); err == nil {
		return strings.TrimSpace(string(out))
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Python MCP client under CI=true: the outside client tests must run (scripts/mcp-python install; scripts/test does it)")
	}
	t.Skip("no Python MCP client; install it with scripts/mcp-python install (scripts/test does)")
	return ""
}

// exchange is one line of scripts/mcp-client.py's output.
type exchange struct {
	Tools []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"tools"`
	Tool       string          `json:"tool"`
	IsError    bool            `json:"is_error"`
	Text       string          `json:"text"`
	Structured json.RawMessage `json:"structured"`
	Progress   []struct {
		Progress float64 `json:"progress"`
		Message  string  `json:"message"`
	} `json:"progress"`
}

// TestMCPOutsideClient drives `scgraph mcp` with the Python MCP SDK's
// client, over stdio and over streamable HTTP with a bearer token.
func TestMCPOutsideClient(t *testing.T) {
	py := outsidePython(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	client, err := filepath.Abs("../../scripts/mcp-client.py")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()

	t.Run("stdio", func(t *testing.T) {
		cmd := exec.CommandContext(ctx, py, client, "--stdio", "env", "SCGRAPH_TEST_MAIN=1", exe, "mcp", "--store", "memory", "--quiet")
		checkExchanges(t, cmd)
	})

	t.Run("http", func(t *testing.T) {
		tokens := filepath.Join(t.TempDir(), "tokens.json")
		if err := os.WriteFile(tokens, []byte(`{"outside-client-token": ["eng"]}`), 0o600); err != nil {
			t.Fatal(err)
		}
		srv := exec.CommandContext(ctx, exe, "mcp", "--store", "memory", "--quiet", "--http", "127.0.0.1:0", "--tokens", tokens)
		srv.Env = []string{"SCGRAPH_TEST_MAIN=1", "PATH=" + os.Getenv("PATH")}
		stderr, err := srv.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			srv.Process.Signal(os.Interrupt)
			if err := srv.Wait(); err != nil {
				t.Errorf("the HTTP server did not stop cleanly on SIGINT: %v", err)
			}
		}()
		url := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(stderr)
			re := regexp.MustCompile(`at (http://\S+/mcp)`)
			for sc.Scan() {
				if m := re.FindStringSubmatch(sc.Text()); m != nil {
					url <- m[1]
				}
			}
		}()
		var endpoint string
		select {
		case endpoint = <-url:
		case <-ctx.Done():
			t.Fatal("the HTTP server did not say where it listens")
		}
		cmd := exec.CommandContext(ctx, py, client, "--http", endpoint, "--token", "outside-client-token")
		checkExchanges(t, cmd)
	})
}

// checkExchanges runs the outside client and checks every exchange against
// the agent run in-process.
func checkExchanges(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		t.Fatalf("%v: %v\n%s", cmd.Args, err, msg)
	}
	var xs []exchange
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var x exchange
		if err := json.Unmarshal([]byte(line), &x); err != nil {
			t.Fatalf("client output %q: %v", line, err)
		}
		xs = append(xs, x)
	}
	if len(xs) == 0 || len(xs[0].Tools) == 0 {
		t.Fatalf("no tools listed: %s", out)
	}
	var names []string
	for _, tool := range xs[0].Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if want := []string{"ask", "explain", "find_entities", "neighbours", "schema"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}

	st, err := demo.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	seen := map[string]bool{}
	for _, x := range xs[1:] {
		var s struct {
			Question string `json:"question"`
			Answer   string `json:"answer"`
			Complete bool   `json:"complete"`
			Facts    []any  `json:"facts"`
			Types    []any  `json:"types"`
			Cands    []any  `json:"candidates"`
		}
		if !x.IsError {
			if err := json.Unmarshal(x.Structured, &s); err != nil {
				t.Fatalf("%s: %v", x.Tool, err)
			}
		}
		switch {
		case x.IsError:
			if x.Tool != "neighbours" || !strings.Contains(x.Text, "NO_SUCH_RELATION") {
				t.Errorf("%s: unexpected tool error %q", x.Tool, x.Text)
			}
			seen["error"] = true
		case x.Tool == "ask" || x.Tool == "explain":
			want, err := agent.New(st).Run(context.Background(), s.Question)
			if err != nil {
				t.Fatal(err)
			}
			if s.Answer != want.Answer || s.Complete != want.Complete {
				t.Errorf("%s %q over MCP: %q; in-process: %q", x.Tool, s.Question, s.Answer, want.Answer)
			}
			if len(x.Progress) != len(want.Trace) {
				t.Errorf("%s: %d progress notifications for %d steps", x.Tool, len(x.Progress), len(want.Trace))
			}
		case x.Tool == "neighbours" && len(s.Facts) == 0, x.Tool == "schema" && len(s.Types) == 0, x.Tool == "find_entities" && len(s.Cands) == 0:
			t.Errorf("%s: empty result %s", x.Tool, x.Structured)
		}
		seen[x.Tool] = true
	}
	for _, want := range []string{"ask", "explain", "find_entities", "neighbours", "schema", "error"} {
		if !seen[want] {
			t.Errorf("the client made no %s call", want)
		}
	}
}
