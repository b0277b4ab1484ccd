package doccheck

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// Program runs one program a page shows (other than scgraph and the few
// builtins) and returns its exit status.
type Program func(ctx context.Context, sh Shell, stdin io.Reader, stdout, stderr io.Writer) (int, error)

// Runner runs the commands of documentation blocks in a sandbox.
type Runner struct {
	// Dir is every command's working directory.
	Dir string
	// Scgraph runs scgraph in-process with the given environment.
	Scgraph func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int
	// Env is the environment every command sees; nothing else of the
	// test's environment reaches it.
	Env map[string]string
	// Vars are the shell variables set so far: a line "NAME=value" sets
	// one; $NAME reads it.
	Vars map[string]string
	// Programs run the other programs a page may show, by their first word.
	Programs map[string]Program
	// Special runs commands the shell subset cannot read, by their exact
	// text (eval "$(scripts/neo4j env)").
	Special map[string]func() error
	// Covered are commands not run here, by their exact text, each with
	// what runs them (a test, the CI script) or why they cannot be.
	Covered map[string]string
	// Replace pairs text a page shows with the text that stands for it
	// here (a fake server's address): replaced in commands before they
	// run, and back in their output.
	Replace [][2]string
	// Timeout bounds each command (default 3 minutes).
	Timeout time.Duration
	// Update rewrites the output a page shows when it differs.
	Update bool

	edits map[string][]edit
}

type edit struct {
	from, n int
	lines   []string
}

// Run runs the commands of each block for which accept says yes, in order,
// as subtests named by the block's place.
func (r *Runner) Run(t *testing.T, blocks []Block, accept func(Block) bool) {
	t.Helper()
	for _, b := range blocks {
		if accept != nil && !accept(b) {
			continue
		}
		t.Run(fmt.Sprintf("%s:%d", filepath.Base(b.File), b.Line), func(t *testing.T) {
			for _, c := range b.Commands {
				r.RunCommand(t, b, c)
			}
		})
	}
}

// RunCommand runs one command of b and checks what it printed.
func (r *Runner) RunCommand(t *testing.T, b Block, c Command) {
	t.Helper()
	where := c.Where(b.File)
	if why, ok := r.Covered[c.Text]; ok {
		t.Logf("%s: %s: not run here: %s", where, c.Text, why)
		return
	}
	if f, ok := r.Special[c.Text]; ok {
		if err := f(); err != nil {
			t.Fatalf("%s: %s: %v", where, c.Text, err)
		}
		return
	}
	text := c.Text
	for _, p := range r.Replace {
		text = strings.ReplaceAll(text, p[0], p[1])
	}
	if r.Vars == nil {
		r.Vars = map[string]string{}
	}
	sh, err := ParseShell(text, r.Vars)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if len(sh.Args) == 0 {
		for k, v := range sh.Env {
			r.Vars[k] = v
		}
		return
	}
	var transcript bytes.Buffer
	code, err := r.exec(t, sh, &transcript)
	if err != nil {
		t.Fatalf("%s: %s: %v", where, c.Text, err)
	}
	got := strings.ReplaceAll(transcript.String(), r.Dir+string(filepath.Separator), "")
	for _, p := range r.Replace {
		got = strings.ReplaceAll(got, p[1], p[0])
	}
	if !c.HasWant {
		if code != 0 {
			t.Errorf("%s: %s: exit %d:\n%s", where, c.Text, code, got)
		}
		return
	}
	if err := Match(c.Want, got); err != nil {
		if r.Update {
			r.record(b, c, got)
			t.Logf("%s: %s: output rewritten", where, c.Text)
			return
		}
		t.Errorf("%s: %s: %v\nshown:\n%s\nprinted (exit %d):\n%s", where, c.Text, err, strings.Join(c.Want, "\n"), code, got)
	}
}

func (r *Runner) record(b Block, c Command, got string) {
	if r.edits == nil {
		r.edits = map[string][]edit{}
	}
	lines := keepTrim(c.Want, trimEmpty(strings.Split(got, "\n")))
	for i, l := range lines {
		if l != "" {
			lines[i] = b.Indent + l
		}
	}
	r.edits[b.File] = append(r.edits[b.File], edit{from: c.WantLine, n: len(c.Want), lines: lines})
}

// keepTrim keeps the trim of the output a page showed: where it cut the
// middle with a "…" line, the new output keeps as many lines before the
// first cut and after the last one, and cuts the rest.
func keepTrim(want, got []string) []string {
	first, last := -1, -1
	for i, l := range want {
		if isSkip(l) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return got
	}
	head, tail := first, len(want)-1-last
	if head+tail >= len(got) {
		return got
	}
	out := slices.Concat(got[:head], []string{"…"}, got[len(got)-tail:])
	return out
}

