package words

import (
	"fmt"
	"github.com/scgraph/scgraph/internal/concept"
	"github.com/scgraph/scgraph/internal/text"
	"slices"
	"strings"
)

// Concept is a kind of relation whose English the data knows (the kinds
// themselves are internal/concept's, which the schema names too).
type Concept = concept.Concept

// The concepts.
const (
	None        = concept.None
	Dependency  = concept.Dependency
	Ownership   = concept.Ownership
	Membership  = concept.Membership
	Reporting   = concept.Reporting
	Containment = concept.Containment
	OnCall      = concept.OnCall
)

// conceptFileNames are the names concepts.txt uses.
var conceptFileNames = map[string]Concept{"dependency": Dependency, "ownership": Ownership, "membership": Membership,
	"reporting": Reporting, "containment": Containment, "on-call": OnCall}

// ParseConcept reads a concept name as String writes it ("" is None).
func ParseConcept(s string) (Concept, bool) { return concept.Parse(s) }

// ConceptNames returns the names of the known concepts, None excluded.
func ConceptNames() []string { return concept.Names() }

// Role is an end of a concept's canonical orientation.
type Role = concept.Role

// The roles.
const (
	First  = concept.First
	Second = concept.Second
)

// ShapeKind names what a relation read from the shape of the data
// (graph.FromStructure) is read as: a hierarchy (Containment) or a
// dependency.
func ShapeKind(c Concept) string {
	if c == Containment {
		return "a hierarchy"
	}
	return "a dependency"
}

// Describe says in words how a relation of concept c reads, subject to
// object: which end is which ("ownership: the subject is the owner, the
// object the owned"), inverse when the subject plays the second role, and
// whether failure propagates (optional). "" for None.
func Describe(c Concept, inverse, optional, delivers bool) string {
	if c == None || c.RoleName(First) == "" {
		return ""
	}
	subj, obj := First, Second
	if inverse {
		subj, obj = obj, subj
	}
	out := fmt.Sprintf("%s: the subject is the %s, the object the %s", c, c.RoleName(subj), c.RoleName(obj))
	if optional {
		out += "; optional (a failure does not propagate along it)"
	}
	if delivers {
		out += "; the subject sends into the object what others read from it, so a failure may pass either way (answers that depend on which are not certified)"
	}
	return out
}

// Part is the part a phrase plays in a concept.
type Part uint8

// The parts.
const (
	Verb           Part = iota + 1 // its subject plays First: "X depends on Y"
	InverseVerb                    // its subject plays Second: "Y hosts X"
	GapVerb                        // a verb whose object may stand before its preposition, subject First: "gets its power from"
	GapInverse                     // the same, subject Second: "supplies parts to"
	NounFirst                      // names the First role: "the dependents of X"
	NounSecond                     // names the Second role: "alice's manager"
	PositionFirst                  // the answers to "<word> X" play First: "downstream of X"
	PositionSecond                 // the answers play Second: "upstream of X"
	Context                        // a structure made of the concept's relations: "the team hierarchy", "the DAG"
	NameOnly                       // read in relation names only, its subject First: "is_a" (a question's "is a" is a copula)
)

var partNames = map[string]Part{"verb": Verb, "inverse": InverseVerb, "gap": GapVerb, "gap-inverse": GapInverse,
	"noun-first": NounFirst, "noun-second": NounSecond, "position-first": PositionFirst, "position-second": PositionSecond,
	"context": Context, "name": NameOnly}

// Sense is one meaning of a concept phrase.
type Sense struct {
	Concept Concept
	Part    Part
	// Generic: the phrase names the concept as a whole ("depend on"),
	// not one kind of it ("call").
	Generic bool
	// Names: a position word that also names relations ("upstream_of").
	Names bool
	// Closure: read as the whole closure unless the question says how far.
	Closure bool
	// Direct: one hop unless the question says how far, though the
	// concept's own words ask for the closure ("the prerequisites of X"
	// are the courses X names, not theirs).
	Direct bool
	// Twice: the noun names two steps of the relation ("grandparent": a
	// parent's parent).
	Twice bool
	// Canonical: the concept's own name ("depend on"): a relation so
	// named is what the graph calls the concept.
	Canonical bool
	// Fallback: read only where the graph has no relation of the
	// phrase's other senses ("parent": containment, else dependency, the
	// upstream of a DAG), and never in relation names.
	Fallback bool
	// Delivers: the subject sends into the object what others read from it.
	Delivers bool
	// Former: the relation held in the past ("alumnus", "former member").
	Former bool
	// FlipsInFlow: a position word that says the other role in a
	// structure that flows downward ("below X in the lineage" is what
	// comes after X, where "below X in the stack" is what X runs on).
	FlipsInFlow bool
	// Flow: a structure that flows from its sources downward (a lineage,
	// a DAG, a pipeline).
	Flow bool
	// NounHeaded: the phrase begins with a noun: it says the relation
	// only after "a", "an" or a quantifier ("X is a kind of Y"), not in
	// "What kind of region is X?" or "the type of X".
	NounHeaded bool
	// Acts name the groups of phrases that say one act ("call" and
	// "invoke"): a question naming one means the others.
	Acts []string
}

// Role is the role the sense's phrase names: the subject's for a verb,
// the named end for a noun, the answers' for a position.
func (s Sense) Role() Role {
	switch s.Part {
	case InverseVerb, GapInverse, NounSecond, PositionSecond:
		return Second
	}
	return First
}

