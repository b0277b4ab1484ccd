package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// An unknown command or flag is bad usage that suggests the nearest name,
// without printing the whole help.
func TestUnknownNamesSuggest(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"aks", "x"}, `unknown command "aks"; did you mean ask?`},
		{[]string{"ingset"}, `unknown command "ingset"; did you mean ingest?`},
		{[]string{"merge"}, `unknown command "merge"; did you mean merges?`},
		{[]string{"xyzzy"}, `unknown command "xyzzy"` + "\nRun 'scgraph help' for the commands."},
		{[]string{"ask", "--hopz", "3", "x"}, "unknown flag --hopz; did you mean --hops?"},
		{[]string{"eval", "--limt", "3"}, "unknown flag --limt; did you mean --limit?"},
		{[]string{"ask", "--jsn", "x"}, "unknown flag --jsn; did you mean --json?"},
		{[]string{"lexicon", "lern"}, `unknown lexicon command "lern" (want learn or show); did you mean learn?`},
		{[]string{"merges", "acept", "--graph", "x.snap"}, `unknown action "acept": want list, accept, reject or undo; did you mean accept?`},
		{[]string{"completion", "bsh"}, `no completion for "bsh": want bash, zsh or fish; did you mean bash or zsh?`},
	} {
		code, out, errs := invoke(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
		if strings.Contains(errs, "Commands:") {
			t.Errorf("%v: printed the whole help: %q", c.args, errs)
		}
	}
}

