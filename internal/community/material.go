package community

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
)

// Member is an entity of a community.
type Member struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
	// Degree counts the community's facts that touch the member.
	Degree int `json:"degree"`
	// Centrality is the member's PageRank within the community (facts read
	// both ways, damping 0.85), rounded to 4 decimals; members are listed
	// by it, highest first.
	Centrality float64 `json:"centrality"`
	// Dependents counts the entities of the whole graph that are affected,
	// directly or through others, when the member fails: those that reach
	// it over the schema's dependency relations (A DEPENDS_ON B: A is a
	// dependent of B). Counting stops at MaxCountedDependents.
	Dependents int `json:"dependents"`
}

// RelationCount is how many of a community's facts have a relation.
type RelationCount struct {
	Relation string `json:"relation"`
	Count    int    `json:"count"`
}

// Passage is a chunk that mentions members of a community: what a summary
// cites.
type Passage struct {
	Document string `json:"document"`
	Version  int    `json:"version"`
	Chunk    string `json:"chunk"`
	// Quote is the first sentence of the chunk that states a fact about a
	// member, or else the first (headings left out, spaces collapsed) that
	// names one; Line is the document line it starts on, or else the line
	// of the mention.
	Line  int    `json:"line"`
	Quote string `json:"quote"`
	// Members are the community's members the chunk mentions; Tickets the
	// ticket ids and error codes it mentions (INC-2041, E4012).
	Members []string `json:"members"`
	Tickets []string `json:"tickets,omitempty"`
	Text    string   `json:"text"`
}

// Material is what a summary says, taken from the graph and the documents
// alone (extractive and deterministic). Its hash is the community's
// fingerprint: a summary is written again exactly when its material
// changes.
type Material struct {
	// Members by centrality, highest first.
	Members []Member `json:"members"`
	// Relations by count, highest first.
	Relations []RelationCount `json:"relations"`
	// KeyFacts are the facts that touch the most central member, at most
	// MaxKeyFacts.
	KeyFacts []graph.Triple `json:"key_facts"`
	// SinglePoints are the members at least MinDependents entities depend
	// on, most depended on first, at most MaxSinglePoints: the community's
	// single points of failure.
	SinglePoints []Member `json:"single_points,omitempty"`
	// Tickets are the ticket ids and error codes named in the chunks that
	// mention members: incidents, follow-ups and failures seen around them.
	Tickets []string `json:"tickets,omitempty"`
	// Documents mention members, most mentions first; Passages are the
	// chunks cited, at most MaxPassages, those naming the most members
	// (then tickets) first.
	Documents []string  `json:"documents,omitempty"`
	Passages  []Passage `json:"passages,omitempty"`
}

// Defaults of Options.
const (
	DefaultMaxKeyFacts   = 5
	DefaultMaxPassages   = 6
	DefaultMinDependents = 3
	// MaxSinglePoints caps the single points of failure a summary names.
	MaxSinglePoints = 3
	// MaxCountedDependents caps the transitive walk that counts a member's
	// dependents, so that a hub of a very large graph costs a bounded walk.
	MaxCountedDependents = 10000
)

// graphView is the whole graph's facts as material needs them: entity
// types, dependency edges (failing X affects Y) and the regex-spotted
// tickets' types.
type graphView struct {
	types   map[string]string
	affects map[string][]string
	// dependents caches counted dependents by entity.
	dependents map[string]int
}

func newGraphView(facts []graph.Triple, sch *graph.Schema) *graphView {
	v := &graphView{types: map[string]string{}, affects: map[string][]string{}, dependents: map[string]int{}}
	for _, t := range facts {
		if t.SubjectType != "" {
			v.types[t.Subject] = t.SubjectType
		}
		if t.ObjectType != "" {
			v.types[t.Object] = t.ObjectType
		}
		if sch == nil {
			continue
		}
		r := sch.Relation(t.Relation)
		if r == nil {
			continue
		}
		switch r.Dependency {
		case graph.DependentSubject:
			v.affects[t.Object] = append(v.affects[t.Object], t.Subject)
		case graph.DependentObject:
			v.affects[t.Subject] = append(v.affects[t.Subject], t.Object)
		}
	}
	for k, ns := range v.affects {
		slices.Sort(ns)
		v.affects[k] = slices.Compact(ns)
	}
	return v
}

