package plan

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// linked is an entity mention found in the question.
type linked struct {
	anchor     state.Anchor
	start, end int // byte offsets in the question
	// candidates are the matches tied with the chosen one (an ambiguity
	// when there are several).
	candidates []graph.Match
}

// link finds the question's entity mentions: the [bracketed] ones when
// there are any (each looked up, the missing ones noted); else every run
// of words is tried against the store in one batch and the longest
// non-overlapping matches win; else fuzzy matching on the runs that look
// most like names. It returns the mentions in question order, notes for
// the plan, and the store calls made.
func (p *Rules) link(ctx context.Context, q string) ([]linked, []string, int, error) {
	if bs := text.Brackets(q); len(bs) > 0 {
		return p.linkBrackets(ctx, bs)
	}
	calls := 0
	ws := text.Words(q)
	type span struct{ i, j int } // words [i, j)
	var spans []span
	var mentions []string
	for i := range ws {
		for j := i + 1; j <= len(ws) && j-i <= p.opts.MaxSpanWords; j++ {
			m := q[ws[i].Start:ws[j-1].End]
			if allStopwords(m) {
				continue
			}
			spans = append(spans, span{i, j})
			mentions = append(mentions, m)
		}
	}
	if len(mentions) == 0 {
		return nil, nil, calls, nil
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Limit: 5})
	calls++
	if err != nil {
		return nil, nil, calls, fmt.Errorf("link entities: %w", err)
	}
	// Longest spans first, then exact before normalized, alias and
	// partial, then leftmost.
	order := make([]int, len(spans))
	for k := range order {
		order[k] = k
	}
	rank := func(k int) int {
		if len(res[k]) == 0 {
			return 9
		}
		return methodRank(res[k][0].Method)
	}
	sort.SliceStable(order, func(a, b int) bool {
		sa, sb := spans[order[a]], spans[order[b]]
		la, lb := ws[sa.j-1].End-ws[sa.i].Start, ws[sb.j-1].End-ws[sb.i].Start
		if la != lb {
			return la > lb
		}
		if ra, rb := rank(order[a]), rank(order[b]); ra != rb {
			return ra < rb
		}
		return sa.i < sb.i
	})
	used := make([]bool, len(ws))
	var out []linked
	for _, k := range order {
		if len(res[k]) == 0 {
			continue
		}
		sp := spans[k]
		free := true
		for w := sp.i; w < sp.j; w++ {
			if used[w] {
				free = false
				break
			}
		}
		if !free {
			continue
		}
		l, ok := p.choose(mentions[k], res[k], false)
		if !ok {
			continue
		}
		if l.anchor.Method == graph.MatchPartial && len(l.candidates) > 1 && sp.i > 0 && askingDeterminer(q[ws[sp.i-1].Start:ws[sp.i-1].End]) {
			// "which feeder supplies X" with feeder-1 and feeder-2: the
			// word names the kind asked for, not one of them.
			continue
		}
		for w := sp.i; w < sp.j; w++ {
			used[w] = true
		}
		l.start, l.end = ws[sp.i].Start, ws[sp.j-1].End
		out = append(out, l)
	}
	if len(out) == 0 {
		fl, c, err := p.linkFuzzy(ctx, q, ws)
		calls += c
		if err != nil {
			return nil, nil, calls, err
		}
		out = fl
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out, nil, calls, nil
}

// linkBrackets looks up every [bracketed] mention; one that names no
// entity is said, not dropped silently.
func (p *Rules) linkBrackets(ctx context.Context, bs []text.Bracket) ([]linked, []string, int, error) {
	mentions := make([]string, len(bs))
	for i, b := range bs {
		mentions[i] = b.Name
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Fuzzy: true, Limit: 5})
	if err != nil {
		return nil, nil, 1, fmt.Errorf("link entities: %w", err)
	}
	var out []linked
	var missing []string
	for i, b := range bs {
		l, ok := p.choose(mentions[i], res[i], true)
		if !ok {
			missing = append(missing, "["+b.Name+"]")
			continue
		}
		l.start, l.end = b.Start, b.End
		out = append(out, l)
	}
	var notes []string
	if len(missing) > 0 {
		notes = append(notes, fmt.Sprintf("%d of %d bracketed entities are not in the graph: %s", len(missing), len(bs), strings.Join(missing, ", ")))
	}
	return out, notes, 1, nil
}

