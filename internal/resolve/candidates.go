package resolve

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/text"
)

// Signal names what made two entities a candidate merge.
type Signal string

// The signals, strongest first.
const (
	SignalNormalized   Signal = "normalized"
	SignalAlias        Signal = "alias"
	SignalAbbreviation Signal = "abbreviation"
	SignalEmbedding    Signal = "embedding"
	SignalLLM          Signal = "llm"
)

// The scores of the exact signals; an embedding's score is its cosine.
const (
	ScoreNormalized   = 0.95
	ScoreAlias        = 0.9
	ScoreAbbreviation = 0.8
	// MaxEmbeddingConfidence caps what an embedding alone makes a
	// candidate's confidence: below the name rules, so that accepting at
	// 0.9 or more never merges on vector closeness alone (on MetaQA it
	// pairs singular and plural film titles, "Love Letter", "Love
	// Letters", at 0.93).
	MaxEmbeddingConfidence = 0.85
	// DefaultEmbeddingThreshold is the cosine at or above which two names'
	// embeddings make them a candidate (measured on the demo graph with
	// embed.Hashed: see docs/documents.md).
	DefaultEmbeddingThreshold = 0.8
)

// Evidence is one signal for a candidate.
type Evidence struct {
	Signal Signal  `json:"signal"`
	Score  float64 `json:"score"`
	// Detail says what matched: the shared key, the alias and where it is
	// declared, the expanded names.
	Detail string `json:"detail"`
}

// weight is what the evidence counts for in a candidate's confidence: its
// score, an embedding's capped at MaxEmbeddingConfidence.
func (e Evidence) weight() float64 {
	if e.Signal == SignalEmbedding {
		return min(e.Score, MaxEmbeddingConfidence)
	}
	return e.Score
}

// Entity is an entity as resolution sees it.
type Entity struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
	// Facts counts the triples the entity is in.
	Facts int `json:"facts"`
	// Defined reports whether the schema defines the entity.
	Defined bool `json:"defined,omitempty"`
}

// Verdict is a model's answer to "are these the same entity?".
type Verdict struct {
	Same       bool    `json:"same"`
	Confidence float64 `json:"confidence"`
	Reason     string  `json:"reason"`
	// Error says why the model gave no usable verdict.
	Error string `json:"error,omitempty"`
}

// Candidate is a proposed merge: Merge's facts would move to Keep.
type Candidate struct {
	// ID names the pair, whichever way round: PairID(Keep, Merge).
	ID         string     `json:"id"`
	Keep       Entity     `json:"keep"`
	Merge      Entity     `json:"merge"`
	Evidence   []Evidence `json:"evidence"`
	Confidence float64    `json:"confidence"`
	// Verdict is the model's confirmation (Confirm), when asked.
	Verdict *Verdict `json:"verdict,omitempty"`
}

// Refuted reports whether a model said the two are different.
func (c Candidate) Refuted() bool {
	return c.Verdict != nil && c.Verdict.Error == "" && !c.Verdict.Same
}

// PairID is the ID of the pair of names, the same either way round.
func PairID(a, b string) string {
	if b < a {
		a, b = b, a
	}
	h := sha256.Sum256([]byte(a + "\x00" + b))
	return "m-" + hex.EncodeToString(h[:])[:8]
}

// Options tune Find. The zero value gives the defaults.
type Options struct {
	// Aliases is the alias table (schema and user aliases); nil means
	// the schema's only.
	Aliases *AliasTable
	// Embedder embeds entity names; default embed.NewHashed().
	Embedder embeddings.Embedder
	// Threshold is the cosine at or above which embeddings propose a
	// pair; default DefaultEmbeddingThreshold. Negative turns the
	// embedding signal off.
	Threshold float64
	// Skip reports pair IDs not to propose (rejected or decided ones).
	Skip func(id string) bool
	// MaxBlock caps how many names may share a block (the name with one
	// word left out) for their pairs to be compared by embedding; default
	// 500.
	MaxBlock int
}

// skipTypes are the document graph's own nodes, never merged.
var skipTypes = map[string]bool{"Document": true, "Chunk": true}

