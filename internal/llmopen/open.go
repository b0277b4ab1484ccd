// Package llmopen turns a model selection the way the command line writes
// it, PROVIDER[:MODEL] ("openai", "anthropic:claude-3-5-haiku-latest",
// "ollama:llama3.1"), into a langchaingo model, reached through the
// environment (OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY,
// OLLAMA_HOST) or a base URL, and probes it cheaply. Go users build their
// langchaingo model themselves and give it to llm.New.
package llmopen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

// The providers Open knows, the model each uses when a spec names only
// the provider, and the endpoint when neither the options nor the
// environment give one.
const (
	ProviderOpenAI    = "openai"    // OpenAI, or any OpenAI-compatible server with a base URL
	ProviderAnthropic = "anthropic" // Anthropic's Messages API
	ProviderOllama    = "ollama"    // a local or remote Ollama server

	DefaultOpenAIModel    = "gpt-4o-mini"
	DefaultAnthropicModel = "claude-3-5-haiku-latest"
	DefaultOllamaModel    = "llama3.1"

	DefaultOpenAIBaseURL    = "https://api.openai.com/v1"
	DefaultAnthropicBaseURL = "https://api.anthropic.com/v1"
	DefaultOllamaURL        = "http://127.0.0.1:11434"
)

// ErrNoModel is returned by Open for the spec "none" (or an empty one):
// deterministic mode, no model to open.
var ErrNoModel = errors.New("llm: no model selected (deterministic mode)")

// Spec is a parsed model selection, PROVIDER[:MODEL].
type Spec struct {
	Provider string
	// Model is the provider's model name; "" means the provider's default.
	Model string
}

// ParseSpec reads PROVIDER[:MODEL]: "openai", "openai:gpt-4o",
// "anthropic:claude-3-5-sonnet-latest", "ollama:llama3.1:8b" (the model
// is everything after the first colon). "" and "none" give the zero Spec,
// which means deterministic mode.
func ParseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "none") {
		return Spec{}, nil
	}
	p, m, _ := strings.Cut(s, ":")
	p = strings.ToLower(strings.TrimSpace(p))
	switch p {
	case ProviderOpenAI, ProviderAnthropic, ProviderOllama:
	case "openai-compatible", "compatible":
		p = ProviderOpenAI
	default:
		return Spec{}, fmt.Errorf("llm: unknown provider %q in %q (want openai, anthropic or ollama, as PROVIDER[:MODEL])", p, s)
	}
	return Spec{Provider: p, Model: strings.TrimSpace(m)}, nil
}

// None reports whether the spec selects no model.
func (s Spec) None() bool { return s.Provider == "" }

func (s Spec) String() string {
	if s.None() {
		return "none"
	}
	if s.Model == "" {
		return s.Provider
	}
	return s.Provider + ":" + s.Model
}

// OpenOptions say where and how to reach a provider. The zero value reads
// everything from the environment.
type OpenOptions struct {
	// BaseURL overrides the provider's endpoint: any OpenAI-compatible
	// server for openai (".../v1"), the Ollama server, or an Anthropic
	// proxy.
	BaseURL string
	// Getenv reads the environment (default os.Getenv): OPENAI_API_KEY,
	// OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, OLLAMA_HOST.
	Getenv func(string) string
	// HTTPClient sends the requests (default: a client without a global
	// timeout; the Client bounds each call).
	HTTPClient *http.Client
}

// Endpoint is a resolved provider: what Open will talk to. APIKey is
// never printed by String.
type Endpoint struct {
	Spec    Spec
	BaseURL string
	APIKey  string
}

func (e Endpoint) String() string { return fmt.Sprintf("%s at %s", e.Spec, e.BaseURL) }

// Resolve fills in a spec's model, endpoint and key from the options and
// the environment, without any network call. It fails when a required
// key is missing.
func Resolve(spec string, opts OpenOptions) (Endpoint, error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return Endpoint{}, err
	}
	if sp.None() {
		return Endpoint{}, ErrNoModel
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	first := func(vals ...string) string {
		for _, v := range vals {
			if v = strings.TrimSpace(v); v != "" {
				return v
			}
		}
		return ""
	}
	ep := Endpoint{Spec: sp}
	switch sp.Provider {
	case ProviderOpenAI:
		if ep.Spec.Model == "" {
			ep.Spec.Model = DefaultOpenAIModel
		}
		ep.BaseURL = strings.TrimRight(first(opts.BaseURL, getenv("OPENAI_BASE_URL"), DefaultOpenAIBaseURL), "/")
		ep.APIKey = first(getenv("OPENAI_API_KEY"))
		if ep.APIKey == "" {
			if ep.BaseURL == DefaultOpenAIBaseURL {
				return ep, fmt.Errorf("llm: %s needs OPENAI_API_KEY (or --llm-base-url for a local OpenAI-compatible server)", ep)
			}
			// Local OpenAI-compatible servers ignore the key, but the
			// client insists on one.
			ep.APIKey = "unused"
		}
	case ProviderAnthropic:
		if ep.Spec.Model == "" {
			ep.Spec.Model = DefaultAnthropicModel
		}
		ep.BaseURL = strings.TrimRight(first(opts.BaseURL, getenv("ANTHROPIC_BASE_URL"), DefaultAnthropicBaseURL), "/")
		ep.APIKey = first(getenv("ANTHROPIC_API_KEY"))
		if ep.APIKey == "" {
			return ep, fmt.Errorf("llm: %s needs ANTHROPIC_API_KEY", ep)
		}
	case ProviderOllama:
		if ep.Spec.Model == "" {
			ep.Spec.Model = DefaultOllamaModel
		}
		host := first(opts.BaseURL, getenv("OLLAMA_HOST"))
		u, err := ollamaURL(host)
		if err != nil {
			return ep, fmt.Errorf("llm: ollama: %w", err)
		}
		ep.BaseURL = u
	}
	if _, err := url.ParseRequestURI(ep.BaseURL); err != nil {
		return ep, fmt.Errorf("llm: %s: bad base URL: %w", ep.Spec.Provider, err)
	}
	return ep, nil
}

