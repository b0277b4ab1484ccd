// Package demo ships scgraph's demo graph: a service-dependency and
// observability graph of a fictional shop (services, databases, queues,
// endpoints, teams, runbooks, alerts, migrations), its schema, and a
// question set with gold answers. It is embedded in the binary so that
// `scgraph ask` works on first run with no file and no server.
package demo

import (
	"bytes"
	_ "embed"
	"errors"
	"io"

	"github.com/scgraph/scgraph/graph"
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
	r := graph.NewTripleReader(bytes.NewReader(graphJSONL), Name, graph.FormatJSONL)
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
