package readcheck

import (
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// rel is a relation of the test graph: name, kind, the types it links.
func rel(name string, c words.Concept, spelled string, from, to string) Relation {
	return Relation{Def: &graph.RelationDef{Name: name, From: []string{from}, To: []string{to}, Inferred: graph.FromName}, Concept: c, Spelled: spelled}
}

func TestChecks(t *testing.T) {
	sub := rel("subsidiary_of", words.Ownership, "subsidiary of", "Company", "Company")
	sub.Def.Mirrors = []string{"parent_of", "owns"}
	parent := rel("parent_of", words.Containment, "parent of", "Company", "Company")
	owns := rel("owns", words.Ownership, "owns", "Company", "Company")
	dockedWith := rel("docked_with", words.None, "docked with", "Ship", "Station")
	dockedTo := rel("DOCKED_TO", words.None, "docked to", "Ship", "Station")
	hosts := rel("hosts", words.None, "hosts", "Station", "Ship")
	feeds := rel("feeds", words.Dependency, "feeds", "Pipe", "Tank")
	feeds.Def.Delivers = true
	assumes := rel("assumes", words.None, "assumes", "Group", "Role")
	assumed := rel("isAssumedBy", words.None, "is assumed by", "Role", "Group")
	assumes.Def.Mirrors, assumes.Act, assumed.Act = []string{"isAssumedBy"}, "assumes", "assumes"
	rs := New([]Relation{sub, parent, owns, dockedWith, dockedTo, hosts, feeds, assumes, assumed})
	out := func(name string, d graph.Direction) []state.RelDir {
		return []state.RelDir{{Relation: name, Direction: d}}
	}

	tests := []struct {
		name string
		got  []state.RelDir
		want []state.RelDir
	}{
		// A mirror read as another kind is doubted; one of the same kind
		// is the same act.
		{"mirror of another kind", rs.Mirrored(out("subsidiary_of", graph.Out)), out("parent_of", graph.In)},
		// Two relations stored from both ends as one act are no doubt.
		{"mirror that is the same act", rs.Mirrored(out("assumes", graph.Out)), nil},
		// The same verb with another particle, and the other way round
		// between the same kinds.
		{"alike", rs.Alike(out("docked_with", graph.Out)), []state.RelDir{{Relation: "DOCKED_TO", Direction: graph.Out}, {Relation: "hosts", Direction: graph.In}}},
		// What the reading checks otherwise is left out.
		{"alike checked otherwise", rs.Alike(out("docked_with", graph.Out), out("hosts", graph.In)), out("DOCKED_TO", graph.Out)},
		// Two relations of known kinds are not alike.
		{"alike of known kinds", rs.Alike(out("owns", graph.Out)), nil},
		{"delivered", rs.Delivered(out("feeds", graph.In)), out("feeds", graph.Out)},
		{"delivered both ways", rs.Delivered(out("feeds", graph.Both)), nil},
		{"unknown relation", rs.Mirrored(out("nope", graph.Out)), nil},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}
