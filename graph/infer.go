package graph

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scgraph/scgraph/internal/text"
)

// Schema inference. An entity's type comes, in priority order, from:
//
//  1. the triples: their subject_type / object_type (when an entity is given
//     several, the one given most often, ties by name);
//  2. the base schema's entities list;
//  3. the base schema's relations: a role whose relation declares exactly
//     one type for that end (From for subjects, To for objects) types the
//     entities in it (an entity in several such roles takes the one it
//     occurs in most, ties by type name);
//  4. role inference, for the entities still untyped. Each relation r gives
//     two role classes, subjects(r) and objects(r), restricted to those
//     entities. Two classes are merged (union-find) when their overlap
//     |A∩B| >= 0.5·min(|A|,|B|). A class is named after its largest role:
//     objects of directed_by give DirectedByObject, subjects of
//     starred_actors StarredActorsSubject. Each entity takes the class of
//     the role it occurs in most often (ties by class name).
//
// Rule 3 is what lets a user schema written for untyped data (a MetaQA
// schema saying directed_by goes from Movie to Person) name the types of
// that data; without a base schema it does nothing.
//
// The result depends only on the set of triples, not on their order. The
// triples are taken as distinct: stores pass each stored fact once.

// Infer returns the schema of the data and the type of every entity
// (entity name -> type name), by the rules above; stores use it so that
// every store types the same data identically.
//
// Without a base schema the schema is inferred entirely (Inferred is
// true): types named by role inference, relations with the types of their
// subjects (From) and objects (To) that account for at least 1% of their
// triples, counts, and each relation's meaning (see meaning.go); types and
// relations sorted by name. With a base schema, the base is kept as
// written (types, relations, descriptions, aliases, dependency, entities,
// order); Count is filled for its types (entities per type) and relations
// (triples per relation), From/To are filled where the base leaves them
// empty, and the types and relations found in the data but missing from
// the base are appended (sorted), their description noting that they are
// not in the schema. A base that misses something is not an error.
func Infer(ts []Triple, base *Schema) (*Schema, map[string]string) {
	in := newInference(ts, base)
	in.assign()
	return in.schema(), in.typeMap()
}

// inference holds the interned triples and the per-entity results.
type inference struct {
	base     *Schema
	names    []string // entity id -> name
	relNames []string // relation index -> name, sorted
	facts    []fact
	typeOf   []string // entity id -> type ("" while untyped)
	// inferred describes the types named by role inference.
	inferred map[string]string
}

type fact struct{ s, o, r int32 }

// A role is a relation index times two plus a side.
const (
	sideSubject = 0
	sideObject  = 1
)

type roleCount struct{ role, n int32 }

func newInference(ts []Triple, base *Schema) *inference {
	in := &inference{base: base, facts: make([]fact, len(ts)), inferred: make(map[string]string)}
	relSet := make(map[string]int32)
	for _, t := range ts {
		relSet[t.Relation] = 0
	}
	for r := range relSet {
		in.relNames = append(in.relNames, r)
	}
	slices.Sort(in.relNames)
	for i, r := range in.relNames {
		relSet[r] = int32(i)
	}
	ids := make(map[string]int32, len(ts)/2)
	intern := func(name string) int32 {
		id, ok := ids[name]
		if !ok {
			id = int32(len(in.names))
			ids[name] = id
			in.names = append(in.names, name)
		}
		return id
	}
	// Explicit types from the triples, counted per entity (sparse).
	votes := make(map[int32]map[string]int)
	vote := func(id int32, typ string) {
		if typ == "" {
			return
		}
		m := votes[id]
		if m == nil {
			m = make(map[string]int)
			votes[id] = m
		}
		m[typ]++
	}
	for i, t := range ts {
		f := fact{s: intern(t.Subject), o: intern(t.Object), r: relSet[t.Relation]}
		in.facts[i] = f
		vote(f.s, t.SubjectType)
		vote(f.o, t.ObjectType)
	}
	in.typeOf = make([]string, len(in.names))
	for id, m := range votes {
		best, bestN := "", 0
		for typ, n := range m {
			if n > bestN || (n == bestN && typ < best) {
				best, bestN = typ, n
			}
		}
		in.typeOf[id] = best
	}
	if base != nil {
		for _, e := range base.Entities {
			if id, ok := ids[e.Name]; ok && e.Type != "" && in.typeOf[id] == "" {
				in.typeOf[id] = e.Type
			}
		}
	}
	return in
}

