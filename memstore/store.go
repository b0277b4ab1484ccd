package memstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acl"
	"github.com/scgraph/scgraph/internal/groupname"
)

// Limits of the compact representation.
const (
	maxEntities  = math.MaxInt32
	maxRelations = math.MaxUint16
	maxTypes     = math.MaxUint16 // type ids are stored +1, 0 meaning none
	maxFiles     = math.MaxUint32
	maxLine      = math.MaxInt32
	maxTriples   = math.MaxInt32
	maxNameBytes = math.MaxUint32 // the names arena has 32-bit offsets
)

// triple is one fact written to a draft, 24 bytes.
type triple struct {
	s, o   int32  // entity ids
	r      uint16 // relation id
	st, ot uint16 // type id + 1 of subject and object as given; 0 = none
	file   uint32 // index in files; 0 = unknown
	line   int32
}

// tkey identifies a fact for deduplication. All its fields are 32 bits
// wide so that it has no padding and hashes as one block of memory.
type tkey struct {
	s, o int32
	r    uint32
}

// draft is the write side of a store: the facts in the order they were
// added, with the maps that intern names and deduplicate facts. A store
// keeps one only between a write and the next read, which freezes it.
type draft struct {
	names     []string // entity id -> name
	ids       map[string]int32
	nameBytes int
	rels      []string // relation id -> name
	relIDs    map[string]uint16
	types     []string // type id -> name, for the types given in triples
	typeIDs   map[string]uint16
	files     []string // file id -> name; files[0] is "" (unknown)
	fileIDs   map[string]uint32
	triples   []triple
	seen      map[tkey]int32 // a fact's index in triples
	// Access lists: acls[k] is the k-th distinct list (its groups joined
	// by ","; acls[0] is "", public) and acl[i] the list of triple i; acl
	// is nil while every fact is public.
	acls   []string
	aclIDs map[string]uint32
	acl    []uint32
}

func newDraft() *draft {
	return &draft{
		ids:     make(map[string]int32),
		relIDs:  make(map[string]uint16),
		typeIDs: make(map[string]uint16),
		files:   []string{""},
		fileIDs: map[string]uint32{"": 0},
		seen:    make(map[tkey]int32),
		acls:    []string{""},
		aclIDs:  map[string]uint32{"": 0},
	}
}

// aclRef returns the id of an access list (checked and sorted), interning
// it; 0 is public.
func (d *draft) aclRef(acl []string) uint32 {
	if len(acl) == 0 {
		return 0
	}
	key := strings.Join(acl, ",")
	id, ok := d.aclIDs[key]
	if !ok {
		id = uint32(len(d.acls))
		d.aclIDs[key] = id
		d.acls = append(d.acls, key)
	}
	return id
}

// Store is the in-memory store. The zero value is not usable; call New.
//
// Its data lives in one of two forms: a frozen read side (every query
// reads it), or, after a write, a draft that the next read freezes. A
// store loaded from a snapshot starts frozen, its indexes included.
type Store struct {
	mu   sync.RWMutex
	user *graph.Schema // the user schema, or nil
	// fz is the read side, nil while dr holds writes not yet frozen;
	// dr, when set, holds all the data. Both change under mu (write
	// lock), or under buildMu when a reader freezes the draft.
	buildMu sync.Mutex
	fz      atomic.Pointer[frozen]
	dr      atomic.Pointer[draft]
}

// New returns an empty store.
func New() *Store {
	s := &Store{}
	s.fz.Store(emptyFrozen())
	return s
}

// Stats returns the number of entities and of (distinct) triples.
func (s *Store) Stats() (entities, triples int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if d := s.dr.Load(); d != nil {
		return len(d.names), len(d.triples)
	}
	f := s.fz.Load()
	return f.n(), f.m()
}

// Index builds now what the first read would: the read side with its
// indexes, and the entity types. It takes seconds on millions of facts;
// a caller that wants that work done at a time of its choosing (before
// writing a snapshot, or where it can stop waiting for it) calls it, and
// the reads and WriteSnapshot that follow only use what it built.
func (s *Store) Index() {
	s.mu.RLock()
	defer s.mu.RUnlock()
	s.read()
}

// Close releases nothing: the store is memory only. It exists for the
// store interfaces.
func (s *Store) Close() error { return nil }

// read returns the read side and its typing, freezing the writes first if
// there are any. The caller holds s.mu for reading.
func (s *Store) read() (*frozen, *typing) {
	f := s.fz.Load()
	if f == nil {
		s.buildMu.Lock()
		if f = s.fz.Load(); f == nil {
			f = freezeTyped(s.dr.Load(), s.user)
			s.fz.Store(f)
			s.dr.Store(nil)
		}
		s.buildMu.Unlock()
	}
	return f, f.typing(s.user, &s.buildMu)
}

// AddTriples adds the triples not already stored (same subject, relation
// and object) and returns how many were new: adding the same data twice
// adds nothing the second time. It is Write without the access-list
// count.
func (s *Store) AddTriples(ctx context.Context, ts []graph.Triple) (int, error) {
	st, err := s.Write(ctx, ts)
	return st.Added, err
}

