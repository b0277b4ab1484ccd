package infer

import (
	"cmp"
	"github.com/scgraph/scgraph/graph"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// Relation meanings. A relation declared in a schema file means exactly
// what the file says (no dependency unless it says so); every other
// relation's meaning is inferred:
//
//  1. from its name (words.ReadName; for a declared relation that
//     names no concept, only a concept that carries no dependency): "depends_on", "imports",
//     "CALLS", "READS_FROM", "runs_on" carry dependency with the subject
//     depending on the object; "required_by", "hosts", "supplies",
//     "prerequisite_for" the other way round; "optionally_depends_on",
//     "extra_requires", "devDependencies" are optional dependencies; "OWNS",
//     "member_of", "reports_to", "part_of", "on_call_for" are ownership,
//     membership, reporting, containment and on-call relations.
//  2. from the graph's structure, when no relation's name says dependency
//     at all: a relation whose subjects and objects are largely the same
//     entities and which has no cycle is taken for a dependency, subject
//     depending on object (the usual way dependency graphs are exported),
//     or, where no subject has two objects and a noun names it
//     ("classification"), for a hierarchy (containment, the subject the
//     part), marked Inferred "structure" so that the planner treats
//     answers through it as a guess.

// addMeanings fills the meaning of the schema's relations.
func (a *assembly) addMeanings(s *graph.Schema) {
	declared := map[string]bool{}
	if a.base != nil {
		for _, r := range a.base.Relations {
			declared[r.Name] = true
		}
	}
	anyDependency := false
	for i := range s.Relations {
		r := &s.Relations[i]
		if declared[r.Name] {
			normalizeMeaning(r)
			// A declared relation that says nothing of its kind still gets
			// a kind that carries no dependency (ownership, membership, ...)
			// from its name: that helps read questions and changes no
			// failure semantics, which stay as the file declares them.
			if r.Concept == "" {
				if m := a.nameMeaning(r.Name); m.Concept != words.None && m.Concept != words.Dependency {
					r.Concept, r.Inverse, r.Inferred = m.Concept.String(), m.Inverse, graph.FromName
				}
			}
		} else {
			m := a.nameMeaning(r.Name)
			r.Concept, r.Inverse, r.Optional, r.Delivers = m.Concept.String(), m.Inverse, m.Optional, m.Delivers
			r.Dependency = ""
			if m.Concept == words.Dependency {
				r.Dependency = graph.DependentSubject
				if m.Inverse {
					r.Dependency = graph.DependentObject
				}
			}
			r.Inferred = graph.Unread
			if m.Concept != words.None || m.Association {
				r.Inferred = graph.FromName
			}
		}
		if r.Dependency != "" {
			anyDependency = true
		}
	}
	if anyDependency {
		return
	}
	shapes := a.relationShapes()
	for i := range s.Relations {
		r := &s.Relations[i]
		if declared[r.Name] || r.Concept != "" || r.Inferred == graph.FromName || kinName(r.Name) {
			continue // a kin relation (father, parents) is a tree, no dependency
		}
		sh, ok := shapes[r.Name]
		switch {
		case ok && sh.dependencyLike() && sh.Tree && nounName(r.Name):
			// Each thing has one object, named by a noun
			// ("classification", "parent_group"): a hierarchy, its
			// subject the part.
			r.Concept, r.Inferred = words.Containment.String(), graph.FromStructure
		case ok && sh.dependencyLike():
			r.Concept, r.Dependency, r.Inferred = words.Dependency.String(), graph.DependentSubject, graph.FromStructure
		}
	}
}

// nameMeaning reads a relation's name, and where the name can say
// ownership or reporting ("manages"), lets the structure choose: reporting
// links one kind of thing to itself (people who are managed manage
// others), ownership links owners to what they own (a "managed_by" from
// datasets to teams). Where a role noun names the object (groupNamed),
// the structure says which end is the group: a group has more members
// than a member has groups, so the end with far fewer entities is the
// group, by half as many again (a tournament's "groups", a group's
// "teams", though "team" and
// "group" name the group in a person's "team"). The shapes are computed
// once, when first needed.
func (a *assembly) nameMeaning(name string) words.Meaning {
	m := words.ReadName(name)
	if m.Concept != words.Reporting && m.Concept != words.Ownership && !groupNamed(m) {
		return m
	}
	sh, ok := a.relationShapes()[name]
	if !ok {
		return m
	}
	switch {
	case groupNamed(m) && sh.groupsOutnumber(m.Inverse):
		m.Inverse = !m.Inverse
	case m.Concept == words.Reporting && sh.Shared == 0:
		if o := words.ReadNameExcept(name, words.Reporting); o.Concept == words.Ownership {
			return o
		}
	case m.Concept == words.Ownership && sh.Shared > 0:
		if o := words.ReadNameExcept(name, words.Ownership); o.Concept == words.Reporting {
			return o
		}
	}
	return m
}

// normalizeMeaning makes a declared relation's dependency fields agree: a
// dependency end implies the dependency concept, and the dependency
// concept implies an end (the subject, unless Inverse).
func normalizeMeaning(r *graph.RelationDef) {
	r.Inferred = ""
	switch {
	case r.Dependency != "":
		r.Concept = words.Dependency.String()
		r.Inverse = r.Dependency == graph.DependentObject
	case r.Concept == words.Dependency.String():
		r.Dependency = graph.DependentSubject
		if r.Inverse {
			r.Dependency = graph.DependentObject
		}
	}
}

// Shape is what the structure says of one relation: how many entities are
// its subjects, its objects and both, and whether following it ever comes
// back (a cycle).
type Shape struct {
	Subjects, Objects, Shared int
	Acyclic                   bool
	// Tree: no subject has more than one object (a parent, a class).
	Tree bool
}

// nounName reports whether a relation's name says a thing, not an act:
// no preposition ("routes_through", "egressVia"), no word in -ed or -ing
// ("contacted", "infected_by"), no agent noun ("killer"), and no word in
// -s, a verb's ("loves") or a plural's, which one object each does not
// fit: "classification", "parent_group".
func nounName(name string) bool {
	ws := words.NameWords(name)
	return len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool {
		return words.ClassOf(w).Has(words.Prep) || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") ||
			len(words.AgentVerbs(w)) > 0 || text.Singular(w) != w
	})
}

