package llm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/state"
)

// PlannerOptions tune the LLM planner. The zero value gives the defaults.
type PlannerOptions struct {
	// HopBudget is the rule planner's (it runs first: entity linking, and
	// the fallback plan); 0 means its default.
	HopBudget int
	// Lexicon is the learned lexicon the rule planner ranks chains with
	// (may be nil), as in agent.Options.
	Lexicon agent.ChainScorer
	// MaxRepairs is how often an invalid plan is sent back to the model
	// with the validation errors before the rule plan is used. Default 2;
	// negative means none.
	MaxRepairs int
	// MaxHops is the largest hop budget accepted. Default 8.
	MaxHops int
	// MaxSteps is the longest chain accepted. Default 6.
	MaxSteps int
	// FuzzyThreshold is the least similarity at which a mention the model
	// proposes is linked fuzzily. Default 0.6.
	FuzzyThreshold float64
	Logger         *zap.Logger
}

func (o PlannerOptions) withDefaults() PlannerOptions {
	if o.MaxRepairs == 0 {
		o.MaxRepairs = 2
	}
	if o.MaxRepairs < 0 {
		o.MaxRepairs = 0
	}
	if o.MaxHops <= 0 {
		o.MaxHops = 8
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 6
	}
	if o.FuzzyThreshold <= 0 {
		o.FuzzyThreshold = 0.6
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	return o
}

// modelPlanner is the LLM planner. It runs the rule planner first, for entity
// linking and as the fallback; asks the model for the retrieval plan as
// strict JSON, with the schema in the prompt; validates the plan against
// the schema and the store; sends the validation errors back at most
// MaxRepairs times; and otherwise returns the rule plan, with
// Plan.Source "rules (llm fallback: …)" and a note saying why.
//
// The model only proposes mentions, relations and the target: the store
// resolves every mention, so the plan's anchors are always graph nodes.
type modelPlanner struct {
	rules *plan.Rules
	g     agent.Store
	c     *Client
	opts  PlannerOptions
	// required turns a fallback to the rule plan into ErrModelFailed.
	required bool
}

// newPlanner returns an LLM planner over g calling the model through c.
func newPlanner(g agent.Store, c *Client, opts PlannerOptions) *modelPlanner {
	opts = opts.withDefaults()
	po := plan.Options{HopBudget: opts.HopBudget}
	var scorer plan.Scorer
	if opts.Lexicon != nil {
		scorer = opts.Lexicon
	}
	return &modelPlanner{rules: plan.New(g, scorer, po), g: g, c: c, opts: opts}
}

// planDraft is the plan as the model writes it.
type planDraft struct {
	Anchors    []string    `json:"anchors"`
	Target     targetDraft `json:"target"`
	Chain      []stepDraft `json:"chain"`
	Intent     string      `json:"intent"`
	HopBudget  int         `json:"hop_budget"`
	Confidence *float64    `json:"confidence"`
}

type targetDraft struct {
	Kind   string `json:"kind"`
	Type   string `json:"type"`
	Entity string `json:"entity"`
}

type stepDraft struct {
	Edges  []edgeDraft `json:"edges"`
	Repeat bool        `json:"repeat"`
}

type edgeDraft struct {
	Relation  string `json:"relation"`
	Direction string `json:"direction"`
}

// Plan implements agent.Planner.
// Schema returns the schema the planner reads (its rule planner's, read
// once): the agent reads whether the graph is open-world from it.
func (p *modelPlanner) Schema(ctx context.Context) (*graph.Schema, error) { return p.rules.Schema(ctx) }

func (p *modelPlanner) Plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	pl, cost, err := p.plan(ctx, question)
	if err == nil && p.required && pl.Fallback != "" {
		err = fmt.Errorf("%w: planner: %s", ErrModelFailed, pl.Fallback)
	}
	return pl, cost, err
}

