package doccheck

import (
	"fmt"
	"regexp"
	"strings"
)

// durations are normalised before comparing: a page shows the time one run
// took, which no other run repeats.
var durations = regexp.MustCompile(`\b\d+(\.\d+)?\s?(ns|µs|us|ms|s|m|h)\b`)

func normalise(s string) string {
	return strings.TrimRight(durations.ReplaceAllString(s, "DUR"), " \t")
}

// isSkip reports whether a shown line stands for any number of lines.
func isSkip(line string) bool {
	t := strings.TrimSpace(line)
	return t == "…" || t == "..."
}

// lineRegexp reads a shown line: "…" (or "...") inside it stands for any
// text; the rest is literal.
func lineRegexp(want string) *regexp.Regexp {
	parts := regexp.MustCompile(`…|\.\.\.`).Split(normalise(want), -1)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// Match reports whether got is the output want shows: line by line, where
// a line that is only "…" stands for any lines, "…" in a line for any
// text, and durations ("11.46 ms", "1.5s") are equal whatever their value.
// Trailing empty lines do not count.
func Match(want []string, got string) error {
	w := trimEmpty(want)
	g := trimEmpty(strings.Split(got, "\n"))
	res := make([]*regexp.Regexp, len(w))
	for i, l := range w {
		if !isSkip(l) {
			res[i] = lineRegexp(l)
		}
	}
	type key struct{ wi, gi int }
	memo := map[key]bool{}
	var match func(wi, gi int) bool
	match = func(wi, gi int) bool {
		k := key{wi, gi}
		if v, ok := memo[k]; ok {
			return v
		}
		var ok bool
		switch {
		case wi == len(w):
			ok = gi == len(g)
		case res[wi] == nil:
			for k := gi; k <= len(g) && !ok; k++ {
				ok = match(wi+1, k)
			}
		default:
			ok = gi < len(g) && res[wi].MatchString(normalise(g[gi])) && match(wi+1, gi+1)
		}
		memo[k] = ok
		return ok
	}
	if match(0, 0) {
		return nil
	}
	// Say where it parts: the first shown line no order can reach.
	first := ""
	gi := 0
	for wi, l := range w {
		if res[wi] == nil {
			continue
		}
		found := false
		for ; gi < len(g); gi++ {
			if res[wi].MatchString(normalise(g[gi])) {
				found = true
				gi++
				break
			}
		}
		if !found {
			first = l
			break
		}
	}
	if first != "" {
		return fmt.Errorf("the output has no line %q where the page shows it", first)
	}
	return fmt.Errorf("the output has lines the page does not show (end a block with … to allow more)")
}

func trimEmpty(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
