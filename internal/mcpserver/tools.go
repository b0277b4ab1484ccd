package mcpserver

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/docqa"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/hybrid"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/state"
)

// The tools' names.
const (
	ToolAsk          = "ask"
	ToolExplain      = "explain"
	ToolFindEntities = "find_entities"
	ToolNeighbours   = "neighbours"
	ToolSchema       = "schema"
)

func (s *Server) addTools() error {
	return errors.Join(
		addTool(s, ToolAsk, "Ask the knowledge graph", askDescription, askTool),
		addTool(s, ToolExplain, "Explain how a question was answered", explainDescription, explainTool),
		addTool(s, ToolFindEntities, "Find entities by name", findDescription, findTool),
		addTool(s, ToolNeighbours, "An entity's facts", neighboursDescription, neighboursTool),
		addTool(s, ToolSchema, "The graph's schema", schemaDescription, schemaTool),
	)
}

// --- ask and explain ---------------------------------------------------------------------

const askDescription = `Answer a multi-hop question over the knowledge graph, with the chain of evidence.
Write the question in plain English ("Which teams are affected if the payment service goes down?",
"Is checkout affected by the db-v2 migration?", "who directed the films written by [Ingmar Bergman]");
put an entity's exact name in [brackets] to link it exactly. Returns the answer sentence, the answer
entities best first (each pointing into paths), the evidence paths hop by hop with the file and line
each fact came from, whether the evidence was checked complete, a confidence, the stop reason
(complete, no_chain = proven that no chain exists, uncertain = answered for a guessed reading,
no_anchor = no entity of the question is in the graph, no_relation, exhausted, iteration_limit, timeout)
and the work done. Set explain=true to also get the plan, the critic's verdicts and the trace.
A question can have many answers (everything a core service failing takes down): ask gives the first
limit of them (default 20, at most 1000), best first, with total saying how many there are; pass
next_cursor back as cursor, with the same question, for the next page.`

const explainDescription = `Show how scgraph reads and walks a question: the plan (which entities the
question names and how they were linked, the asked type, the relation chains it will walk, ambiguities,
notes), every critique verdict (complete or not, the dead ends it named), the step-by-step trace, a Mermaid
chart of the evidence, and the answer. Use it to understand or debug an answer from ask.`

// AskInput is the input of ask.
type AskInput struct {
	Question string `json:"question" jsonschema:"the question in plain English; [brackets] mark an exact entity name"`
	Explain  bool   `json:"explain,omitempty" jsonschema:"also return the plan, verdicts, trace and Mermaid chart"`
	Limit    int    `json:"limit,omitempty" jsonschema:"the most answers to return (default 20, at most 1000)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"next_cursor of an earlier ask of the same question: return the answers after those"`
}

// ExplainInput is the input of explain.
type ExplainInput struct {
	Question string `json:"question" jsonschema:"the question in plain English; [brackets] mark an exact entity name"`
}