func (p *modelPlanner) plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	base, cost, err := p.rules.Plan(ctx, question)
	if err != nil {
		return base, cost, err
	}
	sch, err := p.rules.Schema(ctx)
	if err != nil {
		return base, cost, err
	}
	prompt, err := render(tmplPlanner, plannerData{Question: question, Schema: viewSchema(sch), Linked: base.Anchors, MaxHops: p.opts.MaxHops})
	if err != nil {
		return base, cost, err
	}
	msgs := []llms.MessageContent{human(prompt)}
	var usage usage
	var problems, first []string
	for attempt := 0; attempt <= p.opts.MaxRepairs; attempt++ {
		rep, err := p.c.generate(ctx, request{msgs: msgs, json: true, spent: usage})
		usage = usage.Plus(rep.Usage)
		if err != nil {
			if ctx.Err() != nil {
				return base, cost.Plus(usage.Cost()), err
			}
			return p.fallback(base, usage, "the model failed: "+err.Error()), cost.Plus(usage.Cost()), nil
		}
		var d planDraft
		if err := decodeReply(rep.Text, &d); err != nil {
			problems = []string{err.Error()}
		} else {
			var plan state.Plan
			var calls int
			plan, problems, calls, err = p.validate(ctx, d, base, sch)
			cost.StoreCalls += calls
			if err != nil {
				if ctx.Err() != nil {
					return base, cost.Plus(usage.Cost()), err
				}
				return p.fallback(base, usage, "could not check the plan: "+err.Error()), cost.Plus(usage.Cost()), nil
			}
			if len(problems) == 0 {
				if attempt > 0 {
					plan.Notes = append(plan.Notes, fmt.Sprintf("llm plan accepted after %d repair(s); first problem: %s", attempt, brief(first[0])))
				}
				plan.Notes = append(plan.Notes, estimatedNote(usage)...)
				return plan, cost.Plus(usage.Cost()), nil
			}
		}
		if first == nil {
			first = problems
		}
		p.opts.Logger.Info("llm plan rejected", zap.Int("attempt", attempt+1), zap.Strings("problems", problems))
		repair, err := render(tmplPlannerRepair, repairData{Problems: problems})
		if err != nil {
			return base, cost.Plus(usage.Cost()), err
		}
		msgs = append(msgs, assistant(rep.Text), human(repair))
	}
	return p.fallback(base, usage, fmt.Sprintf("no valid plan after %d repair(s): %s", p.opts.MaxRepairs, strings.Join(problems, "; "))), cost.Plus(usage.Cost()), nil
}

// fallback marks the rule plan as the LLM planner's fallback.
func (p *modelPlanner) fallback(base state.Plan, u usage, why string) state.Plan {
	p.opts.Logger.Warn("llm planner fell back to the rule plan", zap.String("why", why))
	base.Fallback = "llm plan not used: " + brief(why)
	base.Notes = append(base.Notes, "llm planner: "+why+"; the rule plan is used")
	base.Notes = append(base.Notes, estimatedNote(u)...)
	return base
}

func estimatedNote(u usage) []string {
	if !u.Estimated {
		return nil
	}
	return []string{"the provider reported no token usage: token counts are estimated (about 4 characters a token)"}
}

// validate turns a draft into a plan, or lists what is wrong with it. A
// non-nil error is a store failure, not a fault of the draft. The
// problems come in the order of the draft's parts: target, anchors and
// target entity, chain, walk, intent, hop budget.
func (p *modelPlanner) validate(ctx context.Context, d planDraft, base state.Plan, sch *graph.Schema) (state.Plan, []string, int, error) {
	c := &draftCheck{sch: sch}
	kind, typ := c.target(d.Target)
	anchors, target, calls, err := p.linkDraft(ctx, c, d, kind, typ, base)
	if err != nil {
		return state.Plan{}, nil, calls, err
	}
	chain := c.chain(d, p.opts.MaxSteps)
	if len(c.problems) == 0 && len(anchors) > 0 {
		c.walk(anchors, chain, kind, typ)
	}
	intent := c.intent(d.Intent)
	hops := c.hops(d.HopBudget, chain, kind, p.opts)
	if len(c.problems) > 0 {
		return state.Plan{}, c.problems, calls, nil
	}
	return draftPlan(base, anchors, target, chain, intent, hops), nil, calls, nil
}

// draftCheck collects what is wrong with a draft, in the order found,
// checking names against the schema.
type draftCheck struct {
	sch      *graph.Schema
	problems []string
}

