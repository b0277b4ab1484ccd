package plan

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/state"
)

// Options tune the rule planner. The zero value gives the defaults.
type Options struct {
	// HopBudget bounds closures ("everything affected"); fixed chains get
	// their own length. Default 6.
	HopBudget int
	// FuzzyThreshold is the least similarity at which a mention with no
	// exact match is linked fuzzily. Default 0.6.
	FuzzyThreshold float64
	// MaxChains caps the candidate chains in a plan. Default 3.
	MaxChains int
	// MaxSpanWords caps the words of a candidate mention. Default 8.
	MaxSpanWords int
}

func (o Options) withDefaults() Options {
	if o.HopBudget <= 0 {
		o.HopBudget = 6
	}
	if o.FuzzyThreshold <= 0 {
		o.FuzzyThreshold = 0.6
	}
	if o.MaxChains <= 0 {
		o.MaxChains = 3
	}
	if o.MaxSpanWords <= 0 {
		o.MaxSpanWords = 8
	}
	return o
}

// Store is what the rule planner reads: the schema, and entity linking.
type Store interface {
	Schema(ctx context.Context) (*graph.Schema, error)
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
}

// Scorer proposes and ranks relation chains for a question from a learned
// lexicon (package lexicon's Model is one).
type Scorer interface {
	// Chains returns candidate chains from an anchor of the given type,
	// best first, with scores; question is the text with the anchor's
	// mention replaced by a placeholder.
	Chains(question string, anchorType string, schema *graph.Schema, maxHops int) []state.Chain
}

// Rules is the deterministic planner: it links the question's
// entities through the store, reads relation, type and dependency words
// against the schema (its names and aliases), and, when given a learned
// Scorer, ranks relation chains with it. The same question always
// gets the same plan.
type Rules struct {
	g      Store
	scorer Scorer
	opts   Options

	mu    sync.Mutex
	vocab *vocab
}

// New returns a rule planner over g. scorer may be nil.
func New(g Store, scorer Scorer, opts Options) *Rules {
	return &Rules{g: g, scorer: scorer, opts: opts.withDefaults()}
}

// schemaVocab returns the compiled schema, reading it from the store once.
func (p *Rules) schemaVocab(ctx context.Context) (*vocab, int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.vocab != nil {
		return p.vocab, 0, nil
	}
	s, err := p.g.Schema(ctx)
	if err != nil {
		return nil, 1, fmt.Errorf("read schema: %w", err)
	}
	p.vocab = compileVocab(s)
	return p.vocab, 1, nil
}

// Schema returns the schema the planner reads (fetching it once).
func (p *Rules) Schema(ctx context.Context) (*graph.Schema, error) {
	v, _, err := p.schemaVocab(ctx)
	if err != nil {
		return nil, err
	}
	return v.schema, nil
}

// Plan implements agent.Planner.
func (p *Rules) Plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	var cost state.Cost
	v, calls, err := p.schemaVocab(ctx)
	cost.StoreCalls += calls
	if err != nil {
		return state.Plan{}, cost, err
	}
	ents, calls, err := p.link(ctx, question)
	cost.StoreCalls += calls
	if err != nil {
		return state.Plan{}, cost, err
	}
	plan := p.build(question, v, ents)
	return plan, cost, nil
}

// linked is an entity mention found in the question.
type linked struct {
	anchor     state.Anchor
	start, end int // byte offsets in the question
	candidates []graph.Match
}

// link finds the question's entity mentions: bracketed ones first; else
// every run of words is tried against the store in one batch, and the
// longest non-overlapping matches win; else fuzzy matching on the runs
// that look most like names.
func (p *Rules) link(ctx context.Context, q string) ([]linked, int, error) {
	calls := 0
	if bs := text.Brackets(q); len(bs) > 0 {
		var mentions []string
		for _, b := range bs {
			mentions = append(mentions, strings.TrimSpace(q[b.NameStart:b.NameEnd]))
		}
		res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true, Limit: 5})
		calls++
		if err != nil {
			return nil, calls, fmt.Errorf("link entities: %w", err)
		}
		var out []linked
		for i, b := range bs {
			if l, ok := p.choose(mentions[i], res[i], true); ok {
				l.start, l.end = b.Start, b.End
				out = append(out, l)
			}
		}
		return out, calls, nil
	}
	ws := splitWords(q)
	type span struct{ i, j int } // words [i, j)
	var spans []span
	var mentions []string
	for i := range ws {
		for j := i + 1; j <= len(ws) && j-i <= p.opts.MaxSpanWords; j++ {
			m := q[ws[i].start:ws[j-1].end]
			if allStopwords(m) {
				continue
			}
			spans = append(spans, span{i, j})
			mentions = append(mentions, m)
		}
	}
	if len(mentions) == 0 {
		return nil, calls, nil
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Limit: 5})
	calls++
	if err != nil {
		return nil, calls, fmt.Errorf("link entities: %w", err)
	}
	// Longest spans first, then exact before normalized before alias,
	// then leftmost.
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
		la, lb := ws[sa.j-1].end-ws[sa.i].start, ws[sb.j-1].end-ws[sb.i].start
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
		for w := sp.i; w < sp.j; w++ {
			used[w] = true
		}
		l.start, l.end = ws[sp.i].start, ws[sp.j-1].end
		out = append(out, l)
	}
	if len(out) == 0 {
		fl, c, err := p.linkFuzzy(ctx, q, ws)
		calls += c
		if err != nil {
			return nil, calls, err
		}
		out = fl
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out, calls, nil
}

// linkFuzzy tries the longest runs of non-stopwords as fuzzy mentions and
// keeps the best one above the threshold.
func (p *Rules) linkFuzzy(ctx context.Context, q string, ws []word) ([]linked, int, error) {
	var mentions []string
	var bounds [][2]int
	i := 0
	for i < len(ws) {
		if stopwords[ws[i].stem] {
			i++
			continue
		}
		j := i
		for j < len(ws) && !stopwords[ws[j].stem] {
			j++
		}
		mentions = append(mentions, q[ws[i].start:ws[j-1].end])
		bounds = append(bounds, [2]int{ws[i].start, ws[j-1].end})
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
	}
	return 3
}

// choose picks the entity for a mention from its matches, best first, and
// records ties. A fuzzy match below the threshold is refused.
func (p *Rules) choose(mention string, ms []graph.Match, bracket bool) (linked, bool) {
	if len(ms) == 0 {
		return linked{}, false
	}
	top := ms[0]
	if top.Method == graph.MatchFuzzy && top.Score < p.opts.FuzzyThreshold {
		return linked{}, false
	}
	method := graph.MatchMethod(top.Method)
	conf := top.Score
	switch top.Method {
	case graph.MatchExact:
		conf = 1
		if bracket {
			method = graph.MatchBracket
		}
	case graph.MatchNormalized:
		conf = 0.95
	case graph.MatchAlias:
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
