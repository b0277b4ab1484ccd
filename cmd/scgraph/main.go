// Command scgraph answers multi-hop questions over a knowledge graph with
// a self-correcting GraphRAG loop. Run `scgraph help` for the commands.
package main

import (
	"os"

	"github.com/scgraph/scgraph/internal/cli"
)

func main() {
	ctx, stop := cli.SignalContext(os.Stderr)
	code := cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
