package llm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/state"
)

// ClientOptions tune a Client. The zero value gives the defaults.
type ClientOptions struct {
	// Timeout bounds each call (each attempt). Default 60 s.
	Timeout time.Duration
	// MaxRetries is how often a call that hit a rate limit (HTTP 429) or
	// a server error (5xx) is tried again. Default 2; negative means none.
	MaxRetries int
	// Backoff is the wait before the first retry; it doubles with each
	// retry (with jitter), up to MaxBackoff. Defaults 500 ms and 8 s.
	Backoff    time.Duration
	MaxBackoff time.Duration
	// MaxConcurrent caps the calls in flight at once through this client,
	// across all runs that share it. Default 4.
	MaxConcurrent int
	// Temperature is passed to the model. Default 0: as repeatable as
	// the model allows.
	Temperature float64
	// MaxTokens caps each reply. Default 1024.
	MaxTokens int
	// JSONMode asks the provider for JSON-only replies on the calls that
	// want JSON (the planner and the critic). Off by default: not every
	// OpenAI-compatible server supports it, and replies are parsed
	// leniently anyway.
	JSONMode bool
	// Logger receives a line per retry and per discarded reply. Default none.
	Logger *zap.Logger
}

func (o ClientOptions) withDefaults() ClientOptions {
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.MaxRetries == 0 {
		o.MaxRetries = 2
	}
	if o.MaxRetries < 0 {
		o.MaxRetries = 0
	}
	if o.Backoff <= 0 {
		o.Backoff = 500 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 8 * time.Second
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 4
	}
	if o.MaxTokens <= 0 {
		o.MaxTokens = 1024
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	return o
}

// Client calls a model for the LLM nodes: one call at a time per slot of
// its semaphore, each bounded by a timeout, retried with backoff on rate
// limits and server errors, and counted. A Client is safe for concurrent
// use; share one between the nodes (and agents) that should share its
// concurrency limit.
type Client struct {
	model llms.Model
	opts  ClientOptions
	sem   chan struct{}

	mu    sync.Mutex
	total usage
}

// NewClient returns a client for model.
func NewClient(model llms.Model, opts ClientOptions) *Client {
	opts = opts.withDefaults()
	return &Client{model: model, opts: opts, sem: make(chan struct{}, opts.MaxConcurrent)}
}

// usage is the work of one or more calls.
type usage struct {
	// Calls counts the requests sent, retries included.
	Calls        int `json:"calls"`
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	// Estimated is true when a provider reported no token counts for some
	// call, so they were estimated (about four characters a token).
	Estimated bool `json:"estimated,omitempty"`
}

// Plus adds two usages.
func (u usage) Plus(o usage) usage {
	return usage{u.Calls + o.Calls, u.InputTokens + o.InputTokens, u.OutputTokens + o.OutputTokens, u.Estimated || o.Estimated}
}

// Cost is the usage as the agent counts it.
func (u usage) Cost() state.Cost {
	return state.Cost{LLMCalls: u.Calls, InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TokensEstimated: u.Estimated}
}

// Total returns the usage of every call made through the client so far.
func (c *Client) Total() usage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// reply is a model's answer to one Generate.
type reply struct {
	Text  string
	Usage usage
}

// ErrTimeout is wrapped by the error of a call that outlived
// ClientOptions.Timeout.
var ErrTimeout = errors.New("llm call timed out")

// request is one Generate's parameters.
type request struct {
	msgs   []llms.MessageContent
	json   bool
	stream func(string)
}

// Generate sends the messages and returns the reply's text. It retries
// rate limits and server errors (never after tokens were streamed), and
// stops at once when ctx ends. The returned usage counts every attempt,
// also when the error is not nil.
func (c *Client) Generate(ctx context.Context, msgs []llms.MessageContent, stream func(string)) (reply, error) {
	return c.generate(ctx, request{msgs: msgs, stream: stream})
}

func (c *Client) generate(ctx context.Context, req request) (reply, error) {
	var total usage
	defer func() {
		c.mu.Lock()
		c.total = c.total.Plus(total)
		c.mu.Unlock()
	}()
	for attempt := 0; ; attempt++ {
		select {
		case c.sem <- struct{}{}:
		case <-ctx.Done():
			return reply{Usage: total}, ctx.Err()
		}
		text, u, streamed, err := c.once(ctx, req)
		<-c.sem
		total = total.Plus(u)
		if err == nil {
			return reply{Text: text, Usage: total}, nil
		}
		if ctx.Err() != nil {
			return reply{Usage: total}, ctx.Err()
		}
		if attempt >= c.opts.MaxRetries || streamed || !retryable(err) {
			return reply{Usage: total}, err
		}
		wait := c.opts.Backoff << attempt
		if wait > c.opts.MaxBackoff || wait <= 0 {
			wait = c.opts.MaxBackoff
		}
		wait = wait/2 + rand.N(wait/2+1)
		c.opts.Logger.Info("llm call failed; retrying", zap.Int("attempt", attempt+1), zap.Duration("wait", wait), zap.Error(err))
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return reply{Usage: total}, ctx.Err()
		}
	}
}

