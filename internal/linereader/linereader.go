// Package linereader reads a stream line by line with a bound on a line's
// length that does not end the stream: a longer line is reported and
// skipped, without being held in memory, and reading goes on with the next
// one. (bufio.Scanner stops at the first line longer than its buffer.)
package linereader

import (
	"bufio"
	"errors"
	"io"
)

// Reader reads lines of at most Max bytes.
type Reader struct {
	br   *bufio.Reader
	max  int
	line []byte
}

// New returns a reader of the lines of r, each at most max bytes (without
// its line ending).
func New(r io.Reader, max int) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line without its "\n" (or "\r\n"), valid until the
// next call; for a line longer than the bound it returns no text and
// tooLong. At the end of the stream it returns io.EOF (after a last line
// without a newline); any other error of the stream is returned as is.
func (r *Reader) Next() (line []byte, tooLong bool, err error) {
	r.line = r.line[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		if !tooLong {
			if len(r.line)+len(chunk) > r.max+2 { // room for "\r\n"
				tooLong, r.line = true, r.line[:0]
			} else {
				r.line = append(r.line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == io.EOF && (len(r.line) > 0 || tooLong) {
			err = nil // the last line, without a newline; EOF on the next call
		}
		if err != nil {
			return nil, false, err
		}
		if tooLong {
			return nil, true, nil
		}
		l := r.line
		if n := len(l); n > 0 && l[n-1] == '\n' {
			l = l[:n-1]
			if n := len(l); n > 0 && l[n-1] == '\r' {
				l = l[:n-1]
			}
		}
		if len(l) > r.max {
			return nil, true, nil
		}
		return l, false, nil
	}
}
