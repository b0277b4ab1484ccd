package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/peterh/liner"

	"github.com/scgraph/scgraph/internal/atomicfile"
)

// chatInput is where chat reads its lines: a line editor at a terminal,
// plain lines from a pipe or a file.
type chatInput interface {
	// ReadLine returns the next line, without its newline. Its errors:
	// io.EOF at the end (Ctrl-D), errPromptInterrupted for Ctrl-C at the
	// prompt, lineTooLong for a line over maxQuestionBytes (the session
	// goes on), context.Canceled when the command was stopped.
	ReadLine(prompt string) (string, error)
	// Interactive reports whether a person types the lines.
	Interactive() bool
	Close() error
}

// errPromptInterrupted is Ctrl-C pressed at the prompt.
var errPromptInterrupted = errors.New("interrupted at the prompt")

// lineTooLong is a line longer than a question may be.
type lineTooLong struct{ line int }

func (l lineTooLong) Error() string {
	return fmt.Sprintf("line %d is longer than a question may be (%d bytes)", l.line, maxQuestionBytes)
}

// newChatInput returns the line editor when stdin and stdout are both a
// terminal, and plain lines otherwise.
func newChatInput(ctx context.Context, e *env) chatInput {
	if isTerminal(e.stdin) && isTerminal(e.stdout) && liner.TerminalSupported() {
		return newLineEditor(ctx, e)
	}
	return newPlainLines(ctx, e.stdin)
}

// plainLines reads lines from a reader in the background, so that a
// cancelled command does not wait for the next line.
type plainLines struct {
	ctx   context.Context
	lines chan plainLine
	done  chan struct{}
	once  sync.Once
}

type plainLine struct {
	text string
	err  error
}

func newPlainLines(ctx context.Context, r io.Reader) *plainLines {
	p := &plainLines{ctx: ctx, lines: make(chan plainLine), done: make(chan struct{})}
	go func() {
		defer close(p.lines)
		br := bufio.NewReaderSize(r, 64<<10)
		for n := 1; ; n++ {
			text, err := readCappedLine(br, maxQuestionBytes)
			if errors.Is(err, errCapped) {
				err = lineTooLong{n}
			}
			select {
			case p.lines <- plainLine{text, err}:
			case <-ctx.Done():
				return
			case <-p.done:
				return
			}
			if err != nil && !errors.As(err, new(lineTooLong)) {
				return
			}
		}
	}()
	return p
}

func (p *plainLines) ReadLine(string) (string, error) {
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", io.EOF
		}
		return l.text, l.err
	case <-p.ctx.Done():
		return "", context.Canceled
	}
}

func (p *plainLines) Interactive() bool { return false }

// Close stops the reading in the background (at its next line).
func (p *plainLines) Close() error {
	p.once.Do(func() { close(p.done) })
	return nil
}

var errCapped = errors.New("line over the cap")

// readCappedLine reads one line of at most limit bytes; a longer line is
// read to its end and dropped, with errCapped. A last line without a
// newline is a line; io.EOF comes only when nothing is left.
func readCappedLine(r *bufio.Reader, limit int) (string, error) {
	var buf bytes.Buffer
	over := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !over {
			if buf.Len()+len(chunk) > limit+1 { // +1: the newline
				over = true
				buf.Reset()
			} else {
				buf.Write(chunk)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && (buf.Len() > 0 || over):
			err = nil
		case err != nil:
			return "", err
		}
		if over {
			return "", errCapped
		}
		return string(bytes.TrimRight(buf.Bytes(), "\r\n")), nil
	}
}

// lineEditor reads from a terminal with line editing and history, through
// github.com/peterh/liner.
type lineEditor struct {
	st      *liner.State
	history string // the history file, "" for none
	once    sync.Once
	closed  chan struct{}
	stderr  io.Writer
}

func newLineEditor(ctx context.Context, e *env) *lineEditor {
	l := &lineEditor{st: liner.NewLiner(), history: chatHistoryPath(e), closed: make(chan struct{}), stderr: e.stderr}
	l.st.SetCtrlCAborts(true)
	l.st.SetMultiLineMode(true) // a long line wraps instead of scrolling
	if l.history != "" {
		if f, err := os.Open(l.history); err == nil {
			l.st.ReadHistory(f)
			f.Close()
		}
	}
	// A command stopped at the prompt (SIGTERM) gives the terminal back
	// before the process ends.
	go func() {
		select {
		case <-ctx.Done():
			l.Close()
		case <-l.closed:
		}
	}()
	return l
}

func (l *lineEditor) ReadLine(prompt string) (string, error) {
	line, err := l.st.Prompt(prompt)
	switch {
	case errors.Is(err, liner.ErrPromptAborted):
		return "", errPromptInterrupted
	case err != nil:
		return "", err
	}
	if len(line) > maxQuestionBytes {
		return "", lineTooLong{0}
	}
	if t := strings.TrimSpace(line); t != "" && !exitWords[strings.ToLower(t)] {
		l.st.AppendHistory(line)
	}
	return line, nil
}

func (l *lineEditor) Interactive() bool { return true }

// Close writes the history file and gives the terminal back.
func (l *lineEditor) Close() error {
	var err error
	l.once.Do(func() {
		close(l.closed)
		if l.history != "" {
			if err = os.MkdirAll(filepath.Dir(l.history), 0o700); err == nil {
				err = atomicfile.Write(l.history, func(w io.Writer) error {
					_, err := l.st.WriteHistory(w)
					return err
				})
			}
			if err != nil {
				fmt.Fprintf(l.stderr, "scgraph chat: the history was not saved: %v\n", err)
			}
		}
		if cerr := l.st.Close(); err == nil {
			err = cerr
		}
	})
	return err
}

// chatHistoryPath is the history file: $SCGRAPH_CHAT_HISTORY ("off" for
// none), else $XDG_STATE_HOME/scgraph/chat_history, else
// ~/.local/state/scgraph/chat_history; "" when there is no home either.
func chatHistoryPath(e *env) string {
	switch p := e.getenv("SCGRAPH_CHAT_HISTORY"); p {
	case "off", "none":
		return ""
	case "":
	default:
		return p
	}
	if d := e.getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "scgraph", "chat_history")
	}
	if h := e.getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "state", "scgraph", "chat_history")
	}
	return ""
}
