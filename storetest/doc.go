// Package storetest is the conformance suite every scgraph store passes:
// the embedded memstore and the Neo4j store run the same subtests (Run)
// against the same fixture, so that both give identical answers to the
// same requests.
package storetest
