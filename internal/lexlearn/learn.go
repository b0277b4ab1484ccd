package lexlearn

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/state"
)

// Question is a labelled question to learn from.
type Question struct {
	Text string
	// Anchor is the question's topic entity as the graph names it.
	Anchor string
	// Answers are the gold answers.
	Answers []string
	// Hops is the gold depth (0: try 1 to 3 and keep the best).
	Hops int
	// GoldPath, when the data gives it, is the chain's evidence in storage
	// direction, from the anchor; it labels the question without search.
	GoldPath []graph.Triple
}

// Store is what learning needs from a graph.
type Store interface {
	Expander
	Schema(ctx context.Context) (*graph.Schema, error)
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
}

// ErrNoExamples: no question could be labelled, so there is nothing to
// train on.
var ErrNoExamples = errors.New("lexicon: no labelled examples")

// Options tune Learn.
type Options struct {
	Train lexicon.TrainOptions
	Label LabelOptions
	// Workers label questions in parallel (default GOMAXPROCS).
	Workers int
	// Cache, when set, keeps labels between calls (cross-validation
	// learns once per fold from overlapping questions).
	Cache *LabelCache
}

// LabelCache remembers how questions were labelled. It is safe for
// concurrent use.
type LabelCache struct{ m sync.Map }

// labelKey is everything a question's label depends on: two questions of
// one text and anchor may differ in their gold (PathQuestion asks "what
// is the release of Believe 's tracks 's tracks ?" twice, over two gold
// paths), and a key of the text alone gave each fold whichever of them
// a worker labelled last.
type labelKey struct {
	text, anchor string
	hops         int
	answers      string
	path         string
}

// keyOf returns question q's labelKey.
func keyOf(q Question) labelKey {
	var path strings.Builder
	for _, t := range q.GoldPath {
		fmt.Fprintf(&path, "%s\x00%s\x00%s\x00", t.Subject, t.Relation, t.Object)
	}
	return labelKey{text: q.Text, anchor: q.Anchor, hops: q.Hops, answers: strings.Join(q.Answers, "\x00"), path: path.String()}
}

// Report says what Learn did.
type Report struct {
	Questions int `json:"questions"`
	Labelled  int `json:"labelled"`
	// Unmasked counts questions whose anchor could not be found in the text.
	Unmasked int `json:"unmasked"`
	// Unlabelled counts questions no chain explained (F1 below the floor).
	Unlabelled int `json:"unlabelled"`
	// Ambiguous counts questions whose answers several chains explain equally.
	Ambiguous int `json:"ambiguous"`
	// ReentryVotes counts labelled questions better explained with (Yes)
	// or without (No) passing through the anchor again.
	ReentryYes int  `json:"reentry_yes"`
	ReentryNo  int  `json:"reentry_no"`
	Reentry    bool `json:"anchor_reentry"`
	Chains     int  `json:"chains"`
}

// MaskQuestion masks the anchor's mention in a question the way the
// planner does at question time: a [bracketed] mention whole, else the
// first occurrence of the anchor's name (exact, then case-insensitive).
func MaskQuestion(q, anchor string) (string, bool) {
	if bs := text.Brackets(q); len(bs) > 0 {
		return text.MaskSpan(q, bs[0].Start, bs[0].End), true
	}
	if i := strings.Index(q, anchor); i >= 0 && anchor != "" {
		return text.MaskSpan(q, i, i+len(anchor)), true
	}
	if i := strings.Index(strings.ToLower(q), strings.ToLower(anchor)); i >= 0 && anchor != "" {
		return text.MaskSpan(q, i, i+len(anchor)), true
	}
	return "", false
}

