package hybrid

import (
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/state"
)

// FromEvidence returns the graph signal of an agent run: every entity on
// an evidence path at distance 0, their neighbours in the retrieved
// subgraph at distance 1, and as the scope every entity the traversal
// retrieved. Document and chunk nodes and the PART_OF and MENTIONS edges
// are the documents' structure, not the answer's: they are left out.
func FromEvidence(paths []graph.Path, sub state.Subgraph) Proximity {
	p := Proximity{Distance: map[string]int{}, Visited: map[string]bool{}}
	structural := map[string]bool{}
	for n := range sub.AllNodes() {
		if n.Type == docs.TypeDocument || n.Type == docs.TypeChunk {
			structural[n.Name] = true
			continue
		}
		p.Visited[n.Name] = true
	}
	for _, path := range paths {
		for _, h := range path.Hops {
			if h.Relation == docs.RelMentions || h.Relation == docs.RelPartOf {
				continue
			}
			for _, e := range []string{h.From, h.To} {
				if !structural[e] {
					p.Distance[e] = 0
					p.Visited[e] = true
				}
			}
		}
	}
	for e := range sub.AllEdges() {
		if e.Relation == docs.RelMentions || e.Relation == docs.RelPartOf {
			continue
		}
		for _, pair := range [][2]string{{e.Subject, e.Object}, {e.Object, e.Subject}} {
			if d, ok := p.Distance[pair[0]]; ok && d == 0 {
				if _, known := p.Distance[pair[1]]; !known && !structural[pair[1]] {
					p.Distance[pair[1]] = 1
				}
			}
		}
	}
	return p
}

// FromEntities returns the graph signal of a question whose entities were
// linked but not walked from (a lookup): the entities at distance 0, and
// no scope.
func FromEntities(names []string) Proximity {
	p := Proximity{Distance: map[string]int{}}
	for _, n := range names {
		p.Distance[n] = 0
	}
	return p
}
