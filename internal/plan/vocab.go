package plan

import (
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// vocab is a schema compiled for matching against questions: every phrase
// that names a type or a relation, stemmed.
type vocab struct {
	schema *graph.Schema
	types  []typePhrase
	rels   []relPhrase
	// relByName indexes schema relations.
	relByName map[string]*graph.RelationDef
}

type typePhrase struct {
	p    phrase
	typ  string
	name bool // the phrase is the type's own name
}

type relPhrase struct {
	p       phrase
	rel     string
	inverse bool // read from object to subject
}

func compileVocab(s *graph.Schema) *vocab {
	v := &vocab{schema: s, relByName: make(map[string]*graph.RelationDef)}
	for _, t := range s.Types {
		if p := newPhrase(splitIdent(t.Name)); p != nil {
			v.types = append(v.types, typePhrase{p: p, typ: t.Name, name: true})
		}
		for _, a := range t.Aliases {
			if p := newPhrase(a); p != nil {
				v.types = append(v.types, typePhrase{p: p, typ: t.Name})
			}
		}
	}
	for i := range s.Relations {
		r := &s.Relations[i]
		v.relByName[r.Name] = r
		if p := newPhrase(splitIdent(r.Name)); p != nil {
			v.rels = append(v.rels, relPhrase{p: p, rel: r.Name})
		}
		for _, a := range r.Aliases {
			if p := newPhrase(a); p != nil {
				v.rels = append(v.rels, relPhrase{p: p, rel: r.Name})
			}
		}
		for _, a := range r.InverseAliases {
			if p := newPhrase(a); p != nil {
				v.rels = append(v.rels, relPhrase{p: p, rel: r.Name, inverse: true})
			}
		}
	}
	// Longer phrases first, so that "depended on by" wins over "depend on".
	sort.SliceStable(v.types, func(i, j int) bool { return len(v.types[i].p) > len(v.types[j].p) })
	sort.SliceStable(v.rels, func(i, j int) bool { return len(v.rels[i].p) > len(v.rels[j].p) })
	return v
}

// splitIdent turns an identifier into words: "DEPENDS_ON" -> "DEPENDS ON",
// "UserAuth" -> "User Auth".
func splitIdent(s string) string { return strings.Join(text.Tokens(s), " ") }

// mention is a phrase occurrence in the question: token span [at, at+n).
type occurrence struct {
	at, n int
}

func (o occurrence) overlaps(p occurrence) bool { return o.at < p.at+p.n && p.at < o.at+o.n }

// typeHit and relHit are matches of the vocabulary in a question.
type typeHit struct {
	occurrence
	typ string
}

type relHit struct {
	occurrence
	rel     string
	inverse bool
}

// matchVocab finds type and relation phrases in the stemmed tokens,
// longest first, skipping tokens in taken (entity mentions) and tokens
// already claimed by a longer phrase.
func (v *vocab) matchVocab(toks []string, taken []bool) ([]typeHit, []relHit) {
	claimed := append([]bool(nil), taken...)
	free := func(at, n int) bool {
		for k := at; k < at+n; k++ {
			if claimed[k] {
				return false
			}
		}
		return true
	}
	claim := func(at, n int) {
		for k := at; k < at+n; k++ {
			claimed[k] = true
		}
	}
	var rels []relHit
	for _, rp := range v.rels {
		for _, at := range rp.p.find(toks) {
			if free(at, len(rp.p)) {
				claim(at, len(rp.p))
				rels = append(rels, relHit{occurrence{at, len(rp.p)}, rp.rel, rp.inverse})
			}
		}
	}
	var types []typeHit
	for _, tp := range v.types {
		for _, at := range tp.p.find(toks) {
			if free(at, len(tp.p)) {
				claim(at, len(tp.p))
				types = append(types, typeHit{occurrence{at, len(tp.p)}, tp.typ})
			}
		}
	}
	sort.Slice(rels, func(i, j int) bool { return rels[i].at < rels[j].at })
	sort.Slice(types, func(i, j int) bool { return types[i].at < types[j].at })
	return types, rels
}

// dependencyEdges returns the edges that walk from a node to the things
// affected when it fails (toward dependents), or to the things it needs
// (toward dependencies).
func (v *vocab) dependencyEdges(intent state.Intent) []state.RelDir {
	var out []state.RelDir
	for _, r := range v.schema.Relations {
		var d graph.Direction
		switch r.Dependency {
		case graph.DependentSubject: // subject depends on object
			d = graph.Out // toward dependencies
		case graph.DependentObject:
			d = graph.In
		default:
			continue
		}
		if intent == state.IntentDependents {
			d = d.Reverse()
		}
		out = append(out, state.RelDir{Relation: r.Name, Direction: d})
	}
	return out
}

// edgesToType returns the edges that lead from anything into a node of
// type t (relations whose other end may be t).
func (v *vocab) edgesToType(t string) []state.RelDir {
	var out []state.RelDir
	for _, r := range v.schema.Relations {
		if slices.Contains(r.To, t) {
			out = append(out, state.RelDir{Relation: r.Name, Direction: graph.Out})
		}
		if slices.Contains(r.From, t) {
			out = append(out, state.RelDir{Relation: r.Name, Direction: graph.In})
		}
	}
	return out
}

// directionFrom decides which way relation r is walked from a node of one
// of the types in from: Out when such a node can be its subject, In when
// it can be its object, Both when either (or when types are unknown).
func (v *vocab) directionFrom(r *graph.RelationDef, from []string) (graph.Direction, []string) {
	if len(from) == 0 {
		return graph.Both, union(r.From, r.To)
	}
	out := intersects(r.From, from)
	in := intersects(r.To, from)
	switch {
	case out && !in:
		return graph.Out, r.To
	case in && !out:
		return graph.In, r.From
	}
	return graph.Both, union(r.From, r.To)
}

// schemaChains returns the chains of at most maxHops relations leading
// from a node of type from to a node of type to, shortest first.
func (v *vocab) schemaChains(from, to string, maxHops, limit int) []state.Chain {
	type partial struct {
		steps []state.ChainStep
		typ   string
	}
	var out []state.Chain
	level := []partial{{typ: from}}
	for hop := 1; hop <= maxHops && len(out) < limit; hop++ {
		var next []partial
		for _, p := range level {
			for _, r := range v.schema.Relations {
				for _, e := range []struct {
					d    graph.Direction
					a, b []string
				}{{graph.Out, r.From, r.To}, {graph.In, r.To, r.From}} {
					if !slices.Contains(e.a, p.typ) {
						continue
					}
					for _, t := range e.b {
						steps := append(append([]state.ChainStep(nil), p.steps...), state.ChainStep{Edges: []state.RelDir{{Relation: r.Name, Direction: e.d}}})
						if t == to {
							out = append(out, state.Chain{Steps: steps, Score: 1 / float64(hop)})
						}
						next = append(next, partial{steps: steps, typ: t})
					}
				}
			}
		}
		level = next
		if len(level) > 10000 {
			break
		}
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}

func union(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}
