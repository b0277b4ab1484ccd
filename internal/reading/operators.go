package reading

import (
	"slices"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// Operator words change what a question asks without naming a relation:
// "only", "other than", "the fastest", "last year", "twice", "both". A
// reading that passes over one answers another question ("Who borrowed
// Dune last?" read as "who borrowed Dune"), so no answer of it is a
// claim. Each class is closed and listed in the word classes
// (words.Exclusive, Negator, Time, Degree, SetOp, Bound, Keep, with
// CueLead for the words that belong to the extent cue after them, Aspect
// for the verbs of a change over time and NotAdverb for the words in -ly
// that are no adverbs); a word a rule reads (an extent cue, a relation's
// name, a word a pattern used) is not an operator there.

// otherConditionals are, beside the subordinators, which open the clause
// a failure claim reads as the supposed event, the words that open a
// condition no failure claim reads ("unless", "should", "without").
var otherConditionals = words.Set("other-conditionals")

// conditional reports whether w makes a question conditional.
func conditional(w string) bool { return subordinators.Has(w) || otherConditionals.Has(w) }

// unreadOperator returns the first operator word of the question that no
// rule read, with what kind of operator it is, or "", "".
func (r *reader) unreadOperator() (word, kind string) {
	conditional := slices.ContainsFunc(r.toks, func(t token) bool { return t.entity < 0 && conditional(t.text) })
	for i, t := range r.toks {
		if t.entity < 0 && words.ClassOf(t.text).Has(words.Aspect) && !conditional && i+1 < len(r.toks) && strings.HasSuffix(r.toks[i+1].text, "ing") {
			// "did hub stop shipping to store": a change over time,
			// though "if X stops working" names a failure.
			return t.text + " " + r.toks[i+1].text, "a change over time"
		}
		if t.entity >= 0 || r.extentTok[i] || r.readAt(i) || (words.ClassOf(t.text).Has(words.CueLead) && i+1 < len(r.toks) && r.extentTok[i+1]) {
			continue
		}
		if r.pastAt(i) {
			continue // the tense check reads it (readingDoubts.tense)
		}
		if word, kind := r.operatorAt(i, conditional); word != "" {
			return word, kind
		}
	}
	return "", ""
}

// operatorAt returns the operator word at token i, and its kind, or ""
// where the word is none; conditional says whether the question has a
// condition clause.
func (r *reader) operatorAt(i int, conditional bool) (word, kind string) {
	t := r.toks[i]
	w := t.text
	class := words.ClassOf(w)
	switch {
	case class.Has(words.Exclusive):
		return w, "an exclusion"
	case class.Has(words.Negator):
		return w, "a negation"
	case class.Has(words.Time) || year(w):
		return w, "a time, an order or a frequency"
	case w == "than" && i > 0:
		return r.toks[i-1].text + " than", "a comparison"
	case class.Has(words.Degree) || isDigits(w):
		return w, "a comparison or a count"
	case class.Has(words.SetOp):
		return w, "a set of answers in common"
	case class.Has(words.Bound):
		return w, "a bound on the walk"
	case class.Has(words.Keep) && conditional:
		return w, "what a failure leaves working"
	case mannerAdverb(w) && !t.adverb:
		return w, "a manner or a frequency"
	case w == "and" && i+1 < len(r.toks) && (whWords.Has(r.toks[i+1].text) || placeTimeWords.Has(r.toks[i+1].text)) && r.toks[i+1].text != "many":
		// "what does X read, and where does it write"
		return "and " + r.toks[i+1].text, "a second question"
	}
	return "", ""
}

// readAt reports whether the token at i is a word some rule read: a word a
// cue or pattern used, or a word of a relation's name the question says.
func (r *reader) readAt(i int) bool {
	p := r.streamPos(i)
	if p < 0 {
		return false
	}
	return r.used[p] || r.namesRelation(p)
}

// namesRelation reports whether stream position p is inside a phrase
// that names a relation of the graph.
func (r *reader) namesRelation(p int) bool {
	return slices.ContainsFunc(r.rhits, func(h relHit) bool { return h.start <= p && p < h.end })
}

// mannerAdverb reports whether w is an adverb in -ly ("weekly",
// "cheaply", "rarely"): how or how often, which no relation's fact says.
func mannerAdverb(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ly") && !words.ClassOf(w).Has(words.NotAdverb)
}

// asksHowOrWhen reports whether the question opens with "when", "why" or
// "how" with a word of degree ("how fast", "how often"), which no yes or
// no answers ("how is X connected to Y" asks for the chain, and "how
// many" counts).
func (r *reader) asksHowOrWhen() string {
	w := r.st.words
	switch {
	case len(w) == 0:
		return ""
	case w[0] == "when" || w[0] == "why":
		return w[0]
	case w[0] == "how" && len(w) > 1 && r.entAt[1] < 0 && !auxiliary(w[1]) && w[1] != "many" && w[1] != "much":
		return "how " + w[1]
	}
	return ""
}

// year reports whether w is a four-digit year of the last centuries.
func year(w string) bool {
	n, err := strconv.Atoi(w)
	return err == nil && len(w) == 4 && n >= 1800 && n <= 2199
}

// isDigits reports whether w is a number written in digits.
func isDigits(w string) bool {
	if w == "" {
		return false
	}
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
