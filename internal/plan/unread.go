package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// A reading is certified only when it explains the whole question. The
// two checks here hold a rule reading below sureReading where it does not:
//
//   - a word no part of the reading explains (not an entity's mention, a
//     word the reading was read by or a word of a relation it walks, a
//     function word, a cue, a kind word or the asked kind's noun):
//     "Who are the in-laws (spouse's parents) of X?" read as X's parents
//     leaves "in-laws" and "spouse" unread;
//   - on a graph with no schema, a relation the question names by its own
//     name walked beside others in one step of a reading that is not a
//     said closure: "What does X depend on?" read through depends_on and
//     five relations the engine guessed to be of its kind (a schema that
//     gives them one concept says they are one).
//
// Neither changes what is walked: the answers stay, the claim goes (for
// the second, a union that finds nothing still proves a "none").

// doubtedConfidence is the confidence a reading keeps when a check doubts
// it: below sureReading, so that the critic does not certify it.
const doubtedConfidence = 0.75

// doubtUnexplained lowers the sure readings of a rule plan that leave a
// word of the question unexplained, and marks each reading that walks a
// relation the question names beside others (state.Reading.NamedBeside),
// for the critic to judge with the walk's outcome.
func doubtUnexplained(q string, ents []linked, s *graph.Schema, pl *state.Plan) {
	if len(pl.Readings) == 0 || len(pl.Chains) == 0 {
		return
	}
	top := pl.Readings[0]
	toks := questionWords(q, ents)
	if left := unexplainedWords(toks, top.Because, top.Concept, pl.Chains[0].Relations(), s); len(left) > 0 {
		if len(left) > 5 {
			left = append(left[:5], "…")
		}
		why := "words no part of the reading explains: " + strings.Join(left, ", ")
		doubtSure(pl, why)
	}
	if top.Extent == state.ExtentDirect && !top.ExtentSaid {
		if w := closureWord(toks, top.Concept); w != "" {
			why := fmt.Sprintf("%q names every generation of the relation; the reading took one hop (say \"directly\" or \"at any depth\")", w)
			doubtSure(pl, why)
		}
	}
	if !s.Inferred {
		return
	}
	named := namedRelations(toks, s)
	for i := range pl.Readings {
		rd := &pl.Readings[i]
		if i < len(pl.Chains) && !(rd.Extent == state.ExtentTransitive && rd.ExtentSaid) {
			rd.NamedBeside = namedBeside(named, pl.Chains[i], s)
		}
	}
}

// doubtSure holds each sure reading of the plan at doubtedConfidence,
// saying why in its guesses.
func doubtSure(pl *state.Plan, why string) {
	for i := range pl.Readings {
		if pl.Readings[i].Confidence >= sureReading {
			pl.Readings[i].Confidence = doubtedConfidence
			pl.Readings[i].Guesses = append(pl.Readings[i].Guesses, why)
			if i < len(pl.Chains) {
				pl.Chains[i].Score = doubtedConfidence
			}
		}
	}
}

// mentionMark stands for an entity's mention among a question's words.
const mentionMark = "\x00"

// questionWords splits the question into words (the one tokenizer, with
// "X's" split at the apostrophe), each mention of ents one mentionMark,
// so that the words beside a mention are still seen beside it.
func questionWords(q string, ents []linked) []string {
	var toks []string
	last := 0
	split := text.Splitter{Apostrophes: text.SplitApostrophes}
	for _, e := range ents {
		if e.start < last || e.end > len(q) {
			continue
		}
		toks = append(toks, split.Split(q[last:e.start])...)
		toks = append(toks, mentionMark)
		last = e.end
	}
	return append(toks, split.Split(q[last:])...)
}

