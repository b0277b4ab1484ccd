// Package plan is scgraph's deterministic planner: it links the question's
// entities through the store (link.go) and makes the retrieval plan,
// ranking relation chains with a learned lexicon where one fits the graph
// and otherwise reading the question in plain English against the graph's
// schema and relation meanings (package reading).
package plan

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Options tune the rule planner. The zero value gives the defaults.
type Options struct {
	// HopBudget bounds a walk whose length the question does not fix: a
	// yes/no reachability question ("is X affected by Y"). Default 6.
	HopBudget int
	// ClosureHops bounds a transitive closure ("everything that depends
	// on X, transitively"). Default 16.
	ClosureHops int
	// FuzzyThreshold is the least similarity at which a mention with no
	// exact match is linked fuzzily. Default 0.6.
	FuzzyThreshold float64
	// MaxChains caps the candidate chains in a plan. Default 3.
	MaxChains int
	// MaxSpanWords caps the words of a candidate mention. Default 16 (a
	// subcommittee or a law may be named in a dozen words).
	MaxSpanWords int
	// MaxWords caps the words of a question: linking tries every run of
	// up to MaxSpanWords words, so a longer question is refused
	// (ErrQuestionTooLong) rather than read for many seconds. Default
	// DefaultMaxWords.
	MaxWords int
	// Relate, when set, relates a word of the question that names no
	// relation of the graph to the graph's relations by similarity, as the
	// last resort before the plan says no relation matches (see relate).
	Relate Relator
}

// DefaultMaxWords is the default of Options.MaxWords: far beyond any
// question, and read in well under a second.
const DefaultMaxWords = 10000

// ErrQuestionTooLong is wrapped by the error for a question of more than
// Options.MaxWords words.
var ErrQuestionTooLong = errors.New("the question is too long")

// CheckLength returns an error wrapping ErrQuestionTooLong when q has
// more than maxWords words (0: DefaultMaxWords).
func CheckLength(q string, maxWords int) error {
	if maxWords <= 0 {
		maxWords = DefaultMaxWords
	}
	if n := len(text.Words(q)); n > maxWords {
		return fmt.Errorf("%w: %d words, at most %d are read", ErrQuestionTooLong, n, maxWords)
	}
	return nil
}

