package cli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/progress"
	"github.com/scgraph/scgraph/internal/resolve"
	"github.com/scgraph/scgraph/memstore"
)

const ingestDocsUsage = `
Documents (--docs PATH): reads the Markdown (.md, .markdown) and plain-text
(.txt) files under PATH and writes a snapshot whose graph holds a Document
node per file, a Chunk node per passage (chunks of about 80 words that
overlap by one paragraph, each PART_OF its document), a MENTIONS edge from a
chunk to every entity recognised in it, and the facts the text states.
Extraction is deterministic (no LLM). With no --schema and no triples
files it reads open vocabulary: names as the documents write them (proper
names, identifiers such as payments-db, code spans, phrases headed by a
kind noun such as "the checkout service", whose noun gives the type) and
the relation phrase between two of them ("depends on", "stores its data
in", "is owned by", "X's owner is Y"; lists, appositions, "it" and "this
service"; negated and hedged clauses state nothing), names that mean one
entity joined across documents ("the Kafka topic", "Kafka"), relation
phrases that mean one relation kept as one ("relies on" is DEPENDS_ON).
Such a graph is open-world: facts read from prose are never all the
facts, so no answer over it claims that something is absent.
With --schema FILE (or --schema demo, the demo's) or triples files, those
are the dictionary instead: entities are recognised by name or alias
(compared after normalisation: "payment-svc" is "Payment Service") and by
regular expressions (ticket ids such as INC-2041, error codes such as
E4012); facts by relation patterns, the schema's relation words ("{S}
depends on {O}", "{O} is owned by {S}") and any in --patterns FILE ("CALLS:
{S} books money with {O}", one a line). A fact must fit the schema's types.

Beside the snapshot goes its document index (corpus.snap → corpus.docs.json):
each document's path, content hash and version, its chunks, and every
statement with its provenance (document, chunk, line, version, extractor,
confidence). 'ask' on the snapshot cites the passages that stated each edge.
Ingesting the folder again reads the index and extracts only the documents
that changed; facts whose only support was a changed or removed document
go; the graph is the one a fresh ingest (--fresh) gives. A file that cannot
be read or is not UTF-8 text is reported and skipped; the rest are ingested.
The graph's communities and their summaries are
refreshed beside the snapshot (corpus.communities.json; see 'scgraph help
communities'): only those whose facts or passages changed are summarised again.

With --store neo4j the documents' graph goes into Neo4j instead (NEO4J_URI,
as for triples): Document nodes (path, hash, version), Chunk nodes (id,
text, lines), and every relationship with the provenance of its first
statement (document, chunk, version, extractor, confidence, statements);
the document index is kept in the database, so ingesting the folder again
is incremental there too, removing the relationships no document supports
any more, and 'ask --store neo4j' cites the passages. A database holds one
document collection; relationships a triples ingest wrote are never removed.
The chunk vectors go onto the Chunk nodes, under a vector index; accepted
merges and communities belong to snapshots and are not made there.

  scgraph ingest --docs testdata/docs/otel-demo -o otel.snap --gold testdata/docs/otel-demo-gold.jsonl
  scgraph ingest --docs testdata/docs/demo --schema demo -o corpus.snap --gold testdata/docs/demo-gold.jsonl
  scgraph ask --graph corpus.snap "Which teams are affected if db-v2 goes down?"
  scgraph ingest --docs testdata/docs/demo --schema demo --store neo4j
  scgraph ask --store neo4j "Which teams are affected if db-v2 goes down?"
`

// demoSchemaName is the --schema value that names the built-in demo
// schema: documents are read with it only when it is asked for.
const demoSchemaName = "demo"

// docsIngestOptions are ingest's document flags.
type docsIngestOptions struct {
	path     string
	patterns string
	gold     string
	// goldEntities names the gold entities file (default: the
	// "-entities" file beside the gold file, when there is one).
	goldEntities string
	fresh        bool
	json         bool
	llm          docsLLMFlags

	// embedder and embedCache choose the chunk embedder (ingest_vectors.go).
	embedder   string
	embedCache string
}

