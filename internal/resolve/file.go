package resolve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/atomicfile"
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

// Accepted counts the accepted merges.
func (f *File) Accepted() int {
	n := 0
	for _, d := range f.Decisions {
		if d.Status == Accepted {
			n++
		}
	}
	return n
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

// Undo forgets decisions. For accepted merges it restores g exactly as it
// was before them: the merges accepted from the earliest of them on are
// undone newest first, and the later ones not forgotten are applied again
// (their undo records refreshed). A rejected pair may be proposed again.
func (f *File) Undo(g *Graph, ids ...string) error {
	forget := map[string]bool{}
	first := len(f.Decisions)
	for _, id := range ids {
		i := slices.IndexFunc(f.Decisions, func(d Decision) bool { return d.ID == id })
		if i < 0 {
			return fmt.Errorf("no decision %s is recorded", id)
		}
		forget[id] = true
		if f.Decisions[i].Status == Accepted {
			first = min(first, i)
		}
	}
	var undo []UndoRecord
	var again []int
	for j := first; j < len(f.Decisions); j++ {
		d := f.Decisions[j]
		if d.Status != Accepted || d.Undo == nil {
			continue
		}
		undo = append(undo, *d.Undo)
		if !forget[d.ID] {
			again = append(again, j)
		}
	}
	UndoAll(g, undo)
	pairs := make([]Pair, len(again))
	for k, j := range again {
		pairs[k] = Pair{Keep: f.Decisions[j].Keep, Merge: f.Decisions[j].Merge}
	}
	redone, err := ApplyAll(g, pairs)
	if err != nil {
		return err
	}
	for k, j := range again {
		f.Decisions[j].Undo = &redone[k]
	}
	f.Decisions = slices.DeleteFunc(f.Decisions, func(d Decision) bool { return forget[d.ID] })
	return nil
}

// Reapply applies the accepted merges, in order, to a graph built afresh
// (a re-ingest) and records what each changed there.
func (f *File) Reapply(g *Graph) error {
	var pairs []Pair
	var which []int
	for i, d := range f.Decisions {
		if d.Status == Accepted {
			pairs = append(pairs, Pair{Keep: d.Keep, Merge: d.Merge})
			which = append(which, i)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	recs, err := ApplyAll(g, pairs)
	if err != nil {
		return err
	}
	for k, i := range which {
		f.Decisions[i].Undo = &recs[k]
	}
	return nil
}

// AcceptAll merges the candidates in g, in order, and records them.
func (f *File) AcceptAll(g *Graph, cands []Candidate, at time.Time) error {
	pairs := make([]Pair, len(cands))
	seen := map[string]bool{}
	for i, c := range cands {
		if f.Decided(c.ID) || seen[c.ID] {
			return fmt.Errorf("%s is already decided", c.ID)
		}
		seen[c.ID] = true
		pairs[i] = Pair{Keep: c.Keep, Merge: c.Merge}
	}
	recs, err := ApplyAll(g, pairs)
	if err != nil {
		return err
	}
	for i, c := range cands {
		f.Decisions = append(f.Decisions, Decision{ID: c.ID, Status: Accepted, Keep: c.Keep, Merge: c.Merge,
			Evidence: c.Evidence, Confidence: c.Confidence, Verdict: c.Verdict, At: at, Undo: &recs[i]})
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
	return atomicfile.WriteJSON(path, f)
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
