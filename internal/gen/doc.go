// Package gen generates synthetic service-dependency graphs of a given
// size, with questions whose gold answers are computed from the graph, for
// benchmarks at scale (scgraph gen, scripts/bench-scale).
//
// A graph grows one service at a time. Each service is owned by a team
// (teams come with members and an on-call rotation), runs on one or two
// hosts, sometimes brings its own database, queue or cache, calls earlier
// services (power-law out-degree; targets by preferential attachment, so
// in-degrees follow a power law and the call graph is acyclic), reads
// shared databases and consumes shared queues (preferentially too),
// depends on a few services or stores, optionally on others, and builds
// with libraries (a few very popular ones, a long tail). The relations are
// CALLS, DEPENDS_ON, OPTIONALLY_DEPENDS_ON, DEV_DEPENDS_ON, READS_FROM,
// WRITES_TO, PUBLISHES_TO, CONSUMES, OWNS, MEMBER_OF, ON_CALL_FOR and
// RUNS_ON; Schema says which carry dependency. About eleven triples per
// service, two entities per service: a 5M-triple graph has about a
// million entities.
//
// With a hub (Options.HubDegree), that many extra client services call the
// first service: one entity with a huge in-degree, the case that breaks
// naive fan-out and entity-linking code.
//
// Everything is deterministic: the same Options give the same graph, the
// same names and the same questions.
package gen
