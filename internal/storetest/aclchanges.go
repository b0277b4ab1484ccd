package storetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// Writer writes a batch of facts and says what changed: memstore's Write,
// the Neo4j store's Ingest.
type Writer func(ctx context.Context, s Store, ts []graph.Triple) (graph.WriteStats, error)

// aclFile builds the facts of one version of a file, line by line.
func aclFile(file string, facts ...[4]string) []graph.Triple {
	out := make([]graph.Triple, len(facts))
	for i, f := range facts {
		var acl []string
		if f[3] != "" {
			acl = strings.Split(f[3], ",")
		}
		out[i] = graph.Triple{Subject: f[0], Relation: f[1], Object: f[2], ACL: acl, Source: graph.Source{File: file, Line: i + 1}}
	}
	return out
}

// RunACLChanges checks what a store does with access lists on ingest, the
// same on every store: a fact given twice in one batch with two access
// lists is an error naming both lines, and nothing of the batch is
// written; the same list written twice (in any order) is one fact; a fact
// stored already takes the list a later batch gives it — public to
// restricted and back — and the stats count those changes; writing the
// same batch again changes nothing. Callers of each group then see
// exactly the facts the latest lists allow, with the provenance of the
// first ingestion.
func RunACLChanges(t *testing.T, open func(t *testing.T) Store, write Writer, scope func(s Store, g graph.Groups) Reader) {
	ctx := t.Context()
	s := fresh(t, open)
	first := aclFile("v1.jsonl",
		[4]string{"api", "CALLS", "vault", ""},
		[4]string{"api", "CALLS", "pub", ""},
		[4]string{"hsm", "BACKS", "vault", "sec"},
		[4]string{"api", "CALLS", "build", "eng,sec"},
		[4]string{"api", "CALLS", "pub", ""},
	)
	got, err := write(ctx, s, first)
	if err != nil || got != (graph.WriteStats{Added: 4}) {
		t.Fatalf("first write: %+v, %v; want 4 added, no list changed", got, err)
	}
	check := func(when string, want map[string][]string) {
		t.Helper()
		for _, names := range [][]string{nil, {"sec"}, {"eng"}, {"ops", "sec"}} {
			g, _ := graph.NewGroups(names...)
			var seen []string
			exp, err := scope(s, g).Expand(ctx, graph.ExpandRequest{From: []string{"api", "hsm"}, Steps: []graph.ExpandStep{{Direction: graph.Out}}})
			if err != nil {
				t.Fatalf("%s: groups %q: %v", when, g, err)
			}
			for _, hops := range exp.Hops {
				for _, h := range hops {
					seen = append(seen, fmt.Sprintf("%s-%s->%s@%s", h.From, h.Relation, h.To, h.Source))
				}
			}
			slices.Sort(seen)
			var expect []string
			for fact, acl := range want {
				if g.Sees(acl) {
					expect = append(expect, fact)
				}
			}
			slices.Sort(expect)
			if !slices.Equal(seen, expect) {
				t.Errorf("%s: groups %q see %q, want %q", when, g, seen, expect)
			}
		}
	}
	check("after the first write", map[string][]string{
		"api-CALLS->vault@v1.jsonl:1": nil, "api-CALLS->pub@v1.jsonl:2": nil,
		"hsm-BACKS->vault@v1.jsonl:3": {"sec"}, "api-CALLS->build@v1.jsonl:4": {"eng", "sec"},
	})

	// The file again, its lists changed: vault restricted, hsm's fact
	// public, build's list written in another order, a new fact.
	second := aclFile("v2.jsonl",
		[4]string{"api", "CALLS", "vault", "sec"},
		[4]string{"api", "CALLS", "pub", ""},
		[4]string{"hsm", "BACKS", "vault", ""},
		[4]string{"api", "CALLS", "build", "sec,eng"},
		[4]string{"api", "CALLS", "cache", "eng"},
	)
	got, err = write(ctx, s, second)
	if err != nil || got != (graph.WriteStats{Added: 1, ACLChanged: 2}) {
		t.Fatalf("second write: %+v, %v; want 1 added, 2 lists changed", got, err)
	}
	after := map[string][]string{
		"api-CALLS->vault@v1.jsonl:1": {"sec"}, "api-CALLS->pub@v1.jsonl:2": nil,
		"hsm-BACKS->vault@v1.jsonl:3": nil, "api-CALLS->build@v1.jsonl:4": {"eng", "sec"},
		"api-CALLS->cache@v2.jsonl:5": {"eng"},
	}
	check("after the lists changed", after)
	got, err = write(ctx, s, second)
	if err != nil || got != (graph.WriteStats{}) {
		t.Fatalf("the same write again: %+v, %v; want nothing added or changed", got, err)
	}

	// Two lists for one fact in one batch, either order: an error naming
	// both lines, and nothing of the batch written.
	for _, conflict := range [][]graph.Triple{
		aclFile("bad.jsonl", [4]string{"api", "CALLS", "pub", ""}, [4]string{"api", "CALLS", "later", ""}, [4]string{"api", "CALLS", "pub", "ops"}),
		aclFile("bad.jsonl", [4]string{"api", "CALLS", "pub", "ops"}, [4]string{"api", "CALLS", "later", ""}, [4]string{"api", "CALLS", "pub", ""}),
	} {
		_, err = write(ctx, s, conflict)
		if err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") || !strings.Contains(err.Error(), "bad.jsonl:3") || !strings.Contains(err.Error(), "one access list") {
			t.Errorf("a fact with two lists in one batch: error %v, want one naming bad.jsonl:1 and bad.jsonl:3", err)
		}
	}
	check("after the refused batches", after)
}
