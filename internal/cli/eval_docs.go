package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/evals"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/memstore"
)

const evalDocsUsage = `
Documents (--docs PATH): PATH is a folder of documents (ingested in memory
as 'ingest --docs' would: with --schema FILE, --schema demo, or none, the
open vocabulary) or a snapshot
written by 'ingest --docs' (its document index beside it; the chunk vectors
kept beside it are used, with the embedder that made them). Each question is
answered in six passage modes and scored against its gold passages:

  hybrid        the routed system: a lookup's flat hybrid search, or the
                hybrid passages inside the agent's traversed subgraph
  graph-only    the passages that stated the agent's evidence edges
  vector-only   every chunk ranked by embedding similarity
  keyword-only  every chunk ranked by BM25
  hybrid-no-semantic, hybrid-no-graph
                hybrid with one signal left out: what that signal adds

Question files: lookups ({"id","question","gold_passages":["doc.md#0"]})
and relationship questions in the eval JSONL format (answers, gold_paths;
their gold passages are the chunks stating the gold paths' edges). The
report gives recall@1/3/5 and MRR@10 per mode, the share of relationship
questions answered exactly, and how many questions were routed as expected. --report DIR writes report.json and
report.md.

  scgraph eval --docs testdata/docs/demo \
      --questions testdata/docs/demo-lookups.jsonl,testdata/docs/demo-questions.jsonl
  scgraph ingest --docs testdata/docs/demo -o corpus.snap
  scgraph eval --docs corpus.snap --questions testdata/docs/demo-lookups.jsonl --json
  scgraph ingest --store neo4j corpus.snap          # the same graph in Neo4j
  scgraph eval --store neo4j --docs corpus.snap --questions testdata/docs/demo-questions.jsonl
`

// evaluateDocs runs the documents mode of eval.
func evaluateDocs(ctx context.Context, e *env, o *evalOptions) error {
	if o.mode != "agent" || o.cv > 1 || o.llm.enabled() || o.limit != 0 || o.results != "" {
		return usagef("--docs compares its own passage modes with the rule planner, on every question; leave out --mode, --cv, --llm, --limit and --results")
	}
	store, ix, closeStore, err := openDocs(ctx, e, o)
	if err != nil {
		return err
	}
	defer closeStore()
	var sets []evals.DocsSet
	for _, p := range o.questions {
		qs, err := evals.LoadDocQuestions(p, ix)
		if err != nil {
			return err
		}
		sets = append(sets, evals.DocsSet{Name: strings.TrimSuffix(filepath.Base(p), filepath.Ext(p)), Questions: qs})
	}
	opts, _, err := evalAgentOptions(o, e)
	if err != nil {
		return err
	}
	cfg := evals.DocsConfig{Index: ix, Store: store, AgentOptions: opts}
	if f := docs.FindEntitiesFile(o.questions...); f != "" {
		// Answers are compared under the corpus's gold entity names.
		if cfg.Entities, err = docs.ReadGoldEntitiesFile(f); err != nil {
			return err
		}
		if !o.graph.quiet {
			fmt.Fprintf(e.stderr, "(answers compared under the gold entity names of %s)\n", f)
		}
	}
	if fi, err := os.Stat(o.docs); err == nil && !fi.IsDir() {
		// A snapshot: the chunk vectors ingest --docs kept, as ask uses them.
		var vc hybrid.Config
		vc, cfg.EmbedderName = chunkVectors(e, o.docs)
		cfg.Embedder, cfg.Stored = vc.Embedder, vc.Stored
	}
	rep, err := evals.EvaluateDocs(ctx, cfg, sets)
	if err != nil {
		return err
	}
	if o.report != "" {
		if err := os.MkdirAll(o.report, 0o755); err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(o.report, "report.json"), func(w io.Writer) error { return writeJSONValue(w, rep) }); err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(o.report, "report.md"), func(w io.Writer) error { return evals.WriteDocsMarkdown(w, rep) }); err != nil {
			return err
		}
		if !o.graph.quiet {
			fmt.Fprintf(e.stderr, "wrote %s and report.md\n", filepath.Join(o.report, "report.json"))
		}
	}
	if o.json {
		return writeJSONValue(e.stdout, rep)
	}
	return evals.WriteDocsMarkdown(e.stdout, rep)
}

// openDocs opens --docs: a snapshot with its document index (its graph
// from the snapshot, or from Neo4j with --store neo4j, where the snapshot
// was loaded), or a folder ingested in memory.
func openDocs(ctx context.Context, e *env, o *evalOptions) (agent.Store, *docs.Index, func() error, error) {
	none := func() error { return nil }
	fi, err := os.Stat(o.docs)
	if err != nil {
		return nil, nil, none, err
	}
	kind, err := o.graph.storeKind()
	if err != nil {
		return nil, nil, none, err
	}
	if !fi.IsDir() {
		ix, err := docs.ReadIndexFile(docs.IndexPath(o.docs))
		if err != nil {
			return nil, nil, none, fmt.Errorf("--docs %s: a snapshot needs the document index 'ingest --docs' writes beside it: %w", o.docs, err)
		}
		if kind == "neo4j" {
			o.graph.neo4j.timeout = o.agent.timeout
			g, err := o.graph.open(ctx, e)
			if err != nil {
				return nil, nil, none, err
			}
			return g.Graph, ix, g.Close, nil
		}
		st, err := memstore.Open(ctx, o.docs, memstore.OpenOptions{})
		return st, ix, none, err
	}
	if kind == "neo4j" {
		return nil, nil, none, usagef("--docs with --store neo4j takes the snapshot that was loaded into Neo4j (its document index is beside it), not a folder")
	}
	var sch *graph.Schema
	switch o.graph.schema {
	case "":
	case demoSchemaName:
		sch, err = demo.Schema()
	default:
		sch, err = graph.ReadSchemaFile(o.graph.schema)
	}
	if err != nil {
		return nil, nil, none, err
	}
	ix, rep, err := docs.Ingest(ctx, o.docs, nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		return nil, nil, none, err
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(e.stderr, "skipped %s: %s\n", filepath.Join(o.docs, filepath.FromSlash(s.Path)), s.Err)
	}
	st := memstore.New()
	if err := st.SetSchema(ctx, docsSchema(sch, ix)); err != nil {
		return nil, nil, none, err
	}
	if _, err := st.AddTriples(ctx, ix.Triples()); err != nil {
		return nil, nil, none, err
	}
	return st, ix, none, nil
}