// countDependents counts the entities a failure of name reaches.
func (v *graphView) countDependents(name string) int {
	if n, ok := v.dependents[name]; ok {
		return n
	}
	seen := map[string]bool{name: true}
	queue := []string{name}
	n := 0
	for len(queue) > 0 && n < MaxCountedDependents {
		x := queue[0]
		queue = queue[1:]
		for _, y := range v.affects[x] {
			if !seen[y] {
				seen[y] = true
				n++
				queue = append(queue, y)
			}
		}
	}
	n = min(n, MaxCountedDependents)
	v.dependents[name] = n
	return n
}

// ticketTypes are the entity types of the regex spotters: what a
// document names beside a member that is an incident or a failure.
func ticketTypes() map[string]bool {
	out := map[string]bool{}
	for _, sp := range docs.DefaultSpotters() {
		out[sp.Type] = true
	}
	return out
}

// material builds the material of the community with the members.
func material(members []string, facts []graph.Triple, view *graphView, ix *docs.Index, opts Options) Material {
	in := make(map[string]bool, len(members))
	for _, m := range members {
		in[m] = true
	}
	var own []graph.Triple
	for _, t := range facts {
		if in[t.Subject] && in[t.Object] {
			own = append(own, t)
		}
	}
	slices.SortFunc(own, compareFacts)
	own = slices.CompactFunc(own, func(a, b graph.Triple) bool { return compareFacts(a, b) == 0 })

	var m Material
	rank := pageRank(members, own)
	degree := map[string]int{}
	rels := map[string]int{}
	for _, t := range own {
		degree[t.Subject]++
		if t.Object != t.Subject {
			degree[t.Object]++
		}
		rels[t.Relation]++
	}
	for _, name := range members {
		m.Members = append(m.Members, Member{Name: name, Type: view.types[name], Degree: degree[name],
			Centrality: rank[name], Dependents: view.countDependents(name)})
	}
	slices.SortFunc(m.Members, func(a, b Member) int {
		return cmp.Or(cmp.Compare(b.Centrality, a.Centrality), cmp.Compare(b.Degree, a.Degree), cmp.Compare(a.Name, b.Name))
	})
	for r, n := range rels {
		m.Relations = append(m.Relations, RelationCount{Relation: r, Count: n})
	}
	slices.SortFunc(m.Relations, func(a, b RelationCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Relation, b.Relation))
	})

	if len(m.Members) > 0 {
		hub := m.Members[0].Name
		for _, t := range own {
			if (t.Subject == hub || t.Object == hub) && len(m.KeyFacts) < opts.MaxKeyFacts {
				m.KeyFacts = append(m.KeyFacts, graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object,
					SubjectType: t.SubjectType, ObjectType: t.ObjectType, Source: t.Source})
			}
		}
	}
	for _, mem := range m.Members {
		if mem.Dependents >= opts.MinDependents {
			m.SinglePoints = append(m.SinglePoints, mem)
		}
	}
	slices.SortStableFunc(m.SinglePoints, func(a, b Member) int { return cmp.Compare(b.Dependents, a.Dependents) })
	m.SinglePoints = m.SinglePoints[:min(len(m.SinglePoints), MaxSinglePoints)]

	if ix != nil {
		passages(&m, in, ix, opts)
	}
	return m
}

// passages fills the documents, passages and tickets of the material from
// the chunks of the index that mention members.
func passages(m *Material, in map[string]bool, ix *docs.Index, opts Options) {
	tickets := ticketTypes()
	var found []Passage
	perDoc := map[string]int{}
	allTickets := map[string]bool{}
	for _, d := range ix.Documents {
		byChunk := map[string]*Passage{}
		named := map[string][]docs.ChunkMention{}
		var order []string
		for _, mn := range d.Mentions {
			p := byChunk[mn.Chunk]
			if p == nil {
				p = &Passage{Document: d.Path, Version: d.Version, Chunk: mn.Chunk}
				byChunk[mn.Chunk] = p
				order = append(order, mn.Chunk)
			}
			switch {
			case in[mn.Entity]:
				named[mn.Chunk] = append(named[mn.Chunk], mn)
				p.Members = append(p.Members, mn.Entity)
			case tickets[mn.Type]:
				p.Tickets = append(p.Tickets, mn.Entity)
			}
		}
		for _, id := range order {
			p := byChunk[id]
			if len(p.Members) == 0 {
				continue
			}
			slices.Sort(p.Members)
			p.Members = slices.Compact(p.Members)
			slices.Sort(p.Tickets)
			p.Tickets = slices.Compact(p.Tickets)
			for _, c := range d.Chunks {
				if c.ID == id {
					p.Text = c.Text
					p.Quote, p.Line = quote(c.Text, statedBy(d.Statements, id, in), named[id])
				}
			}
			perDoc[d.Path] += len(p.Members)
			for _, t := range p.Tickets {
				allTickets[t] = true
			}
			found = append(found, *p)
		}
	}
	slices.SortStableFunc(found, func(a, b Passage) int {
		return cmp.Or(cmp.Compare(len(b.Members), len(a.Members)), cmp.Compare(len(b.Tickets), len(a.Tickets)),
			cmp.Compare(a.Document, b.Document), cmp.Compare(a.Line, b.Line))
	})
	m.Passages = found[:min(len(found), opts.MaxPassages)]
	for d := range perDoc {
		m.Documents = append(m.Documents, d)
	}
	slices.SortFunc(m.Documents, func(a, b string) int { return cmp.Or(cmp.Compare(perDoc[b], perDoc[a]), cmp.Compare(a, b)) })
	for t := range allTickets {
		m.Tickets = append(m.Tickets, t)
	}
	slices.Sort(m.Tickets)
}

