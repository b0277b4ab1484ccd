package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/llmopen"
	"github.com/scgraph/scgraph/internal/resolve"
	"github.com/scgraph/scgraph/llm"
	"github.com/scgraph/scgraph/memstore"
)

const mergesUsage = `
Usage: scgraph merges list|accept|reject|undo --graph FILE.snap [flags] [ID...]

Finds entities of a graph that name the same thing and merges the ones you
accept. A candidate pairs two entities of the same type (or one untyped)
with its evidence and a confidence:

  normalized    0.95  the same normalised name ("payment-svc", "Payment Service")
  alias         0.90  one is an alias of the other (the schema's entity
                      aliases, and --aliases FILE)
  abbreviation  0.80  the same once abbreviations are expanded and a service
                      head dropped ("Auth-Service", "Authentication-API")
  embedding     cos   the names' embeddings at or above --threshold
  llm           conf  with --llm, the model's confirmation (a "no" shows as
                      refuted and is never accepted by --min-confidence)

Names whose numbers differ (db-v1, db-v2), whose kinds differ (team-orders,
orders-queue) or one of which is part of the other (db-v2, db-v2-proxy) are
never proposed by abbreviation or embedding.

  list     print the candidates (best first) and the recorded decisions
  accept   merge the candidates named by ID (or every one at or above
           --min-confidence): the merged entity's facts move to the kept
           one, and its name becomes an alias of it, so questions naming it
           still link; the snapshot is rewritten
  reject   record that the pairs are different: never proposed again
  undo     forget decisions; an undone merge restores the graph exactly as
           it was before it

Decisions are recorded beside the snapshot (corpus.snap → corpus.merges.json,
with what each merge changed). 'scgraph ingest --docs' into the same snapshot
applies the accepted merges again, and reads their names as aliases of the
kept entities when it spots entities in the documents.

Examples:
  scgraph ingest --docs testdata/docs/demo --schema internal/demo/schema.json -o corpus.snap testdata/docs/demo-catalog.jsonl
  scgraph merges list --graph corpus.snap
  scgraph merges list --graph corpus.snap --gold testdata/docs/demo-duplicates.jsonl
  scgraph merges accept --graph corpus.snap m-1092f566 m-de4772e6
  scgraph merges reject --graph corpus.snap m-6062e14c
  scgraph merges undo --graph corpus.snap m-1092f566
  scgraph merges accept --graph corpus.snap --min-confidence 0.9
  echo "payment-service: payments api, pay-svc" > aliases.txt
  scgraph merges list --graph corpus.snap --aliases aliases.txt --json

An aliases file has one entity a line: "payment-service: payments api, pay-svc".
With --llm PROVIDER[:MODEL] (as for 'ask') a model is asked whether each
candidate pair is the same thing.
`

// mergesOptions are the merges command's options.
type mergesOptions struct {
	action        string
	graph         string
	aliases       string
	gold          string
	threshold     float64
	minConfidence float64
	llmSpec       string
	llmBaseURL    string
	llmTimeout    time.Duration
	timeout       time.Duration
	json          bool
	ids           []string
	// now stamps decisions; time.Now by default.
	now func() time.Time
}

