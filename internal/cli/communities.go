package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/llmopen"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/memstore"
)

const communitiesUsage = `
Usage: scgraph communities [flags] [QUESTION]

Groups the graph's entities into communities (Louvain modularity over the
facts between entities; documents and chunks are attached afterwards, by the
chunks that mention members) and summarises each: its central members, its
relations, the facts of its hub, its single points of failure (members whose
failure reaches the most entities over the schema's dependency relations),
the tickets and error codes named beside its members, and the documents and
passages that mention them (the citations). Without --llm the summaries are
extractive and deterministic; with --llm the model writes them from the same
material, and the extractive text stays where the model fails.

The communities are kept beside the graph (corpus.snap →
corpus.communities.json) with a fingerprint of each one's material: run again
after 'scgraph ingest --docs' (which refreshes them itself), only the
communities whose facts or passages changed are summarised again.

With a QUESTION about the whole graph ("what are the biggest risks in our
infrastructure?", "what are the main areas of the system?") it answers from
the summaries: each is scored by the similarity of its embedding to the
question's plus, for risk questions, its risk (dependents and tickets) or,
for overview questions, its size; the top ones are the answer, each cited
with its passages.

Examples:
  scgraph ingest --docs testdata/docs/demo -o corpus.snap
  scgraph communities --graph corpus.snap
  scgraph communities --graph corpus.snap "what are the biggest risks in our infrastructure?"
  scgraph communities --graph corpus.snap --json "where are our single points of failure?"
  scgraph ingest -o trainticket.snap testdata/zeroshot/trainticket.jsonl
  scgraph communities --graph trainticket.snap --fresh   # any graph; no documents, no citations

With --json it prints one object: without a question, file, written, report
{kept,written,dropped,writer_failures} and communities[{id,title,members,
relations,key_facts,single_points,tickets,documents,passages,fingerprint,
summary,writer}]; with one, route, question, kind, text, considered and
summaries[{n,community,title,summary,score,similarity,signal,passages}].
`

// communitiesOptions are the flags of 'scgraph communities'.
type communitiesOptions struct {
	graph      string
	schema     string
	question   string
	json       bool
	fresh      bool
	top        int
	resolution float64
	llmSpec    string
	llmBaseURL string
	llmTimeout time.Duration
	quiet      bool
}

func runCommunities(ctx context.Context, e *env, args []string) error {
	var o communitiesOptions
	fs := newFlagSet("communities", communitiesUsage, e.stderr)
	fs.StringVar(&o.graph, "graph", e.getenv("SCGRAPH_GRAPH"), "graph `file`: a snapshot (with its document index beside it, for citations) or triples; default the built-in demo graph, whose communities are not written (env SCGRAPH_GRAPH)")
	fs.StringVar(&o.schema, "schema", e.getenv("SCGRAPH_SCHEMA"), "schema `file`: which relations carry dependency; default the graph's own")
	fs.BoolVar(&o.json, "json", false, "print one JSON object")
	fs.BoolVar(&o.fresh, "fresh", false, "summarise every community again instead of keeping those whose material did not change")
	intFlag(fs, &o.top, "top", 3, 1, 1000, "", "summaries an answer gives (`N`)")
	floatFlag(fs, &o.resolution, "resolution", community.DefaultResolution, 0.01, 100, "", "Louvain resolution: above 1 more, smaller communities; below 1 fewer, larger ones")
	fs.StringVar(&o.llmSpec, "llm", e.getenv("SCGRAPH_LLM"), "model `PROVIDER[:MODEL]` that writes the summaries (openai, anthropic, ollama); default none: extractive (env SCGRAPH_LLM)")
	fs.StringVar(&o.llmBaseURL, "llm-base-url", "", "`URL` of the provider (default from OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST)")
	durationVar(fs, &o.llmTimeout, "llm-timeout", llm.DefaultCallTimeout, "", "time limit per summary the model writes (`duration`)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress display")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	o.question = strings.TrimSpace(strings.Join(pos, " "))
	if o.top <= 0 || o.resolution <= 0 {
		return usagef("--top and --resolution must be positive (got %d and %g)", o.top, o.resolution)
	}
	return communitiesRun(ctx, e, o)
}

// communitiesResult is what 'communities --json' prints without a question.
type communitiesResult struct {
	Graph       string                `json:"graph"`
	File        string                `json:"file,omitempty"`
	Written     bool                  `json:"written"`
	Report      community.Report      `json:"report"`
	Communities []community.Community `json:"communities"`
}

// globalResult is what 'communities --json QUESTION' prints.
type globalResult struct {
	// Route is "global": the question was answered from community summaries.
	Route string `json:"route"`
	community.GlobalAnswer
	File string `json:"file,omitempty"`
}

