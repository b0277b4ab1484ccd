package infer

import (
	"cmp"
	"fmt"
	"github.com/scgraph/scgraph/graph"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/scgraph/scgraph/internal/text"
)

// graph.Schema inference. An entity's type comes, in priority order, from:
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
func Infer(ts []graph.Triple, base *graph.Schema) (*graph.Schema, map[string]string) {
	in := newInference(ts, base)
	in.assign()
	return in.schema(), in.typeMap()
}

// inference holds the interned triples and the per-entity results.
type inference struct {
	base     *graph.Schema
	names    []string // entity id -> name
	relNames []string // relation index -> name, sorted
	facts    []fact
	typeOf   []string // entity id -> type ("" while untyped)
	// inferred describes the types named by role inference.
	inferred map[string]string
	// given holds, for each entity the triples give more than one type,
	// those types.
	given map[int32][]string
}

type fact struct{ s, o, r int32 }

// A role is a relation index times two plus a side.
const (
	sideSubject = 0
	sideObject  = 1
)

func newInference(ts []graph.Triple, base *graph.Schema) *inference {
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
		if len(m) > 1 {
			if in.given == nil {
				in.given = map[int32][]string{}
			}
			for typ := range m {
				in.given[id] = append(in.given[id], typ)
			}
		}
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
// list: by declared relation ends, then by role inference (RoleTyper).
func (in *inference) assign() {
	occ := make([][]RoleCount, len(in.names))
	add := func(id int32, role int32) {
		if in.typeOf[id] != "" {
			return
		}
		rs := occ[id]
		for i := range rs {
			if rs[i].Role == role {
				rs[i].N++
				return
			}
		}
		occ[id] = append(rs, RoleCount{Role: role, N: 1})
	}
	for _, f := range in.facts {
		add(f.s, 2*f.r+sideSubject)
		add(f.o, 2*f.r+sideObject)
	}
	rt := NewRoleTyper(in.base, in.relNames)
	for id, rs := range occ {
		if t, ok := rt.Declared(rs); ok {
			in.typeOf[id] = t
			occ[id] = nil
		}
	}
	for _, rs := range occ {
		rt.Observe(rs)
	}
	rt.Classify()
	for id, rs := range occ {
		if len(rs) > 0 {
			in.typeOf[id] = rt.AssignNamed(rs, ShapeType(in.names[id]))
		}
	}
	in.inferred = rt.Inferred()
}

// RoleCount is how many facts an entity is in, in one role: Role is a
// relation's index (in the sorted relation names) times two, plus 0 for its
// subjects and 1 for its objects.
type RoleCount struct{ Role, N int32 }

// A RoleTyper applies rules 3 and 4 of Infer to entities given by their
// roles: Declared types an entity by the base schema's declared relation
// ends; Observe counts the roles of the entities left untyped, Classify
// merges and names their classes, and Assign types each of them. A store
// that counts roles without holding every fact (memstore's snapshot
// builder) types entities exactly as Infer does.
type RoleTyper struct {
	relNames  []string
	declared  []string // role -> the type its relation declares for it, or ""
	size      []int
	overlap   map[[2]int32]int
	parent    []int32
	className []string
	inferred  map[string]string
}

// NewRoleTyper returns a RoleTyper for the relations (sorted by name) and
// the base schema (nil: none).
func NewRoleTyper(base *graph.Schema, relNames []string) *RoleTyper {
	nroles := 2 * len(relNames)
	t := &RoleTyper{relNames: relNames, declared: make([]string, nroles), size: make([]int, nroles), overlap: map[[2]int32]int{}}
	if base != nil {
		for r, name := range relNames {
			if def := base.Relation(name); def != nil {
				if len(def.From) == 1 {
					t.declared[2*r+sideSubject] = def.From[0]
				}
				if len(def.To) == 1 {
					t.declared[2*r+sideObject] = def.To[0]
				}
			}
		}
	}
	return t
}

// Declared returns the type rule 3 gives an entity with roles rs: the
// declared type of the role it occurs in most (ties by type name).
func (t *RoleTyper) Declared(rs []RoleCount) (string, bool) {
	best, bestN := "", int32(0)
	for _, rc := range rs {
		if d := t.declared[rc.Role]; d != "" && (rc.N > bestN || (rc.N == bestN && d < best)) {
			best, bestN = d, rc.N
		}
	}
	return best, best != ""
}

// Observe counts the roles of an entity rules 1 to 3 left untyped.
func (t *RoleTyper) Observe(rs []RoleCount) {
	for i, a := range rs {
		t.size[a.Role]++
		for _, b := range rs[i+1:] {
			t.overlap[[2]int32{min(a.Role, b.Role), max(a.Role, b.Role)}]++
		}
	}
}

func (t *RoleTyper) find(x int32) int32 {
	for t.parent[x] != x {
		t.parent[x] = t.parent[t.parent[x]]
		x = t.parent[x]
	}
	return x
}

// Classify merges the observed roles into classes and names them.
func (t *RoleTyper) Classify() {
	nroles := len(t.size)
	size := t.size
	t.parent = make([]int32, nroles)
	for i := range t.parent {
		t.parent[i] = int32(i)
	}
	// Merge the most overlapping pairs first (by share of the smaller
	// role, then by count, then by roles), so that the partition does not
	// depend on map order, and merge no two classes that would hold two
	// roles with (almost) no entity in common: a class of every subject of
	// country would hold the airlines and the airports, whose other roles
	// (subjects of serves, subjects of city) never meet.
	pairs := make([][2]int32, 0, len(t.overlap))
	for k, n := range t.overlap {
		if 2*n >= min(size[k[0]], size[k[1]]) {
			pairs = append(pairs, k)
		}
	}
	slices.SortFunc(pairs, func(a, b [2]int32) int {
		na, nb := t.overlap[a], t.overlap[b]
		ma, mb := min(size[a[0]], size[a[1]]), min(size[b[0]], size[b[1]])
		return cmp.Or(cmp.Compare(nb*ma, na*mb), cmp.Compare(nb, na), cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	roles := make(map[int32][]int32, nroles) // root -> its class's roles
	for i := range nroles {
		roles[int32(i)] = []int32{int32(i)}
	}
	for _, k := range pairs {
		a, b := t.find(k[0]), t.find(k[1])
		if a == b || t.apart(roles[a], roles[b]) {
			continue
		}
		// The smaller index becomes the root.
		if a > b {
			a, b = b, a
		}
		t.parent[b] = a
		roles[a] = append(roles[a], roles[b]...)
		delete(roles, b)
	}
	// Name each class after its largest role (ties by role name).
	roleName := make([]string, nroles)
	for role := range roleName {
		roleName[role] = RoleTypeName(t.relNames[role/2], role%2 == sideObject)
	}
	members := make(map[int32][]int32) // root -> roles with members
	for role := range nroles {
		if size[role] > 0 {
			root := t.find(int32(role))
			members[root] = append(members[root], int32(role))
		}
	}
	t.className = make([]string, nroles) // root -> type name
	t.inferred = map[string]string{}
	for root, roles := range members {
		slices.SortFunc(roles, func(a, b int32) int {
			return cmp.Or(cmp.Compare(size[b], size[a]), cmp.Compare(roleName[a], roleName[b]), cmp.Compare(a, b))
		})
		name := roleName[roles[0]]
		t.className[root] = name
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
			parts = append(parts, fmt.Sprintf("%s of %s (%d)", side, t.relNames[r/2], size[r]))
		}
		desc := "inferred from its relations: " + strings.Join(parts, ", ")
		if old, ok := t.inferred[name]; ok && old < desc {
			desc = old // two classes with one name: keep one description
		}
		t.inferred[name] = desc
	}
}

// apartRoleSize is the least number of entities two roles must each have
// for the few they share to say they are of two kinds.
const apartRoleSize = 10

// apart reports whether two classes, given by their roles, hold a role
// each of apartRoleSize entities or more that share fewer than one in
// twenty of the smaller's: things of two kinds.
func (t *RoleTyper) apart(as, bs []int32) bool {
	for _, a := range as {
		for _, b := range bs {
			m := min(t.size[a], t.size[b])
			if m >= apartRoleSize && 20*t.overlap[[2]int32{min(a, b), max(a, b)}] < m {
				return true
			}
		}
	}
	return false
}

// Assign returns the type rule 4 gives an observed entity with roles rs:
// the class of the role it occurs in most (ties by class name).
func (t *RoleTyper) Assign(rs []RoleCount) string {
	best := rs[0]
	for _, rc := range rs[1:] {
		if rc.N > best.N || (rc.N == best.N && t.className[t.find(rc.Role)] < t.className[t.find(best.Role)]) {
			best = rc
		}
	}
	return t.className[t.find(best.Role)]
}

// AssignNamed is Assign for an entity whose name has a shape of its own
// (ShapeType: a year, a version) or none (""). One so named that is only
// ever a fact's object is of that shape's type, whatever relations it
// ends: "1991" a Year, "6.0.0-beta1" a Version, the kinds "which year",
// "in the same version as" ask for, though the role types would split
// the years of each relation into a kind of their own. A subject named so
// is a thing of its own (the film "2012").
func (t *RoleTyper) AssignNamed(rs []RoleCount, shape string) string {
	if shape != "" && !slices.ContainsFunc(rs, func(rc RoleCount) bool { return rc.Role%2 == sideSubject }) {
		if t.inferred == nil {
			t.inferred = map[string]string{}
		}
		t.inferred[shape] = shapeDescriptions[shape]
		return shape
	}
	return t.Assign(rs)
}

// The types inference gives an entity by its name's shape.
const (
	YearType    = "Year"
	VersionType = "Version"
)

var shapeDescriptions = map[string]string{YearType: "a year: inferred from its name", VersionType: "a version: inferred from its name"}

// ShapeType returns the type a name's shape says (YearType, VersionType),
// or "" (a store's names are bytes or strings: neither is copied).
func ShapeType[S string | []byte](name S) string {
	switch {
	case YearName(name):
		return YearType
	case VersionName(name):
		return VersionType
	}
	return ""
}

// YearName reports whether name is a year of four digits, 1000 to 2199.
func YearName[S string | []byte](name S) bool {
	if len(name) != 4 || name[0] < '1' || name[0] > '2' || name[0] == '2' && name[1] > '1' {
		return false
	}
	for i := range 4 {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

// VersionName reports whether name is written as a release's version:
// numbers joined by dots, an optional "v" before them and a pre-release
// after a hyphen ("6.0.0-beta1", "2.0.0-alpha-1", "v1.2"), with two dots,
// or one beside the "v" or the pre-release: "3.14" and "1.008" alone are
// numbers.
func VersionName[S string | []byte](name S) bool {
	i, n := 0, len(name)
	v := n > 0 && (name[0] == 'v' || name[0] == 'V')
	if v {
		i++
	}
	end, dots := dottedNumbers(name, i)
	if dots == 0 {
		return false
	}
	pre := end < n
	if pre && !preRelease(name[end:]) {
		return false
	}
	return dots >= 2 || v || pre
}

// dottedNumbers returns where the numbers joined by dots that start name
// at i end ("6.0.0" of "6.0.0-beta1"), and how many dots join them; none
// where a dot has no number after it.
func dottedNumbers[S string | []byte](name S, i int) (end, dots int) {
	digits := 0
	for ; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && digits > 0:
			dots, digits = dots+1, 0
		default:
			return i, dotsIf(digits > 0, dots)
		}
	}
	return i, dotsIf(digits > 0, dots)
}

// dotsIf is dots where the last number had digits, else none.
func dotsIf(ok bool, dots int) int {
	if ok {
		return dots
	}
	return 0
}

// preRelease reports whether s is a pre-release written after a version:
// a hyphen, then letters, digits, dots and hyphens ("-beta1", "-rc.2").
func preRelease[S string | []byte](s S) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for j := 1; j < len(s); j++ {
		c := s[j]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// Inferred returns the descriptions of the types Classify named.
func (t *RoleTyper) Inferred() map[string]string { return t.inferred }

// RoleTypeName is the UpperCamel type name inference gives the entities
// at one end of relation rel (its objects when object is set): directed_by
// and its objects give DirectedByObject. It is always a valid identifier.
func RoleTypeName(rel string, object bool) string {
	suffix := "Subject"
	if object {
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

// SchemaStats is what schema inference counts over typed data, from which
// AssembleSchema makes the schema: a store that counts them without
// holding every fact (memstore's snapshot builder) gets the schema Infer
// gives.
type SchemaStats struct {
	// RelNames are the relations of the data, sorted; the other fields
	// index relations in this order.
	RelNames []string
	// TypeCount is the number of entities of each type ("" included).
	TypeCount map[string]int
	// RelCount is the number of facts of each relation; From and To the
	// number of them whose subject (object) is of each type.
	RelCount []int
	From, To []map[string]int
	// Inferred describes the types role inference named (RoleTyper).
	Inferred map[string]string
	// Words counts, for each type, its entities whose names carry each word
	// (NameWordsOf), and Members its entities.
	Words   map[string]map[string]int
	Members map[string]int
	// Shared counts, for each pair of relations, the facts of the first
	// whose two entities a fact of the second links the other way
	// (x -a-> y and y -b-> x); a relation paired with itself counts its
	// facts stored both ways (graph.RelationDef.Reciprocal).
	Shared map[[2]int32]int
	// Shapes gives what the structure says of each relation, when
	// meanings need it (called at most once).
	Shapes func() map[string]Shape
	// OtherTypes holds, for each entity the triples give several types,
	// the types besides the one it was given (graph.EntityDef.OtherTypes).
	OtherTypes map[string][]string
}

// AddOtherTypes records in st.OtherTypes the types of votes besides
// chosen, sorted, for the entity named name.
func (st *SchemaStats) AddOtherTypes(name, chosen string, types []string) {
	var other []string
	for _, t := range types {
		if t != chosen && t != "" {
			other = append(other, t)
		}
	}
	if len(other) == 0 {
		return
	}
	slices.Sort(other)
	if st.OtherTypes == nil {
		st.OtherTypes = map[string][]string{}
	}
	st.OtherTypes[name] = other
}

// schema assembles the schema from the assigned types.
func (in *inference) schema() *graph.Schema {
	st := &SchemaStats{RelNames: in.relNames, TypeCount: make(map[string]int), Inferred: in.inferred, Shapes: in.relationShapes}
	for _, t := range in.typeOf {
		st.TypeCount[t]++
	}
	nrel := len(in.relNames)
	st.RelCount = make([]int, nrel)
	st.From, st.To = make([]map[string]int, nrel), make([]map[string]int, nrel)
	for r := range nrel {
		st.From[r], st.To[r] = make(map[string]int), make(map[string]int)
	}
	for _, f := range in.facts {
		st.RelCount[f.r]++
		st.From[f.r][in.typeOf[f.s]]++
		st.To[f.r][in.typeOf[f.o]]++
	}
	st.Words, st.Members = map[string]map[string]int{}, map[string]int{}
	for id, name := range in.names {
		st.CountWords(in.typeOf[id], name)
	}
	st.Shared = in.sharedPairs()
	for id, types := range in.given {
		st.AddOtherTypes(in.names[id], in.typeOf[id], types)
	}
	return AssembleSchema(in.base, st)
}

// CountWords counts an entity of type typ named name in Words and Members.
func (st *SchemaStats) CountWords(typ, name string) {
	st.Members[typ]++
	m := st.Words[typ]
	if m == nil {
		m = map[string]int{}
		st.Words[typ] = m
	}
	for _, w := range NameWordsOf(name) {
		m[w]++
	}
}

// NameWordsOf returns the distinct words of a name that count for a type's
// name words: at least two letters, not all digits; a numbered name's
// letters stand for it ("rfc" for RFC2616).
func NameWordsOf(name string) []string {
	var out []string
	for _, w := range text.Tokens(name) {
		if nw := text.NumberedWord(w); nw != "" {
			w = nw
		}
		if len(w) < 2 || slices.Contains(out, w) || strings.Trim(w, "0123456789") == "" {
			continue
		}
		out = append(out, w)
	}
	return out
}

// AssembleSchema makes the schema of data from its statistics and the base
// schema (nil: infer it all), as Infer describes.
func AssembleSchema(base *graph.Schema, st *SchemaStats) *graph.Schema {
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
	dataTypes := make([]string, 0, len(st.TypeCount))
	for t := range st.TypeCount {
		dataTypes = append(dataTypes, t)
	}
	slices.Sort(dataTypes)
	a := &assembly{base: base, st: st}

	if base == nil {
		s := &graph.Schema{Inferred: true}
		for _, t := range dataTypes {
			_, inferred := st.Inferred[t]
			s.Types = append(s.Types, graph.TypeDef{Name: t, Description: st.Inferred[t], Count: st.TypeCount[t], Inferred: inferred})
		}
		for r, name := range st.RelNames {
			s.Relations = append(s.Relations, graph.RelationDef{
				Name: name, From: ends(st.From[r], st.RelCount[r]), To: ends(st.To[r], st.RelCount[r]), Count: st.RelCount[r],
			})
		}
		a.addMeanings(s)
		a.addNameWords(s)
		a.addMirrors(s)
		addOtherTypes(s, st.OtherTypes)
		return s
	}

	const notInSchema = "not in the schema"
	s := base.Clone()
	s.Inferred = false
	for i := range s.Types {
		s.Types[i].Count = st.TypeCount[s.Types[i].Name]
	}
	for _, t := range dataTypes {
		if s.Type(t) != nil {
			continue
		}
		desc := "found in the data; " + notInSchema
		d, inferred := st.Inferred[t]
		if inferred {
			desc = d + "; " + notInSchema
		}
		s.Types = append(s.Types, graph.TypeDef{Name: t, Description: desc, Count: st.TypeCount[t], Inferred: inferred})
	}
	for i := range s.Relations {
		s.Relations[i].Count = 0
	}
	for r, name := range st.RelNames {
		def := s.Relation(name)
		if def == nil {
			s.Relations = append(s.Relations, graph.RelationDef{
				Name: name, Description: "found in the data; " + notInSchema,
				From: ends(st.From[r], st.RelCount[r]), To: ends(st.To[r], st.RelCount[r]), Count: st.RelCount[r],
			})
			continue
		}
		def.Count = st.RelCount[r]
		if len(def.From) == 0 {
			def.From = ends(st.From[r], st.RelCount[r])
		}
		if len(def.To) == 0 {
			def.To = ends(st.To[r], st.RelCount[r])
		}
	}
	a.addMeanings(s)
	a.addNameWords(s)
	a.addMirrors(s)
	addOtherTypes(s, st.OtherTypes)
	return s
}

// addOtherTypes records the types the data gives an entity besides its
// own (graph.EntityDef.OtherTypes), on the schema's entry for it or on a
// new one, the new ones sorted by name.
func addOtherTypes(s *graph.Schema, other map[string][]string) {
	var names []string
	for name, types := range other {
		if i := slices.IndexFunc(s.Entities, func(e graph.EntityDef) bool { return e.Name == name }); i >= 0 {
			s.Entities[i].OtherTypes = types
			continue
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		s.Entities = append(s.Entities, graph.EntityDef{Name: name, OtherTypes: other[name]})
	}
}

// assembly is AssembleSchema's state: the statistics, and the shapes
// once computed.
type assembly struct {
	base   *graph.Schema
	st     *SchemaStats
	shapes map[string]Shape
}

// relationShapes returns the shapes, computing them once.
func (a *assembly) relationShapes() map[string]Shape {
	if a.shapes == nil {
		a.shapes = a.st.Shapes()
		if a.shapes == nil {
			a.shapes = map[string]Shape{}
		}
	}
	return a.shapes
}

// sharedPairs counts SchemaStats.Shared: the facts are sorted by their
// unordered pair of entities, so the cost is one sort, whatever the
// graph's degree.
func (in *inference) sharedPairs() map[[2]int32]int {
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
				if x, y := ends[a], ends[b]; x.forward != y.forward {
					shared[[2]int32{x.r, y.r}]++
				}
			}
		}
		i = j
	}
	return shared
}

// addMirrors fills graph.RelationDef.Mirrors: the relations that store facts
// of another from its other end ("apex parent_of group" beside "group
// subsidiary_of apex"), a quarter of the smaller relation at least.
func (a *assembly) addMirrors(s *graph.Schema) {
	count := a.st.RelCount
	for k, n := range a.st.Shared {
		if k[0] == k[1] {
			if def := s.Relation(a.st.RelNames[k[0]]); def != nil {
				def.Reciprocal = n
			}
			continue
		}
		// A few shared pairs between big relations are cycles of the data
		// (a package that depends on one that breaks it), not one act:
		// a mirror stores a quarter of the smaller relation at least.
		if 4*n < min(count[k[0]], count[k[1]]) {
			continue
		}
		if def := s.Relation(a.st.RelNames[k[0]]); def != nil {
			def.Mirrors = append(def.Mirrors, a.st.RelNames[k[1]])
		}
	}
	for i := range s.Relations {
		slices.Sort(s.Relations[i].Mirrors)
	}
}