func runMerges(ctx context.Context, e *env, args []string) error {
	o := mergesOptions{now: time.Now}
	fs := newFlagSet("merges", mergesUsage, e.stderr)
	fs.StringVar(&o.graph, "graph", e.getenv("SCGRAPH_GRAPH"), "snapshot `file` from 'scgraph ingest -o' (env SCGRAPH_GRAPH)")
	fs.StringVar(&o.aliases, "aliases", "", "aliases `file`: \"entity: alias, alias\" a line")
	fs.StringVar(&o.gold, "gold", "", "with list: score the candidates against gold duplicates `file` (JSONL {\"name\", \"same_as\"})")
	floatFlag(fs, &o.threshold, "threshold", resolve.DefaultEmbeddingThreshold, -1, 1, "", "cosine at or above which names' embeddings propose a pair; negative: no embedding signal")
	floatFlag(fs, &o.minConfidence, "min-confidence", 0, 0, 1, "", "list: only candidates at or above this `confidence` (0 to 1); accept without IDs: accept all of them")
	fs.StringVar(&o.llmSpec, "llm", e.getenv("SCGRAPH_LLM"), "confirm each candidate with a model `PROVIDER[:MODEL]` (openai, anthropic, ollama); default none (env SCGRAPH_LLM)")
	fs.StringVar(&o.llmBaseURL, "llm-base-url", "", "`URL` of the model's server (any OpenAI-compatible server for openai)")
	durationVar(fs, &o.llmTimeout, "llm-timeout", llm.DefaultCallTimeout, "", "time limit per LLM call")
	durationVar(fs, &o.timeout, "timeout", 0, "none", "time limit for the whole command (`duration`; default none)")
	fs.BoolVar(&o.json, "json", false, "print the result as JSON")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("say what to do: list, accept, reject or undo")
	}
	o.action, o.ids = pos[0], pos[1:]
	return mergesRun(ctx, e, &o)
}

// mergesActions are the words after 'scgraph merges'.
var mergesActions = []string{"list", "accept", "reject", "undo"}

// mergesResult is what merges --json prints.
type mergesResult struct {
	Graph      string              `json:"graph"`
	Merges     string              `json:"merges"`
	Candidates []resolve.Candidate `json:"candidates"`
	Decisions  []resolve.Decision  `json:"decisions"`
	Changed    []string            `json:"changed,omitempty"`
	Entities   int                 `json:"entities"`
	Triples    int                 `json:"triples"`
	Gold       *resolve.Score      `json:"gold,omitempty"`
}

// mergesRun runs one action of 'scgraph merges' on a snapshot: it
// checks the options, finds the candidates (but for undo), lists or
// decides them, saves the decisions and the snapshot when they changed,
// and prints the result.
func mergesRun(ctx context.Context, e *env, o *mergesOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
	}
	g, err := readSnapshotGraph(ctx, o.graph)
	if err != nil {
		return err
	}
	mergesPath := resolve.MergesPath(o.graph)
	f, err := resolve.ReadFile(mergesPath)
	if err != nil {
		return err
	}
	res := mergesResult{Graph: o.graph, Merges: mergesPath, Candidates: []resolve.Candidate{}, Decisions: []resolve.Decision{}}

	var cands []resolve.Candidate
	if o.action != "undo" {
		if cands, err = mergeCandidates(ctx, e, o, g, f); err != nil {
			return err
		}
	}
	if err := runMergesAction(o, g, f, cands, &res); err != nil {
		return err
	}
	if o.action != "list" && len(res.Changed) > 0 {
		if err := saveMerges(ctx, o.graph, mergesPath, g, f); err != nil {
			return err
		}
	}
	res.record(f, g)
	if o.json {
		return writeJSONValue(e.stdout, res)
	}
	printMerges(e.stdout, o, res)
	return nil
}

// check refuses options that do not go together, in this order: IDs
// with list, an action without the IDs it needs, an unknown action,
// --gold with an action other than list, no --graph.
func (o *mergesOptions) check() error {
	switch o.action {
	case "list":
		if len(o.ids) > 0 {
			return usagef("list takes no IDs")
		}
	case "accept":
		if len(o.ids) == 0 && o.minConfidence <= 0 {
			return usagef("accept needs candidate IDs (see 'scgraph merges list'), or --min-confidence to accept every candidate at or above it")
		}
	case "reject", "undo":
		if len(o.ids) == 0 {
			return usagef("%s needs the IDs of candidates or decisions (see 'scgraph merges list')", o.action)
		}
	default:
		return usagef("unknown action %q: want list, accept, reject or undo%s", o.action, didYouMean(o.action, mergesActions, ""))
	}
	if o.gold != "" && o.action != "list" {
		return usagef("--gold goes with list")
	}
	if o.graph == "" {
		return usagef("--graph FILE.snap is required: merges rewrite a snapshot ('scgraph ingest -o FILE.snap' writes one)")
	}
	return nil
}

