package evals

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Embedder is an offline text embedder with no model: the character
// n-grams of a text (MinN to MaxN runes, over the text lower-cased with
// every run of non-letters and non-digits turned into one space, padded by
// a space at each end) are hashed (FNV-1a) into 2^Bits dimensions and
// weighted by their count (TF), and the vector is L2-normalised. Cosine
// similarity is then the dot product of two vectors. The zero value is
// not usable; use NewEmbedder.
type Embedder struct {
	MinN, MaxN int
	Bits       uint
}

// NewEmbedder returns the default embedder: 3- to 5-grams in 2^18
// dimensions.
func NewEmbedder() Embedder { return Embedder{MinN: 3, MaxN: 5, Bits: 18} }

// Vector is a sparse, L2-normalised vector: Idx ascending, Val aligned.
type Vector struct {
	Idx []uint32
	Val []float32
}

// Dot is the dot product of two sparse vectors (their cosine similarity,
// both being normalised).
func (v Vector) Dot(w Vector) float64 {
	s := 0.0
	i, j := 0, 0
	for i < len(v.Idx) && j < len(w.Idx) {
		switch {
		case v.Idx[i] < w.Idx[j]:
			i++
		case v.Idx[i] > w.Idx[j]:
			j++
		default:
			s += float64(v.Val[i]) * float64(w.Val[j])
			i++
			j++
		}
	}
	return s
}

// embedText prepares a text for n-grams: lower case, every run of other
// characters than letters and digits one space, a space at each end.
func embedText(s string) []rune { return appendEmbedText(nil, s) }

// appendEmbedText is embedText appending to out[:0].
func appendEmbedText(out []rune, s string) []rune {
	out = append(out[:0], ' ')
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out = append(out, unicode.ToLower(r))
		} else if out[len(out)-1] != ' ' {
			out = append(out, ' ')
		}
	}
	if out[len(out)-1] != ' ' {
		out = append(out, ' ')
	}
	return out
}

// Embed returns the vector of a text; the empty vector when the text has
// no letter or digit.
func (e Embedder) Embed(text string) Vector {
	var sc scratch
	return e.embed(text, &sc)
}

// scratch holds buffers an embedder reuses across texts.
type scratch struct {
	rs []rune
	hs []uint32
}

func (e Embedder) embed(text string, sc *scratch) Vector {
	sc.rs = appendEmbedText(sc.rs, text)
	rs := sc.rs
	if len(rs) <= 2 {
		return Vector{}
	}
	mask := uint32(1)<<e.Bits - 1
	hs := sc.hs[:0]
	defer func() { sc.hs = hs }()
	for n := e.MinN; n <= e.MaxN; n++ {
		for i := 0; i+n <= len(rs); i++ {
			hs = append(hs, fnv1a(rs[i:i+n])&mask)
		}
	}
	if len(hs) == 0 {
		return Vector{}
	}
	slices.Sort(hs)
	distinct := 0
	for i := range hs {
		if i == 0 || hs[i] != hs[i-1] {
			distinct++
		}
	}
	v := Vector{Idx: make([]uint32, 0, distinct), Val: make([]float32, 0, distinct)}
	norm := 0.0
	for i := 0; i < len(hs); {
		j := i
		for j < len(hs) && hs[j] == hs[i] {
			j++
		}
		c := float32(j - i)
		v.Idx = append(v.Idx, hs[i])
		v.Val = append(v.Val, c)
		norm += float64(c) * float64(c)
		i = j
	}
	norm = math.Sqrt(norm)
	for k := range v.Val {
		v.Val[k] = float32(float64(v.Val[k]) / norm)
	}
	return v
}

// fnv1a hashes runes (as their UTF-8 bytes) with 32-bit FNV-1a.
func fnv1a(rs []rune) uint32 {
	h := uint32(2166136261)
	var buf [utf8.UTFMax]byte
	for _, r := range rs {
		n := utf8.EncodeRune(buf[:], r)
		for _, b := range buf[:n] {
			h ^= uint32(b)
			h *= 16777619
		}
	}
	return h
}

// sentence verbalises a triple the way vector-rag passages read:
// "Subject relation Object." (the names as stored).
func sentence(s, r, o string) string {
	return strings.Join([]string{s, r, o}, " ") + "."
}
