package embed_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/embed"
)

var _ embeddings.Embedder = (*embed.BERT)(nil)

// miniLM loads the installed model or skips the test saying how to install it.
func miniLM(t testing.TB) *embed.BERT {
	t.Helper()
	m, err := embed.LoadMiniLM(filepath.Join(embed.CacheDir(), embed.MiniLMDir))
	if os.IsNotExist(err) {
		t.Skipf("all-MiniLM-L6-v2 is not installed (%v): run scripts/embed-model (SCGRAPH_CACHE=%s)", err, os.Getenv("SCGRAPH_CACHE"))
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMiniLMQuick(t *testing.T) {
	m := miniLM(t)
	ctx := context.Background()
	vs, err := m.EmbedDocuments(ctx, []string{"A man is eating food.", "A man is eating a piece of bread.", "The girl is carrying a baby.", "A man is riding a horse."})
	if err != nil {
		t.Fatal(err)
	}
	for i := range vs {
		for j := range vs {
			t.Logf("%d %d %.4f", i, j, embed.Cosine(vs[i], vs[j]))
		}
	}
	t.Log(vs[0][:8], m.Tokens("Hello, payment-svc! Amélie"))
}