// Write adds the triples not already stored (same subject, relation and
// object). Each triple keeps the Source and subject/object types of its
// first ingestion; its access list is the one the latest batch gave it,
// so writing a file again converges to the file's access lists. Within a
// batch, a fact given twice with two access lists is an error naming both
// (graph.CheckACLConflicts), as are names that are not identifiers or are
// empty; on any error nothing is added and the error names the triple and
// its source.
func (s *Store) Write(ctx context.Context, ts []graph.Triple) (graph.WriteStats, error) {
	var stats graph.WriteStats
	if err := ctx.Err(); err != nil {
		return stats, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkTriples(ts); err != nil {
		return stats, err
	}
	d := s.dr.Load()
	if d == nil {
		f := s.fz.Load()
		if f.holdsAll(ts) {
			return stats, nil // nothing new, no list changed: stay frozen
		}
		if f.m() == 0 {
			d = newDraft()
			d.rels, d.types, d.files = slices.Clone(f.rels), slices.Clone(f.types), slices.Clone(f.files)
			for i, r := range d.rels {
				d.relIDs[r] = uint16(i)
			}
		} else {
			d = thaw(f)
		}
		s.dr.Store(d)
		s.fz.Store(nil)
	}
	if len(d.triples) == 0 {
		d.triples = slices.Grow(d.triples, len(ts))
	}
	for _, t := range ts {
		sid, oid, r := d.entity(t.Subject), d.entity(t.Object), d.relation(t.Relation)
		k := tkey{s: sid, o: oid, r: uint32(r)}
		acl, _ := groupname.Check(t.ACL) // checked by checkTriples
		ref := d.aclRef(acl)
		if i, dup := d.seen[k]; dup {
			// Stored before, or earlier in this batch with the same
			// list (checkTriples refused two lists): the batch's list.
			if d.aclAt(i) != ref {
				d.setACL(i, ref)
				stats.ACLChanged++
			}
			continue
		}
		d.seen[k] = int32(len(d.triples))
		if ref != 0 || d.acl != nil {
			if d.acl == nil {
				d.acl = make([]uint32, len(d.triples), cap(d.triples))
			}
			d.acl = append(d.acl, ref)
		}
		d.triples = append(d.triples, triple{
			s: sid, o: oid, r: r,
			st: d.typeRef(t.SubjectType), ot: d.typeRef(t.ObjectType),
			file: d.file(t.Source.File), line: int32(t.Source.Line),
		})
		stats.Added++
	}
	return stats, nil
}

// aclAt is the access list id of triple i (0: public).
func (d *draft) aclAt(i int32) uint32 {
	if d.acl == nil {
		return 0
	}
	return d.acl[i]
}

// setACL gives triple i the access list ref.
func (d *draft) setACL(i int32, ref uint32) {
	if d.acl == nil {
		d.acl = make([]uint32, len(d.triples), cap(d.triples))
	}
	d.acl[i] = ref
}

// holdsAll reports whether every triple of ts is stored already, with
// the access list it gives.
func (f *frozen) holdsAll(ts []graph.Triple) bool {
	if f.m() == 0 {
		return len(ts) == 0
	}
	for _, t := range ts {
		i, ok := f.find(t.Subject, t.Relation, t.Object)
		if !ok {
			return false
		}
		acl, _ := groupname.Check(t.ACL) // checked by checkTriples
		if !slices.Equal(f.aclOf(i), acl) {
			return false
		}
	}
	return true
}

// catalog answers what the store holds already, from the draft or the
// read side, for checking a batch.
type catalog struct {
	d *draft
	f *frozen
}

func (s *Store) catalog() catalog { return catalog{d: s.dr.Load(), f: s.fz.Load()} }

func (c catalog) rel(name string) bool {
	if c.d != nil {
		_, ok := c.d.relIDs[name]
		return ok
	}
	_, ok := c.f.relIdx[name]
	return ok
}

func (c catalog) typ(name string) bool {
	if c.d != nil {
		_, ok := c.d.typeIDs[name]
		return ok
	}
	_, ok := c.f.typeIdx[name]
	return ok
}

func (c catalog) file(name string) bool {
	if c.d != nil {
		_, ok := c.d.fileIDs[name]
		return ok
	}
	_, ok := c.f.fileIdx[name]
	return ok
}

// sizes returns the numbers of entities, triples, relations, types and
// files, and the bytes of the names.
func (c catalog) sizes() (ents, trs, rels, types, files, nameBytes int) {
	if c.d != nil {
		return len(c.d.names), len(c.d.triples), len(c.d.rels), len(c.d.types), len(c.d.files), c.d.nameBytes
	}
	return c.f.n(), c.f.m(), len(c.f.rels), len(c.f.types), len(c.f.files), c.f.nameBytes()
}

// checkTriples validates a batch before anything is written, including
// the capacity of the id spaces. It runs under the write lock.
func (s *Store) checkTriples(ts []graph.Triple) error {
	c := s.catalog()
	newRels := make(map[string]bool)
	newTypes := make(map[string]bool)
	newFiles := make(map[string]bool)
	check := graph.TripleChecker{Known: func(name string) bool { return c.rel(name) || c.typ(name) }}
	nameBytes := 0
	if err := acl.CheckConflicts(ts); err != nil {
		return fmt.Errorf("memstore: %w", err)
	}
	for i, t := range ts {
		if err := check.Check(i, t); err != nil {
			return fmt.Errorf("memstore: %w", err)
		}
		if !c.rel(t.Relation) {
			newRels[t.Relation] = true
		}
		for _, typ := range [2]string{t.SubjectType, t.ObjectType} {
			if typ != "" && !c.typ(typ) {
				newTypes[typ] = true
			}
		}
		if t.Source.Line > maxLine {
			return fmt.Errorf("memstore: triple %d%s: source line %d out of range", i, at(t), t.Source.Line)
		}
		if !c.file(t.Source.File) {
			newFiles[t.Source.File] = true
		}
		nameBytes += len(t.Subject) + len(t.Object)
	}
	ents, trs, rels, types, files, bytes := c.sizes()
	switch {
	case rels+len(newRels) > maxRelations:
		return fmt.Errorf("memstore: too many relations (%d; at most %d)", rels+len(newRels), maxRelations)
	case types+len(newTypes) > maxTypes-1:
		return fmt.Errorf("memstore: too many types given in triples (%d; at most %d)", types+len(newTypes), maxTypes-1)
	case uint64(files)+uint64(len(newFiles)) > maxFiles:
		return errors.New("memstore: too many source files")
	case uint64(ents)+2*uint64(len(ts)) > maxEntities:
		return errors.New("memstore: too many entities (at most 2^31-1)")
	case uint64(trs)+uint64(len(ts)) > maxTriples:
		return errors.New("memstore: too many triples (at most 2^31-1)")
	case uint64(bytes)+uint64(nameBytes) > maxNameBytes:
		return errors.New("memstore: the entity names take more than 4 GiB")
	}
	return nil
}

// at formats a triple's source for errors: " (kb.txt:12)" or "".
func at(t graph.Triple) string {
	if t.Source.IsZero() {
		return ""
	}
	return " (" + t.Source.String() + ")"
}

func (d *draft) entity(name string) int32 {
	id, ok := d.ids[name]
	if !ok {
		id = int32(len(d.names))
		d.ids[name] = id
		d.names = append(d.names, name)
		d.nameBytes += len(name)
	}
	return id
}

func (d *draft) relation(name string) uint16 {
	id, ok := d.relIDs[name]
	if !ok {
		id = uint16(len(d.rels))
		d.relIDs[name] = id
		d.rels = append(d.rels, name)
	}
	return id
}

// typeRef returns the stored reference of a type name: id+1, or 0 for "".
func (d *draft) typeRef(name string) uint16 {
	if name == "" {
		return 0
	}
	id, ok := d.typeIDs[name]
	if !ok {
		id = uint16(len(d.types))
		d.typeIDs[name] = id
		d.types = append(d.types, name)
	}
	return id + 1
}

func (d *draft) typeName(ref uint16) string {
	if ref == 0 {
		return ""
	}
	return d.types[ref-1]
}

func (d *draft) file(name string) uint32 {
	id, ok := d.fileIDs[name]
	if !ok {
		id = uint32(len(d.files))
		d.fileIDs[name] = id
		d.files = append(d.files, name)
	}
	return id
}

// SetSchema sets the user schema (nil removes it). It is validated; its
// types, relations, descriptions and entity aliases are kept as written and
// completed from the data by Schema.
func (s *Store) SetSchema(ctx context.Context, sch *graph.Schema) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if sch != nil {
		if err := sch.Validate(); err != nil {
			return fmt.Errorf("memstore: schema: %w", err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sch = sch.Clone()
	if sameSchema(sch, s.user) {
		return nil // e.g. the schema a snapshot was made with: keep its typing
	}
	s.user = sch
	if f := s.fz.Load(); f != nil {
		f.typ.Store(nil)
	}
	return nil
}

// Schema returns the schema of the data: infer.Infer of all the
// triples with the user schema as base. It is computed once after each
// write (and kept in snapshots); the caller gets its own copy.
func (s *Store) Schema(ctx context.Context) (*graph.Schema, error) {
	return s.schema(ctx, nil)
}

// schema is Schema as groups see the graph (all of it for nil).
func (s *Store) schema(ctx context.Context, groups *graph.Groups) (*graph.Schema, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, t := s.scope(groups)
	return t.schema.Clone(), nil
}

// Triples returns every stored fact with its given types and its source,
// in canonical order (by subject, relation and object name), for moving a
// graph to another store.
func (s *Store) Triples() []graph.Triple {
	s.mu.RLock()
	defer s.mu.RUnlock()
	f, _ := s.read()
	return f.triples(true)
}

// UserSchema returns a copy of the schema set with SetSchema, or nil.
func (s *Store) UserSchema() *graph.Schema {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.user.Clone()
}
