package reader

import (
	"slices"

	"github.com/scgraph/scgraph/internal/words"
)

// readAsked finds the phrase the question asks for: a wh-pronoun ("who",
// "what"), the noun after "which", "what" or "how many", the phrase after
// a request ("list the members of X"), or a fragment's first phrase that
// is no entity ("former teams?", "direct dependencies of X").
func (f *Frame) readAsked() {
	defer func() {
		if f.Asked >= 0 {
			f.Nodes[f.Asked].asked = true
		}
	}()
	for k, n := range f.Nodes {
		if n.asked {
			f.Asked = k
			return
		}
	}
	for i, t := range f.toks {
		if t.ent >= 0 {
			continue
		}
		asks := (t.class.Has(words.Wh) && t.is("which", "what", "whose") && !f.relativeAt(i)) ||
			(t.class.Has(words.WhMany) && i > 0 && f.toks[i-1].is("how"))
		if asks {
			f.own(i, i+1, "asked")
			j := i + 1
			for j < len(f.toks) && f.toks[j].ent < 0 && (f.toks[j].is("of", "the", "these", "those") || f.toks[j].class.Has(words.Collective)) && f.nodeAt(j) < 0 {
				f.own(j, j+1, "asked")
				j++
			}
			if k := f.nodeAt(j); k >= 0 && f.Nodes[k].Kind != NodeEntity {
				f.Asked = k
				return
			}
		}
	}
	if f.Form == FormRequest || f.Form == FormFragment || f.Form == FormWh {
		for i, t := range f.toks {
			if t.ent < 0 && t.class.Has(words.Request) {
				f.own(i, i+1, "request")
				if k := f.nodeAfter(i+1, 3); k >= 0 && f.Nodes[k].Kind != NodeEntity {
					f.Asked = k
					return
				}
			}
		}
		for k, n := range f.Nodes {
			if n.Kind != NodeEntity && !n.inner && !f.pronoun(n) {
				f.Asked = k
				return
			}
		}
	}
	// "Full upstream of X", "X's dependencies?": the answers are the open
	// side of a relation; they get a phrase of their own.
	if f.Form != FormYesNo && slices.ContainsFunc(f.Links, func(l *Link) bool { return l.X < 0 || l.Y < 0 }) {
		f.Nodes = append(f.Nodes, &Node{Kind: NodeAsked, Ent: -1, outer: -1, i: len(f.toks), j: len(f.toks)})
		f.Asked = len(f.Nodes) - 1
	}
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
	words.Filler | words.There | words.Thing | words.Collective | words.Transparent | words.SelfNoun

// ownFunctionWords gives the function words no part took to the frame's
// grammar; what is left unowned is a word no part explains.
func (f *Frame) ownFunctionWords() {
	for i, t := range f.toks {
		if f.owner[i] == "" && t.ent < 0 && (t.class.Has(functionClasses) || len(t.low) < 2) {
			f.owner[i] = "grammar"
		}
	}
}