// runMergesAction does what the action says to g and the decisions f,
// and fills in res the candidates listed or the IDs changed.
func runMergesAction(o *mergesOptions, g *resolve.Graph, f *resolve.File, cands []resolve.Candidate, res *mergesResult) error {
	at := o.now().UTC().Truncate(time.Second)
	switch o.action {
	case "list":
		return listCandidates(o, g, cands, res)
	case "accept", "reject":
		changed, err := decideCandidates(o, g, f, cands, at)
		res.Changed = changed
		return err
	case "undo":
		if err := f.Undo(g, o.ids...); err != nil {
			return fmt.Errorf("%w in %s", err, res.Merges)
		}
		res.Changed = o.ids
	}
	return nil
}

// listCandidates keeps the candidates at or above --min-confidence and,
// with --gold, scores them against the gold duplicates.
func listCandidates(o *mergesOptions, g *resolve.Graph, cands []resolve.Candidate, res *mergesResult) error {
	for _, c := range cands {
		if c.Confidence >= o.minConfidence {
			res.Candidates = append(res.Candidates, c)
		}
	}
	if o.gold == "" {
		return nil
	}
	gold, err := resolve.ReadGoldFile(o.gold)
	if err != nil {
		return err
	}
	sc := gold.Score(resolve.Entities(g.Triples, g.Schema), res.Candidates)
	res.Gold = &sc
	return nil
}

// decideCandidates accepts or rejects the candidates to decide
// (candidatesToDecide), in order, and returns the IDs it decided; the
// first ID that names no candidate stops it. Accepted merges are applied
// to g together, at the end.
func decideCandidates(o *mergesOptions, g *resolve.Graph, f *resolve.File, cands []resolve.Candidate, at time.Time) ([]string, error) {
	byID := map[string]resolve.Candidate{}
	for _, c := range cands {
		byID[c.ID] = c
	}
	// Several accepted at once: a name merged a moment ago stands for
	// the entity it went into.
	moved := map[string]resolve.Entity{}
	var accept []resolve.Candidate
	var changed []string
	for _, id := range candidatesToDecide(o, cands) {
		c, ok := byID[id]
		if !ok {
			return nil, notACandidate(f, id, o.graph)
		}
		if o.action == "reject" {
			if err := f.Reject(c, at); err != nil {
				return nil, err
			}
			changed = append(changed, id)
			continue
		}
		if c, ok = afterMoves(c, moved); !ok {
			continue
		}
		moved[c.Merge.Name] = c.Keep
		accept = append(accept, c)
		changed = append(changed, id)
	}
	if len(accept) > 0 {
		if err := f.AcceptAll(g, accept, at); err != nil {
			return nil, err
		}
	}
	return changed, nil
}

// candidatesToDecide are the IDs named, or with none, those of the
// candidates at or above --min-confidence that the model did not refute.
func candidatesToDecide(o *mergesOptions, cands []resolve.Candidate) []string {
	if len(o.ids) > 0 {
		return o.ids
	}
	var todo []string
	for _, c := range cands {
		if c.Confidence >= o.minConfidence && !c.Refuted() {
			todo = append(todo, c.ID)
		}
	}
	return todo
}

// notACandidate is the error for an ID that names no candidate: already
// decided, or unknown.
func notACandidate(f *resolve.File, id, graph string) error {
	if d := f.Decision(id); d != nil {
		return fmt.Errorf("%s is already %s (%s and %s); 'scgraph merges undo' forgets a decision", id, d.Status, d.Keep.Name, d.Merge.Name)
	}
	return fmt.Errorf("no candidate %s in %s (run 'scgraph merges list --graph %s')", id, graph, graph)
}

