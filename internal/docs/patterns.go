package docs

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
)

// PatternConfidence is the confidence of a relation pattern's match; a
// statement's confidence is it times the lower of its two mentions'.
const PatternConfidence = 0.9

// Pattern is a relation pattern: a phrase with a subject slot {S} and an
// object slot {O}, such as "{S} depends on {O}" or "{O} is owned by {S}".
// Each slot matches one entity mention or a list of them ("A, B and C").
// Words such as "the", "is" and "also" are ignored on both sides, so "{O}
// is owned by {S}" also reads "X is also owned by the Y team".
type Pattern struct {
	Relation string `json:"relation"`
	Phrase   string `json:"phrase"`
	// Origin says where the pattern came from: "schema" (a relation alias)
	// or "FILE:LINE".
	Origin string `json:"origin"`

	re          *regexp.Regexp
	words       []string // the phrase's words, each must be in a sentence it matches
	subjectSlot int      // submatch index of {S}
	objectSlot  int      // submatch index of {O}
}

// fillerRE matches the words patterns ignore.
var fillerRE = regexp.MustCompile(`\b(?:the|a|an|is|are|was|were|also|still|now|directly|both|only|then)\b`)

// listRE matches one mention or a list of them ("⟦1⟧, ⟦2⟧ and ⟦3⟧");
// after a word w of the phrase, items may repeat it ("writes to ⟦1⟧ and to
// ⟦2⟧").
func listRE(w string) string {
	again := ""
	if w != "" {
		again = `(?:\s+` + regexp.QuoteMeta(w) + `)?`
	}
	return `⟦\d+⟧(?:\s*(?:,\s*and|,\s*or|,|and|or)` + again + `\s*⟦\d+⟧)*`
}

// normalizePhrase lower-cases a phrase, drops filler words and collapses
// white space.
func normalizePhrase(s string) string {
	return strings.Join(strings.Fields(fillerRE.ReplaceAllString(strings.ToLower(s), " ")), " ")
}

// NewPattern compiles a pattern. The phrase must hold {S} and {O} once
// each, and some words besides; the relation must be an identifier.
func NewPattern(relation, phrase, origin string) (Pattern, error) {
	if !text.ValidIdentifier(relation) {
		return Pattern{}, fmt.Errorf("relation %q is not an identifier (a letter or _, then letters, digits, _ or -)", relation)
	}
	p := Pattern{Relation: relation, Phrase: phrase, Origin: origin}
	if strings.Count(phrase, "{S}") != 1 || strings.Count(phrase, "{O}") != 1 {
		return Pattern{}, fmt.Errorf("pattern %q must hold {S} and {O} once each", phrase)
	}
	var parts []string
	slot := 0
	words := 0
	prev := ""
	for _, f := range strings.Fields(normalizePhrase(phrase)) {
		switch f {
		case "{s}":
			slot++
			p.subjectSlot = slot
			parts = append(parts, "("+listRE(prev)+")")
		case "{o}":
			slot++
			p.objectSlot = slot
			parts = append(parts, "("+listRE(prev)+")")
		default:
			prev = f
			words++
			p.words = append(p.words, f)
			parts = append(parts, regexp.QuoteMeta(f))
		}
	}
	if words == 0 {
		return Pattern{}, fmt.Errorf("pattern %q has no words besides {S} and {O}", phrase)
	}
	re, err := regexp.Compile(strings.Join(parts, `\s+`))
	if err != nil {
		return Pattern{}, err
	}
	p.re = re
	return p, nil
}

// SchemaPatterns are the patterns a schema's relation aliases give: "{S}
// ALIAS {O}" for each alias and "{O} ALIAS {S}" for each inverse alias.
func SchemaPatterns(s *graph.Schema) []Pattern {
	var out []Pattern
	if s == nil {
		return nil
	}
	for _, r := range s.Relations {
		for _, a := range r.Aliases {
			if p, err := NewPattern(r.Name, "{S} "+a+" {O}", "schema"); err == nil {
				out = append(out, p)
			}
		}
		for _, a := range r.InverseAliases {
			if p, err := NewPattern(r.Name, "{O} "+a+" {S}", "schema"); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// ReadPatterns reads a pattern file: one "RELATION: phrase" a line, "#"
// starting a comment; for example
//
//	DEPENDS_ON: {S} depends on {O}
//	OWNS: {O} is owned by {S}
//	CALLS: {S} sends its requests to {O}
//
// A bad line is an error naming the file and line.
func ReadPatterns(r io.Reader, name string) ([]Pattern, error) {
	var out []Pattern
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rel, phrase, ok := strings.Cut(l, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want RELATION: phrase with {S} and {O}, got %q", name, line, l)
		}
		p, err := NewPattern(strings.TrimSpace(rel), strings.TrimSpace(phrase), name+":"+strconv.Itoa(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// ReadPatternFile reads a pattern file by name.
func ReadPatternFile(path string) ([]Pattern, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPatterns(f, path)
}

// patternMatch is one match of a pattern in a masked sentence: the mention
// indices of its subject and object lists.
type patternMatch struct {
	subjects, objects []int
}

var mentionRefRE = regexp.MustCompile(`⟦(\d+)⟧`)

func (p Pattern) matches(masked string) []patternMatch {
	var out []patternMatch
	for _, w := range p.words {
		if !strings.Contains(masked, w) {
			return nil // cheap test before the regular expression
		}
	}
	for _, m := range p.re.FindAllStringSubmatch(masked, -1) {
		out = append(out, patternMatch{subjects: refs(m[p.subjectSlot]), objects: refs(m[p.objectSlot])})
	}
	return out
}

func refs(s string) []int {
	var out []int
	for _, m := range mentionRefRE.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// mask replaces each mention of a sentence with ⟦i⟧ and normalizes the
// rest as patterns are.
func mask(s string, ms []Mention) string {
	var b strings.Builder
	at := 0
	for i, m := range ms {
		if m.Start < at {
			continue
		}
		b.WriteString(s[at:m.Start])
		fmt.Fprintf(&b, " ⟦%d⟧ ", i)
		at = m.End
	}
	b.WriteString(s[at:])
	// Commas separate list items: keep them as words of their own.
	return normalizePhrase(strings.ReplaceAll(b.String(), ",", " , "))
}
