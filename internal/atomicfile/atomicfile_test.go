package atomicfile

import (
	"context"
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

// A write whose context ends while it writes, or before the rename,
// leaves the old file and no temporary file, and says why.
func TestWriteContextCancelled(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.snap")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cancelAt := range []int{0, 1, 3, 1000} {
		ctx, cancel := context.WithCancel(t.Context())
		err := WriteContext(ctx, path, func(w io.Writer) error {
			for i := range 10 {
				if i == cancelAt {
					cancel()
				}
				if _, err := io.WriteString(w, "block "); err != nil {
					return err
				}
			}
			if cancelAt == 1000 {
				cancel() // after the last write, before the rename
			}
			return nil
		})
		cancel()
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), path) {
			t.Errorf("cancelled at write %d: %v, want context.Canceled naming %s", cancelAt, err, path)
		}
		if b, _ := os.ReadFile(path); string(b) != "old" {
			t.Errorf("cancelled at write %d: the file is now %q", cancelAt, b)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("cancelled at write %d: left behind %v", cancelAt, entries)
		}
	}
}

// RemoveTemporary removes the temporary files of writes still under way
// (a process exiting in the middle of one), and the writes then fail.
func TestRemoveTemporary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.snap")
	started, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- Write(path, func(w io.Writer) error {
			io.WriteString(w, "half")
			close(started)
			<-release
			return nil
		})
	}()
	<-started
	removed := RemoveTemporary()
	if len(removed) != 1 || !strings.HasPrefix(filepath.Base(removed[0]), ".f.snap.tmp-") {
		t.Errorf("removed %v, want the one temporary file", removed)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left behind %v", entries)
	}
	close(release)
	if err := <-done; err == nil {
		t.Error("the write whose temporary file was removed succeeded")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s exists: %v", path, err)
	}
}

// SameFile finds an output among the inputs however its path is spelt.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	os.WriteFile(a, []byte("a"), 0o644)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(dir, "b.txt")
	os.WriteFile(b, []byte("b"), 0o644)
	for _, c := range []struct {
		out    string
		inputs []string
		same   bool
	}{
		{a, []string{a}, true},
		{filepath.Join(dir, "..", filepath.Base(dir), "a.txt"), []string{b, a}, true},
		{link, []string{b, a}, true},
		{b, []string{a, link}, false},
		{filepath.Join(dir, "new.snap"), []string{a}, false},
	} {
		if _, same := SameFile(c.out, c.inputs...); same != c.same {
			t.Errorf("SameFile(%s, %v) = %t", c.out, c.inputs, same)
		}
	}
}
