// Package acl holds what the stores and the tests share about facts'
// access lists beyond graph's vocabulary: the triples a caller sees, and
// the check that refuses one fact given twice with two lists.
package acl

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/groupname"
)

// Visible returns the triples a caller with groups g sees, in order.
func Visible(ts []graph.Triple, g graph.Groups) []graph.Triple {
	out := make([]graph.Triple, 0, len(ts))
	for _, t := range ts {
		if g.Sees(t.ACL) {
			out = append(out, t)
		}
	}
	return out
}

// CheckConflicts reports the first fact of ts given twice with two
// different access lists, naming both triples and their sources:
// `triple 4 (acl.jsonl:5): api -CALLS-> vault is ["sec"] here but public
// at triple 1 (acl.jsonl:2): …`. The lists are compared checked (sorted,
// without duplicates). It keeps in memory only the facts that carry an
// access list, so a batch of public facts costs one pass and nothing else.
func CheckConflicts(ts []graph.Triple) error {
	type fact struct{ s, r, o string }
	type first struct {
		i   int
		acl string
	}
	restricted := map[fact]first{}
	for _, t := range ts {
		if len(t.ACL) > 0 {
			f := fact{t.Subject, t.Relation, t.Object}
			if _, ok := restricted[f]; !ok {
				restricted[f] = first{i: -1}
			}
		}
	}
	if len(restricted) == 0 {
		return nil
	}
	for i, t := range ts {
		f := fact{t.Subject, t.Relation, t.Object}
		seen, ok := restricted[f]
		if !ok {
			continue
		}
		key := groupname.String(t.ACL)
		if seen.i < 0 {
			restricted[f] = first{i: i, acl: key}
			continue
		}
		if seen.acl != key {
			p := ts[seen.i]
			return fmt.Errorf("triple %d%s: %s -%s-> %s is %s here but %s at triple %d%s: a fact has one access list (make the lines agree, or drop one)",
				i, at(t), t.Subject, t.Relation, t.Object, key, seen.acl, seen.i, at(p))
		}
	}
	return nil
}

// at names a triple's source for a message: " (file:line)", or "".
func at(t graph.Triple) string {
	if t.Source.IsZero() {
		return ""
	}
	return " (" + t.Source.String() + ")"
}
