// Package reader reads a question in plain English against a graph: which
// entity it starts from, which relations it follows and which way, how far,
// what kind of thing it asks for, and how sure each part of that reading
// is. It needs no schema file, no learned lexicon and no model.
//
// A question is read in three layers, each a pure function of the one
// before:
//
//  1. Words (tokens.go, spot.go, kinds.go). The question is split into
//     tokens, entity mentions (found by the planner's linker) standing for
//     their words. Phrases are then grounded in the graph first: a phrase
//     that is a relation's own name or a word of it ("alumnus of" for
//     alumni_of, "image" for runs_image) names that relation; only where the
//     graph's names say nothing does the English knowledge of package words
//     relate a phrase to the relations of a concept ("rely on" to every
//     dependency). Nouns naming types, words the names of a type carry and
//     generic kind nouns are kind mentions; cue phrases say how far the
//     question goes or that something fails.
//  2. The frame (frame.go). The tokens become a typed frame: the question's
//     form (a wh-question, a yes or no, a request, a fragment), the noun
//     phrases (the asked one, the entities, kinds, relation nouns) and the
//     relation mentions linking them, each side bound to a noun phrase by the
//     question's grammar (a verb's subject and object, a noun's "of"
//     complement or possessor, a relative clause's gap), the condition clause
//     of a failure, the extent, and the words no part explains.
//  3. Readings (build.go). The path in the frame from an entity to the asked
//     phrase is the chain walked: each relation mention a step, oriented by
//     which side of it the path enters, its relations those the mention
//     names, kept where the schema's types let the chain be walked. Each
//     reading carries its confidence and its doubts, typed (Doubt), and the
//     relations the critic checks before it certifies an answer.
//
// The readings are the planner's chains, best first.
package reader

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Entity is an entity mention the linker found in the question.
type Entity struct {
	// Start and End are byte offsets of the mention in the question.
	Start, End int
	// Name and Type are the linked entity's.
	Name, Type string
	// Confidence of the link: 1 for an exact or normalised name.
	Confidence float64
	// Others are the other entities the mention could name (an ambiguity
	// the linker could not settle), best first.
	Others []string
}

// Asked is what kind of thing the question asks for.
type Asked struct {
	// Word is the question's word ("teams").
	Word string
	// Type is the schema type it names, or "".
	Type string
	// Also are the types of the kinds said with it ("models and seeds":
	// Seed beside Model).
	Also []string
	// NameWord, when no type is named, restricts answers to entities
	// whose names carry this word ("team" for shipping-team).
	NameWord string
	// Typed: the word names types of the graph (Type may still be "",
	// where the walk ends in them anyway).
	Typed bool
}

// IsZero reports whether nothing was asked for by kind.
func (a Asked) IsZero() bool { return a.Type == "" && a.NameWord == "" }

// Reading is one way to understand the question, ready to walk.
type Reading struct {
	// Anchor is the index of the entity the walk starts from; Also are the
	// entities coordinated with it ("if X and Y go down"), walked from too.
	Anchor int
	Also   []int
	// Target is the index of the entity a yes/no question asks about, or -1.
	Target int
	// Asked is the kind of thing asked for, when the question names one.
	Asked Asked
	// Concept is the kind of relation the first step follows (None for a
	// relation of no known kind).
	Concept words.Concept
	// Chain is the relation pattern walked from the anchor.
	Chain state.Chain
	// Direction is the dependency direction, for dependency readings.
	Direction state.Intent
	// Extent is how far the reading goes; ExtentSaid is false when the
	// question did not say and the default was taken.
	Extent     state.Extent
	ExtentSaid bool
	// Confidence is how sure the reader is, in 0..1.
	Confidence float64
	// Because lists the words that decided the reading; Doubts what was
	// assumed or left unread (each lowered Confidence).
	Because []string
	Doubts  []Doubt
	// Rule names the frame rules that made the reading.
	Rule string
	// Text says the reading in words, for the answer.
	Text string
	// Checks are the relations the critic checks before it certifies an
	// answer of this reading (see state.Reading).
	Checks Checks
	// Named is set when the question's own words name every step's
	// relations: by the relation's name or a word of it, by its act, by a
	// verb of its kind, or by its kind said as a verb or a position ("belong
	// to", "upstream of"), not as a noun ("grandparents" for child_of), and
	// the reading assumed nothing (no Doubts). The critic certifies the
	// answers such a reading finds (see state.Reading.OpenNamed).
	Named bool
	// OwnNames is set when every step's relations were found by their own
	// names or a word of them (a kin noun of another width too: "children"
	// for father_of), none by a kind, an act or the types: the graph's own
	// words, whatever was assumed beside them.
	OwnNames bool
	// ByPreposition is set when the reading is one step read from a
	// preposition alone ("Which volcanoes are in Argentina?": "in" read
	// as the containment relations): no word names its relation.
	ByPreposition bool
	// Having are conditions on the answers: a fact with another entity
	// ("the feature-complete services").
	Having []Having
}

