package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteReplacesWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := WriteJSON(path, map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "{\n \"a\": 1\n}\n" {
		t.Fatalf("got %q, %v", b, err)
	}
	// A failed write leaves the old file and no temporary file.
	boom := errors.New("boom")
	err = Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v: want boom naming %s", err, path)
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Fatalf("the old file changed: %q", b2)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	// A value JSON cannot encode is an error before anything is written.
	if err := WriteJSON(filepath.Join(dir, "g.json"), func() {}); err == nil {
		t.Fatal("a func encoded")
	}
	if _, err := os.Stat(filepath.Join(dir, "g.json")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("g.json written: %v", err)
	}
}