// AskOutput is ask's result: the fields of 'scgraph ask --json' that
// answer the question, and with explain the ones that show how.
type AskOutput struct {
	Question string `json:"question"`
	Answer   string `json:"answer" jsonschema:"the answer sentence; it says yes, no or partial honestly"`
	// Summary, Doubt and DidYouMean are agent.Result's.
	Summary    string      `json:"summary,omitempty" jsonschema:"what was found, in one short sentence"`
	Doubt      string      `json:"doubt,omitempty" jsonschema:"why the answer is not a claim (complete is false), in plain words"`
	YesNo      state.YesNo `json:"yes_no,omitempty" jsonschema:"for a yes-or-no question: yes, no or unknown (a claim only where complete)"`
	DidYouMean []string    `json:"did_you_mean,omitempty" jsonschema:"when no entity of the question was found: the entities its words come closest to"`
	// Answers and Paths are agent.Result's.
	Answers []state.AnswerEntity `json:"answers" jsonschema:"answer entities best first (a page of them: see total); paths lists indices into paths"`
	// Total, Offset and NextCursor page the answers.
	Total      int          `json:"total" jsonschema:"how many answers there are in all"`
	Offset     int          `json:"offset,omitempty" jsonschema:"how many better answers came before this page"`
	NextCursor string       `json:"next_cursor,omitempty" jsonschema:"pass as cursor, with the same question, for the next page; absent on the last"`
	Paths      []graph.Path `json:"paths" jsonschema:"evidence paths; each hop has from, relation, to, direction and source (file, line)"`
	// Complete, Confidence and Reading say how far to trust the answer.
	Complete   bool        `json:"complete" jsonschema:"the critic checked a complete chain, or proved that none exists within the hop budget"`
	Confidence float64     `json:"confidence" jsonschema:"0..1: how sure the reading of the question is times how sure the link of its entities is"`
	Reading    string      `json:"reading,omitempty" jsonschema:"how the question was read, in words"`
	Anchors    []Anchor    `json:"anchors" jsonschema:"the question's entities as linked in the graph"`
	StopReason string      `json:"stop_reason" jsonschema:"complete, no_chain, uncertain, no_relation, exhausted, iteration_limit, no_anchor, cancelled, timeout or error"`
	Iterations int         `json:"iterations"`
	Stats      agent.Stats `json:"stats"`
	// Route, Citations, Passages and Global are set over a document
	// collection, as 'scgraph ask --json' gives them on a snapshot with a
	// document index.
	Route     *Route              `json:"route,omitempty" jsonschema:"how the question was routed, and why"`
	Citations []docs.Citation     `json:"citations,omitempty" jsonschema:"the passages that stated each evidence edge: document, line, sentence"`
	Passages  []hybrid.Passage    `json:"passages,omitempty" jsonschema:"the passages the hybrid search ranked, best first"`
	Global    *docqa.GlobalAnswer `json:"global,omitempty" jsonschema:"a global question's cited community summaries"`
	Note      string              `json:"note,omitempty" jsonschema:"what stood in for a missing part, such as a passage search for a global question with no community summaries"`
	// Explanation is set by explain, and by ask with explain=true.
	Explanation *Explanation `json:"explanation,omitempty"`
}

// Route is how a question over documents was routed (route.Decision).
type Route struct {
	Route    string   `json:"route" jsonschema:"lookup (a passage search), relation (the agent) or global (community summaries)"`
	Reason   string   `json:"reason"`
	Entities []string `json:"entities,omitempty" jsonschema:"the graph entities the question names"`
}

// Anchor is an entity of the question as the planner linked it.
type Anchor struct {
	Mention    string  `json:"mention" jsonschema:"the words of the question"`
	Entity     string  `json:"entity" jsonschema:"the graph entity they were linked to"`
	Type       string  `json:"type,omitempty"`
	Method     string  `json:"method" jsonschema:"how: exact, bracket, normalized, alias, partial or fuzzy"`
	Confidence float64 `json:"confidence"`
}

// Explanation is how a run went: agent.Result's plan, verdicts, Mermaid
// chart and trace.
type Explanation struct {
	Plan     state.Plan         `json:"plan"`
	Verdicts []state.Verdict    `json:"verdicts"`
	Trace    []state.TraceEntry `json:"trace"`
	Mermaid  string             `json:"mermaid"`
}

func askTool(ctx context.Context, c *call, in AskInput) (AskOutput, error) {
	limit, err := capped("limit", in.Limit, DefaultAnswers, MaxAnswers)
	if err != nil {
		return AskOutput{}, err
	}
	if err := checkBytes("cursor", in.Cursor, MaxNameBytes); err != nil {
		return AskOutput{}, err
	}
	pg := page{limit: limit}
	if in.Cursor != "" {
		if pg.offset, err = readCursor(in.Cursor, in.Question); err != nil {
			return AskOutput{}, err
		}
	}
	return c.run(ctx, in.Question, in.Explain, pg)
}

func explainTool(ctx context.Context, c *call, in ExplainInput) (AskOutput, error) {
	return c.run(ctx, in.Question, true, page{limit: DefaultAnswers})
}

// page is which of a question's answers ask returns.
type page struct{ offset, limit int }

