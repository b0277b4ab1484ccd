package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/state"
)

// docIndex reads the document index: the file named, else the one the
// store keeps (documents ingested into Neo4j), else the one beside the
// graph file; nil when there is none.
func docIndex(ctx context.Context, g agent.Store, graphFile, named string) (*docs.Index, error) {
	if named != "" {
		ix, err := docs.ReadIndexFile(named)
		if err != nil {
			return nil, fmt.Errorf("--docs-index: %w", err)
		}
		return ix, nil
	}
	if st, ok := g.(documentIndexStore); ok {
		b, _, err := st.DocumentIndex(ctx)
		if err != nil || b == nil {
			return nil, err
		}
		return docs.ParseIndex(b, fmt.Sprintf("the document index in %s", g))
	}
	if graphFile == "" || strings.Contains(graphFile, ",") {
		return nil, nil
	}
	ix, err := docs.ReadIndexFile(docs.IndexPath(graphFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return ix, err
}

// chunkVectors is the hybrid search's configuration for the chunks of a
// snapshot: the vectors ingest --docs kept beside it (corpus.vectors.bin),
// with the embedder that made them for the questions, and that embedder's
// name. With no usable vectors (none kept, not a snapshot, the model gone)
// it is the zero Config, the hashed embedder embedding the chunks now.
func chunkVectors(e *env, graphFile string) (hybrid.Config, string) {
	if graphFile == "" || strings.Contains(graphFile, ",") {
		return hybrid.Config{}, embed.HashedName
	}
	path := embed.VectorsPath(graphFile)
	vs, err := embed.ReadVectorsFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return hybrid.Config{}, embed.HashedName
	case err != nil:
		fmt.Fprintf(e.stderr, "note: the chunk vectors are not used (%v); ingest --docs again to rebuild them\n", err)
		return hybrid.Config{}, embed.HashedName
	}
	q, err := vs.QueryEmbedder(embedOptions(e, ""))
	if err != nil {
		fmt.Fprintf(e.stderr, "note: the chunk vectors in %s are not used: %v\n", path, err)
		return hybrid.Config{}, embed.HashedName
	}
	return hybrid.Config{Embedder: q, Stored: vs}, vs.Embedder
}

// globalAnswerer returns the community summaries beside a snapshot as the
// router's global answerer; nil when it has none.
func globalAnswerer(graphFile string) (docqa.GlobalAnswerer, error) {
	if graphFile == "" || strings.Contains(graphFile, ",") {
		return nil, nil
	}
	if _, err := os.Stat(community.Path(graphFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	a, err := community.OpenAnswerer(graphFile, community.AnswerOptions{})
	if err != nil {
		return nil, err
	}
	return communityAnswerer{a}, nil
}

// communityAnswerer gives docqa the answers of community summaries.
type communityAnswerer struct{ a *community.Answerer }

func (c communityAnswerer) AnswerGlobal(ctx context.Context, question string) (docqa.GlobalAnswer, error) {
	g, err := c.a.AnswerGlobal(ctx, question)
	if errors.Is(err, community.ErrNoCommunities) {
		return docqa.GlobalAnswer{}, fmt.Errorf("%w (%v)", docqa.ErrNoSummaries, err)
	}
	if err != nil {
		return docqa.GlobalAnswer{}, err
	}
	out := docqa.GlobalAnswer{Text: g.Text}
	for _, s := range g.Summaries {
		cs := docqa.CitedSummary{ID: s.Community, Text: s.Summary}
		for _, m := range s.SinglePoints {
			cs.Members = append(cs.Members, m.Name)
		}
		for _, p := range s.Passages {
			cs.Chunks = append(cs.Chunks, fmt.Sprintf("%s:%d (chunk %s)", p.Document, p.Line, p.Chunk))
		}
		out.Summaries = append(out.Summaries, cs)
	}
	return out, nil
}

// askDocs answers a question over a graph with a document index: the
// router decides between a passage search, the agent and the community
// summaries (package docqa).
func askDocs(ctx context.Context, e *env, o *askOptions, store agent.Store, a *agent.Agent, ix *docs.Index) error {
	cfg, _ := chunkVectors(e, o.graph.graph)
	px, err := hybrid.New(ctx, ix, cfg)
	if err != nil {
		return err
	}
	global, err := globalAnswerer(o.graph.graph)
	if err != nil {
		return err
	}
	asker := &docqa.Asker{
		Router:   route.New(plan.New(store, nil, plan.Options{})),
		Agent:    a,
		Index:    ix,
		Passages: px,
		Global:   global,
		K:        o.passages,
		Route:    o.route,
	}
	ans, err := asker.Ask(ctx, o.question)
	if ans == nil {
		return err
	}
	res := ans.Result
	if o.json {
		var werr error
		if res != nil {
			werr = writeJSONValue(e.stdout, askDocsJSON{Result: res, Route: ans.Route, Citations: ans.Citations,
				RelatedPassages: ans.Passages, State: stateIf(o.state, res)})
		} else {
			werr = writeJSONValue(e.stdout, ans)
		}
		if werr != nil {
			return werr
		}
	} else {
		renderDocAnswer(e.stdout, o, ans)
	}
	if res != nil {
		o.llm.warnFallbacks(e.stderr, res)
	}
	if err != nil && !errors.Is(err, agent.ErrIterationLimit) {
		return err
	}
	if errors.Is(err, agent.ErrIterationLimit) && !o.json {
		fmt.Fprintln(e.stderr, "note: the iteration cap was reached; the answer is the best found so far (raise --max-iter)")
	}
	return nil
}

func stateIf(with bool, res *agent.Result) *state.AgentState {
	if with {
		return res.State
	}
	return nil
}

// askDocsJSON is ask --json's object on the relation route: the agent's
// result, the route, the passages that stated its evidence and the related
// passages.
type askDocsJSON struct {
	*agent.Result
	Route           route.Decision    `json:"route"`
	Citations       []docs.Citation   `json:"citations"`
	RelatedPassages []hybrid.Passage  `json:"related_passages"`
	State           *state.AgentState `json:"state,omitempty"`
}

// renderDocAnswer prints an answer over documents for people.
func renderDocAnswer(w io.Writer, o *askOptions, ans *docqa.Answer) {
	if res := ans.Result; res != nil {
		ro := o.shown
		ro.trace, ro.mermaid = false, false
		if o.llm.enabled() {
			o.llm.render(w, res, ro)
		} else {
			renderResult(w, res, ro)
		}
		renderCitations(w, ans.Citations)
		renderPassages(w, "Related passages (semantic, keyword and graph proximity fused; inside the traversed subgraph):", ans.Passages, ans.Citations)
	} else {
		fmt.Fprintln(w, ans.Text)
		if g := ans.Global; g != nil && len(g.Summaries) > 0 {
			fmt.Fprintln(w, "\nCited summaries:")
			for i, s := range g.Summaries {
				fmt.Fprintf(w, "  [%d] %s: %s\n", i+1, s.ID, oneLine(s.Text, 200))
				for _, c := range s.Chunks[:min(3, len(s.Chunks))] {
					fmt.Fprintf(w, "      %s\n", c)
				}
			}
		}
		head := "Passages (semantic and keyword fused):"
		if ans.WordsFirst {
			head = "Passages (keyword ranking first, the hashed embedder reading only words; then semantic and keyword fused):"
		}
		renderPassages(w, head, ans.Passages, nil)
	}
	fmt.Fprintf(w, "\nRoute: %s — %s\n", ans.Route.Route, ans.Route.Reason)
	if o.trace {
		fmt.Fprintln(w, "\nTrace:")
		fmt.Fprintf(w, "  %2d. %-8s → %-12s %s\n", 0, "route", ans.Route.Route, ans.Route.Reason)
		if ans.Result != nil {
			renderTrace(w, ans.Result)
		} else if ans.Global != nil {
			fmt.Fprintf(w, "  %2d. %-8s → %-12s %d community summar(ies) cited\n", 1, "global", "answered", len(ans.Global.Summaries))
		} else {
			fmt.Fprintf(w, "  %2d. %-8s → %-12s %d passage(s) over every chunk, graph signal from %d named entit(ies)\n",
				1, "search", "searched", len(ans.Passages), len(ans.Route.Entities))
		}
	}
	if o.mermaid && ans.Result != nil && ans.Result.Mermaid != "" {
		fmt.Fprintf(w, "\n```mermaid\n%s```\n", ans.Result.Mermaid)
	}
}

// renderPassages lists passages with their ranks in each signal; a
// passage already cited for an evidence edge says so.
func renderPassages(w io.Writer, title string, ps []hybrid.Passage, cited []docs.Citation) {
	if len(ps) == 0 {
		return
	}
	citedChunk := map[string]bool{}
	for _, c := range cited {
		citedChunk[c.Chunk] = true
	}
	fmt.Fprintln(w, "\n"+title)
	for i, p := range ps {
		extra := ""
		if len(p.Near) > 0 {
			extra = "; near " + strings.Join(p.Near, ", ")
		}
		if citedChunk[p.Chunk] {
			extra += "; also cited above"
		}
		fmt.Fprintf(w, "  %d. %s:%d-%d (chunk %s, version %d; ranks semantic %s, keyword %s, graph %s%s)\n      %q\n",
			i+1, p.Document, p.StartLine, p.EndLine, p.Chunk, p.Version, rankText(p.Ranks.Semantic), rankText(p.Ranks.Keyword),
			rankText(p.Ranks.Graph), extra, oneLine(p.Text, 160))
	}
}

func rankText(r int) string {
	if r == 0 {
		return "-"
	}
	return fmt.Sprint(r)
}

// oneLine collapses white space and cuts s to about n bytes at a word.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut <= 0 {
		cut = n
	}
	return s[:cut] + " …"
}
