package llmtest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/tmc/langchaingo/llms"
)

// Reply is one scripted answer.
type Reply struct {
	// Text is the reply's content.
	Text string
	// Err, when set, is returned instead of a reply.
	Err error
	// Delay is waited before replying (or failing); a context that ends
	// first ends the call with its error.
	Delay time.Duration
	// InputTokens and OutputTokens are reported as the provider's usage
	// (the OpenAI keys of GenerationInfo). With NoUsage nothing is
	// reported.
	InputTokens, OutputTokens int
	NoUsage                   bool
}

// Text returns a reply with the given content, reporting 100 input and 20
// output tokens.
func Text(s string) Reply { return Reply{Text: s, InputTokens: 100, OutputTokens: 20} }

// Fail returns a reply that fails with err.
func Fail(err error) Reply { return Reply{Err: err} }

// Call is one recorded call.
type Call struct {
	// N counts the calls from 1.
	N int
	// Prompt is the text of all the messages, joined by blank lines.
	Prompt string
	// Messages are the text of each message, in order.
	Messages []string
	// Streamed reports whether a streaming function was given.
	Streamed bool
}

type rule struct {
	substr  string
	replies []Reply
	used    int
}

// Model is the scripted model. It is safe for concurrent use.
type Model struct {
	mu    sync.Mutex
	rules []*rule
	nth   map[int]Reply
	calls []Call
}

var _ llms.Model = (*Model)(nil)

// New returns a model with no script: every call fails until rules are added.
func New() *Model { return &Model{nth: map[int]Reply{}} }

// On adds a rule: calls whose prompt contains substr get the replies in
// order, the last one repeating. Rules are tried in the order added.
func (m *Model) On(substr string, replies ...Reply) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rules = append(m.rules, &rule{substr: substr, replies: replies})
	return m
}

// Nth sets the reply to call n (counted from 1).
func (m *Model) Nth(n int, r Reply) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nth[n] = r
	return m
}

// Calls returns the calls made so far.
func (m *Model) Calls() []Call {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Call(nil), m.calls...)
}

// GenerateContent implements llms.Model.
func (m *Model) GenerateContent(ctx context.Context, msgs []llms.MessageContent, options ...llms.CallOption) (*llms.ContentResponse, error) {
	var opts llms.CallOptions
	for _, o := range options {
		o(&opts)
	}
	var parts []string
	for _, msg := range msgs {
		for _, p := range msg.Parts {
			if t, ok := p.(llms.TextContent); ok {
				parts = append(parts, t.Text)
			}
		}
	}
	prompt := strings.Join(parts, "\n\n")
	r, err := m.pick(Call{Prompt: prompt, Messages: parts, Streamed: opts.StreamingFunc != nil})
	if err != nil {
		return nil, err
	}
	if r.Delay > 0 {
		t := time.NewTimer(r.Delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if r.Err != nil {
		return nil, r.Err
	}
	if opts.StreamingFunc != nil {
		for _, w := range chunks(r.Text) {
			if err := opts.StreamingFunc(ctx, []byte(w)); err != nil {
				return nil, err
			}
		}
	}
	ch := &llms.ContentChoice{Content: r.Text, StopReason: "stop"}
	if !r.NoUsage {
		ch.GenerationInfo = map[string]any{
			"PromptTokens":     r.InputTokens,
			"CompletionTokens": r.OutputTokens,
			"TotalTokens":      r.InputTokens + r.OutputTokens,
		}
	}
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{ch}}, nil
}

// Call implements llms.Model.
func (m *Model) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, m, prompt, options...)
}

func (m *Model) pick(c Call) (Reply, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.calls) + 1
	c.N = n
	m.calls = append(m.calls, c)
	prompt := c.Prompt
	if r, ok := m.nth[n]; ok {
		return r, nil
	}
	for _, ru := range m.rules {
		if !strings.Contains(prompt, ru.substr) || len(ru.replies) == 0 {
			continue
		}
		i := ru.used
		if i >= len(ru.replies) {
			i = len(ru.replies) - 1
		}
		ru.used++
		return ru.replies[i], nil
	}
	head := prompt
	if len(head) > 80 {
		head = head[:80]
	}
	return Reply{}, fmt.Errorf("llmtest: no scripted reply for call %d (prompt starts %q)", n, head)
}

// chunks splits a text into streamed pieces: each word with the space
// before it.
func chunks(s string) []string {
	var out []string
	start := 0
	for i := 1; i < len(s); i++ {
		if s[i] == ' ' && s[i-1] != ' ' {
			out = append(out, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
