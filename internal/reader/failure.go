package reader

import (
	"slices"

	"github.com/scgraph/scgraph/internal/words"
)

// readFailure reads a question about what a failure affects: "what breaks
// if X goes down", "an outage of X", "which services are affected by X",
// "X's blast radius", "what could take X down". The failing phrase is
// the one before a cue that says something fails ("X goes down") or
// after one that names a failure ("an outage of X"); the affected ones
// are the phrase a consequence word goes with ("the services that
// break", "the affected containers"), else the asked phrase. The failure
// becomes a link: the affected depend on the failing, through every
// dependency, as far as the question goes.
func (f *Frame) readFailure(v *vocab) {
	deps := v.conceptRels(words.Dependency, f.Optional)
	if len(deps) == 0 {
		return
	}
	p := failureParts{failing: -1, affected: -1, causeTo: -1, condFailing: -1, mainFailing: -1}
	for _, c := range f.cues {
		if f.readFailureCue(c, &p) {
			f.own(c.start, c.end, "failure")
		}
	}
	for _, c := range f.cues {
		if c.cues.Has(words.Consequence | words.Fails | words.FailureOf | words.FailureNoun | words.Cause) {
			f.own(c.start, c.end, "failure")
		}
	}
	if p.condFailing >= 0 && p.mainFailing >= 0 && p.mainFailing != p.condFailing {
		p.failing, p.affected = p.condFailing, p.mainFailing
	}
	if p.failing < 0 && p.causeTo < 0 {
		return
	}
	m, x, y := p.link(deps)
	if x < 0 && f.Asked >= 0 || x >= 0 && y >= 0 {
		// "which services get the new image if I bump it": the question
		// says how the failure reaches the asked ones.
		a := x
		if a < 0 {
			a = f.fronted()
		}
		if f.linkedTo(a, y) {
			f.Failure = &failure{ent: -1, affected: a, target: -1, text: p.text}
			return
		}
	}
	f.Links = append(f.Links, &Link{M: m, X: x, Y: y, Rule: "failure"})
	f.Failure = &failure{ent: -1, affected: x, target: -1, cause: p.failing < 0, text: p.text}
	if n := f.node(y); n != nil && n.Kind == NodeEntity {
		f.Failure.ent, f.Failure.also = n.Ent, n.Also
	}
}

// failureParts are the phrases a question's failure cues point at, each
// a node or -1: the failing one, the affected ones, and the one a cause
// cue reaches ("what could take X down"); text is the cue read last. A
// failure said in a condition ("if X fails") is the failing one; one
// said in the main clause beside it ("would Y break") is what it
// affects.
type failureParts struct {
	failing, affected, causeTo int
	text                       string
	condFailing, mainFailing   int
}

// readFailureCue reads one cue into p, and reports whether the cue said
// who fails or what a cause reaches (then its words are the failure's).
func (f *Frame) readFailureCue(c cueMention, p *failureParts) bool {
	switch {
	case c.cues.Has(words.FailureOf) && f.nodeAfter(c.end, 3) >= 0 && !(c.cues.Has(words.Fails) && words.PastForm(f.toks[c.start].low)):
		f.failureOfCue(c, p)
	case c.cues.Has(words.Fails) && f.nodeBefore(c.start, 4) >= 0 && !f.consequenceOf(c) && !f.hasObject(c):
		f.failsCue(c, p)
	case c.cues.Has(words.FailureNoun) && c.start > 0 && f.nodeEndingAt(c.start) >= 0:
		p.failing, p.text = f.nodeEndingAt(c.start), c.text
	case c.cues.Has(words.Cause) && f.nodeAfter(c.end, 3) >= 0 && !words.PastForm(f.toks[c.start].low):
		// "what could take X down": what X depends on.
		p.causeTo, p.text = f.nodeAfter(c.end, 3), c.text
	default:
		if c.cues.Has(words.Consequence|words.Fails) && p.affected < 0 {
			p.affected = f.consequenceNode(c)
		}
		return false
	}
	return true
}

// failureOfCue reads a cue that names the failure of the phrase after it
// ("an outage of X", "affected by X").
func (f *Frame) failureOfCue(c cueMention, p *failureParts) {
	p.failing, p.text = f.nodeAfter(c.end, 3), c.text
	// A passive says the affected before it: "is X affected by
	// Y", "which services are impacted by Y".
	if p.affected < 0 && f.toks[c.end-1].is("by") {
		p.affected = f.nodeBefore(c.start, 3)
	}
}

// failsCue reads a cue that says the phrase before it fails ("X goes
// down"): the failing one where it is in a condition or no condition
// said one, else, beside a condition's, what the failure affects.
func (f *Frame) failsCue(c cueMention, p *failureParts) {
	n := f.nodeBefore(c.start, 4)
	f.ownManner(c.end)
	if f.conditional(c.start) {
		p.condFailing, p.failing, p.text = n, n, c.text
	} else {
		p.mainFailing = n
		if p.condFailing < 0 {
			p.failing, p.text = n, c.text
		}
	}
}

// link returns the failure's mention over the dependencies deps and the
// nodes it links: the affected (x) depend on the failing (y); or, where
// only a cause was said, x's answers are what y depends on. The same
// node on both ends is no affected one.
func (p failureParts) link(deps []*relation) (*relMention, int, int) {
	m := &relMention{start: -1, end: -1, form: mPosition, text: p.text, closure: true, concepts: []words.Concept{words.Dependency}}
	x, y := p.affected, p.failing
	if p.failing < 0 {
		// What could affect X: the answers are X's dependencies.
		x, y = -1, p.causeTo
		for _, r := range deps {
			m.cands = append(m.cands, relCand{rel: r, end: r.roleEnd(words.Second), by: byConcept})
		}
	} else {
		for _, r := range deps {
			m.cands = append(m.cands, relCand{rel: r, end: r.roleEnd(words.First), by: byConcept})
		}
	}
	if x == y {
		x = -1
	}
	return m, x, y
}

