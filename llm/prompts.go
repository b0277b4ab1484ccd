package llm

import (
	"embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Every prompt the package sends is a text/template in prompts/, embedded
// in the binary. testdata/*.golden holds each one rendered on the demo
// graph (go test ./llm -update rewrites them), so a change to a prompt
// shows in review as a diff of what the model reads.

//go:embed prompts/*.tmpl
var promptFS embed.FS

// The templates.
const (
	tmplPlanner       = "planner.tmpl"
	tmplPlannerRepair = "planner_repair.tmpl"
	tmplCritic        = "critic.tmpl"
	tmplAnswer        = "answer.tmpl"
	tmplAnswerRepair  = "answer_repair.tmpl"
)

var prompts = template.Must(template.New("prompts").Funcs(template.FuncMap{
	"join": strings.Join,
	"inc":  func(i int) int { return i + 1 },
}).Option("missingkey=error").ParseFS(promptFS, "prompts/*.tmpl"))

// render executes a prompt template.
func render(name string, data any) (string, error) {
	var b strings.Builder
	if err := prompts.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("llm: render prompt %s: %w", name, err)
	}
	return b.String(), nil
}

// plannerData fills planner.tmpl.
type plannerData struct {
	Question string
	Schema   schemaView
	Linked   []state.Anchor
	MaxHops  int
}

// schemaView is the part of the schema the planner prompt shows.
type schemaView struct {
	Name, Description string
	Types             []typeView
	Relations         []relationView
}

type typeView struct {
	Name, Description string
	Aliases           []string
}

type relationView struct {
	Name, Description       string
	From, To                []string
	Aliases, InverseAliases []string
	Dependency              string
	// Meaning is the relation's concept read subject to object, as the
	// rules read it (declared, or inferred from its name or structure).
	Meaning string
}

// maxAliases caps the aliases shown per type or relation.
const maxAliases = 6

func viewSchema(s *graph.Schema) schemaView {
	v := schemaView{Name: s.Name, Description: s.Description}
	if v.Name == "" {
		v.Name = "knowledge graph"
	}
	for _, t := range s.Types {
		v.Types = append(v.Types, typeView{Name: t.Name, Description: t.Description, Aliases: capped(t.Aliases, maxAliases)})
	}
	for _, r := range s.Relations {
		rv := relationView{
			Name: r.Name, Description: strings.TrimSuffix(r.Description, "."),
			From: orAny(r.From), To: orAny(r.To),
			Aliases: capped(r.Aliases, maxAliases), InverseAliases: capped(r.InverseAliases, maxAliases),
		}
		// A dependency's failure direction is said below; other concepts
		// (and an optional dependency) are said here.
		if c, ok := words.ParseConcept(r.Concept); ok && (c != words.Dependency || r.Optional) {
			rv.Meaning = words.Describe(c, r.Inverse, r.Optional, r.Delivers)
		}
		switch r.Dependency {
		case graph.DependentSubject:
			rv.Dependency = "the subject is affected when the object fails"
		case graph.DependentObject:
			rv.Dependency = "the object is affected when the subject changes or fails"
		}
		v.Relations = append(v.Relations, rv)
	}
	return v
}

func capped(ss []string, n int) []string {
	if len(ss) > n {
		return ss[:n]
	}
	return ss
}

func orAny(ss []string) []string {
	if len(ss) == 0 {
		return []string{"any"}
	}
	return ss
}

// repairData fills planner_repair.tmpl and answer_repair.tmpl.
type repairData struct {
	Problems []string
	// Paths is the number of evidence paths (answer repairs).
	Paths int
}

// criticData fills critic.tmpl.
type criticData struct {
	Question   string
	Anchors    []string
	Target     string
	Chain      string
	HopBudget  int
	RuleReason string
	Answers    []string
	DeadEnds   []deadEndView
}

type deadEndView struct {
	Node, Type, Path, Missing string
}

// answerData fills answer.tmpl.
type answerData struct {
	Question string
	Answers  []string
	Draft    string
	Complete bool
	Paths    []string
}
