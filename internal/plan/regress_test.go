package plan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlanRegressions plans each question of testdata/regress/X.questions.txt
// over X.kb.*: questions that once made the planner fail must now give a
// plan without error.
func TestPlanRegressions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "regress", "*.questions.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no questions: %v", err)
	}
	ctx := context.Background()
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".questions.txt")
		t.Run(name, func(t *testing.T) {
			p := New(openBeside(t, file, name), nil, Options{})
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range strings.Split(string(data), "\n") {
				if strings.TrimSpace(q) == "" || strings.HasPrefix(q, "#") {
					continue
				}
				if _, _, err := p.Plan(ctx, q); err != nil {
					t.Errorf("%q: %v", q, err)
				}
			}
		})
	}
}
