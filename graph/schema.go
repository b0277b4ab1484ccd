package graph

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/concept"
	"github.com/scgraph/scgraph/internal/text"
)

// Schema describes a knowledge graph: its node types, its relations with
// their source and target types, the words people use for them, and which
// relations carry dependency. Users write it as JSON (see docs/graphs.md); the
// engine infers one from the data when none is given (Infer) and fills in
// counts either way.
type Schema struct {
	Name        string        `json:"name,omitempty"`
	Description string        `json:"description,omitempty"`
	Types       []TypeDef     `json:"types"`
	Relations   []RelationDef `json:"relations"`
	Entities    []EntityDef   `json:"entities,omitempty"`
	// Inferred is true when the schema was derived from the data alone.
	Inferred bool `json:"inferred,omitempty"`
	// OpenWorld is true when the graph was read from documents: facts
	// read from prose are never all the facts, so that a document states
	// no chain is no proof that there is none, and an answer set is never
	// known to be complete. A graph of triples a user exported is closed
	// (false).
	OpenWorld bool `json:"open_world,omitempty"`
}

// TypedByData reports whether a schema derived from the data has every
// entity typed by the data itself (no type guessed from the roles
// entities play): the types a relation links are then all it ever links,
// and a kind no type names is no kind of the graph.
func (s *Schema) TypedByData() bool {
	return s.Inferred && s.TypesStated()
}

// TypesStated reports whether the schema's types are stated, by a schema
// file or by the data, none inferred from the roles entities play.
func (s *Schema) TypesStated() bool {
	return len(s.Types) > 0 && !slices.ContainsFunc(s.Types, func(t TypeDef) bool { return t.Inferred })
}

// A Link is a relation walked one way: from its subjects (Out) or from
// its objects (In).
type Link struct {
	Relation  string
	Direction Direction
}

// LinksBetween returns the relations that link a thing of one of the
// types from to a thing of type to, each walked from the from end: Out
// where the relation's subjects may be of one of from and its objects of
// to, In the other way round (a relation between two things of one
// kind is listed both ways), in the schema's order.
func (s *Schema) LinksBetween(from []string, to string) []Link {
	var out []Link
	starts := func(ts []string) bool {
		return slices.ContainsFunc(from, func(t string) bool { return t != "" && slices.Contains(ts, t) })
	}
	for _, r := range s.Relations {
		if starts(r.From) && slices.Contains(r.To, to) {
			out = append(out, Link{Relation: r.Name, Direction: Out})
		}
		if starts(r.To) && slices.Contains(r.From, to) {
			out = append(out, Link{Relation: r.Name, Direction: In})
		}
	}
	return out
}

// Starts returns the types a walk of relation r in direction d starts
// from: its subjects' going Out, its objects' going In, both ways both.
func (r *RelationDef) Starts(d Direction) []string {
	switch d {
	case Out:
		return r.From
	case In:
		return r.To
	}
	return append(slices.Clone(r.From), r.To...)
}

// Ends returns the types a walk of relation r in direction d ends at.
func (r *RelationDef) Ends(d Direction) []string { return r.Starts(d.Reverse()) }

// Arrives returns the types a walk of relation r in direction d arrives
// at from a thing of one of the types from: its objects' going Out from
// a subject's type, its subjects' going In from an object's type; Both
// walks it each way the types allow.
func (r *RelationDef) Arrives(from []string, d Direction) []string {
	var out []string
	for _, w := range []Direction{Out, In} {
		if (d == w || d == Both) && slices.ContainsFunc(r.Starts(w), func(t string) bool { return slices.Contains(from, t) }) {
			out = append(out, r.Ends(w)...)
		}
	}
	return out
}

// Leaving returns the way relation r is walked from an entity of one of
// types: Out where only its subjects are of them, In where only its
// objects are; false where both ends or neither are, and the types do not
// say which way.
func (r *RelationDef) Leaving(types []string) (Direction, bool) {
	from := slices.ContainsFunc(r.From, func(t string) bool { return slices.Contains(types, t) })
	to := slices.ContainsFunc(r.To, func(t string) bool { return slices.Contains(types, t) })
	switch {
	case from && !to:
		return Out, true
	case to && !from:
		return In, true
	}
	return 0, false
}

// TypeDef is a node type.
type TypeDef struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Aliases     []string `json:"aliases,omitempty"`
	// Count is the number of entities of this type (filled from the data).
	Count int `json:"count,omitempty"`
	// NameWords are the words most of this type's entities carry in their
	// names ("team" for shipping-team and web-team), filled from the data;
	// a question's "which teams" can name an untyped class by them.
	NameWords []string `json:"name_words,omitempty"`
	// Inferred marks a type that role inference named (OwnsObject: the
	// objects of OWNS), not one the data or a schema gave: its name is
	// scgraph's, so answers for people do not show it.
	Inferred bool `json:"inferred,omitempty"`
}

