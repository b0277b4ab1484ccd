package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/resolve"
)

// branchDocs are the documents of TestIngestDocsBranches, by path.
var branchDocs = map[string]string{
	"a.md":  "# Payments\n\nThe payment-service depends on the ledger-db. The checkout-service calls the payment-service.\n\nThe cart-service books money with the payment-service.\n",
	"b.txt": "The ledger-db is owned by team-ledger. The payment-service is owned by team-payments.\n",
}

// branchFiles are the other files the cases read, by path.
var branchFiles = map[string]string{
	"catalog.jsonl": `{"subject": "payment-service", "relation": "CALLS", "object": "ledger-service", "subject_type": "Service", "object_type": "Service"}
{"subject": "Payment Service", "relation": "DEPENDS_ON", "object": "ledger-db", "subject_type": "Service", "object_type": "Database"}
{"subject": "team-ledger", "relation": "OWNS", "object": "ledger-db", "subject_type": "Team", "object_type": "Database"}
`,
	"schema.json": `{"types": [{"name": "Service"}, {"name": "Database"}, {"name": "Team"}],
 "relations": [{"name": "DEPENDS_ON", "from": ["Service"], "to": ["Service", "Database"]}, {"name": "CALLS", "from": ["Service"], "to": ["Service"]}, {"name": "OWNED_BY", "from": ["Service", "Database"], "to": ["Team"]}]}
`,
	"services.jsonl": `{"subject": "checkout-service", "relation": "CALLS", "object": "cart-service", "subject_type": "Service", "object_type": "Service"}
{"subject": "payment-service", "relation": "DEPENDS_ON", "object": "ledger-db", "subject_type": "Service", "object_type": "Database"}
{"subject": "ledger-db", "relation": "OWNED_BY", "object": "team-ledger", "subject_type": "Database", "object_type": "Team"}
`,
	"patterns.txt": "CALLS: {S} books money with the {O}\n",
	"gold.jsonl": `{"subject": "payment-service", "relation": "DEPENDS_ON", "object": "ledger-db"}
{"subject": "checkout-service", "relation": "CALLS", "object": "payment-service"}
{"subject": "ledger-db", "relation": "OWNED_BY", "object": "team-billing"}
`,
}

// branchDurations matches the times progress lines end with.
var branchDurations = regexp.MustCompile(` in [0-9.]+(µs|ns|ms|s)\n`)

