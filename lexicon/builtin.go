package lexicon

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/nodes"
)

// The lexicons shipped with scgraph, learned from public dev data (see
// builtin/README.md for how each was made).
//
//go:embed builtin
var builtinFS embed.FS

var (
	builtinOnce   sync.Once
	builtinModels []*Model
	builtinErr    error
)

// Builtins returns the shipped lexicons.
func Builtins() ([]*Model, error) {
	builtinOnce.Do(func() {
		paths, _ := fs.Glob(builtinFS, "builtin/*.json")
		sort.Strings(paths)
		for _, p := range paths {
			data, err := builtinFS.ReadFile(p)
			if err != nil {
				builtinErr = err
				return
			}
			m, err := Load(bytes.NewReader(data))
			if err != nil {
				builtinErr = err
				return
			}
			builtinModels = append(builtinModels, m)
		}
	})
	return builtinModels, builtinErr
}

// MinOverlap is how much a shipped lexicon's relations must overlap a
// graph's (Jaccard) for Builtin to apply it.
const MinOverlap = 0.85

// Builtin returns the shipped lexicon learned on a graph with (nearly) the
// same relations as s, or nil when none fits. It suits
// agent.WithChainScorerFor.
func Builtin(s *graph.Schema) nodes.ChainScorer {
	ms, err := Builtins()
	if err != nil || s == nil {
		return nil
	}
	var best *Model
	bestJ := 0.0
	for _, m := range ms {
		if j := jaccard(m.Relations, s.RelationNames()); j >= MinOverlap && j > bestJ {
			best, bestJ = m, j
		}
	}
	if best == nil {
		return nil
	}
	return best
}

func jaccard(a, b []string) float64 {
	set := map[string]int{}
	for _, x := range a {
		set[x] |= 1
	}
	for _, x := range b {
		set[x] |= 2
	}
	inter := 0
	for _, v := range set {
		if v == 3 {
			inter++
		}
	}
	if len(set) == 0 {
		return 0
	}
	return float64(inter) / float64(len(set))
}

// String names the lexicon for plan notes.
func (m *Model) String() string {
	if m.Name == "" {
		return "lexicon"
	}
	return "lexicon " + m.Name
}

// Describe summarises a model for people.
func Describe(m *Model) string {
	nw := 0
	for _, l := range m.inv {
		nw += len(l)
	}
	return fmt.Sprintf("%s: %d relations, %d chains seen in training, %d features, %d weights, anchor reentry %v",
		m.String(), len(m.Relations), len(m.vocab), len(m.feats), nw, m.Reentry)
}