// ownManner marks the words after a failure verb that say how it fails
// ("experiences 500ms latency", "goes down for an hour") as the
// failure's, up to the clause's end or the next phrase, verb or cue.
func (f *Frame) ownManner(i int) {
	for k := i; k < len(f.toks); k++ {
		t := f.toks[k]
		if t.brk || t.ent >= 0 || f.nodeAt(k) >= 0 || t.class.Has(words.Wh|words.RelPron) || f.relAt(k) != nil || f.cueAt(k) != nil {
			return
		}
		f.own(k, k+1, "failure")
	}
}

// consequenceOf reports whether a cue that can say something fails
// ("break", "go down") is said of the affected ones: after a relative
// pronoun or a wh-word ("the services that break", "what breaks").
func (f *Frame) consequenceOf(c cueMention) bool {
	if !c.cues.Has(words.Consequence) {
		return false
	}
	for k := c.start - 1; k >= 0 && k >= c.start-3; k-- {
		t := f.toks[k]
		if t.ent >= 0 {
			return false
		}
		if t.class.Has(words.Wh|words.RelPron) || t.class.Has(words.Else) {
			return true
		}
		if f.nodeAt(k) >= 0 {
			return f.Nodes[f.nodeAt(k)].Kind != NodeEntity
		}
	}
	return false
}

// consequenceNode returns the phrase a consequence word goes with: the
// phrase it is inside ("the affected containers"), or the one right
// before it ("the services that break", "which services break"), or -1.
func (f *Frame) consequenceNode(c cueMention) int {
	if n := f.nodeAt(c.start); n >= 0 {
		return n
	}
	for k := c.start - 1; k >= 0 && k >= c.start-3; k-- {
		t := f.toks[k]
		if n := f.nodeAt(k); n >= 0 {
			nd := f.Nodes[n]
			if nd.Kind == NodeEntity {
				// "is X affected": a participle says it of the entity
				// before it.
				if words.PastForm(f.toks[c.start].low) {
					return n
				}
				return -1
			}
			if nd.i > 0 && f.toks[nd.i-1].class.Has(words.Prep) && !nd.asked {
				// "what else in the module is affected": a place, not
				// the affected.
				k = nd.i - 1
				continue
			}
			return n
		}
		if !(t.class.Has(words.RelPron|words.Modal|words.Be|words.Else|words.Aux|words.Filler) || t.is("would", "will")) {
			return -1
		}
	}
	if n := f.nodeAt(c.end); n >= 0 && f.Nodes[n].Kind != NodeEntity {
		return n
	}
	return -1
}

// nodeBefore returns the phrase ending within max tokens before token i
// in the same clause, or -1.
func (f *Frame) nodeBefore(i, max int) int {
	for k := i - 1; k >= 0 && k >= i-max; k-- {
		if n := f.nodeAt(k); n >= 0 {
			return n
		}
		if f.toks[k].brk {
			return -1
		}
	}
	return -1
}

// nodeAfter returns the phrase starting within max tokens from token i in
// the same clause, or -1.
func (f *Frame) nodeAfter(i, max int) int {
	if i < len(f.toks) && f.toks[i].brk {
		return -1
	}
	for k := i; k < len(f.toks) && k <= i+max; k++ {
		if k > i && f.toks[k].brk {
			return -1
		}
		if n := f.nodeAt(k); n >= 0 {
			return n
		}
	}
	return -1
}

// hasObject reports whether a one-word cue that can say something fails
// has an object right after it ("who has left libs"): then it is a verb of
// another meaning.
func (f *Frame) hasObject(c cueMention) bool {
	if c.end-c.start != 1 || c.end >= len(f.toks) || f.toks[c.end].brk {
		return false
	}
	k := c.end
	for k < len(f.toks) && f.toks[k].ent < 0 && f.toks[k].class.Has(words.Det) {
		k++
	}
	return k < len(f.toks) && f.toks[k].ent >= 0
}

// linkedTo reports whether a relation mention links nodes a and b.
func (f *Frame) linkedTo(a, b int) bool {
	if a < 0 || b < 0 {
		return false
	}
	for _, l := range f.Links {
		if l.X == a && l.Y == b || l.X == b && l.Y == a {
			return true
		}
	}
	return false
}

// inCondition reports whether entity e is said in a condition clause
// ("If Dutch Customs shut down, would S-500 be cleared?").
func (f *Frame) inCondition(e int) bool {
	k := slices.IndexFunc(f.toks, func(t token) bool { return t.ent == e })
	return k >= 0 && f.conditional(k)
}

// conditional reports whether the cue at token at is in a condition
// clause ("if X fails", "when X goes down", "should X break"): a
// subordinator before it in its clause, and no word that opens a main
// clause between.
func (f *Frame) conditional(at int) bool {
	for k := at - 1; k >= 0; k-- {
		t := f.toks[k]
		if t.ent >= 0 {
			continue
		}
		if t.class.Has(words.Sub) || k == 0 && t.class.Has(words.SubInitial) {
			return true
		}
		if t.brk || t.class.Has(words.Wh|words.Modal|words.Aux) && !t.class.Has(words.Sub) {
			return false
		}
	}
	return false
}
