package llmopen

import (
	"context"
	"errors"
	"github.com/scgraph/scgraph/llm"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/llms"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestParseSpec(t *testing.T) {
	for in, want := range map[string]Spec{
		"":                      {},
		"none":                  {},
		"openai":                {Provider: "openai"},
		"OpenAI:gpt-4o":         {Provider: "openai", Model: "gpt-4o"},
		"ollama:llama3.1:8b":    {Provider: "ollama", Model: "llama3.1:8b"},
		"anthropic:claude-x":    {Provider: "anthropic", Model: "claude-x"},
		"openai-compatible:qwq": {Provider: "openai", Model: "qwq"},
	} {
		got, err := ParseSpec(in)
		if err != nil || got != want {
			t.Errorf("ParseSpec(%q) = %+v, %v", in, got, err)
		}
	}
	if _, err := ParseSpec("gemini:pro"); err == nil || !strings.Contains(err.Error(), "unknown provider \"gemini\"") {
		t.Errorf("err %v", err)
	}
}

func TestResolve(t *testing.T) {
	cases := []struct {
		spec string
		opts OpenOptions
		want string // Endpoint.String, or the error
	}{
		{"openai", OpenOptions{Getenv: env("OPENAI_API_KEY", "k")}, "openai:gpt-4o-mini at https://api.openai.com/v1"},
		{"openai", OpenOptions{Getenv: env()}, "llm: openai:gpt-4o-mini at https://api.openai.com/v1 needs OPENAI_API_KEY (or --llm-base-url for a local OpenAI-compatible server)"},
		{"openai:m", OpenOptions{BaseURL: "http://127.0.0.1:8000/v1/", Getenv: env()}, "openai:m at http://127.0.0.1:8000/v1"},
		{"openai:m", OpenOptions{Getenv: env("OPENAI_BASE_URL", "http://h:1/v1", "OPENAI_API_KEY", "k")}, "openai:m at http://h:1/v1"},
		{"anthropic", OpenOptions{Getenv: env()}, "llm: anthropic:claude-3-5-haiku-latest at https://api.anthropic.com/v1 needs ANTHROPIC_API_KEY"},
		{"anthropic", OpenOptions{Getenv: env("ANTHROPIC_API_KEY", "k")}, "anthropic:claude-3-5-haiku-latest at https://api.anthropic.com/v1"},
		{"ollama", OpenOptions{Getenv: env()}, "ollama:llama3.1 at http://127.0.0.1:11434"},
		{"ollama:qwen2.5", OpenOptions{Getenv: env("OLLAMA_HOST", "gpu-box")}, "ollama:qwen2.5 at http://gpu-box:11434"},
		{"ollama", OpenOptions{Getenv: env("OLLAMA_HOST", "https://o.example:443/")}, "ollama:llama3.1 at https://o.example:443"},
		{"none", OpenOptions{}, ErrNoModel.Error()},
	}
	for _, c := range cases {
		ep, err := Resolve(c.spec, c.opts)
		got := ep.String()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Resolve(%q):\n got %s\nwant %s", c.spec, got, c.want)
		}
	}
}

func TestProbe(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/ok/v1/models":
			io.WriteString(w, `{"object":"list","data":[{"id":"m"}]}`)
		case r.URL.Path == "/denied/v1/models":
			http.Error(w, `{"error":{"message":"bad key"}}`, http.StatusUnauthorized)
		case r.URL.Path == "/api/tags":
			io.WriteString(w, `{"models":[{"name":"llama3.1:latest"},{"name":"qwen2.5:7b"}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	ctx := context.Background()
	noenv := OpenOptions{Getenv: env()}
	with := func(base string) OpenOptions { o := noenv; o.BaseURL = base; return o }

	if err := Probe(ctx, "openai:m", with(srv.URL+"/ok/v1")); err != nil {
		t.Errorf("ok server: %v", err)
	}
	if err := Probe(ctx, "openai:m", with(srv.URL+"/nomodels/v1")); err != nil {
		t.Errorf("a server without /models is still reachable: %v", err)
	}
	if err := Probe(ctx, "openai:m", with(srv.URL+"/denied/v1")); err == nil || !strings.Contains(err.Error(), "refused the API key (HTTP 401)") {
		t.Errorf("denied: %v", err)
	}
	err := Probe(ctx, "openai:m", with(deadURL+"/v1"))
	if err == nil || !strings.Contains(err.Error(), "llm: openai:m at "+deadURL+"/v1 cannot be reached") {
		t.Errorf("dead server: %v", err)
	}
	if err := Probe(ctx, "ollama", with(srv.URL)); err != nil {
		t.Errorf("ollama with the model pulled: %v", err)
	}
	if err := Probe(ctx, "ollama:mistral", with(srv.URL)); err == nil || !strings.Contains(err.Error(), "run 'ollama pull mistral'") {
		t.Errorf("ollama without the model: %v", err)
	}
}

func TestOpenNamesProviderInErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":{"message":"boom"}}`, http.StatusInternalServerError)
	}))
	defer srv.Close()
	m, err := Open("openai:test-model", OpenOptions{BaseURL: srv.URL + "/v1", Getenv: env()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.GenerateContent(context.Background(), []llms.MessageContent{human("hi")})
	if err == nil || !strings.HasPrefix(err.Error(), "openai:test-model at "+srv.URL+"/v1: ") || !strings.Contains(err.Error(), "500") { // the cause kept: the client retries a 5xx
		t.Errorf("err %v", err)
	}
	if _, err := Open("none", OpenOptions{}); !errors.Is(err, ErrNoModel) {
		t.Errorf("none: %v", err)
	}
}

// TestProviderUsage runs each provider's client against a local fake of
// its API and checks that the reported token counts reach usage.
func TestProviderUsage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/chat/completions": // OpenAI
			io.WriteString(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"hi"}}],"usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15}}`)
		case "/v1/messages": // Anthropic
			io.WriteString(w, `{"id":"x","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn","usage":{"input_tokens":7,"output_tokens":2}}`)
		case "/api/chat": // Ollama
			io.WriteString(w, `{"model":"m","message":{"role":"assistant","content":"hi"},"done":true,"prompt_eval_count":9,"eval_count":4}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	for _, c := range []struct {
		spec, base string
		in, out    int
	}{
		{"openai:m", srv.URL + "/v1", 12, 3},
		{"anthropic:m", srv.URL + "/v1", 7, 2},
		{"ollama:m", srv.URL, 9, 4},
	} {
		m, err := Open(c.spec, OpenOptions{BaseURL: c.base, Getenv: env("ANTHROPIC_API_KEY", "k")})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := llm.NewClient(m, llm.ClientOptions{}).Generate(context.Background(), []llms.MessageContent{human("hello")}, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if u := rep.Usage; rep.Text != "hi" || u.Calls != 1 || u.InputTokens != c.in || u.OutputTokens != c.out || u.Estimated {
			t.Errorf("%s: %+v", c.spec, rep)
		}
	}
}

func human(text string) llms.MessageContent { return llms.TextParts(llms.ChatMessageTypeHuman, text) }