// docsIngestResult is what ingest --docs --json prints.
type docsIngestResult struct {
	Snapshot  string      `json:"snapshot"`
	Index     string      `json:"index"`
	Documents int         `json:"documents"`
	Chunks    int         `json:"chunks"`
	Mentions  int         `json:"mentions"`
	Facts     int         `json:"facts"`
	Triples   int         `json:"triples"`
	Report    docs.Report `json:"report"`
	Gold      *docs.Score `json:"gold,omitempty"`
	// GoldEntities is the file of gold entity names the score compared
	// names under.
	GoldEntities string `json:"gold_entities,omitempty"`
	Schema       string `json:"schema"`
	// Found counts the entities by type and the facts by relation.
	Found foundByType `json:"found"`
	// OpenWorld: the graph was read by the open extractor and is stored
	// open-world.
	OpenWorld bool `json:"open_world"`
	// Store names the Neo4j database written, with --store neo4j (then
	// Snapshot and Index are empty), and Sync what changed in it.
	Store string         `json:"store,omitempty"`
	Sync  *docgraph.Sync `json:"sync,omitempty"`
	// LLM is what the model did, with --llm.
	LLM *docs.LLMStats `json:"llm,omitempty"`
	// Vectors says how the chunks were embedded (ingest_vectors.go).
	Vectors chunkEmbedding `json:"vectors"`
	// Communities is the communities file refreshed beside the snapshot;
	// absent when the graph is too large to refresh them on every ingest.
	Communities *communitiesRefreshed `json:"communities,omitempty"`
	// CommunitiesSkipped is true when the graph was too large to refresh
	// them (maxIngestCommunityTriples).
	CommunitiesSkipped bool `json:"communities_skipped,omitempty"`
}

// maxIngestCommunityTriples is the largest graph whose communities ingest
// --docs refreshes itself: Louvain takes most of a second on 10,000
// triples (BenchmarkBuild in internal/community), too long to pay in every
// ingest of a large graph.
const maxIngestCommunityTriples = 20000

// communitiesRefreshed says what ingest --docs did to the communities.
type communitiesRefreshed struct {
	File   string           `json:"file"`
	Count  int              `json:"count"`
	Report community.Report `json:"report"`
}

// ingestDocs ingests a folder of documents (ingest --docs): it reads the
// schema, patterns and triples files the documents are read with, extracts
// the documents that changed since the last ingest, embeds their chunks,
// and writes the graph, index, vectors and communities beside the
// snapshot, or syncs the graph into Neo4j; then prints what it did.
func ingestDocs(ctx context.Context, e *env, o *ingestOptions) error {
	d := &o.docs
	out, neo, err := docsSnapshotPath(o)
	if err != nil {
		return err
	}
	var base []graph.Triple
	if len(o.files) > 0 {
		if base, err = readAll(ctx, e, o); err != nil {
			return err
		}
	}
	sch, schemaDesc, err := docsIngestSchema(o, base)
	if err != nil {
		return err
	}
	extra, err := readDocsPatterns(d.patterns)
	if err != nil {
		return err
	}
	merges, err := acceptedMerges(out, neo)
	if err != nil {
		return err
	}
	x, err := docsExtractor(ctx, e, d, merges, base, sch, extra)
	if err != nil {
		return err
	}
	var st *cypher.Store
	if neo {
		if st, err = o.graph.neo4j.openStore(ctx); err != nil {
			return err
		}
		defer st.Close()
	}
	indexPath := docs.IndexPath(out)
	prev, err := previousIndex(ctx, d.fresh, st, indexPath)
	if err != nil {
		return err
	}
	ix, rep, err := readDocuments(ctx, e, o, prev, x)
	if err != nil {
		return err
	}
	full, err := docsGraph(merges, out, base, sch, ix)
	if err != nil {
		return err
	}
	if err := o.checkNotEmpty(len(full.Triples)); err != nil {
		return err
	}
	vectorsPath := embed.VectorsPath(out)
	if neo {
		vectorsPath = ""
	}
	vectors, embedding, err := embedChunks(ctx, e, d, ix, vectorsPath, o.docsQuiet())
	if err != nil {
		return err
	}
	res := newDocsIngestResult(out, indexPath, ix, rep, schemaDesc, d.llm.result(), embedding)
	if neo {
		return finishDocsNeo4j(ctx, e, o, st, sch, base, ix, vectors, res)
	}
	return writeDocsSnapshot(ctx, e, d, full, ix, vectors, merges, res)
}

