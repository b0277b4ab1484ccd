package memstore

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// The budget covers the name table: as names come, the sorter of the
// facts as added gets only what the names and the entities' arrays leave,
// so that what the builder holds stays within the budget, and the facts
// spill sooner the more names there are. The snapshot is the same as the
// one built with room to spare.
func TestBuilderBudgetCoversTheNames(t *testing.T) {
	const memory = 8 << 20
	var ts []graph.Triple
	for i := range 60000 {
		// Half the facts name new entities, long names, so the table
		// grows to most of the budget.
		s := fmt.Sprintf("service-with-a-long-name-%08d", i)
		o := fmt.Sprintf("service-with-a-long-name-%08d", i/2)
		ts = append(ts, graph.Triple{Subject: s, Relation: "calls", Object: o})
	}
	build := func(memory int64, check func(b *Builder, i int)) ([]byte, BuildStats) {
		b, err := NewBuilder(BuildOptions{Memory: memory, TempDir: t.TempDir(), Name: "g.snap"})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		for i, tr := range ts {
			if err := b.Add(tr); err != nil {
				t.Fatal(err)
			}
			if check != nil {
				check(b, i)
			}
		}
		var out bytes.Buffer
		st, err := b.WriteSnapshot(context.Background(), &out)
		if err != nil {
			t.Fatal(err)
		}
		return out.Bytes(), st
	}
	maxNames := int64(0)
	got, st := build(memory, func(b *Builder, i int) {
		// The sorter's bound is set again every 4,096 facts, and a lowered
		// one is kept from the next run; a few thousand records over it
		// in between are the slack allowed.
		const slack = 8192 * 32
		names := b.names.footprint() + perEntity*int64(b.names.len())
		maxNames = max(maxNames, names)
		if held := names + b.raw.Memory(); held > memory-memory/8+slack {
			t.Fatalf("after %d facts the builder holds %d bytes (names %d, facts %d), past the budget of %d less its reserve", i+1, held, names, b.raw.Memory(), memory)
		}
	})
	t.Logf("names and arrays at most %d bytes of %d", maxNames, memory)
	if maxNames < memory/4 {
		t.Fatalf("the names took %d bytes of %d: too few to test the budget", maxNames, memory)
	}
	if !st.Spilled {
		t.Error("the facts did not spill though the names took most of the budget")
	}
	want, wst := build(1<<30, nil)
	if wst.Spilled {
		t.Error("1 GB spilled")
	}
	if !bytes.Equal(got, want) {
		t.Error("the snapshot built in 8 MB differs from the one built in 1 GB")
	}
}
