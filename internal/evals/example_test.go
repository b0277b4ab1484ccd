package evals_test

import (
	"fmt"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/evals"
)

// Scoring one run by hand: two gold answers, the top answer right, one of
// them reached through an evidence path, four hops walked for a two-hop
// question.
func ExampleScoreQuestion() {
	q := evals.Question{Answers: []string{"Ridley_Scott", "James Cameron"}, Hops: 2}
	run := evals.Outcome{
		Answers: []string{"ridley scott", "Michael Mann"},
		Paths: []graph.Path{{Hops: []graph.Hop{
			{From: "Alien", Relation: "release_year", To: "1979", Direction: graph.Out},
			{From: "1979", Relation: "release_year", To: "Ridley Scott", Direction: graph.In},
		}}},
		Walks: true,
		Stats: agent.Stats{HopsExpanded: 4},
	}
	s := evals.ScoreQuestion(q, run, run)
	fmt.Printf("hit@1 %.0f, precision %.2f, recall %.2f, path recall %.2f, hop efficiency %.2f, deterministic %v\n",
		s.Hit, s.Precision, s.Recall, *s.PathRecall, *s.HopEfficiency, s.Deterministic)
	// Output: hit@1 1, precision 0.50, recall 0.50, path recall 0.50, hop efficiency 0.50, deterministic true
}

// PathQuestion answer fields hold names with parentheses.
func ExampleSplitAnswerField() {
	name, alts, _ := evals.SplitAnswerField("PG_(USA)(PG_(USA)/PG/)")
	fmt.Printf("%s %q\n", name, alts)
	// Output: PG_(USA) ["PG_(USA)" "PG"]
}
