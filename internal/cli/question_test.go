package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/state"
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
	// A question beyond the OS's 128 KiB cap on one argument (in fewer
	// words than the planner's limit). Its padding is a word no reading
	// explains, so its answers are found but not certified.
	long := strings.Repeat("pneumonoultramicroscopics ", 5300) + q
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
			if c.stdin == long {
				if !slices.Equal(answerNames(got.Answers), answerNames(wantRes.Answers)) || got.Complete || !strings.Contains(got.Doubt, "pneumonoultramicroscopics") {
					t.Errorf("answers %v (complete %v, doubt %q), want %v, not complete, doubting the padding", answerNames(got.Answers), got.Complete, got.Doubt, answerNames(wantRes.Answers))
				}
				return
			}
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
		{"too many words", strings.Repeat("why ", 12000), []string{"ask", "-"}, "the question is too long: 12000 words, at most 10000 are read on stdin"},
		{"too many bytes", strings.Repeat("x", 2<<20), []string{"ask", "-"}, "the question on stdin is longer than 1048576 bytes"},
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

// 50 bracketed entities, one walked from: the answer, the plan line and
// --json say which one was used and which 49 were ignored.
func TestAskManyEntitiesSaysWhichWereIgnored(t *testing.T) {
	var kb, q, all strings.Builder
	q.WriteString("who directed [film-0] according to")
	all.WriteString("who directed")
	const n = 50
	for i := range n {
		fmt.Fprintf(&kb, "film-%d|directed_by|director-%d\n", i, i)
		if i > 0 {
			fmt.Fprintf(&q, " [film-%d]", i)
		}
		fmt.Fprintf(&all, " [film-%d]", i)
	}
	file := filepath.Join(t.TempDir(), "kb.txt")
	if err := os.WriteFile(file, []byte(kb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := invoke(t, "", "ask", "--graph", file, "--json", q.String())
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res agent.Result
	decodeOneJSON(t, out, &res)
	if len(res.Plan.Anchors) != 1 || len(res.Plan.Ignored)+len(res.Plan.Anchors) != n {
		t.Fatalf("anchors %d, ignored %d, want all %d accounted for", len(res.Plan.Anchors), len(res.Plan.Ignored), n)
	}
	used := res.Plan.Anchors[0].Entity
	for _, a := range res.Plan.Ignored {
		if a.Entity == used {
			t.Errorf("%s is both used and ignored", used)
		}
	}
	if want := fmt.Sprintf("Ignored %d other entities of the question: %s", n-1, res.Plan.Ignored[0].Entity); !strings.Contains(res.Answer, want) || !strings.Contains(res.Answer, "from "+used) {
		t.Errorf("answer %q does not say it walked from %s and ignored %d", res.Answer, used, n-1)
	}
	if !strings.Contains(res.Trace[0].Summary, fmt.Sprintf("ignored %d other entity(ies)", n-1)) {
		t.Errorf("trace: %q", res.Trace[0].Summary)
	}
	_, text, _ := invoke(t, "", "ask", "--graph", file, q.String())
	if !strings.Contains(text, "ignored (not walked from or to): \"film-") {
		t.Errorf("the plan line does not list the ignored entities:\n%s", text)
	}
	// Listed one after the other, the 50 are one question about each.
	code, out, errs = invoke(t, "", "ask", "--graph", file, "--json", all.String())
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var each agent.Result
	decodeOneJSON(t, out, &each)
	if len(each.Plan.Anchors) != n || len(each.Plan.Ignored) != 0 || each.Total != n {
		t.Errorf("a list of %d films: %d anchors, %d ignored, %d answers; want every film walked from", n, len(each.Plan.Anchors), len(each.Plan.Ignored), each.Total)
	}
}

// answerNames are the names of answers, in order.
func answerNames(as []state.AnswerEntity) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
