package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/triplefile"
	"github.com/scgraph/scgraph/internal/words"
)

// Score is extraction quality against a gold list of facts: precision is
// the share of extracted facts in the gold list, recall the share of gold
// facts extracted. Facts are compared by subject, relation and object:
// names under the gold entities (GoldEntities), relations by what they
// mean (SameRelation).
type Score struct {
	Gold      int            `json:"gold"`
	Extracted int            `json:"extracted"`
	Correct   int            `json:"correct"`
	Precision float64        `json:"precision"`
	Recall    float64        `json:"recall"`
	F1        float64        `json:"f1"`
	Missed    []graph.Triple `json:"missed"`
	Wrong     []graph.Triple `json:"wrong"`
}

// GoldEntity is an entity of a gold list with the other names documents
// use for it.
type GoldEntity struct {
	Name    string   `json:"name"`
	Type    string   `json:"type,omitempty"`
	Aliases []string `json:"aliases,omitempty"`
}

// GoldEntities maps the names documents use to gold entity names, compared
// under text.Key ("the Querier", "thanos query" → querier).
type GoldEntities struct {
	byKey map[string]string
}

// NewGoldEntities indexes gold entities by their names and aliases.
func NewGoldEntities(es []GoldEntity) *GoldEntities {
	g := &GoldEntities{byKey: map[string]string{}}
	for _, e := range es {
		for _, n := range append([]string{e.Name}, e.Aliases...) {
			if k := text.Key(n); k != "" {
				if _, taken := g.byKey[k]; !taken {
					g.byKey[k] = e.Name
				}
			}
		}
	}
	return g
}

// Canonical returns the gold name of a name, or the name's text.Key when
// no gold entity has it ("payment-svc" and "the Payment Service" meet).
func (g *GoldEntities) Canonical(name string) string {
	if g == nil {
		return text.Key(name)
	}
	{
		if c, ok := g.byKey[text.Key(name)]; ok {
			return c
		}
		// "the io.prometheus:core library" is io.prometheus:core, as the
		// resolution of names reads it.
		if short := dropKind(name); short != "" {
			if c, ok := g.byKey[text.Key(short)]; ok {
				return c
			}
		}
	}
	return text.Key(name)
}

// ReadGoldEntitiesFile reads a gold entities file: one JSON object a line,
// {"name", "type", "aliases"}. Errors name the file and line.
func ReadGoldEntitiesFile(path string) (*GoldEntities, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var es []GoldEntity
	for i, line := range bytes.Split(b, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		var e GoldEntity
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		if strings.TrimSpace(e.Name) == "" {
			return nil, fmt.Errorf("%s:%d: no name", path, i+1)
		}
		es = append(es, e)
	}
	return NewGoldEntities(es), nil
}

// goldLine is a line of a gold facts file: a triple with the file:line
// and sentence it was read from.
type goldLine struct {
	Subject     string `json:"subject"`
	Relation    string `json:"relation"`
	Object      string `json:"object"`
	SubjectType string `json:"subject_type"`
	ObjectType  string `json:"object_type"`
	Source      string `json:"source"`
	Sentence    string `json:"sentence"`
}

