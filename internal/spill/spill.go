// Package spill sorts more records than fit in memory: records of a fixed
// size are gathered in a buffer of bounded size, sorted and written to a
// temporary file (a run) each time it fills, and the runs are merged in
// order when read back. It also keeps the temporary files a build makes
// (Dir), so that they are removed however the build ends.
//
// memstore's snapshot builder sorts the facts of a graph this way, so that
// ingesting a hundred million triples takes a bounded amount of memory.
package spill

import (
	"bufio"
	"container/heap"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"github.com/scgraph/scgraph/internal/atomicfile"
)

// Dir is a temporary directory for a build's files, made beside its
// output. Every file in it goes with Remove, which is safe to call more
// than once and from another goroutine (an interrupt).
type Dir struct {
	mu      sync.Mutex
	path    string
	n       int
	untrack func()
}

// NewDir makes a temporary directory in parent, named after base.
func NewDir(parent, base string) (*Dir, error) {
	p, err := os.MkdirTemp(parent, "."+base+".build-*")
	if err != nil {
		return nil, err
	}
	// A process that exits at once (a second Ctrl-C) removes it too
	// (atomicfile.RemoveTemporary), though the build's own Remove may not
	// have run.
	return &Dir{path: p, untrack: atomicfile.TrackDir(p)}, nil
}

// Path is the directory's path.
func (d *Dir) Path() string { return d.path }

// Create makes a new file in the directory.
func (d *Dir) Create(what string) (*os.File, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.path == "" {
		return nil, errors.New("spill: the build's temporary files are removed")
	}
	d.n++
	return os.Create(filepath.Join(d.path, fmt.Sprintf("%s-%d", what, d.n)))
}

// Remove removes the directory and its files.
func (d *Dir) Remove() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.path == "" {
		return nil
	}
	err := os.RemoveAll(d.path)
	d.path = ""
	d.untrack()
	return err
}

// Codec encodes and decodes a record of Size bytes.
type Codec[T any] struct {
	Size   int
	Encode func(b []byte, x T)
	Decode func(b []byte) T
}

// Sorter sorts records of type T by compare, holding a bounded number of
// them in memory; it spills sorted runs to files of dir. Records that
// compare equal come out in no particular order; with a nil compare the
// records come out in the order they were added (a buffer that spills).
type Sorter[T any] struct {
	dir     *Dir
	codec   Codec[T]
	compare func(a, b T) int
	max     int // records held before a run is spilled
	per     int64
	buf     []T
	runs    []*os.File
	n       int
}

// NewSorter returns a sorter that holds at most memory bytes of records
// (and at least 1024 records) before it spills a run.
func NewSorter[T any](dir *Dir, codec Codec[T], compare func(a, b T) int, memory int64) *Sorter[T] {
	s := &Sorter[T]{dir: dir, codec: codec, compare: compare, per: int64(unsafe.Sizeof(*new(T)))}
	s.SetMemory(memory)
	return s
}

// SetMemory changes the sorter's bound to memory bytes of records (at
// least 1024 records): a buffer past a lowered bound is spilled at the
// next Add, and the buffer that replaces it is held to the new bound.
func (s *Sorter[T]) SetMemory(memory int64) { s.max = int(max(1024, memory/s.per)) }

// Memory is the memory the sorter's buffer takes, in bytes.
func (s *Sorter[T]) Memory() int64 { return int64(cap(s.buf)) * s.per }

// Grow makes room for n more records without growing the buffer (up to
// its bound).
func (s *Sorter[T]) Grow(n int) {
	if want := min(len(s.buf)+n, s.max); want > cap(s.buf) {
		s.resize(want)
	}
}

// resize moves the buffer to one of capacity n (append's growth would
// round it up past the bound).
func (s *Sorter[T]) resize(n int) {
	b := make([]T, len(s.buf), n)
	copy(b, s.buf)
	s.buf = b
}

// Len is the number of records added.
func (s *Sorter[T]) Len() int { return s.n }

// Spilled is the number of runs written to disk.
func (s *Sorter[T]) Spilled() int { return len(s.runs) }

// Add adds a record, spilling a run when the buffer is full.
func (s *Sorter[T]) Add(x T) error {
	if len(s.buf) >= s.max {
		if err := s.spill(); err != nil {
			return err
		}
	}
	if len(s.buf) == cap(s.buf) {
		// Grow within the bound (append alone could pass it by a quarter).
		s.resize(min(s.max, max(1024, 2*cap(s.buf))))
	}
	s.buf = append(s.buf, x)
	s.n++
	return nil
}

