package plan

import (
	"github.com/scgraph/scgraph/graph"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/state"
)

// mentions links each name at its first place in q.
func mentions(q string, names ...string) []linked {
	var out []linked
	for _, n := range names {
		i := strings.Index(q, n)
		out = append(out, linked{anchor: state.Anchor{Mention: n, Entity: n}, start: i, end: i + len(n)})
	}
	return out
}

func TestFindNegatedTail(t *testing.T) {
	for _, c := range []struct {
		q     string
		names []string
		rest  string // "" where no clause is found
	}{
		{"Which of France's neighbours do not use the euro?", []string{"France", "euro"}, "Which of France's neighbours?"},
		{"Which scales with 4A have no 5P?", []string{"4A", "5P"}, "Which scales with 4A?"},
		{"Which candidates running for Mayor aren't members of the Green Party?", []string{"Mayor", "Green Party"}, "Which candidates running for Mayor?"},
		// Not a list, or not at the end, or inside a relative clause,
		// or "without": not read so.
		{"Can tiramisu be made without Dairy Valley?", []string{"tiramisu", "Dairy Valley"}, ""},
		{"Which dishes can be made without Dairy Valley?", []string{"Dairy Valley", "Dairy Valley"}, ""},
		{"Which countries that do not use the euro border France?", []string{"euro", "France"}, ""},
		{"Which services that call api do not call db?", []string{"api", "db"}, "Which services that call api?"},
		{"Does X not call Y?", []string{"X", "Y"}, ""},
	} {
		nt, ok := findNegatedTail(c.q, mentions(c.q, c.names...))
		if got := map[bool]string{true: nt.rest}[ok]; got != c.rest {
			t.Errorf("%q: rest %q, want %q", c.q, got, c.rest)
		}
	}
}

// A clause that sets an entity aside before the question is read after
// it; a question that opens otherwise, or whose clause ends with no comma
// or names no entity, is left as it is.
func TestFrontedSetAside(t *testing.T) {
	checkRewrite(t, frontedSetAside, []rewriteCase{
		{"Other than Veps, which languages are directly in East Ladoga?", []string{"Veps", "East Ladoga"}, "Which languages are directly in East Ladoga, other than Veps?"},
		{"Apart from AlphaTauri, which teams did Daniil Kvyat drive for?", []string{"AlphaTauri", "Daniil Kvyat"}, "Which teams did Daniil Kvyat drive for, apart from AlphaTauri?"},
		{"Besides Fortune, which enchantments does Silk Touch exclude?", []string{"Fortune", "Silk Touch"}, "Which enchantments does Silk Touch exclude, besides Fortune?"},
		{"Which teams did Kvyat drive for, apart from AlphaTauri?", []string{"Kvyat", "AlphaTauri"}, ""},
		{"Other than that which teams did Kvyat drive for?", []string{"Kvyat"}, ""},
		{"Besides the obvious, which teams did Kvyat drive for?", []string{"Kvyat"}, ""},
	})
}

// A set-aside phrase and the mention it names are read apart, wherever
// they stand, where another entity is left; a yes or no question, or one
// whose only entity is set aside, is left as it is.
func TestWithoutSetAside(t *testing.T) {
	for _, c := range []struct {
		q     string
		names []string
		want  string // "" where the question is left as it is
		aside string
	}{
		{"Which elements other than Lithium are in period 2?", []string{"Lithium", "period 2"}, "Which elements are in period 2?", "Lithium"},
		{"Other than Mercury, which elements are liquid?", []string{"Mercury", "liquid"}, "Which elements are liquid?", "Mercury"},
		{"What does the Steel Sword need apart from the Wooden Handle?", []string{"Steel Sword", "Wooden Handle"}, "What does the Steel Sword need?", "Wooden Handle"},
		{"Which teams did Kvyat drive for, except AlphaTauri?", []string{"Kvyat", "AlphaTauri"}, "Which teams did Kvyat drive for?", "AlphaTauri"},
		{"Does anything other than web-app depend on redis-cache?", []string{"web-app", "redis-cache"}, "", ""},
		{"What else is there other than redis-cache?", []string{"redis-cache"}, "", ""},
	} {
		got, aside, ok := withoutSetAside(c.q, mentions(c.q, c.names...))
		var as string
		if ok {
			as = aside[0].anchor.Entity
		} else {
			got = ""
		}
		if got != c.want || as != c.aside {
			t.Errorf("%q: %q aside %q, want %q aside %q", c.q, got, as, c.want, c.aside)
		}
	}
}

