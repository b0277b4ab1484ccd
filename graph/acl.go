package graph

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/groupname"
)

// Access control. A fact (Triple.ACL) may carry an access list: the names
// of the groups allowed to see it. A fact without one is public. A caller
// has groups too (Groups); it sees a fact when the fact is public or the
// two share a group, and an entity exists for it only through a fact it
// sees. Stores enforce this in their queries (memstore.Store.Scoped,
// cypher.Store.Scoped).

// Groups is the set of groups a caller belongs to, sorted and without
// duplicates; make one with NewGroups or ParseGroups. The zero Groups
// (no group) sees the public facts only.
type Groups struct {
	names []string
}

// NewGroups checks the names and makes a caller's groups.
func NewGroups(names ...string) (Groups, error) {
	for i, g := range names {
		if !groupname.Valid(g) {
			return Groups{}, fmt.Errorf("group %d %q is not a group name (1 to %d of letters, digits, _, and after the first -, ., :, @)", i+1, g, groupname.MaxBytes)
		}
	}
	out := slices.Clone(names)
	slices.Sort(out)
	return Groups{names: slices.Compact(out)}, nil
}

// ParseGroups reads a comma-separated list of group names ("ops,eng";
// spaces around names are ignored; "" is no group).
func ParseGroups(s string) (Groups, error) {
	var names []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			names = append(names, p)
		} else if strings.TrimSpace(s) != "" {
			return Groups{}, fmt.Errorf("groups %q: an empty name between commas", s)
		}
	}
	return NewGroups(names...)
}

// Names returns the group names, sorted (a copy).
func (g Groups) Names() []string { return slices.Clone(g.names) }

// String is the names joined by commas, as ParseGroups reads them.
func (g Groups) String() string { return strings.Join(g.names, ",") }

// Sees reports whether a caller with these groups sees a fact with the
// access list acl: acl is empty (public) or shares a group with g.
func (g Groups) Sees(acl []string) bool {
	if len(acl) == 0 {
		return true
	}
	for _, a := range acl {
		if _, ok := slices.BinarySearch(g.names, a); ok {
			return true
		}
	}
	return false
}

// An access list is part of a fact's identity on ingest: the same
// subject, relation and object given twice in one batch with two access
// lists is an error (internal/acl.CheckConflicts), never a silent choice of one; a
// fact stored already takes the access list a later batch gives it, so a
// re-ingest converges to its files' lists (WriteStats.ACLChanged).

// WriteStats is what adding a batch of facts to a store did.
type WriteStats struct {
	// Added counts the facts that were new.
	Added int
	// ACLChanged counts the facts stored before the batch whose access
	// list the batch changed.
	ACLChanged int
}
