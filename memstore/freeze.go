package memstore

import (
	"cmp"
	"encoding/binary"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"
)

// freeze builds the read side from the writes: names sorted into one
// arena, triples bucketed by subject (a counting sort) and sorted within
// each bucket into the canonical order, the incoming edges the same way,
// the hash tables and the entity-linking indexes. It runs in time about
// linear in the data (plus sorting the names); the typing is derived
// apart (typing, freezeTyped).
func freeze(d *draft) *frozen {
	if d == nil || len(d.triples) == 0 {
		return emptyFrozen() // a draft has names only with triples
	}
	n, m := len(d.names), len(d.triples)
	f := &frozen{}

	// Entities in name order.
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(d.names[a], d.names[b]) })
	rank := make([]int32, n)
	var arena strings.Builder
	arena.Grow(d.nameBytes)
	f.nameOff = make([]uint32, n+1)
	for r, id := range order {
		rank[id] = int32(r)
		arena.WriteString(d.names[id])
		f.nameOff[r+1] = uint32(arena.Len())
	}
	order = nil
	f.arena = arena.String()

	// Relations in name order; types and files as they are.
	relOrder := make([]uint16, len(d.rels))
	for i := range relOrder {
		relOrder[i] = uint16(i)
	}
	slices.SortFunc(relOrder, func(a, b uint16) int { return strings.Compare(d.rels[a], d.rels[b]) })
	relRank := make([]uint16, len(d.rels))
	f.rels = make([]string, len(d.rels))
	for r, id := range relOrder {
		relRank[id] = uint16(r)
		f.rels[r] = d.rels[id]
	}
	f.types, f.files = slices.Clone(d.types), slices.Clone(d.files)
	f.fillIndexes()

	// Triples in canonical order: bucketed by subject (a counting sort),
	// each bucket sorted by (relation, object); then the incoming edges
	// the same way, by object, then (relation, subject).
	ts := d.triples
	out := bucketSort(n, m, func(i int) (int32, uint64) {
		t := &ts[i]
		return rank[t.s], uint64(relRank[t.r])<<32 | uint64(rank[t.o])
	})
	f.outOff = out.off
	f.obj = make([]int32, m)
	f.rel = make([]uint16, m)
	f.line = make([]int32, m)
	subj := make([]int32, m)
	sameFile, typed := true, false
	first := ts[out.recs[0].idx].file
	for v := range n {
		for i := out.off[v]; i < out.off[v+1]; i++ {
			rc := out.recs[i]
			t := &ts[rc.idx]
			subj[i] = int32(v)
			f.obj[i], f.rel[i], f.line[i] = int32(uint32(rc.key)), uint16(rc.key>>32), t.line
			sameFile = sameFile && t.file == first
			typed = typed || t.st != 0 || t.ot != 0
		}
	}
	if sameFile {
		f.fileAll = first
	} else {
		f.file = make([]uint32, m)
		for i, rc := range out.recs {
			f.file[i] = ts[rc.idx].file
		}
	}
	if typed {
		f.st, f.ot = make([]uint16, m), make([]uint16, m)
		for i, rc := range out.recs {
			f.st[i], f.ot[i] = ts[rc.idx].st, ts[rc.idx].ot
		}
	}
	f.aclSets = [][]string{nil}
	for _, key := range d.acls[1:] {
		f.aclSets = append(f.aclSets, strings.Split(key, ","))
	}
	if d.acl != nil {
		f.acl = make([]uint32, m)
		for i, rc := range out.recs {
			f.acl[i] = d.acl[rc.idx]
		}
	}
	out = buckets{}
	in := bucketSort(n, m, func(i int) (int32, uint64) {
		return f.obj[i], uint64(f.rel[i])<<32 | uint64(subj[i])
	})
	f.inOff = in.off
	f.inSub = make([]int32, m)
	f.inTri = make([]uint32, m)
	for j, rc := range in.recs {
		f.inTri[j] = uint32(rc.idx)
		f.inSub[j] = int32(uint32(rc.key))
	}

	f.nameTab = make([]int32, tableSize(n))
	for v := range n {
		insert(f.nameTab, hashString(f.name(int32(v))), int32(v))
	}
	f.buildLinking()
	return f
}

// buckets is the result of bucketSort: the entries of owner v are
// recs[off[v]:off[v+1]], sorted by key.
type buckets struct {
	off  []uint32
	recs []rec
}

type rec struct {
	key uint64 // relation << 32 | neighbour
	idx int32  // the entry sorted
}

// bucketSort sorts m entries, entry(i) giving each its owner (0..n-1) and
// key: a counting sort by owner, then a sort of each owner's entries by
// key (small, and contiguous in memory).
func bucketSort(n, m int, entry func(i int) (owner int32, key uint64)) buckets {
	off := make([]uint32, n+1)
	for i := range m {
		v, _ := entry(i)
		off[v+1]++
	}
	for v := range n {
		off[v+1] += off[v]
	}
	recs := make([]rec, m)
	pos := slices.Clone(off[:n])
	for i := range m {
		v, k := entry(i)
		recs[pos[v]] = rec{key: k, idx: int32(i)}
		pos[v]++
	}
	pos = nil
	parallel(n, func(lo, hi int) {
		for v := lo; v < hi; v++ {
			if seg := recs[off[v]:off[v+1]]; len(seg) > 1 {
				slices.SortFunc(seg, func(a, b rec) int { return cmp.Compare(a.key, b.key) })
			}
		}
	})
	return buckets{off: off, recs: recs}
}

