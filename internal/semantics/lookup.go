package semantics

import "sort"

// HitKind says how a phrase of the question names a concept.
type HitKind uint8

// The hit kinds.
const (
	// Verb: the phrase's grammatical subject plays Hit.Role ("X depends
	// on Y": X is First; "Y hosts X": Y is Second).
	Verb HitKind = iota + 1
	// Noun: the phrase names the role Hit.Role ("the dependencies of X",
	// "alice's manager").
	Noun
	// Position: the answers to "<phrase> of X" play Hit.Role ("downstream
	// of X": the dependents; "everyone under dana": the reports).
	Position
)

// Hit is a concept phrase found in a token sequence: tokens [Start, End).
type Hit struct {
	Start, End int
	Concept    Concept
	Kind       HitKind
	Role       Role
	// Phrase is the base form of the words matched ("depend on").
	Phrase string
	// Generic: the phrase names the concept as a whole.
	Generic bool
	// Object holds the words between a gapped verb and its preposition
	// ("its power" in "gets its power from").
	Object []string
}

// Lookup finds the concept phrases in toks (lower-case words), longest
// first, never two on the same token. Verbs are preferred over nouns of
// the same length ("report" is a verb in "who reports to", a noun in
// "bob's reports": the caller tells them apart by what follows).
func Lookup(toks []string) []Hit {
	var all []Hit
	for _, c := range table {
		for _, p := range c.verbs {
			for _, at := range p.find(toks) {
				all = append(all, Hit{Start: at, End: at + len(p.forms), Concept: c.def.concept, Kind: Verb, Role: First, Phrase: p.String(), Generic: c.generic[p.String()]})
			}
		}
		for _, p := range c.inverse {
			for _, at := range p.find(toks) {
				all = append(all, Hit{Start: at, End: at + len(p.forms), Concept: c.def.concept, Kind: Verb, Role: Second, Phrase: p.String()})
			}
		}
		for _, group := range []struct {
			ps   []gapPhrase
			role Role
		}{{c.gapVerbs, First}, {c.gapInverse, Second}} {
			for _, p := range group.ps {
				for _, sp := range p.find(toks) {
					obj := toks[sp[0]+len(p.verb.forms) : sp[1]-len(p.prep.forms)]
					all = append(all, Hit{Start: sp[0], End: sp[1], Concept: c.def.concept, Kind: Verb, Role: group.role, Phrase: p.String(), Object: obj})
				}
			}
		}
		for _, group := range []struct {
			ps   []phrase
			role Role
		}{{c.firstNouns, First}, {c.secondNouns, Second}} {
			for _, p := range group.ps {
				for _, at := range p.find(toks) {
					all = append(all, Hit{Start: at, End: at + len(p.forms), Concept: c.def.concept, Kind: Noun, Role: group.role, Phrase: p.String(), Generic: true})
				}
			}
		}
		for _, pos := range c.positions {
			for _, at := range pos.p.find(toks) {
				all = append(all, Hit{Start: at, End: at + len(pos.p.forms), Concept: c.def.concept, Kind: Position, Role: pos.answers, Phrase: pos.p.String(), Generic: true})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		li, lj := all[i].End-all[i].Start, all[j].End-all[j].Start
		if li != lj {
			return li > lj
		}
		if all[i].Start != all[j].Start {
			return all[i].Start < all[j].Start
		}
		return all[i].Kind < all[j].Kind
	})
	// Keep the longest hits; a hit of exactly the same span for another
	// concept is kept too (the caller picks the concept the graph has:
	// "under" is a position in dependency, reporting and containment).
	var kept []Hit
	for _, h := range all {
		overlap := false
		for _, k := range kept {
			if h.Start < k.End && k.Start < h.End && !(h.Start == k.Start && h.End == k.End) {
				overlap = true
				break
			}
		}
		if !overlap {
			kept = append(kept, h)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool { return kept[i].Start < kept[j].Start })
	return kept
}

// Forms returns the inflected forms of a base word or phrase's first word
// (for callers that match their own phrases the way the table does).
func Forms(base string) map[string]bool { return formsOf(base) }