// bad records a problem.
func (c *draftCheck) bad(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

// target reads the target's kind and type: a type of the schema narrows
// a chain or closure target to that type.
func (c *draftCheck) target(t targetDraft) (state.TargetKind, string) {
	kind := state.TargetKind(strings.ToLower(strings.TrimSpace(t.Kind)))
	switch kind {
	case state.TargetEntity, state.TargetType, state.TargetChain, state.TargetClosure:
	default:
		c.bad("target.kind %q is not one of entity, type, chain, closure", t.Kind)
	}
	var typ string
	if name := strings.TrimSpace(t.Type); name != "" {
		if td := lookupType(c.sch, name); td != nil {
			typ = td.Name
			if kind == state.TargetChain || kind == state.TargetClosure {
				kind = state.TargetType // a type narrows any target to it
			}
		} else {
			c.bad("target.type %q is not a type of the schema (types: %s)", name, strings.Join(typeNames(c.sch), ", "))
		}
	} else if kind == state.TargetType {
		c.bad("target.kind is type but target.type is empty")
	}
	if kind == state.TargetEntity && strings.TrimSpace(t.Entity) == "" {
		c.bad("target.kind is entity but target.entity is empty")
	}
	return kind, typ
}

// linkDraft links the draft's anchors and, for an entity target, its
// entity: the linker's anchors are reused, the rest resolved through the
// store in one call. It returns the anchors that matched, the target, and
// the store calls made.
func (p *modelPlanner) linkDraft(ctx context.Context, c *draftCheck, d planDraft, kind state.TargetKind, typ string, base state.Plan) ([]state.Anchor, state.Target, int, error) {
	if len(d.Anchors) == 0 {
		c.bad("anchors is empty: name at least one entity of the question to start from")
	}
	mentions := make([]string, 0, len(d.Anchors)+1)
	for _, m := range d.Anchors {
		mentions = append(mentions, strings.TrimSpace(m))
	}
	if kind == state.TargetEntity {
		mentions = append(mentions, strings.TrimSpace(d.Target.Entity))
	}
	linked, calls, err := p.link(ctx, mentions, base.Anchors)
	if err != nil {
		return nil, state.Target{}, calls, err
	}
	var anchors []state.Anchor
	for i := range d.Anchors {
		if linked[i] == nil {
			c.bad("anchor %q matches no entity in the graph", mentions[i])
			continue
		}
		anchors = append(anchors, *linked[i])
	}
	if kind != state.TargetEntity {
		return anchors, state.Target{Kind: kind, Type: typ}, calls, nil
	}
	return anchors, c.entityTarget(linked[len(linked)-1], mentions[len(mentions)-1], anchors), calls, nil
}

// entityTarget is the target entity t linked from mention, which must
// match an entity other than the first anchor; the zero target if not.
func (c *draftCheck) entityTarget(t *state.Anchor, mention string, anchors []state.Anchor) state.Target {
	switch {
	case t == nil:
		c.bad("target.entity %q matches no entity in the graph", mention)
	case len(anchors) > 0 && t.Entity == anchors[0].Entity:
		c.bad("target.entity %q is the anchor itself", mention)
	default:
		return state.Target{Kind: state.TargetEntity, Entity: t.Entity, Mention: t.Mention}
	}
	return state.Target{}
}

// chain reads the draft's chain and confidence: known relations, valid
// directions, at least one step and at most maxSteps.
func (c *draftCheck) chain(d planDraft, maxSteps int) state.Chain {
	chain := state.Chain{Score: 1}
	if d.Confidence != nil {
		if *d.Confidence < 0 || *d.Confidence > 1 {
			c.bad("confidence %v is not between 0 and 1", *d.Confidence)
		}
		chain.Score = *d.Confidence
	}
	switch {
	case len(d.Chain) == 0:
		c.bad("chain is empty: give at least one step")
	case len(d.Chain) > maxSteps:
		c.bad("chain has %d steps; at most %d", len(d.Chain), maxSteps)
	}
	for i, st := range d.Chain {
		chain.Steps = append(chain.Steps, c.step(i, st))
	}
	return chain
}

// step reads step i of the chain; an edge with an unknown relation or
// direction is left out.
func (c *draftCheck) step(i int, st stepDraft) state.ChainStep {
	if len(st.Edges) == 0 {
		c.bad("chain[%d] has no edges", i)
	}
	cs := state.ChainStep{Repeat: st.Repeat}
	for _, e := range st.Edges {
		r := lookupRelation(c.sch, e.Relation)
		if r == nil {
			c.bad("chain[%d]: relation %q is not in the schema (relations: %s)", i, e.Relation, strings.Join(c.sch.RelationNames(), ", "))
			continue
		}
		dir, err := graph.ParseDirection(e.Direction)
		if err != nil {
			c.bad("chain[%d]: relation %s has direction %q; use out, in or both", i, r.Name, e.Direction)
			continue
		}
		cs.Edges = append(cs.Edges, state.RelDir{Relation: r.Name, Direction: dir})
	}
	return cs
}

// walk checks that the chain can be walked from the anchors' types and,
// for a type target, that it reaches the type.
func (c *draftCheck) walk(anchors []state.Anchor, chain state.Chain, kind state.TargetKind, typ string) {
	ends, walkProblems := walkable(c.sch, anchors, chain)
	c.problems = append(c.problems, walkProblems...)
	if kind == state.TargetType && ends != nil && !ends[typ] {
		c.bad("target.type %s is never reached: the chain ends at %s", typ, strings.Join(sortedKeys(ends), "|"))
	}
}

// intent reads the draft's intent: dependents, dependencies or none.
func (c *draftCheck) intent(s string) state.Intent {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "none":
	case string(state.IntentDependents):
		return state.IntentDependents
	case string(state.IntentDependencies):
		return state.IntentDependencies
	default:
		c.bad("intent %q is not one of dependents, dependencies, none", s)
	}
	return ""
}

