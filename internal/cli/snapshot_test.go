package cli

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// TestIngestACLConflictsSnapshot: the same fact twice with two access
// lists, in one file or across two, is refused naming both lines, and the
// snapshot that was there stays (issue 30: the first copy silently won,
// reported as "1 duplicates dropped"); the same list twice is one fact; a
// snapshot written again takes the file's lists, and says how many facts
// carry one.
func TestIngestACLConflictsSnapshot(t *testing.T) {
	dir := t.TempDir()
	snap := filepath.Join(dir, "acl.snap")
	v1 := writeTemp(t, "v1.jsonl", `{"subject":"api","relation":"CALLS","object":"vault"}
{"subject":"api","relation":"CALLS","object":"web"}
`)
	if code, out, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, v1); code != exitOK || strings.Contains(out, "access list") {
		t.Fatalf("ingest: exit %d, %s%s", code, out, errs)
	}
	before, err := os.ReadFile(snap)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		files      []string
		first, dup string
	}{
		{[]string{writeTemp(t, "restricted-first.jsonl", `{"subject":"api","relation":"CALLS","object":"vault","acl":["sec"]}
{"subject":"api","relation":"CALLS","object":"web"}
{"subject":"api","relation":"CALLS","object":"vault"}
`)}, "restricted-first.jsonl:1", "restricted-first.jsonl:3"},
		{[]string{writeTemp(t, "public.jsonl", `{"subject":"api","relation":"CALLS","object":"vault"}
`), writeTemp(t, "restricted.jsonl", `{"subject":"api","relation":"CALLS","object":"web"}
{"subject":"api","relation":"CALLS","object":"vault","acl":["sec"]}
`)}, "public.jsonl:1", "restricted.jsonl:2"},
	} {
		code, out, errs := invoke(t, "", append([]string{"ingest", "--quiet", "-o", snap}, c.files...)...)
		if code != exitError || !strings.Contains(errs, c.first) || !strings.Contains(errs, c.dup) || !strings.Contains(errs, "one access list") || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 naming %s and %s", c.files, code, out, errs, c.first, c.dup)
		}
		if after, err := os.ReadFile(snap); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%v: the snapshot was changed (%v)", c.files, err)
		}
	}
	v2 := writeTemp(t, "v2.jsonl", `{"subject":"api","relation":"CALLS","object":"vault","acl":["sec","ops"]}
{"subject":"api","relation":"CALLS","object":"web"}
{"subject":"api","relation":"CALLS","object":"vault","acl":["ops","sec"]}
`)
	code, out, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, v2)
	if code != exitOK || !strings.Contains(out, "2 triples (1 duplicates dropped, 1 with an access list)") {
		t.Fatalf("ingest of the new lists: exit %d, %s%s", code, out, errs)
	}
	for groups, want := range map[string]string{"eng": "1 answer", "sec": "2 answers"} {
		code, out, errs := invoke(t, "", "ask", "--quiet", "--lexicon", "none", "--graph", snap, "--groups="+groups, "What does api call?")
		if code != exitOK || !strings.HasPrefix(out, want) || (groups == "eng") == strings.Contains(out, "vault") {
			t.Errorf("--groups=%s: exit %d, %s%s; want %s", groups, code, out, errs, want)
		}
	}
}

// TestIngestOutputIsInput: a snapshot is never written over one of the
// ingest's inputs, however the path is spelt (issue 30: `ingest -o X X`
// replaced its input with the snapshot); the input stays as it was.
func TestIngestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	kb := filepath.Join(dir, "kb.txt")
	if err := os.WriteFile(kb, []byte(films), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(kb, link); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(dir, "kb.snap")
	if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, kb); code != exitOK {
		t.Fatalf("ingest: exit %d, %s", code, errs)
	}
	snapBytes, _ := os.ReadFile(snap)
	other := writeTemp(t, "other.txt", "x|R|y\n")
	for _, args := range [][]string{
		{"-o", kb, kb},
		{"-o", filepath.Join(dir, ".", "kb.txt"), kb},
		{"-o", link, other, kb},
		{"--out", kb, other, link},
		{snap}, // the default output of kb.snap is kb.snap
	} {
		code, out, errs := invoke(t, "", append([]string{"ingest", "--quiet"}, args...)...)
		if code != exitUsage || !strings.Contains(errs, "is the input") || out != "" {
			t.Errorf("ingest %v: exit %d, stdout %q, stderr %q; want 2 saying the output is an input", args, code, out, errs)
		}
	}
	if b, _ := os.ReadFile(kb); string(b) != films {
		t.Errorf("the input was changed: %q", b)
	}
	if b, _ := os.ReadFile(snap); !bytes.Equal(b, snapBytes) {
		t.Error("the snapshot input was changed")
	}
}

// TestIngestCancelled: an ingest whose context ends (Ctrl-C) while it
// reads or writes stops with the context's error, leaves the snapshot that
// was there byte for byte, and no temporary file (issue 30: interrupted
// ingests left .NAME.tmp-* files).
func TestIngestCancelled(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 50000 {
		fmt.Fprintf(&b, "svc-%d|CALLS|svc-%d\n", i, (i*7919)%50000)
	}
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := filepath.Join(dir, "big.snap")
	if err := os.WriteFile(snap, []byte("the old snapshot"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, after := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond} {
		ctx, cancel := context.WithCancel(t.Context())
		time.AfterFunc(after, cancel)
		var out, errb bytes.Buffer
		code := mainEnv(ctx, []string{"ingest", "--quiet", "-o", snap, big}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		cancel()
		got, _ := os.ReadFile(snap)
		switch code {
		case exitInterrupted:
			if string(got) != "the old snapshot" {
				t.Errorf("cancelled after %v: the old snapshot changed", after)
			}
		case exitOK: // finished before the cancellation: the new snapshot is whole
			if !strings.Contains(out.String(), "wrote "+snap) || !bytes.HasPrefix(got, []byte("SCGSNAP")) {
				t.Errorf("cancelled after %v: exit 0 but %q, %d bytes", after, out.String(), len(got))
			}
			os.WriteFile(snap, []byte("the old snapshot"), 0o644)
		default:
			t.Errorf("cancelled after %v: exit %d, %s", after, code, errb.String())
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp-") {
				t.Errorf("cancelled after %v: %s left behind", after, e.Name())
			}
		}
		t.Logf("cancelled after %v: exit %d %s", after, code, strings.TrimSpace(errb.String()))
	}
}
