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
	// and one was appended at KeepIndex).
	KeepDef   *graph.EntityDef `json:"keep_def,omitempty"`
	KeepIndex int              `json:"keep_index"`
	// MergeDef is the merged entity's definition, removed from MergeIndex
	// (nil: it had none).
	MergeDef   *graph.EntityDef `json:"merge_def,omitempty"`
	MergeIndex int              `json:"merge_index"`
}

type tripleKey struct{ s, r, o string }

func keyOf(t graph.Triple) tripleKey { return tripleKey{t.Subject, t.Relation, t.Object} }

// Apply merges the entity named merge into the one named keep: every fact
// naming merge names keep instead (a fact that becomes one keep already
// has collapses into it; a fact between the two goes), the merged entity's
// schema definition goes, and its name and aliases become aliases of keep.
// It returns what it changed.
func Apply(g *Graph, keep, merge Entity) (UndoRecord, error) {
	var rec UndoRecord
	if keep.Name == merge.Name {
		return rec, fmt.Errorf("cannot merge %q into itself", keep.Name)
	}
	have := make(map[tripleKey]bool, len(g.Triples))
	for _, t := range g.Triples {
		have[keyOf(t)] = true
	}
	kept := g.Triples[:0:0]
	var rewritten []graph.Triple
	for _, t := range g.Triples {
		if t.Subject != merge.Name && t.Object != merge.Name {
			kept = append(kept, t)
			continue
		}
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
	for _, t := range rec.Replaced {
		delete(have, keyOf(t))
	}
	for _, n := range rewritten {
		if !have[keyOf(n)] {
			have[keyOf(n)] = true
			rec.Added = append(rec.Added, n)
			kept = append(kept, n)
		}
	}
	g.Triples = kept

	if g.Schema == nil {
		rec.NoSchema = true
		g.Schema = &graph.Schema{}
	}
	ents := g.Schema.Entities
	aliases := []string{merge.Name}
	rec.MergeIndex = slices.IndexFunc(ents, func(d graph.EntityDef) bool { return d.Name == merge.Name })
	if rec.MergeIndex >= 0 {
		d := cloneDef(ents[rec.MergeIndex])
		rec.MergeDef = &d
		aliases = append(aliases, d.Aliases...)
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
	} else {
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
	return rec, nil
}

// Undo puts back what Apply changed. Undone newest first, merges restore
// the graph before them exactly (the same facts, with their types, access
// lists and sources, and the same schema).
func Undo(g *Graph, rec UndoRecord) {
	added := make(map[tripleKey]bool, len(rec.Added))
	for _, t := range rec.Added {
		added[keyOf(t)] = true
	}
	out := g.Triples[:0:0]
	for _, t := range g.Triples {
		if !added[keyOf(t)] {
			out = append(out, t)
		}
	}
	g.Triples = append(out, rec.Replaced...)
	if g.Schema == nil {
		return
	}
	ents := g.Schema.Entities
	if rec.MergeDef != nil {
		ents = slices.Insert(ents, min(rec.MergeIndex, len(ents)), cloneDef(*rec.MergeDef))
	}
	switch {
	case rec.KeepDef != nil && rec.KeepIndex < len(ents):
		ents[rec.KeepIndex] = cloneDef(*rec.KeepDef)
	case rec.KeepDef == nil && rec.KeepIndex < len(ents):
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
