package state

import (
	"slices"
	"strings"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// AgentState is everything one run knows. It is created by New, changed
// only by the agent's loop (which applies what each phase decided), and
// returned to the caller at the end.
type AgentState struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Plan     Plan   `json:"plan"`
	// Subgraph is every node and edge retrieved, with provenance.
	Subgraph Subgraph `json:"subgraph"`
	// Walk is the traversal over the subgraph: which positions were
	// reached, how, and which were expanded (the visited set).
	Walk Walk `json:"walk"`
	// Paths are the candidate evidence paths the critic found from an
	// anchor to the target.
	Paths []graph.Path `json:"paths"`
	// Cuts records every fan-out cut: the neighbours left out when a node
	// had more than the cap (ranked by the hybrid score).
	Cuts []graph.Truncation `json:"cuts"`
	// Frontier holds the dead ends the critic named for the refiner.
	Frontier []DeadEnd `json:"frontier"`
	Verdicts []Verdict `json:"verdicts"`
	// Iteration counts critique rounds; MaxIterations caps them.
	Iteration     int          `json:"iteration"`
	MaxIterations int          `json:"max_iterations"`
	Budget        Budget       `json:"budget"`
	Answer        *Answer      `json:"answer,omitempty"`
	Stop          Stop         `json:"stop_reason"`
	Trace         []TraceEntry `json:"trace"`
	// DidYouMean, when no entity of the question was found, names the
	// entities the question's words come closest to (fuzzy or partial
	// matches under the planner's threshold), best first.
	DidYouMean []string `json:"did_you_mean,omitempty"`
}

// New returns the state for a fresh run of question.
func New(id, question string, maxIterations int, budget Budget) *AgentState {
	return &AgentState{
		ID:            id,
		Question:      question,
		MaxIterations: maxIterations,
		Budget:        budget,
		Paths:         []graph.Path{},
		Frontier:      []DeadEnd{},
		Cuts:          []graph.Truncation{},
		Verdicts:      []Verdict{},
		Trace:         []TraceEntry{},
	}
}

// LastVerdict returns the latest verdict, or nil.
func (s *AgentState) LastVerdict() *Verdict {
	if len(s.Verdicts) == 0 {
		return nil
	}
	return &s.Verdicts[len(s.Verdicts)-1]
}

// Reading returns the reading of the chain the walk follows, or nil when
// the plan has none (a lexicon or model plan).
func (s *AgentState) Reading() *Reading {
	if s.Walk.Chain < 0 || s.Walk.Chain >= len(s.Plan.Readings) {
		return nil
	}
	return &s.Plan.Readings[s.Walk.Chain]
}

// Chain returns the chain the walk currently follows (the zero Chain when
// the plan has none).
func (s *AgentState) Chain() Chain {
	if s.Walk.Chain < 0 || s.Walk.Chain >= len(s.Plan.Chains) {
		return Chain{}
	}
	return s.Plan.Chains[s.Walk.Chain]
}

// Budget counts the run's work and bounds it. A Max of 0 means unbounded.
type Budget struct {
	StoreCalls       int `json:"store_calls"`
	MaxStoreCalls    int `json:"max_store_calls,omitempty"`
	NodesExpanded    int `json:"nodes_expanded"`
	MaxNodesExpanded int `json:"max_nodes_expanded,omitempty"`
	LLMCalls         int `json:"llm_calls"`
	InputTokens      int `json:"input_tokens"`
	OutputTokens     int `json:"output_tokens"`
	// TokensEstimated: some token counts were estimated (see Cost).
	TokensEstimated bool `json:"tokens_estimated,omitempty"`
	// LLMTime is the time spent waiting for a model, retries and their
	// backoff included.
	LLMTime time.Duration `json:"llm_time_ns,omitempty"`
}

