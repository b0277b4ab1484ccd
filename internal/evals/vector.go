package evals

import (
	"cmp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
)

// VectorOptions tune the vector-rag baseline. The zero value gives the
// defaults.
type VectorOptions struct {
	// TopK is the number of passages retrieved per question. Default 5.
	TopK int
	// MaxSentences caps the facts of one passage (a hub entity's passage
	// keeps its first ones in sorted order). Default 50.
	MaxSentences int
	// Embedder embeds passages and questions. Default NewEmbedder().
	Embedder Embedder
	// Workers embed passages in parallel. Default GOMAXPROCS.
	Workers int
}

func (o VectorOptions) withDefaults() VectorOptions {
	if o.TopK <= 0 {
		o.TopK = 5
	}
	if o.MaxSentences <= 0 {
		o.MaxSentences = 50
	}
	if o.Embedder.MaxN == 0 {
		o.Embedder = NewEmbedder()
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	return o
}

// VectorIndex is flat RAG over a knowledge graph verbalised as passages:
// one passage per entity, its facts (as subject and as object) written as
// sentences ("Alien directed_by Ridley Scott."), embedded with the
// hashed n-gram Embedder and kept in an inverted index over hashed
// dimensions. It uses no gold information: it sees only the triples and
// the question text. Safe for concurrent searches.
type VectorIndex struct {
	opts     VectorOptions
	triples  []graph.Triple
	passages []passage
	// postings[offsets[d]:offsets[d+1]] are the passages with dimension
	// d, in passage order.
	offsets  []int
	postings []posting
	// Sentences counts the facts written into passages.
	Sentences int
	// BuildTime is how long the index took to build.
	BuildTime time.Duration
}

type passage struct {
	entity string
	facts  []int32 // indices into triples
}

type posting struct {
	doc int32
	w   float32
}

// BuildVectorIndex verbalises and indexes the triples.
func BuildVectorIndex(ts []graph.Triple, opts VectorOptions) *VectorIndex {
	start := time.Now()
	opts = opts.withDefaults()
	ix := &VectorIndex{opts: opts}
	uniq := make([]graph.Triple, 0, len(ts))
	for _, t := range ts {
		uniq = append(uniq, bare(t))
	}
	slices.SortFunc(uniq, func(a, b graph.Triple) int {
		return cmp.Or(cmp.Compare(a.Subject, b.Subject), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.Object, b.Object))
	})
	ix.triples = slices.CompactFunc(uniq, func(a, b graph.Triple) bool { return factOf(a) == factOf(b) })
	byEntity := map[string]int{}
	add := func(name string, fact int32) {
		i, ok := byEntity[name]
		if !ok {
			i = len(ix.passages)
			byEntity[name] = i
			ix.passages = append(ix.passages, passage{entity: name})
		}
		if p := &ix.passages[i]; len(p.facts) < opts.MaxSentences {
			p.facts = append(p.facts, fact)
		}
	}
	for i, t := range ix.triples {
		add(t.Subject, int32(i))
		if t.Object != t.Subject {
			add(t.Object, int32(i))
		}
	}
	vecs := make([]Vector, len(ix.passages))
	var wg sync.WaitGroup
	next := make(chan int, opts.Workers)
	for range opts.Workers {
		wg.Go(func() {
			var b strings.Builder
			var sc scratch
			for i := range next {
				b.Reset()
				for _, f := range ix.passages[i].facts {
					t := ix.triples[f]
					b.WriteString(sentence(t.Subject, t.Relation, t.Object))
					b.WriteByte(' ')
				}
				vecs[i] = opts.Embedder.embed(b.String(), &sc)
			}
		})
	}
	for i := range ix.passages {
		next <- i
	}
	close(next)
	wg.Wait()
	// The inverted index in one array, dimension by dimension (CSR),
	// each passage's vector dropped as soon as it is filed.
	ix.offsets = make([]int, 1<<opts.Embedder.Bits+1)
	for d, v := range vecs {
		ix.Sentences += len(ix.passages[d].facts)
		for _, dim := range v.Idx {
			ix.offsets[dim+1]++
		}
	}
	for i := 1; i < len(ix.offsets); i++ {
		ix.offsets[i] += ix.offsets[i-1]
	}
	ix.postings = make([]posting, ix.offsets[len(ix.offsets)-1])
	fill := slices.Clone(ix.offsets[:len(ix.offsets)-1])
	for d, v := range vecs {
		for k, dim := range v.Idx {
			ix.postings[fill[dim]] = posting{doc: int32(d), w: v.Val[k]}
			fill[dim]++
		}
		vecs[d] = Vector{}
	}
	ix.BuildTime = time.Since(start)
	return ix
}

