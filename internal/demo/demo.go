// Package demo ships scgraph's demo graph: a service-dependency and
// observability graph of a fictional shop (services, databases, queues,
// endpoints, teams, runbooks, alerts, migrations), its schema, and a
// question set with gold answers. It is embedded in the binary so that
// `scgraph ask` works on first run with no file and no server.
package demo

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"io"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

// Name is the name the demo's files are read under in provenance and
// error messages.
const Name = "demo/graph.jsonl"

var (
	//go:embed graph.jsonl
	graphJSONL []byte
	//go:embed schema.json
	schemaJSON []byte
	//go:embed questions.jsonl
	questionsJSONL []byte
)

// Triples returns the demo graph's facts.
func Triples() ([]graph.Triple, error) {
	r := triplefile.NewReader(bytes.NewReader(graphJSONL), Name, triplefile.FormatJSONL)
	var out []graph.Triple
	for {
		t, err := r.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// Schema returns the demo graph's schema.
func Schema() (*graph.Schema, error) { return graph.ParseSchema(schemaJSON) }

// Questions returns the demo question set in the generic JSONL evaluation
// format.
func Questions() []byte { return bytes.Clone(questionsJSONL) }

// Loader is what loading the demo needs from a store (memstore.Store and
// cypher.Store have it).
type Loader interface {
	SetSchema(ctx context.Context, s *graph.Schema) error
	AddTriples(ctx context.Context, ts []graph.Triple) (int, error)
}

// Load writes the demo's schema and facts into a store.
func Load(ctx context.Context, st Loader) error {
	ts, err := Triples()
	if err != nil {
		return err
	}
	sch, err := Schema()
	if err != nil {
		return err
	}
	if err := st.SetSchema(ctx, sch); err != nil {
		return err
	}
	_, err = st.AddTriples(ctx, ts)
	return err
}

// Open returns the demo graph in a new embedded store.
func Open(ctx context.Context) (*memstore.Store, error) {
	st := memstore.New()
	if err := Load(ctx, st); err != nil {
		return nil, err
	}
	return st, nil
}
