package words

import (
	"fmt"
	"slices"
	"strings"
)

// Reading is one phrase of readings.txt and its group's own phrase
// ("delegate to" → "call").
type Reading struct {
	Phrase, Group string
}

// Readings returns the phrases of readings.txt in file order, each group's
// own phrase first.
func Readings() []Reading { return k().readings }

// parseReadings reads readings.txt: "group: phrase, phrase, ...". A group
// must be a verb phrase of concepts (its senses are what its phrases mean
// in questions); a phrase is given once.
func parseReadings(concepts []ConceptPhrase) ([]Reading, error) {
	es, err := readFile("readings.txt")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []Reading
	for _, e := range es {
		if verbSenses(concepts, e.key) == nil {
			return nil, fmt.Errorf("readings.txt:%d: %q is no verb phrase of concepts.txt", e.line, e.key)
		}
		if seen[e.key] {
			return nil, fmt.Errorf("readings.txt:%d: %q is given twice", e.line, e.key)
		}
		seen[e.key] = true
		out = append(out, Reading{Phrase: e.key, Group: e.key})
		for _, p := range strings.Split(e.value, ",") {
			p = strings.Join(strings.Fields(strings.ToLower(p)), " ")
			if p == "" {
				continue
			}
			if seen[p] {
				return nil, fmt.Errorf("readings.txt:%d: %q is given twice", e.line, p)
			}
			seen[p] = true
			out = append(out, Reading{Phrase: p, Group: e.key})
		}
	}
	return out, nil
}

// verbSenses returns the verb senses of concept phrase p, or nil.
func verbSenses(concepts []ConceptPhrase, p string) []Sense {
	for _, cp := range concepts {
		if cp.Text != p {
			continue
		}
		var out []Sense
		for _, s := range cp.Senses {
			if s.Part == Verb {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// readingConcepts returns the concept phrases the readings add for the
// question reader: each phrase of a group whose phrase names one act
// ("call", "read"), that concepts.txt and cues.txt do not list and that is
// not one word classes.txt gives a class, with the verb senses of its
// group's phrase. A group that names its concept as a whole ("depend on":
// "run", "base on", "interact with") is the documents' only: in a question
// such a phrase names no act, and over other graphs it names other
// relations (an image based on another, drugs that interact).
func readingConcepts(kn *knowledge, rs []Reading) []ConceptPhrase {
	var out []ConceptPhrase
	for _, r := range rs {
		senses := verbSenses(kn.concepts, r.Group)
		if r.Phrase == r.Group || knownElsewhere(kn, r.Phrase) || !slices.ContainsFunc(senses, func(s Sense) bool { return len(s.Acts) > 0 && !s.Generic }) {
			continue
		}
		out = append(out, ConceptPhrase{Text: r.Phrase, Words: strings.Fields(r.Phrase), Senses: slices.Clone(senses), Reading: true})
	}
	return out
}

// knownElsewhere reports whether the question reader already knows phrase
// p in a sense of its own: a concept phrase, a cue, or a single word with
// a class.
func knownElsewhere(kn *knowledge, p string) bool {
	if slices.ContainsFunc(kn.concepts, func(cp ConceptPhrase) bool { return cp.Text == p }) {
		return true
	}
	if slices.ContainsFunc(kn.cues, func(c CuePhrase) bool { return c.Text == p }) {
		return true
	}
	_, classed := kn.classes[p]
	return classed
}
