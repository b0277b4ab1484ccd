package agent_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/state"
)

// remoteStore is a store that says it answers over a network, counting
// the calls it gets.
type remoteStore struct {
	agent.Store
	calls atomic.Int64
}

func (r *remoteStore) Remote() bool { return true }

func (r *remoteStore) Schema(ctx context.Context) (*graph.Schema, error) {
	r.calls.Add(1)
	return r.Store.Schema(ctx)
}

func (r *remoteStore) Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error) {
	r.calls.Add(1)
	return r.Store.Resolve(ctx, req)
}

func (r *remoteStore) Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error) {
	r.calls.Add(1)
	return r.Store.Expand(ctx, req)
}

func (r *remoteStore) Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error) {
	r.calls.Add(1)
	return r.Store.Paths(ctx, req)
}

// comparable is a result without what depends on the number of store
// calls or on the clock.
func comparable(t *testing.T, res *agent.Result) string {
	t.Helper()
	r := *res
	r.Stats.StoreCalls = 0
	r.Stats.ElapsedMS = 0
	trace := make([]state.TraceEntry, len(r.Trace))
	for i, e := range r.Trace {
		trace[i] = state.TraceEntry{Phase: e.Phase, Event: e.Event, Iteration: e.Iteration, Summary: e.Summary, NodesAdded: e.NodesAdded}
	}
	r.Trace = trace
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// metaQAQuestions returns the first n questions of a MetaQA dev file.
func metaQAQuestions(t *testing.T, rel string, n int) []string {
	t.Helper()
	f, err := os.Open(devdata.DataPath(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var qs []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(qs) < n {
		q, _, _ := strings.Cut(sc.Text(), "\t")
		qs = append(qs, q)
	}
	return qs
}

// TestRemoteStoreSavesRoundTrips checks the speculative plan phase on a
// remote store: every result is the one the separate phases give, and a
// bracketed exact name planned by the lexicon costs one round trip fewer.
// The questions include names that are not exact ([the lower-cased
// name]), two brackets, and none.
func TestRemoteStoreSavesRoundTrips(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MetaQA")
	}
	st := metaQAStore(t)
	var qs []string
	inexact := map[string]bool{} // bracketed, but not an entity's exact name
	for _, rel := range []string{"metaqa/1-hop/vanilla/qa_dev.txt", "metaqa/2-hop/vanilla/qa_dev.txt", "metaqa/3-hop/vanilla/qa_dev.txt"} {
		for i, q := range metaQAQuestions(t, rel, 60) {
			switch i % 6 {
			case 1: // not the exact name
				if a, b := strings.Index(q, "["), strings.Index(q, "]"); a >= 0 && b > a {
					q = q[:a] + strings.ToLower(q[a:b]) + q[b:]
					inexact[q] = true
				}
			case 2: // no bracket
				q = strings.NewReplacer("[", "", "]", "").Replace(q)
			case 3: // a second one
				q += " and [Tom Hanks]"
			case 4: // a name no entity has
				if a, b := strings.Index(q, "["), strings.Index(q, "]"); a >= 0 && b > a {
					q = q[:a+1] + "Zzyzx Qwv" + q[b:]
					inexact[q] = true
				}
			}
			qs = append(qs, q)
		}
	}
	lex := func(o *agent.Options) { o.Lexicon = lexicon.Shipped() }
	local := agent.New(st, lex)
	remote := &remoteStore{Store: st}
	spec := agent.New(remote, lex)
	ctx := context.Background()
	saved := 0
	for _, q := range qs {
		want, err := local.Run(ctx, q)
		if err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		before := remote.calls.Load()
		got, err := spec.Run(ctx, q)
		if err != nil {
			t.Fatalf("%q on the remote store: %v", q, err)
		}
		calls := int(remote.calls.Load() - before)
		if g, w := comparable(t, got), comparable(t, want); g != w {
			t.Fatalf("%q: the remote store's result differs\n got %s\nwant %s", q, g, w)
		}
		if calls != got.Stats.StoreCalls {
			t.Errorf("%q: %d store calls made, the result says %d", q, calls, got.Stats.StoreCalls)
		}
		// A bracketed name that is no entity's exact name costs the
		// speculative round trip on top of linking; anything else never
		// costs more.
		extra := 0
		if inexact[q] {
			extra = 1
		}
		if calls > want.Stats.StoreCalls+extra {
			t.Errorf("%q: %d store calls on the remote store, %d in separate phases", q, calls, want.Stats.StoreCalls)
		}
		if calls < want.Stats.StoreCalls {
			saved++
		}
	}
	// Two in six of the questions are one exact bracketed name walked by
	// the lexicon's plan.
	if saved < len(qs)/3 {
		t.Errorf("a round trip saved on %d of %d questions, want at least %d", saved, len(qs), len(qs)/3)
	}
	t.Logf("a round trip saved on %d of %d questions", saved, len(qs))
}
