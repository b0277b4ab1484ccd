package resolve

import (
	"context"
	"fmt"
	"testing"

	"github.com/scgraph/scgraph/internal/gen"
)

// BenchmarkFind proposes candidates among the entities of generated
// service graphs (every name distinct: the benchmark measures the cost,
// TestNotProposed and the merges tests the quality).
func BenchmarkFind(b *testing.B) {
	for _, triples := range []int{10_000, 100_000} {
		g := gen.Generate(gen.Options{Triples: triples, Seed: 1})
		n, _ := g.Stats()
		es := make([]Entity, n)
		for i := range es {
			es[i] = Entity{Name: g.Name(int32(i)), Facts: 1}
		}
		b.Run(fmt.Sprintf("entities=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Find(context.Background(), es, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