// A cursor is where the next page of a question's answers starts, with a
// digest of the question it pages (runs are deterministic: the same
// question over the same graph ranks its answers the same way), as
// base64url text.
func makeCursor(question string, offset int) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "v1:%d:%s", offset, questionDigest(question)))
}

// errCursor is the error for a cursor ask did not make.
var errCursor = errors.New("cursor is not one ask returned (pass next_cursor as it came)")

func readCursor(cursor, question string) (int, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return 0, errCursor
	}
	parts := strings.Split(string(raw), ":")
	if len(parts) != 3 || parts[0] != "v1" {
		return 0, errCursor
	}
	offset, err := strconv.Atoi(parts[1])
	if err != nil || offset < 0 {
		return 0, errCursor
	}
	if parts[2] != questionDigest(question) {
		return 0, errors.New("cursor belongs to another question: ask with the question that returned it")
	}
	return offset, nil
}

func questionDigest(q string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(q)))
	return hex.EncodeToString(sum[:8])
}

// run answers a question with a new agent over the caller's store,
// reporting progress after each phase.
func (c *call) run(ctx context.Context, question string, explain bool, pg page) (AskOutput, error) {
	if err := checkQuestion(question); err != nil {
		return AskOutput{}, err
	}
	question = strings.TrimSpace(question)
	if question == "" {
		return AskOutput{}, errors.New("question is empty: ask something, e.g. \"Which teams are affected if the payment service goes down?\"")
	}
	a := agent.New(c.store, c.server.opts.Agent...)
	if d := c.server.opts.Documents; d != nil && !c.caller.Scoped() {
		return c.askDocuments(ctx, a, d, question, explain, pg)
	}
	step := 0
	res, err := a.RunStream(ctx, question, func(u agent.Update) {
		step++
		c.progress(ctx, float64(step), fmt.Sprintf("%s → %s: %s", u.Entry.Phase, u.Entry.Event, u.Entry.Summary))
	})
	switch {
	case res == nil:
		return AskOutput{}, err
	case err == nil, errors.Is(err, agent.ErrIterationLimit):
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		// Not an answer: a tool error, saying what the run had.
		return AskOutput{}, fmt.Errorf("the run ended before answering (stop_reason %s): %w; what it had found: %s", res.StopReason, err, res.Answer)
	default:
		return AskOutput{}, err
	}
	return askOutput(res, explain, pg, inferredTypes(ctx, c.store)), nil
}

