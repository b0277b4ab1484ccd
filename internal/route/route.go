package route

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/state"
)

// Route is how a question is answered.
type Route int

// The routes.
const (
	// Lookup: a flat hybrid passage search over every chunk.
	Lookup Route = iota + 1
	// Relation: the agent walks the graph; passages are searched inside the
	// subgraph it traversed.
	Relation
	// Global: a ranking of community summaries.
	Global
)

var routeNames = map[Route]string{Lookup: "lookup", Relation: "relation", Global: "global"}

// String names the route: "lookup", "relation" or "global".
func (r Route) String() string {
	if s, ok := routeNames[r]; ok {
		return s
	}
	return fmt.Sprintf("route(%d)", int(r))
}

// MarshalText writes the route's name.
func (r Route) MarshalText() ([]byte, error) {
	if _, ok := routeNames[r]; !ok {
		return nil, fmt.Errorf("no route %d", int(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a route's name.
func (r *Route) UnmarshalText(b []byte) error {
	for k, v := range routeNames {
		if v == string(b) {
			*r = k
			return nil
		}
	}
	return fmt.Errorf("route %q: want lookup, relation or global", b)
}

// Decision is the router's choice with what decided it.
type Decision struct {
	Route Route `json:"route"`
	// Reason says why, in words.
	Reason string `json:"reason"`
	// Entities are the graph entities the question names (documents and
	// chunks aside).
	Entities []string `json:"entities,omitempty"`
	// Cues are the lookup or global words found.
	Cues []string `json:"cues,omitempty"`
	// Reading is the relation the planner read, for the relation route.
	Reading string `json:"reading,omitempty"`
}

// Planner reads a question against the graph; *plan.Rules is one.
type Planner interface {
	Plan(ctx context.Context, question string) (state.Plan, state.Cost, error)
}

// Router routes questions with a planner's reading.
type Router struct {
	planner Planner
}

// New returns a router reading questions with p. The planner should be
// the rule planner without a lexicon: the router asks what the question's
// own words say.
func New(p Planner) *Router { return &Router{planner: p} }

// Route decides the question's route.
func (r *Router) Route(ctx context.Context, question string) (Decision, error) {
	pl, _, err := r.planner.Plan(ctx, question)
	if err != nil {
		return Decision{}, fmt.Errorf("route: %w", err)
	}
	return Decide(question, pl), nil
}

// Decide routes a question given the rule planner's plan for it:
//
//  1. a question that asks where something is written ("where is X
//     documented", "where are the details written down") is a Lookup, and
//     so is one that asks how to do something, in what ways or how long or
//     how often ("how do I build X", "in what two ways do X and Y
//     communicate", "how long does X wait between polls to Y"), whatever
//     relation its words also name: a procedure, a manner or a measure is
//     in the passages, not in the graph ("how many" counts and "how is X
//     connected to Y" asks for a path: neither is one);
//  2. a question whose plan walks a relation its words name, from an
//     entity of the graph, with nothing guessed, or through the document
//     graph itself ("which documents mention X" walks MENTIONS and PART_OF
//     to exactly those documents), is a Relation;
//  3. a question that asks for a document — a lookup word ("where",
//     "which", "find", "show me", ...) a few words before a document noun
//     ("document", "page", "runbook", "guide", ...), a plan whose target
//     is a document, or a document named — is a Lookup;
//  4. a question whose plan walks a relation its words name, guessing
//     the rest, is a Relation;
//  5. a question with a global cue ("biggest", "main themes", "risks",
//     "overall", "summarise", ...) that names no entity is Global;
//  6. anything else is a Lookup: a passage search (seeded with the
//     entities it names, if any) is the honest fallback when the graph
//     has no relation to walk (REFERENCE R2).
func Decide(question string, pl state.Plan) Decision {
	ws := words(question)
	d := Decision{Entities: entities(pl)}
	if cues := asksWhereWritten(ws); len(cues) > 0 {
		d.Route, d.Cues = Lookup, cues
		d.Reason = "asks where something is written (" + quoteAll(cues) + ")"
		return d
	}
	if cues := asksProcedure(ws); len(cues) > 0 {
		d.Route, d.Cues = Lookup, cues
		d.Reason = "asks for a procedure, a manner or a measure (" + quoteAll(cues) + "), which passages state and no relation of the graph does"
		return d
	}
	reading, rel := relational(pl)
	if rel && (len(pl.Readings[0].Guesses) == 0 || walksDocuments(pl.Chains[0])) {
		return relation(d, reading)
	}
	if cues := asksForDocument(ws); len(cues) > 0 || pl.Target.Type == docs.TypeDocument || pl.Target.Type == docs.TypeChunk || namesDocument(pl) {
		d.Route, d.Cues = Lookup, cues
		switch {
		case len(cues) > 0:
			d.Reason = "asks for a document (" + quoteAll(cues) + ")"
		case namesDocument(pl):
			d.Reason = "names a document"
		default:
			d.Reason = "asks for a document (the planner's target is a " + pl.Target.Type + ")"
		}
		return d
	}
	if rel {
		return relation(d, reading)
	}
	if cues := find(ws, globalCues); len(cues) > 0 && len(d.Entities) == 0 {
		d.Route, d.Cues = Global, cues
		d.Reason = "asks about the whole graph (" + quoteAll(cues) + ") and names no entity"
		return d
	}
	d.Route = Lookup
	d.Cues = find(ws, lookupCues)
	switch {
	case len(d.Entities) > 0 && pl.Unanswerable != "":
		d.Reason = "names " + strings.Join(d.Entities, ", ") + ", but " + pl.Unanswerable + ": a passage search around it"
	case len(d.Entities) > 0:
		d.Reason = "names " + strings.Join(d.Entities, ", ") + " but no relation of the graph to walk: a passage search around it"
	case len(d.Cues) > 0:
		d.Reason = "a lookup (" + quoteAll(d.Cues) + ") naming no entity of the graph"
	default:
		d.Reason = "names no entity of the graph: a passage search"
	}
	return d
}

func relation(d Decision, reading string) Decision {
	d.Route, d.Reading = Relation, reading
	d.Reason = "names " + strings.Join(d.Entities, ", ") + " and a relation of the graph: " + reading
	return d
}

// relational reports whether the plan walks a relation the question's
// words named, from an entity of the graph, and the reading in words.
func relational(pl state.Plan) (string, bool) {
	if len(pl.Anchors) == 0 || len(pl.Chains) == 0 || pl.Unanswerable != "" || len(pl.Readings) == 0 {
		return "", false
	}
	r := pl.Readings[0]
	if len(r.Because) == 0 {
		return "", false // no relation word: the planner would read the neighbourhood
	}
	return r.Text, true
}

// walksDocuments reports whether a chain takes the document graph's own
// edges (MENTIONS, PART_OF).
func walksDocuments(c state.Chain) bool {
	for _, st := range c.Steps {
		for _, e := range st.Edges {
			if e.Relation == docs.RelMentions || e.Relation == docs.RelPartOf {
				return true
			}
		}
	}
	return false
}

// entities are the plan's entities that are not document structure.
func entities(pl state.Plan) []string {
	var out []string
	for _, a := range plan.Mentioned(pl) {
		if a.Type == docs.TypeDocument || a.Type == docs.TypeChunk || slices.Contains(out, a.Entity) {
			continue
		}
		out = append(out, a.Entity)
	}
	return out
}

// namesDocument reports whether the question names a document or chunk.
func namesDocument(pl state.Plan) bool {
	for _, a := range plan.Mentioned(pl) {
		if a.Type == docs.TypeDocument || a.Type == docs.TypeChunk {
			return true
		}
	}
	return false
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
