package memstore

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
)

// The snapshot format, version 2: the read side of the store (frozen)
// array by array, indexes included, so that loading is reading the arrays
// back (streamed, in one pass, at disk or page-cache speed) with no
// parsing, sorting or hashing. Numbers are little-endian; counts come
// first, so that the size of everything is known before anything is
// allocated and a file of the wrong size is an error at once.
//
//	magic     "SCGSNAP" and a version byte (2)
//	header    8 × uint64: entities n, triples m, keys k, trigrams t,
//	          arena bytes, postings bytes, flags (1: a file per triple,
//	          2: given types per triple), the file of every triple
//	          (without flag 1)
//	tables    relations, given types, files (without ""), entity types:
//	          each uint64 count, uint64 bytes, then (uvarint length,
//	          bytes) per name
//	entities  arena, nameOff (n+1 × u32), nameTab (tableSize(n) × i32)
//	triples   outOff (n+1 × u32), obj, rel, line (m × i32, u16, i32),
//	          file (m × u32, flag 1), st, ot (m × u16 each, flag 2)
//	incoming  inOff (n+1 × u32), inSub (m × i32), inTri (m × u32)
//	linking   keyOff (k+1 × u32), keyEnt (keyOff[k] × i32),
//	          keyTab (tableSize(k) × i32), keyFP (k × u8),
//	          keySize (k × u16), tgCode (t × u64), tgOff (t+1 × u64),
//	          tgPost (postings bytes)
//	typing    typeOf (n × u32), the schema (uint64 length, JSON)
//	user      the user schema (uint64 length, JSON; 0: none)
//	crc       CRC-32C (Castagnoli) of all the above, 4 bytes
//
// Version 3 is version 2 with the facts' access lists, after the triples'
// types: the distinct lists (a table as above, each list's groups joined
// by ","), then acl (m × u32, an index into the lists + 1, 0 for a public
// fact). A store whose facts are all public writes version 2, byte for
// byte as before; one with access lists writes version 3, which builds
// that read only version 2 refuse (rather than drop the lists and show
// every fact to everyone).
//
// Every id and offset is checked on loading (validate), so a corrupt or
// hostile file with a valid checksum gives an error or a store that
// answers, never a panic. Version 1 snapshots (snapshot_v1.go) are still
// read.
const (
	snapMagic      = "SCGSNAP"
	snapVersion    = 2
	snapVersionACL = 3
	snapHeader     = len(snapMagic) + 1
)

