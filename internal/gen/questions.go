package gen

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
)

// Question is one generated question in the evaluation harness's JSONL
// format (see evals.ParseJSONL): the gold answers and paths are computed
// from the graph.
type Question struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Answers  []string `json:"answers"`
	Anchors  []string `json:"anchors"`
	Hops     int      `json:"hops"`
	// GoldPaths holds, per answer, one shortest evidence path as
	// [subject, relation, object] triples from the anchor outward.
	GoldPaths [][][3]string `json:"gold_paths,omitempty"`
	Kind      string        `json:"kind"`
}

// The question kinds, in the order they are cycled through.
var questionKinds = []string{
	"owner", "impact", "oncall", "dependencies", "hosts", "team-impact", "consumers", "reachability", "negative",
}

// Limits that keep gold answers exact and questions answerable within the
// agent's default budgets (hop budget 6, fan-out 300).
const (
	hopBudget     = 6
	maxClosure    = 400 // nodes a gold closure may visit
	maxAnswers    = 40
	sampleRetries = 300
)

// Questions returns n questions about the graph, cycling through the kinds
// (owner, impact, on-call, dependencies, hosts, team impact, consumers,
// reachability, negative reachability; the hub's owner first when the
// graph has a hub). Half name their entity in [brackets], half plainly.
// A kind whose anchors are all unsuitable (too large a gold set) is
// skipped; fewer than n questions are returned only when every kind is.
// The same graph gives the same questions.
func (g *Graph) Questions(n int) []Question {
	g.index()
	qg := &questioner{g: g, rng: rand.New(rand.NewPCG(g.opts.Seed, 0x0e5_7105)), seen: make(map[string]bool)}
	var out []Question
	add := func(q Question, ok bool) {
		if ok && !qg.seen[q.Question] {
			qg.seen[q.Question] = true
			q.ID = fmt.Sprintf("q%04d", len(out)+1)
			out = append(out, q)
		}
	}
	if g.hub >= 0 && n > 0 {
		q, ok := qg.owner(g.hub, true)
		q.Kind = "hub-owner"
		add(q, ok)
	}
	failed := 0
	for k := 0; len(out) < n && failed < len(questionKinds); k++ {
		before := len(out)
		add(qg.make(questionKinds[k%len(questionKinds)], k%2 == 0))
		if len(out) == before {
			failed++
		} else {
			failed = 0
		}
	}
	return out
}

// WriteQuestions writes questions as JSON lines.
func WriteQuestions(w io.Writer, qs []Question) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, q := range qs {
		if err := enc.Encode(q); err != nil {
			return err
		}
	}
	return nil
}

// index builds the triples-by-subject and triples-by-object lists.
func (g *Graph) index() {
	if g.outOff != nil {
		return
	}
	n := len(g.kinds)
	g.outOff, g.outT = csr(n, g.s)
	g.inOff, g.inT = csr(n, g.o)
}

func csr(n int, end []int32) ([]int32, []int32) {
	off := make([]int32, n+1)
	for _, v := range end {
		off[v+1]++
	}
	for v := range n {
		off[v+1] += off[v]
	}
	pos := slices.Clone(off[:n])
	ts := make([]int32, len(end))
	for t, v := range end {
		ts[pos[v]] = int32(t)
		pos[v]++
	}
	return off, ts
}

type questioner struct {
	g    *Graph
	rng  *rand.Rand
	seen map[string]bool
}

func (qg *questioner) make(kind string, bracket bool) (Question, bool) {
	for range sampleRetries {
		var q Question
		var ok bool
		switch kind {
		case "owner":
			q, ok = qg.owner(qg.pick(Service, Database, Queue, Cache), bracket)
		case "oncall":
			q, ok = qg.oncall(qg.pick(Service), bracket)
		case "hosts":
			q, ok = qg.objects(qg.pick(Service), RunsOn, "Which hosts does %s run on?", bracket)
		case "consumers":
			q, ok = qg.subjects(qg.pick(Queue), Consumes, "Which services consume %s?", bracket)
		case "impact":
			q, ok = qg.impact(qg.pick(Database, Queue, Cache, Service, Host), Service, "Which services are affected if %s goes down?", bracket)
		case "team-impact":
			q, ok = qg.impact(qg.pick(Database, Queue, Cache, Service), Team, "Which teams are affected if %s goes down?", bracket)
		case "dependencies":
			q, ok = qg.dependencies(qg.pick(Service), bracket)
		case "reachability", "negative":
			q, ok = qg.reach(qg.pick(Service), kind == "reachability", bracket)
		}
		if ok && !qg.seen[q.Question] {
			q.Kind = kind
			return q, true
		}
	}
	return Question{}, false
}

