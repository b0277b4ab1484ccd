package memstore

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// sorted orders names as strings compare, across the runs it sorts and
// merges (counts below, at and above a run, and several runs with an odd
// one at the end), and stops at once when its context has ended.
func TestNameTableSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 30))
	for _, n := range []int{0, 1, 1000, sortRun, sortRun + 1, 3*sortRun + 17} {
		tab := newNameTable()
		var want []string
		for len(want) < n {
			// Shared 8-byte prefixes, so that whole names are compared too.
			name := fmt.Sprintf("%s-%d", []string{"service-", "svc", "a", "zz-long-prefix"}[rng.IntN(4)], rng.IntN(10*n+10))
			if _, ok := tab.lookup(name); ok {
				continue
			}
			tab.intern(name)
			want = append(want, name)
		}
		slices.Sort(want)
		order, err := tab.sorted(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := make([]string, len(order))
		for i, id := range order {
			got[i] = string(tab.get(id))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d names: not in byte order", n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tab := newNameTable()
	tab.intern("a")
	if _, err := tab.sorted(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled sort: %v, want context.Canceled", err)
	}
}
