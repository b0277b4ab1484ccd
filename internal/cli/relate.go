package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

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
// with auto, the similarity of all-MiniLM-L6-v2 where scripts/embed-model
// installed it ($SCGRAPH_CACHE/embed, else the .cache/embed of the working
// directory or a parent), else nil, and so for none: such a question
// ends no_relation. The model is loaded the first time a question needs
// it.
func relator(mode string, e *env) (plan.Relator, error) {
	switch mode {
	case relateNone:
		return nil, nil
	case relateAuto, "":
	default:
		return nil, usagef("--relate is auto or none, not %q", mode)
	}
	dir := embed.CacheDir()
	if c := e.getenv("SCGRAPH_CACHE"); c != "" {
		dir = filepath.Join(c, "embed")
	}
	dir = filepath.Join(dir, embed.MiniLMDir)
	if _, err := os.Stat(filepath.Join(dir, "model.onnx")); err != nil {
		return nil, nil
	}
	return relsim.New(&lazyMiniLM{dir: dir}), nil
}

// lazyMiniLM is all-MiniLM-L6-v2 from dir, loaded on first use.
type lazyMiniLM struct {
	dir  string
	once sync.Once
	m    *embed.BERT
	err  error
}

func (l *lazyMiniLM) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	l.once.Do(func() {
		l.m, l.err = embed.LoadMiniLM(l.dir)
		if l.err != nil {
			l.err = fmt.Errorf("load all-MiniLM-L6-v2 (reinstall it with scripts/embed-model): %w", l.err)
		}
	})
	if l.err != nil {
		return nil, l.err
	}
	return l.m.EmbedDocuments(ctx, texts)
}
