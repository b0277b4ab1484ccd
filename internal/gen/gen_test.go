package gen

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

func TestDeterministic(t *testing.T) {
	write := func(opts Options) (string, string) {
		g := Generate(opts)
		var tr, qs bytes.Buffer
		if err := g.WriteTriples(&tr, JSONL); err != nil {
			t.Fatal(err)
		}
		if err := WriteQuestions(&qs, g.Questions(50)); err != nil {
			t.Fatal(err)
		}
		return tr.String(), qs.String()
	}
	opts := Options{Triples: 5000, Seed: 7}
	t1, q1 := write(opts)
	t2, q2 := write(opts)
	if t1 != t2 || q1 != q2 {
		t.Fatal("the same options gave different graphs or questions")
	}
	opts.Seed = 8
	if t3, _ := write(opts); t3 == t1 {
		t.Error("another seed gave the same graph")
	}
}

// TestShape checks the exact size, that no triple repeats, the relation
// mix and the hub.
func TestShape(t *testing.T) {
	for _, opts := range []Options{{Triples: 1, Seed: 1}, {Triples: 2, Seed: 1, HubDegree: 1}, {Triples: 30000, Seed: 3}, {Triples: 30000, Seed: 3, HubDegree: 10000}} {
		g := Generate(opts)
		ents, trs := g.Stats()
		if trs != opts.Triples {
			t.Errorf("%+v: %d triples", opts, trs)
		}
		seen := make(map[[3]int32]bool)
		used := make([]bool, ents)
		names := make(map[string]bool)
		perRel := make(map[Rel]int)
		for i := range g.s {
			k := [3]int32{g.s[i], int32(g.r[i]), g.o[i]}
			if seen[k] {
				t.Fatalf("%+v: triple %d repeats %s", opts, i, g.triple(int32(i)))
			}
			seen[k] = true
			used[g.s[i]], used[g.o[i]] = true, true
			perRel[g.r[i]]++
		}
		for id := range ents {
			if !used[id] {
				t.Errorf("%+v: entity %s is in no triple", opts, g.Name(int32(id)))
			}
			n := g.Name(int32(id))
			if names[n] {
				t.Fatalf("%+v: two entities named %s", opts, n)
			}
			names[n] = true
		}
		if opts.HubDegree > 0 {
			g.index()
			if got := len(g.inT[g.inOff[g.hub]:g.inOff[g.hub+1]]); opts.Triples > 2 && got < opts.HubDegree {
				t.Errorf("%+v: the hub has %d incoming edges", opts, got)
			}
		}
		if opts.Triples == 30000 && opts.HubDegree == 0 {
			t.Logf("%d entities; %v", ents, perRel)
			for r := range numRels {
				if perRel[r] == 0 {
					t.Errorf("no %s triple", r)
				}
			}
			if ents < opts.Triples/8 || ents > opts.Triples/3 {
				t.Errorf("%d entities for %d triples: want about one for five", ents, trs)
			}
		}
	}
}

// TestGold checks every question's gold data against the graph: each
// gold path is made of the graph's triples and links the anchor to its
// answer; closures hold every entity the walk reaches and nothing else.
func TestGold(t *testing.T) {
	g := Generate(Options{Triples: 40000, Seed: 5, HubDegree: 2000})
	qs := g.Questions(180)
	if len(qs) != 180 {
		t.Fatalf("%d questions, want 180", len(qs))
	}
	facts := make(map[[3]string]bool)
	for i := range g.s {
		facts[g.triple(int32(i))] = true
	}
	kinds := make(map[string]int)
	for _, q := range qs {
		kinds[q.Kind]++
		if len(q.Anchors) == 0 || q.Question == "" || q.Answers == nil {
			t.Fatalf("%s: incomplete %+v", q.ID, q)
		}
		if q.Kind == "negative" {
			if len(q.Answers) != 0 {
				t.Errorf("%s: negative with answers %v", q.ID, q.Answers)
			}
			continue
		}
		if len(q.GoldPaths) != len(q.Answers) {
			t.Fatalf("%s: %d answers, %d gold paths", q.ID, len(q.Answers), len(q.GoldPaths))
		}
		start := q.Anchors[0]
		if q.Kind == "reachability" {
			start = q.Anchors[1]
		}
		for i, p := range q.GoldPaths {
			at := start
			for _, tr := range p {
				if !facts[tr] {
					t.Fatalf("%s: gold triple %v is not in the graph", q.ID, tr)
				}
				switch at {
				case tr[0]:
					at = tr[2]
				case tr[2]:
					at = tr[0]
				default:
					t.Fatalf("%s: gold path %v does not continue from %s", q.ID, p, at)
				}
			}
			if at != q.Answers[i] {
				t.Errorf("%s: gold path %v ends at %s, not at the answer %s", q.ID, p, at, q.Answers[i])
			}
			if len(p) > q.Hops {
				t.Errorf("%s: gold path of %d hops, hops %d", q.ID, len(p), q.Hops)
			}
		}
		if !slices.IsSorted(q.Answers) {
			t.Errorf("%s: answers not sorted", q.ID)
		}
	}
	t.Logf("kinds: %v", kinds)
	for _, k := range append(questionKinds, "hub-owner") {
		if kinds[k] == 0 {
			t.Errorf("no %s question", k)
		}
	}
}

// TestClosureExact compares an impact closure with a brute-force
// fixpoint over all the triples.
func TestClosureExact(t *testing.T) {
	g := Generate(Options{Triples: 20000, Seed: 9})
	g.index()
	for _, start := range []int32{3, 50, 400, 1000} {
		_, depth, _, ok := g.closure(start, true)
		if !ok {
			continue
		}
		want := map[int32]int{start: 0}
		for d := 1; d <= hopBudget; d++ {
			for i := range g.s {
				if pd, ok := want[g.o[i]]; ok && pd == d-1 && g.r[i].dependency() {
					if _, seen := want[g.s[i]]; !seen {
						want[g.s[i]] = d
					}
				}
			}
		}
		if fmt.Sprint(depth) != fmt.Sprint(want) {
			t.Errorf("closure of %s:\n%v\nwant\n%v", g.Name(start), depth, want)
		}
	}
}

// ClosureAnchor names a service about the size asked depend on (the most
// called one when none is that big).
func TestClosureAnchor(t *testing.T) {
	g := Generate(Options{Triples: 100000, Seed: 2})
	name, n := g.ClosureAnchor(2000)
	if n < 1000 || n > 4000 || name == "" {
		t.Fatalf("anchor %s with %d dependents, want about 2000", name, n)
	}
	top, most := g.ClosureAnchor(1 << 30)
	if top != g.MostCalled() || most < n {
		t.Errorf("for more than there are: %s (%d), want the most called service %s with the most dependents", top, most, g.MostCalled())
	}
}