// pick draws an entity of one of the kinds (not the hub or its clients),
// or -1.
func (qg *questioner) pick(kinds ...Kind) int32 {
	g := qg.g
	if g.firstClient == 0 {
		return -1
	}
	for range 1000 {
		id := int32(qg.rng.IntN(int(g.firstClient)))
		if id != g.hub && slices.Contains(kinds, g.kinds[id]) {
			return id
		}
	}
	return -1
}

func (qg *questioner) mention(id int32, bracket bool) string {
	if bracket {
		return "[" + qg.g.Name(id) + "]"
	}
	return qg.g.Name(id)
}

func (g *Graph) triple(t int32) [3]string {
	return [3]string{g.Name(g.s[t]), g.r[t].String(), g.Name(g.o[t])}
}

// in returns the triples whose object is v, with relation r.
func (g *Graph) in(v int32, r Rel) []int32 {
	var out []int32
	for _, t := range g.inT[g.inOff[v]:g.inOff[v+1]] {
		if g.r[t] == r {
			out = append(out, t)
		}
	}
	return out
}

func (g *Graph) out(v int32, r Rel) []int32 {
	var out []int32
	for _, t := range g.outT[g.outOff[v]:g.outOff[v+1]] {
		if g.r[t] == r {
			out = append(out, t)
		}
	}
	return out
}

// oneHop makes a question whose answers are the other ends of ts.
func (qg *questioner) oneHop(text string, anchor int32, ts []int32, subjects bool) (Question, bool) {
	g := qg.g
	if len(ts) == 0 || len(ts) > maxAnswers {
		return Question{}, false
	}
	q := Question{Question: text, Anchors: []string{g.Name(anchor)}, Hops: 1}
	for _, t := range ts {
		end := g.o[t]
		if subjects {
			end = g.s[t]
		}
		q.Answers = append(q.Answers, g.Name(end))
		q.GoldPaths = append(q.GoldPaths, [][3]string{g.triple(t)})
	}
	sortGold(&q)
	return q, true
}

func (qg *questioner) owner(x int32, bracket bool) (Question, bool) {
	if x < 0 {
		return Question{}, false
	}
	return qg.oneHop(fmt.Sprintf("Who owns %s?", qg.mention(x, bracket)), x, qg.g.in(x, Owns), true)
}

func (qg *questioner) objects(x int32, r Rel, format string, bracket bool) (Question, bool) {
	if x < 0 {
		return Question{}, false
	}
	return qg.oneHop(fmt.Sprintf(format, qg.mention(x, bracket)), x, qg.g.out(x, r), false)
}

func (qg *questioner) subjects(x int32, r Rel, format string, bracket bool) (Question, bool) {
	if x < 0 {
		return Question{}, false
	}
	return qg.oneHop(fmt.Sprintf(format, qg.mention(x, bracket)), x, qg.g.in(x, r), true)
}

// oncall: the people on call for the teams that own x (two hops).
func (qg *questioner) oncall(x int32, bracket bool) (Question, bool) {
	g := qg.g
	if x < 0 {
		return Question{}, false
	}
	q := Question{Question: fmt.Sprintf("Which people get paged for whoever owns %s?", qg.mention(x, bracket)), Anchors: []string{g.Name(x)}, Hops: 2}
	for _, own := range g.in(x, Owns) {
		for _, oc := range g.in(g.s[own], OnCallFor) {
			q.Answers = append(q.Answers, g.Name(g.s[oc]))
			q.GoldPaths = append(q.GoldPaths, [][3]string{g.triple(own), g.triple(oc)})
		}
	}
	if len(q.Answers) == 0 {
		return Question{}, false
	}
	sortGold(&q)
	return q, true
}

// closure walks the dependency relations from start, toward dependents
// (subjects of the triples whose object is the node) or toward
// dependencies, up to the hop budget. It returns, for every node reached,
// the triple it was first reached by and its depth; ok is false when more
// than maxClosure nodes were reached.
func (g *Graph) closure(start int32, dependents bool) (via map[int32]int32, depth map[int32]int, order []int32, ok bool) {
	via = map[int32]int32{}
	depth = map[int32]int{start: 0}
	frontier := []int32{start}
	for d := 1; d <= hopBudget && len(frontier) > 0; d++ {
		var next []int32
		for _, v := range frontier {
			ts := g.outT[g.outOff[v]:g.outOff[v+1]]
			if dependents {
				ts = g.inT[g.inOff[v]:g.inOff[v+1]]
			}
			for _, t := range ts {
				if !g.r[t].dependency() {
					continue
				}
				nb := g.o[t]
				if dependents {
					nb = g.s[t]
				}
				if _, seen := depth[nb]; seen {
					continue
				}
				depth[nb], via[nb] = d, t
				next = append(next, nb)
				order = append(order, nb)
				if len(depth) > maxClosure {
					return nil, nil, nil, false
				}
			}
		}
		frontier = next
	}
	return via, depth, order, true
}

