package memstore

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/spill"
	"github.com/scgraph/scgraph/internal/text"
)

// build is one run of Builder.WriteSnapshot: the phases, in order, and
// what each leaves for the next.
type build struct {
	*Builder
	ctx     interface{ Err() error }
	n, m    int
	spilled bool

	order    []uint32 // entity id -> name id (the entities in name order)
	rank     []uint32 // name id -> entity id
	relNames []string // sorted
	relRank  []uint16 // relation id as added -> relation id

	outOff, inOff []uint32

	// The facts' arrays, in canonical order, and the incoming edges.
	obj, rel, line, file, st, ot, acl *column
	inSub, inTri                      *column
	// Roles of the entities (entity, role, count), by entity: subjects
	// from the facts, objects from the incoming edges.
	subjRoles, objRoles *column

	// First use, among the facts kept, of each type, file and access list
	// as added (math.MaxUint64: none), and their final numbers.
	typeFirst, fileFirst, aclFirst []uint64
	typeID, fileID, aclID          []uint64
	firstFile                      uint32
	sameFile, typed, restricted    bool
	nRestricted                    int // facts kept with an access list

	// Votes: the type given to each entity most often (typeVote, its
	// count), and for the entities given several, every count.
	typeVote  []uint16
	voteCount []uint32
	votes     map[int32]map[uint16]uint32

	relCount []int
	shared   map[[2]int32]int

	// Linking.
	keyOff         []uint32
	keyEnt, keyTab []int32
	keyFP          []byte
	keySizes       []uint16
	tgCode, tgOff  []uint64
	tgPost         []byte
	nameTab        []int32

	// Typing.
	typeNames []string
	typeOf    []uint32
	schema    *graph.Schema
}

// canonRec is a fact with its entities and relation numbered as the
// snapshot numbers them.
type canonRec struct {
	s, o   int32
	r      uint16
	st, ot uint16
	file   uint32
	line   int32
	acl    uint32
	seq    uint32
}

var canonCodec = spill.Codec[canonRec]{Size: 30,
	Encode: func(b []byte, x canonRec) {
		rawCodec.Encode(b, rawRec{s: uint32(x.s), o: uint32(x.o), r: x.r, st: x.st, ot: x.ot, file: x.file, line: x.line, acl: x.acl, seq: x.seq})
	},
	Decode: func(b []byte) canonRec {
		x := rawCodec.Decode(b)
		return canonRec{s: int32(x.s), o: int32(x.o), r: x.r, st: x.st, ot: x.ot, file: x.file, line: x.line, acl: x.acl, seq: x.seq}
	},
}

func cmpCanon(a, b canonRec) int {
	switch {
	case a.s != b.s:
		return cmp.Compare(a.s, b.s)
	case a.r != b.r:
		return cmp.Compare(a.r, b.r)
	case a.o != b.o:
		return cmp.Compare(a.o, b.o)
	}
	return cmp.Compare(a.seq, b.seq)
}

// inRec is an incoming edge: triple tri, from s, into o.
type inRec struct {
	o, s int32
	r    uint16
	tri  uint32
}

var inCodec = spill.Codec[inRec]{Size: 14,
	Encode: func(b []byte, x inRec) {
		le := binary.LittleEndian
		le.PutUint32(b[0:], uint32(x.o))
		le.PutUint32(b[4:], uint32(x.s))
		le.PutUint16(b[8:], x.r)
		le.PutUint32(b[10:], x.tri)
	},
	Decode: func(b []byte) inRec {
		le := binary.LittleEndian
		return inRec{o: int32(le.Uint32(b[0:])), s: int32(le.Uint32(b[4:])), r: le.Uint16(b[8:]), tri: le.Uint32(b[10:])}
	},
}

// pairRec is a fact by its unordered pair of entities (the lower id
// first), for the relations that mirror each other.
type pairRec struct {
	pair uint64
	r    uint16
	fwd  bool
}

