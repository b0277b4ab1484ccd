package docs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
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

func isDocument(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	for _, e := range Extensions {
		if ext == e {
			return true
		}
	}
	return false
}

// readDocument reads one document: it must be UTF-8 text with no NUL byte.
func readDocument(root, rel string) (source, error) {
	full := root
	if fi, err := os.Stat(root); err == nil && fi.IsDir() {
		full = filepath.Join(root, filepath.FromSlash(rel))
	}
	b, err := os.ReadFile(full)
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
