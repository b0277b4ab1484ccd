package agent_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/lexicon"
	"github.com/scgraph/scgraph/memstore"
)

// Transcripts are data-driven, like etcd raft's: each file in
// testdata/transcripts holds a scenario (its graph, its question and the
// agent's options) above a line of dashes, and the expected transcript of
// the run below it. One driver runs them all; `go test ./agent -update`
// rewrites the part below the dashes. Adding a scenario needs no Go:
//
//	# what the scenario shows (comment lines start with #)
//	graph: demo                    the built-in demo graph, or
//	graph: file testdata/x.csv     a triple file (path from the repository root), or
//	graph:                         facts, one a line, subject -RELATION-> object,
//	  shipping-team:Team -OWNS-> fulfillment-service:Service   with optional :Type
//	question: Which teams are affected if the payment service goes down?
//	option: max-iterations 1       any number of options (see applyOption)
//	----
//	(the transcript)
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata/transcripts")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			runTranscript(t, f)
		})
	}
}

// scenario is the input part of a transcript file.
type scenario struct {
	header   string // the input lines, kept as written
	store    *memstore.Store
	question string
	opts     []agent.Option
}

func runTranscript(t *testing.T, path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, want, ok := strings.Cut(string(raw), "\n----\n")
	if !ok {
		t.Fatalf("%s: no line of dashes (----) between the scenario and the transcript", path)
	}
	sc, err := parseScenario(t, path, header)
	if err != nil {
		t.Fatal(err)
	}
	res, err := agent.New(sc.store, deterministic(sc.opts...)...).Run(t.Context(), sc.question)
	if res == nil {
		t.Fatalf("no result (err %v)", err)
	}
	got := transcript(res, err)
	if *update {
		if err := os.WriteFile(path, []byte(header+"\n----\n"+got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != want {
		t.Errorf("transcript differs from %s (run go test ./agent -update to accept):\n%s", path, lineDiff(want, got))
	}
}

// parseScenario reads the input part of a transcript file. Errors name the
// file and line.
func parseScenario(t testing.TB, path, header string) (*scenario, error) {
	sc := &scenario{header: header}
	var facts []graph.Triple
	inFacts := false
	sn := bufio.NewScanner(strings.NewReader(header))
	for line := 1; sn.Scan(); line++ {
		text := sn.Text()
		trimmed := strings.TrimSpace(text)
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
		}
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
			continue
		case inFacts && (strings.HasPrefix(text, " ") || strings.HasPrefix(text, "\t")):
			tr, err := parseFact(trimmed)
			if err != nil {
				return nil, fail("%v", err)
			}
			tr.Source = graph.Source{File: filepath.Base(path), Line: line}
			facts = append(facts, tr)
			continue
		}
		inFacts = false
		key, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			return nil, fail("want key: value, got %q", trimmed)
		}
		value = strings.TrimSpace(value)
		switch key {
		case "graph":
			switch {
			case value == "":
				inFacts = true
			case value == "demo":
				sc.store = demoStore(t)
			case strings.HasPrefix(value, "file "):
				st, err := memstore.Open(context.Background(), filepath.Join("..", strings.TrimSpace(strings.TrimPrefix(value, "file "))), memstore.OpenOptions{})
				if err != nil {
					return nil, fail("%v", err)
				}
				sc.store = st
			default:
				return nil, fail("graph: want demo, file PATH, or facts on the lines below")
			}
		case "question":
			sc.question = value
		case "option":
			o, err := parseOption(value)
			if err != nil {
				return nil, fail("%v", err)
			}
			sc.opts = append(sc.opts, o)
		default:
			return nil, fail("unknown key %q (want graph, question or option)", key)
		}
	}
	if len(facts) > 0 {
		st := memstore.New()
		if _, err := st.AddTriples(context.Background(), facts); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		sc.store = st
	}
	if sc.store == nil || sc.question == "" {
		return nil, fmt.Errorf("%s: a scenario needs a graph and a question", path)
	}
	return sc, nil
}

// parseFact reads "subject[:Type] -RELATION-> object[:Type]".
func parseFact(s string) (graph.Triple, error) {
	left, rest, ok := strings.Cut(s, " -")
	if !ok {
		return graph.Triple{}, fmt.Errorf("fact %q: want subject -RELATION-> object", s)
	}
	rel, right, ok := strings.Cut(rest, "-> ")
	if !ok {
		return graph.Triple{}, fmt.Errorf("fact %q: want subject -RELATION-> object", s)
	}
	var tr graph.Triple
	tr.Subject, tr.SubjectType, _ = strings.Cut(strings.TrimSpace(left), ":")
	tr.Object, tr.ObjectType, _ = strings.Cut(strings.TrimSpace(right), ":")
	tr.Relation = strings.TrimSpace(rel)
	return tr, nil
}

// parseOption reads one "option:" line: "max-iterations N", "timeout D",
// "fanout N", "hops N", "alpha F", "lexicon shipped".
func parseOption(s string) (agent.Option, error) {
	name, value, _ := strings.Cut(s, " ")
	value = strings.TrimSpace(value)
	num := func() (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("option %s: %q is not a number", name, value)
		}
		return n, nil
	}
	switch name {
	case "max-iterations", "fanout", "hops", "max-store-calls":
		n, err := num()
		if err != nil {
			return nil, err
		}
		return func(o *agent.Options) {
			switch name {
			case "max-iterations":
				o.MaxIterations = n
			case "fanout":
				o.Fanout = n
			case "hops":
				o.HopBudget = n
			case "max-store-calls":
				o.MaxStoreCalls = n
			}
		}, nil
	case "timeout":
		d, err := time.ParseDuration(value)
		if err != nil {
			return nil, fmt.Errorf("option timeout: %v", err)
		}
		return func(o *agent.Options) { o.Timeout = d }, nil
	case "alpha":
		a, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return nil, fmt.Errorf("option alpha: %v", err)
		}
		return func(o *agent.Options) { o.Alpha = a }, nil
	case "lexicon":
		if value != "shipped" {
			return nil, fmt.Errorf("option lexicon: want shipped")
		}
		return func(o *agent.Options) { o.Lexicon = lexicon.Shipped() }, nil
	}
	return nil, fmt.Errorf("unknown option %q", name)
}
