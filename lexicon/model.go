package lexicon

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Example is a labelled question for training.
type Example struct {
	// Question is the question with its anchor masked (MaskSpan).
	Question string
	// AnchorType is the anchor entity's type, for schema candidates.
	AnchorType string
	// Gold are the chains that answer the question (several when the data
	// cannot tell them apart); each step has one edge.
	Gold []state.Chain
}

// Model ranks relation chains for questions. It is safe for concurrent
// use once trained or loaded.
type Model struct {
	// Name says what the model was learned from (for plan notes).
	Name string
	// Relations are the relation names of the graph the model learned on.
	Relations []string
	// Reentry is whether the training questions' answers were reached
	// through their anchor (see state.Chain.Reentry); the chains the model
	// proposes carry it.
	Reentry bool
	vocab   []state.Chain
	// vocabKeys are the vocab chains' String, computed once.
	vocabKeys []string
	// prep computes, once, the component ids Chains looks up for every
	// question: each vocabulary chain's (vocabC) and each length's
	// (lengthIDs); -1 when the model has none.
	prep       sync.Once
	vocabC     []int32
	lengthIDs  []int32
	vocabIndex map[string]int
	// last is the analysis of the last question Chains was asked.
	last  atomic.Pointer[questionAnalysis]
	feats map[string]int32
	comps map[string]int32
	inv   [][]cw // per feature: component weights
}

type cw struct {
	c int32
	w float32
}

// TrainOptions tune training. The zero value gives the defaults.
type TrainOptions struct {
	Epochs int // default 6
	Seed   int64
	// MaxHops bounds the schema candidates (default 3).
	MaxHops int
	// Schema supplies relation signatures for candidates beyond the
	// chains seen in training; may be nil.
	Schema *graph.Schema
	// Name and Reentry are recorded in the model (see Model).
	Name    string
	Reentry bool
}

// prepare computes the component ids of the vocabulary chains and of the
// chain lengths.
func (m *Model) prepare() {
	id := func(name string) int32 {
		if id, ok := m.comps[name]; ok {
			return id
		}
		return -1
	}
	m.vocabC = make([]int32, len(m.vocab))
	m.vocabIndex = make(map[string]int, len(m.vocab))
	longest := 0
	for i, k := range m.vocabKeys {
		m.vocabIndex[k] = i
		m.vocabC[i] = id("C|" + k)
		longest = max(longest, len(m.vocab[i].Steps))
	}
	m.lengthIDs = make([]int32, longest+1)
	for k := range m.lengthIDs {
		m.lengthIDs[k] = id("L|" + strconv.Itoa(k))
	}
}

// lengthID is the component id of chains of k steps, or -1.
func (m *Model) lengthID(k int) int32 {
	if k < len(m.lengthIDs) {
		return m.lengthIDs[k]
	}
	if id, ok := m.comps["L|"+strconv.Itoa(k)]; ok {
		return id
	}
	return -1
}

// chainKeys returns the String of each chain.
func chainKeys(cs []state.Chain) []string {
	keys := make([]string, len(cs))
	for i, c := range cs {
		keys[i] = c.String()
	}
	return keys
}

// rdKey names a relation walked in a direction.
func rdKey(e state.RelDir) string {
	if e.Direction == graph.In {
		return e.Relation + "<"
	}
	return e.Relation + ">"
}

// parts returns the component names scoring a chain for a question: the
// chain's length, the chain itself, each hop by position, and, for each
// hop, where the question uses its relation's name (a part shared by all
// relations, so that it carries over to relations never seen in training).
func parts(c state.Chain, w where) []string {
	k := len(c.Steps)
	out := make([]string, 0, 2*k+2)
	out = append(out, "L|"+strconv.Itoa(k), "C|"+c.String())
	for i, s := range c.Steps {
		if len(s.Edges) == 0 {
			continue
		}
		out = append(out, hopParts(i, k, s.Edges[0], w)...)
	}
	return out
}

// chainScores scores chains for one question: the sum of the question's
// weights of the chain's parts, as parts lists them, in the same order.
// The scores of a hop's parts are kept, since the candidate chains of a
// question share most of their hops.
type chainScores struct {
	w    where
	part func(name string) float64
	hops map[hopKey][2]float64
}

type hopKey struct {
	i, k int
	e    state.RelDir
}

