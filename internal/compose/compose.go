package compose

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/walk"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/state"
)

// Options tune the rule answerer. The zero value gives the defaults.
type Options struct {
	// PathsPerAnswer caps the evidence paths kept per answer. Default 1
	// (3 for the top answer).
	PathsPerAnswer int
	// MaxPaths caps the evidence paths of one answer set. Default 1000.
	MaxPaths int
	// MermaidPaths caps the paths drawn in the Mermaid chart. Default 12.
	MermaidPaths int
	// Alpha weighs proximity against similarity when ranking answers with
	// equal support. Default 0.5.
	Alpha float64
}

func (o Options) withDefaults() Options {
	if o.PathsPerAnswer <= 0 {
		o.PathsPerAnswer = 1
	}
	if o.MaxPaths <= 0 {
		o.MaxPaths = 1000
	}
	if o.MermaidPaths <= 0 {
		o.MermaidPaths = 12
	}
	if o.Alpha <= 0 || o.Alpha > 1 {
		o.Alpha = walk.DefaultAlpha
	}
	return o
}

// Answerer is the deterministic answerer: the answers are the accepted
// positions, ranked by support (how many ways the walk reached them), then
// by the hybrid score, then by name; each comes with its evidence paths,
// and the sentence says what was found and how sure it is.
type Answerer struct{ opts Options }

// New returns the rule answerer.
func New(opts Options) *Answerer {
	return &Answerer{opts: opts.withDefaults()}
}

// Answer implements agent.Answerer.
func (a *Answerer) Answer(ctx context.Context, s *state.AgentState) (state.Answer, state.Cost, error) {
	return Compose(s, a.opts), state.Cost{}, nil
}

// Compose builds the deterministic answer for a state. LLM answerers start
// from it and fall back to it.
func Compose(s *state.AgentState, opts Options) state.Answer {
	opts = opts.withDefaults()
	ans := state.Answer{By: state.ByRules, Entities: []state.AnswerEntity{}, Paths: []graph.Path{}}
	v := s.LastVerdict()
	ans.Complete = v != nil && (v.Outcome == state.Sufficient || v.Outcome == state.NoChain) && s.Stop != state.StopIterationLimit

	idx := s.Accepted()
	if s.Plan.Target.Kind == state.TargetEntity {
		var keep []int
		for _, i := range idx {
			if s.Walk.At(i).Node == s.Plan.Target.Entity {
				keep = append(keep, i)
			}
		}
		idx = keep
	}
	goalKey := text.Key(s.Question)
	goal := text.NewGoal(goalKey)
	var segSim func(k int) float64
	seg := s.Walk.Segment()
	if seg != nil {
		segSim = seg.Similarity(goalKey)
	}
	// ranked is what the order compares, 32 bytes (sorting a million
	// answers moves them often): the name itself, in names[k], is read
	// only when two names share their first 16 bytes.
	type ranked struct {
		support int32
		k       int32 // the answer's place in idx and names
		score   float64
		// pfx is the name's first 16 bytes, big-endian: most names
		// compare by them alone.
		pfx [2]uint64
	}
	rs := make([]ranked, 0, len(idx))
	names := make([]string, 0, len(idx))
	maxSupport := 1
	for k, i := range idx {
		r := s.Walk.At(i)
		var sim float64
		if seg != nil && i >= seg.Base() {
			sim = segSim(i - seg.Base())
		} else {
			sim = goal.Similarity(text.Key(r.Node))
		}
		score := walk.HybridSim(opts.Alpha, r.Depth, s.Plan.HopBudget+1, sim)
		support := s.Walk.Support(i)
		rs = append(rs, ranked{support: int32(min(support, math.MaxInt32)), k: int32(k), score: score, pfx: namePrefix(r.Node)})
		names = append(names, r.Node)
		maxSupport = max(maxSupport, support)
	}
	// The accepted positions are all at the end of the chain, so each
	// names its entity once: the order is total.
	slices.SortFunc(rs, func(x, y ranked) int {
		if c := cmp.Compare(y.support, x.support); c != 0 {
			return c
		}
		if c := cmp.Compare(y.score, x.score); c != 0 {
			return c
		}
		if c := cmp.Compare(x.pfx[0], y.pfx[0]); c != 0 {
			return c
		}
		if c := cmp.Compare(x.pfx[1], y.pfx[1]); c != 0 {
			return c
		}
		return strings.Compare(names[x.k], names[y.k])
	})
	ans.Entities = make([]state.AnswerEntity, 0, len(rs))
	ans.Positions = make([]int, 0, len(rs))
	for k, r := range rs {
		i := idx[r.k]
		ans.Positions = append(ans.Positions, i)
		e := state.AnswerEntity{
			Name:  names[r.k],
			Type:  s.TypeAt(i),
			Score: round3(0.5*float64(r.support)/float64(maxSupport) + 0.5*r.score),
			Paths: []int{},
		}
		n := opts.PathsPerAnswer
		if k == 0 && n < 3 {
			n = 3
		}
		if len(ans.Paths) < opts.MaxPaths {
			for _, p := range s.PathsTo(i, n) {
				e.Paths = append(e.Paths, len(ans.Paths))
				ans.Paths = append(ans.Paths, p)
			}
		}
		ans.Entities = append(ans.Entities, e)
	}
	ans.Text, ans.Summary = sentence(s, ans, v)
	ans.Doubt = doubt(s, ans, v)
	ans.YesNo = yesNo(s, ans, v)
	ans.Mermaid = Mermaid(ans.Paths, opts.MermaidPaths)
	return ans
}

