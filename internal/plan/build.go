package plan

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/state"
)

// Dependency cues, in stemmed form. They are plain English, not tied to
// any data set: how people ask about failure and dependency.
var (
	// The subject before the cue depends on what follows it.
	cueDependsOn = phrases("depend on", "depends on", "rely on", "relies on", "need", "require", "use", "call", "dependency of", "dependencies of", "upstream of")
	// The subject before the cue is affected by what follows it.
	cuePassive = phrases("affected by", "impacted by", "at risk from", "broken by", "hit by", "exposed to")
	// The subject before the cue affects what follows it.
	cueActive = phrases("affect", "impact", "break", "take down", "downstream of")
	// The entity nearest the cue is the one failing.
	cueFailure = phrases("go down", "goes down", "went down", "is down", "fail", "failure", "outage", "latency", "slow", "degraded", "crash", "unavailable", "at risk", "blast radius", "affected if", "impacted if", "break", "incident", "error")
)

func phrases(ss ...string) []phrase {
	out := make([]phrase, 0, len(ss))
	for _, s := range ss {
		out = append(out, newPhrase(s))
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// cueHit is a dependency cue found in the question.
type cueHit struct {
	occurrence
	kind string // "depends", "passive", "active", "failure"
}

func findCues(toks []string, taken []bool) []cueHit {
	type cue struct {
		p    phrase
		kind string
	}
	var all []cue
	for _, set := range []struct {
		kind string
		ps   []phrase
	}{{"failure", cueFailure}, {"passive", cuePassive}, {"depends", cueDependsOn}, {"active", cueActive}} {
		for _, p := range set.ps {
			all = append(all, cue{p, set.kind})
		}
	}
	// Longest phrases first, so that "affected if" wins over "affect".
	sort.SliceStable(all, func(i, j int) bool { return len(all[i].p) > len(all[j].p) })
	claimed := append([]bool(nil), taken...)
	var out []cueHit
	for _, c := range all {
		for _, at := range c.p.find(toks) {
			ok := true
			for k := at; k < at+len(c.p); k++ {
				if claimed[k] {
					ok = false
				}
			}
			if ok {
				for k := at; k < at+len(c.p); k++ {
					claimed[k] = true
				}
				out = append(out, cueHit{occurrence{at, len(c.p)}, c.kind})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// build turns the linked entities and the question's words into a plan.
func (p *Rules) build(q string, v *vocab, ents []linked) state.Plan {
	plan := state.Plan{Source: state.ByRules, Target: state.Target{Kind: state.TargetChain}, HopBudget: p.opts.HopBudget}
	for _, e := range ents {
		if len(e.candidates) > 1 {
			var names []string
			for _, c := range e.candidates {
				names = append(names, c.Entity.Name)
			}
			plan.Ambiguities = append(plan.Ambiguities, state.Ambiguity{Mention: e.anchor.Mention, Candidates: names, Chosen: e.anchor.Entity})
			plan.Notes = append(plan.Notes, fmt.Sprintf("%q is ambiguous (%s); chose %s", e.anchor.Mention, strings.Join(names, ", "), e.anchor.Entity))
		}
	}
	if len(ents) == 0 {
		plan.Notes = append(plan.Notes, "no entity of the question was found in the graph")
		return plan
	}

	// Stem the question, marking the tokens inside entity mentions.
	ws := splitWords(q)
	toks, wordOf := stemTokens(ws)
	taken := make([]bool, len(toks))
	entTok := make([]occurrence, len(ents)) // token span of each entity
	for i := range entTok {
		entTok[i] = occurrence{at: -1}
	}
	for k, w := range wordOf {
		for i, e := range ents {
			if ws[w].start >= e.start && ws[w].end <= e.end {
				taken[k] = true
				if entTok[i].at < 0 {
					entTok[i].at = k
				}
				entTok[i].n = k - entTok[i].at + 1
			}
		}
	}
	types, rels := v.matchVocab(toks, taken)
	for _, r := range rels {
		if !slices.Contains(plan.RelationHints, r.rel) {
			plan.RelationHints = append(plan.RelationHints, r.rel)
		}
	}
	if len(types) > 0 {
		plan.Target = state.Target{Kind: state.TargetType, Type: types[0].typ}
	}

	// Dependency questions, when the schema knows dependency.
	if len(v.schema.DependencyRelations()) > 0 {
		if cues := findCues(toks, taken); len(cues) > 0 {
			p.dependencyPlan(&plan, v, ents, entTok, cues, toks)
			return plan
		}
	}

	anchor := ents[0]
	plan.Anchors = []state.Anchor{anchor.anchor}
	for _, e := range ents[1:] {
		plan.Anchors = append(plan.Anchors, e.anchor)
	}

	// A learned lexicon ranks whole chains from the question's main
	// entity: the bracketed one, else the longest mention.
	if p.scorer != nil {
		anchor = mainEntity(ents)
		masked := text.MaskSpan(q, anchor.start, anchor.end)
		if chains := p.scorer.Chains(masked, anchor.anchor.Type, v.schema, 3); len(chains) > 0 {
			if len(chains) > p.opts.MaxChains {
				chains = chains[:p.opts.MaxChains]
			}
			plan.Source = state.ByLexicon
			if n, ok := p.scorer.(fmt.Stringer); ok {
				plan.Notes = append(plan.Notes, "chains ranked by "+n.String())
			}
			plan.Anchors = []state.Anchor{anchor.anchor}
			plan.Chains = chains
			plan.Target = state.Target{Kind: state.TargetChain}
			plan.HopBudget = maxSteps(chains)
			return plan
		}
	}

	// Relation words, walked outward from the anchor: the nearest first.
	var chains []state.Chain
	if len(rels) > 0 {
		at := entTok[0]
		sort.SliceStable(rels, func(i, j int) bool { return tokDistance(rels[i].occurrence, at) < tokDistance(rels[j].occurrence, at) })
		chains = append(chains, p.relChain(v, anchor.anchor.Type, rels, plan.Target.Type, 1))
		if len(rels) > 1 {
			rev := append([]relHit(nil), rels...)
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			chains = append(chains, p.relChain(v, anchor.anchor.Type, rev, plan.Target.Type, 0.5))
		}
	}
	if plan.Target.Type != "" && anchor.anchor.Type != "" {
		chains = append(chains, v.schemaChains(anchor.anchor.Type, plan.Target.Type, 3, p.opts.MaxChains)...)
	}
	if len(ents) > 1 {
		// Two entities and no dependency reading: how are they connected?
		plan.Target = state.Target{Kind: state.TargetEntity, Entity: ents[1].anchor.Entity, Mention: ents[1].anchor.Mention}
		plan.Anchors = plan.Anchors[:1]
		if len(chains) == 0 {
			chains = []state.Chain{{Steps: []state.ChainStep{{Edges: allEdges(v, graph.Both), Repeat: true}}, Score: 1}}
		}
	}
	if len(chains) == 0 {
		// Nothing to go on but the entity: its neighbourhood.
		chains = []state.Chain{{Steps: []state.ChainStep{{Edges: allEdges(v, graph.Both)}}, Score: 0.1}}
		plan.Notes = append(plan.Notes, "no relation or type words recognised: retrieving the anchor's neighbourhood")
	}
	plan.Chains = dedupChains(chains, p.opts.MaxChains)
	if plan.Target.Kind != state.TargetEntity {
		plan.HopBudget = maxSteps(plan.Chains)
	}
	return plan
}

// dependencyPlan reads who fails and who is affected, and plans a closure
// along the schema's dependency relations.
func (p *Rules) dependencyPlan(plan *state.Plan, v *vocab, ents []linked, entTok []occurrence, cues []cueHit, toks []string) {
	// Decide the role of each entity from the cue: a failure word ("goes
	// down", "outage") names the cause; else the first cue reads the roles.
	cue := cues[0]
	for _, c := range cues {
		if c.kind == "failure" {
			cue = c
			break
		}
	}
	before, after := -1, -1
	for i, o := range entTok {
		if o.at >= 0 && o.at < cue.at {
			before = i // the last entity before the cue
		}
		if o.at >= cue.at+cue.n && after < 0 {
			after = i
		}
	}
	var dependent, cause = -1, -1
	switch cue.kind {
	case "depends", "passive":
		dependent, cause = before, after
	case "active":
		cause, dependent = before, after
	case "failure":
		cause = before
		if cause < 0 {
			cause = after
		}
		for i := range ents {
			if i != cause {
				dependent = i
				break
			}
		}
	}
	switch {
	case dependent >= 0 && cause >= 0:
		// Is the dependent affected by the cause? Walk from the dependent
		// toward what it needs until the cause is reached.
		plan.Direction = state.IntentDependencies
		plan.Anchors = []state.Anchor{ents[dependent].anchor}
		plan.Target = state.Target{Kind: state.TargetEntity, Entity: ents[cause].anchor.Entity, Mention: ents[cause].anchor.Mention}
	case cause >= 0:
		plan.Direction = state.IntentDependents
		plan.Anchors = []state.Anchor{ents[cause].anchor}
	case dependent >= 0:
		plan.Direction = state.IntentDependencies
		plan.Anchors = []state.Anchor{ents[dependent].anchor}
	default:
		plan.Direction = state.IntentDependents
		plan.Anchors = []state.Anchor{ents[0].anchor}
	}
	if plan.Target.Kind != state.TargetEntity {
		if plan.Target.Type == "" {
			plan.Target = state.Target{Kind: state.TargetClosure}
		}
	}
	edges := v.dependencyEdges(plan.Direction)
	if t := plan.Target.Type; t != "" {
		// Reach the asked type even where it is not itself a dependent
		// (alerts monitoring an affected service).
		covered := false
		for _, e := range edges {
			r := v.relByName[e.Relation]
			end := r.To
			if e.Direction == graph.In {
				end = r.From
			}
			if slices.Contains(end, t) {
				covered = true
			}
		}
		if !covered {
			edges = append(edges, v.edgesToType(t)...)
		}
	}
	plan.Chains = []state.Chain{{Steps: []state.ChainStep{{Edges: edges, Repeat: true}}, Score: 1}}
	plan.Notes = append(plan.Notes, fmt.Sprintf("dependency question (%s cue %q): walking toward %s", cue.kind, strings.Join(toks[cue.at:cue.at+cue.n], " "), plan.Direction))
}

// relChain walks the relation hits from the anchor's type, choosing each
// relation's direction from the types, and appends a schema path to the
// asked type if the chain does not end there.
func (p *Rules) relChain(v *vocab, anchorType string, hits []relHit, want string, score float64) state.Chain {
	var cur []string
	if anchorType != "" {
		cur = []string{anchorType}
	}
	var c state.Chain
	for _, h := range hits {
		r := v.relByName[h.rel]
		d, next := v.directionFrom(r, cur)
		if d == graph.Both {
			d = graph.Out
			next = r.To
			if h.inverse {
				d, next = graph.In, r.From
			}
		}
		c.Steps = append(c.Steps, state.ChainStep{Edges: []state.RelDir{{Relation: h.rel, Direction: d}}})
		cur = next
	}
	if want != "" && len(cur) > 0 && !slices.Contains(cur, want) {
		for _, t := range cur {
			if ext := v.schemaChains(t, want, 2, 1); len(ext) > 0 {
				c.Steps = append(c.Steps, ext[0].Steps...)
				break
			}
		}
	}
	c.Score = score
	return c
}

// mainEntity picks the question's main entity: the best linked (a
// bracketed mention, then exact, normalized, alias, fuzzy), then the
// longest mention, then the first.
func mainEntity(ents []linked) linked {
	rank := func(l linked) int {
		if l.anchor.Method == graph.MatchBracket {
			return -1
		}
		return methodRank(graph.MatchMethod(l.anchor.Method))
	}
	best := ents[0]
	for _, e := range ents[1:] {
		re, rb := rank(e), rank(best)
		if re < rb || (re == rb && e.end-e.start > best.end-best.start) {
			best = e
		}
	}
	return best
}

func tokDistance(o, anchor occurrence) int {
	if anchor.at < 0 {
		return o.at
	}
	if o.at >= anchor.at+anchor.n {
		return o.at - (anchor.at + anchor.n)
	}
	return anchor.at - (o.at + o.n)
}

func allEdges(v *vocab, d graph.Direction) []state.RelDir {
	out := make([]state.RelDir, 0, len(v.schema.Relations))
	for _, r := range v.schema.Relations {
		out = append(out, state.RelDir{Relation: r.Name, Direction: d})
	}
	return out
}

func maxSteps(cs []state.Chain) int {
	n := 1
	for _, c := range cs {
		if len(c.Steps) > n {
			n = len(c.Steps)
		}
	}
	return n
}

func dedupChains(cs []state.Chain, limit int) []state.Chain {
	seen := map[string]bool{}
	var out []state.Chain
	for _, c := range cs {
		k := c.String()
		if seen[k] || len(c.Steps) == 0 {
			continue
		}
		seen[k] = true
		out = append(out, c)
		if len(out) == limit {
			break
		}
	}
	return out
}
