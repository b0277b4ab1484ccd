package install

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestDirPutsTheFilledDirectoryInPlace(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache", "thing")
	there := func() bool { _, err := os.Stat(filepath.Join(dir, "f")); return err == nil }
	err := Dir(dir, there, func(tmp string) error { return os.WriteFile(filepath.Join(tmp, "f"), []byte("x"), 0o644) })
	if err != nil || !there() {
		t.Fatalf("Dir: %v; installed %v", err, there())
	}
	calls := 0
	if err := Dir(dir, there, func(string) error { calls++; return nil }); err != nil || calls != 0 {
		t.Errorf("Dir over an installed directory: %v, filled %d times", err, calls)
	}
}

func TestDirLeavesNothingOnFailure(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "thing")
	boom := errors.New("boom")
	err := Dir(dir, func() bool { return false }, func(tmp string) error {
		os.WriteFile(filepath.Join(tmp, "half"), []byte("x"), 0o644)
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Dir: %v, want the fill's error", err)
	}
	if left, _ := os.ReadDir(parent); len(left) != 0 {
		t.Errorf("left %v after a failed fill", left)
	}
}

func TestDownloadChecksTheSum(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("payload")) }))
	defer srv.Close()
	b, err := Download(context.Background(), srv.Client(), srv.URL, SHA256([]byte("payload")), 100)
	if err != nil || string(b) != "payload" {
		t.Fatalf("Download: %q, %v", b, err)
	}
	if _, err := Download(context.Background(), srv.Client(), srv.URL, SHA256([]byte("other")), 100); err == nil {
		t.Error("a body of another checksum was taken")
	}
}
