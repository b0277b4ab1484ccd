package memstore_test

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/storetest"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

// counting wraps a store and counts the calls the suite makes.
type counting struct {
	*memstore.Store
	n *atomic.Int64
}

func (c counting) AddTriples(ctx context.Context, ts []graph.Triple) (int, error) {
	c.n.Add(1)
	return c.Store.AddTriples(ctx, ts)
}

func (c counting) SetSchema(ctx context.Context, s *graph.Schema) error {
	c.n.Add(1)
	return c.Store.SetSchema(ctx, s)
}

func (c counting) Schema(ctx context.Context) (*graph.Schema, error) {
	c.n.Add(1)
	return c.Store.Schema(ctx)
}

func (c counting) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	c.n.Add(1)
	return c.Store.Resolve(ctx, req)
}

func (c counting) Closure(ctx context.Context, req graph.ClosureRequest) (graph.Closure, error) {
	c.n.Add(1)
	return c.Store.Closure(ctx, req)
}

func (c counting) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	c.n.Add(1)
	return c.Store.Expand(ctx, req)
}

func (c counting) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	c.n.Add(1)
	return c.Store.Paths(ctx, req)
}

func TestConformance(t *testing.T) {
	var calls atomic.Int64
	opens := 0
	storetest.Run(t, func(t *testing.T) storetest.Store {
		opens++
		return counting{Store: memstore.New(), n: &calls}
	})
	t.Logf("the suite opened %d stores and made %d store calls", opens, calls.Load())
	if calls.Load()+int64(opens) >= 160 {
		t.Errorf("the suite makes %d calls and %d opens; keep it under 160 for the Neo4j run", calls.Load(), opens)
	}
}

// fixtureStore returns a store with the fixture and its schema.
func fixtureStore(t testing.TB) *memstore.Store {
	t.Helper()
	s := memstore.New()
	if err := s.SetSchema(context.Background(), storetest.FixtureSchema()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTriples(context.Background(), storetest.Fixture()); err != nil {
		t.Fatal(err)
	}
	return s
}

// dump renders what a store answers to a fixed set of queries, with
// sources, so that two stores can be compared.
func dump(t testing.TB, s *memstore.Store, from ...string) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	sch, err := s.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%+v\n", *sch)
	ents, trs := s.Stats()
	fmt.Fprintf(&b, "stats %d %d\n", ents, trs)
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: from, Fuzzy: true})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%+v\n", ms)
	e, err := s.Expand(ctx, graph.ExpandRequest{From: from, Steps: []graph.ExpandStep{{Direction: graph.Both}, {Direction: graph.Out}}, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "%+v\n", e)
	for i := 1; i < len(from); i++ {
		ps, err := s.Paths(ctx, graph.PathRequest{From: from[0], To: from[i], MaxHops: 4, Direction: graph.Both})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%+v\n", ps)
	}
	return b.String()
}

var fixtureProbe = []string{"payment-service", storetest.Injection, "orders-db", "team-growth", storetest.Unicode}

func TestSnapshotRoundTrip(t *testing.T) {
	s := fixtureStore(t)
	var buf bytes.Buffer
	if err := s.WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	if !memstore.IsSnapshot(buf.Bytes()) {
		t.Fatalf("snapshot starts %q", buf.Bytes()[:8])
	}
	loaded, err := memstore.ReadSnapshot(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, loaded, fixtureProbe...), dump(t, s, fixtureProbe...); got != want {
		t.Errorf("loaded store differs:\n%s\nwant:\n%s", got, want)
	}
	// The loaded store keeps deduplicating, and writes the same bytes.
	if n, err := loaded.AddTriples(context.Background(), storetest.Fixture()); err != nil || n != 0 {
		t.Errorf("re-adding the fixture to the loaded store: %d, %v", n, err)
	}
	var again bytes.Buffer
	if err := loaded.WriteSnapshot(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), buf.Bytes()) {
		t.Errorf("a loaded store writes a different snapshot")
	}
	// An empty store round-trips too.
	buf.Reset()
	if err := memstore.New().WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	empty, err := memstore.ReadSnapshot(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if e, n := empty.Stats(); e != 0 || n != 0 {
		t.Errorf("empty snapshot loads %d entities, %d triples", e, n)
	}
}

