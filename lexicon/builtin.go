package lexicon

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// The lexicons shipped with scgraph, learned from public dev data (see
// builtin/README.md for how each was made).
//
//go:embed builtin
var builtinFS embed.FS

// builtinModel is a shipped lexicon: its relations are read up front
// (they come first in the file), the rest only when a graph matches.
type builtinModel struct {
	path      string
	relations []string
	once      sync.Once
	m         *Model
	err       error
}

func (b *builtinModel) load() (*Model, error) {
	b.once.Do(func() {
		data, err := builtinFS.ReadFile(b.path)
		if err != nil {
			b.err = err
			return
		}
		b.m, b.err = Load(bytes.NewReader(data))
	})
	return b.m, b.err
}

var (
	builtinOnce sync.Once
	builtinList []*builtinModel
	builtinErr  error
)

func builtinIndex() ([]*builtinModel, error) {
	builtinOnce.Do(func() {
		paths, _ := fs.Glob(builtinFS, "builtin/*.json.gz")
		sort.Strings(paths)
		for _, p := range paths {
			f, err := builtinFS.Open(p)
			if err != nil {
				builtinErr = err
				return
			}
			r, err := maybeGunzip(f)
			if err != nil {
				f.Close()
				builtinErr = fmt.Errorf("%s: %w", p, err)
				return
			}
			rels, err := readRelations(r)
			f.Close()
			if err != nil {
				builtinErr = fmt.Errorf("%s: %w", p, err)
				return
			}
			builtinList = append(builtinList, &builtinModel{path: p, relations: rels})
		}
	})
	return builtinList, builtinErr
}

// readRelations reads a model file only as far as its relations.
func readRelations(r io.Reader) ([]string, error) {
	dec := json.NewDecoder(r)
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		if tok == "relations" {
			var rels []string
			err := dec.Decode(&rels)
			return rels, err
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return nil, errors.New("no relations")
}

// builtins returns the shipped lexicons, all loaded.
func builtins() ([]*Model, error) {
	list, err := builtinIndex()
	if err != nil {
		return nil, err
	}
	out := make([]*Model, 0, len(list))
	for _, b := range list {
		m, err := b.load()
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// minOverlap is how much a shipped lexicon's relations must overlap a
// graph's (Jaccard) for Builtin to apply it.
const minOverlap = 0.85

// Builtin returns the shipped lexicon learned on a graph with (nearly) the
// same relations as s, or nil when none fits.
func Builtin(s *graph.Schema) *Model {
	list, err := builtinIndex()
	if err != nil || s == nil {
		return nil
	}
	var best *builtinModel
	bestJ := 0.0
	for _, b := range list {
		if j := jaccard(b.relations, s.RelationNames()); j >= minOverlap && j > bestJ {
			best, bestJ = b, j
		}
	}
	if best == nil {
		return nil
	}
	m, err := best.load()
	if err != nil {
		return nil
	}
	return m
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
func (m *Model) Describe() string {
	nw := 0
	for _, l := range m.inv {
		nw += len(l)
	}
	return fmt.Sprintf("%s: %d relations, %d chains seen in training, %d features, %d weights, anchor reentry %v",
		m.String(), len(m.Relations), len(m.vocab), len(m.feats), nw, m.Reentry)
}

// Shipped returns a chain scorer (agent.ChainScorer) that ranks with the
// shipped lexicon learned on a graph with (nearly) the same relations as
// the graph it is asked about, and proposes nothing for other graphs: the
// planner then reads the question without a lexicon.
func Shipped() *Selector { return &Selector{} }

// Selector picks a shipped lexicon by the schema it is given (see
// Shipped), once per schema.
type Selector struct {
	mu     sync.Mutex
	schema *graph.Schema
	model  *Model
}

// Chains implements agent.ChainScorer.
func (s *Selector) Chains(question, anchorType string, schema *graph.Schema, maxHops int) []state.Chain {
	if m := s.pick(schema); m != nil {
		return m.Chains(question, anchorType, schema, maxHops)
	}
	return nil
}

func (s *Selector) pick(schema *graph.Schema) *Model {
	s.mu.Lock()
	defer s.mu.Unlock()
	if schema != s.schema {
		s.schema, s.model = schema, Builtin(schema)
	}
	return s.model
}

// String names the lexicon in use, for plan notes.
func (s *Selector) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.model == nil {
		return "no shipped lexicon"
	}
	return s.model.String()
}
