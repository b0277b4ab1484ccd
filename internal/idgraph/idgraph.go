// Package idgraph declares what a walk in bulk reads a store's graph
// through: entity and relation ids and flat edge lists in place of a store
// request per level. The embedded store offers one; internal/walk uses it
// when it can.
package idgraph

import "github.com/scgraph/scgraph/graph"

// Graph reads a store's graph by entity id, for a walk that visits a
// large part of it in one pass (the walk's closures) with flat arrays
// where a request per level would build a string and a map entry per
// position. An embedded store offers one (memstore.Store.Adjacency, and
// a View's, which holds only what its caller sees); a store across a
// network does not.
//
// Entity ids are 0..Entities()-1 in the order of the names (sorting ids
// sorts names); relation ids are in the order of the relation names. Both
// are valid only for the Graph that gave them. A Graph is an
// immutable snapshot of the store's graph, safe for concurrent use.
type Graph interface {
	// Entities is the number of entity ids.
	Entities() int
	// Lookup returns the id of the entity named name.
	Lookup(name string) (int32, bool)
	// Name and Type return an entity's name and type (as Expand reports it).
	Name(id int32) string
	Type(id int32) string
	// Relations returns the ids of the named relations, ascending, as an
	// expansion step reads them: a name of the user schema that no fact
	// uses is left out; any other unknown name is an error wrapping
	// graph.ErrUnknownRelation.
	Relations(names []string) ([]uint16, error)
	// Edges calls fn with the edges of entity id along the relations rels
	// (ascending ids) walked in direction dir (Out, In or Both), in the
	// canonical order of an expansion (relation, Out before In, neighbour
	// name), until fn returns false; it reports whether it went through
	// them all. An edge is its neighbour, a handle of the fact for graph.Hop and
	// the direction it is walked in.
	Edges(id int32, rels []uint16, dir graph.Direction, fn func(nb int32, fact uint32, d graph.Direction) bool) bool
	// Count is the number of edges Edges would give.
	Count(id int32, rels []uint16, dir graph.Direction) int
	// Hop is the hop from entity from to entity to along fact, walked in
	// direction d.
	Hop(from, to int32, fact uint32, d graph.Direction) graph.Hop
	// Similarity returns, for the entities, the trigram similarity of
	// their normalized names to key (text.Similarity(text.Key(name), key),
	// to the bit), computed for all of them at once.
	Similarity(key string) func(id int32) float64
}
