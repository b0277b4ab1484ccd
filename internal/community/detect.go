package community

import (
	"cmp"
	"math/rand/v2"
	"slices"

	gonumcommunity "gonum.org/v1/gonum/graph/community"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
)

// Louvain's random source is seeded with these, so the same facts give the
// same communities on every run and every machine.
const (
	louvainSeed1 = 0x5c67a9
	louvainSeed2 = 0x14
)

// DefaultResolution is Louvain's resolution γ: above 1 gives more, smaller
// communities; below 1 fewer, larger ones.
const DefaultResolution = 1.0

// EntityFacts returns the facts communities are found on: every triple
// between two entities, without the document graph's own edges (PART_OF,
// MENTIONS) and without any edge that touches a Document or Chunk node.
func EntityFacts(ts []graph.Triple) []graph.Triple {
	var out []graph.Triple
	for _, t := range ts {
		if t.Relation == docs.RelPartOf || t.Relation == docs.RelMentions {
			continue
		}
		if isDocumentNode(t.SubjectType) || isDocumentNode(t.ObjectType) {
			continue
		}
		out = append(out, t)
	}
	return out
}

func isDocumentNode(typ string) bool { return typ == docs.TypeDocument || typ == docs.TypeChunk }

// Detect partitions the entities of the facts into communities by Louvain
// modularity (gonum's implementation) on the undirected graph whose edge
// weight between two entities is the number of facts linking them. The
// nodes are numbered in name order and the random source is seeded, so the
// result depends only on the set of facts, never on their order or the
// run. Each community's members are sorted by name; the communities by
// size (largest first), then by their first member. Self-loops are
// ignored; an entity whose only facts are self-loops is a community alone.
func Detect(facts []graph.Triple, resolution float64) [][]string {
	names := entityNames(facts)
	if len(names) == 0 {
		return nil
	}
	if resolution <= 0 {
		resolution = DefaultResolution
	}
	id := make(map[string]int64, len(names))
	g := simple.NewWeightedUndirectedGraph(0, 0)
	for i, n := range names {
		id[n] = int64(i)
		g.AddNode(simple.Node(i))
	}
	weight := map[[2]int64]float64{}
	for _, t := range facts {
		a, b := id[t.Subject], id[t.Object]
		if a == b {
			continue
		}
		if a > b {
			a, b = b, a
		}
		weight[[2]int64{a, b}]++
	}
	pairs := make([][2]int64, 0, len(weight))
	for p := range weight {
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(x, y [2]int64) int { return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1])) })
	for _, p := range pairs {
		g.SetWeightedEdge(g.NewWeightedEdge(simple.Node(p[0]), simple.Node(p[1]), weight[p]))
	}
	reduced := gonumcommunity.Modularize(g, resolution, rand.NewPCG(louvainSeed1, louvainSeed2))
	var out [][]string
	for _, c := range reduced.Communities() {
		members := make([]string, 0, len(c))
		for _, n := range c {
			members = append(members, names[n.ID()])
		}
		slices.Sort(members)
		out = append(out, members)
	}
	slices.SortFunc(out, func(a, b []string) int { return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(a[0], b[0])) })
	return out
}

// entityNames returns the distinct subjects and objects of the facts, sorted.
func entityNames(facts []graph.Triple) []string {
	var names []string
	for _, t := range facts {
		names = append(names, t.Subject, t.Object)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
