// Package resolve finds entities of a graph that name the same thing
// ("Auth-Service" and "Authentication-API", "payment-svc" and "Payment
// Service"), proposes merging them with the evidence for each proposal,
// and applies, records and undoes the merges a person accepts.
//
// # Candidates
//
// Find compares the entities of a graph (Document and Chunk nodes aside)
// of compatible types — the same type, or one of them untyped — by four
// signals, each recorded as Evidence with its score:
//
//   - normalized: the same text.Key ("payment-svc", "Payment Service");
//   - alias: one's name is an alias of the other in an alias table (the
//     schema's entity aliases and a file of aliases the user writes,
//     ReadAliasFile);
//   - abbreviation: the same name once abbreviations are expanded and a
//     trailing service head is dropped (auth → authentication; service,
//     api, svc, server and app are one head), the table in abbrev.go;
//   - embedding: the cosine of the two names' embeddings (any langchaingo
//     embeddings.Embedder; embed.NewHashed by default) at or above a
//     threshold.
//
// The abbreviation and embedding signals are guarded: two names whose
// numbers differ (db-v1, db-v2; INC-2041, INC-2107), whose kind words
// differ (team-orders, orders-queue), or one of whose words are a strict
// part of the other's (db-v2, db-v2-proxy) are different things, however
// close their vectors; the embedding signal needs the two names to have the
// same words in the same order but for misspelt long words ("recomendation",
// "recommendation"), and its score counts at most MaxEmbeddingConfidence.
// A candidate's confidence is its strongest signal's score. Which entity is
// kept is decided by one order (Rank): an entity the schema defines, then
// the one with more facts, then a typed one, then the shorter name, then
// by name. Confirm asks a model, through the
// project's llm.Client, whether two entities are the same, and records its
// verdict on the candidate.
//
// # Merges
//
// Apply rewrites a Graph (triples and schema) so that every fact of the
// merged entity names the kept one (facts that become equal collapse, a
// fact between the two goes), and the merged name becomes an alias of the
// kept entity in the schema, so questions naming it still link. It returns
// an UndoRecord holding exactly what changed; Undo restores the graph it
// was applied to, and undoing the accepted merges newest first restores
// the graph before any of them. ApplyAll and UndoAll do the same for many
// merges with one index over the facts (MetaQA's 3,492 case-and-article
// merges in about 3 s). A File (corpus.snap → corpus.merges.json,
// JSON, versioned, written through a temporary file and a rename) records
// the decisions: accepted merges with their undo records, in the order
// they were applied, and rejected pairs, which Find never proposes again.
// Reapply applies a file's accepted merges to a freshly built graph (the
// document ingest does, so re-ingesting keeps them) and refreshes their
// undo records.
package resolve
