// Package lexlearn learns a relation lexicon (lexicon.Model) from
// questions with gold answers or gold paths over a store: it labels each
// question with the relation chain from its anchor whose end set matches
// the answers best (Label), caches labels across folds, decides from the
// data whether chains may pass back through the anchor, and trains the
// model (lexicon.Train). `scgraph lexicon learn` and `scgraph eval --cv`
// use it.
package lexlearn
