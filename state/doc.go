// Package state defines AgentState, the typed record that one question's
// run carries through the agent's phases, and everything in it: the
// retrieval plan, the retrieved subgraph with provenance, the walk over it
// (reached positions, visited set, frontier), the critic's verdicts, the
// budget counters, the answer and the timestamped trace.
//
// Each phase writes only its own fields:
//
//	planner   Plan
//	retriever Subgraph, Walk, Budget      (through Apply)
//	critic    Verdicts, Frontier, Paths
//	refiner   Subgraph, Walk, Budget      (through Apply)
//	answerer  Answer
//	agent     ID, Question, Iteration, MaxIterations, Trace, Stop
//
// The state serialises to JSON; the field names are part of scgraph's
// documented output.
package state
