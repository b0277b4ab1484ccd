package storetest_test

import (
	"fmt"

	"github.com/scgraph/scgraph/internal/storetest"
)

// A store package runs the suite from its tests:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.Store { return newStore(t) })
//	}
//
// on the fixture graph, which every store must load and answer alike.
func ExampleFixture() {
	ts := storetest.Fixture()
	fmt.Println(len(ts) > 0, ts[0].Source.File)
	// Output:
	// true fixture.jsonl
}
