// Package critic is the agent's deterministic relational critic: it
// judges, from the walk alone, whether the retrieved subgraph holds a
// complete chain from the question's entities to what is asked. When it
// does not, it names the dead ends for the refiner to expand, switches to
// the plan's next chain, or proves that no chain exists within the hop
// budget. Before it certifies an answer as complete, or a "no" or "none",
// it checks the reading the answer rests on against the graph (relations
// of unknown meaning, relations that deliver, wider or mirrored ones,
// the asked kind) and leaves the answer uncertain, saying why, when one of
// those could change it.
package critic