// assign types the entities left untyped by the triples and the entities
// list: by declared relation ends, then by role inference.
func (in *inference) assign() {
	nroles := 2 * len(in.relNames)
	occ := make([][]roleCount, len(in.names))
	add := func(id int32, role int32) {
		if in.typeOf[id] != "" {
			return
		}
		rs := occ[id]
		for i := range rs {
			if rs[i].role == role {
				rs[i].n++
				return
			}
		}
		occ[id] = append(rs, roleCount{role: role, n: 1})
	}
	for _, f := range in.facts {
		add(f.s, 2*f.r+sideSubject)
		add(f.o, 2*f.r+sideObject)
	}

	// Rule 3: relation ends the base schema declares with one type.
	declared := make([]string, nroles)
	if in.base != nil {
		for r, name := range in.relNames {
			if def := in.base.Relation(name); def != nil {
				if len(def.From) == 1 {
					declared[2*r+sideSubject] = def.From[0]
				}
				if len(def.To) == 1 {
					declared[2*r+sideObject] = def.To[0]
				}
			}
		}
	}
	for id, rs := range occ {
		best, bestN := "", int32(0)
		for _, rc := range rs {
			if d := declared[rc.role]; d != "" && (rc.n > bestN || (rc.n == bestN && d < best)) {
				best, bestN = d, rc.n
			}
		}
		if best != "" {
			in.typeOf[id] = best
			occ[id] = nil
		}
	}

	// Rule 4: role classes over the entities still untyped.
	size := make([]int, nroles)
	overlap := make(map[[2]int32]int)
	for _, rs := range occ {
		for i, a := range rs {
			size[a.role]++
			for _, b := range rs[i+1:] {
				k := [2]int32{min(a.role, b.role), max(a.role, b.role)}
				overlap[k]++
			}
		}
	}
	parent := make([]int32, nroles)
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for k, n := range overlap {
		if 2*n >= min(size[k[0]], size[k[1]]) {
			a, b := find(k[0]), find(k[1])
			// The smaller index becomes the root, so that the
			// partition's roots do not depend on map order.
			if a > b {
				a, b = b, a
			}
			parent[b] = a
		}
	}
	// Name each class after its largest role (ties by role name).
	roleName := make([]string, nroles)
	for role := range roleName {
		roleName[role] = roleTypeName(in.relNames[role/2], role%2)
	}
	members := make(map[int32][]int32) // root -> roles with members
	for role := range nroles {
		if size[role] > 0 {
			root := find(int32(role))
			members[root] = append(members[root], int32(role))
		}
	}
	className := make([]string, nroles) // root -> type name
	for root, roles := range members {
		slices.SortFunc(roles, func(a, b int32) int {
			return cmp.Or(cmp.Compare(size[b], size[a]), cmp.Compare(roleName[a], roleName[b]), cmp.Compare(a, b))
		})
		name := roleName[roles[0]]
		className[root] = name
		var parts []string
		for i, r := range roles {
			if i == 6 {
				parts = append(parts, fmt.Sprintf("and %d more", len(roles)-i))
				break
			}
			side := "subject"
			if r%2 == sideObject {
				side = "object"
			}
			parts = append(parts, fmt.Sprintf("%s of %s (%d)", side, in.relNames[r/2], size[r]))
		}
		desc := "inferred from its relations: " + strings.Join(parts, ", ")
		if old, ok := in.inferred[name]; ok && old < desc {
			desc = old // two classes with one name: keep one description
		}
		in.inferred[name] = desc
	}
	for id, rs := range occ {
		if len(rs) == 0 {
			continue
		}
		best := rs[0]
		for _, rc := range rs[1:] {
			if rc.n > best.n || (rc.n == best.n && className[find(rc.role)] < className[find(best.role)]) {
				best = rc
			}
		}
		in.typeOf[id] = className[find(best.role)]
	}
}

// roleTypeName is the UpperCamel type name of a role: directed_by and
// object give DirectedByObject. It is always a valid identifier.
func roleTypeName(rel string, side int) string {
	suffix := "Subject"
	if side == sideObject {
		suffix = "Object"
	}
	var b strings.Builder
	for _, tok := range text.Tokens(rel) {
		r, n := utf8.DecodeRuneInString(tok)
		b.WriteRune(unicode.ToUpper(r))
		b.WriteString(tok[n:])
	}
	camel := b.String()
	if camel != "" && camel[0] >= '0' && camel[0] <= '9' {
		camel = "R" + camel
	}
	if maxLen := 128 - len(suffix); len(camel) > maxLen {
		camel = camel[:maxLen]
	}
	return camel + suffix
}

func (in *inference) typeMap() map[string]string {
	m := make(map[string]string, len(in.names))
	for id, name := range in.names {
		m[name] = in.typeOf[id]
	}
	return m
}

