package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/llmopen"
	"github.com/scgraph/scgraph/llm"
)

const ingestDocsLLMUsage = `
With a model (--llm PROVIDER[:MODEL], as for 'ask'; never from SCGRAPH_LLM,
since every chunk costs a call): each chunk goes to the model with a
strict-schema prompt (the schema's types and relations with their meanings
and directions) and must come back as one JSON object
{"entities":[{"name","type"}],"relations":[{"subject","relation","object","confidence"}]}.
A relation is kept only if the schema has it, its ends' types fit it in
its direction, both ends are named in the chunk (by name or alias, after
normalisation; otherwise it is a hallucination) and its confidence reaches
--min-confidence. A reply that breaks the contract, a failed call and a
spent --llm-budget or --llm-max-calls make that chunk be read by the rules
instead (listed on stderr; --llm-required makes it an error and nothing is
written). Statements record the extractor llm:MODEL and the confidence; a
later ingest with another model extracts every document again.

For example, --llm ollama:llama3.1 --gold testdata/docs/demo-gold.jsonl
compares the model's extraction with the demo's gold facts.
`

// docsLLMFlags select the model that extracts the documents' statements.
type docsLLMFlags struct {
	llm           llmFlags
	minConfidence float64
	stats         func() (docs.LLMStats, bool)
}

func (f *docsLLMFlags) register(fs *flag.FlagSet) {
	l := &f.llm
	fs.StringVar(&l.spec, "llm", "", "with --docs: the model `PROVIDER[:MODEL]` that extracts each chunk's relations (openai, anthropic or ollama); default none: the rules")
	fs.StringVar(&l.baseURL, "llm-base-url", "", "with --llm: `URL` of the provider (default from OPENAI_BASE_URL, ANTHROPIC_BASE_URL, OLLAMA_HOST)")
	durationVar(fs, &l.timeout, "llm-timeout", llm.DefaultCallTimeout, "", "with --llm: time limit per call (one chunk)")
	durationVar(fs, &l.budget, "llm-budget", docs.DefaultLLMBudget, "", "with --llm: total time the ingest may wait for the model; then the rules read the remaining chunks")
	intFlag(fs, &l.maxCalls, "llm-max-calls", 0, 1, maxInt, "no cap", "with --llm: chunks (`N`) the ingest may send to the model (default no cap); then the rules read the rest")
	intFlag(fs, &l.retries, "llm-retries", 2, 0, 100, "", "with --llm: retries (`N`) of a call on rate limits (429) and server errors (5xx)")
	fs.BoolVar(&l.required, "llm-required", false, "with --llm: fail (and write nothing) when a chunk's reply cannot be used, instead of reading it by the rules")
	floatFlag(fs, &f.minConfidence, "min-confidence", docs.DefaultLLMMinConfidence, 0, 1, "", "with --llm: the model's confidence (0 to 1) under which a relation is not kept")
}

// set reports whether any of the flags was given.
func (f *docsLLMFlags) set() bool { return f.llm.spec != "" || f.llm.required }

// attach opens the model and puts it behind the extractor; without --llm
// it does nothing.
func (f *docsLLMFlags) attach(ctx context.Context, e *env, x *docs.Extractor) error {
	l := &f.llm
	sp, err := llmopen.ParseSpec(l.spec)
	if err != nil {
		return usageError{err.Error()}
	}
	if sp.None() {
		if l.required {
			return usagef("--llm-required needs --llm")
		}
		return nil
	}
	if l.timeout <= 0 || l.budget <= 0 || l.maxCalls < 0 || f.minConfidence < 0 || f.minConfidence > 1 {
		return usagef("--llm-timeout and --llm-budget must be positive, --llm-max-calls not negative, --min-confidence from 0 to 1 (got %s, %s, %d, %g)",
			l.timeout, l.budget, l.maxCalls, f.minConfidence)
	}
	model, err := l.open(ctx, e)
	if err != nil {
		return err
	}
	retries := l.retries
	if retries == 0 {
		retries = -1 // the client reads 0 as its default
	}
	// The ingest's budget is counted by the extractor; each call only by
	// its timeout.
	c := llm.NewClient(model, llm.ClientOptions{Timeout: l.timeout, MaxRetries: retries, MaxCallsPerQuestion: 1 + max(retries, 0), MaxTimePerQuestion: l.budget})
	x.UseLLM(c, docs.LLMOptions{Model: l.endpoint.Spec.String(), MinConfidence: f.minConfidence,
		MaxCalls: l.maxCalls, Budget: l.budget, Required: l.required})
	f.stats = x.LLMStats
	return nil
}

// result returns the extraction's stats, or nil without a model.
func (f *docsLLMFlags) result() *docs.LLMStats {
	if f.stats == nil {
		return nil
	}
	st, ok := f.stats()
	if !ok {
		return nil
	}
	return &st
}

// renderLLMStats prints what the model did, for people; the chunks the
// rules read instead go to stderr.
func (f *docsLLMFlags) render(stdout, stderr io.Writer, st *docs.LLMStats) {
	if st == nil {
		return
	}
	fmt.Fprintf(stdout, "LLM extraction (%s): %d chunks, %d call(s), %d input + %d output tokens; %d relations proposed, %d kept",
		f.llm.endpoint, st.Chunks, st.Calls, st.InputTokens, st.OutputTokens, st.Proposed, st.Kept)
	counts := st.DropCounts()
	reasons := make([]string, 0, len(counts))
	for r := range counts {
		reasons = append(reasons, string(r))
	}
	slices.Sort(reasons)
	var parts []string
	for _, r := range reasons {
		parts = append(parts, fmt.Sprintf("%d %s", counts[docs.DropReason(r)], r))
	}
	if len(parts) > 0 {
		fmt.Fprintf(stdout, "; dropped: %s", strings.Join(parts, ", "))
	}
	fmt.Fprintln(stdout)
	if len(st.Fallbacks) > 0 {
		fmt.Fprintf(stderr, "warning: the rules read %d chunk(s) whose reply could not be used (use --llm-required to make this an error):\n", len(st.Fallbacks))
		for _, fb := range st.Fallbacks {
			fmt.Fprintf(stderr, "  %s: %s\n", fb.Chunk, fb.Reason)
		}
	}
}
