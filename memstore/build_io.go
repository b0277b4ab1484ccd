package memstore

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/scgraph/scgraph/internal/spill"
)

// column is an array the builder writes to a temporary file a value at a
// time, little-endian, and copies into the snapshot (or reads back) whole.
// Values are appended to buf, written out when it holds columnBuffer
// bytes (a value at a time through a bufio.Writer cost a call each, and
// the builder writes hundreds of millions); the first write error is kept
// and finish returns it.
type column struct {
	f     *os.File
	w     io.Writer
	buf   []byte
	err   error
	width int
	n     int64
}

const columnBuffer = 1 << 18

func newColumn(dir *spill.Dir, what string, width int) (*column, error) {
	f, err := dir.Create(what)
	if err != nil {
		return nil, err
	}
	return &column{f: f, w: f, buf: make([]byte, 0, columnBuffer), width: width}, nil
}

func (c *column) put(v uint64) {
	switch c.width {
	case 1:
		c.buf = append(c.buf, byte(v))
	case 2:
		c.buf = binary.LittleEndian.AppendUint16(c.buf, uint16(v))
	case 4:
		c.buf = binary.LittleEndian.AppendUint32(c.buf, uint32(v))
	default:
		c.buf = binary.LittleEndian.AppendUint64(c.buf, v)
	}
	c.n++
	if len(c.buf) >= columnBuffer {
		c.flush()
	}
}

// putBytes appends raw bytes (a byte column).
func (c *column) putBytes(b []byte) {
	c.buf = append(c.buf, b...)
	c.n += int64(len(b))
	if len(c.buf) >= columnBuffer {
		c.flush()
	}
}

// flush writes out what buf holds.
func (c *column) flush() {
	if c.err == nil && len(c.buf) > 0 {
		_, c.err = c.w.Write(c.buf)
	}
	c.buf = c.buf[:0]
}

// finish flushes what is written; the column can then be read.
func (c *column) finish() error {
	c.flush()
	if c.err != nil {
		return fmt.Errorf("memstore: writing a temporary file: %w", c.err)
	}
	return nil
}

// reader reads the column back from its start, a value at a time.
func (c *column) reader() (*columnReader, error) {
	if _, err := c.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return &columnReader{r: c.f, buf: make([]byte, 0, columnBuffer), width: c.width}, nil
}

// copyTo copies the column's bytes to w, each value mapped by remap when
// it is not nil.
func (c *column) copyTo(w io.Writer, remap func(uint64) uint64) error {
	if remap == nil {
		if _, err := c.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		_, err := io.Copy(w, bufio.NewReaderSize(c.f, 1<<20))
		return err
	}
	r, err := c.reader()
	if err != nil {
		return err
	}
	out := column{w: w, buf: make([]byte, 0, columnBuffer), width: c.width}
	for range c.n {
		v, err := r.next()
		if err != nil {
			return err
		}
		out.put(remap(v))
	}
	out.flush()
	return out.err
}

func (c *column) close() {
	name := c.f.Name()
	c.f.Close()
	os.Remove(name)
}

// columnReader reads a column's values from a buffer it fills a block at
// a time (a value at a time through a bufio.Reader cost a call each).
type columnReader struct {
	r     io.Reader
	buf   []byte
	i     int
	width int
}

func (r *columnReader) next() (uint64, error) {
	if r.i+r.width > len(r.buf) {
		// Refill: keep the part of a value left, read at least the rest.
		left := copy(r.buf[:cap(r.buf)], r.buf[r.i:])
		n, err := io.ReadAtLeast(r.r, r.buf[left:cap(r.buf)], r.width-left)
		if err != nil {
			if err == io.EOF && left > 0 {
				err = io.ErrUnexpectedEOF
			}
			return 0, fmt.Errorf("memstore: reading a temporary file: %w", err)
		}
		r.buf, r.i = r.buf[:left+n], 0
	}
	b := r.buf[r.i : r.i+r.width]
	r.i += r.width
	switch r.width {
	case 1:
		return uint64(b[0]), nil
	case 2:
		return uint64(binary.LittleEndian.Uint16(b)), nil
	case 4:
		return uint64(binary.LittleEndian.Uint32(b)), nil
	}
	return binary.LittleEndian.Uint64(b), nil
}
