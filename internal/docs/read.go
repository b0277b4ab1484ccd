package docs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"unicode/utf8"
)

// Extensions are the file name endings read as documents (case-insensitive).
var Extensions = []string{".md", ".markdown", ".txt"}

// source is one document file as read from disk.
type source struct {
	Path string // slash path relative to the root
	Text string
	Hash string
}

// Skipped is a file that was not ingested, and why.
type Skipped struct {
	Path string `json:"path"`
	Err  string `json:"error"`
}

// listDocuments returns the document files under root (a folder or one
// file), as slash paths relative to root (the file's base name for a file),
// sorted.
func listDocuments(root string) ([]string, error) {
	fi, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		if !isDocument(root) {
			return nil, fmt.Errorf("%s: not a document (want %s)", root, strings.Join(Extensions, ", "))
		}
		return []string{filepath.Base(root)}, nil
	}
	var out []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if isDocument(p) {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// readRegular reads a regular file. It opens without blocking, so that
// opening a named pipe with no writer returns at once, and refuses
// anything but a regular file before reading.
func readRegular(path, name string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s), not read", name, fileKind(fi.Mode()))
	}
	return io.ReadAll(f)
}

// fileKind names a file's type for messages.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "mode " + m.String()
}

func isDocument(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// readDocument reads one document: a regular file (a named pipe, a
// device or a socket that merely has a document's name is refused, not
// waited on) of UTF-8 text with no NUL byte.
func readDocument(root, rel string) (source, error) {
	full := root
	if fi, err := os.Stat(root); err == nil && fi.IsDir() {
		full = filepath.Join(root, filepath.FromSlash(rel))
	}
	b, err := readRegular(full, rel)
	if err != nil {
		return source{}, err
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return source{}, fmt.Errorf("%s: binary data (a NUL byte), not text", rel)
	}
	if !utf8.Valid(b) {
		return source{}, fmt.Errorf("%s: not UTF-8 text", rel)
	}
	sum := sha256.Sum256(b)
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	return source{Path: rel, Text: text, Hash: hex.EncodeToString(sum[:])}, nil
}
