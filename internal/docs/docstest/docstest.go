// Package docstest holds what the tests of document ingestion share: a
// copy of the demo corpus (testdata/docs/demo) to change, the change the
// re-ingest tests of both stores make to it, and the floors files that
// keep a corpus's figures from falling.
package docstest

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Demo is the demo corpus folder, found from this file (the module's
// testdata/docs/demo), so that a test in any package can reach it.
var Demo = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "docs", "demo")
}()

// CopyDemo copies the demo corpus into a temporary folder named demo and
// returns its path.
func CopyDemo(t testing.TB) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "demo")
	if err := os.CopyFS(dst, os.DirFS(Demo)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// Edit is what EditDemo did, by path relative to the corpus folder, as an
// ingest report lists it (sorted).
type Edit struct {
	Changed, Removed, Added []string
}

// EditDemo edits one document of a copy of the demo corpus (the checkout
// team now owns the checkout and tax services, no longer the cart
// service), deletes two (db-v2-proxy, the only statement of db-v2-proxy
// DEPENDS_ON db-v2, and an incident report restating payment-service
// CALLS ledger-service) and adds one (checkout-service CALLS
// pricing-service).
func EditDemo(t testing.TB, dir string) Edit {
	t.Helper()
	e := Edit{
		Changed: []string{"ownership/team-checkout.md"},
		Removed: []string{"design/db-v2-proxy.md", "incidents/INC-2041-payment-timeouts.md"},
		Added:   []string{"notes/pricing.md"},
	}
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(e.Changed[0], "# Team Checkout\n\nThe checkout team owns the checkout service and the tax service.\n")
	for _, rel := range e.Removed {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			t.Fatal(err)
		}
	}
	write(e.Added[0], "# Pricing\n\nThe checkout service calls the pricing service.\n")
	return e
}

// Floor is one line of a floors file: a corpus of testdata/docs and the two
// figures it must not fall below.
type Floor struct {
	Corpus        string
	First, Second float64
}

// ReadFloors reads a floors file: one "corpus first second" per line, "#"
// comments and blank lines skipped. first and second name the figures in
// the message that fails t on a malformed line.
func ReadFloors(t testing.TB, path, first, second string) []Floor {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Floor
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 3 {
			t.Fatalf("%s:%d: want corpus, %s, %s", path, line, first, second)
		}
		a, errA := strconv.ParseFloat(fs[1], 64)
		b, errB := strconv.ParseFloat(fs[2], 64)
		if errA != nil || errB != nil {
			t.Fatalf("%s:%d: %s and %s are numbers", path, line, first, second)
		}
		out = append(out, Floor{Corpus: fs[0], First: a, Second: b})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
