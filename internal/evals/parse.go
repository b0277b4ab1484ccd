package evals

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/state"
)

// Format names a question file format.
type Format string

// The question formats. FormatAuto detects the format from the first
// non-blank line (DetectFormat).
const (
	FormatAuto         Format = "auto"
	FormatJSONL        Format = "jsonl"        // {"id","question","answers",...} a line
	FormatMetaQA       Format = "metaqa"       // question<TAB>a|b, topic entity in [brackets]
	FormatPathQuestion Format = "pathquestion" // question<TAB>answer(a/b/)<TAB>gold#path
)

// ParseFormat reads a format name: auto (or ""), jsonl, metaqa or
// pathquestion (pq), case-insensitive.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "", FormatAuto:
		return FormatAuto, nil
	case FormatJSONL, FormatMetaQA, FormatPathQuestion:
		return f, nil
	case "pq", "pql":
		return FormatPathQuestion, nil
	}
	return "", fmt.Errorf("evals: unknown question format %q (want auto, jsonl, metaqa or pathquestion)", s)
}

// DetectFormat decides the format of a question file from its first
// non-blank line: a JSON object is JSONL; three tab-separated fields whose
// last holds "#" are PathQuestion; two fields with a [bracketed] entity are
// MetaQA. The error names the file and line.
func DetectFormat(name string, head []byte) (Format, error) {
	line := 0
	for len(head) > 0 {
		var l []byte
		l, head, _ = bytes.Cut(head, []byte("\n"))
		line++
		t := bytes.TrimSpace(l)
		if len(t) == 0 {
			continue
		}
		if t[0] == '{' {
			return FormatJSONL, nil
		}
		fields := strings.Split(strings.TrimRight(string(l), "\r"), "\t")
		switch {
		case len(fields) == 3 && strings.Contains(fields[2], "#"):
			return FormatPathQuestion, nil
		case len(fields) == 2 && bracketRE.MatchString(fields[0]):
			return FormatMetaQA, nil
		}
		return "", &triplefile.LineError{File: name, Line: line, Err: errors.New("cannot tell the question format: expected a JSON object, question<TAB>answers with a [bracketed] entity (MetaQA) or question<TAB>answer(alternatives/)<TAB>path (PathQuestion); pass --format")}
	}
	return "", fmt.Errorf("%s: no questions (the file is empty)", name)
}

// Dataset is one question file, parsed.
type Dataset struct {
	// Name is a short name for reports: the file's name with the folders
	// that tell MetaQA sets apart ("3-hop/vanilla/qa_dev").
	Name string `json:"name"`
	// Path is the file as given.
	Path      string     `json:"path"`
	Format    Format     `json:"format"`
	Questions []Question `json:"-"`
}

// Load reads a question file in the given format (FormatAuto detects it).
// For MetaQA, the hop count comes from the folder name (1-hop, 2-hop,
// 3-hop) and each question's relation chain from the qtype file next to
// it (QtypePath), when there is one. Errors name the file and line.
func Load(path string, format Format) (*Dataset, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("evals: %w", err)
	}
	if format == "" || format == FormatAuto {
		head := data[:min(len(data), 64<<10)]
		if format, err = DetectFormat(path, head); err != nil {
			return nil, err
		}
	}
	ds := &Dataset{Name: DatasetName(path), Path: path, Format: format}
	switch format {
	case FormatJSONL:
		ds.Questions, err = ParseJSONL(bytes.NewReader(data), path)
	case FormatPathQuestion:
		ds.Questions, err = ParsePathQuestion(bytes.NewReader(data), path)
	case FormatMetaQA:
		var qtypes []string
		qp := QtypePath(path)
		if qd, qerr := os.ReadFile(qp); qerr == nil {
			qtypes = strings.Split(strings.TrimRight(string(qd), "\n"), "\n")
		} else if !errors.Is(qerr, os.ErrNotExist) {
			return nil, fmt.Errorf("evals: %w", qerr)
		} else {
			qp = ""
		}
		ds.Questions, err = ParseMetaQA(bytes.NewReader(data), path, MetaQAHops(path), qtypes, qp)
	default:
		return nil, fmt.Errorf("evals: unknown question format %q", format)
	}
	if err != nil {
		return nil, err
	}
	return ds, nil
}

