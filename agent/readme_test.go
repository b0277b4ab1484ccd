package agent_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeGoExample: the README's Go example is the body of
// Example_readme, which go test runs and checks, so the README shows code
// that compiles and prints what it says.
func TestReadmeGoExample(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(raw), "\n```go\n")
	if !ok {
		t.Fatal("README.md has no ```go block")
	}
	shown, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatal("README.md's ```go block is not closed")
	}

	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "example_test.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "Example_readme" {
			from, to := fset.Position(fn.Body.Lbrace).Offset+1, fset.Position(fn.Body.Rbrace).Offset
			var lines []string
			for _, l := range strings.Split(strings.Trim(string(src[from:to]), "\n"), "\n") {
				lines = append(lines, strings.TrimPrefix(l, "\t"))
			}
			body = strings.Join(lines, "\n")
		}
	}
	if body == "" {
		t.Fatal("example_test.go has no Example_readme")
	}
	if shown != body {
		t.Errorf("README.md's Go example is not Example_readme's body; README shows:\n%s\nExample_readme is:\n%s", shown, body)
	}
}
