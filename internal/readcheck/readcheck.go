// Package readcheck finds, for a reading of a question, the relations it
// does not walk that may carry its facts all the same: a mirror stored
// from the other end under a name of another kind (state.Reading.Mirrored),
// the relations between the same two kinds of entity whose names say
// nothing of theirs (state.Reading.Alike), and the relations that deliver
// into their object, walked the other way (state.Reading.Delivered). The critic certifies no answer
// they would change. Both question readers (internal/reading, the rule
// reader, and internal/reader, the open one) ask it, so that one rule
// decides for both.
package readcheck

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Relation is what the checks need to know of one of the graph's
// relations, as a reader read it.
type Relation struct {
	Def *graph.RelationDef
	// Concept is the kind the schema or the relation's name says
	// (words.None: no known kind).
	Concept words.Concept
	// Act, for two relations of no known kind stored from both ends
	// ("assumes", "isAssumedBy"), is the active one's name: the two are
	// one act.
	Act string
	// Spelled is the name's words joined by spaces ("docked with").
	Spelled string
}

// Relations are a graph's relations as a reader read them, in the order
// the checks list what they find.
type Relations struct {
	list   []Relation
	byName map[string]int
}

// New returns the relations rels, kept in their order.
func New(rels []Relation) Relations {
	rs := Relations{list: rels, byName: make(map[string]int, len(rels))}
	for i, r := range rels {
		rs.byName[r.Def.Name] = i
	}
	return rs
}

// named returns the index of the relation named name, or -1.
func (rs Relations) named(name string) int {
	if i, ok := rs.byName[name]; ok {
		return i
	}
	return -1
}

// Mirrored returns the mirrors (graph.RelationDef.Mirrors) of the
// relations edges walk that edges do not walk, whose names read another
// kind than theirs or none and which are not the same act, each turned to
// walk the same facts: "group subsidiary_of apex" stored beside "apex
// parent_of group" says the two are one act, though one name reads
// ownership and the other containment. A schema file's declarations are
// taken as they are (only inferred relations have mirrors to doubt), and
// two relations read as one kind are one act or a cycle of the data.
func (rs Relations) Mirrored(edges []state.RelDir) []state.RelDir {
	var out []state.RelDir
	for _, e := range edges {
		i := rs.named(e.Relation)
		if i < 0 || rs.list[i].Def.Inferred == "" {
			continue
		}
		r := rs.list[i]
		for _, m := range r.Def.Mirrors {
			j := rs.named(m)
			if j < 0 {
				continue
			}
			mr := rs.list[j]
			if mr.Def.Inferred == "" || (mr.Concept == r.Concept && mr.Concept != words.None) ||
				(r.Act != "" && mr.Act == r.Act) || HasRelation(edges, m) {
				continue
			}
			t := state.RelDir{Relation: m, Direction: e.Direction.Reverse()}
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// Alike returns the relations between the same two kinds of entity as an
// edge of edges, where one of the two is of no known kind, each turned to
// walk from the kind the edge walks from: the other way round between the
// same two kinds, or the same verb with another particle ("docked_with"
// beside "DOCKED_TO"; not "crafted_at" a station beside "crafted_from" an
// ingredient). With no facts in common nothing says they are two acts.
// Those in checked, which the reading checks otherwise (Mirrored, Wider),
// are left out.
func (rs Relations) Alike(edges []state.RelDir, checked ...[]state.RelDir) []state.RelDir {
	var out []state.RelDir
	for _, e := range edges {
		i := rs.named(e.Relation)
		if i < 0 || e.Direction == graph.Both {
			continue
		}
		r := rs.list[i]
		typed := len(r.Def.From) > 0 && len(r.Def.To) > 0 && !intersects(r.Def.From, r.Def.To)
		for j, o := range rs.list {
			if j == i || (o.Concept != words.None && r.Concept != words.None) || HasRelation(edges, o.Def.Name) {
				continue
			}
			var t state.RelDir
			switch {
			case typed && intersects(o.Def.From, r.Def.To) && intersects(o.Def.To, r.Def.From):
				t = state.RelDir{Relation: o.Def.Name, Direction: e.Direction.Reverse()}
			case otherParticle(o.Spelled, r.Spelled) && intersects(o.Def.From, r.Def.From) && intersects(o.Def.To, r.Def.To):
				t = state.RelDir{Relation: o.Def.Name, Direction: e.Direction}
			default:
				continue
			}
			if !slices.Contains(out, t) && !slices.ContainsFunc(checked, func(c []state.RelDir) bool { return slices.Contains(c, t) }) {
				out = append(out, t)
			}
		}
	}
	return out
}

// Delivered returns the edges of edges whose relation delivers into its
// object (graph.RelationDef.Delivers), each turned the way the reading
// does not walk it: read that way too, a failure may reach further
// (state.Reading.Delivered).
func (rs Relations) Delivered(edges []state.RelDir) []state.RelDir {
	var out []state.RelDir
	for _, e := range edges {
		if e.Direction == graph.Both {
			continue
		}
		if i := rs.named(e.Relation); i >= 0 && rs.list[i].Def.Delivers {
			out = append(out, state.RelDir{Relation: e.Relation, Direction: e.Direction.Reverse()})
		}
	}
	return out
}

// HasRelation reports whether edges walk relation name.
func HasRelation(edges []state.RelDir, name string) bool {
	return slices.ContainsFunc(edges, func(e state.RelDir) bool { return e.Relation == name })
}

// otherParticle reports whether two relation names of two words or more
// start with one word and differ after it ("docked with", "docked to").
func otherParticle(a, b string) bool {
	wa, wb := strings.Fields(a), strings.Fields(b)
	return len(wa) > 1 && len(wb) > 1 && wa[0] == wb[0] && a != b
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}
