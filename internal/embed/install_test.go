package embed_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/embed"
)

func hexSum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// fakeModel serves a jar holding a model and a tokenizer, and returns the
// source that describes it.
func fakeModel(t *testing.T) (embed.ModelSource, *int) {
	t.Helper()
	model, tok := []byte("not really onnx"), []byte(`{"model": "wordpiece"}`)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range map[string][]byte{"m.onnx": model, "m-tokenizer.json": tok, "META-INF/MANIFEST.MF": []byte("x")} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	jar := buf.Bytes()
	hits := new(int)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		*hits++
		if r.URL.Path != "/m.jar" {
			http.NotFound(w, r)
			return
		}
		w.Write(jar)
	}))
	t.Cleanup(srv.Close)
	return embed.ModelSource{URL: srv.URL + "/m.jar", JarSHA256: hexSum(jar), ModelEntry: "m.onnx", ModelSHA256: hexSum(model),
		TokenizerEntry: "m-tokenizer.json", TokenizerSHA256: hexSum(tok), Size: int64(len(jar))}, hits
}

func TestInstallPutsTheCheckedFilesInPlaceOnce(t *testing.T) {
	src, hits := fakeModel(t)
	dir := filepath.Join(t.TempDir(), "embed", "m")
	if embed.Installed(dir, src) {
		t.Fatal("installed before the install")
	}
	for range 2 {
		if err := embed.Install(t.Context(), dir, src, nil); err != nil {
			t.Fatal(err)
		}
	}
	if !embed.Installed(dir, src) {
		t.Fatal("not installed after the install")
	}
	if *hits != 1 {
		t.Errorf("%d downloads, want 1 (the second install finds it there)", *hits)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "SOURCE")); err != nil || !strings.Contains(string(b), src.URL) {
		t.Errorf("SOURCE %q, %v: want the URL", b, err)
	}
	if ents, _ := os.ReadDir(filepath.Dir(dir)); len(ents) != 1 {
		t.Errorf("%d entries beside the model, want none (no temporary directory left)", len(ents)-1)
	}
}

func TestInstallRefusesWhatDoesNotMatch(t *testing.T) {
	for name, spoil := range map[string]func(*embed.ModelSource){
		"jar checksum":   func(s *embed.ModelSource) { s.JarSHA256 = strings.Repeat("0", 64) },
		"model checksum": func(s *embed.ModelSource) { s.ModelSHA256 = strings.Repeat("0", 64) },
		"missing entry":  func(s *embed.ModelSource) { s.TokenizerEntry = "absent.json" },
		"not found":      func(s *embed.ModelSource) { s.URL += "-gone" },
	} {
		t.Run(name, func(t *testing.T) {
			src, _ := fakeModel(t)
			spoil(&src)
			root := t.TempDir()
			dir := filepath.Join(root, "m")
			if err := embed.Install(t.Context(), dir, src, nil); err == nil {
				t.Fatal("installed")
			}
			if ents, _ := os.ReadDir(root); len(ents) != 0 {
				t.Errorf("left %d entries behind, want nothing", len(ents))
			}
		})
	}
}
