package embed_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/embed/embedtest"
	"github.com/scgraph/scgraph/internal/llmopen"
)

// fakeEmbeddingServer is a local OpenAI-compatible server (POST
// /v1/embeddings) that is also an Ollama server (POST /api/embed): each
// text's vector is made from its SHA-256, dims long. It records the
// texts, models and keys it was sent.
type fakeEmbeddingServer struct {
	*httptest.Server

	mu     sync.Mutex
	dims   int
	texts  []string
	models []string
	keys   []string
}

func newFakeEmbeddingServer(t *testing.T, dims int) *fakeEmbeddingServer {
	s := &fakeEmbeddingServer{dims: dims}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/embeddings", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string   `json:"model"`
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		dims := s.record(req.Model, r.Header.Get("Authorization"), req.Input...)
		vs := make([][]float32, len(req.Input))
		for i, text := range req.Input {
			vs[i] = textVector(text, dims)
		}
		embedtest.WriteOpenAI(w, req.Model, vs)
	})
	mux.HandleFunc("POST /api/embed", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Model string `json:"model"`
			Input string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		dims := s.record(req.Model, "", req.Input)
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string][][]float32{"embeddings": {textVector(req.Input, dims)}})
	})
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// record notes a request and returns the length of the vectors to give.
func (s *fakeEmbeddingServer) record(model, key string, texts ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.texts = append(s.texts, texts...)
	s.models = append(s.models, model)
	s.keys = append(s.keys, key)
	return s.dims
}

func (s *fakeEmbeddingServer) setDims(dims int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dims = dims
}

// textVector is the fake model's vector of a text: its SHA-256's bytes,
// centred, the first dims of them, L2-normalised.
func textVector(text string, dims int) []float32 {
	h := sha256.Sum256([]byte(text))
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(h[i%len(h)]) - 127.5
	}
	embed.Normalize(v)
	return v
}

func providerOptions(vars map[string]string) embed.ProviderOptions {
	return embed.ProviderOptions{Endpoint: llmopen.OpenOptions{Getenv: func(k string) string { return vars[k] }}}
}

func TestProviderEmbedder(t *testing.T) {
	ctx := context.Background()
	srv := newFakeEmbeddingServer(t, 12)
	opts := providerOptions(map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "sk-test"})
	p, err := embed.OpenProvider("openai:test-model", opts)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "openai:test-model" || p.Dimensions() != 0 {
		t.Fatalf("before any call: name %q, %d dimensions; want openai:test-model and 0 (unknown)", p.Name(), p.Dimensions())
	}
	texts := []string{"The orders team owns order-service.", "db-v2 cutover\nrunbook", "x"}
	vs, err := p.EmbedDocuments(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range texts {
		if !slices.Equal(vs[i], textVector(text, 12)) {
			t.Errorf("vector %d is not the server's for %q", i, text)
		}
	}
	if p.Dimensions() != 12 {
		t.Errorf("Dimensions after the first call = %d, want 12", p.Dimensions())
	}
	q, err := p.EmbedQuery(ctx, "Where is the runbook?")
	if err != nil || !slices.Equal(q, textVector("Where is the runbook?", 12)) {
		t.Errorf("EmbedQuery = %v, %v", q, err)
	}
	// Texts go as they are; the model and key are the spec's and the env's.
	if !slices.Equal(srv.texts, append(texts, "Where is the runbook?")) || srv.models[0] != "test-model" || srv.keys[0] != "Bearer sk-test" {
		t.Errorf("server saw texts %q, models %q, keys %q", srv.texts, srv.models, srv.keys)
	}

	// The default models.
	def, err := embed.OpenProvider("openai", opts)
	if err != nil || def.Name() != "openai:"+embed.DefaultOpenAIEmbeddingModel {
		t.Errorf("openai: %v, %v; want the default model %s", def, err, embed.DefaultOpenAIEmbeddingModel)
	}
	ollama, err := embed.OpenProvider("ollama", providerOptions(map[string]string{"OLLAMA_HOST": srv.URL}))
	if err != nil || ollama.Name() != "ollama:"+embed.DefaultOllamaEmbeddingModel {
		t.Fatalf("ollama: %v, %v; want the default model %s", ollama, err, embed.DefaultOllamaEmbeddingModel)
	}
	ov, err := ollama.EmbedDocuments(ctx, texts[:2])
	if err != nil || len(ov) != 2 || !slices.Equal(ov[1], textVector(texts[1], 12)) || ollama.Dimensions() != 12 {
		t.Errorf("ollama vectors %v, %v (dims %d)", ov, err, ollama.Dimensions())
	}
	if last := srv.models[len(srv.models)-1]; last != embed.DefaultOllamaEmbeddingModel {
		t.Errorf("ollama sent model %q", last)
	}
}