// Having is a condition on the answers: a fact of one of Edges, walked
// from the answer, with the entity Ent.
type Having struct {
	Edges []state.RelDir
	Ent   int
	// Loose: the question names the entity without saying how it bears
	// on the answers; the relation between the kinds was taken (a guess).
	Loose bool
}

// Checks are the relations around a reading that could carry the answer
// further than the reading went; see the fields of the same names in
// state.Reading.
type Checks struct {
	Unread, UnreadFirst                           []string
	Delivered, Wider, Unoriented, Mirrored, Alike []state.RelDir
	SchemaDoubt                                   string
}

// Result is what Read found.
type Result struct {
	// Readings are the ways to understand the question, best first.
	Readings []Reading
	// Unread explains why the question could not be read against this
	// graph; empty when there are readings or no entity.
	Unread string
	// Notes are remarks for the plan (which entities were used, ...).
	Notes []string
	// Frame is the question's frame, for tests and the plan's trace.
	Frame *Frame
}

// Read reads question q, whose entity mentions ents (in order of position)
// the linker found, against schema s.
func Read(q string, ents []Entity, s *graph.Schema) Result {
	if len(ents) == 0 {
		return Result{}
	}
	v := vocabOf(s)
	f := newFrame(q, wordEntities(q, ents, v), v)
	return build(f, v)
}

// wordEntities returns ents with the mentions that are ordinary words
// naming a relation of the graph taken for those words ("Who leads X?"
// where a team is named "leads"): such a mention, written in lower case,
// is no entity when the question names another. Their indices stay, as
// mentions the frame does not read.
func wordEntities(q string, ents []Entity, v *vocab) []Entity {
	if len(ents) < 2 {
		return ents
	}
	out := slices.Clone(ents)
	// "the safe transmute working group": a mention right after another,
	// nothing between, that names a class ("working group") is the kind
	// word of the first; the first mention takes its words.
	for i := 1; i < len(out); i++ {
		p, e := &out[i-1], &out[i]
		if p.Start < 0 || e.Start < p.End || strings.TrimSpace(q[p.End:e.Start]) != "" || !v.classType(e.Type) {
			continue
		}
		p.End = e.End
		e.Start, e.End = -1, -1
	}
	// "the feature-complete services": a kind word the linker took into
	// a mention, naming no kind of its entity, is the phrase's noun.
	for i := range out {
		e := &out[i]
		if e.Start < 0 {
			continue
		}
		ws := text.Words(q[e.Start:e.End])
		if len(ws) < 2 {
			continue
		}
		last := ws[len(ws)-1]
		w := strings.ToLower(last.Raw)
		if (words.IsKindWord(w) || v.typeWord(w)) && !v.ofKind(e.Type, w) {
			e.End = e.Start + ws[len(ws)-2].End
		}
	}
	kept := 0
	for _, e := range out {
		if e.Start >= 0 {
			kept++
		}
	}
	for i, e := range out {
		if e.Start < 0 {
			continue
		}
		m := q[e.Start:e.End]
		if kept < 2 || strings.ToLower(m) != m || strings.ContainsAny(m, "-_/.:@0123456789") {
			continue
		}
		toks := tokenize(m, nil)
		for len(toks) > 1 && toks[0].class.Has(words.Det) {
			toks = toks[1:]
		}
		if len(toks) != 1 || len(spotRelations(toks, v, false)) == 0 {
			continue
		}
		out[i].Start, out[i].End = -1, -1
		kept--
	}
	return out
}
