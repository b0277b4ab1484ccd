package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/relsim"
	"github.com/scgraph/scgraph/internal/wordnet"
)

func TestRelator(t *testing.T) {
	empty := t.TempDir()
	e := &env{getenv: func(k string) string {
		if k == "SCGRAPH_CACHE" {
			return empty
		}
		return ""
	}}
	if r, err := relator(relateNone, e); r != nil || err != nil {
		t.Errorf("--relate none: %v, %v; want no relator", r, err)
	}
	// Without the model installed, auto is today's reader: no relator.
	if r, err := relator(relateAuto, e); r != nil || err != nil {
		t.Errorf("--relate auto without the model: %v, %v; want no relator", r, err)
	}
	// The scgraph process installs it on first need, unless offline.
	e.downloads = true
	if r, err := relator(relateAuto, e); r == nil || err != nil {
		t.Errorf("--relate auto without the model, downloads allowed: %v, %v; want a relator that installs it on first use", r, err)
	}
	offline := &env{downloads: true, getenv: func(k string) string {
		return map[string]string{"SCGRAPH_CACHE": empty, "SCGRAPH_OFFLINE": "1"}[k]
	}}
	if r, err := relator(relateAuto, offline); r != nil || err != nil {
		t.Errorf("--relate auto with SCGRAPH_OFFLINE: %v, %v; want no relator", r, err)
	}
	// WordNet installed, the model not: auto relates by WordNet alone.
	wn := filepath.Join(empty, "embed", wordnet.DirName)
	if err := os.MkdirAll(wn, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range append(wordnet.Files, "SOURCE") {
		if err := os.WriteFile(filepath.Join(wn, f), []byte(wordnet.WordNet31.SHA256+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e.downloads = false
	r, err := relator(relateAuto, e)
	if first, ok := r.(relsim.First); err != nil || !ok || len(first) != 1 {
		t.Errorf("--relate auto with WordNet installed, no model: %v, %v; want WordNet alone", r, err)
	}
	if _, err := relator("minilm-large", e); err == nil {
		t.Error("--relate minilm-large: no error")
	}
}

// TestEmbedCacheDirFollowsAsk: the scgraph program's ingest --docs looks
// for the models where ask finds or installs MiniLM (the user's cache,
// outside a checkout); a run in process keeps to the working directory.
func TestEmbedCacheDirFollowsAsk(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Chdir(t.TempDir())
	user, ok := embed.UserCacheDir()
	if !ok {
		t.Skip("no user cache directory on this system")
	}
	if err := os.MkdirAll(filepath.Join(user, embed.MiniLMDir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(user, embed.MiniLMDir, "model.onnx"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &env{getenv: func(string) string { return "" }, downloads: true}
	if got := embedCacheDir(e, ""); got != user {
		t.Errorf("program: embedCacheDir = %q, want the user cache %q, where ask installed the model", got, user)
	}
	e.downloads = false
	if got := embedCacheDir(e, ""); got != filepath.Join(".cache", "embed") {
		t.Errorf("in process: embedCacheDir = %q, want .cache/embed", got)
	}
	if got := embedCacheDir(e, "/models"); got != "/models" {
		t.Errorf("--embed-cache /models: embedCacheDir = %q", got)
	}
}
