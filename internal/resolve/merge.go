package resolve

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
)

// Graph is what a merge rewrites: the facts and the user schema (whose
// entity aliases keep a merged name linkable).
type Graph struct {
	Triples []graph.Triple
	Schema  *graph.Schema
}

// UndoRecord holds exactly what one merge changed, so Undo can put it back.
type UndoRecord struct {
	// Replaced are the facts that named the merged entity, as they were.
	Replaced []graph.Triple `json:"replaced"`
	// Added are the rewritten facts that were not in the graph before.
	Added []graph.Triple `json:"added"`
	// NoSchema: the graph had no schema; one was made to hold the alias.
	NoSchema bool `json:"no_schema,omitempty"`
	// KeepDef is the kept entity's definition before (nil: it had none,
	// and one was appended at KeepIndex; or, with KeepIndex -1, none was
	// needed).
	KeepDef   *graph.EntityDef `json:"keep_def,omitempty"`
	KeepIndex int              `json:"keep_index"`
	// MergeDef is the merged entity's definition, removed from MergeIndex
	// (nil: it had none).
	MergeDef   *graph.EntityDef `json:"merge_def,omitempty"`
	MergeIndex int              `json:"merge_index"`
}

type tripleKey struct{ s, r, o string }

func keyOf(t graph.Triple) tripleKey { return tripleKey{t.Subject, t.Relation, t.Object} }

// Pair is one merge: Merge's facts go to Keep.
type Pair struct{ Keep, Merge Entity }

// Apply merges the entity named merge into the one named keep: every fact
// naming merge names keep instead (a fact that becomes one keep already
// has collapses into it; a fact between the two goes), the merged entity's
// schema definition goes, and its name and aliases become aliases of keep.
// It returns what it changed.
func Apply(g *Graph, keep, merge Entity) (UndoRecord, error) {
	recs, err := ApplyAll(g, []Pair{{Keep: keep, Merge: merge}})
	if err != nil {
		return UndoRecord{}, err
	}
	return recs[0], nil
}

// ApplyAll applies the merges in order, as many Applys one after the
// other would, with one index over the facts instead of a pass over all of
// them per merge, and returns what each changed.
func ApplyAll(g *Graph, pairs []Pair) ([]UndoRecord, error) {
	for _, p := range pairs {
		if p.Keep.Name == p.Merge.Name {
			return nil, fmt.Errorf("cannot merge %q into itself", p.Keep.Name)
		}
	}
	ts := slices.Clone(g.Triples)
	dead := make([]bool, len(ts))
	at := map[string][]int{} // entity name → positions of its facts in ts
	index := func(i int) {
		at[ts[i].Subject] = append(at[ts[i].Subject], i)
		if ts[i].Object != ts[i].Subject {
			at[ts[i].Object] = append(at[ts[i].Object], i)
		}
	}
	for i := range ts {
		index(i)
	}
	recs := make([]UndoRecord, len(pairs))
	for k, p := range pairs {
		rec := &recs[k]
		keep, merge := p.Keep, p.Merge
		// A rewritten fact names keep, so only keep's facts can equal one.
		have := map[tripleKey]bool{}
		for _, i := range at[keep.Name] {
			if t := ts[i]; !dead[i] && t.Subject != merge.Name && t.Object != merge.Name {
				have[keyOf(t)] = true
			}
		}
		var rewritten []graph.Triple
		for _, i := range at[merge.Name] {
			if dead[i] {
				continue
			}
			dead[i] = true
			t := ts[i]
			rec.Replaced = append(rec.Replaced, t)
			n := t
			if n.Subject == merge.Name {
				n.Subject = keep.Name
				if keep.Type != "" {
					n.SubjectType = keep.Type
				}
			}
			if n.Object == merge.Name {
				n.Object = keep.Name
				if keep.Type != "" {
					n.ObjectType = keep.Type
				}
			}
			if n.Subject != n.Object {
				rewritten = append(rewritten, n)
			}
		}
		delete(at, merge.Name)
		for _, n := range rewritten {
			if !have[keyOf(n)] {
				have[keyOf(n)] = true
				rec.Added = append(rec.Added, n)
				ts = append(ts, n)
				dead = append(dead, false)
				index(len(ts) - 1)
			}
		}
		public := len(rec.Replaced) == 0
		for _, t := range rec.Replaced {
			public = public || len(t.ACL) == 0
		}
		mergeSchema(g, keep, merge, public, rec)
	}
	out := make([]graph.Triple, 0, len(ts))
	for i, t := range ts {
		if !dead[i] {
			out = append(out, t)
		}
	}
	g.Triples = out
	return recs, nil
}

