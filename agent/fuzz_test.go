package agent_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// relationKinds name one relation of every kind the question reader tells
// apart: dependency (called, inverse, optional, delivering), ownership,
// membership, reporting, containment, on-call, kinship, a mere
// association, a relation said to hold both ways, one whose name says
// nothing, and a MetaQA-like one.
var relationKinds = []string{
	"DEPENDS_ON", "CALLS", "used_by", "optionally_depends_on", "writes_to", "reads_from",
	"OWNS", "memberOf", "reports_to", "PART_OF", "on_call_for", "child_of",
	"similar_to", "connected_with", "encrypts", "directed_by",
}

// fuzzForm is a question form: a question from a transcript with the
// entities its run touched and the relations of its graph, so that the
// question links to the random graphs built around it.
type fuzzForm struct {
	question  string
	entities  []string
	relations []string
}

// crashForm is the five-fact graph of issue 30 that overflowed the stack
// when the critic switched chains over a containment cycle.
var crashForm = fuzzForm{
	question:  "What does x call?",
	entities:  []string{"a", "b", "x", "c", "d", "e"},
	relations: []string{"PART_OF", "DEPENDS_ON", "CALLS"},
}

// fuzzForms reads the question forms of the transcripts, after the crash
// form.
func fuzzForms(tb testing.TB) []fuzzForm {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no transcripts: %v", err)
	}
	forms := []fuzzForm{crashForm}
	err = forEachScenario(tb, files, func(sc *scenario) error {
		res, err := agent.New(sc.store, deterministic(sc.opts...)...).Run(context.Background(), sc.question)
		if res == nil {
			return err
		}
		f := fuzzForm{question: sc.question}
		for _, a := range res.Plan.Anchors {
			f.entities = append(f.entities, a.Entity)
		}
		for _, n := range res.State.Subgraph.Nodes {
			if len(f.entities) >= 8 {
				break
			}
			if !slices.Contains(f.entities, n.Name) {
				f.entities = append(f.entities, n.Name)
			}
		}
		if len(f.entities) == 0 {
			// The question names nothing the graph holds: take a few
			// entities of the graph so that its words still meet names.
			for _, tr := range sc.store.Triples() {
				for _, n := range []string{tr.Subject, tr.Object} {
					if len(f.entities) < 4 && !slices.Contains(f.entities, n) {
						f.entities = append(f.entities, n)
					}
				}
			}
		}
		seen := map[string]bool{}
		for _, tr := range sc.store.Triples() {
			if !seen[tr.Relation] {
				seen[tr.Relation] = true
				f.relations = append(f.relations, tr.Relation)
			}
		}
		sort.Strings(f.relations)
		forms = append(forms, f)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return forms
}

// forEachScenario parses each transcript's scenario and calls fn with it.
func forEachScenario(tb testing.TB, files []string, fn func(*scenario) error) error {
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		header, _, _ := strings.Cut(string(raw), "\n----\n")
		sc, err := parseScenario(tb, path, header)
		if err != nil {
			return err
		}
		if err := fn(sc); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

// graphOf builds the fuzzed graph: the form's entities and a few more, and
// a fact for every three bytes of shape (subject, relation, object), the
// relation taken from the form's relations and then every kind. The first
// byte's low bit closes a cycle: the first fact is also stored reversed.
func (f fuzzForm) graphOf(shape []byte) []graph.Triple {
	if len(shape) == 0 {
		return nil
	}
	names := append([]string(nil), f.entities...)
	for i := range int(shape[0]>>1) % 3 {
		names = append(names, fmt.Sprintf("extra-%d", i))
	}
	rels := append(append([]string(nil), f.relations...), relationKinds...)
	var out []graph.Triple
	for i := 1; i+2 < len(shape) && len(out) < 40; i += 3 {
		t := graph.Triple{
			Subject:  names[int(shape[i])%len(names)],
			Relation: rels[int(shape[i+1])%len(rels)],
			Object:   names[int(shape[i+2])%len(names)],
			Source:   graph.Source{File: "fuzz.txt", Line: len(out) + 1},
		}
		if t.Subject != t.Object {
			out = append(out, t)
		}
	}
	if shape[0]&1 == 1 && len(out) > 0 {
		first := out[0]
		out = append(out, graph.Triple{Subject: first.Object, Relation: first.Relation, Object: first.Subject,
			Source: graph.Source{File: "fuzz.txt", Line: len(out) + 1}})
	}
	return out
}

// shapeOf encodes facts over a form's entities and relations as the bytes
// graphOf reads back, for seeds written as facts.
func (f fuzzForm) shapeOf(facts ...[3]string) []byte {
	rels := append(append([]string(nil), f.relations...), relationKinds...)
	shape := []byte{0}
	for _, fact := range facts {
		shape = append(shape, byte(slices.Index(f.entities, fact[0])), byte(slices.Index(rels, fact[1])), byte(slices.Index(f.entities, fact[2])))
	}
	return shape
}

// FuzzAgentCyclicGraphs runs every question form of the transcripts over
// small random graphs with cycles, through relations of every kind. A run
// must end (no stack overflow, no endless loop: within its timeout), with
// no error but the iteration cap, answering only entities of the graph
// with evidence made of the graph's facts. The five-fact graph of issue
// 30 is a seed. Run it longer with
//
//	go test ./agent -run '^$' -fuzz '^FuzzAgentCyclicGraphs$' -fuzztime 60s
func FuzzAgentCyclicGraphs(f *testing.F) {
	forms := fuzzForms(f)
	f.Add(crashForm.shapeOf(
		[3]string{"a", "PART_OF", "b"}, [3]string{"b", "PART_OF", "a"}, [3]string{"b", "PART_OF", "x"},
		[3]string{"a", "DEPENDS_ON", "c"}, [3]string{"d", "CALLS", "e"}), uint16(0))
	for i := range forms {
		// Every form with a graph of cycles through its own relations.
		f.Add([]byte{1, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 3, 1, 3, 1, 0}, uint16(i))
	}
	f.Fuzz(func(t *testing.T, shape []byte, form uint16) {
		fm := forms[int(form)%len(forms)]
		facts := fm.graphOf(shape)
		if len(facts) == 0 {
			return
		}
		st := memstore.New()
		if _, err := st.AddTriples(t.Context(), facts); err != nil {
			t.Fatalf("AddTriples: %v", err)
		}
		checkRun(t, st, facts, fm.question)
	})
}

// checkRun answers question on st and checks what any run must hold.
func checkRun(t *testing.T, st agent.Store, facts []graph.Triple, question string) {
	t.Helper()
	timeout := 30 * time.Second
	res, err := agent.New(st, deterministic(func(o *agent.Options) { o.Timeout = timeout })...).Run(t.Context(), question)
	if err != nil && !errors.Is(err, agent.ErrIterationLimit) {
		t.Fatalf("%q on %v: %v", question, facts, err)
	}
	if res == nil {
		t.Fatalf("%q on %v: no result", question, facts)
	}
	if res.StopReason == state.StopTimeout {
		t.Fatalf("%q on %v: no end within %s", question, facts, timeout)
	}
	known := map[string]bool{}
	type fact struct{ s, r, o string }
	held := map[fact]bool{}
	for _, tr := range facts {
		known[tr.Subject], known[tr.Object] = true, true
		held[fact{tr.Subject, tr.Relation, tr.Object}] = true
	}
	for _, a := range res.Answers {
		if !known[a.Name] {
			t.Errorf("%q on %v: answer %q is not in the graph", question, facts, a.Name)
		}
		for _, p := range a.Paths {
			if p < 0 || p >= len(res.Paths) {
				t.Errorf("%q: answer %q cites path %d of %d", question, a.Name, p, len(res.Paths))
			}
		}
	}
	for _, p := range res.Paths {
		for _, h := range p.Hops {
			tr := h.Triple()
			if !held[fact{tr.Subject, tr.Relation, tr.Object}] {
				t.Errorf("%q on %v: evidence hop %s is no fact of the graph", question, facts, h)
			}
		}
	}
}

// TestAgentCyclicGraphsCrash is issue 30's five-fact graph, as the CLI
// reads it: the critic switches chains over a containment cycle, which
// used to recurse until the stack overflowed.
func TestAgentCyclicGraphsCrash(t *testing.T) {
	facts := crashForm.graphOf(crashForm.shapeOf(
		[3]string{"a", "PART_OF", "b"}, [3]string{"b", "PART_OF", "a"}, [3]string{"b", "PART_OF", "x"},
		[3]string{"a", "DEPENDS_ON", "c"}, [3]string{"d", "CALLS", "e"}))
	if len(facts) != 5 {
		t.Fatalf("the seed encodes %d facts, want 5", len(facts))
	}
	st := memstore.New()
	if _, err := st.AddTriples(t.Context(), facts); err != nil {
		t.Fatal(err)
	}
	checkRun(t, st, facts, crashForm.question)
}
