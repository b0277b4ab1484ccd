package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/progress"
)

const ingestVectorsUsage = `
Chunk vectors: every chunk is embedded and the vectors go beside the
snapshot (corpus.snap → corpus.vectors.bin, float32, its header naming the
embedder and the dimensions). --embedder minilm is all-MiniLM-L6-v2 run in
pure Go (384 dimensions; install it once with scripts/embed-model, which
puts it in $SCGRAPH_CACHE/embed, by default .cache/embed); --embedder hashed
needs no model (hashed words and trigrams, 512 dimensions). The default,
auto, is minilm when it is installed and hashed otherwise; the output says
which was used. Re-ingesting embeds only the chunks whose text changed;
switching embedders embeds them all again.

  scripts/embed-model && scgraph ingest --docs testdata/docs/demo -o corpus.snap
  scgraph ingest --docs testdata/docs/demo -o corpus.snap --embedder hashed
`

// chunkEmbedding is what ingest --docs --json reports of the vectors.
type chunkEmbedding struct {
	File     string `json:"file"`
	Embedder string `json:"embedder"`
	Dims     int    `json:"dims"`
	// FellBack is true when auto chose hashed because MiniLM is not installed.
	FellBack bool `json:"fell_back,omitempty"`
	embed.EmbedStats
}

// embedCacheDir is where the CLI looks for models: --embed-cache, else
// $SCGRAPH_CACHE/embed, else .cache/embed in the working directory.
func embedCacheDir(e *env, flag string) string {
	if flag != "" {
		return flag
	}
	if c := e.getenv("SCGRAPH_CACHE"); c != "" {
		return filepath.Join(c, "embed")
	}
	return filepath.Join(".cache", "embed")
}

// embedChunks embeds the index's chunks with the chosen embedder, keeping
// the vectors of unchanged chunks from the file at path (unless fresh).
// It writes nothing: the caller writes the vectors with the snapshot.
func embedChunks(ctx context.Context, e *env, d *docsIngestOptions, ix *docs.Index, path string, quiet bool) (*embed.Vectors, chunkEmbedding, error) {
	emb, fellBack, err := embed.Choose(d.embedder, embedCacheDir(e, d.embedCache))
	if err != nil && !errors.Is(err, embed.ErrNotInstalled) {
		return nil, chunkEmbedding{}, usageError{err.Error()}
	}
	if err != nil {
		return nil, chunkEmbedding{}, err
	}
	var prev *embed.Vectors
	if !d.fresh {
		vs, err := embed.ReadVectorsFile(path)
		switch {
		case err == nil:
			prev = vs
		case errors.Is(err, fs.ErrNotExist):
		default:
			// The vectors are derived data: a damaged file is rebuilt, not fatal.
			fmt.Fprintf(e.stderr, "re-embedding every chunk: %v\n", err)
		}
	}
	var passages []embed.Passage
	for _, doc := range ix.Documents {
		for _, c := range doc.Chunks {
			passages = append(passages, embed.Passage{ID: c.ID, Text: c.Text})
		}
	}
	var bar *progress.Bar
	show := func(done, total int) {
		if quiet {
			return
		}
		if bar == nil {
			bar = progress.New(e.stderr, "embedding chunks with "+emb.Name(), "chunks", int64(total))
		}
		bar.Set(int64(done))
	}
	vs, stats, err := embed.EmbedPassages(ctx, emb, passages, prev, 8, show)
	if err != nil {
		return nil, chunkEmbedding{}, err
	}
	if bar != nil {
		bar.Finish(fmt.Sprintf("%d chunks", stats.Embedded))
	}
	return vs, chunkEmbedding{File: path, Embedder: emb.Name(), Dims: emb.Dimensions(), FellBack: fellBack, EmbedStats: stats}, nil
}

// printEmbedding says which embedder made the vectors, for people.
func printEmbedding(e *env, c chunkEmbedding) {
	fmt.Fprintf(e.stdout, "wrote %s: %d chunk vectors by %s (%d dimensions; %d embedded, %d unchanged kept)\n",
		c.File, c.Embedded+c.Reused, c.Embedder, c.Dims, c.Embedded, c.Reused)
	if c.FellBack {
		fmt.Fprintln(e.stdout, "  (the minilm model is not installed, so the hashed embedder was used: run scripts/embed-model for sentence embeddings)")
	}
}
