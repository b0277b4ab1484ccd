package community

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/embed"
)

// FileFormat is the version of the communities file format.
const FileFormat = 1

// Community is a group of closely linked entities with its summary.
type Community struct {
	// ID is derived from the member set: the same members, the same ID.
	ID string `json:"id"`
	// Title names the community for people: its most central members.
	Title string `json:"title"`
	Material
	// Fingerprint is the hash of the material; the summary and vector are
	// kept while it does not change.
	Fingerprint string `json:"fingerprint"`
	// Summary is the text that answers global questions: written by
	// Writer ("extractive", or "llm:MODEL").
	Summary string `json:"summary"`
	Writer  string `json:"writer"`
	// Vector embeds the title and summary.
	Vector []float32 `json:"vector,omitempty"`
}

// File is what is kept beside a snapshot: its communities and how they
// were made.
type File struct {
	Format int `json:"format"`
	// Embedder names the embedder of the vectors; questions must be
	// embedded by the same one.
	Embedder   string  `json:"embedder"`
	Resolution float64 `json:"resolution"`
	// Facts is the hash of the entity facts the communities were found
	// on: while it holds, the partition is reused, not computed again.
	Facts       string      `json:"facts"`
	Communities []Community `json:"communities"`
}

// Input is what communities are built from.
type Input struct {
	// Facts are the graph's triples; EntityFacts picks those between
	// entities.
	Facts []graph.Triple
	// Schema says which relations carry dependency (for dependents and
	// single points of failure); nil means none does.
	Schema *graph.Schema
	// Index is the document index, for the documents and passages that
	// mention members; nil means no citations.
	Index *docs.Index
}

// Writer writes a community's summary from its material.
type Writer interface {
	// Name is recorded as the summary's writer.
	Name() string
	Write(ctx context.Context, m Material) (string, error)
}

// Options tune Build. The zero value gives the defaults.
type Options struct {
	Resolution    float64
	MaxKeyFacts   int
	MaxPassages   int
	MinDependents int
	// Embedder embeds summaries, named EmbedderName. Default
	// embed.NewHashed(), "hashed-512".
	Embedder     embeddings.Embedder
	EmbedderName string
	// Writer, when set, writes the summaries (a ModelWriter); when it
	// fails, the extractive summary is kept and the failure reported.
	Writer Writer
}

func (o Options) withDefaults() Options {
	if o.Resolution <= 0 {
		o.Resolution = DefaultResolution
	}
	if o.MaxKeyFacts <= 0 {
		o.MaxKeyFacts = DefaultMaxKeyFacts
	}
	if o.MaxPassages <= 0 {
		o.MaxPassages = DefaultMaxPassages
	}
	if o.MinDependents <= 0 {
		o.MinDependents = DefaultMinDependents
	}
	if o.Embedder == nil {
		o.Embedder, o.EmbedderName = embed.NewHashed(), DefaultEmbedderName
	}
	return o
}

// MaxWriterFailuresInARow is how many consecutive failed calls make Build
// stop asking the model; the remaining communities keep the extractive
// summary, reported.
const MaxWriterFailuresInARow = 3

// DefaultEmbedderName names the default embedder, embed.NewHashed().
const DefaultEmbedderName = "hashed-512"

// Report says what Build did with each community, by ID.
type Report struct {
	// Kept communities' material did not change: their summary and vector
	// were carried over.
	Kept []string `json:"kept"`
	// Written communities are new or changed: summarised and embedded.
	Written []string `json:"written"`
	// Dropped are the earlier communities whose member set no longer
	// exists.
	Dropped []string `json:"dropped"`
	// WriterFailures are the communities whose model summary failed or
	// was rejected, with why; they have the extractive summary.
	WriterFailures []WriterFailure `json:"writer_failures,omitempty"`
}

// WriterFailure is a model summary that was not used.
type WriterFailure struct {
	Community string `json:"community"`
	Err       string `json:"error"`
}

// Changed reports whether Build changed anything.
func (r Report) Changed() bool { return len(r.Written) > 0 || len(r.Dropped) > 0 }

