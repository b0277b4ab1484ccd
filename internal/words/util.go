package words

import "sort"

func sortStrings(s []string) []string { sort.Strings(s); return s }

// keysOf returns the keys of m, in no order.
func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