// Cost is the work one phase did.
type Cost struct {
	StoreCalls   int `json:"store_calls,omitempty"`
	LLMCalls     int `json:"llm_calls,omitempty"`
	InputTokens  int `json:"input_tokens,omitempty"`
	OutputTokens int `json:"output_tokens,omitempty"`
	// TokensEstimated is true when a provider reported no usage and the
	// token counts were estimated.
	TokensEstimated bool `json:"tokens_estimated,omitempty"`
	// LLMTime is the time spent waiting for a model.
	LLMTime time.Duration `json:"llm_time_ns,omitempty"`
}

// Plus returns the sum of two costs.
func (c Cost) Plus(o Cost) Cost {
	return Cost{
		StoreCalls:      c.StoreCalls + o.StoreCalls,
		LLMCalls:        c.LLMCalls + o.LLMCalls,
		InputTokens:     c.InputTokens + o.InputTokens,
		OutputTokens:    c.OutputTokens + o.OutputTokens,
		TokensEstimated: c.TokensEstimated || o.TokensEstimated,
		LLMTime:         c.LLMTime + o.LLMTime,
	}
}

// Add counts a phase's cost against the budget.
func (b *Budget) Add(c Cost) {
	b.StoreCalls += c.StoreCalls
	b.LLMCalls += c.LLMCalls
	b.InputTokens += c.InputTokens
	b.OutputTokens += c.OutputTokens
	b.TokensEstimated = b.TokensEstimated || c.TokensEstimated
	b.LLMTime += c.LLMTime
}

// Exhausted reports whether a bound has been reached.
func (b Budget) Exhausted() bool {
	return (b.MaxStoreCalls > 0 && b.StoreCalls >= b.MaxStoreCalls) ||
		(b.MaxNodesExpanded > 0 && b.NodesExpanded >= b.MaxNodesExpanded)
}

// Outcome is the critic's judgement.
type Outcome string

// The outcomes.
const (
	// Sufficient: the subgraph holds a complete chain from the anchors to
	// what is asked (or, for closures, nothing unexpanded could add an answer).
	Sufficient Outcome = "sufficient"
	// Insufficient: a link is missing; the verdict names the dead ends.
	Insufficient Outcome = "insufficient"
	// NoChain: no chain exists within the hop budget: an honest negative.
	NoChain Outcome = "no_chain"
	// Exhausted: the budget or hop limit ended the search before it was
	// complete; the answer is the best so far.
	Exhausted Outcome = "exhausted"
	// Uncertain: the walk is complete for the reading taken, but the
	// reading is a guess (or a close second reading gives another
	// answer): the answer is given, not certified.
	Uncertain Outcome = "uncertain"
)

// Verdict is one critique.
type Verdict struct {
	Iteration int     `json:"iteration"`
	Outcome   Outcome `json:"outcome"`
	Reason    string  `json:"reason"`
	// Doubt, for an Uncertain verdict, is why the answer is not a claim,
	// in plain words (Reason says it too, after the structure's account).
	// FactsDoubt says the doubt rests on facts the store holds that may
	// carry a chain under another reading of the question's words
	// (failure delivered the other way, a relation of the same kind or
	// its mirror leading on), not on the reading's words alone.
	Doubt      string    `json:"doubt,omitempty"`
	FactsDoubt bool      `json:"facts_doubt,omitempty"`
	DeadEnds   []DeadEnd `json:"dead_ends,omitempty"`
	// Switch, when set, tells the refiner to continue with another of the
	// plan's chains (an index into Plan.Chains).
	Switch *int `json:"switch_chain,omitempty"`
	// Reentry tells the refiner to walk the current chain again from the
	// anchors, this time allowed to pass through them.
	Reentry bool `json:"anchor_reentry,omitempty"`
	// By names the critic that decided; Fallback, when the rules decided
	// after a model was asked, says why the model's verdict was not used.
	By       Author `json:"by"`
	Fallback string `json:"fallback,omitempty"`
	// Lean, for an uncertain yes or no the walk found no chain for, is
	// what the facts between the two entities suggest: LeanNo where no
	// fact of any relation joins them, LeanYes where one does (LeanPath),
	// through a relation the reading did not walk; LeanNo with LeanPath
	// where the one that does is of a relation the question neither
	// names nor walked, while it names one it walked ("Does Elliott love
	// Octopus?": he likes it), or of a relation it walked, stored the
	// other way round ("Does relay depend on nginx?": nginx depends on
	// relay). A guess, never a claim.
	Lean     Lean        `json:"lean,omitempty"`
	LeanPath *graph.Path `json:"lean_path,omitempty"`
}