func TestSnapshotCorrupt(t *testing.T) {
	s := fixtureStore(t)
	var buf bytes.Buffer
	if err := s.WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	// Every truncation is an error.
	for n := range len(good) {
		if _, err := memstore.ReadSnapshot(bytes.NewReader(good[:n])); err == nil {
			t.Fatalf("snapshot truncated to %d bytes loaded", n)
		} else if n >= 8 && !strings.Contains(err.Error(), "corrupt or truncated") && !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("truncated to %d bytes: error %q does not say so", n, err)
		}
	}
	// Every flipped byte is an error (the checksum, or the header).
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x5a
		if _, err := memstore.ReadSnapshot(bytes.NewReader(bad)); err == nil {
			t.Fatalf("snapshot with byte %d flipped loaded", i)
		}
	}
	other := bytes.Clone(good)
	other[7] = 4
	if _, err := memstore.ReadSnapshot(bytes.NewReader(other)); err == nil || !strings.Contains(err.Error(), "snapshot version 4; this build reads versions 1 to 3: re-ingest") {
		t.Errorf("other version: error %v", err)
	}
	if _, err := memstore.ReadSnapshot(strings.NewReader("Kismet|directed_by|William Dieterle\n")); err == nil || !strings.Contains(err.Error(), "not a scgraph snapshot") {
		t.Errorf("not a snapshot: error %v", err)
	}
	// Flips behind a valid checksum (a hostile file) never panic: three
	// patterns on the header and the first tables (where the counts
	// are), one on every other byte.
	flips := []byte{0x01, 0x80, 0xff}
	for i := 8; i < len(good)-4; i++ {
		for k, x := range flips {
			if i >= 256 && k != i%len(flips) {
				continue
			}
			bad := bytes.Clone(good)
			bad[i] ^= x
			memstore.ReadSnapshot(bytes.NewReader(resum(bad)))
		}
	}
}

// resum recomputes the checksum of a snapshot.
func resum(b []byte) []byte {
	return memstore.AppendChecksum(b[: len(b)-4 : len(b)-4])
}

func FuzzReadSnapshot(f *testing.F) {
	var buf bytes.Buffer
	if err := fixtureStore(f).WriteSnapshot(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("SCGSNAP\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) >= 12 {
			data = resum(data)
		}
		s, err := memstore.ReadSnapshot(bytes.NewReader(data))
		if err == nil {
			// Whatever loads must answer queries.
			dump(t, s, "a", "b")
		}
	})
}

func TestWriteSnapshotFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kb.snap")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := fixtureStore(t)
	if err := s.WriteSnapshotFile(t.Context(), path); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d files after writing, want only kb.snap", len(entries))
	}
	loaded, err := memstore.Open(context.Background(), path, memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, loaded, fixtureProbe...), dump(t, s, fixtureProbe...); got != want {
		t.Errorf("reopened snapshot differs")
	}
	if err := s.WriteSnapshotFile(t.Context(), filepath.Join(dir, "missing", "kb.snap")); err == nil {
		t.Errorf("writing into a missing directory: no error")
	}
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	pipe := write("kb.txt", "a|R|b\nb|R|c\na|R|b\n")
	jsonl := write("kb.jsonl", `{"subject":"a","relation":"R","object":"b","subject_type":"T"}`+"\n")
	schema := write("schema.json", `{"types":[{"name":"T"}],"relations":[{"name":"R","from":["T"]}],"entities":[{"name":"c","aliases":["sea"]}]}`)
	badSchema := write("bad-schema.json", `{"types":[{"name":"T"}],"relations":[{"name":"R","from":["U"]}]}`)
	badLine := write("bad.txt", "a|R|b\na|R\n")
	corrupt := write("bad.snap", "SCGSNAP\x01garbage!")
	emptySnap := write("empty.snap", "")
	binary := write("random.bin", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
	latin1 := write("latin1.txt", "Am\xe9lie|directed_by|Jean-Pierre Jeunet\n")

	s, err := memstore.Open(ctx, pipe, memstore.OpenOptions{SchemaPath: schema})
	if err != nil {
		t.Fatal(err)
	}
	if e, n := s.Stats(); e != 3 || n != 2 {
		t.Errorf("kb.txt: %d entities, %d triples; want 3, 2", e, n)
	}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"sea"}})
	if err != nil || fmt.Sprint(ms) != "[[{{c RObject} alias 1}]]" {
		t.Errorf("alias from the schema file: %v %v", ms, err)
	}
	e, err := s.Expand(ctx, graph.ExpandRequest{From: []string{"b"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}})
	if err != nil || fmt.Sprint(e.Hops) != "[[b -R-> c b <-R- a]]" || e.Hops[0][0].Source.String() != "kb.txt:2" {
		t.Errorf("expand from b: %v %v", e.Hops, err)
	}
	// A declared relation end types the data.
	if fmt.Sprint(e.Nodes) != "[{a T} {b T} {c RObject}]" {
		t.Errorf("types: %v", e.Nodes)
	}
	var progress []int64
	if _, err := memstore.Open(ctx, jsonl, memstore.OpenOptions{Format: "jsonl", Progress: func(r, total int64) { progress = append(progress, r, total) }}); err != nil {
		t.Fatal(err)
	}
	if len(progress) < 2 || progress[len(progress)-1] != progress[len(progress)-2] {
		t.Errorf("progress %v: want a final call at the total", progress)
	}
	// Text in another encoding is text: its reader says what is wrong.
	if _, err := memstore.Open(ctx, latin1, memstore.OpenOptions{}); err != nil && strings.Contains(err.Error(), "not a scgraph snapshot") {
		t.Errorf("a Latin-1 text file: %v", err)
	}
	for _, c := range []struct {
		path string
		opts memstore.OpenOptions
		want string
	}{
		{badLine, memstore.OpenOptions{}, `bad.txt:2: expected 3 fields separated by "|", got 2`},
		{corrupt, memstore.OpenOptions{}, "bad.snap: memstore: snapshot corrupt or truncated"},
		{emptySnap, memstore.OpenOptions{}, "empty.snap: not a scgraph snapshot: the file is empty"},
		{binary, memstore.OpenOptions{}, "random.bin: not a scgraph snapshot (no \"SCGSNAP\" header) and not a triples file (binary data)"},
		{filepath.Join(dir, "nope.txt"), memstore.OpenOptions{}, "nope.txt: no such file"},
		{pipe, memstore.OpenOptions{SchemaPath: badSchema}, `bad-schema.json: relations[0].from[0]: unknown type "U"`},
		{pipe, memstore.OpenOptions{SchemaPath: schema, Schema: &graph.Schema{}}, "not both"},
		{pipe, memstore.OpenOptions{Format: "tsv"}, `kb.txt:1: expected 3 fields separated by "\t", got 1`},
	} {
		if _, err := memstore.Open(ctx, c.path, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%s): error %v, want one containing %q", filepath.Base(c.path), err, c.want)
		}
	}
}

