package agent

import (
	"context"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// didYouMean looks the question's runs of words up as MCP's find_entities
// does (partial and fuzzy matches included) when the planner linked none
// of them, and returns the entities they come closest to: those of the
// longest run with a match, best first, the second only when it is nearly
// as good. One store call.
func didYouMean(ctx context.Context, st Store, question string) ([]string, int, error) {
	const maxRun, maxMentions = 4, 64
	toks := text.Tokens(question)
	var mentions []string
	var runs []int // tokens in each mention
	for n := maxRun; n >= 1 && len(mentions) < maxMentions; n-- {
		for i := 0; i+n <= len(toks) && len(mentions) < maxMentions; i++ {
			mentions = append(mentions, strings.Join(toks[i:i+n], " "))
			runs = append(runs, n)
		}
	}
	if len(mentions) == 0 {
		return nil, 0, nil
	}
	matches, err := st.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Fuzzy: true, Limit: 2})
	if err != nil {
		return nil, 1, err
	}
	best := -1
	for i, ms := range matches {
		if len(ms) == 0 || ms[0].Score < graph.MinFuzzyScore {
			continue
		}
		if best < 0 || runs[i] > runs[best] || runs[i] == runs[best] && ms[0].Score > matches[best][0].Score {
			best = i
		}
	}
	if best < 0 {
		return nil, 1, nil
	}
	ms := matches[best]
	names := []string{ms[0].Entity.Name}
	if len(ms) > 1 && ms[1].Score >= graph.MinFuzzyScore && ms[0].Score-ms[1].Score < 0.05 {
		names = append(names, ms[1].Entity.Name)
	}
	return names, 1, nil
}
