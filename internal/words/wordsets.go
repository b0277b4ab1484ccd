package words

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// WordSet is one set of wordsets.txt: a closed list of words one rule of a
// reader reads beside the words' classes, named for that rule.
type WordSet struct{ name string }

var (
	setsMu    sync.Mutex
	setsNamed []string
)

// Set returns the set of wordsets.txt named name, read on first use; the
// name is recorded for CheckSets.
func Set(name string) WordSet {
	setsMu.Lock()
	setsNamed = append(setsNamed, name)
	setsMu.Unlock()
	return WordSet{name: name}
}

// Has reports whether the lower-case word w is in the set.
func (s WordSet) Has(w string) bool { return k().sets[s.name][w] }

// Words returns the set's words, sorted.
func (s WordSet) Words() []string { return slices.Sorted(maps.Keys(k().sets[s.name])) }

// CheckSets returns an error naming the sets the code reads (Set) that
// wordsets.txt does not have.
func CheckSets() error {
	setsMu.Lock()
	named := slices.Clone(setsNamed)
	setsMu.Unlock()
	var missing []string
	for _, n := range named {
		if _, ok := k().sets[n]; !ok && !slices.Contains(missing, n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("wordsets.txt has no set %s", strings.Join(missing, ", "))
	}
	return nil
}

// parseWordSets reads wordsets.txt: "[name]" opens a set, whose words
// follow, space-separated, up to the next set.
func parseWordSets() (map[string]map[string]bool, error) {
	const name = "wordsets.txt"
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	sets := map[string]map[string]bool{}
	var cur string
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			if cur != "" && len(sets[cur]) == 0 {
				return nil, fmt.Errorf("%s:%d: set %q has no words", name, i, cur)
			}
			cur = strings.TrimSpace(line[1 : len(line)-1])
			if _, ok := sets[cur]; ok || cur == "" {
				return nil, fmt.Errorf("%s:%d: set %q named twice or empty", name, i+1, cur)
			}
			sets[cur] = map[string]bool{}
		case cur == "":
			return nil, fmt.Errorf("%s:%d: words before any [set]", name, i+1)
		default:
			for _, w := range strings.Fields(line) {
				if sets[cur][w] {
					return nil, fmt.Errorf("%s:%d: %q listed twice in set %q", name, i+1, w, cur)
				}
				sets[cur][w] = true
			}
		}
	}
	if cur != "" && len(sets[cur]) == 0 {
		return nil, fmt.Errorf("%s: set %q has no words", name, cur)
	}
	return sets, nil
}
