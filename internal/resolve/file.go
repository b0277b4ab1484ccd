package resolve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/scgraph/scgraph/graph"
)

// FileFormat is the version of the merges file format.
const FileFormat = 1

// Status is what was decided about a candidate.
type Status string

// The decisions.
const (
	Accepted Status = "accepted"
	Rejected Status = "rejected"
)

// Decision is one recorded decision about a pair of entities.
type Decision struct {
	ID         string     `json:"id"`
	Status     Status     `json:"status"`
	Keep       Entity     `json:"keep"`
	Merge      Entity     `json:"merge"`
	Evidence   []Evidence `json:"evidence"`
	Confidence float64    `json:"confidence"`
	Verdict    *Verdict   `json:"verdict,omitempty"`
	At         time.Time  `json:"at,omitzero"`
	// Undo is what an accepted merge changed in the graph.
	Undo *UndoRecord `json:"undo,omitempty"`
}

// File is the record of the merges decided on one graph, kept beside its
// snapshot (MergesPath). Accepted decisions are in the order they were
// applied.
type File struct {
	Format    int        `json:"format"`
	Decisions []Decision `json:"decisions"`
}

// MergesPath is where the merges of a snapshot are recorded:
// "corpus.snap" → "corpus.merges.json".
func MergesPath(snapshot string) string {
	ext := filepath.Ext(snapshot)
	return snapshot[:len(snapshot)-len(ext)] + ".merges.json"
}

// Decided reports whether the pair has a decision (accepted or rejected):
// such pairs are not proposed again.
func (f *File) Decided(id string) bool {
	return f != nil && slices.ContainsFunc(f.Decisions, func(d Decision) bool { return d.ID == id })
}

// Decision returns the decision about the pair, or nil.
func (f *File) Decision(id string) *Decision {
	for i := range f.Decisions {
		if f.Decisions[i].ID == id {
			return &f.Decisions[i]
		}
	}
	return nil
}

// Accept merges the candidate in g and records it.
func (f *File) Accept(g *Graph, c Candidate, at time.Time) error {
	if f.Decided(c.ID) {
		return fmt.Errorf("%s is already %s", c.ID, f.Decision(c.ID).Status)
	}
	rec, err := Apply(g, c.Keep, c.Merge)
	if err != nil {
		return err
	}
	f.Decisions = append(f.Decisions, Decision{ID: c.ID, Status: Accepted, Keep: c.Keep, Merge: c.Merge,
		Evidence: c.Evidence, Confidence: c.Confidence, Verdict: c.Verdict, At: at, Undo: &rec})
	return nil
}

// Reject records that the pair is not to be merged.
func (f *File) Reject(c Candidate, at time.Time) error {
	if f.Decided(c.ID) {
		return fmt.Errorf("%s is already %s", c.ID, f.Decision(c.ID).Status)
	}
	f.Decisions = append(f.Decisions, Decision{ID: c.ID, Status: Rejected, Keep: c.Keep, Merge: c.Merge,
		Evidence: c.Evidence, Confidence: c.Confidence, Verdict: c.Verdict, At: at})
	return nil
}

// Undo forgets a decision. For an accepted merge it restores g exactly as
// it was before the merge: the merges accepted after it are undone newest
// first, this one is undone, and the later ones are applied again (their
// undo records refreshed). A rejected pair may be proposed again.
func (f *File) Undo(g *Graph, id string) error {
	i := slices.IndexFunc(f.Decisions, func(d Decision) bool { return d.ID == id })
	if i < 0 {
		return fmt.Errorf("no decision %s is recorded", id)
	}
	if f.Decisions[i].Status != Accepted {
		f.Decisions = slices.Delete(f.Decisions, i, i+1)
		return nil
	}
	var later []int
	for j := len(f.Decisions) - 1; j > i; j-- {
		if d := f.Decisions[j]; d.Status == Accepted && d.Undo != nil {
			Undo(g, *d.Undo)
			later = append(later, j)
		}
	}
	if d := f.Decisions[i]; d.Undo != nil {
		Undo(g, *d.Undo)
	}
	for k := len(later) - 1; k >= 0; k-- {
		d := &f.Decisions[later[k]]
		rec, err := Apply(g, d.Keep, d.Merge)
		if err != nil {
			return err
		}
		d.Undo = &rec
	}
	f.Decisions = slices.Delete(f.Decisions, i, i+1)
	return nil
}

// Reapply applies the accepted merges, in order, to a graph built afresh
// (a re-ingest) and records what each changed there.
func (f *File) Reapply(g *Graph) error {
	for i := range f.Decisions {
		d := &f.Decisions[i]
		if d.Status != Accepted {
			continue
		}
		rec, err := Apply(g, d.Keep, d.Merge)
		if err != nil {
			return fmt.Errorf("merge %s: %w", d.ID, err)
		}
		d.Undo = &rec
	}
	return nil
}

// ReadFile reads a merges file; a file that does not exist is an empty
// record (os.ErrNotExist is not an error here).
func ReadFile(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return &File{Format: FileFormat}, nil
	}
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: not a merges file: %w", path, err)
	}
	if f.Format != FileFormat {
		return nil, fmt.Errorf("%s: merges file format %d, want %d", path, f.Format, FileFormat)
	}
	for i, d := range f.Decisions {
		if d.ID == "" || (d.Status != Accepted && d.Status != Rejected) || d.Keep.Name == "" || d.Merge.Name == "" {
			return nil, fmt.Errorf("%s: decisions[%d]: want an id, a status (accepted or rejected), keep and merge", path, i)
		}
	}
	return &f, nil
}

// WriteFile writes the record as JSON to a temporary file and renames it
// into place, so a reader never sees half of it.
func (f *File) WriteFile(path string) error {
	f.Format = FileFormat
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Resolved returns facts and schema as the accepted merges leave them,
// leaving f, ts and s as they are: what a document ingest builds its
// dictionary from, so that a merged name is read as an alias of the kept
// entity and no longer makes a key two entities share. With no accepted
// merge it returns ts and s themselves.
func (f *File) Resolved(ts []graph.Triple, s *graph.Schema) ([]graph.Triple, *graph.Schema, error) {
	if !slices.ContainsFunc(f.Decisions, func(d Decision) bool { return d.Status == Accepted }) {
		return ts, s, nil
	}
	g := &Graph{Triples: slices.Clone(ts), Schema: s.Clone()}
	scratch := &File{Decisions: slices.Clone(f.Decisions)}
	if err := scratch.Reapply(g); err != nil {
		return nil, nil, err
	}
	return g.Triples, g.Schema, nil
}
