package docqa

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/state"
)

// GlobalAnswerer answers questions about the corpus as a whole, from
// summaries of the graph's communities.
type GlobalAnswerer interface {
	AnswerGlobal(ctx context.Context, question string) (GlobalAnswer, error)
}

// GlobalAnswer is a GlobalAnswerer's answer: its text and the summaries it
// cites.
type GlobalAnswer struct {
	Text      string         `json:"text"`
	Summaries []CitedSummary `json:"summaries"`
}

// CitedSummary is a community summary an answer cites.
type CitedSummary struct {
	// ID is the summary node's name.
	ID   string `json:"id"`
	Text string `json:"text"`
	// Members are the community's central entities.
	Members []string `json:"members,omitempty"`
	// Chunks are the passages the summary rests on.
	Chunks []string `json:"chunks,omitempty"`
}

// Agent answers relation questions; *agent.Agent is one.
type Agent interface {
	Run(ctx context.Context, question string) (*agent.Result, error)
}

// Router routes questions; *route.Router is one.
type Router interface {
	Route(ctx context.Context, question string) (route.Decision, error)
}

// Asker answers questions over a document corpus.
type Asker struct {
	Router   Router
	Agent    Agent
	Index    *docs.Index
	Passages *hybrid.Index
	// Global answers global questions; nil when no community summaries
	// are configured.
	Global GlobalAnswerer
	// K is how many related passages to return (0: hybrid.DefaultK).
	K int
	// Signals are the rankings the passage searches fuse (0: all; the
	// evaluation leaves one out to measure what it adds).
	Signals hybrid.Signals
	// Route, when set, is taken instead of the router's decision (the
	// router still reads the question, for the entities it names).
	Route route.Route
}

// Answer is the answer to one question, by its route.
type Answer struct {
	Question string         `json:"question"`
	Route    route.Decision `json:"route"`
	// Text is the answer sentence: the agent's on the relation route.
	Text string `json:"answer"`
	// Result is the agent's result, on the relation route.
	Result *agent.Result `json:"-"`
	// Citations are the passages that stated each evidence edge (relation
	// route).
	Citations []docs.Citation `json:"citations,omitempty"`
	// Passages are the hybrid search's passages: related passages inside
	// the traversed subgraph on the relation route, the search's results
	// otherwise.
	Passages []hybrid.Passage `json:"related_passages"`
	// Global is the global answerer's answer.
	Global *GlobalAnswer `json:"global,omitempty"`
	// Note says what stood in for a missing part ("no community summaries
	// are configured ...").
	Note string `json:"note,omitempty"`
	// WordsFirst: the passage search's keyword ranking came first, the
	// fused one filling the places left (an embedder that reads only
	// words; see Ask).
	WordsFirst bool `json:"-"`
}

// ErrNoSummaries is what a GlobalAnswerer returns (wrapped) when the graph
// has no community to summarise: its documents state too few facts between
// entities. A passage search answers instead (NoSummariesNote).
var ErrNoSummaries = errors.New("no community summaries: the graph has too few facts between entities")

// NoSummariesNote is the note of a global question over a graph with no
// communities.
const NoSummariesNote = "this is a global question, and the documents state too few facts between entities for community summaries: a passage search answers instead"

// NoGlobalNote is the note of a global question asked with no
// GlobalAnswerer configured.
const NoGlobalNote = "this is a global question, and no community summaries are configured for this graph: a passage search answers instead"

