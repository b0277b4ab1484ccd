package docs

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"regexp"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
)

// MinStatementConfidence is the default floor under which an extracted
// statement is not kept.
const MinStatementConfidence = 0.5

// ExtractorName is the extractor recorded in provenance.
const ExtractorName = "rules"

// Statement is one fact a document states, with its provenance.
type Statement struct {
	Subject     string `json:"subject"`
	Relation    string `json:"relation"`
	Object      string `json:"object"`
	SubjectType string `json:"subject_type,omitempty"`
	ObjectType  string `json:"object_type,omitempty"`
	// Chunk is the ID of the chunk the statement was read in; Line the
	// document line its sentence starts on; Sentence the sentence.
	Chunk    string `json:"chunk"`
	Line     int    `json:"line"`
	Sentence string `json:"sentence"`
	// Extractor is the extractor ("rules"); Rule the pattern that matched
	// and where it came from; Confidence the pattern's confidence times the
	// lower of its mentions'.
	Extractor  string  `json:"extractor"`
	Rule       string  `json:"rule"`
	Confidence float64 `json:"confidence"`
	// Phrase is the lemmatised relation phrase the open extractor read
	// ("depend on", "store in"); the index keeps phrases that mean the
	// same as one relation (Index.Relations).
	Phrase string `json:"phrase,omitempty"`
}

// Triple returns the statement's fact.
func (s Statement) Triple() graph.Triple {
	return graph.Triple{Subject: s.Subject, Relation: s.Relation, Object: s.Object, SubjectType: s.SubjectType, ObjectType: s.ObjectType}
}

// ChunkMention records that a chunk mentions an entity.
type ChunkMention struct {
	Chunk      string  `json:"chunk"`
	Entity     string  `json:"entity"`
	Type       string  `json:"type,omitempty"`
	Text       string  `json:"text"`
	Line       int     `json:"line"`
	Spotter    string  `json:"spotter"`
	Confidence float64 `json:"confidence"`
}

// Extractor is the deterministic extractor: spotters and relation
// patterns under a schema.
type Extractor struct {
	dict     *Dictionary
	spotters []RegexSpotter
	patterns []Pattern
	schema   *graph.Schema
	// ChunkWords is the chunk size in words (0: ChunkWords).
	ChunkWords int
	// MinConfidence is the floor for statements (0: MinStatementConfidence).
	MinConfidence float64
	// llm, when set (UseLLM), extracts the statements of each chunk with a
	// model; see llmextract.go.
	llm *llmExtraction
	// open: no schema and no entities were given, so the open-vocabulary
	// extractor (open.go) reads the documents.
	open bool
	// corpus: the names the documents of one ingest give as names on
	// some page (corpusNames), known on every page.
	corpus map[string]omention
}

// NewExtractor builds an extractor. The dictionary holds the schema's
// entities with their aliases and the given entities (the existing
// graph's); the patterns are the schema's relation aliases followed by
// extra (from a pattern file).
func NewExtractor(sch *graph.Schema, entities []graph.Entity, extra []Pattern) *Extractor {
	var defs []graph.EntityDef
	if sch != nil {
		defs = append(defs, sch.Entities...)
	}
	for _, e := range entities {
		defs = append(defs, graph.EntityDef{Name: e.Name, Type: e.Type})
	}
	return &Extractor{
		dict:     NewDictionary(defs),
		spotters: DefaultSpotters(),
		patterns: append(SchemaPatterns(sch), extra...),
		schema:   sch,
		open:     sch == nil && len(defs) == 0,
	}
}

// Open reports whether the extractor reads open vocabulary: with no schema
// and no entities, names and relation phrases come from the text itself.
func (x *Extractor) Open() bool { return x.open }

