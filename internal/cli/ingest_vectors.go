package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/llmopen"
	"github.com/scgraph/scgraph/internal/progress"
)

var ingestVectorsUsage = fmt.Sprintf(`
Chunk vectors: every chunk is embedded and the vectors go beside the
snapshot (corpus.snap → corpus.vectors.bin, float32, its header naming the
embedder and the dimensions). --embedder minilm is all-MiniLM-L6-v2 run in
pure Go (384 dimensions; install it once with scripts/embed-model, which
puts it in $SCGRAPH_CACHE/embed, by default .cache/embed); --embedder hashed
needs no model (hashed words and trigrams, 512 dimensions). The default,
auto, is minilm when it is installed and hashed otherwise; the output says
which was used. Re-ingesting embeds only the chunks whose text changed;
switching embedders embeds them all again. Loading the snapshot into Neo4j
(ingest --store neo4j corpus.snap) writes the vectors onto its Chunk nodes
and makes a cosine vector index over them (scgraph_chunk_embedding).

A provider's embedding model is --embedder openai[:MODEL] (OpenAI, or any
OpenAI-compatible server; default model %s) or
--embedder ollama[:MODEL] (default %s), reached as --llm
reaches models, through the environment: OPENAI_API_KEY and
OPENAI_BASE_URL, or OLLAMA_HOST. The vectors file records the full name
(openai:%s) and the length the model gave; ask and eval
embed questions with the same model, so the same environment must reach it
then. Each request has a time limit of %s.

  scripts/embed-model                      # once: installs all-MiniLM-L6-v2
  scgraph ingest --docs testdata/docs/demo -o corpus.snap
  scgraph ingest --docs testdata/docs/demo -o corpus.snap --embedder hashed
  scgraph ingest --store neo4j corpus.snap

With OPENAI_API_KEY set, --embedder openai uses OpenAI's model; with
OLLAMA_HOST=127.0.0.1:11434, --embedder ollama:nomic-embed-text a local one.
`, embed.DefaultOpenAIEmbeddingModel, embed.DefaultOllamaEmbeddingModel, embed.DefaultOpenAIEmbeddingModel, embed.DefaultProviderTimeout)

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
// $SCGRAPH_CACHE/embed, else, for the scgraph program, where ask finds
// or installs all-MiniLM-L6-v2 (miniLMDir: the .cache/embed of the
// working directory or a parent, else the user's cache), so that a model
// ask installed serves ingest --docs too; else, for a run in process,
// .cache/embed in the working directory.
func embedCacheDir(e *env, flag string) string {
	if flag != "" {
		return flag
	}
	if c := e.getenv("SCGRAPH_CACHE"); c != "" {
		return filepath.Join(c, "embed")
	}
	if e.downloads {
		dir, _ := miniLMDir(e)
		return filepath.Dir(dir)
	}
	return filepath.Join(".cache", "embed")
}

// embedOptions say where the embedders are: the model cache (see
// embedCacheDir) and, for a provider's embedder, the endpoint the
// environment names (OPENAI_BASE_URL, OPENAI_API_KEY, OLLAMA_HOST), as
// for --llm.
func embedOptions(e *env, cacheFlag string) embed.Options {
	return embed.Options{
		CacheDir: embedCacheDir(e, cacheFlag),
		Provider: embed.ProviderOptions{Endpoint: llmopen.OpenOptions{Getenv: e.getenv}},
	}
}