func (o Options) withDefaults() Options {
	if o.HopBudget <= 0 {
		o.HopBudget = 6
	}
	if o.ClosureHops <= 0 {
		o.ClosureHops = 16
	}
	if o.FuzzyThreshold <= 0 {
		o.FuzzyThreshold = 0.6
	}
	if o.MaxChains <= 0 {
		o.MaxChains = 3
	}
	if o.MaxSpanWords <= 0 {
		o.MaxSpanWords = 16
	}
	if o.MaxWords <= 0 {
		o.MaxWords = DefaultMaxWords
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

// Rules is the deterministic planner. The same question always gets the
// same plan.
type Rules struct {
	g      Store
	scorer Scorer
	opts   Options

	mu     sync.Mutex
	schema *graph.Schema
	// words are the words of the schema's names linking reads (of
	// wordsOf, the schema they were read from).
	words   *graphWords
	wordsOf *graph.Schema
}

// New returns a rule planner over g. scorer may be nil.
func New(g Store, scorer Scorer, opts Options) *Rules {
	return &Rules{g: g, scorer: scorer, opts: opts.withDefaults()}
}

// readSchema returns the graph's schema, reading it from the store once,
// and the store calls that took.
func (p *Rules) readSchema(ctx context.Context) (*graph.Schema, int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.schema != nil {
		return p.schema, 0, nil
	}
	s, err := p.g.Schema(ctx)
	if err != nil {
		return nil, 1, fmt.Errorf("read schema: %w", err)
	}
	p.schema = s
	return s, 1, nil
}

// linkQuestion links the question's entities, after the rewrites that
// apply and without a word about the whole graph (returned as domain,
// "" when none), and returns the question as it was linked.
func (p *Rules) linkQuestion(ctx context.Context, question string, s *graph.Schema, cost *state.Cost) (string, linking, string, error) {
	lk, err := p.link(ctx, question, s)
	cost.StoreCalls += lk.calls
	if err != nil {
		return "", linking{}, "", err
	}
	for _, rw := range rewrites {
		q, ok := rw.rewrite(question, lk.ents)
		if !ok {
			continue
		}
		rl, err := p.link(ctx, q, s)
		cost.StoreCalls += rl.calls
		if err != nil {
			return "", linking{}, "", err
		}
		question, lk = q, rl
		lk.notes = append([]string{fmt.Sprintf("read as %q: %s", q, rw.why)}, lk.notes...)
	}
	rest, domain, calls, err := p.domainWord(ctx, question, s, lk.ents)
	cost.StoreCalls += calls
	if err != nil || domain == "" {
		return question, lk, domain, err
	}
	// "Which CNCF projects graduated in 2023?": read without the word,
	// which names nothing of the graph; a doubt in Plan.
	rl, err := p.link(ctx, rest, s)
	cost.StoreCalls += rl.calls
	if err != nil {
		return "", linking{}, "", err
	}
	return rest, rl, domain, nil
}

// unanswerableFallback returns the first plan of the readings tried where
// the question's own reading found none (by the kinds alone, by a link
// to both entities, by a reference), or plan.
func (p *Rules) unanswerableFallback(question string, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	if len(ents) > 0 {
		if pl, ok := p.byKinds(question, s, ents); ok {
			plan = pl
		}
	}
	if plan.Unanswerable != "" {
		if pl, ok := p.linkedToBoth(question, s, ents); ok {
			plan = pl
		}
	}
	if plan.Unanswerable != "" {
		if pl, ok := p.byReference(question, s, ents); ok {
			plan = pl
		}
	}
	return plan
}

// answerConditions adds to plan the conditions on its answers that its
// reading left as entities: a kind said by an entity's name ("Which
// Republicans sit on the Finance Committee?": the members linked to
// Republican, not those named like it), and an entity the reading ignored.
func (p *Rules) answerConditions(ctx context.Context, question string, s *graph.Schema, plan *state.Plan, cost *state.Cost) {
	if h, calls, ok := p.nameWordEntity(ctx, question, s, *plan); ok {
		plan.Target.NameWord = ""
		addCondition(plan, h, fmt.Sprintf("%q read as the answers linked to %s by %s", h.Mention, h.Entity, strings.Join(state.ChainStep{Edges: h.Edges}.Relations(), " and ")))
		cost.StoreCalls += calls
	}
	if h, ok := ignoredCondition(question, s, *plan); ok {
		plan.Ignored = nil
		linked := "linked"
		if h.Without {
			linked = "not linked"
		}
		addCondition(plan, h, fmt.Sprintf("%s read as a condition on the answers: %s to it by %s", h.Entity, linked, strings.Join(state.ChainStep{Edges: h.Edges}.Relations(), " and ")))
	}
}

// Schema returns the schema the planner reads (fetching it once).
func (p *Rules) Schema(ctx context.Context) (*graph.Schema, error) {
	s, _, err := p.readSchema(ctx)
	return s, err
}

// Plan implements agent.Planner.
func (p *Rules) Plan(ctx context.Context, question string) (state.Plan, state.Cost, error) {
	var cost state.Cost
	if err := CheckLength(question, p.opts.MaxWords); err != nil {
		return state.Plan{}, cost, err
	}
	s, calls, err := p.readSchema(ctx)
	cost.StoreCalls += calls
	if err != nil {
		return state.Plan{}, cost, err
	}
	question, lk, domain, err := p.linkQuestion(ctx, question, s, &cost)
	if err != nil {
		return state.Plan{}, cost, err
	}
	if err := ctx.Err(); err != nil {
		return state.Plan{}, cost, err
	}
	// "Which elements other than Lithium are in period 2?": an entity set
	// aside starts no walk; setAside keeps it out of the answers.
	relink := p.relinker(ctx, s, &cost)
	asked := question
	var aside []linked
	if rest, as, ok := withoutSetAside(question, lk.ents); ok {
		ents, err := relink(rest)
		if err != nil {
			return state.Plan{}, cost, err
		}
		question, aside, lk.ents = rest, as, ents
	}
	plan, without := p.buildNegated(question, s, lk.ents)
	if !without {
		plan = p.build(question, s, lk.ents)
	}
	if pl, rest, ents, ok, err := p.sameValuePlan(question, s, lk.ents, relink); err != nil {
		return state.Plan{}, cost, err
	} else if ok {
		plan, question, lk.ents = pl, rest, ents
	}
	if pl, said, ents, ok, err := p.kinChainPlan(question, s, lk.ents, plan, relink); err != nil {
		return state.Plan{}, cost, err
	} else if ok {
		plan, question, lk.ents = pl, said, ents
	}
	if pl, ok, err := p.byPart(question, s, lk.ents, plan, relink); err != nil {
		return state.Plan{}, cost, err
	} else if ok {
		plan = pl
	}
	plan, lk.ents = p.attributeYesNo(ctx, question, s, lk.ents, plan, &cost)
	plan = p.relateUnread(ctx, question, s, lk.ents, plan)
	plan = p.relateLeft(ctx, question, s, lk.ents, plan)
	if plan.Unanswerable != "" {
		plan = p.unanswerableFallback(question, s, lk.ents, plan)
	}
	if pl, ok := p.choice(question, s, lk.ents); ok {
		plan = pl
	}
	mixedAnchors(&plan, s)
	appositionAlternative(question, &plan)
	throughNames(&plan, s)
	throughPlaces(question, &plan, s, lk.ents)
	askedRelation(&plan, s)
	listedDoubts(&plan, s)
	plan.Others = asksForOthers(question)
	p.answerConditions(ctx, question, s, &plan, &cost)
	plan.Ignored = append(plan.Ignored, anchorsOf(aside)...)
	setAside(asked, s, &plan)
	alsoOfKind(&plan, s)
	plan.Target.Adjacent = adjacentKinds(question, s, plan, lk.ents)
	plan.Notes = append(lk.notes, plan.Notes...)
	if domain != "" {
		why := fmt.Sprintf("%q names no entity, kind or relation of the graph: read as a word about the whole graph, not checked", domain)
		plan.Notes = append([]string{why}, plan.Notes...)
		for i := range plan.Readings {
			plan.Readings[i].Confidence = min(plan.Readings[i].Confidence, 0.75)
			plan.Readings[i].Guesses = append(slices.Clip(plan.Readings[i].Guesses), why)
		}
	}
	plan.DidYouMean = lk.didYouMean
	return plan, cost, nil
}

// adjacentKinds reports whether a yes or no between two entities (a
// question that opens as one: asksYesOrNo) asks
// about one fact between them (state.Target.Adjacent): the schema links
// their types directly, every chain of the plan is one step, a closure
// only where stated types (a schema's or the data's) say it cannot walk
// on past one fact, and the types differ or the question says
// "directly". Between things of one kind facts chain ("Is Crobat
// descended from Zubat?" through Golbat; a prerequisite's prerequisite),
// so no fact between the two says nothing of a chain.
func adjacentKinds(question string, s *graph.Schema, plan state.Plan, ents []linked) bool {
	if plan.Target.Kind != state.TargetEntity || len(plan.Anchors) != 1 || !asksYesOrNo(questionWords(question, ents)) {
		// "When was X added to ESLint?" read as whether X reaches
		// eslint:recommended: no fact between them answers a when.
		return false
	}
	from, to := plan.Anchors[0].Type, ""
	for _, e := range ents {
		if e.anchor.Entity == plan.Target.Entity {
			to = e.anchor.Type
		}
	}
	if from == "" || to == "" || len(s.LinksBetween([]string{from}, to)) == 0 {
		return false
	}
	for _, c := range plan.Chains {
		// Types scgraph inferred give a node one of the kinds it
		// plays: they do not say a closure cannot go on.
		if len(c.Steps) != 1 || c.Steps[0].Repeat && (!s.TypesStated() || stepChains(s, c.Steps[0], from)) {
			return false
		}
	}
	if s.TypesStated() && !slices.ContainsFunc(plan.Chains, func(c state.Chain) bool { return stepLinks(s, c.Steps[0], from, to) }) {
		// "Does any operation tagged Zip Downloads return
		// ZipDownloadStatus?" read through tags alone, which never
		// reaches a schema: a word was left unread, and the question
		// may ask of more than one fact.
		return false
	}
	return from != to || words.SaysDirect(question)
}

// stepLinks reports whether step st, walked once from a thing of type
// from, may arrive at one of type to (or its relations' ends are not
// known).
func stepLinks(s *graph.Schema, st state.ChainStep, from, to string) bool {
	for _, e := range st.Edges {
		rd := s.Relation(e.Relation)
		if rd == nil || len(rd.From) == 0 || len(rd.To) == 0 || slices.Contains(rd.Arrives([]string{from}, e.Direction), to) {
			return true
		}
	}
	return false
}

// stepChains reports whether a step walked again may go on from where it
// arrives, from a thing of type from: some of its relations start from
// the types its first walk ends at ("chair" from a person to a group
// cannot, a group being no chair; "depends_on" between ports can).
func stepChains(s *graph.Schema, st state.ChainStep, from string) bool {
	var ends []string
	for _, e := range st.Edges {
		rd := s.Relation(e.Relation)
		if rd == nil || len(rd.From) == 0 || len(rd.To) == 0 {
			return true // ends not known: it may
		}
		ends = append(ends, rd.Arrives([]string{from}, e.Direction)...)
	}
	return len(ends) == 0 || slices.ContainsFunc(st.Edges, func(e state.RelDir) bool {
		return len(s.Relation(e.Relation).Arrives(ends, e.Direction)) > 0
	})
}

// rewrites are the ways a question is said again before it is read, each
// with why, in order; the question is linked again after each that applies.
var rewrites = []struct {
	rewrite func(q string, ents []linked) (string, bool)
	why     string
}{
	// "a major ninth (9M)": asked of 9M.
	{restated, "a phrase restated in parentheses is the entity named there"},
	// "Other than Veps, which languages are in East Ladoga?": asked as
	// "Which languages are in East Ladoga, other than Veps?".
	{frontedSetAside, "the clause that sets an entity aside is read after the question"},
	// "the element whose symbol is Cs": asked as "the element with
	// symbol Cs".
	{whoseIsWith, "a relative clause that says what a thing's attribute is reads as the thing with that attribute"},
	// "Which courses require the course titled Algorithms and Data
	// Structures?": asked of Algorithms and Data Structures, which the
	// course goes by.
	{calledName, "a thing said by the name it is called is its name"},
}

// relinker returns a function that links a question's words as Plan
// does, counting its store calls in cost.
func (p *Rules) relinker(ctx context.Context, s *graph.Schema, cost *state.Cost) func(string) ([]linked, error) {
	return func(q string) ([]linked, error) {
		l, err := p.link(ctx, q, s)
		cost.StoreCalls += l.calls
		return l.ents, err
	}
}

// buildNegated plans a question that ends by negating a condition on its
// answers (findNegatedTail) as the question without it, keeping the
// answers with no fact with the negated clause's entity: a guess, never
// certified. ok is false where the question has no such clause or the
// rest cannot be planned with that condition.
func (p *Rules) buildNegated(q string, s *graph.Schema, ents []linked) (state.Plan, bool) {
	nt, ok := findNegatedTail(q, ents)
	if !ok {
		return state.Plan{}, false
	}
	plan := p.build(nt.rest, s, nt.kept)
	if plan.Unanswerable != "" && len(nt.kept) > 0 {
		// "Which Victoria Line stations are not in zone 1?": the rest
		// read by its kinds, as the whole would be.
		if pl, ok := p.byKinds(nt.rest, s, nt.kept); ok {
			plan = pl
		}
	}
	h, ok := withoutCondition(s, plan, nt.without, nt.clause)
	if !ok {
		return state.Plan{}, false
	}
	addCondition(&plan, h, fmt.Sprintf("the question ends %q: read as a condition on the answers: not linked to %s by %s", nt.clause, h.Entity, strings.Join(state.ChainStep{Edges: h.Edges}.Relations(), " and ")))
	return plan, true
}

// addCondition adds condition h to the plan's answers, a guess the plan's
// notes and every reading's guesses say (why), and which leaves no reading
// sure enough to be certified.
func addCondition(plan *state.Plan, h state.Having, why string) {
	plan.Target.Having = append(plan.Target.Having, h)
	plan.Notes = append(plan.Notes, why)
	for i := range plan.Readings {
		plan.Readings[i].Confidence = min(plan.Readings[i].Confidence, 0.75)
		plan.Readings[i].Guesses = append(slices.Clip(plan.Readings[i].Guesses), why)
	}
}

// Assumed is the plan of a question with exactly one [bracketed] mention,
// that mention taken for the exact name of an entity of type typ ("" when
// the type is not known yet), made with no store call but reading the
// schema once. When the store has an entity of that exact name and type,
// it is the plan Plan makes: Plan links a bracketed mention to the entity
// named exactly so whenever there is one. It returns the entity's name,
// and ok false when the question has no bracketed mention or several.
func (p *Rules) Assumed(ctx context.Context, question, typ string) (plan state.Plan, entity string, cost state.Cost, ok bool, err error) {
	if err := CheckLength(question, p.opts.MaxWords); err != nil {
		return state.Plan{}, "", cost, false, err
	}
	bs := text.Brackets(question)
	if len(bs) != 1 {
		return state.Plan{}, "", cost, false, nil
	}
	s, calls, err := p.readSchema(ctx)
	cost.StoreCalls += calls
	if err != nil {
		return state.Plan{}, "", cost, false, err
	}
	b := bs[0]
	e := graph.Entity{Name: b.Name, Type: typ}
	// As choose links an exact match of a bracketed mention.
	l := linked{
		anchor:     state.Anchor{Mention: b.Name, Entity: e.Name, Type: e.Type, Method: graph.MatchBracket, Confidence: 1},
		start:      b.Start,
		end:        b.End,
		candidates: []graph.Match{{Entity: e, Method: graph.MatchExact, Score: 1}},
	}
	plan = p.build(question, s, []linked{l})
	plan.Notes = append([]string(nil), plan.Notes...) // as Plan leaves them
	return plan, b.Name, cost, true, nil
}

// asksForOthers reports whether the question asks for things other than
// its own entities ("Which other Pokémon are in Ditto's egg group?",
// "what else breaks"): a word of the class else.
func asksForOthers(q string) bool {
	return slices.ContainsFunc(text.Tokens(q), func(w string) bool { return words.ClassOf(w).Has(words.Else) })
}

// alsoOfKind lists, for a plan that asks for a kind, the entities of
// other types the data also gives that kind (state.Target.AlsoOfKind):
// "Which engine manufacturer powers Alfa Romeo?" is answered by Ferrari,
// one node typed Constructor, which the fact says is an engine maker too.
func alsoOfKind(plan *state.Plan, s *graph.Schema) {
	t := &plan.Target
	if t.Kind != state.TargetType || t.Type == "" {
		return
	}
	for _, e := range s.Entities {
		if slices.ContainsFunc(e.OtherTypes, t.OfKind) {
			t.AlsoOfKind = append(t.AlsoOfKind, e.Name)
		}
	}
}
