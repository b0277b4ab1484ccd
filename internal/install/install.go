// Package install fetches what scgraph installs on first need (the
// MiniLM model, WordNet): a download checked against its SHA-256 before
// anything is kept, and a directory of files put in place at once, so
// that no reader ever finds half of one.
package install

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// connectTimeout bounds connecting and the wait for a response's headers
// (a machine with no network fails fast).
const connectTimeout = 20 * time.Second

// Client returns an HTTP client for a download: connecting bounded by
// connectTimeout, the whole by total.
func Client(total time.Duration) *http.Client {
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, TLSHandshakeTimeout: connectTimeout,
		ResponseHeaderTimeout: connectTimeout}, Timeout: total}
}

// An Archive is a download to install from: its URL, the SHA-256 (hex) it
// must hash to, and the most bytes read of it.
type Archive struct {
	URL, SHA256 string
	Limit       int64
}

// Install puts the directory dir in place from archive a unless installed
// reports it is there: a is downloaded with client (nil: Client(timeout))
// and checked, extract writes its files into a temporary directory, and a
// SOURCE file names a; the directory is put in place at once (Dir).
func Install(ctx context.Context, a Archive, dir string, client *http.Client, timeout time.Duration, installed func() bool, extract func(archive []byte, tmp string) error) error {
	if installed() {
		return nil
	}
	if client == nil {
		client = Client(timeout)
	}
	b, err := Download(ctx, client, a.URL, a.SHA256, a.Limit)
	if err != nil {
		return err
	}
	return Dir(dir, installed, func(tmp string) error {
		if err := extract(b, tmp); err != nil {
			return err
		}
		return WriteSource(tmp, a.URL, a.SHA256)
	})
}

// Download fetches url with client and returns its body, at most limit
// bytes, once its SHA-256 is sum (hex).
func Download(ctx context.Context, client *http.Client, url, sum string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("download %s: %s", url, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, fmt.Errorf("download %s: %w", url, err)
	}
	if got := SHA256(b); got != sum {
		return nil, fmt.Errorf("download %s: checksum mismatch (want %s, got %s)", url, sum, got)
	}
	return b, nil
}

// SHA256 returns the hex SHA-256 of b.
func SHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// WriteSource writes the SOURCE file of an installed directory: where its
// files were downloaded from and the SHA-256 they were checked against.
func WriteSource(dir, url, sum string) error {
	if err := os.WriteFile(filepath.Join(dir, "SOURCE"), fmt.Appendf(nil, "%s\nsha256 %s\n", url, sum), 0o644); err != nil {
		return fmt.Errorf("install: %w", err) // the error names the file
	}
	return nil
}

// Dir puts the directory dir in place unless installed reports it is
// there: fill writes its files into a temporary directory beside dir,
// which is renamed into place once filled. On any failure the temporary
// directory is removed and dir is left as it was; a directory another
// process put in place meanwhile is kept.
func Dir(dir string, installed func() bool, fill func(tmp string) error) error {
	if installed() {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return fmt.Errorf("install %s: %w", dir, err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".install-")
	if err != nil {
		return fmt.Errorf("install %s: %w", dir, err)
	}
	defer os.RemoveAll(tmp)
	if err := fill(tmp); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("install %s: %w", dir, err)
	}
	if installed() {
		return nil // another process installed it meanwhile
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("install %s: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil && !installed() {
		return fmt.Errorf("install %s: %w", dir, err)
	}
	return nil
}
