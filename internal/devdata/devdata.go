// Package devdata finds the development data (../shared/data beside the
// repository) for tests and benchmarks, skipping where it is absent.
package devdata

import (
	"os"
	"path/filepath"
	"testing"
)

// DataPath returns the path of a development data file under
// ../shared/data beside the repository (rel is relative to it, e.g.
// "metaqa/kb.txt"), from any package directory. When the file is absent
// the test is skipped, except under CI=true where it fails: CI must run
// the data tests.
func DataPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(repoRoot(), "..", "shared", "data", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("development data %s is missing under CI: %v", p, err)
		}
		tb.Skipf("development data %s is absent: %v", p, err)
	}
	return p
}

// repoRoot is the nearest directory at or above the working directory that
// holds go.mod ("." when there is none).
func repoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return "."
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return "."
		}
	}
}
