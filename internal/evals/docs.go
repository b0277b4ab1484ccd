package evals

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/state"
)

// PassageMode is a way of finding the passages that answer a question, as
// the documents mode compares them.
type PassageMode string

// The passage modes.
const (
	// PassagesHybrid is the routed system: a lookup's flat hybrid search,
	// or the hybrid passages inside the agent's traversed subgraph.
	PassagesHybrid PassageMode = "hybrid"
	// PassagesGraph is the agent alone: the passages that stated its
	// evidence edges, in the order its paths use them.
	PassagesGraph PassageMode = "graph-only"
	// PassagesVector ranks every chunk by embedding similarity alone.
	PassagesVector PassageMode = "vector-only"
	// PassagesKeyword ranks every chunk by BM25 alone.
	PassagesKeyword PassageMode = "keyword-only"
	// PassagesNoSemantic and PassagesNoGraph are hybrid with one signal
	// left out: what the semantic and the graph signal add.
	PassagesNoSemantic PassageMode = "hybrid-no-semantic"
	PassagesNoGraph    PassageMode = "hybrid-no-graph"
)

// PassageModes are the passage modes in report order.
var PassageModes = []PassageMode{PassagesHybrid, PassagesGraph, PassagesVector, PassagesKeyword, PassagesNoSemantic, PassagesNoGraph}

// ablations are the hybrid modes that leave a signal out.
var ablations = []struct {
	mode PassageMode
	sigs hybrid.Signals
}{{PassagesNoSemantic, hybrid.Keyword | hybrid.Graph}, {PassagesNoGraph, hybrid.Semantic | hybrid.Keyword}}

// DocsDepth is how many passages each mode ranks per question: MRR is
// MRR@DocsDepth.
const DocsDepth = 10

// DocQuestion is a question of the documents mode. Its gold passages are
// the chunks that answer it: given (a lookup), or the chunks that state
// its gold paths' edges (a relationship question).
type DocQuestion struct {
	ID           string   `json:"id"`
	Text         string   `json:"question"`
	Answers      []string `json:"answers,omitempty"`
	GoldPassages []string `json:"gold_passages"`
	// Route is the route the question should take.
	Route route.Route `json:"route"`
	// HasAnswers: the question is scored on its answer set too.
	HasAnswers bool `json:"-"`
	// Source is file:line.
	Source string `json:"-"`
}

// docQuestionLine is one line of a documents-mode question file.
type docQuestionLine struct {
	ID           string       `json:"id"`
	Question     string       `json:"question"`
	Answers      *[]string    `json:"answers"`
	GoldPaths    [][][]string `json:"gold_paths"`
	GoldPassages []string     `json:"gold_passages"`
	Route        *route.Route `json:"route"`
}

// LoadDocQuestions reads a JSONL question file of the documents mode:
// lookups ({"id","question","gold_passages",["route"]}) or relationship
// questions in the eval JSONL format ({"id","question","answers",
// "gold_paths"}), whose gold passages are the chunks of ix that state a
// gold path's edge. A question with answers is expected on the relation
// route, one without on the lookup route, unless "route" says. Errors name
// the file and line.
func LoadDocQuestions(path string, ix *docs.Index) ([]DocQuestion, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []DocQuestion
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		b := strings.TrimSpace(sc.Text())
		if b == "" {
			continue
		}
		var l docQuestionLine
		if err := json.Unmarshal([]byte(b), &l); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if strings.TrimSpace(l.Question) == "" {
			return nil, fmt.Errorf("%s:%d: no question", path, line)
		}
		q := DocQuestion{ID: l.ID, Text: l.Question, GoldPassages: l.GoldPassages, Route: route.Lookup, Source: fmt.Sprintf("%s:%d", path, line)}
		if q.ID == "" {
			q.ID = q.Source
		}
		if l.Answers != nil {
			q.Answers, q.HasAnswers, q.Route = *l.Answers, true, route.Relation
		}
		for pi, p := range l.GoldPaths {
			for ti, t := range p {
				if len(t) != 3 {
					return nil, fmt.Errorf("%s:%d: gold_paths[%d][%d]: want [subject, relation, object]", path, line, pi, ti)
				}
				for _, s := range ix.Support(t[0], t[1], t[2]) {
					if !slices.Contains(q.GoldPassages, s.Chunk) {
						q.GoldPassages = append(q.GoldPassages, s.Chunk)
					}
				}
			}
		}
		for _, c := range q.GoldPassages {
			if _, ok := ix.Chunk(c); !ok {
				return nil, fmt.Errorf("%s:%d: gold passage %q is no chunk of the document index", path, line, c)
			}
		}
		if l.Route != nil {
			q.Route = *l.Route
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no questions", path)
	}
	return out, nil
}

