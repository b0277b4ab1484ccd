package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acl"
	"github.com/scgraph/scgraph/internal/atomicfile"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/evals"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

const evalUsage = `
Usage: scgraph eval [flags] --questions FILE[,FILE...]

Measures answer quality, path recall and hop efficiency on question sets,
with the baselines side by side on the same graph and questions:

  agent       the self-correcting agent
  oracle      the agent walking the gold relation chain (the ceiling)
  naive-bfs   every relation in both directions to the gold depth, one pass
  vector-rag  flat RAG: the top-k passages (one per entity, its facts as
              sentences) by hashed character n-gram similarity
  all         the four

Question files are MetaQA (question<TAB>a|b, with the qtype file next to the
hop folder), PathQuestion (question<TAB>answer(alt/)<TAB>path) or JSONL
({"id","question","answers","anchors","hops","gold_paths"}); the format is
detected. Every question is run twice: the second run checks determinism.
Questions run concurrently; the results do not depend on --workers.

Examples:
  scgraph eval --questions internal/demo/questions.jsonl --mode all
  scgraph eval --questions internal/demo/questions.jsonl --cv 5 --json
  scgraph eval --graph testdata/zeroshot/trainticket.jsonl \
      --questions testdata/zeroshot/trainticket.questions.jsonl --lexicon none --report reports/trainticket

The development sets (MetaQA, PathQuestion; make eval runs them all with
scripts/eval-all) are read as they are published.

--graph-format is the triples format of --graph (--format is the questions'
format here). With --json it prints one object: modes{MODE{metrics…,
by_hops{"1":{…}}}} over all sets, and datasets[{name, modes{…}}] per set;
the metrics are described in 'go doc ./internal/evals'.
--report DIR writes report.json, report.md and report.svg.

Lexicons: by default the agent runs as 'ask' does, with the shipped lexicon
whose relations match the graph's, if any (the shipped ones were learned on
the public dev splits, so figures on those splits are not held out: the
report says so). --cv K learns one lexicon per fold and answers each fold
with the lexicon of the others (honest figures on data you tune on);
--lexicon FILE uses a learned lexicon; --lexicon none, none.
` + evalDocsUsage

type evalOptions struct {
	graph     graphFlags
	agent     agentFlags
	llm       llmFlags
	questions []string
	format    string
	limit     int
	seed      uint64
	mode      string
	json      bool
	report    string
	results   string
	cv        int
	workers   int
	topK      int
	// docs is the documents mode's corpus: a folder or a snapshot.
	docs string
}

// listFlag collects a flag given several times or as a comma list.
type listFlag struct{ items *[]string }

func (l listFlag) String() string {
	if l.items == nil {
		return ""
	}
	return strings.Join(*l.items, ",")
}

func (l listFlag) Set(s string) error {
	for p := range strings.SplitSeq(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l.items = append(*l.items, p)
		}
	}
	return nil
}

func runEval(ctx context.Context, e *env, args []string) error {
	var o evalOptions
	fs := newFlagSet("eval", evalUsage, e.stderr)
	// The graph flags, with their --format renamed --graph-format: here
	// --format is the question files' format.
	gfs := flag.NewFlagSet("graph", flag.ContinueOnError)
	o.graph.register(gfs, e)
	o.graph.registerGroups(gfs, e)
	gfs.VisitAll(func(f *flag.Flag) {
		name := f.Name
		if name == "format" {
			name = "graph-format"
		}
		fs.Var(f.Value, name, f.Usage)
	})
	o.agent.register(fs)
	o.llm.register(fs, e, false)
	fs.Var(listFlag{&o.questions}, "questions", "question `file`(s): repeat the flag or give a comma list")
	fs.StringVar(&o.format, "format", "auto", "question `format`: auto, jsonl, metaqa or pathquestion")
	intFlag(fs, &o.limit, "limit", 0, 1, maxInt, "all", "evaluate a sample of `N` questions per file (0: all); the same sample every time for a seed")
	fs.Uint64Var(&o.seed, "sample-seed", 1, "`seed` of the --limit sample")
	fs.StringVar(&o.mode, "mode", "agent", "`modes`: agent, oracle, naive-bfs, vector-rag, a comma list, or all")
	fs.BoolVar(&o.json, "json", false, "print the report as one JSON object")
	fs.StringVar(&o.report, "report", "", "write report.json, report.md and report.svg into `dir`")
	fs.StringVar(&o.results, "results", "", "write every question's result (question, reading, answers, gold, stop reason, exact, claimed) to `file`, one JSON object a line")
	intFlag(fs, &o.cv, "cv", 0, 2, 1000, "no cross-validation", "`K`-fold cross-validation of the agent's learned lexicon (folds by question index mod K)")
	intFlag(fs, &o.workers, "workers", 0, 1, 1024, "GOMAXPROCS", "`N` questions run concurrently (default GOMAXPROCS)")
	intFlag(fs, &o.topK, "top-k", 5, 1, 1000, "", "passages (`N`) vector-rag retrieves per question")
	fs.StringVar(&o.docs, "docs", "", "documents mode: a `folder` of documents or a snapshot from 'ingest --docs' (see below)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("eval takes no arguments (got %q); give question files with --questions", strings.Join(pos, " "))
	}
	if len(o.questions) == 0 {
		return usagef("no question file given (--questions FILE)")
	}
	if o.cv == 1 || o.cv < 0 {
		return usagef("--cv %d: want 0 (off) or at least 2 folds", o.cv)
	}
	if o.cv > 1 && o.graph.lexicon != "" {
		return usagef("--cv learns a lexicon per fold; do not also give --lexicon")
	}
	if o.cv > 1 && o.llm.enabled() {
		return usagef("--cv learns a lexicon per fold for the rule planner; it does not combine with --llm")
	}
	if o.docs != "" {
		return evaluateDocs(ctx, e, &o)
	}
	return evaluate(ctx, e, &o)
}

