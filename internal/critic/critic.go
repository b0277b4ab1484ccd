package critic

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/readcheck"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Topological is the deterministic relational critic. It judges topological
// sufficiency exactly, from the walk alone:
//
//   - entity target: sufficient when the target is reached at the end of
//     the chain; otherwise the unexpanded positions are the dead ends; with
//     none left within the hop budget, no chain exists (proven, or checked
//     with one Paths call when fan-out cuts left gaps).
//   - type, chain and closure targets: sufficient when no unexpanded
//     position within the hop budget is left and the chain produced
//     answers; a chain that dead-ends with no answer is switched for the
//     plan's next chain, continuing from the longest shared prefix.
//
// Store is what the critic reads: the shortest paths that check a
// negative answer, and the hops around the walk that check a claim
// (certify).
type Store interface {
	Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error)
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
}

type Topological struct {
	g Store
	// MaxDeadEnds caps the dead ends one verdict names (the rest wait for
	// the next round). Default 2000.
	MaxDeadEnds int
}

// New returns the rule critic. g is used only to check a negative answer
// that fan-out cuts could have hidden.
func New(g Store) *Topological { return &Topological{g: g, MaxDeadEnds: 2000} }

// Critique implements agent.Critic.
func (c *Topological) Critique(ctx context.Context, s *state.AgentState) (state.Verdict, state.Cost, error) {
	v := state.Verdict{Iteration: s.Iteration, By: state.ByRules}
	var cost state.Cost
	w := readWalk(s)
	var err error
	switch {
	case s.Plan.Target.Kind == state.TargetEntity:
		v, err = c.entityVerdict(ctx, s, w, v, &cost)
	case len(w.frontier) > 0:
		v = c.insufficient(s, v, w.frontier, "the chain is not complete")
	case len(w.answers) > 0:
		v, err = c.answersVerdict(ctx, s, w, v, &cost)
	default:
		v, err = c.deadEndVerdict(ctx, s, w, v, &cost)
	}
	return v, cost, err
}

// walkState is what the critic reads off the walk before it judges: the
// chain walked, the unexpanded positions that can still move on it
// within the hop budget (frontier) and at it (boundary), the accepted
// answers, and whether fan-out cuts left neighbours out.
type walkState struct {
	chain              state.Chain
	frontier, boundary []int
	answers            []int
	cut                bool
}

// readWalk reads the walk's state for a verdict.
func readWalk(s *state.AgentState) walkState {
	w := walkState{chain: s.Chain()}
	for i, r := range s.Walk.All() {
		if r.Expanded || !walk.CanMove(w.chain, r.Steps) {
			continue
		}
		if r.Depth < s.Plan.HopBudget {
			w.frontier = append(w.frontier, i)
		} else {
			w.boundary = append(w.boundary, i)
		}
	}
	w.answers = s.Accepted()
	w.cut = len(s.Cuts) > 0
	return w
}

// entityVerdict judges a walk toward an asked entity (a yes or no):
// sufficient once it is reached; else the frontier to expand; else
// exhausted at the hop budget or by fan-out cuts that hid a chain the
// store has; else the next reading's chain; else no chain, certified.
func (c *Topological) entityVerdict(ctx context.Context, s *state.AgentState, w walkState, v state.Verdict, cost *state.Cost) (state.Verdict, error) {
	target := s.Plan.Target.Entity
	for _, i := range w.answers {
		if s.Walk.At(i).Node == target {
			v.Outcome = state.Sufficient
			v.Reason = fmt.Sprintf("%s reaches %s through a complete chain of %d hop(s)", s.AnchorNames(), target, s.Walk.At(i).Depth)
			err := c.certify(ctx, s, &v, cost)
			return v, err
		}
	}
	if len(w.frontier) > 0 {
		return c.insufficient(s, v, w.frontier, fmt.Sprintf("%s not reached yet", target)), nil
	}
	if len(w.boundary) > 0 {
		v.Outcome = state.Exhausted
		v.Reason = fmt.Sprintf("%s not reached within the hop budget of %d; %d position(s) at the limit were not expanded", target, s.Plan.HopBudget, len(w.boundary))
		return v, nil
	}
	if w.cut && len(s.Plan.Anchors) > 0 {
		// Fan-out cuts may have hidden the chain: ask the store directly.
		ok, err := c.pathExists(ctx, s, w.chain)
		cost.StoreCalls++
		if err != nil {
			return v, err
		}
		if ok {
			v.Outcome = state.Exhausted
			v.Reason = fmt.Sprintf("a chain to %s exists but fan-out cuts kept it out of the walk", target)
			return v, nil
		}
	}
	if next := nextChain(s); next >= 0 && len(s.Plan.Readings) > next {
		// Another reading of the question may connect them: a "no"
		// is claimed only once every reading has been walked.
		why := fmt.Sprintf("no %s chain from %s to %s; reading it as %s", chainWords(s), s.AnchorNames(), target, s.Plan.Readings[next].Text)
		return c.switchChain(s, v, next, 0, why), nil
	}
	v.Outcome = state.NoChain
	v.Reason = fmt.Sprintf("no %s chain from %s to %s within %d hops", chainWords(s), s.AnchorNames(), target, s.Plan.HopBudget)
	if err := c.certify(ctx, s, &v, cost); err != nil || v.Outcome != state.Uncertain {
		return v, err
	}
	return c.probePair(ctx, s, v, cost)
}

// oneStepPair reports whether a yes or no is about two entities of kinds
// the schema links directly (state.Target.Adjacent: no chain of the plan
// walks on past one fact between them), over a graph whose facts are all
// there, both linked by their names without a choice, and every reading
// walked was one step: then a question read one way or another asks
// whether some fact joins the two.
func oneStepPair(s *state.AgentState) bool {
	pl := s.Plan
	if !pl.Target.Adjacent || pl.OpenWorld || len(pl.Anchors) != 1 || pl.Anchors[0].Confidence < 0.9 ||
		slices.ContainsFunc(pl.Ambiguities, func(a state.Ambiguity) bool {
			return a.Mention == pl.Target.Mention || a.Mention == pl.Anchors[0].Mention
		}) {
		return false
	}
	for _, i := range triedChains(s) {
		if i >= len(pl.Chains) {
			return false
		}
		st := pl.Chains[i].Steps
		if len(st) != 1 || st[0].Optional {
			return false // a step walked again can only arrive where it began (state.Target.Adjacent)
		}
	}
	return true
}