func TestAddTriplesValidation(t *testing.T) {
	ctx := context.Background()
	s := memstore.New()
	for _, c := range []struct {
		t    graph.Triple
		want string
	}{
		{graph.Triple{Subject: "a", Relation: "R", Object: "b", SubjectType: "Bad Type", Source: graph.Source{File: "x.csv", Line: 4}}, `triple 1 (x.csv:4): subject_type "Bad Type" is not an identifier`},
		{graph.Triple{Subject: "a", Relation: "R", Object: "b", ObjectType: "1x"}, `triple 1: object_type "1x" is not an identifier`},
		{graph.Triple{Subject: "a", Relation: "R", Object: ""}, `triple 1: empty object`},
		{graph.Triple{Subject: "a", Relation: "R", Object: "b", Source: graph.Source{Line: -3}}, `negative source line -3`},
	} {
		batch := []graph.Triple{{Subject: "ok", Relation: "R", Object: "fine"}, c.t}
		if _, err := s.AddTriples(ctx, batch); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.t, err, c.want)
		}
	}
	if e, n := s.Stats(); e != 0 || n != 0 {
		t.Errorf("rejected batches left %d entities, %d triples", e, n)
	}
	ctxDone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.AddTriples(ctxDone, storetest.Fixture()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

// TestResolveTies checks fuzzy ordering: best first, ties by name.
func TestResolveTies(t *testing.T) {
	ctx := context.Background()
	s := memstore.New()
	if _, err := s.AddTriples(ctx, []graph.Triple{
		{Subject: "beta-x", Relation: "R", Object: "alpha-x"},
		{Subject: "alphax", Relation: "R", Object: "gamma-x"},
		{Subject: "alpha xyz", Relation: "R", Object: "unrelated"},
	}); err != nil {
		t.Fatal(err)
	}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"alpha-x", "Alpha X", "alphax1"}, Fuzzy: true})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(ms)
	want := "[[{{alpha-x RObject} exact 1} {{alphax RSubject} normalized 1}] " +
		"[{{alpha-x RObject} normalized 1} {{alphax RSubject} normalized 1}] " +
		"[{{alpha-x RObject} fuzzy 0.6666666666666666} {{alphax RSubject} fuzzy 0.6666666666666666} {{alpha xyz RSubject} fuzzy 0.5454545454545454}]]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// randomGraph makes a small random graph with self-loops, parallel
// relations and both directions between some pairs.
func randomGraph(rng *rand.Rand, nodes, edges int) []graph.Triple {
	rels := []string{"A", "B", "C"}
	seen := make(map[string]bool)
	var ts []graph.Triple
	for len(ts) < edges {
		t := graph.Triple{
			Subject:  fmt.Sprintf("n%d", rng.IntN(nodes)),
			Relation: rels[rng.IntN(len(rels))],
			Object:   fmt.Sprintf("n%d", rng.IntN(nodes)),
		}
		k := t.Subject + "|" + t.Relation + "|" + t.Object
		if !seen[k] {
			seen[k] = true
			t.Source = graph.Source{File: "rand", Line: len(ts) + 1}
			ts = append(ts, t)
		}
	}
	return ts
}

// hopsOf lists the hops of v by brute force, in canonical order.
func hopsOf(ts []graph.Triple, v string, dir graph.Direction, rels []string) []graph.Hop {
	var hs []graph.Hop
	for _, t := range ts {
		if len(rels) > 0 && !slices.Contains(rels, t.Relation) {
			continue
		}
		if dir != graph.In && t.Subject == v {
			hs = append(hs, graph.Hop{From: v, Relation: t.Relation, To: t.Object, Direction: graph.Out, Source: t.Source})
		}
		if dir != graph.Out && t.Object == v {
			hs = append(hs, graph.Hop{From: v, Relation: t.Relation, To: t.Subject, Direction: graph.In, Source: t.Source})
		}
	}
	slices.SortFunc(hs, compareHops)
	return hs
}

