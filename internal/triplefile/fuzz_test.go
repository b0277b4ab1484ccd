package triplefile_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/triplefile"
)

// The fuzz targets feed any bytes to each reader: none may panic, each
// ends (every Next consumes input, so there are at most as many triples
// as lines), what it returns is well formed, and an error is sticky and
// names the file. Seeds are in testdata/fuzz/<target>; run one with
//
//	go test ./internal/triplefile -run '^$' -fuzz '^FuzzReadPipe$' -fuzztime 30s

// fuzzSeeds are well-formed and broken inputs of every format.
var fuzzSeeds = []string{
	"Kismet|directed_by|William Dieterle\n\nA | CALLS |`tick` \"quoted\" (x)\r\n",
	"a|b\n",
	"a|b|c|d\n",
	"|r|o\n",
	"Kismet\tdirected_by\tWilliam Dieterle \t\r\n   \nx\ty\tz",
	"subject,relation,object,subject_type\nKismet,directed_by,\"William \"\"D\"\"\",Film\n\n",
	"subject,relation,object\n\"unterminated,r,o\n",
	"s,r,o\na,b\n",
	`{"subject":"Kismet","relation":"directed_by","object":"William Dieterle"}` + "\n{\"subject\":1}\n",
	`{"subject":"a","relation":"r","object":"b"} {"x":1}`,
	"\ufeffa|r|b\n",
	"\x00\xff\xfe|r|\x80\n",
	"",
}

// readAll reads every triple of data in format, checking what the reader
// promises.
func readAll(t *testing.T, name string, format triplefile.Format, data []byte) {
	tr := triplefile.NewReader(bytes.NewReader(data), name, format)
	lines := bytes.Count(data, []byte{'\n'}) + 1
	last := 0
	for n := 0; ; n++ {
		if n > lines {
			t.Fatalf("%d triples from %d line(s)", n, lines)
		}
		tri, err := tr.Next()
		if err == io.EOF {
			if _, again := tr.Next(); again != io.EOF {
				t.Fatalf("Next after EOF: %v", again)
			}
			return
		}
		if err != nil {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name the file %s", err, name)
			}
			var le *triplefile.LineError
			if errors.As(err, &le) && (le.Line < 1 || le.Line > lines) {
				t.Errorf("error on line %d of %d: %v", le.Line, lines, err)
			}
			if _, again := tr.Next(); again == nil || again.Error() != err.Error() {
				t.Errorf("error not sticky: %v, then %v", err, again)
			}
			return
		}
		if tri.Subject == "" || tri.Relation == "" || tri.Object == "" {
			t.Fatalf("triple with an empty field: %+v", tri)
		}
		if strings.TrimSpace(tri.Subject) != tri.Subject || strings.TrimSpace(tri.Object) != tri.Object {
			t.Errorf("untrimmed names: %q, %q", tri.Subject, tri.Object)
		}
		if tri.Source.File != name || tri.Source.Line < 1 || tri.Source.Line > lines || tri.Source.Line < last {
			t.Errorf("source %v after line %d of %d", tri.Source, last, lines)
		}
		last = tri.Source.Line
	}
}

func fuzzFormat(f *testing.F, name string, format triplefile.Format) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { readAll(t, name, format, data) })
}

func FuzzReadPipe(f *testing.F)  { fuzzFormat(f, "kb.txt", triplefile.FormatPipe) }
func FuzzReadTSV(f *testing.F)   { fuzzFormat(f, "kb.tsv", triplefile.FormatTSV) }
func FuzzReadCSV(f *testing.F)   { fuzzFormat(f, "kb.csv", triplefile.FormatCSV) }
func FuzzReadJSONL(f *testing.F) { fuzzFormat(f, "kb.jsonl", triplefile.FormatJSONL) }

// FuzzDetect: the detector decides a known format or says why not, and
// the reader it picks (format auto) reads the data like that format's.
func FuzzDetect(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add("kb.txt", []byte(s))
	}
	f.Add("kb.csv", []byte("s,r,o\n"))
	f.Add("noext", []byte("\n\n{\n"))
	f.Fuzz(func(t *testing.T, name string, head []byte) {
		format, err := triplefile.Detect(name, head)
		if err != nil {
			if format != "" {
				t.Errorf("format %q with error %v", format, err)
			}
			return
		}
		switch format {
		case triplefile.FormatPipe, triplefile.FormatTSV, triplefile.FormatCSV, triplefile.FormatJSONL:
		default:
			t.Fatalf("Detect(%q) = %q", name, format)
		}
		if strings.ContainsAny(name, "/\\") || name == "" || name == "." {
			return // the reader names the base; skip odd names
		}
		readAll(t, name, triplefile.FormatAuto, head)
	})
}
