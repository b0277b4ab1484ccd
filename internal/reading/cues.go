package reading

import (
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// cue is a phrase of question English, matched in any inflection of its
// first word (words.Forms) and as written after it.
type cue struct {
	words []map[string]bool
	text  string
}

// newCue makes the cue of one phrase; inflect matches its first word in
// any inflection.
func newCue(text string, inflect bool) cue {
	c := cue{text: text}
	for i, w := range strings.Fields(text) {
		if i == 0 && inflect {
			c.words = append(c.words, words.FormSet(w))
		} else {
			c.words = append(c.words, map[string]bool{w: true})
		}
	}
	return c
}

// find returns the token offsets where the cue occurs in toks (their
// text), longest cue lists first is the caller's business.
func (c cue) find(toks []token) []int {
	var at []int
outer:
	for i := 0; i+len(c.words) <= len(toks); i++ {
		for k, set := range c.words {
			if !set[toks[i+k].text] {
				continue outer
			}
		}
		at = append(at, i)
	}
	return at
}

// The cue lists are read from words' cues.txt, the one place a cue
// phrase is written: extent and optional cues match as written ("direct"
// must not match "directed"), the others in any inflection of their
// first word ("goes down", "went down").
var (
	// Extent cues: how far the question asks to go.
	transitiveCues = cuesOf(words.Transitive)
	directCues     = cuesOf(words.Direct)
	// The entity before the cue is failing: "if X goes down", "X is
	// compromised", "when X breaks".
	failsCues = cuesOf(words.Fails)
	// The entity after the cue is failing: "an outage of X", "a bug in
	// X", "affected by X", "removing X", "without X".
	failureOfCues = cuesOf(words.FailureOf)
	// Nouns after the failing entity: "the X outage", "X's failure".
	failureNouns = cuesOf(words.FailureNoun)
	// Active causal verbs: the entity before is the cause, the one after
	// is affected ("X affects Y", "what would take X down").
	causeCues = cuesOf(words.Cause)
	// Consequence words frame the question as impact without naming a
	// role.
	consequenceCues = cuesOf(words.Consequence)
	// survivalCues ask what a failure leaves working: the complement of
	// what it affects.
	survivalCues = cuesOf(words.Survival)
	// optionalCues ask for optional dependencies to be included.
	optionalCues = cuesOf(words.Optional)
)

// cuesOf returns the cue phrases of kind x, in cues.txt's order.
func cuesOf(x words.Cue) []cue {
	var out []cue
	for _, p := range words.Cues() {
		if p.Cues.Has(x) {
			out = append(out, newCue(p.Text, !p.AsWritten(x)))
		}
	}
	return out
}

// whWords start a question or name what is asked ("many": "how many
// ports ...").
var whWords = words.Set("wh-words")

// functionWordSet and the fillers of classes.txt carry no relation
// meaning: a question whose every other word is one of these, a cue, an
// entity or a type word asks about the entity's neighbourhood; any other
// word may name a relation, and if none of the graph's relations matches
// it, the question cannot be read.
var functionWordSet = words.Set("function-words")

// functionWord reports whether w carries no relation meaning (see
// functionWordSet).
func functionWord(w string) bool { return functionWordSet.Has(w) || words.ClassOf(w).Has(words.Filler) }
