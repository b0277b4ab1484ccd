package memstore

import (
	"slices"

	"github.com/scgraph/scgraph/internal/infer"
)

// typing types the entities and infers the schema as infer.Infer does
// (its rules, through infer.RoleTyper and infer.AssembleSchema), counting
// over the facts' arrays and the entities' roles a pass at a time.
func (bs *build) typing() error {
	base := bs.opts.Schema
	tn := newSmallTable("") // type names; 0 is "" (untyped)
	typeOf := make([]uint32, bs.n)
	st := &infer.SchemaStats{RelNames: bs.relNames, TypeCount: map[string]int{}, RelCount: bs.relCount, Shared: bs.shared,
		Words: map[string]map[string]int{}, Members: map[string]int{}}
	for v := range bs.n {
		if m, ok := bs.votes[int32(v)]; ok {
			best, bestN := "", uint32(0)
			var given []string
			for ref, c := range m {
				t := bs.types.names[ref-1]
				given = append(given, t)
				if c > bestN || (c == bestN && t < best) {
					best, bestN = t, c
				}
			}
			typeOf[v] = tn.intern(best)
			st.AddOtherTypes(string(bs.names.get(bs.order[v])), best, given)
		} else if ref := bs.typeVote[v]; ref != 0 {
			typeOf[v] = tn.intern(bs.types.names[ref-1])
		}
	}
	bs.votes, bs.typeVote, bs.voteCount = nil, nil, nil
	if base != nil {
		for _, e := range base.Entities {
			if id, ok := bs.names.lookup(e.Name); ok && e.Type != "" && typeOf[bs.rank[id]] == 0 {
				typeOf[bs.rank[id]] = tn.intern(e.Type)
			}
		}
	}
	rt := infer.NewRoleTyper(base, bs.relNames)
	if err := bs.eachRoles(func(e int32, rs []infer.RoleCount) {
		if typeOf[e] != 0 {
			return
		}
		if t, ok := rt.Declared(rs); ok {
			typeOf[e] = tn.intern(t)
		} else {
			rt.Observe(rs)
		}
	}); err != nil {
		return err
	}
	rt.Classify()
	if err := bs.eachRoles(func(e int32, rs []infer.RoleCount) {
		if typeOf[e] == 0 {
			typeOf[e] = tn.intern(rt.AssignNamed(rs, infer.ShapeType(bs.names.get(bs.order[e]))))
		}
	}); err != nil {
		return err
	}

	st.Inferred = rt.Inferred()
	counts := make([]int, len(tn.names))
	for _, t := range typeOf {
		counts[t]++
	}
	for t, c := range counts {
		if c > 0 {
			st.TypeCount[tn.names[t]] = c
		}
	}
	nrel := len(bs.relNames)
	from, to := make([]map[uint32]int, nrel), make([]map[uint32]int, nrel)
	for r := range nrel {
		from[r], to[r] = map[uint32]int{}, map[uint32]int{}
	}
	if err := bs.eachFact(func(s, o int32, r uint16) {
		from[r][typeOf[s]]++
		to[r][typeOf[o]]++
	}); err != nil {
		return err
	}
	st.From, st.To = make([]map[string]int, nrel), make([]map[string]int, nrel)
	for r := range nrel {
		st.From[r], st.To[r] = map[string]int{}, map[string]int{}
		for t, c := range from[r] {
			st.From[r][tn.names[t]] = c
		}
		for t, c := range to[r] {
			st.To[r][tn.names[t]] = c
		}
	}
	for v, id := range bs.order {
		st.CountWords(tn.names[typeOf[v]], string(bs.names.get(id)))
	}
	var shapeErr error
	st.Shapes = func() map[string]infer.Shape {
		sh, err := bs.shapes()
		shapeErr = err
		return sh
	}
	bs.schema = infer.AssembleSchema(base, st)
	if shapeErr != nil {
		return shapeErr
	}

	// The typing as newTyping lays it out: the type names sorted, an index
	// for each entity.
	used := make([]bool, len(tn.names))
	for _, t := range typeOf {
		used[t] = true
	}
	for t, u := range used {
		if u {
			bs.typeNames = append(bs.typeNames, tn.names[t])
		}
	}
	slices.Sort(bs.typeNames)
	idx := make([]uint32, len(tn.names))
	for i, name := range bs.typeNames {
		idx[tn.ids[name]] = uint32(i)
	}
	for v, t := range typeOf {
		typeOf[v] = idx[t]
	}
	bs.typeOf = typeOf
	return nil
}