func communitiesRun(ctx context.Context, e *env, o communitiesOptions) error {
	opts := community.Options{Resolution: o.resolution}
	if o.llmSpec != "" {
		w, err := summaryWriter(ctx, e, o)
		if err != nil {
			return err
		}
		if w != nil {
			opts.Writer = w
		}
	}
	gf := graphFlags{graph: o.graph, schema: o.schema, format: "auto", quiet: o.quiet || o.json}
	st, desc, err := gf.openMemory(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	var ix *docs.Index
	sidecar := ""
	if o.graph != "" && !strings.Contains(o.graph, ",") {
		sidecar = community.Path(o.graph)
		ix, err = docs.ReadIndexFile(docs.IndexPath(o.graph))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			ix = nil
		case err != nil:
			return err
		}
	}
	f, rep, written, err := refreshCommunities(ctx, st, ix, sidecar, opts, o.fresh)
	if err != nil {
		return err
	}
	for _, wf := range rep.WriterFailures {
		fmt.Fprintf(e.stderr, "warning: the model's summary of %s was not used (the extractive one is kept): %s\n", wf.Community, wf.Err)
	}
	if o.question == "" {
		res := communitiesResult{Graph: desc, File: sidecar, Written: written, Report: rep, Communities: withoutVectors(f.Communities)}
		if o.json {
			return writeJSONValue(e.stdout, res)
		}
		renderCommunities(e.stdout, res)
		return nil
	}
	a, err := community.NewAnswerer(f, community.AnswerOptions{Top: o.top})
	if err != nil {
		return err
	}
	ans, err := a.AnswerGlobal(ctx, o.question)
	if err != nil {
		return err
	}
	res := globalResult{Route: "global", GlobalAnswer: ans, File: sidecar}
	if o.json {
		return writeJSONValue(e.stdout, res)
	}
	renderGlobal(e.stdout, res)
	return nil
}

// refreshCommunities builds the communities of the store's graph, keeping
// the summaries of the file at sidecar whose material did not change (all
// are summarised again when fresh), and writes the file when anything
// changed. With sidecar "" nothing is read or written.
func refreshCommunities(ctx context.Context, st *memstore.Store, ix *docs.Index, sidecar string, opts community.Options, fresh bool) (*community.File, community.Report, bool, error) {
	sch, err := st.Schema(ctx)
	if err != nil {
		return nil, community.Report{}, false, err
	}
	var prev *community.File
	missing := true
	if sidecar != "" && !fresh {
		prev, err = community.ReadFile(sidecar)
		switch {
		case err == nil:
			missing = false
		case errors.Is(err, fs.ErrNotExist):
			prev = nil
		default:
			return nil, community.Report{}, false, fmt.Errorf("%w (pass --fresh to build the communities again)", err)
		}
	}
	f, rep, err := community.Build(ctx, community.Input{Facts: st.Triples(), Schema: sch, Index: ix}, prev, opts)
	if err != nil {
		return nil, rep, false, err
	}
	if sidecar == "" || (!missing && !rep.Changed()) {
		return f, rep, false, nil
	}
	if err := f.WriteFile(sidecar); err != nil {
		return nil, rep, false, err
	}
	return f, rep, true, nil
}

// summaryWriter opens the --llm model, checking that it can be reached.
func summaryWriter(ctx context.Context, e *env, o communitiesOptions) (community.Writer, error) {
	sp, err := llmopen.ParseSpec(o.llmSpec)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if sp.None() {
		return nil, nil
	}
	if o.llmTimeout <= 0 {
		return nil, usagef("--llm-timeout must be positive (got %s)", o.llmTimeout)
	}
	model, err := openModel(ctx, e, o.llmSpec, o.llmBaseURL)
	if err != nil {
		return nil, err
	}
	return community.ModelWriter{Model: model, ModelName: sp.String(), Timeout: o.llmTimeout}, nil
}

func withoutVectors(cs []community.Community) []community.Community {
	out := make([]community.Community, len(cs))
	for i, c := range cs {
		c.Vector = nil
		out[i] = c
	}
	return out
}

// listedPassages caps the passages the listing prints per community.
const listedPassages = 3

func renderCommunities(w io.Writer, res communitiesResult) {
	fmt.Fprintf(w, "%d communities of %s", len(res.Communities), res.Graph)
	switch {
	case res.Written:
		fmt.Fprintf(w, "; wrote %s (%d summarised, %d kept, %d dropped)", res.File, len(res.Report.Written), len(res.Report.Kept), len(res.Report.Dropped))
	case res.File != "":
		fmt.Fprintf(w, "; %s is up to date", res.File)
	}
	fmt.Fprintln(w)
	for _, c := range res.Communities {
		fmt.Fprintf(w, "\n[%s] %s (%d members, summary by %s)\n", c.ID, c.Title, len(c.Members), c.Writer)
		fmt.Fprintf(w, "  %s\n", c.Summary)
		for i, p := range c.Passages {
			if i == listedPassages {
				fmt.Fprintf(w, "  … and %d more passage(s) (--json lists them)\n", len(c.Passages)-i)
				break
			}
			fmt.Fprintf(w, "  cites %s:%d (chunk %s, version %d): %q\n", p.Document, p.Line, p.Chunk, p.Version, short(p.Quote))
		}
	}
}

func renderGlobal(w io.Writer, res globalResult) {
	fmt.Fprintf(w, "Route: global (%s): %d community summaries ranked\n\n", res.Kind, res.Considered)
	fmt.Fprintln(w, res.Text)
	fmt.Fprintln(w, "\nCited summaries and passages:")
	for _, s := range res.Summaries {
		fmt.Fprintf(w, "  [%d] %s %s (score %.4f = similarity %.4f + signal %.4f)\n", s.N, s.Community, s.Title, s.Score, s.Similarity, s.Signal)
		for i, p := range s.Passages {
			if i == listedPassages {
				fmt.Fprintf(w, "      … and %d more passage(s) (--json lists them)\n", len(s.Passages)-i)
				break
			}
			fmt.Fprintf(w, "      %s:%d (chunk %s, version %d): %q\n", p.Document, p.Line, p.Chunk, p.Version, short(p.Quote))
		}
	}
}

// short cuts a quote to a readable length.
func short(s string) string {
	if r := []rune(s); len(r) > 100 {
		s = string(r[:99]) + "…"
	}
	return s
}