// Lean is what the facts between a yes or no's two entities suggest where
// the reading's walk found no chain.
type Lean string

// The leans.
const (
	LeanNone Lean = ""
	LeanYes  Lean = "yes"
	LeanNo   Lean = "no"
)

// YesNo is the answer to a yes-or-no question: yes, no, or unknown;
// empty for a question that asks for a list.
type YesNo string

// The yes-or-no answers.
const (
	Yes     YesNo = "yes"
	No      YesNo = "no"
	Unknown YesNo = "unknown"
)

// Author says who made a plan, a verdict or an answer.
type Author string

// The authors.
const (
	ByRules   Author = "rules"   // the deterministic phase
	ByLexicon Author = "lexicon" // the rule planner, with chains ranked by a learned lexicon
	ByLLM     Author = "llm"     // a language model
)

// DeadEnd is a walk position the critic wants expanded: the node, the
// chain state it was reached in, and the relations missing from there.
type DeadEnd struct {
	Pos
	Depth   int      `json:"depth"`
	Missing []RelDir `json:"missing,omitempty"`
}

// Stop says why a run ended.
type Stop string

// The stop reasons.
const (
	StopNone           Stop = ""
	StopComplete       Stop = "complete"        // the critic judged the evidence sufficient
	StopNoChain        Stop = "no_chain"        // proven negative within the hop budget
	StopExhausted      Stop = "exhausted"       // budget or hop limit reached; best so far
	StopIterationLimit Stop = "iteration_limit" // the iteration cap; best so far
	StopNoAnchor       Stop = "no_anchor"       // no entity of the question was found in the graph
	StopUncertain      Stop = "uncertain"       // answered for a reading that is a guess: not certified
	StopNoRelation     Stop = "no_relation"     // the question asks about a relation the graph does not have
	StopCancelled      Stop = "cancelled"       // the context was cancelled
	StopTimeout        Stop = "timeout"         // the run's deadline passed
	StopError          Stop = "error"           // a phase failed
)

// Phase is a state of the agent's machine.
type Phase string

// The phases.
const (
	PhasePlan     Phase = "plan"
	PhaseRetrieve Phase = "retrieve"
	PhaseCritique Phase = "critique"
	PhaseRefine   Phase = "refine"
	PhaseAnswer   Phase = "answer"
	PhaseDone     Phase = "done"
)

// Event is what a phase reports; with the phase it picks the next one.
type Event string

// The events.
const (
	EventPlanned      Event = "planned"
	EventNoAnchor     Event = "no_anchor"
	EventRetrieved    Event = "retrieved"
	EventSufficient   Event = "sufficient"
	EventInsufficient Event = "insufficient"
	EventConcluded    Event = "concluded" // no chain, or exhausted: answer with what there is
	EventRefined      Event = "refined"
	EventAnswered     Event = "answered"
	EventHalted       Event = "halted" // cap, cancellation or error: answer the best so far
)

// TraceEntry is one entry of the trace: a phase run, the event it
// reported and what it cost.
type TraceEntry struct {
	At         time.Time `json:"at"`
	Phase      Phase     `json:"phase"`
	Event      Event     `json:"event"`
	Iteration  int       `json:"iteration"`
	ElapsedUS  int64     `json:"elapsed_us"`
	Summary    string    `json:"summary"`
	StoreCalls int       `json:"store_calls,omitempty"`
	NodesAdded int       `json:"nodes_added,omitempty"`
	LLMCalls   int       `json:"llm_calls,omitempty"`
}

