// Package lexicon learns which relation chain a question asks for, from
// labelled questions, and ranks chains for new ones: the "relation
// lexicon" of scgraph's planner (agent.ChainScorer).
//
// A Model is an averaged structured perceptron over chains. Its features
// are the question's stemmed words, with the anchor entity masked, marked
// by side and by distance from the anchor ("director" right before the
// anchor, "acted" three words to the left of it); its parts score a whole
// chain, each hop of a chain given its position and the chain's length,
// and the chain's length. Hop parts let it rank chains it never saw in
// training; chain parts let it learn fixed phrasings. Candidates are the
// chains seen in training plus those the schema allows from the anchor's
// type (a beam search over relation signatures).
//
// Train fits a model on labelled examples. The labels come from gold paths
// when the data has them, or are found in the graph from the gold answers
// (the learning pipeline behind `scgraph lexicon learn` is internal). Nothing in the package knows any data set;
// the lexicons shipped in builtin/ were learned with `scgraph lexicon
// learn` from the public dev splits in ../shared/data and are applied only
// to graphs whose relations they were learned on (Builtin, Shipped).
package lexicon