// probePair looks at the facts between the two entities of a yes or no
// whose none the reading's doubts left uncertain (v). With no fact at all
// between them, where oneStepPair holds, no reading of one step finds
// one, so the no is certified whichever relation the question meant;
// elsewhere the none stays uncertain, leaning no. A fact that does join
// them, through a relation the reading did not walk, leans yes. Not over
// documents, whose facts are never all the facts, nor where the doubt
// rests on facts that may carry a chain the walk did not take
// (Verdict.FactsDoubt).
func (c *Topological) probePair(ctx context.Context, s *state.AgentState, v state.Verdict, cost *state.Cost) (state.Verdict, error) {
	if len(s.Plan.Anchors) == 0 || s.Plan.OpenWorld {
		return v, nil
	}
	from, to := s.Plan.Anchors[0].Entity, s.Plan.Target.Entity
	if from == to || to == "" || v.FactsDoubt && !oneStepPair(s) {
		// Facts that may carry a chain the walk did not take: what joins
		// the pair says nothing more.
		return v, nil
	}
	ps, err := c.g.Paths(ctx, graph.PathRequest{From: from, To: to, MaxHops: 1, Direction: graph.Both, Limit: 1})
	cost.StoreCalls++
	if err != nil {
		return v, fmt.Errorf("check the facts between %s and %s: %w", from, to, err)
	}
	switch {
	case len(ps) > 0 && (otherThanNamed(s, ps[0]) || converseOfWalked(s, ps[0])):
		// "Does Elliott love Octopus?": he likes it, which is not
		// what the question asks. "Does relay depend on nginx?":
		// nginx depends on relay, the converse.
		v.Lean, v.LeanPath = state.LeanNo, &ps[0]
	case len(ps) > 0:
		v.Lean, v.LeanPath = state.LeanYes, &ps[0]
	case oneStepPair(s):
		var deeper *graph.Path
		var err error
		if !words.SaysDirect(s.Question) {
			deeper, err = c.deeperChain(ctx, s, from, to, cost)
		}
		if err != nil {
			return v, err
		}
		if deeper != nil {
			// "Does IPA contain Rye IPA?" over styles: no fact joins
			// the two, but the relation walked goes on through others
			// and links them there.
			v.Lean, v.LeanPath = state.LeanYes, deeper
			break
		}
		v.Outcome = state.NoChain
		v.Doubt, v.FactsDoubt = "", false
		v.Reason = fmt.Sprintf("no fact of any relation joins %s and %s, so no reading of the question as one step links them", from, to)
	default:
		v.Lean = state.LeanNo
	}
	return v, nil
}

// otherThanNamed reports whether the question names, by its own words,
// a relation its readings walked, and the fact p that joins the two
// entities of its yes or no is of relations it walked none of and names
// none of: "Does Elliott love Octopus?" over loves, where only Elliott
// -likes-> Octopus joins them, asks of loving, not liking.
func otherThanNamed(s *state.AgentState, p graph.Path) bool {
	toks := wordsBesideMentions(s)
	said := func(rel string) bool {
		return slices.ContainsFunc(words.NameWords(rel), func(w string) bool {
			return len(w) > 2 && !words.ClassOf(w).Has(words.Prep) && slices.ContainsFunc(toks, func(t string) bool { return words.SameWord(t, w) })
		})
	}
	walked := triedEdges(s)
	if !slices.ContainsFunc(walked, func(e state.RelDir) bool { return said(e.Relation) }) || len(p.Hops) == 0 {
		return false
	}
	for _, h := range p.Hops {
		if readcheck.HasRelation(walked, h.Relation) || said(h.Relation) {
			return false
		}
	}
	return true
}

// triedEdges returns the edges of every step of the chains the run has
// walked (triedChains).
func triedEdges(s *state.AgentState) []state.RelDir {
	var out []state.RelDir
	for _, i := range triedChains(s) {
		for _, st := range s.Plan.Chains[i].Steps {
			out = append(out, st.Edges...)
		}
	}
	return out
}

// converseOfWalked reports whether the one fact p that joins the two
// entities of a yes or no is of a relation the readings walked one way,
// stored the other way round: "Does relay depend on nginx?" where nginx
// depends on relay. A relation whose name says it holds both ways
// ("married_to") is not turned.
func converseOfWalked(s *state.AgentState, p graph.Path) bool {
	if len(p.Hops) != 1 || words.ReadName(p.Hops[0].Relation).Mutual {
		return false
	}
	h := p.Hops[0]
	converse, same := false, false
	for _, e := range triedEdges(s) {
		if e.Relation != h.Relation {
			continue
		}
		converse = converse || e.Direction != graph.Both && e.Direction != h.Direction
		same = same || e.Direction == graph.Both || e.Direction == h.Direction
	}
	return converse && !same
}

// wordsBesideMentions returns the question's words but the entities'
// mentions and a word right after one said with "the", which says what
// the entity is ("the Indonesia region"), not which relation the
// question asks of.
func wordsBesideMentions(s *state.AgentState) []string {
	toks := text.Tokens(s.Question)
	mentions := [][]string{text.Tokens(s.Plan.Target.Mention)}
	for _, a := range s.Plan.Anchors {
		mentions = append(mentions, text.Tokens(a.Mention))
	}
	var out []string
	for i := 0; i < len(toks); i++ {
		n := mentionAt(toks, i, mentions)
		if n == 0 {
			out = append(out, toks[i])
			continue
		}
		the := toks[i] == "the" || i > 0 && toks[i-1] == "the"
		i += n - 1
		if the && i+1 < len(toks) {
			i++ // the word after it says what it is
		}
	}
	return out
}

// mentionAt returns how many of the question's words from i make one
// of the mentions (each in words), or 0.
func mentionAt(toks []string, i int, mentions [][]string) int {
	for _, mt := range mentions {
		if len(mt) > 0 && i+len(mt) <= len(toks) && slices.Equal(toks[i:i+len(mt)], mt) {
			return len(mt)
		}
	}
	return 0
}

// deeperChain returns a chain from one entity of a yes or no to the
// other through the relations of the one step each reading walked, each
// the way it walked them, repeated (styles between styles: IPA, then
// Specialty IPA, then Rye IPA), or nil: where there is one, the absence
// of a fact between the two does not answer no, unless the question said
// "directly".
func (c *Topological) deeperChain(ctx context.Context, s *state.AgentState, from, to string, cost *state.Cost) (*graph.Path, error) {
	byDir := map[graph.Direction][]string{}
	for _, i := range triedChains(s) {
		for _, e := range s.Plan.Chains[i].Steps[0].Edges {
			if e.Direction != graph.Both && !slices.Contains(byDir[e.Direction], e.Relation) {
				byDir[e.Direction] = append(byDir[e.Direction], e.Relation)
			}
		}
	}
	for _, d := range []graph.Direction{graph.Out, graph.In} {
		if len(byDir[d]) == 0 {
			continue
		}
		ps, err := c.g.Paths(ctx, graph.PathRequest{From: from, To: to, MaxHops: graph.MaxPathHops, Relations: byDir[d], Direction: d, Limit: 1})
		cost.StoreCalls++
		if err != nil {
			return nil, fmt.Errorf("check the chains between %s and %s: %w", from, to, err)
		}
		if len(ps) > 0 {
			return &ps[0], nil
		}
	}
	return nil, nil
}

// answersVerdict judges a complete chain that found answers: exhausted
// where positions at the hop budget or fan-out cuts may hide more, else
// sufficient, certified.
func (c *Topological) answersVerdict(ctx context.Context, s *state.AgentState, w walkState, v state.Verdict, cost *state.Cost) (state.Verdict, error) {
	v.Outcome = state.Sufficient
	v.Reason = fmt.Sprintf("%d answer(s) at the end of a complete chain %s", len(w.answers), w.chain)
	if len(w.boundary) > 0 {
		v.Outcome = state.Exhausted
		v.Reason += fmt.Sprintf("; %d position(s) at the hop budget of %d were not expanded", len(w.boundary), s.Plan.HopBudget)
		return v, nil
	}
	return c.certifyUncut(ctx, s, w, v, cost)
}