const (
	flagFiles = 1 << iota
	flagTypes
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// IsSnapshot reports whether head (the first bytes of a file) starts like
// a snapshot of any version.
func IsSnapshot(head []byte) bool { return bytes.HasPrefix(head, []byte(snapMagic)) }

// WriteSnapshot writes the store (its data, its indexes, its typing and
// the user schema) in the snapshot format.
func (s *Store) WriteSnapshot(w io.Writer) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, typ := s.read()
	schemaJSON, err := json.Marshal(typ.schema)
	if err != nil {
		return fmt.Errorf("memstore: snapshot: schema: %w", err)
	}
	var userJSON []byte
	if s.user != nil {
		if userJSON, err = json.Marshal(s.user); err != nil {
			return fmt.Errorf("memstore: snapshot: schema: %w", err)
		}
	}
	crc := crc32.New(castagnoli)
	e := &encoder{w: bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)}
	e.w.WriteString(snapMagic)
	if f.acl != nil {
		e.w.WriteByte(snapVersionACL)
	} else {
		e.w.WriteByte(snapVersion)
	}
	var flags uint64
	if f.file != nil {
		flags |= flagFiles
	}
	if f.st != nil {
		flags |= flagTypes
	}
	for _, v := range []uint64{uint64(f.n()), uint64(f.m()), uint64(len(f.keySize)), uint64(len(f.tgCode)), uint64(len(f.arena)), uint64(len(f.tgPost)), flags, uint64(f.fileAll)} {
		e.u64(v)
	}
	e.table(f.rels)
	e.table(f.types)
	e.table(f.files[1:])
	e.table(typ.typeNames)
	e.w.WriteString(f.arena)
	putU32(e, f.nameOff)
	putI32(e, f.nameTab)
	putU32(e, f.outOff)
	putI32(e, f.obj)
	putU16(e, f.rel)
	putI32(e, f.line)
	if f.file != nil {
		putU32(e, f.file)
	}
	if f.st != nil {
		putU16(e, f.st)
		putU16(e, f.ot)
	}
	if f.acl != nil {
		sets := make([]string, 0, len(f.aclSets)-1)
		for _, set := range f.aclSets[1:] {
			sets = append(sets, strings.Join(set, ","))
		}
		e.table(sets)
		putU32(e, f.acl)
	}
	putU32(e, f.inOff)
	putI32(e, f.inSub)
	putU32(e, f.inTri)
	putU32(e, f.keyOff)
	putI32(e, f.keyEnt)
	putI32(e, f.keyTab)
	e.w.Write(f.keyFP)
	putU16(e, f.keySize)
	putU64(e, f.tgCode)
	putU64(e, f.tgOff)
	e.w.Write(f.tgPost)
	putU32(e, typ.typeOf)
	e.u64(uint64(len(schemaJSON)))
	e.w.Write(schemaJSON)
	e.u64(uint64(len(userJSON)))
	e.w.Write(userJSON)
	if err := e.w.Flush(); err != nil {
		return fmt.Errorf("memstore: writing snapshot: %w", err)
	}
	if _, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32())); err != nil {
		return fmt.Errorf("memstore: writing snapshot: %w", err)
	}
	return nil
}

// encoder writes little-endian numbers to a buffered writer; its errors
// are sticky in the bufio.Writer and checked at Flush.
type encoder struct {
	w   *bufio.Writer
	buf []byte
}

func (e *encoder) u64(v uint64) {
	e.buf = binary.LittleEndian.AppendUint64(e.buf[:0], v)
	e.w.Write(e.buf)
}

func (e *encoder) table(ss []string) {
	size := 0
	for _, s := range ss {
		size += binary.PutUvarint(make([]byte, binary.MaxVarintLen64), uint64(len(s))) + len(s)
	}
	e.u64(uint64(len(ss)))
	e.u64(uint64(size))
	for _, s := range ss {
		e.buf = binary.AppendUvarint(e.buf[:0], uint64(len(s)))
		e.w.Write(e.buf)
		e.w.WriteString(s)
	}
}

// putArray writes xs as little-endian numbers, a chunk at a time.
func putArray[T any](e *encoder, xs []T, put func([]byte, T) []byte) {
	const chunk = 8192
	for len(xs) > 0 {
		n := min(len(xs), chunk)
		e.buf = e.buf[:0]
		for _, x := range xs[:n] {
			e.buf = put(e.buf, x)
		}
		e.w.Write(e.buf)
		xs = xs[n:]
	}
}

func putU16(e *encoder, xs []uint16) {
	putArray(e, xs, binary.LittleEndian.AppendUint16)
}

func putU32(e *encoder, xs []uint32) {
	putArray(e, xs, binary.LittleEndian.AppendUint32)
}

func putI32(e *encoder, xs []int32) {
	putArray(e, xs, func(b []byte, x int32) []byte { return binary.LittleEndian.AppendUint32(b, uint32(x)) })
}

func putU64(e *encoder, xs []uint64) {
	putArray(e, xs, binary.LittleEndian.AppendUint64)
}

// WriteSnapshotFile writes the snapshot to a temporary file in the same
// directory and renames it to path, so that path never holds a half-written
// snapshot and a failed write, or one whose ctx ends first, leaves the file
// that was there and no temporary file.
func (s *Store) WriteSnapshotFile(ctx context.Context, path string) error {
	if err := atomicfile.WriteContext(ctx, path, s.WriteSnapshot); err != nil {
		return fmt.Errorf("memstore: snapshot: %w", err)
	}
	return nil
}

