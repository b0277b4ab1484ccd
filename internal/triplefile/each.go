package triplefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/scgraph/scgraph/graph"
)

// Each calls fn with the triples of a file, in order, exactly as Read
// reads them (the same triples, the same error for the same bad line,
// after the triples before it), without holding them all: an ingest
// streams a file of any size through it. The line formats (pipe, TSV,
// JSONL) are parsed a block of lines at a time on every processor; CSV,
// whose records may span lines, a record at a time. It stops with ctx's
// error when ctx ends, and with fn's when fn fails.
func Each(ctx context.Context, path string, format Format, opts Options, fn func(graph.Triple) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	tr := NewReader(f, path, format)
	if opts.Progress != nil {
		tr.SetProgress(size, opts.Progress)
	}
	if err := tr.start(); err != nil {
		return err
	}
	if tr.format == FormatCSV {
		for i := 0; ; i++ {
			if i&0xfff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			t, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			if err := fn(t); err != nil {
				return err
			}
		}
	} else if err := eachLine(ctx, tr, fn); err != nil {
		return err
	}
	if opts.Progress != nil {
		opts.Progress(tr.BytesRead(), size)
	}
	return nil
}

// block is a run of whole lines of a file, the first numbered line, as
// parsed by a worker: its triples, and the error of its first bad line.
type block struct {
	seq     int
	data    []byte
	line    int
	last    bool // the file's last line has no newline
	triples []graph.Triple
	err     error
	done    chan struct{}
}

// blockSize is the size of a block of lines (a variable for tests).
var blockSize = 4 << 20

// eachLine reads a line format in blocks, parses them on the processors
// and hands the triples to fn in order.
func eachLine(ctx context.Context, tr *Reader, fn func(graph.Triple) error) error {
	workers := max(1, min(runtime.GOMAXPROCS(0), 4))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan *block, workers)
	order := make(chan *block, 2*workers)
	var readErr error
	var wg sync.WaitGroup
	// The reader: cut the input at line ends.
	wg.Go(func() {
		defer close(todo)
		defer close(order)
		line, seq := 1, 0
		var rest []byte
		for {
			buf := make([]byte, len(rest), max(blockSize, 2*len(rest)))
			copy(buf, rest)
			n, err := io.ReadFull(tr.br, buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			eof := err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF)
			if err != nil && !eof {
				readErr = fmt.Errorf("graph: reading %s: %w", tr.name, err)
				return
			}
			cut := len(buf)
			if !eof {
				cut = bytes.LastIndexByte(buf, '\n') + 1
				if cut == 0 {
					if len(buf) > graph.MaxLineBytes {
						// No line end within a line's length: the line is too long.
						cut = len(buf)
					} else {
						rest = buf
						continue
					}
				}
			}
			b := &block{seq: seq, data: buf[:cut], line: line, last: eof, done: make(chan struct{})}
			line += bytes.Count(b.data, []byte{'\n'})
			rest = buf[cut:]
			seq++
			select {
			case todo <- b:
			case <-ctx.Done():
				return
			}
			select {
			case order <- b:
			case <-ctx.Done():
				return
			}
			if eof {
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			w := &Reader{name: tr.name, format: tr.format, idents: make(map[string]string)}
			for b := range todo {
				w.parseBlock(b)
				close(b.done)
			}
		})
	}
	defer func() {
		cancel()
		for range todo {
		}
		wg.Wait()
	}()
	for b := range order {
		select {
		case <-b.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		for i, t := range b.triples {
			if i%checkEvery == checkEvery-1 {
				// A block may hold hundreds of thousands of lines, and
				// fn may be slow: an interrupt need not wait for them.
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			if err := fn(t); err != nil {
				return err
			}
		}
		if b.err != nil {
			return b.err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	if readErr != nil {
		return readErr
	}
	return ctx.Err()
}

// checkEvery is how many triples of a block Each hands on between looks
// at its context.
const checkEvery = 4096

// parseBlock parses a block's lines as Next does: line 1 without its byte
// order mark, blank lines skipped, a line (without its newline) over
// graph.MaxLineBytes an error.
func (tr *Reader) parseBlock(b *block) {
	data := b.data
	tr.line = b.line - 1
	b.triples = make([]graph.Triple, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		tr.line++
		i := bytes.IndexByte(data, '\n')
		var line []byte
		limit := graph.MaxLineBytes
		if i < 0 {
			line, data = data, nil
			if b.last {
				limit++ // the scanner takes a last line without a newline one byte longer
			}
		} else {
			line, data = data[:i], data[i+1:]
		}
		if len(line) > limit {
			b.err = tr.lineErr(tr.line, errLineTooLong)
			return
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if tr.line == 1 {
			line = bytes.TrimPrefix(line, utf8BOM)
		} else if bytes.HasPrefix(line, utf8BOM) {
			b.err = tr.lineErr(tr.line, errMidFileBOM)
			return
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var t graph.Triple
		var err error
		switch tr.format {
		case FormatPipe:
			t, err = tr.parseSeparated(line, '|')
		case FormatTSV:
			t, err = tr.parseSeparated(bytes.TrimRight(line, " \t\r"), '\t')
		default:
			t, err = tr.parseJSON(line)
		}
		if err != nil {
			b.err = err
			return
		}
		b.triples = append(b.triples, t)
	}
	b.data = nil
}
