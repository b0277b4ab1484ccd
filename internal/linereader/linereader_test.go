package linereader

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// Lines come back without their endings; a line over the bound is
// reported once, whatever its length, and the next lines still come.
func TestNext(t *testing.T) {
	long := strings.Repeat("x", 200000)
	in := "one\r\ntwo\n" + long + "\nfour\n\n" + strings.Repeat("y", 11) + "\n" + strings.Repeat("z", 10) + "\nlast"
	r := New(strings.NewReader(in), 10)
	var got []string
	for {
		line, tooLong, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if tooLong {
			got = append(got, "<too long>")
			continue
		}
		got = append(got, string(line))
	}
	want := []string{"one", "two", "<too long>", "four", "", "<too long>", strings.Repeat("z", 10), "last"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// A stream that fails is that failure.
func TestNextError(t *testing.T) {
	boom := errors.New("boom")
	r := New(io.MultiReader(strings.NewReader("a\nb"), errReader{boom}), 10)
	if l, _, err := r.Next(); err != nil || string(l) != "a" {
		t.Fatalf("first line %q, %v", l, err)
	}
	if _, _, err := r.Next(); !errors.Is(err, boom) {
		t.Fatalf("got %v, want boom", err)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
