// Package acltest generates the cases of the access-control leak tests:
// random graphs whose facts carry random access lists, random callers and
// random questions about visible and hidden entities. The tests run each
// case through the agent (and the CLI) twice — on the store scoped to the
// caller, and on a store holding only the facts the caller sees — and
// require the two outputs to be the same byte for byte, and the scoped
// one to name no entity that only hidden facts mention.
package acltest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acl"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/memstore"
)

// Groups are the group names the generated access lists and callers use.
var Groups = []string{"ops", "eng", "pay", "hr"}

// words make entity names that share words, so that normalized, partial
// and fuzzy linking have several candidates, visible and hidden.
var words = []string{"payment", "checkout", "ledger", "vault", "search", "orders", "billing", "auth", "catalog", "cart"}

// Case is one generated graph.
type Case struct {
	Seed    uint64
	Triples []graph.Triple
	Schema  *graph.Schema
	// Names are the entity names, in order of first appearance.
	Names []string
}

// kinds are the entity kinds: a type, a name suffix and the relations
// from it.
var kinds = []struct {
	typ, suffix string
}{{"Service", "service"}, {"Database", "db"}, {"Team", "team"}}

// NewCase builds a random graph of about n entities from seed: services
// that call and read from each other and databases, teams that own
// them; each fact public with probability 1/2, else visible to one or two
// random groups. Names are unique and none is a substring of another (a
// fixed-width number keeps them apart), so a scan of an output for a
// hidden name finds it only if the output names that entity.
func NewCase(seed uint64, n int) Case {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	c := Case{Seed: seed}
	type ent struct{ name, typ string }
	ents := make([]ent, n)
	for i := range ents {
		k := kinds[rng.IntN(len(kinds))]
		if i < 3 {
			k = kinds[i]
		}
		ents[i] = ent{fmt.Sprintf("%s-%s-x%03d", words[rng.IntN(len(words))], k.suffix, i), k.typ}
		c.Names = append(c.Names, ents[i].name)
	}
	of := func(typ string) []ent {
		var out []ent
		for _, e := range ents {
			if e.typ == typ {
				out = append(out, e)
			}
		}
		return out
	}
	services, dbs, teams := of("Service"), of("Database"), of("Team")
	line := 0
	add := func(s ent, rel string, o ent) {
		if s.name == o.name {
			return
		}
		line++
		t := graph.Triple{Subject: s.name, Relation: rel, Object: o.name, SubjectType: s.typ, ObjectType: o.typ,
			Source: graph.Source{File: "acl.jsonl", Line: line}}
		if rng.IntN(2) == 1 {
			acl := []string{Groups[rng.IntN(len(Groups))]}
			if rng.IntN(3) == 0 {
				acl = append(acl, Groups[rng.IntN(len(Groups))])
			}
			t.ACL, _ = groupname.Check(acl)
		}
		c.Triples = append(c.Triples, t)
	}
	pick := func(es []ent) ent { return es[rng.IntN(len(es))] }
	for _, s := range services {
		for range 1 + rng.IntN(3) {
			add(s, "CALLS", pick(services))
		}
		if len(dbs) > 0 && rng.IntN(3) > 0 {
			add(s, "READS_FROM", pick(dbs))
		}
	}
	for _, d := range dbs {
		if rng.IntN(2) == 0 {
			add(pick(services), "WRITES_TO", d)
		}
	}
	for _, t := range teams {
		for range 1 + rng.IntN(2) {
			if rng.IntN(4) == 0 {
				add(t, "OWNS", pick(dbs))
			} else {
				add(t, "OWNS", pick(services))
			}
		}
	}
	// Facts are unique by subject, relation and object (the first wins).
	seen := map[[3]string]bool{}
	c.Triples = slices.DeleteFunc(c.Triples, func(t graph.Triple) bool {
		k := [3]string{t.Subject, t.Relation, t.Object}
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	})
	c.Schema = &graph.Schema{
		Types: []graph.TypeDef{{Name: "Service", Aliases: []string{"service"}}, {Name: "Database", Aliases: []string{"database", "db"}}, {Name: "Team", Aliases: []string{"team"}}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", Aliases: []string{"calls"}, Dependency: graph.DependentSubject},
			{Name: "READS_FROM", Aliases: []string{"reads from"}, Dependency: graph.DependentSubject},
			{Name: "WRITES_TO", Aliases: []string{"writes to"}, Dependency: graph.DependentSubject},
			{Name: "OWNS", Aliases: []string{"owns"}},
		},
	}
	// An alias for a random entity (visible or not to a given caller).
	e := pick(ents)
	c.Schema.Entities = []graph.EntityDef{{Name: e.name, Aliases: []string{"the crown jewel"}}}
	return c
}

