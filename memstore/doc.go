// Package memstore is scgraph's embedded, in-memory knowledge-graph store
// and the default one. It keeps entity names interned to int32 ids and
// relations to uint16 ids, with compact per-node adjacency lists sorted
// once (lazily, after writes) in the canonical order the store contract
// requires, so that expansions cost about a microsecond a node. It answers
// the same requests (graph.ResolveRequest, ExpandRequest, PathRequest) with
// the same results as the Neo4j store; storetest checks both.
//
// A store is loaded from triple files (any format triplefile.Read reads)
// or from a binary snapshot (WriteSnapshot / ReadSnapshot), which loads
// faster than parsing. Reads are safe for concurrent use with each other;
// writes (AddTriples, SetSchema) take an exclusive lock.
package memstore
