package docs

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
)

// The node types and relations of the document graph.
const (
	TypeDocument = "Document"
	TypeChunk    = "Chunk"
	RelPartOf    = "PART_OF"
	RelMentions  = "MENTIONS"
)

// IndexFormat is the version of the index file format.
const IndexFormat = 1

// Document is one ingested document.
type Document struct {
	// Path is the document's slash path relative to the ingested folder;
	// it is the Document node's name.
	Path string `json:"path"`
	// Hash is the SHA-256 of the file's bytes, in hex.
	Hash string `json:"hash"`
	// Version is 1 when the document is first ingested, and raised each
	// time it is ingested with another hash.
	Version    int            `json:"version"`
	Chunks     []Chunk        `json:"chunks"`
	Mentions   []ChunkMention `json:"mentions"`
	Statements []Statement    `json:"statements"`
}

// Index is what ingesting a folder of documents keeps: the documents with
// their chunks, mentions and statements, sorted by path. The graph is
// derived from it (Triples).
type Index struct {
	Format int `json:"format"`
	// Extractor is the fingerprint of the extractor the statements were
	// made with.
	Extractor string `json:"extractor"`
	// Open is true when the open-vocabulary extractor read the documents
	// (no schema, no dictionary): the graph is open-world (facts read from
	// prose are never all the facts), and names are resolved across the
	// documents (resolve.go).
	Open      bool       `json:"open,omitempty"`
	Documents []Document `json:"documents"`
}

// Report says what an ingest did, document by document.
type Report struct {
	Added     []string  `json:"added"`
	Changed   []string  `json:"changed"`
	Unchanged []string  `json:"unchanged"`
	Removed   []string  `json:"removed"`
	Skipped   []Skipped `json:"skipped"`
	// Reextracted are unchanged documents extracted again because the
	// extractor changed.
	Reextracted []string `json:"reextracted"`
}

// Options tune Ingest.
type Options struct {
	// Progress, when set, is called after each document.
	Progress func(done, total int, path string)
}

// Ingest reads the documents under root (a folder or one file) and returns
// the new index. With prev (the index of an earlier ingest of the same
// folder), only new and changed documents are extracted; the others are
// carried over. A file that cannot be read, or is not UTF-8 text, is
// reported in Report.Skipped and the rest go on; if prev held an earlier
// version of it, that version is kept.
func Ingest(ctx context.Context, root string, prev *Index, x *Extractor, opts Options) (*Index, Report, error) {
	var rep Report
	paths, err := listDocuments(root)
	if err != nil {
		return nil, rep, err
	}
	old := map[string]*Document{}
	if x.open {
		x.readCorpus(root, paths)
	}
	fingerprint := x.Fingerprint()
	sameExtractor := false
	if prev != nil {
		sameExtractor = prev.Extractor == fingerprint
		for i := range prev.Documents {
			old[prev.Documents[i].Path] = &prev.Documents[i]
		}
	}
	ix := &Index{Format: IndexFormat, Extractor: fingerprint, Open: x.Open()}
	seen := map[string]bool{}
	for i, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, rep, err
		}
		seen[p] = true
		src, err := readDocument(root, p)
		before := old[p]
		switch {
		case err != nil:
			rep.Skipped = append(rep.Skipped, Skipped{Path: p, Err: err.Error()})
			if before != nil {
				ix.Documents = append(ix.Documents, *before)
			}
		case before != nil && before.Hash == src.Hash && sameExtractor:
			rep.Unchanged = append(rep.Unchanged, p)
			ix.Documents = append(ix.Documents, *before)
		default:
			d := Document{Path: p, Hash: src.Hash, Version: 1}
			switch {
			case before == nil:
				rep.Added = append(rep.Added, p)
			case before.Hash == src.Hash:
				d.Version = before.Version
				rep.Reextracted = append(rep.Reextracted, p)
			default:
				d.Version = before.Version + 1
				rep.Changed = append(rep.Changed, p)
			}
			if d.Chunks, d.Mentions, d.Statements, err = x.extractDocument(ctx, p, src.Text); err != nil {
				return nil, rep, fmt.Errorf("%s: %w", p, err)
			}
			ix.Documents = append(ix.Documents, d)
		}
		if opts.Progress != nil {
			opts.Progress(i+1, len(paths), p)
		}
	}
	if prev != nil {
		for _, d := range prev.Documents {
			if !seen[d.Path] {
				rep.Removed = append(rep.Removed, d.Path)
			}
		}
	}
	return ix, rep, nil
}

