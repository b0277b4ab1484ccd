// Package infer types a graph's entities and infers its schema from its
// triples: the types named by the roles entities play, each relation's
// ends, counts and meaning (read from its name and its shape). Every store
// calls it, so that the same data is typed the same way in each; memstore's
// bounded-memory Builder counts the data itself and uses SchemaStats,
// RoleTyper and AssembleSchema to reach the schema Infer would.
package infer
