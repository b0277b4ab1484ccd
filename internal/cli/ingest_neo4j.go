package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/embed"
	"github.com/scgraph/scgraph/internal/progress"
	"github.com/scgraph/scgraph/memstore"
)

// ingestNeo4j reads and checks every input file and the schema first (a
// malformed line stops it with its file and line before anything is
// written), then writes the schema and the triples into the Neo4j
// database the flags name, in batches with a progress display, and
// prints the counts.
func ingestNeo4j(ctx context.Context, e *env, o *ingestOptions) error {
	if o.out != "" {
		return usagef("--out writes a snapshot; it cannot be combined with --store neo4j")
	}
	var sch *graph.Schema
	if o.graph.schema != "" {
		var err error
		if sch, err = graph.ReadSchemaFile(o.graph.schema); err != nil {
			return err
		}
	}
	// Snapshots are read whole; triples files are read and checked first.
	var ts []graph.Triple
	var files []string
	var snaps []string
	var snapVectors []*embed.Vectors
	for _, f := range o.files {
		snap, err := isSnapshotFile(f)
		if err != nil {
			return err
		}
		if !snap {
			files = append(files, f)
			continue
		}
		ms, err := memstore.Open(ctx, f, memstore.OpenOptions{})
		if err != nil {
			return err
		}
		vs, err := snapshotVectors(f)
		if err != nil {
			return err
		}
		snaps, snapVectors = append(snaps, f), append(snapVectors, vs)
		ts = append(ts, ms.Triples()...)
		if sch == nil {
			sch = ms.UserSchema()
		}
	}
	if len(files) > 0 {
		rest := *o
		rest.files = files
		more, err := readAll(ctx, e, &rest)
		if err != nil {
			return err
		}
		ts = append(ts, more...)
	}
	if err := o.checkNotEmpty(len(ts)); err != nil {
		return err
	}

	st, err := o.graph.neo4j.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	if sch != nil {
		if err := st.SetSchema(ctx, sch); err != nil {
			return err
		}
	}
	partial, err := st.PartialIngests(ctx)
	if err != nil {
		return err
	}
	for _, r := range partial {
		fmt.Fprintf(e.stderr, "note: a previous ingest into %s did not finish: %s; this ingest writes what is missing\n", st, r)
	}
	var bars phaseBars
	opts := cypher.IngestOptions{}
	if !o.graph.quiet {
		opts.Progress = func(phase string, done, total int) { bars.set(e.stderr, phase, done, total) }
	}
	stats, err := st.Ingest(ctx, ts, opts)
	bars.finish()
	if err != nil {
		return fmt.Errorf("%w\n(the ingest did not finish: the graph keeps what was committed and is marked partial; run the same ingest again to complete it)", err)
	}
	ents, triples, err := st.Stats(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "ingested into %s: %d triples read, %d new (%d duplicates or already stored)%s; the graph holds %d triples, %d entities\n",
		st, len(ts), stats.Added, len(ts)-stats.Added, aclSummary(stats.ACLChanged), triples, ents)
	for i, f := range snaps { // their chunk vectors (ingest_vectors.go)
		if err := loadChunkVectors(ctx, e, st, f, snapVectors[i]); err != nil {
			return err
		}
	}
	return nil
}

// isSnapshotFile reports whether the file starts like a memstore snapshot.
func isSnapshotFile(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return memstore.IsSnapshot(head[:n]), nil
}

// phaseBars shows one progress bar per ingestion phase, with its rate.
type phaseBars struct {
	phase string
	total int
	start time.Time
	bar   *progress.Bar
}

// phaseUnits names what each phase counts.
var phaseUnits = map[string]string{
	cypher.PhaseEntities: "entities",
	cypher.PhaseTriples:  "triples",
	cypher.PhaseTyping:   "entities",
	cypher.PhaseIndexes:  "indexes",
}

func (p *phaseBars) set(w io.Writer, phase string, done, total int) {
	if phase != p.phase {
		p.finish()
		p.phase, p.total, p.start = phase, total, time.Now()
		p.bar = progress.New(w, "writing "+phase, phaseUnits[phase], int64(total))
	}
	p.bar.Set(int64(done))
}

func (p *phaseBars) finish() {
	if p.bar != nil {
		rate := float64(p.total) / max(time.Since(p.start).Seconds(), 1e-6)
		p.bar.Finish(fmt.Sprintf("%d %s (%.0f/s)", p.total, phaseUnits[p.phase], rate))
		p.bar = nil
	}
}
