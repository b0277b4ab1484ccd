package llm

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tmc/langchaingo/llms"
	"go.uber.org/zap"

	"github.com/scgraph/scgraph/internal/compose"
	"github.com/scgraph/scgraph/state"
)

// AnswererOptions tune the LLM answerer. The zero value gives the defaults.
type AnswererOptions struct {
	// Alpha weighs proximity against similarity when the deterministic
	// answer the model starts from ranks answers (0: the default).
	Alpha float64
	// MaxPaths caps the evidence paths shown to the model (and so the
	// citations it may make). Default 12.
	MaxPaths int
	// MaxRegenerations is how often an ungrounded answer is sent back
	// with what is wrong before the deterministic text is used. Default 1;
	// negative means none.
	MaxRegenerations int
	// Stream, when set, receives the answer's tokens as they come. When
	// an answer is rejected and regenerated, Stream receives a line
	// "[rejected: …; regenerating]" before the new tokens; Answer.By of the
	// result says whether the streamed text was kept ("llm") or not.
	Stream func(chunk string)
	Logger *zap.Logger
}

func (o AnswererOptions) withDefaults() AnswererOptions {
	if o.MaxPaths <= 0 {
		o.MaxPaths = 12
	}
	if o.MaxRegenerations == 0 {
		o.MaxRegenerations = 1
	}
	if o.MaxRegenerations < 0 {
		o.MaxRegenerations = 0
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	return o
}

// modelAnswerer is the grounded LLM answerer. It starts from the deterministic answer,
// the deterministic answer with its entities and evidence paths, and asks
// the model to phrase it, citing the paths as [1], [2]. The text is
// checked (see Check): every citation must be in range, and every entity
// of the retrieved subgraph that the text names must lie on an evidence
// path. An answer that fails is regenerated once with the problems
// listed; if it fails again the deterministic text is used, with By
// "rules (llm answer rejected: …)". Only Text changes: the entities, the
// paths and the Mermaid chart are always the deterministic ones.
//
// With no evidence path there is nothing to ground a text on: the
// deterministic answer is returned without a call.
type modelAnswerer struct {
	c    *Client
	opts AnswererOptions
	// required turns a fallback to the deterministic text into ErrModelFailed.
	required bool
}

// newAnswerer returns an LLM answerer calling the model through c.
func newAnswerer(c *Client, opts AnswererOptions) *modelAnswerer {
	return &modelAnswerer{c: c, opts: opts.withDefaults()}
}

// Answer implements agent.Answerer.
func (a *modelAnswerer) Answer(ctx context.Context, s *state.AgentState) (state.Answer, state.Cost, error) {
	ans, cost, err := a.answer(ctx, s)
	if err == nil && a.required && ans.Fallback != "" {
		err = fmt.Errorf("%w: answerer: %s", ErrModelFailed, ans.Fallback)
	}
	return ans, cost, err
}

func (a *modelAnswerer) answer(ctx context.Context, s *state.AgentState) (state.Answer, state.Cost, error) {
	base := compose.Compose(s, compose.Options{Alpha: a.opts.Alpha})
	if len(base.Paths) == 0 {
		return base, state.Cost{}, nil
	}
	shown := base.Paths
	if len(shown) > a.opts.MaxPaths {
		shown = shown[:a.opts.MaxPaths]
	}
	data := answerData{Question: s.Question, Draft: base.Text, Complete: base.Complete}
	for i, e := range base.Entities {
		if i == a.opts.MaxPaths {
			break
		}
		data.Answers = append(data.Answers, e.Name)
	}
	for _, p := range shown {
		data.Paths = append(data.Paths, p.String())
	}
	prompt, err := render(tmplAnswer, data)
	if err != nil {
		return base, state.Cost{}, err
	}
	msgs := []llms.MessageContent{human(prompt)}
	var usage usage
	var problems []string
	for attempt := 0; attempt <= a.opts.MaxRegenerations; attempt++ {
		if attempt > 0 && a.opts.Stream != nil {
			a.opts.Stream(fmt.Sprintf("\n[rejected: %s; regenerating]\n", brief(strings.Join(problems, "; "))))
		}
		rep, err := a.c.generate(ctx, request{msgs: msgs, stream: a.opts.Stream, spent: spentBy(s.Budget).Plus(usage)})
		usage = usage.Plus(rep.Usage)
		if err != nil {
			if ctx.Err() != nil {
				return base, usage.Cost(), err
			}
			a.opts.Logger.Warn("llm answer failed; the deterministic answer is used", zap.Error(err))
			base.By, base.Fallback = state.ByRules, "llm answer failed: "+brief(err.Error())
			return base, usage.Cost(), nil
		}
		text := strings.TrimSpace(rep.Text)
		problems = check(text, s, base, len(shown))
		if len(problems) == 0 {
			ans := base
			ans.Text = text
			ans.By = state.ByLLM
			return ans, usage.Cost(), nil
		}
		a.opts.Logger.Info("llm answer rejected", zap.Int("attempt", attempt+1), zap.Strings("problems", problems))
		repair, err := render(tmplAnswerRepair, repairData{Problems: problems, Paths: len(shown)})
		if err != nil {
			return base, usage.Cost(), err
		}
		msgs = append(msgs, assistant(rep.Text), human(repair))
	}
	base.By, base.Fallback = state.ByRules, "llm answer rejected: "+brief(strings.Join(problems, "; "))
	return base, usage.Cost(), nil
}

var citeRE = regexp.MustCompile(`\[(\d+(?:\s*,\s*\d+)*)\]`)

// check lists what is wrong with an answer text: empty, no citation, a
// citation outside 1..cited, or a name of a retrieved entity that lies on
// none of the answer's evidence paths. Names are matched case-insensitively
// as whole words (db-v2 does not match inside db-v2-proxy), also with
// hyphens and underscores read as spaces ("payment service").
func check(text string, s *state.AgentState, ans state.Answer, cited int) []string {
	if strings.TrimSpace(text) == "" {
		return []string{"the answer is empty"}
	}
	var problems []string
	refs := citeRE.FindAllStringSubmatch(text, -1)
	if len(refs) == 0 {
		problems = append(problems, fmt.Sprintf("it cites no evidence path; cite them as [1] to [%d]", cited))
	}
	bad := map[int]bool{}
	for _, r := range refs {
		for _, f := range strings.Split(r[1], ",") {
			n, _ := strconv.Atoi(strings.TrimSpace(f))
			if (n < 1 || n > cited) && !bad[n] {
				bad[n] = true
				problems = append(problems, fmt.Sprintf("it cites [%d], but the evidence paths are [1] to [%d]", n, cited))
			}
		}
	}
	evidence := map[string]bool{}
	for _, p := range ans.Paths {
		for _, h := range p.Hops {
			evidence[h.From], evidence[h.To] = true, true
		}
	}
	low := strings.ToLower(text)
	for n := range s.Subgraph.AllNodes() {
		if evidence[n.Name] {
			continue
		}
		if names(low, strings.ToLower(n.Name)) {
			problems = append(problems, fmt.Sprintf("it names %s, which is on no evidence path", n.Name))
		}
	}
	return problems
}

// names reports whether text mentions name as a whole word, as written
// or with '-' and '_' read as spaces.
func names(text, name string) bool {
	if name == "" {
		return false
	}
	if wordIn(text, name) {
		return true
	}
	spaced := strings.NewReplacer("-", " ", "_", " ").Replace(name)
	return spaced != name && wordIn(text, spaced)
}

func wordIn(text, w string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], w)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(w)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !wordRune(before) && !wordRune(after) {
			return true
		}
		i = start + 1
	}
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_')
}
