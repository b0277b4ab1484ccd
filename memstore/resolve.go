package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
)

const defaultResolveLimit = 10

// resolveIndex maps normalized keys (text.Key) of entity names
// and of schema entity aliases to entities. Built on the first Resolve.
type resolveIndex struct {
	norm  map[string][]int32 // key of a name -> entities, by name
	alias map[string][]int32 // key of an alias -> entities, by name
	keys  []string           // the distinct non-empty name keys
	ids   [][]int32          // ids[k] = norm[keys[k]]
	// words maps a key token to the entities whose name has it, by id;
	// toks holds each entity's key tokens.
	words map[string][]int32
	toks  [][]string
}

// fuzzyIndex is a trigram inverted index over resolveIndex.keys: for each
// trigram (text.Trigrams, three runes packed in a uint64) the keys that
// have it. Built on the first fuzzy Resolve.
type fuzzyIndex struct {
	post map[uint64][]int32
	size []int32 // number of distinct trigrams of each key
	pool sync.Pool
}

func (s *Store) resolver(ix *index) *resolveIndex {
	ix.resolveOnce.Do(func() {
		r := &resolveIndex{norm: make(map[string][]int32), alias: make(map[string][]int32), words: make(map[string][]int32), toks: make([][]string, len(s.names))}
		for id, name := range s.names {
			toks := text.KeyTokens(name)
			r.toks[id] = toks
			if k := strings.Join(toks, ""); k != "" {
				r.norm[k] = append(r.norm[k], int32(id))
			}
			seen := map[string]bool{}
			for _, t := range toks {
				if !seen[t] {
					seen[t] = true
					r.words[t] = append(r.words[t], int32(id))
				}
			}
		}
		if s.user != nil {
			for _, e := range s.user.Entities {
				id, ok := s.ids[e.Name]
				if !ok {
					continue // an alias of an entity the data does not have
				}
				for _, a := range e.Aliases {
					if k := text.Key(a); k != "" && !slices.Contains(r.alias[k], id) {
						r.alias[k] = append(r.alias[k], id)
					}
				}
			}
		}
		for k, ids := range r.norm {
			ix.sortByName(ids)
			r.keys = append(r.keys, k)
		}
		for _, ids := range r.alias {
			ix.sortByName(ids)
		}
		slices.Sort(r.keys)
		r.ids = make([][]int32, len(r.keys))
		for i, k := range r.keys {
			r.ids[i] = r.norm[k]
		}
		ix.res = r
	})
	return ix.res
}

// trigrams returns the distinct trigrams of a normalized key, as
// text.Trigrams computes them, packed.
func trigrams(key string, buf []uint64) []uint64 {
	rs := []rune("  " + key + " ")
	buf = buf[:0]
	for i := 0; i+3 <= len(rs); i++ {
		buf = append(buf, uint64(rs[i])<<42|uint64(rs[i+1])<<21|uint64(rs[i+2]))
	}
	slices.Sort(buf)
	return slices.Compact(buf)
}

func (s *Store) fuzzy(ix *index, r *resolveIndex) *fuzzyIndex {
	ix.fuzzyOnce.Do(func() {
		f := &fuzzyIndex{post: make(map[uint64][]int32), size: make([]int32, len(r.keys))}
		var buf []uint64
		for k, key := range r.keys {
			buf = trigrams(key, buf)
			f.size[k] = int32(len(buf))
			for _, tg := range buf {
				f.post[tg] = append(f.post[tg], int32(k))
			}
		}
		n := len(r.keys)
		f.pool.New = func() any { return &fuzzyScratch{count: make([]int32, n)} }
		ix.fz = f
	})
	return ix.fz
}

// fuzzyScratch is the per-query counter array, pooled.
type fuzzyScratch struct {
	count   []int32
	touched []int32
	tg      []uint64
}

type scored struct {
	key   int32
	score float64
}

