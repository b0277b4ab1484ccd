package triplefile_test

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/internal/triplefile"
)

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// render writes triples one a line, with types and sources, for exact
// comparison.
func render(ts []graph.Triple) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "%q %s %q [%s %s] @%s\n", t.Subject, t.Relation, t.Object, t.SubjectType, t.ObjectType, t.Source)
	}
	return b.String()
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]triplefile.Format{
		"": triplefile.FormatAuto, "auto": triplefile.FormatAuto, "PIPE": triplefile.FormatPipe,
		" tsv ": triplefile.FormatTSV, "csv": triplefile.FormatCSV, "jsonl": triplefile.FormatJSONL,
	} {
		got, err := triplefile.ParseFormat(in)
		if err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := triplefile.ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Errorf("ParseFormat(xml) error = %v, want one naming it", err)
	}
}

func TestDetectFormat(t *testing.T) {
	cases := []struct {
		name, head string
		want       triplefile.Format
	}{
		{"x.jsonl", "a|b|c", triplefile.FormatJSONL},
		{"x.NDJSON", "", triplefile.FormatJSONL},
		{"dir/x.csv", "a\tb\tc", triplefile.FormatCSV},
		{"x.tsv", "a|b|c", triplefile.FormatTSV},
		{"kb.txt", "\n\n  {\"subject\":\"a\"}", triplefile.FormatJSONL},
		{"kb.txt", "a\tb|x\tc\n", triplefile.FormatTSV},
		{"kb.txt", "\xef\xbb\xbfKismet|directed_by|William Dieterle\n", triplefile.FormatPipe},
		{"kb.txt", "Object, Relation,\"subject\"\na,b,c\n", triplefile.FormatCSV},
		{"kb", "subject,relation,object,subject_type", triplefile.FormatCSV},
	}
	for _, c := range cases {
		got, err := triplefile.Detect(c.name, []byte(c.head))
		if err != nil || got != c.want {
			t.Errorf("DetectFormat(%q, %q) = %q, %v; want %q", c.name, c.head, got, err, c.want)
		}
	}
	for _, head := range []string{"a,b,c\n", "just words", "\n  \n"} {
		_, err := triplefile.Detect("data/kb.dat", []byte(head))
		if err == nil || !strings.Contains(err.Error(), "kb.dat: cannot tell the triple format") {
			t.Errorf("DetectFormat(%q) error = %v, want a cannot-tell error naming kb.dat", head, err)
		}
	}
}

func TestReadTriplesFormats(t *testing.T) {
	hostile := "}) DETACH DELETE n //"
	want := render([]graph.Triple{
		{Subject: "Kismet", Relation: "directed_by", Object: "William Dieterle", Source: graph.Source{File: "F", Line: 1}},
		{Subject: hostile, Relation: "CALLS", Object: "`tick` \"quoted\" (x)", Source: graph.Source{File: "F", Line: 3}},
		{Subject: "Zahlungsdienst über Ω", Relation: "_r2", Object: "a/b", Source: graph.Source{File: "F", Line: 4}},
	})
	cases := []struct {
		name, content string
		format        triplefile.Format
	}{
		{"kb.txt", "Kismet|directed_by|William Dieterle\n\n" + hostile + " | CALLS |`tick` \"quoted\" (x)\r\nZahlungsdienst über Ω|_r2|a/b\n", triplefile.FormatAuto},
		{"kb.tsv", "Kismet\tdirected_by\tWilliam Dieterle \t\r\n   \n" + hostile + "\tCALLS\t`tick` \"quoted\" (x)\nZahlungsdienst über Ω\t_r2\ta/b", ""},
		{"kb.csv", "Subject,relation,OBJECT\nKismet,directed_by,William Dieterle\n\n\"" + hostile + "\",CALLS,\"`tick` \"\"quoted\"\" (x)\"\nZahlungsdienst über Ω,_r2,a/b\n", triplefile.FormatCSV},
		{"kb.jsonl", `{"subject":"Kismet","relation":"directed_by","object":"William Dieterle"}` + "\n\n" +
			`{"subject":"}) DETACH DELETE n //","relation":" CALLS","object":"` + "`tick`" + ` \"quoted\" (x)"}` + "\n" +
			`{"object":"a/b","relation":"_r2","subject":"Zahlungsdienst \u00fcber Ω"}` + "\n", triplefile.FormatJSONL},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeFile(t, c.name, c.content)
			ts, err := triplefile.Read(p, c.format, triplefile.Options{})
			if err != nil {
				t.Fatal(err)
			}
			w := strings.ReplaceAll(want, "@F:", "@"+c.name+":")
			if c.format == triplefile.FormatCSV { // the header is line 1
				w = strings.NewReplacer(":1\n", ":2\n", ":3\n", ":4\n", ":4\n", ":5\n").Replace(w)
			}
			if got := render(ts); got != w {
				t.Errorf("got\n%s\nwant\n%s", got, w)
			}
		})
	}
}

