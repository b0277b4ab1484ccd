package memstore_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

// FuzzOpen feeds any bytes to Open, as a file named *.snap and as a
// triples file: it must not panic; a *.snap file, and anything starting
// with the snapshot header, is read as a snapshot or refused as one,
// never read as triples (random bytes once came back as "pipe format,
// line 1"); and whatever loads answers queries.
func FuzzOpen(f *testing.F) {
	var snap bytes.Buffer
	if err := fixtureStore(f).WriteSnapshot(&snap); err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{snap.Bytes(), snap.Bytes()[:len(snap.Bytes())/2], []byte("SCGSNAP"), []byte("SCGSNAP\x02"), []byte("SCG"),
		[]byte("a|r|b\n"), []byte("\x00\x01\x02\xff"), []byte("{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\"}\n"), {}} {
		f.Add(seed, true)
		f.Add(seed, false)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, asSnap bool) {
		name := "g.txt"
		if asSnap {
			name = "g.snap"
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := memstore.Open(context.Background(), path, memstore.OpenOptions{})
		if err != nil {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the file", err)
			}
			if (asSnap || memstore.IsSnapshot(data)) && (errors.As(err, new(*triplefile.LineError)) || !strings.Contains(err.Error(), "snapshot")) {
				t.Errorf("a snapshot (by name or header) failed as triples: %v", err)
			}
			return
		}
		dump(t, s, "a", "b")
	})
}