// TestIngestDocsBranches runs ingest --docs down each of its paths (the
// schema it reads with, the index it starts from, what it refuses, what
// it writes and prints) and pins the exit code and everything printed:
// the case's folder is DIR, times T, a model server's address URL.
func TestIngestDocsBranches(t *testing.T) {
	srv := newChatServer(t, map[string][]scripted{markExtract: {{content: `{"entities": [], "relations": [{"subject": "payment-service", "relation": "DEPENDS_ON", "object": "ledger-db", "confidence": 0.9}]}`}}})
	// ingest runs an ingest in dir, for a case's setup.
	ingest := func(t *testing.T, dir string, args ...string) {
		t.Helper()
		args = append([]string{"ingest", "--quiet", "--embedder", "hashed", "--docs", filepath.Join(dir, "d"), "-o", filepath.Join(dir, "x.snap")}, args...)
		if code, out, errs := runCLI(t, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
	}
	// acceptMerges ingests the documents with the catalog, which names a
	// service two ways, and accepts the merge of the two.
	acceptMerges := func(t *testing.T, dir string) {
		t.Helper()
		ingest(t, dir, filepath.Join(dir, "catalog.jsonl"))
		if code, out, errs := runCLI(t, "merges", "accept", "--graph", filepath.Join(dir, "x.snap"), "--min-confidence", "0.9"); code != 0 || !strings.HasPrefix(out, "accepted m-") {
			t.Fatalf("merges accept: exit %d\n%s%s", code, out, errs)
		}
	}
	write := func(t *testing.T, path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name  string
		setup func(t *testing.T, dir string)
		args  []string
		// neo4j names a Neo4j server nothing listens on.
		neo4j bool
		// chdir runs the ingest in DIR.
		chdir          bool
		code           int
		stdout, stderr string
	}{
		{name: "open vocabulary", args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embed-cache", "DIR/none"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 2 facts; 10 triples
found 4 entities (Thing 4); 2 relations (CALLS 1, DEPENDS_ON 1); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 1 in DIR/x.communities.json (1 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
  (the minilm model is not installed, so the hashed embedder was used: run scripts/embed-model for sentence embeddings)
`, stderr: `reading DIR/d: 2 documents in T
embedding chunks with hashed: 2 chunks in T
`},
		{name: "the default snapshot name", chdir: true, args: []string{"--docs", "d", "--embedder", "hashed", "--quiet"}, stdout: `wrote d.snap and d.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 2 facts; 10 triples
found 4 entities (Thing 4); 2 relations (CALLS 1, DEPENDS_ON 1); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 1 in d.communities.json (1 summarised, 0 kept, 0 dropped)
wrote d.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "json", args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--json"}, stdout: `{
  "snapshot": "DIR/x.snap",
  "index": "DIR/x.docs.json",
  "documents": 2,
  "chunks": 2,
  "mentions": 7,
  "facts": 2,
  "triples": 10,
  "report": {
    "added": [
      "a.md",
      "b.txt"
    ],
    "changed": null,
    "unchanged": null,
    "removed": null,
    "skipped": null,
    "reextracted": null
  },
  "schema": "none: open vocabulary (names and relation phrases read from the text)",
  "found": {
    "entities": {
      "Thing": 4
    },
    "relations": {
      "CALLS": 1,
      "DEPENDS_ON": 1
    }
  },
  "open_world": true,
  "vectors": {
    "file": "DIR/x.vectors.bin",
    "embedder": "hashed",
    "dims": 512,
    "embedded": 2,
    "reused": 0
  },
  "communities": {
    "file": "DIR/x.communities.json",
    "count": 1,
    "report": {
      "kept": null,
      "written": [
        "c-8916b2be"
      ],
      "dropped": null
    }
  }
}
`},
		{name: "the demo schema", args: []string{"--schema", "demo", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 5 mentions, 2 facts; 9 triples
found 4 entities (Service 3, Team 1); 2 relations (CALLS 1, OWNS 1); schema: built-in demo schema (--schema demo)
communities: 1 in DIR/x.communities.json (1 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a schema file", args: []string{"--schema", "DIR/schema.json", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 0 mentions, 0 facts; 2 triples
found 0 entities (none); 0 relations (none); schema: DIR/schema.json
communities: 0 in DIR/x.communities.json (0 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a missing schema file", args: []string{"--schema", "DIR/missing.json", "--docs", "DIR/d", "-o", "DIR/x.snap"}, code: 1, stderr: "scgraph ingest: open DIR/missing.json: no such file or directory\n"},
		{name: "triples files", args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/catalog.jsonl"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 3 mentions, 0 facts; 8 triples
found 2 entities (Database 1, Team 1); 0 relations (none); schema: inferred
communities: 2 in DIR/x.communities.json (2 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a missing triples file", args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "DIR/missing.jsonl", "--schema", "DIR/missing.json"}, code: 1, stderr: "scgraph ingest: stat DIR/missing.jsonl: no such file or directory\n"},
		{name: "triples files and a schema", args: []string{"--schema", "DIR/schema.json", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/catalog.jsonl"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 3 mentions, 0 facts; 8 triples
found 2 entities (Database 1, Team 1); 0 relations (none); schema: DIR/schema.json
communities: 2 in DIR/x.communities.json (2 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a patterns file", args: []string{"--schema", "DIR/schema.json", "--patterns", "DIR/patterns.txt", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/services.jsonl"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 1 facts; 13 triples
found 5 entities (Service 3, Database 1, Team 1); 1 relations (CALLS 1); schema: DIR/schema.json
communities: 2 in DIR/x.communities.json (2 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a missing patterns file", args: []string{"--patterns", "DIR/missing.txt", "--docs", "DIR/d", "-o", "DIR/x.snap"}, code: 1, stderr: "scgraph ingest: open DIR/missing.txt: no such file or directory\n"},
		{name: "gold facts", args: []string{"--schema", "DIR/schema.json", "--patterns", "DIR/patterns.txt", "--gold", "DIR/gold.jsonl", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/services.jsonl"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 1 facts; 13 triples
found 5 entities (Service 3, Database 1, Team 1); 1 relations (CALLS 1); schema: DIR/schema.json
communities: 2 in DIR/x.communities.json (2 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
extraction against DIR/gold.jsonl: precision 0.000, recall 0.000, F1 0.000 (1 extracted, 3 gold, 0 correct)
  missed: payment-service DEPENDS_ON ledger-db
  missed: checkout-service CALLS payment-service
  missed: ledger-db OWNED_BY team-billing
  wrong:  cart-service CALLS payment-service   [a.md:5]
`},
		{name: "an empty folder", setup: func(t *testing.T, dir string) { emptyDocs(t, dir) }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed"}, code: 1, stderr: "scgraph ingest: no triples in  (pass --allow-empty to write an empty graph)\n"},
		{name: "an empty folder allowed", setup: func(t *testing.T, dir string) { emptyDocs(t, dir) }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--allow-empty"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 0 documents (0 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 0 chunks, 0 mentions, 0 facts; 0 triples
found 0 entities (none); 0 relations (none); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 0 in DIR/x.communities.json (0 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 0 chunk vectors by hashed (512 dimensions; 0 embedded, 0 unchanged kept)
`},
		{name: "a missing folder", args: []string{"--docs", "DIR/missing", "-o", "DIR/x.snap"}, code: 1, stderr: "scgraph ingest: stat DIR/missing: no such file or directory\n"},
		{name: "again: the index is read", setup: func(t *testing.T, dir string) { ingest(t, dir) }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (0 added, 0 changed, 2 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 2 facts; 10 triples
found 4 entities (Thing 4); 2 relations (CALLS 1, DEPENDS_ON 1); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 1 in DIR/x.communities.json (0 summarised, 1 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 0 embedded, 2 unchanged kept)
`, stderr: "reading DIR/d: 2 documents in T\n"},
		{name: "a document changed and one removed", setup: func(t *testing.T, dir string) {
			ingest(t, dir)
			write(t, filepath.Join(dir, "d", "b.txt"), "The ledger-db is owned by team-billing.\n")
			os.Remove(filepath.Join(dir, "d", "a.md"))
		}, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 1 documents (0 added, 1 changed, 0 unchanged, 1 removed, 0 skipped), 1 chunks, 1 mentions, 0 facts; 2 triples
found 1 entities (Thing 1); 0 relations (none); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 0 in DIR/x.communities.json (0 summarised, 0 kept, 1 dropped)
wrote DIR/x.vectors.bin: 1 chunk vectors by hashed (512 dimensions; 1 embedded, 0 unchanged kept)
`, stderr: `reading DIR/d: 1 documents in T
embedding chunks with hashed: 1 chunks in T
`},
		{name: "a broken index", setup: func(t *testing.T, dir string) { write(t, docs.IndexPath(filepath.Join(dir, "x.snap")), "{oops") }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed"}, code: 1, stderr: "scgraph ingest: DIR/x.docs.json: not a document index: invalid character 'o' looking for beginning of object key string (pass --fresh to ingest from scratch)\n"},
		{name: "a broken index, fresh", setup: func(t *testing.T, dir string) { write(t, docs.IndexPath(filepath.Join(dir, "x.snap")), "{oops") }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--fresh", "--quiet"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 7 mentions, 2 facts; 10 triples
found 4 entities (Thing 4); 2 relations (CALLS 1, DEPENDS_ON 1); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 1 in DIR/x.communities.json (1 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
		{name: "a file that is not text", setup: func(t *testing.T, dir string) { write(t, filepath.Join(dir, "d", "c.md"), "\x00\x01\x02") }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 1 skipped), 2 chunks, 7 mentions, 2 facts; 10 triples
found 4 entities (Thing 4); 2 relations (CALLS 1, DEPENDS_ON 1); schema: none: open vocabulary (names and relation phrases read from the text)
  open world: facts read from prose are not all the facts; answers over this graph never claim that something is absent
communities: 1 in DIR/x.communities.json (1 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`, stderr: "skipped DIR/d/c.md: c.md: binary data (a NUL byte), not text\n"},
		{name: "accepted merges", setup: acceptMerges, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/catalog.jsonl"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (0 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 5 mentions, 0 facts; 10 triples
found 3 entities ( 1, Database 1, Team 1); 0 relations (none); schema: inferred
communities: 2 in DIR/x.communities.json (2 summarised, 0 kept, 2 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 0 embedded, 2 unchanged kept)
`, stderr: "(applied the 1 merges accepted in DIR/x.merges.json; 'scgraph merges undo' forgets one)\n"},
		{name: "accepted merges, json", setup: acceptMerges, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--json", "DIR/catalog.jsonl"}, stdout: `{
  "snapshot": "DIR/x.snap",
  "index": "DIR/x.docs.json",
  "documents": 2,
  "chunks": 2,
  "mentions": 5,
  "facts": 0,
  "triples": 10,
  "report": {
    "added": null,
    "changed": null,
    "unchanged": null,
    "removed": null,
    "skipped": null,
    "reextracted": [
      "a.md",
      "b.txt"
    ]
  },
  "schema": "inferred",
  "found": {
    "entities": {
      "": 1,
      "Database": 1,
      "Team": 1
    },
    "relations": {}
  },
  "open_world": false,
  "vectors": {
    "file": "DIR/x.vectors.bin",
    "embedder": "hashed",
    "dims": 512,
    "embedded": 0,
    "reused": 2
  },
  "communities": {
    "file": "DIR/x.communities.json",
    "count": 2,
    "report": {
      "kept": null,
      "written": [
        "c-e7615160",
        "c-5d6e46a3"
      ],
      "dropped": [
        "c-9b46fad2",
        "c-f85a319c"
      ]
    }
  }
}
`, stderr: "reading DIR/catalog.jsonl: 3 triples in T\n"},
		{name: "a broken merges file", setup: func(t *testing.T, dir string) { write(t, resolve.MergesPath(filepath.Join(dir, "x.snap")), "{oops") }, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap"}, code: 1, stderr: "scgraph ingest: DIR/x.merges.json: not a merges file: invalid character 'o' looking for beginning of object key string\n"},
		{name: "a model reads too", args: []string{"--llm", "openai:test-model", "--llm-base-url", "URL", "--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 0 mentions, 0 facts; 2 triples
found 0 entities (none); 0 relations (none); schema: inferred (for --llm)
communities: 0 in DIR/x.communities.json (0 summarised, 0 kept, 0 dropped)
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
LLM extraction (openai:test-model at URL/v1): 2 chunks, 2 call(s), 535 input + 66 output tokens; 2 relations proposed, 0 kept; dropped: 2 unknown relation
`},
		{name: "an unknown embedder", args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "bogus", "--quiet"}, code: 2, stderr: `scgraph ingest: unknown embedder "bogus": want one of [auto hashed minilm openai[:MODEL] ollama[:MODEL]]
Run 'scgraph ingest --help' for usage.
`},
		{name: "neo4j with --out", neo4j: true, args: []string{"--store", "neo4j", "--docs", "DIR/d", "-o", "DIR/x.snap"}, code: 2, stderr: `scgraph ingest: --out writes a snapshot; with --store neo4j the documents' graph and index go into the database
Run 'scgraph ingest --help' for usage.
`},
		{name: "neo4j unreachable", neo4j: true, args: []string{"--store", "neo4j", "--docs", "DIR/d", "--quiet"}, code: 1, stderr: "scgraph ingest: cypher: cannot reach Neo4j at bolt://NEO4J as user \"neo4j\": ConnectivityError: dial tcp NEO4J: connect: connection refused\n"},
		{name: "neo4j and a missing patterns file", neo4j: true, args: []string{"--store", "neo4j", "--docs", "DIR/d", "--patterns", "DIR/missing.txt"}, code: 1, stderr: "scgraph ingest: open DIR/missing.txt: no such file or directory\n"},
		{name: "too large for communities", setup: func(t *testing.T, dir string) {
			var b strings.Builder
			for i := range maxIngestCommunityTriples {
				fmt.Fprintf(&b, "svc-%d\tCALLS\tsvc-%d\n", i, i+1)
			}
			write(t, filepath.Join(dir, "big.tsv"), b.String())
		}, args: []string{"--docs", "DIR/d", "-o", "DIR/x.snap", "--embedder", "hashed", "--quiet", "DIR/big.tsv"}, stdout: `wrote DIR/x.snap and DIR/x.docs.json: 2 documents (2 added, 0 changed, 0 unchanged, 0 removed, 0 skipped), 2 chunks, 0 mentions, 0 facts; 20002 triples
found 0 entities (none); 0 relations (none); schema: inferred
communities: not refreshed (20002 triples, more than 20000); run 'scgraph communities --graph DIR/x.snap' to build them
wrote DIR/x.vectors.bin: 2 chunk vectors by hashed (512 dimensions; 2 embedded, 0 unchanged kept)
`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, text := range branchDocs {
				write(t, filepath.Join(dir, "d", name), text)
			}
			for name, text := range branchFiles {
				write(t, filepath.Join(dir, name), text)
			}
			if c.setup != nil {
				c.setup(t, dir)
			}
			if c.chdir {
				t.Chdir(dir)
			}
			args := []string{"ingest"}
			for _, a := range c.args {
				args = append(args, strings.NewReplacer("DIR", dir, "URL", srv.URL+"/v1").Replace(a))
			}
			var vars map[string]string
			if c.neo4j {
				vars = closedNeo4j(t)
			}
			code, out, errs := runNeo4jCLI(t, vars, args...)
			norm := func(s string) string {
				s = strings.NewReplacer(dir, "DIR", srv.URL, "URL").Replace(s)
				if vars != nil {
					s = strings.ReplaceAll(s, strings.TrimPrefix(vars["NEO4J_URI"], "bolt://"), "NEO4J")
				}
				return branchDurations.ReplaceAllString(s, " in T\n")
			}
			out, errs = norm(out), norm(errs)
			if code != c.code || out != c.stdout || errs != c.stderr {
				t.Errorf("ingest %s: exit %d\nstdout:\n%s\nstderr:\n%s\nwant exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(c.args, " "), code, out, errs, c.code, c.stdout, c.stderr)
			}
		})
	}
}

// emptyDocs removes the documents of a case.
func emptyDocs(t *testing.T, dir string) {
	t.Helper()
	for name := range branchDocs {
		if err := os.Remove(filepath.Join(dir, "d", name)); err != nil {
			t.Fatal(err)
		}
	}
}
