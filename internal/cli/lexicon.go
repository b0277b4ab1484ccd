package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/evals"
	"github.com/scgraph/scgraph/internal/lexlearn"
	"github.com/scgraph/scgraph/lexicon"
)

const lexiconUsage = `
Usage:
  scgraph lexicon learn --graph KB --questions FILE[,FILE...] -o LEXICON.json
  scgraph lexicon show LEXICON.json

'learn' teaches the planner how questions name relation chains on your graph.
Each question is labelled with the chain that answers it: from its gold path
when the file has one (PathQuestion, JSONL gold_paths), else by searching the
graph for the chain from its entity whose end set matches its gold answers.
A perceptron then learns which words, where around the entity, name which
hops. Use the lexicon with 'ask --lexicon FILE' (or SCGRAPH_LEXICON).

Learn only from data you may tune on (development splits): scgraph never
learns from the questions it is evaluated on — 'scgraph eval --cv K' trains
one lexicon per fold for honest figures.

Question files: MetaQA (question<TAB>a|b with a [bracketed] entity),
PathQuestion (question<TAB>answer(alts/)<TAB>path) or JSONL
{"question","answers","anchors","hops","gold_paths"}; detected per file.

Examples:
  scgraph lexicon learn --graph testdata/zeroshot/trainticket.jsonl \
      --questions testdata/zeroshot/trainticket.questions.jsonl -o trainticket.lexicon.json
  scgraph lexicon show trainticket.lexicon.json

A lexicon pays where many labelled questions share their forms (MetaQA,
PathQuestion: 'make lexicons' relearns the shipped ones from their
development splits); on a small graph with a few questions of many forms,
reading without one (--lexicon none) answers better.
`

// lexiconActions are the words after 'scgraph lexicon'.
var lexiconActions = []string{"learn", "show"}

type lexiconOptions struct {
	graph     graphFlags
	questions string
	format    string
	out       string
	name      string
	epochs    int
}

func runLexicon(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("want 'lexicon learn' or 'lexicon show'")
	}
	switch args[0] {
	case "learn":
		return runLexiconLearn(ctx, e, args[1:])
	case "show":
		if len(args) != 2 {
			return usagef("lexicon show takes one file")
		}
		m, err := lexicon.LoadFile(args[1])
		if err != nil {
			return err
		}
		fmt.Fprintln(e.stdout, m.Describe())
		return nil
	case "-h", "--help", "-help", "help":
		fmt.Fprint(e.stderr, strings.TrimLeft(lexiconUsage, "\n"))
		return nil
	}
	return usagef("unknown lexicon command %q (want learn or show)%s", args[0], didYouMean(args[0], lexiconActions, ""))
}

func runLexiconLearn(ctx context.Context, e *env, args []string) error {
	var o lexiconOptions
	fs := newFlagSet("lexicon learn", lexiconUsage, e.stderr)
	o.graph.register(fs, e)
	fs.StringVar(&o.questions, "questions", "", "question `files`, comma-separated (MetaQA, PathQuestion or JSONL)")
	fs.StringVar(&o.format, "qformat", "auto", "question file `format`: auto, metaqa, pathquestion or jsonl")
	fs.StringVar(&o.out, "o", "", "lexicon `file` to write")
	fs.StringVar(&o.name, "name", "", "a name for the lexicon, shown in plans (default: the output file's name)")
	intFlag(fs, &o.epochs, "epochs", 6, 1, 1000, "", "perceptron training passes (`N`)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected arguments %q", strings.Join(pos, " "))
	}
	if o.questions == "" || o.out == "" {
		return usagef("--questions and -o are required")
	}
	if o.name == "" {
		o.name = strings.TrimSuffix(filepath.Base(o.out), filepath.Ext(o.out))
	}
	qformat, err := evals.ParseFormat(o.format)
	if err != nil {
		return usageError{err.Error()}
	}
	var qs []evals.Question
	for _, f := range strings.Split(o.questions, ",") {
		ds, err := evals.Load(strings.TrimSpace(f), qformat)
		if err != nil {
			return err
		}
		qs = append(qs, ds.Questions...)
	}
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	store, ok := g.Graph.(lexlearn.Store)
	if !ok {
		return fmt.Errorf("the %s store cannot be used for learning", g.Desc)
	}
	t0 := time.Now()
	m, rep, err := lexlearn.Learn(ctx, store, toLexiconQuestions(qs), lexlearn.Options{Train: lexicon.TrainOptions{Epochs: o.epochs, Name: o.name}})
	if err != nil {
		return err
	}
	tmp := o.out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := m.Save(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, o.out); err != nil {
		return err
	}
	b, _ := json.Marshal(rep)
	fmt.Fprintf(e.stdout, "wrote %s in %s: %s\n", o.out, time.Since(t0).Round(time.Millisecond), b)
	return nil
}

// toLexiconQuestions keeps what learning may use: the text, the anchor,
// the answers, the hop count and the gold path. Never a data set's
// question type.
func toLexiconQuestions(qs []evals.Question) []lexlearn.Question {
	out := make([]lexlearn.Question, 0, len(qs))
	for _, q := range qs {
		if len(q.Anchors) == 0 {
			continue
		}
		lq := lexlearn.Question{Text: q.Text, Anchor: q.Anchors[0], Answers: q.Answers, Hops: q.Hops}
		if len(q.GoldPaths) > 0 {
			lq.GoldPath = q.GoldPaths[0]
		}
		out = append(out, lq)
	}
	return out
}

// loadLexicon reads --lexicon: a file, or "none".
func loadLexicon(path string) (agent.ChainScorer, error) {
	m, err := lexicon.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// lexiconChoice reads --lexicon: a file (its model), "none" (nil), or by
// default the shipped lexicon whose relations match the graph's, if one
// does (lexicon.Shipped).
func lexiconChoice(path string) (agent.ChainScorer, error) {
	switch path {
	case "none", "off":
		return nil, nil
	case "":
		return lexicon.Shipped(), nil
	}
	return loadLexicon(path)
}

// lexiconAgentOptions adds the --lexicon choice to the agent.
func lexiconAgentOptions(path string) ([]agent.Option, error) {
	sc, err := lexiconChoice(path)
	if err != nil || sc == nil {
		return nil, err
	}
	return []agent.Option{func(o *agent.Options) { o.Lexicon = sc }}, nil
}

// lexiconLearner trains a lexicon per cross-validation fold for eval --cv.
type lexiconLearner struct {
	epochs int
	cache  *lexlearn.LabelCache
}

func newLexiconLearner() lexiconLearner {
	return lexiconLearner{epochs: 6, cache: &lexlearn.LabelCache{}}
}

func (l lexiconLearner) Learn(ctx context.Context, g agent.Store, train []evals.Question) (agent.ChainScorer, error) {
	store, ok := g.(lexlearn.Store)
	if !ok {
		return nil, fmt.Errorf("this store cannot be used for learning")
	}
	m, _, err := lexlearn.Learn(ctx, store, toLexiconQuestions(train), lexlearn.Options{Train: lexicon.TrainOptions{Epochs: l.epochs, Name: "cv fold"}, Cache: l.cache})
	if err != nil {
		return nil, err
	}
	return m, nil
}
