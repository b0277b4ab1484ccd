//go:build !race

package relsim

// raceOn: the tests run under the race detector, where the MiniLM
// encoder is many times slower.
const raceOn = false
