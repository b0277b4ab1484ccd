package docs

import (
	"regexp"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// Mention confidences by how the dictionary matched, and the floor under
// which a dictionary match is not linked (REFERENCE R5: auto-link only
// above 0.85).
const (
	ConfidenceExact      = 1.0
	ConfidenceNormalized = 0.95
	ConfidenceAlias      = 0.9
	// ConfidenceAliasWord is an alias of one plain word ("fraud",
	// "orders", "warehouse"): too common to link on its own.
	ConfidenceAliasWord  = 0.6
	ConfidenceCoref      = 0.8
	MinMentionConfidence = 0.85
)

// Spotter names, as recorded in provenance.
const (
	SpotDictionary = "dictionary"
	SpotRegex      = "regex"
	SpotCoref      = "coreference"
)

// Mention is an entity recognised in a sentence.
type Mention struct {
	Entity     graph.Entity
	Text       string
	Start, End int // byte offsets in the sentence
	Spotter    string
	Match      graph.MatchMethod // for dictionary mentions
	Confidence float64
}

// RegexSpotter recognises entities of one type by a regular expression
// (ticket ids, error codes); the matched text is the entity's name.
type RegexSpotter struct {
	Type    string
	Pattern *regexp.Regexp
}

// DefaultSpotters recognise ticket ids (INC-2041, OPS-1180) and error
// codes (E4012, ERR_TIMEOUT).
func DefaultSpotters() []RegexSpotter {
	return []RegexSpotter{
		{Type: "Ticket", Pattern: regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,9}-\d{2,6}\b`)},
		{Type: "ErrorCode", Pattern: regexp.MustCompile(`\bE\d{4}\b|\bERR_[A-Z0-9_]+\b`)},
	}
}

type dictEntry struct {
	entity graph.Entity
	alias  bool
}

// Dictionary spots the entities it knows by name or alias, compared under
// text.Key: "payment-svc", "Payment Service" and "the payment service" are
// the same key. A key two entities share is ambiguous and never linked.
type Dictionary struct {
	byKey    map[string][]dictEntry
	maxWords int
}

// NewDictionary builds a dictionary from entity definitions (the schema's
// entities with their aliases, and the existing graph's entities).
func NewDictionary(defs []graph.EntityDef) *Dictionary {
	d := &Dictionary{byKey: map[string][]dictEntry{}}
	add := func(surface string, e graph.Entity, alias bool) {
		k := text.Key(surface)
		if k == "" {
			return
		}
		for _, x := range d.byKey[k] {
			if x.entity.Name == e.Name {
				return
			}
		}
		d.byKey[k] = append(d.byKey[k], dictEntry{entity: e, alias: alias})
		// "payment-service" is one word but may be written as two
		// ("the Payment Service"): count tokens, and one for an article.
		if n := max(len(strings.Fields(surface)), len(text.Tokens(surface))) + 1; n > d.maxWords {
			d.maxWords = n
		}
	}
	for _, def := range defs {
		e := graph.Entity{Name: def.Name, Type: def.Type}
		add(def.Name, e, false)
		for _, a := range def.Aliases {
			add(a, e, true)
		}
	}
	if d.maxWords > 8 {
		d.maxWords = 8
	}
	return d
}

// fingerprint lists the dictionary's entries in a stable order (for the
// extractor's fingerprint).
func (d *Dictionary) fingerprint() []string {
	var out []string
	for k, es := range d.byKey {
		for _, e := range es {
			out = append(out, k+"\t"+e.entity.Name+"\t"+e.entity.Type)
		}
	}
	sort.Strings(out)
	return out
}

// spot finds the dictionary's entities in a sentence, longest match first,
// skipping the byte ranges already taken.
func (d *Dictionary) spot(s string, taken [][2]int) []Mention {
	words := text.Words(s)
	free := func(w text.Word) bool {
		for _, t := range taken {
			if w.Start < t[1] && t[0] < w.End {
				return false
			}
		}
		return true
	}
	var out []Mention
	for i := 0; i < len(words); {
		found := 0
		for n := min(d.maxWords, len(words)-i); n >= 1 && found == 0; n-- {
			ok := true
			for _, w := range words[i : i+n] {
				ok = ok && free(w)
			}
			if !ok {
				continue
			}
			start, end := words[i].Start, words[i+n-1].End
			surface := s[start:end]
			es := d.byKey[text.Key(surface)]
			if len(es) != 1 {
				continue // unknown, or ambiguous: not linked
			}
			e := es[0]
			m := Mention{Entity: e.entity, Text: surface, Start: start, End: end, Spotter: SpotDictionary}
			switch {
			case e.alias && plainWord(surface):
				m.Match, m.Confidence = graph.MatchAlias, ConfidenceAliasWord
			case e.alias:
				m.Match, m.Confidence = graph.MatchAlias, ConfidenceAlias
			case surface == e.entity.Name:
				m.Match, m.Confidence = graph.MatchExact, ConfidenceExact
			default:
				m.Match, m.Confidence = graph.MatchNormalized, ConfidenceNormalized
			}
			if m.Confidence < MinMentionConfidence {
				continue
			}
			out = append(out, m)
			found = n
		}
		if found == 0 {
			found = 1
		}
		i += found
	}
	return out
}

// spotAll finds the mentions of a sentence: the regular-expression
// spotters first, then the dictionary on what they left; sorted by offset.
func spotAll(s string, d *Dictionary, spotters []RegexSpotter) []Mention {
	var out []Mention
	var taken [][2]int
	for _, sp := range spotters {
		for _, m := range sp.Pattern.FindAllStringIndex(s, -1) {
			out = append(out, Mention{
				Entity: graph.Entity{Name: s[m[0]:m[1]], Type: sp.Type}, Text: s[m[0]:m[1]],
				Start: m[0], End: m[1], Spotter: SpotRegex + ":" + sp.Type, Confidence: ConfidenceExact,
			})
			taken = append(taken, [2]int{m[0], m[1]})
		}
	}
	out = append(out, d.spot(s, taken)...)
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// plainWord reports whether a surface (an article aside) is one word of
// lower-case letters.
func plainWord(surface string) bool {
	toks := text.KeyTokens(surface)
	if len(toks) != 1 {
		return false
	}
	w := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(surface), "the "), "a "))
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}
