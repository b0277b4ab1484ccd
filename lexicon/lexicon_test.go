package lexicon

import (
	"bytes"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

func chain(steps ...string) state.Chain {
	var c state.Chain
	for _, s := range steps {
		d := graph.Out
		if strings.HasPrefix(s, "<") {
			d, s = graph.In, s[1:]
		}
		c.Steps = append(c.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: s, Direction: d}}})
	}
	return c
}

func TestFeaturesMarkSideAndRank(t *testing.T) {
	fs, w := analyze("who acted in the films directed by the director of <e>")
	for _, f := range []string{"bias", "w:act", "L0:director", "L1:direct", "L2:film", "L3:act", "l1:of", "b:direct_by"} {
		if !contains(fs, f) {
			t.Errorf("features lack %q: %v", f, fs)
		}
	}
	if got := w.nameAt("directed_by"); got != "L0" {
		// "director" stems to itself, "directed" to "direct": the nearest
		// word of the relation's name is "direct" at L1.
		if got != "L1" {
			t.Errorf("nameAt(directed_by) = %q, want L1", got)
		}
	}
	if got := w.nameAt("__people__person__spouse"); got != "none" {
		t.Errorf("nameAt(spouse) = %q, want none", got)
	}
	_, w = analyze("what is the nation of <e> 's couple ?")
	if got := w.nameAt("nation"); got != "L0" {
		t.Errorf("nameAt(nation) = %q, want L0", got)
	}
	if got := w.nameAt("couple"); got != "R0" {
		t.Errorf("nameAt(couple) = %q, want R0", got)
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// The phrasing decides the chain, including the order of hops.
func TestTrainAndRank(t *testing.T) {
	spouseNat := chain("spouse", "nationality")
	natSpouse := chain("nationality", "spouse")
	father := chain("parents")
	var exs []Example
	for _, name := range []string{"a", "b", "c", "d"} {
		_ = name
		exs = append(exs,
			Example{Question: "what is the nation of <e> 's couple ?", Gold: []state.Chain{spouseNat}},
			Example{Question: "the nationality of the wife of <e> ?", Gold: []state.Chain{spouseNat}},
			Example{Question: "who is the couple of <e> 's nation ?", Gold: []state.Chain{natSpouse}},
			Example{Question: "who is the father of <e> ?", Gold: []state.Chain{father}},
		)
	}
	m := Train(exs, TrainOptions{Epochs: 5, Name: "toy"})
	for q, want := range map[string]state.Chain{
		"what is the nation of <e> 's couple ?": spouseNat,
		"who is the couple of <e> 's nation ?":  natSpouse,
		"who is the father of <e> ?":            father,
		"tell me the nation of <e> 's couple":   spouseNat,
	} {
		got := m.Chains(q, "", nil, 3)
		if len(got) == 0 || got[0].String() != want.String() {
			t.Errorf("Chains(%q)[0] = %v, want %v", q, got, want)
		}
	}
	// Round trip.
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Load(&buf)
	if err != nil {
		t.Fatal(err)
	}
	q := "who is the couple of <e> 's nation ?"
	// Weights are stored to three decimals: the ranking survives.
	if a, b := m.Chains(q, "", nil, 3), back.Chains(q, "", nil, 3); fmtChains(a) != fmtChains(b) {
		t.Errorf("after Save/Load: %v, want %v", b, a)
	}
	if back.Name != "toy" {
		t.Errorf("name = %q", back.Name)
	}
}

func fmtChains(cs []state.Chain) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.String())
	}
	return strings.Join(parts, "; ")
}

func TestLoadRejectsBadFiles(t *testing.T) {
	for _, in := range []string{
		`{"version": 2, "relations": []}`,
		`{"version": 1, "features": ["a"], "components": ["b"], "weights": [[0, 5, 1]]}`,
		`{"version": 1, "surprise": true}`,
		`not json`,
	} {
		if _, err := Load(strings.NewReader(in)); err == nil {
			t.Errorf("Load(%q) succeeded", in)
		}
	}
}

func TestBuiltinMatchesByRelations(t *testing.T) {
	ms, err := builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		s := &graph.Schema{}
		for _, r := range m.Relations {
			s.Relations = append(s.Relations, graph.RelationDef{Name: r})
		}
		if got := Builtin(s); got != m {
			t.Errorf("Builtin(schema of %s) = %v", m, got)
		}
	}
	if got := Builtin(&graph.Schema{Relations: []graph.RelationDef{{Name: "DEPENDS_ON"}}}); got != nil {
		t.Errorf("Builtin(unrelated schema) = %v, want nil", got)
	}
}

// A lexicon applied to a graph that lacks some of its relations proposes
// only chains the graph can walk.
func TestChainsOnlyWalkable(t *testing.T) {
	exs := []Example{
		{Question: "who is the father of <e> ?", Gold: []state.Chain{chain("parents")}},
		{Question: "who is the father of <e> ?", Gold: []state.Chain{chain("parents")}},
		{Question: "what is the nation of <e> ?", Gold: []state.Chain{chain("nationality")}},
	}
	m := Train(exs, TrainOptions{Epochs: 3})
	q := "who is the father of <e> ?"
	if got := m.Chains(q, "", nil, 3); len(got) == 0 || got[0].String() != chain("parents").String() {
		t.Fatalf("without a schema: %v", got)
	}
	small := &graph.Schema{Relations: []graph.RelationDef{{Name: "nationality"}}}
	got := m.Chains(q, "", small, 3)
	if len(got) == 0 {
		t.Fatal("no chain proposed on the smaller graph")
	}
	for _, c := range got {
		for _, st := range c.Steps {
			if st.Edges[0].Relation != "nationality" {
				t.Errorf("proposed %v on a graph without %s", c, st.Edges[0].Relation)
			}
		}
	}
}