func TestProviderEmbedderErrors(t *testing.T) {
	ctx := context.Background()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":{"message":"the model is overloaded"}}`, http.StatusInternalServerError)
	}))
	defer failing.Close()
	p, err := embed.OpenProvider("openai:test-model", providerOptions(map[string]string{"OPENAI_BASE_URL": failing.URL + "/v1"}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.EmbedDocuments(ctx, []string{"a"})
	if err == nil || !strings.Contains(err.Error(), "openai:test-model at "+failing.URL+"/v1/embeddings") || !strings.Contains(err.Error(), "500") {
		t.Errorf("HTTP 500: err = %v, want one naming the provider, the URL and the status", err)
	}

	t.Logf("HTTP 500: %v", err)

	// A server that never answers: the request ends at the deadline.
	release := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer hanging.Close()
	defer close(release)
	opts := providerOptions(map[string]string{"OPENAI_BASE_URL": hanging.URL + "/v1"})
	opts.Timeout = 100 * time.Millisecond
	p, err = embed.OpenProvider("openai:test-model", opts)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = p.EmbedQuery(ctx, "a")
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), hanging.URL+"/v1/embeddings") {
		t.Errorf("hanging server: err = %v, want a deadline naming the URL", err)
	}
	t.Logf("hanging: %v", err)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the request took %s, past its 100ms deadline", d)
	}

	for spec, want := range map[string]string{
		"openai":          "needs OPENAI_API_KEY",
		"anthropic":       "no embedding API",
		"openai:model-x ": "bad base URL",
	} {
		vars := map[string]string{}
		if strings.HasPrefix(spec, "openai:") {
			vars["OPENAI_BASE_URL"] = "not a URL"
		}
		if _, err := embed.OpenProvider(spec, providerOptions(vars)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("OpenProvider(%q): err = %v, want one saying %q", spec, err, want)
		}
	}
}

// TestProviderVectorsFile: passages embedded by a provider record its full
// name and the length it gave; QueryEmbedder reopens it for questions; a
// re-embed keeps unchanged vectors, unless the model's length changed.
func TestProviderVectorsFile(t *testing.T) {
	ctx := context.Background()
	srv := newFakeEmbeddingServer(t, 16)
	o := embed.Options{CacheDir: t.TempDir(), Provider: providerOptions(map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1"})}
	e, fellBack, err := embed.Choose("openai:test-model", o)
	if err != nil || fellBack {
		t.Fatalf("Choose: %v, %v", e, err)
	}
	passages := []embed.Passage{{"a#0", "alpha"}, {"b#0", "beta"}, {"c#0", "gamma"}}
	vs, stats, err := embed.EmbedPassages(ctx, e, passages, nil, 2, nil)
	if err != nil || stats.Embedded != 3 || vs.Dims != 16 || vs.Embedder != "openai:test-model" {
		t.Fatalf("EmbedPassages: %+v %+v, %v", vs, stats, err)
	}
	path := t.TempDir() + "/c.vectors.bin"
	if err := vs.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := embed.ReadVectorsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	q, err := back.QueryEmbedder(o)
	if err != nil || q.Name() != "openai:test-model" || q.Dimensions() != 16 {
		t.Fatalf("QueryEmbedder: %v, %v", q, err)
	}
	qv, err := q.EmbedQuery(ctx, "beta")
	if err != nil {
		t.Fatal(err)
	}
	if hits := back.Nearest(qv, 1, nil); len(hits) != 1 || hits[0].ID != "b#0" {
		t.Errorf("Nearest = %+v, want b#0", hits)
	}

	// A new embedder of the same name learns the length from the file.
	fresh, _, _ := embed.Choose("openai:test-model", o)
	passages[1].Text = "beta, edited"
	again, stats, err := embed.EmbedPassages(ctx, fresh, passages, back, 8, nil)
	if err != nil || stats.Embedded != 1 || stats.Reused != 2 || again.Dims != 16 {
		t.Errorf("re-embed: %+v, %v", stats, err)
	}
	// The model behind the name now gives longer vectors: all re-embedded.
	srv.setDims(24)
	longer, _, _ := embed.Choose("openai:test-model", o)
	passages[1].Text = "beta, edited twice"
	changed, stats, err := embed.EmbedPassages(ctx, longer, passages, again, 8, nil)
	if err != nil || stats.Embedded != 3 || stats.Reused != 0 || changed.Dims != 24 {
		t.Errorf("re-embed after the model changed: %+v, %v", stats, err)
	}
	for _, v := range changed.Items {
		if len(v.Values) != 24 {
			t.Errorf("%s: %d values, want 24", v.ID, len(v.Values))
		}
	}
	// QueryEmbedder with a model of another length fails at the question.
	q, err = back.QueryEmbedder(o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.EmbedQuery(ctx, "beta"); err == nil || !strings.Contains(err.Error(), "24 dimensions, want 16") {
		t.Errorf("a question vector of another length: err = %v", err)
	}
}
