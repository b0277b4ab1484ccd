package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An ingest whose input holds no triple is an error, and leaves the
// snapshot that was there; --allow-empty says it is intended.
func TestIngestEmptyInput(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.snap")
	if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", good, writeTemp(t, "kb.txt", films)); code != exitOK {
		t.Fatalf("ingest: exit %d, %s", code, errs)
	}
	before, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	empty := writeTemp(t, "empty.txt", "")
	blank := writeTemp(t, "blank.txt", "\n\n")
	code, out, errs := invoke(t, "", "ingest", "--quiet", "-o", good, empty, blank)
	if code != exitError || !strings.Contains(errs, "no triples in "+empty+", "+blank) || !strings.Contains(errs, "--allow-empty") || out != "" {
		t.Errorf("ingest of empty files: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if after, err := os.ReadFile(good); err != nil || !bytes.Equal(after, before) {
		t.Errorf("the good snapshot was changed (%v)", err)
	}
	code, out, errs = invoke(t, "", "ingest", "--quiet", "--allow-empty", "-o", good, empty)
	if code != exitOK || !strings.Contains(out, ": 0 triples") {
		t.Errorf("--allow-empty: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// An empty snapshot written on purpose loads, as an empty graph.
	if code, out, _ := invoke(t, "", "ask", "--graph", good, "who directed [film-a]"); code != exitOK || !strings.Contains(out, "could not find any entity") {
		t.Errorf("ask on the empty snapshot: exit %d, %q", code, out)
	}
}

// Files that are not snapshots are recognised by their header, whatever
// their name: an empty or random .snap, and random bytes under any name,
// are "not a scgraph snapshot", never a malformed line 1; a truncated or
// corrupt snapshot is an error naming the file.
func TestNotASnapshot(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "kb.snap")
	if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, writeTemp(t, "kb.txt", films)); code != exitOK {
		t.Fatalf("ingest: exit %d, %s", code, errs)
	}
	data, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 3000)
	for i := range random {
		random[i] = byte(rng.Uint32())
	}
	flipped := bytes.Clone(data)
	flipped[len(flipped)/2] ^= 0x40
	for _, c := range []struct {
		name    string
		content []byte
		want    string
	}{
		{"empty.snap", nil, "empty.snap: not a scgraph snapshot: the file is empty"},
		{"random.snap", random, `random.snap: not a scgraph snapshot (no "SCGSNAP" header)`},
		{"random.txt", random, `random.txt: not a scgraph snapshot (no "SCGSNAP" header) and not a triples file (binary data)`},
		{"short.bin", random[:12], "short.bin: not a scgraph snapshot"},
		{"half.snap", data[:len(data)/2], "half.snap: memstore: snapshot corrupt or truncated"},
		{"head.snap", data[:5], "head.snap: memstore: snapshot truncated (5 bytes)"},
		{"flipped.snap", flipped, "flipped.snap: memstore: snapshot corrupt or truncated: checksum mismatch"},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, c.content, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := invoke(t, "", "ask", "--graph", p, "who directed [film-a]")
		if code != exitError || !strings.Contains(errs, c.want) || strings.Contains(errs, "expected 3 fields") || out != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want an error with %q", c.name, code, out, errs, c.want)
		}
	}
}
