package cypher_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

// The agent gives the same answers and evidence paths on Neo4j as on the
// embedded store, question by question.

func TestAgentEquivalenceDemo(t *testing.T) {
	ctx := t.Context()
	ts, err := demo.Triples()
	if err != nil {
		t.Fatal(err)
	}
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	neo := openEmpty(t)
	defer neo.Close()
	mem := memstore.New()
	for _, s := range []interface {
		SetSchema(context.Context, *graph.Schema) error
		AddTriples(context.Context, []graph.Triple) (int, error)
	}{mem, neo} {
		if err := s.SetSchema(ctx, sch); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddTriples(ctx, ts); err != nil {
			t.Fatal(err)
		}
	}
	var questions []string
	sc := bufio.NewScanner(bytes.NewReader(demo.Questions()))
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var q struct {
			Question string `json:"question"`
		}
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("demo question %q: %v", sc.Text(), err)
		}
		questions = append(questions, q.Question)
	}
	if len(questions) == 0 {
		t.Fatal("no demo questions")
	}
	compareAgents(t, mem, neo, questions)
}

func TestAgentEquivalenceMetaQA(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MetaQA into Neo4j")
	}
	questions := append(metaQAQuestions(t, "metaqa/3-hop/vanilla/qa_dev.txt", 200),
		metaQAQuestions(t, "metaqa/2-hop/vanilla/qa_dev.txt", 200)...)
	neo := openMetaQA(t)
	mem := memstore.New()
	if _, err := mem.AddTriples(t.Context(), metaQATriples(t)); err != nil {
		t.Fatal(err)
	}
	compareAgents(t, mem, neo, questions)
}

// bracket finds a MetaQA question's [entity].
var bracket = regexp.MustCompile(`\[([^\]]+)\]`)

// compareAgents runs every question on both stores and compares the JSON
// of the answers and of the paths, and whether the runs failed.
func compareAgents(t *testing.T, mem, neo agent.Store, questions []string) {
	t.Helper()
	ctx := t.Context()
	am, an := agent.New(mem), agent.New(neo)
	var memTime, neoTime time.Duration
	answered := 0
	for _, q := range questions {
		t0 := time.Now()
		rm, errm := am.Run(ctx, q)
		t1 := time.Now()
		rn, errn := an.Run(ctx, q)
		memTime += t1.Sub(t0)
		neoTime += time.Since(t1)
		if (errm == nil) != (errn == nil) || errors.Is(errm, agent.ErrIterationLimit) != errors.Is(errn, agent.ErrIterationLimit) {
			t.Errorf("%q: memstore error %v, Neo4j error %v", q, errm, errn)
			continue
		}
		if rm == nil || rn == nil {
			t.Errorf("%q: no result (memstore %v, Neo4j %v)", q, errm, errn)
			continue
		}
		for _, part := range []struct {
			what     string
			mem, neo any
		}{{"answers", rm.Answers, rn.Answers}, {"paths", rm.Paths, rn.Paths}, {"stop reasons", rm.StopReason, rn.StopReason}} {
			jm, err := json.Marshal(part.mem)
			if err != nil {
				t.Fatal(err)
			}
			jn, err := json.Marshal(part.neo)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(jm, jn) {
				t.Errorf("%q: %s differ\nmemstore: %s\nNeo4j:    %s", q, part.what, jm, jn)
			}
		}
		if len(rm.Answers) > 0 {
			answered++
		}
	}
	t.Logf("%d questions, %d answered; agent time memstore %v, Neo4j %v (%.1f ms a question)",
		len(questions), answered, memTime.Round(time.Millisecond), neoTime.Round(time.Millisecond),
		float64(neoTime.Microseconds())/1000/float64(len(questions)))
}

