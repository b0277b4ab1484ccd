package cli

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
)

// Every way to leave ends the session there: the line after it is never
// asked.
func TestChatExitWords(t *testing.T) {
	for _, word := range []string{"exit", "quit", ":q", ":quit", "EXIT", ":exit"} {
		code, out, errs := invoke(t, "Who owns the payment service?\n"+word+"\nWho owns db-v2?\n", "chat")
		if code != exitOK || errs != "" {
			t.Fatalf("%s: exit %d, %s", word, code, errs)
		}
		if !strings.Contains(out, "team-payments") || strings.Contains(out, "db-v2?") {
			t.Errorf("%s: the session did not end there:\n%s", word, out)
		}
	}
}

// A line longer than a question may be is skipped with a message; the
// session goes on.
func TestChatLongLine(t *testing.T) {
	long := strings.Repeat("x", maxQuestionBytes+10)
	code, out, errs := invoke(t, long+"\nWho owns the payment service?\n", "chat")
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, %s", code, errs)
	}
	if !strings.Contains(out, "line 1 is longer than a question may be (1048576 bytes); skipped") || !strings.Contains(out, "team-payments") {
		t.Errorf("chat printed:\n%.600s", out)
	}
}

// Chat has no flags to suggest: more answers than it lists point to :json.
func TestChatSuggestsItsOwnCommands(t *testing.T) {
	code, out, _ := invoke(t, "Which services depend on the user auth service?\n", "chat")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(out, "--json") || !strings.Contains(out, "(:json lists them all)") {
		t.Errorf("chat printed:\n%s", out)
	}
}

func TestReadCappedLine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader("abc\r\n"+strings.Repeat("y", 40)+"\nlast"), 16)
	var got []string
	for {
		l, err := readCappedLine(r, 10)
		if err == io.EOF {
			break
		}
		if errors.Is(err, errCapped) {
			l = "<capped>"
		} else if err != nil {
			t.Fatal(err)
		}
		got = append(got, l)
	}
	if strings.Join(got, "|") != "abc|<capped>|last" {
		t.Errorf("lines %q", got)
	}
}

// scriptedInput is a chatInput reading prepared lines and errors.
type scriptedInput struct {
	reads []scriptedRead
	at    int
}

type scriptedRead struct {
	line string
	err  error
}

func (s *scriptedInput) ReadLine(string) (string, error) {
	if s.at == len(s.reads) {
		return "", io.EOF
	}
	r := s.reads[s.at]
	s.at++
	return r.line, r.err
}
func (s *scriptedInput) Interactive() bool { return true }
func (s *scriptedInput) Close() error      { return nil }

// Ctrl-C while a question runs cancels that question and chat asks the
// next one; Ctrl-C at the prompt warns once and leaves at the second.
func TestChatInterrupts(t *testing.T) {
	var out strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
	in := &scriptedInput{reads: []scriptedRead{
		{line: "slow question"},
		{line: "quick question"},
		{err: errPromptInterrupted},
		{line: "another quick one"}, // disarms
		{err: errPromptInterrupted},
		{err: errPromptInterrupted}, // leaves
		{line: "never asked"},
	}}
	var asked []string
	ask := func(ctx context.Context, q string) (*agent.Result, error) {
		asked = append(asked, q)
		if q == "slow question" {
			go func() {
				for !interruptQuestion() { // Ctrl-C once the question is in flight
					time.Sleep(time.Millisecond)
				}
			}()
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return &agent.Result{Answer: "answer to " + q}, nil
	}
	n, err := chatLoop(t.Context(), e, in, renderOptions{}, ask)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(asked, "|") != "slow question|quick question|another quick one" || n != 3 {
		t.Errorf("asked %q (%d lines)", asked, n)
	}
	for _, want := range []string{"(cancelled; ask another question, or leave with Ctrl-D)", "answer to quick question", "(press Ctrl-C again, or Ctrl-D, to leave)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("chat printed no %q:\n%s", want, out.String())
		}
	}
	if strings.Count(out.String(), "(press Ctrl-C again") != 2 {
		t.Errorf("the warning was not given once per first Ctrl-C:\n%s", out.String())
	}
	if interruptQuestion() {
		t.Error("a question is still registered as in flight after chat ended")
	}
}

// A command stopped while chat waits for a line (SIGTERM, or Ctrl-C
// outside a question from a pipe) ends at once.
func TestChatStoppedWhileReading(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	defer pw.Close()
	var out strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- mainEnv(ctx, []string{"chat"}, &env{stdin: pr, stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }})
	}()
	time.Sleep(200 * time.Millisecond)
	cancel()
	select {
	case code := <-done:
		if code != exitInterrupted {
			t.Errorf("exit %d, want %d", code, exitInterrupted)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("chat still waits for a line after its context was cancelled")
	}
}
