package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/evals"
)

// runCLI runs scgraph with args and returns the exit code and streams.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := mainEnv(context.Background(), args, e)
	return code, out.String(), errb.String()
}

func demoQuestionsFile(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "questions.jsonl")
	if err := os.WriteFile(p, demo.Questions(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// metricKeys are the keys of every summary in `scgraph eval --json`.
var metricKeys = []string{
	"questions", "hits_at_1", "answer_precision", "answer_recall", "answer_f1",
	"path_recall", "gold_path_recall", "hop_efficiency",
	"mean_iterations", "mean_refinements", "mean_store_calls",
	"median_nodes_visited", "p95_nodes_visited", "deterministic", "exact_set", "claims", "claimed_but_wrong", "latency_ms",
	"llm_calls_per_question", "input_tokens_per_question", "output_tokens_per_question", "failures",
}

func TestEvalDemoJSON(t *testing.T) {
	qpath := demoQuestionsFile(t)
	dir := filepath.Join(t.TempDir(), "report")
	code, stdout, stderr := runCLI(t, "eval", "--questions", qpath, "--mode", "all", "--json", "--quiet", "--workers", "3", "--report", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Modes    map[string]map[string]json.RawMessage `json:"modes"`
		Datasets []struct {
			Name  string                                `json:"name"`
			Modes map[string]map[string]json.RawMessage `json:"modes"`
		} `json:"datasets"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, stdout)
	}
	if len(rep.Modes) != 4 || len(rep.Datasets) != 1 || rep.Datasets[0].Name != "questions" {
		t.Fatalf("modes %d, datasets %+v", len(rep.Modes), rep.Datasets)
	}
	for _, m := range evals.AllModes {
		s, ok := rep.Modes[string(m)]
		if !ok {
			t.Fatalf("no mode %s", m)
		}
		for _, k := range metricKeys {
			if _, ok := s[k]; !ok {
				t.Errorf("%s: no key %q", m, k)
			}
		}
		var byHops map[string]map[string]json.RawMessage
		if err := json.Unmarshal(s["by_hops"], &byHops); err != nil {
			t.Fatalf("%s: by_hops: %v", m, err)
		}
		hops := make([]string, 0, len(byHops))
		for h, hs := range byHops {
			hops = append(hops, h)
			for _, k := range metricKeys {
				if _, ok := hs[k]; !ok {
					t.Errorf("%s by_hops %s: no key %q", m, h, k)
				}
			}
		}
		slices.Sort(hops)
		if !slices.Equal(hops, []string{"0", "1", "3", "4", "5"}) {
			t.Errorf("%s: by_hops keys %v, want the demo's hop counts 0 1 3 4 5", m, hops)
		}
		var q int
		if err := json.Unmarshal(s["questions"], &q); err != nil || q != 30 {
			t.Errorf("%s: questions = %s", m, s["questions"])
		}
	}
	var vecHopEff json.RawMessage = rep.Modes["vector-rag"]["hop_efficiency"]
	if string(vecHopEff) != "null" {
		t.Errorf("vector-rag hop_efficiency = %s, want null", vecHopEff)
	}

	// The agent's hits@1, computed here from agent runs.
	var got float64
	if err := json.Unmarshal(rep.Modes["agent"]["hits_at_1"], &got); err != nil {
		t.Fatal(err)
	}
	st, err := demo.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	qs, err := evals.ParseJSONL(bytes.NewReader(demo.Questions()), "questions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	a := agent.New(st)
	hits := 0
	for _, q := range qs {
		res, err := a.Run(context.Background(), q.Text)
		if res == nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		gold := map[string]bool{}
		for _, g := range q.Answers {
			gold[evals.Normalize(g)] = true
		}
		switch {
		case len(gold) == 0 && len(res.Answers) == 0:
			hits++
		case len(res.Answers) > 0 && gold[evals.Normalize(res.Answers[0].Name)]:
			hits++
		}
	}
	if want := float64(hits) / float64(len(qs)); got != float64(int(want*1e4+0.5))/1e4 {
		t.Errorf("agent hits_at_1 = %v, computed %v", got, want)
	}

	// The report files.
	for _, f := range []string{"report.json", "report.md", "report.svg"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "report.svg"))
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("report.svg: %v", err)
		}
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !strings.Contains(string(md), "| questions | naive-bfs | all | 30 |") {
		t.Errorf("report.md lacks the naive-bfs row:\n%s", md)
	}
}

func TestEvalResultsFile(t *testing.T) {
	qpath := demoQuestionsFile(t)
	out := filepath.Join(t.TempDir(), "results.jsonl")
	code, _, stderr := runCLI(t, "eval", "--questions", qpath, "--mode", "agent", "--quiet", "--results", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 30 {
		t.Fatalf("%d result lines, want one per demo question (30)", len(lines))
	}
	var exact int
	for i, l := range lines {
		var r struct {
			Dataset  string   `json:"dataset"`
			Mode     string   `json:"mode"`
			Question string   `json:"question"`
			Answers  []string `json:"answers"`
			Gold     []string `json:"gold"`
			Exact    bool     `json:"exact"`
			Claimed  bool     `json:"claimed"`
			Stop     string   `json:"stop_reason"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if r.Mode != "agent" || r.Question == "" || r.Stop == "" {
			t.Errorf("line %d lacks mode, question or stop reason: %s", i+1, l)
		}
		if r.Claimed != (r.Stop == "complete" || r.Stop == "no_chain") {
			t.Errorf("line %d: claimed %v with stop %s", i+1, r.Claimed, r.Stop)
		}
		if r.Exact {
			exact++
		}
	}
	if exact == 0 {
		t.Error("no demo question answered exactly")
	}
}

func TestEvalMarkdownOutput(t *testing.T) {
	code, stdout, stderr := runCLI(t, "eval", "--questions", demoQuestionsFile(t), "--mode", "oracle", "--limit", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "| questions | oracle | all | 5 |") {
		t.Errorf("stdout:\n%s", stdout)
	}
	if !strings.Contains(stderr, "questions oracle: 5 questions") {
		t.Errorf("no progress summary on stderr:\n%s", stderr)
	}
}

func TestEvalErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(bad, []byte(`{"question":"q","answers":[]}`+"\n"+`{"question":"q2","answers":"x"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"eval"}, exitUsage, "no question file given"},
		{[]string{"eval", "--questions", "x", "--cv", "1"}, exitUsage, "--cv 1"},
		{[]string{"eval", "--questions", "x", "--cv", "3", "--lexicon", "l.json"}, exitUsage, "do not also give --lexicon"},
		{[]string{"eval", "--questions", bad, "--mode", "telepathy"}, exitUsage, `unknown mode "telepathy"`},
		{[]string{"eval", "--questions", bad, "--format", "xml"}, exitUsage, `unknown question format "xml"`},
		{[]string{"eval", "--questions", bad}, exitError, bad + ":2: json"},
		{[]string{"eval", "--questions", "/nonexistent/q.txt"}, exitError, "no such file"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

func TestEvalCrossValidation(t *testing.T) {
	code, stdout, stderr := runCLI(t, "eval", "--questions", demoQuestionsFile(t), "--cv", "3", "--json", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Folds    int    `json:"cv_folds"`
		Lexicon  string `json:"lexicon"`
		Datasets []struct {
			TrainMS float64 `json:"train_ms"`
		} `json:"datasets"`
		Modes map[string]struct {
			Questions int `json:"questions"`
		} `json:"modes"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Folds != 3 || rep.Lexicon != "learned per fold (3-fold cross-validation)" || rep.Modes["agent"].Questions != 30 || rep.Datasets[0].TrainMS <= 0 {
		t.Errorf("report = %+v", rep)
	}
}