// TestAgentEquivalenceZeroShot asks zero-shot sets (no schema, no
// lexicon) on both stores: the critic's checks before a claim (relations
// of unknown meaning, relations that deliver into their objects, the
// kind's other relations) and path questions expand every relation both
// ways, and must stop where memstore stops.
func TestAgentEquivalenceZeroShot(t *testing.T) {
	for _, set := range []struct{ graph, questions string }{
		{"pubsub.tsv", "pubsub.questions.jsonl"},
		{"etl.tsv", "etl.questions.jsonl"},
		{"airflow.tsv", "airflow.questions.jsonl"},
		{"platform.tsv", "platform.questions.jsonl"},
		{"shop.csv", "shop.questions.jsonl"},
		{"family.csv", "family.questions.jsonl"},
		{"iam.csv", "iam.questions.jsonl"},
		{"build.jsonl", "build.questions.jsonl"},
		{"corp.csv", "corp.questions.jsonl"}, // mirrors, a passive pair over a structure guess
		{"eco.jsonl", "eco.questions.jsonl"},
	} {
		t.Run(set.graph, func(t *testing.T) {
			dir := filepath.Join("..", "testdata", "zeroshot")
			ts, err := triplefile.Read(filepath.Join(dir, set.graph), triplefile.FormatAuto, triplefile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			neo := openEmpty(t)
			defer neo.Close()
			mem := memstore.New()
			for _, s := range []agent.Store{mem, neo} {
				if _, err := s.(interface {
					AddTriples(context.Context, []graph.Triple) (int, error)
				}).AddTriples(t.Context(), ts); err != nil {
					t.Fatal(err)
				}
			}
			raw, err := os.ReadFile(filepath.Join(dir, set.questions))
			if err != nil {
				t.Fatal(err)
			}
			var questions []string
			for _, line := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
				var q struct {
					Question string `json:"question"`
				}
				if err := json.Unmarshal(line, &q); err != nil {
					t.Fatalf("%s: %v", set.questions, err)
				}
				questions = append(questions, q.Question)
			}
			compareAgents(t, mem, neo, questions)
		})
	}
}

// TestStoreEquivalenceMetaQA compares the stores request by request on
// MetaQA: fuzzy linking of misspelt names (where Neo4j's candidates come
// from the full-text index and memstore searches every key), expansions
// cut at a small fan-out, and shortest paths.
func TestStoreEquivalenceMetaQA(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MetaQA into Neo4j")
	}
	ctx := t.Context()
	neo := openMetaQA(t)
	mem := memstore.New()
	if _, err := mem.AddTriples(ctx, metaQATriples(t)); err != nil {
		t.Fatal(err)
	}
	// The anchors of the first 2-hop questions, and their first answers.
	var anchors, answers []string
	for _, line := range metaQALines(t, "metaqa/2-hop/vanilla/qa_dev.txt", 60) {
		q, ans, _ := strings.Cut(line, "\t")
		if m := bracket.FindStringSubmatch(q); m != nil {
			anchors = append(anchors, m[1])
			first, _, _ := strings.Cut(ans, "|")
			answers = append(answers, first)
		}
	}
	same := func(what string, m, n any, errm, errn error) {
		t.Helper()
		if errm != nil || errn != nil {
			t.Errorf("%s: memstore error %v, Neo4j error %v", what, errm, errn)
			return
		}
		jm, _ := json.Marshal(m)
		jn, _ := json.Marshal(n)
		if !bytes.Equal(jm, jn) {
			t.Errorf("%s differ:\nmemstore: %s\nNeo4j:    %s", what, jm, jn)
		}
	}
	// Misspellings: a letter dropped, two swapped, lower case, a word lost.
	var mentions []string
	for _, a := range anchors {
		r := []rune(a)
		mid := len(r) / 2
		mentions = append(mentions, string(r[:mid])+string(r[mid+1:]), strings.ToLower(a))
		if mid+1 < len(r) {
			sw := slices.Clone(r)
			sw[mid], sw[mid+1] = sw[mid+1], sw[mid]
			mentions = append(mentions, string(sw))
		}
		if f := strings.Fields(a); len(f) > 1 {
			mentions = append(mentions, strings.Join(f[1:], " "))
		}
	}
	req := graph.ResolveRequest{Mentions: mentions, Fuzzy: true, Limit: 5}
	rm, errm := mem.Resolve(ctx, req)
	rn, errn := neo.Resolve(ctx, req)
	same("fuzzy Resolve", rm, rn, errm, errn)

	for i, a := range anchors {
		for _, step := range []graph.ExpandStep{{Direction: graph.Both}, {Relations: []string{"directed_by", "starred_actors"}, Direction: graph.In}} {
			req := graph.ExpandRequest{From: []string{a, answers[i]}, Steps: []graph.ExpandStep{step, {Direction: graph.Out}}, Limit: 3}
			em, errm := mem.Expand(ctx, req)
			en, errn := neo.Expand(ctx, req)
			same(fmt.Sprintf("Expand(%+v)", req), em, en, errm, errn)
		}
		for _, d := range []graph.Direction{graph.Both, graph.Out} {
			req := graph.PathRequest{From: a, To: answers[i], MaxHops: 4, Direction: d, Limit: 5}
			pm, errm := mem.Paths(ctx, req)
			pn, errn := neo.Paths(ctx, req)
			same(fmt.Sprintf("Paths(%+v)", req), pm, pn, errm, errn)
		}
	}
}
