package state

import "github.com/scgraph/scgraph/graph"

// PathsSearched is the first path PathsTo's search finds, for the test
// that checks its shortcut (firstPath).
func (s *AgentState) PathsSearched(i int) []graph.Path { return s.pathsSearched(i) }
