package graph

import (
	"fmt"
	"unicode/utf8"

	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/text"
)

// MaxPathHops is the longest path a store finds (PathRequest.MaxHops).
const MaxPathHops = 6

// defaultPathLimit is a path request's Limit when it gives none.
const defaultPathLimit = 10

// Valid reports whether d is Out, In or Both.
func (d Direction) Valid() bool { return d >= Out && d <= Both }

// checkLimit returns a request's limit: def for 0, the limit itself when
// positive; a negative one is an error of the operation op.
func checkLimit(op string, limit, def int) (int, error) {
	if limit < 0 {
		return limit, fmt.Errorf("%s: %w: negative limit %d", op, ErrBadRequest, limit)
	}
	if limit == 0 {
		return def, nil
	}
	return limit, nil
}

// Normalize checks an expansion request and fills its defaults: one to
// MaxExpandSteps steps, each with a valid direction, and a Limit that is 0 (made
// DefaultLimit) or positive. Errors wrap ErrBadRequest. Relation names are
// checked by the store, against its schema.
func (r ExpandRequest) Normalize() (ExpandRequest, error) {
	if n := len(r.Steps); n < 1 || n > MaxExpandSteps {
		return r, fmt.Errorf("expand: %w: %d steps (want 1 to %d)", ErrBadRequest, n, MaxExpandSteps)
	}
	var err error
	if r.Limit, err = checkLimit("expand", r.Limit, DefaultLimit); err != nil {
		return r, err
	}
	for i, st := range r.Steps {
		if !st.Direction.Valid() {
			return r, fmt.Errorf("expand: steps[%d]: %w: invalid direction %d (want out, in or both)", i, ErrBadRequest, st.Direction)
		}
	}
	return r, nil
}

// Normalize checks a path request and fills its defaults: MaxHops in
// 1..MaxPathHops, a valid direction, a Limit that is 0 (made
// defaultPathLimit) or positive. Errors wrap ErrBadRequest.
func (r PathRequest) Normalize() (PathRequest, error) {
	if r.MaxHops < 1 || r.MaxHops > MaxPathHops {
		return r, fmt.Errorf("paths: %w: max hops %d (want 1 to %d)", ErrBadRequest, r.MaxHops, MaxPathHops)
	}
	if !r.Direction.Valid() {
		return r, fmt.Errorf("paths: %w: invalid direction %d (want out, in or both)", ErrBadRequest, r.Direction)
	}
	var err error
	if r.Limit, err = checkLimit("paths", r.Limit, defaultPathLimit); err != nil {
		return r, err
	}
	return r, nil
}

// Limits on what a triple file and a store accept, the same for every
// format (pipe, TSV, CSV, JSONL) and both stores.
const (
	// MaxNameBytes is the longest entity name (subject or object), in bytes
	// of UTF-8. Neo4j's native B-tree index, which backs the uniqueness
	// constraint on entity names, holds keys up to about 8 KB (8,167 bytes
	// in Neo4j 5); half of that leaves room for the key's own overhead, so
	// that every name accepted here can be indexed.
	MaxNameBytes = text.MaxNameBytes
	// MaxLineBytes is the longest line (pipe, TSV, JSONL) or CSV record a
	// reader accepts: room for two names of MaxNameBytes even when JSON
	// escapes every character, and a bound on the memory one bad line can
	// take.
	MaxLineBytes = 64 << 10
)

// TripleChecker checks triples before a store writes them, with the rules
// every reader applies too: a subject and an object that pass the name rule (at most
// MaxNameBytes of valid UTF-8, no control character), a
// relation and types that are identifiers, a source line that is not
// negative. It remembers the identifiers it has accepted, so a large load
// pays that check once per name. Known, when set, reports identifiers the
// store already holds (they pass without a check).
type TripleChecker struct {
	Known func(name string) bool
	ok    map[string]bool
}

// Check checks the i-th triple of a batch; the error names it and its
// source: `triple 3 (kb.txt:4): relation "has genre" is not an identifier …`.
func (c *TripleChecker) Check(i int, t Triple) error {
	if err := text.CheckName("subject", t.Subject); err != nil {
		return fmt.Errorf("triple %d%s: %w", i, at(t), err)
	}
	if err := text.CheckName("object", t.Object); err != nil {
		return fmt.Errorf("triple %d%s: %w", i, at(t), err)
	}
	for _, f := range [3]struct{ field, v string }{{"relation", t.Relation}, {"subject_type", t.SubjectType}, {"object_type", t.ObjectType}} {
		if f.v == "" && f.field != "relation" {
			continue
		}
		if err := c.ident(i, t, f.field, f.v); err != nil {
			return err
		}
	}
	if t.Source.Line < 0 {
		return fmt.Errorf("triple %d%s: negative source line %d", i, at(t), t.Source.Line)
	}
	if !utf8.ValidString(t.Source.File) {
		return fmt.Errorf("triple %d%s: source file name is not valid UTF-8", i, at(t))
	}
	if _, err := groupname.Check(t.ACL); err != nil {
		return fmt.Errorf("triple %d%s: %w", i, at(t), err)
	}
	return nil
}

func (c *TripleChecker) ident(i int, t Triple, field, v string) error {
	if c.ok[v] || (c.Known != nil && c.Known(v)) {
		return nil
	}
	if err := checkIdent(field, v); err != nil {
		return fmt.Errorf("triple %d%s: %w", i, at(t), err)
	}
	if c.ok == nil {
		c.ok = make(map[string]bool)
	}
	c.ok[v] = true
	return nil
}

// checkIdent checks a relation or type name: `relation "has genre" is not
// an identifier: relation names must be identifiers (…)`.
func checkIdent(field, v string) error {
	if text.ValidIdentifier(v) {
		return nil
	}
	what := "type"
	if field == "relation" {
		what = "relation"
	}
	if v == "" {
		return fmt.Errorf("empty %s", field)
	}
	return fmt.Errorf("%s %s is not an identifier: %s names must be identifiers (a letter or _, then letters, digits, _ or -; at most 128)", field, text.QuoteShort(v), what)
}

// at formats a triple's source for errors: " (kb.txt:12)" or "".
func at(t Triple) string {
	if t.Source.IsZero() {
		return ""
	}
	return " (" + t.Source.String() + ")"
}
