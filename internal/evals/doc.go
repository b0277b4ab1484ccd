// Package evals is scgraph's evaluation harness: it answers question sets
// with the agent and with three baselines on the same graph, scores every
// run against the gold data, and writes the reports `scgraph eval` prints.
//
// # Question sets
//
// Load reads MetaQA (question<TAB>a|b, the topic entity in [brackets], the
// hop count from the 1-hop/2-hop/3-hop folder, each question's relation
// chain from the qtype file beside the hop folder), PathQuestion
// (question<TAB>NAME(ALT1/ALT2/)<TAB>s#r1#e1#r2#ans[#<end>#ans]) and a
// generic JSONL format ({"id","question","answers",
// "anchors"?,"hops"?,"gold_paths"?}), detecting which. Malformed lines are
// reported as file:line. Sample takes the same subset for a seed every
// time.
//
// # Modes
//
//   - agent: agent.New(graph, options...).Run.
//   - oracle: the same agent with a planner that returns the gold relation
//     chain from the gold anchor (OracleChain): the ceiling for answers and
//     the floor for nodes visited, walked, counted and answered exactly
//     like the agent.
//   - naive-bfs: plain, non-self-correcting GraphRAG. The anchor is linked
//     like the agent links it; every relation is expanded in both
//     directions to the gold depth (at least 1), fan-out capped like the
//     agent, in one pass; the answers are the nodes at that depth, ranked
//     by the agent's answerer. It is a planner too, so counting is the
//     same.
//   - vector-rag: flat RAG. One passage per entity, its facts as sentences
//     ("Alien directed_by Ridley Scott."), embedded with a hashed character
//     3–5-gram embedder (Embedder) in an inverted index; the top-k passages
//     by cosine similarity to the question; the answers are the entities
//     they name other than the question's own, ranked by passage score,
//     then by how often they are named. It sees no gold information.
//
// Every question is run twice in every mode; the second run only checks
// determinism. Questions run concurrently, and the results are in
// question order whatever the number of workers.
//
// # Metrics
//
// Answers are compared under Normalize: lower case, underscores and runs
// of white space are one space, the ends trimmed ("Paris_Texas" equals
// "paris texas"; punctuation counts). Answers and gold answers are
// de-duplicated under it, so a name listed twice counts once. Per
// question, then averaged:
//
//   - hits_at_1: 1 when the top-ranked answer is a gold answer. A question
//     whose gold answer is "nothing" scores 1 when nothing is answered.
//   - answer_precision, answer_recall, answer_f1: the answer set against
//     the gold set. With no gold answer, all three are 1 when nothing is
//     answered and 0 otherwise; with gold answers and no answer, 0.
//   - path_recall: the share of gold answers that end one of the run's
//     evidence paths (agent.Result.Paths, each from an anchor). Undefined
//     (left out of the mean) for a question with no gold answer.
//     vector-rag returns passages, not paths: its path recall is 0.
//   - gold_path_recall: the share of gold paths every triple of which is
//     among the triples of the run's evidence paths, compared in storage
//     direction (graph.Hop.Triple); for vector-rag, among the facts of the
//     retrieved passages. Undefined for a question without gold paths;
//     null when no question of the set has one.
//   - hop_efficiency: gold hops ÷ agent.Stats.HopsExpanded, capped at 1;
//     1 when both are 0; 0 when the run expanded nothing although the
//     question needs hops. The gold hops are the question's hops, else
//     its longest gold path, else the MetaQA folder's. Undefined for
//     vector-rag, which walks nothing, and for a question whose gold
//     answer is "nothing" (proving a negative walks the whole budget).
//   - mean_iterations, mean_refinements, mean_store_calls: the agent's
//     critique rounds, refinements and store calls (0 for vector-rag).
//   - median_nodes_visited, p95_nodes_visited: agent.Stats.NodesVisited;
//     for vector-rag, the entities the retrieved passages name.
//   - deterministic: the share of questions whose two runs returned the
//     same answers in the same order with the same evidence paths.
//   - latency_ms: p50 and p95 of the first run's wall time.
//   - llm_calls_per_question, input_tokens_per_question,
//     output_tokens_per_question: means of the agent's counters.
//   - failures: runs that ended in an error or a timeout (the iteration
//     cap is not a failure: its best answer counts). A failed question
//     scores 0 on every quality metric above that is defined for it.
//
// Percentiles interpolate linearly between the nearest ranks (the median
// of 1, 2, 3, 4 is 2.5). Values are rounded to four decimals. Every metric
// is given overall and again per hop count under by_hops.
//
// # Cross-validation
//
// A lexicon learned on labelled questions must not be measured on them.
// With Config.Folds = K and a Learner, the agent mode splits each set into
// K folds by question index mod K, learns a lexicon on K−1 folds and
// answers the held-out one with it.
//
// # Reports
//
// WriteReport writes report.json (the Report), report.md (a Markdown
// table per dataset, mode and hop count) and report.svg (grouped bars of
// hits@1 per hop count and mode, and the median nodes visited on a log
// scale), a hand-written SVG with no dependency.
//
// # Documents mode
//
// EvaluateDocs (scgraph eval --docs) measures passage retrieval over an
// ingested document corpus. Each question is answered in six passage
// modes (PassageModes): hybrid (the routed system of package docqa: a
// lookup's flat fused search, or the fused passages inside the agent's
// traversed subgraph), graph-only (the chunks that stated the agent's
// evidence edges, in path order), vector-only and keyword-only (every chunk
// ranked by one signal of package hybrid), and hybrid-no-semantic and
// hybrid-no-graph (the routed system with one signal left out). Per set and mode: recall@1, @3
// and @5 (the share of a question's gold passages among the first k,
// averaged over the questions that have gold passages), MRR@10 (1/rank of
// the first gold passage), and for relationship questions the share whose
// answer set is the gold set (the agent's answers; for the flat modes the
// entities of the asked type their top five passages mention, the
// question's own aside). A lookup's gold passages are given; a
// relationship question's are the chunks that state its gold paths'
// edges. The route each question took is checked against the expected one.
package evals