// A relative clause that says what a thing's attribute is reads as the
// thing with it; "whose" that opens the question, or a clause with no
// entity after its verb, is left as it is.
func TestWhoseIsWith(t *testing.T) {
	checkRewrite(t, whoseIsWith, []rewriteCase{
		{"Who discovered the element whose symbol is Cs?", []string{"Cs"}, "Who discovered the element with symbol Cs?"},
		{"Which exercises whose main target is the abductors use a band?", []string{"abductors", "band"}, "Which exercises with main target the abductors use a band?"},
		{"Whose symbol is Cs?", []string{"Cs"}, ""},
		{"Who discovered the element whose symbol is short?", nil, ""},
	})
}

// A thing said by the name it goes by ("the course titled X") is said by
// the name; not at the question's start, not before no mention, not
// "known" (which needs "as").
func TestCalledName(t *testing.T) {
	checkRewrite(t, calledName, []rewriteCase{
		{"Which courses require the course titled Algorithms and Data Structures?", []string{"Algorithms and Data Structures"}, "Which courses require Algorithms and Data Structures?"},
		{"Who sang a song called Yesterday?", []string{"Yesterday"}, "Who sang Yesterday?"},
		{"Which course is called Algorithms?", []string{"Algorithms"}, ""},
		{"Who sang a song called something else?", nil, ""},
	})
}

// "the same <noun> as X" is cut from the question where X's mention
// follows; a yes or no, or no mention after "as", leaves it.
func TestSameAs(t *testing.T) {
	checkRewrite(t, func(q string, ents []linked) (string, bool) {
		rest, _, ok := sameAs(q, ents)
		return rest, ok
	}, []rewriteCase{
		{"Which saints died in the same year as Brigid of Kildare?", []string{"Brigid of Kildare"}, "Which saints died in Brigid of Kildare?"},
		{"Which other band exercises work the same main muscle as Internal Rotation with Band?", []string{"Internal Rotation with Band"}, "Which other band exercises work Internal Rotation with Band?"},
		{"Is X in the same team as Y?", []string{"X", "Y"}, ""},
		{"Which saints died in the same year?", nil, ""},
	})
}

// rewriteCase is a question, the names mentioned in it, and what a
// rewrite makes of it ("" where it is left as it is).
type rewriteCase struct {
	q     string
	names []string
	want  string
}

// checkRewrite runs rewrite on each case and compares.
func checkRewrite(t *testing.T, rewrite func(string, []linked) (string, bool), cases []rewriteCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := rewrite(c.q, mentions(c.q, c.names...))
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%q: %q, want %q", c.q, got, c.want)
		}
	}
}

func TestKinChainQuestion(t *testing.T) {
	kin := &graph.Schema{Relations: []graph.RelationDef{{Name: "father_of"}, {Name: "mother_of"}}}
	withOwn := &graph.Schema{Relations: []graph.RelationDef{{Name: "grandparent_of"}, {Name: "father_of"}}}
	rewrite := func(s *graph.Schema) func(string, []linked) (string, bool) {
		return func(q string, ents []linked) (string, bool) {
			said, _, ok := kinChainQuestion(q, ents, s)
			return said, ok
		}
	}
	checkRewrite(t, rewrite(kin), []rewriteCase{
		{"Who are Zeus's grandparents?", []string{"Zeus"}, "Who are the parents of the parents of Zeus?"},
		{"Who is Orestes' grandparent?", []string{"Orestes"}, "Who is the parent of the parent of Orestes?"},
		{"Who are the grandchildren of Helios?", []string{"Helios"}, "Who are the children of the children of Helios?"},
		{"Who are all the descendants of Cadmus?", []string{"Cadmus"}, "Who are all the children of Cadmus, at any depth?"},
		{"Is Gaia an ancestor of Odysseus?", []string{"Gaia", "Odysseus"}, "Is Gaia a parent of Odysseus, at any depth?"},
		{"List every ancestor of Athena, at any depth.", []string{"Athena"}, "List every parent of Athena, at any depth."},
		{"Who are Zeus's parents?", []string{"Zeus"}, ""},
		{"Who descends from Medusa, directly or indirectly?", []string{"Medusa"}, "Who are children of Medusa, directly or indirectly?"},
		{"Which heroes descended from Zeus?", []string{"Zeus"}, "Which heroes are children of Zeus, at any depth?"},
	})
	// A graph that names the noun's own relation reads it so.
	checkRewrite(t, rewrite(withOwn), []rewriteCase{{"Who are Zeus's grandparents?", []string{"Zeus"}, ""}})
}
