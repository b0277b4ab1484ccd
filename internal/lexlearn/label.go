package lexlearn

import (
	"context"
	"fmt"
	"sort"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Expander is the part of the store contract labelling needs.
type Expander interface {
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
}

// LabelOptions bound the search for a question's chain.
type LabelOptions struct {
	// MaxSet is the largest node set a chain prefix is expanded from
	// (default 500); larger prefixes are too broad to be a question's chain.
	MaxSet int
	// MinF1 is the least F1 a chain must reach to count (default 0.5).
	MinF1 float64
}

// Label finds, in the graph, the chains of exactly hops steps from anchor
// whose end sets match answers best (F1 of the end set, anchor excluded,
// against the answers). All chains tied for the best F1 are returned: the
// data cannot tell them apart. It returns no chain when none reaches MinF1.
func Label(ctx context.Context, g Expander, anchor string, answers []string, hops int, opts LabelOptions) ([]state.Chain, float64, error) {
	if opts.MaxSet <= 0 {
		opts.MaxSet = 500
	}
	if opts.MinF1 <= 0 {
		opts.MinF1 = 0.5
	}
	if hops <= 0 || hops > 4 {
		return nil, 0, fmt.Errorf("lexicon: hops %d out of range 1..4", hops)
	}
	gold := map[string]bool{}
	for _, a := range answers {
		gold[a] = true
	}
	type prefix struct {
		c   state.Chain
		set []string
	}
	level := []prefix{{set: []string{anchor}}}
	for h := 0; h < hops; h++ {
		var next []prefix
		for _, p := range level {
			if len(p.set) > opts.MaxSet {
				continue
			}
			x, err := g.Expand(ctx, graph.ExpandRequest{From: p.set, Steps: []graph.ExpandStep{{Direction: graph.Both}}, Limit: 100000})
			if err != nil {
				return nil, 0, err
			}
			if len(x.Hops) == 0 {
				continue
			}
			groups := map[state.RelDir]map[string]bool{}
			for _, hp := range x.Hops[0] {
				if hp.To == anchor {
					continue // a chain never comes back through its anchor
				}
				rd := state.RelDir{Relation: hp.Relation, Direction: hp.Direction}
				if groups[rd] == nil {
					groups[rd] = map[string]bool{}
				}
				groups[rd][hp.To] = true
			}
			for rd, set := range groups {
				names := make([]string, 0, len(set))
				for n := range set {
					names = append(names, n)
				}
				sort.Strings(names)
				c := state.Chain{Steps: append(append([]state.ChainStep(nil), p.c.Steps...), state.ChainStep{Edges: []state.RelDir{rd}})}
				next = append(next, prefix{c: c, set: names})
			}
		}
		level = next
	}
	var best []state.Chain
	bestF1 := 0.0
	for _, p := range level {
		tp, n := 0, 0
		for _, e := range p.set {
			if e == anchor {
				continue
			}
			n++
			if gold[e] {
				tp++
			}
		}
		if tp == 0 {
			continue
		}
		prec, rec := float64(tp)/float64(n), float64(tp)/float64(len(gold))
		f1 := 2 * prec * rec / (prec + rec)
		switch {
		case f1 > bestF1+1e-9:
			best, bestF1 = []state.Chain{p.c}, f1
		case f1 > bestF1-1e-9:
			best = append(best, p.c)
		}
	}
	if bestF1 < opts.MinF1 {
		return nil, bestF1, nil
	}
	sort.Slice(best, func(i, j int) bool { return best[i].String() < best[j].String() })
	return best, bestF1, nil
}

// ChainOf turns a gold path (its triples in graph direction, ordered from
// the anchor) into the chain that walks it: each hop Out when the walk is
// at the triple's subject, In when at its object.
func ChainOf(anchor string, triples []graph.Triple) (state.Chain, error) {
	var c state.Chain
	at := anchor
	for i, t := range triples {
		switch at {
		case t.Subject:
			c.Steps = append(c.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: t.Relation, Direction: graph.Out}}})
			at = t.Object
		case t.Object:
			c.Steps = append(c.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: t.Relation, Direction: graph.In}}})
			at = t.Subject
		default:
			return state.Chain{}, fmt.Errorf("lexicon: gold path triple %d (%s %s %s) does not continue from %s", i, t.Subject, t.Relation, t.Object, at)
		}
	}
	return c, nil
}

// EndSet walks a chain from anchor and returns the set it ends at, with
// or without passing through the anchor again (reentry). Sets larger than
// maxSet stop the walk early (nil).
func EndSet(ctx context.Context, g Expander, anchor string, c state.Chain, reentry bool, maxSet int) ([]string, error) {
	set := []string{anchor}
	for _, st := range c.Steps {
		if len(set) == 0 || len(set) > maxSet {
			return nil, nil
		}
		e := st.Edges[0]
		x, err := g.Expand(ctx, graph.ExpandRequest{From: set, Steps: []graph.ExpandStep{{Relations: []string{e.Relation}, Direction: e.Direction}}, Limit: 100000})
		if err != nil {
			return nil, err
		}
		next := map[string]bool{}
		if len(x.Hops) > 0 {
			for _, h := range x.Hops[0] {
				if h.To == anchor && !reentry {
					continue
				}
				next[h.To] = true
			}
		}
		set = set[:0:0]
		for n := range next {
			set = append(set, n)
		}
		sort.Strings(set)
	}
	if !reentry {
		out := set[:0:0]
		for _, n := range set {
			if n != anchor {
				out = append(out, n)
			}
		}
		set = out
	}
	return set, nil
}

// F1 scores a returned set against gold answers.
func F1(got []string, gold map[string]bool) float64 {
	tp := 0
	for _, g := range got {
		if gold[g] {
			tp++
		}
	}
	if tp == 0 {
		return 0
	}
	p, r := float64(tp)/float64(len(got)), float64(tp)/float64(len(gold))
	return 2 * p * r / (p + r)
}