func evaluate(ctx context.Context, e *env, o *evalOptions) error {
	modes, err := evals.ParseModes(o.mode)
	if err != nil {
		return usageError{err.Error()}
	}
	qformat, err := evals.ParseFormat(o.format)
	if err != nil {
		return usageError{err.Error()}
	}
	var sets []*evals.Dataset
	for _, p := range o.questions {
		ds, err := evals.Load(p, qformat)
		if err != nil {
			return err
		}
		ds.Questions = evals.Sample(ds.Questions, o.limit, o.seed)
		sets = append(sets, ds)
	}
	o.graph.neo4j.timeout = o.agent.timeout
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	opts, lexDesc, err := evalAgentOptions(o, e)
	if err != nil {
		return err
	}
	// LLM mode (--llm): the agent mode plans, judges and phrases with the
	// model; llm_calls_per_question and the token counts show its cost.
	llmOpts, err := o.llm.options(ctx, e, g.Graph, o.graph, o.agent, o.json)
	if err != nil {
		return err
	}
	opts = append(opts, llmOpts...)
	cfg := evals.Config{
		Lexicon:        lexDesc,
		Graph:          g.Graph,
		AgentOptions:   opts,
		PlannerOptions: plan.Options{HopBudget: o.agent.hops},
		Modes:          modes,
		Workers:        o.workers,
		VectorOptions:  evals.VectorOptions{TopK: o.topK},
		Folds:          o.cv,
	}
	if !o.graph.quiet {
		cfg.Progress = e.stderr
	}
	for _, m := range modes {
		if m == evals.ModeVectorRAG {
			if cfg.Triples, err = o.graph.triples(); err != nil {
				return err
			}
			caller, err := o.graph.caller()
			if err != nil {
				return err
			}
			if caller.Scoped() {
				cfg.Triples = acl.Visible(cfg.Triples, caller.Groups())
			}
		}
	}
	if o.cv > 1 {
		// One learner for all folds: it labels each question once.
		cfg.Learner = newLexiconLearner()
	}
	rep, err := evals.Evaluate(ctx, cfg, sets)
	if err != nil {
		return err
	}
	if o.report != "" {
		if err := evals.WriteReport(o.report, rep); err != nil {
			return err
		}
		if !o.graph.quiet {
			fmt.Fprintf(e.stderr, "wrote %s/report.json, report.md and report.svg\n", strings.TrimRight(o.report, "/"))
		}
	}
	if o.results != "" {
		if err := atomicfile.Write(o.results, func(w io.Writer) error { return evals.WriteResults(w, rep) }); err != nil {
			return err
		}
	}
	if o.json {
		return evals.WriteJSON(e.stdout, rep)
	}
	return evals.WriteMarkdown(e.stdout, rep)
}

// evalAgentOptions builds the agent's options for an evaluation and says
// which lexicon the agent uses. Unlike ask, eval uses no shipped lexicon
// unless asked (--lexicon builtin): those were learned on the public dev
// splits, and figures on the questions a lexicon learned from are not
// honest.
func evalAgentOptions(o *evalOptions, e *env) ([]agent.Option, string, error) {
	opts, err := o.agent.options(e)
	if err != nil {
		return nil, "", err
	}
	switch lex := o.graph.lexicon; {
	case o.cv > 1:
		return opts, fmt.Sprintf("learned per fold (%d-fold cross-validation)", o.cv), nil
	case lex == "none" || lex == "off":
		return opts, "none", nil
	case lex == "" || lex == "builtin":
		more, err := lexiconAgentOptions("")
		if err != nil {
			return nil, "", err
		}
		return append(opts, more...), "builtin when the graph's relations match a shipped lexicon (learned on the public dev splits: figures on those splits are not held out; --cv K gives held-out dev figures)", nil
	default:
		more, err := lexiconAgentOptions(lex)
		if err != nil {
			return nil, "", err
		}
		return append(opts, more...), lex, nil
	}
}

// triples reads the graph's facts for the vector-rag index: the demo's,
// or the --graph triples file's. A snapshot or a Neo4j store cannot list
// its facts through the store contract.
func (g *graphFlags) triples() ([]graph.Triple, error) {
	if g.graph == "" {
		return demo.Triples()
	}
	f, err := os.Open(g.graph)
	if err != nil {
		return nil, err
	}
	head := make([]byte, 16)
	n, _ := io.ReadFull(f, head)
	f.Close()
	if memstore.IsSnapshot(head[:n]) {
		return nil, fmt.Errorf("vector-rag indexes the graph's triples, and %s is a snapshot: give the triples file with --graph, or leave vector-rag out of --mode", g.graph)
	}
	format, err := triplefile.ParseFormat(g.format)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return triplefile.Read(g.graph, format, triplefile.Options{})
}
