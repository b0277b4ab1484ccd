package doccheck

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseMarkdown(t *testing.T) {
	page := "# T\n\n```console\n$ scgraph ask \\\n    \"who\"   # a comment\nout 1\nout 2\n$ scgraph schema\n```\n\n" +
		"```json\n{\"x\": 1}\n```\n\n```sh neo4j\n# set up\nscgraph ingest a.txt\nQ=x.jsonl\n```\n"
	blocks, err := ParseMarkdown("p.md", []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 {
		t.Fatalf("%d blocks: %+v", len(blocks), blocks)
	}
	c := blocks[0].Commands
	if len(c) != 2 || c[0].Text != `scgraph ask "who"` || c[0].Line != 4 || c[0].WantLine != 6 ||
		!reflect.DeepEqual(c[0].Want, []string{"out 1", "out 2"}) || c[1].Text != "scgraph schema" || len(c[1].Want) != 0 {
		t.Errorf("console commands %+v", c)
	}
	if b := blocks[1]; b.Lang != "sh" || !b.Tagged("neo4j") || len(b.Commands) != 2 || b.Commands[1].Text != "Q=x.jsonl" || b.Commands[0].HasWant {
		t.Errorf("sh block %+v", b)
	}
	if _, err := ParseMarkdown("q.md", []byte("```console\nno prompt\n```\n")); err == nil {
		t.Error("a console block starting with output was accepted")
	}
	if _, err := ParseMarkdown("q.md", []byte("```sh\nscgraph\n")); err == nil {
		t.Error("an unclosed block was accepted")
	}
}

func TestUsageExamples(t *testing.T) {
	usage := "Usage:\n  scgraph x\n\nExamples:\n  scgraph ask \"q\"        # demo\n  scgraph eval --graph g \\\n      --questions q\n\nMore text.\n  ask            a tool\n  A=1 scgraph schema\n\nFlags:\n  scgraph not-an-example\n"
	got := UsageExamples("help ask", usage)
	var texts []string
	for _, c := range got {
		texts = append(texts, c.Text)
	}
	if want := []string{`scgraph ask "q"`, "scgraph eval --graph g --questions q", "A=1 scgraph schema"}; !reflect.DeepEqual(texts, want) {
		t.Errorf("examples %q, want %q", texts, want)
	}
}

func TestParseShell(t *testing.T) {
	vars := map[string]string{"DATA": "../d", "Q": "a.jsonl,b.jsonl"}
	for _, c := range []struct {
		line string
		want Shell
	}{
		{`scgraph ask "it's \"x\"" 'a b'`, Shell{Env: map[string]string{}, Args: []string{"scgraph", "ask", `it's "x"`, "a b"}}},
		{`A=1 B="two words" scgraph eval --questions $Q --graph ${DATA}/kb.txt`, Shell{Env: map[string]string{"A": "1", "B": "two words"}, Args: []string{"scgraph", "eval", "--questions", "a.jsonl,b.jsonl", "--graph", "../d/kb.txt"}}},
		{`echo "Who owns db-v2?" | scgraph ask -`, Shell{Env: map[string]string{}, Args: []string{"scgraph", "ask", "-"}, Stdin: "Who owns db-v2?\n", HasStdin: true}},
		{`scgraph schema --json > schema.json`, Shell{Env: map[string]string{}, Args: []string{"scgraph", "schema", "--json"}, StdoutFile: "schema.json"}},
		{`X=2`, Shell{Env: map[string]string{"X": "2"}}},
	} {
		got, err := ParseShell(c.line, vars)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, %v; want %+v", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{`eval "$(scripts/neo4j env)"`, "a && b", "cat x | scgraph ask -", "scgraph $UNSET", `scgraph "open`, "a; b"} {
		if _, err := ParseShell(bad, vars); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestMatch(t *testing.T) {
	got := "5 answers from x: a, b.\n\nEvidence:\n  1. a\n  2. b\nStopped: complete; 10 store calls, 11.46 ms\n"
	for _, c := range []struct {
		want string
		ok   bool
	}{
		{got, true},
		{"5 answers from x: a, b.\n…\nStopped: complete; 10 store calls, 3 ms", true},
		{"5 answers … a, b.\n…", true},
		{"…\n  2. b\n…", true},
		{"5 answers from x: a, b.\n\nEvidence:", false},       // more lines printed
		{"…\n  2. c\n…", false},                               // a line not printed
		{"…\nStopped: complete; 11 store calls, 3 ms", false}, // a number other than a duration
		{"5 answers from x: a, b.\n...\nStopped: complete; 10 store calls, 2.5s", true},
	} {
		err := Match(strings.Split(c.want, "\n"), got)
		if (err == nil) != c.ok {
			t.Errorf("want %q: error %v, ok %t", c.want, err, c.ok)
		}
	}
}

func TestKeepTrim(t *testing.T) {
	got := []string{"a", "b", "c", "d", "e"}
	for _, c := range []struct {
		want []string
		out  string
	}{
		{[]string{"x", "…"}, "a|…"},
		{[]string{"x", "…", "y"}, "a|…|e"},
		{[]string{"…", "y", "z"}, "…|d|e"},
		{[]string{"x", "y"}, "a|b|c|d|e"},
		{[]string{"x", "…", "y", "…", "z", "w", "v", "u"}, "a|b|c|d|e"},
	} {
		if g := strings.Join(keepTrim(c.want, got), "|"); g != c.out {
			t.Errorf("keepTrim(%q) = %q, want %q", c.want, g, c.out)
		}
	}
}
