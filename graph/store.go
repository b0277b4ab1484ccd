package graph

import (
	"errors"
	"fmt"
)

// The request and result types of the store contract. The interfaces
// themselves are declared where they are used (agent.Store for the agent,
// storetest.Store for the conformance suite); both stores (memstore and
// cypher) satisfy them with these types, so that nothing driver-specific
// leaves a store package.

// Store limits: DefaultLimit is the fan-out cap a store applies per
// frontier node and step when a request gives none; MinFuzzyScore is the
// trigram similarity below which stores return no fuzzy match.
const (
	DefaultLimit  = 500
	MinFuzzyScore = 0.5
)

// MatchMethod says how a mention was linked to an entity.
type MatchMethod string

// The ways a mention can be linked, strongest first.
const (
	MatchExact      MatchMethod = "exact"      // the mention is the entity's name
	MatchNormalized MatchMethod = "normalized" // equal after the normalization key (case, punctuation, "svc"/"service", spaces)
	MatchAlias      MatchMethod = "alias"      // equal (after the normalization key) to an alias from the schema
	MatchPartial    MatchMethod = "partial"    // the mention's words are among the name's words (text.MatchWords)
	MatchFuzzy      MatchMethod = "fuzzy"      // similar (character trigrams) above the store's floor
	// MatchBracket is how the planner records an anchor the question
	// marked as [Entity] and the store matched exactly.
	MatchBracket MatchMethod = "bracket"
)

// Match is one candidate entity for a mention.
type Match struct {
	Entity Entity      `json:"entity"`
	Method MatchMethod `json:"method"`
	// Score is 1 for exact, normalized and alias matches, and the trigram
	// similarity (0..1) for fuzzy ones.
	Score float64 `json:"score"`
}

// ResolveRequest asks a store to link mentions to entities.
type ResolveRequest struct {
	Mentions []string
	// Partial also returns, after any exact, normalized or alias
	// matches, the entities whose name's words hold all the mention's
	// words, in any order and as people write them ("consign service" in
	// ts-consign-service, "lodash" in lodash@4.17.21, "the Storage group"
	// for group-storage, "checkout deployment" for
	// deployment/checkoutservice: text.MatchWords), scored by the share
	// of the name's words named, best first.
	Partial bool
	// Fuzzy also returns approximate matches (Score >= MinFuzzyScore) when a
	// mention has no exact, normalized, alias or partial match.
	Fuzzy bool
	// Limit caps the matches per mention; 0 means 10.
	Limit int
}

// ExpandStep is one hop of an expansion: which relations to follow (empty means
// any) and in which direction.
type ExpandStep struct {
	Relations []string  `json:"relations,omitempty"`
	Direction Direction `json:"direction"`
}

// MaxExpandSteps is how many steps one ExpandRequest may take: as many as
// the longest path a PathRequest may ask for, so that a store answers a
// whole fixed relation chain in one call.
const MaxExpandSteps = MaxPathHops

// ExpandRequest asks for the edges around a frontier, one to
// MaxExpandSteps steps deep; each step after the first starts from every
// node the step before it reached (after that step's per-node cut).
type ExpandRequest struct {
	From  []string
	Steps []ExpandStep
	// Limit caps the hops returned per node and step (the fan-out cap);
	// 0 means DefaultLimit. When a node has more, the store keeps the first
	// Limit in canonical order (relation, direction out before in, neighbour
	// name) and reports the cut in Truncated.
	Limit int
}

// Expansion is a store's answer to an ExpandRequest.
type Expansion struct {
	// Hops[i] holds the hops of step i, sorted by (From, Relation,
	// Direction, To).
	Hops [][]Hop
	// Nodes are the entities the expansion reached (with their types),
	// sorted by name.
	Nodes []Entity
	// Truncated lists the nodes whose fan-out was cut.
	Truncated []Truncation
}

// Truncation records a fan-out cut: at Step, Node had Total matching hops
// and only Kept were returned.
type Truncation struct {
	Node  string `json:"node"`
	Step  int    `json:"step"`
	Kept  int    `json:"kept"`
	Total int    `json:"total"`
}

// PathRequest asks for the shortest paths between two entities.
type PathRequest struct {
	From, To string
	// MaxHops bounds the path length (1..6).
	MaxHops int
	// Relations restricts the relations walked (empty means any).
	Relations []string
	// Direction is the direction every hop is walked in.
	Direction Direction
	// Limit caps the number of paths; 0 means 10.
	Limit int
}

// Errors the stores return, wrapped with detail; test with errors.Is.
var (
	// ErrUnknownRelation: a request named a relation the schema does not
	// have. Stores check every relation name before using it.
	ErrUnknownRelation = errors.New("unknown relation")
	// ErrBadRequest: a request is malformed (no steps, more than two,
	// MaxHops out of range, an invalid direction).
	ErrBadRequest = errors.New("bad store request")
)

// ClosureRequest asks for the entities reachable from From in one to
// MaxDepth hops, every hop along the relations named (all when none)
// walked in Direction: a closure, counted in full and given a page at a
// time, so that a store across a network answers it in one query rather
// than a request a level.
type ClosureRequest struct {
	From      string
	Relations []string
	Direction Direction
	// MaxDepth bounds the hops (1..MaxClosureDepth).
	MaxDepth int
	// Limit is the size of the page; 0 means DefaultLimit.
	Limit int
}

// MaxClosureDepth is the deepest closure a ClosureRequest may ask for.
const MaxClosureDepth = 32

// Closure is a store's answer to a ClosureRequest.
type Closure struct {
	// Total is the number of entities reached (From itself not among
	// them, even when a cycle leads back to it).
	Total int `json:"total"`
	// Entities are the first Limit of them by name, with their types.
	Entities []Entity `json:"entities"`
}

// Normalize checks the request and fills in the default limit.
func (r ClosureRequest) Normalize() (ClosureRequest, error) {
	if r.MaxDepth < 1 || r.MaxDepth > MaxClosureDepth {
		return r, fmt.Errorf("closure: %w: max depth %d (want 1 to %d)", ErrBadRequest, r.MaxDepth, MaxClosureDepth)
	}
	if !r.Direction.Valid() {
		return r, fmt.Errorf("closure: %w: invalid direction %d (want out, in or both)", ErrBadRequest, r.Direction)
	}
	var err error
	if r.Limit, err = checkLimit("closure", r.Limit, DefaultLimit); err != nil {
		return r, err
	}
	return r, nil
}
