package memstore_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/gen"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

// snapshotOf is the snapshot a Store given ts writes.
func snapshotOf(t *testing.T, ts []graph.Triple, schema *graph.Schema) []byte {
	t.Helper()
	st := memstore.New()
	if err := st.SetSchema(context.Background(), schema); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := st.WriteSnapshot(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// built is the snapshot a Builder given ts writes with memory bytes.
func built(t *testing.T, ts []graph.Triple, schema *graph.Schema, memory int64) ([]byte, memstore.BuildStats) {
	t.Helper()
	dir := t.TempDir()
	b, err := memstore.NewBuilder(memstore.BuildOptions{Schema: schema, Memory: memory, TempDir: dir, Name: "g.snap"})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Error(err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}()
	for _, tr := range ts {
		if err := b.Add(tr); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	stats, err := b.WriteSnapshot(context.Background(), &out)
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), stats
}

// sameSnapshot fails unless a Builder, spilling and not, writes the
// Store's snapshot of ts byte for byte.
func sameSnapshot(t *testing.T, what string, ts []graph.Triple, schema *graph.Schema) {
	t.Helper()
	want := snapshotOf(t, ts, schema)
	for _, memory := range []int64{1 << 30, 1} {
		got, stats := built(t, ts, schema, memory)
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("%s (memory %d, spilled %t): the built snapshot differs from the store's at byte %d of %d (%d)", what, memory, stats.Spilled, i, len(want), len(got))
		}
		if memory == 1 && len(ts) > 5000 && !stats.Spilled {
			t.Errorf("%s: %d triples with 1 byte of memory did not spill", what, len(ts))
		}
	}
}

// A snapshot built in bounded memory is the store's, byte for byte, on
// random graphs: given types and none, several files, duplicates (with
// other lines and types), access lists, self-loops, cycles, a schema that
// declares some relations and entities, and none.
func TestBuilderWritesTheStoresSnapshot(t *testing.T) {
	for seed := range 150 {
		rng := rand.New(rand.NewPCG(uint64(seed), 5))
		n := 2 + rng.IntN(60)
		m := 1 + rng.IntN(8000)
		if seed%3 != 0 {
			m = 1 + rng.IntN(300)
		}
		rels := []string{"CALLS", "depends_on", "owns", "part_of", "manages", "x_1"}[:1+rng.IntN(6)]
		types := []string{"", "Service", "Team", "Db"}
		files := []string{"a.jsonl", "b.jsonl", ""}
		var ts []graph.Triple
		acls := map[[3]string][]string{} // a fact has one access list
		for i := range m {
			tr := graph.Triple{
				Subject: fmt.Sprintf("n%d-%s", rng.IntN(n), []string{"svc", "Team x", "é"}[rng.IntN(3)]), Relation: rels[rng.IntN(len(rels))],
				Object: fmt.Sprintf("n%d-%s", rng.IntN(n), []string{"svc", "Team x", "é"}[rng.IntN(3)]),
				Source: graph.Source{File: files[rng.IntN(1+seed%3)], Line: i + 1},
			}
			if seed%2 == 0 {
				tr.SubjectType, tr.ObjectType = types[rng.IntN(4)], types[rng.IntN(4)]
			}
			if seed%5 == 0 && rng.IntN(3) == 0 {
				tr.ACL = []string{"ops", "eng", "sec"}[:1+rng.IntN(3)]
			}
			if seed%5 == 0 {
				f := [3]string{tr.Subject, tr.Relation, tr.Object}
				if acl, ok := acls[f]; ok {
					tr.ACL = acl
				} else {
					acls[f] = tr.ACL
				}
			}
			ts = append(ts, tr)
			if rng.IntN(10) == 0 { // the same fact again, from elsewhere
				dup := tr
				dup.Source.Line += 100000
				dup.SubjectType = types[rng.IntN(4)]
				ts = append(ts, dup)
			}
		}
		var schema *graph.Schema
		if seed%4 == 1 {
			schema = &graph.Schema{
				Types:     []graph.TypeDef{{Name: "Service"}, {Name: "Team"}},
				Relations: []graph.RelationDef{{Name: rels[0], From: []string{"Service"}, To: []string{"Service"}, Dependency: graph.DependentSubject}},
				Entities:  []graph.EntityDef{{Name: ts[0].Subject, Type: "Team", Aliases: []string{"the first"}}},
			}
		}
		sameSnapshot(t, fmt.Sprintf("seed %d (%d triples)", seed, len(ts)), ts, schema)
	}
}

// The same fact with two access lists is refused by a Builder, spilling
// and not, as by a Store, with the same message naming both triples.
func TestBuilderRefusesConflictingACLs(t *testing.T) {
	ctx := context.Background()
	ts := []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "api", Source: graph.Source{File: "a.jsonl", Line: 1}},
		{Subject: "api", Relation: "CALLS", Object: "vault", ACL: []string{"sec"}, Source: graph.Source{File: "a.jsonl", Line: 2}},
		{Subject: "api", Relation: "CALLS", Object: "vault", Source: graph.Source{File: "b.jsonl", Line: 7}},
	}
	for _, order := range [][]int{{0, 1, 2}, {0, 2, 1}} {
		var in []graph.Triple
		for _, i := range order {
			in = append(in, ts[i])
		}
		_, want := memstore.New().AddTriples(ctx, in)
		if want == nil {
			t.Fatalf("order %v: the store took a fact with two access lists", order)
		}
		for _, memory := range []int64{1 << 30, 1} {
			b, err := memstore.NewBuilder(memstore.BuildOptions{Memory: memory, TempDir: t.TempDir(), Name: "g.snap"})
			if err != nil {
				t.Fatal(err)
			}
			for _, tr := range in {
				if err := b.Add(tr); err != nil {
					t.Fatal(err)
				}
			}
			_, err = b.WriteSnapshot(ctx, io.Discard)
			if err == nil || err.Error() != want.Error() {
				t.Errorf("order %v, memory %d: builder %v, want the store's %v", order, memory, err, want)
			}
			if err := b.Close(); err != nil {
				t.Error(err)
			}
		}
	}
}

// And on real graphs: the demo with its schema, every zero-shot graph, a
// generated service graph with its schema.
func TestBuilderOnGraphs(t *testing.T) {
	ctx := context.Background()
	st, err := demo.Open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameSnapshot(t, "demo", st.Triples(), st.UserSchema())
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "zeroshot", "*"))
	tried := 0
	for _, f := range files {
		if filepath.Ext(f) == ".md" || filepath.Ext(f) == ".txt" && filepath.Base(f) == "templates.txt" || bytes.Contains([]byte(f), []byte("questions")) || filepath.Base(f) == "results.txt" {
			continue
		}
		ts, err := triplefile.Read(f, triplefile.FormatAuto, triplefile.Options{})
		if err != nil {
			continue
		}
		sameSnapshot(t, f, ts, nil)
		tried++
	}
	if tried < 40 {
		t.Errorf("built %d zero-shot graphs, want them all", tried)
	}
	g := gen.Generate(gen.Options{Triples: 30000, Seed: 3})
	var b bytes.Buffer
	if err := g.WriteTriples(&b, gen.JSONL); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "g.jsonl")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := triplefile.Read(path, triplefile.FormatAuto, triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sameSnapshot(t, "generated", ts, gen.Schema())
}