// Entities returns the entities of triples with their types and number of
// facts, Document and Chunk nodes aside, and the entities the schema
// defines (marked Defined; with no facts when the triples do not name
// them: a canonical name to merge into), sorted by name.
func Entities(ts []graph.Triple, s *graph.Schema) []Entity {
	idx := map[string]int{}
	var out []Entity
	add := func(name, typ string) {
		if skipTypes[typ] {
			return
		}
		i, ok := idx[name]
		if !ok {
			i = len(out)
			idx[name] = i
			out = append(out, Entity{Name: name})
		}
		if out[i].Type == "" {
			out[i].Type = typ
		}
		out[i].Facts++
	}
	for _, t := range ts {
		add(t.Subject, t.SubjectType)
		add(t.Object, t.ObjectType)
	}
	if s != nil {
		for _, d := range s.Entities {
			if skipTypes[d.Type] {
				continue
			}
			i, ok := idx[d.Name]
			if !ok {
				i = len(out)
				idx[d.Name] = i
				out = append(out, Entity{Name: d.Name})
			}
			out[i].Defined = true
			if out[i].Type == "" {
				out[i].Type = d.Type
			}
		}
	}
	slices.SortFunc(out, func(a, b Entity) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// Rank orders two entities by which to keep: negative when a is kept.
// The schema's entity first, then more facts, a type, a shorter name, the
// name.
func Rank(a, b Entity) int {
	bool2int := func(x bool) int {
		if x {
			return 1
		}
		return 0
	}
	return cmp.Or(
		bool2int(b.Defined)-bool2int(a.Defined),
		cmp.Compare(b.Facts, a.Facts),
		bool2int(b.Type != "")-bool2int(a.Type != ""),
		cmp.Compare(len(a.Name), len(b.Name)),
		cmp.Compare(a.Name, b.Name),
	)
}

// Compatible reports whether two entities may be the same: the same type,
// or one of them untyped. (Types that infer.Infer gives untyped entities
// are not used: they come from the roles an entity plays, and one entity
// named two ways plays different roles under each name.)
func Compatible(a, b Entity) bool { return a.Type == b.Type || a.Type == "" || b.Type == "" }

// Find proposes the candidate merges among entities, best first (by
// confidence, then the names). A candidate's confidence is its strongest
// signal's score, an embedding's capped at MaxEmbeddingConfidence.
// Entities of incompatible types are never paired.
func Find(ctx context.Context, entities []Entity, opts Options) ([]Candidate, error) {
	if opts.Embedder == nil {
		opts.Embedder = embed.NewHashed()
	}
	if opts.Threshold == 0 {
		opts.Threshold = DefaultEmbeddingThreshold
	}
	if opts.MaxBlock <= 0 {
		opts.MaxBlock = 500
	}
	byName := map[string]int{}
	forms := make([]form, len(entities))
	for i, e := range entities {
		byName[e.Name] = i
		forms[i] = formOf(e.Name)
	}
	found := map[[2]int]*Candidate{}
	propose := func(i, j int, ev Evidence) {
		if i == j || !Compatible(entities[i], entities[j]) {
			return
		}
		if Rank(entities[j], entities[i]) < 0 {
			i, j = j, i
		}
		id := PairID(entities[i].Name, entities[j].Name)
		if opts.Skip != nil && opts.Skip(id) {
			return
		}
		c := found[[2]int{i, j}]
		if c == nil {
			c = &Candidate{ID: id, Keep: entities[i], Merge: entities[j]}
			found[[2]int{i, j}] = c
		}
		for _, x := range c.Evidence {
			if x.Signal == ev.Signal {
				return
			}
		}
		c.Evidence = append(c.Evidence, ev)
		c.Confidence = max(c.Confidence, ev.weight())
	}
	// Groups by a key: every two members of a group are a candidate.
	group := func(key func(i int) string, ev func(i, j int, k string) (Evidence, bool)) {
		groups := map[string][]int{}
		for i := range entities {
			if k := key(i); k != "" {
				groups[k] = append(groups[k], i)
			}
		}
		for k, g := range groups {
			for a := 0; a < len(g); a++ {
				for b := a + 1; b < len(g); b++ {
					if e, ok := ev(g[a], g[b], k); ok {
						propose(g[a], g[b], e)
					}
				}
			}
		}
	}
	group(func(i int) string { return text.Key(entities[i].Name) }, func(i, j int, k string) (Evidence, bool) {
		return Evidence{Signal: SignalNormalized, Score: ScoreNormalized, Detail: fmt.Sprintf("both normalise to %q", k)}, true
	})
	group(func(i int) string { return forms[i].headless }, func(i, j int, k string) (Evidence, bool) {
		if text.Key(entities[i].Name) == text.Key(entities[j].Name) || distinct(forms[i], forms[j]) != "" {
			return Evidence{}, false
		}
		return Evidence{Signal: SignalAbbreviation, Score: ScoreAbbreviation,
			Detail: fmt.Sprintf("abbreviations expanded and the service head dropped, both read %q", k)}, true
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, e := range entities {
		canonical, origin, ok := opts.Aliases.Lookup(e.Name)
		if !ok {
			continue
		}
		if j, ok := byName[canonical]; ok && j != i {
			propose(j, i, Evidence{Signal: SignalAlias, Score: ScoreAlias,
				Detail: fmt.Sprintf("%q is an alias of %s (%s)", e.Name, canonical, origin)})
		}
	}
	if opts.Aliases != nil {
		// An entity that reads as an alias once abbreviations are expanded
		// ("Authentication-API" and the alias "authentication service").
		heads := map[string][]int{}
		for i, f := range forms {
			heads[f.headless] = append(heads[f.headless], i)
		}
		for _, a := range opts.Aliases.declared {
			j, ok := byName[a.canonical]
			if !ok {
				continue
			}
			af := formOf(a.alias)
			for _, i := range heads[af.headless] {
				if i == j || text.Key(entities[i].Name) == text.Key(a.alias) || distinct(af, forms[i]) != "" {
					continue
				}
				propose(j, i, Evidence{Signal: SignalAbbreviation, Score: ScoreAbbreviation,
					Detail: fmt.Sprintf("abbreviations expanded and the service head dropped, %q reads as %q, an alias of %s (%s)", entities[i].Name, a.alias, a.canonical, a.origin)})
			}
		}
	}
	if opts.Threshold > 0 {
		if err := proposeByEmbedding(ctx, entities, forms, opts, propose); err != nil {
			return nil, err
		}
	}
	out := make([]Candidate, 0, len(found))
	for _, c := range found {
		slices.SortStableFunc(c.Evidence, func(a, b Evidence) int { return cmp.Compare(b.weight(), a.weight()) })
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(b.Confidence, a.Confidence), cmp.Compare(a.Keep.Name, b.Keep.Name), cmp.Compare(a.Merge.Name, b.Merge.Name))
	})
	return out, nil
}

// proposeByEmbedding compares the embeddings of the names that differ in
// one word at most, and proposes the pairs at or above the threshold that
// nothing tells apart.
func proposeByEmbedding(ctx context.Context, entities []Entity, forms []form, opts Options, propose func(i, j int, ev Evidence)) error {
	if len(entities) < 2 {
		return nil
	}
	texts := make([]string, len(entities))
	for i, e := range entities {
		texts[i] = embeddingText(e.Name)
	}
	vecs, err := opts.Embedder.EmbedDocuments(ctx, texts)
	if err != nil {
		return fmt.Errorf("embedding entity names: %w", err)
	}
	if len(vecs) != len(entities) {
		return fmt.Errorf("embedding entity names: the embedder returned %d vectors for %d names", len(vecs), len(entities))
	}
	// Only names of as many words, equal but for misspelt words, can
	// pass unaligned: block on the name with one word left out (and that
	// word's first letter), so two names meet when they differ in one word.
	blocks := map[string][]int{}
	for i, f := range forms {
		seen := map[string]bool{}
		for drop, w := range f.words {
			k := fmt.Sprintf("%d:%s:%s", drop, prefix(w, 1), strings.Join(slices.Delete(slices.Clone(f.words), drop, drop+1), " "))
			if !seen[k] {
				seen[k] = true
				blocks[k] = append(blocks[k], i)
			}
		}
	}
	compared := map[[2]int]bool{}
	for _, b := range blocks {
		if len(b) < 2 || len(b) > opts.MaxBlock {
			continue
		}
		for x := 0; x < len(b); x++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			for y := x + 1; y < len(b); y++ {
				i, j := b[x], b[y]
				if compared[[2]int{i, j}] {
					continue
				}
				compared[[2]int{i, j}] = true
				if !Compatible(entities[i], entities[j]) || distinct(forms[i], forms[j]) != "" || unaligned(forms[i], forms[j]) != "" {
					continue
				}
				if texts[i] == texts[j] {
					continue // the same text: the name rules' case, not a second signal
				}
				if cos := embed.Cosine(vecs[i], vecs[j]); cos >= opts.Threshold {
					propose(i, j, Evidence{Signal: SignalEmbedding, Score: round3(cos),
						Detail: fmt.Sprintf("cosine %.3f of %q and %q", cos, texts[i], texts[j])})
				}
			}
		}
	}
	return nil
}

func prefix(w string, n int) string {
	r := []rune(w)
	if len(r) <= n {
		return w
	}
	return string(r[:n])
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }
