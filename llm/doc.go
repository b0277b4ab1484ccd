// Package llm is scgraph's LLM mode: a planner, a relational critic and a
// grounded answerer driven by any langchaingo llms.Model, each built on
// the deterministic node it replaces and falling back to it, so that a bad
// reply never costs an answer. It also exposes an agent as a langchaingo
// tools.Tool, for other agents to call.
//
// # Selecting a model
//
// Any langchaingo llms.Model will do; New returns the agent options:
//
//	model, err := ollama.New(ollama.WithModel("llama3.1")) // or openai.New(), anthropic.New(), your own
//	if err != nil { ... }
//	a := agent.New(store, llm.New(store, model, llm.Options{}))
//
// The command line selects one with --llm PROVIDER[:MODEL] (openai,
// anthropic, ollama; see docs/llm.md), and checks before the first
// question, spending no tokens, that the provider answers and accepts the
// key, so a model that cannot be reached is an error at start, never a
// silent fallback to deterministic mode.
//
// # The nodes
//
// Planner (agent.Planner) runs the rule planner first: the store links the
// question's entities, and its plan is the fallback. The model gets the
// schema (types, relations with their descriptions, aliases and dependency
// direction) and the linked entities, and writes the retrieval plan as
// strict JSON: anchors as mentions, the target (kind, type, entity
// mention), the relation chain as steps of relation and direction, the
// hop budget and its confidence. The plan is validated against the schema
// and the store: unknown keys, relations and types, mentions the store
// cannot resolve, and chains whose steps cannot be walked from the
// anchor's type are errors. The errors go back to the model, at most
// twice; then the rule plan is used, with Plan.Source "rules (llm
// fallback: …)" and a note in Plan.Notes. An accepted plan has Source
// "llm" and keeps the rule plan's chains as alternatives when they start
// from the same anchor and ask for the same target.
//
// Critic (agent.Critic) runs the topological critic first and keeps its verdict
// whenever structure settles the question: Sufficient, NoChain, Exhausted,
// a switch to another chain, a re-walk through the anchors. It asks the
// model only when an Insufficient verdict depends on meaning: the target
// is a closure or a chain with no type and no entity, or the plan came
// from the model with a confidence below CriticOptions.MinConfidence; and
// only once per run, and only when the walk holds candidate answers (see
// Consult). The model sees the candidate paths and the dead ends, and may
// call the answers sufficient or pick the dead ends worth expanding; a
// verdict naming a node outside the retrieved subgraph, or one the rules
// did not offer, is discarded and the rule verdict stands, with By
// "rules (llm verdict discarded: …)".
//
// Answerer (agent.Answerer) starts from the deterministic answer and asks the model to
// phrase the answer citing the evidence paths as [1], [2]. Check rejects a
// text that cites a path out of range, cites none, or names an entity of
// the subgraph that is on no evidence path; a rejected text is regenerated
// once, then the deterministic text is used. Answer.By says which: "llm",
// or "rules (llm answer rejected: …)". Options.Stream receives the tokens
// as they come (langchaingo's streaming).
//
// # Cost and reliability
//
// All calls go through a Client, shared by the three nodes: each call has
// a timeout (ClientOptions.Timeout); rate limits (HTTP 429) and server
// errors (5xx, "overloaded") are retried with exponential backoff and
// jitter; a semaphore caps the calls in flight (MaxConcurrent); and a
// cancelled context stops a call, a backoff and the run at once. Every
// attempt is counted as an LLM call, with the tokens the provider reports
// in ContentResponse.Choices[0].GenerationInfo (PromptTokens and
// CompletionTokens for OpenAI and Ollama, InputTokens and OutputTokens for
// Anthropic); when a provider reports none, the tokens are estimated at
// four characters a token and usage.Estimated (and a plan note) says so.
// The nodes return the counts in their state.Cost, which the agent adds
// to the run's Budget, so Result.Stats has llm_calls, input_tokens and
// output_tokens.
//
// A question costs two calls when all goes well (plan and answer), three
// when the critic is consulted; each repair of a plan or an answer costs
// one more. With no evidence path, the answerer makes no call.
//
// Each question has a budget on top of the per-call timeout:
// ClientOptions.MaxCallsPerQuestion (default 6) and MaxTimePerQuestion
// (default 45 s, retries and backoff included; each call's limit is cut
// to what is left). The run's state.Budget carries what was spent
// (LLMCalls, LLMTime) from node to node. A spent budget is a failure like
// any other (ErrBudgetExhausted): the node keeps its deterministic
// result, so a hung model costs a question the budget, never minutes.
//
// Every fallback is typed provenance on the result: Plan.Fallback,
// Verdict.Fallback, Answer.Fallback (Result.AnswerFallback). With
// Options.Required a fallback is an error instead, wrapping
// ErrModelFailed, for callers who would rather fail than answer without
// the model.
//
// # Prompts
//
// Every prompt is a text/template in prompts/*.tmpl, embedded. Each starts
// with a "Task: …" line that names it (tests script replies by it).
// testdata/*.golden holds each one rendered on the demo graph; go test
// ./llm -update rewrites them after a deliberate change.
//
// # scgraph as a tool
//
// Tool satisfies tools.Tool: Call runs the agent on the input question and
// returns the answer followed by its evidence paths, numbered [1], [2], …
// Give it to any langchaingo agent (see the examples).
//
// # Testing
//
// Package llmtest has a scripted llms.Model: replies chosen by call number
// or by a substring of the prompt, with errors, delays, streaming and
// reported usage. No test of this package touches the network.
package llm
