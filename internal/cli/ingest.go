package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/progress"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

const ingestUsage = `
Usage: scgraph ingest [flags] FILE...

Reads triples from one or more files and writes them, with the schema, into a
snapshot that 'ask', 'chat' and 'eval' load fast (--out), or into Neo4j
(--store neo4j). Formats are detected per file: subject|relation|object lines,
TSV (a header line naming the columns is optional), CSV with a header
(subject,relation,object[,subject_type,object_type]),
or JSONL objects {"subject","relation","object","subject_type","object_type"}.

Nothing is half-written: every file is read and checked first, and a
malformed line stops the ingest with its file and line before anything is
written; a snapshot is written to a temporary file and renamed into place.

A snapshot is built in bounded memory (--memory, default 4GB): the facts
past it are sorted in runs spilled to temporary files beside the snapshot,
which go when the ingest ends, however it ends. A hundred million triples
ingest in under 4 GB; the snapshot is the same, byte for byte, whatever
the bound.
Input with no triple at all is an error (it would replace a graph with an
empty one) unless --allow-empty says it is intended. Ingesting the same
triples twice leaves the same graph.

Examples:
  scgraph ingest -o trainticket.snap testdata/zeroshot/trainticket.jsonl
  scgraph ingest --schema internal/demo/schema.json -o demo.snap internal/demo/graph.jsonl
  scgraph ingest --store neo4j internal/demo/graph.jsonl    # NEO4J_URI names the server
`

type ingestOptions struct {
	graph      graphFlags
	out        string
	allowEmpty bool
	timeout    time.Duration
	memory     int64
	files      []string
	docs       docsIngestOptions
}

func runIngest(ctx context.Context, e *env, args []string) error {
	var o ingestOptions
	fs := newFlagSet("ingest", ingestUsage+ingestDocsUsage+ingestDocsLLMUsage+ingestVectorsUsage, e.stderr)
	o.graph.register(fs, e)
	fs.StringVar(&o.out, "o", "", "snapshot `file` to write (default: the first input with .snap)")
	fs.StringVar(&o.out, "out", "", "same as -o")
	fs.BoolVar(&o.allowEmpty, "allow-empty", false, "accept input with no triples (writes an empty graph)")
	o.memory = memstore.DefaultBuildMemory
	fs.Var(byteSize{&o.memory}, "memory", "building a snapshot, hold at most about `SIZE` in memory (4GB, 512MB); the rest is spilled to temporary files beside it")
	durationVar(fs, &o.timeout, "timeout", 0, "none", "time limit for the whole ingest (`duration`; default none; with Neo4j each transaction is bounded anyway)")
	fs.StringVar(&o.docs.path, "docs", "", "ingest the Markdown and text documents under `path` (a folder or a file)")
	fs.StringVar(&o.docs.patterns, "patterns", "", "with --docs: relation patterns `file` (\"RELATION: {S} phrase {O}\" a line)")
	fs.StringVar(&o.docs.gold, "gold", "", "with --docs: print extraction precision and recall against the gold triples `file`")
	fs.StringVar(&o.docs.goldEntities, "gold-entities", "", "with --gold: the gold entities `file` ({\"name\",\"aliases\"} a line) names are compared under (default: X-entities.jsonl beside X-gold.jsonl)")
	fs.BoolVar(&o.docs.fresh, "fresh", false, "with --docs: ignore the earlier document index and extract every document")
	fs.BoolVar(&o.docs.json, "json", false, "with --docs: print the result as JSON")
	fs.StringVar(&o.docs.embedder, "embedder", embed.Auto, "with --docs: chunk embedder `name`: auto (minilm when installed, else hashed), minilm, hashed, or a provider's openai[:MODEL] or ollama[:MODEL] (reached through OPENAI_BASE_URL and OPENAI_API_KEY, or OLLAMA_HOST)")
	fs.StringVar(&o.docs.embedCache, "embed-cache", "", "with --docs: `dir` of installed models (default: where 'scgraph model path' finds them)")
	o.docs.llm.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	o.files = pos
	if o.docs.path != "" {
		return ingestDocs(ctx, e, &o)
	}
	if o.docs.patterns != "" || o.docs.gold != "" || o.docs.goldEntities != "" || o.docs.fresh || o.docs.json || o.docs.llm.set() || o.docs.embedder != embed.Auto || o.docs.embedCache != "" {
		return usagef("--patterns, --gold, --gold-entities, --fresh, --json, --llm, --embedder and --embed-cache go with --docs")
	}
	if len(pos) == 0 {
		return usagef("no input file given")
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
		o.graph.neo4j.timeout = o.timeout
	}
	kind, err := o.graph.storeKind()
	if err != nil {
		return err
	}
	if strings.EqualFold(o.graph.store, "neo4j") || (kind == "neo4j" && o.out == "") {
		return ingestNeo4j(ctx, e, &o)
	}
	return ingestSnapshot(ctx, e, &o)
}

