package storetest

import (
	"os"
	"path/filepath"
	"testing"
)

// DataPath returns the path of a development data file under
// shared/data (rel is relative to it, e.g. "metaqa/kb.txt"), seen from a
// package directory one level below the repository root. When the file is
// absent the test is skipped, except under CI=true where it fails: CI must
// run the data tests.
func DataPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join("..", "..", "shared", "data", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("development data %s is missing under CI: %v", p, err)
		}
		tb.Skipf("development data %s is absent: %v", p, err)
	}
	return p
}