// Answer is the final result of a run.
type Answer struct {
	// Text is the whole answer sentence: what was found, why it is not a
	// claim when it is not, how the question was read. Summary is its
	// first clause alone, for people, and Doubt why it is not a claim, in
	// plain words ("" for a claim).
	Text    string `json:"text"`
	Summary string `json:"summary,omitempty"`
	Doubt   string `json:"doubt,omitempty"`
	// YesNo answers a yes-or-no question (the plan's target is an
	// entity), certified where Complete; empty for a list.
	YesNo    YesNo          `json:"yes_no,omitempty"`
	Entities []AnswerEntity `json:"answers"`
	Paths    []graph.Path   `json:"paths"`
	Complete bool           `json:"complete"`
	Mermaid  string         `json:"mermaid"`
	// By names who phrased Text; Fallback, when the rules phrased it after
	// a model was asked, says why the model's text was not used.
	By       Author `json:"by"`
	Fallback string `json:"fallback,omitempty"`
	// Positions are the walk positions (Walk.At) of Entities, aligned
	// with them, so that the paths of an answer past those in Paths can
	// be rebuilt (PathsTo) when it is shown.
	Positions []int `json:"-"`
}

// AnswerEntity is one answer, ranked.
type AnswerEntity struct {
	Name  string  `json:"name"`
	Type  string  `json:"type,omitempty"`
	Score float64 `json:"score"`
	// Paths are indices into Answer.Paths of the evidence for this answer.
	Paths []int `json:"paths"`
}

// Accepted returns the indices of the reached positions that answer the
// question: at the end of the chain, not an anchor (unless the walk may
// pass through anchors), of the asked kind (AnswerKind).
func (s *AgentState) Accepted() []int {
	end := s.chainEnd()
	kind := s.answerKind(end)
	having := s.having()
	out := make([]int, 0, min(s.Walk.Len(), 1024))
	for i, r := range s.Walk.Reached {
		if end(r) && (kind == nil || kind(graph.Entity{Name: r.Node, Type: s.TypeAt(i)})) && having(r.Node) {
			out = append(out, i)
		}
	}
	seg := s.Walk.seg
	if seg == nil {
		return out
	}
	// A segment holds no position of an anchor's entity unless the walk
	// may pass through anchors (it walked around them), so only the chain
	// state and the kind are checked, and a name read only when the kind
	// is in the name.
	steps := len(s.Chain().Steps)
	if steps == 0 {
		return out
	}
	t := s.Plan.Target
	selfEnd := s.SelfFactEnds()
	also := s.alsoOfKind()
	base := seg.Base()
	for k := range seg.Len() {
		if seg.Steps(k) != steps {
			continue
		}
		switch {
		case kind == nil:
		case t.Type != "":
			if n := seg.Reach(k).Node; !t.OfKind(seg.Type(k)) && !selfEnd(n) && !also(n) {
				continue
			}
		default:
			if !kind(graph.Entity{Name: seg.Reach(k).Node, Type: seg.Type(k)}) {
				continue
			}
		}
		if (len(s.Plan.Target.Having) > 0 || len(s.Plan.Target.Except) > 0 || len(s.Plan.Target.Among) > 0) && !having(seg.Reach(k).Node) {
			continue
		}
		out = append(out, base+k)
	}
	return out
}

