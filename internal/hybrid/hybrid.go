package hybrid

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
)

// RRFK is the k of reciprocal-rank fusion: score = Σ 1/(RRFK + rank).
const RRFK = 60

// DefaultK is how many passages Search returns when the query does not say.
const DefaultK = 5

// Signals is a set of the rankings Search fuses.
type Signals uint8

// The signals.
const (
	Semantic Signals = 1 << iota
	Keyword
	Graph
)

// AllSignals is every signal: hybrid search.
const AllSignals = Semantic | Keyword | Graph

// Has reports whether the set holds every signal of sig.
func (s Signals) Has(sig Signals) bool { return s&sig == sig }

// String names the set: "semantic+keyword+graph", "keyword", ...
func (s Signals) String() string {
	out := ""
	for _, x := range []struct {
		sig  Signals
		name string
	}{{Semantic, "semantic"}, {Keyword, "keyword"}, {Graph, "graph"}} {
		if s.Has(x.sig) {
			if out != "" {
				out += "+"
			}
			out += x.name
		}
	}
	if out == "" {
		return "none"
	}
	return out
}

// Ranks are a passage's 1-based rank in each signal; 0 when the signal did
// not rank it (no shared word, no mentioned entity near the answer, ...).
type Ranks struct {
	Semantic int `json:"semantic"`
	Keyword  int `json:"keyword"`
	Graph    int `json:"graph"`
}