// namePrefix packs the first 16 bytes of a name big-endian, zero-padded,
// so that comparing prefixes orders names as strings.Compare does, up to
// ties between names that share their first 16 bytes. (Names hold no NUL
// byte.)
func namePrefix(name string) [2]uint64 {
	var b [16]byte
	copy(b[:], name)
	return [2]uint64{binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])}
}

func round3(x float64) float64 { return float64(int(x*1000+0.5)) / 1000 }

// yesNo answers a yes-or-no question (the plan's target is an entity)
// from the answer and the last verdict: yes where the walk reached the
// target, no where no chain exists, else what the facts between the two
// lean to (Verdict.Lean), else unknown; "" for a question that asks for
// a list or could not be read.
func yesNo(s *state.AgentState, ans state.Answer, v *state.Verdict) state.YesNo {
	if s.Plan.Target.Kind != state.TargetEntity || len(s.Plan.Anchors) == 0 || s.Plan.Unanswerable != "" {
		return ""
	}
	switch {
	case len(ans.Entities) > 0 && len(ans.Paths) > 0:
		return state.Yes
	case v == nil:
		return state.Unknown
	case v.Outcome == state.NoChain:
		return state.No
	case v.Outcome == state.Uncertain && v.Lean == state.LeanNo:
		return state.No
	case v.Outcome == state.Uncertain && v.Lean == state.LeanYes && v.LeanPath != nil:
		return state.Yes
	}
	return state.Unknown
}

// sentence phrases the deterministic answer: the whole sentence, and its
// summary (what was found, without why it is partial, the reading and
// the entities left out).
func sentence(s *state.AgentState, ans state.Answer, v *state.Verdict) (text, summary string) {
	if len(s.Plan.Anchors) == 0 {
		var t string
		switch s.Stop {
		case state.StopTimeout:
			t = "No answer: the time limit ended the run before the question's entities were found in the graph."
		case state.StopCancelled:
			t = "No answer: the run was cancelled before the question's entities were found in the graph."
		case state.StopError:
			t = "No answer: the run failed before the question's entities were found in the graph."
		default:
			t = "I could not find any entity of the question in the graph, so there is nothing to walk from."
			if len(s.DidYouMean) > 0 {
				t = fmt.Sprintf("I could not find any entity of the question in the graph; did you mean %s?", strings.Join(s.DidYouMean, " or "))
			}
		}
		return t, t
	}
	if s.Plan.Unanswerable != "" {
		t := fmt.Sprintf("I cannot answer this from the graph: %s (its relations are %s).", s.Plan.Unanswerable, relationList(s))
		return t, t
	}
	text, summary = plainSentence(s, ans, v)
	if rd := s.Reading(); rd != nil {
		text += " Read as: " + rd.Text + "."
	}
	return text + ignoredSentence(s.Plan.Ignored), summary
}