var pairCodec = spill.Codec[pairRec]{Size: 11,
	Encode: func(b []byte, x pairRec) {
		binary.LittleEndian.PutUint64(b[0:], x.pair)
		binary.LittleEndian.PutUint16(b[8:], x.r)
		b[10] = 0
		if x.fwd {
			b[10] = 1
		}
	},
	Decode: func(b []byte) pairRec {
		return pairRec{pair: binary.LittleEndian.Uint64(b[0:]), r: binary.LittleEndian.Uint16(b[8:]), fwd: b[10] == 1}
	},
}

// check returns ctx's error every so often (every 65,536 calls).
type ticker struct {
	ctx interface{ Err() error }
	n   int
}

func (t *ticker) tick() error {
	if t.n++; t.n&0xffff == 0 {
		return t.ctx.Err()
	}
	return nil
}

func (bs *build) run(w io.Writer) error {
	defer bs.closeColumns()
	steps := []func() error{bs.number, bs.facts, bs.incoming, bs.linking, bs.typing}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
		if err := bs.ctx.Err(); err != nil {
			return err
		}
		freeMemory()
	}
	return bs.write(w)
}

func (bs *build) closeColumns() {
	for _, c := range []*column{bs.obj, bs.rel, bs.line, bs.file, bs.st, bs.ot, bs.acl, bs.inSub, bs.inTri, bs.subjRoles, bs.objRoles} {
		if c != nil {
			c.close()
		}
	}
}

// number numbers the entities by the byte order of their names and the
// relations by theirs.
func (bs *build) number() error {
	var err error
	if bs.order, err = bs.names.sorted(bs.ctx); err != nil {
		return err
	}
	bs.n = len(bs.order)
	bs.rank = make([]uint32, bs.n)
	for r, id := range bs.order {
		bs.rank[id] = uint32(r)
	}
	idx := make([]int, len(bs.rels.names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(bs.rels.names[a], bs.rels.names[b]) })
	bs.relRank = make([]uint16, len(idx))
	for r, i := range idx {
		bs.relRank[i] = uint16(r)
		bs.relNames = append(bs.relNames, bs.rels.names[i])
	}
	return nil
}

