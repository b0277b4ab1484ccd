package docs

import (
	"github.com/scgraph/scgraph/graph"
)

// Citation is a passage that stated an edge of an answer's evidence.
type Citation struct {
	// N numbers the cited facts from 1, in the order the evidence paths
	// first use them; every passage of one fact shares its N.
	N          int     `json:"n"`
	Subject    string  `json:"subject"`
	Relation   string  `json:"relation"`
	Object     string  `json:"object"`
	Document   string  `json:"document"`
	Version    int     `json:"version"`
	Chunk      string  `json:"chunk"`
	Line       int     `json:"line"`
	Sentence   string  `json:"sentence"`
	Extractor  string  `json:"extractor"`
	Rule       string  `json:"rule"`
	Confidence float64 `json:"confidence"`
}

// Cite returns the passages that stated the hops of the paths: for each
// distinct fact, in the order the paths use them, every document line that
// stated it (a sentence read in two overlapping chunks is cited once, with
// the first). Hops no document stated (facts from a triples file, PART_OF
// and MENTIONS) are not cited.
func Cite(ix *Index, paths []graph.Path) []Citation {
	var out []Citation
	done := map[[3]string]bool{}
	n := 0
	for _, p := range paths {
		for _, h := range p.Hops {
			t := h.Triple()
			k := [3]string{t.Subject, t.Relation, t.Object}
			if done[k] {
				continue
			}
			done[k] = true
			sup := ix.Support(t.Subject, t.Relation, t.Object)
			if len(sup) == 0 {
				continue
			}
			n++
			lines := map[[2]any]bool{}
			for _, s := range sup {
				at := [2]any{s.Document, s.Line}
				if lines[at] {
					continue
				}
				lines[at] = true
				out = append(out, Citation{N: n, Subject: s.Subject, Relation: s.Relation, Object: s.Object,
					Document: s.Document, Version: s.Version, Chunk: s.Chunk, Line: s.Line, Sentence: s.Sentence,
					Extractor: s.Extractor, Rule: s.Rule, Confidence: s.Confidence})
			}
		}
	}
	return out
}
