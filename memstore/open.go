package memstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/scgraph/scgraph/graph"
)

// OpenOptions tune Open.
type OpenOptions struct {
	// Format of a triples file; "" or graph.FormatAuto detects it.
	// Snapshots are recognised by their header whatever the format says.
	Format graph.Format
	// SchemaPath names a schema JSON file, or Schema gives the schema
	// (not both). It replaces the schema stored in a snapshot.
	SchemaPath string
	Schema     *graph.Schema
	// Progress, when set, is called as a triples file is read (see
	// graph.ReadOptions) and once when loading is done.
	Progress func(bytesRead, totalBytes int64)
}

// Open loads a store from a snapshot (recognised by its header) or from a
// triples file in any format graph.ReadTriples reads, then applies the
// schema of opts, if any, and builds the indexes, so that the first
// question pays for none. Errors name the file.
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
	}
	f.Close()
	ts, err := graph.ReadTriples(path, opts.Format, graph.ReadOptions{Progress: opts.Progress})
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	s := New()
	if _, err := s.AddTriples(ctx, ts); err != nil {
		return nil, fmt.Errorf("memstore: %s: %w", path, err)
	}
	return s, nil
}