func TestReadTypes(t *testing.T) {
	csvData := "object_type,subject,relation,object,subject_type\nDatabase,pay,READS_FROM,db,Service\nx,a,R,b,\n"
	jsonData := `{"subject":"pay","relation":"READS_FROM","object":"db","subject_type":"Service","object_type":"Database"}` + "\n" +
		`{"subject":"a","relation":"R","object":"b","object_type":"x"}` + "\n"
	for name, content := range map[string]string{"t.csv": csvData, "t.jsonl": jsonData} {
		ts, err := triplefile.Read(writeFile(t, name, content), "", triplefile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("\"pay\" READS_FROM \"db\" [Service Database] @%s:%d\n\"a\" R \"b\" [ x] @%s:%d\n",
			name, map[string]int{"t.csv": 2, "t.jsonl": 1}[name], name, map[string]int{"t.csv": 3, "t.jsonl": 2}[name])
		if got := render(ts); got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
		}
	}
}

// Relation and type names may hold hyphens after their first character,
// as exports write header names ("Superseded-By").
func TestReadHyphenatedNames(t *testing.T) {
	ts, err := triplefile.Read(writeFile(t, "peps.csv", "subject,relation,object,subject_type\npep-3,Superseded-By,pep-42,PEP-Doc\n"), "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := render(ts), "\"pep-3\" Superseded-By \"pep-42\" [PEP-Doc ] @peps.csv:2\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// The column names edge lists commonly use read as the canonical ones,
// in CSV headers and JSONL keys alike; two names for one column, or a name
// for none, are errors naming the line.
func TestReadColumnAliases(t *testing.T) {
	want := "\"pay\" READS_FROM \"db\" [Service Database] @%s:%d\n"
	for name, content := range map[string]string{
		"gephi.csv":   "Source,Target,Relationship,source_type,target_type\npay,db,READS_FROM,Service,Database\n",
		"admin.csv":   ":START_ID,:TYPE,:END_ID,start_type,end_type\npay,READS_FROM,db,Service,Database\n",
		"kg.csv":      "head,relation,tail,head_type,tail_type\npay,READS_FROM,db,Service,Database\n",
		"edges.jsonl": `{"source":"pay","type":"READS_FROM","target":"db","source_type":"Service","target_type":"Database"}` + "\n",
		"rdf.jsonl":   `{"subject":"pay","predicate":"READS_FROM","object":"db","subject_type":"Service","object_type":"Database"}` + "\n",
	} {
		ts, err := triplefile.Read(writeFile(t, name, content), "", triplefile.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		line := map[bool]int{true: 2, false: 1}[strings.HasSuffix(name, ".csv")]
		if got := render(ts); got != fmt.Sprintf(want, name, line) {
			t.Errorf("%s: got\n%s", name, got)
		}
	}
	for name, c := range map[string]struct{ content, err string }{
		"two.csv":   {"source,subject,relation,object\na,b,r,c\n", `two.csv:1: CSV header: two columns give the subject ("source" and "subject")`},
		"two.jsonl": {`{"source":"a","subject":"b","relation":"r","object":"c"}` + "\n", `two.jsonl:1: two keys give the subject ("source" and "subject")`},
		"odd.jsonl": {`{"source":"a","relation":"r","target":"c","weight":2}` + "\n", `odd.jsonl:1: unknown key(s) ["weight"]`},
	} {
		_, err := triplefile.Read(writeFile(t, name, c.content), "", triplefile.Options{})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: error %v, want %q", name, err, c.err)
		}
	}
}

// A TSV file may start with a header naming its columns, as CSV files
// do: the header is no triple, and type columns type the entities (a
// trailing empty type may be cut with the line's white space).
func TestReadTSVHeader(t *testing.T) {
	for name, c := range map[string]struct{ content, want string }{
		"plain.tsv": {"subject\trelation\tobject\npay\tREADS_FROM\tdb\n", "\"pay\" READS_FROM \"db\" [ ] @plain.tsv:2\n"},
		"kg.tsv": {"head\trelation\ttail\thead_type\ttail_type\npay\tREADS_FROM\tdb\tService\tDatabase\nweb\tREADS_FROM\tdb\tService\n",
			"\"pay\" READS_FROM \"db\" [Service Database] @kg.tsv:2\n\"web\" READS_FROM \"db\" [Service ] @kg.tsv:3\n"},
		"headless.tsv": {"pay\tREADS_FROM\tdb\n", "\"pay\" READS_FROM \"db\" [ ] @headless.tsv:1\n"},
	} {
		ts, err := triplefile.Read(writeFile(t, name, c.content), "", triplefile.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := render(ts); got != c.want {
			t.Errorf("%s: got\n%swant\n%s", name, got, c.want)
		}
	}
	_, err := triplefile.Read(writeFile(t, "wide.tsv", "subject\trelation\tobject\na\tr\tb\tc\n"), "", triplefile.Options{})
	if err == nil || !strings.Contains(err.Error(), "wide.tsv:2: expected 3 fields separated by tabs (as in the header), got 4") {
		t.Errorf("wide.tsv: error %v", err)
	}
}

func TestReadACL(t *testing.T) {
	csvData := "subject,relation,object,acl\npay,READS_FROM,db, ops ; eng;ops\na,R,b,\n"
	jsonData := `{"subject":"pay","relation":"READS_FROM","object":"db","acl":["ops","eng","ops"]}` + "\n" +
		`{"subject":"a","relation":"R","object":"b","acl":[]}` + "\n"
	for name, content := range map[string]string{"t.csv": csvData, "t.jsonl": jsonData} {
		ts, err := triplefile.Read(writeFile(t, name, content), "", triplefile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ts) != 2 {
			t.Fatalf("%s: %d triples, want 2", name, len(ts))
		}
		if got := fmt.Sprint(ts[0].ACL); got != "[eng ops]" {
			t.Errorf("%s: first fact's acl %s, want [eng ops] (sorted, once each)", name, got)
		}
		if ts[1].ACL != nil {
			t.Errorf("%s: second fact's acl %q, want none (public)", name, ts[1].ACL)
		}
	}
}

// A relation or type name written in words ("Data Component", "part of",
// as exports write them) is read as the identifier of its words, and the
// reader says which names it read so.
func TestReadNamesInWords(t *testing.T) {
	var renamed map[string]string
	ts, err := triplefile.Read(writeFile(t, "kb.csv", "subject,relation,object,subject_type,object_type\n"+
		"Process Monitoring,detects,T1,Data Component,Technique\nT1,sub-technique of,T0,Technique,Technique\n"), "",
		triplefile.Options{Renamed: func(m map[string]string) { renamed = m }})
	if err != nil {
		t.Fatal(err)
	}
	if ts[0].SubjectType != "Data_Component" || ts[1].Relation != "sub-technique_of" {
		t.Errorf("read %+v and %+v: want subject_type Data_Component, relation sub-technique_of", ts[0], ts[1])
	}
	want := map[string]string{"Data Component": "Data_Component", "sub-technique of": "sub-technique_of"}
	if !maps.Equal(renamed, want) {
		t.Errorf("renamed %v, want %v", renamed, want)
	}
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, content string
		format        triplefile.Format
		want          string
	}{
		{"kb.txt", "a|r|b\na|r\n", "", `kb.txt:2: expected 3 fields separated by "|", got 2`},
		{"kb.txt", "a|r|b\n\na|r|b|c\n", triplefile.FormatPipe, `kb.txt:3: expected 3 fields separated by "|", got 4`},
		{"kb.txt", " |r|b\n", triplefile.FormatPipe, `kb.txt:1: empty subject`},
		{"kb.txt", "a|r| \n", triplefile.FormatPipe, `kb.txt:1: empty object`},
		{"kb.txt", "a|r|b\na|directed [by]|b\n", triplefile.FormatPipe, `kb.txt:2: relation "directed [by]" is not an identifier: relation names must be identifiers`},
		{"kb.txt", "a|`r`]->() DETACH DELETE n //|b\n", triplefile.FormatPipe, "kb.txt:1: relation \"`r`]->() DETACH DELETE n //\" is not an identifier"},
		{"kb.tsv", "a\tr\tb\na\tr b\n", "", `kb.tsv:2: expected 3 fields separated by "\t", got 2`},
		{"kb.tsv", "a\t1r\tb\n", "", `kb.tsv:1: relation "1r" is not an identifier`},
		{"kb.csv", "subject,relation,object,weight,Colour\na,r,b,1,2\n", "", `kb.csv:1: CSV header: unknown column(s) "weight", "Colour"`},
		{"kb.csv", "subject,object\n", "", `kb.csv:1: CSV header: missing column "relation"`},
		{"kb.csv", "subject,relation,object\na,r,b\n\n\"x,r,b\n", "", `kb.csv:4: extraneous or missing " in quoted-field`},
		{"kb.csv", "subject,relation,object\na,r,b\na,r\n", "", `kb.csv:3: expected 3 fields (as in the header), got 2`},
		{"kb.csv", "subject,relation,object,subject_type\na,r,b,Bad\"Type\n", "", `kb.csv:2: bare " in non-quoted-field`},
		{"kb.csv", "subject,relation,object,subject_type\na,r,b,2 Bad Type\n", "", `kb.csv:2: subject_type "2 Bad Type" is not an identifier: type names must be identifiers`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\",\"weight\":1}\n", "", `kb.jsonl:1: json: unknown field "weight"`},
		{"kb.jsonl", "\n{\"subject\":\"a\",\"relation\":\"r\",\"object\":3}\n", "", `kb.jsonl:2: json: cannot unmarshal number into Go struct field jsonTriple.object of type string`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\"", "", `kb.jsonl:1: unexpected EOF`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\"} {}\n", "", `kb.jsonl:1: more than one JSON value on the line`},
		{"kb.jsonl", "[1,2]\n", "", `kb.jsonl:1: expected a JSON object`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\"}\n", "", `kb.jsonl:1: empty object`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\",\"object_type\":\"x <y>\"}\n", "", `kb.jsonl:1: object_type "x <y>" is not an identifier`},
		{"kb.tsv", "a\t-r\tb\n", "", `kb.tsv:1: relation "-r" is not an identifier`},
		{"kb.csv", "subject,relation,object,acl\na,r,b,ops\na,r,c,ops;bad group\n", "", `kb.csv:3: acl: group 2 "bad group" is not a group name`},
		{"kb.csv", "subject,relation,object,acl\na,r,b,ops;;eng\n", "", `kb.csv:2: acl: group 2 "" is not a group name`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\",\"acl\":[\"ops\",\"-x\"]}\n", "", `kb.jsonl:1: acl: group 2 "-x" is not a group name`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"b\",\"acl\":\"ops\"}\n", "", `kb.jsonl:1: json: cannot unmarshal string into Go struct field jsonTriple.acl of type []string`},
		{"kb.dat", "one two three\n", "", `kb.dat: cannot tell the triple format`},
		{"kb.txt", "a|r|b\n", "xml", `kb.txt: unknown triple format "xml"`},
	}
	for _, c := range cases {
		ts, err := triplefile.Read(writeFile(t, c.name, c.content), c.format, triplefile.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error = %v; want one containing %q", c.name, c.content, err, c.want)
		}
		if ts != nil {
			t.Errorf("%s %q: got %d triples with the error, want nil", c.name, c.content, len(ts))
		}
	}
	// A malformed line is a *LineError with file and line.
	_, err := triplefile.Read(writeFile(t, "kb.txt", "a|r|b\nbad\n"), "", triplefile.Options{})
	var le *triplefile.LineError
	if !errors.As(err, &le) || le.File != "kb.txt" || le.Line != 2 {
		t.Errorf("error %v: want a *triplefile.LineError for kb.txt:2", err)
	}
	if _, err := triplefile.Read(filepath.Join(t.TempDir(), "missing.txt"), "", triplefile.Options{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: error = %v, want os.ErrNotExist", err)
	}
}

// TestReadInvalidNames: every format applies the same name rules
// (graph.CheckName) and names the file, line and field; the data is
// neither loaded nor changed (no U+FFFD in place of bad bytes).
func TestReadInvalidNames(t *testing.T) {
	long := strings.Repeat("x", graph.MaxNameBytes+1)
	max := strings.Repeat("é", graph.MaxNameBytes/2)
	cases := []struct {
		name, content, want string
	}{
		{"kb.txt", "a|r|b\nbad\xffname|r|b\n", `kb.txt:2: subject "bad\xffname" is not valid UTF-8 (byte 0xFF at byte 3)`},
		{"kb.txt", "a|r|b\x00c\n", `kb.txt:1: object "b\x00c" holds a control character (U+0000 at byte 1)`},
		{"kb.txt", "a\x1bb|r|c\n", `kb.txt:1: subject "a\x1bb" holds a control character (U+001B at byte 1)`},
		{"kb.txt", "a\u0085b|r|c\n", `kb.txt:1: subject "a\u0085b" holds a control character (U+0085 at byte 1)`},
		{"kb.txt", "a|r|" + long + "\n", fmt.Sprintf(`kb.txt:1: object "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is %d bytes long; names are at most %d bytes`, graph.MaxNameBytes+1, graph.MaxNameBytes)},
		{"kb.tsv", "a\tr\tb\xc3\n", `kb.tsv:1: object "b\xc3" is not valid UTF-8 (byte 0xC3 at byte 1)`},
		{"kb.tsv", "a\x00\tr\tb\n", `kb.tsv:1: subject "a\x00" holds a control character`},
		{"kb.csv", "subject,relation,object\na,r,b\n\"x\xfe\",r,b\n", `kb.csv:3: subject "x\xfe" is not valid UTF-8`},
		{"kb.csv", "subject,relation,object\n\"multi\nline\",r,b\n", `kb.csv:2: subject "multi\nline" holds a control character (U+000A at byte 5)`},
		{"kb.csv", "object,relation,subject\na\x00,r,b\n", `kb.csv:2: object "a\x00" holds a control character`},
		{"kb.csv", "subject,relation,object\na,r," + long + "\n", `kb.csv:2: object "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is 4097 bytes long`},
		{"kb.jsonl", "{\"subject\":\"a\\u0000\",\"relation\":\"r\",\"object\":\"b\"}\n", `kb.jsonl:1: subject "a\x00" holds a control character`},
		{"kb.jsonl", "{\"subject\":\"a\xff\",\"relation\":\"r\",\"object\":\"b\"}\n", `kb.jsonl:1: not valid UTF-8 (byte 0xFF at column 14)`},
		{"kb.jsonl", "{\"subject\":\"" + long + "\",\"relation\":\"r\",\"object\":\"b\"}\n", `kb.jsonl:1: subject "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… is 4097 bytes long`},
		{"kb.jsonl", "{\"subject\":\"a\",\"relation\":\"\",\"object\":\"b\"}\n", `kb.jsonl:1: empty relation`},
	}
	for _, c := range cases {
		ts, err := triplefile.Read(writeFile(t, c.name, c.content), "", triplefile.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %.60q: error = %v; want one containing %q", c.name, c.content, err, c.want)
		}
		if ts != nil {
			t.Errorf("%s: got %d triples with the error, want nil", c.name, len(ts))
		}
	}
	// The longest name passes in every format, and so does any printable
	// Unicode (U+FFFD too, when it is written as such).
	for name, content := range map[string]string{
		"kb.txt":   "a|r|" + max + "\n\uFFFD ok\u2028|r|b\n",
		"kb.tsv":   "a\tr\t" + max + "\n\uFFFD ok\u2028\tr\tb\n",
		"kb.csv":   "subject,relation,object\na,r," + max + "\n\uFFFD ok\u2028,r,b\n",
		"kb.jsonl": "{\"subject\":\"a\",\"relation\":\"r\",\"object\":\"" + max + "\"}\n{\"subject\":\"\uFFFD ok\u2028\",\"relation\":\"r\",\"object\":\"b\"}\n",
	} {
		ts, err := triplefile.Read(writeFile(t, name, content), "", triplefile.Options{})
		if err != nil || len(ts) != 2 || ts[0].Object != max || ts[1].Subject != "\uFFFD ok\u2028" {
			t.Errorf("%s: %d triples, %v; want 2, the longest name kept", name, len(ts), err)
		}
	}
}

// TestReadLongLines: no reader buffers more than graph.MaxLineBytes for
// one line or CSV record, however the record is spread over lines, and the
// error names the line the record starts on.
func TestReadLongLines(t *testing.T) {
	huge := strings.Repeat("y", 10<<20)
	manyLines := strings.Repeat("short line\n", graph.MaxLineBytes/8)
	cases := []struct {
		name, content, want string
	}{
		{"kb.txt", "a|r|b\na|r|" + huge + "\n", "kb.txt:2: line longer than 64 KiB (names are at most 4096 bytes)"},
		{"kb.tsv", "a\tr\t" + huge, "kb.tsv:1: line longer than 64 KiB"},
		{"kb.jsonl", "{\"subject\":\"" + huge + "\"}\n", "kb.jsonl:1: line longer than 64 KiB"},
		{"kb.csv", "subject,relation,object\na,r,b\na,r," + huge + "\n", "kb.csv:3: line longer than 64 KiB"},
		{"kb.csv", "subject,relation,object\na,r,b\n\na,r,\"" + manyLines + "\"\n", "kb.csv:4: line longer than 64 KiB"},
		{"kb.csv", "subject,relation,object\n\"" + huge, "kb.csv:2: line longer than 64 KiB"},
	}
	for _, c := range cases {
		ts, err := triplefile.Read(writeFile(t, c.name, c.content), "", triplefile.Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error = %.200v; want one containing %q", c.name, err, c.want)
		}
		if ts != nil {
			t.Errorf("%s: got %d triples with the error", c.name, len(ts))
		}
	}
	// Just under the limit passes.
	ok := strings.Repeat("z", graph.MaxNameBytes)
	csv := "subject,relation,object\n\"" + ok + "\",r,b\n"
	if ts, err := triplefile.Read(writeFile(t, "ok.csv", csv), "", triplefile.Options{}); err != nil || len(ts) != 1 {
		t.Errorf("a record within the limit: %d triples, %v", len(ts), err)
	}
}

func TestReadEmptyFile(t *testing.T) {
	for _, content := range []string{"", "\n  \n"} {
		for _, name := range []string{"empty.txt", "empty.csv", "empty.jsonl", "empty.tsv"} {
			ts, err := triplefile.Read(writeFile(t, name, content), "", triplefile.Options{})
			if err != nil || len(ts) != 0 {
				t.Errorf("%s %q: got %d triples, %v; want none and no error", name, content, len(ts), err)
			}
		}
		ts, err := triplefile.Read(writeFile(t, "empty.txt", content), triplefile.FormatCSV, triplefile.Options{})
		if err != nil || len(ts) != 0 {
			t.Errorf("%q: got %d triples, %v; want none and no error", content, len(ts), err)
		}
	}
}

func TestTripleReaderStream(t *testing.T) {
	in := "a|r|b\n\nc|r|d\ne|r\nf|r|g\n"
	tr := triplefile.NewReader(strings.NewReader(in), "/some/dir/stream.txt", "")
	var got []string
	for {
		tp, err := tr.Next()
		if err != nil {
			got = append(got, "error: "+err.Error())
			break
		}
		got = append(got, tp.Subject+" "+tp.Source.String())
	}
	want := []string{"a stream.txt:1", "c stream.txt:3", `error: stream.txt:4: expected 3 fields separated by "|", got 2`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := tr.Next(); err == nil || err == io.EOF {
		t.Errorf("Next after an error = %v, want the same error again", err)
	}
	if tr.BytesRead() != int64(len(in)) {
		t.Errorf("BytesRead = %d, want %d", tr.BytesRead(), len(in))
	}
}

func TestReadProgress(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 300<<10; i++ {
		fmt.Fprintf(&b, "entity %d|rel|other %d\n", i, i+1)
	}
	p := writeFile(t, "big.txt", b.String())
	var calls []int64
	ts, err := triplefile.Read(p, "", triplefile.Options{Progress: func(read, total int64) {
		if total != int64(b.Len()) {
			t.Errorf("progress total = %d, want %d", total, b.Len())
		}
		calls = append(calls, read)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 4 || calls[len(calls)-1] != int64(b.Len()) {
		t.Errorf("progress calls %v: want at least 4, the last at %d", calls, b.Len())
	}
	for i := 1; i < len(calls); i++ {
		if calls[i] < calls[i-1] {
			t.Errorf("progress went backwards: %v", calls)
		}
	}
	if ts[len(ts)-1].Source.Line != len(ts) {
		t.Errorf("last source %v, want line %d", ts[len(ts)-1].Source, len(ts))
	}
}

func TestReadMetaQA(t *testing.T) {
	p := devdata.DataPath(t, "metaqa/kb.txt")
	start := time.Now()
	ts, err := triplefile.Read(p, "", triplefile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read %d MetaQA triples in %v", len(ts), time.Since(start))
	if len(ts) != 133582 {
		t.Fatalf("got %d triples, want 133582", len(ts))
	}
	first := graph.Triple{Subject: "Kismet", Relation: "directed_by", Object: "William Dieterle", Source: graph.Source{File: "kb.txt", Line: 1}}
	if !reflect.DeepEqual(ts[0], first) {
		t.Errorf("first triple %+v, want %+v", ts[0], first)
	}
	counts := make(map[string]int)
	for _, tp := range ts {
		counts[tp.Relation]++
	}
	want := map[string]int{"directed_by": 15957, "has_genre": 15485, "has_imdb_rating": 314, "has_imdb_votes": 119,
		"has_tags": 28719, "in_language": 3428, "release_year": 16715, "starred_actors": 33718, "written_by": 19127}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Errorf("relation counts %v, want %v", counts, want)
	}
}

func TestReadPathQuestion(t *testing.T) {
	for file, n := range map[string]int{"2H-kb.txt": 1211, "3H-kb.txt": 2839, "PQL2-KB.txt": 4247, "PQL3-KB.txt": 5597} {
		p := devdata.DataPath(t, "pathquestion/"+file)
		ts, err := triplefile.Read(p, "", triplefile.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ts) != n {
			t.Errorf("%s: %d triples, want %d", file, len(ts), n)
		}
	}
}

func BenchmarkReadTriplesMetaQA(b *testing.B) {
	p := devdata.DataPath(b, "metaqa/kb.txt")
	st, err := os.Stat(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	n := 0
	for b.Loop() {
		ts, err := triplefile.Read(p, triplefile.FormatPipe, triplefile.Options{})
		if err != nil {
			b.Fatal(err)
		}
		n = len(ts)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "triples/s")
}

// failingReader returns its text, then err.
type failingReader struct {
	text string
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.text == "" {
		return 0, f.err
	}
	n := copy(p, f.text)
	f.text = f.text[n:]
	return n, nil
}

// A read that fails in the middle of a line is that failure, never a
// malformed last line (a cancelled ingest was reported as
// `kb.txt:38567: expected 3 fields`).
func TestReadFailsMidLine(t *testing.T) {
	boom := errors.New("boom")
	for format, text := range map[triplefile.Format]string{
		triplefile.FormatPipe:  "a|R|b\nc|R",
		triplefile.FormatTSV:   "a\tR\tb\nc\tR",
		triplefile.FormatJSONL: "{\"subject\":\"a\",\"relation\":\"R\",\"object\":\"b\"}\n{\"subject\":\"c\",\"rel",
		triplefile.FormatCSV:   "subject,relation,object\na,R,b\nc,R",
	} {
		tr := triplefile.NewReader(&failingReader{text: text, err: boom}, "kb", format)
		var err error
		for err == nil {
			_, err = tr.Next()
		}
		if !errors.Is(err, boom) {
			t.Errorf("%s: %v, want the read error", format, err)
		}
	}
}

// TestReadRefusesHiddenDamage: what a reader used to accept silently —
// a byte-order mark in the middle of a file (files joined together), a
// lone UTF-16 surrogate in JSON (it became U+FFFD), a JSON key given twice
// (the last won) — and a first line too long to detect a format from
// (it said "the first line has no |") is an error naming the line.
func TestReadRefusesHiddenDamage(t *testing.T) {
	bom := "\xef\xbb\xbf"
	long := strings.Repeat("x", graph.MaxLineBytes+100) + "|R|b\n"
	for _, c := range []struct {
		name, content, says string
	}{
		{"kb.txt", bom + "a|R|b\nc|R|d\n" + bom + "e|R|f\n", "kb.txt:3: a byte-order mark"},
		{"kb.tsv", "a\tR\tb\n" + bom + "c\tR\td\n", "kb.tsv:2: a byte-order mark"},
		{"kb.jsonl", `{"subject":"a","relation":"R","object":"b"}` + "\n" + bom + `{"subject":"c","relation":"R","object":"d"}` + "\n", "kb.jsonl:2: a byte-order mark"},
		{"kb.csv", "subject,relation,object\na,R,b\n" + bom + "c,R,d\n", "kb.csv:3: subject \"\\ufeffc\" holds a byte-order mark"},
		{"kb.txt", "a|R|b" + bom + "c\n", "holds a byte-order mark"},
		{"kb.jsonl", `{"subject":"a\ud800","relation":"R","object":"b"}`, "kb.jsonl:1: a \\u escape of a lone UTF-16 surrogate"},
		{"kb.jsonl", `{"subject":"a","relation":"R","object":"\udc00b"}`, "lone UTF-16 surrogate"},
		{"kb.jsonl", `{"subject":"a\ud800\ud800","relation":"R","object":"b"}`, "lone UTF-16 surrogate"},
		{"kb.jsonl", `{"subject":"a","subject":"b","relation":"R","object":"c"}`, `kb.jsonl:1: the key "subject" is given twice`},
		{"kb.jsonl", `{"subject":"a","relation":"R","Subject":"b","object":"c"}`, "given twice"},
		{"kb.jsonl", `{"source":"a","relation":"R","target":"c","source":"b"}`, "given twice"},
		{"kb.jsonl", `{"subject":"a","relation":"R","object":"c","acl":["x"],"acl":[]}`, "given twice"},
		{"kb.txt", long, "kb.txt:1: line longer than 64 KiB"},
		{"kb.dat", "\n" + long, "kb.dat:2: line longer than 64 KiB"},
	} {
		_, err := triplefile.Read(writeFile(t, c.name, c.content), "", triplefile.Options{})
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s %.60q: %v; want an error saying %q", c.name, c.content, err, c.says)
		}
	}
	// A surrogate pair, and keys nested in no way top-level, are fine.
	ts, err := triplefile.Read(writeFile(t, "ok.jsonl", `{"subject":"smile \ud83d\ude00","relation":"R","object":"b","acl":["x"]}`+"\n"), "", triplefile.Options{})
	if err != nil || len(ts) != 1 || ts[0].Subject != "smile \U0001F600" {
		t.Errorf("a surrogate pair: %v, %v", ts, err)
	}
}