// certifyUncut certifies a verdict, unless fan-out cuts may have kept
// what it is about out of the walk: then it is exhausted, saying so.
func (c *Topological) certifyUncut(ctx context.Context, s *state.AgentState, w walkState, v state.Verdict, cost *state.Cost) (state.Verdict, error) {
	if w.cut {
		v.Outcome = state.Exhausted
		v.Reason += "; " + cutWords(s)
		return v, nil
	}
	err := c.certify(ctx, s, &v, cost)
	return v, err
}

// deadEndVerdict judges a complete chain that found nothing: walked
// again through the anchors where only they may complete it; else the
// next reading's chain; else no chain, exhausted where fan-out cuts may
// hide one, certified otherwise.
func (c *Topological) deadEndVerdict(ctx context.Context, s *state.AgentState, w walkState, v state.Verdict, cost *state.Cost) (state.Verdict, error) {
	chain := w.chain
	deepest := deepestStep(s)
	if len(s.Plan.Readings) == 0 && !s.Walk.Reentry && !chain.Reentry && chain.Fixed() && deepest > 0 {
		return reenter(s, chain, v), nil
	}
	if next := nextChain(s); next >= 0 {
		return c.switchChain(s, v, next, deepest, switchWhy(s, chain, deepest, next)), nil
	}
	v.Outcome = state.NoChain
	if steps := len(chain.Steps); steps > 0 && deepest < steps {
		v.Reason = fmt.Sprintf("chain %s dead-ends after %d step(s): no %s from %s", chain, deepest, stepWords(chain, deepest), deadNames(s, deepest))
	} else {
		v.Reason = fmt.Sprintf("chain %s reaches nothing of the kind asked", chain)
	}
	return c.certifyUncut(ctx, s, w, v, cost)
}

// deepestStep returns the most steps of the chain any position reached.
func deepestStep(s *state.AgentState) int {
	deepest := 0
	for _, r := range s.Walk.All() {
		if r.Steps > deepest {
			deepest = r.Steps
		}
	}
	return deepest
}

// reenter makes v walk chain again, allowed through the anchors: the
// chain may only be completable through an anchor ("the wife of X's
// husband").
func reenter(s *state.AgentState, chain state.Chain, v state.Verdict) state.Verdict {
	v.Outcome = state.Insufficient
	v.Reentry = true
	for _, a := range s.Plan.Anchors {
		v.DeadEnds = append(v.DeadEnds, state.DeadEnd{Pos: state.Pos{Node: a.Entity}, Missing: chain.Steps[0].Edges})
	}
	v.Reason = fmt.Sprintf("chain %s reaches nothing without passing through %s again: walking it again through the anchors", chain, s.AnchorNames())
	return v
}

// switchWhy says why a chain that dead-ended after deepest steps gives
// way to chain next: where it dead-ends, or, for the reader's readings,
// that it found nothing the question asks for.
func switchWhy(s *state.AgentState, chain state.Chain, deepest, next int) string {
	why := fmt.Sprintf("chain %s dead-ends after %d step(s) (no %s)", chain, deepest, stepWords(chain, deepest))
	if len(s.Plan.Readings) > 0 {
		why = fmt.Sprintf("the reading finds nothing the question asks for (%s); reading it as %s", askedWords(s), s.Plan.Readings[next].Text)
		if n := len(chainEnds(s, false)); n > 0 {
			why = fmt.Sprintf("the reading does not fit the question: it asks for %s, and the %d entities the walk reached are none of them; reading it as %s", askedWords(s), n, s.Plan.Readings[next].Text)
		}
	}
	return why
}

// switchChain ends the current chain, which reached nothing the question
// asks for, and moves the walk to chain next: its dead ends are the
// positions at the steps both chains share (at most deepest), which
// continue the next chain from there; when that chain is a prefix of this
// one, they already end it (its answers).
func (c *Topological) switchChain(s *state.AgentState, v state.Verdict, next, deepest int, why string) state.Verdict {
	alt := s.Plan.Chains[next]
	p := min(sharedPrefix(s.Chain(), alt), deepest)
	var dead []int
	for i, r := range s.Walk.All() {
		if r.Steps == p {
			dead = append(dead, i)
		}
	}
	v = c.insufficient(s, v, dead, why)
	var missing []state.RelDir
	if p < len(alt.Steps) {
		missing = alt.Steps[p].Edges
	}
	for k := range v.DeadEnds {
		v.DeadEnds[k].Missing = missing
	}
	v.Switch = &next
	return v
}

// insufficient fills a verdict naming the given positions as dead ends,
// those nearest the anchors first.
func (c *Topological) insufficient(s *state.AgentState, v state.Verdict, idx []int, why string) state.Verdict {
	chain := s.Chain()
	sort.SliceStable(idx, func(a, b int) bool { return s.Walk.DepthAt(idx[a]) < s.Walk.DepthAt(idx[b]) })
	max := c.MaxDeadEnds
	if max <= 0 {
		max = 2000
	}
	for _, i := range idx {
		if len(v.DeadEnds) == max {
			break
		}
		r := s.Walk.At(i)
		var missing []state.RelDir
		for _, t := range walk.Moves(chain, r.Steps) {
			missing = append(missing, t.Step.Edges...)
		}
		v.DeadEnds = append(v.DeadEnds, state.DeadEnd{Pos: r.Pos, Depth: r.Depth, Missing: missing})
	}
	v.Outcome = state.Insufficient
	names := make([]string, 0, 3)
	for _, de := range v.DeadEnds {
		if len(names) == 3 {
			names = append(names, fmt.Sprintf("and %d more", len(v.DeadEnds)-3))
			break
		}
		names = append(names, de.Node)
	}
	v.Reason = fmt.Sprintf("%s: expand %s", why, strings.Join(names, ", "))
	return v
}

// pathExists asks the store whether the target is within the hop budget
// of an anchor along the chain's relations.
func (c *Topological) pathExists(ctx context.Context, s *state.AgentState, chain state.Chain) (bool, error) {
	rels := map[string]bool{}
	dirs := map[graph.Direction]bool{}
	for _, st := range chain.Steps {
		for _, e := range st.Edges {
			rels[e.Relation] = true
			dirs[e.Direction] = true
		}
	}
	dir := graph.Both
	if len(dirs) == 1 {
		for d := range dirs {
			dir = d
		}
	}
	var names []string
	for r := range rels {
		names = append(names, r)
	}
	sort.Strings(names)
	hops := s.Plan.HopBudget
	if hops > 6 {
		hops = 6
	}
	ps, err := c.g.Paths(ctx, graph.PathRequest{From: s.Plan.Anchors[0].Entity, To: s.Plan.Target.Entity, MaxHops: hops, Relations: names, Direction: dir, Limit: 1})
	if err != nil {
		return false, fmt.Errorf("check for a hidden chain: %w", err)
	}
	return len(ps) > 0, nil
}

// nextChain returns the index of the next chain of the plan not yet
// tried, or -1.
func nextChain(s *state.AgentState) int {
	tried := triedChains(s)
	for i := range s.Plan.Chains {
		if !slices.Contains(tried, i) {
			return i
		}
	}
	return -1
}

