package infer_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/triplefile"
)

// renderSchema writes a schema one line per type, relation and entity.
func renderSchema(s *graph.Schema) string {
	var b strings.Builder
	fmt.Fprintf(&b, "schema %q inferred=%v\n", s.Name, s.Inferred)
	for _, t := range s.Types {
		fmt.Fprintf(&b, "type %s %d %q %q\n", t.Name, t.Count, t.Description, t.Aliases)
	}
	for _, r := range s.Relations {
		fmt.Fprintf(&b, "rel %s %v -> %v %d %q dep=%q %q %q\n", r.Name, r.From, r.To, r.Count, r.Description, r.Dependency, r.Aliases, r.InverseAliases)
	}
	for _, e := range s.Entities {
		fmt.Fprintf(&b, "entity %q %s %q", e.Name, e.Type, e.Aliases)
		if len(e.OtherTypes) > 0 {
			fmt.Fprintf(&b, " also %q", e.OtherTypes)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func renderTypes(m map[string]string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(&b, "%s=%s ", k, m[k])
	}
	return b.String()
}

func triples(lines ...string) []graph.Triple {
	var ts []graph.Triple
	for _, l := range lines {
		f := strings.Split(l, " ")
		t := graph.Triple{Subject: f[0], Relation: f[1], Object: f[2]}
		if len(f) > 3 {
			t.SubjectType = f[3]
		}
		if len(f) > 4 {
			t.ObjectType = f[4]
		}
		ts = append(ts, t)
	}
	return ts
}

func TestInferUntyped(t *testing.T) {
	ts := triples(
		"m1 directed_by p1", "m2 directed_by p1", "m3 directed_by p2",
		"m1 written_by p1", "m2 written_by p3", "m3 written_by p2",
		"m1 starred_actors a1", "m2 starred_actors a2", "m3 starred_actors a3", "m1 starred_actors x",
		"m1 has_genre Drama", "m2 has_genre Comedy", "m3 has_genre Horror", "m2 has_genre x",
	)
	s, types := infer.Infer(ts, nil)
	want := `schema "" inferred=true
type DirectedBySubject 3 "inferred from its relations: subject of directed_by (3), subject of has_genre (3), subject of starred_actors (3), subject of written_by (3)" []
type HasGenreObject 4 "inferred from its relations: object of has_genre (4)" []
type StarredActorsObject 3 "inferred from its relations: object of starred_actors (4)" []
type WrittenByObject 3 "inferred from its relations: object of written_by (3), object of directed_by (2)" []
rel directed_by [DirectedBySubject] -> [WrittenByObject] 3 "" dep="" [] []
rel has_genre [DirectedBySubject] -> [HasGenreObject] 4 "" dep="" [] []
rel starred_actors [DirectedBySubject] -> [HasGenreObject StarredActorsObject] 4 "" dep="" [] []
rel written_by [DirectedBySubject] -> [WrittenByObject] 3 "" dep="" [] []
`
	if got := renderSchema(s); got != want {
		t.Errorf("schema:\n%s\nwant:\n%s", got, want)
	}
	// x is an object of starred_actors and of has_genre once each: the
	// tie goes to the class name first in order.
	wantTypes := "Comedy=HasGenreObject Drama=HasGenreObject Horror=HasGenreObject " +
		"a1=StarredActorsObject a2=StarredActorsObject a3=StarredActorsObject " +
		"m1=DirectedBySubject m2=DirectedBySubject m3=DirectedBySubject " +
		"p1=WrittenByObject p2=WrittenByObject p3=WrittenByObject x=HasGenreObject "
	if got := renderTypes(types); got != wantTypes {
		t.Errorf("types:\n%s\nwant:\n%s", got, wantTypes)
	}
	for _, typ := range s.Types {
		if !text.ValidIdentifier(typ.Name) {
			t.Errorf("type name %q is not an identifier", typ.Name)
		}
	}
	// The result depends on the set of triples, not their order.
	rev := slices.Clone(ts)
	slices.Reverse(rev)
	s2, types2 := infer.Infer(rev, nil)
	if renderSchema(s2) != want || renderTypes(types2) != wantTypes {
		t.Errorf("reversed input gives a different result:\n%s\n%s", renderSchema(s2), renderTypes(types2))
	}
}

func TestInferWithBase(t *testing.T) {
	base := &graph.Schema{
		Name:  "svc",
		Types: []graph.TypeDef{{Name: "Service", Description: "a deployable", Aliases: []string{"svc"}}, {Name: "Database"}, {Name: "Queue", Count: 99}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Aliases: []string{"calls"}, InverseAliases: []string{"called by"}, Dependency: graph.DependentSubject, Count: 7},
			{Name: "READS_FROM", Description: "reads"},
			{Name: "PUBLISHES", From: []string{"Service"}, To: []string{"Queue"}},
		},
		Entities: []graph.EntityDef{{Name: "db1", Type: "Database", Aliases: []string{"main db"}}, {Name: "svc-b", Type: "Database"}},
	}
	before := renderSchema(base)
	ts := triples(
		"svc-a CALLS svc-b Service Service",
		"svc-b CALLS svc-c",
		"svc-a CALLS svc-c Service",
		"svc-b READS_FROM db1",
		"svc-c READS_FROM db2",
		"team-x OWNS svc-a Team Job",
	)
	s, types := infer.Infer(ts, base)
	want := `schema "svc" inferred=false
type Service 3 "a deployable" ["svc"]
type Database 1 "" []
type Queue 0 "" []
type ReadsFromObject 1 "inferred from its relations: object of READS_FROM (1); not in the schema" []
type Team 1 "found in the data; not in the schema" []
rel CALLS [Service] -> [Service] 3 "" dep="subject" ["calls"] ["called by"]
rel READS_FROM [Service] -> [Database ReadsFromObject] 2 "reads" dep="" [] []
rel PUBLISHES [Service] -> [Queue] 0 "" dep="" [] []
rel OWNS [Team] -> [Service] 1 "found in the data; not in the schema" dep="" [] []
entity "db1" Database ["main db"]
entity "svc-b" Database []
entity "svc-a"  [] also ["Job"]
`
	if got := renderSchema(s); got != want {
		t.Errorf("schema:\n%s\nwant:\n%s", got, want)
	}
	// svc-a: Service twice from the triples beats Job once; svc-b: the
	// triples beat the entities list; svc-c: CALLS declares To Service;
	// db1: the entities list; db2: role inference.
	wantTypes := "db1=Database db2=ReadsFromObject svc-a=Service svc-b=Service svc-c=Service team-x=Team "
	if got := renderTypes(types); got != wantTypes {
		t.Errorf("types: %s\nwant:  %s", got, wantTypes)
	}
	if renderSchema(base) != before {
		t.Errorf("Infer modified the base schema")
	}
}

func TestInferExplicitTies(t *testing.T) {
	// One vote each: the type first in order wins.
	_, types := infer.Infer(triples("a R b Zeta Beta", "b R a Alpha Gamma"), nil)
	if got, want := renderTypes(types), "a=Gamma b=Alpha "; got != want {
		t.Errorf("types %s, want %s", got, want)
	}
	if s, _ := infer.Infer(nil, nil); len(s.Types) != 0 || len(s.Relations) != 0 || !s.Inferred {
		t.Errorf("empty data: %s", renderSchema(s))
	}
}

func TestInferTypeNames(t *testing.T) {
	long := strings.Repeat("x", 128)
	ts := triples(
		"a __people__person__place_of_birth b",
		"c _2nd_rel d",
		"e "+long+" f",
		"g hasIMDBRating h",
	)
	s, _ := infer.Infer(ts, nil)
	var names []string
	for _, typ := range s.Types {
		names = append(names, typ.Name)
		if !text.ValidIdentifier(typ.Name) {
			t.Errorf("type name %q is not an identifier", typ.Name)
		}
	}
	want := []string{
		"HasImdbratingObject", "HasImdbratingSubject",
		"PeoplePersonPlaceOfBirthObject", "PeoplePersonPlaceOfBirthSubject",
		"R2ndRelObject", "R2ndRelSubject",
		"X" + strings.Repeat("x", 128-len("Subject")-1) + "Subject",
		"X" + strings.Repeat("x", 128-len("Object")-1) + "Object",
	}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("type names\n%v\nwant\n%v", names, want)
	}
}

