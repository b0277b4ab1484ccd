package memstore

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/spill"
)

// A Builder writes the snapshot of a graph too large to hold in memory: it
// takes the triples one at a time, keeps their names in a compact table
// and the facts as fixed-size records that it sorts in runs spilled to
// temporary files, and builds the snapshot's arrays one after the other,
// each a stream or a merge of the runs. The snapshot is the one a Store
// given the same triples writes (WriteSnapshot), byte for byte, in memory
// bounded by BuildOptions.Memory whatever the number of triples (the names
// take about 30 bytes each besides their own).
//
// Its temporary files are made in BuildOptions.TempDir (beside the
// snapshot) and removed by Close, which every path must call.
type Builder struct {
	opts  BuildOptions
	dir   *spill.Dir
	check graph.TripleChecker

	names *nameTable
	rels  *smallTable
	types *smallTable // as typeRef numbers them: id+1 is the reference
	files *smallTable
	acls  *smallTable // groups joined by ","; 0 is "" (public)

	raw     *spill.Sorter[rawRec]
	triples int

	// pending are facts added whose names are not yet interned: they are
	// interned a batch at a time (nameTable.internAll), then the facts
	// go to raw, in the order added. pendingNames holds each one's
	// subject and object.
	pending      []rawRec
	pendingNames []string
	pendingIDs   []uint32
}

// pendingBatch is the number of facts whose names are interned together.
const pendingBatch = 512

// BuildOptions configure a Builder.
type BuildOptions struct {
	// Schema is the user schema (nil: none), as Store.SetSchema takes it.
	Schema *graph.Schema
	// Memory bounds what the builder holds in memory, in bytes (default
	// DefaultBuildMemory); the facts past it are spilled to TempDir.
	Memory int64
	// TempDir is where the temporary files go (default: the system's).
	TempDir string
	// Name names the temporary directory (the snapshot's file name).
	Name string
}

// DefaultBuildMemory is the builder's memory bound when none is given.
const DefaultBuildMemory = 4 << 30

// rawRec is a fact as added: names, relation, types, file and access list
// by the ids of their tables; seq is the order it was added in.
type rawRec struct {
	s, o   uint32
	r      uint16
	st, ot uint16 // type id + 1, 0 for none
	file   uint32
	line   int32
	acl    uint32
	seq    uint32
}

var rawCodec = spill.Codec[rawRec]{Size: 30,
	Encode: func(b []byte, x rawRec) {
		le := binary.LittleEndian
		le.PutUint32(b[0:], x.s)
		le.PutUint32(b[4:], x.o)
		le.PutUint16(b[8:], x.r)
		le.PutUint16(b[10:], x.st)
		le.PutUint16(b[12:], x.ot)
		le.PutUint32(b[14:], x.file)
		le.PutUint32(b[18:], uint32(x.line))
		le.PutUint32(b[22:], x.acl)
		le.PutUint32(b[26:], x.seq)
	},
	Decode: func(b []byte) rawRec {
		le := binary.LittleEndian
		return rawRec{s: le.Uint32(b[0:]), o: le.Uint32(b[4:]), r: le.Uint16(b[8:]), st: le.Uint16(b[10:]), ot: le.Uint16(b[12:]),
			file: le.Uint32(b[14:]), line: int32(le.Uint32(b[18:])), acl: le.Uint32(b[22:]), seq: le.Uint32(b[26:])}
	},
}

// NewBuilder returns an empty builder.
func NewBuilder(opts BuildOptions) (*Builder, error) {
	if opts.Memory <= 0 {
		opts.Memory = DefaultBuildMemory
	}
	if opts.Schema != nil {
		if err := opts.Schema.Validate(); err != nil {
			return nil, fmt.Errorf("memstore: schema: %w", err)
		}
		opts.Schema = opts.Schema.Clone()
	}
	name := opts.Name
	if name == "" {
		name = "snapshot"
	}
	dir, err := spill.NewDir(opts.TempDir, name)
	if err != nil {
		return nil, fmt.Errorf("memstore: %w", err)
	}
	b := &Builder{
		opts: opts, dir: dir,
		names: newNameTable(), rels: newSmallTable(), types: newSmallTable(), files: newSmallTable(""), acls: newSmallTable(""),
	}
	b.raw = spill.NewSorter(dir, rawCodec, nil, b.sortMemory()/2)
	b.raw.Grow(1 << 16)
	b.check.Known = func(name string) bool {
		_, r := b.rels.ids[name]
		_, t := b.types.ids[name]
		return r || t
	}
	return b, nil
}

// Close removes the builder's temporary files. It may be called more than
// once, and from another goroutine to stop a build.
func (b *Builder) Close() error { return b.dir.Remove() }

// TempDir is the directory of the builder's temporary files.
func (b *Builder) TempDir() string { return b.dir.Path() }

