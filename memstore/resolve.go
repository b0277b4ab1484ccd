package memstore

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

const defaultResolveLimit = 10

// trigrams returns the distinct trigrams of a normalized key, packed and
// sorted (text.PackedTrigrams).
var trigrams = text.PackedTrigrams

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

// fuzzy returns the keys whose trigram Jaccard similarity to q is at
// least graph.MinFuzzyScore, unordered (the caller sorts the entities): it
// counts, over the postings of q's trigrams, how many each key shares, and
// scores the keys that share at least half of them (a key similar enough
// must: 3·shared >= |q| + |key| and shared <= |key|).
func (f *frozen) fuzzy(q string) []scored {
	nk := len(f.keySize)
	sc, _ := f.scratch.Get().(*fuzzyScratch)
	if sc == nil || len(sc.count) != nk {
		sc = &fuzzyScratch{count: make([]int32, nk)}
	}
	defer f.scratch.Put(sc)
	sc.tg = trigrams(q, sc.tg)
	nq := int32(len(sc.tg))
	sc.touched = sc.touched[:0]
	for _, tg := range sc.tg {
		i, ok := slices.BinarySearch(f.tgCode, tg)
		if !ok {
			continue
		}
		post := f.tgPost[f.tgOff[i]:f.tgOff[i+1]]
		k := uint64(0)
		for len(post) > 0 {
			delta, n := binary.Uvarint(post)
			if n <= 0 {
				break // malformed (a hostile snapshot): ignore the rest
			}
			post = post[n:]
			k += delta
			if k >= uint64(nk) {
				break
			}
			if sc.count[k] == 0 {
				sc.touched = append(sc.touched, int32(k))
			}
			sc.count[k]++
		}
	}
	var out []scored
	for _, k := range sc.touched {
		inter := sc.count[k]
		sc.count[k] = 0
		if 2*inter < nq {
			continue
		}
		size := int32(f.keySize[k])
		if size == maxKeySize {
			size = int32(len(trigrams(f.key(int(k)), nil)))
		}
		// The same expression as text.Similarity, so the scores agree
		// to the bit.
		sim := float64(inter) / float64(nq+size-inter)
		if sim >= graph.MinFuzzyScore {
			out = append(out, scored{key: k, score: sim})
		}
	}
	return out
}

// maxPartialCandidates bounds the keys a partial match examines: a
// mention whose rarest trigram is that common names nothing in particular
// ("service"), and the search gives up rather than scan a large graph.
const maxPartialCandidates = 4096

// wordSearch finds the entities whose name's words hold a mention's
// (text.MatchWords) for one Resolve call. The mentions of one call are
// mostly runs of one question's words, so the keys and names it reads are
// kept for the call.
type wordSearch struct {
	f       *frozen
	visible func(key uint64) bool
	exists  func(id int32) bool
	keys    map[int32]string   // key id -> key
	toks    map[int32][]string // entity id -> its name's key tokens
	tg      []uint64
}

func newWordSearch(sc scope) *wordSearch {
	return &wordSearch{f: sc.frozen, visible: sc.keyVisible, exists: sc.exists, keys: map[int32]string{}, toks: map[int32][]string{}}
}

// key returns key k, put together from the key tokens of its first
// entity (text.Key is their join), which the call keeps too.
func (ws *wordSearch) key(k int32) string {
	s, ok := ws.keys[k]
	if !ok {
		f := ws.f
		if f.keyOff[k] < f.keyOff[k+1] {
			s = strings.Join(ws.tokens(f.keyEnt[f.keyOff[k]]), "")
		}
		ws.keys[k] = s
	}
	return s
}

func (ws *wordSearch) tokens(id int32) []string {
	t, ok := ws.toks[id]
	if !ok {
		t = text.KeyTokens(ws.f.name(id))
		ws.toks[id] = t
	}
	return t
}

