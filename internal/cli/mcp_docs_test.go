package cli

import (
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/mcpserver"
	"github.com/scgraph/scgraph/internal/route"
)

// TestMCPAskMatchesCLIOnDocuments serves a documents snapshot over MCP and
// asks a relation question, a lookup and a global question both ways: MCP's
// ask gives the route, the passages, the citations and the confidence that
// 'scgraph ask --json' gives.
func TestMCPAskMatchesCLIOnDocuments(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "four.snap")
	ingestDocsJSON(t, "--docs", fourDocs, "-o", snap, "--embedder", "hashed")

	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	e := &env{stdin: serverIn, stdout: serverOut, stderr: io.Discard, getenv: func(string) string { return "" }}
	done := make(chan int, 1)
	go func() {
		done <- mainEnv(t.Context(), []string{"mcp", "--graph", snap}, e)
		serverOut.Close()
	}()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cs.Close()
		<-done
	}()

	// cliAnswer is what both ways must agree on.
	type answer struct {
		Route      route.Route
		Passages   []string
		Citations  []string
		Confidence float64
		Answers    []string
	}
	chunks := func(ps []hybrid.Passage) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Chunk)
		}
		return out
	}
	cites := func(cs []docs.Citation) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Chunk+" "+c.Subject+" "+c.Relation+" "+c.Object)
		}
		return out
	}
	for _, q := range []struct {
		question string
		route    route.Route
	}{
		{"What breaks if the Ledger Database goes down?", route.Relation},
		{"Which document says who owns the Fulfillment Service?", route.Lookup},
		{"What are the biggest risks in our infrastructure?", route.Global},
	} {
		code, out, errs := runCLI(t, "ask", "--graph", snap, "--json", q.question)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", q.question, code, errs)
		}
		var c struct {
			Route           route.Decision   `json:"route"`
			RelatedPassages []hybrid.Passage `json:"related_passages"`
			Citations       []docs.Citation  `json:"citations"`
			Confidence      float64          `json:"confidence"`
			Answers         []struct {
				Name string `json:"name"`
			} `json:"answers"`
		}
		if err := json.Unmarshal([]byte(out), &c); err != nil {
			t.Fatal(err)
		}
		want := answer{Route: c.Route.Route, Passages: chunks(c.RelatedPassages), Citations: cites(c.Citations), Confidence: c.Confidence}
		for _, a := range c.Answers {
			want.Answers = append(want.Answers, a.Name)
		}

		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolAsk, Arguments: mcpserver.AskInput{Question: q.question}})
		if err != nil || res.IsError {
			t.Fatalf("%s: MCP ask: %v %v", q.question, err, res)
		}
		b, _ := json.Marshal(res.StructuredContent)
		var m mcpserver.AskOutput
		if err := json.Unmarshal(b, &m); err != nil || m.Route == nil {
			t.Fatalf("%s: MCP ask gave %s (%v)", q.question, b, err)
		}
		got := answer{Route: route.Route(0), Passages: chunks(m.Passages), Citations: cites(m.Citations), Confidence: m.Confidence}
		for _, a := range m.Answers {
			got.Answers = append(got.Answers, a.Name)
		}
		if m.Route.Route != q.route.String() || want.Route != q.route {
			t.Errorf("%s: routed %s over MCP and %s by the CLI, want %s", q.question, m.Route.Route, want.Route, q.route)
		}
		got.Route = want.Route
		if !slices.Equal(got.Passages, want.Passages) || !slices.Equal(got.Citations, want.Citations) ||
			got.Confidence != want.Confidence || !slices.Equal(got.Answers, want.Answers) {
			t.Errorf("%s:\n MCP %+v\n CLI %+v", q.question, got, want)
		}
		if q.route != route.Global && len(got.Passages) == 0 || q.route == route.Global && m.Global == nil {
			t.Errorf("%s: no passages, or no summaries for a global question: %s", q.question, b)
		}
		if q.route == route.Relation && (len(got.Citations) == 0 || got.Confidence == 0) {
			t.Errorf("%s: no citations or no confidence: %+v", q.question, got)
		}
	}
}
