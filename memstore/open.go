package memstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/triplefile"
)

// OpenOptions tune Open.
type OpenOptions struct {
	// Format of a triples file: "pipe", "tsv", "csv" or "jsonl"; "" or
	// "auto" detects it. Snapshots are recognised by their header whatever
	// the format says.
	Format string
	// SchemaPath names a schema JSON file, or Schema gives the schema
	// (not both). It replaces the schema stored in a snapshot.
	SchemaPath string
	Schema     *graph.Schema
	// Progress, when set, is called as a triples file is read (see
	// triplefile.Options) and once when loading is done.
	Progress func(bytesRead, totalBytes int64)
	// Renamed, when set, is called with the relation and type names of a
	// triples file written in words that were read as identifiers, each
	// to its identifier (see triplefile.Options).
	Renamed func(renamed map[string]string)
}

// Open loads a store from a snapshot (recognised by its header) or from a
// triples file in any format triplefile.Read reads, then applies the
// schema of opts, if any, and builds the indexes, so that the first
// question pays for none. A file named *.snap that is not a snapshot, and
// binary data that is not one, are errors ("not a scgraph snapshot"), not
// malformed triples. Errors name the file.
func Open(ctx context.Context, path string, opts OpenOptions) (*Store, error) {
	if opts.SchemaPath != "" && opts.Schema != nil {
		return nil, errors.New("memstore: open: give a schema path or a schema, not both")
	}
	sch := opts.Schema
	if opts.SchemaPath != "" {
		var err error
		if sch, err = graph.ReadSchemaFile(opts.SchemaPath); err != nil {
			return nil, fmt.Errorf("memstore: schema: %w", err)
		}
	}
	s, err := load(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	if sch != nil {
		if err := s.SetSchema(ctx, sch); err != nil {
			return nil, err
		}
	}
	s.warm()
	return s, nil
}

// sniffSize is how much of a file load looks at to tell what it is.
const sniffSize = 8 << 10

func load(ctx context.Context, path string, opts OpenOptions) (*Store, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, fmt.Errorf("memstore: %s: %w", path, err)
	}
	head = head[:n]
	switch {
	case IsSnapshot(head):
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("memstore: %s: %w", path, err)
		}
		s, err := readSnapshot(f, st.Size())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if opts.Progress != nil {
			opts.Progress(st.Size(), st.Size())
		}
		return s, nil
	case n > 0 && n < len(snapMagic) && bytes.HasPrefix([]byte(snapMagic), head):
		return nil, fmt.Errorf("%s: memstore: snapshot truncated (%d bytes)", path, n)
	case strings.EqualFold(filepath.Ext(path), ".snap"):
		if n == 0 {
			return nil, fmt.Errorf("memstore: %s: not a scgraph snapshot: the file is empty", path)
		}
		return nil, fmt.Errorf("memstore: %s: not a scgraph snapshot (no %q header)", path, snapMagic)
	case looksBinary(head):
		return nil, fmt.Errorf("memstore: %s: not a scgraph snapshot (no %q header) and not a triples file (binary data)", path, snapMagic)
	}
	f.Close()
	format, err := triplefile.ParseFormat(opts.Format)
	if err != nil {
		return nil, err
	}
	ts, err := triplefile.Read(path, format, triplefile.Options{Progress: opts.Progress, Renamed: opts.Renamed})
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	s := New()
	if _, err := s.AddTriples(ctx, ts); err != nil {
		return nil, fmt.Errorf("memstore: %s: %w", path, err)
	}
	return s, nil
}

// looksBinary reports whether the start of a file looks like binary data
// rather than text: a NUL byte, or more than one byte in ten that is a
// control character or not UTF-8 (a text file in another encoding stays
// text, and its readers say what is wrong with it).
func looksBinary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	bad := 0
	for i := 0; i < len(head); {
		r, size := utf8.DecodeRune(head[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			if len(head)-i < utf8.UTFMax && len(head) == sniffSize {
				i = len(head) // a rune cut by the sniff window
				continue
			}
			bad++
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0x7f:
			bad++
		}
		i += max(size, 1)
	}
	return bad*10 > len(head)
}