// Document returns the document with the path, or nil.
func (ix *Index) Document(path string) *Document {
	i, ok := slices.BinarySearchFunc(ix.Documents, path, func(d Document, p string) int { return cmp.Compare(d.Path, p) })
	if !ok {
		return nil
	}
	return &ix.Documents[i]
}

// Chunk returns the chunk with the ID.
func (ix *Index) Chunk(id string) (Chunk, bool) {
	for _, d := range ix.Documents {
		for _, c := range d.Chunks {
			if c.ID == id {
				return c, true
			}
		}
	}
	return Chunk{}, false
}

// Support is a statement of a fact with its document's version: the
// provenance of an extracted edge.
type Support struct {
	Document string `json:"document"`
	Version  int    `json:"version"`
	Statement
}

// Support lists every statement of the fact subject -relation-> object,
// by document and line.
func (ix *Index) Support(subject, relation, object string) []Support {
	var out []Support
	res := ix.resolution()
	for _, d := range ix.Documents {
		for _, s := range d.Statements {
			s = resolveStatement(s, res)
			if s.Subject == subject && s.Relation == relation && s.Object == object {
				out = append(out, Support{Document: d.Path, Version: d.Version, Statement: s})
			}
		}
	}
	return out
}

// resolveStatement names a statement's ends by their resolved entities.
func resolveStatement(s Statement, res map[string]resolved) Statement {
	if r, ok := res[s.Subject]; ok {
		s.Subject, s.SubjectType = r.Name, r.Type
	}
	if r, ok := res[s.Object]; ok {
		s.Object, s.ObjectType = r.Name, r.Type
	}
	switch {
	case s.Phrase != "" && callsService(s.Phrase, s.ObjectType):
		// "queries quote": the name is a service's across the documents.
		s.Phrase, s.Relation = "call", RelationName(canonicalPhrase("call"))
	case s.Phrase != "" && consumesQueue(s.Phrase, s.ObjectType):
		s.Phrase, s.Relation = "consume", RelationName(canonicalPhrase("consume"))
	}
	return s
}

