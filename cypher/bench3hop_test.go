package cypher_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/lexicon"
)

// BenchmarkAgentVsQuery3Hop answers MetaQA 3-hop dev questions side by
// side, question by question in one run: the agent as the CLI runs it
// (rule planner, shipped lexicon, one store and driver for every
// question) and one hand-written Cypher query per question, written from
// the question's type in qa_dev_qtype.txt (movie_to_director_to_movie_to_
// actor is "the anchor's director's other films' actors"), each on its own
// driver. Both answer sets must be the same. It reports the median time of
// each over every (question, iteration) and their ratio; the target is
// agent ≤ 1.5× the query.
//
//	go test -run xxx -bench AgentVsQuery3Hop -benchtime 5x ./cypher/
//
// SCGRAPH_BENCH_QUESTIONS sets how many questions (default 50, from the
// top of the file).
func BenchmarkAgentVsQuery3Hop(b *testing.B) {
	n := 50
	if v := os.Getenv("SCGRAPH_BENCH_QUESTIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("SCGRAPH_BENCH_QUESTIONS=%q: want a positive number", v)
		}
	}
	s := openMetaQA(b)
	ctx := context.Background()
	type question struct {
		text, anchor, query string
	}
	lines := metaQALines(b, "metaqa/3-hop/vanilla/qa_dev.txt", n)
	qtypes := metaQALines(b, "metaqa/3-hop/qa_dev_qtype.txt", n)
	qs := make([]question, len(lines))
	for i, line := range lines {
		q, _, _ := strings.Cut(line, "\t")
		m := bracket.FindStringSubmatch(q)
		if m == nil {
			b.Fatalf("qa_dev.txt:%d: no [entity] in %q", i+1, q)
		}
		query, err := handWritten3Hop(qtypes[i])
		if err != nil {
			b.Fatalf("qa_dev_qtype.txt:%d: %v", i+1, err)
		}
		qs[i] = question{q, m[1], query}
	}
	a := agent.New(s, func(o *agent.Options) { o.Lexicon = lexicon.Shipped() })
	cfg := serverConfig(b)
	drv, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.Username, cfg.Password, ""))
	if err != nil {
		b.Fatal(err)
	}
	defer drv.Close(ctx)
	runAgent := func(q question) []string {
		res, err := a.Run(ctx, q.text)
		if err != nil {
			b.Fatalf("%q: %v", q.text, err)
		}
		out := make([]string, len(res.Answers))
		for i, e := range res.Answers {
			out[i] = e.Name
		}
		slices.Sort(out)
		return out
	}
	runQuery := func(q question) []string {
		res, err := neo4j.ExecuteQuery(ctx, drv, q.query, map[string]any{"anchor": q.anchor},
			neo4j.EagerResultTransformer, neo4j.ExecuteQueryWithDatabase(cfg.Database), neo4j.ExecuteQueryWithReadersRouting())
		if err != nil {
			b.Fatalf("%q: %v", q.query, err)
		}
		out := make([]string, len(res.Records))
		for i, r := range res.Records {
			if out[i], _, err = neo4j.GetRecordValue[string](r, "name"); err != nil {
				b.Fatal(err)
			}
		}
		return out
	}
	// Once untimed: the answers must agree, and both warm up.
	for _, q := range qs {
		if ga, gq := runAgent(q), runQuery(q); !slices.Equal(ga, gq) {
			b.Fatalf("%q: the agent answers %q, the hand-written query %q", q.text, ga, gq)
		}
	}
	var agentTimes, queryTimes []time.Duration
	b.ResetTimer()
	for b.Loop() {
		for _, q := range qs {
			t0 := time.Now()
			runAgent(q)
			t1 := time.Now()
			runQuery(q)
			agentTimes = append(agentTimes, t1.Sub(t0))
			queryTimes = append(queryTimes, time.Since(t1))
		}
	}
	ma, mq := median(agentTimes), median(queryTimes)
	b.ReportMetric(ms(ma), "agent-median-ms")
	b.ReportMetric(ms(mq), "query-median-ms")
	b.ReportMetric(float64(ma)/float64(mq), "agent/query")
	b.ReportMetric(float64(len(qs)), "questions")
}

// handWritten3Hop writes the one query that answers a MetaQA 3-hop
// question of type qtype (anchor_to_x_to_y_to_z, the anchor a movie): the
// chain's relations as a fixed pattern, films other than the anchor in
// the middle, as MetaQA's answers count them.
func handWritten3Hop(qtype string) (string, error) {
	parts := strings.Split(qtype, "_to_")
	if len(parts) != 4 || parts[0] != "movie" || parts[2] != "movie" {
		return "", fmt.Errorf("question type %q: want movie_to_X_to_movie_to_Y", qtype)
	}
	rel := map[string]string{
		"director": "directed_by", "writer": "written_by", "actor": "starred_actors",
		"genre": "has_genre", "language": "in_language", "year": "release_year",
	}
	r1, ok1 := rel[parts[1]]
	r3, ok3 := rel[parts[3]]
	if !ok1 || !ok3 {
		return "", fmt.Errorf("question type %q: unknown kind", qtype)
	}
	return fmt.Sprintf(`
MATCH (a:Entity {name: $anchor})-[:%s]->(:Entity)<-[:%s]-(m:Entity)-[:%s]->(z:Entity)
WHERE m <> a
RETURN DISTINCT z.name AS name ORDER BY name`, r1, r1, r3), nil
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