// DocsConfig is what the documents mode runs on.
type DocsConfig struct {
	Index *docs.Index
	// Store holds the index's graph (ingest --docs builds it).
	Store        agent.Store
	AgentOptions []agent.Option
	// Embedder embeds chunks and questions (nil: the hashed default);
	// EmbedderName names it in the report.
	Embedder     embeddings.Embedder
	EmbedderName string
	// Stored are the chunk vectors kept at ingest, made by Embedder (nil:
	// every chunk is embedded now).
	Stored hybrid.StoredVectors
	// Entities, when set, are the gold entities answers are compared
	// under: an answer is right when it names the gold entity by any of
	// its names ("Accounting Service" for accounting-service).
	Entities *docs.GoldEntities
}

// DocsSet is one question file's questions.
type DocsSet struct {
	Name      string
	Questions []DocQuestion
}

// PassageScore is one mode's figures on one set.
type PassageScore struct {
	Mode PassageMode `json:"mode"`
	// Questions counts those with gold passages (the others, negative
	// relationship questions, have none to find).
	Questions int     `json:"questions"`
	RecallAt1 float64 `json:"recall_at_1"`
	RecallAt3 float64 `json:"recall_at_3"`
	RecallAt5 float64 `json:"recall_at_5"`
	MRR       float64 `json:"mrr"`
	// Exact is the share of the set's questions with answers whose answer
	// set is the gold set: the agent's answers for the hybrid modes and
	// graph-only;
	// for vector-only and keyword-only, the entities of the asked type the
	// top 5 passages mention, the question's own aside. Nil for lookups.
	Exact *float64 `json:"exact,omitempty"`
}

// DocResult is one question's outcome in every mode.
type DocResult struct {
	ID           string                   `json:"id"`
	Question     string                   `json:"question"`
	Route        route.Decision           `json:"route"`
	WantRoute    route.Route              `json:"want_route"`
	GoldPassages []string                 `json:"gold_passages"`
	Passages     map[PassageMode][]string `json:"passages"`
	Answers      map[PassageMode][]string `json:"answers,omitempty"`
	Gold         []string                 `json:"gold,omitempty"`
	// Stop is how the agent's run ended; Claimed is true when it claimed
	// a finished answer (complete or no_chain), which over documents is
	// a claim that nothing else is stated.
	Stop    state.Stop `json:"stop,omitempty"`
	Claimed bool       `json:"claimed"`
}

// DocsSetReport is the documents mode's report on one set.
type DocsSetReport struct {
	Name      string `json:"name"`
	Questions int    `json:"questions"`
	// RouteAccuracy is the share of questions routed as expected.
	RouteAccuracy float64 `json:"route_accuracy"`
	// Claims counts the relationship questions whose run claimed a
	// finished answer; ClaimedWrong those of them whose answer set is not
	// the gold set.
	Claims       int `json:"claims"`
	ClaimedWrong int `json:"claimed_wrong"`
	// Ceiling is the best recall@k any ranking could reach: a question
	// with more gold passages than k cannot have them all in its first k.
	Ceiling PassageScore   `json:"ceiling"`
	Modes   []PassageScore `json:"modes"`
	Results []DocResult    `json:"results"`
}

