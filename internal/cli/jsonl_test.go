package cli

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// An ask --jsonl answer line is what encoding/json writes for it, byte
// for byte, whatever the names hold.
func TestAnswerLineIsJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", "0", "-", " ", "\"", "\\", "<", ">", "&", "\n", "\t", "\x01", "\x1f", "\b", "\f", "é", "Ω", "😀", "\u2028", "\u2029", "\xff", "/"}
	word := func() string {
		s := ""
		for range rng.IntN(8) {
			s += alphabet[rng.IntN(len(alphabet))]
		}
		return s
	}
	for range 2000 {
		a := jsonlAnswer{Rank: rng.IntN(1e7), Name: word(), Type: word(), Score: []float64{0, 1, 0.718, 1e-7, 3e-9, 0.5, rng.Float64()}[rng.IntN(7)]}
		for range rng.IntN(3) {
			var p graph.Path
			for range rng.IntN(4) {
				p.Hops = append(p.Hops, graph.Hop{From: word(), Relation: word(), To: word(), Direction: graph.Direction(1 + rng.IntN(3)),
					Source: graph.Source{File: []string{"", "g.jsonl"}[rng.IntN(2)], Line: rng.IntN(3)}})
			}
			a.Paths = append(a.Paths, p)
		}
		if rng.IntN(5) == 0 {
			a.Paths = nil
		}
		want, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if a.Paths == nil {
			a.Paths = []graph.Path{} // the line always has a list
			want, _ = json.Marshal(a)
		}
		if got := string(appendAnswerLine(nil, a)); got != string(want)+"\n" {
			t.Fatalf("line\n got  %s want %s", got, want)
		}
	}
}
