package doccheck

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Make is a Program for the make commands pages show: the target exists
// (make -n) and is not run here: make test is what CI runs, and the others
// take minutes or need the development data.
func Make(root string) Program {
	return func(ctx context.Context, sh Shell, _ io.Reader, stdout, _ io.Writer) (int, error) {
		if len(sh.Args) != 2 {
			return 0, fmt.Errorf("want make TARGET, got %q", sh.Args)
		}
		cmd := exec.CommandContext(ctx, "make", "-n", "-C", root, sh.Args[1])
		if out, err := cmd.CombinedOutput(); err != nil {
			return 1, fmt.Errorf("make -n %s: %v\n%s", sh.Args[1], err, out)
		}
		fmt.Fprintf(stdout, "make %s: the target exists (checked, not run)\n", sh.Args[1])
		return 0, nil
	}
}

// GoTest is a Program for the "go test" commands pages show: the tests
// themselves run in the project's test run (make test runs every one), and
// benchmarks are measurements a page reports, so here the command is
// checked, not run: every package it names exists, and its -run, -bench
// and -fuzz patterns each name at least one function of those packages
// (a pattern that names none, such as "xxx" or "^$", stands for none).
// root is the repository's root.
func GoTest(root string) Program {
	return func(_ context.Context, sh Shell, _ io.Reader, stdout, _ io.Writer) (int, error) {
		args := sh.Args
		if len(args) < 2 || args[0] != "go" || args[1] != "test" {
			return 0, fmt.Errorf("only go test is read here: %q", strings.Join(args, " "))
		}
		patterns := map[string]string{}
		var pkgs []string
		for i := 2; i < len(args); i++ {
			a := args[i]
			name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
			switch {
			case !strings.HasPrefix(a, "-"):
				pkgs = append(pkgs, a)
			case name == "run" || name == "bench" || name == "fuzz":
				if !hasVal {
					if i+1 >= len(args) {
						return 0, fmt.Errorf("%s without a pattern", a)
					}
					i++
					val = args[i]
				}
				patterns[name] = val
			case name == "v" || name == "race" || name == "short" || name == "update":
			default:
				// Flags with a value: -benchtime 5x, -count 1, -fuzztime 5m, -timeout 1m.
				if !hasVal && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasPrefix(args[i+1], "./") {
					i++
				}
			}
		}
		if len(pkgs) == 0 {
			pkgs = []string{"."}
		}
		funcs, err := testFuncs(root, pkgs)
		if err != nil {
			return 1, err
		}
		prefix := map[string]string{"run": "Test|Example", "bench": "Benchmark", "fuzz": "Fuzz"}
		for flag, pat := range patterns {
			re, err := regexp.Compile(pat)
			if err != nil {
				return 1, fmt.Errorf("-%s %q: %v", flag, pat, err)
			}
			kinds := regexp.MustCompile("^(" + prefix[flag] + ")")
			found := 0
			for _, f := range funcs {
				if kinds.MatchString(f) && re.MatchString(f) {
					found++
				}
			}
			if found == 0 && !namesNone(pat) {
				return 1, fmt.Errorf("-%s %q names no function of %s", flag, pat, strings.Join(pkgs, " "))
			}
			fmt.Fprintf(stdout, "-%s %s: %d function(s)\n", flag, pat, found)
		}
		return 0, nil
	}
}

// namesNone reports whether a -run pattern is one people write to run no
// test ("xxx", "XXX", "^$", "-").
func namesNone(p string) bool {
	switch strings.ToLower(p) {
	case "xxx", "^$", "-", "none":
		return true
	}
	return false
}

var funcDecl = regexp.MustCompile(`(?m)^func ((Test|Benchmark|Fuzz|Example)[A-Za-z0-9_]*)\(`)

// testFuncs returns the test, benchmark, fuzz and example functions of the
// packages (./dir, ./dir/...).
func testFuncs(root string, pkgs []string) ([]string, error) {
	var out []string
	for _, p := range pkgs {
		recursive := strings.HasSuffix(p, "/...")
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(strings.TrimSuffix(p, "/..."), "/")))
		if p == "./..." {
			dir, recursive = root, true
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("no package %s", p)
		}
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != dir && (!recursive || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, "_test.go") {
				return nil
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range funcDecl.FindAllStringSubmatch(string(raw), -1) {
				out = append(out, m[1])
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