// facts sorts the facts into canonical order (subject, relation, object;
// the first of equal ones kept) and writes their arrays, counting what
// the next phases need.
func (bs *build) facts() error {
	sorter := spill.NewSorter(bs.dir, canonCodec, cmpCanon, bs.sortMemory()/2)
	sorter.Grow(bs.triples)
	tk := &ticker{ctx: bs.ctx}
	if err := bs.raw.Each(func(x rawRec) error {
		if err := tk.tick(); err != nil {
			return err
		}
		return sorter.Add(canonRec{s: int32(bs.rank[x.s]), o: int32(bs.rank[x.o]), r: bs.relRank[x.r], st: x.st, ot: x.ot, file: x.file, line: x.line, acl: x.acl, seq: x.seq})
	}); err != nil {
		return err
	}
	bs.spilled = sorter.Spilled() > 0 || bs.raw.Spilled() > 0
	freeMemory()

	var err error
	cols := []struct {
		c     **column
		what  string
		width int
	}{{&bs.obj, "obj", 4}, {&bs.rel, "rel", 2}, {&bs.line, "line", 4}, {&bs.file, "file", 4}, {&bs.st, "st", 2}, {&bs.ot, "ot", 2}, {&bs.acl, "acl", 4}, {&bs.subjRoles, "roles", 4}}
	for _, c := range cols {
		if *c.c, err = newColumn(bs.dir, c.what, c.width); err != nil {
			return err
		}
	}
	in := spill.NewSorter(bs.dir, inCodec, func(a, b inRec) int {
		switch {
		case a.o != b.o:
			return cmp.Compare(a.o, b.o)
		case a.r != b.r:
			return cmp.Compare(a.r, b.r)
		}
		return cmp.Compare(a.s, b.s)
	}, bs.sortMemory()/4)
	pairs := spill.NewSorter(bs.dir, pairCodec, func(a, b pairRec) int { return cmp.Compare(a.pair, b.pair) }, bs.sortMemory()/4)
	in.Grow(bs.triples)
	pairs.Grow(bs.triples)

	unused := func(k int) []uint64 {
		s := make([]uint64, k)
		for i := range s {
			s[i] = math.MaxUint64
		}
		return s
	}
	bs.typeFirst, bs.fileFirst, bs.aclFirst = unused(len(bs.types.names)), unused(len(bs.files.names)), unused(len(bs.acls.names))
	outDeg := make([]uint32, bs.n+1)
	inDeg := make([]uint32, bs.n+1)
	bs.typeVote = make([]uint16, bs.n)
	bs.voteCount = make([]uint32, bs.n)
	bs.votes = map[int32]map[uint16]uint32{}
	bs.relCount = make([]int, len(bs.relNames))
	bs.sameFile = true

	var prev canonRec
	havePrev := false
	// The run of facts with the subject and relation of the last one, for
	// the subjects' roles.
	runS, runR, runN := int32(-1), uint16(0), uint32(0)
	flushRun := func() {
		if runN > 0 {
			bs.subjRoles.put(uint64(runS))
			bs.subjRoles.put(uint64(2 * int32(runR)))
			bs.subjRoles.put(uint64(runN))
		}
	}
	err = sorter.Each(func(x canonRec) error {
		if err := tk.tick(); err != nil {
			return err
		}
		if havePrev && x.s == prev.s && x.r == prev.r && x.o == prev.o {
			if x.acl != prev.acl {
				return bs.aclConflict(prev, x)
			}
			return nil // a duplicate: the first kept
		}
		prev, havePrev = x, true
		tri := uint32(bs.m)
		bs.m++
		bs.obj.put(uint64(uint32(x.o)))
		bs.rel.put(uint64(x.r))
		bs.line.put(uint64(uint32(x.line)))
		bs.file.put(uint64(x.file))
		bs.st.put(uint64(x.st))
		bs.ot.put(uint64(x.ot))
		bs.acl.put(uint64(x.acl))
		outDeg[x.s+1]++
		inDeg[x.o+1]++
		bs.relCount[x.r]++
		if tri == 0 {
			bs.firstFile = x.file
		} else if x.file != bs.firstFile {
			bs.sameFile = false
		}
		seq := uint64(x.seq)
		bs.fileFirst[x.file] = min(bs.fileFirst[x.file], seq)
		if x.acl != 0 {
			bs.restricted = true
			bs.nRestricted++
			bs.aclFirst[x.acl] = min(bs.aclFirst[x.acl], seq)
		}
		if x.st != 0 {
			bs.typed = true
			bs.typeFirst[x.st-1] = min(bs.typeFirst[x.st-1], 2*seq)
			bs.vote(x.s, x.st)
		}
		if x.ot != 0 {
			bs.typed = true
			bs.typeFirst[x.ot-1] = min(bs.typeFirst[x.ot-1], 2*seq+1)
			bs.vote(x.o, x.ot)
		}
		if x.s != runS || x.r != runR {
			flushRun()
			runS, runR, runN = x.s, x.r, 0
		}
		runN++
		lo, hi, fwd := x.s, x.o, true
		if lo > hi {
			lo, hi, fwd = hi, lo, false
		}
		if err := pairs.Add(pairRec{pair: uint64(lo)<<32 | uint64(uint32(hi)), r: x.r, fwd: fwd}); err != nil {
			return err
		}
		return in.Add(inRec{o: x.o, s: x.s, r: x.r, tri: tri})
	})
	if err != nil {
		return err
	}
	flushRun()
	for _, c := range cols {
		if err := (*c.c).finish(); err != nil {
			return err
		}
	}
	for v := range bs.n {
		outDeg[v+1] += outDeg[v]
		inDeg[v+1] += inDeg[v]
	}
	bs.outOff, bs.inOff = outDeg, inDeg
	bs.spilled = bs.spilled || in.Spilled() > 0 || pairs.Spilled() > 0
	bs.typeID, bs.fileID, bs.aclID = renumber(bs.typeFirst, 1), renumber(bs.fileFirst, 0), renumber(bs.aclFirst, 0)
	if err := bs.incomingEdges(in); err != nil {
		return err
	}
	return bs.sharedPairs(pairs)
}