// ConceptPhrase is one line of concepts.txt: a phrase and its senses.
type ConceptPhrase struct {
	Text   string
	Words  []string
	Senses []Sense
	// Reading: a phrase of readings.txt the question reader reads with
	// its group's senses; relation names are not read with it (a graph
	// may name another relation so: "delegated_to" a name server,
	// "interacts_with" a drug).
	Reading bool
}

// Firm returns the phrase's senses but the fallback ones
// (Sense.Fallback), for a reader that does not weigh them against the
// graph's relations.
func (cp ConceptPhrase) Firm() []Sense {
	return slices.DeleteFunc(slices.Clone(cp.Senses), func(s Sense) bool { return s.Fallback })
}

// ReadsDirect reports whether phrase, as a word of concept c, asks for
// one hop unless the question says how far (Sense.Direct).
func ReadsDirect(c Concept, phrase string) bool {
	direct := func(s Sense) bool { return s.Concept == c && s.Direct }
	return hasSense(phrase, direct) || hasSense(text.Singular(phrase), direct)
}

// Canonical reports whether phrase is concept c's own name ("depend on"
// for dependency): a relation so named is what the graph calls c.
func Canonical(c Concept, phrase string) bool {
	return hasSense(phrase, func(s Sense) bool { return s.Concept == c && s.Canonical })
}

// hasSense reports whether the concept phrase written phrase has a sense
// that meets f.
func hasSense(phrase string, f func(Sense) bool) bool {
	return slices.ContainsFunc(ConceptPhrases(), func(cp ConceptPhrase) bool {
		return cp.Text == phrase && slices.ContainsFunc(cp.Senses, f)
	})
}

// ConceptPhrases returns the concept phrases, in file order.
func ConceptPhrases() []ConceptPhrase { return k().concepts }

var flagNames = map[string]func(*Sense){
	"generic":       func(s *Sense) { s.Generic = true },
	"names":         func(s *Sense) { s.Names = true },
	"closure":       func(s *Sense) { s.Closure = true },
	"direct":        func(s *Sense) { s.Direct = true },
	"fallback":      func(s *Sense) { s.Fallback = true },
	"canonical":     func(s *Sense) { s.Canonical = true },
	"twice":         func(s *Sense) { s.Twice = true },
	"delivers":      func(s *Sense) { s.Delivers = true },
	"former":        func(s *Sense) { s.Former = true },
	"flips-in-flow": func(s *Sense) { s.FlipsInFlow = true },
	"flow":          func(s *Sense) { s.Flow = true },
	"noun-headed":   func(s *Sense) { s.NounHeaded = true },
}

func parseConcepts() ([]ConceptPhrase, error) {
	es, err := readFile("concepts.txt")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []ConceptPhrase
	for _, e := range es {
		if seen[e.key] {
			return nil, fmt.Errorf("concepts.txt:%d: %q is listed twice: give all its senses on one line", e.line, e.key)
		}
		seen[e.key] = true
		cp := ConceptPhrase{Text: e.key, Words: strings.Fields(e.key)}
		for _, raw := range strings.Split(e.value, ";") {
			s, err := parseSense(strings.Fields(raw))
			if err != nil {
				return nil, fmt.Errorf("concepts.txt:%d: %q: %w", e.line, e.key, err)
			}
			if slices.ContainsFunc(cp.Senses, func(o Sense) bool { return o.Concept == s.Concept && o.Part == s.Part }) {
				return nil, fmt.Errorf("concepts.txt:%d: %q: %s %s given twice", e.line, e.key, s.Concept, raw)
			}
			cp.Senses = append(cp.Senses, s)
		}
		out = append(out, cp)
	}
	return out, nil
}

func parseSense(fs []string) (Sense, error) {
	if len(fs) < 2 {
		return Sense{}, fmt.Errorf("want \"concept part [flag ...]\", got %q", strings.Join(fs, " "))
	}
	c, ok := conceptFileNames[fs[0]]
	if !ok {
		return Sense{}, fmt.Errorf("unknown concept %q", fs[0])
	}
	p, ok := partNames[fs[1]]
	if !ok {
		return Sense{}, fmt.Errorf("unknown part %q", fs[1])
	}
	s := Sense{Concept: c, Part: p}
	for _, f := range fs[2:] {
		if act, ok := strings.CutPrefix(f, "act="); ok && act != "" {
			s.Acts = append(s.Acts, act)
			continue
		}
		set, ok := flagNames[f]
		if !ok {
			return Sense{}, fmt.Errorf("unknown flag %q", f)
		}
		set(&s)
	}
	if s.Names && p != PositionFirst && p != PositionSecond {
		return Sense{}, fmt.Errorf("flag names is for positions, not %s", fs[1])
	}
	return s, nil
}

// ContextConcepts returns the concepts a structure noun is made of
// ("hierarchy": containment and reporting), or nil, and whether it flows
// downward (a lineage, a DAG).
func ContextConcepts(w string) (out []Concept, flow bool) {
	for _, cp := range ConceptPhrases() {
		if len(cp.Words) != 1 || !SameWord(cp.Words[0], w) {
			continue
		}
		for _, s := range cp.Senses {
			if s.Part == Context {
				out = append(out, s.Concept)
				flow = flow || s.Flow
			}
		}
	}
	return out, flow
}
