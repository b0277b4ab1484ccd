package agent

import (
	"context"
	"errors"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/state"
)

// speculator plans and retrieves a question with one [bracketed] mention
// in one store round trip, where the rule planner's plan does not depend
// on what linking would say: a store's expansion starts from entities by
// exact name and reports their types, so it can stand for the linking
// query.
//
// It plans as if the mention were an entity's exact name of unknown type,
// walks that plan's first request (recording what the store answered),
// reads the entity's type from the answer, and plans again with it: that
// is the plan linking would have given (plan.Rules.Assumed). The
// retriever then walks that plan with the recorded answers standing in for
// the store, so when the two plans walk the same chain there is no second
// round trip, and when they do not, the store is asked what the recording
// lacks. Either way the plan and the retrieval are exactly the ones the
// separate phases give; only the store calls differ. When the mention is
// not an exact name (or the plan does not come from a lexicon, whose
// chains rarely depend on the anchor's type), it reports false and the
// phases run as usual.
type speculator struct {
	planner  *plan.Rules
	store    Store
	walkOpts walk.Options
}

// speculation is what a speculator found: the plan, the retrieval, and
// the store calls the plan phase is charged with (the recorded ones the
// retrieval did not use).
type speculation struct {
	plan     state.Plan
	delta    state.Delta
	planCost state.Cost
}

func (sp *speculator) run(ctx context.Context, st *state.AgentState) (speculation, bool, error) {
	p0, name, cost, ok, err := sp.planner.Assumed(ctx, st.Question, "")
	if err != nil || !ok || p0.Source != state.ByLexicon || len(p0.Chains) == 0 || p0.Unanswerable != "" {
		return speculation{}, false, err
	}
	// Only the first request matters (the chain of a lexicon plan is one
	// request up to graph.MaxExpandSteps hops): the walk of the assumed
	// plan stops once it is answered.
	rec := &recorder{g: sp.store}
	s0 := state.New(st.ID, st.Question, st.MaxIterations, st.Budget)
	s0.Plan = p0
	if _, err := walk.NewRetriever(rec, sp.walkOpts).Retrieve(ctx, s0); err != nil && !errors.Is(err, errRecorded) {
		return speculation{}, false, err
	}
	typ, found := rec.typeOf(name)
	if !found {
		// Not an exact name: linking must look further. The recorded
		// call is spent.
		return speculation{planCost: state.Cost{StoreCalls: cost.StoreCalls + len(rec.calls)}}, false, nil
	}
	p1, _, _, _, err := sp.planner.Assumed(ctx, st.Question, typ)
	if err != nil {
		return speculation{}, false, err
	}
	rp := &replayer{g: sp.store, calls: rec.calls}
	s1 := *st
	s1.Plan = p1
	d, err := walk.NewRetriever(rp, sp.walkOpts).Retrieve(ctx, &s1)
	if err != nil {
		return speculation{}, false, err
	}
	cost.StoreCalls += len(rec.calls) - rp.replayed
	return speculation{plan: p1, delta: d, planCost: cost}, true, nil
}

// expandCall is one Expand request and the store's answer.
type expandCall struct {
	req graph.ExpandRequest
	res graph.Expansion
}

// recorder passes the first expansion to the store and records it; it
// ends the walk at the second with errRecorded.
type recorder struct {
	g     walk.Store
	calls []expandCall
}

// errRecorded ends the walk of an assumed plan after its first request.
var errRecorded = errors.New("first request recorded")

func (r *recorder) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	if len(r.calls) > 0 {
		return graph.Expansion{}, errRecorded
	}
	res, err := r.g.Expand(ctx, req)
	if err == nil {
		r.calls = append(r.calls, expandCall{req, res})
	}
	return res, err
}

// typeOf returns the type the first recorded expansion gave the entity
// named name, if it started from such an entity (the stores report the
// frontier entities that exist among the nodes).
func (r *recorder) typeOf(name string) (string, bool) {
	if len(r.calls) == 0 {
		return "", false
	}
	for _, n := range r.calls[0].res.Nodes {
		if n.Name == name {
			return n.Type, true
		}
	}
	return "", false
}

// replayer answers an expansion from the recording when the same request
// was recorded, and asks the store otherwise.
type replayer struct {
	g        walk.Store
	calls    []expandCall
	used     []bool
	replayed int
}

func (r *replayer) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	if r.used == nil {
		r.used = make([]bool, len(r.calls))
	}
	for i, c := range r.calls {
		if !r.used[i] && sameRequest(c.req, req) {
			r.used[i] = true
			r.replayed++
			return c.res, nil
		}
	}
	return r.g.Expand(ctx, req)
}

func sameRequest(a, b graph.ExpandRequest) bool {
	return a.Limit == b.Limit && slices.Equal(a.From, b.From) &&
		slices.EqualFunc(a.Steps, b.Steps, func(x, y graph.ExpandStep) bool {
			return x.Direction == y.Direction && slices.Equal(x.Relations, y.Relations)
		})
}
