package memstore

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
)

// nameTable interns names in flat arrays: the bytes in an arena of
// chunks, a reference (chunk, offset, length) per id, and an
// open-addressing hash table of ids, about 30 bytes a name on top of its
// bytes, with no string or map entry per name. Ids are given in the order
// names are first seen.
type nameTable struct {
	seed   maphash.Seed
	chunks [][]byte
	refs   []uint64 // chunk<<40 | offset<<13 | length
	tab    []uint64 // the upper half of the name's hash << 32 | id+1; 0 is empty
	bytes  int

	hashes []uint64 // internAll's
	warm   uint64   // keeps internAll's reads ahead from being optimised away
}

const (
	nameChunk    = 1 << 26 // bytes of an arena chunk
	nameLenBits  = 13      // names are at most graph.MaxNameBytes (4,096) bytes
	nameOffBits  = 27
	nameLenMask  = 1<<nameLenBits - 1
	nameOffMask  = 1<<nameOffBits - 1
	nameChunkPos = nameLenBits + nameOffBits
)

func newNameTable() *nameTable {
	return &nameTable{seed: maphash.MakeSeed(), tab: make([]uint64, 1<<10)}
}

func (t *nameTable) len() int { return len(t.refs) }

// footprint is the memory the table takes, in bytes.
func (t *nameTable) footprint() int64 {
	n := 8*int64(cap(t.refs)) + 8*int64(len(t.tab)) + 24*int64(cap(t.chunks))
	for _, c := range t.chunks {
		n += int64(cap(c))
	}
	return n
}

// get returns the bytes of name id (in the arena: not to be changed).
func (t *nameTable) get(id uint32) []byte {
	ref := t.refs[id]
	c, off, n := ref>>nameChunkPos, ref>>nameLenBits&nameOffMask, ref&nameLenMask
	return t.chunks[c][off : off+n]
}

// lookup returns the id of name.
func (t *nameTable) lookup(name string) (uint32, bool) {
	h := maphash.String(t.seed, name)
	mask := uint64(len(t.tab) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		e := t.tab[i]
		if e == 0 {
			return 0, false
		}
		if e>>32 == h>>32 && string(t.get(uint32(e)-1)) == name {
			return uint32(e) - 1, true
		}
	}
}

// intern returns the id of name, adding it if it is new.
func (t *nameTable) intern(name string) uint32 {
	return t.internHash(name, maphash.String(t.seed, name))
}

// internAll interns names in order, setting ids[k] to the id of names[k],
// as intern would one at a time. Most names are in the table already, and
// finding one costs three reads anywhere in memory (its slot, its
// reference, its bytes), each waiting for the one before; so the slots of
// all the names are read first, then the references and bytes the slots
// lead to, in loops of independent reads that the processor overlaps, and
// the names are then interned from the cache.
func (t *nameTable) internAll(names []string, ids []uint32) {
	if cap(t.hashes) < len(names) {
		t.hashes = make([]uint64, len(names))
	}
	hs := t.hashes[:len(names)]
	mask := uint64(len(t.tab) - 1)
	var sum uint64
	for k, name := range names {
		hs[k] = maphash.String(t.seed, name)
		sum += t.tab[hs[k]&mask]
	}
	for _, h := range hs {
		if e := t.tab[h&mask]; e != 0 && e>>32 == h>>32 {
			ref := t.refs[uint32(e)-1]
			if ref&nameLenMask > 0 {
				sum += uint64(t.chunks[ref>>nameChunkPos][ref>>nameLenBits&nameOffMask])
			}
		}
	}
	t.warm = sum
	for k, name := range names {
		ids[k] = t.internHash(name, hs[k])
	}
}

