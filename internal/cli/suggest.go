package cli

import (
	"flag"
	"sort"
	"strings"
)

// suggest returns the options closest to what was typed, best first: those
// within a small edit distance (a third of the word's length, at least 1,
// at most 3) and those the word starts or that start with it.
func suggest(typed string, options []string) []string {
	typed = strings.ToLower(typed)
	limit := min(max(len(typed)/3, 1), 3)
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, o := range options {
		lo := strings.ToLower(o)
		d := editDistance(typed, lo)
		switch {
		case d <= limit:
		case len(typed) >= 2 && (strings.HasPrefix(lo, typed) || strings.HasPrefix(typed, lo)):
			d = limit + 1
		default:
			continue
		}
		cs = append(cs, cand{o, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.name
	}
	return out
}

// editDistance is the optimal-string-alignment distance between a and b,
// by runes: insertions, deletions, substitutions and swaps of two
// neighbours ("aks" is one edit from "ask").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// didYouMean is " (did you mean X?)" or " (did you mean X or Y?)" for the
// best one or two suggestions, or "" when there is none.
func didYouMean(typed string, options []string, prefix string) string {
	s := suggest(typed, options)
	switch {
	case len(s) == 0:
		return ""
	case len(s) == 1:
		return "; did you mean " + prefix + s[0] + "?"
	}
	return "; did you mean " + prefix + s[0] + " or " + prefix + s[1] + "?"
}

// flagNames returns the names of a flag set's flags.
func flagNames(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}