// goldPath is the path by which the closure first reached v, from the
// anchor outward.
func (g *Graph) goldPath(v, start int32, via map[int32]int32) [][3]string {
	var p [][3]string
	for v != start {
		t := via[v]
		p = append(p, g.triple(t))
		if g.s[t] == v {
			v = g.o[t]
		} else {
			v = g.s[t]
		}
	}
	slices.Reverse(p)
	return p
}

// impact: the entities of kind want affected when x fails.
func (qg *questioner) impact(x int32, want Kind, format string, bracket bool) (Question, bool) {
	g := qg.g
	if x < 0 {
		return Question{}, false
	}
	via, depth, order, ok := g.closure(x, true)
	if !ok {
		return Question{}, false
	}
	q := Question{Question: fmt.Sprintf(format, qg.mention(x, bracket)), Anchors: []string{g.Name(x)}}
	for _, v := range order {
		if g.kinds[v] == want {
			q.Answers = append(q.Answers, g.Name(v))
			q.GoldPaths = append(q.GoldPaths, g.goldPath(v, x, via))
			q.Hops = max(q.Hops, depth[v])
		}
	}
	if len(q.Answers) == 0 || len(q.Answers) > maxAnswers || q.Hops < 2 && qg.rng.IntN(2) == 0 {
		return Question{}, false // prefer multi-hop impact
	}
	sortGold(&q)
	return q, true
}

// dependencies: everything x depends on, directly or not.
func (qg *questioner) dependencies(x int32, bracket bool) (Question, bool) {
	g := qg.g
	if x < 0 {
		return Question{}, false
	}
	via, depth, order, ok := g.closure(x, false)
	if !ok || len(order) == 0 || len(order) > maxAnswers {
		return Question{}, false
	}
	q := Question{Question: fmt.Sprintf("What does %s depend on?", qg.mention(x, bracket)), Anchors: []string{g.Name(x)}}
	for _, v := range order {
		q.Answers = append(q.Answers, g.Name(v))
		q.GoldPaths = append(q.GoldPaths, g.goldPath(v, x, via))
		q.Hops = max(q.Hops, depth[v])
	}
	sortGold(&q)
	return q, true
}

// reach: does a depend on b? Positive questions take b from a's
// dependencies, two hops away or more; negative ones a database or
// service that a's dependencies within the hop budget do not hold.
func (qg *questioner) reach(a int32, positive, bracket bool) (Question, bool) {
	g := qg.g
	if a < 0 {
		return Question{}, false
	}
	via, depth, order, ok := g.closure(a, false)
	if !ok || len(order) == 0 {
		return Question{}, false
	}
	var b int32 = -1
	if positive {
		var far []int32
		for _, v := range order {
			if depth[v] >= 2 {
				far = append(far, v)
			}
		}
		if len(far) == 0 {
			return Question{}, false
		}
		b = far[qg.rng.IntN(len(far))]
	} else {
		b = qg.pick(Database, Service)
		if _, reached := depth[b]; reached || b < 0 || b == a {
			return Question{}, false
		}
	}
	format := "Does %s depend on %s?"
	if qg.rng.IntN(2) == 0 {
		format = "Is %s affected by %s?"
	}
	q := Question{
		Question: fmt.Sprintf(format, qg.mention(a, bracket), qg.mention(b, bracket)),
		Answers:  []string{},
		Anchors:  []string{g.Name(b), g.Name(a)},
	}
	if positive {
		q.Answers = []string{g.Name(b)}
		q.GoldPaths = [][][3]string{g.goldPath(b, a, via)}
		q.Hops = depth[b]
	}
	return q, true
}

// sortGold orders the answers (with their paths) by name.
func sortGold(q *Question) {
	idx := make([]int, len(q.Answers))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(q.Answers[a], q.Answers[b]) })
	ans := make([]string, len(idx))
	var paths [][][3]string
	for i, j := range idx {
		ans[i] = q.Answers[j]
		if q.GoldPaths != nil {
			paths = append(paths, q.GoldPaths[j])
		}
	}
	q.Answers, q.GoldPaths = ans, paths
}