func compareHops(a, b graph.Hop) int {
	return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.Relation, b.Relation), cmp.Compare(a.Direction, b.Direction), strings.Compare(a.To, b.To))
}

func bruteExpand(ts []graph.Triple, req graph.ExpandRequest) graph.Expansion {
	_, types := infer.Infer(ts, nil)
	var frontier []string
	for _, f := range req.From {
		if _, ok := types[f]; ok {
			frontier = append(frontier, f)
		}
	}
	slices.Sort(frontier)
	frontier = slices.Compact(frontier)
	reached := slices.Clone(frontier)
	exp := graph.Expansion{Nodes: []graph.Entity{}}
	for i, st := range req.Steps {
		step := []graph.Hop{}
		var next []string
		for _, v := range frontier {
			hs := hopsOf(ts, v, st.Direction, st.Relations)
			if len(hs) > req.Limit {
				exp.Truncated = append(exp.Truncated, graph.Truncation{Node: v, Step: i, Kept: req.Limit, Total: len(hs)})
				hs = hs[:req.Limit]
			}
			step = append(step, hs...)
			for _, h := range hs {
				next = append(next, h.To)
			}
		}
		exp.Hops = append(exp.Hops, step)
		reached = append(reached, next...)
		slices.Sort(next)
		frontier = slices.Compact(next)
	}
	slices.Sort(reached)
	for _, n := range slices.Compact(reached) {
		exp.Nodes = append(exp.Nodes, graph.Entity{Name: n, Type: types[n]})
	}
	return exp
}

// brutePaths enumerates every walk of each length in turn; the first
// length with walks to the target gives the shortest paths.
func brutePaths(ts []graph.Triple, req graph.PathRequest) []graph.Path {
	if req.From == req.To {
		return []graph.Path{}
	}
	for length := 1; length <= req.MaxHops; length++ {
		var found []graph.Path
		var walk func(v string, hops []graph.Hop)
		walk = func(v string, hops []graph.Hop) {
			if len(hops) == length {
				if v == req.To {
					found = append(found, graph.Path{Hops: slices.Clone(hops)})
				}
				return
			}
			for _, h := range hopsOf(ts, v, req.Direction, req.Relations) {
				walk(h.To, append(hops, h))
			}
		}
		walk(req.From, nil)
		if len(found) > 0 {
			slices.SortFunc(found, func(a, b graph.Path) int {
				for i := range a.Hops {
					if c := cmp.Or(strings.Compare(a.Hops[i].Relation, b.Hops[i].Relation), cmp.Compare(a.Hops[i].Direction, b.Hops[i].Direction), strings.Compare(a.Hops[i].To, b.Hops[i].To)); c != 0 {
						return c
					}
				}
				return 0
			})
			return found[:min(len(found), req.Limit)]
		}
	}
	return []graph.Path{}
}

// TestRandomGraphs compares Expand and Paths with brute force.
func TestRandomGraphs(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	dirs := []graph.Direction{graph.Out, graph.In, graph.Both}
	relSets := [][]string{nil, {"A"}, {"B", "C"}}
	for round := range 200 {
		nodes := 3 + rng.IntN(12)
		ts := randomGraph(rng, nodes, 1+rng.IntN(3*nodes))
		s := memstore.New()
		if _, err := s.AddTriples(ctx, ts); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			node := func() string { return fmt.Sprintf("n%d", rng.IntN(nodes+1)) }
			ereq := graph.ExpandRequest{
				From:  []string{node(), node(), node()},
				Steps: []graph.ExpandStep{{Direction: dirs[rng.IntN(3)], Relations: relSets[rng.IntN(3)]}},
				Limit: 1 + rng.IntN(5),
			}
			if rng.IntN(2) == 0 {
				ereq.Steps = append(ereq.Steps, graph.ExpandStep{Direction: dirs[rng.IntN(3)], Relations: relSets[rng.IntN(3)]})
			}
			got, err := s.Expand(ctx, ereq)
			if err != nil {
				if errors.Is(err, graph.ErrUnknownRelation) {
					continue // a relation set the random graph lacks
				}
				t.Fatal(err)
			}
			if want := bruteExpand(ts, ereq); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
				t.Fatalf("round %d: Expand(%+v) on %v:\n%+v\nwant:\n%+v", round, ereq, ts, got, want)
			}
			preq := graph.PathRequest{From: node(), To: node(), MaxHops: 1 + rng.IntN(6), Direction: dirs[rng.IntN(3)], Relations: relSets[rng.IntN(3)], Limit: 1 + rng.IntN(6)}
			ps, err := s.Paths(ctx, preq)
			if err != nil {
				if errors.Is(err, graph.ErrUnknownRelation) {
					continue
				}
				t.Fatal(err)
			}
			if want := brutePaths(ts, preq); fmt.Sprintf("%+v", ps) != fmt.Sprintf("%+v", want) {
				t.Fatalf("round %d: Paths(%+v) on %v:\n%+v\nwant:\n%+v", round, preq, ts, ps, want)
			}
		}
	}
}