// WriteUpdates writes the output recorded in Update mode into the pages.
func (r *Runner) WriteUpdates() error {
	for file, es := range r.edits {
		raw, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		lines := strings.Split(string(raw), "\n")
		sort.Slice(es, func(i, j int) bool { return es[i].from > es[j].from })
		for _, e := range es {
			i := e.from - 1
			lines = slices.Concat(lines[:i], e.lines, lines[i+e.n:])
		}
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			return err
		}
	}
	r.edits = nil
	return nil
}

func (r *Runner) exec(t *testing.T, sh Shell, transcript *bytes.Buffer) (int, error) {
	timeout := r.Timeout
	if timeout == 0 {
		timeout = 3 * time.Minute
	}
	ctx, cancel := context.WithTimeout(t.Context(), timeout)
	defer cancel()
	var stdin io.Reader = strings.NewReader("")
	switch {
	case sh.HasStdin:
		stdin = strings.NewReader(sh.Stdin)
	case sh.StdinFile != "":
		f, err := os.Open(r.path(sh.StdinFile))
		if err != nil {
			return 0, err
		}
		defer f.Close()
		stdin = f
	}
	var stdout io.Writer = transcript
	if sh.StdoutFile != "" {
		f, err := os.Create(r.path(sh.StdoutFile))
		if err != nil {
			return 0, err
		}
		defer f.Close()
		stdout = f
	}
	args := sh.Args
	switch {
	case args[0] == "scgraph" || args[0] == "bin/scgraph":
		args = args[1:]
	case len(args) >= 3 && args[0] == "go" && args[1] == "run" && args[2] == "./cmd/scgraph":
		args = args[3:]
	default:
		if p, ok := r.Programs[args[0]]; ok {
			return p(ctx, sh, stdin, stdout, transcript)
		}
		return r.builtin(sh, stdout)
	}
	if r.Scgraph == nil {
		return 0, fmt.Errorf("no way to run scgraph")
	}
	env := map[string]string{}
	for k, v := range r.Env {
		env[k] = v
	}
	for k, v := range sh.Env {
		env[k] = v
	}
	return r.Scgraph(ctx, args, stdin, stdout, transcript, func(k string) string { return env[k] }), nil
}

// path resolves a page's relative path in the sandbox.
func (r *Runner) path(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(r.Dir, p)
}

// builtin runs the few shell commands pages use to make and show files.
func (r *Runner) builtin(sh Shell, stdout io.Writer) (int, error) {
	args := sh.Args
	switch args[0] {
	case "echo":
		fmt.Fprintln(stdout, strings.Join(args[1:], " "))
		return 0, nil
	case "printf":
		if len(args) != 2 {
			return 0, fmt.Errorf("printf takes one argument here")
		}
		fmt.Fprint(stdout, printfText(args[1]))
		return 0, nil
	case "cat":
		for _, f := range args[1:] {
			raw, err := os.ReadFile(r.path(f))
			if err != nil {
				return 1, err
			}
			stdout.Write(raw)
		}
		return 0, nil
	case "mkdir":
		for _, d := range args[1:] {
			if d != "-p" {
				if err := os.MkdirAll(r.path(d), 0o755); err != nil {
					return 1, err
				}
			}
		}
		return 0, nil
	case "rm":
		for _, f := range args[1:] {
			if strings.HasPrefix(f, "-") {
				continue
			}
			if filepath.IsAbs(f) || strings.Contains(f, "..") {
				return 0, fmt.Errorf("rm outside the sandbox: %s", f)
			}
			if err := os.RemoveAll(r.path(f)); err != nil {
				return 1, err
			}
		}
		return 0, nil
	}
	return 0, fmt.Errorf("%q is neither run here nor listed as covered elsewhere", strings.Join(args, " "))
}

// Sandbox makes a working directory for a page's commands: a temporary
// directory holding a copy of each named entry of the repository at root
// (testdata, internal/demo, ...), so that the pages' relative paths read the
// shipped files and nothing a command writes (a file beside its input)
// reaches the repository.
func Sandbox(t *testing.T, root string, entries ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, e := range entries {
		src := filepath.Join(root, filepath.FromSlash(e))
		err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			dst := filepath.Join(dir, rel)
			if d.IsDir() {
				return os.MkdirAll(dst, 0o755)
			}
			if !d.Type().IsRegular() {
				return nil
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			return os.WriteFile(dst, raw, info.Mode().Perm())
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// ReadCovered reads a file of commands pages show that no test runs, one
// a line as COMMAND<TAB>what runs it or why nothing can ("#" starts a
// comment line).
func ReadCovered(path string) (map[string]string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i, l := range strings.Split(string(raw), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		cmd, why, ok := strings.Cut(l, "\t")
		if !ok || len(strings.TrimSpace(why)) < 10 {
			return nil, fmt.Errorf("%s:%d: want COMMAND<TAB>what runs it", path, i+1)
		}
		out[cmd] = strings.TrimSpace(why)
	}
	return out, nil
}

// Pages returns README.md and the pages under docs/ of the repository at
// root.
func Pages(root string) ([]string, error) {
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	return append([]string{filepath.Join(root, "README.md")}, pages...), nil
}
