package docs

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/llm"
)

// LLM extraction (REFERENCE R5, with a model): each chunk goes to the model
// with a strict-schema prompt (llmextract.tmpl); the reply must be one JSON
// object {"entities":[{"name","type"}],"relations":[{"subject","relation",
// "object","confidence"}]} with no other keys. A reply that breaks this
// contract, a failed call and a spent budget make that chunk fall back to
// the rules (reported in LLMStats.Fallbacks). Every relation of a good
// reply is then checked, and dropped with a DropReason when it fails:
//
//   - the relation must be one of the schema's (not PART_OF or MENTIONS);
//   - both ends must be typed: an entity the dictionary knows (by name or
//     alias, under text.Key: the canonical name and type are used), or one
//     the reply's entities list gives a schema type;
//   - the ends' types must fit the relation's source and target types; a
//     triple that fits only the other way round is a wrong direction;
//   - both ends must be grounded: the name, or one of the entity's
//     aliases, occurs in the chunk under text.Key (else a hallucination);
//   - the confidence must reach the floor (LLMOptions.MinConfidence).
//
// A kept statement records the extractor "llm:MODEL", the model's
// confidence and the chunk sentence that names both ends. The spotters
// still find the chunk's mentions; grounded entities of the reply the
// spotters missed are mentions too.

// DefaultLLMMinConfidence is the default floor of a model's confidence
// under which an extracted relation is not kept.
const DefaultLLMMinConfidence = 0.7

// DefaultLLMBudget bounds the time an ingest spends waiting for the model,
// all chunks together, when LLMOptions.Budget is zero.
const DefaultLLMBudget = 10 * time.Minute

// llmPromptVersion is part of the extractor's fingerprint: changing the
// prompt re-extracts every document.
const llmPromptVersion = "llm-extract/1"

//go:embed llmextract.tmpl
var llmPromptText string

var llmPrompt = template.Must(template.New("extract").Funcs(template.FuncMap{"join": strings.Join}).Parse(llmPromptText))

// LLMOptions tune LLM extraction.
type LLMOptions struct {
	// Model names the model in provenance: statements record the extractor
	// "llm:" + Model, and the extractor's fingerprint changes with it.
	Model string
	// MinConfidence is the floor for the model's confidence (0:
	// DefaultLLMMinConfidence).
	MinConfidence float64
	// MaxCalls caps the chunks sent to the model in one ingest (0: no
	// cap); Budget caps the time spent waiting for it (0:
	// DefaultLLMBudget). When either is spent, the remaining chunks are
	// read by the rules, each reported as a fallback.
	MaxCalls int
	Budget   time.Duration
	// Required makes a chunk that falls back an error that stops the
	// ingest (nothing is written), instead of a reported fallback.
	Required bool
}

// DropReason says why a relation the model gave was not kept.
type DropReason string

// The reasons a relation is dropped.
const (
	DropUnknownRelation DropReason = "unknown relation"
	DropUntyped         DropReason = "an end has no schema type"
	DropWrongDirection  DropReason = "wrong direction"
	DropTypes           DropReason = "types do not fit the relation"
	DropHallucinated    DropReason = "an end is not in the chunk"
	DropLowConfidence   DropReason = "confidence under the floor"
	DropInvalid         DropReason = "invalid name or a self-loop"
)

// LLMDrop is a relation of a reply that was not kept.
type LLMDrop struct {
	Chunk      string     `json:"chunk"`
	Subject    string     `json:"subject"`
	Relation   string     `json:"relation"`
	Object     string     `json:"object"`
	Confidence float64    `json:"confidence"`
	Reason     DropReason `json:"reason"`
}

// LLMFallback is a chunk the rules read because the model's reply could not
// be used.
type LLMFallback struct {
	Chunk  string `json:"chunk"`
	Reason string `json:"reason"`
}

// LLMStats is what LLM extraction did in one ingest.
type LLMStats struct {
	Model string `json:"model"`
	// Chunks counts the chunks read with the model (fallbacks included).
	Chunks       int `json:"chunks"`
	Calls        int `json:"calls"`
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	// Proposed counts the relations in the replies used; Kept those
	// written as statements; Dropped the others, with why.
	Proposed int       `json:"proposed"`
	Kept     int       `json:"kept"`
	Dropped  []LLMDrop `json:"dropped"`
	// UngroundedEntities counts entities of the replies that were not
	// typed by the schema or not named in their chunk (no mention made).
	UngroundedEntities int           `json:"ungrounded_entities"`
	Fallbacks          []LLMFallback `json:"fallbacks"`
}

