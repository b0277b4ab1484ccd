// Package cypher is scgraph's Neo4j store: the store contract (agent.Store
// for the agent, storetest.Store for the conformance suite) implemented
// over the official Go driver, so that the agent walks a graph held in a
// Neo4j server and gives the same answers and paths as the embedded
// memstore on the same data.
//
// # Data model
//
// Every entity is a node labelled :Entity with the properties name (its
// key, unique), key (text.Key of the name, range-indexed), type
// (the type infer.Infer gives it over all the triples, exactly as memstore
// types it) and trigrams (the distinct character trigrams of key, one
// token each, for the full-text index that proposes fuzzy matches). The
// type is also a second label when it is not one of the store's own
// labels. A triple is a relationship whose type is the relation name,
// with the properties file and line (its provenance), subject_type and
// object_type (the types the triple gave, which typing reads) and acl (its
// access list, a list of group names; absent when the fact is public).
// Store.Scoped returns a View that reads only what a caller's groups may
// see; see View. One node
// (:ScgraphMeta {id: 'schema'}) holds the user schema and the inferred
// schema (with the counts) as JSON.
//
// Documents (SyncDocuments, docs.go) are entities and relationships like
// any other data, with more properties: Document nodes have path, hash and
// version; Chunk nodes (label :Chunk) id, document, text, chunk_index,
// start_line and end_line; every relationship the documents gave carries
// the provenance of its first statement (document, chunk, version,
// extractor, confidence, statements). A relationship with a chunk
// property belongs to the documents, and a sync deletes those no document
// supports any more; the document index is kept in (:ScgraphMeta {id:
// 'documents'}).
//
// Typing is global (a new fact can change the type of an old entity), so
// a write into a non-empty graph ends by reading every triple back and
// rewriting the types that changed; into an empty graph the types are
// computed before writing. The schema is cached by the Store until its
// next write; writes made by another process are seen after reopening.
//
// # Queries
//
// Every query is a named constant (or a template, for the patterns that
// carry relation types) next to the code that runs it. Values are always
// parameters. Relation types and labels reach query text only after
// text.ValidIdentifier and, for relations a request names, the schema
// accept them, and always backtick-quoted. The agent's methods (Schema,
// Resolve, Expand, Paths) run in read transactions, in read-mode sessions
// (routed to readers on a cluster; the server refuses a write in them);
// only AddTriples, SetSchema and Wipe write, in the driver's managed write
// transactions, which retry transient failures with backoff. Resolve,
// Expand and Paths are one query each, sent as an auto-commit read (RUN
// and PULL in one round trip; a managed transaction adds a COMMIT round
// trip) and retried here on the failures the driver calls retryable, as
// the managed transactions are.
//
// Expand answers a whole frontier in one round trip with the fan-out cap
// applied inside the query, Resolve links every mention of a request in
// one round trip (fuzzy candidates from the full-text index, scored with
// text.Similarity here), and Paths returns the shortest paths in
// memstore's canonical order; all results are converted to the graph types
// before they leave the package. Neo4j orders strings by code point, as
// Go does, so the canonical orders agree.
//
// # Connection
//
// Open takes a Config (ConfigFromEnv reads the NEO4J_* variables Neo4j's
// own tools use) and checks that the server answers before returning.
// The URI may be bolt:// (one server) or neo4j:// (a cluster or Aura: the
// driver routes, and the reads, in read-mode sessions, go to readers); the
// database is Config.Database. A Store holds one driver, that is one
// connection pool, for its life: open it once per process and share it.
// Socket connect, connection acquisition and transaction retry are
// bounded, and every call honours its context, so a server that goes away
// mid-question gives an error rather than a hang.
//
// Every network operation runs under a deadline: Open under
// Config.ConnectTimeout, each call under Config.CallTimeout (calls whose
// work grows with the graph under BulkTimeout), or the caller's deadline
// when it is earlier. This matters beyond the bound itself: the driver
// abandons a read from a server that stopped answering only when the
// context has a deadline, so without one even a cancelled context (Ctrl-C)
// would wait for a frozen server forever. A call that runs out of time
// fails with an error wrapping ErrNoAnswer and context.DeadlineExceeded;
// one whose context is cancelled, at once with context.Canceled.
package cypher
