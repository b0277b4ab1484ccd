package embed

import (
	"context"
	"hash/fnv"
	"math"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/vector"
)

// DefaultHashedDims is the number of dimensions of NewHashed.
const DefaultHashedDims = 512

// Hashed embeds text by feature hashing: each stemmed word (weight 1) and
// each character trigram of the word's key (weight 1/2) adds ±weight to one
// of Dims dimensions, chosen and signed by an FNV-1a hash of the feature.
// Texts sharing words or word fragments ("payment-svc", "payments") get
// close vectors; word order is ignored.
type Hashed struct {
	// Dims is the vector length; at least 1.
	Dims int
}

// NewHashed returns a Hashed embedder of DefaultHashedDims dimensions.
func NewHashed() Hashed { return Hashed{Dims: DefaultHashedDims} }

// Lexical reports that Hashed's vectors are made of words and word
// fragments only: texts are close when they share them, which is what a
// keyword search already measures (package hybrid leaves such a ranking
// out of a lookup's fusion, where it only repeated the keyword ranking
// with more noise).
func (Hashed) Lexical() bool { return true }

// EmbedDocuments returns a vector for each text.
func (h Hashed) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = h.vector(t)
	}
	return out, nil
}

// EmbedQuery embeds one text.
func (h Hashed) EmbedQuery(ctx context.Context, t string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return h.vector(t), nil
}

func (h Hashed) vector(s string) []float32 {
	dims := max(h.Dims, 1)
	v := make([]float32, dims)
	add := func(feature string, w float32) {
		f := fnv.New64a()
		f.Write([]byte(feature))
		x := f.Sum64()
		if x&1 == 1 {
			w = -w
		}
		v[(x>>1)%uint64(dims)] += w
	}
	for _, tok := range text.KeyTokens(s) {
		add("w:"+text.Stem(tok), 1)
		for g := range text.Trigrams(tok) {
			add("g:"+g, 0.5)
		}
	}
	Normalize(v)
	return v
}

// Normalize scales v to unit length in place (a zero vector stays zero).
func Normalize(v []float32) {
	var sum float64
	for _, x := range v {
		sum += float64(x) * float64(x)
	}
	if sum == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(sum))
	for i := range v {
		v[i] *= inv
	}
}

// Cosine is the cosine similarity of two vectors of the same length (0 if
// either is zero or the lengths differ): vector.Cosine, for the callers
// of this package.
func Cosine(a, b []float32) float64 { return vector.Cosine(a, b) }
