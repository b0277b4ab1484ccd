// Package community answers global questions ("what are the biggest risks
// in our infrastructure?") from community summaries, as REFERENCE R3 and
// R5 describe: the graph's entities are grouped into communities, each
// community gets a summary node that is embedded and linked to its
// members, and a broad question is answered by ranking the summaries.
//
// The steps, each in its own file:
//
//   - detect.go finds the communities: Louvain modularity (gonum's
//     graph/community) over the facts between entities (EntityFacts: the
//     document graph's Document and Chunk nodes and its PART_OF and
//     MENTIONS edges are left out; documents are attached to a community
//     afterwards, by the chunks that mention its members). Nodes are
//     numbered in name order and the random source is seeded, so the same
//     facts give the same communities on every run.
//   - material.go gathers what a summary says, extractively: the members
//     by PageRank within the community, the relations by count, the facts
//     of the most central member, each member's dependents (the entities a
//     failure of it reaches over the schema's dependency relations), the
//     single points of failure (members at least MinDependents entities
//     depend on), the ticket ids and error codes named beside members
//     (incidents, follow-ups), and the documents and chunks that mention
//     members (the citations). The hash of the material is the
//     community's fingerprint.
//   - summary.go writes the summary: extractive sentences from the
//     material, or, with a ModelWriter, a model's text from the same
//     material, checked to be grounded (it must name a member and no
//     ticket the material does not hold); the extractive text stays when
//     the model fails.
//   - build.go builds the File kept beside a snapshot
//     (corpus.snap → corpus.communities.json, written atomically): each
//     community with its material, fingerprint, summary and vector. Build
//     with the previous file rewrites and re-embeds exactly the
//     communities whose material changed, and reuses the partition when
//     the hash of the entity facts did not change.
//   - global.go answers: Answerer.AnswerGlobal classifies the question
//     (Risks or Overview), scores every summary by embedding similarity
//     plus a signal (risk: dependents and tickets; overview: size), and
//     answers with the top summaries, citing each and its passages.
package community
