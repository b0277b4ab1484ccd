package plan

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// domainWord finds a word that says what the whole graph is about, said
// before a kind noun of the graph: an acronym, or a capitalised word not
// opening the question, that is no entity and no word of any entity's,
// type's or relation's name, right before a word naming one of the
// graph's types ("Which CNCF projects graduated in 2023?", "Is Meshery a
// graduated CNCF project?" over a graph of CNCF projects that never says
// CNCF). Read as a name word, such a word keeps no answer; read as an
// entity, it refuses the question. It returns the question without the
// word, and the word, or ok false; calls counts the store calls made.
func (p *Rules) domainWord(ctx context.Context, question string, s *graph.Schema, ents []linked) (rest, word string, calls int, err error) {
	gw := p.graphWords(s)
	ws := text.Words(question)
	for i := 0; i+1 < len(ws); i++ {
		w, next := ws[i], ws[i+1]
		low := strings.ToLower(w.Raw)
		if !acronym(w.Raw) && (i == 0 || !capitalised(w.Raw)) || inMention(w, ents) || inMention(next, ents) ||
			words.ClassOf(low) != 0 || gw.typeWord[low] || gw.relWord[low] {
			continue
		}
		kinds := gw.typesNamed(strings.ToLower(next.Raw))
		if len(kinds) == 0 {
			continue
		}
		res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: []string{w.Raw}, Partial: true})
		calls++
		if err != nil {
			return "", "", calls, fmt.Errorf("look up %q: %w", w.Raw, err)
		}
		if len(res) > 0 && slices.ContainsFunc(res[0], func(m graph.Match) bool {
			return m.Method != graph.MatchPartial || slices.Contains(kinds, m.Entity.Type)
		}) {
			continue // an entity, or a word of the names of the kind said
		}
		rest := strings.Join(strings.Fields(question[:w.Start]+" "+question[w.End:]), " ")
		return rest, w.Raw, calls, nil
	}
	return "", "", calls, nil
}

// typesNamed returns the types whose name's last word is w or its
// singular ("projects" for project, "policies" for NetworkPolicy).
func (gw *graphWords) typesNamed(w string) []string {
	var out []string
	for t, toks := range gw.typeToks {
		if n := len(toks); n > 0 && (toks[n-1] == w || toks[n-1] == text.Singular(w)) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// inMention reports whether word w lies in one of the entity mentions.
func inMention(w text.Word, ents []linked) bool {
	for _, e := range ents {
		if w.Start < e.end && w.End > e.start {
			return true
		}
	}
	return false
}

// acronym reports whether w is written in two or more capital letters
// and nothing else ("CNCF", "MLB").
func acronym(w string) bool {
	if len(w) < 2 {
		return false
	}
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// capitalised reports whether w starts with a capital letter followed by
// lower-case letters only ("Unicode").
func capitalised(w string) bool {
	for i, r := range w {
		if i == 0 && !unicode.IsUpper(r) || i > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return len(w) > 1
}