// statedBy returns the statements read in the chunk that have a member
// at either end.
func statedBy(sts []docs.Statement, chunk string, in map[string]bool) []docs.Statement {
	var out []docs.Statement
	for _, st := range sts {
		if st.Chunk == chunk && (in[st.Subject] || in[st.Object]) {
			out = append(out, st)
		}
	}
	return out
}

// quote returns the sentence a passage is quoted by, and its line: the
// first statement's, or else the first sentence of the chunk (headings
// left out, spaces collapsed) holding a mention's surface text, with that
// mention's line; the first mention's text and line when none does.
func quote(chunk string, stated []docs.Statement, mentions []docs.ChunkMention) (string, int) {
	if len(stated) > 0 {
		first := slices.MinFunc(stated, func(a, b docs.Statement) int { return cmp.Compare(a.Line, b.Line) })
		return first.Sentence, first.Line
	}
	mentions = slices.Clone(mentions)
	slices.SortStableFunc(mentions, func(a, b docs.ChunkMention) int { return cmp.Compare(a.Line, b.Line) })
	var body []string
	for _, l := range strings.Split(chunk, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			body = append(body, l)
		}
	}
	flat := strings.Join(strings.Fields(strings.Join(body, " ")), " ")
	for _, sentence := range sentenceEnd.Split(flat, -1) {
		for _, mn := range mentions {
			if strings.Contains(strings.ToLower(sentence), strings.ToLower(mn.Text)) {
				return sentence, mn.Line
			}
		}
	}
	return mentions[0].Text, mentions[0].Line
}

// sentenceEnd splits collapsed text after a full stop, question or
// exclamation mark followed by a space.
var sentenceEnd = regexp.MustCompile(`(?:[.?!])\s+`)

// pageRank returns the PageRank of the members over the community's facts
// read both ways, rounded to 4 decimals so that the order it gives does
// not depend on the order of floating-point sums.
func pageRank(members []string, facts []graph.Triple) map[string]float64 {
	id := make(map[string]int64, len(members))
	g := simple.NewWeightedDirectedGraph(0, 0)
	for i, name := range members {
		id[name] = int64(i)
		g.AddNode(simple.Node(i))
	}
	w := map[[2]int64]float64{}
	for _, t := range facts {
		a, b := id[t.Subject], id[t.Object]
		if a != b {
			w[[2]int64{a, b}]++
			w[[2]int64{b, a}]++
		}
	}
	for p, x := range w {
		g.SetWeightedEdge(g.NewWeightedEdge(simple.Node(p[0]), simple.Node(p[1]), x))
	}
	out := make(map[string]float64, len(members))
	if len(w) == 0 {
		for _, name := range members {
			out[name] = round4(1 / float64(len(members)))
		}
		return out
	}
	rank := network.PageRank(g, 0.85, 1e-9)
	for name, i := range id {
		out[name] = round4(rank[i])
	}
	return out
}

func round4(f float64) float64 { return math.Round(f*1e4) / 1e4 }

func compareFacts(a, b graph.Triple) int {
	return cmp.Or(cmp.Compare(a.Subject, b.Subject), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.Object, b.Object))
}

// fingerprint is the hash of the material: equal material, equal
// fingerprint.
func (m Material) fingerprint() string {
	b, err := json.Marshal(m)
	if err != nil {
		panic("community: material does not marshal: " + err.Error())
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// communityID names a community by its member set: the same members, the
// same ID.
func communityID(members []string) string {
	sum := sha256.Sum256([]byte(strings.Join(members, "\n")))
	return "c-" + hex.EncodeToString(sum[:4])
}
