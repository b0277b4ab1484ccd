package resolve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/llm"
)

// ConfirmPromptStart begins every confirmation prompt (tests and fake
// servers recognise it).
const ConfirmPromptStart = "Entity resolution:"

// Confirmer asks a model whether the two entities of a candidate are the
// same, through an llm.Client (its timeout per call, retries on rate
// limits and server errors, and cap on calls in flight).
type Confirmer struct {
	Client *llm.Client
	// Facts returns some facts of an entity, shown to the model; nil
	// shows none.
	Facts func(name string) []graph.Triple
	// MaxFacts caps the facts shown per entity; default 8.
	MaxFacts int
}

// Confirm asks about each candidate and records the model's verdict on
// it. A call that fails, or a reply that is not the verdict asked for,
// records the reason in Verdict.Error and leaves the candidate as it was;
// Confirm itself fails only when ctx ends.
func (c Confirmer) Confirm(ctx context.Context, cands []Candidate) error {
	for i := range cands {
		if err := ctx.Err(); err != nil {
			return err
		}
		v := c.ask(ctx, cands[i])
		cands[i].Verdict = &v
		if v.Error == "" && v.Same {
			cands[i].Evidence = append(cands[i].Evidence, Evidence{Signal: SignalLLM, Score: v.Confidence, Detail: v.Reason})
		}
	}
	return ctx.Err()
}

func (c Confirmer) ask(ctx context.Context, cand Candidate) Verdict {
	rep, err := c.Client.Generate(ctx, []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, c.prompt(cand))}, nil)
	if err != nil {
		return Verdict{Error: err.Error()}
	}
	v, err := parseVerdict(rep.Text)
	if err != nil {
		return Verdict{Error: "the model's reply was not a verdict: " + err.Error()}
	}
	return v
}

func (c Confirmer) prompt(cand Candidate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s are these two entities of a knowledge graph the same real thing, written two ways?\n\n", ConfirmPromptStart)
	for _, e := range []Entity{cand.Keep, cand.Merge} {
		fmt.Fprintf(&b, "Entity %q (type %s)\n", e.Name, orUnknown(e.Type))
		if c.Facts != nil {
			facts, n := c.Facts(e.Name), c.MaxFacts
			if n <= 0 {
				n = 8
			}
			if len(facts) > n {
				facts = facts[:n]
			}
			for _, t := range facts {
				fmt.Fprintf(&b, "  %s -%s-> %s\n", t.Subject, t.Relation, t.Object)
			}
		}
	}
	b.WriteString("\nWhy they were proposed:\n")
	for _, ev := range cand.Evidence {
		fmt.Fprintf(&b, "  %s (%.2f): %s\n", ev.Signal, ev.Score, ev.Detail)
	}
	b.WriteString("\nNames that differ in a version, a number or a kind (a queue, a database, a team, a proxy) are different things.\n" +
		"Reply with one JSON object and nothing else: {\"same\": true or false, \"confidence\": a number from 0 to 1, \"reason\": \"one short sentence\"}\n")
	return b.String()
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// parseVerdict reads the first JSON object of a reply, strictly: unknown
// keys, a missing "same", a confidence outside 0..1 are errors.
func parseVerdict(reply string) (Verdict, error) {
	start, end := strings.IndexByte(reply, '{'), strings.LastIndexByte(reply, '}')
	if start < 0 || end < start {
		return Verdict{}, errors.New("no JSON object")
	}
	var raw struct {
		Same       *bool    `json:"same"`
		Confidence *float64 `json:"confidence"`
		Reason     string   `json:"reason"`
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(reply[start : end+1])))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return Verdict{}, err
	}
	switch {
	case raw.Same == nil:
		return Verdict{}, errors.New(`"same" is missing`)
	case raw.Confidence == nil || *raw.Confidence < 0 || *raw.Confidence > 1:
		return Verdict{}, errors.New(`"confidence" must be a number from 0 to 1`)
	}
	return Verdict{Same: *raw.Same, Confidence: *raw.Confidence, Reason: raw.Reason}, nil
}
