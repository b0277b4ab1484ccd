package plan

import (
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// asksSomeone reports whether a question asks "who" or "whom": its first
// word, or "whom" after a preposition ("With whom did ...").
func asksSomeone(q string) bool {
	toks := text.Tokens(q)
	switch {
	case len(toks) == 0:
		return false
	case toks[0] == "who" || toks[0] == "whom":
		return true
	}
	return len(toks) > 1 && toks[1] == "whom" && words.ClassOf(toks[0]).Has(words.Prep)
}

// someoneTypes returns the schema's types whose names say people or
// groups of people (words.NamesSomeone), in schema order.
func someoneTypes(s *graph.Schema) []string {
	var out []string
	for _, t := range s.Types {
		if words.NamesSomeone(t.Name) {
			out = append(out, t.Name)
		}
	}
	return out
}

// someoneMatters reports whether a "who" question's answers are kept to
// the types of people: where it asks for no kind and no entity, and is
// read as one relation's answers rather than as a dependency or a
// closure ("Who ultimately relies on the motor?" asks for the parts
// too).
func someoneMatters(t state.Target, rd state.Reading) bool {
	return t.Kind == state.TargetChain && rd.Extent != state.ExtentTransitive && rd.Concept != words.Dependency.String()
}
