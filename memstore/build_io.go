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
type column struct {
	f     *os.File
	w     *bufio.Writer
	width int
	n     int64
	b     [8]byte
}

func newColumn(dir *spill.Dir, what string, width int) (*column, error) {
	f, err := dir.Create(what)
	if err != nil {
		return nil, err
	}
	return &column{f: f, w: bufio.NewWriterSize(f, 1<<18), width: width}, nil
}

func (c *column) put(v uint64) {
	switch c.width {
	case 1:
		c.w.WriteByte(byte(v))
	case 2:
		binary.LittleEndian.PutUint16(c.b[:], uint16(v))
		c.w.Write(c.b[:2])
	case 4:
		binary.LittleEndian.PutUint32(c.b[:], uint32(v))
		c.w.Write(c.b[:4])
	default:
		binary.LittleEndian.PutUint64(c.b[:], v)
		c.w.Write(c.b[:8])
	}
	c.n++
}

// putBytes appends raw bytes (a byte column).
func (c *column) putBytes(b []byte) {
	c.w.Write(b)
	c.n += int64(len(b))
}

// finish flushes what is written; the column can then be read.
func (c *column) finish() error {
	if err := c.w.Flush(); err != nil {
		return fmt.Errorf("memstore: writing a temporary file: %w", err)
	}
	return nil
}

// reader reads the column back from its start, a value at a time.
func (c *column) reader() (*columnReader, error) {
	if _, err := c.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return &columnReader{r: bufio.NewReaderSize(c.f, 1<<18), width: c.width}, nil
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
	out := column{w: bufio.NewWriterSize(w, 1<<18), width: c.width}
	for range c.n {
		v, err := r.next()
		if err != nil {
			return err
		}
		out.put(remap(v))
	}
	return out.w.Flush()
}

func (c *column) close() {
	name := c.f.Name()
	c.f.Close()
	os.Remove(name)
}

type columnReader struct {
	r     *bufio.Reader
	width int
	b     [8]byte
}

func (r *columnReader) next() (uint64, error) {
	b := r.b[:r.width]
	if _, err := io.ReadFull(r.r, b); err != nil {
		return 0, fmt.Errorf("memstore: reading a temporary file: %w", err)
	}
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
