package reader

import (
	"slices"

	"github.com/scgraph/scgraph/internal/words"
)

// readAsked finds the phrase the question asks for: a wh-pronoun ("who",
// "what"), the noun after "which", "what" or "how many", the phrase after
// a request ("list the members of X"), or a fragment's first phrase that
// is no entity ("former teams?", "direct dependencies of X"). The rules
// of askedRules are tried in order, the first that finds it wins.
func (f *Frame) readAsked() {
	for _, find := range askedRules {
		if k, ok := find(f); ok {
			f.Asked = k
			break
		}
	}
	if f.Asked >= 0 {
		f.Nodes[f.Asked].asked = true
	}
}

// askedRule is one way a question says what it asks for: it returns the
// asked phrase's node and whether it found one.
type askedRule func(f *Frame) (int, bool)

// askedRules are the ways a question says what it asks for, in the order
// they are tried.
var askedRules = []askedRule{
	(*Frame).markedAsked,
	(*Frame).whAsked,
	(*Frame).requestAsked,
	(*Frame).fragmentAsked,
	(*Frame).openSideAsked,
}

// markedAsked: a phrase already read as the asked one (a wh-pronoun,
// "who", "what").
func (f *Frame) markedAsked() (int, bool) {
	for k, n := range f.Nodes {
		if n.asked {
			return k, true
		}
	}
	return -1, false
}

// whAsked: the phrase after "which", "what", "whose" or "how many",
// past "of", "the", "these", "those" and collective nouns ("which of the
// teams").
func (f *Frame) whAsked() (int, bool) {
	for i, t := range f.toks {
		if t.ent >= 0 {
			continue
		}
		asks := (t.class.Has(words.Wh) && t.is("which", "what", "whose") && !f.relativeAt(i)) ||
			(t.class.Has(words.WhMany) && i > 0 && f.toks[i-1].is("how"))
		if !asks {
			continue
		}
		f.own(i, i+1, "asked")
		j := i + 1
		for j < len(f.toks) && f.toks[j].ent < 0 && (f.toks[j].is("of", "the", "these", "those") || f.toks[j].class.Has(words.Collective)) && f.nodeAt(j) < 0 {
			f.own(j, j+1, "asked")
			j++
		}
		if f.kindOfNoun(j) {
			// "What kind of damage does Ice Storm do?" asks for the
			// damage.
			f.own(j, j+2, "asked")
			j += 2
		}
		if k := f.nodeAt(j); k >= 0 && f.Nodes[k].Kind != NodeEntity {
			return k, true
		}
	}
	return -1, false
}

// kindOfNoun reports whether a classifier and "of" at token j stand
// before the asked noun in a clause that goes on with a verb other than
// "be", and the noun names no type the graph classifies: "what kind of
// damage does X do" asks for the damage, where "what kind of element is
// bismuth" asks for its kind.
func (f *Frame) kindOfNoun(j int) bool {
	if j+2 >= len(f.toks) || !words.IsClassifier(f.toks[j].low) || !f.toks[j+1].is("of") || f.toks[j+2].ent >= 0 || f.toks[j+2].class != 0 && !words.IsKindWord(f.toks[j+2].low) {
		return false
	}
	if k := f.kindAt(j + 2); k != nil && f.v.classified(k.types) {
		// "What type of language uses .tf?": the graph classifies
		// languages (type), and the question asks for that.
		return false
	}
	for _, t := range f.toks[j+3:] {
		switch {
		case t.class.Has(words.Be):
			return false
		case t.class.Has(words.Aux | words.Modal):
			return true
		}
	}
	return false
}

// asksOpenly reports whether the question's form lets a request or its
// first phrase say what it asks for: a request, a fragment or a
// wh-question.
func (f *Frame) asksOpenly() bool {
	return f.Form == FormRequest || f.Form == FormFragment || f.Form == FormWh
}

// requestAsked: the phrase right after a request ("list the members of
// X", "show X's dependencies").
func (f *Frame) requestAsked() (int, bool) {
	if !f.asksOpenly() {
		return -1, false
	}
	for i, t := range f.toks {
		if t.ent < 0 && t.class.Has(words.Request) {
			f.own(i, i+1, "request")
			if k := f.nodeAfter(i+1, 3); k >= 0 && f.Nodes[k].Kind != NodeEntity {
				return k, true
			}
		}
	}
	return -1, false
}

// fragmentAsked: the first phrase that is no entity, no phrase inside
// another and no pronoun ("former teams?", "direct dependencies of X").
func (f *Frame) fragmentAsked() (int, bool) {
	if !f.asksOpenly() {
		return -1, false
	}
	for k, n := range f.Nodes {
		if n.Kind != NodeEntity && !n.inner && !f.pronoun(n) {
			return k, true
		}
	}
	return -1, false
}

// openSideAsked: "Full upstream of X", "X's dependencies?": the answers
// are the open side of a relation; they get a phrase of their own.
func (f *Frame) openSideAsked() (int, bool) {
	if f.Form != FormYesNo && slices.ContainsFunc(f.Links, func(l *Link) bool { return l.X < 0 || l.Y < 0 }) {
		f.Nodes = append(f.Nodes, &Node{Kind: NodeAsked, Ent: -1, outer: -1, i: len(f.toks), j: len(f.toks)})
		return len(f.Nodes) - 1, true
	}
	return -1, false
}

// pronoun reports whether a node is a personal pronoun standing for
// something named elsewhere ("it", "them", "its").
func (f *Frame) pronoun(n *Node) bool {
	return n.Kind == NodeVar && n.j == n.i+1 && f.toks[n.i].class.Has(words.Pronoun|words.PossessiveDet)
}

// functionClasses are the classes of words that carry the question's
// grammar, not its content: the frame's parts explain them.
const functionClasses = words.Det | words.PossessiveDet | words.Quantifier | words.Wh | words.WhMany | words.RelPron |
	words.Aux | words.Modal | words.Be | words.Have | words.Get | words.Happen | words.Else | words.Prep | words.Conj |
	words.As | words.Sub | words.SubInitial | words.Pronoun | words.SelfPronoun | words.Indefinite | words.Request |
	words.Filler | words.There | words.Thing | words.Collective | words.Transparent | words.SelfNoun | words.Support

// ownFunctionWords gives the function words no part took to the frame's
// grammar; what is left unowned is a word no part explains.
func (f *Frame) ownFunctionWords() {
	f.ownHeadNouns()
	for i, t := range f.toks {
		if f.owner[i] == "" && t.ent < 0 && (t.class.Has(functionClasses) || len(t.low) < 2) {
			f.owner[i] = "grammar"
		}
	}
}

// ownHeadNouns owns a plain noun between a relation noun and its "of"
// ("the parent feature of X", "the parent team of X"): the phrase's
// head, saying what kind of thing the relation's answers are, which the
// relation noun reads; no word left unexplained.
func (f *Frame) ownHeadNouns() {
	for _, m := range f.rels {
		k := m.end
		if m.form != mNoun || m.zero || k+1 >= len(f.toks) || f.owner[k] != "" || !f.toks[k+1].is("of") {
			continue
		}
		if t := f.toks[k]; t.ent < 0 && t.class == 0 && !t.brk && len(t.low) > 2 {
			f.own(k, k+1, "head noun")
			f.headNouns = append(f.headNouns, t.low)
		}
	}
}