// DropCounts counts the dropped relations by reason.
func (s LLMStats) DropCounts() map[DropReason]int {
	out := map[DropReason]int{}
	for _, d := range s.Dropped {
		out[d.Reason]++
	}
	return out
}

// llmExtraction is the model behind an Extractor.
type llmExtraction struct {
	client *llm.Client
	opts   LLMOptions

	mu      sync.Mutex
	stats   LLMStats
	started time.Time
}

// UseLLM puts a model behind the extractor: each chunk's statements are
// read by the model through c (which bounds each call with its timeout and
// retries rate limits), validated as described above, and the rules read
// the chunks whose reply cannot be used. The fingerprint changes with the
// model's name and the options, so a later ingest with another model (or
// without one) extracts every document again.
func (x *Extractor) UseLLM(c *llm.Client, opts LLMOptions) {
	if opts.MinConfidence <= 0 {
		opts.MinConfidence = DefaultLLMMinConfidence
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultLLMBudget
	}
	x.llm = &llmExtraction{client: c, opts: opts, stats: LLMStats{Model: opts.Model}}
}

// LLMStats returns what LLM extraction did so far; ok is false when the
// extractor has no model.
func (x *Extractor) LLMStats() (LLMStats, bool) {
	if x.llm == nil {
		return LLMStats{}, false
	}
	x.llm.mu.Lock()
	defer x.llm.mu.Unlock()
	s := x.llm.stats
	s.Dropped = slices.Clone(s.Dropped)
	s.Fallbacks = slices.Clone(s.Fallbacks)
	return s, true
}

func (l *llmExtraction) extractor() string { return "llm:" + l.opts.Model }

func (l *llmExtraction) fingerprint() string {
	return fmt.Sprintf("%s %s min %g", llmPromptVersion, l.extractor(), l.opts.MinConfidence)
}

// extractDocument reads one document: with a model, chunk by chunk;
// without, by the rules alone. It fails only when ctx ends, or when a chunk
// falls back and LLMOptions.Required is set.
func (x *Extractor) extractDocument(ctx context.Context, path, text string) ([]Chunk, []ChunkMention, []Statement, error) {
	if x.llm == nil {
		c, m, s := x.extract(path, text)
		return c, m, s, nil
	}
	chunks, members := chunkBlocks(path, splitBlocks(text), x.chunkWords())
	var mentions []ChunkMention
	var stmts []Statement
	for ci, c := range chunks {
		ms, rules := x.extractChunk(c, members[ci])
		got, extra, err := x.llm.chunk(ctx, x, c, members[ci], ms)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, nil, ctx.Err()
			}
			if x.llm.opts.Required {
				return nil, nil, nil, fmt.Errorf("chunk %s: %w: %w", c.ID, llm.ErrModelFailed, err)
			}
			x.llm.fallback(c.ID, err)
			got, extra = rules, nil
		}
		mentions = append(mentions, ms...)
		mentions = append(mentions, extra...)
		stmts = append(stmts, got...)
	}
	return chunks, mentions, sortStatements(stmts), nil
}

func (l *llmExtraction) fallback(chunk string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stats.Fallbacks = append(l.stats.Fallbacks, LLMFallback{Chunk: chunk, Reason: err.Error()})
}

// llmReply is the JSON a reply must hold.
type llmReply struct {
	Entities  []llmEntity   `json:"entities"`
	Relations []llmRelation `json:"relations"`
}

type llmEntity struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

type llmRelation struct {
	Subject    string   `json:"subject"`
	Relation   string   `json:"relation"`
	Object     string   `json:"object"`
	Confidence *float64 `json:"confidence"`
}

// errReply is wrapped by the error of a reply that breaks the contract.
var errReply = errors.New("the reply breaks the JSON contract")

