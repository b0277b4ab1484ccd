package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/internal/atomicfile"
	"github.com/scgraph/scgraph/internal/gen"
)

const genUsage = `
Usage: scgraph gen --triples N -o FILE [flags]

Generates a synthetic service-dependency graph of exactly N triples, for
benchmarks at scale: services that call each other (power-law degrees),
databases, queues and caches they read, write, publish to and consume,
hosts they run on, libraries they build with, and the teams and people who
own them and are on call. The same --seed gives the same graph.

--questions writes questions in the eval JSONL format with gold answers and
paths computed from the graph (who owns X, who is on call for it, what is
affected if X goes down, what X depends on, does X depend on Y, ...), and
--schema the schema that says which relations carry dependency (pass it to
ingest so that impact questions can be answered). --hub K adds one service
called by K extra clients (counted in N): the hub case.

The triples format follows -o's extension (.jsonl, .tsv, .csv, else
subject|relation|object lines) unless --format says otherwise. JSONL and CSV
carry each entity's type; with TSV and pipe lines the types are inferred, and
some questions then ask for types the inference names otherwise. Files are
written whole or not at all. Generated graphs are big (about 130 bytes a
triple in JSONL): keep them out of the repository (bench/ is git-ignored).

Examples:
  scgraph gen --triples 50k --seed 1 -o g.jsonl --questions g-q.jsonl --schema g-schema.json
  scgraph ingest --schema g-schema.json -o g.snap g.jsonl
  scgraph eval --graph g.snap --questions g-q.jsonl
  scgraph gen --triples 60000 --hub 50000 -o hub.jsonl --questions hub-q.jsonl

scripts/bench-scale measures 1M to 10M triples this way (see docs/scale.md).
`

type genOptions struct {
	triples int
	seed    uint64
	hub     int
	// closure, when set, asks for a service about that many depend on.
	closure   int
	out       string
	format    string
	questions string
	numQ      int
	schema    string
}

// countFlag is a count that may be written 5000000, 5M, 5m or 100k.
type countFlag struct{ n *int }

func (c countFlag) String() string {
	if c.n == nil {
		return "0"
	}
	return strconv.Itoa(*c.n)
}

func (c countFlag) Set(s string) error {
	mult := 1
	t := strings.TrimSpace(s)
	switch {
	case strings.HasSuffix(t, "k"), strings.HasSuffix(t, "K"):
		mult, t = 1_000, t[:len(t)-1]
	case strings.HasSuffix(t, "m"), strings.HasSuffix(t, "M"):
		mult, t = 1_000_000, t[:len(t)-1]
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*float64(mult) > 1<<31-1 || v*float64(mult) != float64(int(v*float64(mult))) {
		return fmt.Errorf("%q is not a count (examples: 5000000, 5M, 100k)", s)
	}
	*c.n = int(v * float64(mult))
	return nil
}

func runGen(ctx context.Context, e *env, args []string) error {
	var o genOptions
	fs := newFlagSet("gen", genUsage, e.stderr)
	fs.Var(countFlag{&o.triples}, "triples", "number of triples `N` (5000000, 5M, 100k)")
	fs.Uint64Var(&o.seed, "seed", 1, "random `seed`: the same seed gives the same graph and questions")
	fs.Var(countFlag{&o.hub}, "hub", "add a hub: one service called by `K` extra client services (counted in --triples)")
	fs.Var(countFlag{&o.closure}, "closure-anchor", "also name a service about `N` entities depend on, transitively (for a benchmark's large closure)")
	fs.StringVar(&o.out, "o", "", "triples `file` to write")
	fs.StringVar(&o.out, "out", "", "same as -o")
	fs.StringVar(&o.format, "format", "auto", "triples `format`: auto (from -o's extension), jsonl, tsv, csv or pipe")
	fs.StringVar(&o.questions, "questions", "", "write questions with gold answers (eval JSONL) to `file`")
	intFlag(fs, &o.numQ, "num-questions", 200, 1, maxInt, "none", "how many questions (`N`) to write")
	fs.StringVar(&o.schema, "schema", "", "write the graph's schema (JSON) to `file`")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("gen takes no arguments (got %q)", strings.Join(pos, " "))
	}
	return generate(ctx, e, &o)
}

// genFormat decides the triples format from the flag or the extension.
func genFormat(flagValue, out string) (gen.Format, error) {
	switch f := strings.ToLower(flagValue); f {
	case "", "auto":
		switch strings.ToLower(filepath.Ext(out)) {
		case ".jsonl", ".json", ".ndjson":
			return gen.JSONL, nil
		case ".tsv":
			return gen.TSV, nil
		case ".csv":
			return gen.CSV, nil
		}
		return gen.Pipe, nil
	case "jsonl", "tsv", "csv", "pipe":
		return gen.Format(f), nil
	}
	return "", usagef("--format %q: want auto, jsonl, tsv, csv or pipe", flagValue)
}

func generate(ctx context.Context, e *env, o *genOptions) error {
	switch {
	case o.triples < 1:
		return usagef("--triples N is required (a positive count)")
	case o.out == "":
		return usagef("-o FILE is required")
	case o.hub < 0 || o.hub >= o.triples:
		return usagef("--hub %d: want fewer hub edges than --triples (%d)", o.hub, o.triples)
	case o.numQ < 0:
		return usagef("--num-questions %d is negative", o.numQ)
	}
	format, err := genFormat(o.format, o.out)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	g := gen.Generate(gen.Options{Triples: o.triples, Seed: o.seed, HubDegree: o.hub})
	if err := atomicfile.Write(o.out, func(w io.Writer) error { return g.WriteTriples(w, format) }); err != nil {
		return err
	}
	ents, trs := g.Stats()
	msg := fmt.Sprintf("wrote %s: %d triples, %d entities", o.out, trs, ents)
	if hub := g.Hub(); hub != "" {
		msg += fmt.Sprintf(" (hub %s with %d callers)", hub, o.hub)
	}
	if o.closure > 0 {
		name, n := g.ClosureAnchor(o.closure)
		msg += fmt.Sprintf("; closure anchor %s (%d dependents)", name, n)
	}
	if o.questions != "" {
		if err := ctx.Err(); err != nil {
			return err
		}
		qs := g.Questions(o.numQ)
		if err := atomicfile.Write(o.questions, func(w io.Writer) error { return gen.WriteQuestions(w, qs) }); err != nil {
			return err
		}
		msg += fmt.Sprintf("; %s: %d questions", o.questions, len(qs))
	}
	if o.schema != "" {
		data, err := json.MarshalIndent(gen.Schema(), "", "  ")
		if err != nil {
			return err
		}
		if err := atomicfile.Write(o.schema, func(w io.Writer) error {
			_, err := w.Write(append(data, '\n'))
			return err
		}); err != nil {
			return err
		}
		msg += "; schema " + o.schema
	}
	fmt.Fprintln(e.stdout, msg)
	return nil
}
