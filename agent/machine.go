package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/looplab/fsm"

	"github.com/scgraph/scgraph/state"
)

// transition is one row of the agent's transition table: in phase From,
// event On moves the run to phase To.
type transition struct {
	From []state.Phase
	On   state.Event
	To   state.Phase
}

// working are the phases that do work and can be halted.
var working = []state.Phase{state.PhasePlan, state.PhaseRetrieve, state.PhaseCritique, state.PhaseRefine}

// transitions is the agent's state machine. It is the only place where
// phases and events meet the fsm library, and the diagram in the package
// documentation is drawn from it (see Diagram).
var transitions = []transition{
	{From: []state.Phase{state.PhasePlan}, On: state.EventPlanned, To: state.PhaseRetrieve},
	{From: []state.Phase{state.PhasePlan}, On: state.EventNoAnchor, To: state.PhaseAnswer},
	{From: []state.Phase{state.PhaseRetrieve}, On: state.EventRetrieved, To: state.PhaseCritique},
	{From: []state.Phase{state.PhaseCritique}, On: state.EventSufficient, To: state.PhaseAnswer},
	{From: []state.Phase{state.PhaseCritique}, On: state.EventInsufficient, To: state.PhaseRefine},
	{From: []state.Phase{state.PhaseCritique}, On: state.EventConcluded, To: state.PhaseAnswer},
	{From: []state.Phase{state.PhaseRefine}, On: state.EventRefined, To: state.PhaseCritique},
	{From: working, On: state.EventHalted, To: state.PhaseAnswer},
	{From: []state.Phase{state.PhaseAnswer}, On: state.EventAnswered, To: state.PhaseDone},
}

// newMachine builds a looplab/fsm machine from the table, starting in
// PhasePlan. It has no callbacks: the agent's loop does the work and only
// asks the machine where an event leads.
func newMachine() *fsm.FSM {
	events := make([]fsm.EventDesc, 0, len(transitions))
	for _, t := range transitions {
		src := make([]string, len(t.From))
		for i, p := range t.From {
			src[i] = string(p)
		}
		events = append(events, fsm.EventDesc{Name: string(t.On), Src: src, Dst: string(t.To)})
	}
	return fsm.NewFSM(string(state.PhasePlan), events, nil)
}

// next moves the machine by one event and returns the new phase. The
// machine has no callbacks, so the background context cannot wedge it.
func next(m *fsm.FSM, ev state.Event) (state.Phase, error) {
	if err := m.Event(context.Background(), string(ev)); err != nil {
		return "", fmt.Errorf("agent: no transition from %s on %s: %w", m.Current(), ev, err)
	}
	return state.Phase(m.Current()), nil
}

// Diagram returns the state machine as a Mermaid state diagram, drawn by
// the fsm library from the transition table.
func Diagram() string {
	out, err := fsm.VisualizeWithType(newMachine(), fsm.MERMAID)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out) + "\n"
}