// parseLLMReply reads a reply strictly: one JSON object (a code fence
// around it is allowed), no unknown keys, no text after it, every relation
// with its three names and a confidence in [0, 1], every entity with a
// name and a type.
func parseLLMReply(s string) (llmReply, error) {
	var r llmReply
	s = strings.TrimSpace(s)
	if body, ok := strings.CutPrefix(s, "```"); ok {
		body = strings.TrimPrefix(body, "json")
		body, ok = strings.CutSuffix(strings.TrimSpace(body), "```")
		if !ok {
			return r, fmt.Errorf("%w: an unclosed code fence", errReply)
		}
		s = strings.TrimSpace(body)
	}
	if s == "" {
		return r, fmt.Errorf("%w: the reply is empty", errReply)
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("%w: %v", errReply, err)
	}
	if dec.More() {
		return r, fmt.Errorf("%w: text after the JSON object", errReply)
	}
	for i, e := range r.Entities {
		if strings.TrimSpace(e.Name) == "" || strings.TrimSpace(e.Type) == "" {
			return r, fmt.Errorf("%w: entities[%d] needs a name and a type", errReply, i)
		}
	}
	for i, rel := range r.Relations {
		if strings.TrimSpace(rel.Subject) == "" || strings.TrimSpace(rel.Relation) == "" || strings.TrimSpace(rel.Object) == "" {
			return r, fmt.Errorf("%w: relations[%d] needs a subject, a relation and an object", errReply, i)
		}
		if rel.Confidence == nil || *rel.Confidence < 0 || *rel.Confidence > 1 {
			return r, fmt.Errorf("%w: relations[%d] needs a confidence from 0 to 1", errReply, i)
		}
	}
	return r, nil
}

// reserve counts a call against the ingest's budget and returns the time
// left, or an error wrapping llm.ErrBudgetExhausted.
func (l *llmExtraction) reserve() (time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.started.IsZero() {
		l.started = time.Now()
	}
	left := l.opts.Budget - time.Since(l.started)
	if l.opts.MaxCalls > 0 && l.stats.Chunks >= l.opts.MaxCalls {
		return 0, fmt.Errorf("%w: %d chunk(s) sent to the model, the cap", llm.ErrBudgetExhausted, l.opts.MaxCalls)
	}
	if left <= 0 {
		return 0, fmt.Errorf("%w: %s of model time spent", llm.ErrBudgetExhausted, l.opts.Budget)
	}
	l.stats.Chunks++
	return left, nil
}

// chunk asks the model for one chunk's statements and validates them.
// spotted are the chunk's mentions by the spotters; extra returns the
// grounded entities of the reply they missed.
func (l *llmExtraction) chunk(ctx context.Context, x *Extractor, c Chunk, blocks []block, spotted []ChunkMention) (stmts []Statement, extra []ChunkMention, err error) {
	left, err := l.reserve()
	if err != nil {
		return nil, nil, err
	}
	prompt, err := x.llmPrompt(c, spotted)
	if err != nil {
		return nil, nil, err
	}
	cctx, cancel := context.WithTimeout(ctx, left)
	defer cancel()
	rep, err := l.client.Generate(cctx, []llms.MessageContent{llms.TextParts(llms.ChatMessageTypeHuman, prompt)}, nil)
	l.mu.Lock()
	l.stats.Calls += rep.Usage.Calls
	l.stats.InputTokens += rep.Usage.InputTokens
	l.stats.OutputTokens += rep.Usage.OutputTokens
	l.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil && cctx.Err() != nil {
			err = fmt.Errorf("%w: %s of model time spent: %w", llm.ErrBudgetExhausted, l.opts.Budget, err)
		}
		return nil, nil, err
	}
	reply, err := parseLLMReply(rep.Text)
	if err != nil {
		return nil, nil, err
	}
	v := newValidation(x, c, blocks, spotted, reply.Entities, l.extractor(), l.opts.MinConfidence)
	for _, r := range reply.Relations {
		v.relation(r)
	}
	ungrounded := 0
	for _, e := range reply.Entities {
		if !v.entity(e) {
			ungrounded++
		}
	}
	l.mu.Lock()
	l.stats.UngroundedEntities += ungrounded
	l.stats.Proposed += len(reply.Relations)
	l.stats.Kept += len(v.kept)
	l.stats.Dropped = append(l.stats.Dropped, v.dropped...)
	l.mu.Unlock()
	return v.kept, v.extra, nil
}

