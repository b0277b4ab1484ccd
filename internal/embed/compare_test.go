package embed_test

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/text"
)

// The embedder comparison on the development data: which embedder links
// entities and matches relations better. Run it with
//
//	go test -run '^$' -bench Compare -benchtime 1x ./internal/embed/
//
// Each sub-benchmark reports hits@1 (and the sample size) as metrics.
// MiniLM is skipped when it is not installed (scripts/embed-model).
func BenchmarkCompareEmbedders(b *testing.B) {
	for _, e := range comparedEmbedders(b) {
		b.Run("metaqa-ntm-linking/"+e.name, func(b *testing.B) {
			for b.Loop() {
				r := metaQALinking(b, e.embedder)
				b.ReportMetric(r.hits1, "hits@1")
				b.ReportMetric(r.candidateRecall, "candidate-recall")
				b.ReportMetric(float64(r.questions), "questions")
			}
		})
		b.Run("demo-passages/"+e.name, func(b *testing.B) {
			for b.Loop() {
				r := demoPassageRetrieval(b, e.embedder)
				b.ReportMetric(r.mrr, "MRR")
				b.ReportMetric(r.recall5, "recall@5")
				b.ReportMetric(float64(r.questions), "questions")
			}
		})
		for _, set := range []struct{ name, questions, kb string }{
			{"pq-2h", "pathquestion/PQ-2H.dev.txt", "pathquestion/2H-kb.txt"},
			{"pql-2h", "pathquestion/PQL-2H.dev.txt", "pathquestion/PQL2-KB.txt"},
		} {
			b.Run(set.name+"-relations/"+e.name, func(b *testing.B) {
				for b.Loop() {
					r := relationMatching(b, e.embedder, set.questions, set.kb)
					b.ReportMetric(r.hits1, "hits@1")
					b.ReportMetric(r.anyHop, "top1-on-path")
					b.ReportMetric(float64(r.questions), "questions")
				}
			})
		}
	}
}

type namedEmbedder struct {
	name     string
	embedder embeddings.Embedder
}

func comparedEmbedders(b *testing.B) []namedEmbedder {
	out := []namedEmbedder{{"hashed", embed.NewHashed()}}
	if m, err := embed.LoadMiniLM(embed.CacheDir() + "/" + embed.MiniLMDir); err == nil {
		out = append(out, namedEmbedder{embed.MiniLMName, m})
	} else {
		b.Logf("MiniLM left out of the comparison: %v (run scripts/embed-model)", err)
	}
	return out
}

// Sample sizes: every n-th question of a file up to this many, so the
// sample spreads over the file.
const (
	linkingSample    = 300
	candidatesPerQ   = 20
	relationSample   = 300
	embedBatchLength = 256
)

type linkingResult struct {
	hits1, candidateRecall float64
	questions              int
}

// metaQALinking: each MetaQA 1-hop ntm (paraphrased) dev question, its
// [brackets] removed, against the knowledge base's entity names. The
// candidates are the candidatesPerQ names whose character trigrams the
// question contains most (shared by both embedders; embedding all 43k
// names with MiniLM takes too long on a two-core machine); the embedder
// ranks them by cosine to the whole question, and a hit is the bracketed
// entity first.
func metaQALinking(b *testing.B, e embeddings.Embedder) linkingResult {
	ctx := context.Background()
	entities := metaQAEntities(b)
	type question struct {
		text, gold string
		candidates []string
	}
	var qs []question
	lines := sampleLines(b, devdata.DataPath(b, "metaqa/1-hop/ntm/qa_dev.txt"), linkingSample)
	var names []string
	seen := map[string]bool{}
	for _, line := range lines {
		q, _, _ := strings.Cut(line, "\t")
		br := text.Brackets(q)
		if len(br) != 1 {
			continue
		}
		plain := strings.NewReplacer("[", "", "]", "").Replace(q)
		cands := trigramCandidates(plain, entities, candidatesPerQ)
		qs = append(qs, question{plain, br[0].Name, cands})
		for _, c := range cands {
			if !seen[c] {
				seen[c] = true
				names = append(names, c)
			}
		}
	}
	vec := embedAll(b, e, names)
	var hits, recalled int
	for _, q := range qs {
		qv, err := e.EmbedQuery(ctx, q.text)
		if err != nil {
			b.Fatal(err)
		}
		if slices.Contains(q.candidates, q.gold) {
			recalled++
		}
		best := slices.MaxFunc(q.candidates, func(x, y string) int {
			return cmp.Compare(embed.Cosine(qv, vec[x]), embed.Cosine(qv, vec[y]))
		})
		if strings.EqualFold(best, q.gold) {
			hits++
		}
	}
	n := float64(len(qs))
	return linkingResult{float64(hits) / n, float64(recalled) / n, len(qs)}
}

