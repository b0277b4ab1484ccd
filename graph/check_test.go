package graph_test

import (
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

func TestSchemaEntityNames(t *testing.T) {
	_, err := graph.ParseSchema([]byte(`{"types":[],"relations":[],"entities":[{"name":"ok"},{"name":"bad\u0000name"}]}`))
	if err == nil || !strings.Contains(err.Error(), `entities[1].name: entity name "bad\x00name" holds a control character`) {
		t.Errorf("schema with a NUL in an entity name: %v", err)
	}
}