var hopDirRE = regexp.MustCompile(`^(\d+)-hop$`)

// MetaQAHops reads the hop count from a MetaQA path's folder names
// ("…/3-hop/vanilla/qa_dev.txt" gives 3); 0 when there is none.
func MetaQAHops(path string) int {
	dir := filepath.Dir(path)
	for dir != "." && dir != string(filepath.Separator) && dir != "" {
		if m := hopDirRE.FindStringSubmatch(filepath.Base(dir)); m != nil {
			n, _ := strconv.Atoi(m[1])
			return n
		}
		next := filepath.Dir(dir)
		if next == dir {
			break
		}
		dir = next
	}
	return 0
}

// QtypePath is where MetaQA keeps the question types of a question file:
// "<hop dir>/qa_dev_qtype.txt" for "<hop dir>/vanilla/qa_dev.txt" (and
// ntm/), else next to the file.
func QtypePath(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + "_qtype.txt"
	dir := filepath.Dir(path)
	if hopDirRE.MatchString(filepath.Base(dir)) {
		return filepath.Join(dir, base)
	}
	return filepath.Join(filepath.Dir(dir), base)
}

// DatasetName is the short name of a question file: its base name without
// the extension, with the folders from the MetaQA hop folder on
// ("3-hop/vanilla/qa_dev").
func DatasetName(path string) string {
	clean := filepath.ToSlash(filepath.Clean(path))
	parts := strings.Split(clean, "/")
	last := len(parts) - 1
	parts[last] = strings.TrimSuffix(parts[last], filepath.Ext(parts[last]))
	for i := last - 1; i >= 0; i-- {
		if hopDirRE.MatchString(parts[i]) {
			return strings.Join(parts[i:], "/")
		}
	}
	return parts[last]
}

// lines calls fn for each non-blank line of r with its 1-based number,
// the line's trailing "\r" removed, and a fail that names name and the line.
func lines(r io.Reader, name string, fn func(n int, line string, fail lineFail) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fail := func(format string, args ...any) error {
			return &triplefile.LineError{File: name, Line: n, Err: fmt.Errorf(format, args...)}
		}
		if err := fn(n, line, fail); err != nil {
			return err
		}
	}
	return sc.Err()
}

// lineFail makes the error of a malformed line, naming the file and line.
type lineFail func(format string, args ...any) error

var bracketRE = regexp.MustCompile(`\[([^\[\]]+)\]`)