// ReadSnapshot reads a store written by WriteSnapshot (this version or
// version 1). Input that is not a snapshot, of another version, truncated
// or corrupt gives an error saying which.
func ReadSnapshot(r io.Reader) (*Store, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("memstore: reading snapshot: %w", err)
	}
	// With everything in memory, the checksum is checked first.
	if IsSnapshot(data) && len(data) >= snapHeader+4 && (data[len(snapMagic)] == snapVersion || data[len(snapMagic)] == snapVersionACL) {
		body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
		if crc32.Checksum(body, castagnoli) != sum {
			return nil, fmt.Errorf("memstore: snapshot corrupt or truncated: checksum mismatch (%d bytes)", len(data))
		}
	}
	return readSnapshot(bytes.NewReader(data), int64(len(data)))
}

// readSnapshot reads a snapshot of size bytes from r.
func readSnapshot(r io.Reader, size int64) (*Store, error) {
	head := make([]byte, snapHeader)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, fmt.Errorf("memstore: reading snapshot: %w", err)
	}
	head = head[:n]
	if !IsSnapshot(head) {
		if len(head) < len(snapMagic) && bytes.HasPrefix([]byte(snapMagic), head) && len(head) > 0 {
			return nil, fmt.Errorf("memstore: snapshot truncated (%d bytes)", len(head))
		}
		return nil, fmt.Errorf("memstore: not a scgraph snapshot (no %q header)", snapMagic)
	}
	if len(head) < snapHeader {
		return nil, fmt.Errorf("memstore: snapshot truncated (%d bytes)", len(head))
	}
	var s *Store
	switch v := head[len(snapMagic)]; v {
	case 1:
		rest, err := io.ReadAll(r)
		if err != nil {
			return nil, fmt.Errorf("memstore: reading snapshot: %w", err)
		}
		d, user, err := decodeV1(append(head, rest...))
		if err != nil {
			return nil, err
		}
		s = &Store{user: user}
		s.dr.Store(d)
	case snapVersion, snapVersionACL:
		f, user, err := decodeV2(r, head, size)
		if err != nil {
			return nil, err
		}
		s = &Store{user: user}
		s.fz.Store(f)
	default:
		return nil, fmt.Errorf("memstore: snapshot version %d; this build reads versions 1 to %d: re-ingest the triples (scgraph ingest)", v, snapVersionACL)
	}
	s.warm()
	return s, nil
}

// warm builds the read side and its typing now (a version 1 snapshot or
// triples just added), so that no question pays for it.
func (s *Store) warm() {
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.read()
}

// decoder reads a version 2 snapshot: little-endian arrays from a stream,
// checking each count against the bytes left and summing the CRC.
type decoder struct {
	r    *bufio.Reader
	crc  hash.Hash32
	left int64 // bytes left before the checksum
	buf  []byte
	err  error
}

var errTruncated = errors.New("truncated")

func (d *decoder) fail(what string, err error) {
	if d.err == nil {
		d.err = fmt.Errorf("memstore: snapshot corrupt or truncated: %s: %w", what, err)
	}
}

// take reads the next n bytes into d.buf (n <= cap), or fails.
func (d *decoder) take(n int, what string) []byte {
	if d.err != nil {
		return nil
	}
	if int64(n) > d.left {
		d.fail(what, errTruncated)
		return nil
	}
	if cap(d.buf) < n {
		d.buf = make([]byte, n)
	}
	b := d.buf[:n]
	if _, err := io.ReadFull(d.r, b); err != nil {
		d.fail(what, errTruncated)
		return nil
	}
	d.crc.Write(b)
	d.left -= int64(n)
	return b
}

