package graph

import "fmt"

// Path request bounds, shared by every store.
const (
	maxPathHops      = 6
	defaultPathLimit = 10
)

// Valid reports whether d is Out, In or Both.
func (d Direction) Valid() bool { return d >= Out && d <= Both }

// Normalize checks an expansion request and fills its defaults: one to
// MaxExpandSteps steps, each with a valid direction, and a Limit that is 0 (made
// DefaultLimit) or positive. Errors wrap ErrBadRequest. Relation names are
// checked by the store, against its schema.
func (r ExpandRequest) Normalize() (ExpandRequest, error) {
	if n := len(r.Steps); n < 1 || n > MaxExpandSteps {
		return r, fmt.Errorf("expand: %w: %d steps (want 1 to %d)", ErrBadRequest, n, MaxExpandSteps)
	}
	switch {
	case r.Limit == 0:
		r.Limit = DefaultLimit
	case r.Limit < 0:
		return r, fmt.Errorf("expand: %w: negative limit %d", ErrBadRequest, r.Limit)
	}
	for i, st := range r.Steps {
		if !st.Direction.Valid() {
			return r, fmt.Errorf("expand: steps[%d]: %w: invalid direction %d (want out, in or both)", i, ErrBadRequest, st.Direction)
		}
	}
	return r, nil
}

// Normalize checks a path request and fills its defaults: MaxHops in
// 1..maxPathHops, a valid direction, a Limit that is 0 (made
// defaultPathLimit) or positive. Errors wrap ErrBadRequest.
func (r PathRequest) Normalize() (PathRequest, error) {
	if r.MaxHops < 1 || r.MaxHops > maxPathHops {
		return r, fmt.Errorf("paths: %w: max hops %d (want 1 to %d)", ErrBadRequest, r.MaxHops, maxPathHops)
	}
	if !r.Direction.Valid() {
		return r, fmt.Errorf("paths: %w: invalid direction %d (want out, in or both)", ErrBadRequest, r.Direction)
	}
	switch {
	case r.Limit == 0:
		r.Limit = defaultPathLimit
	case r.Limit < 0:
		return r, fmt.Errorf("paths: %w: negative limit %d", ErrBadRequest, r.Limit)
	}
	return r, nil
}

// TripleChecker checks triples before a store writes them: a subject and
// an object, a relation and types that are identifiers, a source line that
// is not negative. It remembers the names it has accepted, so a large load
// pays the identifier check once per name. Known, when set, reports names
// the store already holds (they pass without a check).
type TripleChecker struct {
	Known func(name string) bool
	ok    map[string]bool
}

// Check checks the i-th triple of a batch; the error names it and its
// source: `triple 3 (kb.txt:4): relation "has genre" is not an identifier …`.
func (c *TripleChecker) Check(i int, t Triple) error {
	if t.Subject == "" {
		return fmt.Errorf("triple %d%s: empty subject", i, at(t))
	}
	if t.Object == "" {
		return fmt.Errorf("triple %d%s: empty object", i, at(t))
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
	return nil
}

func (c *TripleChecker) ident(i int, t Triple, field, v string) error {
	if c.ok[v] || (c.Known != nil && c.Known(v)) {
		return nil
	}
	if !ValidIdentifier(v) {
		what := "type"
		if field == "relation" {
			what = "relation"
		}
		return fmt.Errorf("triple %d%s: %s %q is not an identifier: %s names must be identifiers (letters, digits, _)", i, at(t), field, v, what)
	}
	if c.ok == nil {
		c.ok = make(map[string]bool)
	}
	c.ok[v] = true
	return nil
}

// at formats a triple's source for errors: " (kb.txt:12)" or "".
func at(t Triple) string {
	if t.Source.IsZero() {
		return ""
	}
	return " (" + t.Source.String() + ")"
}