// randomACL draws an access list: public with probability 1/2, else one
// or two random groups.
func randomACL(rng *rand.Rand) []string {
	if rng.IntN(2) == 0 {
		return nil
	}
	acl := []string{Groups[rng.IntN(len(Groups))]}
	if rng.IntN(3) == 0 {
		acl = append(acl, Groups[rng.IntN(len(Groups))])
	}
	acl, _ = groupname.Check(acl)
	return acl
}

// Relabel returns the case as a file edited after its first ingest: the
// same facts at the same lines, about half of them with a new random
// access list (public to restricted, restricted to public, or to other
// groups). A re-ingest of it must leave a store that answers as one that
// loaded it fresh.
func (c Case) Relabel(seed uint64) Case {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := c
	out.Triples = slices.Clone(c.Triples)
	for i := range out.Triples {
		if rng.IntN(2) == 0 {
			out.Triples[i].ACL = randomACL(rng)
		}
	}
	return out
}

// Caller returns random groups: none, one, two or all.
func Caller(rng *rand.Rand) graph.Groups {
	var names []string
	for _, g := range Groups {
		if rng.IntN(3) == 0 {
			names = append(names, g)
		}
	}
	g, err := graph.NewGroups(names...)
	if err != nil {
		panic(err)
	}
	return g
}

// View is what a caller sees of a case: the visible facts (with their
// sources, without access lists), the schema with the entity aliases of
// visible entities only, and the names that exist only in hidden facts.
type View struct {
	Triples []graph.Triple
	Schema  *graph.Schema
	Hidden  []string
}

// Visible returns the case as groups see it.
func (c Case) Visible(g graph.Groups) View {
	var v View
	exists := map[string]bool{}
	for _, t := range acl.Visible(c.Triples, g) {
		t.ACL = nil
		v.Triples = append(v.Triples, t)
		exists[t.Subject], exists[t.Object] = true, true
	}
	for _, n := range c.Names {
		if !exists[n] {
			v.Hidden = append(v.Hidden, n)
		}
	}
	sch := c.Schema.Clone()
	sch.Entities = slices.DeleteFunc(sch.Entities, func(e graph.EntityDef) bool { return !exists[e.Name] })
	v.Schema = sch
	return v
}

// Questions returns k random questions about the case's entities (any of
// them: visible, hidden, or reached only through hidden facts), written
// the ways people write them: exact, bracketed, by their words only
// (partial), misspelt (fuzzy), by a schema alias.
func (c Case) Questions(rng *rand.Rand, k int) []string {
	name := func() string { return c.Names[rng.IntN(len(c.Names))] }
	words := func(n string) string { // "payment-service-x003" → "payment service"
		parts := strings.Split(n, "-")
		return strings.Join(parts[:len(parts)-1], " ")
	}
	misspell := func(n string) string {
		i := 1 + rng.IntN(len(n)-2)
		return n[:i] + n[i+1:]
	}
	templates := []func() string{
		func() string { return fmt.Sprintf("Which teams are affected if %s goes down?", name()) },
		func() string { return fmt.Sprintf("What does [%s] call?", name()) },
		func() string { return fmt.Sprintf("Who owns %s?", name()) },
		func() string { return fmt.Sprintf("Is %s affected by %s?", name(), name()) },
		func() string { return fmt.Sprintf("What depends on the %s?", words(name())) },
		func() string { return fmt.Sprintf("Which databases does %s read from?", misspell(name())) },
		func() string { return fmt.Sprintf("What breaks if %s fails?", misspell(name())) },
		func() string { return "Who owns the crown jewel?" },
		func() string { return fmt.Sprintf("Which services does %s call through %s?", name(), name()) },
	}
	out := make([]string, k)
	for i := range out {
		out[i] = templates[rng.IntN(len(templates))]()
	}
	return out
}

// Leaks returns the hidden names output contains, once each, leaving out
// those the question itself names: a caller may name what it cannot see,
// and hearing its own words back reveals nothing (whether the echo says
// more is what the comparison with the visible-only store checks).
func Leaks(output, question string, hidden []string) []string {
	var out []string
	for _, h := range hidden {
		if !strings.Contains(question, h) && strings.Contains(output, h) {
			out = append(out, h)
		}
	}
	return out
}

// Store returns an embedded store holding facts under schema (a case's
// whole graph, or a View's visible part), failing tb on an error.
func Store(tb testing.TB, schema *graph.Schema, facts []graph.Triple) *memstore.Store {
	tb.Helper()
	st := memstore.New()
	if err := st.SetSchema(context.Background(), schema); err != nil {
		tb.Fatal(err)
	}
	if _, err := st.AddTriples(context.Background(), facts); err != nil {
		tb.Fatal(err)
	}
	return st
}