// vote counts type reference t given to entity e.
func (bs *build) vote(e int32, t uint16) {
	if m, ok := bs.votes[e]; ok {
		m[t]++
		return
	}
	switch bs.typeVote[e] {
	case 0:
		bs.typeVote[e], bs.voteCount[e] = t, 1
	case t:
		bs.voteCount[e]++
	default:
		bs.votes[e] = map[uint16]uint32{bs.typeVote[e]: bs.voteCount[e], t: 1}
	}
}

// renumber numbers the things used (first[i] < MaxUint64) in the order of
// their first use, from base (0 keeps number 0 for the first thing, which
// is always there: the unknown file, the public list).
func renumber(first []uint64, base uint64) []uint64 {
	idx := make([]int, 0, len(first))
	for i, f := range first {
		if f != math.MaxUint64 || (base == 0 && i == 0) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if base == 0 && (a == 0 || b == 0) {
			return cmp.Compare(a, b) // the first stays first
		}
		return cmp.Compare(first[a], first[b])
	})
	out := make([]uint64, len(first))
	for i := range out {
		out[i] = math.MaxUint64
	}
	for k, i := range idx {
		out[i] = uint64(k) + base
	}
	return out
}

// incomingEdges writes the incoming edges (by object, relation, subject)
// and the objects' roles.
func (bs *build) incomingEdges(in *spill.Sorter[inRec]) error {
	var err error
	if bs.inSub, err = newColumn(bs.dir, "inSub", 4); err != nil {
		return err
	}
	if bs.inTri, err = newColumn(bs.dir, "inTri", 4); err != nil {
		return err
	}
	if bs.objRoles, err = newColumn(bs.dir, "roles", 4); err != nil {
		return err
	}
	runO, runR, runN := int32(-1), uint16(0), uint32(0)
	flush := func() {
		if runN > 0 {
			bs.objRoles.put(uint64(runO))
			bs.objRoles.put(uint64(2*int32(runR) + 1))
			bs.objRoles.put(uint64(runN))
		}
	}
	tk := &ticker{ctx: bs.ctx}
	if err := in.Each(func(x inRec) error {
		if err := tk.tick(); err != nil {
			return err
		}
		bs.inSub.put(uint64(uint32(x.s)))
		bs.inTri.put(uint64(x.tri))
		if x.o != runO || x.r != runR {
			flush()
			runO, runR, runN = x.o, x.r, 0
		}
		runN++
		return nil
	}); err != nil {
		return err
	}
	flush()
	for _, c := range []*column{bs.inSub, bs.inTri, bs.objRoles} {
		if err := c.finish(); err != nil {
			return err
		}
	}
	return nil
}

// sharedPairs counts, for schema inference, the facts of each relation
// whose two entities a fact of another relation, or of its own, links the
// other way (infer.SchemaStats.Shared).
func (bs *build) sharedPairs(pairs *spill.Sorter[pairRec]) error {
	bs.shared = map[[2]int32]int{}
	var group []pairRec
	flush := func() {
		for _, x := range group {
			for _, y := range group {
				if x.fwd != y.fwd {
					bs.shared[[2]int32{int32(x.r), int32(y.r)}]++
				}
			}
		}
		group = group[:0]
	}
	tk := &ticker{ctx: bs.ctx}
	if err := pairs.Each(func(x pairRec) error {
		if err := tk.tick(); err != nil {
			return err
		}
		if len(group) > 0 && group[0].pair != x.pair {
			flush()
		}
		group = append(group, x)
		return nil
	}); err != nil {
		return err
	}
	flush()
	return nil
}

// incoming is done with the facts (a step of run's list, for its
// cancellation check).
func (bs *build) incoming() error { return nil }

