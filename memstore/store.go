package memstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/scgraph/scgraph/graph"
)

// Limits of the compact representation.
const (
	maxEntities  = math.MaxInt32
	maxRelations = math.MaxUint16
	maxTypes     = math.MaxUint16 // type ids are stored +1, 0 meaning none
	maxFiles     = math.MaxUint32
	maxLine      = math.MaxInt32
)

// triple is one stored fact, 24 bytes.
type triple struct {
	s, o   int32  // entity ids
	r      uint16 // relation id
	st, ot uint16 // type id + 1 of subject and object as given; 0 = none
	file   uint32 // index in Store.files; 0 = unknown
	line   int32
}

// tkey identifies a fact for deduplication. All its fields are 32 bits
// wide so that it has no padding and hashes as one block of memory.
type tkey struct {
	s, o int32
	r    uint32
}

// Store is the in-memory store. The zero value is not usable; call New.
type Store struct {
	mu      sync.RWMutex
	names   []string // entity id -> name
	ids     map[string]int32
	rels    []string // relation id -> name
	relIDs  map[string]uint16
	types   []string // type id -> name, for the types given in triples
	typeIDs map[string]uint16
	files   []string // file id -> name; files[0] is "" (unknown)
	fileIDs map[string]uint32
	triples []triple
	seen    map[tkey]struct{}
	user    *graph.Schema // the user schema, or nil

	// ix holds what is derived from the data (adjacency, types, schema),
	// built lazily by the first read after a write; writers reset it.
	buildMu sync.Mutex
	ix      atomic.Pointer[index]
}

// New returns an empty store.
func New() *Store {
	return &Store{
		ids:     make(map[string]int32),
		relIDs:  make(map[string]uint16),
		typeIDs: make(map[string]uint16),
		files:   []string{""},
		fileIDs: map[string]uint32{"": 0},
		seen:    make(map[tkey]struct{}),
	}
}

// Stats returns the number of entities and of (distinct) triples.
func (s *Store) Stats() (entities, triples int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.names), len(s.triples)
}

// Close releases nothing: the store is memory only. It exists for the
// store interfaces.
func (s *Store) Close() error { return nil }

// AddTriples adds the triples not already stored (same subject, relation
// and object) and returns how many were new: adding the same data twice
// adds nothing the second time. Each triple keeps its Source and its
// subject/object types (the first one stored wins). Relation and type names
// must be identifiers and subjects and objects non-empty; on any invalid
// triple nothing is added and the error names the triple and its source.
func (s *Store) AddTriples(ctx context.Context, ts []graph.Triple) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.checkTriples(ts); err != nil {
		return 0, err
	}
	if len(s.triples) == 0 {
		s.triples = slices.Grow(s.triples, len(ts))
	}
	added := 0
	for _, t := range ts {
		sid, oid, r := s.entity(t.Subject), s.entity(t.Object), s.relation(t.Relation)
		k := tkey{s: sid, o: oid, r: uint32(r)}
		if _, dup := s.seen[k]; dup {
			continue
		}
		s.seen[k] = struct{}{}
		s.triples = append(s.triples, triple{
			s: sid, o: oid, r: r,
			st: s.typeRef(t.SubjectType), ot: s.typeRef(t.ObjectType),
			file: s.file(t.Source.File), line: int32(t.Source.Line),
		})
		added++
	}
	if added > 0 {
		s.ix.Store(nil)
	}
	return added, nil
}