// triedChains returns the indexes of the plan's chains the walk has
// followed: the first, those the critic switched to, and the current.
func triedChains(s *state.AgentState) []int {
	tried := []int{0}
	add := func(i int) {
		if !slices.Contains(tried, i) {
			tried = append(tried, i)
		}
	}
	for _, v := range s.Verdicts {
		if v.Switch != nil {
			add(*v.Switch)
		}
	}
	add(s.Walk.Chain)
	return tried
}

func sharedPrefix(a, b state.Chain) int {
	n := 0
	for n < len(a.Steps) && n < len(b.Steps) && a.Steps[n].String() == b.Steps[n].String() {
		n++
	}
	return n
}

func chainWords(s *state.AgentState) string {
	switch s.Plan.Direction {
	case state.IntentDependencies, state.IntentDependents:
		return "dependency"
	}
	return "relation"
}

func stepWords(c state.Chain, st int) string {
	if st >= len(c.Steps) {
		return "further step"
	}
	return c.Steps[st].String()
}

func deadNames(s *state.AgentState, st int) string {
	var names []string
	for _, r := range s.Walk.All() {
		if r.Steps == st {
			names = append(names, r.Node)
			if len(names) == 3 {
				break
			}
		}
	}
	return strings.Join(names, ", ")
}

// certify judges the reading behind a verdict that would claim
// something (judgeReading), then asks the store whether the walk touches
// relations that could carry the answer further than the reading went:
// relations of unknown meaning near it (Unread), the relations of the same
// kind the question's verb left out of a closure (Wider), and relations
// that deliver into their object, walked the other way (Delivered). The
// first that does makes the verdict Uncertain, saying why.
func (c *Topological) certify(ctx context.Context, s *state.AgentState, v *state.Verdict, cost *state.Cost) error {
	judgeReading(s, v)
	if s.Plan.OpenWorld && (v.Outcome == state.NoChain || v.Outcome == state.Sufficient && s.Plan.Target.Kind != state.TargetEntity) {
		v.Outcome = state.Uncertain
		v.Reason += "; not certified: " + OpenWorldDoubt
		v.Doubt = OpenWorldDoubt
		return nil
	}
	rd := s.Reading()
	if rd == nil || (v.Outcome != state.Sufficient && v.Outcome != state.NoChain) {
		return nil
	}
	if why := openDoubt(rd, v.Outcome); why != "" {
		v.Outcome = state.Uncertain
		v.Doubt = why
		v.Reason += "; not certified: " + why
		return nil
	}
	if v.Outcome == state.Sufficient && s.Plan.Target.Kind == state.TargetEntity {
		return nil // the chain found proves the yes
	}
	closure := rd.Extent == state.ExtentTransitive
	checks := c.claimChecks(rd, v.Outcome, closure)
	if len(checks) == 0 {
		return nil
	}
	walked := walkedEntities(s, closure)
	for _, check := range checks {
		why, err := check.run(ctx, s, walked, cost)
		if err != nil {
			return err
		}
		if why != "" {
			v.Outcome = state.Uncertain
			v.Reason += "; not certified: " + why
			v.Doubt, v.FactsDoubt = why, check.another
			return nil
		}
	}
	return nil
}

// claimCheck is a store check of a claim. another says the facts it
// finds may carry a chain under another reading of the question's words
// (failure delivered the other way, a relation of the same kind or its
// mirror): a none it doubts leans neither way.
type claimCheck struct {
	run     doubt
	another bool
}

// claimChecks returns the store checks a claim of outcome over reading
// rd needs, in the order they are asked; closure says the reading walks
// a closure.
func (c *Topological) claimChecks(rd *state.Reading, outcome state.Outcome, closure bool) []claimCheck {
	var checks []claimCheck
	// The walked relation itself stored the other way round says most
	// about a none: checked first.
	if len(rd.Unoriented) > 0 && outcome == state.NoChain {
		checks = append(checks, claimCheck{c.unorientedDoubt, false})
	}
	if outcome == state.NoChain && !closure && (!rd.ExtentSaid || rd.Concept == words.Containment.String()) {
		// Not where the question says how far ("directly"): the one step
		// is its whole question. A whole said of a part ("in the
		// Indonesia region") is read as one step by its relation's noun,
		// where being in a whole holds through the part's own wholes.
		checks = append(checks, claimCheck{c.throughOthersDoubt, true})
	}
	if len(rd.Unread) > 0 && (closure || rd.Concept == words.Dependency.String() || outcome == state.NoChain) ||
		len(rd.UnreadFirst) > 0 && outcome == state.NoChain {
		checks = append(checks, claimCheck{c.unreadDoubt, false})
	}
	// A direct answer, or a none, is checked too, against the relations
	// of its kind whose act may be the one asked (the reader leaves out
	// those known to be another: "what does X call" is not answered by
	// what it reads).
	if len(rd.Wider) > 0 {
		checks = append(checks, claimCheck{c.widerDoubt, true})
	}
	// A direct answer found names the relation as it is written ("what
	// uses X directly"); the other way matters where failure spreads, and
	// where nothing was found.
	if len(rd.Delivered) > 0 && (closure || outcome == state.NoChain) {
		checks = append(checks, claimCheck{c.deliveredDoubt, true})
	}
	if len(rd.Mirrored) > 0 {
		checks = append(checks, claimCheck{c.mirroredDoubt, true})
	}
	if len(rd.Alike) > 0 {
		checks = append(checks, claimCheck{c.alikeDoubt, true})
	}
	if rd.ClosureFair && outcome == state.Sufficient {
		checks = append(checks, claimCheck{c.closureFairCheck, false})
	}
	return checks
}

// openDoubt says why an outcome of reading rd is not certified for being
// the open reader's, or "": an open reading is certified only where the
// question's own words name every relation it walks
// (state.Reading.OpenNamed), and only for the answers it finds.
func openDoubt(rd *state.Reading, outcome state.Outcome) string {
	switch {
	case !rd.Open:
		return ""
	case !rd.OpenNamed && len(rd.Guesses) > 0:
		// The reading's own doubts say which word named no relation
		// for certain ("born" read as birth_cty and birth_prv).
		return OpenReaderDoubt + ": " + strings.Join(rd.Guesses, "; ")
	case !rd.OpenNamed:
		return OpenReaderDoubt
	case outcome != state.Sufficient:
		return OpenNoneDoubt
	}
	return ""
}

// OpenReaderDoubt is why no claim is certified on a reading of the open
// reader (state.Reading.Open) that the question's words do not name.
const OpenReaderDoubt = "read by the open reader (the rule reader found no sure reading), and the question's words do not name each relation it walks for certain"

// OpenNoneDoubt is why a "none" of an open reading is not certified.
const OpenNoneDoubt = "read by the open reader, whose word for a relation may miss one the graph stores the facts under: a none it finds is not certified"

// OpenWorldDoubt is why no claim is certified over a graph read from
// documents (state.Plan.OpenWorld).
const OpenWorldDoubt = "the graph was read from documents, which need not state every fact: what they do not state is not known to be absent"

// A doubt asks the store whether the entities a claim rests on (walked)
// have relations that could carry the answer further than the run's
// reading went, and says why the claim is not certified, or "".
type doubt func(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error)

