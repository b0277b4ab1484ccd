package embed

import (
	"os"
	"path/filepath"
)

// CacheDir is where scripts/embed-model installs models:
// $SCGRAPH_CACHE/embed when SCGRAPH_CACHE is set, else the .cache/embed
// of the working directory or of its nearest parent that has one (so a
// command or test run anywhere in the repository finds the default
// install), else .cache/embed.
func CacheDir() string {
	if c := os.Getenv("SCGRAPH_CACHE"); c != "" {
		return filepath.Join(c, "embed")
	}
	rel := filepath.Join(".cache", "embed")
	dir, err := os.Getwd()
	if err != nil {
		return rel
	}
	for {
		if st, err := os.Stat(filepath.Join(dir, rel)); err == nil && st.IsDir() {
			return filepath.Join(dir, rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return rel
		}
		dir = parent
	}
}

// UserCacheDir is where the scgraph program installs models for a user
// who has no checkout and set no SCGRAPH_CACHE: scgraph/embed under
// os.UserCacheDir (~/.cache/scgraph/embed on Linux); ok is false where
// the system has none.
func UserCacheDir() (string, bool) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", false
	}
	return filepath.Join(dir, "scgraph", "embed"), true
}
