package memstore

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A write that fails half-way leaves the old file as it was and no
// temporary file behind.
func TestWriteFileAtomicFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kb.snap")
	if err := os.WriteFile(path, []byte("the good snapshot"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := writeFileAtomic(path, func(w io.Writer) error {
		w.Write([]byte("half of a new sn"))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want the write's", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "the good snapshot" {
		t.Errorf("the old file now holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want only kb.snap", len(entries))
	}
}