// ParseMetaQA reads MetaQA questions: "question<TAB>answer1|answer2", the
// topic entity in [brackets]. hops is the set's hop count (MetaQAHops);
// qtypes, when given, holds line by line each question's type
// ("movie_to_director_to_movie"), read from the file named qtypeName, and
// gives its GoldChain (MetaQAChain).
func ParseMetaQA(r io.Reader, name string, hops int, qtypes []string, qtypeName string) ([]Question, error) {
	var out []Question
	err := lines(r, name, func(n int, line string, fail lineFail) error {
		q, ans, ok := strings.Cut(line, "\t")
		if !ok || strings.Contains(ans, "\t") {
			return fail("expected question<TAB>answer1|answer2, got %d tab-separated field(s)", strings.Count(line, "\t")+1)
		}
		m := bracketRE.FindStringSubmatch(q)
		if m == nil {
			return fail("no [bracketed] topic entity in %q", q)
		}
		answers := splitNonEmpty(ans, "|")
		if len(answers) == 0 {
			return fail("no answer after the tab")
		}
		qu := Question{
			ID:      fmt.Sprintf("%s:%d", filepath.Base(name), n),
			Text:    strings.TrimSpace(q),
			Answers: answers,
			Anchors: []string{strings.TrimSpace(m[1])},
			Hops:    hops,
			Source:  graph.Source{File: name, Line: n},
		}
		if qtypes != nil {
			if n > len(qtypes) {
				return &triplefile.LineError{File: qtypeName, Line: n, Err: fmt.Errorf("missing: the qtype file has %d line(s) but %s has question %d", len(qtypes), name, n)}
			}
			qt := strings.TrimSpace(qtypes[n-1])
			chain, err := MetaQAChain(qt)
			if err != nil {
				return &triplefile.LineError{File: qtypeName, Line: n, Err: err}
			}
			if hops > 0 && len(chain) != hops {
				return &triplefile.LineError{File: qtypeName, Line: n, Err: fmt.Errorf("type %q has %d hop(s) but the question is in a %d-hop folder", qt, len(chain), hops)}
			}
			qu.Type, qu.GoldChain = qt, chain
			if qu.Hops == 0 {
				qu.Hops = len(chain)
			}
		}
		out = append(out, qu)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// metaQARelations maps MetaQA's qtype words to the KB relation linking a
// movie to that kind of thing. This is knowledge of the MetaQA format,
// kept here in the evaluation, never in the engine.
var metaQARelations = map[string]string{
	"director":   "directed_by",
	"writer":     "written_by",
	"actor":      "starred_actors",
	"year":       "release_year",
	"language":   "in_language",
	"genre":      "has_genre",
	"tag":        "has_tags",
	"tags":       "has_tags",
	"imdbrating": "has_imdb_rating",
	"imdbvotes":  "has_imdb_votes",
}

// MetaQAChain turns a MetaQA question type into its relation chain:
// movie_to_director is directed_by walked out from the movie,
// director_to_movie is directed_by walked in, and so on for each step.
func MetaQAChain(qtype string) ([]state.RelDir, error) {
	words := strings.Split(qtype, "_to_")
	if len(words) < 2 {
		return nil, fmt.Errorf("question type %q: want words joined by _to_ (movie_to_director)", qtype)
	}
	chain := make([]state.RelDir, 0, len(words)-1)
	for i := 1; i < len(words); i++ {
		from, to := words[i-1], words[i]
		var word string
		var dir graph.Direction
		switch {
		case from == "movie" && to != "movie":
			word, dir = to, graph.Out
		case to == "movie" && from != "movie":
			word, dir = from, graph.In
		default:
			return nil, fmt.Errorf("question type %q: step %s_to_%s does not link a movie to something else", qtype, from, to)
		}
		rel, ok := metaQARelations[word]
		if !ok {
			return nil, fmt.Errorf("question type %q: unknown word %q", qtype, word)
		}
		chain = append(chain, state.RelDir{Relation: rel, Direction: dir})
	}
	return chain, nil
}

// ParsePathQuestion reads PathQuestion (PQ and PQL) questions:
// "question<TAB>answer(alt1/alt2/)<TAB>path", where a PQ path is
// "s#r1#e1#r2#ans#<end>#ans" and a PQL path "s#r1#e1#r2#ans". PQL questions
// begin with a space, which is trimmed. Every hop is walked forward, so
// the GoldChain is the path's relations, Out.
func ParsePathQuestion(r io.Reader, name string) ([]Question, error) {
	var out []Question
	err := lines(r, name, func(n int, line string, fail lineFail) error {
		fields := strings.Split(line, "\t")
		if len(fields) != 3 {
			return fail("expected question<TAB>answer(alternatives/)<TAB>path, got %d tab-separated field(s)", len(fields))
		}
		_, alts, err := SplitAnswerField(fields[1])
		if err != nil {
			return fail("%v", err)
		}
		path, err := parsePQPath(fields[2])
		if err != nil {
			return fail("%v", err)
		}
		chain := make([]state.RelDir, len(path))
		for i, t := range path {
			chain[i] = state.RelDir{Relation: t.Relation, Direction: graph.Out}
		}
		out = append(out, Question{
			ID:        fmt.Sprintf("%s:%d", filepath.Base(name), n),
			Text:      strings.TrimSpace(fields[0]),
			Answers:   alts,
			Anchors:   []string{path[0].Subject},
			Hops:      len(path),
			GoldPaths: [][]graph.Triple{path},
			GoldChain: chain,
			Source:    graph.Source{File: name, Line: n},
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SplitAnswerField splits a PathQuestion answer field "NAME(ALT1/ALT2/)"
// into the name and the alternatives. Names may hold parentheses
// themselves ("PG_(USA)(PG_(USA)/)"), so the list is found from the end:
// the "(" that balances the final ")". If the name so found is not among
// the alternatives, the last "(" whose name is among them is taken
// instead. The alternatives are the gold answers; when the list is empty,
// the name is.
func SplitAnswerField(field string) (name string, alts []string, err error) {
	f := strings.TrimSpace(field)
	if !strings.HasSuffix(f, ")") {
		return "", nil, fmt.Errorf("answer field %q: want NAME(ALT1/ALT2/)", field)
	}
	split := func(at int) (string, []string) {
		return f[:at], splitNonEmpty(f[at+1:len(f)-1], "/")
	}
	depth, open := 0, -1
	for i := len(f) - 1; i >= 0; i-- {
		switch f[i] {
		case ')':
			depth++
		case '(':
			depth--
		}
		if depth == 0 {
			open = i
			break
		}
	}
	if open > 0 {
		name, alts = split(open)
		if contains(alts, name) {
			return name, alts, nil
		}
	}
	for i := len(f) - 2; i > 0; i-- {
		if f[i] != '(' {
			continue
		}
		if n, a := split(i); contains(a, n) {
			return n, a, nil
		}
	}
	if open <= 0 {
		return "", nil, fmt.Errorf("answer field %q: want NAME(ALT1/ALT2/)", field)
	}
	if len(alts) == 0 {
		alts = []string{name}
	}
	return name, alts, nil
}

// parsePQPath reads a PathQuestion gold path into triples.
func parsePQPath(s string) ([]graph.Triple, error) {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "#<end>"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, "#")
	if len(parts) < 3 || len(parts)%2 == 0 {
		return nil, fmt.Errorf("gold path %q: want entity#relation#entity[#relation#entity…]", s)
	}
	var out []graph.Triple
	for i := 0; i+2 < len(parts); i += 2 {
		if parts[i] == "" || parts[i+1] == "" || parts[i+2] == "" {
			return nil, fmt.Errorf("gold path %q: empty entity or relation at part %d", s, i+1)
		}
		out = append(out, graph.Triple{Subject: parts[i], Relation: parts[i+1], Object: parts[i+2]})
	}
	return out, nil
}

// jsonlQuestion is one line of the generic JSONL format.
type jsonlQuestion struct {
	ID        string       `json:"id"`
	Question  string       `json:"question"`
	Answers   []string     `json:"answers"`
	Anchors   []string     `json:"anchors"`
	Hops      *int         `json:"hops"`
	GoldPaths [][][]string `json:"gold_paths"`
	Kind      string       `json:"kind"`
}

// ParseJSONL reads the generic JSONL format, one object a line:
// {"id","question","answers":[...],"anchors":[...]?,"hops":N?,
// "gold_paths":[[[s,r,o],...],...]?} (other keys are ignored). Hops
// defaults to the longest gold path.
func ParseJSONL(r io.Reader, name string) ([]Question, error) {
	var out []Question
	err := lines(r, name, func(n int, line string, fail lineFail) error {
		var j jsonlQuestion
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			return fail("%v", err)
		}
		if strings.TrimSpace(j.Question) == "" {
			return fail("no \"question\"")
		}
		if j.Answers == nil {
			return fail("no \"answers\" (use [] for a question with no answer)")
		}
		q := Question{
			ID:      j.ID,
			Text:    strings.TrimSpace(j.Question),
			Answers: j.Answers,
			Anchors: j.Anchors,
			Type:    j.Kind,
			Source:  graph.Source{File: name, Line: n},
		}
		if q.ID == "" {
			q.ID = fmt.Sprintf("%s:%d", filepath.Base(name), n)
		}
		for pi, p := range j.GoldPaths {
			if len(p) == 0 {
				return fail("gold path %d is empty", pi+1)
			}
			path := make([]graph.Triple, len(p))
			for ti, t := range p {
				if len(t) != 3 || t[0] == "" || t[1] == "" || t[2] == "" {
					return fail("gold path %d, triple %d: want [subject, relation, object], got %q", pi+1, ti+1, t)
				}
				path[ti] = graph.Triple{Subject: t[0], Relation: t[1], Object: t[2]}
			}
			q.GoldPaths = append(q.GoldPaths, path)
		}
		switch {
		case j.Hops != nil && *j.Hops < 0:
			return fail("hops %d is negative", *j.Hops)
		case j.Hops != nil:
			q.Hops = *j.Hops
		default:
			q.Hops = goldDepth(q.GoldPaths)
		}
		out = append(out, q)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func splitNonEmpty(s, sep string) []string {
	var out []string
	for p := range strings.SplitSeq(s, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
