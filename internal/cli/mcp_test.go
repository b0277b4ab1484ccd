package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/mcpserver"
)

// TestMCPStdio runs `scgraph mcp` as main would, on pipes, and drives it
// with the Go SDK's client: the command serves MCP on stdout and nothing
// else, and ends when the client closes the session.
func TestMCPStdio(t *testing.T) {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var errb bytes.Buffer
	e := &env{stdin: serverIn, stdout: serverOut, stderr: &errb, getenv: func(string) string { return "" }}
	code := make(chan int, 1)
	go func() {
		code <- mainEnv(t.Context(), []string{"mcp", "--groups", "eng, ops"}, e)
		serverOut.Close()
	}()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolAsk, Arguments: mcpserver.AskInput{Question: "Who owns the payment service?"}})
	if err != nil || res.IsError {
		t.Fatalf("ask: %v %v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out mcpserver.AskOutput
	if err := json.Unmarshal(b, &out); err != nil || len(out.Answers) == 0 || !out.Complete {
		t.Errorf("ask over stdio: %s (%v)", b, err)
	}
	cs.Close()
	if c := <-code; c != exitOK {
		t.Errorf("exit %d after the client closed; stderr %s", c, errb.String())
	}
}

func TestMCPUsage(t *testing.T) {
	code, stdout, stderr := invoke(t, "", "mcp", "--help")
	if code != exitOK || stdout != "" || !strings.Contains(stderr, "mcpServers") || !strings.Contains(stderr, "--tokens") {
		t.Errorf("--help: exit %d, stdout %q; want the usage with a client configuration on stderr", code, stdout)
	}
	bad := filepath.Join(t.TempDir(), "tokens.json")
	if err := os.WriteFile(bad, []byte("{\n  \"t\": oops\n}"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		exit int
		says string
	}{
		{[]string{"mcp", "extra"}, exitUsage, "no arguments"},
		{[]string{"mcp", "--tokens", bad}, exitUsage, "--tokens is for --http"},
		{[]string{"mcp", "--http", "127.0.0.1:0", "--tokens", bad}, exitError, bad + ":2"},
		{[]string{"mcp", "--http", "a:b:c"}, exitUsage, "host:port"},
	} {
		code, _, stderr := invoke(t, "", c.args...)
		if code != c.exit || !strings.Contains(stderr, c.says) {
			t.Errorf("%v: exit %d, stderr %q; want %d saying %q", c.args, code, stderr, c.exit, c.says)
		}
	}
}

func TestHTTPAddr(t *testing.T) {
	for in, want := range map[string]string{":8765": "127.0.0.1:8765", "8765": "127.0.0.1:8765", "0.0.0.0:1": "0.0.0.0:1", "[::1]:9": "[::1]:9"} {
		if got, err := httpAddr(in); err != nil || got != want {
			t.Errorf("httpAddr(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
