package memstore

import (
	"math/bits"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// frozen is the read side of a store: every fact and every index the
// queries need, in flat arrays with no per-entity or per-triple object, so
// that it costs about 40 bytes a triple, loads from a snapshot by reading
// the arrays back, and leaves the garbage collector almost nothing to scan.
// It is immutable once built (by freeze from the writes, or by
// readSnapshot), except for its typing, which depends on the user schema
// and is derived lazily.
//
// Entity ids are the ranks of the names in byte order and relation ids the
// ranks of the relation names, so that the canonical orders of the store
// contract are the orders of the ids.
type frozen struct {
	// Entities: the name of entity v is arena[nameOff[v]:nameOff[v+1]];
	// nameTab is an open-addressing hash table over the names (id+1, 0
	// for an empty slot).
	arena   string
	nameOff []uint32
	nameTab []int32

	rels  []string // relation names, sorted
	types []string // the types given in triples, in order of appearance
	files []string // source file names; files[0] is "" (unknown)
	// relIdx, typeIdx and fileIdx invert the three tables.
	relIdx  map[string]uint16
	typeIdx map[string]uint16
	fileIdx map[string]uint32

	// Triples, in canonical order: by subject, relation, object. The
	// triples of subject v are outOff[v]..outOff[v+1]; triple i is
	// v -rel[i]-> obj[i], read at files[file[i]]:line[i] (file is nil
	// when every triple comes from files[fileAll]), with the types given
	// as st[i], ot[i] (type id + 1, 0 for none; nil when no triple has
	// one).
	//
	// Access lists: triple i may be seen by the groups aclSets[acl[i]]
	// (aclSets[0] is nil: public); acl is nil when every fact is public.
	// Incoming edges find theirs through inTri.
	outOff  []uint32
	obj     []int32
	rel     []uint16
	line    []int32
	file    []uint32
	fileAll uint32
	st, ot  []uint16
	acl     []uint32
	aclSets [][]string

	// Incoming edges, by object, relation, subject: the edges into v are
	// inOff[v]..inOff[v+1]; edge j comes from inSub[j] through triple
	// inTri[j].
	inOff []uint32
	inSub []int32
	inTri []uint32

	// Entity linking. Keys are the distinct non-empty normalized names
	// (text.Key), numbered in order of their first entity; the
	// entities of key k are keyEnt[keyOff[k]:keyOff[k+1]], by name.
	// keyTab is a hash table over the keys (key+1), keyFP a byte of each
	// key's hash (so that a probe rarely needs the key itself, which is
	// recomputed from its first entity's name), keySize the number of
	// distinct trigrams of each key.
	keyOff  []uint32
	keyEnt  []int32
	keyTab  []int32
	keyFP   []uint8
	keySize []uint16
	// Fuzzy matching: for each distinct trigram of the keys (packed as
	// trigrams does, sorted), the keys that have it, ascending, as
	// uvarint deltas in tgPost[tgOff[i]:tgOff[i+1]].
	tgCode []uint64
	tgOff  []uint64
	tgPost []byte

	// entKey inverts keyEnt (the key of each entity, -1 for none), made
	// once when a walk first scores names against a goal (entityKeys).
	entKeyOnce sync.Once
	entKey     []int32

	// typ is derived from the data and the user schema; nil until needed.
	typ     atomic.Pointer[typing]
	scratch sync.Pool // *fuzzyScratch
	// views caches what each set of groups sees (*visibility, by
	// Groups.String()), for Store.Scoped.
	views sync.Map
}

// n is the number of entities, m the number of triples.
func (f *frozen) n() int { return len(f.nameOff) - 1 }
func (f *frozen) m() int { return len(f.obj) }

func (f *frozen) name(v int32) string { return f.arena[f.nameOff[v]:f.nameOff[v+1]] }

// hashString is FNV-1a, 64 bits. Snapshots keep tables built with it, so
// it must never change (or the snapshot version must).
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// tableSize is the number of slots of a hash table for n entries: a power
// of two with a load factor between 0.4 and 0.8.
func tableSize(n int) int {
	return max(16, 1<<bits.Len(uint(n+n/4)))
}

// lookup returns the id of the entity named name.
func (f *frozen) lookup(name string) (int32, bool) {
	tab := f.nameTab
	if len(tab) == 0 {
		return 0, false
	}
	mask := uint64(len(tab) - 1)
	i := hashString(name) & mask
	for range tab {
		e := tab[i]
		if e <= 0 || int(e) > f.n() {
			return 0, false
		}
		if f.name(e-1) == name {
			return e - 1, true
		}
		i = (i + 1) & mask
	}
	return 0, false
}

// keyEntities returns the entities whose normalized name is key.
func (f *frozen) keyEntities(key string) []int32 {
	tab := f.keyTab
	if len(tab) == 0 || key == "" {
		return nil
	}
	h := hashString(key)
	fp := uint8(h >> 56)
	mask := uint64(len(tab) - 1)
	i := h & mask
	for range tab {
		e := tab[i]
		if e <= 0 || int(e) >= len(f.keyOff) {
			return nil
		}
		k := e - 1
		if f.keyFP[k] == fp {
			ents := f.keyEnt[f.keyOff[k]:f.keyOff[k+1]]
			if len(ents) > 0 && text.Key(f.name(ents[0])) == key {
				return ents
			}
		}
		i = (i + 1) & mask
	}
	return nil
}

// find returns the index of the triple subject -relation-> object.
func (f *frozen) find(subject, relation, object string) (uint32, bool) {
	r, ok := f.relIdx[relation]
	if !ok {
		return 0, false
	}
	s, ok1 := f.lookup(subject)
	o, ok2 := f.lookup(object)
	if !ok1 || !ok2 {
		return 0, false
	}
	lo, hi := int(f.outOff[s]), int(f.outOff[s+1])
	i := lo + sort.Search(hi-lo, func(i int) bool {
		j := lo + i
		return f.rel[j] > r || f.rel[j] == r && f.obj[j] >= o
	})
	return uint32(i), i < hi && f.rel[i] == r && f.obj[i] == o
}

// source is where triple t was read.
func (f *frozen) source(t uint32) graph.Source {
	file := f.fileAll
	if f.file != nil {
		file = f.file[t]
	}
	return graph.Source{File: f.files[file], Line: int(f.line[t])}
}

// aclOf is the access list of triple t (nil: public), shared.
func (f *frozen) aclOf(t uint32) []string {
	if f.acl == nil {
		return nil
	}
	return f.aclSets[f.acl[t]]
}

func (f *frozen) givenType(col []uint16, t int) string {
	if col == nil || col[t] == 0 {
		return ""
	}
	return f.types[col[t]-1]
}

// triples returns every fact as a graph.Triple (sharing the names), in
// canonical order, with its given types, and its source if withSource.
func (f *frozen) triples(withSource bool) []graph.Triple {
	ts := make([]graph.Triple, f.m())
	for v := range f.n() {
		subject := f.name(int32(v))
		for i := f.outOff[v]; i < f.outOff[v+1]; i++ {
			ts[i] = graph.Triple{
				Subject: subject, Relation: f.rels[f.rel[i]], Object: f.name(f.obj[i]),
				SubjectType: f.givenType(f.st, int(i)), ObjectType: f.givenType(f.ot, int(i)),
			}
			if withSource {
				ts[i].Source = f.source(i)
				ts[i].ACL = f.aclOf(i)
			}
		}
	}
	return ts
}

// edge is one adjacency entry as the queries see it: the neighbour, the
// relation and the triple (for its source).
type edge struct {
	nb  int32
	tri uint32
	r   uint16
}

func (f *frozen) outEdge(i uint32) edge { return edge{nb: f.obj[i], tri: i, r: f.rel[i]} }

func (f *frozen) inEdge(j uint32) edge {
	t := f.inTri[j]
	return edge{nb: f.inSub[j], tri: t, r: f.rel[t]}
}

// degree is the number of edges of v walked in direction dir, whatever
// their relation.
func (f *frozen) degree(v int32, dir graph.Direction) int {
	n := 0
	if dir != graph.In {
		n += int(f.outOff[v+1] - f.outOff[v])
	}
	if dir != graph.Out {
		n += int(f.inOff[v+1] - f.inOff[v])
	}
	return n
}

// relRange returns the part of an edge list [lo, hi) (sorted by relation)
// whose relation is r; relOf gives the relation of an entry.
func relRange(lo, hi uint32, r uint16, relOf func(uint32) uint16) (uint32, uint32) {
	n := int(hi - lo)
	a := lo + uint32(sort.Search(n, func(i int) bool { return relOf(lo+uint32(i)) >= r }))
	b := a + uint32(sort.Search(int(hi-a), func(i int) bool { return relOf(a+uint32(i)) > r }))
	return a, b
}

func (f *frozen) relOfOut(i uint32) uint16 { return f.rel[i] }
func (f *frozen) relOfIn(j uint32) uint16  { return f.rel[f.inTri[j]] }

// filter is a set of relations: nil means all; else rels lists the
// allowed relation ids, ascending, and allow marks them.
type filter struct {
	rels  []uint16
	allow []bool
}

// count is the number of edges of v walked in direction dir along the
// relations of flt: O(1) for all relations, O(log degree) per relation
// otherwise, so that a hub costs no more than any node.
func (f *frozen) count(v int32, dir graph.Direction, flt *filter) int {
	if flt == nil {
		return f.degree(v, dir)
	}
	n := 0
	for _, r := range flt.rels {
		if dir != graph.In {
			a, b := relRange(f.outOff[v], f.outOff[v+1], r, f.relOfOut)
			n += int(b - a)
		}
		if dir != graph.Out {
			a, b := relRange(f.inOff[v], f.inOff[v+1], r, f.relOfIn)
			n += int(b - a)
		}
	}
	return n
}

// each calls fn with the edges of v walked in direction dir, in canonical
// order (relation name, Out before In, neighbour name), keeping only the
// relations of flt. It stops, returning false, when fn does.
func (f *frozen) each(v int32, dir graph.Direction, flt *filter, fn func(e edge, d graph.Direction) bool) bool {
	if flt != nil {
		for _, r := range flt.rels {
			if dir != graph.In {
				a, b := relRange(f.outOff[v], f.outOff[v+1], r, f.relOfOut)
				for i := a; i < b; i++ {
					if !fn(f.outEdge(i), graph.Out) {
						return false
					}
				}
			}
			if dir != graph.Out {
				a, b := relRange(f.inOff[v], f.inOff[v+1], r, f.relOfIn)
				for j := a; j < b; j++ {
					if !fn(f.inEdge(j), graph.In) {
						return false
					}
				}
			}
		}
		return true
	}
	var i, iEnd, j, jEnd uint32
	if dir != graph.In {
		i, iEnd = f.outOff[v], f.outOff[v+1]
	}
	if dir != graph.Out {
		j, jEnd = f.inOff[v], f.inOff[v+1]
	}
	for i < iEnd || j < jEnd {
		if j == jEnd || (i < iEnd && f.rel[i] <= f.relOfIn(j)) {
			if !fn(f.outEdge(i), graph.Out) {
				return false
			}
			i++
		} else {
			if !fn(f.inEdge(j), graph.In) {
				return false
			}
			j++
		}
	}
	return true
}

// sortIDs sorts entity ids (that is, by name) and removes duplicates.
func sortIDs(ids []int32) []int32 {
	slices.Sort(ids)
	return slices.Compact(ids)
}

// fillIndexes fills the inverse tables of rels, types and files.
func (f *frozen) fillIndexes() {
	f.relIdx = make(map[string]uint16, len(f.rels))
	for i, r := range f.rels {
		f.relIdx[r] = uint16(i)
	}
	f.typeIdx = make(map[string]uint16, len(f.types))
	for i, t := range f.types {
		f.typeIdx[t] = uint16(i)
	}
	f.fileIdx = make(map[string]uint32, len(f.files))
	for i, name := range f.files {
		f.fileIdx[name] = uint32(i)
	}
}

// emptyFrozen is the read side of an empty store.
func emptyFrozen() *frozen {
	f := &frozen{
		nameOff: []uint32{0}, nameTab: make([]int32, tableSize(0)),
		outOff: []uint32{0}, inOff: []uint32{0},
		keyOff: []uint32{0}, keyTab: make([]int32, tableSize(0)),
		tgOff: []uint64{0}, files: []string{""}, aclSets: [][]string{nil},
	}
	f.fillIndexes()
	return f
}

// nameBytes is the size of the names arena.
func (f *frozen) nameBytes() int { return len(f.arena) }

// key returns key k, recomputed from its first entity's name.
func (f *frozen) key(k int) string {
	if f.keyOff[k] == f.keyOff[k+1] {
		return ""
	}
	return text.Key(f.name(f.keyEnt[f.keyOff[k]]))
}
