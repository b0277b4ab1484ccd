// Package storetest is the conformance suite every scgraph store passes:
// the embedded memstore and the Neo4j store run the same subtests (Run)
// against the same fixture, so that both give identical answers to the
// same requests. It also offers DataPath, which finds the development data
// under shared/data for tests and benchmarks.
package storetest