// Fingerprint identifies everything that decides the extractor's output;
// a document ingested under another fingerprint is extracted again.
func (x *Extractor) Fingerprint() string {
	h := sha256.New()
	for _, l := range x.dict.fingerprint() {
		fmt.Fprintln(h, l)
	}
	for _, s := range x.spotters {
		fmt.Fprintln(h, "spot", s.Type, s.Pattern.String())
	}
	for _, p := range x.patterns {
		fmt.Fprintln(h, "pattern", p.Relation, p.Phrase)
	}
	fmt.Fprintln(h, "chunk", x.chunkWords(), "min", x.minConfidence())
	if x.open {
		fmt.Fprintln(h, "open", openVersion, openWordsText, words.Readings())
		for _, k := range slices.Sorted(maps.Keys(x.corpus)) {
			fmt.Fprintln(h, "corpus", k, x.corpus[k].name)
		}
	}
	if x.llm != nil {
		fmt.Fprintln(h, x.llm.fingerprint())
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func (x *Extractor) chunkWords() int {
	if x.ChunkWords > 0 {
		return x.ChunkWords
	}
	return ChunkWords
}

func (x *Extractor) minConfidence() float64 {
	if x.MinConfidence > 0 {
		return x.MinConfidence
	}
	return MinStatementConfidence
}

// fits reports whether a triple of these types fits the schema's relation.
func (x *Extractor) fits(rel, st, ot string) bool {
	if x.schema == nil {
		return true
	}
	r := x.schema.Relation(rel)
	if r == nil {
		return false
	}
	return (len(r.From) == 0 || slices.Contains(r.From, st)) && (len(r.To) == 0 || slices.Contains(r.To, ot))
}

var itRE = regexp.MustCompile(`\b(?:it|It)\b`)

// extract reads one document: its chunks, the mentions in each chunk and
// the statements.
func (x *Extractor) extract(path, text string) ([]Chunk, []ChunkMention, []Statement) {
	chunks, members := chunkBlocks(path, splitBlocks(text), x.chunkWords())
	var mentions []ChunkMention
	var stmts []Statement
	var dc *docContext
	if x.open {
		dc = newDocContext(text)
		dc.addCorpusNames(text, x.corpus)
	}
	for ci, c := range chunks {
		if dc != nil {
			ms, ss := x.extractOpen(c, members[ci], dc)
			mentions = append(mentions, ms...)
			stmts = append(stmts, ss...)
			continue
		}
		ms, ss := x.extractChunk(c, members[ci])
		mentions = append(mentions, ms...)
		stmts = append(stmts, ss...)
	}
	return chunks, mentions, sortStatements(stmts)
}

// extractChunk reads one chunk (its blocks): the entities it mentions and
// the statements the patterns find.
func (x *Extractor) extractChunk(c Chunk, blocks []block) ([]ChunkMention, []Statement) {
	var mentions []ChunkMention
	var stmts []Statement
	seen := map[string]bool{}
	for _, b := range blocks {
		var lastSubject *Mention // "it" in a block refers to the last subject
		for _, s := range b.sentences() {
			ms := spotAll(s.text, x.dict, x.spotters)
			for _, m := range ms {
				if !seen[m.Entity.Name] {
					seen[m.Entity.Name] = true
					mentions = append(mentions, ChunkMention{
						Chunk: c.ID, Entity: m.Entity.Name, Type: m.Entity.Type, Text: m.Text,
						Line: s.line, Spotter: m.Spotter, Confidence: m.Confidence,
					})
				}
			}
			found := x.statements(c.ID, s, ms)
			for _, st := range found {
				if st.subject.Spotter != SpotCoref {
					m := st.subject
					lastSubject = &m
				}
			}
			if lastSubject != nil && itRE.MatchString(s.text) {
				// "it" refers to the block's last subject, this sentence's included.
				found = append(found, x.statements(c.ID, s, withCoreference(s.text, ms, *lastSubject))...)
			}
			for _, st := range found {
				stmts = append(stmts, st.Statement)
			}
		}
	}
	return mentions, stmts
}

// sortStatements sorts statements and drops repeats.
func sortStatements(stmts []Statement) []Statement {
	slices.SortStableFunc(stmts, compareStatements)
	return slices.CompactFunc(stmts, func(a, b Statement) bool { return compareStatements(a, b) == 0 })
}

type found struct {
	Statement
	subject Mention
}

// statements applies every pattern to a sentence with its mentions.
func (x *Extractor) statements(chunk string, s sentence, ms []Mention) []found {
	var out []found
	if len(ms) < 2 {
		return nil
	}
	masked := mask(s.text, ms)
	for _, p := range x.patterns {
		for _, pm := range p.matches(masked) {
			for _, si := range pm.subjects {
				for _, oi := range pm.objects {
					sm, om := ms[si], ms[oi]
					if sm.Entity.Name == om.Entity.Name || !x.fits(p.Relation, sm.Entity.Type, om.Entity.Type) {
						continue
					}
					conf := PatternConfidence * min(sm.Confidence, om.Confidence)
					if conf < x.minConfidence() {
						continue
					}
					out = append(out, found{subject: sm, Statement: Statement{
						Subject: sm.Entity.Name, Relation: p.Relation, Object: om.Entity.Name,
						SubjectType: sm.Entity.Type, ObjectType: om.Entity.Type,
						Chunk: chunk, Line: s.line, Sentence: s.text,
						Extractor: ExtractorName, Rule: fmt.Sprintf("%q (%s)", p.Phrase, p.Origin),
						Confidence: round3(conf),
					}})
				}
			}
		}
	}
	return out
}

// withCoreference adds "it" as a mention of the block's last subject.
func withCoreference(s string, ms []Mention, subject Mention) []Mention {
	out := slices.Clone(ms)
	for _, loc := range itRE.FindAllStringIndex(s, -1) {
		free := true
		for _, m := range ms {
			if loc[0] < m.End && m.Start < loc[1] {
				free = false
			}
		}
		if free {
			out = append(out, Mention{Entity: subject.Entity, Text: s[loc[0]:loc[1]], Start: loc[0], End: loc[1],
				Spotter: SpotCoref, Confidence: min(subject.Confidence, ConfidenceCoref)})
		}
	}
	slices.SortFunc(out, func(a, b Mention) int { return a.Start - b.Start })
	return out
}

func compareStatements(a, b Statement) int {
	for _, c := range [][2]string{{a.Subject, b.Subject}, {a.Relation, b.Relation}, {a.Object, b.Object}, {a.Chunk, b.Chunk}, {a.Rule, b.Rule}} {
		if c[0] != c[1] {
			if c[0] < c[1] {
				return -1
			}
			return 1
		}
	}
	return a.Line - b.Line
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
