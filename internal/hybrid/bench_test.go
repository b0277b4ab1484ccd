package hybrid_test

import (
	"context"
	"testing"

	"github.com/scgraph/scgraph/internal/hybrid"
)

// BenchmarkSearch measures one fused search (semantic, keyword and graph
// signals) over the demo corpus's chunks.
func BenchmarkSearch(b *testing.B) {
	_, x := demoIndex(b)
	q := hybrid.Query{Question: "Which teams are affected if db-v2 goes down?", K: 5,
		Proximity: hybrid.FromEntities([]string{"db-v2", "db-v2-proxy", "order-service"})}
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := x.Search(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}
