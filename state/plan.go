package state

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// Plan is the planner's structured retrieval plan for one question.
type Plan struct {
	// Anchors are the question's entities the walk starts from, linked to
	// graph nodes.
	Anchors []Anchor `json:"anchors"`
	// Ignored are the question's other linked entities that the plan uses
	// neither as an anchor nor as its target: the walk neither starts from
	// them nor looks for them. (Ask about them one at a time.)
	Ignored []Anchor `json:"ignored,omitempty"`
	// Target is what the question asks for.
	Target Target `json:"target"`
	// Chains are the candidate relation patterns to walk from the anchors,
	// best first. The walk follows Chains[0] and falls back to the others
	// when the critic finds it dead-ends.
	Chains []Chain `json:"chains"`
	// RelationHints are the relations the question's words point at.
	RelationHints []string `json:"relation_hints,omitempty"`
	// Direction is the question's reading of dependency, if any.
	Direction Intent `json:"direction"`
	// Others: the question asks for things other than its entities
	// ("which other Pokémon", "what else"): the walk never enters an
	// anchor, not even by a fact of the anchor about itself.
	Others bool `json:"others,omitempty"`
	// HopBudget bounds how far from an anchor the walk may go.
	HopBudget int `json:"hop_budget"`
	// Ambiguities lists mentions that linked to more than one entity, and
	// what the planner chose.
	Ambiguities []Ambiguity `json:"ambiguities,omitempty"`
	// Readings say, for each chain (same index), how the question was
	// understood when the question reader made the plan: in words, how
	// far, how sure, and what was guessed. Empty for plans ranked by a
	// lexicon or made by a model.
	Readings []Reading `json:"readings,omitempty"`
	// Unanswerable says why the question cannot be read against this
	// graph: it asks about a relation the graph does not have ("no
	// relation of this graph matches \"on call\"").
	Unanswerable string `json:"unanswerable,omitempty"`
	// Source names who made the plan; Fallback, when the rules made it
	// after a model was asked, says why the model's plan was not used.
	Source   Author   `json:"source"`
	Fallback string   `json:"fallback,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	// DidYouMean, when the planner linked no entity of the question (or
	// not a [bracketed] one), names the entities the question's words come
	// closest to, best first: fuzzy matches under the planner's threshold
	// ("histrian" for historian is linked, one edit away; "hstrn" is
	// only suggested).
	DidYouMean []string `json:"did_you_mean,omitempty"`
	// OpenWorld is the graph's graph.Schema.OpenWorld: its facts were
	// read from documents, so the critic certifies no "none" and no
	// answer set as complete.
	OpenWorld bool `json:"open_world,omitempty"`
}

// Anchor is an entity of the question, linked to a node.
type Anchor struct {
	Mention    string            `json:"mention"`
	Entity     string            `json:"entity"`
	Type       string            `json:"type,omitempty"`
	Method     graph.MatchMethod `json:"method"`
	Confidence float64           `json:"confidence"`
}

// Ambiguity is a mention with several candidate entities.
type Ambiguity struct {
	Mention    string   `json:"mention"`
	Candidates []string `json:"candidates"`
	Chosen     string   `json:"chosen,omitempty"`
}

// TargetKind says what kind of thing the question asks for.
type TargetKind string

// The target kinds.
const (
	// TargetEntity: is a named entity reachable ("Is checkout affected by
	// db-v2?"); Target.Entity names it.
	TargetEntity TargetKind = "entity"
	// TargetType: the nodes of a type reached along the chain ("which teams").
	TargetType TargetKind = "type"
	// TargetChain: whatever the relation chain ends at ("who directed the
	// films written by X").
	TargetChain TargetKind = "chain"
	// TargetClosure: everything reachable along a repeated relation
	// ("everything affected if X goes down").
	TargetClosure TargetKind = "closure"
)

// Target is what the question asks for.
type Target struct {
	Kind   TargetKind `json:"kind"`
	Entity string     `json:"entity,omitempty"`
	Type   string     `json:"type,omitempty"`
	// Types are more kinds asked for beside Type, joined to it by "and"
	// or "or" ("Which models and seeds ..."): an answer of any of them
	// is of the kind asked.
	Types []string `json:"types,omitempty"`
	// NameWord, for a type target with no schema type, keeps the answers
	// whose names carry this word ("team" for "which teams" where the
	// teams are untyped but named shipping-team, web-team).
	NameWord string `json:"name_word,omitempty"`
	// Mention is the question's words for an entity target.
	Mention string `json:"mention,omitempty"`
	// Adjacent, for an entity target, says the schema links the anchor's
	// type and the target's by some relation directly, and every chain of
	// the plan is one step that cannot walk on past one fact (a closure
	// of chair from a person arrives at a group, where chair cannot go
	// on): a yes or no read as one step between them is answered no by
	// the absence of any fact at all between the two, whichever relation
	// the question meant.
	Adjacent bool `json:"adjacent,omitempty"`
	// Having keeps the answers that have a fact with an entity ("the
	// feature-complete services": in_profile feature-complete).
	Having []Having `json:"having,omitempty"`
	// Except are entities the question sets aside ("What did Ryan Dahl
	// create besides nodejs?"): never answers.
	Except []string `json:"except,omitempty"`
	// Among, for a question that offers a choice ("Is Sam Graves a
	// Democrat or a Republican?"), lists the entities offered: only they
	// answer.
	Among []string `json:"among,omitempty"`
	// Someone, for a question that asks "who" and names no kind, lists
	// the graph's types of people and groups of people: where the walk
	// ends at entities of these types and of others (a group's teams and
	// its matches), only the former answer.
	Someone []string `json:"someone,omitempty"`
	// AlsoOfKind, for a type target, lists the entities of other types
	// that the data also gives the asked type (graph.EntityDef.OtherTypes:
	// "Ferrari", the team and the engine maker, is one node typed
	// Constructor): they are of the kind asked.
	AlsoOfKind []string `json:"also_of_kind,omitempty"`
}

// Kinds returns the kinds asked: Type, then Types.
func (t Target) Kinds() []string { return append([]string{t.Type}, t.Types...) }

// OfKind reports whether an entity of type typ is of the kind asked: Type
// or one of Types, or a kind of one of them (text.KindOf). It allocates
// nothing: the walk asks it of every position at the chain's end.
func (t Target) OfKind(typ string) bool {
	of := func(k string) bool { return k != "" && (typ == k || text.KindOf(typ, k)) }
	return of(t.Type) || slices.ContainsFunc(t.Types, of)
}

// Equal reports whether two targets ask for the same thing.
func (t Target) Equal(o Target) bool {
	if t.Kind != o.Kind || t.Entity != o.Entity || t.Type != o.Type || !slices.Equal(t.Types, o.Types) || t.NameWord != o.NameWord || t.Mention != o.Mention || len(t.Having) != len(o.Having) ||
		!slices.Equal(t.Someone, o.Someone) || !slices.Equal(t.Except, o.Except) || !slices.Equal(t.Among, o.Among) || !slices.Equal(t.AlsoOfKind, o.AlsoOfKind) {
		return false
	}
	for i, h := range t.Having {
		g := o.Having[i]
		if h.Entity != g.Entity || h.Mention != g.Mention || h.Without != g.Without || !slices.Equal(h.Edges, g.Edges) {
			return false
		}
	}
	return true
}

// Having is a condition on the answers: a fact of one of Edges, walked
// from the answer, that reaches Entity.
type Having struct {
	Edges  []RelDir `json:"edges"`
	Entity string   `json:"entity"`
	// Mention is the question's words for the entity.
	Mention string `json:"mention,omitempty"`
	// Without turns the condition round: the answers kept are those
	// with no such fact ("Which of France's neighbours do not use the
	// euro?").
	Without bool `json:"without,omitempty"`
}

// Intent is the question's reading of dependency.
type Intent string

// The intents.
const (
	IntentNone         Intent = ""             // plain relations, no dependency reading
	IntentDependents   Intent = "dependents"   // what is affected if the anchor fails
	IntentDependencies Intent = "dependencies" // what the anchor needs
)

// Chain is a relation pattern: a sequence of steps walked from an anchor.
type Chain struct {
	Steps []ChainStep `json:"steps"`
	// Score is the planner's confidence in the chain (higher is better).
	Score float64 `json:"score"`
	// Reentry lets walks of this chain pass through an anchor and end at
	// one. Off by default; a learned lexicon turns it on for data whose
	// questions are asked that way ("the wife of X's husband" is X).
	Reentry bool `json:"anchor_reentry,omitempty"`
}

// ChainStep is one step of a chain: any of its edges may be taken. With
// Repeat the step may be taken again and again (a closure), as long as the
// hop budget lasts.
type ChainStep struct {
	Edges  []RelDir `json:"edges"`
	Repeat bool     `json:"repeat,omitempty"`
	// Optional lets the walk skip the step: from where it would start,
	// the next step may be taken at once ("the teams owning what fails,
	// the failing service's own team included").
	Optional bool `json:"optional,omitempty"`
}

// RelDir is a relation walked in one direction.
type RelDir struct {
	Relation  string          `json:"relation"`
	Direction graph.Direction `json:"direction"`
}

// Reversed returns the same relation walked the other way (Both stays
// Both).
func (r RelDir) Reversed() RelDir {
	return RelDir{Relation: r.Relation, Direction: r.Direction.Reverse()}
}

func (r RelDir) String() string {
	if r.Direction == graph.In {
		return "<-" + r.Relation + "-"
	}
	if r.Direction == graph.Both {
		return "-" + r.Relation + "-"
	}
	return "-" + r.Relation + "->"
}

// Relations returns the step's relation names, each once, in the order
// of its edges.
func (s ChainStep) Relations() []string {
	var out []string
	for _, e := range s.Edges {
		if !slices.Contains(out, e.Relation) {
			out = append(out, e.Relation)
		}
	}
	return out
}

func (s ChainStep) String() string {
	parts := make([]string, len(s.Edges))
	for i, e := range s.Edges {
		parts[i] = e.String()
	}
	out := strings.Join(parts, "|")
	if len(s.Edges) > 1 {
		out = "(" + out + ")"
	}
	switch {
	case s.Repeat && s.Optional:
		out += "*"
	case s.Repeat:
		out += "+"
	case s.Optional:
		out += "?"
	}
	return out
}

// Reversed returns the chain walked from its far end back: its steps in
// the other order, each edge the other way round ("A's chair" from the
// chair back to A).
func (c Chain) Reversed() Chain {
	out := c
	out.Steps = make([]ChainStep, len(c.Steps))
	for i, st := range c.Steps {
		rev := st
		rev.Edges = make([]RelDir, len(st.Edges))
		for j, e := range st.Edges {
			rev.Edges[j] = e.Reversed()
		}
		out.Steps[len(c.Steps)-1-i] = rev
	}
	return out
}

func (c Chain) String() string {
	parts := make([]string, len(c.Steps))
	for i, s := range c.Steps {
		parts[i] = s.String()
	}
	return strings.Join(parts, " ")
}

// Relations returns the set of relations the chain's steps walk.
func (c Chain) Relations() map[string]bool {
	out := map[string]bool{}
	for _, s := range c.Steps {
		for _, e := range s.Edges {
			out[e.Relation] = true
		}
	}
	return out
}

// RelationNames returns the relations the chain's steps walk, each once,
// in walking order.
func (c Chain) RelationNames() []string {
	var out []string
	for _, s := range c.Steps {
		for _, r := range s.Relations() {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// Fixed reports whether the chain has no repeated step, so its length is
// its number of steps.
func (c Chain) Fixed() bool {
	for _, s := range c.Steps {
		if s.Repeat {
			return false
		}
	}
	return true
}

// Likened says which relations a question's word was taken for by
// similarity of words (see Reading.Likened), and how near each was.
type Likened struct {
	// Word is the question's word ("sits").
	Word string `json:"word"`
	// Relations are the relations taken, nearest first: one, or two too
	// near each other to choose (both walked), with their similarities.
	Relations    []string  `json:"relations"`
	Similarities []float64 `json:"similarities"`
	// Next is the nearest relation not taken, and its similarity ("" when
	// the graph has no other).
	Next           string  `json:"next,omitempty"`
	NextSimilarity float64 `json:"next_similarity,omitempty"`
}

// Extent says how far a reading walks.
type Extent string

// The extents.
const (
	ExtentFixed      Extent = "fixed"      // a chain of named steps
	ExtentDirect     Extent = "direct"     // one hop of the relation
	ExtentTransitive Extent = "transitive" // the relation's closure
)

// Reading is how the question reader understood the question for one
// chain of the plan.
type Reading struct {
	// Text says the reading ("everything that depends on payments-db,
	// transitively, through DEPENDS_ON and CALLS").
	Text string `json:"text"`
	// Confidence is how sure the reader is, in 0..1; the critic does not
	// certify an answer whose reading is less sure than it needs.
	Confidence float64 `json:"confidence"`
	// Open is true for a reading of the open reader (internal/reader: the
	// graph's own relation names and the words of their kinds), taken
	// where the rule reader's was weak; the critic certifies its answers
	// only where OpenNamed is set.
	Open bool `json:"open,omitempty"`
	// OpenNamed is set on an open reading whose every step the question's
	// own words name (reader.Reading.Named), with nothing assumed: the
	// critic certifies the answers it finds, after the same checks as the
	// rule reader's, but not a "none" (the open reader's word for a
	// relation may miss one the graph stores the facts under).
	OpenNamed bool `json:"open_named,omitempty"`
	// ByPreposition is set on an open reading of one step read from a
	// preposition alone ("are in X"): where it reaches nothing from the
	// anchor, the plan's next chain is the anchor's neighbourhood.
	ByPreposition bool   `json:"by_preposition,omitempty"`
	Extent        Extent `json:"extent"`
	// ExtentSaid is false when the question did not say how far and the
	// default was taken (see docs/reading.md: one hop for a plain relation
	// word, the closure for failure, impact and positional words).
	ExtentSaid bool `json:"extent_said"`
	// ClosureByDefault is set on a closure taken where the question did
	// not say how far and asks for a dependency in general; where its
	// words name the relations walked ("What does X depend on?" over
	// depends_on, "the compile dependencies of X" over compile), the
	// planner reads it as one hop, with ClosureFair, and keeps the closure
	// as the next reading.
	ClosureByDefault bool `json:"closure_by_default,omitempty"`
	// ClosureFair is set on a one-hop reading of a dependency asked for
	// without saying how far: the closure is as fair a reading, so
	// the critic certifies no answers of it (a "none" that reached
	// nothing holds under both).
	ClosureFair bool `json:"closure_fair,omitempty"`
	// Failure is set on a reading of what a failure affects or spares
	// ("what breaks if X goes down"): the question's failure words are
	// read by it, and by no other reading.
	Failure bool     `json:"failure,omitempty"`
	Because []string `json:"because,omitempty"`
	Guesses []string `json:"guesses,omitempty"`
	// Likened is set on a reading of a word that neither the graph's
	// relation names nor the word lexicon relate to a relation, taken for
	// one (or two) by similarity of words: its Confidence stays below what
	// a claim needs, so the critic certifies none of its answers.
	Likened *Likened `json:"likened,omitempty"`
	// Concept is the kind of relation the reading follows, named as a
	// schema names it (graph.RelationDef.Concept: "dependency",
	// "ownership"); "" for a relation of no known kind.
	Concept string `json:"concept,omitempty"`
	// Unread are the graph's relations whose meaning could not be read
	// (their names say nothing the reader knows), other than those walked,
	// which join the kinds of entities this one-step reading walks:
	// whether they carry what the question asks (for a dependency, whether
	// failure passes along them) is unknown. The critic certifies no
	// "none" where they leave the anchor and, for a dependency or a
	// closure (where one missed edge loses all that lies beyond it),
	// nothing the walk touches them on.
	Unread []string `json:"unread_relations,omitempty"`
	// UnreadFirst are, for a reading of several named steps ("who owns
	// the accounts that received money from X"), the relations Unread
	// would be for its first step alone: the critic certifies no "none"
	// where they leave the anchor.
	UnreadFirst []string `json:"unread_first_relations,omitempty"`
	// Delivered are the relations of this dependency reading whose
	// subject sends what their object holds (graph.RelationDef.Delivers),
	// each with the direction the reading does not walk it in: read that
	// way too, a failure may reach further, so the critic certifies no
	// answer such a hop would change.
	Delivered []RelDir `json:"delivered_relations,omitempty"`
	// Wider are, for a closure through the relations the question's verb
	// names ("everything X feeds into": feeds, derived_from), the other
	// relations of the same concept (built_on, trained_on), each in the
	// direction the closure walks: the critic certifies no closure such a
	// hop would extend.
	Wider []RelDir `json:"wider_relations,omitempty"`
	// Unoriented are the relations of unknown meaning this reading walks
	// one way, each turned the other: the direction was read from the
	// question's word order, and the graph may store the relation the
	// other way round ("Elena married_to Liam" for "who is Liam married
	// to"). The critic claims no "none" such a hop would change.
	Unoriented []RelDir `json:"unoriented_relations,omitempty"`
	// Mirrored are the relations that store facts of this reading's
	// first step from the other end (graph.RelationDef.Mirrors) whose
	// names read another kind, or none, each turned to walk those facts
	// as the step does: the data says they may be one act, whatever the
	// names say, so the critic certifies no answer they would change.
	Mirrored []RelDir `json:"mirrored_relations,omitempty"`
	// Alike are, for a step between two different kinds of entity, the
	// other relations between the same two kinds where one of the two
	// is of no known meaning ("covers" policy → vehicle beside
	// "insured_under" vehicle → policy), each in the direction that
	// walks from the same kind to the same kind: with no facts in common
	// nothing says they are two acts, so the critic certifies no answer
	// they would change.
	Alike []RelDir `json:"alike_relations,omitempty"`
	// SchemaDoubt, when set, says where the schema's types make the
	// reading unlikely: a step no relation of which starts from the kind
	// of entity the walk is at ("payments is a team, and reports_to links
	// people"). A walk that finds answers proves the step; a negative
	// under such a reading is not claimed.
	SchemaDoubt string `json:"schema_doubt,omitempty"`
	// NamedBeside, when set, says that a step walks a relation the
	// question names by its own name beside others only the graph's shape
	// put there ("What does X depend on?" through depends_on and
	// connects_to), or, on the reading of the named relation alone, that
	// the entity has parts the reading may count. The answers are not
	// certified; a union that finds nothing proves that the named
	// relation finds nothing too.
	NamedBeside string `json:"named_beside,omitempty"`
}
