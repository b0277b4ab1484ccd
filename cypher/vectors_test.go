package cypher_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docgraph"
	"github.com/scgraph/scgraph/internal/embed"
)

// TestChunkVectors writes hashed-embedder vectors onto chunk nodes, and
// the vector index finds each chunk first for its own text and the
// related chunk for a question; another embedder's dimensions are refused
// until the index is dropped.
func TestChunkVectors(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := context.Background()
	if err := s.DropChunkVectorIndex(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.DropChunkVectorIndex(context.Background()) })
	chunks := []struct{ id, text string }{
		{"runbooks/db.md#0", "If db-v2 goes down, fail over to the replica and page the platform team."},
		{"services/checkout.md#0", "The checkout service calls the order service to place orders."},
		{"ownership/teams.md#0", "The shipping team owns the fulfillment service and its dashboards."},
	}
	var triples []graph.Triple
	for _, c := range chunks {
		doc := c.id[:len(c.id)-2]
		triples = append(triples, graph.Triple{Subject: c.id, Relation: "PART_OF", Object: doc, SubjectType: "Chunk", ObjectType: "Document"})
	}
	if _, err := s.AddTriples(ctx, triples); err != nil {
		t.Fatal(err)
	}
	e := embed.NewHashed()
	var vectors []docgraph.ChunkVector
	for _, c := range chunks {
		v, err := e.EmbedQuery(ctx, c.text)
		if err != nil {
			t.Fatal(err)
		}
		vectors = append(vectors, docgraph.ChunkVector{ID: c.id, Vector: v})
	}
	if err := s.EnsureChunkVectorIndex(ctx, e.Dimensions()); err != nil {
		t.Fatal(err)
	}
	missing, err := s.SetChunkVectors(ctx, e.Name(), append(vectors, docgraph.ChunkVector{ID: "no/such.md#0", Vector: vectors[0].Vector}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(missing, []string{"no/such.md#0"}) {
		t.Errorf("missing = %v, want the one id with no chunk node", missing)
	}
	for _, v := range vectors {
		hits, err := s.SimilarChunks(ctx, e.Name(), v.Vector, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != len(chunks) || hits[0].ID != v.ID || hits[0].Score < 0.99 {
			t.Errorf("query by %s's own vector: %+v, want it first with score 1", v.ID, hits)
		}
	}
	q, _ := e.EmbedQuery(ctx, "who gets paged when db-v2 is down?")
	hits, err := s.SimilarChunks(ctx, e.Name(), q, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].ID != "runbooks/db.md#0" {
		t.Errorf("question about db-v2: %+v, want runbooks/db.md#0", hits)
	}
	if hits, err := s.SimilarChunks(ctx, "another-embedder", q, 3); err != nil || len(hits) != 0 {
		t.Errorf("another embedder's query: %+v, %v; want no hits", hits, err)
	}

	// Another embedder's length: refused until the index is dropped.
	if err := s.EnsureChunkVectorIndex(ctx, 384); !errors.Is(err, docgraph.ErrVectorDims) {
		t.Errorf("index of other dimensions: err = %v, want ErrVectorDims", err)
	}
	if _, err := s.SetChunkVectors(ctx, e.Name(), []docgraph.ChunkVector{{ID: "a", Vector: []float32{1, 2}}, {ID: "b", Vector: []float32{1}}}); err == nil {
		t.Error("vectors of different lengths were accepted")
	}
	if err := s.DropChunkVectorIndex(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.EnsureChunkVectorIndex(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if hits, err := s.SimilarChunks(ctx, e.Name(), []float32{1, 0, 0, 0}, 3); err != nil || len(hits) != 0 {
		t.Errorf("after dropping the vectors: %+v, %v; want no hits", hits, err)
	}
}