// afterMoves is c with its kept entity followed through the merges
// accepted before it (moved: merged name to the entity it went into),
// and whether it still merges two entities: false when its merged name
// is gone already or now stands for the kept entity.
func afterMoves(c resolve.Candidate, moved map[string]resolve.Entity) (resolve.Candidate, bool) {
	for k, ok := moved[c.Keep.Name]; ok; k, ok = moved[c.Keep.Name] {
		c.Keep = k
	}
	if _, gone := moved[c.Merge.Name]; gone || c.Keep.Name == c.Merge.Name {
		return c, false
	}
	return c, true
}

// record fills in the decisions (without their undo records, which stay
// in the file) and the size of the graph.
func (res *mergesResult) record(f *resolve.File, g *resolve.Graph) {
	for _, d := range f.Decisions {
		d.Undo = nil // the record of what changed stays in the file
		res.Decisions = append(res.Decisions, d)
	}
	res.Entities = len(resolve.Entities(g.Triples, nil))
	res.Triples = len(g.Triples)
}

// mergeCandidates finds the candidates not yet decided, confirmed by a
// model with --llm.
func mergeCandidates(ctx context.Context, e *env, o *mergesOptions, g *resolve.Graph, f *resolve.File) ([]resolve.Candidate, error) {
	aliases := resolve.NewAliasTable()
	aliases.AddSchema(g.Schema)
	if o.aliases != "" {
		if err := aliases.ReadAliasFile(o.aliases); err != nil {
			return nil, err
		}
	}
	cands, err := resolve.Find(ctx, resolve.Entities(g.Triples, g.Schema), resolve.Options{
		Aliases: aliases, Threshold: o.threshold, Skip: f.Decided,
	})
	if err != nil {
		return nil, err
	}
	sp, err := llmopen.ParseSpec(o.llmSpec)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	if sp.None() || len(cands) == 0 {
		return cands, nil
	}
	if o.llmTimeout <= 0 {
		return nil, usagef("--llm-timeout must be positive")
	}
	model, err := openModel(ctx, e, o.llmSpec, o.llmBaseURL)
	if err != nil {
		return nil, err
	}
	facts := map[string][]graph.Triple{}
	for _, t := range g.Triples {
		if t.Relation == docs.RelMentions || t.Relation == docs.RelPartOf {
			continue
		}
		facts[t.Subject] = append(facts[t.Subject], t)
		facts[t.Object] = append(facts[t.Object], t)
	}
	c := resolve.Confirmer{
		Client: llm.NewClient(model, llm.ClientOptions{Timeout: o.llmTimeout}),
		Facts:  func(name string) []graph.Triple { return facts[name] },
	}
	if err := c.Confirm(ctx, cands); err != nil {
		return nil, err
	}
	return cands, nil
}

// readSnapshotGraph reads the facts and schema of a snapshot; any other
// file is an error (merges rewrite the snapshot).
func readSnapshotGraph(ctx context.Context, path string) (*resolve.Graph, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	head := make([]byte, 16)
	n, _ := io.ReadFull(fh, head)
	fh.Close()
	if !memstore.IsSnapshot(head[:n]) {
		return nil, fmt.Errorf("%s: not a scgraph snapshot; merges rewrite a snapshot: write one with 'scgraph ingest -o FILE.snap %s'", path, path)
	}
	st, err := memstore.Open(ctx, path, memstore.OpenOptions{})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return &resolve.Graph{Triples: st.Triples(), Schema: st.UserSchema()}, nil
}

// saveMerges writes the decisions, then the snapshot; if the snapshot
// cannot be written, the earlier decisions are put back.
func saveMerges(ctx context.Context, snapshot, mergesPath string, g *resolve.Graph, f *resolve.File) error {
	old, readErr := os.ReadFile(mergesPath)
	if err := f.WriteFile(mergesPath); err != nil {
		return err
	}
	_, err := writeSnapshotGraph(ctx, snapshot, g)
	if err == nil {
		return nil
	}
	switch {
	case readErr == nil:
		if werr := os.WriteFile(mergesPath, old, 0o644); werr != nil {
			err = errors.Join(err, werr)
		}
	case errors.Is(readErr, os.ErrNotExist):
		os.Remove(mergesPath)
	}
	return fmt.Errorf("%s not changed: %w", snapshot, err)
}

