package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
)

const schemaUsage = `
Usage: scgraph schema [flags]

Prints the schema of a graph: node types with their counts, relations with
their source and target types, which relations carry dependency (and so which
way failure propagates), and the aliases the planner matches in questions.
Without --schema the types are inferred from the data: an untyped entity gets
the type of the role it plays most (the objects of directed_by, ...).

Examples:
  scgraph schema                       # the demo graph's schema
  scgraph schema --graph testdata/zeroshot/trainticket.jsonl --json > schema.json   # a starting point to edit
`

type schemaOptions struct {
	graph   graphFlags
	json    bool
	timeout time.Duration
}

func runSchema(ctx context.Context, e *env, args []string) error {
	var o schemaOptions
	fs := newFlagSet("schema", schemaUsage, e.stderr)
	o.graph.register(fs, e)
	o.graph.registerGroups(fs, e)
	fs.BoolVar(&o.json, "json", false, "print the schema as JSON (the format --schema reads)")
	durationVar(fs, &o.timeout, "timeout", 30*time.Second, "", "time limit for the command (connecting to Neo4j included)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("schema takes no arguments")
	}
	if o.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.timeout)
		defer cancel()
		o.graph.neo4j.timeout = o.timeout
	}
	g, err := o.graph.open(ctx, e)
	if err != nil {
		return err
	}
	defer g.Close()
	s, err := g.Graph.Schema(ctx)
	if err != nil {
		return err
	}
	if o.json {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	printSchema(e.stdout, s, g.Desc)
	return nil
}

func printSchema(w io.Writer, s *graph.Schema, desc string) {
	how := "given"
	if s.Inferred {
		how = "inferred from the data"
	}
	fmt.Fprintf(w, "Schema of %s (%s)\n", desc, how)
	if s.Description != "" {
		fmt.Fprintf(w, "%s\n", s.Description)
	}
	fmt.Fprintf(w, "\nTypes (%d):\n", len(s.Types))
	for _, t := range s.Types {
		fmt.Fprintf(w, "  %-24s %8d", t.Name, t.Count)
		if len(t.Aliases) > 0 {
			fmt.Fprintf(w, "   aka %s", strings.Join(t.Aliases, ", "))
		}
		if len(t.NameWords) > 0 {
			fmt.Fprintf(w, "   named like: %s", strings.Join(t.NameWords, ", "))
		}
		fmt.Fprintln(w)
		if t.Inferred {
			// The name is scgraph's, not the data's: say where it comes from.
			fmt.Fprintf(w, "  %-24s %8s   a name scgraph gave (answers do not show it); %s\n", "", "", t.Description)
		}
	}
	fmt.Fprintf(w, "\nRelations (%d):\n", len(s.Relations))
	for _, r := range s.Relations {
		dep := ""
		switch r.Dependency {
		case graph.DependentSubject:
			dep = "  [dependency: subject depends on object]"
		case graph.DependentObject:
			dep = "  [dependency: object depends on subject]"
		}
		fmt.Fprintf(w, "  %-24s %8d  (%s) -> (%s)%s\n", r.Name, r.Count, strings.Join(r.From, "|"), strings.Join(r.To, "|"), dep)
		if m := meaningWords(r); m != "" {
			fmt.Fprintf(w, "  %-24s           meaning: %s\n", "", m)
		}
		if len(r.Aliases) > 0 {
			fmt.Fprintf(w, "  %-24s           reads: %s\n", "", strings.Join(r.Aliases, ", "))
		}
		if len(r.InverseAliases) > 0 {
			fmt.Fprintf(w, "  %-24s           inverse: %s\n", "", strings.Join(r.InverseAliases, ", "))
		}
		if len(r.Mirrors) > 0 {
			fmt.Fprintf(w, "  %-24s           mirrored by: %s (the same two entities, the other way round)\n", "", strings.Join(r.Mirrors, ", "))
		}
		if r.StoredAsLists() {
			fmt.Fprintf(w, "  %-24s           kept as lists: %d of its facts are stored both ways, the rest one way\n", "", r.Reciprocal)
		}
	}
	var aliased int
	var shared []string
	for _, e := range s.Entities {
		if len(e.Aliases) > 0 {
			aliased++
		}
		if len(e.OtherTypes) > 0 {
			shared = append(shared, fmt.Sprintf("%s (also %s)", e.Name, strings.Join(e.OtherTypes, ", ")))
		}
	}
	if aliased > 0 {
		fmt.Fprintf(w, "\nEntities with aliases: %d\n", aliased)
	}
	if len(shared) > 0 {
		// One node per name: the data gives these names another type too.
		fmt.Fprintf(w, "\nNames the data gives more than one type (%d; each is one entity of its most frequent type, and answers for the others): %s\n", len(shared), strings.Join(shared[:min(len(shared), 10)], "; "))
		if len(shared) > 10 {
			fmt.Fprintf(w, "  and %d more\n", len(shared)-10)
		}
	}
}

func runDiagram(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet("diagram", "\nUsage: scgraph diagram\n\nPrints the agent's state machine as a Mermaid state diagram, drawn from the\nsame transition table the agent runs on.\n", e.stderr)
	if _, err := parseArgs(fs, args); err != nil {
		return err
	}
	fmt.Fprint(e.stdout, agent.Diagram())
	return nil
}

// meaningWords says how the planner reads a relation and where that came
// from ("" for a relation of no known kind).
func meaningWords(r graph.RelationDef) string {
	c, _ := words.ParseConcept(r.Concept)
	out := words.Describe(c, r.Inverse, r.Optional, r.Delivers)
	if r.Inferred == graph.Unread {
		return "unknown: its name says nothing scgraph can read, so a dependency answer its edges could change is not certified (declare its meaning in a schema file)"
	}
	if out == "" && r.Inferred == graph.FromName {
		return "association: neither end depends on the other (read from its name)"
	}
	if out == "" {
		return ""
	}
	switch r.Inferred {
	case graph.FromName:
		return out + " (read from its name)"
	case graph.FromStructure:
		return out + " (read from the graph's structure)"
	}
	return out + " (declared)"
}