// Facts returns the distinct facts the documents state (no PART_OF or
// MENTIONS edges), sorted.
func (ix *Index) Facts() []graph.Triple {
	var out []graph.Triple
	res := ix.resolution()
	var unread []graph.Triple
	anchored := map[string]bool{}
	for _, d := range ix.Documents {
		for _, s := range d.Statements {
			t := resolveStatement(s, res).Triple()
			if t.Subject == t.Object {
				continue // two names of one entity, joined by the resolution
			}
			t.Source = graph.Source{File: d.Path, Line: s.Line}
			if ix.Open && strings.HasPrefix(s.Rule, "open: ") && !knownRelation(s.Phrase) {
				unread = append(unread, t)
				continue
			}
			anchored[t.Subject], anchored[t.Object] = true, true
			out = append(out, t)
		}
	}
	// A fact whose verb names no relation the lists know (knownRelation:
	// "X provides scalable storage", "the control plane contains CA") is
	// kept between two names written as names ("Issuers issue
	// Certificates": a relation of the domain a question may ask by its
	// verb) or between two entities that facts of known relations name too;
	// with an end in plain words and no other fact, such a verb is mostly
	// a reading of the wrong words.
	for _, t := range unread {
		if anchored[t.Subject] && anchored[t.Object] || writtenName(t.Subject) && writtenName(t.Object) {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, compareTriples)
	return slices.CompactFunc(out, func(a, b graph.Triple) bool { return compareTriples(a, b) == 0 })
}

// Triples returns the graph of the index: every chunk PART_OF its
// document, every chunk MENTIONS each entity spotted in it, and the facts,
// each once with the source of its first statement (by document path and
// line). The same index always gives the same triples in the same order.
func (ix *Index) Triples() []graph.Triple {
	var out []graph.Triple
	res := ix.resolution()
	for _, d := range ix.Documents {
		for _, c := range d.Chunks {
			out = append(out, graph.Triple{Subject: c.ID, Relation: RelPartOf, Object: d.Path,
				SubjectType: TypeChunk, ObjectType: TypeDocument, Source: graph.Source{File: d.Path, Line: c.StartLine}})
		}
		for _, m := range d.Mentions {
			if r, ok := res[m.Entity]; ok {
				m.Entity, m.Type = r.Name, r.Type
			}
			out = append(out, graph.Triple{Subject: m.Chunk, Relation: RelMentions, Object: m.Entity,
				SubjectType: TypeChunk, ObjectType: m.Type, Source: graph.Source{File: d.Path, Line: m.Line}})
		}
	}
	slices.SortStableFunc(out, compareTriples)
	out = slices.CompactFunc(out, func(a, b graph.Triple) bool { return compareTriples(a, b) == 0 })
	return append(out, ix.Facts()...)
}

func compareTriples(a, b graph.Triple) int {
	return cmp.Or(cmp.Compare(a.Subject, b.Subject), cmp.Compare(a.Relation, b.Relation), cmp.Compare(a.Object, b.Object))
}

// SchemaFor returns base (which it does not change) with the document
// graph's types and relations added: Document, Chunk, the regex spotters'
// types, PART_OF and MENTIONS (neither a dependency).
func SchemaFor(base *graph.Schema) *graph.Schema {
	s := &graph.Schema{}
	if base != nil {
		s = base.Clone()
	}
	addType := func(name, desc string) {
		if s.Type(name) == nil {
			s.Types = append(s.Types, graph.TypeDef{Name: name, Description: desc})
		}
	}
	addType(TypeDocument, "An ingested document; its name is its path.")
	addType(TypeChunk, "A passage of a document; its name is PATH#N.")
	for _, sp := range DefaultSpotters() {
		addType(sp.Type, "Recognised in documents by a regular expression.")
	}
	if s.Relation(RelPartOf) == nil {
		s.Relations = append(s.Relations, graph.RelationDef{Name: RelPartOf, From: []string{TypeChunk}, To: []string{TypeDocument},
			Description: "The chunk is a passage of the document."})
	}
	if s.Relation(RelMentions) == nil {
		s.Relations = append(s.Relations, graph.RelationDef{Name: RelMentions, From: []string{TypeChunk},
			Description: "The chunk names the entity."})
	}
	return s
}

// ReadIndexFile reads an index written by WriteFile.
func ReadIndexFile(path string) (*Index, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseIndex(b, path)
}

// ParseIndex reads an index from its JSON; name says where it came from,
// for errors.
func ParseIndex(b []byte, name string) (*Index, error) {
	var ix Index
	if err := json.Unmarshal(b, &ix); err != nil {
		return nil, fmt.Errorf("%s: not a document index: %w", name, err)
	}
	if ix.Format != IndexFormat {
		return nil, fmt.Errorf("%s: document index format %d, want %d", name, ix.Format, IndexFormat)
	}
	return &ix, nil
}

// WriteFile writes the index as JSON to a temporary file and renames it
// into place, so a reader never sees half an index.
func (ix *Index) WriteFile(path string) error {
	return atomicfile.WriteJSON(path, ix)
}

// IndexPath is where the document index of a snapshot lives: beside it,
// "corpus.snap" → "corpus.docs.json".
func IndexPath(snapshot string) string {
	ext := filepath.Ext(snapshot)
	return snapshot[:len(snapshot)-len(ext)] + ".docs.json"
}

// writtenName reports whether a name is written as a name: a capital
// letter, a digit or an identifier's punctuation in it.
func writtenName(n string) bool {
	return strings.ContainsFunc(n, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("-_./`", r) })
}
