package llmtest_test

import (
	"context"
	"fmt"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/internal/llmtest"
)

// The scripted model answers by a substring of the prompt; the last reply
// of a rule repeats.
func Example() {
	m := llmtest.New().On("capital", llmtest.Text("Paris"))
	out, err := llms.GenerateFromSinglePrompt(context.Background(), m, "What is the capital of France?")
	fmt.Println(out, err)
	// Output:
	// Paris <nil>
}