// hop returns the scores of hopParts(i, k, e, w).
func (sc *chainScores) hop(i, k int, e state.RelDir) [2]float64 {
	key := hopKey{i, k, e}
	if h, ok := sc.hops[key]; ok {
		return h
	}
	ps := hopParts(i, k, e, sc.w)
	h := [2]float64{sc.part(ps[0]), sc.part(ps[1])}
	sc.hops[key] = h
	return h
}

// chain returns the score of chain c, whose String is key.
func (sc *chainScores) chain(c state.Chain, key string) float64 {
	return sc.chainWith(c, sc.part("L|"+strconv.Itoa(len(c.Steps))), sc.part("C|"+key))
}

// chainWith returns the score of chain c given the scores of its length
// and chain parts.
func (sc *chainScores) chainWith(c state.Chain, length, whole float64) float64 {
	k := len(c.Steps)
	s := 0.0
	s += length
	s += whole
	for i, st := range c.Steps {
		if len(st.Edges) == 0 {
			continue
		}
		h := sc.hop(i, k, st.Edges[0])
		s += h[0]
		s += h[1]
	}
	return s
}

// hopParts are the parts of hop i of a k-hop chain.
func hopParts(i, k int, e state.RelDir, w where) []string {
	ik := strconv.Itoa(i) + "|" + strconv.Itoa(k)
	return []string{"H|" + ik + "|" + rdKey(e), "N|" + ik + "|" + w.nameAt(e.Relation)}
}

// trainer holds the perceptron's working weights.
type trainer struct {
	feats map[string]int32
	comps map[string]int32
	w, u  map[[2]int32]float64
	inv   map[int32]map[int32]bool
	t     float64
}

func (tr *trainer) feat(s string) int32 {
	if id, ok := tr.feats[s]; ok {
		return id
	}
	id := int32(len(tr.feats))
	tr.feats[s] = id
	return id
}

func (tr *trainer) comp(s string) int32 {
	if id, ok := tr.comps[s]; ok {
		return id
	}
	id := int32(len(tr.comps))
	tr.comps[s] = id
	return id
}

// Train learns a model from labelled examples. Examples with no gold
// chain are skipped.
func Train(exs []Example, opts TrainOptions) *Model {
	if opts.Epochs <= 0 {
		opts.Epochs = 6
	}
	if opts.MaxHops <= 0 {
		opts.MaxHops = 3
	}
	tr := &trainer{feats: map[string]int32{}, comps: map[string]int32{}, w: map[[2]int32]float64{}, u: map[[2]int32]float64{}, inv: map[int32]map[int32]bool{}, t: 1}
	// The chain vocabulary: every gold chain, in a stable order.
	vocabIdx := map[string]bool{}
	var vocab []state.Chain
	type prepared struct {
		fs   []int32
		w    where
		gold map[string]bool
		ex   *Example
	}
	var data []prepared
	for i := range exs {
		ex := &exs[i]
		if len(ex.Gold) == 0 {
			continue
		}
		p := prepared{gold: map[string]bool{}, ex: ex}
		fs, w := analyze(ex.Question)
		p.w = w
		for _, f := range fs {
			p.fs = append(p.fs, tr.feat(f))
		}
		for _, g := range ex.Gold {
			k := g.String()
			p.gold[k] = true
			if !vocabIdx[k] {
				vocabIdx[k] = true
				vocab = append(vocab, plain(g))
			}
		}
		data = append(data, p)
	}
	sort.SliceStable(vocab, func(i, j int) bool { return vocab[i].String() < vocab[j].String() })
	m := &Model{vocab: vocab, vocabKeys: chainKeys(vocab), Name: opts.Name, Reentry: opts.Reentry}
	if opts.Schema != nil {
		m.Relations = opts.Schema.RelationNames()
		sort.Strings(m.Relations)
	}
	rng := rand.New(rand.NewSource(opts.Seed))
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	for epoch := 0; epoch < opts.Epochs; epoch++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, di := range order {
			p := data[di]
			acc := map[int32]float64{}
			for _, f := range p.fs {
				for c := range tr.inv[f] {
					acc[c] += tr.w[[2]int32{f, c}]
				}
			}
			score := func(c state.Chain) float64 {
				s := 0.0
				for _, name := range parts(c, p.w) {
					if id, ok := tr.comps[name]; ok {
						s += acc[id]
					}
				}
				return s
			}
			cands := m.candidates(&chainScores{w: p.w, hops: map[hopKey][2]float64{}, part: func(name string) float64 {
				if id, ok := tr.comps[name]; ok {
					return acc[id]
				}
				return 0
			}}, p.ex.AnchorType, opts.Schema, opts.MaxHops)
			for _, g := range p.ex.Gold {
				cands = append(cands, plain(g))
			}
			pred, predScore := -1, math.Inf(-1)
			for i, c := range cands {
				if s := score(c); s > predScore || (s == predScore && c.String() < cands[pred].String()) {
					pred, predScore = i, s
				}
			}
			if !p.gold[cands[pred].String()] {
				best, bestScore := -1, math.Inf(-1)
				for i, g := range p.ex.Gold {
					if s := score(g); s > bestScore {
						best, bestScore = i, s
					}
				}
				tr.update(p.fs, parts(p.ex.Gold[best], p.w), 1)
				tr.update(p.fs, parts(cands[pred], p.w), -1)
			}
			tr.t++
		}
	}
	// Average the weights and index them by feature.
	m.feats, m.comps = tr.feats, tr.comps
	m.inv = make([][]cw, len(tr.feats))
	keys := make([][2]int32, 0, len(tr.w))
	for k := range tr.w {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	for _, k := range keys {
		avg := tr.w[k] - tr.u[k]/tr.t
		if math.Abs(avg) < 1e-4 {
			continue
		}
		m.inv[k[0]] = append(m.inv[k[0]], cw{c: k[1], w: float32(avg)})
	}
	return m
}