// mergeSchema makes merge's name and aliases aliases of keep in the
// schema and removes merge's definition, recording what it changed. The
// schema is seen by every caller: a name that only facts with access lists
// (graph.Triple.ACL) carried, and no schema definition, does not become an
// alias (public is false), so that merging does not show it to callers
// who may not see those facts.
func mergeSchema(g *Graph, keep, merge Entity, public bool, rec *UndoRecord) {
	if g.Schema == nil {
		rec.NoSchema = true
		g.Schema = &graph.Schema{}
	}
	ents := g.Schema.Entities
	var aliases []string
	rec.MergeIndex = slices.IndexFunc(ents, func(d graph.EntityDef) bool { return d.Name == merge.Name })
	if rec.MergeIndex >= 0 {
		d := cloneDef(ents[rec.MergeIndex])
		rec.MergeDef = &d
		aliases = append([]string{merge.Name}, d.Aliases...)
	} else if public {
		aliases = []string{merge.Name}
	}
	rec.KeepIndex = slices.IndexFunc(ents, func(d graph.EntityDef) bool { return d.Name == keep.Name })
	if rec.KeepIndex >= 0 {
		d := cloneDef(ents[rec.KeepIndex])
		rec.KeepDef = &d
		nd := cloneDef(d)
		for _, a := range aliases {
			if a != keep.Name && !slices.Contains(nd.Aliases, a) {
				nd.Aliases = append(nd.Aliases, a)
			}
		}
		ents[rec.KeepIndex] = nd
	} else if len(aliases) > 0 {
		rec.KeepIndex = len(ents)
		typ := keep.Type
		if g.Schema.Type(typ) == nil {
			typ = "" // the schema may only name its own types
		}
		nd := graph.EntityDef{Name: keep.Name, Type: typ}
		for _, a := range aliases {
			if a != keep.Name && !slices.Contains(nd.Aliases, a) {
				nd.Aliases = append(nd.Aliases, a)
			}
		}
		ents = append(ents, nd)
	}
	if rec.MergeIndex >= 0 {
		ents = slices.Delete(ents, rec.MergeIndex, rec.MergeIndex+1)
	}
	g.Schema.Entities = ents
}

// Undo puts back what Apply changed. Undone newest first, merges restore
// the graph before them exactly (the same facts, with their types, access
// lists and sources, and the same schema).
func Undo(g *Graph, rec UndoRecord) { UndoAll(g, []UndoRecord{rec}) }

// UndoAll undoes merges given in the order they were applied, newest
// first, as many Undos would, in one pass over the facts.
func UndoAll(g *Graph, recs []UndoRecord) {
	ts := slices.Clone(g.Triples)
	dead := make([]bool, len(ts))
	live := make(map[tripleKey]int, len(ts))
	for i, t := range ts {
		live[keyOf(t)] = i
	}
	for k := len(recs) - 1; k >= 0; k-- {
		rec := recs[k]
		for _, t := range rec.Added {
			if i, ok := live[keyOf(t)]; ok {
				dead[i] = true
				delete(live, keyOf(t))
			}
		}
		for _, t := range rec.Replaced {
			live[keyOf(t)] = len(ts)
			ts = append(ts, t)
			dead = append(dead, false)
		}
		undoSchema(g, rec)
	}
	out := make([]graph.Triple, 0, len(ts))
	for i, t := range ts {
		if !dead[i] {
			out = append(out, t)
		}
	}
	g.Triples = out
}

// undoSchema puts back the entity definitions one merge changed.
func undoSchema(g *Graph, rec UndoRecord) {
	if g.Schema == nil {
		return
	}
	ents := g.Schema.Entities
	if rec.MergeDef != nil {
		ents = slices.Insert(ents, min(rec.MergeIndex, len(ents)), cloneDef(*rec.MergeDef))
	}
	switch {
	case rec.KeepIndex < 0 || rec.KeepIndex >= len(ents):
		// no definition of keep was touched
	case rec.KeepDef != nil:
		ents[rec.KeepIndex] = cloneDef(*rec.KeepDef)
	default:
		ents = slices.Delete(ents, rec.KeepIndex, rec.KeepIndex+1)
	}
	if len(ents) == 0 {
		ents = nil
	}
	g.Schema.Entities = ents
	if rec.NoSchema {
		g.Schema = nil
	}
}

func cloneDef(d graph.EntityDef) graph.EntityDef {
	d.Aliases = slices.Clone(d.Aliases)
	return d
}

// SortTriples sorts facts by subject, relation and object: the order
// stores keep them in, for comparing graphs.
func SortTriples(ts []graph.Triple) {
	slices.SortFunc(ts, func(a, b graph.Triple) int {
		return cmp.Or(cmp.Compare(a.Subject, b.Subject), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.Object, b.Object))
	})
}
