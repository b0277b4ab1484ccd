package triplefile

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

// eachAll reads a file with Each.
func eachAll(path string, format Format) ([]graph.Triple, error) {
	var ts []graph.Triple
	err := Each(context.Background(), path, format, Options{}, func(t graph.Triple) error {
		ts = append(ts, t)
		return nil
	})
	return ts, err
}

// Each reads what Read reads, and fails where Read fails with the same
// error (after the same triples): on every test file, and on random line
// files with blank lines, carriage returns, byte order marks, bad lines
// and lines too long, cut into blocks of every size.
func TestEachIsRead(t *testing.T) {
	defer func(n int) { blockSize = n }(blockSize)
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	zs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "zeroshot", "*"))
	files = append(files, zs...)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(2, 2))
	lines := []string{
		"a|r|b", "a|r|b\r", "", "  ", "x|rel|y z", "bad line", "a|r|", "\xef\xbb\xbfa|r|b", "é|r|ü",
		`{"subject":"a","relation":"R","object":"b"}`, `{"subject":"a","relation":"R","object":"b","acl":["ops"]}`, `{"source":"a","type":"R","target":"b"}`, `{"subject":1}`,
		"a\tr\tb", "a\tr\tb\t", strings.Repeat("x", graph.MaxLineBytes-4) + "|r|b", strings.Repeat("x", graph.MaxLineBytes) + "|r|b",
	}
	for i := range 60 {
		var b strings.Builder
		for range rng.IntN(200) {
			b.WriteString(lines[rng.IntN(len(lines))])
			b.WriteByte('\n')
		}
		s := b.String()
		if rng.IntN(2) == 0 {
			s = strings.TrimSuffix(s, "\n")
		}
		ext := []string{".txt", ".jsonl", ".tsv"}[i%3]
		p := filepath.Join(dir, fmt.Sprintf("r%d%s", i, ext))
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	for _, size := range []int{4 << 20, 70 << 10, 100} {
		blockSize = size
		for _, f := range files {
			if fi, err := os.Stat(f); err != nil || fi.IsDir() {
				continue
			}
			for _, format := range []Format{FormatAuto, FormatPipe, FormatJSONL} {
				want, werr := Read(f, format, Options{})
				got, gerr := eachAll(f, format)
				if fmt.Sprint(werr) != fmt.Sprint(gerr) {
					t.Fatalf("%s (%s, blocks of %d): Each error %v, Read error %v", f, format, size, gerr, werr)
				}
				if werr == nil && !reflect.DeepEqual(got, want) {
					t.Fatalf("%s (%s, blocks of %d): Each read %d triples, Read %d", f, format, size, len(got), len(want))
				}
			}
		}
	}
}

// Each stops when fn fails, and when the context ends.
func TestEachStops(t *testing.T) {
	p := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(p, []byte(strings.Repeat("a|r|b\n", 100000)), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	n := 0
	if err := Each(context.Background(), p, FormatAuto, Options{}, func(graph.Triple) error {
		if n++; n == 10 {
			return boom
		}
		return nil
	}); !errors.Is(err, boom) || n != 10 {
		t.Errorf("error %v after %d triples, want boom after 10", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n = 0
	err := Each(ctx, p, FormatAuto, Options{}, func(graph.Triple) error {
		if n++; n == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}