// doubt says why an answer is not a claim, in plain words: the critic's
// doubt, or why the search ended before it could claim; "" for a claim.
func doubt(s *state.AgentState, ans state.Answer, v *state.Verdict) string {
	switch {
	case ans.Complete || len(s.Plan.Anchors) == 0 || s.Plan.Unanswerable != "":
		return ""
	case s.Stop == state.StopIterationLimit:
		return fmt.Sprintf("the iteration cap of %d was reached before the chain was complete", s.MaxIterations)
	case v != nil && v.Doubt != "":
		return v.Doubt
	case v != nil && (v.Outcome == state.Exhausted || v.Outcome == state.Uncertain):
		return v.Reason
	case s.Stop == state.StopCancelled || s.Stop == state.StopTimeout:
		return "the run was stopped before the chain was complete"
	}
	return "the search stopped before the chain was complete"
}

// ignoredSentence says which entities of the question the plan left out,
// so that none is dropped silently.
func ignoredSentence(ig []state.Anchor) string {
	if len(ig) == 0 {
		return ""
	}
	const shown = 5
	names := make([]string, 0, shown+1)
	for i, a := range ig {
		if i == shown {
			names = append(names, fmt.Sprintf("and %d more", len(ig)-shown))
			break
		}
		names = append(names, a.Entity)
	}
	what := "entity"
	if len(ig) > 1 {
		what = "entities"
	}
	return fmt.Sprintf(" Ignored %d other %s of the question: %s (the plan walks from one; ask about the others separately).", len(ig), what, strings.Join(names, ", "))
}

// relationList names the relations the plan could have used.
func relationList(s *state.AgentState) string {
	return strings.Join(s.Plan.RelationHints, ", ")
}

// plainSentence phrases the answer itself, with why it is partial, and
// without (the summary).
func plainSentence(s *state.AgentState, ans state.Answer, v *state.Verdict) (text, summary string) {
	anchor := s.AnchorNames()
	partial := ""
	if !ans.Complete {
		reason := "the search stopped before the chain was complete"
		switch {
		case s.Stop == state.StopIterationLimit:
			reason = fmt.Sprintf("the iteration cap of %d was reached", s.MaxIterations)
		case v != nil && (v.Outcome == state.Exhausted || v.Outcome == state.Uncertain):
			reason = v.Reason
		case s.Stop == state.StopCancelled || s.Stop == state.StopTimeout:
			reason = "the run was stopped"
		}
		partial = " (partial: " + reason + ")"
	}
	if s.Plan.Target.Kind == state.TargetEntity {
		return yesNoSentence(s, ans, v, partial)
	}
	if len(ans.Entities) == 0 {
		why := "nothing matched"
		doubted := false
		if v != nil && v.Reason != "" {
			why = v.Reason
			if v.Outcome == state.Exhausted || v.Outcome == state.Uncertain {
				// The reason already says why the answer is partial.
				partial, doubted = "", true
			}
		}
		none := fmt.Sprintf("No answer found from %s", anchor)
		if doubted || !ans.Complete {
			return fmt.Sprintf("%s: %s%s.", none, why, partial), none + "."
		}
		return fmt.Sprintf("%s: %s.", none, why), fmt.Sprintf("%s: %s.", none, why)
	}
	names := make([]string, 0, 10)
	for i, e := range ans.Entities {
		if i == 10 {
			names = append(names, fmt.Sprintf("and %d more", len(ans.Entities)-10))
			break
		}
		names = append(names, e.Name)
	}
	kind := ""
	if t := s.Plan.Target.Type; t != "" {
		kind = " (" + t + ")"
	}
	what := "answer"
	if len(ans.Entities) != 1 {
		what = "answers"
	}
	list := strings.Join(names, ", ")
	return fmt.Sprintf("%d %s%s from %s: %s%s.", len(ans.Entities), what, kind, anchor, list, partial),
		fmt.Sprintf("%d %s from %s: %s.", len(ans.Entities), what, anchor, list)
}

