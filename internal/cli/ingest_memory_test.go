package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An ingest in little memory spills its facts to temporary files beside
// the snapshot and writes the same snapshot as one that holds them all;
// its temporary files are gone when it ends, whether it wrote the snapshot
// or stopped at a bad line (leaving the snapshot that was there).
func TestIngestMemory(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, `{"subject":"svc-%d","relation":"CALLS","object":"svc-%d","subject_type":"Service","object_type":"Service"}`+"\n", i%3000, (i*7+i/3000)%3000)
	}
	good := filepath.Join(dir, "g.jsonl")
	if err := os.WriteFile(good, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("a|R|b\nno bars here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, spilled := filepath.Join(dir, "whole.snap"), filepath.Join(dir, "spilled.snap")
	if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", whole, good); code != exitOK {
		t.Fatalf("ingest: exit %d: %s", code, errs)
	}
	if code, out, errs := invoke(t, "", "ingest", "--quiet", "--memory", "64KB", "-o", spilled, good); code != exitOK || !strings.Contains(out, "20000 triples (0 duplicates") {
		t.Fatalf("ingest --memory 64KB: exit %d: %s %s", code, out, errs)
	}
	a, _ := os.ReadFile(whole)
	c, _ := os.ReadFile(spilled)
	if len(a) == 0 || !bytes.Equal(a, c) {
		t.Fatalf("the snapshot built in 64 KB (%d bytes) is not the one built in memory (%d bytes)", len(c), len(a))
	}
	code, _, errs := invoke(t, "", "ingest", "--quiet", "--memory", "64KB", "-o", spilled, good, bad)
	if code == exitOK || !strings.Contains(errs, "bad.txt:2") {
		t.Fatalf("a bad line: exit %d, %q; want an error naming bad.txt:2", code, errs)
	}
	if c2, _ := os.ReadFile(spilled); !bytes.Equal(c2, c) {
		t.Error("a failed ingest changed the snapshot that was there")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file or directory left: %s", e.Name())
		}
	}
	for _, size := range []string{"lots", "-1GB", "0"} {
		if code, _, _ := invoke(t, "", "ingest", "--memory", size, "-o", spilled, good); code != exitUsage {
			t.Errorf("--memory %s: exit %d, want %d", size, code, exitUsage)
		}
	}
}

// An ingest interrupted at any point (the context cancelled as a signal
// cancels it, here after a range of delays) either finishes, writing the
// new snapshot, or stops with exit status 130, leaving the old one; it
// leaves no temporary file either way.
func TestIngestInterrupted(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 50000 {
		fmt.Fprintf(&b, "svc-%d|CALLS|svc-%d\n", i%7000, (i*13+5)%7000)
	}
	big, small := filepath.Join(dir, "big.txt"), filepath.Join(dir, "small.txt")
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, []byte("a|CALLS|b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, want := filepath.Join(dir, "g.snap"), filepath.Join(dir, "want.snap")
	if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", want, big); code != exitOK {
		t.Fatalf("ingest: exit %d: %s", code, errs)
	}
	newSnap, _ := os.ReadFile(want)
	finished, stopped := 0, 0
	for _, delay := range []time.Duration{0, 50 * time.Microsecond, 200 * time.Microsecond, time.Millisecond, 3 * time.Millisecond,
		10 * time.Millisecond, 30 * time.Millisecond, 100 * time.Millisecond, 300 * time.Millisecond, time.Hour} {
		if code, _, errs := invoke(t, "", "ingest", "--quiet", "-o", snap, small); code != exitOK {
			t.Fatalf("ingest: exit %d: %s", code, errs)
		}
		oldSnap, _ := os.ReadFile(snap)
		ctx, cancel := context.WithCancel(t.Context())
		timer := time.AfterFunc(delay, cancel)
		var out, errb bytes.Buffer
		code := mainEnv(ctx, []string{"ingest", "--quiet", "--memory", "64KB", "-o", snap, big}, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }})
		timer.Stop()
		cancel()
		got, _ := os.ReadFile(snap)
		switch code {
		case exitOK:
			finished++
			if !bytes.Equal(got, newSnap) {
				t.Errorf("interrupted after %v: finished, but not with the new snapshot", delay)
			}
		case exitInterrupted:
			stopped++
			if !bytes.Equal(got, oldSnap) {
				t.Errorf("interrupted after %v: stopped, but the old snapshot changed", delay)
			}
		default:
			t.Errorf("interrupted after %v: exit %d (%s), want %d or %d", delay, code, errb.String(), exitOK, exitInterrupted)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("interrupted after %v: temporary file or directory left: %s", delay, e.Name())
			}
		}
	}
	if stopped == 0 {
		t.Error("no ingest was interrupted: the test interrupts none mid-way")
	}
	t.Logf("%d finished, %d stopped", finished, stopped)
}