// checkTriples validates a batch before anything is written, including
// the capacity of the id spaces. It runs under the write lock.
func (s *Store) checkTriples(ts []graph.Triple) error {
	newRels := make(map[string]bool)
	newTypes := make(map[string]bool)
	newFiles := make(map[string]bool)
	check := graph.TripleChecker{Known: func(name string) bool {
		_, rel := s.relIDs[name]
		_, typ := s.typeIDs[name]
		return rel || typ
	}}
	for i, t := range ts {
		if err := check.Check(i, t); err != nil {
			return fmt.Errorf("memstore: %w", err)
		}
		if _, known := s.relIDs[t.Relation]; !known {
			newRels[t.Relation] = true
		}
		for _, typ := range [2]string{t.SubjectType, t.ObjectType} {
			if _, known := s.typeIDs[typ]; typ != "" && !known {
				newTypes[typ] = true
			}
		}
		if t.Source.Line > maxLine {
			return fmt.Errorf("memstore: triple %d%s: source line %d out of range", i, at(t), t.Source.Line)
		}
		if _, known := s.fileIDs[t.Source.File]; !known {
			newFiles[t.Source.File] = true
		}
	}
	switch {
	case len(s.rels)+len(newRels) > maxRelations:
		return fmt.Errorf("memstore: too many relations (%d; at most %d)", len(s.rels)+len(newRels), maxRelations)
	case len(s.types)+len(newTypes) > maxTypes-1:
		return fmt.Errorf("memstore: too many types given in triples (%d; at most %d)", len(s.types)+len(newTypes), maxTypes-1)
	case uint64(len(s.files))+uint64(len(newFiles)) > maxFiles:
		return fmt.Errorf("memstore: too many source files")
	case uint64(len(s.names))+2*uint64(len(ts)) > maxEntities:
		return errors.New("memstore: too many entities (at most 2^31-1)")
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

func (s *Store) entity(name string) int32 {
	id, ok := s.ids[name]
	if !ok {
		id = int32(len(s.names))
		s.ids[name] = id
		s.names = append(s.names, name)
	}
	return id
}

func (s *Store) relation(name string) uint16 {
	id, ok := s.relIDs[name]
	if !ok {
		id = uint16(len(s.rels))
		s.relIDs[name] = id
		s.rels = append(s.rels, name)
	}
	return id
}

// typeRef returns the stored reference of a type name: id+1, or 0 for "".
func (s *Store) typeRef(name string) uint16 {
	if name == "" {
		return 0
	}
	id, ok := s.typeIDs[name]
	if !ok {
		id = uint16(len(s.types))
		s.typeIDs[name] = id
		s.types = append(s.types, name)
	}
	return id + 1
}

func (s *Store) file(name string) uint32 {
	id, ok := s.fileIDs[name]
	if !ok {
		id = uint32(len(s.files))
		s.fileIDs[name] = id
		s.files = append(s.files, name)
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
	s.user = sch.Clone()
	s.ix.Store(nil)
	return nil
}

// Schema returns the schema of the data: graph.Infer of all the
// triples with the user schema as base. It is computed once after each
// write; the caller gets its own copy.
func (s *Store) Schema(ctx context.Context) (*graph.Schema, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.index().schema.Clone(), nil
}

// graphTriples returns the stored triples as graph.Triples (for schema
// inference), sharing the interned strings.
func (s *Store) graphTriples() []graph.Triple {
	ts := make([]graph.Triple, len(s.triples))
	for i, t := range s.triples {
		ts[i] = graph.Triple{
			Subject: s.names[t.s], Relation: s.rels[t.r], Object: s.names[t.o],
			SubjectType: s.typeName(t.st), ObjectType: s.typeName(t.ot),
		}
	}
	return ts
}

func (s *Store) typeName(ref uint16) string {
	if ref == 0 {
		return ""
	}
	return s.types[ref-1]
}

func (s *Store) source(t *triple) graph.Source {
	return graph.Source{File: s.files[t.file], Line: int(t.line)}
}

// Triples returns every stored fact with its given types and its source,
// in the order they were added (for moving a graph to another store).
func (s *Store) Triples() []graph.Triple {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ts := s.graphTriples()
	for i := range s.triples {
		ts[i].Source = s.source(&s.triples[i])
	}
	return ts
}

// UserSchema returns a copy of the schema set with SetSchema, or nil.
func (s *Store) UserSchema() *graph.Schema {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.user.Clone()
}
