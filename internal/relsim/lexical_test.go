package relsim

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/wordnet"
)

// wordNet opens the installed WordNet 3.1, or skips (fails under CI=true,
// where scripts/test installs it).
func wordNet(t testing.TB) *wordnet.DB {
	t.Helper()
	db, err := wordnet.Open(filepath.Join(embed.CacheDir(), wordnet.DirName))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("WordNet is not installed under CI (%v): scripts/test installs it with scgraph model install wordnet", err)
		}
		t.Skipf("WordNet is not installed (%v): scgraph model install wordnet", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestPicksWordNet checks WordNet's picks on testdata/lexical.txt
// (skipped where WordNet is not installed, failed under CI).
func TestPicksWordNet(t *testing.T) {
	lex := Lexical{Lexicon: wordNet(t), Name: "WordNet"}
	rows, where := lines(t, "lexical.txt", 4)
	for i, r := range rows {
		p, err := lex.Relate(context.Background(), r[0], r[1], strings.Fields(r[2]))
		if err != nil {
			t.Fatal(err)
		}
		checkPick(t, where[i], p, r[3])
	}
}

// TestMeasureLexical measures the WordNet relator on the development
// table (dev.tsv, own.tsv), alone and tried before the MiniLM scorer (as
// the CLI does), and checks what it was chosen for: it relates words the
// scorer leaves unread, at few wrong picks.
func TestMeasureLexical(t *testing.T) {
	lex := Lexical{Lexicon: wordNet(t), Name: "WordNet"}
	ctx := context.Background()
	var alone, scorer, both tally
	var s *Scorer
	if !raceOn { // embedding the table takes minutes under the race detector
		s = New(miniLM(t))
	}
	for _, file := range []string{"dev.tsv", "own.tsv"} {
		for _, c := range readCases(t, file) {
			lp, err := lex.Relate(ctx, c.word, c.question, c.rels)
			if err != nil {
				t.Fatal(err)
			}
			sp := Pick{Word: c.word}
			if s != nil {
				if sp, err = s.Relate(ctx, c.word, c.question, c.rels); err != nil {
					t.Fatal(err)
				}
			}
			alone.count(c, lp, false)
			scorer.count(c, sp, false)
			bp := lp
			if bp.Outcome == Unrelated {
				bp = sp
			}
			both.count(c, bp, false)
			if testing.Verbose() && lp.Outcome != Unrelated {
				t.Logf("%s\t%s\t%s\t%s", c.where, c.word, c.right, lp)
			}
		}
	}
	t.Logf("WordNet alone: %s", alone)
	// What WordNet alone was taken for: few wrong picks (at most 2.5% of
	// the cases), the right relation in a sixth of the cases that name one.
	n := alone.named + alone.unnamed
	if w := float64(alone.wrongPicks()) / float64(n); w > 0.025 {
		t.Errorf("WordNet: wrong picks %d of %d (%.3f), want at most 0.025", alone.wrongPicks(), n, w)
	}
	if r := float64(alone.clearRight+alone.closeRight) / float64(alone.named); r < 1.0/6 {
		t.Errorf("WordNet: right picks %d of %d (%.3f), want at least a sixth", alone.clearRight+alone.closeRight, alone.named, r)
	}
	if s == nil {
		return
	}
	t.Logf("MiniLM alone: %s", scorer)
	t.Logf("WordNet, then MiniLM: %s", both)
	if w := float64(both.wrongPicks()) / float64(n); w > 0.04 {
		t.Errorf("WordNet then MiniLM: wrong picks %d of %d (%.3f), want at most 0.04", both.wrongPicks(), n, w)
	}
	if r, r0 := both.clearRight+both.closeRight, scorer.clearRight+scorer.closeRight; r <= r0 {
		t.Errorf("WordNet then MiniLM: right picks %d, MiniLM alone %d: WordNet adds none", r, r0)
	}
}