// inferredTypes are the types role inference named in the store's
// schema (OwnsObject): scgraph's names, not the data's, so the answers
// name no type rather than one of them.
func inferredTypes(ctx context.Context, st agent.Store) map[string]bool {
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

// askDocuments answers a question over the server's documents: routed as
// 'scgraph ask' routes it, with the same passages, citations and
// confidence.
func (c *call) askDocuments(ctx context.Context, a *agent.Agent, d *Documents, question string, explain bool, pg page) (AskOutput, error) {
	asker := &docqa.Asker{Router: route.New(plan.New(c.store, nil, plan.Options{})), Agent: a, Index: d.Index,
		Passages: d.Passages, Global: d.Global, K: d.K}
	ans, err := asker.Ask(ctx, question)
	switch {
	case ans == nil:
		return AskOutput{}, err
	case err == nil, errors.Is(err, agent.ErrIterationLimit):
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		// Not an answer: a tool error, saying what the question had.
		return AskOutput{}, fmt.Errorf("the question ended before its answer: %w; what it had found: %s", err, ans.Text)
	default:
		return AskOutput{}, err
	}
	out := AskOutput{Question: question, Answer: ans.Text, Answers: []state.AnswerEntity{}, Paths: []graph.Path{}, Anchors: []Anchor{}}
	if ans.Result != nil {
		out = askOutput(ans.Result, explain, pg, inferredTypes(ctx, c.store))
	}
	out.Route = &Route{Route: ans.Route.Route.String(), Reason: ans.Route.Reason, Entities: ans.Route.Entities}
	out.Citations, out.Passages, out.Global, out.Note = ans.Citations, ans.Passages, ans.Global, ans.Note
	return out, nil
}

func askOutput(res *agent.Result, explain bool, pg page, hidden map[string]bool) AskOutput {
	res = res.Paged(pg.offset, pg.limit)
	answers := make([]state.AnswerEntity, len(res.Answers))
	for i, a := range res.Answers {
		if hidden[a.Type] {
			a.Type = ""
		}
		answers[i] = a
	}
	out := AskOutput{
		Question:   res.Question,
		Answer:     res.Answer,
		Summary:    res.Summary,
		YesNo:      res.YesNo,
		Doubt:      res.Doubt,
		DidYouMean: res.DidYouMean,
		Answers:    answers,
		Total:      res.Total,
		Offset:     res.Offset,
		Paths:      res.Paths,
		Complete:   res.Complete,
		StopReason: string(res.StopReason),
		Iterations: res.Iterations,
		Stats:      res.Stats,
		Anchors:    []Anchor{},
	}
	for _, an := range res.Plan.Anchors {
		typ := an.Type
		if hidden[typ] {
			typ = ""
		}
		out.Anchors = append(out.Anchors, Anchor{Mention: an.Mention, Entity: an.Entity, Type: typ, Method: string(an.Method), Confidence: an.Confidence})
	}
	out.Confidence, out.Reading = res.Confidence, res.Reading
	if next := res.Offset + len(res.Answers); next < res.Total {
		out.NextCursor = makeCursor(res.Question, next)
	}
	if explain {
		out.Explanation = &Explanation{Plan: res.Plan, Verdicts: res.Verdicts, Trace: res.Trace, Mermaid: res.Mermaid}
	}
	return out
}

// --- find_entities -----------------------------------------------------------------------

const findDescription = `Find the graph entities a mention may name, best first, with their type, how they
matched (exact, normalized = equal up to case/punctuation/"svc", alias = a name from the schema, partial =
the mention's words are a run of the name's words, fuzzy = similar spelling) and a confidence in 0..1.
Use it to learn the exact name to put in [brackets] in a question, or to pick among ambiguous names.`

// FindInput is find_entities' input.
type FindInput struct {
	Mention string `json:"mention" jsonschema:"a name as a person would write it, e.g. 'the payment service' or 'Bergman'"`
	Limit   int    `json:"limit,omitempty" jsonschema:"the most candidates to return (default 10, at most 50)"`
}

// FindOutput is find_entities' result.
type FindOutput struct {
	Mention    string      `json:"mention"`
	Candidates []Candidate `json:"candidates" jsonschema:"best first; empty when nothing in the graph resembles the mention"`
}

// Candidate is one entity a mention may name.
type Candidate struct {
	Name       string  `json:"name"`
	Type       string  `json:"type,omitempty"`
	Method     string  `json:"method" jsonschema:"exact, normalized, alias, partial or fuzzy"`
	Confidence float64 `json:"confidence" jsonschema:"1 for exact, normalized and alias matches; the similarity for partial and fuzzy ones"`
}

func findTool(ctx context.Context, c *call, in FindInput) (FindOutput, error) {
	if err := checkBytes("mention", in.Mention, MaxNameBytes); err != nil {
		return FindOutput{}, err
	}
	mention := strings.TrimSpace(in.Mention)
	if mention == "" {
		return FindOutput{}, errors.New("mention is empty: give a name to look up")
	}
	limit, err := capped("limit", in.Limit, DefaultCandidates, MaxCandidates)
	if err != nil {
		return FindOutput{}, err
	}
	matches, err := c.store.Resolve(ctx, graph.ResolveRequest{Mentions: []string{mention}, Partial: true, Fuzzy: true, Limit: limit})
	if err != nil {
		return FindOutput{}, err
	}
	out := FindOutput{Mention: mention, Candidates: []Candidate{}}
	if len(matches) > 0 {
		for _, m := range matches[0] {
			out.Candidates = append(out.Candidates, Candidate{Name: m.Entity.Name, Type: m.Entity.Type, Method: string(m.Method), Confidence: m.Score})
		}
	}
	return out, nil
}

// capped checks a limit: 0 means def, more than most is an error.
func capped(field string, n, def, most int) (int, error) {
	switch {
	case n == 0:
		return def, nil
	case n < 0 || n > most:
		return 0, fmt.Errorf("%s %d: want 1..%d", field, n, most)
	}
	return n, nil
}

// --- neighbours --------------------------------------------------------------------------

const neighboursDescription = `List an entity's facts: the edges at one hop, optionally only some relations
and one direction (out: the entity is the fact's subject, e.g. checkout-service CALLS x; in: it is the object,
e.g. x CALLS checkout-service; both, the default). Each fact has its subject, relation, object, the neighbour
and its type, and the file and line it came from. Capped: truncated says when the entity has more. The entity
is named exactly, or by a mention that links to one entity (see find_entities).`

// NeighboursInput is neighbours' input.
type NeighboursInput struct {
	Entity    string   `json:"entity" jsonschema:"the entity's name (or a mention that links to exactly one entity)"`
	Relations []string `json:"relations,omitempty" jsonschema:"only these relations (names from the schema tool); empty: all"`
	Direction string   `json:"direction,omitempty" jsonschema:"out, in or both (default both)"`
	Limit     int      `json:"limit,omitempty" jsonschema:"the most facts to return (default 50, at most 500)"`
}

// NeighboursOutput is neighbours' result.
type NeighboursOutput struct {
	Entity    graph.Entity `json:"entity"`
	Facts     []Fact       `json:"facts" jsonschema:"sorted by relation, direction and neighbour"`
	Truncated bool         `json:"truncated" jsonschema:"the entity has more facts than were returned (raise limit or name relations)"`
	Total     int          `json:"total" jsonschema:"facts the entity has for the relations and direction asked (at least len(facts))"`
}

// Fact is one edge at an entity.
type Fact struct {
	Subject       string          `json:"subject"`
	Relation      string          `json:"relation"`
	Object        string          `json:"object"`
	Direction     graph.Direction `json:"direction"`
	Neighbour     string          `json:"neighbour"`
	NeighbourType string          `json:"neighbour_type,omitempty"`
	Source        graph.Source    `json:"source,omitzero" jsonschema:"the file and line the fact came from"`
}

func neighboursTool(ctx context.Context, c *call, in NeighboursInput) (NeighboursOutput, error) {
	if err := errors.Join(checkBytes("entity", in.Entity, MaxNameBytes), checkBytes("direction", in.Direction, 16), checkRelations(in.Relations)); err != nil {
		return NeighboursOutput{}, err
	}
	limit, err := capped("limit", in.Limit, DefaultNeighbours, MaxNeighbours)
	if err != nil {
		return NeighboursOutput{}, err
	}
	dir := graph.Both
	if strings.TrimSpace(in.Direction) != "" {
		if dir, err = graph.ParseDirection(in.Direction); err != nil {
			return NeighboursOutput{}, fmt.Errorf("direction: %v", err)
		}
	}
	ent, err := c.entity(ctx, in.Entity)
	if err != nil {
		return NeighboursOutput{}, err
	}
	exp, err := c.store.Expand(ctx, graph.ExpandRequest{From: []string{ent.Name}, Steps: []graph.ExpandStep{{Relations: in.Relations, Direction: dir}}, Limit: limit})
	if errors.Is(err, graph.ErrUnknownRelation) {
		return NeighboursOutput{}, fmt.Errorf("%v (the schema tool lists the relations)", err)
	}
	if err != nil {
		return NeighboursOutput{}, err
	}
	types := make(map[string]string, len(exp.Nodes))
	for _, n := range exp.Nodes {
		types[n.Name] = n.Type
		if n.Name == ent.Name && ent.Type == "" {
			ent.Type = n.Type
		}
	}
	out := NeighboursOutput{Entity: ent, Facts: []Fact{}}
	if len(exp.Hops) > 0 {
		for _, h := range exp.Hops[0] {
			t := h.Triple()
			out.Facts = append(out.Facts, Fact{Subject: t.Subject, Relation: h.Relation, Object: t.Object, Direction: h.Direction,
				Neighbour: h.To, NeighbourType: types[h.To], Source: h.Source})
		}
	}
	out.Total = len(out.Facts)
	for _, t := range exp.Truncated {
		out.Truncated = true
		out.Total += t.Total - t.Kept
	}
	return out, nil
}

// entity links a name to one entity: exactly, or by the one entity a
// mention links to without guessing.
func (c *call) entity(ctx context.Context, name string) (graph.Entity, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return graph.Entity{}, errors.New("entity is empty: name the entity (find_entities finds names)")
	}
	matches, err := c.store.Resolve(ctx, graph.ResolveRequest{Mentions: []string{name}, Partial: true, Fuzzy: true, Limit: 5})
	if err != nil {
		return graph.Entity{}, err
	}
	var ms []graph.Match
	if len(matches) > 0 {
		ms = matches[0]
	}
	var sure []graph.Match
	for _, m := range ms {
		if m.Entity.Name == name {
			return m.Entity, nil
		}
		if m.Method == graph.MatchExact || m.Method == graph.MatchNormalized || m.Method == graph.MatchAlias {
			sure = append(sure, m)
		}
	}
	if len(sure) == 1 {
		return sure[0].Entity, nil
	}
	if len(ms) == 0 {
		return graph.Entity{}, fmt.Errorf("no entity %q in the graph", name)
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Entity.Name
	}
	return graph.Entity{}, fmt.Errorf("%q names no single entity; did you mean %s? (pass the exact name)", name, strings.Join(names, ", "))
}

