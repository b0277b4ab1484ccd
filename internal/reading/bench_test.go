package reading

import (
	"testing"

	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/triplefile"
)

// BenchmarkNewReader is what reading a question costs before it reads a
// word: the reader's view of every relation of the graph (here the 15 of
// the k8s zero-shot set), built for each question.
//
//	go test -run xxx -bench NewReader -benchmem ./internal/reading/
func BenchmarkNewReader(b *testing.B) {
	ts, err := triplefile.Read("../../testdata/zeroshot/k8s.tsv", triplefile.FormatAuto, triplefile.Options{})
	if err != nil {
		b.Fatal(err)
	}
	s, _ := infer.Infer(ts, nil)
	for b.Loop() {
		newReader("which services does the api depend on", nil, s)
	}
}