func (tr *trainer) update(fs []int32, names []string, delta float64) {
	for _, name := range names {
		c := tr.comp(name)
		for _, f := range fs {
			k := [2]int32{f, c}
			tr.w[k] += delta
			tr.u[k] += delta * tr.t
			if tr.inv[f] == nil {
				tr.inv[f] = map[int32]bool{}
			}
			tr.inv[f][c] = true
		}
	}
}

// plain strips a chain to single-edge steps with no score.
func plain(c state.Chain) state.Chain {
	out := state.Chain{Steps: make([]state.ChainStep, len(c.Steps))}
	for i, s := range c.Steps {
		out.Steps[i] = state.ChainStep{Edges: []state.RelDir{s.Edges[0]}}
	}
	return out
}

// candidates returns the vocabulary plus, with a schema, the best chains
// of each length its relation signatures allow from the anchor type
// (a beam search scored by the hop and length parts).
func (m *Model) candidates(sc *chainScores, anchorType string, sch *graph.Schema, maxHops int) []state.Chain {
	return append(append([]state.Chain(nil), m.vocab...), m.beam(sc, anchorType, sch, maxHops)...)
}

// beam returns the chains of one to maxHops hops from an entity of type
// anchorType ("" for any) that a beam search over the schema's relations
// finds best for the question sc scores.
func (m *Model) beam(sc *chainScores, anchorType string, sch *graph.Schema, maxHops int) []state.Chain {
	var out []state.Chain
	if sch == nil {
		return out
	}
	const beam = 8
	// A partial chain is its last hop and the partial it extends; the
	// chains are built for the partials the beam keeps.
	type partial struct {
		prev  *partial
		rd    state.RelDir
		types []string
		score float64
		depth int
	}
	chain := func(p *partial) state.Chain {
		steps := make([]state.ChainStep, p.depth)
		for q := p; q != nil && q.depth > 0; q = q.prev {
			steps[q.depth-1] = state.ChainStep{Edges: []state.RelDir{q.rd}}
		}
		return state.Chain{Steps: steps}
	}
	// The relations walked each way, with the scores of each as hop i of
	// a k-hop chain, computed once per (i, k).
	type move struct {
		rd       state.RelDir
		from, to []string
	}
	moves := make([]move, 0, 2*len(sch.Relations))
	for _, r := range sch.Relations {
		moves = append(moves,
			move{state.RelDir{Relation: r.Name, Direction: graph.Out}, r.From, r.To},
			move{state.RelDir{Relation: r.Name, Direction: graph.In}, r.To, r.From})
	}
	hopScores := make([][2]float64, len(moves))
	scored := make([]bool, len(moves))
	for k := 1; k <= maxHops; k++ {
		level := []*partial{{types: typesOrNil(anchorType)}}
		for i := 0; i < k; i++ {
			clear(scored)
			var next []*partial
			for _, p := range level {
				for x, mv := range moves {
					if p.types != nil && !overlaps(p.types, mv.from) {
						continue
					}
					if !scored[x] {
						hopScores[x], scored[x] = sc.hop(i, k, mv.rd), true
					}
					h := hopScores[x]
					next = append(next, &partial{prev: p, rd: mv.rd, types: mv.to, score: p.score + h[0] + h[1], depth: i + 1})
				}
			}
			slices.SortStableFunc(next, func(a, b *partial) int { return cmp.Compare(b.score, a.score) })
			if len(next) > beam {
				next = next[:beam]
			}
			level = next
		}
		for _, p := range level {
			out = append(out, chain(p))
		}
	}
	return out
}

