package embed_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/embed"
)

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	embed.Hashed
	texts int
}

func (c *countingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	c.texts += len(texts)
	return c.Hashed.EmbedDocuments(ctx, texts)
}

func TestVectorFileRoundTripAndReuse(t *testing.T) {
	ctx := context.Background()
	passages := []embed.Passage{{"a.md#0", "The checkout service calls the order service."}, {"a.md#1", "db-v2 is owned by the platform team."}, {"b.md#0", "Runbook: page the on-call engineer."}}
	e := &countingEmbedder{Hashed: embed.NewHashed()}
	var seen []int
	vs, stats, err := embed.EmbedPassages(ctx, e, passages, nil, 2, func(done, total int) { seen = append(seen, done, total) })
	if err != nil {
		t.Fatal(err)
	}
	if stats.Embedded != 3 || stats.Reused != 0 || e.texts != 3 {
		t.Errorf("first embedding: %+v, %d texts embedded; want all 3 embedded", stats, e.texts)
	}
	if want := []int{2, 3, 3, 3}; !slices.Equal(seen, want) {
		t.Errorf("progress calls %v, want %v", seen, want)
	}
	path := filepath.Join(t.TempDir(), "corpus.vectors.bin")
	if err := vs.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := embed.ReadVectorsFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Embedder != embed.HashedName || back.Dims != embed.DefaultHashedDims || len(back.Items) != 3 {
		t.Fatalf("read back %s/%d with %d vectors", back.Embedder, back.Dims, len(back.Items))
	}
	for i, v := range back.Items {
		if v.ID != passages[i].ID || v.TextHash != vs.Items[i].TextHash || embed.Cosine(v.Values, vs.Items[i].Values) < 0.999999 {
			t.Errorf("vector %d changed in the round trip", i)
		}
	}

	// One passage edited, one removed, one added: only two texts embedded.
	next := []embed.Passage{passages[0], {"a.md#1", "db-v2 is owned by the data team."}, {"c.md#0", "A new document."}}
	e.texts = 0
	vs2, stats, err := embed.EmbedPassages(ctx, e, next, back, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Embedded != 2 || stats.Reused != 1 || e.texts != 2 {
		t.Errorf("incremental embedding: %+v, %d texts embedded; want 2 embedded, 1 reused", stats, e.texts)
	}
	fresh, _, _ := embed.EmbedPassages(ctx, embed.NewHashed(), next, nil, 8, nil)
	for i := range fresh.Items {
		if got, _ := vs2.Lookup(next[i].ID); embed.Cosine(got, fresh.Items[i].Values) < 0.999999 {
			t.Errorf("%s: the incremental vector differs from a fresh one", next[i].ID)
		}
	}

	// Another embedder (here: another length) invalidates every vector.
	e2 := &countingEmbedder{Hashed: embed.Hashed{Dims: 64}}
	_, stats, err = embed.EmbedPassages(ctx, e2, next, vs2, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Reused != 0 || e2.texts != 3 {
		t.Errorf("after changing the embedder: %+v; want nothing reused", stats)
	}
}

func TestReadVectorsFileErrors(t *testing.T) {
	dir := t.TempDir()
	vs, _, err := embed.EmbedPassages(context.Background(), embed.NewHashed(), []embed.Passage{{"a#0", "x"}, {"a#1", "y"}}, nil, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.vectors.bin")
	if err := vs.WriteFile(good); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(good)
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"not-vectors": {[]byte("hello world, not vectors"), "not a vector file"},
		"truncated":   {b[:len(b)-10], "vector 2 of 2: truncated"},
		"trailing":    {append(append([]byte{}, b...), 0), "data after the 2 vectors"},
	} {
		p := filepath.Join(dir, name+".vectors.bin")
		if err := os.WriteFile(p, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := embed.ReadVectorsFile(p)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: err = %v, want one naming the file and saying %q", name, err, tc.want)
		}
	}
	if got := embed.VectorsPath("out/corpus.snap"); got != "out/corpus.vectors.bin" {
		t.Errorf("VectorsPath = %q", got)
	}
}

func TestChoose(t *testing.T) {
	empty := t.TempDir()
	e, fellBack, err := embed.Choose(embed.Auto, embed.Options{CacheDir: empty})
	if err != nil || !fellBack || e.Name() != embed.HashedName {
		t.Errorf("auto without the model: %v, fell back %v, %v; want hashed and a fall-back", e, fellBack, err)
	}
	_, _, err = embed.Choose(embed.MiniLMName, embed.Options{CacheDir: empty})
	if err == nil || !strings.Contains(err.Error(), "scripts/embed-model") {
		t.Errorf("minilm without the model: err = %v, want one saying to run scripts/embed-model", err)
	}
	if _, _, err := embed.Choose("word2vec", embed.Options{CacheDir: empty}); err == nil || !strings.Contains(err.Error(), "word2vec") {
		t.Errorf("unknown embedder: err = %v", err)
	}
}

func TestNearestAndQueryEmbedder(t *testing.T) {
	ctx := context.Background()
	passages := []embed.Passage{
		{"runbooks/db.md#0", "If db-v2 goes down, fail over to the replica and page the platform team."},
		{"services/checkout.md#0", "The checkout service calls the order service to place orders."},
		{"ownership/teams.md#0", "The shipping team owns the fulfillment service."},
	}
	vs, _, err := embed.EmbedPassages(ctx, embed.Hashed{Dims: 256}, passages, nil, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := vs.QueryEmbedder(embed.Options{CacheDir: t.TempDir()})
	if err != nil || e.Name() != embed.HashedName || e.Dimensions() != 256 {
		t.Fatalf("QueryEmbedder = %v, %v; want hashed with the file's 256 dimensions", e, err)
	}
	q, _ := e.EmbedQuery(ctx, "who is paged when db-v2 goes down?")
	hits := vs.Nearest(q, 2, nil)
	if len(hits) != 2 || hits[0].ID != "runbooks/db.md#0" || hits[0].Cosine < hits[1].Cosine {
		t.Errorf("Nearest = %+v, want the db-v2 runbook first", hits)
	}
	only := vs.Nearest(q, 5, func(id string) bool { return strings.HasPrefix(id, "services/") })
	if len(only) != 1 || only[0].ID != "services/checkout.md#0" {
		t.Errorf("Nearest with a filter = %+v, want only the services chunk", only)
	}
	vs.Embedder = "word2vec"
	if _, err := vs.QueryEmbedder(embed.Options{CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "word2vec") {
		t.Errorf("unknown embedder: err = %v", err)
	}
	vs.Embedder = embed.MiniLMName
	if _, err := vs.QueryEmbedder(embed.Options{CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "scripts/embed-model") {
		t.Errorf("minilm vectors without the model: err = %v", err)
	}
}
