// Package mcpserver serves scgraph to other agents over the Model Context
// Protocol (MCP), with the official Go SDK
// (github.com/modelcontextprotocol/go-sdk).
//
// A Server wraps one store, shared by every session and call; each tool
// call builds its own agent, so calls run concurrently. Five tools, each
// with a typed input and output (their JSON schemas are inferred from the
// Go structs below, and the SDK checks both ends against them):
//
//   - ask: a question → the answer sentence, ranked answers, evidence
//     paths with provenance, completeness, confidence, stop reason and
//     stats (the shape of `scgraph ask --json`); explain=true adds the
//     plan, the critic's verdicts, the trace and a Mermaid chart;
//   - explain: the same run, reported as its plan and trace first;
//   - find_entities: a mention → candidate entities with types, how they
//     matched and a confidence;
//   - neighbours: an entity's facts, by relation and direction, capped;
//   - schema: types, relations, aliases and dependency semantics.
//
// Every call runs under a deadline (Options.CallTimeout); ask and explain
// send a progress notification after each phase of the loop when the
// client asked for progress; an error of any kind (bad input, unknown
// relation, a store failure, a timeout, even a panic) comes back as an MCP
// tool error, never as a crash of the server.
//
// # Callers
//
// A session belongs to an access.Caller: the graph's owner, or a member
// of groups whose facts it may see. A stdio session's caller is fixed when
// the server starts (Options.Caller, `scgraph mcp --groups`, decided by
// access.Setting as for every command); an HTTP session's comes from the
// bearer token it presents (Tokens, `scgraph mcp --http ADDR --tokens
// FILE`), and the SDK keeps a session to the token that opened it. Every
// tool call passes its caller to access.Scope, the one place that turns
// the shared store into the view that caller may read.
package mcpserver