// docsSnapshotPath is the snapshot an ingest of documents writes (by
// default named after the folder: docs → docs.snap), whose name also
// places the document index and the merges file; and whether the graph
// goes into Neo4j instead, where --out has no place.
func docsSnapshotPath(o *ingestOptions) (string, bool, error) {
	neo := strings.EqualFold(o.graph.store, "neo4j")
	if neo && o.out != "" {
		return "", false, usagef("--out writes a snapshot; with --store neo4j the documents' graph and index go into the database")
	}
	if o.out != "" {
		return o.out, neo, nil
	}
	return filepath.Base(filepath.Clean(o.docs.path)) + ".snap", neo, nil
}

// docsQuiet tells an ingest of documents to show no progress: with
// --quiet, and with --json.
func (o *ingestOptions) docsQuiet() bool { return o.graph.quiet || o.docs.json }

// docsIngestSchema is the schema the documents are read with and how the
// result names it: the demo's (--schema demo), a --schema file, or none,
// for the open extractor when there are no triples files either (with
// triples files the graph's schema is inferred). With --llm and no
// schema, it is the one inferred from the triples files: the model's
// statements are checked against it.
func docsIngestSchema(o *ingestOptions, base []graph.Triple) (*graph.Schema, string, error) {
	var sch *graph.Schema
	desc := "inferred"
	switch {
	case o.graph.schema == demoSchemaName:
		s, err := demo.Schema()
		if err != nil {
			return nil, "", err
		}
		sch, desc = s, "built-in demo schema (--schema demo)"
	case o.graph.schema != "":
		s, err := graph.ReadSchemaFile(o.graph.schema)
		if err != nil {
			return nil, "", err
		}
		sch, desc = s, o.graph.schema
	case len(base) == 0:
		desc = "none: open vocabulary (names and relation phrases read from the text)"
	}
	if sch == nil && o.docs.llm.set() {
		sch, _ = infer.Infer(base, nil)
		desc = "inferred (for --llm)"
	}
	return sch, desc, nil
}

// readDocsPatterns reads the relation patterns of --patterns, if given.
func readDocsPatterns(path string) ([]docs.Pattern, error) {
	if path == "" {
		return nil, nil
	}
	return docs.ReadPatternFile(path)
}

// acceptedMerges reads the merge decisions recorded beside the snapshot
// ('scgraph merges'); none with Neo4j.
func acceptedMerges(out string, neo bool) (*resolve.File, error) {
	if neo {
		return &resolve.File{}, nil
	}
	return resolve.ReadFile(resolve.MergesPath(out))
}

// docsExtractor builds the extractor the documents are read with: its
// dictionary is the schema and the triples files' entities with the
// accepted merges applied (a merged name reads as an alias of the kept
// entity), with the extra patterns, and with --llm the model.
func docsExtractor(ctx context.Context, e *env, d *docsIngestOptions, merges *resolve.File, base []graph.Triple, sch *graph.Schema, extra []docs.Pattern) (*docs.Extractor, error) {
	dictBase, dictSchema, err := merges.Resolved(base, sch)
	if err != nil {
		return nil, err
	}
	x := docs.NewExtractor(dictSchema, entitiesOf(dictBase), extra)
	if err := d.llm.attach(ctx, e, x); err != nil {
		return nil, err
	}
	return x, nil
}

// previousIndex reads the document index of the last ingest, from the
// database with Neo4j (st) or else from path; nil with --fresh or when
// there is none.
func previousIndex(ctx context.Context, fresh bool, st *cypher.Store, path string) (*docs.Index, error) {
	if fresh {
		return nil, nil
	}
	var ix *docs.Index
	var err error
	if st != nil {
		ix, err = storedIndex(ctx, st)
	} else {
		ix, err = docs.ReadIndexFile(path)
	}
	switch {
	case err == nil:
		return ix, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	}
	return nil, fmt.Errorf("%w (pass --fresh to ingest from scratch)", err)
}

// readDocuments extracts the documents that changed since prev, showing
// progress unless quiet, and reports the files it skipped.
func readDocuments(ctx context.Context, e *env, o *ingestOptions, prev *docs.Index, x *docs.Extractor) (*docs.Index, docs.Report, error) {
	d := &o.docs
	var bar *progress.Bar
	opts := docs.Options{}
	if !o.docsQuiet() {
		opts.Progress = func(done, total int, path string) {
			if bar == nil {
				bar = progress.New(e.stderr, "reading "+d.path, "docs", int64(total))
			}
			bar.Set(int64(done))
		}
	}
	ix, rep, err := docs.Ingest(ctx, d.path, prev, x, opts)
	if err != nil {
		return nil, docs.Report{}, err
	}
	if bar != nil {
		bar.Finish(fmt.Sprintf("%d documents", len(ix.Documents)))
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(e.stderr, "skipped %s: %s\n", filepath.Join(d.path, filepath.FromSlash(s.Path)), s.Err)
	}
	return ix, rep, nil
}