// unreadDoubt says which relations of unknown meaning leave the walk, or
// "": the reading's Unread, or for a reading of several steps its
// UnreadFirst (a reading has one or the other).
func (c *Topological) unreadDoubt(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	rd := s.Reading()
	unread := slices.Concat(rd.Unread, rd.UnreadFirst)
	known, keep := claimScope(s, walked)
	rels, nodes, err := c.leaving(ctx, walked, known, keep, graph.ExpandStep{Relations: unread, Direction: graph.Both}, cost)
	if err != nil {
		return "", fmt.Errorf("check the relations of unknown meaning: %w", err)
	}
	if len(nodes) == 0 {
		return "", nil
	}
	if len(rels) == 0 {
		rels = slices.Clone(unread)
	}
	sort.Strings(rels)
	verb, whose := "link", "their names do not say whether failure passes along them"
	if len(rels) == 1 {
		verb, whose = "links", "its name does not say whether failure passes along it"
	}
	if rd.Concept != words.Dependency.String() {
		kind := cmp.Or(rd.Concept, "the relation the question asks for")
		whose = fmt.Sprintf("their names do not say whether they are %s", kind)
		if len(rels) == 1 {
			whose = fmt.Sprintf("its name does not say whether it is %s", kind)
		}
	}
	return fmt.Sprintf("%s also %s %s, and %s (a schema file that gives the meaning settles it)",
		joinNames(rels), verb, joinNames(nodes), whose), nil
}

// throughOthersDoubt says, for a yes or no read as one step whose none
// rests on the anchor having no fact of a walked relation at all, how the
// anchor reaches the target all the same: through other relations, then
// that one ("Is Tondano Caldera in the Indonesia region?"
// over region, which leaves subregions, not volcanoes: Tondano Caldera
// -subregion-> Sulawesi -region-> Indonesia). Where the anchor has a fact
// of its own ("Is Nadal right-handed?": his hand is left-handed), the
// none is its answer; "".
func (c *Topological) throughOthersDoubt(ctx context.Context, s *state.AgentState, _ map[string]bool, cost *state.Cost) (string, error) {
	chain := s.Chain()
	if s.Plan.Target.Kind != state.TargetEntity || len(chain.Steps) != 1 || len(s.Plan.Anchors) != 1 {
		return "", nil
	}
	steps := byDirection(chain.Steps[0].Edges)
	if len(steps) != 1 || steps[0].Direction == graph.Both {
		return "", nil
	}
	from, to := s.Plan.Anchors[0].Entity, s.Plan.Target.Entity
	exp, err := c.expandWalked(ctx, map[string]bool{from: true}, steps, cost)
	if err != nil {
		return "", fmt.Errorf("check %s's own facts of the walked relations: %w", from, err)
	}
	own := map[string]bool{}
	for _, hops := range exp.Hops {
		for _, h := range hops {
			own[h.Relation] = true
		}
	}
	ps, err := c.g.Paths(ctx, graph.PathRequest{From: from, To: to, MaxHops: 3, Direction: steps[0].Direction, Limit: 10})
	cost.StoreCalls++
	if err != nil {
		return "", fmt.Errorf("check the chains from %s to %s: %w", from, to, err)
	}
	for _, p := range ps {
		last := p.Hops[len(p.Hops)-1].Relation
		if len(p.Hops) == 1 && !slices.Contains(steps[0].Relations, last) && len(own) < len(steps[0].Relations) {
			return fmt.Sprintf("%s has no %s of its own, and %s joins it to %s", from, joinNames(absent(steps[0].Relations, own)), last, to), nil
		}
		if len(p.Hops) > 1 && slices.Contains(steps[0].Relations, last) && !own[last] {
			var rels []string
			for _, h := range p.Hops {
				rels = append(rels, h.Relation)
			}
			return fmt.Sprintf("%s has no %s of its own, and reaches %s through %s", from, last, to, strings.Join(rels, ", then ")), nil
		}
	}
	return "", nil
}

// absent returns the relations of rels not in own.
func absent(rels []string, own map[string]bool) []string {
	return slices.DeleteFunc(slices.Clone(rels), func(r string) bool { return own[r] })
}

// widerDoubt says which relations of the reading's kind that the
// question's verb did not name lead on from the walk (for a direct answer,
// from the anchors to what was not answered), or "".
func (c *Topological) widerDoubt(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	rels, nodes, err := c.leadOn(ctx, s, walked, s.Reading().Wider, "the relations the question's verb left out", cost)
	if err != nil || len(nodes) == 0 {
		return "", err
	}
	verb, them := "leads", "it"
	if len(rels) > 1 {
		verb, them = "lead", "them"
	}
	return fmt.Sprintf("%s, of the same kind, also %s on from %s, and the question's verb did not name %s",
		joinNames(rels), verb, joinNames(nodes), them), nil
}

// leadOn returns which of the relations dirs lead on from the walk
// within the claim's scope (claimScope: for a direct answer, from the
// anchors to what was not answered), and from where; what names the
// relations in an error.
func (c *Topological) leadOn(ctx context.Context, s *state.AgentState, walked map[string]bool, dirs []state.RelDir, what string, cost *state.Cost) (rels, nodes []string, err error) {
	known, keep := claimScope(s, walked)
	rels, nodes, err = c.leavingAll(ctx, walked, known, keep, dirs, cost)
	if err != nil {
		return nil, nil, fmt.Errorf("check %s: %w", what, err)
	}
	return rels, nodes, nil
}

// unorientedDoubt says where the relations of unknown meaning the reading
// walked, turned the other way, lead from where the walk went, or "": a
// "none" read from the question's word order, where the graph stores the
// relation the other way round.
func (c *Topological) unorientedDoubt(ctx context.Context, s *state.AgentState, _ map[string]bool, cost *state.Cost) (string, error) {
	walked := walkedEntities(s, true)
	rels, nodes, err := c.leavingAll(ctx, walked, walked, nil, s.Reading().Unoriented, cost)
	if err != nil {
		return "", fmt.Errorf("check the relations of unknown meaning the other way: %w", err)
	}
	if len(nodes) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s also joins %s the other way round, and its name does not say which way the question's words run (a schema file that gives its meaning settles it)",
		joinNames(rels), joinNames(nodes)), nil
}

// mirroredDoubt says where the relations that store the walked facts
// from the other end under a name of another kind lead on from the walk
// (for a direct answer, from the anchors to what was not answered), or "".
func (c *Topological) mirroredDoubt(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	rels, nodes, err := c.leadOn(ctx, s, walked, s.Reading().Mirrored, "the relations that mirror the walked ones", cost)
	if err != nil || len(nodes) == 0 {
		return "", err
	}
	verb, name, lead := "stores", "its name says", "leads"
	if len(rels) > 1 {
		verb, name, lead = "store", "their names say", "lead"
	}
	return fmt.Sprintf("%s %s facts of the walked relations the other way round, so the data says it may be one act with them whatever %s, and %s on from %s (a schema file that gives the meanings settles it)",
		joinNames(rels), verb, name, lead, joinNames(nodes)), nil
}