func TestInferMetaQA(t *testing.T) {
	ts, err := triplefile.Read(devdata.DataPath(t, "metaqa/kb.txt"), "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s, types := infer.Infer(ts, nil)
	t.Logf("inferred the MetaQA schema in %v:\n%s", time.Since(start), renderSchema(s))
	if len(types) != 43234 {
		t.Errorf("%d entities typed, want 43234", len(types))
	}
	var got strings.Builder
	for _, typ := range s.Types {
		fmt.Fprintf(&got, "%s %d\n", typ.Name, typ.Count)
	}
	for _, r := range s.Relations {
		fmt.Fprintf(&got, "%s %v -> %v %d\n", r.Name, r.From, r.To, r.Count)
	}
	// Movies are the subjects of every relation (named after the largest
	// subject role, release_year); directors and writers share a class;
	// actors have their own; ratings overlap with tags. The release years
	// are Years by their names, but for six a film of the same name makes
	// a subject ("1984").
	want := `HasGenreObject 23
HasImdbVotesObject 3
HasTagsObject 4891
InLanguageObject 96
ReleaseYearObject 6
ReleaseYearSubject 16409
StarredActorsObject 10038
WrittenByObject 11670
Year 98
directed_by [ReleaseYearSubject] -> [StarredActorsObject WrittenByObject] 15957
has_genre [ReleaseYearSubject] -> [HasGenreObject] 15485
has_imdb_rating [ReleaseYearSubject] -> [HasTagsObject] 314
has_imdb_votes [ReleaseYearSubject] -> [HasImdbVotesObject] 119
has_tags [ReleaseYearSubject] -> [HasTagsObject] 28719
in_language [ReleaseYearSubject] -> [InLanguageObject] 3428
release_year [ReleaseYearSubject] -> [ReleaseYearObject Year] 16715
starred_actors [ReleaseYearSubject] -> [StarredActorsObject WrittenByObject] 33718
written_by [ReleaseYearSubject] -> [StarredActorsObject WrittenByObject] 19127
`
	if got.String() != want {
		t.Errorf("MetaQA schema:\n%s\nwant:\n%s", got.String(), want)
	}
	for name, typ := range map[string]string{"Kismet": "ReleaseYearSubject", "William Dieterle": "WrittenByObject", "Marlene Dietrich": "StarredActorsObject"} {
		if types[name] != typ {
			t.Errorf("type of %q = %q, want %q", name, types[name], typ)
		}
	}
	// A user schema that declares the relation ends names the types.
	base := &graph.Schema{
		Types: []graph.TypeDef{{Name: "Movie"}, {Name: "Person"}},
		Relations: []graph.RelationDef{
			{Name: "directed_by", From: []string{"Movie"}, To: []string{"Person"}},
			{Name: "written_by", From: []string{"Movie"}, To: []string{"Person"}},
			{Name: "starred_actors", From: []string{"Movie"}, To: []string{"Person"}},
		},
	}
	s, types = infer.Infer(ts, base)
	if types["Kismet"] != "Movie" || types["Marlene Dietrich"] != "Person" || s.Types[0].Count != 16423 {
		t.Errorf("with a base schema: Kismet=%s, Marlene Dietrich=%s, %d movies", types["Kismet"], types["Marlene Dietrich"], s.Types[0].Count)
	}
}

func BenchmarkInferMetaQA(b *testing.B) {
	ts, err := triplefile.Read(devdata.DataPath(b, "metaqa/kb.txt"), "", triplefile.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		infer.Infer(ts, nil)
	}
}

// "manage" names reporting between people and ownership from teams to what
// they run: the structure of the relation decides.
func TestInferManageByStructure(t *testing.T) {
	s, _ := infer.Infer([]graph.Triple{
		{Subject: "alice", Relation: "manages", Object: "bob"},
		{Subject: "bob", Relation: "manages", Object: "carol"},
		{Subject: "orders", Relation: "managed_by", Object: "data-eng"},
		{Subject: "revenue", Relation: "managed_by", Object: "analytics"},
	}, nil)
	for _, want := range []struct {
		name, concept string
		inverse       bool
	}{{"manages", "reporting", true}, {"managed_by", "ownership", true}} {
		r := s.Relation(want.name)
		if r == nil || r.Concept != want.concept || r.Inverse != want.inverse {
			t.Errorf("%s: %+v, want concept %s inverse %v", want.name, r, want.concept, want.inverse)
		}
	}
}

// A relation named by a role noun for its object takes its group end
// from the counts where they contradict the noun: a group's "teams" hold
// them, a match's "group" and a person's "team" are what they belong to,
// and one tournament's "groups" are too few to say.
func TestInferGroupEndByStructure(t *testing.T) {
	var ts []graph.Triple
	add := func(s, r, o, st, ot string) {
		ts = append(ts, graph.Triple{Subject: s, Relation: r, Object: o, SubjectType: st, ObjectType: ot})
	}
	for g := range 6 {
		group := fmt.Sprintf("group-%d", g)
		add("cup", "groups", group, "Tournament", "Group")
		for k := range 2 {
			add(fmt.Sprintf("match-%d-%d", g, k), "group", group, "Match", "Group")
			add(group, "teams", fmt.Sprintf("team-%d-%d", g, k), "Group", "Team")
		}
	}
	for p := range 6 {
		add(fmt.Sprintf("person-%d", p), "team", fmt.Sprintf("crew-%d", p%2), "Person", "Crew")
	}
	s, _ := infer.Infer(ts, nil)
	for _, want := range []struct {
		name    string
		inverse bool
	}{{"groups", false}, {"teams", true}, {"group", false}, {"team", false}} {
		r := s.Relation(want.name)
		if r == nil || r.Concept != "membership" || r.Inverse != want.inverse {
			t.Errorf("%s: %+v, want membership, inverse %v", want.name, r, want.inverse)
		}
	}
}

// An undeclared relation whose name says nothing scgraph reads is marked
// Unread; one whose name says it associates entities is read from its
// name with no concept; a declared one keeps what the file says.
func TestInferUnreadRelations(t *testing.T) {
	ts := []graph.Triple{
		{Subject: "module.kms", Relation: "encrypts", Object: "module.rds"},
		{Subject: "module.rds", Relation: "stores_data_for", Object: "app.checkout"},
		{Subject: "app.checkout", Relation: "calls", Object: "app.catalog"},
		{Subject: "pkg-a", Relation: "conflicts", Object: "pkg-b"},
	}
	s, _ := infer.Infer(ts, nil)
	for name, want := range map[string]graph.Inference{
		"encrypts": graph.Unread, "stores_data_for": graph.Unread, "calls": graph.FromName, "conflicts": graph.FromName,
	} {
		if r := s.Relation(name); r == nil || r.Inferred != want {
			t.Errorf("%s: %+v, want inferred %q", name, r, want)
		}
	}
	if r := s.Relation("conflicts"); r.Concept != "" || r.Dependency != "" {
		t.Errorf("conflicts: %+v, want no concept and no dependency", r)
	}
	base := &graph.Schema{Relations: []graph.RelationDef{{Name: "encrypts"}}}
	s, _ = infer.Infer(ts, base)
	if r := s.Relation("encrypts"); r == nil || r.Inferred != "" {
		t.Errorf("declared encrypts: %+v, want inferred empty (declared)", r)
	}
}

// TestInferMirrors checks which relations are found to store facts of
// another from its other end: a quarter of the smaller relation at least,
// never a relation with itself, in both schemas.
func TestInferMirrors(t *testing.T) {
	ts := triples(
		"apex parent_of group",
		"group subsidiary_of apex", // apex–group stored both ways
		"logistics subsidiary_of group",
		"freight subsidiary_of logistics",
		"solar parent_of spain",
		"energy parent_of solar",
		"ana married_to ben",
		"ben married_to ana", // a relation with itself is not a mirror
		// One pair of 5 and 5: a cycle of the data, not one act.
		"a depends b", "b depends c", "c depends d", "d depends e", "e depends f",
		"b breaks a", "x breaks y", "y breaks z", "z breaks w", "w breaks v",
	)
	want := map[string][]string{"parent_of": {"subsidiary_of"}, "subsidiary_of": {"parent_of"}}
	for _, base := range []*graph.Schema{nil, {Relations: []graph.RelationDef{{Name: "parent_of"}}}} {
		s, _ := infer.Infer(ts, base)
		for _, r := range s.Relations {
			if !slices.Equal(r.Mirrors, want[r.Name]) {
				t.Errorf("base %v: %s mirrors %q, want %q", base != nil, r.Name, r.Mirrors, want[r.Name])
			}
		}
		if c := s.Clone(); &c.Relation("parent_of").Mirrors[0] == &s.Relation("parent_of").Mirrors[0] {
			t.Error("Clone shares the Mirrors slice")
		}
	}
}

// TestInferReciprocal checks the count of a relation's facts stored both
// ways: all of married_to, one pair of related's four facts (lists, each
// topic's own), none of adjacent (each pair stored once).
func TestInferReciprocal(t *testing.T) {
	ts := triples(
		"ana married_to ben", "ben married_to ana",
		"react related vue", "vue related react", "react related angular", "vue related svelte",
		"a adjacent b", "b adjacent c",
	)
	s, _ := infer.Infer(ts, nil)
	for name, want := range map[string]struct {
		reciprocal int
		lists      bool
	}{"married_to": {2, false}, "related": {2, false}, "adjacent": {0, false}} {
		r := s.Relation(name)
		if r.Reciprocal != want.reciprocal || r.StoredAsLists() != want.lists {
			t.Errorf("%s: reciprocal %d, lists %v; want %d, %v", name, r.Reciprocal, r.StoredAsLists(), want.reciprocal, want.lists)
		}
	}
	s, _ = infer.Infer(append(ts, triples("svelte related solid", "solid related qwik", "qwik related preact")...), nil)
	if r := s.Relation("related"); !r.StoredAsLists() {
		t.Errorf("related, 2 of 7 facts stored both ways: not read as lists (reciprocal %d of %d)", r.Reciprocal, r.Count)
	}
}

// Two kinds that share one relation (airlines and airports both have a
// country) stay two types where their other roles never meet.
func TestInferKindsApart(t *testing.T) {
	var lines []string
	for i := range 12 {
		airline, airport := fmt.Sprintf("airline%d", i), fmt.Sprintf("airport%d", i)
		lines = append(lines,
			airline+" country c1", airline+" serves "+airport, airline+" serves "+fmt.Sprintf("airport%d", (i+1)%12),
			airport+" country c2", airport+" city "+fmt.Sprintf("city%d", i), airport+" route_to "+fmt.Sprintf("airport%d", (i+1)%12))
	}
	_, types := infer.Infer(triples(lines...), nil)
	if types["airline3"] == types["airport3"] {
		t.Errorf("airlines and airports typed alike (%s): %s", types["airline3"], renderTypes(types))
	}
	if types["airport3"] != types["airport7"] || types["airline3"] != types["airline7"] {
		t.Errorf("one kind typed two ways: %s", renderTypes(types))
	}
}

// An untyped entity named as a year and only ever a fact's object is a
// Year; a subject so named ("2012", a film) and other numbers are not.
func TestInferYears(t *testing.T) {
	ts := triples(
		"docker released 2013", "rust released 2010", "2012 directed_by Roland",
		"group18 number 18", "tea brewed 1610",
	)
	_, types := infer.Infer(ts, nil)
	for name, want := range map[string]string{"2013": "Year", "2010": "Year", "1610": "Year", "2012": "DirectedBySubject", "18": "NumberObject"} {
		if types[name] != want {
			t.Errorf("%s typed %q, want %q", name, types[name], want)
		}
	}
}

// An untyped entity named as a release's version and only ever an
// object is a Version; a plain decimal number is not.
func TestInferVersions(t *testing.T) {
	ts := triples(
		"bicycle added_in 4.2.0", "bus added_in 6.0.0-beta1", "tool since v1.2", "pi value 3.14",
		"hydrogen mass 1.008", "5.0.13 is_a release",
	)
	_, types := infer.Infer(ts, nil)
	for name, want := range map[string]string{"4.2.0": "Version", "6.0.0-beta1": "Version", "v1.2": "Version",
		"3.14": "ValueObject", "1.008": "MassObject", "5.0.13": "IsASubject"} {
		if types[name] != want {
			t.Errorf("%s typed %q, want %q", name, types[name], want)
		}
	}
	for _, name := range []string{"1.2.3", "2.0.0-alpha-1", "V3.1", "10.4.1-rc.2"} {
		if !infer.VersionName(name) {
			t.Errorf("VersionName(%q) = false", name)
		}
	}
	for _, name := range []string{"3.14", "1.", ".5", "1..2", "1.2.3-", "v", "1.2.3 beta", "2013"} {
		if infer.VersionName(name) {
			t.Errorf("VersionName(%q) = true", name)
		}
	}
}

func TestInferOtherTypes(t *testing.T) {
	// Ferrari is given Constructor twice and EngineManufacturer once: one
	// node of the type given most often, the other recorded.
	s, types := infer.Infer(triples(
		"Ferrari based_in Italy Constructor Country",
		"Leclerc drove_for Ferrari Driver Constructor",
		"Haas powered_by Ferrari Constructor EngineManufacturer",
	), nil)
	if types["Ferrari"] != "Constructor" {
		t.Fatalf("Ferrari typed %q, want Constructor", types["Ferrari"])
	}
	if got := s.OtherTypes("Ferrari"); !slices.Equal(got, []string{"EngineManufacturer"}) {
		t.Errorf("other types of Ferrari: %q, want [EngineManufacturer]", got)
	}
	if got := s.OtherTypes("Haas"); got != nil {
		t.Errorf("other types of Haas: %q, want none", got)
	}
}

// A type named in several words is also called by its initials where its
// entities' names carry them: "SIG" of SpecialInterestGroup (SIG Apps,
// SIG Storage). Initials the names do not carry are no alias.
func TestInferInitials(t *testing.T) {
	var ts []graph.Triple
	for _, f := range [][5]string{
		{"SIG Apps", "chair", "Janet", "SpecialInterestGroup", "Person"},
		{"SIG Storage", "chair", "Xing", "SpecialInterestGroup", "Person"},
		{"WG Batch", "stakeholder", "SIG Apps", "WorkingGroup", "SpecialInterestGroup"},
		{"WG Serving", "stakeholder", "SIG Storage", "WorkingGroup", "SpecialInterestGroup"},
		{"apps-team", "reports_to", "Janet", "ProjectTeam", "Person"},
		{"storage-team", "reports_to", "Xing", "ProjectTeam", "Person"},
	} {
		ts = append(ts, graph.Triple{Subject: f[0], Relation: f[1], Object: f[2], SubjectType: f[3], ObjectType: f[4]})
	}
	s, _ := infer.Infer(ts, nil)
	want := map[string][]string{"SpecialInterestGroup": {"sig"}, "WorkingGroup": {"wg"}, "ProjectTeam": nil, "Person": nil}
	for _, typ := range s.Types {
		if w, ok := want[typ.Name]; ok && !slices.Equal(typ.Aliases, w) {
			t.Errorf("%s: aliases %q, want %q", typ.Name, typ.Aliases, w)
		}
	}
}

// A relation of no known kind whose subjects are largely its objects too
// and never come back is a dependency guessed from the shape of the data;
// where no subject has two objects and a noun names it ("classification",
// "clade"),
// a hierarchy, its subject the part. A verb's name ("routes_through",
// "infected_by", "loves") keeps the dependency.
func TestInferHierarchyByStructure(t *testing.T) {
	tree := func(rel string) []graph.Triple {
		return []graph.Triple{
			{Subject: "Tatar", Relation: rel, Object: "Kipchak"},
			{Subject: "Bashkir", Relation: rel, Object: "Kipchak"},
			{Subject: "Turkish", Relation: rel, Object: "Oghuz"},
			{Subject: "Kipchak", Relation: rel, Object: "Common Turkic"},
			{Subject: "Oghuz", Relation: rel, Object: "Common Turkic"},
			{Subject: "Common Turkic", Relation: rel, Object: "Turkic"},
		}
	}
	for rel, want := range map[string]string{"classification": "containment", "clade": "containment",
		"routes_through": "dependency", "infected_by": "dependency", "loves": "dependency"} {
		s, _ := infer.Infer(tree(rel), nil)
		if r := s.Relation(rel); r == nil || r.Concept != want || r.Inferred != graph.FromStructure {
			t.Errorf("%s: %+v, want %s from the structure", rel, r, want)
		}
	}
	dag := append(tree("classification"), graph.Triple{Subject: "Tatar", Relation: "classification", Object: "Oghuz"})
	if s, _ := infer.Infer(dag, nil); s.Relation("classification").Concept != "dependency" {
		t.Errorf("classification with two objects for one subject: %+v, want a dependency", s.Relation("classification"))
	}
}