// Passages is the number of passages (entities) indexed.
func (ix *VectorIndex) Passages() int { return len(ix.passages) }

// Hit is a retrieved passage.
type Hit struct {
	Entity string
	Score  float64
	Facts  []graph.Triple
}

// Search returns the k passages most similar to the question, best first
// (ties by index order).
func (ix *VectorIndex) Search(question string, k int) []Hit {
	q := ix.opts.Embedder.Embed(question)
	scores := make([]float32, len(ix.passages))
	for i, dim := range q.Idx {
		w := q.Val[i]
		for _, p := range ix.postings[ix.offsets[dim]:ix.offsets[dim+1]] {
			scores[p.doc] += w * p.w
		}
	}
	type cand struct {
		doc   int
		score float32
	}
	better := func(a, b cand) bool { return a.score > b.score || (a.score == b.score && a.doc < b.doc) }
	top := make([]cand, 0, k+1)
	for d, s := range scores {
		if s <= 0 || (len(top) == k && !better(cand{d, s}, top[k-1])) {
			continue
		}
		c := cand{d, s}
		at := len(top)
		for at > 0 && better(c, top[at-1]) {
			at--
		}
		top = slices.Insert(top, at, c)
		if len(top) > k {
			top = top[:k]
		}
	}
	out := make([]Hit, len(top))
	for i, c := range top {
		p := ix.passages[c.doc]
		facts := make([]graph.Triple, len(p.facts))
		for j, f := range p.facts {
			facts[j] = ix.triples[f]
		}
		out[i] = Hit{Entity: p.entity, Score: float64(c.score), Facts: facts}
	}
	return out
}

// Answer runs the baseline on a question: the top-k passages, and as
// answers every entity they name except the question's own (those whose
// name appears in the question as whole words), ranked by the best score
// of a passage naming them, then by how often they are named, then by
// name. The evidence is the passages' facts; NodesVisited counts the
// entities they name. It walks nothing: no paths, no store calls.
func (ix *VectorIndex) Answer(question string) Outcome {
	hits := ix.Search(question, ix.opts.TopK)
	qtext := string(embedText(question))
	type cand struct {
		name  string
		best  float64
		count int
	}
	byName := map[string]int{}
	var cands []cand
	own := map[string]bool{}
	out := Outcome{Answers: []string{}, Paths: []graph.Path{}}
	mention := func(name string, score float64) {
		if i, ok := byName[name]; ok {
			cands[i].count++
			cands[i].best = max(cands[i].best, score)
			return
		}
		byName[name] = len(cands)
		cands = append(cands, cand{name: name, best: score, count: 1})
	}
	for _, h := range hits {
		for _, t := range h.Facts {
			out.Evidence = append(out.Evidence, t)
			mention(t.Subject, h.Score)
			mention(t.Object, h.Score)
		}
	}
	for _, c := range cands {
		if strings.Contains(qtext, string(embedText(c.name))) {
			own[c.name] = true
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.best, a.best), cmp.Compare(b.count, a.count), cmp.Compare(a.name, b.name))
	})
	for _, c := range cands {
		if !own[c.name] {
			out.Answers = append(out.Answers, c.name)
		}
	}
	out.Stats = agent.Stats{NodesVisited: len(cands)}
	return out
}
