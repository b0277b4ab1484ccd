package cypher

import (
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Typed access to record columns by position. Each checks the value's type
// and names the column in its error; null reads as the zero value. Driver
// values are converted here and never leave the package.

// as converts a driver value to T; null reads as T's zero value.
func as[T any](v any) (T, bool) {
	if v == nil {
		var zero T
		return zero, true
	}
	t, ok := v.(T)
	return t, ok
}

// columnAs reads column i as T, naming it in the error.
func columnAs[T any](r *neo4j.Record, i int, want string) (T, error) {
	v, ok := as[T](r.Values[i])
	if !ok {
		return v, colErr(r, i, want)
	}
	return v, nil
}

func strAt(r *neo4j.Record, i int) (string, error) { return columnAs[string](r, i, "a string") }

func intAt(r *neo4j.Record, i int) (int64, error) { return columnAs[int64](r, i, "an integer") }

// listAt returns a list column ([] for null).
func listAt(r *neo4j.Record, i int) ([]any, error) { return columnAs[[]any](r, i, "a list") }

// listOf converts a list column of T (null elements read as T's zero
// value).
func listOf[T any](r *neo4j.Record, i int, want string) ([]T, error) {
	l, err := listAt(r, i)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(l))
	for k, v := range l {
		var ok bool
		if out[k], ok = as[T](v); !ok {
			return nil, colErr(r, i, want)
		}
	}
	return out, nil
}

// strList converts a list column of strings (null elements read as "").
func strList(r *neo4j.Record, i int) ([]string, error) {
	return listOf[string](r, i, "a list of strings")
}

// intList converts a list column of integers (null elements read as 0).
func intList(r *neo4j.Record, i int) ([]int64, error) {
	return listOf[int64](r, i, "a list of integers")
}

func colErr(r *neo4j.Record, i int, want string) error {
	name := fmt.Sprint(i)
	if i < len(r.Keys) {
		name = r.Keys[i]
	}
	return fmt.Errorf("column %s: want %s, got %T", name, want, r.Values[i])
}

// timeAt returns a temporal column as a time (null reads as the zero time).
func timeAt(r *neo4j.Record, i int) (time.Time, error) {
	return columnAs[time.Time](r, i, "a date-time")
}
