// Package cli implements the scgraph command line. Each command is a
// function taking its options, so tests call it without a process; main
// only wires signals and exit codes.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync"
)

// env is what a command talks to: its streams and the environment.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
	// lookupEnv tells a variable set to "" from one not set; without it,
	// a variable is set when getenv returns more than "".
	lookupEnv func(string) (string, bool)
	// downloads: the command may download what it needs on first use
	// (the MiniLM model of --relate auto). The real process may; a run in
	// process (MainEnv, tests) may not.
	downloads bool
}

// lookup is os.LookupEnv over the command's environment.
func (e *env) lookup(k string) (string, bool) {
	if e.lookupEnv != nil {
		return e.lookupEnv(k)
	}
	v := e.getenv(k)
	return v, v != ""
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

func commands() []command {
	return []command{
		{"ask", "answer one question with its chain of evidence", runAsk},
		{"chat", "ask many questions on one loaded graph, interactively", runChat},
		{"ingest", "read triples (any format), or documents (--docs), into a snapshot or into Neo4j", runIngest},
		{"schema", "print the graph's schema (given or inferred)", runSchema},
		{"eval", "measure answer quality, path recall and hop efficiency on a question set", runEval},
		{"communities", "group the graph into communities with summaries; answer questions about the whole graph", runCommunities},
		{"lexicon", "learn a relation lexicon from labelled questions", runLexicon},
		{"diagram", "print the agent's state machine as a Mermaid diagram", runDiagram},
		{"gen", "generate a synthetic service graph and questions, for benchmarks", runGen},
		{"mcp", "serve the tools to other agents over the Model Context Protocol (stdio or HTTP)", runMCP},
		{"export", "write neo4j-admin import files for a first load of a very large graph", runExport},
		{"merges", "find entities that name the same thing; list, accept, reject or undo merges", runMerges},
		{"model", "install the MiniLM model that relates a question's words to the graph's relations", runModel},
		{"completion", "print a shell completion script (bash, zsh or fish)", runCompletion},
	}
}

// usageError marks errors that should print the command's usage hint.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// Exit codes.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
	// exitInterrupted: the command was cancelled (Ctrl-C, SIGTERM), as
	// shells report a process ended by SIGINT.
	exitInterrupted = 130
)

// Main runs scgraph with the given arguments (without the program name)
// and returns the process exit code.
func Main(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return mainEnv(ctx, args, &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: osGetenv, lookupEnv: os.LookupEnv, downloads: true})
}

// MainEnv is Main with the environment given as a function (tests that
// run documented commands in-process give each its own).
func MainEnv(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return mainEnv(ctx, args, &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv})
}

func mainEnv(ctx context.Context, args []string, e *env) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) > 1 {
			return mainEnv(ctx, []string{args[1], "--help"}, e)
		}
		topUsage(e.stdout)
		return exitOK
	}
	if args[0] == "version" || args[0] == "--version" {
		fmt.Fprintln(e.stdout, "scgraph", version())
		return exitOK
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, e, args[1:])
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.As(err, new(usageError)):
			fmt.Fprintf(e.stderr, "scgraph %s: %v\nRun 'scgraph %s --help' for usage.\n", c.name, err, c.name)
			return exitUsage
		case errors.Is(ctx.Err(), context.Canceled):
			if cause := context.Cause(ctx); !errors.Is(cause, context.Canceled) {
				fmt.Fprintf(e.stderr, "scgraph %s: interrupted (%v): %v\n", c.name, cause, err) // by a signal
			} else {
				fmt.Fprintf(e.stderr, "scgraph %s: interrupted: %v\n", c.name, err)
			}
			return exitInterrupted
		default:
			fmt.Fprintf(e.stderr, "scgraph %s: %v\n", c.name, err)
			return exitError
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	fmt.Fprintf(e.stderr, "scgraph: unknown command %q%s\nRun 'scgraph help' for the commands.\n", args[0], didYouMean(args[0], append(names, "help", "version", "completion"), ""))
	return exitUsage
}

func topUsage(w io.Writer) {
	fmt.Fprint(w, `scgraph answers multi-hop questions by walking a knowledge graph, and shows
the chain of evidence. A planner reads the question, a retriever fetches the
first subgraph, a relational critic checks that a complete chain links the
question's entities to what it asks for, and a BFS refiner expands the dead
ends it names until the chain is complete or the budget ends.

Usage:
  scgraph <command> [flags] [arguments]

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-11s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Start here (no file, no server: the built-in demo graph):
  scgraph ask "Which teams are affected if the payment service goes down?"
  scgraph ask --graph testdata/zeroshot/trainticket.jsonl --json "What does the order service call?"
  scgraph chat --graph testdata/zeroshot/trainticket.jsonl

Graphs: --graph takes triples (subject|relation|object lines, TSV, CSV with a
header, JSONL) or a snapshot from 'scgraph ingest'; without it, the demo graph.
Set NEO4J_URI (or --store neo4j) to use Neo4j instead.

Run 'scgraph help <command>' for a command's flags and examples,
'scgraph --version' for the version, and 'scgraph completion bash|zsh|fish'
for shell completion.

Exit status: 0 when the command did its work (an answer was given, even a
partial one or an honest "no"), 1 on errors (bad input names its file and
line), 2 on bad usage, 130 when interrupted (Ctrl-C, SIGTERM).
`)
}

// parseArgs parses flags that may come before, after or between the
// positional arguments ("ask 'question' --json").
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				printUsage(fs)
				return nil, err
			}
			return nil, usageError{flagError(fs, err)}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// invalidValue is how the flag package reports a value Set refused.
var invalidValue = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): (.*)$`)

// flagError rewords the flag package's parse errors the way people write
// flags: "unknown flag --hopz; did you mean --hops?", "--hops -3: want a
// whole number from 1 to 100, or 0 for the default, 6".
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag " + dashed(name) + didYouMean(name, flagNames(fs), "--")
	}
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		return dashed(m[2]) + " " + m[1] + ": " + m[3]
	}
	return msg
}

// newFlagSet returns a flag set for a command. Parse errors are returned,
// not printed (mainEnv prints them once, with a hint); -h prints the usage
// text and the flags to w.
func newFlagSet(name, usage string, w io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	usages.Store(fs, usageText{text: usage, w: w})
	return fs
}

type usageText struct {
	text string
	w    io.Writer
}

// usages holds each flag set's help text (*flag.FlagSet → usageText).
var usages sync.Map

func printUsage(fs *flag.FlagSet) {
	v, ok := usages.Load(fs)
	if !ok {
		return
	}
	u := v.(usageText)
	fmt.Fprint(u.w, strings.TrimLeft(u.text, "\n"))
	fmt.Fprintln(u.w, "\nFlags:")
	fs.SetOutput(u.w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}