// unexplainedWords returns the question's words (questionWords) that no part of the
// reading explains (see the top of this file).
func unexplainedWords(toks []string, because []string, concept string, walked map[string]bool, s *graph.Schema) []string {
	explained := map[string]bool{}
	explain := func(name string) {
		for _, w := range text.Tokens(name) {
			explained[w], explained[text.Singular(w)] = true, true
			for _, l := range words.Lemmas(w) {
				explained[l] = true
			}
		}
	}
	for _, b := range because {
		explain(b)
	}
	// The phrases of the kinds of relation read ("get paged for" of an
	// on-call relation walked, "downstream" of a dependency reading).
	concepts := []string{concept}
	for r := range walked {
		if rd := s.Relation(r); rd != nil {
			concepts = append(concepts, rd.Concept)
		}
	}
	for _, name := range concepts {
		c, ok := words.ParseConcept(name)
		if !ok || c == words.None {
			continue
		}
		for _, p := range words.ConceptPhrases() {
			if slices.ContainsFunc(p.Senses, func(s words.Sense) bool { return s.Concept == c }) {
				for _, w := range p.Words {
					explain(w)
				}
			}
		}
	}
	for r := range walked {
		explain(r)
	}
	for _, t := range s.Types {
		explain(t.Name)
		for _, a := range t.Aliases {
			explain(a)
		}
	}
	function := func(w string) bool { return words.ClassOf(w) != 0 || words.IsCueWord(w) || words.IsKindWord(w) }
	var out []string
	for i, w := range toks {
		switch {
		case w == mentionMark || len(w) < 2 || w[0] >= '0' && w[0] <= '9':
			continue
		case i > 0 && words.ClassOf(toks[i-1]).Has(words.Wh|words.WhMany),
			i > 0 && words.ClassOf(toks[i-1]).Has(words.Quantifier) && (i < 2 || !words.ClassOf(toks[i-2]).Has(words.Prep)):
			continue // the asked kind: "which accounts", "how many papers", "all teams" (not "at any generation")"
		case i > 0 && toks[i-1] == mentionMark || i+1 < len(toks) && toks[i+1] == mentionMark:
			continue // a mention's kind: "the search team", "the dialysis tag"
		case i+1 < len(toks) && words.ClassOf(toks[i+1]).Has(words.RelPron):
			continue // a relative clause's head: "the team that maintains X"
		case i+1 < len(toks) && explained[toks[i+1]] && (words.PastForm(toks[i+1]) || strings.HasSuffix(toks[i+1], "ing")):
			continue // a reduced relative clause's head: "flights operated by X"
		case i+1 < len(toks) && words.IsCueWord(toks[i+1]) && words.ClassOf(toks[i+1]) == 0:
			continue // a cue's modifier: "high latency"
		case gapObject(toks, i, explained):
			continue // a verb's object before its preposition: "received money from"
		}
		known := explained[w] || explained[text.Singular(w)] || function(w)
		for _, l := range words.Lemmas(w) {
			known = known || explained[l] || function(l)
		}
		if !known && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// closureWord returns the question's word (of questionWords) that names a closure of the
// reading's kind of relation ("descendants", "ancestors", "upstream"),
// or "".
func closureWord(toks []string, concept string) string {
	c, ok := words.ParseConcept(concept)
	if !ok || c == words.None {
		return ""
	}
	for _, t := range toks {
		for _, p := range words.ConceptPhrases() {
			if len(p.Words) != 1 || !words.SameWord(t, p.Words[0]) && text.Singular(t) != p.Words[0] {
				continue
			}
			if slices.ContainsFunc(p.Senses, func(s words.Sense) bool { return s.Concept == c && s.Closure }) {
				return t
			}
		}
	}
	return ""
}

// gapObject reports whether toks[i] stands between a word the reading
// explains (a verb, with determiners between) and a preposition: the
// object of a verb said around it ("gets its power from X").
func gapObject(toks []string, i int, explained map[string]bool) bool {
	if i+1 >= len(toks) || !words.ClassOf(toks[i+1]).Has(words.Prep) {
		return false
	}
	j := i - 1
	for j >= 0 && words.ClassOf(toks[j]).Has(words.Det|words.PossessiveDet) {
		j--
	}
	return j >= 0 && toks[j] != mentionMark && explained[toks[j]]
}

// namedRelations returns the graph's relations the question names by
// every content word of their own name ("depend" for depends_on, "source"
// for source), outside the entities' mentions.
func namedRelations(toks []string, s *graph.Schema) []string {
	said := func(w string) bool {
		return slices.ContainsFunc(toks, func(t string) bool { return words.SameWord(t, w) || text.Singular(t) == text.Singular(w) })
	}
	var out []string
	for _, r := range s.Relations {
		content := 0
		all := true
		for _, w := range words.NameWords(r.Name) {
			if words.ClassOf(w) != 0 {
				continue
			}
			content++
			if !said(w) {
				all = false
				break
			}
		}
		if content > 0 && all {
			out = append(out, r.Name)
		}
	}
	return out
}

// namedBeside says which relation a step of the chain walks beside one
// the question names, or "" when no step does. A relation beside a named
// one is no doubt when it is the same relation (from its other end, in
// its passive, or stored mirrored in the data) or when its own name says
// the same kind of relation (owner beside owned_by); it is one when only
// the graph's shape put it there.
func namedBeside(named []string, c state.Chain, s *graph.Schema) string {
	same := func(n, r string) bool {
		if n == r || words.ConverseOf(n, r) || words.PassiveOf(n, r) || words.PassiveOf(r, n) || words.VerbFormsOf(n, r) {
			return true
		}
		if nd, rd := s.Relation(n), s.Relation(r); nd != nil && rd != nil && (slices.Contains(nd.Mirrors, r) || slices.Contains(rd.Mirrors, n)) {
			return true
		}
		nm, rm := words.ReadName(n), words.ReadName(r)
		if nm.Concept == words.None || nm.Concept != rm.Concept {
			return false
		}
		return nm.Phrase == rm.Phrase || words.SameAct(nm.Phrase, rm.Phrase) || nm.Generic == rm.Generic && !words.DifferentActs(nm.Phrase, rm.Phrase)
	}
	for _, st := range c.Steps {
		var in []string
		for _, e := range st.Edges {
			if slices.Contains(named, e.Relation) {
				in = append(in, e.Relation)
			}
		}
		if len(in) == 0 {
			continue
		}
		for _, e := range st.Edges {
			if !slices.ContainsFunc(in, func(n string) bool { return same(n, e.Relation) }) {
				return fmt.Sprintf("the question names %s; the reading walks %s beside it", text.List(in, "and"), e.Relation)
			}
		}
	}
	return ""
}