// TestReadWhileWriting runs reads against concurrent writes (for the race
// detector) and checks each read sees a consistent store.
func TestReadWhileWriting(t *testing.T) {
	ctx := context.Background()
	s := fixtureStore(t)
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 50 {
			tr := graph.Triple{Subject: fmt.Sprintf("svc-%d", i), Relation: "CALLS", Object: "api-gateway"}
			if _, err := s.AddTriples(ctx, []graph.Triple{tr}); err != nil {
				t.Error(err)
			}
		}
	})
	for range 3 {
		wg.Go(func() {
			for range 50 {
				e, err := s.Expand(ctx, graph.ExpandRequest{From: []string{"api-gateway"}, Steps: []graph.ExpandStep{{Direction: graph.In, Relations: []string{"CALLS"}}}})
				if err != nil {
					t.Error(err)
					return
				}
				if len(e.Nodes) != len(e.Hops[0])+1 {
					t.Errorf("inconsistent expansion: %d hops, %d nodes", len(e.Hops[0]), len(e.Nodes))
				}
				if _, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"svc 3"}, Fuzzy: true}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if e, n := s.Stats(); e != 71 || n != 88 {
		t.Errorf("after the writes: %d entities, %d triples; want 71, 88", e, n)
	}
}

func loadMetaQA(t testing.TB) (*memstore.Store, time.Duration) {
	t.Helper()
	p := devdata.DataPath(t, "metaqa/kb.txt")
	start := time.Now()
	ts, err := triplefile.Read(p, "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := memstore.New()
	if _, err := s.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	return s, time.Since(start)
}

func TestMetaQA(t *testing.T) {
	ctx := context.Background()
	s, took := loadMetaQA(t)
	ents, trs := s.Stats()
	t.Logf("loaded MetaQA (%d entities, %d triples) in %v", ents, trs, took)
	if ents != 43234 || trs != 133582 {
		t.Fatalf("MetaQA: %d entities, %d triples; want 43234, 133582", ents, trs)
	}
	ts, err := triplefile.Read(devdata.DataPath(t, "metaqa/kb.txt"), "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e, err := s.Expand(ctx, graph.ExpandRequest{From: []string{"Kismet"}, Steps: []graph.ExpandStep{{Relations: []string{"directed_by"}, Direction: graph.Out}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first Expand (builds the index) took %v", time.Since(start))
	if got := fmt.Sprint(e.Hops); got != "[[Kismet -directed_by-> William Dieterle]]" {
		t.Errorf("Kismet directed_by: %s", got)
	}
	// Against brute force over the triples: the directors of the movies
	// Marlene Dietrich starred in, and everything around Kismet.
	for _, req := range []graph.ExpandRequest{
		{From: []string{"Marlene Dietrich"}, Steps: []graph.ExpandStep{
			{Relations: []string{"starred_actors"}, Direction: graph.In}, {Relations: []string{"directed_by"}, Direction: graph.Out},
		}, Limit: graph.DefaultLimit},
		{From: []string{"Kismet", "Drama"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}, Limit: 7},
	} {
		got, err := s.Expand(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if want := bruteExpand(ts, req); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
			t.Errorf("Expand(%+v):\n%+v\nwant:\n%+v", req, got, want)
		}
	}
	preq := graph.PathRequest{From: "Marlene Dietrich", To: "William Dieterle", MaxHops: 4, Direction: graph.Both, Limit: 100}
	ps, err := s.Paths(ctx, preq)
	if err != nil {
		t.Fatal(err)
	}
	if want := brutePaths(ts, preq); fmt.Sprintf("%+v", ps) != fmt.Sprintf("%+v", want) || len(ps) != 1 {
		t.Errorf("Paths(%+v):\n%v\nwant:\n%v", preq, ps, want)
	}
	// A long search through the genres and languages, which never reach
	// an actor, stays fast and finds nothing.
	start = time.Now()
	ps, err = s.Paths(ctx, graph.PathRequest{From: "Kismet", To: "Marlene Dietrich", MaxHops: 6, Direction: graph.Both, Relations: []string{"has_genre", "in_language"}})
	if err != nil || len(ps) != 0 {
		t.Errorf("paths through genres to an actor: %v, %v", ps, err)
	}
	t.Logf("a 6-hop path search through genres and languages took %v", time.Since(start))
	// Snapshot: the loaded store answers identically and loads faster.
	var buf bytes.Buffer
	if err := s.WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	loaded, err := memstore.ReadSnapshot(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("snapshot of %d bytes loaded in %v", buf.Len(), time.Since(start))
	probe := []string{"Kismet", "Marlene Dietrich", "William Dieterle", "Drama"}
	if got, want := dump(t, loaded, probe...), dump(t, s, probe...); got != want {
		t.Errorf("snapshot store differs")
	}
}

// TestPathSearchBound checks that a search fails rather than visit more
// than MaxPathNodes nodes: from src the graph fans out through a hub to
// many nodes, each with a successor; dst is reached from a hub with as
// many sources, and the two sides never meet.
func TestPathSearchBound(t *testing.T) {
	ctx := context.Background()
	ts := []graph.Triple{{Subject: "src", Relation: "R", Object: "hubA"}, {Subject: "hubB", Relation: "R", Object: "dst"}}
	for i := range memstore.MaxPathNodes/2 + 10 {
		a := fmt.Sprintf("a%d", i)
		ts = append(ts,
			graph.Triple{Subject: "hubA", Relation: "R", Object: a},
			graph.Triple{Subject: a, Relation: "R", Object: a + "'"},
			graph.Triple{Subject: fmt.Sprintf("b%d", i), Relation: "R", Object: "hubB"})
	}
	s := memstore.New()
	if _, err := s.AddTriples(ctx, ts); err != nil {
		t.Fatal(err)
	}
	_, err := s.Paths(ctx, graph.PathRequest{From: "src", To: "dst", MaxHops: 6, Direction: graph.Out})
	if !errors.Is(err, memstore.ErrSearchTooLarge) {
		t.Errorf("src to dst: error %v, want ErrSearchTooLarge", err)
	}
	// Searching from the cheaper side meets at the hub without a blow-up.
	ps, err := s.Paths(ctx, graph.PathRequest{From: "a0", To: "a1", MaxHops: 6, Direction: graph.Both})
	if err != nil || fmt.Sprint(ps) != "[a0 <-R- hubA -R-> a1]" {
		t.Errorf("a0 to a1: %v, %v", ps, err)
	}
}

// TestFuzzyMetaQA checks the trigram index against text.Similarity over
// every entity, for misspelt MetaQA names.
func TestFuzzyMetaQA(t *testing.T) {
	ctx := context.Background()
	s, _ := loadMetaQA(t)
	ts, err := triplefile.Read(devdata.DataPath(t, "metaqa/kb.txt"), "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	nameSet := make(map[string]bool)
	for _, tr := range ts {
		nameSet[tr.Subject], nameSet[tr.Object] = true, true
	}
	var names []string
	for n := range nameSet {
		names = append(names, n)
	}
	slices.Sort(names)
	keys := make([]string, len(names))
	tris := make([]map[string]struct{}, len(names))
	for i, n := range names {
		keys[i] = text.Key(n)
		tris[i] = text.Trigrams(keys[i])
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var mentions []string
	for len(mentions) < 20 {
		rs := []rune(names[rng.IntN(len(names))])
		if len(rs) < 6 {
			continue
		}
		i := 1 + rng.IntN(len(rs)-2)
		rs[i], rs[i+1] = rs[i+1], rs[i] // a transposition
		mentions = append(mentions, string(rs))
	}
	// Warm the index, then time the queries.
	if _, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"warm up"}, Fuzzy: true}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fuzzy Resolve: %v a mention over %d entities", time.Since(start)/time.Duration(len(mentions)), len(names))
	for i, m := range mentions {
		mk := text.Key(m)
		if nameSet[m] || slices.Contains(keys, mk) {
			continue // an exact or normalized match: not a fuzzy case
		}
		// The reference: the Jaccard similarity of text.Trigrams sets,
		// over every entity.
		tm := text.Trigrams(mk)
		var want []string
		for j := range keys {
			inter := 0
			for tg := range tm {
				if _, ok := tris[j][tg]; ok {
					inter++
				}
			}
			if sim := float64(inter) / float64(len(tm)+len(tris[j])-inter); sim >= graph.MinFuzzyScore {
				want = append(want, fmt.Sprintf("%s %.6f", names[j], sim))
			}
		}
		var got []string
		for _, x := range res[i] {
			got = append(got, fmt.Sprintf("%s %.6f", x.Entity.Name, x.Score))
			if sim := text.Similarity(mk, text.Key(x.Entity.Name)); x.Method != graph.MatchFuzzy || x.Score != sim {
				t.Errorf("%q: match %+v, want fuzzy with score %v", m, x, sim)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%q: fuzzy matches\n%v\nwant\n%v", m, got, want)
		}
	}
}

func BenchmarkLoadMetaQA(b *testing.B) {
	devdata.DataPath(b, "metaqa/kb.txt")
	trs := 0
	for b.Loop() {
		s, _ := loadMetaQA(b)
		_, trs = s.Stats()
	}
	b.ReportMetric(float64(trs)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
}

func BenchmarkSnapshotLoadMetaQA(b *testing.B) {
	s, _ := loadMetaQA(b)
	var buf bytes.Buffer
	if err := s.WriteSnapshot(&buf); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	b.ResetTimer()
	for b.Loop() {
		if _, err := memstore.ReadSnapshot(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
	_, trs := s.Stats()
	b.ReportMetric(float64(trs)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
}

func BenchmarkExpand(b *testing.B) {
	s, _ := loadMetaQA(b)
	ctx := context.Background()
	req := graph.ExpandRequest{From: []string{"Kismet"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}}
	if _, err := s.Expand(ctx, req); err != nil { // builds the index
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Expand(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpandTwoSteps(b *testing.B) {
	s, _ := loadMetaQA(b)
	ctx := context.Background()
	req := graph.ExpandRequest{From: []string{"Marlene Dietrich"}, Steps: []graph.ExpandStep{
		{Relations: []string{"starred_actors"}, Direction: graph.In}, {Relations: []string{"directed_by"}, Direction: graph.Out},
	}}
	if _, err := s.Expand(ctx, req); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Expand(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResolveFuzzy(b *testing.B) {
	s, _ := loadMetaQA(b)
	ctx := context.Background()
	req := graph.ResolveRequest{Mentions: []string{"Marlene Deitrich"}, Fuzzy: true}
	if _, err := s.Resolve(ctx, req); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Resolve(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPaths(b *testing.B) {
	s, _ := loadMetaQA(b)
	ctx := context.Background()
	req := graph.PathRequest{From: "Marlene Dietrich", To: "Bill Paxton", MaxHops: 4, Direction: graph.Both}
	if _, err := s.Paths(ctx, req); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Paths(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSnapshotV1 reads a version 1 snapshot (written by the previous
// build from the fixture): it answers as the fixture does, and is written
// back in the current version.
func TestSnapshotV1(t *testing.T) {
	data, err := os.ReadFile("testdata/fixture-v1.bin")
	if err != nil {
		t.Fatal(err)
	}
	if data[7] != 1 {
		t.Fatalf("testdata/fixture-v1.bin is version %d", data[7])
	}
	loaded, err := memstore.ReadSnapshot(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := fixtureStore(t)
	if got, want := dump(t, loaded, fixtureProbe...), dump(t, want, fixtureProbe...); got != want {
		t.Errorf("v1 snapshot answers differently:\n%s\nwant:\n%s", got, want)
	}
	var v2, fromFixture bytes.Buffer
	if err := loaded.WriteSnapshot(&v2); err != nil {
		t.Fatal(err)
	}
	if err := want.WriteSnapshot(&fromFixture); err != nil {
		t.Fatal(err)
	}
	if v2.Bytes()[7] != 2 || !bytes.Equal(v2.Bytes(), fromFixture.Bytes()) {
		t.Errorf("a v1 snapshot is written back as version %d, differently from the fixture's", v2.Bytes()[7])
	}
}

// TestWritesAfterLoad adds triples to a store loaded from a snapshot (its
// read side is thawed and frozen again) and sets another schema: it then
// answers exactly as a store built from everything at once.
func TestWritesAfterLoad(t *testing.T) {
	ctx := context.Background()
	var buf bytes.Buffer
	if err := fixtureStore(t).WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	loaded, err := memstore.ReadSnapshot(&buf)
	if err != nil {
		t.Fatal(err)
	}
	more := []graph.Triple{
		{Subject: "payment-service", Relation: "CALLS", Object: "aaa-new-service", Source: graph.Source{File: "more.txt", Line: 1}},
		{Subject: "zzz-new-service", Relation: "NEW_REL", Object: "orders-db", SubjectType: "Service", Source: graph.Source{File: "more.txt", Line: 2}},
	}
	whole := fixtureStore(t)
	for _, s := range []*memstore.Store{loaded, whole} {
		if n, err := s.AddTriples(ctx, more); err != nil || n != 2 {
			t.Fatalf("AddTriples: %d, %v", n, err)
		}
	}
	probe := append(slices.Clone(fixtureProbe), "aaa-new-service", "zzz-new-service")
	if got, want := dump(t, loaded, probe...), dump(t, whole, probe...); got != want {
		t.Errorf("after writes, the loaded store differs:\n%s\nwant:\n%s", got, want)
	}
	// Setting the schema it has keeps the typing; another one retypes.
	if err := loaded.SetSchema(ctx, storetest.FixtureSchema()); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(t, loaded, probe...), dump(t, whole, probe...); got != want {
		t.Errorf("after setting the same schema, the loaded store differs")
	}
	for _, s := range []*memstore.Store{loaded, whole} {
		if err := s.SetSchema(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := dump(t, loaded, probe...), dump(t, whole, probe...); got != want {
		t.Errorf("without a schema, the loaded store differs:\n%s\nwant:\n%s", got, want)
	}
}

// TestLongNames checks fuzzy matching on long names, one of them with
// more distinct trigrams than the index stores a count for.
func TestLongNames(t *testing.T) {
	ctx := context.Background()
	// Names as long as graph.MaxNameBytes allows.
	long := strings.Repeat("abcdefghij", graph.MaxNameBytes/10) // long, ten trigrams
	var b strings.Builder                                       // about 2,000 distinct trigrams
	for i := range graph.MaxNameBytes / 4 {
		b.WriteRune(rune(0x4e00 + i%20000))
		b.WriteRune(rune('a' + i%26))
	}
	huge := b.String()
	s := memstore.New()
	if _, err := s.AddTriples(ctx, []graph.Triple{{Subject: long, Relation: "R", Object: huge}, {Subject: "short name", Relation: "R", Object: "x"}}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{long[:len(long)-1], huge[:len(huge)-3], "short nme"} {
		res, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{m}, Fuzzy: true})
		if err != nil {
			t.Fatal(err)
		}
		key := text.Key(m)
		for _, name := range []string{long, huge, "short name"} {
			sim := text.Similarity(key, text.Key(name))
			found := slices.ContainsFunc(res[0], func(x graph.Match) bool { return x.Entity.Name == name && x.Score == sim })
			if found != (sim >= graph.MinFuzzyScore) {
				t.Errorf("mention of %d bytes, entity of %d bytes: similarity %v, matched %v", len(m), len(name), sim, found)
			}
		}
	}
}

func TestConformanceACL(t *testing.T) {
	storetest.RunACL(t, func(t *testing.T) storetest.Store { return memstore.New() },
		func(s storetest.Store, g graph.Groups) storetest.Reader { return s.(*memstore.Store).Scoped(g) })
}

// TestConformanceACLChanges: conflicting access lists are refused, a
// re-ingest converges to the latest lists (issue 30), as on Neo4j.
func TestConformanceACLChanges(t *testing.T) {
	storetest.RunACLChanges(t, func(t *testing.T) storetest.Store { return memstore.New() },
		func(ctx context.Context, s storetest.Store, ts []graph.Triple) (graph.WriteStats, error) {
			return s.(*memstore.Store).Write(ctx, ts)
		},
		func(s storetest.Store, g graph.Groups) storetest.Reader { return s.(*memstore.Store).Scoped(g) })
}

// Access lists survive a snapshot (version 3) and a write after loading
// (thaw); a graph without them still writes version 2.
func TestSnapshotACL(t *testing.T) {
	ctx := t.Context()
	s := memstore.New()
	if _, err := s.AddTriples(ctx, storetest.ACLFixture()); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	if v := buf.Bytes()[7]; v != 3 {
		t.Errorf("snapshot with access lists: version %d, want 3", v)
	}
	back, err := memstore.ReadSnapshot(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	render := func(ts []graph.Triple) string {
		var b strings.Builder
		for _, tr := range ts {
			fmt.Fprintf(&b, "%s %s %s %q %s\n", tr.Subject, tr.Relation, tr.Object, tr.ACL, tr.Source)
		}
		return b.String()
	}
	want := render(s.Triples())
	if !strings.Contains(want, `["ops" "payments"]`) {
		t.Fatalf("Triples lost the access lists:\n%s", want)
	}
	if got := render(back.Triples()); got != want {
		t.Errorf("after a snapshot:\n%s\nwant\n%s", got, want)
	}
	if _, err := back.AddTriples(ctx, []graph.Triple{{Subject: "x", Relation: "CALLS", Object: "y", ACL: []string{"eng"}}}); err != nil {
		t.Fatal(err)
	}
	if got := render(back.Triples()); !strings.Contains(got, `x CALLS y ["eng"]`) || !strings.Contains(got, `payment-svc READS_FROM orders-db ["ops" "payments"]`) {
		t.Errorf("after a write to a loaded snapshot:\n%s", got)
	}
	none, _ := graph.NewGroups()
	ms, err := back.Scoped(none).Resolve(ctx, graph.ResolveRequest{Mentions: []string{"secret-vault", "x", "web"}})
	if err != nil || len(ms[0]) != 0 || len(ms[1]) != 0 || len(ms[2]) != 1 {
		t.Errorf("a caller with no group resolves %v, %v; want web only", ms, err)
	}
	public := memstore.New()
	if _, err := public.AddTriples(ctx, []graph.Triple{{Subject: "a", Relation: "R", Object: "b"}}); err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := public.WriteSnapshot(&buf); err != nil {
		t.Fatal(err)
	}
	if v := buf.Bytes()[7]; v != 2 {
		t.Errorf("snapshot without access lists: version %d, want 2", v)
	}
	if _, err := back.AddTriples(ctx, []graph.Triple{{Subject: "x", Relation: "CALLS", Object: "z", ACL: []string{"bad group"}}}); err == nil || !strings.Contains(err.Error(), `acl[0] "bad group" is not a group name`) {
		t.Errorf("a bad group name: error %v", err)
	}
}