// linkFuzzy tries the longest runs of non-stopwords as fuzzy mentions and
// keeps the best one above the threshold.
func (p *Rules) linkFuzzy(ctx context.Context, q string, ws []text.Word) ([]linked, int, error) {
	var mentions []string
	var bounds [][2]int
	i := 0
	for i < len(ws) {
		if isStopword(ws[i].Raw) {
			i++
			continue
		}
		j := i
		for j < len(ws) && !isStopword(ws[j].Raw) {
			j++
		}
		mentions = append(mentions, q[ws[i].Start:ws[j-1].End])
		bounds = append(bounds, [2]int{ws[i].Start, ws[j-1].End})
		i = j
	}
	if len(mentions) == 0 {
		return nil, 0, nil
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true, Limit: 5})
	if err != nil {
		return nil, 1, fmt.Errorf("link entities: %w", err)
	}
	best := -1
	for k := range res {
		if len(res[k]) == 0 || res[k][0].Score < p.opts.FuzzyThreshold {
			continue
		}
		if best < 0 || res[k][0].Score > res[best][0].Score {
			best = k
		}
	}
	if best < 0 {
		return nil, 1, nil
	}
	l, ok := p.choose(mentions[best], res[best], false)
	if !ok {
		return nil, 1, nil
	}
	l.start, l.end = bounds[best][0], bounds[best][1]
	return []linked{l}, 1, nil
}

func methodRank(m graph.MatchMethod) int {
	switch m {
	case graph.MatchExact:
		return 0
	case graph.MatchNormalized:
		return 1
	case graph.MatchAlias:
		return 2
	case graph.MatchPartial:
		return 3
	}
	return 4
}

// choose picks the entity for a mention from its matches, best first, and
// records ties. A fuzzy match below the threshold is refused, and so is a
// partial match that does not look like a name (partialName).
func (p *Rules) choose(mention string, ms []graph.Match, bracket bool) (linked, bool) {
	if len(ms) == 0 {
		return linked{}, false
	}
	top := ms[0]
	if top.Method == graph.MatchFuzzy && top.Score < p.opts.FuzzyThreshold {
		return linked{}, false
	}
	if top.Method == graph.MatchPartial && !partialName(mention, top.Entity.Name) {
		return linked{}, false
	}
	method := top.Method
	conf := top.Score
	switch top.Method {
	case graph.MatchExact:
		conf = 1
		if bracket {
			method = graph.MatchBracket
		}
	case graph.MatchNormalized:
		conf = 0.95
	case graph.MatchAlias, graph.MatchPartial:
		conf = 0.9
	}
	l := linked{anchor: state.Anchor{Mention: mention, Entity: top.Entity.Name, Type: top.Entity.Type, Method: method, Confidence: conf}}
	for _, m := range ms {
		if m.Method == top.Method && m.Score == top.Score {
			l.candidates = append(l.candidates, m)
		}
	}
	return l, true
}

// partialName reports whether a partial match may stand for the entity:
// the mention has a word that is neither a stopword nor a generic noun
// ("the service" names nothing), and either two such words or more
// ("consign service" in ts-consign-service) or one word that the name only
// extends by a version ("lodash" in lodash@4.17.21). One plain word inside
// a longer name ("outage" in runbook-payment-outage, "the place of" in
// A_Place_of_Execution, "of Nazareth" in Jesus_of_Nazareth) is not a
// mention.
func partialName(mention, name string) bool {
	var toks []string // the mention's words, stopwords left out
	distinct := false
	for _, t := range text.KeyTokens(mention) {
		if stopwords[text.Stem(t)] {
			continue
		}
		toks = append(toks, t)
		if !words.IsKindWord(t) {
			distinct = true
		}
	}
	if !distinct {
		return false
	}
	if len(toks) >= 2 {
		return true
	}
	// The name is the word, then only version parts ("lodash@4.17.21").
	nt := text.KeyTokens(name)
	if len(nt) == 0 || nt[0] != toks[0] {
		return false
	}
	for _, t := range nt[1:] {
		if strings.Trim(t, "0123456789") != "" && t != "v" {
			return false
		}
	}
	return true
}

// askingDeterminer reports whether w asks which one of a kind ("which",
// "what", "whose").
func askingDeterminer(w string) bool {
	switch strings.ToLower(w) {
	case "which", "what", "whose":
		return true
	}
	return false
}

// stopwords are words that never make an entity mention on their own
// (stemmed).
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "by": true, "to": true,
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "do": true, "doe": true, "does": true, "did": true,
	"what": true, "which": true, "who": true, "whom": true, "whose": true, "when": true, "where": true, "how": true, "why": true,
	"and": true, "or": true, "if": true, "for": true, "with": true, "from": true, "at": true, "as": true, "that": true, "this": true,
	"it": true, "its": true, "s": true, "there": true, "any": true, "all": true, "me": true, "i": true, "we": true, "our": true,
	"has": true, "have": true, "had": true, "will": true, "would": true, "can": true, "could": true, "should": true, "name": true,
	"go": true, "goe": true, "down": true, "up": true, "also": true, "same": true, "share": true,
}

// isStopword reports whether a word is a stopword.
func isStopword(w string) bool { return allStopwords(w) }

// allStopwords reports whether every word of s is a stopword.
func allStopwords(s string) bool {
	for _, t := range strings.Fields(text.StemPhrase(s)) {
		if !stopwords[t] {
			return false
		}
	}
	return true
}
