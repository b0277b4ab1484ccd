package cypher_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/cli"
	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
)

// The documents' graph on Neo4j, end to end through the command (cli.Main
// reads NEO4J_* from the environment, as scgraph does).

const docsCorpus = "../testdata/docs/demo"

// scgraph runs the command and fails the test unless it exits 0.
func scgraph(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errs bytes.Buffer
	if code := cli.Main(t.Context(), args, bytes.NewReader(nil), &out, &errs); code != 0 {
		t.Fatalf("scgraph %v: exit %d\n%s", args, code, errs.String())
	}
	return out.Bytes()
}

// ingestDocs runs ingest --schema demo --docs DIR --store neo4j --json.
func ingestDocs(t *testing.T, dir string) (res struct {
	Documents int `json:"documents"`
	Report    docs.Report
	Sync      docgraph.Sync `json:"sync"`
}) {
	t.Helper()
	out := scgraph(t, "ingest", "--schema", "demo", "--docs", dir, "--store", "neo4j", "--quiet", "--json")
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("ingest --json: %v\n%s", err, out)
	}
	return res
}

// docsState is everything the documents put in the database, versions
// aside (they count ingests: a fresh ingest starts again at 1).
type docsState struct {
	Graph    docgraph.Graph
	Index    *docs.Index
	Counts   string
	Versions map[string]int
}