// docsGraph is the graph an ingest of documents stores: the triples
// files' and the documents' triples, with the accepted merges applied
// again.
func docsGraph(merges *resolve.File, out string, base []graph.Triple, sch *graph.Schema, ix *docs.Index) (*resolve.Graph, error) {
	full := &resolve.Graph{Triples: append(base, ix.Triples()...), Schema: docsSchema(sch, ix)}
	if err := merges.Reapply(full); err != nil {
		return nil, fmt.Errorf("%s: %w", resolve.MergesPath(out), err)
	}
	return full, nil
}

// newDocsIngestResult is the result of an ingest of documents before
// anything is written: what was read and found.
func newDocsIngestResult(out, indexPath string, ix *docs.Index, rep docs.Report, schemaDesc string, llm *docs.LLMStats, embedding chunkEmbedding) docsIngestResult {
	res := docsIngestResult{Snapshot: out, Index: indexPath, Documents: len(ix.Documents), Facts: len(ix.Facts()), Report: rep, Schema: schemaDesc, LLM: llm, Vectors: embedding}
	res.Found, res.OpenWorld = countFound(ix), ix.Open
	for _, doc := range ix.Documents {
		res.Chunks += len(doc.Chunks)
		res.Mentions += len(doc.Mentions)
	}
	return res
}

// finishDocsNeo4j puts the documents' graph and the chunk vectors into
// Neo4j and prints the result.
func finishDocsNeo4j(ctx context.Context, e *env, o *ingestOptions, st *cypher.Store, sch *graph.Schema, base []graph.Triple, ix *docs.Index, vectors *embed.Vectors, res docsIngestResult) error {
	if err := syncDocsNeo4j(ctx, e, o, st, sch, base, ix, &res); err != nil {
		return err
	}
	if err := storeChunkVectors(ctx, e, st, vectors); err != nil {
		return err
	}
	res.Vectors.File = ""
	return o.docs.printResult(e, ix, res)
}

// writeDocsSnapshot writes the snapshot of the graph and, beside it, the
// document index, the chunk vectors, the merges file and the communities;
// then prints the result.
func writeDocsSnapshot(ctx context.Context, e *env, d *docsIngestOptions, full *resolve.Graph, ix *docs.Index, vectors *embed.Vectors, merges *resolve.File, res docsIngestResult) error {
	ms, err := writeSnapshotGraph(ctx, res.Snapshot, full)
	if err != nil {
		return err
	}
	if err := ix.WriteFile(res.Index); err != nil {
		return err
	}
	if err := vectors.WriteFile(res.Vectors.File); err != nil {
		return err
	}
	if err := writeAcceptedMerges(e, d, res.Snapshot, merges); err != nil {
		return err
	}
	if err := refreshDocsCommunities(ctx, ms, ix, d.fresh, len(full.Triples), &res); err != nil {
		return err
	}
	_, res.Triples = ms.Stats()
	return d.printResult(e, ix, res)
}

// writeAcceptedMerges writes the merges file back beside the snapshot,
// when it records decisions (the undo records now of the new graph), and
// says how many accepted merges the graph had applied.
func writeAcceptedMerges(e *env, d *docsIngestOptions, out string, merges *resolve.File) error {
	if len(merges.Decisions) == 0 {
		return nil
	}
	if err := merges.WriteFile(resolve.MergesPath(out)); err != nil {
		return err
	}
	if n := merges.Accepted(); n > 0 && !d.json {
		fmt.Fprintf(e.stderr, "(applied the %d merges accepted in %s; 'scgraph merges undo' forgets one)\n", n, resolve.MergesPath(out))
	}
	return nil
}

