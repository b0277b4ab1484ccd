// Package docs turns a folder of Markdown and plain-text documents into
// graph facts: deterministically and with no LLM by default, or with a
// model whose statements are checked against the schema and the text.
//
// The pipeline has four steps, each in its own file:
//
//   - read.go lists a folder's documents (*.md, *.markdown, *.txt), reads
//     each one, and records its slash path, SHA-256 content hash and
//     version; a file that cannot be read or is not UTF-8 text is reported
//     and skipped, and the rest go on.
//   - chunk.go splits a document into blocks (paragraphs, headings, list
//     items) and groups them into chunks of at most ChunkWords words, each
//     chunk starting with the last block of the one before (the overlap);
//     within a block it finds sentences and the line each starts on.
//   - spot.go and patterns.go are the spotters of REFERENCE R5: a
//     dictionary of entity names and aliases (from the schema and the
//     existing graph, compared under text.Key, so "payment-svc" and "the
//     Payment Service" meet), regular-expression spotters (ticket ids,
//     error codes), and relation patterns ("{S} depends on {O}", "{O} is
//     owned by {S}") drawn from the schema's relation aliases and from a
//     small file users write. A pattern's subject and object may be lists
//     ("calls A, B and C"); an extracted triple must fit the schema's
//     source and target types, or it is dropped.
//   - index.go keeps the result: per document its chunks, the entities
//     each chunk mentions and the statements (triple + provenance:
//     document, chunk, line, version, extractor, confidence). Ingest is
//     incremental: a document whose hash (and the extractor) did not
//     change is kept as it is, a changed one is re-extracted with its
//     version raised, a removed one is dropped; the graph is always
//     derived from the index (Triples), so a fact whose only support was a
//     removed or changed document goes with it, and an incremental
//     re-ingest gives the same graph as a fresh one.
//
// With a model (Extractor.UseLLM, llmextract.go), the statements of each
// chunk come from the model instead of the patterns: a strict-schema prompt
// (llmextract.tmpl) and a strict JSON reply; each relation is kept only if
// the schema has it, its ends' types fit it in its direction, both ends are
// named in the chunk (under text.Key: otherwise a hallucination) and its
// confidence reaches the floor; a reply that cannot be used, a failed call
// and a spent budget make the rules read that chunk (LLMStats says which
// and why). Statements record the extractor "llm:MODEL", and the
// extractor's fingerprint changes with the model.
//
// The graph the index gives has Document and Chunk nodes: every chunk is
// PART_OF its document and MENTIONS every entity spotted in it; every
// extracted fact carries the source (document path and line) of its first
// statement, and Index.Support lists all of them, which is how answers cite
// the passages that stated each edge.
package docs