// Numeric flags refuse what they cannot mean, saying what they take.
func TestFlagValuesValidated(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ask", "--hops", "-3", "x"}, `--hops -3: want a whole number from 1 to 100, or 0 for the default, 6`},
		{[]string{"ask", "--hops", "three", "x"}, `--hops three: want a whole number`},
		{[]string{"ask", "--fanout", "-1", "x"}, `--fanout -1: want a whole number, 1 or more, or 0 for the default, 300, or all for no cap`},
		{[]string{"ask", "--fanout", "some", "x"}, `--fanout some: want a whole number, 1 or more, or 0 for the default, 300, or all for no cap`},
		{[]string{"ask", "--max-iter", "0", "x"}, `--max-iter 0: want a whole number from 1 to 1000`},
		{[]string{"ask", "--timeout", "-1s", "x"}, `--timeout -1s: want a positive duration such as 30s or 2m`},
		{[]string{"ask", "--timeout", "0", "x"}, `--timeout 0: want a positive duration`},
		{[]string{"ask", "--timeout", "soon", "x"}, `--timeout soon: want a duration such as 30s, 2m or 1h30m`},
		{[]string{"ask", "--alpha", "2", "x"}, `--alpha 2: want a number from 0.01 to 1, or 0 for the default, 0.5`},
		{[]string{"ask", "--passages", "0", "x"}, `--passages 0: want a whole number from 1 to 1000`},
		{[]string{"eval", "--cv", "1", "--questions", "q.jsonl"}, `--cv 1: want a whole number from 2 to 1000, or 0 for no cross-validation`},
		{[]string{"eval", "--workers", "-2", "--questions", "q.jsonl"}, `--workers -2: want a whole number from 1 to 1024, or 0 for GOMAXPROCS`},
		{[]string{"merges", "list", "--graph", "x.snap", "--min-confidence", "2"}, `--min-confidence 2: want a number from 0 to 1`},
		{[]string{"communities", "--resolution", "-1"}, `--resolution -1: want a number from 0.01 to 100`},
		{[]string{"ingest", "--timeout", "-5m", "x.txt"}, `--timeout -5m: want a positive duration such as 30s or 2m, or 0 for none`},
	} {
		code, _, errs := invoke(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
	// Values in range, and the zeros that mean a default, are taken.
	code, _, errs := invoke(t, "", "ask", "--hops", "0", "--fanout", "0", "--alpha", "0", "--timeout", "1m", "Who owns the payment service?")
	if code != exitOK {
		t.Errorf("defaults given as 0: exit %d, %s", code, errs)
	}
	if code, _, errs := invoke(t, "", "ask", "--fanout", "all", "Who owns the payment service?"); code != exitOK {
		t.Errorf("--fanout all: exit %d, %s", code, errs)
	}
}

// The help says every exit status, 130 included.
func TestHelpListsExitStatus(t *testing.T) {
	_, out, _ := invoke(t, "", "help")
	for _, want := range []string{"0 when", "1 on errors", "2 on bad usage", "130 when interrupted"} {
		if !strings.Contains(out, want) {
			t.Errorf("scgraph help lacks %q:\n%s", want, out)
		}
	}
}

func TestVersion(t *testing.T) {
	info := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/scgraph/scgraph", Version: "v0.3.1"},
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "f2584972307c0123456789abcdef0123456789ab"},
			{Key: "vcs.time", Value: "2026-11-26T17:42:14Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	for _, c := range []struct {
		set  string
		info *debug.BuildInfo
		want string
	}{
		{"", info, "v0.3.1 (revision f2584972307c, 2026-11-26T17:42:14Z, with uncommitted changes, go1.26.8)"},
		{"v9.9.9", info, "v9.9.9 (revision f2584972307c, 2026-11-26T17:42:14Z, with uncommitted changes, go1.26.8)"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
		{"", nil, "(unknown)"},
	} {
		if got := versionFrom(c.set, c.info); got != c.want {
			t.Errorf("versionFrom(%q) = %q, want %q", c.set, got, c.want)
		}
	}
	code, out, _ := invoke(t, "", "--version")
	if code != exitOK || !strings.HasPrefix(out, "scgraph ") || strings.Contains(out, "dev\n") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// The completion scripts are valid for their shell and complete commands,
// actions and flags.
func TestCompletionScripts(t *testing.T) {
	dir := t.TempDir()
	write := func(shell string) string {
		code, out, errs := invoke(t, "", "completion", shell)
		if code != exitOK || errs != "" {
			t.Fatalf("completion %s: exit %d, %s", shell, code, errs)
		}
		for _, want := range []string{"ask", "merges", "accept", "hops", "completion"} {
			if !strings.Contains(out, want) {
				t.Errorf("the %s script lacks %q", shell, want)
			}
		}
		p := filepath.Join(dir, shell)
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	check := func(shell, script string, args ...string) string {
		if _, err := exec.LookPath(shell); err != nil {
			t.Logf("%s is not installed: its script is not checked", shell)
			return ""
		}
		out, err := exec.Command(shell, args...).CombinedOutput()
		if err != nil {
			t.Errorf("%s %v: %v\n%s", shell, args, err, out)
		}
		return string(out)
	}
	bash := write("bash")
	check("bash", bash, "-n", bash)
	complete := func(words string) string {
		n := len(strings.Fields(words))
		if strings.HasSuffix(words, " ") {
			n++
		}
		return check("bash", bash, "-c", `source "$1"; read -ra COMP_WORDS <<< "$2"; [ "$3" -ge "${#COMP_WORDS[@]}" ] && COMP_WORDS+=(""); COMP_CWORD=$3; _scgraph; echo "${COMPREPLY[*]}"`, "_", bash, words, strconv.Itoa(n-1))
	}
	for _, c := range []struct{ words, want string }{
		{"scgraph as", "ask"},
		{"scgraph ask --ho", "--hops"},
		{"scgraph lexicon ", "learn show"},
		{"scgraph merges ac", "accept"},
		{"scgraph completion ", "bash zsh fish"},
		{"scgraph gen -", "-o"},
	} {
		if got := complete(c.words); got != "" && !strings.Contains(got, c.want) {
			t.Errorf("bash completes %q to %q, want %q among them", c.words, got, c.want)
		}
	}
	zsh := write("zsh")
	check("zsh", zsh, "-n", zsh)
	fish := write("fish")
	check("fish", fish, "-n", fish)
	if got := check("fish", fish, "-c", "source $argv[1]; complete -C 'scgraph ask --ho'", fish); got != "" && !strings.Contains(got, "--hops") {
		t.Errorf("fish completes 'scgraph ask --ho' to %q", got)
	}
}
