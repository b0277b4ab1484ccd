// Command scgraph answers multi-hop questions over a knowledge graph with
// a self-correcting GraphRAG loop. Run `scgraph help` for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/scgraph/scgraph/internal/cli"
)

// graceAfterSignal is how long a command may take to end after SIGINT or
// SIGTERM cancelled its context (every network call notices at once);
// past it, or at a second signal, the process ends anyway.
const graceAfterSignal = 2 * time.Second

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // from now on a second signal ends the process at once
		time.Sleep(graceAfterSignal)
		fmt.Fprintf(os.Stderr, "scgraph: %v; the command did not end within %v, exiting\n", context.Cause(ctx), graceAfterSignal)
		os.Exit(130)
	}()
	os.Exit(cli.Main(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
