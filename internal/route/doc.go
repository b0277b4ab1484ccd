// Package route decides how a question over an ingested document corpus is
// answered (REFERENCE R3: "simple lookups → plain RAG; relationship
// questions → local graph search; analytical questions → global search"):
//
//   - Lookup: the question asks for a document or a passage ("where is the
//     deployment guide?", "find the runbook for db failover", "which
//     document describes X"), or names nothing the graph can walk: a flat
//     hybrid passage search over every chunk answers it, with no agent.
//   - Relation: the question names entities of the graph and relation words
//     of the graph ("which teams are affected if db-v2 goes down", "what
//     does X depend on"): the agent walks it, and the passage search is
//     scoped to the subgraph it traversed.
//   - Global: the question asks about the corpus as a whole ("what are the
//     biggest risks in our infrastructure?", "summarise the main themes")
//     and names no entity: community summaries answer it.
//
// The decision reads the question twice: with the rule planner's reading
// (package plan, and through it package reading: which entities the
// question names, whether it reads a relation of the graph and what it asks
// for) and with cue words compared as stems (package text). It is
// deterministic and needs no model. A Decision carries the route, the
// reason in words, the cues and entities that decided it.
package route
