package hybrid_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/state"
)

const corpus = "../../testdata/docs/demo"

func demoIndex(t testing.TB) (*docs.Index, *hybrid.Index) {
	t.Helper()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(context.Background(), corpus, nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x, err := hybrid.New(context.Background(), ix, hybrid.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return ix, x
}

func search(t *testing.T, x *hybrid.Index, q hybrid.Query) []hybrid.Passage {
	t.Helper()
	ps, err := x.Search(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func chunks(ps []hybrid.Passage) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Chunk)
	}
	return out
}

func TestEachSignalFindsTheRunbook(t *testing.T) {
	_, x := demoIndex(t)
	const want = "runbooks/db-v2-cutover.md#0"
	for _, sig := range []hybrid.Signals{hybrid.Keyword, hybrid.Semantic, hybrid.Keyword | hybrid.Semantic} {
		ps := search(t, x, hybrid.Query{Question: "where is the runbook for the db-v2 cutover?", Signals: sig, K: 3})
		if len(ps) == 0 || ps[0].Chunk != want {
			t.Errorf("%s: top passages %v, want %s first", sig, chunks(ps), want)
		}
		for _, p := range ps {
			if !sig.Has(hybrid.Semantic) && p.Ranks.Semantic != 0 || !sig.Has(hybrid.Keyword) && p.Ranks.Keyword != 0 || p.Ranks.Graph != 0 {
				t.Errorf("%s: %s ranked by a signal not asked for: %+v", sig, p.Chunk, p.Ranks)
			}
		}
	}
}

func TestFusedScoreIsReciprocalRankFusion(t *testing.T) {
	_, x := demoIndex(t)
	q := hybrid.Query{Question: "which teams own the payment service?", K: 100,
		Proximity: hybrid.FromEntities([]string{"payment-service"})}
	ps := search(t, x, q)
	if len(ps) < 3 {
		t.Fatalf("only %d passages", len(ps))
	}
	for i, p := range ps {
		want := 0.0
		for _, r := range []int{p.Ranks.Semantic, p.Ranks.Keyword, p.Ranks.Graph} {
			if r > 0 {
				want += 1 / float64(hybrid.RRFK+r)
			}
		}
		if p.Score != want {
			t.Errorf("%s: score %v, want Σ1/(k+rank) = %v (ranks %+v)", p.Chunk, p.Score, want, p.Ranks)
		}
		if i > 0 && ps[i-1].Score < p.Score {
			t.Errorf("passages not best first at %d", i)
		}
	}
	// Every chunk that mentions payment-service is ranked by the graph
	// signal, and no other chunk is.
	for _, p := range ps {
		if (p.Ranks.Graph > 0) != slices.Contains(p.Near, "payment-service") {
			t.Errorf("%s: graph rank %d, near %v", p.Chunk, p.Ranks.Graph, p.Near)
		}
	}
}

func TestScopeKeepsResultsInsideTheTraversal(t *testing.T) {
	ix, x := demoIndex(t)
	scope := map[string]bool{"ledger-service": true, "db-v2-proxy": true}
	ps := search(t, x, hybrid.Query{Question: "what does the payment service depend on?", K: 100,
		Proximity: hybrid.Proximity{Distance: map[string]int{"ledger-service": 0, "db-v2-proxy": 1}, Visited: scope}})
	mentions := map[string][]string{}
	for _, d := range ix.Documents {
		for _, m := range d.Mentions {
			mentions[m.Chunk] = append(mentions[m.Chunk], m.Entity)
		}
	}
	want := 0
	for c, es := range mentions {
		if slices.ContainsFunc(es, func(e string) bool { return scope[e] }) {
			want++
		} else if slices.Contains(chunks(ps), c) {
			t.Errorf("%s mentions none of the traversed entities but was returned", c)
		}
	}
	if len(ps) != want {
		t.Errorf("%d passages, want the %d chunks that mention a traversed entity", len(ps), want)
	}
	// The chunk naming the path entity outranks the ones naming only its
	// neighbour, in the graph signal.
	for _, p := range ps {
		if p.Ranks.Graph == 1 && !slices.Contains(p.Near, "ledger-service") {
			t.Errorf("graph signal's first passage %s does not name the path entity (near %v)", p.Chunk, p.Near)
		}
	}
}

func TestFromEvidenceDistances(t *testing.T) {
	sub := state.Subgraph{
		Nodes: []state.Node{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "far"}, {Name: "doc.md", Type: docs.TypeDocument}, {Name: "doc.md#0", Type: docs.TypeChunk}},
		Edges: []state.Edge{
			{Subject: "a", Relation: "CALLS", Object: "b"},
			{Subject: "c", Relation: "CALLS", Object: "b"},
			{Subject: "far", Relation: "CALLS", Object: "c"},
			{Subject: "doc.md#0", Relation: docs.RelMentions, Object: "a"},
		},
	}
	paths := []graph.Path{{Hops: []graph.Hop{{From: "a", Relation: "CALLS", To: "b", Direction: graph.Out}}}}
	p := hybrid.FromEvidence(paths, sub)
	want := map[string]int{"a": 0, "b": 0, "c": 1}
	if !maps.Equal(p.Distance, want) {
		t.Errorf("distances %v, want %v (far is two hops away; chunks are structure)", p.Distance, want)
	}
	for _, e := range []string{"a", "b", "c", "far"} {
		if !p.Visited[e] {
			t.Errorf("%s was retrieved but is not in the scope", e)
		}
	}
	if p.Visited["doc.md#0"] || p.Visited["doc.md"] {
		t.Errorf("document structure in the scope: %v", p.Visited)
	}
}

