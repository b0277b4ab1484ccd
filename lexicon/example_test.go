package lexicon_test

import (
	"fmt"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/lexicon"
)

// A shipped lexicon applies to graphs whose relations match the ones it
// was learned on (here MetaQA's), and to no other.
func ExampleBuiltin() {
	metaqa := &graph.Schema{}
	for _, r := range []string{"directed_by", "written_by", "starred_actors", "release_year", "in_language", "has_genre", "has_tags", "has_imdb_votes", "has_imdb_rating"} {
		metaqa.Relations = append(metaqa.Relations, graph.RelationDef{Name: r})
	}
	fmt.Println(lexicon.Builtin(metaqa) != nil)
	fmt.Println(lexicon.Builtin(&graph.Schema{Relations: []graph.RelationDef{{Name: "DEPENDS_ON"}}}) != nil)
	// Output:
	// true
	// false
}