// Passage is a chunk found for a question.
type Passage struct {
	Chunk     string `json:"chunk"`
	Document  string `json:"document"`
	Version   int    `json:"version"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Text      string `json:"text"`
	// Score is the fused score Σ 1/(RRFK + rank).
	Score float64 `json:"score"`
	Ranks Ranks   `json:"ranks"`
	// Near are the entities near the answer the chunk mentions, closest
	// first (why the graph signal ranked it).
	Near []string `json:"near,omitempty"`
}

// Proximity is what the graph signal knows: how far entities are from the
// answer, and which entities the traversal visited.
type Proximity struct {
	// Distance maps an entity to its distance from the answer: 0 for an
	// entity on an evidence path (or named by the question), 1 for a
	// neighbour of one in the traversed subgraph.
	Distance map[string]int
	// Visited, when not nil, is the scope: only chunks that mention one of
	// these entities are candidates.
	Visited map[string]bool
	// Stated counts, per chunk, the evidence edges the chunk states: such a
	// chunk lies on the evidence path itself and ranks before any chunk
	// that only mentions entities near it.
	Stated map[string]int
}

// Query is one search.
type Query struct {
	Question string
	// Signals are the rankings fused (0: AllSignals).
	Signals Signals
	// Proximity feeds the graph signal and the scope.
	Proximity Proximity
	// K is how many passages to return (0: DefaultK).
	K int
}

// chunk is a chunk of the index as the searches read it.
type chunk struct {
	docs.Chunk
	document string
	version  int
	mentions []string
}

// Index holds a document index's chunks, their vectors and their keyword
// statistics.
type Index struct {
	chunks   []chunk
	vectors  [][]float32
	embedder embeddings.Embedder
	bm25     *bm25
}

// StoredVectors are chunk vectors computed before (at ingest), by chunk
// ID; New embeds only the chunks without one. They must come from the
// same embedder as the question's.
type StoredVectors interface {
	Lookup(chunkID string) ([]float32, bool)
}

// Config tunes New.
type Config struct {
	// Embedder embeds the question, and the chunks without a stored
	// vector (nil: embed.NewHashed()).
	Embedder embeddings.Embedder
	// Stored, when not nil, gives the chunks' stored vectors.
	Stored StoredVectors
}

// New indexes the chunks of ix: it takes their stored vectors or embeds
// them, and counts their words.
func New(ctx context.Context, ix *docs.Index, cfg Config) (*Index, error) {
	e := cfg.Embedder
	if e == nil {
		e = embed.NewHashed()
	}
	x := &Index{embedder: e}
	for _, d := range ix.Documents {
		byChunk := map[string][]string{}
		for _, m := range d.Mentions {
			if !slices.Contains(byChunk[m.Chunk], m.Entity) {
				byChunk[m.Chunk] = append(byChunk[m.Chunk], m.Entity)
			}
		}
		for _, c := range d.Chunks {
			x.chunks = append(x.chunks, chunk{Chunk: c, document: d.Path, version: d.Version, mentions: byChunk[c.ID]})
		}
	}
	texts := make([]string, len(x.chunks))
	x.vectors = make([][]float32, len(x.chunks))
	var missing []int
	var missingTexts []string
	for i, c := range x.chunks {
		texts[i] = c.Text
		if cfg.Stored != nil {
			if v, ok := cfg.Stored.Lookup(c.ID); ok {
				x.vectors[i] = v
				continue
			}
		}
		missing = append(missing, i)
		missingTexts = append(missingTexts, c.Text)
	}
	if len(missing) > 0 {
		vs, err := e.EmbedDocuments(ctx, missingTexts)
		if err != nil {
			return nil, fmt.Errorf("embedding %d chunks: %w", len(missing), err)
		}
		if len(vs) != len(missing) {
			return nil, fmt.Errorf("embedding %d chunks: the embedder returned %d vectors", len(missing), len(vs))
		}
		for k, i := range missing {
			x.vectors[i] = vs[k]
		}
	}
	x.bm25 = newBM25(texts)
	return x, nil
}

// LexicalEmbedder reports whether the index's embedder reads only words
// and word fragments (it has a Lexical method that says so, as
// embed.Hashed does): its similarity is then no evidence of meaning
// beside the keyword signal's.
func (x *Index) LexicalEmbedder() bool {
	l, ok := x.embedder.(interface{ Lexical() bool })
	return ok && l.Lexical()
}

// Len is the number of chunks indexed.
func (x *Index) Len() int { return len(x.chunks) }

// ranked is a chunk index with a signal's score, and a first key that
// outranks the score (the graph signal's stated evidence edges).
type ranked struct {
	chunk int
	score float64
	first float64
}

// rank sorts candidates by first key and score, best first, ties in index
// order, and drops those with nothing positive (the signal says nothing of
// them).
func rank(rs []ranked) []ranked {
	rs = slices.DeleteFunc(rs, func(r ranked) bool {
		return !(r.score > 0 || r.first > 0)
	})
	slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Or(cmp.Compare(b.first, a.first), cmp.Compare(b.score, a.score)) })
	return rs
}

// tiedRanks gives each ranked chunk its 1-based rank, chunks that score
// the same sharing the best of their ranks: a signal that cannot tell two
// chunks apart ("both mention the entity the question names") does not
// order them by their place in the corpus.
func tiedRanks(rs []ranked) map[int]int {
	out := make(map[int]int, len(rs))
	for i, r := range rs {
		if i > 0 && r.first == rs[i-1].first && r.score == rs[i-1].score {
			out[r.chunk] = out[rs[i-1].chunk]
			continue
		}
		out[r.chunk] = i + 1
	}
	return out
}

// Search ranks the candidate chunks by each signal of the query and fuses
// the rankings; it returns the best K passages, best first.
func (x *Index) Search(ctx context.Context, q Query) ([]Passage, error) {
	sigs := q.Signals
	if sigs == 0 {
		sigs = AllSignals
	}
	k := q.K
	if k <= 0 {
		k = DefaultK
	}
	var cands []int
	for i, c := range x.chunks {
		if q.Proximity.Visited == nil || slices.ContainsFunc(c.mentions, func(e string) bool { return q.Proximity.Visited[e] }) {
			cands = append(cands, i)
		}
	}
	ranks := make([]Ranks, len(x.chunks))
	if sigs.Has(Semantic) && len(cands) > 0 {
		qv, err := x.embedder.EmbedQuery(ctx, q.Question)
		if err != nil {
			return nil, fmt.Errorf("embedding the question: %w", err)
		}
		var rs []ranked
		for _, i := range cands {
			rs = append(rs, ranked{chunk: i, score: embed.Cosine(qv, x.vectors[i])})
		}
		for c, r := range tiedRanks(rank(rs)) {
			ranks[c].Semantic = r
		}
	}
	if sigs.Has(Keyword) {
		scores := x.bm25.scores(terms(q.Question))
		var rs []ranked
		for _, i := range cands {
			rs = append(rs, ranked{chunk: i, score: scores[i]})
		}
		for c, r := range tiedRanks(rank(rs)) {
			ranks[c].Keyword = r
		}
	}
	if sigs.Has(Graph) && (len(q.Proximity.Distance) > 0 || len(q.Proximity.Stated) > 0) {
		var rs []ranked
		for _, i := range cands {
			c := x.chunks[i]
			rs = append(rs, ranked{chunk: i, score: proximityScore(c.mentions, q.Proximity.Distance), first: float64(q.Proximity.Stated[c.ID])})
		}
		for c, r := range tiedRanks(rank(rs)) {
			ranks[c].Graph = r
		}
	}
	var out []Passage
	for _, i := range cands {
		r := ranks[i]
		score := rrf(r.Semantic) + rrf(r.Keyword) + rrf(r.Graph)
		if score == 0 {
			continue
		}
		c := x.chunks[i]
		out = append(out, Passage{Chunk: c.ID, Document: c.document, Version: c.version, StartLine: c.StartLine,
			EndLine: c.EndLine, Text: c.Text, Score: score, Ranks: r, Near: near(c.mentions, q.Proximity.Distance)})
	}
	slices.SortStableFunc(out, func(a, b Passage) int { return cmp.Compare(b.Score, a.Score) })
	if len(out) > k {
		out = out[:k]
	}
	return out, nil
}

// rrf is one signal's share of the fused score: 1/(RRFK + rank), 0 for a
// chunk the signal did not rank.
func rrf(rank int) float64 {
	if rank <= 0 {
		return 0
	}
	return 1 / float64(RRFK+rank)
}

// proximityScore scores a chunk by the entities near the answer it
// mentions: each mentioned entity at distance d adds 1/2^d, so one entity
// on an evidence path outweighs any number of neighbours only when there
// are fewer than two of them, and chunks naming several path entities
// rank first.
func proximityScore(mentions []string, dist map[string]int) float64 {
	s := 0.0
	for _, e := range mentions {
		if d, ok := dist[e]; ok && d >= 0 {
			s += math.Ldexp(1, -d)
		}
	}
	return s
}

// near lists the mentioned entities that have a distance, closest first.
func near(mentions []string, dist map[string]int) []string {
	var out []string
	for _, e := range mentions {
		if _, ok := dist[e]; ok {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Compare(dist[a], dist[b]) })
	return out
}