// --- schema ------------------------------------------------------------------------------

const schemaDescription = `Describe the knowledge graph: its node types (with counts and the words people
use for them), its relations (which types they link, how many facts, the phrases that name them read forwards
and backwards, and their meaning: the concept such as dependency or ownership, and for dependencies which end
depends on the other, i.e. which way failure propagates), and how many entities have aliases. Call it first to
learn what questions the graph can answer.`

// SchemaInput is schema's input: none.
type SchemaInput struct{}

// SchemaOutput is schema's result: what 'scgraph schema --json' shows,
// with the store it describes and the dependency semantics in words.
type SchemaOutput struct {
	Store       string              `json:"store" jsonschema:"what the graph is: a file, the built-in demo graph, or a Neo4j database"`
	Name        string              `json:"name,omitempty"`
	Description string              `json:"description,omitempty"`
	Inferred    bool                `json:"inferred" jsonschema:"true when the types were inferred from the data, not given in a schema file"`
	Types       []graph.TypeDef     `json:"types"`
	Relations   []graph.RelationDef `json:"relations" jsonschema:"dependency: subject (the subject is affected when the object fails) or object (the object is affected when the subject fails); concept: the kind of relation; inverse: the relation reads from the concept's second role to its first"`
	// EntitiesWithAliases counts the entities the schema gives other
	// names.
	EntitiesWithAliases int `json:"entities_with_aliases"`
	// Dependency explains the dependency relations in words.
	Dependency []string `json:"dependency" jsonschema:"each dependency relation and which way failure propagates along it, in words"`
}

func schemaTool(ctx context.Context, c *call, _ SchemaInput) (SchemaOutput, error) {
	s, err := c.store.Schema(ctx)
	if err != nil {
		return SchemaOutput{}, err
	}
	out := SchemaOutput{
		Store: c.server.opts.StoreDescription, Name: s.Name, Description: s.Description, Inferred: s.Inferred,
		Types: s.Types, Relations: s.Relations, EntitiesWithAliases: len(s.Entities), Dependency: []string{},
	}
	for _, r := range s.Relations {
		switch r.Dependency {
		case graph.DependentSubject:
			out.Dependency = append(out.Dependency, fmt.Sprintf("X %s Y: X depends on Y; when Y fails, X is affected", r.Name))
		case graph.DependentObject:
			out.Dependency = append(out.Dependency, fmt.Sprintf("X %s Y: Y depends on X; when X fails (or changes), Y is affected", r.Name))
		}
	}
	return out, nil
}
