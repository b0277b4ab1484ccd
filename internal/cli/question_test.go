package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
)

// The question can come from stdin ("-") or a file, for questions longer
// than one argument may be; the answer is the one the argument gives.
func TestAskQuestionFromStdinOrFile(t *testing.T) {
	const q = "Who owns the payment service?"
	_, want, _ := invoke(t, "", "ask", "--json", q)
	var wantRes agent.Result
	decodeOneJSON(t, want, &wantRes)

	file := filepath.Join(t.TempDir(), "question.txt")
	if err := os.WriteFile(file, []byte(q+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A question far beyond the OS's 128 KiB cap on one argument.
	long := strings.Repeat("please tell me, ", 8400) + q
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"dash", q + "\n", []string{"ask", "--json", "-"}},
		{"question-file -", q, []string{"ask", "--question-file", "-", "--json"}},
		{"question-file", "", []string{"ask", "--json", "--question-file", file}},
		{"long on stdin", long, []string{"ask", "--json", "-"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := invoke(t, c.stdin, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got agent.Result
			decodeOneJSON(t, out, &got)
			if got.Answer != wantRes.Answer {
				t.Errorf("answer %q, want %q", got.Answer, wantRes.Answer)
			}
		})
	}
}

// An empty or blank question is bad usage (exit 2) that says why, however
// it is given; so is a question given twice.
func TestEmptyQuestionIsUsageError(t *testing.T) {
	blank := filepath.Join(t.TempDir(), "blank.txt")
	if err := os.WriteFile(blank, []byte(" \n\t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"empty argument", "", []string{"ask", ""}, "the question is empty"},
		{"blank argument", "", []string{"ask", "  \t "}, "the question is empty"},
		{"empty stdin", "", []string{"ask", "-"}, "the question is empty on stdin"},
		{"blank file", "", []string{"ask", "--question-file", blank}, "the question is empty in " + blank},
		{"missing file", "", []string{"ask", "--question-file", blank + ".missing"}, "question file: open "},
		{"both", "q", []string{"ask", "--question-file", "-", "who?"}, "not both"},
		{"invalid UTF-8", "who owns \xff?", []string{"ask", "-"}, "not valid UTF-8"},
		{"chat on empty stdin", "", []string{"chat"}, "stdin held no question"},
		{"chat on blank stdin", "\n  \n\t\n", []string{"chat"}, "stdin held no question"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := invoke(t, c.stdin, c.args...)
			wantCode := exitUsage
			if c.name == "missing file" {
				wantCode = exitError
			}
			if code != wantCode || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d (want %d), stderr %q, want it to say %q", code, wantCode, errs, c.want)
			}
			if strings.Contains(out, "Evidence") {
				t.Errorf("an answer was printed: %s", out)
			}
		})
	}
}
