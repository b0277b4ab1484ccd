package reader

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/memstore"
)

func TestZZ(t *testing.T) {
	st, err := memstore.Open(context.Background(), os.Getenv("KB"), memstore.OpenOptions{})
	if err != nil {
		t.Skip(err)
	}
	s, _ := st.Schema(context.Background())
	v := newVocab(s)
	q := "Which feature-complete services break if redis goes down?"
	a := strings.Index(q, "feature-complete services")
	ents := []Entity{{Start: a, End: a + len("feature-complete services"), Name: "feature-complete", Type: "InProfileObject", Confidence: 1}, {Start: strings.Index(q, "redis"), End: strings.Index(q, "redis") + 5, Name: "redis", Type: "RunsImageSubject", Confidence: 1}}
	out := wordEntities(q, ents, v)
	fmt.Println(out)
	fmt.Println(v.ofKind("InProfileObject", "services"), v.typeWord("services"))
}
