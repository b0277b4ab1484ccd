package cypher

import (
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Typed access to record columns by position. Each checks the value's type
// and names the column in its error; null reads as the zero value. Driver
// values are converted here and never leave the package.

func strAt(r *neo4j.Record, i int) (string, error) {
	switch v := r.Values[i].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	}
	return "", colErr(r, i, "a string")
}

func intAt(r *neo4j.Record, i int) (int64, error) {
	switch v := r.Values[i].(type) {
	case nil:
		return 0, nil
	case int64:
		return v, nil
	}
	return 0, colErr(r, i, "an integer")
}

// listAt returns a list column ([] for null).
func listAt(r *neo4j.Record, i int) ([]any, error) {
	switch v := r.Values[i].(type) {
	case nil:
		return nil, nil
	case []any:
		return v, nil
	}
	return nil, colErr(r, i, "a list")
}

// strList converts a list column of strings (null elements read as "").
func strList(r *neo4j.Record, i int) ([]string, error) {
	l, err := listAt(r, i)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(l))
	for k, v := range l {
		switch v := v.(type) {
		case nil:
		case string:
			out[k] = v
		default:
			return nil, colErr(r, i, "a list of strings")
		}
	}
	return out, nil
}

// intList converts a list column of integers (null elements read as 0).
func intList(r *neo4j.Record, i int) ([]int64, error) {
	l, err := listAt(r, i)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(l))
	for k, v := range l {
		switch v := v.(type) {
		case nil:
		case int64:
			out[k] = v
		default:
			return nil, colErr(r, i, "a list of integers")
		}
	}
	return out, nil
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
	switch v := r.Values[i].(type) {
	case nil:
		return time.Time{}, nil
	case time.Time:
		return v, nil
	}
	return time.Time{}, colErr(r, i, "a date-time")
}