func (d *decoder) u64(what string) uint64 {
	b := d.take(8, what)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

// room checks that n items of size bytes fit in what is left.
func (d *decoder) room(n uint64, size int, what string) bool {
	if d.err != nil {
		return false
	}
	if n > uint64(d.left)/uint64(size) {
		d.fail(what, fmt.Errorf("%d items do not fit in the %d bytes left", n, d.left))
		return false
	}
	return true
}

// array reads n numbers of size bytes, a chunk at a time, decode
// converting each chunk.
func array[T any](d *decoder, n uint64, size int, what string, decode func(dst []T, b []byte)) []T {
	if !d.room(n, size, what) {
		return nil
	}
	out := make([]T, n)
	const chunk = 16384
	for i := 0; i < len(out); {
		k := min(len(out)-i, chunk)
		b := d.take(k*size, what)
		if b == nil {
			return nil
		}
		decode(out[i:i+k], b)
		i += k
	}
	return out
}

func getU16(d *decoder, n uint64, what string) []uint16 {
	return array(d, n, 2, what, func(dst []uint16, b []byte) {
		for j := range dst {
			dst[j] = binary.LittleEndian.Uint16(b)
			b = b[2:]
		}
	})
}

func getU32(d *decoder, n uint64, what string) []uint32 {
	return array(d, n, 4, what, func(dst []uint32, b []byte) {
		for j := range dst {
			dst[j] = binary.LittleEndian.Uint32(b)
			b = b[4:]
		}
	})
}

func getI32(d *decoder, n uint64, what string) []int32 {
	return array(d, n, 4, what, func(dst []int32, b []byte) {
		for j := range dst {
			dst[j] = int32(binary.LittleEndian.Uint32(b))
			b = b[4:]
		}
	})
}

func getU64(d *decoder, n uint64, what string) []uint64 {
	return array(d, n, 8, what, func(dst []uint64, b []byte) {
		for j := range dst {
			dst[j] = binary.LittleEndian.Uint64(b)
			b = b[8:]
		}
	})
}

func (d *decoder) bytes(n uint64, what string) []byte {
	if !d.room(n, 1, what) {
		return nil
	}
	out := make([]byte, n)
	if _, err := io.ReadFull(d.r, out); err != nil {
		d.fail(what, errTruncated)
		return nil
	}
	d.crc.Write(out)
	d.left -= int64(n)
	return out
}

// str reads n bytes as a string, without a second copy.
func (d *decoder) str(n uint64, what string) string {
	if !d.room(n, 1, what) {
		return ""
	}
	var sb strings.Builder
	sb.Grow(int(n))
	for left := n; left > 0; {
		k := min(left, 1<<16)
		b := d.take(int(k), what)
		if b == nil {
			return ""
		}
		sb.Write(b)
		left -= k
	}
	return sb.String()
}

// table reads a name table.
func (d *decoder) table(what string) []string {
	n := d.u64(what)
	size := d.u64(what)
	if !d.room(size, 1, what) || !d.room(n, 1, what) || n > size {
		d.fail(what, fmt.Errorf("%d names in %d bytes", n, size))
		return nil
	}
	all := d.str(size, what)
	out := make([]string, 0, n)
	for range n {
		l, k := binary.Uvarint([]byte(all[:min(len(all), binary.MaxVarintLen64)]))
		if k <= 0 || l > uint64(len(all)-k) {
			d.fail(what, errors.New("malformed name"))
			return nil
		}
		out = append(out, all[k:k+int(l)])
		all = all[k+int(l):]
	}
	if all != "" {
		d.fail(what, fmt.Errorf("%d bytes after the names", len(all)))
	}
	return out
}

// decodeV2 reads the rest of a version 2 or 3 snapshot (head, the magic and
// version, is read) of size bytes, and checks it.
func decodeV2(r io.Reader, head []byte, size int64) (*frozen, *graph.Schema, error) {
	d := &decoder{r: bufio.NewReaderSize(r, int(min(max(size, 4096), 1<<20))), crc: crc32.New(castagnoli), left: size - int64(len(head)) - 4}
	d.crc.Write(head)
	if d.left < 0 {
		return nil, nil, fmt.Errorf("memstore: snapshot truncated (%d bytes)", size)
	}
	var h [8]uint64
	for i := range h {
		h[i] = d.u64("header")
	}
	n, m, nk, nt, arenaLen, postLen, flags, fileAll := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	if d.err == nil && (n > maxEntities || m > maxTriples || nk > n || arenaLen > maxNameBytes) {
		d.fail("header", fmt.Errorf("counts out of range (%d entities, %d triples, %d keys)", n, m, nk))
	}
	f := &frozen{}
	f.rels = d.table("relation names")
	f.types = d.table("type names")
	files := d.table("file names")
	typeNames := d.table("entity types")
	f.arena = d.str(arenaLen, "names")
	f.nameOff = getU32(d, n+1, "name offsets")
	f.nameTab = getI32(d, uint64(tableSize(int(n))), "name table")
	f.outOff = getU32(d, n+1, "triple offsets")
	f.obj = getI32(d, m, "objects")
	f.rel = getU16(d, m, "relations")
	f.line = getI32(d, m, "lines")
	if flags&flagFiles != 0 {
		f.file = getU32(d, m, "files")
	}
	if flags&flagTypes != 0 {
		f.st = getU16(d, m, "subject types")
		f.ot = getU16(d, m, "object types")
	}
	f.aclSets = [][]string{nil}
	if head[len(snapMagic)] == snapVersionACL {
		for _, set := range d.table("access lists") {
			f.aclSets = append(f.aclSets, strings.Split(set, ","))
		}
		f.acl = getU32(d, m, "access list of each triple")
	}
	f.inOff = getU32(d, n+1, "incoming offsets")
	f.inSub = getI32(d, m, "incoming subjects")
	f.inTri = getU32(d, m, "incoming triples")
	f.keyOff = getU32(d, nk+1, "key offsets")
	nke := uint64(0)
	if d.err == nil {
		nke = uint64(f.keyOff[nk])
	}
	f.keyEnt = getI32(d, nke, "key entities")
	f.keyTab = getI32(d, uint64(tableSize(int(nk))), "key table")
	f.keyFP = d.bytes(nk, "key hashes")
	f.keySize = getU16(d, nk, "key sizes")
	f.tgCode = getU64(d, nt, "trigrams")
	f.tgOff = getU64(d, nt+1, "trigram offsets")
	f.tgPost = d.bytes(postLen, "postings")
	typeOf := getU32(d, n, "entity types")
	schemaJSON := d.bytes(d.u64("schema"), "schema")
	userJSON := d.bytes(d.u64("user schema"), "user schema")
	if d.err != nil {
		return nil, nil, d.err
	}
	if d.left != 0 {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt: %d unexpected bytes after the schema", d.left)
	}
	var sum [4]byte
	if _, err := io.ReadFull(d.r, sum[:]); err != nil {
		return nil, nil, fmt.Errorf("memstore: snapshot truncated: no checksum")
	}
	if d.crc.Sum32() != binary.LittleEndian.Uint32(sum[:]) {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt or truncated: checksum mismatch (%d bytes)", size)
	}
	f.files = append([]string{""}, files...)
	f.fileAll = uint32(min(fileAll, maxFiles))
	if err := f.validate(fileAll); err != nil {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt: %w", err)
	}
	f.fillIndexes()
	schema := new(graph.Schema)
	if err := json.Unmarshal(schemaJSON, schema); err != nil {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt: schema: %w", err)
	}
	var user *graph.Schema
	var err error
	if len(userJSON) > 0 {
		if user, err = graph.ParseSchema(userJSON); err != nil {
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: user schema: %w", err)
		}
	}
	t := &typing{user: user, schema: schema, typeNames: typeNames, typeOf: typeOf}
	for v, ti := range typeOf {
		if int(ti) >= len(typeNames) {
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: entity %d: type %d out of range", v, ti)
		}
	}
	f.finishTyping(t)
	f.typ.Store(t)
	return f, user, nil
}
