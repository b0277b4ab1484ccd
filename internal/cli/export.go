package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/memstore"
)

const exportUsage = `
Usage: scgraph export --neo4j-import DIR [flags] FILE...
       scgraph export --neo4j-finish [flags]

The first load of a very large graph into Neo4j, through neo4j-admin
database import (far faster than transactions, but only into a new or
replaced database of a stopped server):

  1. scgraph export --neo4j-import DIR FILE...
     reads the triples (any format ingest reads, snapshots too), checks
     them (a bad line stops it, naming its file and line, before anything
     is written), types the entities as ingest does, and writes
     DIR/entities.csv and DIR/relationships.csv with neo4j-admin headers.
     It prints the command for step 2.
  2. Stop Neo4j, then run the printed command, e.g.
       neo4j-admin database import full neo4j --nodes=DIR/entities.csv \
         --relationships=DIR/relationships.csv --multiline-fields=true \
         --overwrite-destination=true
     (it replaces that database; Community cannot import into a running one).
  3. Start Neo4j, then scgraph export --neo4j-finish [--schema FILE]
     creates scgraph's constraints and indexes, waits until they are online
     and stores the schema. The graph then answers exactly as after
     scgraph ingest --store neo4j with the same files.

Examples:
  scgraph export --neo4j-import kb-import testdata/zeroshot/trainticket.jsonl
  scgraph export --neo4j-import demo-import --schema internal/demo/schema.json internal/demo/graph.jsonl
  scgraph export --neo4j-finish --schema internal/demo/schema.json    # NEO4J_URI names the server
`

type exportOptions struct {
	importDir string
	finish    bool
	schema    string
	format    string
	quiet     bool
	json      bool
	neo4j     neo4jFlags
	files     []string
}

func runExport(ctx context.Context, e *env, args []string) error {
	var o exportOptions
	fs := newFlagSet("export", exportUsage, e.stderr)
	fs.StringVar(&o.importDir, "neo4j-import", "", "write neo4j-admin import CSV files into `dir`")
	fs.BoolVar(&o.finish, "neo4j-finish", false, "after neo4j-admin import: create the indexes and store the schema in the database")
	fs.StringVar(&o.schema, "schema", e.getenv("SCGRAPH_SCHEMA"), "schema `file` (JSON) to type the entities with and store (env SCGRAPH_SCHEMA)")
	fs.StringVar(&o.format, "format", "auto", "triples `format`: auto, pipe, tsv, csv, jsonl")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress display")
	fs.BoolVar(&o.json, "json", false, "print the result as JSON")
	o.neo4j.register(fs, e)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	o.files = pos
	switch {
	case o.finish && o.importDir != "":
		return usagef("--neo4j-import and --neo4j-finish are two steps: give one")
	case o.finish:
		if len(pos) > 0 {
			return usagef("--neo4j-finish takes no files (the graph is the database)")
		}
		return finishNeo4jImport(ctx, e, &o)
	case o.importDir != "":
		if len(pos) == 0 {
			return usagef("no input file given")
		}
		return exportNeo4jImport(ctx, e, &o)
	}
	return usagef("say what to export: --neo4j-import DIR FILE... (or --neo4j-finish after the import)")
}

func (o *exportOptions) readSchema() (*graph.Schema, error) {
	if o.schema == "" {
		return nil, nil
	}
	return graph.ReadSchemaFile(o.schema)
}

// exportReport is what --json prints for --neo4j-import.
type exportReport struct {
	Entities      string   `json:"entities"`
	Relationships string   `json:"relationships"`
	EntityCount   int      `json:"entity_count"`
	TripleCount   int      `json:"triple_count"`
	Command       []string `json:"command"`
}

func exportNeo4jImport(ctx context.Context, e *env, o *exportOptions) error {
	sch, err := o.readSchema()
	if err != nil {
		return err
	}
	in := ingestOptions{files: o.files}
	in.graph.format, in.graph.quiet = o.format, o.quiet
	ts, err := readInputs(ctx, e, &in, &sch)
	if err != nil {
		return err
	}
	if len(ts) == 0 {
		return fmt.Errorf("no triples in %s", strings.Join(o.files, ", "))
	}
	f, err := cypher.WriteImportFiles(o.importDir, ts, sch)
	if err != nil {
		return err
	}
	rep := exportReport{f.Entities, f.Relationships, f.EntityCount, f.TripleCount, f.AdminCommand(o.neo4j.database)}
	if o.json {
		return json.NewEncoder(e.stdout).Encode(rep)
	}
	fmt.Fprintf(e.stdout, "wrote %d entities to %s and %d triples to %s\n", rep.EntityCount, rep.Entities, rep.TripleCount, rep.Relationships)
	fmt.Fprintf(e.stdout, "next: stop Neo4j, then (this replaces database %s)\n  %s\n", o.neo4j.database, strings.Join(rep.Command, " "))
	fmt.Fprintf(e.stdout, "then start Neo4j and run: scgraph export --neo4j-finish")
	if o.schema != "" {
		fmt.Fprintf(e.stdout, " --schema %s", o.schema)
	}
	fmt.Fprintln(e.stdout)
	return nil
}

func finishNeo4jImport(ctx context.Context, e *env, o *exportOptions) error {
	sch, err := o.readSchema()
	if err != nil {
		return err
	}
	st, err := o.neo4j.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.SetSchema(ctx, sch); err != nil {
		return err
	}
	ents, triples, err := st.Stats(ctx)
	if err != nil {
		return err
	}
	if o.json {
		return json.NewEncoder(e.stdout).Encode(struct {
			Entities int `json:"entities"`
			Triples  int `json:"triples"`
		}{ents, triples})
	}
	fmt.Fprintf(e.stdout, "%s: indexes online, schema stored; %d entities, %d triples\n", st, ents, triples)
	return nil
}

// readInputs reads every input: snapshots whole (their user schema
// becomes *sch when none was given), triples files checked line by line.
func readInputs(ctx context.Context, e *env, o *ingestOptions, sch **graph.Schema) ([]graph.Triple, error) {
	var ts []graph.Triple
	var files []string
	for _, f := range o.files {
		snap, err := isSnapshotFile(f)
		if err != nil {
			return nil, err
		}
		if !snap {
			files = append(files, f)
			continue
		}
		ms, err := memstore.Open(ctx, f, memstore.OpenOptions{})
		if err != nil {
			return nil, err
		}
		ts = append(ts, ms.Triples()...)
		if *sch == nil {
			*sch = ms.UserSchema()
		}
	}
	if len(files) > 0 {
		rest := *o
		rest.files = files
		more, err := readAll(ctx, e, &rest)
		if err != nil {
			return nil, err
		}
		ts = append(ts, more...)
	}
	return ts, nil
}
