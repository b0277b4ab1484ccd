package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acltest"
)

// writeJSONL writes triples as JSONL, one a line at its source line (the
// lines of other facts left blank), so that a graph and its visible part
// give the same provenance.
func writeJSONL(t *testing.T, path string, ts []graph.Triple) {
	t.Helper()
	type row struct {
		Subject     string   `json:"subject"`
		Relation    string   `json:"relation"`
		Object      string   `json:"object"`
		SubjectType string   `json:"subject_type,omitempty"`
		ObjectType  string   `json:"object_type,omitempty"`
		ACL         []string `json:"acl,omitempty"`
	}
	var lines []string
	for _, tr := range ts {
		for len(lines) < tr.Source.Line-1 {
			lines = append(lines, "")
		}
		b, err := json.Marshal(row{tr.Subject, tr.Relation, tr.Object, tr.SubjectType, tr.ObjectType, tr.ACL})
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeSchema(t *testing.T, path string, s *graph.Schema) {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// unstable matches what differs between two runs of the same question:
// times, durations and run ids.
// and the Stopped: line's naming of the store and graph that answered
// (the files, and the groups, differ by design).
var unstable = regexp.MustCompile(`"(at|id|run_id|elapsed_ms|elapsed_us)": ?("[^"]*"|[0-9.e+-]+)|[0-9]+(\.[0-9]+)? ms(; embedded store, graph .*)?`)

// TestAskGroupsNoLeaks runs random questions over random graphs with
// access lists through `scgraph ask --groups` (text with --trace and
// --mermaid, and --json --state), and requires each output to equal the
// output for a graph file holding only the facts the caller sees, and to
// name no entity only hidden facts mention.
func TestAskGroupsNoLeaks(t *testing.T) {
	dir := t.TempDir()
	cases, leaks := 0, 0
	for seed := uint64(501); seed <= 530; seed++ {
		c := acltest.NewCase(seed, 10+int(seed%15))
		full, fullSchema := filepath.Join(dir, "acl.jsonl"), filepath.Join(dir, "schema.json")
		writeJSONL(t, full, c.Triples)
		writeSchema(t, fullSchema, c.Schema)
		rng := rand.New(rand.NewPCG(seed, 11))
		for range 2 {
			g := acltest.Caller(rng)
			v := c.Visible(g)
			refDir := filepath.Join(dir, "ref")
			os.MkdirAll(refDir, 0o755)
			ref, refSchema := filepath.Join(refDir, "acl.jsonl"), filepath.Join(refDir, "schema.json")
			writeJSONL(t, ref, v.Triples)
			writeSchema(t, refSchema, v.Schema)
			for _, q := range c.Questions(rng, 3) {
				for _, mode := range [][]string{{"--trace", "--mermaid"}, {"--json", "--state"}} {
					cases++
					args := append([]string{"ask", "--quiet", "--lexicon", "none", "--groups=" + g.String(), "--graph", full, "--schema", fullSchema}, mode...)
					code, got, gotErr := invoke(t, "", append(args, q)...)
					refArgs := append([]string{"ask", "--quiet", "--lexicon", "none", "--graph", ref, "--schema", refSchema}, mode...)
					refCode, want, wantErr := invoke(t, "", append(refArgs, q)...)
					got, want = unstable.ReplaceAllString(got, "~"), unstable.ReplaceAllString(want, "~")
					if code != refCode || got != want || gotErr != wantErr {
						leaks++
						if leaks <= 3 {
							t.Errorf("seed %d, --groups=%s %v %q: exit %d, want %d\n got: %s%s\nwant: %s%s", seed, g, mode, q, code, refCode, got, gotErr, want, wantErr)
						}
					}
					if l := acltest.Leaks(got+gotErr, q, v.Hidden); len(l) > 0 {
						leaks++
						t.Errorf("seed %d, --groups=%s %v %q: the output names hidden entities %q", seed, g, mode, q, l)
					}
				}
			}
		}
	}
	t.Logf("%d CLI runs (graph, caller, question, output mode), %d leaks", cases, leaks)
}
