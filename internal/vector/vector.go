// Package vector holds the arithmetic on embedding vectors that more than
// one package needs (the embedders, search, entity resolution, the
// relation relator), with no dependencies of its own, so that any package
// may use it.
package vector

import "math"

// Cosine is the cosine similarity of two vectors of the same length (0 if
// either is zero or the lengths differ).
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}