// llmPromptData fills llmextract.tmpl.
type llmPromptData struct {
	Types     []graph.TypeDef
	Relations []graph.RelationDef
	Known     []ChunkMention
	ChunkID   string
	Text      string
}

// llmPrompt renders the extraction prompt of a chunk.
func (x *Extractor) llmPrompt(c Chunk, spotted []ChunkMention) (string, error) {
	d := llmPromptData{ChunkID: c.ID, Text: c.Text, Known: spotted}
	if x.schema != nil {
		for _, t := range x.schema.Types {
			if t.Name != TypeDocument && t.Name != TypeChunk {
				d.Types = append(d.Types, t)
			}
		}
		for _, r := range x.schema.Relations {
			if r.Name != RelPartOf && r.Name != RelMentions {
				d.Relations = append(d.Relations, r)
			}
		}
	}
	var b bytes.Buffer
	if err := llmPrompt.Execute(&b, d); err != nil {
		return "", fmt.Errorf("render the extraction prompt: %w", err)
	}
	return b.String(), nil
}

// validation checks the relations of one chunk's reply.
type validation struct {
	x         *Extractor
	chunk     Chunk
	sentences []sentence
	// keys holds, per sentence, text.Key of each of its word runs (up to
	// maxGroundWords words): what a name is grounded by.
	keys      []map[string]struct{}
	spotted   map[string]bool
	typed     map[string]graph.Entity // text.Key of a name the reply typed → the entity
	extractor string
	min       float64
	kept      []Statement
	dropped   []LLMDrop
	extra     []ChunkMention
}

// maxGroundWords is the longest word run a name is looked for as.
const maxGroundWords = 8

func newValidation(x *Extractor, c Chunk, blocks []block, spotted []ChunkMention, ents []llmEntity, extractor string, min float64) *validation {
	v := &validation{x: x, chunk: c, spotted: map[string]bool{}, typed: map[string]graph.Entity{}, extractor: extractor, min: min}
	for _, b := range blocks {
		v.sentences = append(v.sentences, b.sentences()...)
	}
	for _, s := range v.sentences {
		keys := map[string]struct{}{}
		ws := text.Words(s.text)
		for i := range ws {
			for n := 1; n <= maxGroundWords && i+n <= len(ws); n++ {
				if k := text.Key(s.text[ws[i].Start:ws[i+n-1].End]); k != "" {
					keys[k] = struct{}{}
				}
			}
		}
		v.keys = append(v.keys, keys)
	}
	for _, m := range spotted {
		v.spotted[m.Entity] = true
	}
	for _, e := range ents {
		name, typ := strings.TrimSpace(e.Name), strings.TrimSpace(e.Type)
		if k := text.Key(name); k != "" && v.schemaType(typ) {
			v.typed[k] = graph.Entity{Name: name, Type: typ}
		}
	}
	return v
}

// schemaType reports whether t is an entity type of the schema (not one of
// the document graph's own).
func (v *validation) schemaType(t string) bool {
	if t == TypeDocument || t == TypeChunk || !text.ValidIdentifier(t) {
		return false
	}
	return v.x.schema == nil || v.x.schema.Type(t) != nil || slices.ContainsFunc(v.x.spotters, func(s RegexSpotter) bool { return s.Type == t })
}

// resolve names the entity a name of the reply means: the dictionary's
// (canonical name and type) when it knows the name, a regular-expression
// spotter's when one matches the whole name, else the type the reply's
// entities list gave it.
func (v *validation) resolve(name string) (graph.Entity, bool) {
	name = strings.TrimSpace(name)
	k := text.Key(name)
	if es := v.x.dict.byKey[k]; len(es) == 1 {
		return es[0].entity, true
	}
	for _, sp := range v.x.spotters {
		if loc := sp.Pattern.FindStringIndex(name); loc != nil && loc[0] == 0 && loc[1] == len(name) {
			return graph.Entity{Name: name, Type: sp.Type}, true
		}
	}
	e, ok := v.typed[k]
	if ok {
		e.Name = name
	}
	return e, ok
}

