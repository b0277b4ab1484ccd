package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/state"
)

// fourDocs is the four-document example: four short Markdown files
// nobody wrote a schema for.
const fourDocs = "../../testdata/docs/four-docs"

// TestOpenVocabularyFourDocuments ingests the four documents with no
// schema and no model, and asks the questions of four-docs-questions.jsonl:
// each is answered with exactly its gold answers, every hop of the
// evidence is cited with the sentence that states it, and no answer is
// claimed complete (the graph is open-world).
func TestOpenVocabularyFourDocuments(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "four.snap")
	res := ingestDocsJSON(t, "--docs", fourDocs, "-o", snap)
	if !res.OpenWorld || strings.Contains(res.Schema, "demo") {
		t.Fatalf("ingest with no schema: open world %v, schema %q", res.OpenWorld, res.Schema)
	}
	if res.Found.Entities["Service"] != 3 || res.Found.Entities["Team"] != 1 || res.Found.Relations["DEPENDS_ON"] != 2 {
		t.Errorf("found %+v", res.Found)
	}
	askOpenQuestions(t, snap, "../../testdata/docs/four-docs-questions.jsonl")
}

// TestOpenKindWords asks, over documents of open-kinds/ (a graph with a
// Component type: "the Scheduler component"), questions that name the
// asked kind by a word of a whole kind group ("Which components ..."):
// the extractor types only the names that carry a kind noun, so the word
// filters nothing (before, it kept the one Component).
func TestOpenKindWords(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "kinds.snap")
	res := ingestDocsJSON(t, "--docs", "../../testdata/docs/open-kinds", "-o", snap)
	if !res.OpenWorld || res.Found.Entities["Component"] != 1 || res.Found.Entities["Thing"] != 2 {
		t.Fatalf("open world %v, found %+v", res.OpenWorld, res.Found)
	}
	askOpenQuestions(t, snap, "../../testdata/docs/open-kinds-questions.jsonl")
}

// askOpenQuestions asks each question of a question file over snapshot
// snap: each is answered with exactly its gold answers, every hop of the
// evidence is cited with the sentence that states it, and no answer is
// claimed complete (the graph is open-world).
func askOpenQuestions(t *testing.T, snap, questions string) {
	t.Helper()
	f, err := os.Open(questions)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var q struct {
			Question  string       `json:"question"`
			Answers   []string     `json:"answers"`
			GoldPaths [][][]string `json:"gold_paths"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCLI(t, "ask", "--graph", snap, "--json", q.Question)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", q.Question, code, errs)
		}
		var got struct {
			Answer  string `json:"answer"`
			Answers []struct {
				Name string `json:"name"`
			} `json:"answers"`
			StopReason state.Stop `json:"stop_reason"`
			Citations  []struct {
				Subject, Relation, Object, Sentence string
			} `json:"citations"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, a := range got.Answers {
			names = append(names, a.Name)
		}
		slices.Sort(names)
		want := slices.Sorted(slices.Values(q.Answers))
		if !slices.Equal(names, want) {
			t.Errorf("%s: answers %v, want %v", q.Question, names, want)
		}
		if len(q.Answers) == 0 && !strings.HasPrefix(got.Answer, "Not found in the documents") {
			t.Errorf("%s: with no answer over documents, the answer is %q", q.Question, got.Answer)
		}
		if got.StopReason == state.StopComplete || got.StopReason == state.StopNoChain {
			t.Errorf("%s: claimed (%s) over an open-world graph", q.Question, got.StopReason)
		}
		for _, p := range q.GoldPaths {
			for _, h := range p {
				i := slices.IndexFunc(got.Citations, func(c struct{ Subject, Relation, Object, Sentence string }) bool {
					return c.Subject == h[0] && c.Relation == h[1] && c.Object == h[2]
				})
				if i < 0 {
					t.Errorf("%s: hop %v not cited", q.Question, h)
					continue
				}
				s := got.Citations[i].Sentence
				if !strings.Contains(s, h[0]) || !strings.Contains(s, h[2]) {
					t.Errorf("%s: hop %v cited with %q", q.Question, h, s)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
