// Package concept names the kinds of relation scgraph knows the meaning of
// (dependency, ownership, membership, reporting, containment, on call) and
// the two ends of each: the vocabulary a schema's relations are declared in.
// The English words for them are internal/words'.
package concept

// Concept is a kind of relation: what a schema's relation concept names.
type Concept uint8

// The concepts.
const (
	None        Concept = iota // a relation of no known kind: its own name is its only word
	Dependency                 // First depends on Second: Second failing breaks First
	Ownership                  // First owns (maintains, is responsible for) Second
	Membership                 // First is a member of the group Second
	Reporting                  // First reports to Second (Second manages First)
	Containment                // First is part of Second
	OnCall                     // First is on call for Second
	lastConcept
)

// Count is the number of concepts, None included: Concept(Count-1) is the last.
const Count = int(lastConcept)

var conceptNames = [...]string{None: "", Dependency: "dependency", Ownership: "ownership", Membership: "membership", Reporting: "reporting", Containment: "containment", OnCall: "on_call"}

func (c Concept) String() string {
	if int(c) < len(conceptNames) {
		return conceptNames[c]
	}
	return "unknown"
}

// Parse reads a concept name as String writes it ("" is None).
func Parse(s string) (Concept, bool) {
	for i, n := range conceptNames {
		if n == s {
			return Concept(i), true
		}
	}
	return None, false
}

// Names returns the names of the known concepts, None excluded.
func Names() []string { return append([]string(nil), conceptNames[1:]...) }

// Role is an end of a concept's canonical orientation.
type Role uint8

// The roles.
const (
	First  Role = iota + 1 // the dependent, owner, member, report, part, responder
	Second                 // the dependency, owned thing, group, manager, whole, service
)

// Other returns the other role.
func (r Role) Other() Role {
	if r == First {
		return Second
	}
	return First
}

func (r Role) String() string {
	switch r {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return "none"
}

// roleNames are what each end of a concept is called in a description
// (the schema listing), first then second.
var roleNames = [...][2]string{
	Dependency:  {"dependent", "dependency"},
	Ownership:   {"owner", "owned"},
	Membership:  {"member", "group"},
	Reporting:   {"report", "manager"},
	Containment: {"part", "whole"},
	OnCall:      {"responder", "service covered"},
}

// RoleName is what the role's end of the concept is called ("dependent",
// "manager"), "" for None.
func (c Concept) RoleName(r Role) string {
	if int(c) >= len(roleNames) || (r != First && r != Second) {
		return ""
	}
	return roleNames[c][r-1]
}