// writeSnapshotGraph writes the graph g as a snapshot at path and returns
// the store it wrote.
func writeSnapshotGraph(ctx context.Context, path string, g *resolve.Graph) (*memstore.Store, error) {
	st := memstore.New()
	if err := st.SetSchema(ctx, g.Schema); err != nil {
		return nil, err
	}
	if _, err := st.AddTriples(ctx, g.Triples); err != nil {
		return nil, err
	}
	if err := st.WriteSnapshotFile(ctx, path); err != nil {
		return nil, err
	}
	return st, nil
}

func printMerges(w io.Writer, o *mergesOptions, res mergesResult) {
	switch o.action {
	case "accept", "reject", "undo":
		verb := map[string]string{"accept": "accepted", "reject": "rejected", "undo": "undid"}[o.action]
		if len(res.Changed) == 0 {
			fmt.Fprintf(w, "nothing %s\n", verb)
		} else {
			fmt.Fprintf(w, "%s %s; %s now has %d entities and %d triples; decisions in %s\n",
				verb, strings.Join(res.Changed, " "), res.Graph, res.Entities, res.Triples, res.Merges)
		}
		return
	}
	if len(res.Candidates) == 0 {
		fmt.Fprintf(w, "no candidate merges in %s (%d entities)\n", res.Graph, res.Entities)
	} else {
		fmt.Fprintf(w, "%d candidate merges in %s (%d entities), best first:\n", len(res.Candidates), res.Graph, res.Entities)
	}
	for _, c := range res.Candidates {
		mark := ""
		if c.Refuted() {
			mark = "  REFUTED by the model"
		}
		fmt.Fprintf(w, "  %s  %.2f  %s  →  keep %s%s\n", c.ID, c.Confidence, describeEntity(c.Merge), describeEntity(c.Keep), mark)
		for _, ev := range c.Evidence {
			fmt.Fprintf(w, "        %-12s %.2f  %s\n", ev.Signal, ev.Score, ev.Detail)
		}
		if v := c.Verdict; v != nil && v.Error != "" {
			fmt.Fprintf(w, "        llm          no verdict: %s\n", v.Error)
		} else if v != nil && !v.Same {
			fmt.Fprintf(w, "        llm          different (%.2f): %s\n", v.Confidence, v.Reason)
		}
	}
	if len(res.Decisions) > 0 {
		fmt.Fprintf(w, "recorded in %s:\n", res.Merges)
		for _, d := range res.Decisions {
			fmt.Fprintf(w, "  %s  %-8s  %s  →  %s\n", d.ID, d.Status, d.Merge.Name, d.Keep.Name)
		}
	}
	if s := res.Gold; s != nil {
		fmt.Fprintf(w, "against %s: %d duplicate entities in the graph, %d found (recall %.3f); %d candidates, %d correct (precision %.3f)\n",
			o.gold, s.Duplicates, s.Found, s.Recall, s.Candidates, s.Correct, s.Precision)
	}
	if len(res.Candidates) > 0 {
		fmt.Fprintf(w, "accept with: scgraph merges accept --graph %s ID...; reject with: scgraph merges reject --graph %s ID...\n", res.Graph, res.Graph)
	}
}

func describeEntity(en resolve.Entity) string {
	typ := en.Type
	if typ == "" {
		typ = "untyped"
	}
	facts := "facts"
	if en.Facts == 1 {
		facts = "fact"
	}
	return fmt.Sprintf("%s (%s, %d %s)", en.Name, typ, en.Facts, facts)
}
