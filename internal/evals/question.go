package evals

import (
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Question is one evaluation question with its gold data, in the form
// every parser produces.
type Question struct {
	// ID names the question: the JSONL id, else "file:line".
	ID string `json:"id"`
	// Text is the question as asked (MetaQA's [brackets] kept).
	Text string `json:"question"`
	// Answers are the gold answers; empty for a question whose honest
	// answer is "nothing" (a negative question).
	Answers []string `json:"answers"`
	// Anchors are the question's topic entities as the data names them:
	// MetaQA's bracketed entity, a PathQuestion path's first entity, JSONL
	// anchors.
	Anchors []string `json:"anchors,omitempty"`
	// Hops is the gold depth: JSONL hops, else the longest gold path, else
	// the MetaQA folder (1-hop, 2-hop, 3-hop). 0 when unknown.
	Hops int `json:"hops"`
	// GoldPaths are the gold evidence paths, each a sequence of triples in
	// storage direction; nil when the data has none.
	GoldPaths [][]graph.Triple `json:"gold_paths,omitempty"`
	// GoldChain is the relation chain the question asks for, walked from
	// Anchors[0], when the data names it (MetaQA qtype, PathQuestion
	// paths). JSONL gold paths give their chains through OracleChain.
	GoldChain []state.RelDir `json:"gold_chain,omitempty"`
	// Type is the data's question type (MetaQA qtype, JSONL kind).
	Type string `json:"type,omitempty"`
	// Source is where the question was read.
	Source graph.Source `json:"source"`
}

// Normalize is the key answers are compared under: lower case, with
// underscores and every run of white space turned into one space, and the
// ends trimmed. "Paris_Texas", "paris  texas" and "Paris Texas" are the
// same answer; "Paris, Texas" is not (punctuation is kept).
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if r == '_' || unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// normSet returns the distinct normalized forms of names, in first-seen
// order, and the set of them.
func normSet(names []string) ([]string, map[string]bool) {
	set := make(map[string]bool, len(names))
	out := make([]string, 0, len(names))
	for _, n := range names {
		k := Normalize(n)
		if k == "" || set[k] {
			continue
		}
		set[k] = true
		out = append(out, k)
	}
	return out, set
}

// goldDepth is the gold depth of a question from its gold paths: the
// longest one.
func goldDepth(paths [][]graph.Triple) int {
	n := 0
	for _, p := range paths {
		n = max(n, len(p))
	}
	return n
}
