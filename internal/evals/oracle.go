package evals

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// ErrNoGoldChain: the data gives no relation chain for a question (no
// qtype, no gold path), so the oracle cannot walk it.
var ErrNoGoldChain = errors.New("no gold relation chain in the data")

// OracleTarget is what the oracle walks for a question: from Anchor along
// Chain, toward Entity when the question asks whether two entities are
// connected.
type OracleTarget struct {
	Anchor string
	// Entity is the entity to reach ("is A affected by B": B); "" when
	// the answers are the ends of the chain.
	Entity string
	Chain  state.Chain
	// Hops is the chain's depth: its length, or the longest gold path
	// when the chain repeats its last step.
	Hops int
	// Empty is true for a question whose gold answer is "nothing" and
	// which has no gold path: the oracle answers nothing.
	Empty bool
}

// OracleChain derives the gold walk of a question.
//
//   - A GoldChain (MetaQA qtype, PathQuestion path) is walked from
//     Anchors[0] step by step.
//   - Gold paths (JSONL) are oriented from the anchor: each triple is
//     walked Out when the walk stands on its subject, In when on its
//     object. When a gold answer is itself one of two anchors ("is A
//     affected by B?" answered [B]), the walk starts at the other anchor
//     and targets the answer, walking the paths from their other end.
//     Paths of different lengths are merged: each step takes the edges of
//     every path at that depth, and the step at the shortest length
//     repeats with the edges of all deeper hops.
//   - No chain and no gold answer: the oracle answers nothing (Empty).
//
// When a gold path comes back to the anchor, the chain allows re-entry
// (state.Chain.Reentry), so that the walk may pass through the anchor and
// end there.
func OracleChain(q Question) (OracleTarget, error) {
	if len(q.Anchors) == 0 {
		return OracleTarget{}, errors.New("no anchor entity in the data")
	}
	t := OracleTarget{Anchor: q.Anchors[0]}
	if len(q.GoldChain) > 0 {
		for _, e := range q.GoldChain {
			t.Chain.Steps = append(t.Chain.Steps, state.ChainStep{Edges: []state.RelDir{e}})
		}
		t.Chain.Score = 1
		t.Hops = len(q.GoldChain)
		for _, p := range q.GoldPaths {
			if _, again, err := orient(t.Anchor, p); err == nil && again {
				t.Chain.Reentry = true
			}
		}
		return t, nil
	}
	if len(q.GoldPaths) == 0 {
		if len(q.Answers) == 0 {
			t.Empty = true
			return t, nil
		}
		return OracleTarget{}, ErrNoGoldChain
	}
	_, gold := normSet(q.Answers)
	if len(q.Anchors) > 1 && gold[Normalize(q.Anchors[0])] {
		for _, a := range q.Anchors[1:] {
			if !gold[Normalize(a)] {
				t.Anchor, t.Entity = a, q.Anchors[0]
				break
			}
		}
	}
	var seqs [][]state.RelDir
	reentry := false
	for i, p := range q.GoldPaths {
		seq, again, err := orient(t.Anchor, p)
		if err != nil {
			return OracleTarget{}, fmt.Errorf("gold path %d: %w", i+1, err)
		}
		seqs = append(seqs, seq)
		reentry = reentry || again
	}
	t.Chain, t.Hops = mergeChains(seqs)
	t.Chain.Reentry = reentry
	return t, nil
}

// orient walks a gold path from anchor, which must be an end of it, and
// returns the relation and direction of each hop, and whether the path
// comes back to the anchor (a self-loop, "the wife of X's husband").
func orient(anchor string, p []graph.Triple) ([]state.RelDir, bool, error) {
	touches := func(t graph.Triple, n string) bool { return t.Subject == n || t.Object == n }
	ts := p
	if !touches(p[0], anchor) {
		if !touches(p[len(p)-1], anchor) {
			return nil, false, fmt.Errorf("neither end touches the anchor %q", anchor)
		}
		ts = slices.Clone(p)
		slices.Reverse(ts)
	}
	cur := anchor
	again := false
	out := make([]state.RelDir, 0, len(ts))
	for _, t := range ts {
		switch cur {
		case t.Subject:
			out = append(out, state.RelDir{Relation: t.Relation, Direction: graph.Out})
			cur = t.Object
		case t.Object:
			out = append(out, state.RelDir{Relation: t.Relation, Direction: graph.In})
			cur = t.Subject
		default:
			return nil, false, fmt.Errorf("the walk breaks at %s -%s-> %s (standing on %q)", t.Subject, t.Relation, t.Object, cur)
		}
		again = again || cur == anchor
	}
	return out, again, nil
}

// mergeChains merges relation sequences into one chain (see OracleChain)
// and returns it with its depth.
func mergeChains(seqs [][]state.RelDir) (state.Chain, int) {
	lo, hi := len(seqs[0]), len(seqs[0])
	for _, s := range seqs {
		lo, hi = min(lo, len(s)), max(hi, len(s))
	}
	steps := make([]state.ChainStep, lo)
	add := func(i int, e state.RelDir) {
		if !slices.Contains(steps[i].Edges, e) {
			steps[i].Edges = append(steps[i].Edges, e)
		}
	}
	for _, s := range seqs {
		for d, e := range s {
			add(min(d, lo-1), e)
		}
	}
	steps[lo-1].Repeat = hi > lo
	return state.Chain{Steps: steps, Score: 1}, hi
}

// oraclePlanner plans one question's gold walk: the ceiling the agent is
// measured against, walked, counted and answered by the same nodes.
type oraclePlanner struct {
	g agent.Store
	q Question
}

// Plan implements agent.Planner. When the gold chain does not end in one
// kind of thing, it reads the gold answers' types (one Resolve call) and
// asks for that type.
func (p oraclePlanner) Plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	var cost state.Cost
	t, err := OracleChain(p.q)
	if err != nil {
		return state.Plan{}, cost, fmt.Errorf("oracle: %w", err)
	}
	plan := state.Plan{
		Source:    "oracle",
		Anchors:   []state.Anchor{{Mention: t.Anchor, Entity: t.Anchor, Method: "gold", Confidence: 1}},
		Target:    state.Target{Kind: state.TargetChain},
		HopBudget: t.Hops,
	}
	if t.Empty {
		plan.Notes = []string{"the gold answer is nothing"}
		return plan, cost, nil
	}
	plan.Chains = []state.Chain{t.Chain}
	if t.Entity != "" {
		plan.Target = state.Target{Kind: state.TargetEntity, Entity: t.Entity, Mention: t.Entity}
		return plan, cost, nil
	}
	if mixed(t.Chain) && len(p.q.Answers) > 0 {
		res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: p.q.Answers, Limit: 1})
		cost.StoreCalls++
		if err != nil {
			return state.Plan{}, cost, fmt.Errorf("oracle: read the gold answers' types: %w", err)
		}
		typ := ""
		for _, ms := range res {
			if len(ms) == 0 || ms[0].Entity.Type == "" || (typ != "" && ms[0].Entity.Type != typ) {
				typ = ""
				break
			}
			typ = ms[0].Entity.Type
		}
		if typ != "" {
			plan.Target = state.Target{Kind: state.TargetType, Type: typ}
		}
	}
	return plan, cost, nil
}

// mixed reports whether a chain holds more than one edge in a step or
// repeats one, so that its ends may be of several kinds.
func mixed(c state.Chain) bool {
	for _, s := range c.Steps {
		if s.Repeat || len(s.Edges) > 1 {
			return true
		}
	}
	return false
}
