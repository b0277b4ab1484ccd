package reader

import (
	"slices"
	"sync"

	"github.com/scgraph/scgraph/internal/words"
)

// firstWords indexes phrases by every way their first word may be
// written, so that spotting looks at a token's few candidate phrases
// rather than trying every phrase at every token. It over-approximates
// matchWord: a phrase it returns is then matched word by word.
type firstWords map[string][]int

// add files phrase id under the spellings matchWord accepts for w: w, its
// forms, and when w is itself inflected ("exposes") its base's forms.
func (x firstWords) add(w string, id int) {
	file := func(k string) {
		if l := x[k]; len(l) == 0 || l[len(l)-1] != id {
			x[k] = append(l, id)
		}
	}
	file(w)
	if words.Contracted(w) {
		file(contractions) // "cty": any token may be its long form
	}
	for _, f := range words.Forms(w) {
		file(f)
	}
	for _, b := range words.Lemmas(w)[1:] {
		if len(b) > 2 && words.IsForm(w, b) {
			file(b)
			for _, f := range words.Forms(b) {
				file(f)
			}
		}
	}
}

// contractions is the key the phrases whose first word is a contraction
// (words.Contracted) are filed under: matchWord decides which tokens spell
// them out.
const contractions = "\x00contracted"

// at returns the ids of the phrases whose first word t may be, in
// ascending order.
func (x firstWords) at(t token) []int {
	if t.ent >= 0 {
		return nil
	}
	ids := slices.Clone(x[t.low])
	ids = append(ids, x[contractions]...)
	for _, l := range t.lemmas {
		ids = append(ids, x[l]...)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// staticIndexes are the indexes of the phrases the words package knows,
// the same for every graph.
var staticIndexes = sync.OnceValues(func() (cues, concepts firstWords) {
	cues, concepts = firstWords{}, firstWords{}
	for id, c := range words.Cues() {
		cues.add(c.Words[0], id)
	}
	for id, cp := range words.ConceptPhrases() {
		concepts.add(cp.Words[0], id)
	}
	return cues, concepts
})

// hit is a token where an indexed phrase may start.
type hit struct{ id, at int }

// hits returns the tokens where each indexed phrase may start, phrase by
// phrase in the index's order and token by token within one: the order
// trying every phrase at every token would meet them in.
func (x firstWords) hits(toks []token) []hit {
	var out []hit
	for i, t := range toks {
		for _, id := range x.at(t) {
			out = append(out, hit{id, i})
		}
	}
	slices.SortFunc(out, func(a, b hit) int {
		if a.id != b.id {
			return a.id - b.id
		}
		return a.at - b.at
	})
	return out
}