// schema assembles the schema from the assigned types.
func (in *inference) schema() *Schema {
	typeCount := make(map[string]int)
	for _, t := range in.typeOf {
		typeCount[t]++
	}
	nrel := len(in.relNames)
	relCount := make([]int, nrel)
	from := make([]map[string]int, nrel)
	to := make([]map[string]int, nrel)
	for r := range nrel {
		from[r], to[r] = make(map[string]int), make(map[string]int)
	}
	for _, f := range in.facts {
		relCount[f.r]++
		from[f.r][in.typeOf[f.s]]++
		to[f.r][in.typeOf[f.o]]++
	}
	// ends lists the types of one end of a relation that account for at
	// least 1% of its triples, sorted.
	ends := func(m map[string]int, total int) []string {
		var out []string
		for t, n := range m {
			if 100*n >= total {
				out = append(out, t)
			}
		}
		slices.Sort(out)
		return out
	}
	dataTypes := make([]string, 0, len(typeCount))
	for t := range typeCount {
		dataTypes = append(dataTypes, t)
	}
	slices.Sort(dataTypes)

	if in.base == nil {
		s := &Schema{Inferred: true}
		for _, t := range dataTypes {
			_, inferred := in.inferred[t]
			s.Types = append(s.Types, TypeDef{Name: t, Description: in.inferred[t], Count: typeCount[t], Inferred: inferred})
		}
		for r, name := range in.relNames {
			s.Relations = append(s.Relations, RelationDef{
				Name: name, From: ends(from[r], relCount[r]), To: ends(to[r], relCount[r]), Count: relCount[r],
			})
		}
		in.addMeanings(s)
		in.addNameWords(s)
		in.addMirrors(s, relCount)
		return s
	}

	const notInSchema = "not in the schema"
	s := in.base.Clone()
	s.Inferred = false
	for i := range s.Types {
		s.Types[i].Count = typeCount[s.Types[i].Name]
	}
	for _, t := range dataTypes {
		if s.Type(t) != nil {
			continue
		}
		desc := "found in the data; " + notInSchema
		d, inferred := in.inferred[t]
		if inferred {
			desc = d + "; " + notInSchema
		}
		s.Types = append(s.Types, TypeDef{Name: t, Description: desc, Count: typeCount[t], Inferred: inferred})
	}
	for i := range s.Relations {
		s.Relations[i].Count = 0
	}
	for r, name := range in.relNames {
		def := s.Relation(name)
		if def == nil {
			s.Relations = append(s.Relations, RelationDef{
				Name: name, Description: "found in the data; " + notInSchema,
				From: ends(from[r], relCount[r]), To: ends(to[r], relCount[r]), Count: relCount[r],
			})
			continue
		}
		def.Count = relCount[r]
		if len(def.From) == 0 {
			def.From = ends(from[r], relCount[r])
		}
		if len(def.To) == 0 {
			def.To = ends(to[r], relCount[r])
		}
	}
	in.addMeanings(s)
	in.addNameWords(s)
	in.addMirrors(s, relCount)
	return s
}

// addMirrors fills RelationDef.Mirrors: the relations that store facts
// of another from its other end ("apex parent_of group" beside "group
// subsidiary_of apex"), a quarter of the smaller relation at least; count
// is the number of facts of each relation. The facts are sorted by their
// unordered pair of entities, so the cost is one sort, whatever the
// graph's degree.
func (in *inference) addMirrors(s *Schema, count []int) {
	type end struct {
		pair    uint64 // the lower entity id, then the higher
		r       int32
		forward bool // subject is the lower id
	}
	ends := make([]end, 0, len(in.facts))
	for _, f := range in.facts {
		lo, hi, fwd := f.s, f.o, true
		if lo > hi {
			lo, hi, fwd = hi, lo, false
		}
		ends = append(ends, end{uint64(lo)<<32 | uint64(uint32(hi)), f.r, fwd})
	}
	slices.SortFunc(ends, func(a, b end) int { return cmp.Compare(a.pair, b.pair) })
	shared := make(map[[2]int32]int) // facts of the first stored the other way by the second
	for i := 0; i < len(ends); {
		j := i + 1
		for j < len(ends) && ends[j].pair == ends[i].pair {
			j++
		}
		for a := i; a < j; a++ {
			for b := i; b < j; b++ {
				if x, y := ends[a], ends[b]; x.r != y.r && x.forward != y.forward {
					shared[[2]int32{x.r, y.r}]++
				}
			}
		}
		i = j
	}
	for k, n := range shared {
		// A few shared pairs between big relations are cycles of the data
		// (a package that depends on one that breaks it), not one act:
		// a mirror stores a quarter of the smaller relation at least.
		if 4*n < min(count[k[0]], count[k[1]]) {
			continue
		}
		if def := s.Relation(in.relNames[k[0]]); def != nil {
			def.Mirrors = append(def.Mirrors, in.relNames[k[1]])
		}
	}
	for i := range s.Relations {
		slices.Sort(s.Relations[i].Mirrors)
	}
}
