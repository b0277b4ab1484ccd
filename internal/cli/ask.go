package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/state"
)

// agentFlags tune the agent.
type agentFlags struct {
	maxIter  int
	timeout  time.Duration
	fanout   int
	hops     int
	alpha    float64
	verbose  bool
	maxCalls int
	// relate is --relate (see relator).
	relate string
}

func (a *agentFlags) register(fs *flag.FlagSet) {
	intFlag(fs, &a.maxIter, "max-iter", agent.DefaultMaxIterations, 1, 1000, "", "iteration cap: `N` critique rounds on each reading of the question before answering with the best so far")
	durationVar(fs, &a.timeout, "timeout", agent.DefaultTimeout, "", "time limit per question, and for connecting to Neo4j (`duration`: 30s, 2m)")
	fs.Var(fanoutValue{&a.fanout}, "fanout", "`N` neighbours kept per expanded node, ranked by the hybrid score when cut (default 300; all: no cap)")
	intFlag(fs, &a.hops, "hops", 0, 1, 100, "the default, 6", "hop budget `N` for open-ended questions such as 'everything affected' (default 6)")
	floatFlag(fs, &a.alpha, "alpha", 0, 0.01, 1, "the default, 0.5", "α of the hybrid score α·proximity + (1−α)·similarity, from 0 to 1 (default 0.5)")
	intFlag(fs, &a.maxCalls, "max-store-calls", agent.DefaultMaxStoreCalls, 1, maxInt, "", "store calls allowed per question (`N`)")
	fs.BoolVar(&a.verbose, "v", false, "log every transition to stderr")
	fs.StringVar(&a.relate, "relate", relateAuto, "`mode` for a word of the question that names no relation of the graph: auto takes the relation WordNet links its senses to, else the one its meaning is clearly nearest (all-MiniLM-L6-v2; both installed on first need unless SCGRAPH_OFFLINE is set; see scgraph model), answering uncertain; none ends such a question no_relation")
}

// options turns the flags into agent options (the lexicon is added by the caller).
func (a *agentFlags) options(e *env) ([]agent.Option, error) {
	rel, err := relator(a.relate, e)
	if err != nil {
		return nil, err
	}
	opts := []agent.Option{
		func(o *agent.Options) { o.MaxIterations = a.maxIter },
		func(o *agent.Options) { o.Timeout = a.timeout },
		func(o *agent.Options) {
			o.MaxStoreCalls, o.MaxNodesExpanded = a.maxCalls, agent.DefaultMaxNodesExpanded
		},
		func(o *agent.Options) { o.Fanout = a.fanout; o.Alpha = a.alpha },
		func(o *agent.Options) { o.HopBudget = a.hops },
		func(o *agent.Options) {},
	}
	if rel != nil {
		opts = append(opts, func(o *agent.Options) { o.Relate = rel })
	}
	if a.verbose {
		cfg := zap.NewDevelopmentConfig()
		cfg.OutputPaths = []string{"stderr"}
		if l, err := cfg.Build(); err == nil {
			opts = append(opts, func(o *agent.Options) { o.Logger = l })
		}
	}
	return opts, nil
}

type askOptions struct {
	graph   graphFlags
	agent   agentFlags
	llm     llmFlags
	json    bool
	jsonl   bool
	trace   bool
	state   bool
	mermaid bool
	// limit is how many answers are shown (0: all); limitSet, whether
	// --limit was given (--jsonl writes all unless it was).
	limit    int
	limitSet bool
	// questionFile is where the question is read from: a file, or "-"
	// for stdin; "" when it is given as arguments.
	questionFile string
	question     string
	// shown is how the result is printed for people (set once the graph
	// is open).
	shown renderOptions
	// passages is how many passages the hybrid search returns.
	passages int
	// route, when set, overrides the router's decision.
	route route.Route
	// docsIndex names the document index when it is not beside --graph.
	docsIndex string
}

