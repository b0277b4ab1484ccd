// Package compose is the agent's deterministic answerer: it ranks the
// answers the walk accepted (by how many ways the walk reached them, then
// by the hybrid score), keeps each one's evidence paths, draws them as a
// Mermaid flowchart, and phrases the answer: the whole sentence, a short
// summary of what was found, and, when the answer is not a claim, why, in
// plain words. LLM answerers start from its answer and fall back to it.
package compose