// sort sorts the buffer in parts, one per processor, and returns them
// (in the order added when there is no order).
func (s *Sorter[T]) sort() [][]T {
	if s.compare == nil || len(s.buf) < 1<<14 {
		if s.compare != nil {
			slices.SortFunc(s.buf, s.compare)
		}
		return [][]T{s.buf}
	}
	k := runtime.GOMAXPROCS(0)
	parts := make([][]T, 0, k)
	size := (len(s.buf) + k - 1) / k
	for lo := 0; lo < len(s.buf); lo += size {
		parts = append(parts, s.buf[lo:min(len(s.buf), lo+size)])
	}
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Go(func() { slices.SortFunc(p, s.compare) })
	}
	wg.Wait()
	return parts
}

// memRuns makes runs of sorted parts of the buffer.
func (s *Sorter[T]) memRuns(parts [][]T, order int) []*runReader[T] {
	var out []*runReader[T]
	for i, p := range parts {
		r := &runReader[T]{mem: p, order: order + i}
		if ok, _ := r.next(); ok {
			out = append(out, r)
		}
	}
	return out
}

func (s *Sorter[T]) spill() error {
	parts := s.sort()
	f, err := s.dir.Create("run")
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	b := make([]byte, s.codec.Size)
	if err := s.merge(s.memRuns(parts, 0), func(x T) error {
		s.codec.Encode(b, x)
		_, err := w.Write(b)
		return err
	}); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	s.runs = append(s.runs, f)
	s.buf = s.buf[:0]
	if cap(s.buf) > s.max {
		s.buf = nil // the bound was lowered: a smaller buffer replaces it
	}
	return nil
}

// Each calls fn with every record added, in order (records that compare
// equal in the order they were added), and releases the sorter: its runs
// are closed and removed.
func (s *Sorter[T]) Each(fn func(T) error) error {
	defer s.release()
	parts := s.sort()
	if s.compare == nil {
		if err := s.eachRun(fn); err != nil {
			return err
		}
		for _, x := range s.buf {
			if err := fn(x); err != nil {
				return err
			}
		}
		return nil
	}
	// The runs on disk, then the buffer's.
	var runs []*runReader[T]
	bufSize := 1 << 20
	for i, f := range s.runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		r := &runReader[T]{r: bufio.NewReaderSize(f, bufSize), codec: s.codec, b: make([]byte, s.codec.Size), order: i}
		ok, err := r.next()
		if err != nil {
			return err
		}
		if ok {
			runs = append(runs, r)
		}
	}
	return s.merge(append(runs, s.memRuns(parts, len(s.runs))...), fn)
}

// merge calls fn with the records of sorted runs, in order.
func (s *Sorter[T]) merge(runs []*runReader[T], fn func(T) error) error {
	if len(runs) == 1 {
		r := runs[0]
		for {
			if err := fn(r.cur); err != nil {
				return err
			}
			ok, err := r.next()
			if err != nil || !ok {
				return err
			}
		}
	}
	h := &mergeHeap[T]{items: runs, compare: s.compare}
	heap.Init(h)
	for h.Len() > 0 {
		top := h.items[0]
		if err := fn(top.cur); err != nil {
			return err
		}
		ok, err := top.next()
		if err != nil {
			return err
		}
		if ok {
			heap.Fix(h, 0)
		} else {
			heap.Pop(h)
		}
	}
	return nil
}

// eachRun calls fn with the records of the spilled runs, one run after
// the other.
func (s *Sorter[T]) eachRun(fn func(T) error) error {
	for _, f := range s.runs {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		r := &runReader[T]{r: bufio.NewReaderSize(f, 1<<20), codec: s.codec, b: make([]byte, s.codec.Size)}
		for {
			ok, err := r.next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if err := fn(r.cur); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *Sorter[T]) release() {
	for _, f := range s.runs {
		name := f.Name()
		f.Close()
		os.Remove(name)
	}
	s.runs, s.buf = nil, nil
}

// runReader reads a run's records (from a file, or the in-memory buffer).
type runReader[T any] struct {
	r     *bufio.Reader
	codec Codec[T]
	b     []byte
	mem   []T
	cur   T
	order int
}

func (r *runReader[T]) next() (bool, error) {
	if r.r == nil {
		if len(r.mem) == 0 {
			return false, nil
		}
		r.cur, r.mem = r.mem[0], r.mem[1:]
		return true, nil
	}
	if _, err := io.ReadFull(r.r, r.b); err != nil {
		if err == io.EOF {
			return false, nil
		}
		return false, fmt.Errorf("spill: reading a run: %w", err)
	}
	r.cur = r.codec.Decode(r.b)
	return true, nil
}

type mergeHeap[T any] struct {
	items   []*runReader[T]
	compare func(a, b T) int
}

func (h *mergeHeap[T]) Len() int { return len(h.items) }
func (h *mergeHeap[T]) Less(i, j int) bool {
	if c := h.compare(h.items[i].cur, h.items[j].cur); c != 0 {
		return c < 0
	}
	return h.items[i].order < h.items[j].order
}
func (h *mergeHeap[T]) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *mergeHeap[T]) Push(x any)    { h.items = append(h.items, x.(*runReader[T])) }
func (h *mergeHeap[T]) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
