// Package graph holds the vocabulary every part of scgraph shares: triples,
// entities, edges and paths, the schema that describes a knowledge graph
// (given as JSON or inferred from the data), and the request types of the
// store contract.
//
// An entity is identified by its name: the same string in every store, so
// that the embedded store and Neo4j return identical answers and paths.
// Relation and type names are identifiers (a letter or _, then letters,
// digits, _ or -), so that they can be checked before they ever reach
// query text.
package graph
