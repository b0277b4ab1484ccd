package words

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// minStem is the fewest letters a stem needs to match words by derivation:
// shorter ones join words that are not one ("stat" of state and station).
const minStem = 5

// derivation is one line of derivations.txt.
type derivation struct {
	suffix string
	agent  bool // the word names who does the act
	act    bool // the word names the act
	e      bool // the verb may end in an e the suffix took
	// ending is what the verb ends in where the suffix took more than an
	// e ("ve": "evolution" of "evolve"), or "".
	ending string
}

// parseDerivations reads derivations.txt, longest suffix first.
func parseDerivations() ([]derivation, error) {
	es, err := readFile("derivations.txt")
	if err != nil {
		return nil, err
	}
	var out []derivation
	seen := map[string]bool{}
	for _, e := range es {
		if seen[e.key] {
			return nil, fmt.Errorf("derivations.txt:%d: %q is listed twice", e.line, e.key)
		}
		seen[e.key] = true
		f := strings.Fields(e.value)
		if len(f) == 0 || len(f) > 2 || len(f) == 2 && f[1] != "e" && (!strings.HasPrefix(f[1], "+") || len(f[1]) < 2) {
			return nil, fmt.Errorf("derivations.txt:%d: %q: want \"kind\", \"kind e\" or \"kind +ending\", got %q", e.line, e.key, e.value)
		}
		switch f[0] {
		case "act", "state", "agent":
		default:
			return nil, fmt.Errorf("derivations.txt:%d: %q: kind %q (want act, state or agent)", e.line, e.key, f[0])
		}
		d := derivation{suffix: e.key, agent: f[0] == "agent", act: f[0] == "act"}
		if len(f) == 2 {
			d.e = f[1] == "e"
			d.ending = strings.TrimPrefix(f[1], "+")
			if d.e {
				d.ending = ""
			}
		}
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].suffix) > len(out[j].suffix) })
	return out, nil
}

// ActNouns returns the singular nouns of the act a verb may make
// ("assassination" of assassinate, "appointment" of appoint, "evolution"
// of evolve): "Which emperors were assassinated?" over the value
// Assassination. It over-generates ("appointion"); callers look the
// nouns up.
func ActNouns(verb string) []string {
	var out []string
	for _, d := range k().derivations {
		if !d.act || strings.HasSuffix(d.suffix, "s") {
			continue
		}
		stem := verb
		switch {
		case d.ending != "":
			var ok bool
			if stem, ok = strings.CutSuffix(verb, d.ending); !ok {
				continue
			}
		case d.e:
			stem = strings.TrimSuffix(verb, "e")
		}
		if n := stem + d.suffix; !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// Stem returns a lower-case word without its inflection and derivational
// suffixes ("connections", "connected" and "connect" give "connect";
// "chairman" and "chairs" give "chair"; "supplier" and "supplies" give
// "suppli"), or "" when what is left is shorter than minStem letters:
// two words of the same stem name the same act or thing.
func Stem(w string) string {
	w = uninflect(strings.ToLower(w))
	for {
		d, ok := derivedBy(w)
		if !ok {
			break
		}
		w = strings.TrimSuffix(w, d.suffix)
	}
	w = strings.TrimSuffix(w, "e")
	if strings.HasSuffix(w, "y") {
		w = strings.TrimSuffix(w, "y") + "i"
	}
	if len(w) < minStem {
		return ""
	}
	return w
}

// NamesAgent reports whether a word is a noun for who does an act, made
// by a suffix ("maintainer", "blockers", "chairman"): read against a
// relation named by the act itself ("maintains"), it names the
// relation's subject, not the act. A verb's past or -ing form is none,
// though its verb ends as an agent does ("discovered" of discover).
func NamesAgent(w string) bool {
	w = strings.ToLower(w)
	if strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") {
		return false // a verb's past or -ing form ("discovered", "delivering"), no noun
	}
	d, ok := derivedBy(uninflect(w))
	return ok && d.agent
}

// derivedBy returns the longest derivational suffix w ends in that leaves
// a stem of at least minStem-1 letters.
func derivedBy(w string) (derivation, bool) {
	for _, d := range k().derivations {
		if strings.HasSuffix(w, d.suffix) && len(w)-len(d.suffix) >= minStem-1 {
			return d, true
		}
	}
	return derivation{}, false
}

// uninflect strips a regular plural, third person, past or -ing ending.
func uninflect(w string) string {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses") && n > 5:
		return w[:n-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && n > 3:
		return w[:n-1]
	case strings.HasSuffix(w, "ied") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ed") && n > 4:
		return w[:n-2]
	case strings.HasSuffix(w, "ing") && n > 5:
		return w[:n-3]
	}
	return w
}
