package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/llm"
)

const chatUsage = `
Usage: scgraph chat [flags]

An interactive session: the graph is loaded once, then every line you type is
a question. Lines starting with ':' are commands:

  :paths     the evidence paths of the last answer, all of them
  :trace     the steps of the last run
  :plan      the last plan, with its candidate chains
  :mermaid   the last evidence as a Mermaid flowchart
  :json      the last result as JSON
  :history   the questions asked so far
  :help      this list
  :quit      leave (so do exit, quit and :q, Ctrl-D, and Ctrl-C twice)

At a terminal the line can be edited (arrows, Home/End, Ctrl-A/E/K/U/W),
Up and Down recall earlier lines, Ctrl-R searches them, and they are kept
in a history file between sessions ($SCGRAPH_CHAT_HISTORY, by default
$XDG_STATE_HOME/scgraph/chat_history or ~/.local/state/scgraph/chat_history;
"off" keeps none). Ctrl-C while a question runs cancels it and returns to
the prompt; Ctrl-C at the prompt clears the line, and a second one leaves.
From a pipe, every line is a question (or a command), answered in turn.

Example:
  scgraph chat --graph testdata/zeroshot/trainticket.jsonl
`

type chatOptions struct {
	graph graphFlags
	agent agentFlags
	llm   llmFlags
}

func runChat(ctx context.Context, e *env, args []string) error {
	var o chatOptions
	fs := newFlagSet("chat", chatUsage, e.stderr)
	o.graph.register(fs, e)
	o.graph.registerGroups(fs, e)
	o.agent.register(fs)
	o.llm.register(fs, e, false)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("chat takes no arguments (got %q); use 'scgraph ask' for one question", strings.Join(pos, " "))
	}
	return chat(ctx, e, &o)
}

func chat(ctx context.Context, e *env, o *chatOptions) error {
	o.graph.neo4j.timeout = o.agent.timeout
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	opts, err := agentOptions(o.graph, o.agent, e)
	if err != nil {
		return err
	}
	llmOpts, err := o.llm.options(ctx, e, g.Graph, o.graph, o.agent, false)
	if err != nil {
		return err
	}
	a := agent.New(g.Graph, append(opts, llmOpts...)...)
	in := newChatInput(ctx, e)
	defer in.Close()
	fmt.Fprintf(e.stdout, "scgraph chat on %s. Ask a question, or :help.\n", g.Desc)
	if in.Interactive() {
		fmt.Fprintln(e.stdout, "Up and Down recall earlier lines; exit, Ctrl-D or Ctrl-C twice leaves.")
	}
	asked, err := chatLoop(ctx, e, in, g.shown(ctx), func(ctx context.Context, q string) (*agent.Result, error) {
		res, err := a.Run(ctx, q)
		if res != nil && !errors.Is(err, llm.ErrModelFailed) && ctx.Err() == nil {
			o.llm.warnFallbacks(e.stderr, res)
		}
		return res, err
	})
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return fmt.Errorf("chat stopped: %w", ctx.Err())
	}
	if !in.Interactive() && asked == 0 {
		return usagef("stdin held no question (it is empty or blank); give one question a line")
	}
	return nil
}

// exitWords leave chat when typed alone on a line.
var exitWords = map[string]bool{"exit": true, "quit": true, ":q": true, ":quit": true, ":exit": true}

