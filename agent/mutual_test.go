package agent_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
	"github.com/scgraph/scgraph/state"
)

// A relation whose name says it holds both ways is walked both ways; where
// an entity's facts are stored both ways for some pairs and one way for
// others, the one-way ones may be one entity's list, and the answer is
// not certified. Stored once a pair, or always both ways, it is.
func TestOneSidedMutualNotCertified(t *testing.T) {
	ctx := context.Background()
	ask := func(facts [][2]string, q string) ([]string, *agent.Result) {
		t.Helper()
		st := memstore.New()
		var ts []graph.Triple
		for _, f := range facts {
			ts = append(ts, graph.Triple{Subject: f[0], Relation: "equiv", Object: f[1], SubjectType: "course", ObjectType: "course"})
		}
		if _, err := st.AddTriples(ctx, ts); err != nil {
			t.Fatal(err)
		}
		res, err := agent.New(st).Run(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		got := answerNames(res)
		slices.Sort(got)
		return got, res
	}
	mixed := [][2]string{{"MAT 203", "MAT 201"}, {"MAT 201", "MAT 203"}, {"MAT 203", "ECO 201"}, {"EGR 192", "MAT 203"}}
	got, res := ask(mixed, "What are MAT 203's equivalents?")
	if !slices.Equal(got, []string{"ECO 201", "EGR 192", "MAT 201"}) || res.StopReason != state.StopUncertain || !strings.Contains(res.Doubt, "one way for ECO 201 and EGR 192") {
		t.Errorf("mixed: answers %q (%s, %q); want the three, uncertain, naming the one-way two", got, res.StopReason, res.Doubt)
	}
	once := [][2]string{{"MAT 203", "MAT 201"}, {"MAT 203", "ECO 201"}, {"EGR 192", "MAT 203"}}
	if got, res := ask(once, "What are MAT 203's equivalents?"); len(got) != 3 || res.StopReason != state.StopComplete {
		t.Errorf("stored once a pair: answers %q (%s); want the three, complete", got, res.StopReason)
	}
}
