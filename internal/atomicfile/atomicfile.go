// Package atomicfile writes files so that a reader never sees half of
// one: through a temporary file in the same directory, synced and renamed
// into place once complete. On any failure the temporary file is removed
// and the file at the path is left as it was.
package atomicfile

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes path with write, atomically.
func Write(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// WriteJSON writes v to path as indented JSON ending in a newline,
// atomically.
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