func readDocsState(t *testing.T) docsState {
	t.Helper()
	// A new connection: the schema is cached per Store.
	s, err := cypher.Open(t.Context(), serverConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	dg, err := s.Documents(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ix, err := docs.ParseIndex(dg.Index, "stored index")
	if err != nil {
		t.Fatal(err)
	}
	st := docsState{Index: ix, Counts: snapshot(t, s), Versions: map[string]int{}}
	for i := range dg.Documents {
		st.Versions[dg.Documents[i].Path] = dg.Documents[i].Version
		dg.Documents[i].Version = 0
	}
	for i := range dg.Edges {
		dg.Edges[i].Version = 0
	}
	for i := range ix.Documents {
		ix.Documents[i].Version = 0
	}
	dg.Index, dg.Source = nil, ""
	st.Graph = dg
	return st
}

// wipe empties the database again (the test holds serverMu already).
func wipe(t *testing.T) {
	t.Helper()
	s, err := cypher.Open(t.Context(), serverConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Wipe(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// TestDocumentsReingestEqualsFreshIngestNeo4j ingests the demo corpus into
// Neo4j, edits one document, deletes two and adds one, ingests the folder
// again, and compares the database with a fresh ingest of the new folder:
// the same nodes, relationships, properties, provenance, index, counts and
// schema; only the edited document's version differs.
func TestDocumentsReingestEqualsFreshIngestNeo4j(t *testing.T) {
	openEmpty(t).Close()
	dir := docstest.CopyDemo(t)
	first := ingestDocs(t, dir)
	if len(first.Report.Added) != first.Documents || first.Sync.Created == 0 {
		t.Fatalf("first ingest: %+v", first)
	}

	edit := docstest.EditDemo(t, dir)
	again := ingestDocs(t, dir)
	if !slices.Equal(again.Report.Changed, edit.Changed) || len(again.Report.Removed) != len(edit.Removed) ||
		!slices.Equal(again.Report.Added, edit.Added) || again.Sync.Deleted == 0 || again.Sync.Orphans == 0 {
		t.Fatalf("re-ingest: %+v", again)
	}
	incremental := readDocsState(t)
	for _, e := range incremental.Graph.Edges {
		// The only statement of db-v2-proxy DEPENDS_ON db-v2 was in a removed document.
		if e.Subject == "db-v2-proxy" && e.Relation == "DEPENDS_ON" && e.Object == "db-v2" {
			t.Errorf("a fact whose only support was removed is still there: %+v", e)
		}
		if slices.Contains(edit.Removed, e.Document) {
			t.Errorf("an edge still cites a removed document: %+v", e)
		}
	}

	wipe(t)
	ingestDocs(t, dir)
	fresh := readDocsState(t)
	if !reflect.DeepEqual(incremental.Graph, fresh.Graph) {
		t.Errorf("the document graphs differ:\n%s", diffGraphs(incremental.Graph, fresh.Graph))
	}
	if !reflect.DeepEqual(incremental.Index, fresh.Index) {
		t.Error("the stored document indexes differ")
	}
	if incremental.Counts != fresh.Counts {
		t.Errorf("re-ingested: %s\nfresh:       %s", incremental.Counts, fresh.Counts)
	}
	for p, v := range fresh.Versions {
		want := 1
		if p == "ownership/team-checkout.md" {
			want = 2
		}
		if v != 1 || incremental.Versions[p] != want {
			t.Errorf("%s: version %d re-ingested, %d fresh; want %d and 1", p, incremental.Versions[p], v, want)
		}
	}
}

func diffGraphs(a, b docgraph.Graph) string {
	var buf bytes.Buffer
	key := func(e docgraph.Edge) string { js, _ := json.Marshal(e); return string(js) }
	in := map[string]int{}
	for _, e := range a.Edges {
		in[key(e)]++
	}
	for _, e := range b.Edges {
		in[key(e)]--
	}
	var lines []string
	for k, n := range in {
		switch {
		case n > 0:
			lines = append(lines, "only re-ingested: "+k)
		case n < 0:
			lines = append(lines, "only fresh:       "+k)
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		buf.WriteString(l + "\n")
	}
	if !reflect.DeepEqual(a.Documents, b.Documents) {
		buf.WriteString("the Document nodes differ\n")
	}
	if !reflect.DeepEqual(a.Chunks, b.Chunks) {
		buf.WriteString("the Chunk nodes differ\n")
	}
	return buf.String()
}

// TestDocumentsAskNeo4j ingests the demo corpus into Neo4j and asks three
// of its multi-document questions: each is answered with exactly the gold
// answers, and every citation names a document of the corpus, a line of
// it, and a fact on one of the evidence paths.
func TestDocumentsAskNeo4j(t *testing.T) {
	openEmpty(t).Close()
	ingestDocs(t, docsCorpus)
	f, err := os.Open("../testdata/docs/demo-questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type question struct {
		ID       string   `json:"id"`
		Question string   `json:"question"`
		Answers  []string `json:"answers"`
	}
	var qs []question
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(qs) < 3 {
		var q question
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	for _, q := range qs {
		out := scgraph(t, "ask", "--store", "neo4j", "--json", q.Question)
		var res struct {
			Answers []struct {
				Name string `json:"name"`
			} `json:"answers"`
			Paths     []graph.Path    `json:"paths"`
			Citations []docs.Citation `json:"citations"`
		}
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("%s: %v\n%s", q.ID, err, out)
		}
		var got []string
		for _, a := range res.Answers {
			got = append(got, a.Name)
		}
		slices.Sort(got)
		if !slices.Equal(got, q.Answers) {
			t.Errorf("%s %q: answers %q, want %q", q.ID, q.Question, got, q.Answers)
		}
		onPath := map[[3]string]bool{}
		for _, p := range res.Paths {
			for _, h := range p.Hops {
				tr := h.Triple()
				onPath[[3]string{tr.Subject, tr.Relation, tr.Object}] = true
			}
		}
		if len(res.Citations) == 0 {
			t.Errorf("%s: no citations", q.ID)
		}
		for _, c := range res.Citations {
			b, err := os.ReadFile(filepath.Join(docsCorpus, filepath.FromSlash(c.Document)))
			if err != nil {
				t.Errorf("%s: citation %+v names no document of the corpus: %v", q.ID, c, err)
				continue
			}
			if lines := bytes.Count(b, []byte("\n")) + 1; c.Line < 1 || c.Line > lines {
				t.Errorf("%s: citation %+v: line out of the document's %d", q.ID, c, lines)
			}
			if !onPath[[3]string{c.Subject, c.Relation, c.Object}] {
				t.Errorf("%s: citation %+v cites a fact on no evidence path", q.ID, c)
			}
		}
	}
}

// TestSyncDocumentsKeepsOtherFacts: a sync removes only what belongs to
// the documents; facts of a triples ingest stay, even one the documents
// also stated, and so do their entities.
func TestSyncDocumentsKeepsOtherFacts(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := context.Background()
	kb := []graph.Triple{{Subject: "a-service", Relation: "CALLS", Object: "b-service", Source: graph.Source{File: "kb.tsv", Line: 1}}}
	if _, err := s.AddTriples(ctx, kb); err != nil {
		t.Fatal(err)
	}
	edge := func(s, r, o, chunk string) docgraph.Edge {
		return docgraph.Edge{Triple: graph.Triple{Subject: s, Relation: r, Object: o, Source: graph.Source{File: "n.md", Line: 3}},
			Provenance: docgraph.Provenance{Document: "n.md", Chunk: chunk, Version: 1, Extractor: "rules", Confidence: 0.9, Statements: 1}}
	}
	dg := docgraph.Graph{Source: "notes", Index: []byte(`{"format":1}`),
		Documents: []docgraph.Document{{Path: "n.md", Hash: "h1", Version: 1}},
		Chunks:    []docgraph.Chunk{{ID: "n.md#0", Document: "n.md", Text: "A calls B and C.", StartLine: 3, EndLine: 3}},
		Edges: []docgraph.Edge{
			edge("n.md#0", "PART_OF", "n.md", "n.md#0"), edge("a-service", "CALLS", "b-service", "n.md#0"),
			edge("a-service", "CALLS", "c-service", "n.md#0"),
		}}
	if _, err := s.SyncDocuments(ctx, dg, cypher.IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// a CALLS b was the triples file's: not the documents', untouched.
	if len(got.Edges) != 2 || got.Edges[0].Object != "c-service" || got.Edges[1].Relation != "PART_OF" ||
		!reflect.DeepEqual(got.Chunks, dg.Chunks) || !reflect.DeepEqual(got.Documents, dg.Documents) || string(got.Index) != `{"format":1}` {
		t.Fatalf("read back %+v", got)
	}
	if !reflect.DeepEqual(got.Edges[0].Provenance, dg.Edges[2].Provenance) {
		t.Errorf("provenance %+v, want %+v", got.Edges[0].Provenance, dg.Edges[2].Provenance)
	}

	// The document goes: its facts, chunk and node go; the triples file's stay.
	res, err := s.SyncDocuments(ctx, docgraph.Graph{Source: "notes", Index: []byte(`{"format":1}`)}, cypher.IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Deleted != 2 || res.Orphans != 3 {
		t.Errorf("sync: %+v, want 2 relationships and 3 nodes (c-service, the chunk, the document) deleted", res)
	}
	ents, triples, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ents != 2 || triples != 1 {
		t.Errorf("%d entities, %d triples left; want a-service CALLS b-service alone", ents, triples)
	}
}