// ReadGoldFile reads gold facts: a JSONL file whose lines may carry the
// "source" (file:line) and "sentence" each fact was read from, or any
// triple file triplefile reads. Errors name the file and line.
func ReadGoldFile(path string) ([]graph.Triple, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var out []graph.Triple
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if b[0] != '{' || !bytes.Contains(b, []byte(`"source"`)) && !bytes.Contains(b, []byte(`"sentence"`)) {
			return triplefile.Read(path, triplefile.FormatAuto, triplefile.Options{})
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var g goldLine
		if err := dec.Decode(&g); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if g.Subject == "" || g.Relation == "" || g.Object == "" {
			return nil, fmt.Errorf("%s:%d: want subject, relation and object", path, line)
		}
		t := graph.Triple{Subject: g.Subject, Relation: g.Relation, Object: g.Object, SubjectType: g.SubjectType, ObjectType: g.ObjectType}
		if file, l, ok := strings.Cut(g.Source, ":"); ok {
			t.Source.File = file
			fmt.Sscan(l, &t.Source.Line)
		}
		out = append(out, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// EntitiesFileFor is the gold entities file beside a gold file of a
// corpus: "x-gold.jsonl", "x-questions.jsonl" or "x-lookups.jsonl" →
// "x-entities.jsonl"; "" for another name.
func EntitiesFileFor(path string) string {
	dir, base := filepath.Split(path)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for _, suf := range []string{"-gold", "-questions", "-lookups"} {
		if c, ok := strings.CutSuffix(stem, suf); ok && c != "" {
			return filepath.Join(dir, c+"-entities"+ext)
		}
	}
	return ""
}

// FindEntitiesFile returns the gold entities file beside one of the
// paths (EntitiesFileFor) that exists, or "".
func FindEntitiesFile(paths ...string) string {
	for _, p := range paths {
		if f := EntitiesFileFor(p); f != "" {
			if _, err := os.Stat(f); err == nil {
				return f
			}
		}
	}
	return ""
}

// SameRelation reports whether two relation names mean the same: equal,
// read as one relation (canonicalPhrase: "queries" and "calls", "relies
// on" and "depends on"), or their phrases name one act (words.SameAct:
// "consumes" and "reads from").
func SameRelation(a, b string) bool {
	if a == b {
		return true
	}
	pa, pb := PhraseOf(a), PhraseOf(b)
	return canonicalPhrase(pa) == canonicalPhrase(pb) || words.SameAct(pa, pb)
}

// genericConcept reports the concept a phrase names as a whole, read the
// concept's own way round ("depend on", "rely on", "need" and "use" name
// dependency; "maintain" ownership), if it is one.
func genericConcept(phrase string) (words.Concept, bool) {
	ws := strings.Fields(phrase)
	for _, h := range words.Lookup(ws) {
		if h.Start == 0 && h.End == len(ws) && h.Kind == words.HitVerb && h.Generic && h.Role == words.First {
			if _, ok := conceptPhrase[h.Concept]; ok {
				return h.Concept, true
			}
		}
	}
	return words.None, false
}

// inverseConcept reports the concept a verb phrase names as a whole with
// its subject in the concept's second role ("host", "enable": the object
// depends on the subject), if it is one.
func inverseConcept(phrase string) (words.Concept, bool) {
	ws := strings.Fields(phrase)
	for _, h := range words.Lookup(ws) {
		if h.Start == 0 && h.End == len(ws) && h.Kind == words.HitVerb && h.Role == words.Second {
			if _, ok := conceptPhrase[h.Concept]; ok {
				return h.Concept, true
			}
		}
	}
	return words.None, false
}

// inverseHit returns the gold relation, of those between the fact's ends
// the other way round, that names the concept the fact's relation names
// read inversely ("X HOSTS Y" and "Y DEPENDS_ON X"), or "".
func inverseHit(relation string, reversed []string) string {
	c, ok := inverseConcept(PhraseOf(relation))
	if !ok {
		return ""
	}
	for _, r := range reversed {
		if gc, ok := genericConcept(PhraseOf(r)); ok && gc == c {
			return r
		}
	}
	return ""
}

// ScoreFacts compares extracted facts with gold facts. Names are compared
// under ents (nil: as they are), relations with SameRelation.
func ScoreFacts(extracted, gold []graph.Triple, ents *GoldEntities) Score {
	type pair struct{ s, o string }
	goldRels := map[pair][]string{}
	goldKey := func(t graph.Triple) [3]string {
		return [3]string{ents.Canonical(t.Subject), t.Relation, ents.Canonical(t.Object)}
	}
	var goldList [][3]string
	named := map[[3]string]graph.Triple{}
	for _, t := range gold {
		k := goldKey(t)
		if slices.Contains(goldList, k) {
			continue
		}
		goldList = append(goldList, k)
		named[k] = graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object}
		goldRels[pair{k[0], k[2]}] = append(goldRels[pair{k[0], k[2]}], k[1])
	}
	var sc Score
	found := map[[3]string]bool{}
	seen := map[[3]string]bool{}
	for _, t := range extracted {
		k := [3]string{ents.Canonical(t.Subject), t.Relation, ents.Canonical(t.Object)}
		if seen[k] {
			continue
		}
		seen[k] = true
		sc.Extracted++
		hit := ""
		for _, r := range goldRels[pair{k[0], k[2]}] {
			if SameRelation(r, t.Relation) {
				hit = r
				break
			}
		}
		s, o := k[0], k[2]
		if hit == "" {
			// "CNCF hosts Rook" states "Rook depends on CNCF".
			if hit = inverseHit(t.Relation, goldRels[pair{o, s}]); hit != "" {
				s, o = o, s
			}
		}
		if hit == "" {
			sc.Wrong = append(sc.Wrong, graph.Triple{Subject: t.Subject, Relation: t.Relation, Object: t.Object, Source: t.Source})
			continue
		}
		sc.Correct++
		found[[3]string{s, hit, o}] = true
	}
	sc.Gold = len(goldList)
	for _, k := range goldList {
		if !found[k] {
			sc.Missed = append(sc.Missed, named[k])
		}
	}
	// Two extracted facts may meet one gold fact ("calls" and "invokes"):
	// recall counts gold facts found.
	hits := len(goldList) - len(sc.Missed)
	if sc.Extracted > 0 {
		sc.Precision = float64(sc.Correct) / float64(sc.Extracted)
	}
	if sc.Gold > 0 {
		sc.Recall = float64(hits) / float64(sc.Gold)
	}
	if sc.Precision+sc.Recall > 0 {
		sc.F1 = 2 * sc.Precision * sc.Recall / (sc.Precision + sc.Recall)
	}
	return sc
}
