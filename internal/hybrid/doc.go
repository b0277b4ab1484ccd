// Package hybrid finds the passages (document chunks) that answer a
// question by fusing three rankings of the chunks of a document index
// (REFERENCE R2, R5: the graph chooses the candidate set, keyword and
// semantic signals rank within it):
//
//   - semantic: cosine similarity of each chunk's vector to the
//     question's, from any langchaingo embeddings.Embedder (the offline
//     default is embed.NewHashed);
//   - keyword: BM25 (k1 = 1.2, b = 0.75) over the chunks' words, read
//     with the one tokenizer (internal/text: key tokens, abbreviations
//     folded, stemmed) — the in-memory equivalent of a full-text index;
//   - graph proximity: chunks that state evidence edges first (they lie
//     on the evidence path), then chunks that MENTION entities close to
//     the answer, by that closeness (entities on the evidence paths, then
//     their neighbours in the traversed subgraph).
//
// The rankings are fused by reciprocal-rank fusion: a chunk's score is
// Σ 1/(RRFK + rank) over the signals that ranked it, with RRFK = 60
// (Cormack, Clarke and Büttcher, SIGIR 2009), so a chunk ranked well by
// two signals beats one ranked first by one, and no signal's raw score
// scale matters. With a scope (the entities the agent's traversal
// visited) only chunks that mention one of them are candidates at all:
// results stay inside the traversed subgraph.
//
// Index is built once per document index and is safe for concurrent
// searches.
package hybrid
