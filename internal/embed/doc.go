// Package embed turns text into vectors for the document features: chunk
// search, entity-resolution candidates and community summaries. Every
// embedder here is a langchaingo embeddings.Embedder, so a provider's
// embedder (OpenAI, Ollama, ...) can stand in for the offline default.
//
// Hashed is the dependency-free embedder: stemmed words and the character
// trigrams of each word, hashed into a fixed number of signed dimensions
// and L2-normalised. It needs no model and no network and gives the same
// vector for the same text on every machine.
package embed
