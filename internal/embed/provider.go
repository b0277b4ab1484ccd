package embed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/scgraph/scgraph/internal/llmopen"
)

// The embedding models a provider spec uses when it names only the
// provider ("openai", "ollama").
const (
	// DefaultOpenAIEmbeddingModel is OpenAI's small embedding model
	// (1536 dimensions).
	DefaultOpenAIEmbeddingModel = "text-embedding-3-small"
	// DefaultOllamaEmbeddingModel is the embedding model Ollama's own
	// documentation uses (768 dimensions; ollama pull nomic-embed-text).
	DefaultOllamaEmbeddingModel = "nomic-embed-text"
)

// DefaultProviderTimeout bounds each embedding request to a provider when
// ProviderOptions.Timeout is zero.
const DefaultProviderTimeout = 60 * time.Second

// ProviderOptions say how to reach a provider's embedder. The zero value
// reads the endpoint and key from the process environment.
type ProviderOptions struct {
	// Endpoint is where the provider is, as llmopen.Resolve reads it: BaseURL,
	// Getenv (OPENAI_API_KEY, OPENAI_BASE_URL, OLLAMA_HOST) and the
	// HTTPClient.
	Endpoint llmopen.OpenOptions
	// Timeout bounds each request (default DefaultProviderTimeout).
	Timeout time.Duration
	// Dims is the vector length expected, when it is known (the vectors
	// file's); 0 learns it from the first answer.
	Dims int
}

// isProviderSpec reports whether name selects a provider's embedder:
// PROVIDER[:MODEL], as llmopen.ParseSpec reads it.
func isProviderSpec(name string) bool {
	sp, err := llmopen.ParseSpec(name)
	return err == nil && !sp.None()
}

// Provider is a provider's embedding model behind langchaingo's
// embeddings.Embedder: an OpenAI or OpenAI-compatible server (POST
// /embeddings) or an Ollama server (POST /api/embed). Each request has a
// deadline, and its errors name the provider and URL. The vector length
// is the model's, learned from its first answer.
type Provider struct {
	spec     string // PROVIDER:MODEL, the Name
	where    string // the spec and the URL it posts to, for errors
	embedder *embeddings.EmbedderImpl

	mu   sync.Mutex
	dims int
}

// OpenProvider returns the embedder spec selects (PROVIDER[:MODEL]:
// "openai", "openai:text-embedding-3-large", "ollama:nomic-embed-text";
// the default models are DefaultOpenAIEmbeddingModel and
// DefaultOllamaEmbeddingModel), reached as llmopen.Resolve resolves an LLM
// spec. It makes no network call.
func OpenProvider(spec string, opts ProviderOptions) (*Provider, error) {
	sp, err := llmopen.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	switch sp.Provider {
	case llmopen.ProviderOpenAI:
		if sp.Model == "" {
			sp.Model = DefaultOpenAIEmbeddingModel
		}
	case llmopen.ProviderOllama:
		if sp.Model == "" {
			sp.Model = DefaultOllamaEmbeddingModel
		}
	case "":
		return nil, fmt.Errorf("embedder %q names no provider: want openai[:MODEL] or ollama[:MODEL]", spec)
	default:
		return nil, fmt.Errorf("embedder %q: %s has no embedding API here; use openai[:MODEL] (or any OpenAI-compatible server) or ollama[:MODEL]", spec, sp.Provider)
	}
	eo := opts.Endpoint
	if eo.Getenv == nil {
		eo.Getenv = os.Getenv
	}
	if sp.Provider == llmopen.ProviderOpenAI && eo.BaseURL == "" && eo.Getenv("OPENAI_BASE_URL") == "" && eo.Getenv("OPENAI_API_KEY") == "" {
		return nil, fmt.Errorf("embedder %s at %s needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local OpenAI-compatible server)", sp, llmopen.DefaultOpenAIBaseURL)
	}
	ep, err := llmopen.Resolve(sp.String(), eo)
	if err != nil {
		return nil, fmt.Errorf("embedder %s: %w", sp, err)
	}
	hc := eo.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultProviderTimeout
	}
	var (
		client embeddings.EmbedderClient
		url    string
	)
	switch ep.Spec.Provider {
	case llmopen.ProviderOpenAI:
		url = ep.BaseURL + "/embeddings"
		client, err = openai.New(openai.WithToken(ep.APIKey), openai.WithEmbeddingModel(ep.Spec.Model),
			openai.WithBaseURL(ep.BaseURL), openai.WithHTTPClient(hc))
	case llmopen.ProviderOllama:
		url = ep.BaseURL + "/api/embed"
		client, err = ollama.New(ollama.WithModel(ep.Spec.Model), ollama.WithServerURL(ep.BaseURL), ollama.WithHTTPClient(hc))
	}
	if err != nil {
		return nil, fmt.Errorf("embedder %s: %w", ep, err)
	}
	p := &Provider{spec: ep.Spec.String(), where: ep.Spec.String() + " at " + url, dims: opts.Dims}
	// Texts go as they are (no newline stripping, which would also rewrite
	// the caller's slice); each request has its own deadline.
	p.embedder, err = embeddings.NewEmbedder(deadlineClient{client: client, timeout: timeout}, embeddings.WithStripNewLines(false))
	if err != nil {
		return nil, fmt.Errorf("embedder %s: %w", p.where, err)
	}
	return p, nil
}

// deadlineClient gives each embedding request a deadline of its own.
type deadlineClient struct {
	client  embeddings.EmbedderClient
	timeout time.Duration
}

func (d deadlineClient) CreateEmbedding(ctx context.Context, texts []string) ([][]float32, error) {
	callCtx, cancel := context.WithTimeout(ctx, d.timeout)
	defer cancel()
	vs, err := d.client.CreateEmbedding(callCtx, texts)
	if err != nil && ctx.Err() == nil && errors.Is(callCtx.Err(), context.DeadlineExceeded) {
		// The clients flatten the cause into text; say what happened.
		return nil, fmt.Errorf("no answer within %s: %w", d.timeout, context.DeadlineExceeded)
	}
	return vs, err
}

// Name is the spec with its model, "openai:text-embedding-3-small": what
// a vectors file records, and what QueryEmbedder reopens.
func (p *Provider) Name() string { return p.spec }

// Dimensions is the model's vector length: 0 until the first answer (or
// ProviderOptions.Dims).
func (p *Provider) Dimensions() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.dims
}

// String says which model at which URL.
func (p *Provider) String() string { return p.where }

// EmbedDocuments returns a vector per text, batched as langchaingo does.
func (p *Provider) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	vs, err := p.embedder.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.where, err)
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("%s: %d vectors for %d texts", p.where, len(vs), len(texts))
	}
	if err := p.learn(vs); err != nil {
		return nil, err
	}
	return vs, nil
}

// EmbedQuery returns the text's vector.
func (p *Provider) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	v, err := p.embedder.EmbedQuery(ctx, text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.where, err)
	}
	if err := p.learn([][]float32{v}); err != nil {
		return nil, err
	}
	return v, nil
}

// learn checks that the vectors have one length, the model's, and records
// it from the first answer.
func (p *Provider) learn(vs [][]float32) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, v := range vs {
		switch {
		case len(v) == 0:
			return fmt.Errorf("%s: an empty vector", p.where)
		case p.dims == 0:
			p.dims = len(v)
		case len(v) != p.dims:
			return fmt.Errorf("%s: a vector of %d dimensions, want %d", p.where, len(v), p.dims)
		}
	}
	return nil
}
