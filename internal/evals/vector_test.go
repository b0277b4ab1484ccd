package evals

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

func TestEmbedder(t *testing.T) {
	e := NewEmbedder()
	// " abc " has three 3-grams, two 4-grams and one 5-gram, each once.
	v := e.Embed("abc")
	if len(v.Idx) != 6 || !slices.IsSorted(v.Idx) {
		t.Fatalf("Embed(abc) has %d dimensions (sorted %v), want 6", len(v.Idx), slices.IsSorted(v.Idx))
	}
	for _, x := range v.Val {
		if math.Abs(float64(x)-1/math.Sqrt(6)) > 1e-6 {
			t.Errorf("weight %v, want 1/sqrt(6)", x)
		}
	}
	if d := v.Dot(v); math.Abs(d-1) > 1e-6 {
		t.Errorf("self similarity %v, want 1", d)
	}
	if !reflect.DeepEqual(e.Embed("ABC!!"), v) || !reflect.DeepEqual(e.Embed("  abc_"), v) {
		t.Error("case, punctuation and underscores change the vector")
	}
	// " aa aa " has nine distinct n-grams; " aa", "aa " and " aa " occur
	// twice, the others once: TF weighting makes those twice as heavy.
	w := e.Embed("aa aa")
	lo, hi := slices.Min(w.Val), slices.Max(w.Val)
	if len(w.Idx) != 9 || math.Abs(float64(hi/lo)-2) > 1e-6 {
		t.Errorf("Embed(aa aa): %d dimensions, max/min weight %v; want 9, 2", len(w.Idx), hi/lo)
	}
	if got := e.Embed("!!"); len(got.Idx) != 0 {
		t.Errorf("Embed(!!) = %v, want empty", got)
	}
	if d := e.Embed("ridley scott").Dot(e.Embed("ridley scot")); d < 0.8 || d >= 1 {
		t.Errorf("near-duplicate similarity %v", d)
	}
}

func movieKB() []graph.Triple {
	return []graph.Triple{
		tr("Alien", "directed_by", "Ridley_Scott"),
		tr("Alien", "release_year", "1979"),
		tr("Heat", "directed_by", "Michael_Mann"),
		tr("Heat", "starred_actors", "Al_Pacino"),
		tr("Heat", "starred_actors", "Robert_De_Niro"),
		tr("Heat", "release_year", "1995"),
		tr("Alien", "directed_by", "Ridley_Scott"), // a duplicate
	}
}

func TestVectorIndexPassages(t *testing.T) {
	ix := BuildVectorIndex(movieKB(), VectorOptions{MaxSentences: 3, Workers: 2})
	// Entities: Alien, Ridley_Scott, 1979, Heat, Michael_Mann, Al_Pacino,
	// Robert_De_Niro, 1995; Heat has four facts, capped at three.
	if ix.Passages() != 8 || ix.Sentences != 2+1+1+3+1+1+1+1 {
		t.Errorf("passages %d, sentences %d; want 8, 11", ix.Passages(), ix.Sentences)
	}
	hits := ix.Search("Heat directed_by Michael_Mann", 1)
	if len(hits) != 1 || hits[0].Entity != "Michael_Mann" || !reflect.DeepEqual(hits[0].Facts, []graph.Triple{tr("Heat", "directed_by", "Michael_Mann")}) {
		t.Errorf("search = %+v, want Michael_Mann's one-fact passage", hits)
	}
	if got := ix.Search("zzzz qqqq", 5); len(got) != 0 {
		t.Errorf("unrelated query found %d passage(s)", len(got))
	}
}

func TestVectorAnswerExcludesTheQuestionsEntities(t *testing.T) {
	ix := BuildVectorIndex(movieKB(), VectorOptions{TopK: 1})
	o := ix.Answer("who directed_by Michael Mann")
	// The top passage is Michael_Mann's: "Heat directed_by Michael_Mann.";
	// Michael Mann is the question's own.
	if !reflect.DeepEqual(o.Answers, []string{"Heat"}) {
		t.Errorf("answers = %q, want [Heat]", o.Answers)
	}
	if !reflect.DeepEqual(o.Evidence, []graph.Triple{tr("Heat", "directed_by", "Michael_Mann")}) || len(o.Paths) != 0 || o.Walks {
		t.Errorf("evidence %v, paths %v, walks %v", o.Evidence, o.Paths, o.Walks)
	}
	if o.Stats.NodesVisited != 2 || o.Stats.StoreCalls != 0 {
		t.Errorf("stats = %+v, want 2 entities named, no store call", o.Stats)
	}
}

func TestVectorAnswerRanking(t *testing.T) {
	ix := BuildVectorIndex(movieKB(), VectorOptions{TopK: 2})
	hits := ix.Search("Heat", 2)
	o := ix.Answer("Heat")
	if len(hits) != 2 || hits[0].Score < hits[1].Score {
		t.Fatalf("hits = %+v", hits)
	}
	// Entities of the best passage come first; among them, the more often
	// named first, then by name.
	seen := map[string]bool{}
	for _, a := range o.Answers {
		if seen[a] {
			t.Errorf("answer %q twice", a)
		}
		seen[a] = true
	}
	if seen["Heat"] {
		t.Error("the question's own entity is an answer")
	}
	again := ix.Answer("Heat")
	if !reflect.DeepEqual(o, again) {
		t.Error("two runs differ")
	}
}
