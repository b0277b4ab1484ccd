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

// bm25 is an in-memory full-text index over a fixed set of texts.
type bm25 struct {
	tf     []map[string]int
	length []int
	avg    float64
	df     map[string]int
}

func newBM25(texts []string) *bm25 {
	b := &bm25{df: map[string]int{}}
	total := 0
	for _, t := range texts {
		tf := map[string]int{}
		ws := terms(t)
		for _, w := range ws {
			if tf[w] == 0 {
				b.df[w]++
			}
			tf[w]++
		}
		b.tf = append(b.tf, tf)
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
	n, df := float64(len(b.tf)), float64(b.df[w])
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// score is text i's BM25 score for the query words (each distinct word
// counted once).
func (b *bm25) score(query []string, i int) float64 {
	if b.avg == 0 {
		return 0
	}
	seen := map[string]bool{}
	s := 0.0
	norm := bm25K1 * (1 - bm25B + bm25B*float64(b.length[i])/b.avg)
	for _, w := range query {
		if seen[w] {
			continue
		}
		seen[w] = true
		f := float64(b.tf[i][w])
		if f == 0 {
			continue
		}
		s += b.idf(w) * f * (bm25K1 + 1) / (f + norm)
	}
	return s
}