// hops reads the draft's hop budget: at most opts.MaxHops; when none is
// given, a fixed chain's length (but for an entity target), else the
// rule planner's budget; never less than a fixed chain's length.
func (c *draftCheck) hops(hops int, chain state.Chain, kind state.TargetKind, opts PlannerOptions) int {
	switch {
	case hops < 0 || hops > opts.MaxHops:
		c.bad("hop_budget %d is not between 1 and %d", hops, opts.MaxHops)
	case hops == 0 && chain.Fixed() && kind != state.TargetEntity:
		hops = len(chain.Steps)
	case hops == 0:
		hops = opts.HopBudget
		if hops <= 0 {
			hops = 6 // the rule planner's default
		}
	}
	if chain.Fixed() && hops < len(chain.Steps) {
		hops = len(chain.Steps)
	}
	return hops
}

// draftPlan is the plan of a valid draft: its parts, the rule plan's
// hints and ambiguities, the question's entities it leaves out, and the
// rule plan's chains as alternatives when they answer the same question
// from the same anchor (three chains at most).
func draftPlan(base state.Plan, anchors []state.Anchor, target state.Target, chain state.Chain, intent state.Intent, hops int) state.Plan {
	pl := state.Plan{
		Anchors:       anchors,
		Ignored:       plan.Ignored(state.Plan{Anchors: anchors, Target: target}, plan.Mentioned(base)),
		Target:        target,
		Chains:        []state.Chain{chain},
		RelationHints: base.RelationHints,
		Direction:     intent,
		HopBudget:     hops,
		Ambiguities:   base.Ambiguities,
		Source:        "llm",
		Notes:         []string{fmt.Sprintf("llm plan, confidence %.2f", chain.Score)},
	}
	if len(base.Anchors) > 0 && base.Anchors[0].Entity == anchors[0].Entity && base.Target.Equal(target) {
		seen := map[string]bool{chain.String(): true}
		for _, c := range base.Chains {
			if len(pl.Chains) == 3 {
				break
			}
			if !seen[c.String()] {
				seen[c.String()] = true
				pl.Chains = append(pl.Chains, c)
			}
		}
	}
	return pl
}

