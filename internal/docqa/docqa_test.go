package docqa_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/memstore"
)

var _ docqa.Router = (*route.Router)(nil)
var _ docqa.Agent = (*agent.Agent)(nil)

// countingAgent counts the runs of the agent it wraps.
type countingAgent struct {
	a    *agent.Agent
	runs int
}

func (c *countingAgent) Run(ctx context.Context, q string) (*agent.Result, error) {
	c.runs++
	return c.a.Run(ctx, q)
}

// summaries is a GlobalAnswerer that cites one fixed summary.
type summaries struct{ asked []string }

func (s *summaries) AnswerGlobal(_ context.Context, q string) (docqa.GlobalAnswer, error) {
	s.asked = append(s.asked, q)
	return docqa.GlobalAnswer{Text: "The data tier is the main risk [community-1].",
		Summaries: []docqa.CitedSummary{{ID: "community-1", Text: "db-v2, db-v2-proxy and their callers"}}}, nil
}

func demoAsker(t *testing.T) (*docqa.Asker, *countingAgent, *docs.Index) {
	t.Helper()
	ctx := context.Background()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(ctx, "../../testdata/docs/demo", nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := memstore.New()
	if err := st.SetSchema(ctx, docs.SchemaFor(sch)); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddTriples(ctx, ix.Triples()); err != nil {
		t.Fatal(err)
	}
	px, err := hybrid.New(ctx, ix, hybrid.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ag := &countingAgent{a: agent.New(st)}
	return &docqa.Asker{Router: route.New(plan.New(st, nil, plan.Options{})), Agent: ag, Index: ix, Passages: px}, ag, ix
}

func TestRelationQuestionCitesAndScopesPassages(t *testing.T) {
	a, ag, ix := demoAsker(t)
	ans, err := a.Ask(context.Background(), "Which teams are affected if db-v2 goes down?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Route.Route != route.Relation || ag.runs != 1 || ans.Result == nil {
		t.Fatalf("route %+v, %d agent runs", ans.Route, ag.runs)
	}
	if len(ans.Citations) == 0 || len(ans.Passages) == 0 {
		t.Fatalf("%d citations, %d related passages", len(ans.Citations), len(ans.Passages))
	}
	visited := map[string]bool{}
	for n := range ans.Result.State.Subgraph.AllNodes() {
		visited[n.Name] = true
	}
	mentions := map[string][]string{}
	for _, d := range ix.Documents {
		for _, m := range d.Mentions {
			mentions[m.Chunk] = append(mentions[m.Chunk], m.Entity)
		}
	}
	for _, p := range ans.Passages {
		if !slices.ContainsFunc(mentions[p.Chunk], func(e string) bool { return visited[e] }) {
			t.Errorf("related passage %s mentions no entity the agent visited", p.Chunk)
		}
	}
	// The best related passage names an entity on an evidence path.
	onPath := map[string]bool{}
	for _, p := range ans.Result.Paths {
		for _, h := range p.Hops {
			onPath[h.From], onPath[h.To] = true, true
		}
	}
	if !slices.ContainsFunc(mentions[ans.Passages[0].Chunk], func(e string) bool { return onPath[e] }) {
		t.Errorf("best related passage %s names no entity of the evidence", ans.Passages[0].Chunk)
	}
}

func TestLookupSearchesWithoutTheAgent(t *testing.T) {
	a, ag, _ := demoAsker(t)
	ans, err := a.Ask(context.Background(), "Where is the runbook for the db-v2 cutover?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Route.Route != route.Lookup || ag.runs != 0 || ans.Result != nil {
		t.Fatalf("route %+v, %d agent runs", ans.Route, ag.runs)
	}
	if len(ans.Passages) == 0 || ans.Passages[0].Document != "runbooks/db-v2-cutover.md" {
		t.Fatalf("passages %+v", ans.Passages)
	}
	if !strings.Contains(ans.Text, "runbooks/db-v2-cutover.md") {
		t.Errorf("answer %q does not name the document", ans.Text)
	}
}

func TestGlobalQuestionWithoutSummariesSaysSo(t *testing.T) {
	a, ag, _ := demoAsker(t)
	ans, err := a.Ask(context.Background(), "What are the biggest risks in our infrastructure?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Route.Route != route.Global || ag.runs != 0 {
		t.Fatalf("route %+v, %d agent runs", ans.Route, ag.runs)
	}
	if ans.Note != docqa.NoGlobalNote || !strings.Contains(ans.Text, "No community summaries") || len(ans.Passages) == 0 {
		t.Fatalf("answer %q, note %q, %d passages", ans.Text, ans.Note, len(ans.Passages))
	}
}

// noCommunities is a GlobalAnswerer over a graph with no communities.
type noCommunities struct{}

func (noCommunities) AnswerGlobal(context.Context, string) (docqa.GlobalAnswer, error) {
	return docqa.GlobalAnswer{}, fmt.Errorf("%w (none in the file)", docqa.ErrNoSummaries)
}

// TestGlobalQuestionWithNoCommunitiesFallsBack asks a global question of a
// graph whose documents state too few facts for communities: a passage
// search answers, and says why.
func TestGlobalQuestionWithNoCommunitiesFallsBack(t *testing.T) {
	a, ag, _ := demoAsker(t)
	a.Global = noCommunities{}
	ans, err := a.Ask(context.Background(), "What are the biggest risks in our infrastructure?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Route.Route != route.Global || ag.runs != 0 || ans.Note != docqa.NoSummariesNote ||
		!strings.Contains(ans.Text, "too few facts") || len(ans.Passages) == 0 {
		t.Fatalf("route %+v, %d agent runs, answer %q, note %q, %d passages", ans.Route, ag.runs, ans.Text, ans.Note, len(ans.Passages))
	}
}

func TestGlobalQuestionWithSummaries(t *testing.T) {
	a, ag, _ := demoAsker(t)
	g := &summaries{}
	a.Global = g
	q := "What are the biggest risks in our infrastructure?"
	ans, err := a.Ask(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Route.Route != route.Global || ag.runs != 0 || !slices.Equal(g.asked, []string{q}) {
		t.Fatalf("route %+v, %d agent runs, summaries asked %v", ans.Route, ag.runs, g.asked)
	}
	if ans.Global == nil || ans.Text != ans.Global.Text || ans.Note != "" || len(ans.Global.Summaries) == 0 {
		t.Fatalf("answer %+v", ans)
	}
}

// With the hashed embedder, which reads only words, a lookup's passages
// are the keyword ranking first, and the fused ranking only fills the
// places left.
func TestLookupWithLexicalEmbedderRanksByWordsFirst(t *testing.T) {
	a, _, _ := demoAsker(t)
	if !a.Passages.LexicalEmbedder() {
		t.Fatal("the default (hashed) embedder should read as lexical")
	}
	ctx := context.Background()
	for _, question := range []string{
		"Where is the db-v2 cutover runbook?",
		// shares no word with most chunks: the fused ranking fills in
		"What are the biggest risks in our infrastructure?",
	} {
		ans, err := a.Ask(ctx, question)
		if err != nil {
			t.Fatal(err)
		}
		words, err := a.Passages.Search(ctx, hybrid.Query{Question: question, Signals: hybrid.Keyword, K: hybrid.DefaultK})
		if err != nil {
			t.Fatal(err)
		}
		if len(ans.Passages) == 0 {
			t.Fatalf("%q: no passages", question)
		}
		for i, p := range ans.Passages {
			if i < len(words) && p.Chunk != words[i].Chunk {
				t.Errorf("%q: passage %d is %s, the keyword ranking's is %s", question, i, p.Chunk, words[i].Chunk)
			}
		}
	}
}