// having returns whether a node meets every condition of the plan's
// Target.Having, by the facts retrieved, is none the question sets
// aside (Target.Except), and is one it offers where it offers a choice
// (Target.Among).
func (s *AgentState) having() func(string) bool {
	hs, except, among := s.Plan.Target.Having, s.Plan.Target.Except, s.Plan.Target.Among
	if len(hs) == 0 && len(except) == 0 && len(among) == 0 {
		return func(string) bool { return true }
	}
	// meets[k] holds the nodes that meet condition k.
	meets := make([]map[string]bool, len(hs))
	for k, h := range hs {
		meets[k] = map[string]bool{}
		for _, e := range s.Subgraph.Edges {
			for _, d := range h.Edges {
				if e.Relation != d.Relation {
					continue
				}
				if (d.Direction == graph.Out || d.Direction == graph.Both) && e.Object == h.Entity {
					meets[k][e.Subject] = true
				}
				if (d.Direction == graph.In || d.Direction == graph.Both) && e.Subject == h.Entity {
					meets[k][e.Object] = true
				}
			}
		}
	}
	return func(n string) bool {
		for k, m := range meets {
			if m[n] == hs[k].Without {
				return false
			}
		}
		return !slices.Contains(except, n) && (len(among) == 0 || slices.Contains(among, n))
	}
}

// AnswerKind returns what an answer must be when the question asks for a
// kind ("which node": of its type; "which dashboards", where nothing is
// typed Dashboard: named with the word, where the walk reached an answer
// so named, else the word was a generic noun), or nil: anything.
func (s *AgentState) AnswerKind() func(graph.Entity) bool { return s.answerKind(s.chainEnd()) }

// chainEnd reports whether a reached position is at the end of the chain
// and may answer: not an anchor's start. The walk enters an anchor again
// only where it may pass through anchors, or by a fact of the anchor
// about itself ("cinder -deliverable-> cinder"): either way the position
// answers.
func (s *AgentState) chainEnd() func(Reach) bool {
	steps := len(s.Chain().Steps)
	return func(r Reach) bool {
		return r.Steps == steps && steps > 0 && !r.Anchor
	}
}

// anchorTest reports whether an entity is one of the plan's anchors.
func (s *AgentState) anchorTest() func(string) bool {
	anchors := s.Plan.Anchors
	if len(anchors) <= 8 {
		return func(name string) bool {
			for _, a := range anchors {
				if a.Entity == name {
					return true
				}
			}
			return false
		}
	}
	set := make(map[string]bool, len(anchors))
	for _, a := range anchors {
		set[a.Entity] = true
	}
	return func(name string) bool { return set[name] }
}

func (s *AgentState) answerKind(end func(Reach) bool) func(graph.Entity) bool {
	t := s.Plan.Target
	if t.Kind != TargetType {
		if len(t.Someone) > 0 && t.Kind != TargetEntity && s.someoneSeparates(end, t.Someone) {
			return func(e graph.Entity) bool { return slices.Contains(t.Someone, e.Type) }
		}
		return nil
	}
	if t.Type != "" {
		// A kind of the asked type is of it ("techniques" keeps the
		// Sub-techniques too).
		selfEnd := s.SelfFactEnds()
		also := s.alsoOfKind()
		return func(e graph.Entity) bool { return t.OfKind(e.Type) || selfEnd(e.Name) || also(e.Name) }
	}
	if t.NameWord != "" && s.nameWordSeparates(end, t.NameWord) {
		return func(e graph.Entity) bool { return text.NameHas(e.Name, t.NameWord) }
	}
	return nil
}

// alsoOfKind returns whether an entity of another type is of the kind
// asked all the same (Target.AlsoOfKind): only where the chain's last step
// walks one relation, so that the fact that reached it is of the relation
// the question asked for. Where the step walks several ("What type is
// Farfetch'd?" through has_type and egg_group), the egg group Flying,
// which is also a type, may have been reached as an egg group.
func (s *AgentState) alsoOfKind() func(name string) bool {
	also := s.Plan.Target.AlsoOfKind
	steps := s.Chain().Steps
	if len(also) == 0 || len(steps) == 0 || len(steps[len(steps)-1].Relations()) != 1 {
		return func(string) bool { return false }
	}
	return func(name string) bool { return slices.Contains(also, name) }
}

// SelfFactEnds returns whether an answer named name is the question's
// own entity, reached by a fact of it about itself (the walk enters an
// anchor only so, unless it may pass through anchors): one node stands for
// the project cinder and its deliverable cinder, and has one type, so the
// kind asked does not judge it. Built once for a loop over positions.
func (s *AgentState) SelfFactEnds() func(name string) bool {
	if s.Walk.Reentry || s.Chain().Reentry {
		return func(string) bool { return false }
	}
	return s.anchorTest()
}