// alikeDoubt says where the relations between the same two kinds of
// entity as the walked one, one of the two of unknown meaning, lead on
// from the walk (for a direct answer, from the anchors to what was not
// answered), or "".
func (c *Topological) alikeDoubt(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	rels, nodes, err := c.leadOn(ctx, s, walked, s.Reading().Alike, "the relations between the same kinds", cost)
	if err != nil || len(nodes) == 0 {
		return "", err
	}
	verb, name := "links", "its name does not say whether it is"
	if len(rels) > 1 {
		verb, name = "link", "their names do not say whether they are"
	}
	return fmt.Sprintf("%s also %s the same kinds of entity from %s, and %s the act asked, stored another way (a schema file that gives the meanings settles it)",
		joinNames(rels), verb, joinNames(nodes), name), nil
}

// deliveredDoubt says where the relations that deliver into their objects,
// walked the other way, reach outside the walk, or "".
func (c *Topological) deliveredDoubt(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	reached, rels, err := c.deliveredReach(ctx, s, walked, cost)
	if err != nil {
		return "", fmt.Errorf("check the relations that deliver into their objects: %w", err)
	}
	if len(reached) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s sends into its object what others read from it, so a failure may also pass the other way, to %s (a schema file that declares the relation settles it)",
		joinNames(rels), joinNames(reached)), nil
}

// deliveredReach walks the relations that deliver into their objects the
// other way (the reading's Delivered) from the walked entities and
// returns what that reaches outside the walk, and through which
// relations. A delivering relation's subject depends on its object, so a
// reading that walked it backwards walked dependents: the other way
// reaches the objects the walked entities send into, which matter through
// what reads them (the reading's own step, one hop further: the readers
// outside the walk are returned with the object). A reading that walked
// it forwards walked dependencies: the other way reaches the senders,
// dependencies in their own right.
func (c *Topological) deliveredReach(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (reached, rels []string, err error) {
	delivered := s.Reading().Delivered
	var readSteps []graph.ExpandStep // the reading's step, one request per direction
	if steps := s.Chain().Steps; len(steps) > 0 {
		readSteps = byDirection(steps[0].Edges)
	}
	add := func(list []string, v string) []string {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
		return list
	}
	for _, other := range byDirection(delivered) {
		requests := [][]graph.ExpandStep{{other}}
		if other.Direction == graph.Out {
			requests = nil
			for _, rs := range readSteps {
				requests = append(requests, []graph.ExpandStep{other, rs})
			}
		}
		for _, steps := range requests {
			exp, err := c.expandWalked(ctx, walked, steps, cost)
			if err != nil {
				return nil, nil, err
			}
			objects := map[string]string{} // object outside the walk → relation
			for _, h := range exp.Hops[0] {
				if !walked[h.To] {
					objects[h.To] = h.Relation
				}
			}
			if len(steps) == 1 {
				for to, rel := range objects {
					reached, rels = add(reached, to), add(rels, rel)
				}
				continue
			}
			for _, h := range exp.Hops[1] {
				if rel, ok := objects[h.From]; ok && !walked[h.To] {
					reached, rels = add(add(reached, h.From), h.To), add(rels, rel)
				}
			}
			// A cut hides what lies beyond: count it as reaching further.
			for _, t := range exp.Truncated {
				if rel, ok := objects[t.Node]; ok || t.Step == 0 {
					reached = add(reached, t.Node)
					if ok {
						rels = add(rels, rel)
					}
				}
			}
		}
	}
	if len(reached) > 0 && len(rels) == 0 {
		for _, e := range delivered {
			rels = add(rels, e.Relation)
		}
	}
	sort.Strings(reached)
	sort.Strings(rels)
	return reached, rels, nil
}

// byDirection groups edges into one expansion step per direction, Out
// before In before Both.
func byDirection(edges []state.RelDir) []graph.ExpandStep {
	var steps []graph.ExpandStep
	for _, d := range []graph.Direction{graph.Out, graph.In, graph.Both} {
		var rels []string
		for _, e := range edges {
			if e.Direction == d && !slices.Contains(rels, e.Relation) {
				rels = append(rels, e.Relation)
			}
		}
		if len(rels) > 0 {
			steps = append(steps, graph.ExpandStep{Relations: rels, Direction: d})
		}
	}
	return steps
}

// walkedEntities returns the entities a verdict's claim rests on: the
// anchors and, for a closure, every entity the walk reached.
func walkedEntities(s *state.AgentState, closure bool) map[string]bool {
	walked := map[string]bool{}
	for _, a := range s.Plan.Anchors {
		walked[a.Entity] = true
	}
	if closure {
		for _, r := range s.Walk.All() {
			walked[r.Node] = true
		}
	}
	return walked
}

// claimScope returns, for the checks behind a claim from the walked
// entities, what counts as inside the walk and which entities a hop
// leaving it must reach to matter: for a closure, the walk and any; for a
// direct answer, also the answers (a hop to one adds none) and only
// entities of the asked kind; for a yes or no through a relation of no
// known kind that the question did not say to follow further, only the
// asked entity.
func claimScope(s *state.AgentState, walked map[string]bool) (known map[string]bool, keep func(graph.Entity) bool) {
	rd := s.Reading()
	t := s.Plan.Target
	if t.Kind == state.TargetEntity && !rd.ExtentSaid && rd.Concept == "" {
		// "Is A peered with B", one hop unless said: only a hop to B
		// changes the no.
		return walkedEntities(s, true), func(e graph.Entity) bool { return e.Name == t.Entity }
	}
	if rd.Extent == state.ExtentTransitive {
		return walked, nil
	}
	return walkedEntities(s, true), s.AnswerKind()
}

// leavingAll is leaving for each direction of edges, the relations
// sorted and listed once.
func (c *Topological) leavingAll(ctx context.Context, from, walked map[string]bool, keep func(graph.Entity) bool, edges []state.RelDir, cost *state.Cost) (rels, nodes []string, err error) {
	for _, st := range byDirection(edges) {
		r, n, err := c.leaving(ctx, from, walked, keep, st, cost)
		if err != nil {
			return nil, nil, err
		}
		rels, nodes = append(rels, r...), append(nodes, n...)
	}
	sort.Strings(rels)
	return slices.Compact(rels), nodes, nil
}

// leaving expands the entities from (some of the walked) one step and
// returns the relations and the entities of the hops that leave the walk
// (or were cut, hiding where they go): a hop between two walked entities
// adds nothing whichever way failure passes; nor does a hop to an entity
// keep (when not nil) refuses.
func (c *Topological) leaving(ctx context.Context, from, walked map[string]bool, keep func(graph.Entity) bool, step graph.ExpandStep, cost *state.Cost) (rels, nodes []string, err error) {
	exp, err := c.expandWalked(ctx, from, []graph.ExpandStep{step}, cost)
	if err != nil {
		return nil, nil, err
	}
	for _, t := range exp.Truncated {
		nodes = append(nodes, t.Node)
	}
	types := make(map[string]string, len(exp.Nodes))
	for _, n := range exp.Nodes {
		types[n.Name] = n.Type
	}
	for _, h := range exp.Hops[0] {
		inside := walked[h.To] || (keep != nil && !keep(graph.Entity{Name: h.To, Type: types[h.To]}))
		if inside && !slices.Contains(nodes, h.From) {
			continue
		}
		if !slices.Contains(rels, h.Relation) {
			rels = append(rels, h.Relation)
		}
		if !slices.Contains(nodes, h.From) {
			nodes = append(nodes, h.From)
		}
	}
	return rels, nodes, nil
}

// expandWalked expands the walked entities along steps, at most
// doubtLimit hops an entity a step, and counts the store call.
func (c *Topological) expandWalked(ctx context.Context, walked map[string]bool, steps []graph.ExpandStep, cost *state.Cost) (graph.Expansion, error) {
	cost.StoreCalls++
	return c.g.Expand(ctx, graph.ExpandRequest{From: slices.Sorted(maps.Keys(walked)), Steps: steps, Limit: doubtLimit})
}

// doubtLimit caps the hops read per entity when a claim is checked; a cut
// counts as leaving the walk.
const doubtLimit = 100

// joinNames lists names as "a, b and c", the first three and a count
// beyond them.
func joinNames(ns []string) string {
	if len(ns) > 3 {
		return fmt.Sprintf("%s and %d others", strings.Join(ns[:3], ", "), len(ns)-3)
	}
	return text.List(ns, "and")
}

// claimConfidence is the least reading confidence at which the critic
// certifies an answer as complete (or a negative as proven); below it the
// verdict is Uncertain.
const claimConfidence = 0.8

// judgeReading checks the plan against the question before a verdict
// certifies anything: a reading that was a guess, or whose close second
// reading (the closure where one hop was taken by default, the answers a
// name-word filter left out) gives another answer, is not certified: the
// verdict becomes Uncertain and says why.
func judgeReading(s *state.AgentState, v *state.Verdict) {
	rd := s.Reading()
	if rd == nil {
		return
	}
	conf := rd.Confidence
	doubts := append([]string(nil), rd.Guesses...)
	if v.Outcome == state.NoChain {
		if c, ds, ok := negativeSurety(s); ok {
			conf, doubts = c, ds
		}
	}
	for _, rule := range readingDoubts {
		if most, why, ok := rule(s, v, rd); ok {
			conf = min(conf, most)
			doubts = append(doubts, why)
		}
	}
	if conf >= claimConfidence {
		return
	}
	v.Outcome = state.Uncertain
	v.Reason += fmt.Sprintf("; not certified (confidence %.2f): %s", conf, strings.Join(doubts, "; "))
	v.Doubt = strings.Join(doubts, "; ")
}

// negativeSurety returns how sure a negative is, and the doubts of the
// reading that says so, and whether a reading walked was found: every
// reading walked found nothing, so the negative holds under each, and it
// is as sure as the surest of them that the schema allows.
func negativeSurety(s *state.AgentState) (float64, []string, bool) {
	best := -1.0
	var conf float64
	var doubts []string
	found := false
	for _, i := range triedChains(s) {
		if i >= len(s.Plan.Readings) {
			continue
		}
		r := s.Plan.Readings[i]
		c, ds := r.Confidence, r.Guesses
		if r.SchemaDoubt != "" {
			c, ds = min(c, 0.5), append(slices.Clone(ds), r.SchemaDoubt)
		}
		if c > best {
			best, conf, doubts, found = c, c, ds, true
		}
	}
	return conf, doubts, found
}

// readingDoubt is one doubt a verdict's reading may carry: it returns
// the most the reading's confidence can be under it, why, and whether it
// applies.
type readingDoubt func(s *state.AgentState, v *state.Verdict, rd *state.Reading) (float64, string, bool)

// readingDoubts are the doubts of a reading, in the order its verdict
// says them.
var readingDoubts = []readingDoubt{
	namedBesideDoubt,
	farTargetDoubt,
	farAnswersDoubt,
	closureFairDoubt,
	nameWordDoubt,
	someoneDoubt,
	oneSidedMutualDoubt,
}

// oneSidedMutualDoubt: the first step walks both ways a relation whose
// name says it holds both ways, and the facts at an anchor are stored
// both ways for some pairs and one way for others ("What are MAT 203's
// equivalents?" over equiv: three equivalents listed both ways, ECO 201
// on MAT 203's list alone, EGR 192 listing MAT 203 on its own): the
// one-way ones may be one entity's list, which the name read both ways
// does not tell from the other's. Data stored once a pair, or always
// both ways, raises no doubt.
func oneSidedMutualDoubt(s *state.AgentState, v *state.Verdict, _ *state.Reading) (float64, string, bool) {
	if v.Outcome == state.NoChain || s.Walk.Chain < 0 || s.Walk.Chain >= len(s.Plan.Chains) || len(s.Plan.Chains[s.Walk.Chain].Steps) == 0 {
		return 0, "", false
	}
	for _, e := range s.Plan.Chains[s.Walk.Chain].Steps[0].Edges {
		if e.Direction != graph.Both || !words.ReadName(e.Relation).Mutual {
			continue
		}
		for _, a := range s.Plan.Anchors {
			if one := oneSided(s.Subgraph.Edges, e.Relation, a.Entity); len(one) > 0 {
				return 0.75, fmt.Sprintf("%s holds both ways by its name, and %s's facts are stored both ways for some and one way for %s: one entity's list, read both ways", e.Relation, a.Entity, joinNames(one)), true
			}
		}
	}
	return 0, "", false
}

// oneSided returns the entities linked to entity a by relation r one way
// only, where some other is linked to it both ways; nil where none is,
// or none is both ways.
func oneSided(edges []state.Edge, r, a string) []string {
	out, in := map[string]bool{}, map[string]bool{}
	for _, e := range edges {
		switch {
		case e.Relation != r:
		case e.Subject == a:
			out[e.Object] = true
		case e.Object == a:
			in[e.Subject] = true
		}
	}
	both := false
	var one []string
	for x := range out {
		if in[x] {
			both = true
		} else {
			one = append(one, x)
		}
	}
	for x := range in {
		if !out[x] {
			one = append(one, x)
		}
	}
	if !both {
		return nil
	}
	slices.Sort(one)
	return one
}

// namedBesideDoubt: a step walks a relation the question names beside
// others only the graph's shape put there (state.Reading.NamedBeside):
// the union's answers are not certified; a union that finds nothing
// proves that the named relation finds nothing too.
func namedBesideDoubt(_ *state.AgentState, v *state.Verdict, rd *state.Reading) (float64, string, bool) {
	if rd.NamedBeside != "" && v.Outcome != state.NoChain {
		return 0.75, rd.NamedBeside, true
	}
	return 0, "", false
}

// farTargetDoubt: a yes found by a closure the question did not ask for
// reaches the asked entity in more than one hop: read as one hop, the
// answer is no.
func farTargetDoubt(s *state.AgentState, v *state.Verdict, rd *state.Reading) (float64, string, bool) {
	if rd.Extent == state.ExtentTransitive && !rd.ExtentSaid && s.Plan.Target.Kind == state.TargetEntity && v.Outcome == state.Sufficient {
		if d := targetDepth(s); d > 1 {
			return 0.6, fmt.Sprintf("the question did not say how far: %s reaches %s in %d hops, not directly (say \"directly\" or \"transitively\")", s.AnchorNames(), s.Plan.Target.Entity, d), true
		}
	}
	return 0, "", false
}

// farAnswersDoubt: answers found by a closure the question did not ask
// for are not all one hop away: read as one hop, there are fewer.
func farAnswersDoubt(s *state.AgentState, _ *state.Verdict, rd *state.Reading) (float64, string, bool) {
	if rd.Extent == state.ExtentTransitive && !rd.ExtentSaid && s.Plan.Target.Kind != state.TargetEntity {
		all := s.Accepted()
		direct := 0
		for _, i := range all {
			if s.Walk.At(i).Depth == 1 {
				direct++
			}
		}
		if direct != len(all) {
			return 0.6, fmt.Sprintf("the question did not say how far: transitively there are %d, directly %d (say \"directly\" or \"transitively\")", len(all), direct), true
		}
	}
	return 0, "", false
}

// closureFairDoubt: a one-hop "none" read where the closure may hold more
// (state.Reading.ClosureFair) that reached entities of other kinds: from
// them the closure may find some. One that reached nothing holds for the
// closure too; the answers of one hop are checked against the store
// (closureFairCheck).
func closureFairDoubt(s *state.AgentState, v *state.Verdict, rd *state.Reading) (float64, string, bool) {
	if rd.ClosureFair && s.Plan.Target.Kind != state.TargetEntity && v.Outcome == state.NoChain && len(chainEnds(s, false)) > 0 {
		return 0.6, closureFairWords(0), true
	}
	return 0, "", false
}

// closureFairWords says that one hop was read where the closure may hold
// more, with the answers one hop found.
func closureFairWords(answers int) string {
	return fmt.Sprintf("the question did not say how far: read as one hop, %d answer(s); the closure may hold more (say \"directly\" or \"transitively\")", answers)
}

// closureFairCheck: the answers of one hop read where the closure may
// hold more (state.Reading.ClosureFair) lead on by the same step to more
// of the asked kind, so the closure is a fair reading with another
// answer; where they lead nowhere new ("every alias of laravel": the
// aliases have none), the closure is the one hop.
func (c *Topological) closureFairCheck(ctx context.Context, s *state.AgentState, walked map[string]bool, cost *state.Cost) (string, error) {
	chain := s.Chain()
	if len(chain.Steps) == 0 {
		return "", nil
	}
	answers := map[string]bool{}
	for _, i := range s.Accepted() {
		answers[s.Walk.At(i).Node] = true
	}
	if len(answers) == 0 {
		return "", nil
	}
	inside := maps.Clone(walked)
	maps.Copy(inside, answers)
	_, nodes, err := c.leavingAll(ctx, answers, inside, s.AnswerKind(), chain.Steps[len(chain.Steps)-1].Edges, cost)
	if err != nil || len(nodes) == 0 {
		return "", err
	}
	return closureFairWords(len(answers)), nil
}

// nameWordDoubt: the asked kind is a word of names, not a type: no
// answer is named like one, or the filter left out entities the walk
// reached.
func nameWordDoubt(s *state.AgentState, _ *state.Verdict, _ *state.Reading) (float64, string, bool) {
	w := s.Plan.Target.NameWord
	if w == "" {
		return 0, "", false // the walk's ends are not read (a closure's may be a million)
	}
	ends := chainEnds(s, true)
	named := 0
	for _, i := range ends {
		if text.NameHas(s.Walk.At(i).Node, w) {
			named++
		}
	}
	if named == 0 && len(ends) > 0 {
		return 0.7, fmt.Sprintf("no answer's name says %q, the kind the question asks for (the graph has no such type)", w), true
	}
	if named > 0 && !s.NameWordKeeps() {
		return 0.7, fmt.Sprintf("the question asks for %ss, which the graph has no type of; %d of the %d entities reached are named like one, and as the others are of their kind, none is left out", w, named, len(ends)), true
	}
	if left := leftByName(s, ends); len(left) > 0 {
		verb := "is"
		if len(left) > 1 {
			verb = "are"
		}
		return 0.7, fmt.Sprintf("%s, reached too, %s not named with %q", joinNames(left), verb, w), true
	}
	return 0, "", false
}

// leftByName returns the names of the walk's ends (at positions ends)
// that the name-word filter did not accept, sorted, each once.
func leftByName(s *state.AgentState, ends []int) []string {
	kept := map[string]bool{}
	for _, i := range s.Accepted() {
		kept[s.Walk.At(i).Node] = true
	}
	var left []string
	for _, i := range ends {
		if n := s.Walk.At(i).Node; !kept[n] && !slices.Contains(left, n) {
			left = append(left, n)
		}
	}
	sort.Strings(left)
	return left
}

// someoneDoubt: the question asks "who", and the answers are the
// entities of types of people the walk reached beside others: which are
// meant is a reading of the types' names.
func someoneDoubt(s *state.AgentState, _ *state.Verdict, _ *state.Reading) (float64, string, bool) {
	left := s.SomeoneLeftOut()
	if len(left) == 0 {
		return 0, "", false
	}
	var parts []string
	for typ, n := range left {
		parts = append(parts, fmt.Sprintf("%d %s", n, typ))
	}
	sort.Strings(parts)
	return 0.7, fmt.Sprintf("the question asks who: the answers are of the types of people (%s), and %s reached were left out", strings.Join(s.Plan.Target.Someone, ", "), strings.Join(parts, ", ")), true
}

// targetDepth returns the fewest hops in which the walk reached the
// asked entity (0: not reached).
func targetDepth(s *state.AgentState) int {
	d := 0
	for _, r := range s.Walk.All() {
		if r.Node == s.Plan.Target.Entity && !r.Anchor && (d == 0 || r.Depth < d) {
			d = r.Depth
		}
	}
	return d
}

// chainEnds returns the positions at the end of the chain that are not
// an anchor's start (see state's chainEnd), each node once, whatever
// their names; typed keeps only those of the asked type when there is
// one: what a reading without the name-word filter answers.
func chainEnds(s *state.AgentState, typed bool) []int {
	chain := s.Chain()
	steps := len(chain.Steps)
	seen := map[string]bool{}
	selfEnd := s.SelfFactEnds()
	var out []int
	for i, r := range s.Walk.All() {
		if r.Steps != steps || steps == 0 || r.Anchor || seen[r.Node] {
			continue
		}
		if t := s.Plan.Target; typed && t.Type != "" && t.Kind == state.TargetType && !t.OfKind(s.Subgraph.NodeType(r.Node)) && !selfEnd(r.Node) {
			continue
		}
		seen[r.Node] = true
		out = append(out, i)
	}
	return out
}

// cutWords says what the fan-out cuts left out and how to get it.
func cutWords(s *state.AgentState) string {
	kept, total := 0, 0
	for _, c := range s.Cuts {
		kept += c.Kept
		total += c.Total
	}
	return fmt.Sprintf("fan-out cuts kept %d of %d neighbours at %d node(s), so answers may be missing (raise --fanout to walk them all)", kept, total, len(s.Cuts))
}

// askedWords names what the question asks for.
func askedWords(s *state.AgentState) string {
	if t := s.Plan.Target; t.Type != "" {
		return "entities of type " + strings.Join(t.Kinds(), " or ")
	}
	if w := s.Plan.Target.NameWord; w != "" {
		return "entities named like a " + w
	}
	return "the end of the chain"
}