// Dependency values of a relation: which end depends on the other.
const (
	// DependentSubject: the subject is affected when the object fails
	// (A DEPENDS_ON B: B down breaks A).
	DependentSubject = "subject"
	// DependentObject: the object is affected when the subject fails
	// (M MIGRATES D: the migration affects D).
	DependentObject = "object"
)

// RelationDef is a relationship type.
type RelationDef struct {
	Name        string   `json:"name"`
	From        []string `json:"from,omitempty"`
	To          []string `json:"to,omitempty"`
	Description string   `json:"description,omitempty"`
	// Aliases are phrases that name the relation read from subject to
	// object ("depends on"); InverseAliases read from object to subject
	// ("depended on by").
	Aliases        []string `json:"aliases,omitempty"`
	InverseAliases []string `json:"inverse_aliases,omitempty"`
	// Dependency is DependentSubject, DependentObject or "" (not a
	// dependency).
	Dependency string `json:"dependency,omitempty"`
	// Concept is the kind of relation, as the planner reads questions
	// about it: "dependency", "ownership", "membership", "reporting",
	// "containment", "on_call", or "" (none known: the relation's own name
	// is its only word).
	Concept string `json:"concept,omitempty"`
	// Inverse is set when the relation reads from the concept's second
	// role to its first: its subject is the dependency (HOSTS,
	// REQUIRED_BY), the manager (MANAGES), the whole (CONTAINS).
	Inverse bool `json:"inverse,omitempty"`
	// Optional marks a dependency that does not propagate failure (an
	// optional, extra, dev, peer or suggested requirement): closures
	// leave it out unless the question asks for it.
	Optional bool `json:"optional,omitempty"`
	// Delivers marks a dependency whose subject sends what its object
	// holds (WRITES_TO, PUBLISHES_TO): the subject needs the object, and
	// what reads the object needs what the subject sent, so a failure may
	// pass either way; the critic certifies no dependency answer that the
	// other way would change.
	Delivers bool `json:"delivers,omitempty"`
	// Inferred says where Concept, Dependency, Inverse, Optional and Delivers came
	// from when no schema file declared the relation (see Inference).
	// Empty for declared relations, whose meaning is exactly what the
	// schema file says.
	Inferred Inference `json:"inferred,omitempty"`
	// Mirrors are the relations that store this relation's facts from the
	// other end: the data holds "x R y" and "y M x", for a quarter of the
	// smaller relation's facts at least (filled from the data). They may
	// be one act under two names, whatever the names say: "apex parent_of
	// group" and "group subsidiary_of apex".
	Mirrors []string `json:"mirrors,omitempty"`
	// Count is the number of triples with this relation (filled from the data).
	Count int `json:"count,omitempty"`
	// Reciprocal is the number of its triples whose two entities it also
	// links the other way (filled from the data): all of them where the
	// data stores it both ways, none where it stores each pair once.
	Reciprocal int `json:"reciprocal,omitempty"`
}

// StoredAsLists reports whether the data keeps the relation as lists,
// each subject's own: some of its pairs are stored both ways and most one
// way only (a topic lists its related topics, which list others), so the
// way a fact is stored says something even where the name says the
// relation holds both ways ("related", "similar_to").
func (r *RelationDef) StoredAsLists() bool {
	return r.Reciprocal > 0 && 2*r.Reciprocal < r.Count
}

// Inference says where an undeclared relation's meaning came from.
type Inference string

// The inferences.
const (
	// FromName: read from the relation's name ("depends_on", "OWNS").
	FromName Inference = "name"
	// FromStructure: a guess from the shape of the data, when no
	// relation's name says dependency.
	FromStructure Inference = "structure"
	// Unread: neither says anything ("encrypts", "stores_data_for"):
	// whether failure passes along the relation is unknown.
	Unread Inference = "unread"
)

// EntityDef gives an entity its type and the other names people use for it.
type EntityDef struct {
	Name    string   `json:"name"`
	Type    string   `json:"type,omitempty"`
	Aliases []string `json:"aliases,omitempty"`
	// OtherTypes are the types the data gives the entity besides Type,
	// which it gives most often: one name two things share ("Ferrari",
	// a Constructor and an EngineManufacturer). The graph keeps one node
	// of one type for the name; a fact that gives it another type still
	// says it is of that kind.
	OtherTypes []string `json:"other_types,omitempty"`
}

// OtherTypes returns the types the data gives entity name besides its
// own (EntityDef.OtherTypes), or nil.
func (s *Schema) OtherTypes(name string) []string {
	for _, e := range s.Entities {
		if e.Name == name {
			return e.OtherTypes
		}
	}
	return nil
}

// Relation returns the relation named name, or nil.
func (s *Schema) Relation(name string) *RelationDef {
	for i := range s.Relations {
		if s.Relations[i].Name == name {
			return &s.Relations[i]
		}
	}
	return nil
}

// Type returns the type named name, or nil.
func (s *Schema) Type(name string) *TypeDef {
	for i := range s.Types {
		if s.Types[i].Name == name {
			return &s.Types[i]
		}
	}
	return nil
}

