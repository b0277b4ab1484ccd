package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/embed/embedtest"
	"github.com/scgraph/scgraph/internal/route"
)

// TestIngestDocsWritesChunkVectors: every chunk gets a vector in the
// sidecar; re-ingesting after an edit and a removal embeds only the edited
// document's chunks, and the file equals a fresh ingest's.
func TestIngestDocsWritesChunkVectors(t *testing.T) {
	docsDir := docstest.CopyDemo(t)
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	// runCLI's environment is empty and internal/cli has no .cache, so auto
	// falls back to the hashed embedder, and says so.
	res := ingestDocsJSON(t, "--docs", docsDir, "-o", snap)
	v := res.Vectors
	if v.Embedder != embed.HashedName || !v.FellBack || v.Embedded != res.Chunks || v.Reused != 0 || v.File != embed.VectorsPath(snap) {
		t.Fatalf("first ingest: vectors %+v for %d chunks", v, res.Chunks)
	}
	vs := readVectors(t, snap, res.Chunks)

	edited := filepath.Join(docsDir, "ownership", "team-orders.md")
	if err := os.WriteFile(edited, []byte("# Team Orders\n\nThe orders team owns order-service.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(docsDir, "design", "shipping.md")); err != nil {
		t.Fatal(err)
	}
	again := ingestDocsJSON(t, "--docs", docsDir, "-o", snap)
	ix, err := docs.ReadIndexFile(docs.IndexPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	editedChunks := len(ix.Document("ownership/team-orders.md").Chunks)
	if again.Vectors.Embedded != editedChunks || again.Vectors.Reused != again.Chunks-editedChunks {
		t.Errorf("re-ingest: %+v; want the %d chunks of the edited document embedded and the other %d kept",
			again.Vectors.EmbedStats, editedChunks, again.Chunks-editedChunks)
	}
	incremental := readVectors(t, snap, again.Chunks)
	freshSnap := filepath.Join(dir, "fresh.snap")
	ingestDocsJSON(t, "--docs", docsDir, "-o", freshSnap)
	fresh := readVectors(t, freshSnap, again.Chunks)
	for i, want := range fresh.Items {
		got := incremental.Items[i]
		if got.ID != want.ID || got.TextHash != want.TextHash || embed.Cosine(got.Values, want.Values) < 0.999999 {
			t.Errorf("vector %d: incremental %s differs from fresh %s", i, got.ID, want.ID)
		}
	}
	if _, ok := vs.Lookup("design/shipping.md#0"); !ok {
		t.Error("the first ingest has no vector for design/shipping.md#0")
	}
	if _, ok := incremental.Lookup("design/shipping.md#0"); ok {
		t.Error("the removed document's chunk vector survived the re-ingest")
	}

	// A damaged sidecar is rebuilt, with a note.
	if err := os.WriteFile(embed.VectorsPath(snap), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "ingest", "--docs", docsDir, "-o", snap, "--embedder", "hashed")
	if code != 0 || !strings.Contains(errs, "re-embedding every chunk") || !strings.Contains(out, "chunk vectors by hashed") {
		t.Errorf("damaged vectors: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	readVectors(t, snap, again.Chunks)
}

func TestIngestDocsEmbedderFlag(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCLI(t, "ingest", "--docs", docsCorpus, "-o", filepath.Join(dir, "c.snap"), "--embedder", "word2vec")
	if code != 2 || !strings.Contains(errs, `unknown embedder "word2vec"`) {
		t.Errorf("unknown embedder: exit %d, %s", code, errs)
	}
	code, _, errs = runCLI(t, "ingest", "--docs", docsCorpus, "-o", filepath.Join(dir, "c.snap"), "--embedder", "minilm", "--embed-cache", t.TempDir())
	if code != 1 || !strings.Contains(errs, "scripts/embed-model") {
		t.Errorf("minilm not installed: exit %d, %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.snap")); err == nil {
		t.Error("a failed ingest wrote the snapshot")
	}
	code, _, errs = runCLI(t, "ingest", "--embedder", "hashed", "kb.txt")
	if code != 2 || !strings.Contains(errs, "go with --docs") {
		t.Errorf("--embedder without --docs: exit %d, %s", code, errs)
	}
}

// TestIngestDocsWithMiniLM embeds one document with the installed model.
func TestIngestDocsWithMiniLM(t *testing.T) {
	cache := embed.CacheDir()
	if _, err := os.Stat(filepath.Join(cache, embed.MiniLMDir, "model.onnx")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("all-MiniLM-L6-v2 is not installed under CI (%v): scripts/test installs it with scripts/embed-model", err)
		}
		t.Skipf("all-MiniLM-L6-v2 is not installed (%v): run scripts/embed-model", err)
	}
	// One short document: the race detector makes the model slow.
	dir := t.TempDir()
	doc := filepath.Join(dir, "orders.md")
	if err := os.WriteFile(doc, []byte("# Team Orders\n\nThe orders team owns order-service.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(dir, "one.snap")
	res := ingestDocsJSON(t, "--docs", doc, "-o", snap, "--embedder", "minilm", "--embed-cache", cache)
	if res.Vectors.Embedder != embed.MiniLMName || res.Vectors.Dims != 384 || res.Vectors.FellBack || res.Vectors.Embedded != res.Chunks {
		t.Fatalf("vectors %+v for %d chunks", res.Vectors, res.Chunks)
	}
	readVectors(t, snap, res.Chunks)
}

func readVectors(t *testing.T, snap string, chunks int) *embed.Vectors {
	t.Helper()
	vs, err := embed.ReadVectorsFile(embed.VectorsPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	if len(vs.Items) != chunks {
		t.Fatalf("%d vectors for %d chunks", len(vs.Items), chunks)
	}
	for _, v := range vs.Items {
		if len(v.Values) != vs.Dims || embed.Cosine(v.Values, v.Values) < 0.99 {
			t.Fatalf("%s: a vector of %d values (dims %d) that is not a unit vector", v.ID, len(v.Values), vs.Dims)
		}
	}
	return vs
}

// fakeVectorStore keeps chunk vectors in memory and has one vector index.
type fakeVectorStore struct {
	chunks    map[string]bool
	indexDims int
	vectors   map[string][]float32
	embedder  string
}

func (f *fakeVectorStore) EnsureChunkVectorIndex(_ context.Context, dims int) error {
	if f.indexDims != 0 && f.indexDims != dims {
		return fmt.Errorf("%w: %d vs %d", docgraph.ErrVectorDims, f.indexDims, dims)
	}
	f.indexDims = dims
	return nil
}

func (f *fakeVectorStore) DropChunkVectorIndex(context.Context) error {
	f.indexDims, f.vectors = 0, nil
	return nil
}

func (f *fakeVectorStore) SetChunkVectors(_ context.Context, embedder string, vs []docgraph.ChunkVector) ([]string, error) {
	var missing []string
	for _, v := range vs {
		if !f.chunks[v.ID] {
			missing = append(missing, v.ID)
			continue
		}
		if f.vectors == nil {
			f.vectors = map[string][]float32{}
		}
		f.vectors[v.ID], f.embedder = v.Vector, embedder
	}
	return missing, nil
}

// TestLoadChunkVectors: a snapshot's vectors go onto the store's chunks
// with an index of their length; another embedder's vectors replace them.
func TestLoadChunkVectors(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "corpus.snap")
	ingestDocsJSON(t, "--docs", docsCorpus, "-o", snap, "--embedder", "hashed")
	ix, err := docs.ReadIndexFile(docs.IndexPath(snap))
	if err != nil {
		t.Fatal(err)
	}
	st := &fakeVectorStore{chunks: map[string]bool{}, indexDims: 384}
	for _, d := range ix.Documents[1:] { // the first document's chunks are not in the store
		for _, c := range d.Chunks {
			st.chunks[c.ID] = true
		}
	}
	vs, err := snapshotVectors(snap)
	if err != nil || vs == nil {
		t.Fatalf("snapshotVectors: %v, %v", vs, err)
	}
	var out, errs bytes.Buffer
	e := &env{stdout: &out, stderr: &errs, getenv: func(string) string { return "" }}
	if err := loadChunkVectors(context.Background(), e, st, snap, vs); err != nil {
		t.Fatal(err)
	}
	if st.indexDims != embed.DefaultHashedDims || st.embedder != embed.HashedName || len(st.vectors) != len(st.chunks) {
		t.Errorf("store after loading: index %d dims, embedder %q, %d vectors for %d chunks", st.indexDims, st.embedder, len(st.vectors), len(st.chunks))
	}
	if !strings.Contains(errs.String(), "replacing the chunk vectors of another embedder") || !strings.Contains(errs.String(), ix.Documents[0].Chunks[0].ID) {
		t.Errorf("stderr %q: want notes on the replaced index and the chunk with no node", errs.String())
	}
	if want := fmt.Sprintf("wrote %d chunk vectors by hashed", len(st.chunks)); !strings.Contains(out.String(), want) {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
	if got, err := snapshotVectors(filepath.Join(dir, "none.snap")); got != nil || err != nil {
		t.Errorf("a snapshot without vectors: %v, %v; want nil, nil", got, err)
	}
}

// embeddingServer is a local OpenAI-compatible server answering POST
// /v1/embeddings with the hashed embedder's vector of each text (a
// deterministic stand-in for a model), recording the texts it was sent.
type embeddingServer struct {
	*httptest.Server
	mu    sync.Mutex
	texts []string
}

func newEmbeddingServer(t *testing.T) *embeddingServer {
	s := &embeddingServer{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/embeddings", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "test-model" {
			http.Error(w, `{"error":{"message":"bad request or no such model"}}`, http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.texts = append(s.texts, req.Input...)
		s.mu.Unlock()
		vs, err := embed.NewHashed().EmbedDocuments(r.Context(), req.Input)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		embedtest.WriteOpenAI(w, req.Model, vs)
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// saw reports whether the server was sent the text.
func (s *embeddingServer) saw(text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Contains(s.texts, text)
}

// TestIngestAndAskWithProviderEmbedder: ingest --docs --embedder
// openai:test-model embeds the chunks on the OpenAI-compatible server the
// environment names, the vectors file records the model; ask embeds the
// question there too and finds the runbook.
func TestIngestAndAskWithProviderEmbedder(t *testing.T) {
	srv := newEmbeddingServer(t)
	vars := map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "sk-test"}
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
		code := mainEnv(t.Context(), args, e)
		return code, out.String(), errb.String()
	}
	snap := filepath.Join(t.TempDir(), "X.snap")
	code, out, errs := run("ingest", "--json", "--docs", docsCorpus, "-o", snap, "--embedder", "openai:test-model")
	if code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errs)
	}
	var res docsIngestResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("ingest --json: %v\n%s", err, out)
	}
	if v := res.Vectors; v.Embedder != "openai:test-model" || v.Dims != embed.DefaultHashedDims || v.Embedded != res.Chunks || v.FellBack {
		t.Fatalf("vectors %+v for %d chunks", v, res.Chunks)
	}
	if vs := readVectors(t, snap, res.Chunks); vs.Embedder != "openai:test-model" || vs.Dims != embed.DefaultHashedDims {
		t.Fatalf("vectors file: embedder %q, %d dimensions", vs.Embedder, vs.Dims)
	}

	question := "Where is the runbook for the db-v2 cutover?"
	code, out, errs = run("ask", "--graph", snap, question, "--json")
	if code != 0 || strings.Contains(errs, "not used") {
		t.Fatalf("ask: exit %d: %s", code, errs)
	}
	var lookup docqa.Answer
	if err := json.Unmarshal([]byte(out), &lookup); err != nil {
		t.Fatal(err)
	}
	if lookup.Route.Route != route.Lookup || len(lookup.Passages) == 0 || lookup.Passages[0].Document != "runbooks/db-v2-cutover.md" {
		t.Fatalf("lookup: %s", out)
	}
	if !srv.saw(question) {
		t.Error("the question was not embedded by the provider that embedded the chunks")
	}

	// Without the environment the provider cannot be re-opened: the
	// vectors are not used, and ask says why.
	vars = map[string]string{}
	code, _, errs = run("ask", "--graph", snap, question, "--json")
	if code != 0 || !strings.Contains(errs, "openai:test-model") || !strings.Contains(errs, "OPENAI_API_KEY") {
		t.Errorf("ask without the provider's environment: exit %d: %s", code, errs)
	}
	// An embedder with no embeddings API is a usage error.
	code, _, errs = run("ingest", "--docs", docsCorpus, "-o", snap, "--embedder", "anthropic")
	if code != 2 || !strings.Contains(errs, "no embedding API") {
		t.Errorf("--embedder anthropic: exit %d: %s", code, errs)
	}
}
