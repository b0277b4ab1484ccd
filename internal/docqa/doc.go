// Package docqa answers a question over an ingested document corpus the
// way its route says (package route):
//
//   - Lookup: a flat hybrid passage search over every chunk (package
//     hybrid), its graph signal seeded with the entities the question
//     names; no agent runs.
//   - Relation: the self-correcting agent walks the graph; the passages
//     that stated each evidence edge are cited (docs.Cite), and a hybrid
//     search scoped to the subgraph the agent traversed adds the related
//     passages, ranked by closeness to the evidence paths.
//   - Global: a GlobalAnswerer (community summaries) answers; without one
//     the answer says so plainly and a flat passage search stands in —
//     never a silent agent run.
//
// The Answer carries the route and its reason, so that output and traces
// can show how the question was answered.
package docqa
