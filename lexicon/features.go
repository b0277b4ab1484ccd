package lexicon

import (
	"strconv"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"
)

// stopwords carry no relation meaning; they are kept in bigrams but not
// in the positional features.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "is": true, "are": true, "was": true, "were": true,
	"be": true, "what": true, "which": true, "who": true, "that": true, "this": true, "s": true,
	"do": true, "doe": true, "did": true, "in": true, "by": true, "and": true, "to": true, "for": true,
	"name": true, "there": true, "it": true, "its": true, "as": true, "with": true, "on": true,
}

// featureWords splits like the lexicon's features always have: at
// apostrophes ("mother's" is "mother", "s"), stemmed.
var featureWords = text.Splitter{Apostrophes: text.SplitApostrophes, Stem: true}

// tokenize splits a masked question into lower-case stemmed tokens; the
// mask is kept as the token "<e>".
func tokenize(q string) []string {
	var out []string
	for _, w := range strings.Fields(q) {
		if w == text.Mask {
			out = append(out, text.Mask)
			continue
		}
		out = append(out, featureWords.Split(w)...)
	}
	return out
}

// features returns the feature strings of a masked question, without
// duplicates, in a stable order.
func features(masked string) []string {
	fs, _ := analyze(masked)
	return fs
}

// where records, for each content word of a question, where it stands
// relative to the anchor: "L0" is the nearest word to its left, "R1" the
// second to its right, "L3" and "R3" the fourth and beyond.
type where map[string]string

// relationWords are the words of a relation's name that a question may
// use: the last part of a path-like name ("__people__person__spouse" ->
// spouse), split at underscores and humps, stemmed, minus stopwords and
// the "has"/"in"/"by" of names like has_genre.
func relationWords(name string) []string {
	if ws, ok := relationWordCache.Load(name); ok {
		return ws.([]string)
	}
	ws := splitRelationName(name)
	relationWordCache.Store(name, ws)
	return ws
}

// relationWordCache memoizes relationWords: chain scoring asks for the
// words of the same few relations for every candidate chain of every
// question. Relation names come from schemas and lexicons, so it stays
// small.
var relationWordCache sync.Map // relation name -> []string

func splitRelationName(name string) []string {
	if i := strings.LastIndex(name, "__"); i >= 0 && i+2 < len(name) {
		name = name[i+2:]
	}
	var out []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		for _, t := range tokenize(part) {
			if t == "ha" || t == "has" || stopwords[t] {
				continue
			}
			out = append(out, t)
		}
	}
	return out
}

// nameAt returns where in the question a word of the relation's name
// first stands (nearest the anchor first), or "none".
func (w where) nameAt(rel string) string {
	best := "none"
	rank := func(label string) int {
		if label == "none" {
			return 99
		}
		side := 0
		if label[0] == 'R' {
			side = 1
		}
		return 2*int(label[1]-'0') + side
	}
	for _, t := range relationWords(rel) {
		if l, ok := w[t]; ok && rank(l) < rank(best) {
			best = l
		}
	}
	return best
}

func analyze(masked string) ([]string, where) {
	toks := tokenize(masked)
	pos := where{}
	at := -1
	for i, t := range toks {
		if t == text.Mask {
			at = i
			break
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(f string) {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	add("bias")
	for i, t := range toks {
		if t == text.Mask {
			continue
		}
		add("w:" + t)
		if i+1 < len(toks) {
			add("b:" + t + "_" + toks[i+1])
		}
	}
	if at < 0 {
		for _, t := range toks {
			if !stopwords[t] {
				if _, ok := pos[t]; !ok {
					pos[t] = "R3"
				}
			}
		}
		return out, pos
	}
	// Content words by side, nearest the anchor first, with their rank.
	rank := 0
	for i := at - 1; i >= 0; i-- {
		t := toks[i]
		if stopwords[t] {
			continue
		}
		add("L:" + t)
		if rank < 4 {
			add("L" + strconv.Itoa(rank) + ":" + t)
		}
		if _, ok := pos[t]; !ok {
			pos[t] = "L" + strconv.Itoa(min(rank, 3))
		}
		rank++
	}
	rank = 0
	for i := at + 1; i < len(toks); i++ {
		t := toks[i]
		if stopwords[t] {
			continue
		}
		add("R:" + t)
		if rank < 4 {
			add("R" + strconv.Itoa(rank) + ":" + t)
		}
		if l, ok := pos[t]; !ok || (l[0] == 'L' && l[1] > byte('0'+min(rank, 3))) {
			pos[t] = "R" + strconv.Itoa(min(rank, 3))
		}
		rank++
	}
	// The words right next to the anchor, stopwords included.
	if at > 0 {
		add("l1:" + toks[at-1])
	}
	if at+1 < len(toks) {
		add("r1:" + toks[at+1])
	}
	return out, pos
}
