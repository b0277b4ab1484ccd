package evals

import (
	"fmt"
	"reflect"
	"testing"
)

func numbered(n int) []Question {
	qs := make([]Question, n)
	for i := range qs {
		qs[i] = Question{ID: fmt.Sprint(i)}
	}
	return qs
}

func ids(qs []Question) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.ID
	}
	return out
}

func TestSampleIsDeterministicAndNested(t *testing.T) {
	qs := numbered(100)
	a, b := Sample(qs, 10, 1), Sample(qs, 10, 1)
	if !reflect.DeepEqual(ids(a), ids(b)) || len(a) != 10 {
		t.Fatalf("two samples differ: %v vs %v", ids(a), ids(b))
	}
	// The sample keeps the file's order.
	for i := 1; i < len(a); i++ {
		var x, y int
		fmt.Sscan(a[i-1].ID, &x)
		fmt.Sscan(a[i].ID, &y)
		if x >= y {
			t.Errorf("sample out of order: %v", ids(a))
		}
	}
	// A smaller sample is part of a larger one.
	big := map[string]bool{}
	for _, q := range Sample(qs, 30, 1) {
		big[q.ID] = true
	}
	for _, q := range a {
		if !big[q.ID] {
			t.Errorf("question %s of the 10-sample is not in the 30-sample", q.ID)
		}
	}
	if reflect.DeepEqual(ids(a), ids(Sample(qs, 10, 2))) {
		t.Error("seeds 1 and 2 give the same sample")
	}
	if got := Sample(qs, 0, 1); len(got) != 100 {
		t.Errorf("limit 0 gave %d questions", len(got))
	}
	if got := Sample(qs, 500, 1); len(got) != 100 {
		t.Errorf("limit above the size gave %d questions", len(got))
	}
}

func TestSplitFold(t *testing.T) {
	qs := numbered(7)
	train, test, idx := SplitFold(qs, 3, 1)
	if !reflect.DeepEqual(ids(test), []string{"1", "4"}) || !reflect.DeepEqual(idx, []int{1, 4}) {
		t.Errorf("test fold = %v at %v", ids(test), idx)
	}
	if !reflect.DeepEqual(ids(train), []string{"0", "2", "3", "5", "6"}) {
		t.Errorf("train folds = %v", ids(train))
	}
}
