package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestResultTables: the results README.md and docs/evaluation.md show are
// the figures of testdata/eval/dev-sets.md, the output of make eval.
func TestResultTables(t *testing.T) {
	root := filepath.Join("..", "..")
	report := readTable(t, filepath.Join(root, "testdata", "eval", "dev-sets.md"), "| dataset |")
	fig := func(set, mode, col string) string {
		row, ok := report[set+"/"+mode]
		if !ok {
			t.Fatalf("testdata/eval/dev-sets.md has no row %s %s", set, mode)
		}
		return row[col]
	}
	shown := func(v string) string { return strings.Trim(v, "* ") }

	readme := readTable(t, filepath.Join(root, "README.md"), "| set | questions | hits@1 (agent) |")
	if len(readme) == 0 {
		t.Fatal("README.md has no results table")
	}
	for set, row := range readme {
		for col, want := range map[string]string{
			"questions":       fig(set, "agent", "questions"),
			"hits@1 (agent)":  fig(set, "agent", "hits@1"),
			"naive BFS":       fig(set, "naive-bfs", "hits@1"),
			"flat vector RAG": fig(set, "vector-rag", "hits@1"),
		} {
			if shown(row[col]) != want {
				t.Errorf("README.md: %s %s is %s, the report says %s", set, col, row[col], want)
			}
		}
	}
	eval := readTable(t, filepath.Join(root, "docs", "evaluation.md"), "| dev set | questions | agent |")
	if len(eval) == 0 {
		t.Fatal("docs/evaluation.md has no results table")
	}
	for set, row := range eval {
		for col, want := range map[string]string{
			"questions":         fig(set, "agent", "questions"),
			"agent":             fig(set, "agent", "hits@1"),
			"oracle":            fig(set, "oracle", "hits@1"),
			"naive-bfs":         fig(set, "naive-bfs", "hits@1"),
			"vector-rag":        fig(set, "vector-rag", "hits@1"),
			"agent F1":          fig(set, "agent", "F1"),
			"agent path recall": fig(set, "agent", "path recall"),
			"median nodes":      fig(set, "agent", "median nodes") + " (" + fig(set, "naive-bfs", "median nodes") + ")",
			"agent p50":         fig(set, "agent", "p50 ms") + " ms",
		} {
			if shown(row[col]) != want {
				t.Errorf("docs/evaluation.md: %s %s is %s, the report says %s", set, col, row[col], want)
			}
		}
	}
}

var setName = regexp.MustCompile("`([a-z0-9-]+)`")

// readTable reads the Markdown table whose header starts with header:
// each row by its set (a `set-name` in the first column, or the first two
// columns "set/mode" of the report), its cells by column name.
func readTable(t *testing.T, path, header string) map[string]map[string]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cols []string
	rows := map[string]map[string]string{}
	for _, l := range strings.Split(string(raw), "\n") {
		switch {
		case strings.HasPrefix(l, header):
			cols = cells(l)
		case cols != nil && strings.HasPrefix(l, "|---"):
		case cols != nil && strings.HasPrefix(l, "| "):
			c := cells(l)
			row := map[string]string{}
			for i, v := range c {
				if i < len(cols) {
					row[cols[i]] = v
				}
			}
			key := c[0]
			if m := setName.FindStringSubmatch(c[0]); m != nil {
				key = m[1]
			} else if len(c) > 1 {
				key = c[0] + "/" + c[1]
			}
			rows[key] = row
		case cols != nil:
			return rows
		}
	}
	return rows
}

func cells(line string) []string {
	parts := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
