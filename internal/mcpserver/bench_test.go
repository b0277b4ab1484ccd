package mcpserver_test

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/mcpserver"
)

// BenchmarkAsk measures what MCP adds to a question: the same demo
// question answered by the agent directly and through the server with the
// Go SDK's client in memory (JSON both ways, schema checks on both ends).
func BenchmarkAsk(b *testing.B) {
	st := demoStoreB(b)
	b.Run("agent", func(b *testing.B) {
		for b.Loop() {
			if _, err := agent.New(st).Run(context.Background(), demoQuestion); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("mcp", func(b *testing.B) {
		srv, err := mcpserver.New(st, mcpserver.Options{})
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		t1, t2 := mcp.NewInMemoryTransports()
		ss, err := srv.MCP().Connect(ctx, t1, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer ss.Close()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench"}, nil).Connect(ctx, t2, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		for b.Loop() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: mcpserver.ToolAsk, Arguments: mcpserver.AskInput{Question: demoQuestion}})
			if err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
	})
}
