package words

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"
)

// Cue is a set of cue kinds (cues.txt): what a phrase says about the
// question's logic.
type Cue uint16

// The cue kinds.
const (
	Transitive  Cue = 1 << iota // the whole closure: "at any depth", "indirectly"
	Direct                      // one hop: "directly", "immediate"
	Fails                       // the entity before it fails: "goes down", "is compromised"
	FailureOf                   // the entity after it fails: "an outage of", "affected by"
	FailureNoun                 // a failure noun after the failing entity: "the X outage"
	Cause                       // an active causal verb: "X affects Y"
	Consequence                 // what a failure does, naming no entity: "breaks", "affected"
	Survival                    // what a failure spares: "keeps running"
	Optional                    // optional dependencies asked for: "optional", "dev"
	lastCue
)

var cueNames = map[string]Cue{
	"transitive": Transitive, "direct": Direct, "fails": Fails, "failure-of": FailureOf,
	"failure-noun": FailureNoun, "cause": Cause, "consequence": Consequence, "survival": Survival,
	"optional": Optional,
}

// ExtentCues are the kinds that say how far the question goes, or
// which dependencies it asks for; they match as written: "direct" must
// not match "directed".
const ExtentCues = Transitive | Direct | Optional

// Has reports whether c has any kind of x.
func (c Cue) Has(x Cue) bool { return c&x != 0 }

func (c Cue) String() string {
	var names []string
	for name, x := range cueNames {
		if c&x != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(sortStrings(names), " ")
}

// CuePhrase is one line of cues.txt.
type CuePhrase struct {
	// Text is the phrase as written; Words its words.
	Text  string
	Words []string
	Cues  Cue
}

// AsWritten reports whether the phrase is matched as written when read as
// a cue of kind x: extent and optional cues are ("direct" must not match
// "directed"); the others match their first word in any form ("goes
// down", "went down").
func (p CuePhrase) AsWritten(x Cue) bool { return x&ExtentCues != 0 }

// Cues returns the cue phrases, in file order.
func Cues() []CuePhrase { return k().cues }

func parseCues() ([]CuePhrase, error) {
	es, err := readFile("cues.txt")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []CuePhrase
	for _, e := range es {
		if seen[e.key] {
			return nil, fmt.Errorf("cues.txt:%d: %q is listed twice: give all its cues on one line", e.line, e.key)
		}
		seen[e.key] = true
		var c Cue
		for _, name := range strings.Fields(e.value) {
			x, ok := cueNames[name]
			if !ok {
				return nil, fmt.Errorf("cues.txt:%d: unknown cue %q", e.line, name)
			}
			c |= x
		}
		if c.Has(Transitive) && c.Has(Direct) {
			return nil, fmt.Errorf("cues.txt:%d: %q cannot say both transitive and direct", e.line, e.key)
		}
		if c == 0 {
			return nil, fmt.Errorf("cues.txt:%d: %q has no cue", e.line, e.key)
		}
		out = append(out, CuePhrase{Text: e.key, Words: strings.Fields(e.key), Cues: c})
	}
	return out, nil
}

// IsCueWord reports whether a lower-case word is a word of some cue
// phrase ("depth", "down", "outage"): read by the cues, not a relation.
func IsCueWord(w string) bool { return cueWords()[w] != 0 }

// CueKindsOf returns the kinds of the cue phrases word w is part of.
func CueKindsOf(w string) Cue { return cueWords()[w] }

var cueWords = sync.OnceValue(func() map[string]Cue {
	m := map[string]Cue{}
	for _, c := range Cues() {
		for _, w := range c.Words {
			m[w] |= c.Cues
		}
	}
	return m
})

// RepeatedNoun reports whether words ws[i:] say a plural noun, "of" and the
// same noun again after a word that leads an extent cue ("including kinds of
// kinds", "counting consumers of consumers"): the relation the noun names,
// followed as far as it goes. It returns the end of the phrase.
func RepeatedNoun(ws []string, i int) (int, bool) {
	if i+3 >= len(ws) || !ClassOf(ws[i]).Has(CueLead) {
		return 0, false
	}
	n := ws[i+1]
	if ws[i+2] != "of" || text.Singular(n) == n || !text.SameWord(n, ws[i+3]) || ClassOf(n) != 0 {
		return 0, false
	}
	return i + 4, true
}

// SaysDirect reports whether a question says one hop ("directly", "a
// direct flight") and not the closure.
func SaysDirect(question string) bool {
	said := saidCues(question)
	return said.Has(Direct) && !said.Has(Transitive)
}

// SaysExtent reports whether a question says how far it goes ("at any
// depth", "directly", "including optional ones").
func SaysExtent(question string) bool { return saidCues(question).Has(ExtentCues) }

// InExtentCue reports whether token i of toks is a word of a phrase that
// says how far a question goes ("or" of "directly or indirectly").
func InExtentCue(toks []string, i int) bool {
	for _, c := range Cues() {
		if !c.Cues.Has(ExtentCues) {
			continue
		}
		for start := max(0, i-len(c.Words)+1); start <= i && start+len(c.Words) <= len(toks); start++ {
			if slices.Equal(toks[start:start+len(c.Words)], c.Words) {
				return true
			}
		}
	}
	return false
}

// saidCues returns the kinds of the cue phrases a question says.
func saidCues(question string) Cue {
	toks := text.Tokens(question)
	var said Cue
	for _, c := range Cues() {
		for i := 0; i+len(c.Words) <= len(toks); i++ {
			if slices.Equal(toks[i:i+len(c.Words)], c.Words) {
				said |= c.Cues
				break
			}
		}
	}
	return said
}