// eachRoles calls fn with every entity's roles (infer.RoleCount: its
// relations as subject, then as object, with counts), by entity.
func (bs *build) eachRoles(fn func(e int32, rs []infer.RoleCount)) error {
	sr, err := bs.subjRoles.reader()
	if err != nil {
		return err
	}
	or, err := bs.objRoles.reader()
	if err != nil {
		return err
	}
	type roleRec struct{ e, role, n int32 }
	read := func(r *columnReader, left *int64) (roleRec, bool, error) {
		if *left == 0 {
			return roleRec{}, false, nil
		}
		*left -= 3
		var v [3]uint64
		for i := range v {
			x, err := r.next()
			if err != nil {
				return roleRec{}, false, err
			}
			v[i] = x
		}
		return roleRec{int32(v[0]), int32(v[1]), int32(v[2])}, true, nil
	}
	sLeft, oLeft := bs.subjRoles.n, bs.objRoles.n
	s, sok, err := read(sr, &sLeft)
	if err != nil {
		return err
	}
	o, ook, err := read(or, &oLeft)
	if err != nil {
		return err
	}
	var rs []infer.RoleCount
	tk := &ticker{ctx: bs.ctx}
	for sok || ook {
		e := s.e
		if !sok || (ook && o.e < e) {
			e = o.e
		}
		rs = rs[:0]
		for sok && s.e == e {
			rs = append(rs, infer.RoleCount{Role: s.role, N: s.n})
			if s, sok, err = read(sr, &sLeft); err != nil {
				return err
			}
		}
		for ook && o.e == e {
			rs = append(rs, infer.RoleCount{Role: o.role, N: o.n})
			if o, ook, err = read(or, &oLeft); err != nil {
				return err
			}
		}
		fn(e, rs)
		if err := tk.tick(); err != nil {
			return err
		}
	}
	return nil
}

// eachFact calls fn with every fact (subject, object, relation), in
// canonical order.
func (bs *build) eachFact(fn func(s, o int32, r uint16)) error {
	obj, err := bs.obj.reader()
	if err != nil {
		return err
	}
	rel, err := bs.rel.reader()
	if err != nil {
		return err
	}
	tk := &ticker{ctx: bs.ctx}
	for s := range bs.n {
		for range bs.outOff[s+1] - bs.outOff[s] {
			o, err := obj.next()
			if err != nil {
				return err
			}
			r, err := rel.next()
			if err != nil {
				return err
			}
			fn(int32(s), int32(o), uint16(r))
			if err := tk.tick(); err != nil {
				return err
			}
		}
	}
	return nil
}

// shapes says what the structure says of each relation (infer.Shape): its
// subjects, objects and both from the roles, and whether it has a cycle by
// Kahn's algorithm over its facts, as many relations at a time as fit in
// memory.
func (bs *build) shapes() (map[string]infer.Shape, error) {
	nrel := len(bs.relNames)
	sh := make([]infer.Shape, nrel)
	if err := bs.eachRoles(func(e int32, rs []infer.RoleCount) {
		var subj, obj []int32
		for _, rc := range rs {
			if rc.Role%2 == 0 {
				sh[rc.Role/2].Subjects++
				subj = append(subj, rc.Role/2)
			} else {
				sh[rc.Role/2].Objects++
				obj = append(obj, rc.Role/2)
			}
		}
		for _, r := range subj {
			if slices.Contains(obj, r) {
				sh[r].Shared++
			}
		}
	}); err != nil {
		return nil, err
	}
	type edge struct{ s, o int32 }
	budget := max(1<<20, int(bs.opts.Memory/32)) // edges held at once
	stamp := make([]uint32, bs.n)
	indeg := make([]int32, bs.n)
	start := make([]int32, bs.n)
	gen := uint32(0)
	for lo := 0; lo < nrel; {
		hi, held := lo, 0
		for hi < nrel && (hi == lo || held+bs.relCount[hi] <= budget) {
			held += bs.relCount[hi]
			hi++
		}
		edges := make([][]edge, hi-lo)
		if err := bs.eachFact(func(s, o int32, r uint16) {
			if int(r) >= lo && int(r) < hi {
				edges[int(r)-lo] = append(edges[int(r)-lo], edge{s, o})
			}
		}); err != nil {
			return nil, err
		}
		for i, es := range edges {
			gen++
			var touched []int32
			visit := func(v int32) {
				if stamp[v] != gen {
					stamp[v], indeg[v], start[v] = gen, 0, 0
					touched = append(touched, v)
				}
			}
			for j, e := range es {
				visit(e.s)
				visit(e.o)
				if start[e.s] == 0 {
					start[e.s] = int32(j) + 1
				}
				indeg[e.o]++
			}
			var queue []int32
			for _, v := range touched {
				if indeg[v] == 0 {
					queue = append(queue, v)
				}
			}
			removed := 0
			for len(queue) > 0 {
				v := queue[len(queue)-1]
				queue = queue[:len(queue)-1]
				removed++
				if start[v] == 0 {
					continue
				}
				for j := int(start[v]) - 1; j < len(es) && es[j].s == v; j++ {
					w := es[j].o
					if indeg[w]--; indeg[w] == 0 {
						queue = append(queue, w)
					}
				}
			}
			sh[lo+i].Acyclic = removed == len(touched)
			edges[i] = nil
		}
		lo = hi
	}
	out := make(map[string]infer.Shape, nrel)
	for r, name := range bs.relNames {
		out[name] = sh[r]
	}
	return out, nil
}
