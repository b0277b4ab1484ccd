package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenIngestEval generates a graph in every format, ingests it with the
// generated schema, and evaluates the agent on the generated questions.
func TestGenIngestEval(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "schema.json")
	qs := filepath.Join(dir, "q.jsonl")
	var first string
	for _, name := range []string{"g.jsonl", "g.tsv", "g.csv", "g.txt"} {
		out := filepath.Join(dir, name)
		code, stdout, errs := invoke(t, "", "gen", "--triples", "3k", "--seed", "4", "-o", out, "--questions", qs, "--num-questions", "40", "--schema", schema)
		if code != exitOK {
			t.Fatalf("gen -o %s: exit %d, stderr %q", name, code, errs)
		}
		if !strings.HasPrefix(stdout, "wrote "+out+": 3000 triples, ") || !strings.Contains(stdout, "40 questions") {
			t.Errorf("gen said %q", stdout)
		}
		snap := filepath.Join(dir, name+".snap")
		code, stdout, errs = invoke(t, "", "ingest", "--quiet", "--schema", schema, "-o", snap, out)
		if code != exitOK {
			t.Fatalf("ingest %s: exit %d, stderr %q", name, code, errs)
		}
		if !strings.Contains(stdout, ": 3000 triples (0 duplicates dropped)") {
			t.Errorf("ingest %s said %q", name, stdout)
		}
		if first == "" {
			first = snap
		}
	}
	// The generated questions are in the eval format, and answerable.
	code, stdout, errs := invoke(t, "", "eval", "--quiet", "--graph", first, "--questions", qs, "--json")
	if code != exitOK {
		t.Fatalf("eval: exit %d, stderr %q", code, errs)
	}
	var rep struct {
		Modes map[string]struct {
			Questions int     `json:"questions"`
			Hits      float64 `json:"hits_at_1"`
			Failures  int     `json:"failures"`
		} `json:"modes"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("eval --json: %v", err)
	}
	a := rep.Modes["agent"]
	t.Logf("agent on generated questions: %+v", a)
	if a.Questions != 40 || a.Failures != 0 || a.Hits < 0.8 {
		t.Errorf("agent on generated questions: %+v; want 40 questions, no failure, hits@1 >= 0.8", a)
	}
	if data, err := os.ReadFile(schema); err != nil || !strings.Contains(string(data), `"dependency": "subject"`) {
		t.Errorf("schema file: %v %.100s", err, data)
	}
}

func TestGenUsage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-o", out}, "--triples N is required"},
		{[]string{"gen", "--triples", "10"}, "-o FILE is required"},
		{[]string{"gen", "--triples", "ten", "-o", out}, `"ten" is not a count`},
		{[]string{"gen", "--triples", "10", "--hub", "10", "-o", out}, "want fewer hub edges than --triples"},
		{[]string{"gen", "--triples", "10", "--format", "xml", "-o", out}, `--format "xml"`},
	} {
		code, _, errs := invoke(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want usage error with %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed gen left %s", out)
	}
	code, _, errs := invoke(t, "", "gen", "--help")
	if code != exitOK || !strings.Contains(errs, "scgraph gen --triples 50k") || !strings.Contains(errs, "-hub") {
		t.Errorf("gen --help: exit %d, %q", code, errs)
	}
}

func TestCountFlag(t *testing.T) {
	for in, want := range map[string]int{"5000000": 5000000, "5M": 5000000, "100k": 100000, "1.5m": 1500000, "0": 0} {
		var n int
		if err := (countFlag{&n}).Set(in); err != nil || n != want {
			t.Errorf("%s: %d, %v; want %d", in, n, err, want)
		}
	}
	for _, in := range []string{"", "-1", "1.5", "3G", "9999999999"} {
		var n int
		if err := (countFlag{&n}).Set(in); err == nil {
			t.Errorf("%s: no error (got %d)", in, n)
		}
	}
}