// embedChunks embeds the index's chunks with the chosen embedder, keeping
// the vectors of unchanged chunks from the file at path (unless fresh or
// path is empty).
// It writes nothing: the caller writes the vectors with the snapshot.
func embedChunks(ctx context.Context, e *env, d *docsIngestOptions, ix *docs.Index, path string, quiet bool) (*embed.Vectors, chunkEmbedding, error) {
	emb, fellBack, err := embed.Choose(d.embedder, embedOptions(e, d.embedCache))
	if err != nil && !errors.Is(err, embed.ErrNotInstalled) {
		return nil, chunkEmbedding{}, usageError{err.Error()}
	}
	if err != nil {
		return nil, chunkEmbedding{}, err
	}
	var prev *embed.Vectors
	if !d.fresh && path != "" {
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
	return vs, chunkEmbedding{File: path, Embedder: emb.Name(), Dims: vs.Dims, FellBack: fellBack, EmbedStats: stats}, nil
}

// printEmbedding says which embedder made the vectors, for people.
func printEmbedding(e *env, c chunkEmbedding) {
	where := c.File
	if where == "" {
		where = "the chunk nodes"
	}
	fmt.Fprintf(e.stdout, "wrote %s: %d chunk vectors by %s (%d dimensions; %d embedded, %d unchanged kept)\n",
		where, c.Embedded+c.Reused, c.Embedder, c.Dims, c.Embedded, c.Reused)
	if c.FellBack {
		fmt.Fprintln(e.stdout, "  (the minilm model is not installed, so the hashed embedder was used: run scripts/embed-model for sentence embeddings)")
	}
}

// chunkVectorStore is what loading chunk vectors into Neo4j needs of the
// store (cypher.Store has it).
type chunkVectorStore interface {
	EnsureChunkVectorIndex(ctx context.Context, dims int) error
	DropChunkVectorIndex(ctx context.Context) error
	SetChunkVectors(ctx context.Context, embedder string, vectors []docgraph.ChunkVector) (missing []string, err error)
}

// snapshotVectors reads the chunk vectors beside a snapshot: nil when it
// has none.
func snapshotVectors(snapshot string) (*embed.Vectors, error) {
	vs, err := embed.ReadVectorsFile(embed.VectorsPath(snapshot))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return vs, err
}

// loadChunkVectors writes a snapshot's chunk vectors (from
// snapshotVectors) onto the store's Chunk nodes and makes the vector index
// for them; vectors of another length than the index's (the embedder
// changed) replace the old ones. It reports what it did on stdout.
func loadChunkVectors(ctx context.Context, e *env, st chunkVectorStore, snapshot string, vs *embed.Vectors) error {
	path := embed.VectorsPath(snapshot)
	missing, err := writeChunkVectors(ctx, e, st, vs)
	if err != nil || vs == nil || len(vs.Items) == 0 {
		return err
	}
	fmt.Fprintf(e.stdout, "wrote %d chunk vectors by %s (%d dimensions) from %s into the vector index %s\n",
		len(vs.Items)-len(missing), vs.Embedder, vs.Dims, path, docgraph.ChunkVectorIndex)
	if len(missing) > 0 {
		fmt.Fprintf(e.stderr, "note: %d chunk vectors in %s name no Chunk node (first: %s); the vectors file is older than the snapshot? ingest --docs again\n",
			len(missing), path, missing[0])
	}
	return nil
}

// storeChunkVectors writes the vectors ingest --docs --store neo4j made
// onto the Chunk nodes it has just written (so every one names a node).
func storeChunkVectors(ctx context.Context, e *env, st chunkVectorStore, vs *embed.Vectors) error {
	missing, err := writeChunkVectors(ctx, e, st, vs)
	if err == nil && len(missing) > 0 {
		err = fmt.Errorf("%d chunk vectors name no Chunk node in the database (first: %s)", len(missing), missing[0])
	}
	return err
}

// writeChunkVectors writes vs onto the store's chunks and makes the vector
// index for them, replacing another embedder's (another length); it
// returns the ids of the vectors with no chunk node.
func writeChunkVectors(ctx context.Context, e *env, st chunkVectorStore, vs *embed.Vectors) ([]string, error) {
	if vs == nil || len(vs.Items) == 0 {
		return nil, nil
	}
	err := st.EnsureChunkVectorIndex(ctx, vs.Dims)
	if errors.Is(err, docgraph.ErrVectorDims) {
		fmt.Fprintf(e.stderr, "replacing the chunk vectors of another embedder: %v\n", err)
		if err = st.DropChunkVectorIndex(ctx); err == nil {
			err = st.EnsureChunkVectorIndex(ctx, vs.Dims)
		}
	}
	if err != nil {
		return nil, err
	}
	rows := make([]docgraph.ChunkVector, len(vs.Items))
	for i, v := range vs.Items {
		rows[i] = docgraph.ChunkVector{ID: v.ID, Vector: v.Values}
	}
	return st.SetChunkVectors(ctx, vs.Embedder, rows)
}