// linking builds the entity-linking indexes as freeze does: the names'
// hash table, the normalized keys and their trigram postings.
func (bs *build) linking() error {
	n := bs.n
	bs.nameTab = make([]int32, tableSize(n))
	for v, id := range bs.order {
		insert(bs.nameTab, hashString(string(bs.names.get(id))), int32(v))
	}
	// Keys, a block of names at a time (computed in parallel), numbered
	// in the order of their first entity.
	keys := newNameTable()
	entKey := make([]int32, n)
	const block = 1 << 16
	buf := make([]string, block)
	tk := &ticker{ctx: bs.ctx}
	for lo := 0; lo < n; lo += block {
		hi := min(n, lo+block)
		parallel(hi-lo, func(a, b int) {
			for i := a; i < b; i++ {
				buf[i] = text.Key(string(bs.names.get(bs.order[lo+i])))
			}
		})
		for i := lo; i < hi; i++ {
			k := buf[i-lo]
			if k == "" {
				entKey[i] = -1
				continue
			}
			entKey[i] = int32(keys.intern(k))
		}
		if err := tk.tick(); err != nil {
			return err
		}
	}
	nk := keys.len()
	keyOff := make([]uint32, nk+1)
	for _, k := range entKey {
		if k >= 0 {
			keyOff[k+1]++
		}
	}
	for k := range nk {
		keyOff[k+1] += keyOff[k]
	}
	keyEnt := make([]int32, keyOff[nk])
	pos := slices.Clone(keyOff[:nk])
	for v, k := range entKey {
		if k >= 0 {
			keyEnt[pos[k]] = int32(v)
			pos[k]++
		}
	}
	pos, entKey = nil, nil
	keyTab := make([]int32, tableSize(nk))
	keyFP := make([]byte, nk)
	keySize := make([]uint16, nk)
	type posting struct {
		last int32
		buf  []byte
	}
	post := make(map[uint64]*posting)
	var tg []uint64
	for k := range nk {
		key := string(keys.get(uint32(k)))
		h := hashString(key)
		insert(keyTab, h, int32(k))
		keyFP[k] = uint8(h >> 56)
		tg = trigrams(key, tg)
		keySize[k] = uint16(min(len(tg), maxKeySize))
		for _, t := range tg {
			p := post[t]
			if p == nil {
				p = &posting{}
				post[t] = p
			}
			p.buf = binary.AppendUvarint(p.buf, uint64(int32(k)-p.last))
			p.last = int32(k)
		}
		if err := tk.tick(); err != nil {
			return err
		}
	}
	keys = nil
	bs.tgCode = make([]uint64, 0, len(post))
	size := 0
	for t, p := range post {
		bs.tgCode = append(bs.tgCode, t)
		size += len(p.buf)
	}
	slices.Sort(bs.tgCode)
	bs.tgOff = make([]uint64, len(bs.tgCode)+1)
	bs.tgPost = make([]byte, 0, size)
	for i, t := range bs.tgCode {
		bs.tgPost = append(bs.tgPost, post[t].buf...)
		bs.tgOff[i+1] = uint64(len(bs.tgPost))
		delete(post, t)
	}
	bs.keyOff, bs.keyEnt, bs.keyTab, bs.keyFP, bs.keySizes = keyOff, keyEnt, keyTab, keyFP, keySize
	return nil
}

