// Package storetest is the conformance suite every scgraph store passes:
// the embedded memstore and the Neo4j store run the same subtests (Run)
// against the same fixture, so that both give identical answers to the
// same requests. RunACL checks access control: a store's scoped view
// (memstore.View, cypher.View) must answer exactly as a store holding
// only the facts the caller sees.
package storetest
