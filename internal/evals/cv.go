package evals

import (
	"context"

	"github.com/scgraph/scgraph/agent"
)

// Learner trains a relation lexicon (a agent.ChainScorer) on labelled
// questions. Cross-validation (Config.Folds) calls it once per fold with
// the questions of the other folds, so that the agent is never measured on
// a question its lexicon was trained on.
type Learner interface {
	Learn(ctx context.Context, g agent.Store, train []Question) (agent.ChainScorer, error)
}

// Fold returns the fold of the question at index i of a set split into k
// folds: i mod k. Folds are deterministic and need no shuffling, the
// sample (Sample) being shuffled already.
func Fold(i, k int) int { return i % k }

// SplitFold returns the questions of fold f (test) and of all the other
// folds (train), both in their original order.
func SplitFold(qs []Question, k, f int) (train, test []Question, testIdx []int) {
	for i, q := range qs {
		if Fold(i, k) == f {
			test = append(test, q)
			testIdx = append(testIdx, i)
		} else {
			train = append(train, q)
		}
	}
	return train, test, testIdx
}