// link resolves mentions to entities: the linker's anchors first (by
// mention or entity name), the rest with one store call. Unresolved
// mentions are nil.
func (p *modelPlanner) link(ctx context.Context, mentions []string, known []state.Anchor) ([]*state.Anchor, int, error) {
	out := make([]*state.Anchor, len(mentions))
	var ask []string
	var at []int
	for i, m := range mentions {
		if m == "" {
			continue
		}
		for _, a := range known {
			if strings.EqualFold(a.Mention, m) || strings.EqualFold(a.Entity, m) {
				a.Mention = m
				out[i] = &a
				break
			}
		}
		if out[i] == nil {
			ask = append(ask, m)
			at = append(at, i)
		}
	}
	if len(ask) == 0 {
		return out, 0, nil
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: ask, Fuzzy: true, Limit: 3})
	if err != nil {
		return nil, 1, fmt.Errorf("link the plan's mentions: %w", err)
	}
	if len(res) != len(ask) {
		return nil, 1, errors.New("link the plan's mentions: the store returned a misaligned result")
	}
	for k, ms := range res {
		if len(ms) == 0 {
			continue
		}
		m := ms[0]
		if m.Method == graph.MatchFuzzy && m.Score < p.opts.FuzzyThreshold {
			continue
		}
		conf := m.Score
		switch m.Method {
		case graph.MatchExact:
			conf = 1
		case graph.MatchNormalized:
			conf = 0.95
		case graph.MatchAlias:
			conf = 0.9
		}
		out[at[k]] = &state.Anchor{Mention: ask[k], Entity: m.Entity.Name, Type: m.Entity.Type, Method: graph.MatchMethod(m.Method), Confidence: conf}
	}
	return out, 1, nil
}

// walkable checks that every step of the chain has an edge that can be
// taken from the types the previous steps reach, starting at the anchors'
// types, and returns the types the chain ends at. Untyped anchors and
// relations with no declared endpoint types cannot be checked: the types
// are then nil.
func walkable(sch *graph.Schema, anchors []state.Anchor, c state.Chain) (map[string]bool, []string) {
	cur := map[string]bool{}
	for _, a := range anchors {
		if a.Type == "" {
			return nil, nil
		}
		cur[a.Type] = true
	}
	for _, st := range c.Steps {
		for _, e := range st.Edges {
			if r := sch.Relation(e.Relation); r == nil || len(r.From) == 0 || len(r.To) == 0 {
				return nil, nil
			}
		}
	}
	for i, st := range c.Steps {
		next, why := stepTypes(sch, st, cur)
		if len(next) == 0 {
			return nil, []string{fmt.Sprintf("chain[%d]: no edge can be walked from %s (%s)", i, strings.Join(sortedKeys(cur), "|"), strings.Join(why, "; "))}
		}
		// A repeated step is taken once or more: close over it.
		for grew := st.Repeat; grew; {
			more, _ := stepTypes(sch, st, next)
			grew = false
			for t := range more {
				if !next[t] {
					next[t], grew = true, true
				}
			}
		}
		cur = next
	}
	return cur, nil
}

// stepTypes returns the types one step reaches from the types in cur,
// and, for each edge that cannot be taken, why.
func stepTypes(sch *graph.Schema, st state.ChainStep, cur map[string]bool) (map[string]bool, []string) {
	next := map[string]bool{}
	var why []string
	for _, e := range st.Edges {
		r := sch.Relation(e.Relation)
		var starts, ends []string
		switch e.Direction {
		case graph.Out:
			starts, ends = r.From, r.To
		case graph.In:
			starts, ends = r.To, r.From
		default:
			starts = append(slices.Clone(r.From), r.To...)
			ends = starts
		}
		if slices.ContainsFunc(starts, func(t string) bool { return cur[t] }) {
			for _, t := range ends {
				next[t] = true
			}
		} else {
			why = append(why, fmt.Sprintf("%s starts at %s", e, strings.Join(starts, "|")))
		}
	}
	return next, why
}

func lookupRelation(sch *graph.Schema, name string) *graph.RelationDef {
	name = strings.TrimSpace(name)
	if r := sch.Relation(name); r != nil {
		return r
	}
	key := text.Key(name)
	for i := range sch.Relations {
		if strings.EqualFold(sch.Relations[i].Name, name) || text.Key(sch.Relations[i].Name) == key {
			return &sch.Relations[i]
		}
	}
	return nil
}

func lookupType(sch *graph.Schema, name string) *graph.TypeDef {
	if t := sch.Type(name); t != nil {
		return t
	}
	key := text.Key(name)
	for i := range sch.Types {
		t := &sch.Types[i]
		if strings.EqualFold(t.Name, name) || text.Key(t.Name) == key {
			return t
		}
		for _, a := range t.Aliases {
			if text.Key(a) == key {
				return t
			}
		}
	}
	return nil
}

func typeNames(sch *graph.Schema) []string {
	out := make([]string, len(sch.Types))
	for i, t := range sch.Types {
		out[i] = t.Name
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
