package evals

import "sort"

// Sample returns n of the questions, chosen by seed, in their original
// order; all of them when n <= 0 or n >= len(qs). The choice depends only
// on the seed and each question's position: every question gets a
// pseudo-random key (splitmix64 of seed and position) and the n smallest
// keys win. So the same seed gives the same sample every time, on every
// platform and Go version, and a smaller sample is part of a larger one.
func Sample(qs []Question, n int, seed uint64) []Question {
	if n <= 0 || n >= len(qs) {
		return qs
	}
	idx := make([]int, len(qs))
	keys := make([]uint64, len(qs))
	for i := range qs {
		idx[i] = i
		keys[i] = splitmix64(seed*0x9e3779b97f4a7c15 + uint64(i))
	}
	sort.Slice(idx, func(a, b int) bool {
		if keys[idx[a]] != keys[idx[b]] {
			return keys[idx[a]] < keys[idx[b]]
		}
		return idx[a] < idx[b]
	})
	idx = idx[:n]
	sort.Ints(idx)
	out := make([]Question, n)
	for k, i := range idx {
		out[k] = qs[i]
	}
	return out
}

// splitmix64 is the SplitMix64 finaliser: a fixed, well-mixed hash of x.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
