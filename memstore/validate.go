package memstore

import (
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/text"
)

// validate checks the invariants every query relies on for its indexing:
// ids in range, offsets in order. A read side that passes answers every
// request without a panic, whatever the bytes it was read from (a valid
// checksum does not make a file trustworthy); one made by freeze always
// passes. It also checks what makes answers right and is cheap to check
// (names sorted and unique, valid identifiers). The checks run in a fixed
// order and the first that fails is the error.
func (f *frozen) validate(fileAll uint64) error {
	checks := []func() error{
		func() error { return f.checkTableSizes(fileAll) },
		f.checkRelationNames,
		f.checkTypeNames,
		f.checkAccessLists,
		f.checkFileNames,
		f.checkEntityNames,
		f.checkEdgeOffsets,
		f.checkKeys,
		f.checkEntityIDs,
		f.checkTripleColumns,
		f.checkTrigrams,
	}
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkTableSizes checks that the relation and type tables fit their ids
// and that fileAll names a file.
func (f *frozen) checkTableSizes(fileAll uint64) error {
	switch {
	case len(f.rels) > maxRelations:
		return fmt.Errorf("%d relations", len(f.rels))
	case len(f.types) > maxTypes-1:
		return fmt.Errorf("%d types", len(f.types))
	case fileAll >= uint64(len(f.files)):
		return fmt.Errorf("file %d out of range", fileAll)
	}
	return nil
}

// checkRelationNames checks that the relation names are identifiers,
// sorted and unique (relation ids are their ranks).
func (f *frozen) checkRelationNames() error {
	for i, r := range f.rels {
		if !text.ValidIdentifier(r) || i > 0 && f.rels[i-1] >= r {
			return fmt.Errorf("relation %d: invalid, duplicate or out of order name %q", i, r)
		}
	}
	return nil
}

// checkTypeNames checks that the type names are unique identifiers.
func (f *frozen) checkTypeNames() error {
	seen := make(map[string]bool)
	for i, t := range f.types {
		if seen[t] || !text.ValidIdentifier(t) {
			return fmt.Errorf("type %d: invalid or duplicate name %q", i, t)
		}
		seen[t] = true
	}
	return nil
}

// checkAccessLists checks that every access list but the public one is
// valid, sorted and unique, and that the triples' access lists, when
// there are any, are one a triple and in range.
func (f *frozen) checkAccessLists() error {
	seen := make(map[string]bool)
	for i, set := range f.aclSets[1:] {
		key := fmt.Sprint(set)
		if acl, err := groupname.Check(set); err != nil || !slices.Equal(acl, set) || seen[key] {
			return fmt.Errorf("access list %d: invalid, unsorted or duplicate %q", i+1, set)
		}
		seen[key] = true
	}
	for i, a := range f.acl {
		if int(a) >= len(f.aclSets) {
			return fmt.Errorf("triple %d: access list %d out of range", i, a)
		}
	}
	if f.acl != nil && len(f.acl) != f.m() {
		return fmt.Errorf("%d access lists for %d triples", len(f.acl), f.m())
	}
	return nil
}

// checkFileNames checks that the source file names are unique and that
// only the first (unknown) is empty.
func (f *frozen) checkFileNames() error {
	seen := make(map[string]bool)
	for i, name := range f.files {
		if seen[name] || i > 0 && name == "" {
			return fmt.Errorf("file %d: duplicate name %q", i, name)
		}
		seen[name] = true
	}
	return nil
}

// checkEntityNames checks that the names' offsets span the arena and
// that the names are non-empty and in strictly increasing byte order
// (entity ids are their ranks).
func (f *frozen) checkEntityNames() error {
	if err := checkOffsets("names", f.nameOff, uint64(len(f.arena)), true); err != nil {
		return err
	}
	for v := 1; v < f.n(); v++ {
		if f.name(int32(v-1)) >= f.name(int32(v)) {
			return fmt.Errorf("entity %d: name %q out of order", v, f.name(int32(v)))
		}
	}
	return nil
}

// checkEdgeOffsets checks the offsets of the outgoing triples and the
// incoming edges: one an entity and one more, spanning the triples.
func (f *frozen) checkEdgeOffsets() error {
	n := f.n()
	for _, c := range []struct {
		what string
		off  []uint32
	}{{"triples", f.outOff}, {"incoming edges", f.inOff}} {
		if len(c.off) != n+1 {
			return fmt.Errorf("%s: %d offsets for %d entities", c.what, len(c.off), n)
		}
		if err := checkOffsets(c.what, c.off, uint64(f.m()), false); err != nil {
			return err
		}
	}
	return nil
}

// checkKeys checks the offsets of the keys' entities and that every key
// has a hash byte and a size.
func (f *frozen) checkKeys() error {
	if err := checkOffsets("keys", f.keyOff, uint64(len(f.keyEnt)), false); err != nil {
		return err
	}
	nk := f.keyCount()
	if len(f.keyFP) != nk || len(f.keySize) != nk {
		return fmt.Errorf("keys: %d hashes and %d sizes for %d keys", len(f.keyFP), len(f.keySize), nk)
	}
	return nil
}

// keyCount is the number of keys, once checkKeys has passed.
func (f *frozen) keyCount() int { return len(f.keyOff) - 1 }

// checkEntityIDs checks the columns of entity and key ids, and the hash
// tables over them (id+1), against the number of entities and keys.
func (f *frozen) checkEntityIDs() error {
	n, nk := f.n(), f.keyCount()
	for _, c := range []struct {
		what string
		ids  []int32
		max  int
	}{{"objects", f.obj, n}, {"incoming subjects", f.inSub, n}, {"key entities", f.keyEnt, n}, {"name table", f.nameTab, n + 1}, {"key table", f.keyTab, nk + 1}} {
		if i := slices.IndexFunc(c.ids, func(x int32) bool { return x < 0 || int(x) >= c.max }); i >= 0 {
			return fmt.Errorf("%s: entry %d: %d out of range", c.what, i, c.ids[i])
		}
	}
	return nil
}

// checkTripleColumns checks the ids the triples and incoming edges hold:
// triples, relations, lines, files and types, each in range.
func (f *frozen) checkTripleColumns() error {
	m := f.m()
	if i := slices.IndexFunc(f.inTri, func(t uint32) bool { return int(t) >= m }); i >= 0 {
		return fmt.Errorf("incoming edge %d: triple %d out of range", i, f.inTri[i])
	}
	if i := slices.IndexFunc(f.rel, func(r uint16) bool { return int(r) >= len(f.rels) }); i >= 0 {
		return fmt.Errorf("triple %d: relation %d out of range", i, f.rel[i])
	}
	if i := slices.IndexFunc(f.line, func(l int32) bool { return l < 0 }); i >= 0 {
		return fmt.Errorf("triple %d: line %d out of range", i, f.line[i])
	}
	if i := slices.IndexFunc(f.file, func(x uint32) bool { return int(x) >= len(f.files) }); i >= 0 {
		return fmt.Errorf("triple %d: file %d out of range", i, f.file[i])
	}
	for _, col := range [][]uint16{f.st, f.ot} {
		if i := slices.IndexFunc(col, func(t uint16) bool { return int(t) > len(f.types) }); i >= 0 {
			return fmt.Errorf("triple %d: type %d out of range", i, col[i])
		}
	}
	return nil
}

// checkTrigrams checks the trigram offsets: one a trigram and one more,
// from 0 to the end of the postings, never decreasing.
func (f *frozen) checkTrigrams() error {
	if len(f.tgOff) != len(f.tgCode)+1 {
		return fmt.Errorf("trigrams: %d offsets for %d trigrams", len(f.tgOff), len(f.tgCode))
	}
	if f.tgOff[0] != 0 || f.tgOff[len(f.tgOff)-1] != uint64(len(f.tgPost)) {
		return fmt.Errorf("trigram offsets do not span the postings")
	}
	for i := 1; i < len(f.tgOff); i++ {
		if f.tgOff[i] < f.tgOff[i-1] {
			return fmt.Errorf("trigram %d: offsets out of order", i)
		}
	}
	return nil
}

// checkOffsets checks CSR offsets: from 0 to end, never decreasing (or
// always increasing if strict).
func checkOffsets(what string, off []uint32, end uint64, strict bool) error {
	if len(off) == 0 || off[0] != 0 || uint64(off[len(off)-1]) != end {
		return fmt.Errorf("%s: offsets do not span the data", what)
	}
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] || strict && off[i] == off[i-1] {
			return fmt.Errorf("%s: offset %d out of order", what, i)
		}
	}
	return nil
}
