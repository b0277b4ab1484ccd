package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/mcpserver"
)

// groupsGraph has public facts and facts only sec or eng may see.
const groupsGraph = `{"subject":"api","relation":"CALLS","object":"pub"}
{"subject":"api","relation":"CALLS","object":"vault","acl":["sec"]}
{"subject":"api","relation":"CALLS","object":"build","acl":["eng"]}
{"subject":"vault","relation":"DEPENDS_ON","object":"hsm","acl":["sec"]}
`

// groupsSettings are the ways a command is told its caller, and the
// callees of api that caller sees.
var groupsSettings = []struct {
	name string
	args []string
	vars map[string]string
	sees []string
}{
	{"no flag, no variable (the owner)", nil, nil, []string{"build", "pub", "vault"}},
	{"--groups=", []string{"--groups="}, nil, []string{"pub"}},
	{`--groups ""`, []string{"--groups", ""}, nil, []string{"pub"}},
	{"SCGRAPH_GROUPS set to nothing", nil, map[string]string{"SCGRAPH_GROUPS": ""}, []string{"pub"}},
	{"--groups=sec", []string{"--groups=sec"}, nil, []string{"pub", "vault"}},
	{"SCGRAPH_GROUPS=eng", nil, map[string]string{"SCGRAPH_GROUPS": "eng"}, []string{"build", "pub"}},
	{"--groups= over SCGRAPH_GROUPS=sec", []string{"--groups="}, map[string]string{"SCGRAPH_GROUPS": "sec"}, []string{"pub"}},
}

// envWith is an environment holding exactly vars, set-but-empty included.
func envWith(vars map[string]string, stdin io.Reader, stdout, stderr io.Writer) *env {
	return &env{stdin: stdin, stdout: stdout, stderr: stderr,
		getenv:    func(k string) string { return vars[k] },
		lookupEnv: func(k string) (string, bool) { v, ok := vars[k]; return v, ok }}
}

// TestGroupsSameEverywhere: ask, mcp over stdio and mcp over HTTP decide
// the caller by one rule, so each way of naming the groups sees the same
// facts through each of them; `--groups=` and an empty SCGRAPH_GROUPS are
// a caller in no group, never the owner (issue 30).
func TestGroupsSameEverywhere(t *testing.T) {
	path := filepath.Join(t.TempDir(), "acl.jsonl")
	if err := os.WriteFile(path, []byte(groupsGraph), 0o644); err != nil {
		t.Fatal(err)
	}
	const question = "What does api call?"
	for _, s := range groupsSettings {
		t.Run(s.name, func(t *testing.T) {
			// ask
			var out, errb bytes.Buffer
			args := append([]string{"ask", "--json", "--quiet", "--lexicon", "none", "--graph", path}, s.args...)
			if code := mainEnv(t.Context(), append(args, question), envWith(s.vars, strings.NewReader(""), &out, &errb)); code != exitOK {
				t.Fatalf("ask: exit %d: %s", code, errb.String())
			}
			var res askOutput
			decodeOneJSON(t, out.String(), &res)
			var got []string
			for _, a := range res.Answers {
				got = append(got, a.Name)
			}
			sort.Strings(got)
			if !slices.Equal(got, s.sees) {
				t.Errorf("ask: api calls %v, want %v", got, s.sees)
			}
			mcpArgs := append([]string{"mcp", "--quiet", "--lexicon", "none", "--graph", path}, s.args...)
			for transport, cs := range map[string]*mcp.ClientSession{
				"stdio": mcpStdio(t, mcpArgs, s.vars),
				"http":  mcpHTTP(t, mcpArgs, s.vars),
			} {
				var ans mcpserver.AskOutput
				callMCP(t, cs, mcpserver.ToolAsk, mcpserver.AskInput{Question: question}, &ans)
				var names []string
				for _, a := range ans.Answers {
					names = append(names, a.Name)
				}
				sort.Strings(names)
				if !slices.Equal(names, s.sees) {
					t.Errorf("mcp over %s: ask: api calls %v, want %v", transport, names, s.sees)
				}
				var nb mcpserver.NeighboursOutput
				callMCP(t, cs, mcpserver.ToolNeighbours, mcpserver.NeighboursInput{Entity: "api"}, &nb)
				names = nil
				for _, f := range nb.Facts {
					names = append(names, f.Neighbour)
				}
				sort.Strings(names)
				if !slices.Equal(names, s.sees) {
					t.Errorf("mcp over %s: neighbours of api %v, want %v", transport, names, s.sees)
				}
				cs.Close()
			}
		})
	}
}

// callMCP calls a tool that must succeed and decodes its structured
// output into out.
func callMCP(t *testing.T, cs *mcp.ClientSession, tool string, args, out any) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil || res.IsError {
		t.Fatalf("%s: %v %+v", tool, err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatalf("%s: %v: %s", tool, err, b)
	}
}

// mcpStdio runs `scgraph mcp args` on pipes as main would, with vars as
// its environment, and connects a client; the server ends when the test
// does.
func mcpStdio(t *testing.T, args []string, vars map[string]string) *mcp.ClientSession {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var errb syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- mainEnv(ctx, args, envWith(vars, serverIn, serverOut, &errb))
		serverOut.Close()
	}()
	t.Cleanup(func() {
		cancel()
		clientOut.Close()
		<-done
	})
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatalf("%v: %v; stderr %s", args, err, errb.String())
	}
	return cs
}

// mcpHTTP runs `scgraph mcp args --http 127.0.0.1:0` with vars as its
// environment and connects a client to the address it reports; the
// server ends when the test does.
func mcpHTTP(t *testing.T, args []string, vars map[string]string) *mcp.ClientSession {
	t.Helper()
	errR, errW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- mainEnv(ctx, append(slices.Clone(args), "--http", "127.0.0.1:0"), envWith(vars, strings.NewReader(""), io.Discard, errW))
		errW.Close()
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	url := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`at (http://\S+/mcp)`)
		sc := bufio.NewScanner(errR)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				url <- m[1]
			}
		}
		close(url)
	}()
	var endpoint string
	select {
	case u, ok := <-url:
		if !ok {
			t.Fatalf("%v: the server ended without serving", args)
		}
		endpoint = u
	case <-time.After(time.Minute):
		t.Fatalf("%v: the server did not say where it listens", args)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: endpoint}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader on two
// goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestMCPSchemaNamesNoPath: the schema tool names the graph file without
// its directory (issue 30: it sent the server's path to every client).
func TestMCPSchemaNamesNoPath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "acl.jsonl")
	if err := os.WriteFile(path, []byte(groupsGraph), 0o644); err != nil {
		t.Fatal(err)
	}
	cs := mcpStdio(t, []string{"mcp", "--quiet", "--graph", path}, nil)
	var out mcpserver.SchemaOutput
	callMCP(t, cs, mcpserver.ToolSchema, struct{}{}, &out)
	if out.Store != "acl.jsonl" {
		t.Errorf("schema names the store %q, want acl.jsonl", out.Store)
	}
	cs.Close()
}
