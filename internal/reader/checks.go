package reader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// checks returns the relations around a reading that the critic checks
// before it certifies an answer (see state.Reading).
func (b *builder) checks(rd Reading, steps []step) Checks {
	var c Checks
	first := steps[0].edges
	// Failure, and a closure, may pass along any relation of unknown
	// meaning the walk touches; one hop of another kind only along those
	// that could stand for the walked one.
	wide := rd.Extent == state.ExtentTransitive || rd.Concept == words.Dependency
	unread := b.unreadNear(first, b.f.ents[rd.Anchor].Type, wide)
	if len(steps) == 1 {
		c.Unread = unread
	} else {
		c.UnreadFirst = unread
	}
	if rd.Concept == words.Dependency && len(steps) == 1 {
		c.Delivered = b.v.checks.Delivered(first)
	}
	c.Wider = b.wider(steps[0])
	for _, st := range steps {
		c.Unoriented = appendNew(c.Unoriented, b.unoriented(st)...)
	}
	c.Mirrored = b.v.checks.Mirrored(first)
	if len(steps) == 1 {
		c.Alike = b.v.checks.Alike(first, c.Mirrored, c.Wider)
	}
	for k, st := range steps {
		if st.schemaDoubt && c.SchemaDoubt == "" {
			at := "the anchor"
			if k > 0 {
				at = fmt.Sprintf("step %d", k+1)
			}
			c.SchemaDoubt = fmt.Sprintf("no relation %q names starts where the walk is at %s", st.link.M.text, at)
		}
	}
	return c
}

// unreadNear returns the relations whose meaning was not read (undeclared,
// and neither name nor structure says it), other than those of edges, that
// touch a kind of entity a walk through edges from an anchor of type
// anchorType reaches (any relation, where the graph is untyped).
func (b *builder) unreadNear(edges []state.RelDir, anchorType string, wide bool) []string {
	var types []string
	if anchorType != "" {
		types = append(types, anchorType)
	}
	for _, e := range edges {
		if r := b.v.rel(e.Relation); r != nil {
			types = append(append(types, r.def.From...), r.def.To...)
		}
	}
	var out []string
	for _, r := range b.v.rels {
		if r.def.Inferred != graph.Unread || readcheck.HasRelation(edges, r.name) || b.attribute(r, types) || !wide && !b.couldReplace(r, edges) {
			continue
		}
		from, to := r.def.From, r.def.To
		if len(types) == 0 || len(from) == 0 || len(to) == 0 || intersects(from, types) || intersects(to, types) {
			out = append(out, r.name)
		}
	}
	return out
}

// attribute reports whether a relation only leads from the walked kinds
// into a kind that is nothing's subject ("materialized" into table and
// view, "in_profile" into a profile): no chain continues through it, so
// it cannot carry an answer of the walked kinds further.
func (b *builder) attribute(r *relation, walked []string) bool {
	if len(r.def.From) == 0 || len(r.def.To) == 0 || len(walked) == 0 {
		return false
	}
	far := r.def.To
	if !intersects(r.def.From, walked) {
		if !intersects(r.def.To, walked) {
			return false
		}
		far = r.def.From
	}
	if intersects(far, walked) {
		return false
	}
	for _, o := range b.v.rels {
		if o != r && (intersects(o.def.From, far) || intersects(o.def.To, far)) {
			return false // the far kind leads somewhere else too
		}
	}
	return true
}

// couldReplace reports whether a relation of unknown meaning links the
// kinds a walked relation links (either way round), or kinds are
// unknown: only then could it carry what the walked one carries.
func (b *builder) couldReplace(r *relation, edges []state.RelDir) bool {
	if len(r.def.From) == 0 || len(r.def.To) == 0 {
		return true
	}
	for _, e := range edges {
		w := b.v.rel(e.Relation)
		if w == nil || len(w.def.From) == 0 || len(w.def.To) == 0 {
			return true
		}
		if intersects(r.def.From, w.def.From) && intersects(r.def.To, w.def.To) ||
			intersects(r.def.From, w.def.To) && intersects(r.def.To, w.def.From) {
			return true
		}
	}
	return false
}

