// Package paritytest checks that the MCP server answers as the command
// line does: it asks the same questions through 'scgraph ask --json' and
// through the ask tool of 'scgraph mcp', both over the same graph flags,
// and reports every field a client reads that differs.
package paritytest

import (
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/mcpserver"
)

// Answer is what both ways must agree on: the fields of ask's output a
// client reads, with the paths as strings.
type Answer struct {
	Answer     string
	Summary    string
	Doubt      string
	DidYouMean []string
	Answers    []string // name (type) score
	Paths      []string
	Total      int
	Complete   bool
	Confidence float64
	Reading    string
	StopReason string
	Iterations int
	StoreCalls int
}

// cliJSON is the part of 'scgraph ask --json' Answer reads.
type cliJSON struct {
	Answer     string   `json:"answer"`
	Summary    string   `json:"summary"`
	Doubt      string   `json:"doubt"`
	DidYouMean []string `json:"did_you_mean"`
	Answers    []struct {
		Name  string  `json:"name"`
		Type  string  `json:"type"`
		Score float64 `json:"score"`
	} `json:"answers"`
	Paths      []json.RawMessage `json:"paths"`
	Total      int               `json:"total"`
	Complete   bool              `json:"complete"`
	Confidence float64           `json:"confidence"`
	Reading    string            `json:"reading"`
	StopReason string            `json:"stop_reason"`
	Iterations int               `json:"iterations"`
	Stats      struct {
		StoreCalls int `json:"store_calls"`
	} `json:"stats"`
}

// Check asks every question both ways, with graph naming the graph
// ("--graph", "g.snap" or "--store", "neo4j") and getenv the environment
// of both commands, and fails the test on any difference. It returns the
// answers, for the caller to check what they say.
func Check(t *testing.T, graph []string, getenv func(string) string, questions []string) []Answer {
	t.Helper()
	ctx := t.Context()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	var serverErr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- cli.MainEnv(ctx, append([]string{"mcp", "--quiet"}, graph...), serverIn, serverOut, &serverErr, getenv)
		serverOut.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "paritytest"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatalf("connecting to scgraph mcp %v: %v (%s)", graph, err, serverErr.String())
	}
	defer func() {
		cs.Close()
		clientOut.Close()
		<-done
	}()
	var out []Answer
	for _, q := range questions {
		var stdout, stderr strings.Builder
		args := append(append([]string{"ask", "--json", "--quiet"}, graph...), q)
		if code := cli.MainEnv(ctx, args, strings.NewReader(""), &stdout, &stderr, getenv); code != 0 {
			t.Fatalf("scgraph %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		var c cliJSON
		if err := json.Unmarshal([]byte(stdout.String()), &c); err != nil {
			t.Fatalf("%s: the CLI's JSON: %v", q, err)
		}
		want := Answer{Answer: c.Answer, Summary: c.Summary, Doubt: c.Doubt, DidYouMean: c.DidYouMean, Total: c.Total,
			Complete: c.Complete, Confidence: c.Confidence, Reading: c.Reading, StopReason: c.StopReason,
			Iterations: c.Iterations, StoreCalls: c.Stats.StoreCalls}
		for _, a := range c.Answers {
			want.Answers = append(want.Answers, fmt.Sprintf("%s (%s) %.3f", a.Name, a.Type, a.Score))
		}
		for _, p := range c.Paths {
			want.Paths = append(want.Paths, string(p))
		}

		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolAsk, Arguments: mcpserver.AskInput{Question: q}})
		if err != nil || res.IsError {
			t.Fatalf("%s: MCP ask: %v %+v", q, err, res)
		}
		b, _ := json.Marshal(res.StructuredContent)
		var m mcpserver.AskOutput
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: MCP ask gave %s: %v", q, b, err)
		}
		got := Answer{Answer: m.Answer, Summary: m.Summary, Doubt: m.Doubt, DidYouMean: m.DidYouMean, Total: m.Total,
			Complete: m.Complete, Confidence: m.Confidence, Reading: m.Reading, StopReason: m.StopReason,
			Iterations: m.Iterations, StoreCalls: m.Stats.StoreCalls}
		for _, a := range m.Answers {
			got.Answers = append(got.Answers, fmt.Sprintf("%s (%s) %.3f", a.Name, a.Type, a.Score))
		}
		for _, p := range m.Paths {
			pb, _ := json.Marshal(p)
			got.Paths = append(got.Paths, string(pb))
		}
		if !reflect.DeepEqual(normalise(got), normalise(want)) {
			t.Errorf("%s: MCP ask and 'scgraph ask --json' differ:\n MCP %+v\n CLI %+v", q, got, want)
		}
		out = append(out, want)
	}
	return out
}

// normalise makes the JSON of a path compact, whatever its indenting.
func normalise(a Answer) Answer {
	for i, p := range a.Paths {
		var v any
		if json.Unmarshal([]byte(p), &v) == nil {
			b, _ := json.Marshal(v)
			a.Paths[i] = string(b)
		}
	}
	return a
}
