package words

import "fmt"

func parseKinds() (map[string]string, error) {
	es, err := readFile("kinds.txt")
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(es))
	for _, e := range es {
		if _, dup := out[e.key]; dup {
			return nil, fmt.Errorf("kinds.txt:%d: %q is listed twice", e.line, e.key)
		}
		if e.value == "" {
			return nil, fmt.Errorf("kinds.txt:%d: %q has no group", e.line, e.key)
		}
		out[e.key] = e.value
	}
	return out, nil
}

// KindGroup returns the group of a kind noun in any of its forms
// ("services" is a component), and whether it is one.
func KindGroup(w string) (string, bool) {
	for _, b := range Lemmas(w) {
		if g, ok := k().kinds[b]; ok && FormSet(b)[w] {
			return g, true
		}
	}
	return "", false
}

// IsKindWord reports whether a lower-case word is a generic noun for what
// a graph holds ("packages", "service", "modules").
func IsKindWord(w string) bool {
	_, ok := KindGroup(w)
	return ok
}