// readAll reads every input file completely (showing progress on large
// ones); any malformed line fails the whole ingest before anything is
// written, and so does ctx ending (Ctrl-C).
func readAll(ctx context.Context, e *env, o *ingestOptions) ([]graph.Triple, error) {
	format, err := triplefile.ParseFormat(o.graph.format)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	var all []graph.Triple
	for _, f := range o.files {
		fi, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		var bar *progress.Bar
		ropts := triplefile.Options{}
		if !o.graph.quiet {
			bar = progress.New(e.stderr, "reading "+f, "B", fi.Size())
			ropts.Progress = func(done, total int64) { bar.Set(done) }
		}
		ts, err := triplefile.ReadContext(ctx, f, format, ropts)
		if err != nil {
			return nil, err
		}
		bar.Finish(fmt.Sprintf("%d triples", len(ts)))
		all = append(all, ts...)
	}
	return all, nil
}

// ingestSnapshot reads the files and writes the snapshot. Ctrl-C (ctx)
// stops it at any point before the snapshot is renamed into place, with
// the file that was there untouched and no temporary file left; once the
// snapshot is in place the ingest has happened, and reports so.
func ingestSnapshot(ctx context.Context, e *env, o *ingestOptions) error {
	out, err := o.snapshotPath()
	if err != nil {
		return err
	}
	format, err := triplefile.ParseFormat(o.graph.format)
	if err != nil {
		return usageError{err.Error()}
	}
	var schema *graph.Schema
	if o.graph.schema != "" {
		if schema, err = graph.ReadSchemaFile(o.graph.schema); err != nil {
			return err
		}
	}
	b, err := memstore.NewBuilder(memstore.BuildOptions{Schema: schema, Memory: o.memory, TempDir: filepath.Dir(out), Name: filepath.Base(out)})
	if err != nil {
		return err
	}
	defer b.Close()
	defer setMemoryLimit(o.memory)()
	// An interrupt removes the temporary files at once, not when the build
	// next looks at ctx: sorting a run may take longer than the grace the
	// process has after a signal.
	defer context.AfterFunc(ctx, func() { b.Close() })()
	for _, f := range o.files {
		fi, err := os.Stat(f)
		if err != nil {
			return err
		}
		var bar *progress.Bar
		ropts := triplefile.Options{}
		if !o.graph.quiet {
			bar = progress.New(e.stderr, "reading "+f, "B", fi.Size())
			ropts.Progress = func(done, total int64) { bar.Set(done) }
		}
		before := b.Triples()
		if err := triplefile.Each(ctx, f, format, ropts, b.Add); err != nil {
			return err
		}
		bar.Finish(fmt.Sprintf("%d triples", b.Triples()-before))
	}
	if err := o.checkNotEmpty(b.Triples()); err != nil {
		return err
	}
	var st memstore.BuildStats
	if err := atomicfile.WriteContext(ctx, out, func(w io.Writer) error {
		var err error
		st, err = b.WriteSnapshot(ctx, w)
		return err
	}); err != nil {
		return fmt.Errorf("memstore: snapshot: %w", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s: %d triples (%d duplicates dropped%s), %d entities\n", out, st.Triples, st.Duplicates, restrictedSummary(st.Restricted), st.Entities)
	return nil
}

// setMemoryLimit makes the budget (at least minMemoryLimit) the Go
// runtime's soft memory limit, unless GOMEMLIMIT set one, and returns the
// function that puts the limit back. The builder keeps what it holds
// within the budget; the limit keeps the garbage collector from letting
// the heap grow to twice that before it collects.
func setMemoryLimit(budget int64) func() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(max(budget, minMemoryLimit))
	return func() { debug.SetMemoryLimit(prev) }
}

// minMemoryLimit is the lowest memory limit setMemoryLimit sets: a few
// kilobytes' budget (a test's) would have the collector run all the time.
const minMemoryLimit = 256 << 20

// aclSummary says, when any did, how many stored facts a Neo4j ingest
// gave the access list of its files.
func aclSummary(changed int) string {
	switch changed {
	case 0:
		return ""
	case 1:
		return ", 1 access list changed to the file's"
	}
	return fmt.Sprintf(", %d access lists changed to the files'", changed)
}

// restrictedSummary says, when any does, how many facts of a snapshot
// carry an access list: a snapshot is written afresh from its files, so
// its lists are the files' whatever the last one held.
func restrictedSummary(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return ", 1 with an access list"
	}
	return fmt.Sprintf(", %d with an access list", n)
}

// snapshotPath is where the snapshot goes: --out, or the first input with
// .snap. It must not be one of the inputs: the snapshot would replace the
// file it is read from (`ingest -o kb.txt kb.txt`).
func (o *ingestOptions) snapshotPath() (string, error) {
	out := o.out
	if out == "" {
		first := o.files[0]
		out = strings.TrimSuffix(first, filepath.Ext(first)) + ".snap"
	}
	if in, same := atomicfile.SameFile(out, o.files...); same {
		if o.out == "" {
			return "", usagef("the snapshot would be written to %s, which is the input %s; name the output with -o", out, in)
		}
		other := strings.TrimSuffix(in, filepath.Ext(in)) + ".snap"
		if other == in {
			other = strings.TrimSuffix(in, ".snap") + ".new.snap"
		}
		return "", usagef("-o %s is the input %s: the snapshot would replace it; write it to another file (e.g. %s)", o.out, in, other)
	}
	return out, nil
}

// checkNotEmpty refuses an ingest of no triples, unless --allow-empty.
func (o *ingestOptions) checkNotEmpty(triples int) error {
	if triples > 0 || o.allowEmpty {
		return nil
	}
	return fmt.Errorf("no triples in %s (pass --allow-empty to write an empty graph)", strings.Join(o.files, ", "))
}