const askUsage = `
Usage: scgraph ask [flags] QUESTION
       scgraph ask [flags] -                      (the question from stdin)
       scgraph ask [flags] --question-file FILE

Answers one question and prints the answer with its chain of evidence: each
hop with its relation, direction and the file:line it came from. The
question's entities are linked to the graph (write [Entity] to mark one
exactly); the critic checks that a complete chain connects them to what is
asked, and the refiner expands the dead ends until it does.

Examples:
  scgraph ask "Which teams are affected if the payment service goes down?"
  scgraph ask "Is the checkout service affected by the db-v2 migration?" --trace
  scgraph ask --graph testdata/zeroshot/trainticket.jsonl --json "What does the order service call?"
  echo "Who owns the payment service?" | scgraph ask -    # long questions: one argument is capped by the OS

It shows the first --limit answers (default 20, best first), each with its
evidence, and says how many there are in all; --limit 0 shows them all.

With --json it prints one object: answer, answer_by, answers[{name,type,score,paths}]
(all of them, or the first --limit when it is given), total (how many answers there are),
paths[{hops[{from,relation,to,direction,source}]}] (those of the answers
given), complete, iterations, stop_reason, stats{store_calls,nodes_visited,
nodes_expanded,hops_expanded,refinements,llm_calls,input_tokens,output_tokens,
elapsed_ms}, plan, verdicts, mermaid and trace.

With --jsonl it writes one JSON object a line: first the run (question,
answer, answer_by, total, complete, iterations, stop_reason, stats), then
every answer, best first, each as {rank,name,type,score,paths} with its
evidence paths (all the answers, or the first --limit when it is given):
  scgraph ask --jsonl --limit 2 "Which teams are affected if the payment service goes down?"

Facts may carry an access list (acl in JSONL and CSV, the acl property in
Neo4j). With --groups ops,eng the question is answered as a caller in those
groups: a fact whose acl names none of them, and an entity only such facts
mention, do not exist for it — in the answer, the paths, the trace, the
suggestions and the errors alike. Without --groups every fact is read.

On a snapshot written by 'ingest --docs' (its document index beside it)
the question is routed first: a lookup ("where is the db-v2 cutover
runbook?") is answered by a hybrid passage search over every chunk
(semantic, keyword and graph proximity fused by reciprocal-rank fusion),
with no agent; a relationship question by the agent, with the passages
that stated its evidence and the related passages inside the subgraph it
traversed; a global question ("what are the biggest risks?") by community
summaries, or, with none configured, by a passage search that says so.
The route and its reason follow the answer (and --json has route and
related_passages, each passage with its rank per signal). For the same
graph loaded into Neo4j, name its index with --docs-index.

  scgraph ingest --docs testdata/docs/demo -o corpus.snap
  scgraph ask --graph corpus.snap "Where is the runbook for the db-v2 cutover?"
  scgraph ask --graph corpus.snap --passages 3 --trace "Which teams are affected if db-v2 goes down?"
  scgraph ask --graph corpus.snap --route lookup "Who owns the ledger?"   # overrule the router

Exit status: 0 when an answer (even a partial one or an honest "no") was
given, 1 on errors, 2 on bad usage, 130 when interrupted (Ctrl-C, SIGTERM).
`

func runAsk(ctx context.Context, e *env, args []string) error {
	var o askOptions
	fs := newFlagSet("ask", askUsage, e.stderr)
	o.graph.register(fs, e)
	o.graph.registerGroups(fs, e)
	o.agent.register(fs)
	o.llm.register(fs, e, true)
	fs.BoolVar(&o.json, "json", false, "print the result as one JSON object")
	fs.BoolVar(&o.jsonl, "jsonl", false, "write the run, then each answer with its evidence, one JSON object a line")
	intFlag(fs, &o.limit, "limit", defaultAnswerLimit, 1, math.MaxInt32, "all", "show the first `N` answers, best first (default 20; 0: all)")
	fs.BoolVar(&o.trace, "trace", false, "print every step of the run")
	fs.BoolVar(&o.state, "state", false, "with --json: include the full agent state (subgraph, walk, visited set)")
	fs.BoolVar(&o.mermaid, "mermaid", false, "print the evidence as a Mermaid flowchart")
	fs.StringVar(&o.questionFile, "question-file", "", "read the question from `FILE` (- for stdin) instead of the arguments")
	intFlag(fs, &o.passages, "passages", hybrid.DefaultK, 1, 1000, "", "on a snapshot with a document index: how many passages (`N`) the hybrid search returns")
	fs.StringVar(&o.docsIndex, "docs-index", "", "the document index (`FILE`.docs.json) of a graph that is not a snapshot beside it, e.g. one ingested into Neo4j; default: the one beside --graph")
	fs.Func("route", "on a snapshot with a document index: take this `route` (lookup, relation or global) instead of the router's", func(s string) error {
		return o.route.UnmarshalText([]byte(s))
	})
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) { o.limitSet = o.limitSet || f.Name == "limit" })
	switch {
	case o.json && o.jsonl:
		return usagef("--json and --jsonl are two ways to print the result: give one")
	case o.jsonl && (o.state || o.trace || o.mermaid):
		return usagef("--jsonl writes the run and its answers; --state, --trace and --mermaid go with --json or the text output")
	}
	if len(pos) == 1 && pos[0] == "-" && o.questionFile == "" {
		o.questionFile, pos = "-", nil
	}
	switch {
	case o.questionFile != "" && len(pos) > 0:
		return usagef("give the question either as arguments or with --question-file/-, not both")
	case o.questionFile != "":
		if o.question, err = readQuestion(e, o.questionFile); err != nil {
			return err
		}
	case len(pos) == 0:
		return usagef("no question given (pass it as an argument, or '-' to read it from stdin)")
	default:
		o.question = strings.Join(pos, " ")
	}
	if strings.TrimSpace(o.question) == "" {
		return usagef("the question is empty%s; ask something, e.g. scgraph ask \"who directed [Persona]\"", questionSource(o.questionFile))
	}
	caller, err := o.graph.caller()
	if err != nil {
		return err
	}
	if o.docsIndex != "" && caller.Scoped() {
		return usagef("--docs-index routes questions to passage searches, which are not access-checked: it does not combine with --groups")
	}
	if o.passages < 1 {
		return usagef("--passages %d: want at least 1", o.passages)
	}
	if err := plan.CheckLength(o.question, 0); err != nil {
		return usagef("%v%s", err, questionSource(o.questionFile))
	}
	return ask(ctx, e, &o)
}

