package hybrid

import (
	"math"

	"github.com/scgraph/scgraph/internal/text"
)

// BM25's parameters, the usual ones (Robertson and Zaragoza, 2009).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// functionWords carry no topic: English's usual stop set (Lucene's) and
// the words questions are built with. Neither texts nor questions are
// searched by them.
var functionWords = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "but": true, "by": true,
	"for": true, "if": true, "in": true, "into": true, "is": true, "it": true, "no": true, "not": true, "of": true,
	"on": true, "or": true, "such": true, "that": true, "the": true, "their": true, "then": true, "there": true,
	"these": true, "they": true, "this": true, "to": true, "was": true, "will": true, "with": true,
	"what": true, "which": true, "who": true, "whom": true, "where": true, "when": true, "how": true, "why": true,
	"do": true, "does": true, "did": true, "can": true, "i": true, "me": true, "my": true, "we": true, "our": true,
	"us": true, "you": true, "your": true, "about": true,
}

// terms are the words a text is searched by: its key tokens (abbreviations
// folded: "svc" is "service", "db" "database") but function words,
// stemmed.
func terms(s string) []string {
	var out []string
	for _, t := range text.KeyTokens(s) {
		if !functionWords[t] {
			out = append(out, text.Stem(t))
		}
	}
	return out
}

// bm25 is an in-memory full-text index over a fixed set of texts: for
// each word, the texts that hold it and how often.
type bm25 struct {
	postings map[string][]posting
	length   []int
	avg      float64
}

type posting struct {
	text int
	tf   int
}

func newBM25(texts []string) *bm25 {
	b := &bm25{postings: map[string][]posting{}}
	total := 0
	for i, t := range texts {
		tf := map[string]int{}
		ws := terms(t)
		var order []string
		for _, w := range ws {
			if tf[w] == 0 {
				order = append(order, w)
			}
			tf[w]++
		}
		for _, w := range order {
			b.postings[w] = append(b.postings[w], posting{text: i, tf: tf[w]})
		}
		b.length = append(b.length, len(ws))
		total += len(ws)
	}
	if len(texts) > 0 {
		b.avg = float64(total) / float64(len(texts))
	}
	return b
}

// idf is the BM25 inverse document frequency, kept positive for words
// most texts contain.
func (b *bm25) idf(w string) float64 {
	n, df := float64(len(b.length)), float64(len(b.postings[w]))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// scores returns every text's BM25 score for the query words (each
// distinct word counted once), indexed like the texts; only the texts
// holding a query word are visited.
func (b *bm25) scores(query []string) []float64 {
	out := make([]float64, len(b.length))
	if b.avg == 0 {
		return out
	}
	seen := map[string]bool{}
	for _, w := range query {
		if seen[w] {
			continue
		}
		seen[w] = true
		idf := b.idf(w)
		for _, p := range b.postings[w] {
			f := float64(p.tf)
			norm := bm25K1 * (1 - bm25B + bm25B*float64(b.length[p.text])/b.avg)
			out[p.text] += idf * f * (bm25K1 + 1) / (f + norm)
		}
	}
	return out
}
