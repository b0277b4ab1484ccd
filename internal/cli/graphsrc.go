package cli

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/access"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/progress"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/memstore"
)

func osGetenv(k string) string { return os.Getenv(k) }

// graphFlags are the flags of every command that reads a graph.
type graphFlags struct {
	graph   string
	schema  string
	format  string
	store   string
	lexicon string
	neo4j   neo4jFlags
	quiet   bool
	// groups is the --groups flag of a command that answers a caller
	// (registerGroups); caller() decides who that is.
	groups groupsFlag
}

// groupsFlag is --groups as given, and where to look when it was not.
type groupsFlag struct {
	registered bool
	given      bool
	value      string
	env        *env
}

// groupsUsage documents --groups for the commands that take it.
const groupsUsage = "answer as a caller in these `groups` (comma-separated): only public facts and facts whose acl names one of them exist; --groups= (or SCGRAPH_GROUPS set to \"\") sees public facts only; default: SCGRAPH_GROUPS when set, else every fact (the graph's owner) (env SCGRAPH_GROUPS)"

// registerGroups adds --groups to a command that answers a caller.
func (g *graphFlags) registerGroups(fs *flag.FlagSet, e *env) {
	g.groups.register(fs, e, groupsUsage)
}

// register adds the flag to fs.
func (f *groupsFlag) register(fs *flag.FlagSet, e *env, usage string) {
	*f = groupsFlag{registered: true, env: e}
	fs.Func("groups", usage, func(s string) error {
		if _, err := graph.ParseGroups(s); err != nil {
			return err
		}
		f.given, f.value = true, s
		return nil
	})
}

// caller is who the command answers: access.Setting over --groups and
// SCGRAPH_GROUPS, the one rule for every command; the owner for a command
// without --groups.
func (f *groupsFlag) caller() (access.Caller, error) {
	if !f.registered {
		return access.Owner(), nil
	}
	c, err := access.Setting(f.given, f.value, f.env.lookup)
	if err != nil {
		return access.Caller{}, usageError{err.Error()}
	}
	return c, nil
}

// caller is who the command answers (see groupsFlag.caller).
func (g *graphFlags) caller() (access.Caller, error) { return g.groups.caller() }

// scope returns the store as the command's caller sees it.
func (g *graphFlags) scope(og *openedGraph) (*openedGraph, error) {
	c, err := g.caller()
	if err != nil {
		og.Close()
		return nil, err
	}
	if !c.Scoped() {
		return og, nil
	}
	if og.Graph, err = access.Scope(og.Graph, c); err != nil {
		og.Close()
		return nil, err
	}
	og.Desc += " as " + c.String()
	return og, nil
}

func (g *graphFlags) register(fs *flag.FlagSet, e *env) {
	fs.StringVar(&g.graph, "graph", e.getenv("SCGRAPH_GRAPH"), "graph `file`: triples (pipe, TSV, CSV, JSONL) or a snapshot; default the built-in demo graph (env SCGRAPH_GRAPH)")
	fs.StringVar(&g.schema, "schema", e.getenv("SCGRAPH_SCHEMA"), "schema `file` (JSON) describing types, relations and aliases; default: inferred from the data (env SCGRAPH_SCHEMA)")
	fs.StringVar(&g.format, "format", "auto", "triples `format`: auto, pipe, tsv, csv or jsonl")
	fs.StringVar(&g.store, "store", e.getenv("SCGRAPH_STORE"), "`store`: memory (embedded, the default) or neo4j (default neo4j when NEO4J_URI is set and --graph is not) (env SCGRAPH_STORE)")
	fs.StringVar(&g.lexicon, "lexicon", e.getenv("SCGRAPH_LEXICON"), "learned relation lexicon `file` from 'scgraph lexicon learn'; default: a shipped lexicon when the graph's relations match; 'none' for none (env SCGRAPH_LEXICON)")
	fs.BoolVar(&g.quiet, "quiet", false, "no progress display")
	g.neo4j.register(fs, e)
}

// openedGraph is a graph ready for the agent.
type openedGraph struct {
	Graph agent.Store
	// Desc says what was opened, for messages.
	Desc string
	// Embedded is set for the embedded store (a file or the demo), not
	// Neo4j.
	Embedded bool
	// Demo is set when no graph was named and the built-in demo opened.
	Demo  bool
	Close func() error
}

// Answered says which store and graph answer, for the Stopped: line:
// "embedded store, graph services.txt", "Neo4j at bolt://... (database neo4j)".
func (og *openedGraph) Answered() string {
	switch {
	case og.Embedded && og.Demo:
		return "embedded store, " + og.Desc
	case og.Embedded:
		return "embedded store, graph " + og.Desc
	}
	return og.Desc
}

