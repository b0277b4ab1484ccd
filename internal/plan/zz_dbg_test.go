package plan

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/reader"
	"github.com/scgraph/scgraph/internal/reading"
	"github.com/scgraph/scgraph/memstore"
)

// TestZZDebug prints both readers' readings: ZZKB=file ZZQ="q1|q2".
func TestZZDebug(t *testing.T) {
	kb, qs := os.Getenv("ZZKB"), os.Getenv("ZZQ")
	if kb == "" {
		t.Skip()
	}
	ctx := context.Background()
	st, err := memstore.Open(ctx, kb, memstore.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := New(st, nil, Options{})
	s, _ := p.Schema(ctx)
	for _, q := range strings.Split(qs, "|") {
		lk, err := p.link(ctx, q, s)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println("Q", q)
		for _, e := range lk.ents {
			fmt.Printf("  ent %q -> %s (%s) %.2f\n", q[e.start:e.end], e.anchor.Entity, e.anchor.Type, e.anchor.Confidence)
		}
		for name, res := range map[string]reading.Result{"rules": reading.Read(q, readingEntities(lk.ents), s), "bykinds": reading.ReadByKinds(q, readingEntities(lk.ents), s)} {
			fmt.Println("  ", name, "unread:", res.Unread)
			for _, rd := range res.Readings {
				fmt.Printf("     %.2f %s %v\n", rd.Confidence, rd.Text, rd.Guesses)
			}
		}
		ores := reader.Read(q, readerEntities(lk.ents), s)
		fmt.Println("   open unread:", ores.Unread)
		for _, rd := range ores.Readings {
			fmt.Printf("     %.2f %s having=%v\n", rd.Confidence, rd.Text, rd.Having)
			for _, d := range rd.Doubts {
				fmt.Println("        doubt:", d.String())
			}
		}
		pl, _, _ := p.Plan(ctx, q)
		fmt.Println("  plan unanswerable:", pl.Unanswerable)
		for _, rd := range pl.Readings {
			fmt.Printf("     plan %.2f %s\n", rd.Confidence, rd.Text)
		}
	}
}