// partial returns the entities whose name's words hold the mention's
// (text.MatchWords), unordered. The candidates are the keys that hold the
// core (text.WordCore) of every word of three letters or more, found
// through the posting list of the rarest inner trigram of those cores;
// a mention with no such word is looked up by nothing and matches
// nothing.
func (ws *wordSearch) partial(mention string) []scoredEntity {
	toks := text.KeyTokens(mention)
	var cores []string
	ws.tg = ws.tg[:0]
	for _, t := range toks {
		c := text.WordCore(t)
		rs := []rune(c)
		if len(rs) < 3 || slices.Contains(cores, c) {
			continue
		}
		cores = append(cores, c)
		for i := 0; i+3 <= len(rs); i++ {
			ws.tg = append(ws.tg, text.PackTrigram(rs[i], rs[i+1], rs[i+2]))
		}
	}
	if len(cores) == 0 {
		return nil
	}
	f := ws.f
	best, bestLen := -1, 0
	for _, tg := range ws.tg {
		j, ok := slices.BinarySearch(f.tgCode, tg)
		if !ok {
			return nil // no key holds this trigram, so none holds the word
		}
		if n := int(f.tgOff[j+1] - f.tgOff[j]); best < 0 || n < bestLen {
			best, bestLen = j, n
		}
	}
	nk := uint64(len(f.keySize))
	post := f.tgPost[f.tgOff[best]:f.tgOff[best+1]]
	var out []scoredEntity
	k := uint64(0)
	for seen := 0; len(post) > 0; {
		delta, n := binary.Uvarint(post)
		if n <= 0 {
			break
		}
		post = post[n:]
		k += delta
		if k >= nk {
			break
		}
		if !ws.visible(k) {
			continue
		}
		if seen++; seen > maxPartialCandidates {
			return nil
		}
		kk := ws.key(int32(k))
		if !containsAll(kk, cores) {
			continue
		}
		for _, id := range f.keyEnt[f.keyOff[k]:f.keyOff[k+1]] {
			if !ws.exists(id) {
				continue
			}
			if m, ok := text.MatchWords(toks, ws.tokens(id)); ok {
				out = append(out, scoredEntity{id: id, score: m.Score})
			}
		}
	}
	return out
}

// scoredEntity is an entity id with its score.
type scoredEntity struct {
	id    int32
	score float64
}

// containsAll reports whether s holds every one of subs.
func containsAll(s string, subs []string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// Resolve links each mention to entities (the result is aligned with
// req.Mentions): the entity named exactly so (score 1), then the entities
// whose name has the mention's normalized key (text.Key), then
// the entities with a schema alias of that key; then, when req.Partial is
// set, the entities whose name's words hold all the mention's, in any
// order (text.MatchWords, scored by the share of the name's words named);
// when req.Fuzzy is set and nothing matched yet, the entities whose key is
// similar enough (text.Similarity >= graph.MinFuzzyScore), best first.
// Ties go by name; each entity appears once, with its strongest method; at
// most req.Limit (default 10) matches a mention.
func (s *Store) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	return s.resolve(ctx, req, nil)
}

// resolve is Resolve as groups see the graph (all of it for nil).
func (s *Store) resolve(ctx context.Context, req graph.ResolveRequest, groups *graph.Groups) ([][]graph.Match, error) {
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
	f, typ := s.scope(groups)
	out := make([][]graph.Match, len(req.Mentions))
	var words *wordSearch // made at the first partial look-up
	for i, m := range req.Mentions {
		ms := []graph.Match{}
		add := func(id int32, method graph.MatchMethod, score float64) {
			if len(ms) >= limit {
				return
			}
			name := f.name(id)
			for _, have := range ms {
				if have.Entity.Name == name {
					return
				}
			}
			ms = append(ms, graph.Match{Entity: graph.Entity{Name: name, Type: typ.typeName(id)}, Method: method, Score: score})
		}
		if id, ok := f.lookup(m); ok {
			add(id, graph.MatchExact, 1)
		}
		key := text.Key(m)
		if key != "" {
			for _, id := range f.keyEntities(key) {
				add(id, graph.MatchNormalized, 1)
			}
			for _, id := range typ.alias[key] {
				add(id, graph.MatchAlias, 1)
			}
		}
		type cand struct {
			id    int32
			score float64
		}
		byScore := func(a, b cand) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.id, b.id)) }
		if req.Partial && key != "" && len(f.keySize) > 0 {
			if words == nil {
				words = newWordSearch(f)
			}
			var cands []cand
			for _, se := range words.partial(m) {
				cands = append(cands, cand{id: se.id, score: se.score})
			}
			slices.SortFunc(cands, byScore)
			for _, c := range cands {
				add(c.id, graph.MatchPartial, c.score)
			}
		}
		if req.Fuzzy && len(ms) == 0 && key != "" && len(f.keySize) > 0 {
			var cands []cand
			for _, sk := range f.fuzzy(key) {
				for _, id := range f.keyEnt[f.keyOff[sk.key]:f.keyOff[sk.key+1]] {
					if !f.exists(id) {
						continue
					}
					cands = append(cands, cand{id: id, score: sk.score})
				}
			}
			slices.SortFunc(cands, byScore)
			for _, c := range cands {
				add(c.id, graph.MatchFuzzy, c.score)
			}
		}
		out[i] = ms
	}
	return out, nil
}
