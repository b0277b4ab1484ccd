package scratch

import (
	"fmt"
	"sort"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/storetest"
)

func TestX(t *testing.T) {
	names := map[string]bool{}
	for _, tr := range storetest.Fixture() { names[tr.Subject] = true; names[tr.Object] = true }
	var ns []string
	for n := range names { ns = append(ns, n) }
	sort.Strings(ns)
	fmt.Println(len(ns))
	
	for _, m := range []string{"ordrs database", "usr database", "team pay", "team paymnts", "catalg service", "sarch service", "the databases", "srvice database", "ordr svc"} {
		k := graph.NormalizeKey(m)
		fmt.Printf("== %q key %q\n", m, k)
		for _, n := range ns {
			if s := graph.Similarity(k, graph.NormalizeKey(n)); s >= 0.3 { fmt.Printf("   %.4f %q\n", s, n) }
		}
	}
}