// chatLoop reads lines until the input ends or the person leaves, asking
// each question with ask, and returns how many lines it read that were not
// blank. Ctrl-C while a question runs cancels that question; Ctrl-C at the
// prompt clears the line, and a second one right after it leaves.
func chatLoop(ctx context.Context, e *env, in chatInput, shown renderOptions, ask func(context.Context, string) (*agent.Result, error)) (int, error) {
	shown.maxAnswers, shown.more = 5, ":json lists them all"
	var last *agent.Result
	var history []string
	read := 0
	armed := false // Ctrl-C was pressed at an empty prompt
	for ctx.Err() == nil {
		line, err := in.ReadLine("scgraph> ")
		switch {
		case errors.Is(err, errPromptInterrupted):
			if armed {
				return read, nil
			}
			armed = true
			fmt.Fprintln(e.stdout, "(press Ctrl-C again, or Ctrl-D, to leave)")
			continue
		case errors.Is(err, io.EOF), errors.Is(err, context.Canceled):
			if in.Interactive() {
				fmt.Fprintln(e.stdout)
			}
			return read, nil
		case errors.As(err, new(lineTooLong)):
			fmt.Fprintf(e.stdout, "%v; skipped\n", err)
			read++
			continue
		case err != nil:
			return read, fmt.Errorf("reading the questions: %w", err)
		}
		armed = false
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		read++
		if exitWords[strings.ToLower(line)] {
			return read, nil
		}
		if strings.HasPrefix(line, ":") {
			chatCommand(e, line, last, history, shown)
			continue
		}
		history = append(history, line)
		if !in.Interactive() {
			fmt.Fprintf(e.stdout, "\n> %s\n", line)
		}
		res, cancelled, err := askInterruptibly(ctx, line, ask)
		switch {
		case cancelled:
			fmt.Fprintln(e.stdout, "(cancelled; ask another question, or leave with Ctrl-D)")
			continue
		case res != nil && !errors.Is(err, llm.ErrModelFailed):
			last = res
			renderResult(e.stdout, res, shown)
		}
		if err != nil && !errors.Is(err, agent.ErrIterationLimit) && ctx.Err() == nil {
			fmt.Fprintf(e.stderr, "error: %v\n", err)
		}
	}
	return read, nil
}

// askInterruptibly asks q with a context of its own that Ctrl-C cancels,
// and reports whether it was cancelled that way (not by the command's own
// context). It returns as soon as the
// question is cancelled, without waiting for the run to notice: a run deep
// in a large walk may take a while to, and the prompt should not.
func askInterruptibly(ctx context.Context, q string, ask func(context.Context, string) (*agent.Result, error)) (res *agent.Result, cancelled bool, err error) {
	qctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := interruptible(cancel)
	defer done()
	type outcome struct {
		res *agent.Result
		err error
	}
	ch := make(chan outcome, 1)
	go func() {
		res, err := ask(qctx, q)
		ch <- outcome{res, err}
	}()
	select {
	case o := <-ch:
		return o.res, qctx.Err() != nil && ctx.Err() == nil, o.err
	case <-qctx.Done():
		return nil, ctx.Err() == nil, qctx.Err()
	}
}

// chatCommand runs one ':' command.
func chatCommand(e *env, line string, last *agent.Result, history []string, shown renderOptions) {
	cmd := strings.Fields(line)[0]
	needLast := func() bool {
		if last == nil {
			fmt.Fprintln(e.stdout, "no question asked yet")
			return false
		}
		return true
	}
	switch cmd {
	case ":help", ":h":
		fmt.Fprint(e.stdout, strings.SplitN(strings.TrimLeft(chatUsage, "\n"), "Example:", 2)[0])
	case ":history":
		for i, q := range history {
			fmt.Fprintf(e.stdout, "%3d  %s\n", i+1, q)
		}
	case ":paths":
		if needLast() {
			for i, p := range last.Paths {
				fmt.Fprintf(e.stdout, "%3d  %s\n", i+1, pathWithSources(p))
			}
			if len(last.Paths) == 0 {
				fmt.Fprintln(e.stdout, "no evidence paths")
			}
		}
	case ":trace":
		if needLast() {
			renderTrace(e.stdout, last)
		}
	case ":plan":
		if needLast() {
			fmt.Fprintln(e.stdout, planLine(last, shown))
			for i, c := range last.Plan.Chains {
				fmt.Fprintf(e.stdout, "  chain %d (score %.3f): %s\n", i, c.Score, c)
			}
		}
	case ":mermaid":
		if needLast() {
			fmt.Fprint(e.stdout, last.Mermaid)
		}
	case ":json":
		if needLast() {
			_ = writeJSON(e.stdout, last, false)
		}
	default:
		fmt.Fprintf(e.stdout, "unknown command %s (try :help)\n", cmd)
	}
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