// dependencyLike: most entities on one side are on the other too (a
// relation within one kind of thing), and following it never comes back.
func (sh Shape) dependencyLike() bool {
	small := min(sh.Subjects, sh.Objects)
	return small >= 2 && 3*sh.Shared >= small && sh.Acyclic
}

// groupNamed reports whether m reads a bare role noun of membership or
// containment ("team", "groups", "members") naming the object's role.
func groupNamed(m words.Meaning) bool {
	return m.ObjectNamed && (m.Concept == words.Membership || m.Concept == words.Containment)
}

// groupsOutnumber reports whether the end a membership or containment
// relation's name reads as the group (the whole) has half as many
// entities again as the end it reads as the members (the parts): a
// member would then be in more groups, on average, than a group has
// members. Only between two sets of entities (within one kind, as
// between people, the counts say nothing of the direction), and with
// minEnd entities at each end at least. Inverse says the subject is the
// group.
func (sh Shape) groupsOutnumber(inverse bool) bool {
	groups, members := sh.Objects, sh.Subjects
	if inverse {
		groups, members = members, groups
	}
	return sh.Shared == 0 && members >= minEnd && 2*groups >= 3*members
}

// minEnd is the fewest entities at each end of a relation for its counts
// to say which end is the group: a tournament's three sets of groups, or
// two committees' one member, say nothing.
const minEnd = 5

func (in *inference) relationShapes() map[string]Shape {
	out := make(map[string]Shape, len(in.relNames))
	byRel := make([][]fact, len(in.relNames))
	for _, f := range in.facts {
		byRel[f.r] = append(byRel[f.r], f)
	}
	for r, fs := range byRel {
		subj, obj := map[int32]bool{}, map[int32]bool{}
		adj := map[int32][]int32{}
		indeg := map[int32]int{}
		for _, f := range fs {
			subj[f.s], obj[f.o] = true, true
			adj[f.s] = append(adj[f.s], f.o)
			indeg[f.o]++
			if _, ok := indeg[f.s]; !ok {
				indeg[f.s] = 0
			}
		}
		shared := 0
		for e := range subj {
			if obj[e] {
				shared++
			}
		}
		// Kahn's algorithm: acyclic when every node can be removed.
		var queue []int32
		for v, d := range indeg {
			if d == 0 {
				queue = append(queue, v)
			}
		}
		removed := 0
		for len(queue) > 0 {
			v := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			removed++
			for _, w := range adj[v] {
				indeg[w]--
				if indeg[w] == 0 {
					queue = append(queue, w)
				}
			}
		}
		tree := true
		for _, objs := range adj {
			if slices.ContainsFunc(objs, func(o int32) bool { return o != objs[0] }) {
				tree = false
				break
			}
		}
		out[in.relNames[r]] = Shape{Subjects: len(subj), Objects: len(obj), Shared: shared, Acyclic: removed == len(indeg), Tree: tree}
	}
	return out
}

// addNameWords fills each type's NameWords: the words (at least two
// letters, not all digits, no function word) that at least half of its
// entities, and at least two, carry in their names; three at most, the
// commonest first.
func (a *assembly) addNameWords(s *graph.Schema) {
	for i := range s.Types {
		t := &s.Types[i]
		n := a.st.Members[t.Name]
		m := a.st.Words[t.Name]
		var nw []string
		for w, c := range m {
			if c >= 2 && 2*c >= n && !words.FunctionWord(w) {
				nw = append(nw, w)
			}
		}
		slices.SortFunc(nw, func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), cmp.Compare(a, b)) })
		if len(nw) > 3 {
			nw = nw[:3]
		}
		t.NameWords = nw
		if a := initials(t.Name); a != "" && slices.Contains(nw, a) && !slices.ContainsFunc(t.Aliases, func(x string) bool { return strings.EqualFold(x, a) }) {
			// "SIG" of SpecialInterestGroup, where the names say it
			// (SIG Apps, SIG Storage): the type's own short name.
			t.Aliases = append(t.Aliases, a)
		}
	}
}

// initials returns the first letters of a type name's words, lower case,
// where it has two words or more ("sig" of SpecialInterestGroup, "wg" of
// working_group); else "".
func initials(name string) string {
	ws := words.NameWords(name)
	if len(ws) < 2 {
		return ""
	}
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(strings.ToLower(w[:1]))
	}
	return b.String()
}

// kinName reports whether a relation's name is a kin noun, with at most a
// preposition beside it (father, parents, child_of, has_mother).
func kinName(name string) bool {
	content := 0
	kin := false
	for _, w := range words.NameWords(name) {
		switch {
		case words.KinNoun(w):
			kin = true
			content++
		case !words.FunctionWord(w):
			content++
		}
	}
	return kin && content == 1
}
