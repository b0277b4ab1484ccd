package triplefile

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"
	"unicode/utf8"
)

// What fastJSON decodes, it decodes as encoding/json does, and it takes
// the lines a generator writes: on lines built from random pieces of JSON,
// right and wrong, it either declines or agrees with decodeJSON.
func TestFastJSONAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	keys := []string{`"subject"`, `"relation"`, `"object"`, `"subject_type"`, `"object_type"`, `"acl"`, `"Subject"`, `"source"`, `"x"`, `"subject"`}
	vals := []string{`"a"`, `"b c"`, `"é"`, `""`, `"a\"b"`, `"a\\b"`, `"\u00e9"`, `null`, `1`, `true`, `["ops"]`, `[]`, `["ops","eng"]`, `[ "a" , "b" ]`, `[1]`, `"` + "\xef\xbb\xbf" + `x"`, `{}`, `"\t"`}
	sep := []string{"", " ", "\t", "  "}
	fast, agreed := 0, 0
	tr := NewReader(nil, "t.jsonl", FormatJSONL)
	for range 200000 {
		var b bytes.Buffer
		b.WriteString(sep[rng.IntN(4)] + "{")
		for k := range rng.IntN(7) {
			if k > 0 {
				b.WriteString(sep[rng.IntN(4)] + ",")
			}
			b.WriteString(sep[rng.IntN(4)] + keys[rng.IntN(len(keys))] + sep[rng.IntN(4)] + ":" + sep[rng.IntN(4)] + vals[rng.IntN(len(vals))])
		}
		b.WriteString(sep[rng.IntN(4)] + "}")
		if rng.IntN(20) == 0 {
			b.WriteString(" {}")
		}
		line := bytes.TrimSpace(b.Bytes())
		if !utf8.Valid(line) {
			continue
		}
		got, ok := fastJSON(line, nil)
		if !ok {
			continue
		}
		fast++
		want, err := tr.decodeJSON(line)
		if err != nil {
			t.Fatalf("%s: fastJSON decoded %+v, encoding/json fails: %v", line, got, err)
		}
		if len(want.ACL) == 0 && len(got.ACL) == 0 {
			want.ACL, got.ACL = nil, nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: fastJSON %+v, encoding/json %+v", line, got, want)
		}
		agreed++
	}
	if fast < 1000 {
		t.Errorf("fastJSON took only %d lines", fast)
	}
	line := []byte(`{"subject":"uma.smith-0","relation":"MEMBER_OF","object":"team-supplier-0","subject_type":"Person","object_type":"Team"}`)
	if _, ok := fastJSON(line, nil); !ok {
		t.Errorf("fastJSON declines a generated line: %s", line)
	}
}