// surfaces are the keys an entity is grounded by: the name the reply used,
// the canonical name, and the schema's aliases of it (one plain word
// aside, as the spotters do).
func (v *validation) surfaces(said string, e graph.Entity) []string {
	out := []string{text.Key(said), text.Key(e.Name)}
	if v.x.schema != nil {
		for _, d := range v.x.schema.Entities {
			if d.Name != e.Name {
				continue
			}
			for _, a := range d.Aliases {
				if !plainWord(a) {
					out = append(out, text.Key(a))
				}
			}
		}
	}
	return out
}

// names reports whether sentence i holds one of the keys.
func (v *validation) names(i int, keys []string) bool {
	for _, k := range keys {
		if _, ok := v.keys[i][k]; ok && k != "" {
			return true
		}
	}
	return false
}

// firstNaming returns the first sentence that holds one of the keys of
// every list, or false.
func (v *validation) firstNaming(lists ...[]string) (int, bool) {
	for i := range v.sentences {
		all := true
		for _, l := range lists {
			all = all && v.names(i, l)
		}
		if all {
			return i, true
		}
	}
	return 0, false
}

// relation checks one relation of the reply and keeps or drops it.
func (v *validation) relation(r llmRelation) {
	conf := round3(*r.Confidence)
	drop := func(why DropReason) {
		v.dropped = append(v.dropped, LLMDrop{Chunk: v.chunk.ID, Subject: r.Subject, Relation: r.Relation, Object: r.Object, Confidence: conf, Reason: why})
	}
	rel := strings.TrimSpace(r.Relation)
	if rel == RelPartOf || rel == RelMentions || !text.ValidIdentifier(rel) || (v.x.schema != nil && v.x.schema.Relation(rel) == nil) {
		drop(DropUnknownRelation)
		return
	}
	s, sok := v.resolve(r.Subject)
	o, ook := v.resolve(r.Object)
	if !sok || !ook {
		drop(DropUntyped)
		return
	}
	if s.Name == o.Name || text.CheckName("subject", s.Name) != nil || text.CheckName("object", o.Name) != nil {
		drop(DropInvalid)
		return
	}
	if !v.x.fits(rel, s.Type, o.Type) {
		if v.x.fits(rel, o.Type, s.Type) {
			drop(DropWrongDirection)
		} else {
			drop(DropTypes)
		}
		return
	}
	ss, os := v.surfaces(r.Subject, s), v.surfaces(r.Object, o)
	si, sok := v.firstNaming(ss)
	oi, ook := v.firstNaming(os)
	if !sok || !ook {
		drop(DropHallucinated)
		return
	}
	if conf < v.min {
		drop(DropLowConfidence)
		return
	}
	at, ok := v.firstNaming(ss, os)
	if !ok {
		at = max(si, oi)
	}
	v.mention(s, r.Subject, si, conf)
	v.mention(o, r.Object, oi, conf)
	v.kept = append(v.kept, Statement{
		Subject: s.Name, Relation: rel, Object: o.Name, SubjectType: s.Type, ObjectType: o.Type,
		Chunk: v.chunk.ID, Line: v.sentences[at].line, Sentence: v.sentences[at].text,
		Extractor: v.extractor, Rule: llmPromptVersion, Confidence: conf,
	})
}

// entity makes a grounded, typed entity of the reply a mention of the
// chunk (if the spotters missed it); an ungrounded one is counted.
func (v *validation) entity(e llmEntity) (grounded bool) {
	ent, ok := v.resolve(e.Name)
	if !ok || text.CheckName("name", ent.Name) != nil {
		return false
	}
	si, ok := v.firstNaming(v.surfaces(e.Name, ent))
	if !ok {
		return false
	}
	v.mention(ent, e.Name, si, ConfidenceExact)
	return true
}

// mention records an entity the spotters did not find as a mention of
// the chunk, once.
func (v *validation) mention(e graph.Entity, said string, si int, conf float64) {
	if v.spotted[e.Name] {
		return
	}
	v.spotted[e.Name] = true
	v.extra = append(v.extra, ChunkMention{Chunk: v.chunk.ID, Entity: e.Name, Type: e.Type, Text: strings.TrimSpace(said),
		Line: v.sentences[si].line, Spotter: v.extractor, Confidence: conf})
}
