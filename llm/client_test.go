package llm

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/internal/llmtest"
)

func TestClientRetriesRateLimit(t *testing.T) {
	m := llmtest.New().
		Nth(1, llmtest.Fail(errors.New("API returned unexpected status code: 429: Rate limit reached"))).
		Nth(2, llmtest.Fail(errors.New("API returned unexpected status code: 503"))).
		On("", llmtest.Text("ok"))
	c := fastClient(m)
	rep, err := c.Generate(context.Background(), []llms.MessageContent{human("hi")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Text != "ok" || rep.Usage.Calls != 3 || rep.Usage.InputTokens != 100 || rep.Usage.OutputTokens != 20 {
		t.Errorf("reply %+v", rep)
	}
	if c.Total() != rep.Usage {
		t.Errorf("total %+v, want %+v", c.Total(), rep.Usage)
	}
}

func TestClientDoesNotRetryOtherErrors(t *testing.T) {
	m := llmtest.New().Nth(1, llmtest.Fail(errors.New("API returned unexpected status code: 400: bad request"))).On("", llmtest.Text("ok"))
	rep, err := fastClient(m).Generate(context.Background(), []llms.MessageContent{human("hi")}, nil)
	if err == nil || rep.Usage.Calls != 1 {
		t.Fatalf("err %v after %d calls, want the 400 at once", err, rep.Usage.Calls)
	}
}

func TestClientGivesUpAfterRetries(t *testing.T) {
	m := llmtest.New().On("", llmtest.Fail(llms.NewError(llms.ErrCodeRateLimit, "openai", "slow down")))
	rep, err := fastClient(m).Generate(context.Background(), []llms.MessageContent{human("hi")}, nil)
	if err == nil || rep.Usage.Calls != 3 {
		t.Fatalf("err %v after %d calls, want 3 attempts", err, rep.Usage.Calls)
	}
}

func TestClientTimeout(t *testing.T) {
	m := llmtest.New().On("", llmtest.Reply{Text: "late", Delay: time.Second})
	c := NewClient(m, ClientOptions{Timeout: 10 * time.Millisecond, MaxRetries: -1})
	_, err := c.Generate(context.Background(), []llms.MessageContent{human("hi")}, nil)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err %v, want ErrTimeout", err)
	}
}

func TestClientCancelledDuringBackoff(t *testing.T) {
	m := llmtest.New().On("", llmtest.Fail(errors.New("status code: 429")))
	c := NewClient(m, ClientOptions{Backoff: time.Hour, MaxBackoff: time.Hour, MaxTimePerQuestion: 2 * time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Generate(ctx, []llms.MessageContent{human("hi")}, nil)
	if !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Fatalf("err %v after %s", err, time.Since(start))
	}
}

func TestClientEstimatesMissingUsage(t *testing.T) {
	m := llmtest.New().On("", llmtest.Reply{Text: "twelve chars", NoUsage: true})
	rep, err := fastClient(m).Generate(context.Background(), []llms.MessageContent{human("sixteen chars..")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Usage.Estimated || rep.Usage.InputTokens != 4 || rep.Usage.OutputTokens != 3 {
		t.Errorf("usage %+v", rep.Usage)
	}
}

func TestReportedUsageKeys(t *testing.T) {
	for _, c := range []struct {
		info    map[string]any
		in, out int
		ok      bool
	}{
		{map[string]any{"PromptTokens": 12, "CompletionTokens": 3}, 12, 3, true}, // OpenAI, Ollama
		{map[string]any{"InputTokens": 7, "OutputTokens": 2}, 7, 2, true},        // Anthropic
		{map[string]any{"PromptTokens": float64(5), "CompletionTokens": 1}, 5, 1, true},
		{map[string]any{"PromptTokens": 0, "CompletionTokens": 0}, 0, 0, false},
		{nil, 0, 0, false},
	} {
		in, out, ok := reportedUsage(c.info)
		if in != c.in || out != c.out || ok != c.ok {
			t.Errorf("%v: %d %d %v", c.info, in, out, ok)
		}
	}
}

func TestRetryable(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{errors.New("API returned unexpected status code: 429"), true},
		{errors.New("API returned unexpected status code: 500: oops"), true},
		{errors.New("API returned unexpected status code: 401: bad key"), false},
		{errors.New("overloaded_error: Overloaded"), true},
		{fmt.Errorf("wrapped: %w", llms.NewError(llms.ErrCodeProviderUnavailable, "x", "down")), true},
		{errors.New("dial tcp 127.0.0.1:1: connect: connection refused"), false},
		{nil, false},
	} {
		if got := retryable(c.err); got != c.want {
			t.Errorf("retryable(%v) = %v", c.err, got)
		}
	}
}

// slowModel counts the calls in flight.
type slowModel struct {
	llmtest.Model
	in, max atomic.Int32
}

func (s *slowModel) GenerateContent(ctx context.Context, msgs []llms.MessageContent, opts ...llms.CallOption) (*llms.ContentResponse, error) {
	n := s.in.Add(1)
	defer s.in.Add(-1)
	for {
		m := s.max.Load()
		if n <= m || s.max.CompareAndSwap(m, n) {
			break
		}
	}
	time.Sleep(10 * time.Millisecond)
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{Content: "ok"}}}, nil
}

func TestClientConcurrencyLimit(t *testing.T) {
	m := &slowModel{}
	c := NewClient(m, ClientOptions{MaxConcurrent: 2})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Generate(context.Background(), []llms.MessageContent{human("hi")}, nil); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if m.max.Load() > 2 {
		t.Errorf("%d calls in flight at once, limit 2", m.max.Load())
	}
	if c.Total().Calls != 8 {
		t.Errorf("total %+v", c.Total())
	}
}
