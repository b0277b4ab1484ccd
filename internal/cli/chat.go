package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
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
  :quit      leave (or Ctrl-D)

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
	o.graph.registerGroups(fs)
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
	interactive := isTerminal(e.stdin)
	fmt.Fprintf(e.stdout, "scgraph chat on %s. Ask a question, or :help.\n", g.Desc)
	var last *agent.Result
	var history []string
	empty := true // nothing but blank lines so far
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for {
		if interactive {
			fmt.Fprint(e.stdout, "scgraph> ")
		}
		if !sc.Scan() {
			break
		}
		if ctx.Err() != nil {
			break
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		empty = false
		if strings.HasPrefix(line, ":") {
			quit := chatCommand(e, line, last, history)
			if quit {
				return nil
			}
			continue
		}
		history = append(history, line)
		if !interactive {
			fmt.Fprintf(e.stdout, "\n> %s\n", line)
		}
		res, err := a.Run(ctx, line)
		if res != nil && !errors.Is(err, llm.ErrModelFailed) {
			last = res
			renderResult(e.stdout, res, renderOptions{maxAnswers: 5})
			o.llm.warnFallbacks(e.stderr, res)
		}
		if err != nil && !errors.Is(err, agent.ErrIterationLimit) {
			fmt.Fprintf(e.stderr, "error: %v\n", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading the questions: %w", err)
	}
	if !interactive && empty && ctx.Err() == nil {
		return usagef("stdin held no question (it is empty or blank); give one question a line")
	}
	return nil
}

// chatCommand runs one ':' command; it reports whether to quit.
func chatCommand(e *env, line string, last *agent.Result, history []string) bool {
	cmd := strings.Fields(line)[0]
	needLast := func() bool {
		if last == nil {
			fmt.Fprintln(e.stdout, "no question asked yet")
			return false
		}
		return true
	}
	switch cmd {
	case ":quit", ":q", ":exit":
		return true
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
			fmt.Fprintln(e.stdout, planLine(last))
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
	return false
}

func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