// refreshDocsCommunities refreshes the communities beside the snapshot
// (only those whose facts or passages changed are summarised again), or
// records that the graph of so many triples is too large for it.
func refreshDocsCommunities(ctx context.Context, ms *memstore.Store, ix *docs.Index, fresh bool, triples int, res *docsIngestResult) error {
	if triples > maxIngestCommunityTriples {
		res.CommunitiesSkipped = true
		return nil
	}
	path := community.Path(res.Snapshot)
	cf, crep, _, err := refreshCommunities(ctx, ms, ix, path, community.Options{}, fresh)
	if err != nil {
		return err
	}
	res.Communities = &communitiesRefreshed{File: path, Count: len(cf.Communities), Report: crep}
	return nil
}

// docsSchema is the schema a documents' graph is stored with: the given
// one with the document types, or for the open extractor's graph the
// open-world schema with the names it joined (docs.OpenSchema).
func docsSchema(sch *graph.Schema, ix *docs.Index) *graph.Schema {
	if ix.Open {
		return docs.OpenSchema(ix)
	}
	return docs.SchemaFor(sch)
}

// foundByType counts what an ingest found: entities by type, facts by
// relation.
type foundByType struct {
	Entities  map[string]int `json:"entities"`
	Relations map[string]int `json:"relations"`
	// Merged counts the entities the documents name in more than one way
	// (the open extractor joins them).
	Merged int `json:"merged,omitempty"`
}

func countFound(ix *docs.Index) foundByType {
	f := foundByType{Entities: map[string]int{}, Relations: map[string]int{}}
	seen := map[string]bool{}
	for _, t := range ix.Triples() {
		switch t.Relation {
		case docs.RelPartOf:
			continue
		case docs.RelMentions:
		default:
			f.Relations[t.Relation]++
			if !seen[t.Subject] {
				seen[t.Subject] = true
				f.Entities[t.SubjectType]++
			}
		}
		if !seen[t.Object] {
			seen[t.Object] = true
			f.Entities[t.ObjectType]++
		}
	}
	f.Merged = len(ix.Merged())
	return f
}

