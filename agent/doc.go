// Package agent runs scgraph's self-correcting loop: plan → retrieve →
// critique → (refine → critique)* → answer, over any store that satisfies
// Store.
//
// The loop lives in one place (run.loop). For each phase it looks up the
// node, runs it with the caller's context, applies what the node decided
// to the run's state.AgentState, records the step in the trace, and asks
// the transition table for the next phase. The table (transitions in machine.go) is the
// only place where phases and events meet the looplab/fsm library, which
// serves as the transition table and draws the diagram below; the machine
// has no callbacks, so a cancelled context can never wedge it.
//
// Every run is bounded: an iteration cap (ErrIterationLimit comes back
// with the best result so far), a timeout, and a budget of store calls and
// expanded positions. Runs are independent and an Agent is safe for
// concurrent use.
//
// The state machine, generated from that table (go test ./agent -update
// rewrites this comment and the copy in docs/architecture.md):
//
//	stateDiagram-v2
//	    [*] --> plan
//	    answer --> done: answered
//	    critique --> answer: concluded
//	    critique --> answer: halted
//	    critique --> refine: insufficient
//	    critique --> answer: sufficient
//	    plan --> answer: halted
//	    plan --> answer: no_anchor
//	    plan --> retrieve: planned
//	    refine --> answer: halted
//	    refine --> critique: refined
//	    retrieve --> answer: halted
//	    retrieve --> critique: retrieved
package agent