// yesNoSentence phrases the answer to a yes or no (the plan's target is an
// entity), partial saying why it is not a claim: the whole sentence and
// its summary.
func yesNoSentence(s *state.AgentState, ans state.Answer, v *state.Verdict, partial string) (text, summary string) {
	anchor, target := s.AnchorNames(), s.Plan.Target.Entity
	verb, notVerb := "is connected to", "is not connected to"
	if s.Plan.Direction == state.IntentDependencies {
		verb, notVerb = "is affected by", "is not affected by"
	}
	switch yn := yesNo(s, ans, v); {
	case yn == state.Yes && len(ans.Paths) > 0:
		p := ans.Paths[0]
		yes := fmt.Sprintf("Yes: %s %s %s through a chain of %d hop(s): %s", anchor, verb, target, p.Len(), p)
		return yes + partial + ".", yes + "."
	case yn == state.Yes:
		what := "a fact"
		if v.LeanPath.Len() > 1 {
			what = "a chain"
		}
		yes := fmt.Sprintf("Yes, not certain: %s, %s the reading did not walk, joins them", v.LeanPath, what)
		return yes + partial + ".", yes + "."
	case yn == state.No && v.Outcome == state.NoChain:
		no := fmt.Sprintf("No: %s %s %s: %s.", anchor, notVerb, target, v.Reason)
		return no, no
	case yn == state.No && v.LeanPath != nil:
		no := fmt.Sprintf("No, not certain: no chain from %s to %s was found; the fact that joins them, %s, is not what the question asks", anchor, target, v.LeanPath)
		return no + partial + ".", no + "."
	case yn == state.No:
		no := fmt.Sprintf("No, not certain: no chain from %s to %s was found, and no fact joins the two directly", anchor, target)
		return no + partial + ".", no + "."
	}
	unknown := fmt.Sprintf("Unknown: no chain from %s to %s was found", anchor, target)
	return unknown + partial + ".", unknown + "."
}

// Mermaid draws up to max evidence paths as a Mermaid flowchart, each
// fact in its storage direction, each node once.
func Mermaid(paths []graph.Path, max int) string {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	ids := map[string]string{}
	id := func(name string) string {
		if v, ok := ids[name]; ok {
			return v
		}
		v := "n" + strconv.Itoa(len(ids))
		ids[name] = v
		b.WriteString("  " + v + "[\"")
		mermaidEscaper.WriteString(&b, name)
		b.WriteString("\"]\n")
		return v
	}
	type fact struct{ subject, relation, object string }
	seen := map[fact]bool{}
	for i, p := range paths {
		if i == max {
			break
		}
		for _, h := range p.Hops {
			tr := h.Triple()
			t := fact{tr.Subject, tr.Relation, tr.Object}
			if seen[t] {
				continue
			}
			seen[t] = true
			s, o := id(t.subject), id(t.object)
			b.WriteString("  " + s + " -->|")
			mermaidEscaper.WriteString(&b, t.relation)
			b.WriteString("| " + o + "\n")
		}
	}
	return b.String()
}

// mermaidEscaper escapes a name or relation for a Mermaid label.
var mermaidEscaper = strings.NewReplacer(`"`, "#quot;", "|", "#124;", "<", "#lt;", ">", "#gt;", "\n", " ")