// write writes the snapshot, as Store.WriteSnapshot lays it out.
func (bs *build) write(w io.Writer) error {
	schemaJSON, err := json.Marshal(bs.schema)
	if err != nil {
		return fmt.Errorf("memstore: snapshot: schema: %w", err)
	}
	var userJSON []byte
	if bs.opts.Schema != nil {
		if userJSON, err = json.Marshal(bs.opts.Schema); err != nil {
			return fmt.Errorf("memstore: snapshot: schema: %w", err)
		}
	}
	crc := crc32.New(castagnoli)
	e := &encoder{w: bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)}
	e.w.WriteString(snapMagic)
	if bs.restricted {
		e.w.WriteByte(snapVersionACL)
	} else {
		e.w.WriteByte(snapVersion)
	}
	var flags uint64
	if !bs.sameFile {
		flags |= flagFiles
	}
	if bs.typed {
		flags |= flagTypes
	}
	fileAll := uint64(0)
	if bs.sameFile {
		fileAll = bs.fileID[bs.firstFile]
	}
	for _, v := range []uint64{uint64(bs.n), uint64(bs.m), uint64(len(bs.keySizes)), uint64(len(bs.tgCode)), uint64(bs.names.bytes), uint64(len(bs.tgPost)), flags, fileAll} {
		e.u64(v)
	}
	e.table(bs.relNames)
	e.table(ordered(bs.types.names, bs.typeID, 1))
	e.table(ordered(bs.files.names, bs.fileID, 0)[1:])
	e.table(bs.typeNames)
	for _, id := range bs.order {
		e.w.Write(bs.names.get(id))
	}
	off := uint32(0)
	e.buf = binary.LittleEndian.AppendUint32(e.buf[:0], 0)
	e.w.Write(e.buf)
	for _, id := range bs.order {
		off += uint32(len(bs.names.get(id)))
		e.buf = binary.LittleEndian.AppendUint32(e.buf[:0], off)
		e.w.Write(e.buf)
	}
	putI32(e, bs.nameTab)
	putU32(e, bs.outOff)
	id := func(t []uint64) func(uint64) uint64 { return func(v uint64) uint64 { return t[v] } }
	typeRef := func(v uint64) uint64 {
		if v == 0 {
			return 0
		}
		return bs.typeID[v-1]
	}
	copies := []struct {
		c     *column
		remap func(uint64) uint64
		when  bool
	}{
		{bs.obj, nil, true}, {bs.rel, nil, true}, {bs.line, nil, true},
		{bs.file, id(bs.fileID), !bs.sameFile},
		{bs.st, typeRef, bs.typed}, {bs.ot, typeRef, bs.typed},
	}
	for _, c := range copies {
		if !c.when {
			continue
		}
		if err := c.c.copyTo(e.w, c.remap); err != nil {
			return fmt.Errorf("memstore: snapshot: %w", err)
		}
	}
	if bs.restricted {
		e.table(ordered(bs.acls.names, bs.aclID, 0)[1:])
		if err := bs.acl.copyTo(e.w, id(bs.aclID)); err != nil {
			return fmt.Errorf("memstore: snapshot: %w", err)
		}
	}
	putU32(e, bs.inOff)
	for _, c := range []*column{bs.inSub, bs.inTri} {
		if err := c.copyTo(e.w, nil); err != nil {
			return fmt.Errorf("memstore: snapshot: %w", err)
		}
	}
	putU32(e, bs.keyOff)
	putI32(e, bs.keyEnt)
	putI32(e, bs.keyTab)
	e.w.Write(bs.keyFP)
	putU16(e, bs.keySizes)
	putU64(e, bs.tgCode)
	putU64(e, bs.tgOff)
	e.w.Write(bs.tgPost)
	putU32(e, bs.typeOf)
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

// ordered lists the names by their final numbers (ids[i] - base for name
// i; names not numbered are left out).
func ordered(names []string, ids []uint64, base uint64) []string {
	out := make([]string, 0, len(names))
	for i, n := range names {
		if ids[i] != math.MaxUint64 {
			k := int(ids[i] - base)
			for len(out) <= k {
				out = append(out, "")
			}
			out[k] = n
		}
	}
	return out
}

// aclConflict is the error for the fact of first stated again by later
// with another access list, worded as graph.CheckACLConflicts words it
// (a Store's AddTriples refuses the same input so).
func (bs *build) aclConflict(first, later canonRec) error {
	acl := func(x canonRec) string {
		if x.acl == 0 {
			return groupname.String(nil)
		}
		return groupname.String(strings.Split(bs.acls.names[x.acl], ","))
	}
	src := func(x canonRec) string {
		s := graph.Source{File: bs.files.names[x.file], Line: int(x.line)}
		if s.IsZero() {
			return ""
		}
		return " (" + s.String() + ")"
	}
	return fmt.Errorf("memstore: triple %d%s: %s -%s-> %s is %s here but %s at triple %d%s: a fact has one access list (make the lines agree, or drop one)",
		later.seq, src(later), bs.names.get(bs.order[later.s]), bs.relNames[later.r], bs.names.get(bs.order[later.o]),
		acl(later), acl(first), first.seq, src(first))
}
