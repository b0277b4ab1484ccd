package resolve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Gold says which names are the same entity: each name written another
// way maps to its canonical name. A line of a gold file is
//
//	{"name": "Auth-Service", "same_as": "user-auth-service"}
type Gold struct {
	sameAs map[string]string
}

// ReadGoldFile reads a gold file (JSONL). Errors name the file and line.
func ReadGoldFile(path string) (*Gold, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g := &Gold{sameAs: map[string]string{}}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var rec struct {
			Name   string `json:"name"`
			SameAs string `json:"same_as"`
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if rec.Name == "" || rec.SameAs == "" {
			return nil, fmt.Errorf("%s:%d: want \"name\" and \"same_as\"", path, n)
		}
		g.sameAs[rec.Name] = rec.SameAs
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", path, n+1, err)
	}
	return g, nil
}

func (g *Gold) canonical(name string) string {
	if c, ok := g.sameAs[name]; ok {
		return c
	}
	return name
}

// Same reports whether the gold says two names are one entity.
func (g *Gold) Same(a, b string) bool { return g.canonical(a) == g.canonical(b) }

// Score is how candidates compare with the gold.
type Score struct {
	// Duplicates counts the gold's variant names still present beside
	// their canonical entity or another variant of it: the duplicates
	// in the graph.
	Duplicates int `json:"duplicates"`
	// Found counts those duplicates that some correct candidate pairs
	// with their entity.
	Found      int     `json:"found"`
	Recall     float64 `json:"recall"`
	Candidates int     `json:"candidates"`
	Correct    int     `json:"correct"`
	Precision  float64 `json:"precision"`
	// Wrong lists the incorrect candidates' IDs.
	Wrong []string `json:"wrong,omitempty"`
}

// Score compares candidates among entities with the gold.
func (g *Gold) Score(entities []Entity, cands []Candidate) Score {
	var s Score
	count := map[string]int{}
	for _, e := range entities {
		count[g.canonical(e.Name)]++
	}
	dup := map[string]bool{}
	for _, e := range entities {
		if _, variant := g.sameAs[e.Name]; variant && count[g.canonical(e.Name)] > 1 {
			dup[e.Name] = true
		}
	}
	s.Duplicates = len(dup)
	found := map[string]bool{}
	for _, c := range cands {
		s.Candidates++
		if !g.Same(c.Keep.Name, c.Merge.Name) {
			s.Wrong = append(s.Wrong, c.ID)
			continue
		}
		s.Correct++
		for _, n := range []string{c.Keep.Name, c.Merge.Name} {
			if dup[n] {
				found[n] = true
			}
		}
	}
	s.Found = len(found)
	if s.Candidates > 0 {
		s.Precision = float64(s.Correct) / float64(s.Candidates)
	}
	if s.Duplicates > 0 {
		s.Recall = float64(s.Found) / float64(s.Duplicates)
	}
	return s
}
