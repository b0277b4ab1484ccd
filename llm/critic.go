package llm

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/critic"
	"github.com/scgraph/scgraph/state"
)

// CriticOptions tune the LLM critic. The zero value gives the defaults.
type CriticOptions struct {
	// MinConfidence: an LLM plan whose chain score is below it leaves the
	// meaning open, so the model is consulted. Default 0.7.
	MinConfidence float64
	// MaxConsults caps the model's verdicts per run. Default 1.
	MaxConsults int
	// MaxAnswers and MaxDeadEnds cap the candidate paths and dead ends
	// shown to the model. Defaults 10 and 12.
	MaxAnswers  int
	MaxDeadEnds int
	Logger      *zap.Logger
}

func (o CriticOptions) withDefaults() CriticOptions {
	if o.MinConfidence <= 0 {
		o.MinConfidence = 0.7
	}
	if o.MaxConsults <= 0 {
		o.MaxConsults = 1
	}
	if o.MaxAnswers <= 0 {
		o.MaxAnswers = 10
	}
	if o.MaxDeadEnds <= 0 {
		o.MaxDeadEnds = 12
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	return o
}

// modelCritic is the LLM relational critic. The deterministic topological critic runs
// first and its verdict stands whenever structure settles the question;
// the model is asked only when sufficiency depends on meaning. The rule
// (see consult) is:
//
//   - the rule verdict is Insufficient, and not a switch to another chain
//     or a re-walk through the anchors (Sufficient, NoChain and Exhausted
//     are decisive, and so are those structural moves);
//   - the meaning is open: the target is a closure, or a chain with no
//     type and no entity (a vague target), or the plan came from the LLM
//     with a chain confidence below MinConfidence;
//   - the walk already holds at least one candidate answer, so there is
//     something to judge;
//   - the model has been consulted fewer than MaxConsults times in this run.
//
// The model sees the candidate answers with their paths and the dead ends
// the rules named, and replies "sufficient" (the answers found are what
// the question asks; stop expanding) or "insufficient" with the dead ends
// that lead toward the answer. It may only name dead ends the rule
// verdict offers, all of which are nodes of the retrieved subgraph; a
// verdict naming anything else, or one that cannot be parsed, is
// discarded: the rule verdict is used, with its Fallback saying why.
type modelCritic struct {
	rules *critic.Topological
	c     *Client
	opts  CriticOptions
	// required turns a discarded model verdict into ErrModelFailed.
	required bool
}

// newCritic returns an LLM critic over g calling the model through c.
func newCritic(g agent.Store, c *Client, opts CriticOptions) *modelCritic {
	return &modelCritic{rules: critic.New(g), c: c, opts: opts.withDefaults()}
}

// verdictDraft is the verdict as the model writes it.
type verdictDraft struct {
	Outcome  string   `json:"outcome"`
	DeadEnds []string `json:"dead_ends"`
	Reason   string   `json:"reason"`
}

// Critique implements agent.Critic.
func (cr *modelCritic) Critique(ctx context.Context, s *state.AgentState) (state.Verdict, state.Cost, error) {
	v, cost, err := cr.critique(ctx, s)
	if err == nil && cr.required && v.Fallback != "" {
		err = fmt.Errorf("%w: critic: %s", ErrModelFailed, v.Fallback)
	}
	return v, cost, err
}

func (cr *modelCritic) critique(ctx context.Context, s *state.AgentState) (state.Verdict, state.Cost, error) {
	v, cost, err := cr.rules.Critique(ctx, s)
	if err != nil {
		return v, cost, err
	}
	if _, ok := consult(s, v, cr.opts.MinConfidence, cr.opts.MaxConsults); !ok {
		return v, cost, nil
	}
	prompt, err := render(tmplCritic, cr.promptData(s, v))
	if err != nil {
		return v, cost, err
	}
	rep, err := cr.c.generate(ctx, request{msgs: []llms.MessageContent{human(prompt)}, json: true, spent: spentBy(s.Budget)})
	cost = cost.Plus(rep.Usage.Cost())
	if err != nil {
		if ctx.Err() != nil {
			return v, cost, err
		}
		return cr.discard(v, "the model failed: "+err.Error()), cost, nil
	}
	lv, problem := judge(s, v, rep.Text)
	if problem != "" {
		return cr.discard(v, problem), cost, nil
	}
	return lv, cost, nil
}

// consult applies the critic's rule (see Critic) to a state and the rule
// verdict, and says why the model should be asked, or false when the rule
// verdict stands.
func consult(s *state.AgentState, v state.Verdict, minConfidence float64, maxConsults int) (string, bool) {
	if v.Outcome != state.Insufficient || v.Switch != nil || v.Reentry {
		return "", false
	}
	consults := 0
	for _, pv := range s.Verdicts {
		if pv.By == state.ByLLM || pv.Fallback != "" {
			consults++
		}
	}
	if consults >= maxConsults {
		return "", false
	}
	if len(s.Accepted()) == 0 {
		return "", false
	}
	t := s.Plan.Target
	switch {
	case t.Kind == state.TargetClosure:
		return "the target is a closure", true
	case t.Kind == state.TargetChain && t.Type == "" && t.Entity == "":
		return "the target is vague", true
	case s.Plan.Source == state.ByLLM && s.Chain().Score < minConfidence:
		return fmt.Sprintf("the llm plan's confidence %.2f is low", s.Chain().Score), true
	}
	return "", false
}

func (cr *modelCritic) discard(v state.Verdict, why string) state.Verdict {
	cr.opts.Logger.Warn("llm verdict discarded; the rule verdict is used", zap.String("why", why))
	v.By, v.Fallback = state.ByRules, "llm verdict discarded: "+brief(why)
	return v
}

// judge validates the model's reply against the state and the rule
// verdict; it returns the verdict to use, or why the reply is discarded.
func judge(s *state.AgentState, v state.Verdict, reply string) (state.Verdict, string) {
	var d verdictDraft
	if err := decodeReply(reply, &d); err != nil {
		return v, err.Error()
	}
	reason := strings.TrimSpace(d.Reason)
	if reason == "" {
		reason = "no reason given"
	}
	switch strings.ToLower(strings.TrimSpace(d.Outcome)) {
	case string(state.Sufficient):
		n := len(s.Accepted())
		return state.Verdict{
			Iteration: v.Iteration,
			Outcome:   state.Sufficient,
			Reason:    fmt.Sprintf("%d candidate answer(s) judged sufficient by meaning: %s", n, reason),
			By:        state.ByLLM,
		}, ""
	case string(state.Insufficient):
		if len(d.DeadEnds) == 0 {
			return v, "insufficient, but no dead end named"
		}
		named := map[string]bool{}
		for _, n := range d.DeadEnds {
			n = strings.TrimSpace(n)
			if !s.Subgraph.HasNode(n) {
				return v, fmt.Sprintf("names %q, which is not in the retrieved subgraph", n)
			}
			named[n] = true
		}
		out := state.Verdict{Iteration: v.Iteration, Outcome: state.Insufficient, By: state.ByLLM}
		var kept []string
		for _, de := range v.DeadEnds {
			if named[de.Node] {
				out.DeadEnds = append(out.DeadEnds, de)
				if !slices.Contains(kept, de.Node) {
					kept = append(kept, de.Node)
				}
			}
		}
		for n := range named {
			if !slices.Contains(kept, n) {
				return v, fmt.Sprintf("names %q, which is not a dead end left to expand", n)
			}
		}
		out.Reason = fmt.Sprintf("expand %s: %s", strings.Join(kept, ", "), reason)
		return out, ""
	}
	return v, fmt.Sprintf("outcome %q is not sufficient or insufficient", d.Outcome)
}

// promptData verbalises the candidate paths and the dead ends.
func (cr *modelCritic) promptData(s *state.AgentState, v state.Verdict) criticData {
	d := criticData{
		Question:   s.Question,
		Chain:      s.Chain().String(),
		HopBudget:  s.Plan.HopBudget,
		RuleReason: v.Reason,
	}
	for _, a := range s.Plan.Anchors {
		d.Anchors = append(d.Anchors, a.Entity)
	}
	switch t := s.Plan.Target; {
	case t.Kind == state.TargetEntity:
		d.Target = "asks about " + t.Entity
	case t.Type != "":
		d.Target = "asks for the " + t.Type + " entities reached"
	case t.Kind == state.TargetClosure:
		d.Target = "asks for everything reachable"
	default:
		d.Target = "asks for what the chain leads to"
	}
	for _, i := range s.Accepted() {
		if len(d.Answers) == cr.opts.MaxAnswers {
			break
		}
		for _, p := range s.PathsTo(i, 1) {
			d.Answers = append(d.Answers, p.String())
		}
	}
	seen := map[string]bool{}
	for _, de := range v.DeadEnds {
		if len(d.DeadEnds) == cr.opts.MaxDeadEnds {
			break
		}
		if seen[de.Node] {
			continue
		}
		seen[de.Node] = true
		view := deadEndView{Node: de.Node, Type: s.Subgraph.NodeType(de.Node), Path: "an anchor"}
		if i := s.Walk.Lookup(de.Pos); i >= 0 {
			if ps := s.PathsTo(i, 1); len(ps) > 0 {
				view.Path = ps[0].String()
			}
		}
		var miss []string
		for _, m := range de.Missing {
			miss = append(miss, m.String())
		}
		view.Missing = strings.Join(miss, " or ")
		d.DeadEnds = append(d.DeadEnds, view)
	}
	return d
}