// wider returns, for a step that walks the relations a mention names by
// their own words or act ("what does X call": CALLS) where the mention's
// concept has others in the graph, those others in the step's direction:
// the critic certifies no answer they would change.
func (b *builder) wider(st step) []state.RelDir {
	if st.link == nil || st.by > byAct || st.kindNamed {
		return nil
	}
	var out []state.RelDir
	for _, c := range st.link.M.cands {
		if c.by <= st.by || slices.ContainsFunc(st.edges, func(e state.RelDir) bool { return e.Relation == c.rel.name }) {
			continue
		}
		start := st.link.xEnd(c)
		if !st.fromX {
			start = start.Other()
		}
		e := state.RelDir{Relation: c.rel.name, Direction: start.from()}
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	// The graph's other relations of the kind the words named, each the
	// same way round: the facts asked may be stored under more than one
	// name (contains beside partOf, memberOf beside has_member). Not for
	// dependencies: calls, reads and imports are one kind, not one act.
	for _, c := range st.link.M.cands {
		if c.rel.concept == words.None || c.rel.concept == words.Dependency || !slices.ContainsFunc(st.edges, func(e state.RelDir) bool { return e.Relation == c.rel.name }) {
			continue
		}
		role := words.Second
		if c.end == c.rel.roleEnd(words.First) {
			role = words.First
		}
		for _, r := range b.v.conceptRels(c.rel.concept, b.f.Optional) {
			if slices.ContainsFunc(st.edges, func(e state.RelDir) bool { return e.Relation == r.name }) {
				continue
			}
			oc := relCand{rel: r, end: r.roleEnd(role), by: byConcept}
			start := st.link.xEnd(oc)
			if !st.fromX {
				start = start.Other()
			}
			if e := (state.RelDir{Relation: r.name, Direction: start.from()}); !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

// unoriented returns the edges of a step whose relation is of no known
// concept and not one of an active and passive pair, each turned the
// other way: the question's word order chose the direction.
func (b *builder) unoriented(st step) []state.RelDir {
	var out []state.RelDir
	for _, e := range st.edges {
		if e.Direction == graph.Both {
			continue
		}
		r := b.v.rel(e.Relation)
		if r == nil || r.concept != words.None || r.act != "" || b.orientedByName(st, r) {
			continue
		}
		if t := e.Reversed(); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// orientedByName reports whether the step's mention named r by a reading
// of its own name that says which end is which: a verb said as the name
// says it, or a noun of one end ("members of", "the alumni of").
func (b *builder) orientedByName(st step, r *relation) bool {
	if st.link == nil || st.link.M.start < 0 {
		return false
	}
	m := st.link.M
	for _, c := range m.cands {
		if c.rel == r && c.by <= byNameWord && (m.form == mNoun || len(r.words) > 1 && saysAll(m.text, r.words)) {
			return true
		}
	}
	return false
}

// saysAll reports whether a mention's words hold every word of a
// relation's name ("cognate of" for cognate_of; "cognate with" does not
// say which end is which).
func saysAll(mention string, name []string) bool {
	said := strings.Fields(mention)
	for _, w := range name {
		if !slices.ContainsFunc(said, func(s string) bool { return words.SameWord(s, w) }) {
			return false
		}
	}
	return true
}

// describe says a reading in words.
func (b *builder) describe(rd Reading, steps []step) string {
	f := b.f
	names := []string{f.ents[rd.Anchor].Name}
	for _, a := range rd.Also {
		names = append(names, f.ents[a].Name)
	}
	anchor := text.List(names, "and")
	var parts []string
	subject := anchor
	for i, st := range steps {
		parts = append(parts, b.stepSentence(st, subject, i == 0))
		subject = "them"
	}
	s := strings.Join(parts, ", then ")
	if rd.Target >= 0 {
		s = fmt.Sprintf("whether %s reaches %s: %s", anchor, f.ents[rd.Target].Name, s)
	}
	switch {
	case rd.Extent == state.ExtentTransitive && !rd.ExtentSaid && rd.Target < 0:
		s += ", transitively (the question did not say how far)"
	case rd.Extent == state.ExtentTransitive:
		s += ", transitively"
	case rd.Extent == state.ExtentDirect && rd.ExtentSaid:
		s += ", directly"
	}
	if !rd.Asked.IsZero() {
		s += fmt.Sprintf(", keeping the %s", rd.Asked.Word)
	}
	for _, h := range rd.Having {
		s += fmt.Sprintf(", those linked to %s by %s", f.ents[h.Ent].Name, text.List(relNames(h.Edges), "or"))
	}
	return s
}

// stepSentence says one step from subject: "what X depends on", "what
// depends on X", "the relations of X".
func (b *builder) stepSentence(st step, subject string, first bool) string {
	rels := relNames(st.edges)
	through := text.List(rels, "or")
	if len(rels) > 4 {
		through = fmt.Sprintf("any of %d relations", len(rels))
	}
	if len(st.edges) == 1 {
		e := st.edges[0]
		phrase := strings.Join(words.NameWords(e.Relation), " ")
		switch e.Direction {
		case graph.Out:
			return fmt.Sprintf("what %s %s", subject, phrase)
		case graph.In:
			return fmt.Sprintf("what %s %s", phrase, subject)
		}
	}
	if st.concept != words.None && len(st.edges) > 0 {
		verb := map[words.Concept]string{words.Dependency: "depends on", words.Ownership: "owns",
			words.Membership: "is a member of", words.Reporting: "reports to", words.Containment: "is part of",
			words.OnCall: "is on call for"}[st.concept]
		if r := b.v.rel(st.edges[0].Relation); r != nil {
			start := Subject
			if st.edges[0].Direction == graph.In {
				start = Object
			}
			if r.endRole(start) == words.First {
				return fmt.Sprintf("everything %s %s, through %s", subject, verb, through)
			}
			return fmt.Sprintf("everything that %s %s, through %s", verb, subject, through)
		}
	}
	return fmt.Sprintf("the neighbours of %s through %s", subject, through)
}
