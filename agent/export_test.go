package agent

// Transitions is the transition table, for the tests that check the
// diagram against it.
var Transitions = transitions
