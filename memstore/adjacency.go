package memstore

import (
	"context"
	"encoding/binary"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/idgraph"
	"github.com/scgraph/scgraph/internal/text"
)

// Adjacency returns the store's graph by entity id (idgraph.Graph): the
// read side's arrays as they are, for a walk that visits much of the
// graph. It is a snapshot: a write after it is not seen.
func (s *Store) Adjacency(ctx context.Context) (idgraph.Graph, error) {
	return s.adjacency(ctx, nil)
}

// Adjacency is Store.Adjacency over the facts the view sees: an edge,
// an entity and a relation the caller does not see are not there.
func (v *View) Adjacency(ctx context.Context) (idgraph.Graph, error) {
	return v.s.adjacency(ctx, &v.groups)
}

func (s *Store) adjacency(ctx context.Context, groups *graph.Groups) (idgraph.Graph, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	sc, typ := s.scope(groups)
	return &adjacency{sc: sc, typ: typ, user: s.user}, nil
}

// adjacency is idgraph.Graph over a scope of a read side.
type adjacency struct {
	sc   scope
	typ  *typing
	user *graph.Schema
}

func (a *adjacency) Entities() int { return a.sc.n() }

func (a *adjacency) Lookup(name string) (int32, bool) { return a.sc.lookup(name) }

func (a *adjacency) Name(id int32) string { return a.sc.name(id) }

func (a *adjacency) Type(id int32) string { return a.typ.typeName(id) }

func (a *adjacency) Relations(names []string) ([]uint16, error) {
	if len(names) == 0 {
		var all []uint16
		for r := range a.sc.rels {
			if _, ok := a.sc.relation(a.sc.rels[r]); ok {
				all = append(all, uint16(r))
			}
		}
		return all, nil
	}
	flt, err := relFilter(a.sc, a.typ, a.user, names, "walk: relations")
	if err != nil {
		return nil, err
	}
	return flt.rels, nil
}

func (a *adjacency) Edges(id int32, rels []uint16, dir graph.Direction, fn func(nb int32, fact uint32, d graph.Direction) bool) bool {
	f, vis := a.sc.frozen, a.sc.vis
	var oLo, oHi, iLo, iHi uint32
	if dir != graph.In {
		oLo, oHi = f.outOff[id], f.outOff[id+1]
	}
	if dir != graph.Out {
		iLo, iHi = f.inOff[id], f.inOff[id+1]
	}
	if int(oHi-oLo+iHi-iLo) <= 4*len(rels)+16 {
		// A small node: one pass over its edges (sorted by relation, as
		// rels is), merging the two directions by relation. The incoming
		// edges' relations are read first, into inRel, in a loop of
		// independent loads (each is a triple's, anywhere in rel), so
		// that the processor waits for them together rather than one at
		// a time.
		var inRel [64]uint16
		if iHi-iLo <= uint32(len(inRel)) {
			for j := iLo; j < iHi; j++ {
				inRel[j-iLo] = f.rel[f.inTri[j]]
			}
		}
		relIn := func(j uint32) uint16 {
			if iHi-iLo <= uint32(len(inRel)) {
				return inRel[j-iLo]
			}
			return f.rel[f.inTri[j]]
		}
		i, j, ri, rj := oLo, iLo, 0, 0
		for i < oHi || j < iHi {
			if j == iHi || i < oHi && f.rel[i] <= relIn(j) {
				r := f.rel[i]
				for ri < len(rels) && rels[ri] < r {
					ri++
				}
				if ri < len(rels) && rels[ri] == r && (vis == nil || vis.tri[i]) && !fn(f.obj[i], i, graph.Out) {
					return false
				}
				i++
				continue
			}
			t := f.inTri[j]
			r := relIn(j)
			for rj < len(rels) && rels[rj] < r {
				rj++
			}
			if rj < len(rels) && rels[rj] == r && (vis == nil || vis.tri[t]) && !fn(f.inSub[j], t, graph.In) {
				return false
			}
			j++
		}
		return true
	}
	for _, r := range rels {
		if dir != graph.In {
			lo, hi := relRange(f.outOff[id], f.outOff[id+1], r, f.relOfOut)
			for i := lo; i < hi; i++ {
				if (vis == nil || vis.tri[i]) && !fn(f.obj[i], i, graph.Out) {
					return false
				}
			}
		}
		if dir != graph.Out {
			lo, hi := relRange(f.inOff[id], f.inOff[id+1], r, f.relOfIn)
			for j := lo; j < hi; j++ {
				t := f.inTri[j]
				if (vis == nil || vis.tri[t]) && !fn(f.inSub[j], t, graph.In) {
					return false
				}
			}
		}
	}
	return true
}

func (a *adjacency) Count(id int32, rels []uint16, dir graph.Direction) int {
	if a.sc.vis == nil {
		return a.sc.frozen.count(id, dir, &filter{rels: rels})
	}
	n := 0
	a.Edges(id, rels, dir, func(int32, uint32, graph.Direction) bool { n++; return true })
	return n
}

func (a *adjacency) Hop(from, to int32, fact uint32, d graph.Direction) graph.Hop {
	f := a.sc.frozen
	return graph.Hop{From: f.name(from), Relation: f.rels[f.rel[fact]], To: f.name(to), Direction: d, Source: f.source(fact)}
}

// Similarity counts, over the trigram postings of key's trigrams, how many
// trigrams each normalized name shares with it (as fuzzy linking does),
// and scores an entity by the Jaccard similarity of the two sets, with
// the same expression as text.Similarity.
func (a *adjacency) Similarity(key string) func(id int32) float64 {
	f := a.sc.frozen
	goal := text.NewGoal(key)
	if key == "" {
		return func(id int32) float64 { return goal.Similarity(text.Key(f.name(id))) }
	}
	tgs := trigrams(key, nil)
	nq := int32(len(tgs))
	inter := make([]uint16, len(f.keySize))
	for _, tg := range tgs {
		i, ok := slices.BinarySearch(f.tgCode, tg)
		if !ok {
			continue
		}
		post := f.tgPost[f.tgOff[i]:f.tgOff[i+1]]
		k := uint64(0)
		for len(post) > 0 {
			delta, n := binary.Uvarint(post)
			if n <= 0 {
				break
			}
			post = post[n:]
			k += delta
			if k >= uint64(len(inter)) {
				break
			}
			inter[k]++
		}
	}
	entKey := f.entityKeys()
	return func(id int32) float64 {
		k := entKey[id]
		if k < 0 || f.keySize[k] == maxKeySize {
			return goal.Similarity(text.Key(f.name(id)))
		}
		in := int32(inter[k])
		return float64(in) / float64(nq+int32(f.keySize[k])-in)
	}
}

// entityKeys returns the normalized key of every entity (-1: none),
// inverting keyEnt once per read side.
func (f *frozen) entityKeys() []int32 {
	f.entKeyOnce.Do(func() {
		ek := make([]int32, f.n())
		for i := range ek {
			ek[i] = -1
		}
		for k := 0; k+1 < len(f.keyOff); k++ {
			for _, v := range f.keyEnt[f.keyOff[k]:f.keyOff[k+1]] {
				if v >= 0 && int(v) < len(ek) {
					ek[v] = int32(k)
				}
			}
		}
		f.entKey = ek
	})
	return f.entKey
}
