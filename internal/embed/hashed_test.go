package embed_test

import (
	"context"
	"testing"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/embed"
)

var _ embeddings.Embedder = embed.Hashed{}

func TestHashedRanksRelatedTextsCloser(t *testing.T) {
	ctx := context.Background()
	h := embed.NewHashed()
	vs, err := h.EmbedDocuments(ctx, []string{"payment-svc", "the Payment Service", "inventory database"})
	if err != nil {
		t.Fatal(err)
	}
	same, other := embed.Cosine(vs[0], vs[1]), embed.Cosine(vs[0], vs[2])
	if same <= other {
		t.Errorf("cos(payment-svc, the Payment Service) = %.3f, not above cos(payment-svc, inventory database) = %.3f", same, other)
	}
	if same < 0.99 {
		t.Errorf("cos(payment-svc, the Payment Service) = %.3f: the same key should give the same vector", same)
	}
	q, err := h.EmbedQuery(ctx, "payment-svc")
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(q, vs[0]); c < 0.999999 {
		t.Errorf("EmbedQuery and EmbedDocuments disagree: cosine %.6f", c)
	}
}

func TestHashedIsDeterministicAndNormalised(t *testing.T) {
	ctx := context.Background()
	a, _ := embed.NewHashed().EmbedQuery(ctx, "Which teams own the checkout flow?")
	b, _ := embed.NewHashed().EmbedQuery(ctx, "Which teams own the checkout flow?")
	if len(a) != embed.DefaultHashedDims {
		t.Fatalf("len = %d, want %d", len(a), embed.DefaultHashedDims)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("dimension %d differs between two runs: %v vs %v", i, a[i], b[i])
		}
	}
	if c := embed.Cosine(a, a); c < 0.999 || c > 1.001 {
		t.Errorf("self-cosine %.4f, want 1", c)
	}
	empty, _ := embed.NewHashed().EmbedQuery(ctx, "")
	if embed.Cosine(empty, a) != 0 {
		t.Error("an empty text should embed to the zero vector")
	}
}