// RelationNames returns the relation names in schema order.
func (s *Schema) RelationNames() []string {
	out := make([]string, len(s.Relations))
	for i, r := range s.Relations {
		out[i] = r.Name
	}
	return out
}

// DependencyRelations returns the names of the relations that carry
// dependency.
func (s *Schema) DependencyRelations() []string {
	var out []string
	for _, r := range s.Relations {
		if r.Dependency != "" {
			out = append(out, r.Name)
		}
	}
	return out
}

// Validate checks the schema: names are identifiers and unique, relation
// endpoints name declared types, dependency values are known. The error
// names the offending field, e.g. `relations[2].to[0]: unknown type "Db"`.
func (s *Schema) Validate() error {
	var errs []error
	types := make(map[string]bool)
	for i, t := range s.Types {
		switch {
		case !text.ValidIdentifier(t.Name):
			errs = append(errs, fmt.Errorf("types[%d].name: %q is not an identifier (a letter or _, then letters, digits, _ or -)", i, t.Name))
		case types[t.Name]:
			errs = append(errs, fmt.Errorf("types[%d].name: duplicate type %q", i, t.Name))
		}
		types[t.Name] = true
	}
	rels := make(map[string]bool)
	for i, r := range s.Relations {
		switch {
		case !text.ValidIdentifier(r.Name):
			errs = append(errs, fmt.Errorf("relations[%d].name: %q is not an identifier (a letter or _, then letters, digits, _ or -)", i, r.Name))
		case rels[r.Name]:
			errs = append(errs, fmt.Errorf("relations[%d].name: duplicate relation %q", i, r.Name))
		}
		rels[r.Name] = true
		for j, t := range r.From {
			if !types[t] {
				errs = append(errs, fmt.Errorf("relations[%d].from[%d]: unknown type %q", i, j, t))
			}
		}
		for j, t := range r.To {
			if !types[t] {
				errs = append(errs, fmt.Errorf("relations[%d].to[%d]: unknown type %q", i, j, t))
			}
		}
		if r.Dependency != "" && r.Dependency != DependentSubject && r.Dependency != DependentObject {
			errs = append(errs, fmt.Errorf("relations[%d].dependency: %q (want %q, %q or empty)", i, r.Dependency, DependentSubject, DependentObject))
		}
		if c, ok := concept.Parse(r.Concept); !ok {
			errs = append(errs, fmt.Errorf("relations[%d].concept: %q (want one of %s, or empty)", i, r.Concept, strings.Join(concept.Names(), ", ")))
		} else if r.Dependency != "" && r.Concept != "" && c != concept.Dependency {
			errs = append(errs, fmt.Errorf("relations[%d]: dependency %q on a relation of concept %q (a dependency is concept %q)", i, r.Dependency, r.Concept, concept.Dependency))
		}
	}
	for i, e := range s.Entities {
		if strings.TrimSpace(e.Name) == "" {
			errs = append(errs, fmt.Errorf("entities[%d].name: empty", i))
		} else if err := text.CheckName("entity name", e.Name); err != nil {
			errs = append(errs, fmt.Errorf("entities[%d].name: %w", i, err))
		}
		if e.Type != "" && !types[e.Type] {
			errs = append(errs, fmt.Errorf("entities[%d].type: unknown type %q", i, e.Type))
		}
	}
	return errors.Join(errs...)
}

// ReadSchemaFile reads and validates a schema JSON file. Errors name the
// file and, for syntax errors, the line.
func ReadSchemaFile(path string) (*Schema, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := ParseSchema(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// ParseSchema decodes and validates a schema. Unknown fields are errors,
// so that a misspelt key does not pass silently.
func ParseSchema(data []byte) (*Schema, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var s Schema
	if err := dec.Decode(&s); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := 1 + strings.Count(string(data[:se.Offset]), "\n")
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			line := 1 + strings.Count(string(data[:te.Offset]), "\n")
			return nil, fmt.Errorf("line %d: field %s: %w", line, te.Field, err)
		}
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Clone returns a deep copy.
func (s *Schema) Clone() *Schema {
	if s == nil {
		return nil
	}
	c := *s
	c.Types = slices.Clone(s.Types)
	for i := range c.Types {
		c.Types[i].Aliases = slices.Clone(c.Types[i].Aliases)
		c.Types[i].NameWords = slices.Clone(c.Types[i].NameWords)
	}
	c.Relations = slices.Clone(s.Relations)
	for i := range c.Relations {
		r := &c.Relations[i]
		r.From, r.To = slices.Clone(r.From), slices.Clone(r.To)
		r.Aliases, r.InverseAliases = slices.Clone(r.Aliases), slices.Clone(r.InverseAliases)
		r.Mirrors = slices.Clone(r.Mirrors)
	}
	c.Entities = slices.Clone(s.Entities)
	for i := range c.Entities {
		c.Entities[i].Aliases = slices.Clone(c.Entities[i].Aliases)
	}
	return &c
}