// DocsReport is the documents mode's report.
type DocsReport struct {
	Chunks   int             `json:"chunks"`
	Embedder string          `json:"embedder"`
	RRFK     int             `json:"rrf_k"`
	Depth    int             `json:"depth"`
	Sets     []DocsSetReport `json:"sets"`
}

// EvaluateDocs runs the documents mode: every question in every passage
// mode, scored against its gold passages (recall@1/3/5, MRR@10), answers
// scored for relationship questions, and routes checked.
func EvaluateDocs(ctx context.Context, cfg DocsConfig, sets []DocsSet) (*DocsReport, error) {
	px, err := hybrid.New(ctx, cfg.Index, hybrid.Config{Embedder: cfg.Embedder, Stored: cfg.Stored})
	if err != nil {
		return nil, err
	}
	rules := plan.New(cfg.Store, nil, plan.Options{})
	ag := agent.New(cfg.Store, cfg.AgentOptions...)
	asker := &docqa.Asker{Router: route.New(rules), Agent: ag, Index: cfg.Index, Passages: px, K: DocsDepth}
	partial := map[PassageMode]*docqa.Asker{}
	for _, ab := range ablations {
		a := *asker
		a.Signals = ab.sigs
		partial[ab.mode] = &a
	}
	name := cfg.EmbedderName
	if name == "" {
		name = "hashed"
	}
	rep := &DocsReport{Chunks: px.Len(), Embedder: name, RRFK: hybrid.RRFK, Depth: DocsDepth}
	types := entityTypes(cfg.Index)
	for _, set := range sets {
		sr := DocsSetReport{Name: set.Name, Questions: len(set.Questions)}
		routed := 0
		for _, q := range set.Questions {
			r, err := runDocQuestion(ctx, q, asker, partial, ag, px, rules, types)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", q.Source, err)
			}
			if r.Route.Route == q.Route {
				routed++
			}
			if q.HasAnswers && r.Claimed {
				sr.Claims++
				if !sameAnswersUnder(cfg.Entities, r.Answers[PassagesHybrid], q.Answers) {
					sr.ClaimedWrong++
				}
			}
			sr.Results = append(sr.Results, r)
		}
		sr.RouteAccuracy = round4(float64(routed) / float64(len(set.Questions)))
		for _, m := range PassageModes {
			sr.Modes = append(sr.Modes, scorePassages(m, set.Questions, sr.Results, cfg.Entities))
		}
		sr.Ceiling = ceiling(set.Questions)
		rep.Sets = append(rep.Sets, sr)
	}
	return rep, nil
}

func runDocQuestion(ctx context.Context, q DocQuestion, asker *docqa.Asker, partial map[PassageMode]*docqa.Asker, ag *agent.Agent, px *hybrid.Index, rules *plan.Rules, types map[string]string) (DocResult, error) {
	r := DocResult{ID: q.ID, Question: q.Text, WantRoute: q.Route, GoldPassages: q.GoldPassages,
		Passages: map[PassageMode][]string{}, Answers: map[PassageMode][]string{}, Gold: q.Answers}
	ans, err := asker.Ask(ctx, q.Text)
	if ans == nil {
		return r, err
	}
	r.Route = ans.Route
	r.Passages[PassagesHybrid] = passageChunks(ans.Passages)
	for _, ab := range ablations {
		pa, err := partial[ab.mode].Ask(ctx, q.Text)
		if pa == nil {
			return r, err
		}
		r.Passages[ab.mode] = passageChunks(pa.Passages)
	}
	res := ans.Result
	if res == nil {
		if res, err = ag.Run(ctx, q.Text); res == nil {
			return r, err
		}
	}
	r.Stop = res.StopReason
	r.Claimed = res.StopReason == state.StopComplete || res.StopReason == state.StopNoChain
	var cited []string
	for _, c := range docs.Cite(asker.Index, res.Paths) {
		if !slices.Contains(cited, c.Chunk) {
			cited = append(cited, c.Chunk)
		}
	}
	r.Passages[PassagesGraph] = cited
	pl, _, err := rules.Plan(ctx, q.Text)
	if err != nil {
		return r, err
	}
	for _, m := range []struct {
		mode PassageMode
		sig  hybrid.Signals
	}{{PassagesVector, hybrid.Semantic}, {PassagesKeyword, hybrid.Keyword}} {
		ps, err := px.Search(ctx, hybrid.Query{Question: q.Text, Signals: m.sig, K: DocsDepth})
		if err != nil {
			return r, err
		}
		r.Passages[m.mode] = passageChunks(ps)
		if q.HasAnswers {
			r.Answers[m.mode] = flatAnswers(ps, pl, asker.Index, types)
		}
	}
	if q.HasAnswers {
		var names []string
		for _, a := range res.Answers {
			names = append(names, a.Name)
		}
		r.Answers[PassagesGraph] = names
		r.Answers[PassagesHybrid] = names
		for _, ab := range ablations {
			r.Answers[ab.mode] = names
		}
	}
	return r, nil
}

