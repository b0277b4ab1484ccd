package memstore

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// Snapshot format version 1, still read (and frozen on loading); this
// build writes version 2 (snapshot.go).
//
// It is varint-coded: every length and id is checked against the bytes
// that remain and the tables already read, so that corrupt or hostile
// input gives an error, never a panic or a huge allocation.
//
//	magic    "SCGSNAP" and a version byte (1)
//	names    uvarint n, then n × (uvarint length, bytes): entity names by id
//	rels     the same: relation names by id
//	types    the same: the types given in triples, by id
//	files    the same: source file names (file 0, "", is implicit)
//	triples  uvarint n, then n × (varint subject - previous subject,
//	         uvarint relation, uvarint object, uvarint subject type + 1,
//	         uvarint object type + 1, uvarint file, varint line - previous line)
//	schema   uvarint length, then the user schema as JSON (length 0: none)
//	crc      CRC-32C (Castagnoli) of all the above, 4 bytes little-endian

// decodeV1 decodes a version 1 snapshot (data holds all of it, header
// included) into a draft and the user schema.
func decodeV1(data []byte) (*draft, *graph.Schema, error) {
	if len(data) < snapHeader+4 {
		return nil, nil, fmt.Errorf("memstore: snapshot truncated (%d bytes)", len(data))
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt or truncated: checksum mismatch (%d bytes)", len(data))
	}
	d := &snapDecoder{b: body, off: snapHeader}
	s := newDraft()
	s.names = d.strings("entity names")
	s.rels = d.strings("relation names")
	s.types = d.strings("type names")
	files := d.strings("file names")
	if d.err != nil {
		return nil, nil, d.err
	}
	if err := s.fillTables(files); err != nil {
		return nil, nil, err
	}
	n := d.count("triples", 7)
	s.triples = make([]triple, 0, n)
	s.seen = make(map[tkey]int32, n)
	var prevS, prevLine int64
	for i := 0; i < n && d.err == nil; i++ {
		sv := prevS + d.varint("triple subject")
		r := d.uvarint("triple relation")
		o := d.uvarint("triple object")
		st := d.uvarint("triple subject type")
		ot := d.uvarint("triple object type")
		file := d.uvarint("triple file")
		line := prevLine + d.varint("triple line")
		prevS, prevLine = sv, line
		if d.err != nil {
			break
		}
		switch {
		case sv < 0 || sv >= int64(len(s.names)) || o >= uint64(len(s.names)):
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d: entity id out of range", i)
		case r >= uint64(len(s.rels)):
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d: relation id %d out of range", i, r)
		case st > uint64(len(s.types)) || ot > uint64(len(s.types)):
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d: type id out of range", i)
		case file >= uint64(len(s.files)):
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d: file id %d out of range", i, file)
		case line < 0 || line > maxLine:
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d: line %d out of range", i, line)
		}
		t := triple{s: int32(sv), o: int32(o), r: uint16(r), st: uint16(st), ot: uint16(ot), file: uint32(file), line: int32(line)}
		k := tkey{s: t.s, o: t.o, r: uint32(t.r)}
		if _, dup := s.seen[k]; dup {
			return nil, nil, fmt.Errorf("memstore: snapshot corrupt: triple %d is a duplicate", i)
		}
		s.seen[k] = int32(len(s.triples))
		s.triples = append(s.triples, t)
	}
	schemaLen := d.count("schema", 1)
	schemaJSON := d.bytes(schemaLen, "schema")
	if d.err != nil {
		return nil, nil, d.err
	}
	if d.off != len(d.b) {
		return nil, nil, fmt.Errorf("memstore: snapshot corrupt: %d unexpected bytes after the schema", len(d.b)-d.off)
	}
	var user *graph.Schema
	if schemaLen > 0 {
		sch, err := graph.ParseSchema(schemaJSON)
		if err != nil {
			return nil, nil, fmt.Errorf("memstore: snapshot schema: %w", err)
		}
		user = sch
	}
	return s, user, nil
}

