// Package nodes holds the agent's five phases — planner, retriever,
// relational critic, BFS refiner and answerer — each behind a one-method
// interface, with a deterministic implementation that needs no LLM, and
// the store contract they read through (Graph).
//
// A node reads the AgentState and returns what it decided (a Plan, a
// state.Delta, a Verdict, an Answer); it never writes the state. The agent
// applies the result, so every change to a run is made in one place.
//
// The deterministic nodes work on the walk abstraction of package state: a
// plan's chain is a sequence of steps, a position is a node reached after
// so many steps, and the walk expands positions, never one twice. The
// critic judges topological sufficiency exactly: complete when the target
// is reached through a full chain from an anchor, or, for closures, when no
// unexpanded position within the hop budget is left.
package nodes
