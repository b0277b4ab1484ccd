// Package memstore is scgraph's embedded, in-memory knowledge-graph store
// and the default one. It answers the same requests (graph.ResolveRequest,
// ExpandRequest, PathRequest) with the same results as the Neo4j store;
// storetest checks both.
//
// # Representation
//
// Queries read a frozen read side made of flat arrays, with no object per
// entity or per triple: entity ids are the ranks of the names in byte
// order (so canonical orders are id orders), the names sit in one string
// arena, the triples are sorted by (subject, relation, object) into
// compressed-sparse-row adjacency with int32 ids (the incoming edges in a
// second CSR pointing back at the triples), and each node's edges are
// sorted by relation, so that a relation's edges are found by binary
// search and a hub costs no more than any node. Entity linking has its
// indexes there too: an open-addressing hash table over the names, one
// over the normalized keys (text.Key), and trigram postings
// (delta-coded) for fuzzy matching; and so has the typing (the inferred
// schema and each entity's type). On a generated service graph this costs
// about 35–40 bytes a triple (go test -bench Footprint -v).
//
// Adjacency hands the read side to a walk by entity id (idgraph.Graph):
// the walk's closures run over these arrays directly, in one pass, and
// score names against a question through the trigram postings (every
// entity at once) rather than one name at a time.
//
// Writes (AddTriples) go to a draft with maps that intern names and
// deduplicate facts; the first read after a write freezes the draft into
// a new read side (about linear time, plus sorting the names). Open
// freezes at once, so that no question pays for it.
//
// # Snapshots
//
// WriteSnapshot writes the read side array by array, indexes and typing
// included (format version 2, see snapshot.go); loading one reads the
// arrays back in one streamed pass and checks every id and offset, so a
// 5-million-triple graph answers its first question well under a second
// after the process starts. Version 1 snapshots are still read (and
// frozen on loading). WriteSnapshotFile writes through a temporary file
// and a rename. Open recognises snapshots by their header; a *.snap file
// without one, and binary data, are "not a scgraph snapshot".
//
// # Access control
//
// Facts keep their access lists (graph.Triple.ACL); Store.Scoped returns a
// View, the store as a caller with some groups sees it, for the agent.
//
// Reads are safe for concurrent use with each other; writes (AddTriples,
// SetSchema) take an exclusive lock.
package memstore
