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
	// Timeout bounds each call (each attempt). Default 30 s.
	Timeout time.Duration
	// MaxCallsPerQuestion caps the calls (retries included) one question
	// may make, across the planner, the critic and the answerer. Default
	// 6: a question needs two or three, and a repair costs one more.
	MaxCallsPerQuestion int
	// MaxTimePerQuestion caps the time one question may spend waiting for
	// the model, retries and backoff included; each call's limit is cut to
	// what is left. Default 45 s, so that a hung model costs a question
	// at most that, never minutes. When either cap is spent, the nodes
	// use their deterministic result (ErrBudgetExhausted).
	MaxTimePerQuestion time.Duration
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

// The defaults of ClientOptions' limits.
const (
	DefaultCallTimeout         = 30 * time.Second
	DefaultMaxCallsPerQuestion = 6
	DefaultMaxTimePerQuestion  = 45 * time.Second
)

func (o ClientOptions) withDefaults() ClientOptions {
	if o.Timeout <= 0 {
		o.Timeout = DefaultCallTimeout
	}
	if o.MaxCallsPerQuestion <= 0 {
		o.MaxCallsPerQuestion = DefaultMaxCallsPerQuestion
	}
	if o.MaxTimePerQuestion <= 0 {
		o.MaxTimePerQuestion = DefaultMaxTimePerQuestion
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
	// Elapsed is the time spent in the calls and their backoff.
	Elapsed time.Duration `json:"elapsed_ns,omitempty"`
}

// Plus adds two usages.
func (u usage) Plus(o usage) usage {
	return usage{u.Calls + o.Calls, u.InputTokens + o.InputTokens, u.OutputTokens + o.OutputTokens, u.Estimated || o.Estimated, u.Elapsed + o.Elapsed}
}

// Cost is the usage as the agent counts it.
func (u usage) Cost() state.Cost {
	return state.Cost{LLMCalls: u.Calls, InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TokensEstimated: u.Estimated, LLMTime: u.Elapsed}
}

// spentBy is what a run has spent on the model so far, as its budget
// counts it.
func spentBy(b state.Budget) usage {
	return usage{Calls: b.LLMCalls, Elapsed: b.LLMTime}
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

// ErrBudgetExhausted is wrapped by the error of a call refused or cut
// because its question has spent ClientOptions.MaxCallsPerQuestion or
// MaxTimePerQuestion.
var ErrBudgetExhausted = errors.New("llm budget per question spent")

// request is one Generate's parameters.
type request struct {
	msgs   []llms.MessageContent
	json   bool
	stream func(string)
	// spent is what the question has already spent on the model, counted
	// against the per-question budget.
	spent usage
}

// Generate sends the messages and returns the reply's text. It retries
// rate limits and server errors (never after tokens were streamed), and
// stops at once when ctx ends. The returned usage counts every attempt,
// also when the error is not nil.
func (c *Client) Generate(ctx context.Context, msgs []llms.MessageContent, stream func(string)) (reply, error) {
	return c.generate(ctx, request{msgs: msgs, stream: stream})
}

func (c *Client) generate(ctx context.Context, req request) (rep reply, err error) {
	start := time.Now()
	defer func() {
		rep.Usage.Elapsed = time.Since(start)
		c.mu.Lock()
		c.total = c.total.Plus(rep.Usage)
		c.mu.Unlock()
	}()
	return c.attempts(ctx, req, start)
}

// attempts makes the attempts of one generate, within the question's budget.
func (c *Client) attempts(ctx context.Context, req request, start time.Time) (reply, error) {
	var total usage
	left := func() (calls int, d time.Duration) {
		return c.opts.MaxCallsPerQuestion - req.spent.Calls - total.Calls,
			c.opts.MaxTimePerQuestion - req.spent.Elapsed - time.Since(start)
	}
	for attempt := 0; ; attempt++ {
		calls, d := left()
		if calls <= 0 || d <= 0 {
			return reply{Usage: total}, fmt.Errorf("%w (%d call(s), %s; raise the per-question limits)", ErrBudgetExhausted, c.opts.MaxCallsPerQuestion, c.opts.MaxTimePerQuestion)
		}
		select {
		case c.sem <- struct{}{}:
		case <-ctx.Done():
			return reply{Usage: total}, ctx.Err()
		}
		text, u, streamed, err := c.once(ctx, req, d)
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
		if _, d := left(); wait >= d {
			return reply{Usage: total}, fmt.Errorf("%w before a retry could be made (%s): %w", ErrBudgetExhausted, c.opts.MaxTimePerQuestion, err)
		}
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

// once makes one attempt, bounded by the call timeout or by what is left
// of the question's time budget, whichever is shorter.
func (c *Client) once(ctx context.Context, req request, left time.Duration) (text string, u usage, streamed bool, err error) {
	var sent atomic.Bool
	defer func() { streamed = sent.Load() }()
	limit, byBudget := c.opts.Timeout, false
	if left < limit {
		limit, byBudget = left, true
	}
	actx, cancel := context.WithTimeout(ctx, limit)
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
			if byBudget {
				err = fmt.Errorf("%w after %s (%w of %s): %w", ErrTimeout, limit.Round(time.Millisecond), ErrBudgetExhausted, c.opts.MaxTimePerQuestion, err)
			} else {
				err = fmt.Errorf("%w after %s: %w", ErrTimeout, c.opts.Timeout, err)
			}
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
