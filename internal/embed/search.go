package embed

import (
	"cmp"
	"fmt"
	"slices"
)

// Hit is a passage a vector search found, with its cosine similarity to
// the query.
type Hit struct {
	ID     string  `json:"id"`
	Cosine float64 `json:"cosine"`
}

// Nearest returns up to k passages by cosine similarity to query, best
// first (ties by id), among those keep accepts (all when keep is nil): the
// in-memory counterpart of the Neo4j chunk vector index, exact rather than
// approximate.
func (vs *Vectors) Nearest(query []float32, k int, keep func(id string) bool) []Hit {
	var hits []Hit
	for _, v := range vs.Items {
		if keep != nil && !keep(v.ID) {
			continue
		}
		hits = append(hits, Hit{ID: v.ID, Cosine: Cosine(query, v.Values)})
	}
	slices.SortFunc(hits, func(a, b Hit) int { return cmp.Or(cmp.Compare(b.Cosine, a.Cosine), cmp.Compare(a.ID, b.ID)) })
	return hits[:min(max(k, 0), len(hits))]
}

// QueryEmbedder returns the embedder that made the vectors, to embed
// questions with (a question embedded otherwise is not comparable): the
// installed MiniLM (from o.CacheDir), Hashed of the file's length, or the
// provider's model the file names ("openai:text-embedding-3-small"),
// reached through o.Provider and expected to give vectors of the file's
// length.
func (vs *Vectors) QueryEmbedder(o Options) (Named, error) {
	var e Named
	switch {
	case vs.Embedder == HashedName:
		e = Hashed{Dims: vs.Dims}
	case vs.Embedder == MiniLMName:
		m, err := Default(o.CacheDir)
		if err != nil {
			return nil, fmt.Errorf("the chunk vectors were made by %s: %w", vs.Embedder, err)
		}
		e = m
	case isProviderSpec(vs.Embedder):
		po := o.Provider
		po.Dims = vs.Dims
		p, err := OpenProvider(vs.Embedder, po)
		if err != nil {
			return nil, fmt.Errorf("the chunk vectors were made by %s: %w", vs.Embedder, err)
		}
		e = p
	default:
		return nil, fmt.Errorf("the chunk vectors were made by %q, which this build does not know (want one of %v)", vs.Embedder, Names[1:])
	}
	if e.Dimensions() != vs.Dims {
		return nil, fmt.Errorf("the chunk vectors have %d dimensions, the %s embedder %d", vs.Dims, vs.Embedder, e.Dimensions())
	}
	return e, nil
}
