package cypher

import (
	"context"
	"errors"
	"fmt"
	"github.com/scgraph/scgraph/internal/docgraph"
	"math"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Chunk vectors: the embedding of each document chunk, kept on its Chunk
// node (the node the document graph gives every chunk: labelled Chunk,
// named "PATH#N") in the property embedding, with the property embedder
// naming the embedder that made it, and a cosine vector index over them.

const (
	// The index's dimensions are a parameter like every value.
	qCreateChunkVectorIndex = "CREATE VECTOR INDEX " + docgraph.ChunkVectorIndex + ` IF NOT EXISTS
FOR (c:Chunk) ON (c.embedding)
OPTIONS {indexConfig: {` + "`vector.dimensions`" + `: $dims, ` + "`vector.similarity_function`" + `: 'cosine'}}`
	qChunkVectorIndexDims = `SHOW VECTOR INDEXES YIELD name, options
WHERE name = $name
RETURN options.indexConfig['vector.dimensions'] AS dims`
	qDropChunkVectorIndex = "DROP INDEX " + docgraph.ChunkVectorIndex + " IF EXISTS"
	// Rows: {id, vector}. Returns the ids found.
	qSetChunkVectors = `UNWIND $rows AS row
MATCH (c:Chunk {name: row.id})
CALL db.create.setNodeVectorProperty(c, 'embedding', row.vector)
SET c.embedder = $embedder
RETURN c.name AS id`
	qRemoveChunkVectors = `MATCH (c:Chunk) WHERE c.embedding IS NOT NULL
REMOVE c.embedding, c.embedder`
	// The index may return chunks of another embedder only while vectors
	// are being replaced; they are left out.
	qSimilarChunks = `CALL db.index.vector.queryNodes($index, $k, $vector) YIELD node, score
WHERE node.embedder = $embedder
RETURN node.name AS id, score`
)

// chunkVectorBatch is how many vectors one write transaction carries.
const chunkVectorBatch = 500

// EnsureChunkVectorIndex creates the cosine vector index over Chunk
// embeddings with dims dimensions, if it does not exist, and waits until
// it is online. If it exists with other dimensions the error wraps
// docgraph.ErrVectorDims.
func (s *Store) EnsureChunkVectorIndex(ctx context.Context, dims int) error {
	if dims <= 0 || dims > docgraph.MaxVectorDims {
		return fmt.Errorf("cypher: a chunk vector index of %d dimensions: want 1 to %d", dims, docgraph.MaxVectorDims)
	}
	if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qCreateChunkVectorIndex, map[string]any{"dims": dims})
	}); err != nil {
		return s.fail("create the chunk vector index", err)
	}
	have, err := readTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]int64, error) {
		return collect(ctx, tx, qChunkVectorIndexDims, map[string]any{"name": docgraph.ChunkVectorIndex}, func(r *neo4j.Record) (int64, error) {
			v, _, err := neo4j.GetRecordValue[int64](r, "dims")
			return v, err
		})
	})
	if err != nil {
		return s.fail("read the chunk vector index", err)
	}
	if len(have) != 1 {
		return fmt.Errorf("cypher: the chunk vector index %s was not created", docgraph.ChunkVectorIndex)
	}
	if int(have[0]) != dims {
		return fmt.Errorf("cypher: %w: %s has %d, the vectors %d", docgraph.ErrVectorDims, docgraph.ChunkVectorIndex, have[0], dims)
	}
	if _, err := runTx(ctx, s, neo4j.AccessModeRead, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qAwaitIndexes, nil)
	}); err != nil {
		return s.fail("wait for the chunk vector index", err)
	}
	return nil
}

// DropChunkVectorIndex drops the chunk vector index and removes every
// chunk's embedding: what changing the embedder takes.
func (s *Store) DropChunkVectorIndex(ctx context.Context) error {
	if _, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qDropChunkVectorIndex, nil)
	}); err != nil {
		return s.fail("drop the chunk vector index", err)
	}
	if _, err := runTx(ctx, s, neo4j.AccessModeWrite, BulkTimeout, func(ctx context.Context, tx neo4j.ManagedTransaction) (neo4j.Counters, error) {
		return exec(ctx, tx, qRemoveChunkVectors, nil)
	}); err != nil {
		return s.fail("remove the chunk vectors", err)
	}
	return nil
}

// SetChunkVectors writes each vector onto the Chunk node named by its ID,
// recording embedder as the embedder that made it, chunkVectorBatch
// vectors a transaction. Every vector must have the same length and finite
// values. It returns the ids that name no Chunk node (their vectors are
// not written).
func (s *Store) SetChunkVectors(ctx context.Context, embedder string, vectors []docgraph.ChunkVector) (missing []string, err error) {
	if embedder == "" {
		return nil, errors.New("cypher: chunk vectors need the embedder's name")
	}
	for i, v := range vectors {
		if len(v.Vector) == 0 || len(v.Vector) != len(vectors[0].Vector) || len(v.Vector) > docgraph.MaxVectorDims {
			return nil, fmt.Errorf("cypher: chunk vector %d (%s) has %d values, want %d (1 to %d)", i, v.ID, len(v.Vector), len(vectors[0].Vector), docgraph.MaxVectorDims)
		}
		for _, x := range v.Vector {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("cypher: chunk vector %d (%s) holds %v", i, v.ID, x)
			}
		}
	}
	for start := 0; start < len(vectors); start += chunkVectorBatch {
		batch := vectors[start:min(start+chunkVectorBatch, len(vectors))]
		rows := make([]any, len(batch))
		for i, v := range batch {
			vec := make([]any, len(v.Vector))
			for k, x := range v.Vector {
				vec[k] = float64(x)
			}
			rows[i] = map[string]any{"id": v.ID, "vector": vec}
		}
		found, err := writeTx(ctx, s, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]string, error) {
			return collect(ctx, tx, qSetChunkVectors, map[string]any{"rows": rows, "embedder": embedder}, func(r *neo4j.Record) (string, error) {
				id, _, err := neo4j.GetRecordValue[string](r, "id")
				return id, err
			})
		})
		if err != nil {
			return nil, s.fail("write chunk vectors", err)
		}
		seen := make(map[string]bool, len(found))
		for _, id := range found {
			seen[id] = true
		}
		for _, v := range batch {
			if !seen[v.ID] {
				missing = append(missing, v.ID)
			}
		}
	}
	return missing, nil
}

// SimilarChunks returns up to k chunks whose embedding (made by embedder)
// is nearest vector by the chunk vector index, best first, in a read
// transaction.
func (s *Store) SimilarChunks(ctx context.Context, embedder string, vector []float32, k int) ([]docgraph.ChunkHit, error) {
	if k <= 0 {
		return nil, nil
	}
	if len(vector) == 0 || len(vector) > docgraph.MaxVectorDims {
		return nil, fmt.Errorf("cypher: a query vector of %d values", len(vector))
	}
	vec := make([]any, len(vector))
	for i, x := range vector {
		vec[i] = float64(x)
	}
	params := map[string]any{"index": docgraph.ChunkVectorIndex, "k": k, "vector": vec, "embedder": embedder}
	hits, err := readQuery(ctx, s, qSimilarChunks, params, func(r *neo4j.Record) (docgraph.ChunkHit, error) {
		id, _, err := neo4j.GetRecordValue[string](r, "id")
		if err != nil {
			return docgraph.ChunkHit{}, err
		}
		score, _, err := neo4j.GetRecordValue[float64](r, "score")
		return docgraph.ChunkHit{ID: id, Score: score}, err
	})
	if err != nil {
		return nil, s.fail("query the chunk vector index", err)
	}
	return hits, nil
}