// Learn labels the questions in the graph and trains a model: gold paths
// give chains directly; otherwise Label searches the graph for the chain
// whose end set matches the answers. It also decides, by majority of the
// questions where it matters, whether answers are reached through the
// anchor (lexicon.Model.Reentry).
func Learn(ctx context.Context, g Store, qs []Question, opts Options) (*lexicon.Model, Report, error) {
	rep := Report{Questions: len(qs)}
	sch, err := g.Schema(ctx)
	if err != nil {
		return nil, rep, err
	}
	if opts.Train.Schema == nil {
		opts.Train.Schema = sch
	}
	types := map[string]string{}
	if err := anchorTypes(ctx, g, qs, types); err != nil {
		return nil, rep, err
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]result, len(qs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				key := keyOf(qs[i])
				if opts.Cache != nil {
					if r, ok := opts.Cache.m.Load(key); ok {
						results[i] = r.(result)
						continue
					}
				}
				results[i] = labelQuestion(ctx, g, qs[i], i, types[qs[i].Anchor], opts.Label)
				if opts.Cache != nil && results[i].err == nil {
					opts.Cache.m.Store(key, results[i])
				}
			}
		}()
	}
	for i := range qs {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, rep, err
	}
	var exs []lexicon.Example
	for _, r := range results {
		switch {
		case r.err != nil:
			return nil, rep, r.err
		case r.unmasked:
			rep.Unmasked++
		case r.ex == nil:
			rep.Unlabelled++
		default:
			rep.Labelled++
			exs = append(exs, *r.ex)
			if r.ambig {
				rep.Ambiguous++
			}
			if r.reentryYes {
				rep.ReentryYes++
			}
			if r.reenNo {
				rep.ReentryNo++
			}
		}
	}
	if len(exs) == 0 {
		return nil, rep, ErrNoExamples
	}
	opts.Train.Reentry = rep.ReentryYes > rep.ReentryNo
	rep.Reentry = opts.Train.Reentry
	m := lexicon.Train(exs, opts.Train)
	rep.Chains = m.Size()
	return m, rep, nil
}

// result is how one question was labelled.
type result struct {
	ex                 *lexicon.Example
	unmasked, ambig    bool
	reentryYes, reenNo bool
	err                error
}

// labelQuestion labels question q (the i-th, for messages): its gold
// chains, from its gold path or searched from its answers, and whether
// passing through the anchor explains the answers better.
func labelQuestion(ctx context.Context, g Store, q Question, i int, anchorType string, label LabelOptions) result {
	masked, ok := MaskQuestion(q.Text, q.Anchor)
	if !ok {
		return result{unmasked: true}
	}
	var gold []state.Chain
	if len(q.GoldPath) > 0 {
		c, err := ChainOf(q.Anchor, q.GoldPath)
		if err != nil {
			return result{err: fmt.Errorf("question %d: %w", i+1, err)}
		}
		gold = []state.Chain{c}
	} else {
		hops := []int{q.Hops}
		if q.Hops == 0 {
			hops = []int{1, 2, 3}
		}
		best := 0.0
		for _, h := range hops {
			cs, f1, err := Label(ctx, g, q.Anchor, q.Answers, h, label)
			if err != nil {
				return result{err: fmt.Errorf("question %d: %w", i+1, err)}
			}
			if len(cs) > 0 && f1 > best {
				gold, best = cs, f1
			}
		}
	}
	if len(gold) == 0 {
		return result{}
	}
	r := result{ex: &lexicon.Example{Question: masked, AnchorType: anchorType, Gold: gold}, ambig: len(gold) > 1}
	// Does passing through the anchor explain the answers better?
	ans := map[string]bool{}
	for _, a := range q.Answers {
		ans[a] = true
	}
	without, err := EndSet(ctx, g, q.Anchor, gold[0], false, 100000)
	if err != nil {
		return result{err: err}
	}
	with, err := EndSet(ctx, g, q.Anchor, gold[0], true, 100000)
	if err != nil {
		return result{err: err}
	}
	fw, fo := F1(with, ans), F1(without, ans)
	r.reentryYes, r.reenNo = fw > fo+1e-9, fo > fw+1e-9
	return r
}

// anchorTypes resolves every anchor once, to learn its type.
func anchorTypes(ctx context.Context, g Store, qs []Question, out map[string]string) error {
	seen := map[string]bool{}
	var names []string
	for _, q := range qs {
		if q.Anchor != "" && !seen[q.Anchor] {
			seen[q.Anchor] = true
			names = append(names, q.Anchor)
		}
	}
	sort.Strings(names)
	const batch = 5000
	for i := 0; i < len(names); i += batch {
		part := names[i:min(i+batch, len(names))]
		res, err := g.Resolve(ctx, graph.ResolveRequest{Mentions: part, Limit: 1})
		if err != nil {
			return err
		}
		for j, ms := range res {
			if len(ms) > 0 && ms[0].Method == graph.MatchExact {
				out[part[j]] = ms[0].Entity.Type
			}
		}
	}
	return nil
}