// insert puts id into an open-addressing table at the first free slot
// from hash h.
func insert(tab []int32, h uint64, id int32) {
	mask := uint64(len(tab) - 1)
	i := h & mask
	for tab[i] != 0 {
		i = (i + 1) & mask
	}
	tab[i] = id + 1
}

// buildLinking builds the normalized-key index and the trigram postings.
func (f *frozen) buildLinking() {
	n := f.n()
	keys := make([]string, n)
	parallel(n, func(lo, hi int) {
		for v := lo; v < hi; v++ {
			keys[v] = text.Key(f.name(int32(v)))
		}
	})
	keyID := make(map[string]int32, n)
	entKey := make([]int32, n)
	var distinct []string
	for v, k := range keys {
		if k == "" {
			entKey[v] = -1
			continue
		}
		id, ok := keyID[k]
		if !ok {
			id = int32(len(distinct))
			keyID[k] = id
			distinct = append(distinct, k)
		}
		entKey[v] = id
	}
	keys, keyID = nil, nil
	nk := len(distinct)
	f.keyOff = make([]uint32, nk+1)
	for _, k := range entKey {
		if k >= 0 {
			f.keyOff[k+1]++
		}
	}
	for k := range nk {
		f.keyOff[k+1] += f.keyOff[k]
	}
	f.keyEnt = make([]int32, f.keyOff[nk])
	pos := slices.Clone(f.keyOff[:nk])
	for v, k := range entKey {
		if k >= 0 {
			f.keyEnt[pos[k]] = int32(v)
			pos[k]++
		}
	}
	f.keyTab = make([]int32, tableSize(nk))
	f.keyFP = make([]uint8, nk)
	f.keySize = make([]uint16, nk)
	type posting struct {
		last int32
		buf  []byte
	}
	post := make(map[uint64]*posting)
	var tg []uint64
	for k, key := range distinct {
		h := hashString(key)
		insert(f.keyTab, h, int32(k))
		f.keyFP[k] = uint8(h >> 56)
		tg = trigrams(key, tg)
		f.keySize[k] = uint16(min(len(tg), maxKeySize))
		for _, t := range tg {
			p := post[t]
			if p == nil {
				p = &posting{}
				post[t] = p
			}
			p.buf = binary.AppendUvarint(p.buf, uint64(int32(k)-p.last))
			p.last = int32(k)
		}
	}
	f.tgCode = make([]uint64, 0, len(post))
	size := 0
	for t, p := range post {
		f.tgCode = append(f.tgCode, t)
		size += len(p.buf)
	}
	slices.Sort(f.tgCode)
	f.tgOff = make([]uint64, len(f.tgCode)+1)
	f.tgPost = make([]byte, 0, size)
	for i, t := range f.tgCode {
		f.tgPost = append(f.tgPost, post[t].buf...)
		f.tgOff[i+1] = uint64(len(f.tgPost))
	}
}

// maxKeySize caps the stored trigram count of a key: a key with more
// trigrams than that is never similar enough to a mention of fewer than
// half as many, and longer mentions recompute it (fuzzy).
const maxKeySize = 1<<16 - 1

// parallel runs fn over [0, n) split across the processors.
func parallel(n int, fn func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), max(1, n/4096))
	if workers <= 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(n, lo+chunk)
		wg.Go(func() { fn(lo, hi) })
	}
	wg.Wait()
}

// thaw returns a draft holding everything f holds, for writing.
func thaw(f *frozen) *draft {
	d := newDraft()
	n, m := f.n(), f.m()
	d.names = make([]string, n)
	d.ids = make(map[string]int32, n)
	for v := range n {
		name := f.name(int32(v))
		d.names[v] = name
		d.ids[name] = int32(v)
	}
	d.nameBytes = f.nameBytes()
	d.rels = slices.Clone(f.rels)
	for i, r := range d.rels {
		d.relIDs[r] = uint16(i)
	}
	d.types = slices.Clone(f.types)
	for i, t := range d.types {
		d.typeIDs[t] = uint16(i)
	}
	d.files = slices.Clone(f.files)
	for i, name := range d.files {
		d.fileIDs[name] = uint32(i)
	}
	d.triples = make([]triple, m)
	d.seen = make(map[tkey]int32, m)
	for _, set := range f.aclSets[1:] {
		d.aclRef(set)
	}
	if f.acl != nil {
		d.acl = slices.Clone(f.acl)
	}
	for v := range n {
		for i := f.outOff[v]; i < f.outOff[v+1]; i++ {
			t := triple{s: int32(v), o: f.obj[i], r: f.rel[i], line: f.line[i], file: f.fileAll}
			if f.file != nil {
				t.file = f.file[i]
			}
			if f.st != nil {
				t.st, t.ot = f.st[i], f.ot[i]
			}
			d.triples[i] = t
			d.seen[tkey{s: t.s, o: t.o, r: uint32(t.r)}] = int32(i)
		}
	}
	return d
}
