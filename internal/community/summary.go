package community

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/text"
)

// Extractive is the Writer name of summaries made without a model.
const Extractive = "extractive"

// title names a community for people: its three most central members.
func title(m Material) string {
	var names []string
	for _, mem := range m.Members[:min(3, len(m.Members))] {
		names = append(names, mem.Name)
	}
	s := strings.Join(names, ", ")
	if more := len(m.Members) - len(names); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// extractiveSummary writes the material as a few plain sentences, the
// same material always the same text.
func extractiveSummary(m Material) string {
	var b strings.Builder
	types := map[string]int{}
	for _, mem := range m.Members {
		types[cmpType(mem.Type)]++
	}
	var typeNames []string
	for t := range types {
		typeNames = append(typeNames, t)
	}
	slices.Sort(typeNames)
	var typeCounts []string
	for _, t := range typeNames {
		typeCounts = append(typeCounts, fmt.Sprintf("%d %s", types[t], t))
	}
	fmt.Fprintf(&b, "%d members (%s).", len(m.Members), strings.Join(typeCounts, ", "))
	var central []string
	for _, mem := range m.Members[:min(3, len(m.Members))] {
		central = append(central, mem.Name)
	}
	fmt.Fprintf(&b, " Central: %s.", strings.Join(central, ", "))
	if len(m.Relations) > 0 {
		var rs []string
		for _, r := range m.Relations {
			rs = append(rs, fmt.Sprintf("%d %s", r.Count, r.Relation))
		}
		fmt.Fprintf(&b, " Relations: %s.", strings.Join(rs, ", "))
	}
	if len(m.KeyFacts) > 0 {
		var fs []string
		for _, t := range m.KeyFacts {
			fs = append(fs, fmt.Sprintf("%s %s %s", t.Subject, t.Relation, t.Object))
		}
		fmt.Fprintf(&b, " Key facts: %s.", strings.Join(fs, "; "))
	}
	if len(m.SinglePoints) > 0 {
		var sp []string
		for _, mem := range m.SinglePoints {
			sp = append(sp, fmt.Sprintf("%s (a failure reaches %d entities)", mem.Name, mem.Dependents))
		}
		fmt.Fprintf(&b, " Single points of failure: %s.", strings.Join(sp, ", "))
	}
	if len(m.Tickets) > 0 {
		fmt.Fprintf(&b, " Incidents, tickets and error codes in its documents: %s.", strings.Join(m.Tickets, ", "))
	}
	if len(m.Documents) > 0 {
		fmt.Fprintf(&b, " Documents: %s.", listSome(m.Documents, maxListedDocuments))
	}
	return b.String()
}

// maxListedDocuments caps the documents a summary or an answer names.
const maxListedDocuments = 4

// listSome joins the first n names, saying how many more there are.
func listSome(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

func cmpType(t string) string {
	if t == "" {
		return "untyped"
	}
	return t
}

// ModelWriter writes summaries with a language model from the extractive
// material; a reply that is empty, too long, names none of the members or
// names a ticket or error code the material does not hold is rejected (the
// extractive summary is kept).
type ModelWriter struct {
	Model llms.Model
	// ModelName is recorded as the summaries' writer ("llm:NAME").
	ModelName string
	// Timeout bounds each call. Default 30 s.
	Timeout time.Duration
}

// MaxSummaryChars caps a model-written summary.
const MaxSummaryChars = 1500

// ErrRejected is wrapped by the error of a model reply that was not used.
var ErrRejected = errors.New("model summary rejected")

// Name implements Writer.
func (w ModelWriter) Name() string { return "llm:" + w.ModelName }

// summaryPrompt opens every summary request; tests script replies by it.
const summaryPrompt = "Task: community summary"

// Write implements Writer.
func (w ModelWriter) Write(ctx context.Context, m Material) (string, error) {
	timeout := w.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	reply, err := llms.GenerateFromSinglePrompt(ctx, w.Model, prompt(m), llms.WithTemperature(0), llms.WithMaxTokens(400))
	if err != nil {
		return "", err
	}
	return checkSummary(strings.TrimSpace(reply), m)
}

func prompt(m Material) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nWrite three or four plain sentences that tell an engineer what this part of the system is, "+
		"what depends on it and what its risks are. Use only the facts below; name entities exactly as written; "+
		"reply with the sentences only.\n\nFacts:\n%s\n", summaryPrompt, extractiveSummary(m))
	for _, p := range m.Passages {
		fmt.Fprintf(&b, "\nPassage from %s (line %d):\n%s\n", p.Document, p.Line, p.Text)
	}
	return b.String()
}

var ticketRE = func() *regexp.Regexp {
	var parts []string
	for _, sp := range docs.DefaultSpotters() {
		parts = append(parts, sp.Pattern.String())
	}
	return regexp.MustCompile(strings.Join(parts, "|"))
}()

// checkSummary accepts a model's summary only when it is grounded in the
// material.
func checkSummary(s string, m Material) (string, error) {
	switch {
	case s == "":
		return "", fmt.Errorf("%w: empty", ErrRejected)
	case len(s) > MaxSummaryChars:
		return "", fmt.Errorf("%w: %d characters, at most %d", ErrRejected, len(s), MaxSummaryChars)
	}
	named := false
	key := text.Key(s)
	for _, mem := range m.Members {
		if k := text.Key(mem.Name); k != "" && strings.Contains(key, k) {
			named = true
			break
		}
	}
	if !named {
		return "", fmt.Errorf("%w: it names none of the members", ErrRejected)
	}
	for _, t := range ticketRE.FindAllString(s, -1) {
		if !slices.Contains(m.Tickets, t) {
			return "", fmt.Errorf("%w: it names %s, which no passage about the community does", ErrRejected, t)
		}
	}
	return s, nil
}