// shown is how results from this graph are printed for people: which
// store and graph answered, and which types role inference named (they
// are not shown).
func (og *openedGraph) shown(ctx context.Context) renderOptions {
	return renderOptions{answered: og.Answered(), hidden: inferredTypes(ctx, og.Graph)}
}

// storeKind decides between the embedded store and Neo4j.
func (g *graphFlags) storeKind() (string, error) {
	switch strings.ToLower(g.store) {
	case "memory", "mem", "embedded":
		return "memory", nil
	case "neo4j":
		return "neo4j", nil
	case "":
		if g.graph == "" && g.neo4j.uri != "" {
			return "neo4j", nil
		}
		return "memory", nil
	}
	return "", usagef("--store %q: want memory or neo4j", g.store)
}

// open opens the graph the flags name.
func (g *graphFlags) open(ctx context.Context, e *env) (*openedGraph, error) {
	kind, err := g.storeKind()
	if err != nil {
		return nil, err
	}
	if kind == "neo4j" {
		if g.graph != "" || g.schema != "" {
			return nil, usagef("--graph and --schema read files into the embedded store; with --store neo4j the graph is the database (load it with 'scgraph ingest --store neo4j FILE')")
		}
		c, err := g.caller()
		if err != nil {
			return nil, err
		}
		og, err := g.neo4j.open(ctx, e.stderr, c.Scoped())
		if err != nil {
			return nil, err
		}
		return g.scope(og)
	}
	st, desc, err := g.openMemory(ctx, e)
	if err != nil {
		return nil, err
	}
	return g.scope(&openedGraph{Graph: st, Desc: desc, Demo: g.graph == "", Embedded: true, Close: st.Close})
}

// openMemory loads the --graph file (or the demo) into the embedded store.
func (g *graphFlags) openMemory(ctx context.Context, e *env) (*memstore.Store, string, error) {
	format, err := triplefile.ParseFormat(g.format)
	if err != nil {
		return nil, "", usageError{err.Error()}
	}
	if g.graph == "" {
		st, err := demo.Open(ctx)
		return st, "built-in demo graph", err
	}
	if strings.Contains(g.graph, ",") {
		return g.openMany(ctx, e, format)
	}
	opts := memstore.OpenOptions{Format: string(format), SchemaPath: g.schema, Renamed: renamedNote(e, g.graph)}
	var bar *progress.Bar
	if !g.quiet {
		if fi, err := os.Stat(g.graph); err == nil && fi.Size() > 4<<20 {
			bar = progress.New(e.stderr, "loading "+g.graph, "B", fi.Size())
			opts.Progress = func(done, total int64) { bar.Set(done) }
		}
	}
	st, err := memstore.Open(ctx, g.graph, opts)
	if err != nil {
		return nil, "", err
	}
	if bar != nil {
		ents, triples := st.Stats()
		bar.Finish(fmt.Sprintf("%d triples, %d entities", triples, ents))
	}
	return st, g.graph, nil
}

// renamedNote returns the function that tells, on stderr, which relation
// and type names of file written in words were read as identifiers.
func renamedNote(e *env, file string) func(map[string]string) {
	return func(renamed map[string]string) {
		for _, from := range slices.Sorted(maps.Keys(renamed)) {
			fmt.Fprintf(e.stderr, "note: %s: %q read as %s (relation and type names are identifiers)\n", filepath.Base(file), from, renamed[from])
		}
	}
}

// openMany loads several triple files (--graph a.tsv,b.tsv) into one
// embedded store; every file is read and checked before any is added.
func (g *graphFlags) openMany(ctx context.Context, e *env, format triplefile.Format) (*memstore.Store, string, error) {
	var all []graph.Triple
	for _, f := range strings.Split(g.graph, ",") {
		f = strings.TrimSpace(f)
		ts, err := triplefile.Read(f, format, triplefile.Options{Renamed: renamedNote(e, f)})
		if err != nil {
			return nil, "", err
		}
		all = append(all, ts...)
	}
	st := memstore.New()
	if g.schema != "" {
		s, err := graph.ReadSchemaFile(g.schema)
		if err != nil {
			return nil, "", err
		}
		if err := st.SetSchema(ctx, s); err != nil {
			return nil, "", err
		}
	}
	if _, err := st.AddTriples(ctx, all); err != nil {
		return nil, "", err
	}
	return st, g.graph, nil
}
