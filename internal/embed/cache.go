package embed

import (
	"os"
	"path/filepath"
)

// CacheDir is where models are installed (scripts/embed-model, scgraph
// model install): $SCGRAPH_CACHE/embed when SCGRAPH_CACHE is set, else the
// .cache/embed of the working directory or of its nearest parent that has
// one (so a command or test run anywhere in the repository finds the
// default install), else the user's cache directory (scgraph/embed under
// os.UserCacheDir), else .cache/embed.
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
			if user, err := os.UserCacheDir(); err == nil {
				return filepath.Join(user, "scgraph", "embed")
			}
			return rel
		}
		dir = parent
	}
}