// maxQuestionBytes bounds a question read from stdin or a file.
const maxQuestionBytes = 1 << 20

// readQuestion reads a whole question from a file, or from stdin for "-".
func readQuestion(e *env, name string) (string, error) {
	var r io.Reader
	if name == "-" {
		r = e.stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return "", fmt.Errorf("question file: %w", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxQuestionBytes+1))
	if err != nil {
		return "", fmt.Errorf("reading the question%s: %w", questionSource(name), err)
	}
	if len(b) > maxQuestionBytes {
		return "", usagef("the question%s is longer than %d bytes", questionSource(name), maxQuestionBytes)
	}
	if !utf8.Valid(b) {
		return "", usagef("the question%s is not valid UTF-8", questionSource(name))
	}
	return string(b), nil
}

// questionSource names where a question came from, for messages.
func questionSource(file string) string {
	switch file {
	case "":
		return ""
	case "-":
		return " on stdin"
	}
	return " in " + file
}

func ask(ctx context.Context, e *env, o *askOptions) error {
	o.graph.neo4j.timeout = o.agent.timeout
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	// --timeout bounds the question: the agent's run, and the reads of the
	// schema and the document index around it (on Neo4j, a frozen server would hold each
	// for the store's own limits).
	if d := o.questionTimeout(); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	if g.Demo && !o.json && !o.jsonl {
		fmt.Fprintln(e.stderr, "(using the built-in demo graph; pass --graph FILE for your own)")
	}
	opts, err := agentOptions(o.graph, o.agent, e)
	if err != nil {
		return err
	}
	llmOpts, err := o.llm.options(ctx, e, g.Graph, o.graph, o.agent, o.json)
	if err != nil {
		return err
	}
	a := agent.New(g.Graph, append(opts, llmOpts...)...)
	o.shown = g.shown(ctx)
	o.shown.trace, o.shown.mermaid = o.trace, o.mermaid
	caller, err := o.graph.caller()
	if err != nil {
		return err
	}
	if !caller.Scoped() {
		// A snapshot with a document index: route the question (passage
		// search, the agent, or community summaries). A scoped caller
		// keeps the agent alone: the passages are not access-checked.
		ix, err := docIndex(ctx, g.Graph, o.graph.graph, o.docsIndex)
		if err != nil {
			return err
		}
		if ix != nil {
			return askDocs(ctx, e, o, g.Graph, a, ix)
		}
	}
	res, err := a.Run(ctx, o.question)
	if res == nil || errors.Is(err, llm.ErrModelFailed) {
		// With --llm-required, no deterministic answer stands in.
		return err
	}
	var cites []docs.Citation
	if err == nil || errors.Is(err, agent.ErrIterationLimit) {
		// A run that failed (a timeout, a store that stopped answering)
		// answers with what it had; its error, not the citations', is
		// the command's.
		var cerr error
		if cites, cerr = docCitations(ctx, g.Graph, o.graph.graph, res); cerr != nil {
			return cerr
		}
	}
	res = withoutInferredTypes(res, o.shown.hidden)
	switch {
	case o.jsonl:
		limit := 0
		if o.limitSet {
			limit = o.limit
		}
		if werr := writeAnswersJSONL(e.stdout, res, limit); werr != nil {
			return werr
		}
	case o.json:
		// Scripts read every answer: one page of all of them unless
		// --limit says otherwise.
		limit := 0
		if o.limitSet {
			limit = o.limit
		}
		page := res.Paged(0, limit)
		var werr error
		if cites != nil && !o.state {
			werr = writeJSONValue(e.stdout, askJSONWithCitations{page, cites})
		} else {
			werr = writeJSON(e.stdout, page, o.state)
		}
		if werr != nil {
			return werr
		}
	case o.llm.enabled():
		o.llm.render(e.stdout, res, o.shown)
		renderCitations(e.stdout, cites)
	default:
		shown := o.shown
		shown.maxAnswers = pageSize(o.limit)
		renderResult(e.stdout, res.Paged(0, o.limit), shown)
		renderCitations(e.stdout, cites)
	}
	o.llm.warnFallbacks(e.stderr, res)
	if err != nil && !errors.Is(err, agent.ErrIterationLimit) {
		return err
	}
	if errors.Is(err, agent.ErrIterationLimit) && !o.json {
		fmt.Fprintln(e.stderr, "note: the iteration cap was reached; the answer is the best found so far (raise --max-iter)")
	}
	return nil
}