func passageChunks(ps []hybrid.Passage) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Chunk
	}
	return out
}

// flatAnswersK is how many passages a flat mode reads its answers from.
const flatAnswersK = 5

// flatAnswers are a flat search's answers: the entities its top passages
// mention, of the type the question asks for when it names one, other
// than the question's own.
func flatAnswers(ps []hybrid.Passage, pl state.Plan, ix *docs.Index, types map[string]string) []string {
	own := map[string]bool{}
	for _, a := range plan.Mentioned(pl) {
		own[a.Entity] = true
	}
	mentions := map[string][]string{}
	for _, d := range ix.Documents {
		for _, m := range d.Mentions {
			mentions[m.Chunk] = append(mentions[m.Chunk], m.Entity)
		}
	}
	var out []string
	for i, p := range ps {
		if i == flatAnswersK {
			break
		}
		for _, e := range mentions[p.Chunk] {
			if own[e] || slices.Contains(out, e) || pl.Target.Type != "" && types[e] != pl.Target.Type {
				continue
			}
			out = append(out, e)
		}
	}
	return out
}

// entityTypes maps each entity the documents mention to its type.
func entityTypes(ix *docs.Index) map[string]string {
	out := map[string]string{}
	for _, d := range ix.Documents {
		for _, m := range d.Mentions {
			out[m.Entity] = m.Type
		}
	}
	return out
}

// scorePassages scores one mode on a set.
func scorePassages(m PassageMode, qs []DocQuestion, rs []DocResult, ents *docs.GoldEntities) PassageScore {
	s := PassageScore{Mode: m}
	var r1, r3, r5, mrr []float64
	exact, withAnswers := 0, 0
	for i, q := range qs {
		got := rs[i].Passages[m]
		if len(q.GoldPassages) > 0 {
			r1 = append(r1, recallAt(got, q.GoldPassages, 1))
			r3 = append(r3, recallAt(got, q.GoldPassages, 3))
			r5 = append(r5, recallAt(got, q.GoldPassages, 5))
			mrr = append(mrr, reciprocalRank(got, q.GoldPassages, DocsDepth))
		}
		if q.HasAnswers {
			withAnswers++
			if sameAnswersUnder(ents, rs[i].Answers[m], q.Answers) {
				exact++
			}
		}
	}
	s.Questions = len(r1)
	s.RecallAt1, s.RecallAt3, s.RecallAt5, s.MRR = meanOr0(r1), meanOr0(r3), meanOr0(r5), meanOr0(mrr)
	if withAnswers > 0 {
		x := round4(float64(exact) / float64(withAnswers))
		s.Exact = &x
	}
	return s
}