// Add adds a triple, checked as Store.AddTriples checks it (the error
// names it by its number among those added, and its source).
func (b *Builder) Add(t graph.Triple) error {
	i := b.triples
	if err := b.check.Check(i, t); err != nil {
		return fmt.Errorf("memstore: %w", err)
	}
	if t.Source.Line > maxLine {
		return fmt.Errorf("memstore: triple %d%s: source line %d out of range", i, at(t), t.Source.Line)
	}
	if uint64(i)+1 > maxTriples {
		return errors.New("memstore: too many triples (at most 2^31-1)")
	}
	acl, _ := groupname.Check(t.ACL)
	rec := rawRec{
		r:    uint16(b.rels.intern(t.Relation)),
		file: b.files.intern(t.Source.File), line: int32(t.Source.Line),
		acl: b.acls.intern(strings.Join(acl, ",")), seq: uint32(i),
	}
	if t.SubjectType != "" {
		rec.st = uint16(b.types.intern(t.SubjectType) + 1)
	}
	if t.ObjectType != "" {
		rec.ot = uint16(b.types.intern(t.ObjectType) + 1)
	}
	switch {
	case len(b.rels.names) > maxRelations:
		return fmt.Errorf("memstore: too many relations (%d; at most %d)", len(b.rels.names), maxRelations)
	case len(b.types.names) > maxTypes-1:
		return fmt.Errorf("memstore: too many types given in triples (%d; at most %d)", len(b.types.names), maxTypes-1)
	}
	b.pending = append(b.pending, rec)
	b.pendingNames = append(b.pendingNames, t.Subject, t.Object)
	b.triples++
	if len(b.pending) == pendingBatch {
		return b.flush()
	}
	return nil
}

// flush interns the pending facts' names and adds the facts to raw.
func (b *Builder) flush() error {
	if len(b.pending) == 0 {
		return nil
	}
	if cap(b.pendingIDs) < len(b.pendingNames) {
		b.pendingIDs = make([]uint32, len(b.pendingNames))
	}
	ids := b.pendingIDs[:len(b.pendingNames)]
	b.names.internAll(b.pendingNames, ids)
	clear(b.pendingNames) // drop the strings
	b.pendingNames = b.pendingNames[:0]
	pending := b.pending
	b.pending = b.pending[:0]
	switch {
	case uint64(b.names.len()) > maxEntities:
		return errors.New("memstore: too many entities (at most 2^31-1)")
	case uint64(b.names.bytes) > maxNameBytes:
		return errors.New("memstore: the entity names take more than 4 GiB")
	}
	for k, rec := range pending {
		rec.s, rec.o = ids[2*k], ids[2*k+1]
		if rec.seq&0xfff == 0 {
			b.raw.SetMemory(b.sortMemory() / 2)
		}
		if err := b.raw.Add(rec); err != nil {
			return fmt.Errorf("memstore: %w", err)
		}
	}
	return nil
}

// The memory budget (BuildOptions.Memory) covers all the builder holds:
// the name table (measured), the arrays of perEntity bytes an entity the
// phases after the sort hold, a reserve (an eighth) for reading the
// triples and the garbage that makes, and the sorters' buffers, which
// get what is left. The facts as added (raw) and in canonical order are
// held at once while the one is read into the other, and the canonical
// buffer with the incoming edges' and the pairs' after, so each pair
// shares sortMemory.
const perEntity = 32

// sortMemory is the memory left for sorting, in bytes.
func (b *Builder) sortMemory() int64 {
	m := b.opts.Memory
	return max(0, m-m/8-b.names.footprint()-perEntity*int64(b.names.len()))
}

// Triples is the number of triples added (duplicates included).
func (b *Builder) Triples() int { return b.triples }

// BuildStats describes a snapshot a Builder wrote.
type BuildStats struct {
	Entities, Triples int
	// Duplicates is the number of triples added that another added
	// before them stated already.
	Duplicates int
	// Restricted is the number of facts written with an access list.
	Restricted int
	// Spilled says whether the facts were too many to sort in memory.
	Spilled bool
}

// WriteSnapshot writes the snapshot of the triples added to w. It fails
// when ctx ends, leaving w part written.
func (b *Builder) WriteSnapshot(ctx context.Context, w io.Writer) (BuildStats, error) {
	if err := b.flush(); err != nil {
		return BuildStats{}, err
	}
	if b.triples == 0 {
		st := New()
		if err := st.SetSchema(ctx, b.opts.Schema); err != nil {
			return BuildStats{}, err
		}
		return BuildStats{}, st.WriteSnapshot(w)
	}
	bs := &build{Builder: b, ctx: ctx}
	if err := bs.run(w); err != nil {
		if ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
			err = fmt.Errorf("%w (%v)", ctx.Err(), err)
		}
		return BuildStats{}, err
	}
	return BuildStats{Entities: bs.n, Triples: bs.m, Duplicates: b.triples - bs.m, Restricted: bs.nRestricted, Spilled: bs.spilled}, nil
}

// freeMemory returns the memory of the arrays a phase dropped to the
// system, so that the next phase's peak does not add to it.
func freeMemory() { debug.FreeOSMemory() }