// Ask routes the question and answers it. On the relation route the
// agent's error comes back with the answer built from its result (as
// agent.Run returns its best so far with ErrIterationLimit); the answer is
// nil only when nothing could be answered.
func (a *Asker) Ask(ctx context.Context, question string) (*Answer, error) {
	d, err := a.Router.Route(ctx, question)
	if err != nil {
		return nil, err
	}
	if a.Route != 0 && a.Route != d.Route {
		d.Reason = fmt.Sprintf("asked for (the router would take %s: %s)", d.Route, d.Reason)
		d.Route = a.Route
	}
	ans := &Answer{Question: question, Route: d}
	switch d.Route {
	case route.Relation:
		res, err := a.Agent.Run(ctx, question)
		if res == nil {
			return nil, err
		}
		if res.Plan.OpenWorld {
			openWorldAnswer(res, a.Index)
		}
		ans.Result, ans.Text = res, res.Answer
		ans.Citations = docs.Cite(a.Index, res.Paths)
		prox := hybrid.Proximity{}
		if res.State != nil {
			prox = hybrid.FromEvidence(res.Paths, res.State.Subgraph)
		}
		prox.Stated = statedEdges(ans.Citations)
		ps, serr := a.Passages.Search(ctx, hybrid.Query{Question: question, Signals: a.Signals, Proximity: prox, K: a.K})
		if serr != nil {
			return ans, serr
		}
		ans.Passages = ps
		return ans, err
	case route.Global:
		if a.Global == nil {
			ans.Note = NoGlobalNote
			break
		}
		g, err := a.Global.AnswerGlobal(ctx, question)
		if errors.Is(err, ErrNoSummaries) {
			ans.Note = NoSummariesNote
			break
		}
		if err != nil {
			return nil, fmt.Errorf("global answer: %w", err)
		}
		ans.Global, ans.Text = &g, g.Text
		return ans, nil
	}
	// A passage search ranks by meaning and words: that a chunk names an
	// entity the question names is what the keyword signal already sees,
	// and the graph signal, which cannot tell such chunks apart, only
	// blurred the ranking (lookups' recall@3 on the demo and the three
	// public corpora of testdata/docs: equal or better without it).
	// An embedder that reads only words (the hashed one) ranks chunks by
	// the words and fragments they share with the question: the keyword
	// signal's evidence again, with more noise. Fused with the keyword
	// ranking it pushed the answering chunk out of the first three
	// (lookups over the demo and the six public corpora of testdata/docs,
	// hashed: 53 of 59 in the first three fused, 58 of 59 by keywords
	// first). So the chunks sharing a word with the question come first,
	// in the keyword ranking, and the fused ranking only fills the places
	// left (a question sharing no word, "the biggest risks", still gets
	// the passages nearest it). A model that reads meaning stays in the
	// fusion.
	sigs := a.Signals
	if sigs == 0 {
		sigs = hybrid.AllSignals
	}
	q := hybrid.Query{Question: question, Signals: sigs &^ hybrid.Graph, Proximity: hybrid.FromEntities(d.Entities), K: a.K}
	wordsFirst := a.Signals == 0 && a.Passages.LexicalEmbedder()
	if wordsFirst {
		q.Signals &^= hybrid.Semantic
	}
	ps, err := a.Passages.Search(ctx, q)
	if err != nil {
		return nil, err
	}
	ans.WordsFirst = wordsFirst
	if k := cmp.Or(a.K, hybrid.DefaultK); wordsFirst && len(ps) < k {
		q.Signals |= hybrid.Semantic
		fused, err := a.Passages.Search(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, p := range fused {
			if len(ps) < k && !slices.ContainsFunc(ps, func(o hybrid.Passage) bool { return o.Chunk == p.Chunk }) {
				ps = append(ps, p)
			}
		}
	}
	ans.Passages = ps
	ans.Text = lookupSentence(ps, ans.Note)
	return ans, nil
}

// statedEdges counts, per chunk, the distinct evidence edges the chunk
// states.
func statedEdges(cs []docs.Citation) map[string]int {
	seen := map[string]map[int]bool{}
	out := map[string]int{}
	for _, c := range cs {
		if seen[c.Chunk] == nil {
			seen[c.Chunk] = map[int]bool{}
		}
		if !seen[c.Chunk][c.N] {
			seen[c.Chunk][c.N] = true
			out[c.Chunk]++
		}
	}
	return out
}

// lookupSentence phrases a passage search's result.
func lookupSentence(ps []hybrid.Passage, note string) string {
	prefix := ""
	switch note {
	case NoGlobalNote:
		prefix = "No community summaries are configured, so a passage search answers this global question. "
	case NoSummariesNote:
		prefix = "The documents state too few facts between entities for community summaries, so a passage search answers this global question. "
	}
	switch len(ps) {
	case 0:
		return prefix + "No passage of the documents matches the question."
	case 1:
		return prefix + fmt.Sprintf("The best match is %s, lines %d–%d.", ps[0].Document, ps[0].StartLine, ps[0].EndLine)
	}
	return prefix + fmt.Sprintf("The best match is %s, lines %d–%d; %d more passage(s) below.", ps[0].Document, ps[0].StartLine, ps[0].EndLine, len(ps)-1)
}

// openWorldAnswer says what an answer over a graph read from documents
// is: with no answer, not found in the documents (which need not state
// every fact), not "no"; and partial where a line of the documents names
// a question's entity beside another in words no fact was read from.
func openWorldAnswer(res *agent.Result, ix *docs.Index) {
	if len(res.Answers) == 0 {
		res.Answer = "Not found in the documents (they need not state every fact; the passages searched are below). " + res.Answer
	}
	var lines []string
	n := 0
	for _, an := range res.Plan.Anchors {
		for _, u := range ix.UnstatedAbout(an.Entity) {
			n++
			if len(lines) < 3 {
				lines = append(lines, fmt.Sprintf("%s:%d", u.Document, u.Line))
			}
		}
	}
	if n > 0 {
		res.Answer += fmt.Sprintf(" Partial: %d line(s) of the documents name %s beside another entity in words no fact was read from (%s).",
			n, anchorNames(res.Plan.Anchors), strings.Join(lines, ", "))
	}
}

func anchorNames(as []state.Anchor) string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Entity)
	}
	return strings.Join(ns, " or ")
}
