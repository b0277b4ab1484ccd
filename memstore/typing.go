package memstore

import (
	"reflect"
	"runtime"
	"slices"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
)

// typing is what depends on both the data and the user schema: the schema
// (infer.Infer), each entity's type, the relation names a request may use,
// and the schema's entity aliases.
type typing struct {
	user      *graph.Schema // the user schema it was derived with (nil: none)
	schema    *graph.Schema
	typeNames []string // sorted
	typeOf    []uint32 // entity -> index in typeNames
	known     []string // relation names of the data and the user schema, sorted
	alias     map[string][]int32
}

func (t *typing) typeName(v int32) string { return t.typeNames[t.typeOf[v]] }

// typing returns the typing of f under the user schema, deriving it (once,
// under mu) if a write or SetSchema reset it.
func (f *frozen) typing(user *graph.Schema, mu *sync.Mutex) *typing {
	if t := f.typ.Load(); t != nil {
		return t
	}
	mu.Lock()
	defer mu.Unlock()
	if t := f.typ.Load(); t != nil {
		return t
	}
	schema, types := infer.Infer(f.triples(false), user)
	t := f.newTyping(user, schema, types)
	f.typ.Store(t)
	return t
}

// newTyping makes the typing of f from infer.Infer's results.
func (f *frozen) newTyping(user, schema *graph.Schema, types map[string]string) *typing {
	t := &typing{user: user, schema: schema, typeOf: make([]uint32, f.n())}
	idx := make(map[string]uint32)
	for v := range f.n() {
		typ := types[f.name(int32(v))]
		if _, ok := idx[typ]; !ok {
			idx[typ] = 0
			t.typeNames = append(t.typeNames, typ)
		}
	}
	slices.Sort(t.typeNames)
	for i, name := range t.typeNames {
		idx[name] = uint32(i)
	}
	for v := range f.n() {
		t.typeOf[v] = idx[types[f.name(int32(v))]]
	}
	f.finishTyping(t)
	return t
}

// freezeTyped freezes d and derives its typing at the same time (the
// schema inference reads the draft while freeze builds the arrays).
func freezeTyped(d *draft, user *graph.Schema) *frozen {
	if d == nil || len(d.triples) < 10000 || runtime.GOMAXPROCS(0) < 2 {
		return freeze(d)
	}
	type inferred struct {
		schema *graph.Schema
		types  map[string]string
	}
	ch := make(chan inferred, 1)
	go func() {
		ts := make([]graph.Triple, len(d.triples))
		for i, t := range d.triples {
			ts[i] = graph.Triple{Subject: d.names[t.s], Relation: d.rels[t.r], Object: d.names[t.o], SubjectType: d.typeName(t.st), ObjectType: d.typeName(t.ot)}
		}
		schema, types := infer.Infer(ts, user)
		ch <- inferred{schema, types}
	}()
	f := freeze(d)
	in := <-ch
	f.typ.Store(f.newTyping(user, in.schema, in.types))
	return f
}

// finishTyping derives the parts of a typing that are cheap to compute:
// the known relations and the entity aliases.
func (f *frozen) finishTyping(t *typing) {
	known := slices.Clone(f.rels)
	if t.user != nil {
		known = append(known, t.user.RelationNames()...)
	}
	slices.Sort(known)
	t.known = slices.Compact(known)
	t.alias = make(map[string][]int32)
	if t.user == nil {
		return
	}
	for _, e := range t.user.Entities {
		id, ok := f.lookup(e.Name)
		if !ok {
			continue // an alias of an entity the data does not have
		}
		for _, a := range e.Aliases {
			if k := text.Key(a); k != "" && !slices.Contains(t.alias[k], id) {
				t.alias[k] = append(t.alias[k], id)
			}
		}
	}
	for k, ids := range t.alias {
		t.alias[k] = sortIDs(ids)
	}
}

// sameSchema reports whether two user schemas are equal, so that setting
// the schema a snapshot was made with keeps its typing.
func sameSchema(a, b *graph.Schema) bool { return reflect.DeepEqual(a, b) }