// fillTables builds the lookup maps of a decoded store, checking that the
// names are valid and unique.
func (s *draft) fillTables(files []string) error {
	switch {
	case len(s.rels) > maxRelations:
		return fmt.Errorf("memstore: snapshot corrupt: %d relations", len(s.rels))
	case len(s.types) > maxTypes-1:
		return fmt.Errorf("memstore: snapshot corrupt: %d types", len(s.types))
	case len(s.names) > maxEntities:
		return fmt.Errorf("memstore: snapshot corrupt: %d entities", len(s.names))
	}
	s.ids = make(map[string]int32, len(s.names))
	for i, name := range s.names {
		if _, dup := s.ids[name]; dup || name == "" {
			return fmt.Errorf("memstore: snapshot corrupt: entity %d: empty or duplicate name %q", i, name)
		}
		s.ids[name] = int32(i)
		s.nameBytes += len(name)
	}
	for i, name := range s.rels {
		if _, dup := s.relIDs[name]; dup || !text.ValidIdentifier(name) {
			return fmt.Errorf("memstore: snapshot corrupt: relation %d: invalid or duplicate name %q", i, name)
		}
		s.relIDs[name] = uint16(i)
	}
	for i, name := range s.types {
		if _, dup := s.typeIDs[name]; dup || !text.ValidIdentifier(name) {
			return fmt.Errorf("memstore: snapshot corrupt: type %d: invalid or duplicate name %q", i, name)
		}
		s.typeIDs[name] = uint16(i)
	}
	for i, name := range files {
		if _, dup := s.fileIDs[name]; dup {
			return fmt.Errorf("memstore: snapshot corrupt: file %d: duplicate name %q", i+1, name)
		}
		s.fileIDs[name] = uint32(len(s.files))
		s.files = append(s.files, name)
	}
	return nil
}

// snapDecoder reads varints and strings from a snapshot body, recording the
// first error; after it every read returns zero values.
type snapDecoder struct {
	b   []byte
	off int
	err error
}

func (d *snapDecoder) fail(what, problem string) {
	if d.err == nil {
		d.err = fmt.Errorf("memstore: snapshot corrupt: %s: %s at byte %d", what, problem, d.off)
	}
}

func (d *snapDecoder) uvarint(what string) uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.fail(what, "truncated or malformed number")
		return 0
	}
	d.off += n
	return v
}

func (d *snapDecoder) varint(what string) int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.fail(what, "truncated or malformed number")
		return 0
	}
	d.off += n
	return v
}

// count reads a count of items taking at least minBytes each, checking it
// against the bytes that remain.
func (d *snapDecoder) count(what string, minBytes int) int {
	v := d.uvarint(what)
	if d.err == nil && v > uint64(len(d.b)-d.off)/uint64(minBytes) {
		d.fail(what, fmt.Sprintf("count %d exceeds the data", v))
		return 0
	}
	return int(v)
}

func (d *snapDecoder) bytes(n int, what string) []byte {
	if d.err != nil {
		return nil
	}
	if n > len(d.b)-d.off {
		d.fail(what, "truncated")
		return nil
	}
	b := d.b[d.off : d.off+n]
	d.off += n
	return b
}

// strings reads a string table, making one allocation for all its bytes.
func (d *snapDecoder) strings(what string) []string {
	n := d.count(what, 1)
	if d.err != nil {
		return nil
	}
	start := d.off
	spans := make([][2]int, n)
	for i := range n {
		l := d.count(what, 1)
		if d.err != nil {
			return nil
		}
		spans[i] = [2]int{d.off - start, d.off - start + l}
		d.off += l
	}
	all := string(d.b[start:d.off])
	ss := make([]string, n)
	for i, sp := range spans {
		ss[i] = all[sp[0]:sp[1]]
	}
	return ss
}
