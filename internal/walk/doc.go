// Package walk is the agent's deterministic retriever and refiner: they
// walk the plan's relation chain from the anchors (the retriever) and from
// the dead ends the critic names (the refiner), level by level, one store
// request per level and kind of move, keeping at most Fanout neighbours
// per position (the best by the hybrid score of REFERENCE R1 when a cut
// is needed) and recording every cut. Walk positions are (entity, chain
// state), so a cycle ends without losing an answer reached another way.
//
// A closure (a chain with a repeated step) over a store that gives its
// graph by entity id (idgraph.Graph: the embedded store) is walked in
// bulk: one pass over the store's adjacency arrays with flat arrays of
// positions and of the ways they were reached (the segment a state.Bulk carries), making
// the same moves in the same order, with the same cuts, as the walk one
// request a level, but with no string, map entry or Via list per
// position, so that a closure of a million entities costs about a second.
// Evidence paths are rebuilt from the segment only for the answers shown.
package walk
