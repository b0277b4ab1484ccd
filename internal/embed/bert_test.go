package embed_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/embed"
)

var _ embeddings.Embedder = (*embed.BERT)(nil)

var (
	loadOnce  sync.Once
	loaded    *embed.BERT
	loadError error
)

// miniLM loads the installed model once for all tests, or skips the test
// saying how to install it.
func miniLM(t testing.TB) *embed.BERT {
	t.Helper()
	loadOnce.Do(func() { loaded, loadError = embed.LoadMiniLM(filepath.Join(embed.CacheDir(), embed.MiniLMDir)) })
	if os.IsNotExist(loadError) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("all-MiniLM-L6-v2 is not installed under CI (%v): scripts/test installs it with scripts/embed-model", loadError)
		}
		t.Skipf("all-MiniLM-L6-v2 is not installed (%v): run scripts/embed-model (SCGRAPH_CACHE=%q)", loadError, os.Getenv("SCGRAPH_CACHE"))
	}
	if loadError != nil {
		t.Fatal(loadError)
	}
	return loaded
}

// The published behaviour of all-MiniLM-L6-v2 (sentence-transformers'
// semantic-search example): a paraphrase ranks far above unrelated texts.
func TestMiniLMRanksParaphrasesFirst(t *testing.T) {
	m := miniLM(t)
	ctx := context.Background()
	texts := []string{"A man is eating food.", "A man is eating a piece of bread.", "The girl is carrying a baby.", "A man is riding a horse."}
	vs, err := m.EmbedDocuments(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs[0]) != m.Dimensions() || m.Dimensions() != 384 {
		t.Fatalf("vector length %d, Dims %d, want 384", len(vs[0]), m.Dimensions())
	}
	bread := embed.Cosine(vs[0], vs[1])
	for _, j := range []int{2, 3} {
		if c := embed.Cosine(vs[0], vs[j]); c >= bread-0.3 {
			t.Errorf("cos(%q, %q) = %.3f, not well below the paraphrase's %.3f", texts[0], texts[j], c, bread)
		}
	}
	q, err := m.EmbedQuery(ctx, texts[1])
	if err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(q, vs[1]); c < 0.99999 {
		t.Errorf("EmbedQuery and EmbedDocuments disagree on %q: cosine %.6f", texts[1], c)
	}
	// Names the document features must tell apart or bring together.
	same, other := pairCosine(t, m, "payment-svc", "the Payment Service"), pairCosine(t, m, "payment-svc", "the inventory database")
	if same <= other {
		t.Errorf("cos(payment-svc, the Payment Service) = %.3f, not above cos(payment-svc, the inventory database) = %.3f", same, other)
	}
}

func pairCosine(t *testing.T, e embeddings.Embedder, a, b string) float64 {
	t.Helper()
	vs, err := e.EmbedDocuments(context.Background(), []string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	return embed.Cosine(vs[0], vs[1])
}

func TestMiniLMWordPieces(t *testing.T) {
	m := miniLM(t)
	// [CLS] hello , payment - sv ##c ! amelie [SEP]: lower-cased, accents
	// stripped, punctuation split off, an unknown word cut into pieces.
	want := []int32{101, 7592, 1010, 7909, 1011, 17917, 2278, 999, 25285, 102}
	if got := m.Tokens("Hello, payment-svc! Amélie"); !slices.Equal(got, want) {
		t.Errorf("Tokens = %v, want %v", got, want)
	}
	long := strings.Repeat("word ", 1000)
	if got := len(m.Tokens(long)); got != m.MaxTokens() {
		t.Errorf("a 1000-word text gives %d pieces, want the cap %d", got, m.MaxTokens())
	}
}

func TestLoadMiniLMErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := embed.LoadMiniLM(dir); !os.IsNotExist(err) {
		t.Errorf("empty directory: err = %v, want a not-exist error", err)
	}
	src := filepath.Join(embed.CacheDir(), embed.MiniLMDir, "tokenizer.json")
	tok, err := os.ReadFile(src)
	if err != nil {
		t.Skipf("all-MiniLM-L6-v2 is not installed (%v): run scripts/embed-model", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tokenizer.json"), tok, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "model.onnx"), []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = embed.LoadMiniLM(dir)
	if err == nil || !strings.Contains(err.Error(), "model.onnx") {
		t.Errorf("a corrupt model.onnx: err = %v, want an error naming the file", err)
	}
}

func BenchmarkMiniLM(b *testing.B) {
	m := miniLM(b)
	ctx := context.Background()
	short := "Which teams are affected if db-v2 goes down?"
	chunk := strings.TrimSpace(strings.Repeat("The checkout service calls the order service, which reads from db-v2 owned by the platform team. ", 5))
	b.Run("short", func(b *testing.B) {
		for b.Loop() {
			if _, err := m.EmbedQuery(ctx, short); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(m.Tokens(short))), "tokens")
	})
	b.Run("chunk80words", func(b *testing.B) {
		for b.Loop() {
			if _, err := m.EmbedQuery(ctx, chunk); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(strings.Fields(chunk))), "words")
		b.ReportMetric(float64(len(m.Tokens(chunk))), "tokens")
	})
	b.Run("8chunks", func(b *testing.B) {
		batch := slices.Repeat([]string{chunk}, 8)
		for b.Loop() {
			if _, err := m.EmbedDocuments(ctx, batch); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestMiniLMMatchesOnnxruntime compares with vectors scripts/embed-check
// computed by onnxruntime from the same model file; it runs only there.
func TestMiniLMMatchesOnnxruntime(t *testing.T) {
	path := os.Getenv("SCGRAPH_EMBED_REFERENCE")
	if path == "" {
		t.Skip("SCGRAPH_EMBED_REFERENCE is not set: run scripts/embed-check")
	}
	m := miniLM(t)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text   string    `json:"text"`
		IDs    []int32   `json:"ids"`
		Vector []float32 `json:"vector"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	lowest := 1.0
	for _, c := range cases {
		if got := m.Tokens(c.Text); !slices.Equal(got, c.IDs) {
			t.Errorf("%q: word pieces %v, tokenizers gives %v", c.Text, got, c.IDs)
		}
		v, err := m.EmbedQuery(context.Background(), c.Text)
		if err != nil {
			t.Fatal(err)
		}
		cos := embed.Cosine(v, c.Vector)
		lowest = min(lowest, cos)
		if cos < 0.999 {
			t.Errorf("%q: cosine %.6f to onnxruntime's vector, want > 0.999", c.Text, cos)
		}
	}
	t.Logf("%d texts: lowest cosine to onnxruntime %.7f", len(cases), lowest)
}