// search returns the keys whose trigram Jaccard similarity to q is at
// least graph.MinFuzzyScore, unordered (the caller sorts the entities).
func (f *fuzzyIndex) search(q string) []scored {
	sc := f.pool.Get().(*fuzzyScratch)
	defer f.pool.Put(sc)
	sc.tg = trigrams(q, sc.tg)
	nq := int32(len(sc.tg))
	sc.touched = sc.touched[:0]
	for _, tg := range sc.tg {
		for _, k := range f.post[tg] {
			if sc.count[k] == 0 {
				sc.touched = append(sc.touched, k)
			}
			sc.count[k]++
		}
	}
	var out []scored
	for _, k := range sc.touched {
		inter := sc.count[k]
		sc.count[k] = 0
		// The same expression as text.Similarity, so the scores agree
		// to the bit.
		sim := float64(inter) / float64(nq+f.size[k]-inter)
		if sim >= graph.MinFuzzyScore {
			out = append(out, scored{key: k, score: sim})
		}
	}
	return out
}

// Resolve links each mention to entities (the result is aligned with
// req.Mentions): the entity named exactly so (score 1), then the entities
// whose name has the mention's normalized key (text.Key), then
// the entities with a schema alias of that key; when req.Fuzzy is set and
// none of those matched, the entities whose key is similar enough
// (text.Similarity >= graph.MinFuzzyScore), best first. Ties go by name;
// each entity appears once, with its strongest method; at most req.Limit
// (default 10) matches a mention.
func (s *Store) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	limit := req.Limit
	switch {
	case limit == 0:
		limit = defaultResolveLimit
	case limit < 0:
		return nil, fmt.Errorf("memstore: resolve: %w: negative limit %d", graph.ErrBadRequest, limit)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	ix := s.index()
	r := s.resolver(ix)
	out := make([][]graph.Match, len(req.Mentions))
	for i, m := range req.Mentions {
		ms := []graph.Match{}
		add := func(id int32, method graph.MatchMethod, score float64) {
			if len(ms) >= limit {
				return
			}
			for _, have := range ms {
				if have.Entity.Name == s.names[id] {
					return
				}
			}
			ms = append(ms, graph.Match{Entity: graph.Entity{Name: s.names[id], Type: ix.typeOf[id]}, Method: method, Score: score})
		}
		if id, ok := s.ids[m]; ok {
			add(id, graph.MatchExact, 1)
		}
		key := text.Key(m)
		if key != "" {
			for _, id := range r.norm[key] {
				add(id, graph.MatchNormalized, 1)
			}
			for _, id := range r.alias[key] {
				add(id, graph.MatchAlias, 1)
			}
		}
		if req.Partial && len(ms) == 0 && key != "" {
			for _, c := range r.partial(ix, text.KeyTokens(m)) {
				add(c.id, graph.MatchPartial, c.score)
			}
		}
		if req.Fuzzy && len(ms) == 0 && key != "" && len(r.keys) > 0 {
			type cand struct {
				id    int32
				score float64
			}
			var cands []cand
			for _, sk := range s.fuzzy(ix, r).search(key) {
				for _, id := range r.ids[sk.key] {
					cands = append(cands, cand{id: id, score: sk.score})
				}
			}
			slices.SortFunc(cands, func(a, b cand) int {
				return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(ix.nameRank[a.id], ix.nameRank[b.id]))
			})
			for _, c := range cands {
				add(c.id, graph.MatchFuzzy, c.score)
			}
		}
		out[i] = ms
	}
	return out, nil
}

// partialCand is an entity whose name holds a mention's words.
type partialCand struct {
	id    int32
	score float64
}

// partial returns the entities whose key tokens hold toks as one run
// (text.PartialScore), best score first, then by name. It scans the
// entities of the mention's rarest word only.
func (r *resolveIndex) partial(ix *index, toks []string) []partialCand {
	if len(toks) == 0 {
		return nil
	}
	var rarest []int32
	for i, t := range toks {
		p := r.words[t]
		if len(p) == 0 {
			return nil
		}
		if i == 0 || len(p) < len(rarest) {
			rarest = p
		}
	}
	var out []partialCand
	for _, id := range rarest {
		if sc, ok := text.PartialScore(toks, r.toks[id]); ok {
			out = append(out, partialCand{id, sc})
		}
	}
	slices.SortFunc(out, func(a, b partialCand) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(ix.nameRank[a.id], ix.nameRank[b.id]))
	})
	return out
}
