package docs

import (
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// Terms a document names by repetition (issue 33, twelfth pass).
//
// Technical prose names its parts with fixed noun compounds it repeats word
// for word — "the data node", "the runtime shim", "the log broker", "the
// content store" — whether or not their head is a kind noun a list knows. A
// compound of two plain words that the document writes at least twice at
// the start of a noun phrase (after a determiner or a preposition, or
// starting a sentence) and that heads it (no plain noun after it) is a term:
// it is one of the names the document gives (docContext.names), spotted
// wherever it is written, capitalised or not ("Data node retrieves …").

// termMinCount is how often a compound must start a noun phrase to be a term.
const termMinCount = 2

// compoundWord reports whether a token may be a word of a term: a plain
// lower-case content word (the first word of a sentence may be capitalised),
// not a function word, an adverb, a count, an adjective that describes
// rather than names, a past participle or a gerund.
func compoundWord(t otok, first bool) bool {
	if t.punct || t.code || t.poss || !hasLetters2(t.text) || identifier(t) {
		return false
	}
	if isCapWord(t) && !(first && strings.ToLower(t.text[1:]) == t.text[1:]) {
		return false
	}
	w := t.low
	return !openWords.function(w) && !openWords.is("name-adjectives", w) && !openWords.is("number-words", w) &&
		!openWords.is("generic-words", w) && !openWords.is("not-names", w) &&
		!strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "ed")
}

// abstractNoun reports whether a word has an ending of abstract nouns
// ("generation", "persistence", "management"): such a head names an act or
// a quality ("the manifest generation", "data persistence"), not a part.
func abstractNoun(w string) bool {
	for e := range openWords.sets["abstract-endings"] {
		if strings.HasSuffix(w, e) && len(w) > len(e)+2 {
			return true
		}
	}
	return false
}

// adjectiveForm reports whether a word has an ending of adjectives
// ("initial", "historical", "persistent" aside): "the initial data" is
// data described, not a part named.
func adjectiveForm(w string) bool {
	for e := range openWords.sets["adjective-endings"] {
		if strings.HasSuffix(w, e) && len(w) > len(e)+2 {
			return true
		}
	}
	return false
}

// phraseStart reports whether a noun phrase may start at token i: the
// sentence's start, or after a definite determiner or a preposition.
func phraseStart(toks []otok, i int) bool {
	if i == 0 {
		return true
	}
	p := toks[i-1].low
	return p == "the" || p == "each" || p == "every" || p == "its" || p == "their" || p == "this" || p == "that" ||
		openWords.is("prepositions", p)
}

// repeatedCompounds returns the terms of a document's sentences (see
// above), each with the words the document first wrote it in.
func repeatedCompounds(sentences [][]otok) []string {
	count := map[string]int{}
	var order []string
	for _, toks := range sentences {
		for i := 0; i+1 < len(toks); i++ {
			if !compoundAt(toks, i) {
				continue
			}
			key := toks[i].low + " " + singular(toks[i+1].low)
			if count[key] == 0 {
				order = append(order, key)
			}
			count[key]++
		}
	}
	var out []string
	for _, k := range order {
		if count[k] >= termMinCount {
			out = append(out, k)
		}
	}
	return out
}

// compoundAt reports whether tokens i and i+1 are a two-word noun compound
// a term may be: a modifier and a head that start a noun phrase, are
// words a compound is made of, and are no clause (a verb and its object,
// a subject and its verb) nor a compound that modifies the noun after it.
func compoundAt(toks []otok, i int) bool {
	a, h := toks[i], toks[i+1]
	if !compoundWords(toks, i) {
		return false
	}
	switch {
	case openWords.kind(singular(h.low)) == "" && verbLike(singular(h.low)):
		return false // "the append write", "similarity search": an act, not a part
	case i == 0 && (thirdPerson(a.low) && verbLike(a.low) || thirdPerson(h.low) && verbLike(h.low)):
		return false // "Uploads a tarball", "Data flows through": a clause, not a term
	case thirdPerson(h.low) && verbLike(h.low) && i+2 < len(toks) && !toks[i+2].punct && !openWords.is("prepositions", toks[i+2].low):
		return false // "the proxy forwards requests": the second word is the verb
	case verbLike(a.low) && !openWords.is("nouns", a.low) && thirdPerson(a.low):
		return false // "stores data", "calls services": the clause's verb before a noun, not a modifier
	case i+2 < len(toks) && (compoundWord(toks[i+2], false) && !verbLike(toks[i+2].low) && !subjectVerb(toks, i, i+2) || toks[i+2].code || identifier(toks[i+2])):
		return false // "the data node process": the compound modifies the noun after it
	}
	return true
}

