package plan

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// A question of several sentences often says its context first and asks
// after ("Who would I ask for a review on the initiative-template
// repository? List the members of the teams that maintain it."), or asks
// and then says what it means ("Who should the fls contributors team
// escalate to? (the leads of its parent team)"). Where the whole reads
// weakly, the last part is read on its own, its pronouns standing for the
// entity the other parts name, and its reading is taken where it is sure,
// uncertain: the other parts are words it does not read.

// questionPart is one sentence, clause after a dash, or parenthesis of a
// question, as byte offsets.
type questionPart struct{ start, end int }

// partBreak matches where one sentence or clause of a question ends and
// the next begins: a sentence's end followed by more words, a dash between
// words, or a semicolon.
var partBreak = regexp.MustCompile(`[?.!;]\s+|\s+[—–]\s+|\s+-{1,2}\s+`)

// closingParenthesis matches a parenthesis that closes the question; one
// inside a sentence is an aside of it ("the services under X (its whole
// dependency tree)").
var closingParenthesis = regexp.MustCompile(`\(([^()]*)\)[\s?.!]*$`)

// questionParts splits q into its parts, those with a word in them.
func questionParts(q string) []questionPart {
	var out []questionPart
	body := len(q)
	var closing []questionPart
	if m := closingParenthesis.FindStringSubmatchIndex(q); m != nil {
		body = m[0]
		closing = append(closing, questionPart{m[2], m[3]})
	}
	last := 0
	add := func(end int) {
		if strings.ContainsFunc(q[last:end], func(r rune) bool { return r > ' ' && !strings.ContainsRune("?.!;—–-", r) }) {
			out = append(out, questionPart{last, end})
		}
	}
	for _, m := range partBreak.FindAllStringIndex(q[:body], -1) {
		add(m[0])
		last = m[1]
	}
	add(body)
	return append(out, closing...)
}

// pronounWords are the pronouns a part's words may use for the entity
// another part names, each with the first letter of the word after it,
// if any (which tells "her manager" from "ask her").
var pronounWords = regexp.MustCompile(`(?i)\b(it|they|them|he|him|she|its|their|his|her)\b(\s+\w)?`)

// partQuestion returns part p of q as a question of its own: its
// pronouns written as the one entity the other parts name (none are
// written where they name several or none), and whether it names an
// entity at all.
func partQuestion(q string, p questionPart, ents []linked) (string, bool) {
	inside := false
	var other *linked
	several := false
	for i, e := range ents {
		switch {
		case e.start >= p.start && e.end <= p.end:
			inside = true
		case other == nil:
			other = &ents[i]
		case e.anchor.Entity != other.anchor.Entity:
			several = true
		}
	}
	text := q[p.start:p.end]
	if other == nil || several {
		return text, inside
	}
	mention := q[other.start:other.end]
	replaced := false
	text = pronounWords.ReplaceAllStringFunc(text, func(m string) string {
		replaced = true
		sub := pronounWords.FindStringSubmatch(m)
		w, rest := sub[1], ""
		if sub[2] != "" {
			rest = " " + strings.TrimSpace(sub[2])
		}
		switch strings.ToLower(w) {
		case "its", "their", "his":
			return mention + "'s" + rest
		case "her":
			if rest != "" { // "her manager": hers; "ask her": her
				return mention + "'s" + rest
			}
		}
		return mention + rest
	})
	return text, inside || replaced
}

// partConfidence is the most a reading of one part of a question gets:
// the other parts are words it leaves unread, so it is never certified.
const partConfidence = 0.75

// byPart returns the plan of the last part of a question of several
// parts (questionParts), where that part reads surely on its own and
// plan's reading is too unsure for a claim, capped at partConfidence, and
// whether it did; link links the part's words.
func (p *Rules) byPart(q string, s *graph.Schema, ents []linked, plan state.Plan, link func(string) ([]linked, error)) (state.Plan, bool, error) {
	if !weakPlan(plan) {
		return state.Plan{}, false, nil
	}
	parts := questionParts(q)
	if len(parts) < 2 {
		return state.Plan{}, false, nil
	}
	// The last part is what the question means where the whole reads
	// weakly: a request after the context ("List the members of ..."), a
	// closing parenthesis, "I mean ...". An earlier part that reads
	// surely may only be the context.
	pq, ok := partQuestion(q, parts[len(parts)-1], ents)
	if !ok {
		return state.Plan{}, false, nil
	}
	pents, err := link(pq)
	if err != nil || len(pents) == 0 {
		return state.Plan{}, false, err
	}
	best := p.build(pq, s, pents)
	if weakPlan(best) {
		return state.Plan{}, false, nil
	}
	why := fmt.Sprintf("read the question's last part on its own, %q: the whole reads weakly, and the rest is not read", pq)
	best.Notes = append(slices.Clip(best.Notes), why)
	for i := range best.Readings {
		best.Readings[i].Confidence = min(best.Readings[i].Confidence, partConfidence)
		best.Readings[i].Guesses = append(slices.Clip(best.Readings[i].Guesses), why)
	}
	for i := range best.Chains {
		best.Chains[i].Score = min(best.Chains[i].Score, partConfidence)
	}
	return best, true, nil
}
