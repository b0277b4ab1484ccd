// Package atomicfile writes files so that a reader never sees half of
// one: through a temporary file in the same directory, synced and renamed
// into place once complete. On any failure, or when the write's context
// ends (Ctrl-C), the temporary file is removed and the file at the path is
// left as it was. A process that must exit before a write returns (a
// second signal, a command that did not end in time) calls
// RemoveTemporary first, so that no temporary file outlives it.
//
// It is also where a command checks that it will not write over one of
// its own inputs (SameFile).
package atomicfile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// pending are the temporary files being written and the temporary
// directories of builds (true), for RemoveTemporary.
var pending struct {
	sync.Mutex
	files map[string]bool
}

func track(tmp string, on bool) { trackPath(tmp, false, on) }

func trackPath(p string, dir, on bool) {
	pending.Lock()
	defer pending.Unlock()
	if pending.files == nil {
		pending.files = map[string]bool{}
	}
	if on {
		pending.files[p] = dir
	} else {
		delete(pending.files, p)
	}
}

// TrackDir adds a build's temporary directory (spill.Dir) to what
// RemoveTemporary removes, with every file in it; untrack takes it off
// once the build removed it itself.
func TrackDir(dir string) (untrack func()) {
	trackPath(dir, true, true)
	return func() { trackPath(dir, true, false) }
}

// RemoveTemporary removes every temporary file a write still has open,
// and every build directory still tracked, and returns their names: the
// clean-up of a process about to exit in the middle of a write. The
// writes themselves then fail.
func RemoveTemporary() []string {
	pending.Lock()
	defer pending.Unlock()
	var out []string
	for p, dir := range pending.files {
		err := os.Remove(p)
		if dir {
			err = os.RemoveAll(p)
		}
		if err == nil || errors.Is(err, os.ErrNotExist) {
			out = append(out, p)
		}
		delete(pending.files, p)
	}
	return out
}

// Write writes path with write, atomically.
func Write(path string, write func(io.Writer) error) error {
	return WriteContext(context.Background(), path, write)
}

// WriteContext writes path with write, atomically, unless ctx ends first:
// every write to the file checks ctx, and so does the rename, so that a
// cancelled write leaves the old file and no temporary one, and returns
// an error wrapping ctx's.
func WriteContext(ctx context.Context, path string, write func(io.Writer) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	track(tmp, true)
	defer track(tmp, false)
	err = write(ctxWriter{ctx, f})
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
		err = ctx.Err()
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

// ctxWriter fails every write once ctx has ended.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
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

// SameFile reports whether path names the same file as one of inputs (the
// same name, a link to it, another spelling of its path), and which: an
// output that is an input would be replaced before, or while, it is read.
// A path that does not exist yet is no input.
func SameFile(path string, inputs ...string) (string, bool) {
	out, err := os.Stat(path)
	if err != nil {
		return "", false
	}
	for _, in := range inputs {
		if fi, err := os.Stat(in); err == nil && os.SameFile(out, fi) {
			return in, true
		}
	}
	return "", false
}
