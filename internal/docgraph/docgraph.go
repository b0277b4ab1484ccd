// Package docgraph is a folder of documents as scgraph keeps it in Neo4j:
// Document and Chunk nodes, the documents' relationships with the
// provenance of their first statement, and the chunks' vectors. The CLI
// builds it from a document index; package cypher writes it and reads it
// back. It is internal: the Go API of a document collection is the
// snapshot's (scgraph ingest --docs), not these types.
package docgraph

import (
	"errors"

	"github.com/scgraph/scgraph/graph"
)

// Graph is a folder of documents as cypher.Store.SyncDocuments writes it
// and Documents reads it back.
type Graph struct {
	// Source names the folder, for the ingest marker and messages.
	Source    string
	Documents []Document
	Chunks    []Chunk
	// Edges are every relationship the documents give, PART_OF and
	// MENTIONS included.
	Edges []Edge
	// Index is the document index, stored as given (JSON).
	Index []byte
}

// Document is a Document node's properties; Path is its name.
type Document struct {
	Path    string
	Hash    string
	Version int
}

// Chunk is a Chunk node's properties; ID is its name.
type Chunk struct {
	ID        string
	Document  string
	Text      string
	Index     int
	StartLine int
	EndLine   int
}

// Edge is a relationship of the documents with its provenance.
type Edge struct {
	graph.Triple
	Provenance
}

// Provenance is where a relationship of the documents was first stated
// (the document and chunk always; the extractor and confidence for facts
// and mentions) and by how many statements.
type Provenance struct {
	Document   string
	Chunk      string
	Version    int
	Extractor  string
	Confidence float64
	Statements int
}

// Sync says what SyncDocuments changed.
type Sync struct {
	// Created counts the relationships created (the others of the graph
	// were updated in place); Deleted those removed because no document
	// supports them any more; Orphans the nodes removed with them (left
	// with no relationship).
	Created, Deleted, Orphans int
	// Replaced names the folder whose documents the database held before,
	// when it was another.
	Replaced string
}

// ChunkVectorIndex is the name of the vector index over chunk embeddings.
const ChunkVectorIndex = "scgraph_chunk_embedding"

// MaxVectorDims is the largest vector a Neo4j 5 vector index takes.
const MaxVectorDims = 4096

// ErrVectorDims is wrapped by the error of EnsureChunkVectorIndex when the
// index exists with another number of dimensions (the embedder changed):
// drop it with DropChunkVectorIndex and write the vectors again.
var ErrVectorDims = errors.New("the chunk vector index has other dimensions")

// ChunkVector is a chunk's embedding: ID is the chunk's node name.
type ChunkVector struct {
	ID     string
	Vector []float32
}

// ChunkHit is a chunk a vector query found, with its cosine similarity
// score in Neo4j's scale (0..1, 1 the same direction).
type ChunkHit struct {
	ID    string
	Score float64
}
