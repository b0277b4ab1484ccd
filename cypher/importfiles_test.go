package cypher_test

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
)

// The import files hold what Ingest writes into an empty database: each
// distinct fact once with its first source, each entity once with its key,
// trigrams, inferred type and labels; names that need quoting survive a
// CSV round trip; invalid triples write nothing.
func TestWriteImportFiles(t *testing.T) {
	dir := t.TempDir()
	ts := []graph.Triple{
		{Subject: `say "hi", then`, Relation: "CALLS", Object: "comma, ünïcode", SubjectType: "Service", Source: graph.Source{File: "g.jsonl", Line: 1}},
		{Subject: `say "hi", then`, Relation: "CALLS", Object: "comma, ünïcode", Source: graph.Source{File: "g.jsonl", Line: 9}},
		{Subject: "comma, ünïcode", Relation: "OWNED_BY", Object: "team-a", Source: graph.Source{File: "g.jsonl", Line: 2}, ACL: []string{"ops", "eng"}},
	}
	f, err := cypher.WriteImportFiles(dir, ts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.EntityCount != 3 || f.TripleCount != 2 {
		t.Errorf("%d entities, %d triples; want 3, 2", f.EntityCount, f.TripleCount)
	}
	ents := readCSV(t, f.Entities)
	if want := []string{"name:ID", "key", "type", "trigrams", ":LABEL"}; !slices.Equal(ents[0], want) {
		t.Errorf("entities header %q, want %q", ents[0], want)
	}
	var names []string
	for _, r := range ents[1:] {
		names = append(names, r[0])
		if !strings.HasPrefix(r[4], "Entity") {
			t.Errorf("entity %q labels %q, want Entity first", r[0], r[4])
		}
		if r[2] != "" && r[4] != "Entity;"+r[2] {
			t.Errorf("entity %q of type %q has labels %q", r[0], r[2], r[4])
		}
		if r[1] == "" || r[3] == "" {
			t.Errorf("entity %q has no key or trigrams: %q", r[0], r)
		}
	}
	if want := []string{`say "hi", then`, "comma, ünïcode", "team-a"}; !slices.Equal(names, want) {
		t.Errorf("entities %q, want %q", names, want)
	}
	rels := readCSV(t, f.Relationships)
	want := [][]string{
		{":START_ID", ":END_ID", ":TYPE", "file", "line:long", "subject_type", "object_type", "acl:string[]"},
		{`say "hi", then`, "comma, ünïcode", "CALLS", "g.jsonl", "1", "Service", "", ""},
		{"comma, ünïcode", "team-a", "OWNED_BY", "g.jsonl", "2", "", "", "eng;ops"},
	}
	if !slices.EqualFunc(rels, want, slices.Equal) {
		t.Errorf("relationships %q, want %q", rels, want)
	}
	cmd := strings.Join(f.AdminCommand("neo4j"), " ")
	for _, part := range []string{"database import full neo4j", "--nodes=" + f.Entities, "--relationships=" + f.Relationships, "--multiline-fields=true"} {
		if !strings.Contains(cmd, part) {
			t.Errorf("command %q lacks %q", cmd, part)
		}
	}

	bad := filepath.Join(t.TempDir(), "bad")
	if _, err := cypher.WriteImportFiles(bad, []graph.Triple{{Subject: "a", Relation: "not an identifier", Object: "b"}}, nil); err == nil {
		t.Fatal("an invalid relation name was written")
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("an invalid input left %s behind (%v)", bad, err)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}