// Build finds the communities of the input and summarises them. With prev
// (the file of an earlier build), a community whose material is unchanged
// keeps its summary and vector, unless a model is now configured and the
// earlier summary was extractive; the others are written and embedded
// again. The result depends only on the input, prev and the options.
func Build(ctx context.Context, in Input, prev *File, opts Options) (*File, Report, error) {
	opts = opts.withDefaults()
	var rep Report
	facts := EntityFacts(in.Facts)
	view := newGraphView(facts, in.Schema)
	old := map[string]*Community{}
	if prev != nil && prev.Embedder == opts.EmbedderName {
		for i := range prev.Communities {
			c := &prev.Communities[i]
			old[c.Fingerprint] = c
		}
	}
	f := &File{Format: FileFormat, Embedder: opts.EmbedderName, Resolution: opts.Resolution}
	var toEmbed []int
	// failedInARow counts the writer's consecutive failures (a rejected
	// reply is not one): a model that is down is not asked for every
	// community, each waiting out its timeout.
	failedInARow := 0
	f.Facts = factsFingerprint(facts)
	var partition [][]string
	if prev != nil && prev.Facts == f.Facts && prev.Resolution == f.Resolution {
		// The same facts give the same communities: Louvain is not run again.
		for _, c := range prev.Communities {
			var members []string
			for _, m := range c.Members {
				members = append(members, m.Name)
			}
			slices.Sort(members)
			partition = append(partition, members)
		}
	} else {
		partition = Detect(facts, opts.Resolution)
	}
	for _, members := range partition {
		if err := ctx.Err(); err != nil {
			return nil, rep, err
		}
		m := material(members, facts, view, in.Index, opts)
		c := Community{ID: communityID(members), Title: title(m), Material: m, Fingerprint: m.fingerprint()}
		if o := old[c.Fingerprint]; o != nil && o.ID == c.ID && (opts.Writer == nil || o.Writer != Extractive) {
			c.Summary, c.Writer, c.Vector = o.Summary, o.Writer, o.Vector
			delete(old, c.Fingerprint)
			rep.Kept = append(rep.Kept, c.ID)
			f.Communities = append(f.Communities, c)
			continue
		}
		c.Summary, c.Writer = extractiveSummary(m), Extractive
		switch {
		case opts.Writer != nil && failedInARow >= MaxWriterFailuresInARow:
			rep.WriterFailures = append(rep.WriterFailures, WriterFailure{Community: c.ID,
				Err: fmt.Sprintf("not asked: the model failed %d times in a row", failedInARow)})
		case opts.Writer != nil:
			s, err := opts.Writer.Write(ctx, m)
			switch {
			case err == nil:
				c.Summary, c.Writer = s, opts.Writer.Name()
				failedInARow = 0
			case ctx.Err() != nil:
				return nil, rep, ctx.Err()
			default:
				if !errors.Is(err, ErrRejected) {
					failedInARow++
				}
				rep.WriterFailures = append(rep.WriterFailures, WriterFailure{Community: c.ID, Err: err.Error()})
			}
		}
		rep.Written = append(rep.Written, c.ID)
		toEmbed = append(toEmbed, len(f.Communities))
		f.Communities = append(f.Communities, c)
	}
	if prev != nil {
		now := map[string]bool{}
		for _, c := range f.Communities {
			now[c.ID] = true
		}
		for _, c := range prev.Communities {
			if !now[c.ID] {
				rep.Dropped = append(rep.Dropped, c.ID)
			}
		}
	}
	if len(toEmbed) > 0 {
		texts := make([]string, len(toEmbed))
		for i, k := range toEmbed {
			texts[i] = embeddingText(f.Communities[k])
		}
		vs, err := opts.Embedder.EmbedDocuments(ctx, texts)
		if err != nil {
			return nil, rep, fmt.Errorf("embedding community summaries: %w", err)
		}
		if len(vs) != len(texts) {
			return nil, rep, fmt.Errorf("embedding community summaries: %d vectors for %d texts", len(vs), len(texts))
		}
		for i, k := range toEmbed {
			f.Communities[k].Vector = vs[i]
		}
	}
	return f, rep, nil
}

// factsFingerprint hashes the distinct entity facts, in order.
func factsFingerprint(facts []graph.Triple) string {
	keys := make([]string, len(facts))
	for i, t := range facts {
		keys[i] = t.Subject + "\x00" + t.Relation + "\x00" + t.Object
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	h := sha256.New()
	for _, k := range keys {
		h.Write([]byte(k))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

func embeddingText(c Community) string { return c.Title + ". " + c.Summary }

// Path is where the communities of a snapshot live: beside it,
// "corpus.snap" → "corpus.communities.json".
func Path(snapshot string) string {
	ext := filepath.Ext(snapshot)
	return snapshot[:len(snapshot)-len(ext)] + ".communities.json"
}

// ReadFile reads a file written by WriteFile.
func ReadFile(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: not a communities file: %w", path, err)
	}
	if f.Format != FileFormat {
		return nil, fmt.Errorf("%s: communities file format %d, want %d", path, f.Format, FileFormat)
	}
	for i, c := range f.Communities {
		if c.ID == "" || len(c.Vector) == 0 {
			return nil, fmt.Errorf("%s: communities[%d]: no id or no vector", path, i)
		}
	}
	return &f, nil
}

// WriteFile writes the file as JSON to a temporary file and renames it
// into place, so a reader never sees half of it.
func (f *File) WriteFile(path string) error {
	return atomicfile.WriteJSON(path, f)
}
