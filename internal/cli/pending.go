package cli

import (
	"context"
	"errors"

	"github.com/scgraph/scgraph/nodes"
)

// These commands are being built (issues 3 and 4).

func runEval(ctx context.Context, e *env, args []string) error {
	return errors.New("eval: not built yet")
}

func runLexicon(ctx context.Context, e *env, args []string) error {
	return errors.New("lexicon: not built yet")
}

func loadLexicon(path string) (nodes.ChainScorer, error) {
	return nil, errors.New("lexicon: not built yet")
}

func ingestNeo4j(ctx context.Context, e *env, o *ingestOptions) error {
	return errors.New("ingest into Neo4j: not built yet")
}
