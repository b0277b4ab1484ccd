package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
)

type renderOptions struct {
	trace   bool
	mermaid bool
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
	fmt.Fprintf(w, "%s\n", res.Answer)
	if len(res.Answers) > 0 {
		fmt.Fprintln(w, "\nEvidence:")
		total := max(res.Total, res.Offset+len(res.Answers))
		for i, a := range res.Answers {
			if i == o.maxAnswers {
				break
			}
			typ := ""
			if a.Type != "" {
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
	fmt.Fprintf(w, "\n%s\n", planLine(res))
	fmt.Fprintf(w, "%s\n", statsLine(res))
	if o.trace {
		fmt.Fprintln(w, "\nTrace:")
		renderTrace(w, res)
	}
	if o.mermaid && res.Mermaid != "" {
		fmt.Fprintf(w, "\n```mermaid\n%s```\n", res.Mermaid)
	}
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

func planLine(res *agent.Result) string {
	p := res.Plan
	var b strings.Builder
	fmt.Fprintf(&b, "Plan (%s):", p.Source)
	for i, a := range p.Anchors {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %q → %s [%s %.2f]", a.Mention, a.Entity, a.Method, a.Confidence)
	}
	fmt.Fprintf(&b, "; asks for %s", p.Target.Kind)
	if p.Target.Type != "" {
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

func statsLine(res *agent.Result) string {
	s := res.Stats
	return fmt.Sprintf("Stopped: %s after %d iteration(s), %d refinement(s); %d store calls, %d nodes visited, %d LLM calls, %.2f ms",
		res.StopReason, res.Iterations, s.Refinements, s.StoreCalls, s.NodesVisited, s.LLMCalls, s.ElapsedMS)
}
