package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const pagedQuestion = "Which teams are affected if the payment service goes down?"

// ask shows the first --limit answers with their evidence and says how
// many there are in all; --json carries every answer (or the page --limit
// asks for) and the total; --jsonl
// writes the run and then every answer, a line each.
func TestAskLimitAndStreams(t *testing.T) {
	_, all, _ := invoke(t, "", "ask", "--json", "--limit", "0", pagedQuestion)
	var full struct {
		askOutput
		Total int `json:"total"`
	}
	decodeOneJSON(t, all, &full)
	if full.Total != len(full.Answers) || full.Total < 3 {
		t.Fatalf("--limit 0: total %d, %d answers; want them all, 3 or more", full.Total, len(full.Answers))
	}

	code, out, errs := invoke(t, "", "ask", "--limit", "2", pagedQuestion)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "  2. "+full.Answers[1].Name) || strings.Contains(out, "  3. ") {
		t.Errorf("--limit 2 did not list exactly the first two answers:\n%s", out)
	}
	if want := "more answer(s), " + strconv.Itoa(full.Total) + " in all"; !strings.Contains(out, want) {
		t.Errorf("--limit 2 output lacks %q:\n%s", want, out)
	}

	_, out, _ = invoke(t, "", "ask", "--json", "--limit", "2", pagedQuestion)
	var page struct {
		askOutput
		Total int `json:"total"`
	}
	decodeOneJSON(t, out, &page)
	if page.Total != full.Total || len(page.Answers) != 2 || page.Answers[1].Name != full.Answers[1].Name {
		t.Errorf("--json --limit 2: total %d, %d answers; want total %d and the first 2", page.Total, len(page.Answers), full.Total)
	}

	code, out, errs = invoke(t, "", "ask", "--jsonl", pagedQuestion)
	if code != exitOK || errs != "" {
		t.Fatalf("--jsonl: exit %d, stderr %q", code, errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) != full.Total+1 {
		t.Fatalf("--jsonl wrote %d lines, want the run and %d answers", len(lines), full.Total)
	}
	var run struct {
		Question   string `json:"question"`
		Total      int    `json:"total"`
		StopReason string `json:"stop_reason"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &run); err != nil || run.Total != full.Total || run.Question != pagedQuestion || run.StopReason == "" {
		t.Fatalf("first line %s (%v): want the run with its total", lines[0], err)
	}
	for k, l := range lines[1:] {
		var a jsonlAnswer
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("line %d: %v", k+2, err)
		}
		if a.Rank != k+1 || a.Name != full.Answers[k].Name || len(a.Paths) == 0 || a.Paths[0].End() != a.Name {
			t.Errorf("line %d: %s; want rank %d, %s with a path to it", k+2, l, k+1, full.Answers[k].Name)
		}
	}
	_, out, _ = invoke(t, "", "ask", "--jsonl", "--limit", "1", pagedQuestion)
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("--jsonl --limit 1 wrote %d lines, want 2", n)
	}
	for _, bad := range [][]string{{"--json", "--jsonl"}, {"--jsonl", "--trace"}, {"--limit", "-1"}} {
		if code, _, _ := invoke(t, "", append(append([]string{"ask"}, bad...), pagedQuestion)...); code != exitUsage {
			t.Errorf("ask %v: exit %d, want %d (usage)", bad, code, exitUsage)
		}
	}
}

// --json gives a script the whole answer set unless --limit is given:
// the text shows the first 20 of 30, the JSON all 30.
func TestAskJSONCarriesEveryAnswer(t *testing.T) {
	var kb strings.Builder
	for i := range 30 {
		fmt.Fprintf(&kb, "svc-%02d|DEPENDS_ON|core-db\n", i)
	}
	file := filepath.Join(t.TempDir(), "kb.txt")
	if err := os.WriteFile(file, []byte(kb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	q := "What depends on core-db directly?"
	_, out, _ := invoke(t, "", "ask", "--graph", file, "--json", q)
	var got struct {
		askOutput
		Total int `json:"total"`
	}
	decodeOneJSON(t, out, &got)
	if got.Total != 30 || len(got.Answers) != 30 {
		t.Errorf("--json: total %d, %d answers; want all 30", got.Total, len(got.Answers))
	}
	_, text, _ := invoke(t, "", "ask", "--graph", file, q)
	if !strings.Contains(text, "30 in all") {
		t.Errorf("the text output does not say it shows a page of 30:\n%s", text)
	}
}
