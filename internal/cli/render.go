package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

type renderOptions struct {
	trace   bool
	mermaid bool
	// answered names the store and graph that answered (the Stopped:
	// line says it).
	answered string
	// hidden are the types role inference named (OwnsObject): answers for
	// people name no type rather than one of those.
	hidden map[string]bool
	// maxAnswers caps the answers listed with their evidence.
	maxAnswers int
	// more says how to see the answers past maxAnswers (default: "use
	// --json for all"; chat has no flags and says its own).
	more string
}

// renderResult prints a result for people.
func renderResult(w io.Writer, res *agent.Result, o renderOptions) {
	if o.maxAnswers == 0 {
		o.maxAnswers = 10
	}
	renderSentence(w, res)
	if len(res.Answers) > 0 {
		fmt.Fprintln(w, "\nEvidence:")
		total := max(res.Total, res.Offset+len(res.Answers))
		for i, a := range res.Answers {
			if i == o.maxAnswers {
				break
			}
			typ := ""
			if a.Type != "" && !o.hidden[a.Type] {
				typ = " (" + a.Type + ")"
			}
			fmt.Fprintf(w, "  %d. %s%s\n", i+1, a.Name, typ)
			for k, pi := range a.Paths {
				if k == 2 {
					break
				}
				fmt.Fprintf(w, "       %s\n", pathWithSources(res.Paths[pi]))
			}
		}
		if shown := res.Offset + min(len(res.Answers), o.maxAnswers); shown < total {
			more := o.more
			if more == "" {
				more = "--limit N shows more, --limit 0 all, --jsonl streams them all"
			}
			fmt.Fprintf(w, "  … and %d more answer(s), %d in all (%s)\n", total-shown, total, more)
		}
	} else if len(res.Paths) > 0 {
		fmt.Fprintln(w, "\nEvidence:")
		for _, p := range res.Paths {
			fmt.Fprintf(w, "  %s\n", pathWithSources(p))
		}
	}
	fmt.Fprintln(w)
	if res.Reading != "" {
		fmt.Fprintf(w, "Read as: %s.\n", res.Reading)
	}
	fmt.Fprintf(w, "%s\n", planLine(res, o))
	fmt.Fprintf(w, "%s\n", statsLine(res, o))
	if o.trace {
		fmt.Fprintln(w, "\nTrace:")
		renderTrace(w, res)
	}
	if o.mermaid && res.Mermaid != "" {
		fmt.Fprintf(w, "\n```mermaid\n%s```\n", res.Mermaid)
	}
}

// renderSentence prints the answer for people: one short sentence, then,
// on a line of its own, why it is not a claim when it is not.
func renderSentence(w io.Writer, res *agent.Result) {
	if res.Summary == "" || res.AnswerBy == state.ByLLM {
		fmt.Fprintln(w, res.Answer)
		return
	}
	fmt.Fprintln(w, res.Summary)
	if res.Doubt != "" {
		fmt.Fprintf(w, "Not certain: %s.\n", strings.TrimSuffix(res.Doubt, "."))
	}
	if ig := res.Plan.Ignored; len(ig) > 0 {
		names := make([]string, len(ig))
		for i, a := range ig {
			names[i] = a.Entity
		}
		fmt.Fprintf(w, "Not walked from: %s (the plan walks from one entity; ask about the others separately).\n", strings.Join(names, ", "))
	}
}

// withoutInferredTypes returns res with no type on the answers whose type
// role inference named (MCP's ask leaves them out the same way).
func withoutInferredTypes(res *agent.Result, hidden map[string]bool) *agent.Result {
	if len(hidden) == 0 {
		return res
	}
	out := *res
	out.Answers = make([]state.AnswerEntity, len(res.Answers))
	for i, a := range res.Answers {
		if hidden[a.Type] {
			a.Type = ""
		}
		out.Answers[i] = a
	}
	return &out
}

// inferredTypes returns the types of the graph's schema that role
// inference named; nil when the schema cannot be read (then every type is
// shown as it is).
func inferredTypes(ctx context.Context, st interface {
	Schema(context.Context) (*graph.Schema, error)
}) map[string]bool {
	s, err := st.Schema(ctx)
	if err != nil || s == nil {
		return nil
	}
	out := map[string]bool{}
	for _, t := range s.Types {
		if t.Inferred {
			out[t.Name] = true
		}
	}
	return out
}

func renderTrace(w io.Writer, res *agent.Result) {
	for i, s := range res.Trace {
		fmt.Fprintf(w, "  %2d. %-8s → %-12s iter %d  %s\n", i+1, s.Phase, s.Event, s.Iteration, s.Summary)
	}
}

// pathWithSources prints a path with the provenance of each hop.
func pathWithSources(p graph.Path) string {
	s := p.String()
	var srcs []string
	for _, h := range p.Hops {
		if !h.Source.IsZero() {
			srcs = append(srcs, h.Source.String())
		}
	}
	if len(srcs) > 0 {
		s += "   [" + strings.Join(srcs, ", ") + "]"
	}
	return s
}

func planLine(res *agent.Result, o renderOptions) string {
	p := res.Plan
	if p.Source == "" && len(p.Chains) == 0 && len(p.Anchors) == 0 {
		return "Plan: none (the run stopped before the question was planned)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Plan (%s):", p.Source)
	for i, a := range p.Anchors {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %q → %s [%s %.2f]", a.Mention, a.Entity, a.Method, a.Confidence)
	}
	fmt.Fprintf(&b, "; asks for %s", p.Target.Kind)
	if p.Target.Type != "" && !o.hidden[p.Target.Type] {
		b.WriteString(" " + p.Target.Type)
	}
	if p.Target.Entity != "" {
		b.WriteString(" " + p.Target.Entity)
	}
	if len(p.Chains) > 0 {
		fmt.Fprintf(&b, "; chain %s", p.Chains[0])
	}
	if p.Direction != "" {
		fmt.Fprintf(&b, "; direction %s", p.Direction)
	}
	fmt.Fprintf(&b, "; hop budget %d", p.HopBudget)
	if len(p.Ignored) > 0 {
		fmt.Fprintf(&b, "\n  ignored (not walked from or to):")
		for i, a := range p.Ignored {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %q → %s", a.Mention, a.Entity)
		}
	}
	for _, n := range p.Notes {
		b.WriteString("\n  note: " + n)
	}
	return b.String()
}

func statsLine(res *agent.Result, o renderOptions) string {
	s := res.Stats
	line := fmt.Sprintf("Stopped: %s after %d iteration(s), %d refinement(s); %d store calls, %d nodes visited, %d LLM calls, %.2f ms",
		res.StopReason, res.Iterations, s.Refinements, s.StoreCalls, s.NodesVisited, s.LLMCalls, s.ElapsedMS)
	if o.answered != "" {
		line += "; " + o.answered
	}
	return line
}