type failingEmbedder struct{}

var errEmbed = errors.New("embedder down")

func (failingEmbedder) EmbedDocuments(context.Context, []string) ([][]float32, error) {
	return nil, errEmbed
}
func (failingEmbedder) EmbedQuery(context.Context, string) ([]float32, error) { return nil, errEmbed }

func TestEmbedderErrorsAreReturned(t *testing.T) {
	ix, _ := demoIndex(t)
	if _, err := hybrid.New(context.Background(), ix, hybrid.Config{Embedder: failingEmbedder{}}); !errors.Is(err, errEmbed) {
		t.Fatalf("New with a failing embedder: %v", err)
	}
}

func TestStatedChunksLeadTheGraphSignal(t *testing.T) {
	_, x := demoIndex(t)
	// The ledger's own page states the evidence edge; the payments team's
	// page mentions more of the path's entities but states none of its
	// edges.
	prox := hybrid.Proximity{
		Distance: map[string]int{"ledger-service": 0, "db-v2-proxy": 0, "payment-service": 0, "fraud-detection-service": 0},
		Stated:   map[string]int{"services/ledger-service.md#0": 1},
	}
	ps := search(t, x, hybrid.Query{Question: "what does the ledger depend on?", Signals: hybrid.Graph, Proximity: prox, K: 100})
	if len(ps) == 0 || ps[0].Chunk != "services/ledger-service.md#0" || ps[0].Ranks.Graph != 1 {
		t.Fatalf("graph ranking %v: the stated chunk is not first", chunks(ps))
	}
	var payments hybrid.Passage
	for _, p := range ps {
		if p.Chunk == "ownership/team-payments.md#0" {
			payments = p
		}
	}
	if len(payments.Near) <= len(ps[0].Near) {
		t.Fatalf("the test needs a chunk mentioning more path entities than the stated one: %+v vs %+v", payments, ps[0])
	}
}

// storedVectors are vectors kept at ingest, by chunk ID.
type storedVectors map[string][]float32

func (s storedVectors) Lookup(id string) ([]float32, bool) {
	v, ok := s[id]
	return v, ok
}

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	embed.Hashed
	texts int
}

func (c *countingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	c.texts += len(texts)
	return c.Hashed.EmbedDocuments(ctx, texts)
}

func TestStoredVectorsAreUsed(t *testing.T) {
	ix, _ := demoIndex(t)
	ctx := context.Background()
	q := "what do we know about the shipping labels?"
	qv, err := embed.NewHashed().EmbedQuery(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	// The stored vector of one unrelated chunk is the question's own: the
	// semantic signal must rank that chunk first, so it read the store.
	const pinned = "ownership/team-identity.md#0"
	e := &countingEmbedder{Hashed: embed.NewHashed()}
	x, err := hybrid.New(ctx, ix, hybrid.Config{Embedder: e, Stored: storedVectors{pinned: qv}})
	if err != nil {
		t.Fatal(err)
	}
	if e.texts != x.Len()-1 {
		t.Errorf("embedded %d chunks, want all %d but the stored one", e.texts, x.Len()-1)
	}
	ps := search(t, x, hybrid.Query{Question: q, Signals: hybrid.Semantic, K: 1})
	if len(ps) != 1 || ps[0].Chunk != pinned {
		t.Errorf("semantic top %v, want the chunk with the stored vector %s", chunks(ps), pinned)
	}
}