// once makes one attempt.
func (c *Client) once(ctx context.Context, req request) (text string, u usage, streamed bool, err error) {
	var sent atomic.Bool
	defer func() { streamed = sent.Load() }()
	actx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	opts := []llms.CallOption{llms.WithTemperature(c.opts.Temperature), llms.WithMaxTokens(c.opts.MaxTokens)}
	if req.json && c.opts.JSONMode {
		opts = append(opts, llms.WithJSONMode())
	}
	if req.stream != nil {
		opts = append(opts, llms.WithStreamingFunc(func(_ context.Context, chunk []byte) error {
			if len(chunk) > 0 {
				sent.Store(true)
				req.stream(string(chunk))
			}
			return nil
		}))
	}
	u.Calls = 1
	resp, err := c.model.GenerateContent(actx, req.msgs, opts...)
	if err != nil {
		if ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("%w after %s: %w", ErrTimeout, c.opts.Timeout, err)
		}
		return "", u, streamed, err
	}
	if resp == nil || len(resp.Choices) == 0 || resp.Choices[0] == nil {
		return "", u, streamed, errors.New("the model returned no choice")
	}
	ch := resp.Choices[0]
	in, out, ok := reportedUsage(ch.GenerationInfo)
	if !ok {
		in, out = estimateTokens(messagesText(req.msgs)), estimateTokens(ch.Content)
		u.Estimated = true
	}
	u.InputTokens, u.OutputTokens = in, out
	return ch.Content, u, streamed, nil
}

// usage keys in ContentChoice.GenerationInfo, by provider: OpenAI and
// Ollama report PromptTokens/CompletionTokens, Anthropic
// InputTokens/OutputTokens.
var usageKeys = [][2]string{{"PromptTokens", "CompletionTokens"}, {"InputTokens", "OutputTokens"}}

// reportedUsage reads the token counts a provider reported.
func reportedUsage(info map[string]any) (in, out int, ok bool) {
	for _, k := range usageKeys {
		i, iok := toInt(info[k[0]])
		o, ook := toInt(info[k[1]])
		if (iok || ook) && i+o > 0 {
			return i, o, true
		}
	}
	return 0, 0, false
}

func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int32:
		return int(n), true
	case int64:
		return int(n), true
	case float64:
		return int(n), true
	case float32:
		return int(n), true
	}
	return 0, false
}

// estimateTokens guesses a token count: about four characters a token.
func estimateTokens(s string) int {
	n := utf8.RuneCountInString(s)
	if n == 0 {
		return 0
	}
	return (n + 3) / 4
}

func messagesText(msgs []llms.MessageContent) string {
	var b strings.Builder
	for _, m := range msgs {
		for _, p := range m.Parts {
			if t, ok := p.(llms.TextContent); ok {
				b.WriteString(t.Text)
			}
		}
	}
	return b.String()
}

var statusRE = regexp.MustCompile(`(?i)status(?: code)?:?\s*(\d{3})`)

// retryable reports whether an error is worth another attempt: a rate
// limit (HTTP 429) or a server error (HTTP 5xx, "overloaded"), as the
// providers' clients report them.
func retryable(err error) bool {
	if err == nil {
		return false
	}
	var le *llms.Error
	if errors.As(err, &le) {
		switch le.Code {
		case llms.ErrCodeRateLimit, llms.ErrCodeProviderUnavailable:
			return true
		}
	}
	msg := err.Error()
	if m := statusRE.FindStringSubmatch(msg); m != nil {
		code, _ := strconv.Atoi(m[1])
		return code == 429 || code >= 500
	}
	low := strings.ToLower(msg)
	for _, s := range []string{"rate limit", "too many requests", "overloaded", "service unavailable", "bad gateway", "gateway timeout", "internal server error"} {
		if strings.Contains(low, s) {
			return true
		}
	}
	return false
}

func human(text string) llms.MessageContent { return llms.TextParts(llms.ChatMessageTypeHuman, text) }

func assistant(text string) llms.MessageContent { return llms.TextParts(llms.ChatMessageTypeAI, text) }

// brief shortens a reason for Plan.Source, Verdict.By and Answer.By.
func brief(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const max = 160
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return string(r[:max-1]) + "…"
}
