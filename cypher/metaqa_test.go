package cypher_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/triplefile"
)

// kb reads the MetaQA knowledge base once per test binary.
var kb struct {
	once sync.Once
	ts   []graph.Triple
	err  error
}

func metaQATriples(tb testing.TB) []graph.Triple {
	tb.Helper()
	path := devdata.DataPath(tb, "metaqa/kb.txt")
	kb.once.Do(func() { kb.ts, kb.err = triplefile.Read(path, triplefile.FormatAuto, triplefile.Options{}) })
	if kb.err != nil {
		tb.Fatal(kb.err)
	}
	return kb.ts
}

// metaQALines returns the first n lines of a MetaQA QA file: a question
// (its entity in brackets), a tab, the answers separated by "|".
func metaQALines(tb testing.TB, rel string, n int) []string {
	tb.Helper()
	f, err := os.Open(devdata.DataPath(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < n {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// metaQAQuestions returns the first n questions of a MetaQA QA file.
func metaQAQuestions(tb testing.TB, rel string, n int) []string {
	tb.Helper()
	var qs []string
	for _, line := range metaQALines(tb, rel, n) {
		q, _, _ := strings.Cut(line, "\t")
		qs = append(qs, q)
	}
	return qs
}

// openMetaQA opens the test server's store holding exactly the MetaQA
// knowledge base, ingesting it only when the database holds something
// else (the check compares counts and the schema's relation counts).
func openMetaQA(tb testing.TB) *cypher.Store {
	tb.Helper()
	ts := metaQATriples(tb)
	cfg := serverConfig(tb)
	serverMu.Lock()
	tb.Cleanup(serverMu.Unlock)
	ctx := context.Background()
	s, err := cypher.Open(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	if holdsMetaQA(ctx, tb, s, ts) {
		return s
	}
	if err := s.Wipe(ctx); err != nil {
		tb.Fatal(err)
	}
	if _, err := s.AddTriples(ctx, ts); err != nil {
		tb.Fatal(err)
	}
	if !holdsMetaQA(ctx, tb, s, ts) {
		tb.Fatal("after ingesting kb.txt the database does not hold it")
	}
	return s
}

// metaQACounts are the counts of kb.txt: distinct triples, entities.
const metaQATripleCount, metaQAEntityCount = 133582, 43234

func holdsMetaQA(ctx context.Context, tb testing.TB, s *cypher.Store, ts []graph.Triple) bool {
	tb.Helper()
	ents, triples, err := s.Stats(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	if ents != metaQAEntityCount || triples != metaQATripleCount {
		return false
	}
	sch, err := s.Schema(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return sch.Inferred && len(sch.Relations) == 9
}