// questionTimeout is how long the question may take: --timeout, and with
// a model and the default --timeout, the model's budget on top (as the
// agent's own deadline); 0 for no limit.
func (o *askOptions) questionTimeout() time.Duration {
	if o.agent.timeout <= 0 {
		return 0
	}
	if o.llm.enabled() && o.agent.timeout == agent.DefaultTimeout {
		return o.agent.timeout + o.llm.budget
	}
	return o.agent.timeout
}

// agentOptions builds the agent's options from the flags.
func agentOptions(g graphFlags, a agentFlags, e *env) ([]agent.Option, error) {
	opts, err := a.options(e)
	if err != nil {
		return nil, err
	}
	lex, err := lexiconAgentOptions(g.lexicon)
	if err != nil {
		return nil, err
	}
	return append(opts, lex...), nil
}

// defaultAnswerLimit is how many answers ask shows unless told.
const defaultAnswerLimit = 20

// pageSize is how many answers a page of limit shows (0: all).
func pageSize(limit int) int {
	if limit == 0 {
		return math.MaxInt
	}
	return limit
}

// jsonlRun is the first line of ask --jsonl: the run, without its answers.
type jsonlRun struct {
	Question   string       `json:"question"`
	Answer     string       `json:"answer"`
	AnswerBy   state.Author `json:"answer_by"`
	Total      int          `json:"total"`
	Complete   bool         `json:"complete"`
	Iterations int          `json:"iterations"`
	StopReason state.Stop   `json:"stop_reason"`
	Stats      agent.Stats  `json:"stats"`
}

// jsonlAnswer is a line of ask --jsonl after the first: one answer.
type jsonlAnswer struct {
	Rank  int          `json:"rank"`
	Name  string       `json:"name"`
	Type  string       `json:"type,omitempty"`
	Score float64      `json:"score"`
	Paths []graph.Path `json:"paths"`
}

// writeAnswersJSONL writes the run, then its answers best first (the first limit,
// or all for 0), each with its evidence paths, one JSON object a line: the
// paths are rebuilt from the walk an answer at a time, so that a million
// answers stream in bounded memory.
func writeAnswersJSONL(w io.Writer, res *agent.Result, limit int) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	if err := enc.Encode(jsonlRun{
		Question: res.Question, Answer: res.Answer, AnswerBy: res.AnswerBy, Total: res.Total,
		Complete: res.Complete, Iterations: res.Iterations, StopReason: res.StopReason, Stats: res.Stats,
	}); err != nil {
		return err
	}
	n := len(res.Answers)
	if limit > 0 {
		n = min(n, limit)
	}
	var line []byte
	for k, a := range res.Answers[:n] {
		line = appendAnswerLine(line[:0], jsonlAnswer{Rank: res.Offset + k + 1, Name: a.Name, Type: a.Type, Score: a.Score, Paths: res.AnswerPaths(k)})
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func writeJSON(w io.Writer, res *agent.Result, withState bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if withState {
		return enc.Encode(struct {
			*agent.Result
			State *state.AgentState `json:"state"`
		}{res, res.State})
	}
	return enc.Encode(res)
}
