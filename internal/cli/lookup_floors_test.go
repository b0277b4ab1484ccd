package cli

import (
	"encoding/json"
	"testing"

	"github.com/scgraph/scgraph/internal/docs/docstest"
	"github.com/scgraph/scgraph/internal/evals"
)

// TestDevLookupFloors runs eval --docs on each dev corpus's lookups and checks
// the hybrid recall@3 and the share routed as lookups are not below the floors
// of testdata/lookup-floors.txt: a lookup the reader can also read a relation
// in must still be routed to the passage search.
func TestDevLookupFloors(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the dev corpora")
	}
	for _, fl := range docstest.ReadFloors(t, "testdata/lookup-floors.txt", "recall@3", "routed") {
		corpus, minRecall, minRouted := fl.Corpus, fl.First, fl.Second
		t.Run(corpus, func(t *testing.T) {
			root := "../../testdata/docs/" + corpus
			code, out, errs := runCLI(t, "eval", "--docs", root, "--questions", root+"-lookups.jsonl", "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var rep evals.DocsReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			if len(rep.Sets) != 1 {
				t.Fatalf("%d sets, want the lookups", len(rep.Sets))
			}
			set := rep.Sets[0]
			recall := -1.0
			for _, m := range set.Modes {
				if m.Mode == evals.PassagesHybrid {
					recall = m.RecallAt3
				}
			}
			t.Logf("%d lookups: recall@3 %.3f, routed as lookups %.3f", set.Questions, recall, set.RouteAccuracy)
			if recall < minRecall || set.RouteAccuracy < minRouted {
				for _, r := range set.Results {
					if r.Route.Route != r.WantRoute {
						t.Logf("%q routed %s: %s", r.Question, r.Route.Route, r.Route.Reason)
					}
				}
				t.Errorf("recall@3 %.3f, routed %.3f: below the floors %.3f, %.3f", recall, set.RouteAccuracy, minRecall, minRouted)
			}
		})
	}
}