// byCount writes counts as "Service 12, Thing 30", largest first.
func byCount(m map[string]int) string {
	type kv struct {
		k string
		n int
	}
	var kvs []kv
	for k, n := range m {
		kvs = append(kvs, kv{k, n})
	}
	slices.SortFunc(kvs, func(a, b kv) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.k, b.k)) })
	var parts []string
	for _, x := range kvs {
		parts = append(parts, fmt.Sprintf("%s %d", x.k, x.n))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// printResult prints what an ingest of documents did: the counts, the
// model's work, the vectors, the communities, the score against the gold
// facts; or all of it as JSON.
func (d *docsIngestOptions) printResult(e *env, ix *docs.Index, res docsIngestResult) error {
	rep := res.Report
	if d.gold != "" {
		gold, err := docs.ReadGoldFile(d.gold)
		if err != nil {
			return err
		}
		entsFile := d.goldEntities
		if entsFile == "" {
			entsFile = docs.FindEntitiesFile(d.gold)
		}
		var ents *docs.GoldEntities
		if entsFile != "" {
			if ents, err = docs.ReadGoldEntitiesFile(entsFile); err != nil {
				return err
			}
			res.GoldEntities = entsFile
		}
		sc := docs.ScoreFacts(ix.Facts(), gold, ents)
		res.Gold = &sc
	}
	if d.json {
		if res.LLM != nil && len(res.LLM.Fallbacks) > 0 {
			d.llm.render(io.Discard, e.stderr, res.LLM)
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	where := res.Snapshot + " and " + res.Index
	if res.Store != "" {
		where = res.Store
	}
	fmt.Fprintf(e.stdout, "wrote %s: %d documents (%d added, %d changed, %d unchanged, %d removed, %d skipped), %d chunks, %d mentions, %d facts; %d triples\n",
		where, res.Documents, len(rep.Added), len(rep.Changed), len(rep.Unchanged), len(rep.Removed), len(rep.Skipped),
		res.Chunks, res.Mentions, res.Facts, res.Triples)
	f := res.Found
	total := 0
	for _, n := range f.Entities {
		total += n
	}
	fmt.Fprintf(e.stdout, "found %d entities (%s); %d relations (%s); schema: %s\n", total, byCount(f.Entities), len(f.Relations), byCount(f.Relations), res.Schema)
	if f.Merged > 0 {
		fmt.Fprintf(e.stdout, "  %d entities are named more than one way in the documents and were joined (their names are aliases in the snapshot's schema)\n", f.Merged)
	}
	if res.OpenWorld {
		fmt.Fprintln(e.stdout, "  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent")
	}
	if res.Sync != nil {
		fmt.Fprintf(e.stdout, "in the database: %d relationships created; %d that no document supports any more deleted, and %d nodes they left unconnected\n",
			res.Sync.Created, res.Sync.Deleted, res.Sync.Orphans)
	}
	switch {
	case res.Communities != nil:
		c := res.Communities
		fmt.Fprintf(e.stdout, "communities: %d in %s (%d summarised, %d kept, %d dropped)\n", c.Count, c.File,
			len(c.Report.Written), len(c.Report.Kept), len(c.Report.Dropped))
	case res.CommunitiesSkipped:
		fmt.Fprintf(e.stdout, "communities: not refreshed (%d triples, more than %d); run 'scgraph communities --graph %s' to build them\n", res.Triples, maxIngestCommunityTriples, res.Snapshot)
	}
	printEmbedding(e, res.Vectors)
	d.llm.render(e.stdout, e.stderr, res.LLM)
	if res.Gold != nil {
		printScore(e.stdout, d.gold, *res.Gold)
		if res.GoldEntities != "" {
			fmt.Fprintf(e.stdout, "  (names compared under the gold entities of %s; relations by meaning)\n", res.GoldEntities)
		}
	}
	return nil
}

func printScore(w io.Writer, gold string, sc docs.Score) {
	fmt.Fprintf(w, "extraction against %s: precision %.3f, recall %.3f, F1 %.3f (%d extracted, %d gold, %d correct)\n",
		gold, sc.Precision, sc.Recall, sc.F1, sc.Extracted, sc.Gold, sc.Correct)
	for _, t := range sc.Missed {
		fmt.Fprintf(w, "  missed: %s %s %s\n", t.Subject, t.Relation, t.Object)
	}
	for _, t := range sc.Wrong {
		fmt.Fprintf(w, "  wrong:  %s %s %s   [%s]\n", t.Subject, t.Relation, t.Object, t.Source)
	}
}

// entitiesOf returns the typed entities of triples, for the dictionary.
func entitiesOf(ts []graph.Triple) []graph.Entity {
	seen := map[string]bool{}
	var out []graph.Entity
	add := func(name, typ string) {
		if !seen[name] {
			seen[name] = true
			out = append(out, graph.Entity{Name: name, Type: typ})
		}
	}
	for _, t := range ts {
		add(t.Subject, t.SubjectType)
		add(t.Object, t.ObjectType)
	}
	return out
}

// documentIndexStore is a store that keeps a document index (the Neo4j
// store).
type documentIndexStore interface {
	DocumentIndex(ctx context.Context) (index []byte, source string, err error)
}

// docCitations returns the passages that stated the answer's evidence,
// when the store keeps a document index or the graph file has one beside
// it; nil otherwise.
func docCitations(ctx context.Context, g agent.Store, graphFile string, res *agent.Result) ([]docs.Citation, error) {
	if st, ok := g.(documentIndexStore); ok {
		b, _, err := st.DocumentIndex(ctx)
		if err != nil || b == nil {
			return nil, err
		}
		ix, err := docs.ParseIndex(b, fmt.Sprintf("the document index in %s", g))
		if err != nil {
			return nil, err
		}
		return docs.Cite(ix, res.Paths), nil
	}
	if graphFile == "" || strings.Contains(graphFile, ",") {
		return nil, nil
	}
	ix, err := docs.ReadIndexFile(docs.IndexPath(graphFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return docs.Cite(ix, res.Paths), nil
}

// renderCitations prints cited passages for people.
func renderCitations(w io.Writer, cs []docs.Citation) {
	if len(cs) == 0 {
		return
	}
	fmt.Fprintln(w, "\nCited passages:")
	last := 0
	for _, c := range cs {
		if c.N != last {
			fmt.Fprintf(w, "  [%d] %s -%s-> %s\n", c.N, c.Subject, c.Relation, c.Object)
			last = c.N
		}
		fmt.Fprintf(w, "      %s:%d (chunk %s, version %d, %s, confidence %.2f): %q\n",
			c.Document, c.Line, c.Chunk, c.Version, c.Extractor, c.Confidence, c.Sentence)
	}
}

// askJSONWithCitations is ask --json's object with the cited passages.
type askJSONWithCitations struct {
	*agent.Result
	Citations []docs.Citation `json:"citations"`
}

func writeJSONValue(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
