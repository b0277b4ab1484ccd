package graph

import (
	"fmt"
	"strings"
)

// Triple is one fact: Subject -Relation-> Object. The optional types come
// from formats that carry them (JSONL, CSV); Source says where it was read.
// ACL, when not empty, lists the groups that may see the fact (see
// Groups); a fact without one is public.
type Triple struct {
	Subject     string   `json:"subject"`
	Relation    string   `json:"relation"`
	Object      string   `json:"object"`
	SubjectType string   `json:"subject_type,omitempty"`
	ObjectType  string   `json:"object_type,omitempty"`
	ACL         []string `json:"acl,omitempty"`
	Source      Source   `json:"source,omitzero"`
}

// Source is the provenance of a triple: the file (base name) and line it
// was read from. The zero Source means unknown.
type Source struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}

// IsZero reports whether the source is unknown.
func (s Source) IsZero() bool { return s.File == "" && s.Line == 0 }

func (s Source) String() string {
	if s.IsZero() {
		return ""
	}
	if s.Line == 0 {
		return s.File
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// Entity is a node of the knowledge graph. Name is its key.
type Entity struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// Direction says which way a relation is walked: Out follows it from
// subject to object, In from object to subject, Both either way.
type Direction uint8

// The directions.
const (
	Out Direction = iota + 1
	In
	Both
)

func (d Direction) String() string {
	switch d {
	case Out:
		return "out"
	case In:
		return "in"
	case Both:
		return "both"
	}
	return "unknown"
}

// Reverse turns Out into In and In into Out; Both stays Both.
func (d Direction) Reverse() Direction {
	switch d {
	case Out:
		return In
	case In:
		return Out
	}
	return d
}

// MarshalText writes the direction as "out", "in" or "both".
func (d Direction) MarshalText() ([]byte, error) {
	if d < Out || d > Both {
		return nil, fmt.Errorf("graph: invalid direction %d", d)
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads "out", "in" or "both".
func (d *Direction) UnmarshalText(b []byte) error {
	v, err := ParseDirection(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// ParseDirection reads "out", "in" or "both" (case-insensitive).
func ParseDirection(s string) (Direction, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "out", "forward":
		return Out, nil
	case "in", "backward", "reverse":
		return In, nil
	case "both", "any":
		return Both, nil
	}
	return 0, fmt.Errorf("graph: unknown direction %q (want out, in or both)", s)
}

// Hop is one step of a walk: from From along Relation to To. Direction Out
// means From is the triple's subject; In means From is its object.
type Hop struct {
	From      string    `json:"from"`
	Relation  string    `json:"relation"`
	To        string    `json:"to"`
	Direction Direction `json:"direction"`
	Source    Source    `json:"source,omitzero"`
}

// Triple returns the hop as the stored fact, in storage direction.
func (h Hop) Triple() Triple {
	if h.Direction == In {
		return Triple{Subject: h.To, Relation: h.Relation, Object: h.From, Source: h.Source}
	}
	return Triple{Subject: h.From, Relation: h.Relation, Object: h.To, Source: h.Source}
}

func (h Hop) String() string {
	if h.Direction == In {
		return fmt.Sprintf("%s <-%s- %s", h.From, h.Relation, h.To)
	}
	return fmt.Sprintf("%s -%s-> %s", h.From, h.Relation, h.To)
}

// Path is a walk of hops, each starting where the previous one ended.
type Path struct {
	Hops []Hop `json:"hops"`
}

// Start is the first node of the path ("" for an empty path).
func (p Path) Start() string {
	if len(p.Hops) == 0 {
		return ""
	}
	return p.Hops[0].From
}

// End is the last node of the path ("" for an empty path).
func (p Path) End() string {
	if len(p.Hops) == 0 {
		return ""
	}
	return p.Hops[len(p.Hops)-1].To
}

// Len is the number of hops.
func (p Path) Len() int { return len(p.Hops) }

func (p Path) String() string {
	if len(p.Hops) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(p.Hops[0].From)
	for _, h := range p.Hops {
		if h.Direction == In {
			fmt.Fprintf(&b, " <-%s- %s", h.Relation, h.To)
		} else {
			fmt.Fprintf(&b, " -%s-> %s", h.Relation, h.To)
		}
	}
	return b.String()
}