type entityTrigrams struct {
	name  string
	grams map[string]struct{}
}

var metaQAEntityCache []entityTrigrams

func metaQAEntities(b *testing.B) []entityTrigrams {
	if metaQAEntityCache != nil {
		return metaQAEntityCache
	}
	f, err := os.Open(devdata.DataPath(b, "metaqa/kb.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "|")
		if len(parts) != 3 {
			continue
		}
		for _, name := range []string{parts[0], parts[2]} {
			if !seen[name] {
				seen[name] = true
				metaQAEntityCache = append(metaQAEntityCache, entityTrigrams{name, text.Trigrams(strings.ToLower(name))})
			}
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return metaQAEntityCache
}

// trigramCandidates returns the k names with the largest share of their
// trigrams found in the question (ties: the larger Jaccard similarity).
func trigramCandidates(q string, entities []entityTrigrams, k int) []string {
	qg := text.Trigrams(strings.ToLower(q))
	type scored struct {
		name               string
		contained, jaccard float64
	}
	var top []scored
	for _, e := range entities {
		inter := 0
		for g := range e.grams {
			if _, ok := qg[g]; ok {
				inter++
			}
		}
		if inter == 0 {
			continue
		}
		s := scored{e.name, float64(inter) / float64(len(e.grams)), float64(inter) / float64(len(e.grams)+len(qg)-inter)}
		top = append(top, s)
	}
	slices.SortFunc(top, func(a, b scored) int {
		return cmp.Or(cmp.Compare(b.contained, a.contained), cmp.Compare(b.jaccard, a.jaccard), strings.Compare(a.name, b.name))
	})
	out := make([]string, 0, k)
	for _, s := range top[:min(k, len(top))] {
		out = append(out, s.name)
	}
	return out
}

type relationResult struct {
	hits1, anyHop float64
	questions     int
}

// relationMatching: each PathQuestion dev question, its topic entity
// removed, against the knowledge base's relation names split into words
// ("__people__person__gender" → "people person gender"). A hit is the
// gold path's first relation ranked first; top1-on-path counts any
// relation of the gold path ranked first.
func relationMatching(b *testing.B, e embeddings.Embedder, questions, kb string) relationResult {
	ctx := context.Background()
	rels := map[string]bool{}
	f, err := os.Open(devdata.DataPath(b, kb))
	if err != nil {
		b.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if parts := strings.Split(sc.Text(), "\t"); len(parts) == 3 {
			rels[parts[1]] = true
		}
	}
	f.Close()
	relNames := slices.Sorted(func(yield func(string) bool) {
		for r := range rels {
			if !yield(r) {
				return
			}
		}
	})
	words := make([]string, len(relNames))
	for i, r := range relNames {
		words[i] = strings.Join(text.Tokens(r), " ")
	}
	vec := embedAll(b, e, words)
	var hits, onPath, n int
	for _, line := range sampleLines(b, devdata.DataPath(b, questions), relationSample) {
		parts := strings.Split(line, "\t")
		if len(parts) != 3 {
			continue
		}
		path := strings.Split(parts[2], "#")
		if len(path) < 3 {
			continue
		}
		q := strings.TrimSpace(strings.ReplaceAll(parts[0], path[0], " "))
		qv, err := e.EmbedQuery(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		best := 0
		for i := range relNames {
			if embed.Cosine(qv, vec[words[i]]) > embed.Cosine(qv, vec[words[best]]) {
				best = i
			}
		}
		n++
		if relNames[best] == path[1] {
			hits++
		}
		for i := 1; i < len(path); i += 2 {
			if path[i] == relNames[best] {
				onPath++
				break
			}
		}
	}
	return relationResult{float64(hits) / float64(n), float64(onPath) / float64(n), n}
}

// embedAll embeds texts in batches and maps each text to its vector.
func embedAll(b *testing.B, e embeddings.Embedder, texts []string) map[string][]float32 {
	out := make(map[string][]float32, len(texts))
	for start := 0; start < len(texts); start += embedBatchLength {
		batch := texts[start:min(start+embedBatchLength, len(texts))]
		vs, err := e.EmbedDocuments(context.Background(), batch)
		if err != nil {
			b.Fatal(err)
		}
		for i, t := range batch {
			out[t] = vs[i]
		}
	}
	return out
}

// sampleLines returns up to n non-empty lines spread evenly over the file.
func sampleLines(b *testing.B, path string, n int) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var lines []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimRight(l, "\r\n"); strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	step := max(len(lines)/n, 1)
	var out []string
	for i := 0; i < len(lines) && len(out) < n; i += step {
		out = append(out, lines[i])
	}
	return out
}

type passageResult struct {
	mrr, recall5 float64
	questions    int
}

// demoPassageRetrieval: vector search alone over the demo corpus's
// chunks. A chunk is relevant to a question when it states a fact of one
// of the question's gold paths; reported are the mean reciprocal rank of
// the first relevant chunk and the share of relevant chunks in the top 5.
// The questions join facts from several documents, so no single passage
// answers them: this measures the semantic signal hybrid retrieval fuses,
// not answers.
func demoPassageRetrieval(b *testing.B, e embeddings.Embedder) passageResult {
	ctx := context.Background()
	sch, err := demo.Schema()
	if err != nil {
		b.Fatal(err)
	}
	ix, _, err := docs.Ingest(ctx, "../../testdata/docs/demo", nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var ids, texts []string
	for _, d := range ix.Documents {
		for _, c := range d.Chunks {
			ids, texts = append(ids, c.ID), append(texts, c.Text)
		}
	}
	vec := embedAll(b, e, texts)
	data, err := os.ReadFile("../../testdata/docs/demo-questions.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	var r passageResult
	for line := range strings.Lines(string(data)) {
		var q struct {
			Question  string        `json:"question"`
			GoldPaths [][][3]string `json:"gold_paths"`
		}
		if err := json.Unmarshal([]byte(line), &q); err != nil {
			b.Fatal(err)
		}
		relevant := map[string]bool{}
		for _, path := range q.GoldPaths {
			for _, t := range path {
				for _, s := range ix.Support(t[0], t[1], t[2]) {
					relevant[s.Chunk] = true
				}
			}
		}
		if len(relevant) == 0 {
			continue
		}
		qv, err := e.EmbedQuery(ctx, q.Question)
		if err != nil {
			b.Fatal(err)
		}
		order := make([]int, len(ids))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(x, y int) int {
			return cmp.Compare(embed.Cosine(qv, vec[texts[y]]), embed.Cosine(qv, vec[texts[x]]))
		})
		for rank, i := range order {
			if relevant[ids[i]] {
				r.mrr += 1 / float64(rank+1)
				break
			}
		}
		found := 0
		for _, i := range order[:min(5, len(order))] {
			if relevant[ids[i]] {
				found++
			}
		}
		r.recall5 += float64(found) / float64(len(relevant))
		r.questions++
	}
	r.mrr /= float64(r.questions)
	r.recall5 /= float64(r.questions)
	return r
}
