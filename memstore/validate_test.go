package memstore

import (
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// validateFixture has what makes every column of the read side present:
// types, two source files with lines, and access lists.
var validateFixture = []graph.Triple{
	{Subject: "alpha", Relation: "CALLS", Object: "beta", SubjectType: "Service", ObjectType: "Service", ACL: []string{"ops"}, Source: graph.Source{File: "a.csv", Line: 2}},
	{Subject: "beta", Relation: "DEPENDS_ON", Object: "gamma", SubjectType: "Service", ObjectType: "Database", ACL: []string{"ops", "payments"}, Source: graph.Source{File: "b.csv", Line: 3}},
	{Subject: "gamma", Relation: "OWNED_BY", Object: "delta", ObjectType: "Team", Source: graph.Source{File: "b.csv", Line: 4}},
}

// frozenFixture freezes validateFixture: a read side that passes.
func frozenFixture(t *testing.T) *frozen {
	t.Helper()
	s := New()
	if _, err := s.AddTriples(t.Context(), validateFixture); err != nil {
		t.Fatal(err)
	}
	f, _ := s.read()
	if f.n() != 4 || f.m() != 3 || f.file == nil || f.acl == nil || f.st == nil || len(f.aclSets) != 3 || len(f.files) != 3 {
		t.Fatalf("the fixture lacks a column: %d entities, %d triples, files %q, access lists %q", f.n(), f.m(), f.files, f.aclSets)
	}
	return f
}

// TestValidate breaks the read side one invariant at a time and pins the
// message each check gives: the first one that fails, in the order
// validate checks them.
func TestValidate(t *testing.T) {
	cases := []struct {
		name   string
		breaks func(f *frozen)
		// fileAll is the file every triple comes from; -1 for the
		// frozen one's.
		fileAll int
		want    string
	}{
		{"valid", func(*frozen) {}, -1, ""},
		{"too many relations", func(f *frozen) { f.rels = make([]string, maxRelations+1) }, -1, "65536 relations"},
		{"too many types", func(f *frozen) { f.types = make([]string, maxTypes) }, -1, "65535 types"},
		{"fileAll out of range", func(*frozen) {}, 3, "file 3 out of range"},
		{"invalid relation", func(f *frozen) { f.rels[1] = "DEPENDS ON" }, -1, `relation 1: invalid, duplicate or out of order name "DEPENDS ON"`},
		{"relations out of order", func(f *frozen) { f.rels[0], f.rels[1] = f.rels[1], f.rels[0] }, -1, `relation 1: invalid, duplicate or out of order name "CALLS"`},
		{"duplicate relation", func(f *frozen) { f.rels[2] = f.rels[1] }, -1, `relation 2: invalid, duplicate or out of order name "DEPENDS_ON"`},
		{"invalid type", func(f *frozen) { f.types[0] = "a type" }, -1, `type 0: invalid or duplicate name "a type"`},
		{"duplicate type", func(f *frozen) { f.types[2] = f.types[0] }, -1, `type 2: invalid or duplicate name "Service"`},
		{"invalid group", func(f *frozen) { f.aclSets[1] = []string{"o ps"} }, -1, `access list 1: invalid, unsorted or duplicate ["o ps"]`},
		{"unsorted access list", func(f *frozen) { f.aclSets[2] = []string{"payments", "ops"} }, -1, `access list 2: invalid, unsorted or duplicate ["payments" "ops"]`},
		{"duplicate access list", func(f *frozen) { f.aclSets[2] = f.aclSets[1] }, -1, `access list 2: invalid, unsorted or duplicate ["ops"]`},
		{"access list out of range", func(f *frozen) { f.acl[1] = 3 }, -1, "triple 1: access list 3 out of range"},
		{"access lists for too few triples", func(f *frozen) { f.acl = f.acl[:2] }, -1, "2 access lists for 3 triples"},
		{"duplicate file", func(f *frozen) { f.files[2] = f.files[1] }, -1, `file 2: duplicate name "a.csv"`},
		{"unnamed file", func(f *frozen) { f.files[1] = "" }, -1, `file 1: duplicate name ""`},
		{"names past the arena", func(f *frozen) { f.arena += "x" }, -1, "names: offsets do not span the data"},
		{"empty name", func(f *frozen) { f.nameOff[1] = 0 }, -1, "names: offset 1 out of order"},
		{"names out of order", func(f *frozen) { f.arena = "z" + f.arena[1:] }, -1, `entity 1: name "beta" out of order`},
		{"triple offsets missing", func(f *frozen) { f.outOff = f.outOff[:4] }, -1, "triples: 4 offsets for 4 entities"},
		{"triple offsets short", func(f *frozen) { f.outOff[4]-- }, -1, "triples: offsets do not span the data"},
		{"triple offsets out of order", func(f *frozen) { f.outOff[1], f.outOff[2] = 2, 1 }, -1, "triples: offset 2 out of order"},
		{"incoming offsets missing", func(f *frozen) { f.inOff = append(f.inOff, 3) }, -1, "incoming edges: 6 offsets for 4 entities"},
		{"incoming offsets short", func(f *frozen) { f.inOff[0] = 1 }, -1, "incoming edges: offsets do not span the data"},
		{"key offsets short", func(f *frozen) { f.keyOff[len(f.keyOff)-1]-- }, -1, "keys: offsets do not span the data"},
		{"key hashes", func(f *frozen) { f.keyFP = f.keyFP[1:] }, -1, "keys: 3 hashes and 4 sizes for 4 keys"},
		{"key sizes", func(f *frozen) { f.keySize = append(f.keySize, 1) }, -1, "keys: 4 hashes and 5 sizes for 4 keys"},
		{"object out of range", func(f *frozen) { f.obj[2] = 4 }, -1, "objects: entry 2: 4 out of range"},
		{"negative object", func(f *frozen) { f.obj[0] = -1 }, -1, "objects: entry 0: -1 out of range"},
		{"incoming subject out of range", func(f *frozen) { f.inSub[1] = 9 }, -1, "incoming subjects: entry 1: 9 out of range"},
		{"key entity out of range", func(f *frozen) { f.keyEnt[3] = 4 }, -1, "key entities: entry 3: 4 out of range"},
		{"name table out of range", func(f *frozen) { f.nameTab[0] = 6 }, -1, "name table: entry 0: 6 out of range"},
		{"key table out of range", func(f *frozen) { f.keyTab[1] = 6 }, -1, "key table: entry 1: 6 out of range"},
		{"incoming triple out of range", func(f *frozen) { f.inTri[2] = 3 }, -1, "incoming edge 2: triple 3 out of range"},
		{"relation id out of range", func(f *frozen) { f.rel[1] = 3 }, -1, "triple 1: relation 3 out of range"},
		{"negative line", func(f *frozen) { f.line[2] = -1 }, -1, "triple 2: line -1 out of range"},
		{"file id out of range", func(f *frozen) { f.file[0] = 3 }, -1, "triple 0: file 3 out of range"},
		{"subject type out of range", func(f *frozen) { f.st[1] = 4 }, -1, "triple 1: type 4 out of range"},
		{"object type out of range", func(f *frozen) { f.ot[2] = 5 }, -1, "triple 2: type 5 out of range"},
		{"trigram offsets missing", func(f *frozen) { f.tgCode, f.tgOff = f.tgCode[:2], f.tgOff[:2] }, -1, "trigrams: 2 offsets for 2 trigrams"},
		{"trigram offsets from 1", func(f *frozen) { f.tgOff[0] = 1 }, -1, "trigram offsets do not span the postings"},
		{"trigram offsets short", func(f *frozen) { f.tgOff[len(f.tgOff)-1]-- }, -1, "trigram offsets do not span the postings"},
		{"trigram offsets out of order", func(f *frozen) { f.tgOff[1], f.tgOff[2] = f.tgOff[2], f.tgOff[1] }, -1, "trigram 2: offsets out of order"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := frozenFixture(t)
			fileAll := uint64(f.fileAll)
			if c.fileAll >= 0 {
				fileAll = uint64(c.fileAll)
			}
			c.breaks(f)
			got := ""
			if err := f.validate(fileAll); err != nil {
				got = err.Error()
			}
			if got != c.want {
				t.Errorf("validate: %q, want %q", got, c.want)
			}
		})
	}
}