// internHash is intern with the name's hash.
func (t *nameTable) internHash(name string, h uint64) uint32 {
	mask := uint64(len(t.tab) - 1)
	i := h & mask
	for {
		e := t.tab[i]
		if e == 0 {
			break
		}
		if e>>32 == h>>32 && string(t.get(uint32(e)-1)) == name {
			return uint32(e) - 1
		}
		i = (i + 1) & mask
	}
	id := uint32(len(t.refs))
	if len(t.chunks) == 0 || len(t.chunks[len(t.chunks)-1])+len(name) > cap(t.chunks[len(t.chunks)-1]) {
		// Chunks double from 64 KB to nameChunk, so that a small graph's
		// table is small.
		size := 1 << 16
		if len(t.chunks) > 0 {
			size = min(nameChunk, 2*cap(t.chunks[len(t.chunks)-1]))
		}
		t.chunks = append(t.chunks, make([]byte, 0, size))
	}
	c := len(t.chunks) - 1
	off := len(t.chunks[c])
	t.chunks[c] = append(t.chunks[c], name...)
	t.refs = append(t.refs, uint64(c)<<nameChunkPos|uint64(off)<<nameLenBits|uint64(len(name)))
	t.bytes += len(name)
	t.tab[i] = h>>32<<32 | uint64(id+1)
	if 4*len(t.refs) > 3*len(t.tab) {
		t.grow()
	}
	return id
}

func (t *nameTable) grow() {
	tab := make([]uint64, 2*len(t.tab))
	mask := uint64(len(tab) - 1)
	for _, e := range t.tab {
		if e == 0 {
			continue
		}
		h := maphash.Bytes(t.seed, t.get(uint32(e)-1))
		i := h & mask
		for tab[i] != 0 {
			i = (i + 1) & mask
		}
		tab[i] = e
	}
	t.tab = tab
}

// sorted returns the ids in the byte order of their names. It sorts runs
// of sortRun ids, then merges them, looking at ctx between runs and every
// sortRun ids merged, so that an interrupt ends a sort of millions of
// names at once rather than when it is done.
func (t *nameTable) sorted(ctx interface{ Err() error }) ([]uint32, error) {
	order := make([]uint32, t.len())
	for i := range order {
		order[i] = uint32(i)
	}
	// Sort by an 8-byte prefix first (cheap to compare), then by the
	// whole name within runs of equal prefixes.
	keys := make([]uint64, len(order))
	for i := range order {
		var b [8]byte
		copy(b[:], t.get(uint32(i)))
		keys[i] = binary.BigEndian.Uint64(b[:])
	}
	cmpIDs := func(a, b uint32) int {
		if ka, kb := keys[a], keys[b]; ka != kb {
			if ka < kb {
				return -1
			}
			return 1
		}
		return bytes.Compare(t.get(a), t.get(b))
	}
	for lo := 0; lo < len(order); lo += sortRun {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		slices.SortFunc(order[lo:min(lo+sortRun, len(order))], cmpIDs)
	}
	if len(order) <= sortRun {
		return order, nil
	}
	buf := make([]uint32, len(order))
	for width := sortRun; width < len(order); width *= 2 {
		for lo := 0; lo < len(order); lo += 2 * width {
			mid, hi := min(lo+width, len(order)), min(lo+2*width, len(order))
			i, j, k := lo, mid, lo
			for i < mid || j < hi {
				if (k-lo)%sortRun == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
				}
				if j >= hi || i < mid && cmpIDs(order[i], order[j]) <= 0 {
					buf[k] = order[i]
					i++
				} else {
					buf[k] = order[j]
					j++
				}
				k++
			}
		}
		order, buf = buf, order
	}
	return order, nil
}

// sortRun is how many ids sorted sorts at a time before merging.
const sortRun = 1 << 16

// smallTable interns the few names of a kind (relations, types, files,
// access lists) with ids in the order they are first seen.
type smallTable struct {
	names []string
	ids   map[string]uint32
}

func newSmallTable(first ...string) *smallTable {
	t := &smallTable{ids: map[string]uint32{}}
	for _, n := range first {
		t.intern(n)
	}
	return t
}

func (t *smallTable) intern(name string) uint32 {
	id, ok := t.ids[name]
	if !ok {
		id = uint32(len(t.names))
		t.ids[name] = id
		t.names = append(t.names, name)
	}
	return id
}