// ollamaURL reads OLLAMA_HOST the way Ollama does: "host", "host:port" or
// a URL; the default port is 11434.
func ollamaURL(host string) (string, error) {
	if host == "" {
		return DefaultOllamaURL, nil
	}
	scheme, rest, ok := strings.Cut(host, "://")
	if !ok {
		scheme, rest = "http", host
	}
	rest = strings.TrimRight(rest, "/")
	if _, _, err := net.SplitHostPort(rest); err != nil {
		rest = net.JoinHostPort(strings.Trim(rest, "[]"), "11434")
	}
	u := scheme + "://" + rest
	if _, err := url.ParseRequestURI(u); err != nil {
		return "", fmt.Errorf("bad OLLAMA_HOST %q: %w", host, err)
	}
	return u, nil
}

// Open returns the model a spec selects (PROVIDER[:MODEL], see ParseSpec),
// reached as the options and the environment say (see Resolve). It makes
// no network call: use Probe for a cheap reachability check. Every error
// the returned model gives names the provider and its URL. For "none" it
// returns ErrNoModel.
func Open(spec string, opts OpenOptions) (llms.Model, error) {
	ep, err := Resolve(spec, opts)
	if err != nil {
		return nil, err
	}
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	var m llms.Model
	switch ep.Spec.Provider {
	case ProviderOpenAI:
		m, err = openai.New(openai.WithToken(ep.APIKey), openai.WithModel(ep.Spec.Model), openai.WithBaseURL(ep.BaseURL), openai.WithHTTPClient(hc))
	case ProviderAnthropic:
		m, err = anthropic.New(anthropic.WithToken(ep.APIKey), anthropic.WithModel(ep.Spec.Model), anthropic.WithBaseURL(ep.BaseURL), anthropic.WithHTTPClient(hc))
	case ProviderOllama:
		m, err = ollama.New(ollama.WithModel(ep.Spec.Model), ollama.WithServerURL(ep.BaseURL), ollama.WithHTTPClient(hc))
	}
	if err != nil {
		return nil, fmt.Errorf("llm: %s: %w", ep, err)
	}
	return &namedModel{Model: m, where: ep.String()}, nil
}

// namedModel prefixes a model's errors with the provider and URL, so that
// a failure at the first call says what could not be reached.
type namedModel struct {
	llms.Model
	where string
}

func (n *namedModel) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	r, err := n.Model.GenerateContent(ctx, msgs, opts...)
	if err != nil {
		return r, fmt.Errorf("%s: %w", n.where, err)
	}
	return r, nil
}

func (n *namedModel) Call(ctx context.Context, prompt string, opts ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, n, prompt, opts...)
}

// probeTimeout bounds Probe when the context has no earlier deadline.
const probeTimeout = 5 * time.Second

// Probe checks cheaply, without spending tokens, that the provider a spec
// selects can be reached and accepts the key: it lists the models
// (GET /models for OpenAI-compatible servers and Anthropic, /api/tags for
// Ollama, where it also checks that the model has been pulled). The error
// names the provider and URL and says what to do.
func Probe(ctx context.Context, spec string, opts OpenOptions) error {
	ep, err := Resolve(spec, opts)
	if err != nil {
		return err
	}
	hc := opts.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	var u string
	switch ep.Spec.Provider {
	case ProviderOllama:
		u = ep.BaseURL + "/api/tags"
	default:
		u = ep.BaseURL + "/models"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("llm: %s: %w", ep, err)
	}
	switch ep.Spec.Provider {
	case ProviderOpenAI:
		req.Header.Set("Authorization", "Bearer "+ep.APIKey)
	case ProviderAnthropic:
		req.Header.Set("x-api-key", ep.APIKey)
		req.Header.Set("anthropic-version", "2023-06-01")
	}
	resp, err := hc.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("llm: %s cannot be reached: %w", ep, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return fmt.Errorf("llm: %s refused the API key (HTTP %d)", ep, resp.StatusCode)
	case resp.StatusCode >= 500:
		return fmt.Errorf("llm: %s is failing (HTTP %d on %s)", ep, resp.StatusCode, u)
	}
	if ep.Spec.Provider == ProviderOllama && resp.StatusCode == http.StatusOK {
		var tags struct {
			Models []struct {
				Name string `json:"name"`
			} `json:"models"`
		}
		if json.Unmarshal(body, &tags) == nil {
			var names []string
			for _, m := range tags.Models {
				names = append(names, m.Name)
				if m.Name == ep.Spec.Model || m.Name == ep.Spec.Model+":latest" {
					return nil
				}
			}
			pulled := "none pulled"
			if len(names) > 0 {
				pulled = "pulled: " + strings.Join(names, ", ")
			}
			return fmt.Errorf("llm: %s has no model %q (%s); run 'ollama pull %s'", ep, ep.Spec.Model, pulled, ep.Spec.Model)
		}
	}
	// Any other answer means a server is there; some OpenAI-compatible
	// servers do not list models.
	return nil
}