// compoundWords reports whether tokens i and i+1 start a noun phrase and
// are words a compound is made of: a modifier that is no adjective's form
// and a head that is no abstract noun.
func compoundWords(toks []otok, i int) bool {
	a, h := toks[i], toks[i+1]
	return phraseStart(toks, i) && compoundWord(a, i == 0) && compoundWord(h, false) && !abstractNoun(h.low) && !adjectiveForm(a.low)
}

// agreeingVerb reports whether the word after a name the document gives
// (toks[i:j], a heading, a term, a code name) is the clause's verb though no
// list knows it, by agreement: the name starts its clause, is singular (its
// last word has no plural s), and the word after it has the form of a third
// person singular with no verb or plural noun after it ("Query node
// retrieves incremental log data …", "Data node packs log data into …");
// a singular name before a plural noun modifies it ("the query node logs
// are …" has its verb after).
func agreeingVerb(toks []otok, i, j int) bool {
	if j >= len(toks) || subjectVerb(toks, i, j) {
		return j < len(toks)
	}
	last, w := toks[j-1], toks[j]
	if singular(last.low) != last.low || w.punct || w.code || isCapWord(w) || identifier(w) || !thirdPerson(w.low) ||
		openWords.is("nouns", w.low) || openWords.is("nouns", singular(w.low)) || openWords.kind(singular(w.low)) != "" || openWords.is("request-nouns", w.low) {
		return false
	}
	k := i
	for k > 0 && openWords.is("determiners", toks[k-1].low) {
		k--
	}
	if k > 0 && !toks[k-1].punct && !openWords.is("clause-words", toks[k-1].low) && !openWords.is("coordinators", toks[k-1].low) {
		return false
	}
	if j+1 < len(toks) {
		n := toks[j+1]
		if n.punct || openWords.is("auxiliaries", n.low) || openWords.is("be", n.low) || thirdPerson(n.low) && verbLike(n.low) {
			return false
		}
	}
	return true
}

// imperativeAfterComma reports whether the words after a comma start with a
// verb in its base form: no third person, past form, participle, auxiliary
// or adverb ("…, run from the repo root"). Such a verb agrees with no
// singular subject before the comma; the clause is an instruction to the
// reader.
func imperativeAfterComma(ts []otok) bool {
	if len(ts) == 0 {
		return false
	}
	v := ts[0]
	if v.punct || v.code || isCapWord(v) || !verbLike(v.low) || thirdPerson(v.low) || words.PastForm(v.low) ||
		strings.HasSuffix(v.low, "ing") || openWords.function(v.low) || openWords.is("auxiliaries", v.low) || openWords.is("be", v.low) ||
		openWords.is("adverbs", v.low) || openWords.is("nouns", v.low) {
		return false
	}
	return lemma(v.low) == v.low
}

// singularSubject reports whether a group is one mention whose last word
// has no plural s and is no plural pronoun: a subject a verb's base form
// does not agree with ("To build using Docker run from the repo root":
// "run" is not Docker's verb).
func singularSubject(all []otok, g group) bool {
	if len(g.ms) != 1 || g.j < 1 || g.j > len(all) {
		return false
	}
	w := all[g.j-1].low
	return !strings.HasSuffix(w, "s") && w != "they" && w != "we" && w != "you" && w != "i" && !all[g.j-1].punct
}
