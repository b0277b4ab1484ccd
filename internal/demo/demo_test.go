package demo_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
)

// The demo loads, every name its questions use is in it, and every type
// and relation of the data is declared in its schema.
func TestDemoIsConsistent(t *testing.T) {
	ctx := context.Background()
	st, err := demo.Open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ents, triples := st.Stats()
	if ents < 100 || triples < 200 {
		t.Errorf("demo has %d entities, %d triples; want 100+ and 200+", ents, triples)
	}
	s, err := st.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	given, _ := demo.Schema()
	if len(s.Types) != len(given.Types) || len(s.Relations) != len(given.Relations) {
		t.Errorf("data has %d types, %d relations; the schema declares %d, %d", len(s.Types), len(s.Relations), len(given.Types), len(given.Relations))
	}
	sc := bufio.NewScanner(bytes.NewReader(demo.Questions()))
	n := 0
	for sc.Scan() {
		var q struct {
			ID      string   `json:"id"`
			Answers []string `json:"answers"`
			Anchors []string `json:"anchors"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("question %d: %v", n+1, err)
		}
		n++
		names := append(append([]string(nil), q.Answers...), q.Anchors...)
		res, err := st.Resolve(ctx, graph.ResolveRequest{Mentions: names, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		for i, ms := range res {
			if len(ms) == 0 || ms[0].Method != graph.MatchExact {
				t.Errorf("%s: %q is not an entity of the demo graph", q.ID, names[i])
			}
		}
	}
	if n < 20 {
		t.Errorf("%d demo questions, want 20+", n)
	}
}