// ceiling scores the perfect ranking of each question: its gold passages
// first.
func ceiling(qs []DocQuestion) PassageScore {
	rs := make([]DocResult, len(qs))
	for i, q := range qs {
		rs[i].Passages = map[PassageMode][]string{"ceiling": q.GoldPassages}
		rs[i].Answers = map[PassageMode][]string{"ceiling": q.Answers}
	}
	s := scorePassages("ceiling", qs, rs, nil)
	s.Exact = nil
	return s
}

func meanOr0(xs []float64) float64 {
	if m := mean(xs); m != nil {
		return *m
	}
	return 0
}

// recallAt is the share of gold passages among the first k.
func recallAt(got, gold []string, k int) float64 {
	n := 0
	for _, g := range gold {
		if i := slices.Index(got, g); i >= 0 && i < k {
			n++
		}
	}
	return float64(n) / float64(len(gold))
}

// reciprocalRank is 1/rank of the first gold passage within depth, or 0.
func reciprocalRank(got, gold []string, depth int) float64 {
	for i, c := range got {
		if i == depth {
			break
		}
		if slices.Contains(gold, c) {
			return 1 / float64(i+1)
		}
	}
	return 0
}

// sameAnswersUnder compares answer sets under the gold entities' names
// (nil: under Normalize).
func sameAnswersUnder(ents *docs.GoldEntities, got, gold []string) bool {
	if ents == nil {
		return sameAnswers(got, gold)
	}
	canon := func(ns []string) []string {
		out := make([]string, len(ns))
		for i, n := range ns {
			out[i] = ents.Canonical(n)
		}
		return out
	}
	return sameAnswers(canon(got), canon(gold))
}

// sameAnswers compares answer sets under Normalize.
func sameAnswers(got, gold []string) bool {
	a, _ := normSet(got)
	b, _ := normSet(gold)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// WriteDocsMarkdown writes the documents mode's report as tables.
func WriteDocsMarkdown(w io.Writer, rep *DocsReport) error {
	var b strings.Builder
	b.WriteString("# scgraph evaluation: documents\n\n")
	b.WriteString("| set | mode | questions | recall@1 | recall@3 | recall@5 | MRR@10 | exact answers |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range rep.Sets {
		if s.Ceiling.Questions == 0 && s.Ceiling.Exact == nil && !slices.ContainsFunc(s.Modes, func(m PassageScore) bool { return m.Exact != nil }) {
			continue // nothing gold to find: routes only
		}
		for _, m := range append(s.Modes, s.Ceiling) {
			exact := "–"
			if m.Exact != nil {
				exact = fmt.Sprintf("%.3f", *m.Exact)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %.3f | %.3f | %.3f | %.3f | %s |\n", s.Name, m.Mode, m.Questions, m.RecallAt1, m.RecallAt3, m.RecallAt5, m.MRR, exact)
		}
	}
	b.WriteString("\n| set | questions | routed as expected | finished claims | finished claims wrong |\n|---|---:|---:|---:|---:|\n")
	for _, s := range rep.Sets {
		fmt.Fprintf(&b, "| %s | %d | %.3f | %d | %d |\n", s.Name, s.Questions, s.RouteAccuracy, s.Claims, s.ClaimedWrong)
	}
	fmt.Fprintf(&b, "\n%d chunks; embedder %s; hybrid = reciprocal-rank fusion (k = %d) of semantic, keyword (BM25) and graph proximity, inside the agent's traversed subgraph on the relation route; graph-only = the passages that stated the agent's evidence edges; gold passages of a relationship question = the chunks stating its gold paths' edges.\n",
		rep.Chunks, rep.Embedder, rep.RRFK)
	for _, s := range rep.Sets {
		for _, r := range s.Results {
			if r.Route.Route != r.WantRoute {
				fmt.Fprintf(&b, "- %s %q routed %s, expected %s: %s\n", s.Name, r.Question, r.Route.Route, r.WantRoute, r.Route.Reason)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