func typesOrNil(t string) []string {
	if t == "" {
		return nil
	}
	return []string{t}
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// maxChains is how many chains Chains returns at most.
const maxChains = 5

// Chains implements agent.ChainScorer: the best chains for a masked
// question, best first, with their scores.
func (m *Model) Chains(question, anchorType string, sch *graph.Schema, maxHops int) []state.Chain {
	a := m.analysis(question)
	a.mu.Lock()
	defer a.mu.Unlock()
	sc := a.scores
	// A chain naming a relation the graph does not have cannot be walked
	// (a lexicon learned on a larger graph of the same kind).
	var known map[string]bool
	if sch != nil {
		known = make(map[string]bool, len(sch.Relations))
		for _, r := range sch.Relations {
			known[r.Name] = true
		}
	}
	ok := func(c state.Chain) bool {
		if len(c.Steps) > maxHops {
			return false
		}
		for _, st := range c.Steps {
			for _, e := range st.Edges {
				if known != nil && !known[e.Relation] {
					return false
				}
			}
		}
		return true
	}
	// The chains the beam proposes beyond the vocabulary, scored and
	// sorted as the vocabulary is; then the two sorted lists merged.
	var more []scoredChain
	seen := map[string]bool{}
	for _, c := range m.beam(sc, anchorType, sch, maxHops) {
		k := c.String()
		if _, inVocab := m.vocabIndex[k]; inVocab || seen[k] || !ok(c) {
			continue
		}
		seen[k] = true
		more = append(more, scoredChain{c: c, key: k, s: sc.chain(c, k)})
	}
	slices.SortFunc(more, compareScored)
	out := make([]state.Chain, 0, maxChains)
	add := func(x scoredChain) {
		c := x.c
		c.Score = math.Round(x.s*1000) / 1000
		c.Reentry = m.Reentry
		out = append(out, c)
	}
	i, j := 0, 0
	for len(out) < maxChains && (i < len(a.vocab) || j < len(more)) {
		if i < len(a.vocab) && !ok(a.vocab[i].c) {
			i++
			continue
		}
		if j >= len(more) || (i < len(a.vocab) && compareScored(a.vocab[i], more[j]) < 0) {
			add(a.vocab[i])
			i++
		} else {
			add(more[j])
			j++
		}
	}
	return out
}

// scoredChain is a chain with its key (String) and score for a question.
type scoredChain struct {
	c   state.Chain
	key string
	s   float64
}

// compareScored orders chains best first: by score, then by key (keys
// are distinct, so the order is total).
func compareScored(a, b scoredChain) int {
	if a.s != b.s {
		return cmp.Compare(b.s, a.s)
	}
	return strings.Compare(a.key, b.key)
}

// questionAnalysis is what Chains computes of a question whatever the
// anchor's type and the schema: its component weights, where the words
// stand, and the vocabulary chains scored and sorted. It is not changed
// once made.
type questionAnalysis struct {
	question string
	acc      []float32
	w        where
	vocab    []scoredChain

	// mu guards scores, whose hop memo the calls for the same question
	// share (the anchor's type changes which chains are built, not how a
	// hop scores).
	mu     sync.Mutex
	scores *chainScores
}

// analysis returns the question's analysis, reusing the last one made
// when it is of the same question: a planner that does not know the
// anchor's type yet asks twice.
func (m *Model) analysis(question string) *questionAnalysis {
	m.prep.Do(m.prepare)
	if a := m.last.Load(); a != nil && a.question == question {
		return a
	}
	a := &questionAnalysis{question: question, acc: make([]float32, len(m.comps))}
	fs, w := analyze(question)
	a.w = w
	for _, f := range fs {
		id, ok := m.feats[f]
		if !ok {
			continue
		}
		for _, x := range m.inv[id] {
			a.acc[x.c] += x.w
		}
	}
	at := func(id int32) float64 {
		if id < 0 {
			return 0
		}
		return float64(a.acc[id])
	}
	sc := &chainScores{w: w, hops: map[hopKey][2]float64{}, part: m.partOf(a)}
	a.scores = sc
	a.vocab = make([]scoredChain, len(m.vocab))
	for i, c := range m.vocab {
		a.vocab[i] = scoredChain{c: c, key: m.vocabKeys[i], s: sc.chainWith(c, at(m.lengthID(len(c.Steps))), at(m.vocabC[i]))}
	}
	slices.SortFunc(a.vocab, compareScored)
	m.last.Store(a)
	return a
}

// partOf returns the weight of a component by name in a question's
// analysis.
func (m *Model) partOf(a *questionAnalysis) func(string) float64 {
	return func(name string) float64 {
		if id, ok := m.comps[name]; ok {
			return float64(a.acc[id])
		}
		return 0
	}
}

// file is the JSON form of a model.
type file struct {
	Version    int           `json:"version"`
	Name       string        `json:"name,omitempty"`
	Reentry    bool          `json:"anchor_reentry,omitempty"`
	Relations  []string      `json:"relations"`
	Chains     []state.Chain `json:"chains"`
	Features   []string      `json:"features"`
	Components []string      `json:"components"`
	// Weights are [feature, component, weight×1000] triples.
	Weights [][3]int32 `json:"weights"`
}

const fileVersion = 1

// Save writes the model as JSON.
func (m *Model) Save(w io.Writer) error {
	f := file{Version: fileVersion, Name: m.Name, Reentry: m.Reentry, Relations: m.Relations, Chains: m.vocab}
	f.Features = invert(m.feats)
	f.Components = invert(m.comps)
	for fid, list := range m.inv {
		for _, x := range list {
			q := int32(math.Round(float64(x.w) * 1000))
			if q != 0 {
				f.Weights = append(f.Weights, [3]int32{int32(fid), x.c, q})
			}
		}
	}
	return json.NewEncoder(w).Encode(f)
}

func invert(m map[string]int32) []string {
	out := make([]string, len(m))
	for s, id := range m {
		out[id] = s
	}
	return out
}

// Load reads a model written by Save, gzip-compressed or not.
func Load(r io.Reader) (*Model, error) {
	r, err := maybeGunzip(r)
	if err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	var f file
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("lexicon: %w", err)
	}
	if f.Version != fileVersion {
		return nil, fmt.Errorf("lexicon: version %d, want %d", f.Version, fileVersion)
	}
	m := &Model{Name: f.Name, Reentry: f.Reentry, Relations: f.Relations, vocab: f.Chains, vocabKeys: chainKeys(f.Chains), feats: map[string]int32{}, comps: map[string]int32{}}
	for i, s := range f.Features {
		m.feats[s] = int32(i)
	}
	for i, s := range f.Components {
		m.comps[s] = int32(i)
	}
	m.inv = make([][]cw, len(f.Features))
	for i, w := range f.Weights {
		if w[0] < 0 || int(w[0]) >= len(f.Features) || w[1] < 0 || int(w[1]) >= len(f.Components) {
			return nil, fmt.Errorf("lexicon: weights[%d] refers outside the feature or component table", i)
		}
		m.inv[w[0]] = append(m.inv[w[0]], cw{c: w[1], w: float32(w[2]) / 1000})
	}
	for i, c := range m.vocab {
		for _, s := range c.Steps {
			if len(s.Edges) != 1 {
				return nil, fmt.Errorf("lexicon: chains[%d]: each step must have one edge", i)
			}
		}
	}
	return m, nil
}

// LoadFile reads a model file.
func LoadFile(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// maybeGunzip returns a reader of r's content, decompressed if r starts
// with the gzip magic bytes.
func maybeGunzip(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(2)
	if err == nil && head[0] == 0x1f && head[1] == 0x8b {
		return gzip.NewReader(br)
	}
	return br, nil
}

// Size is the number of relation chains the model knows.
func (m *Model) Size() int { return len(m.vocab) }