// someoneSeparates reports whether the ends of the walk are of both
// kinds: of the types of people (Target.Someone) and of others.
func (s *AgentState) someoneSeparates(end func(Reach) bool, types []string) bool {
	someone, other := false, false
	for i, r := range s.Walk.All() {
		if !end(r) {
			continue
		}
		if slices.Contains(types, s.TypeAt(i)) {
			someone = true
		} else {
			other = true
		}
		if someone && other {
			return true
		}
	}
	return false
}

// SomeoneLeftOut returns, for a question that asks "who"
// (Target.Someone), the entities at the end of the walk that were left
// out for not being of a type of people, by type; nil when none was.
func (s *AgentState) SomeoneLeftOut() map[string]int {
	t := s.Plan.Target
	if len(t.Someone) == 0 || t.Kind == TargetType {
		return nil
	}
	end := s.chainEnd()
	keep := s.answerKind(end) // only the types of people, where it keeps some out
	if keep == nil {
		return nil
	}
	out := map[string]int{}
	seen := map[string]bool{}
	for i, r := range s.Walk.All() {
		e := graph.Entity{Name: r.Node, Type: s.TypeAt(i)}
		if end(r) && !seen[r.Node] && !keep(e) {
			seen[r.Node] = true
			out[e.Type]++
		}
	}
	return out
}

// NameWordKeeps reports whether the plan's name word (Target.NameWord)
// keeps the answers named with it (nameWordSeparates).
func (s *AgentState) NameWordKeeps() bool {
	t := s.Plan.Target
	return t.Kind == TargetType && t.Type == "" && t.NameWord != "" && s.nameWordSeparates(s.chainEnd(), t.NameWord)
}

// nameWordSeparates reports whether a word of names tells the kind asked
// from the rest among the ends of the walk: some end is named with it,
// and either no end named without it is of a type one so named has
// ("which teams": team-a among services), or several ends are so named,
// or half of them: a naming convention ("Store Lyon", "Store Paris"
// beside "DC Rotterdam") that names at least half the ends of some type,
// or one written as an identifier of several words (model_churn beside
// fct_orders and dim_customers). One name of many with the word, written
// in words, the rest of its type, is no convention ("Which airlines serve
// Visby Airport?": Scandinavian Airlines System, and Golden Air beside
// it), nor are a few names of many of one type; they keep nothing out.
func (s *AgentState) nameWordSeparates(end func(Reach) bool, w string) bool {
	named, other := map[string]int{}, map[string]int{}
	n, ends, coded := 0, 0, false
	for i, r := range s.Walk.All() {
		if !end(r) {
			continue
		}
		ends++
		if text.NameHas(r.Node, w) {
			n++
			named[s.TypeAt(i)]++
			coded = coded || !strings.ContainsRune(r.Node, ' ') && len(text.Tokens(r.Node)) > 1
		} else {
			other[s.TypeAt(i)]++
		}
	}
	if n == 0 {
		return false
	}
	if coded {
		return true
	}
	// A convention names at least half the things of some kind; a few
	// names of many of their kind that happen to carry the word ("Goat
	// Cheese Log" among the cheeses of Devon) are none.
	convention := false
	for t, k := range named {
		convention = convention || 2*k >= k+other[t]
	}
	if !convention {
		return false
	}
	if n >= 2 || 2*n >= ends {
		return true
	}
	for t := range named {
		if other[t] > 0 {
			return false
		}
	}
	return true
}

// AnchorNames returns the plan's anchor entities, comma-separated.
func (s *AgentState) AnchorNames() string {
	names := make([]string, 0, len(s.Plan.Anchors))
	for _, a := range s.Plan.Anchors {
		names = append(names, a.Entity)
	}
	return strings.Join(names, ", ")
}
