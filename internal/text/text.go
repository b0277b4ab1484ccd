// Package text is scgraph's one tokenizer: how entity names, relation and
// type identifiers, questions and lexicon features are split into words,
// folded and compared. Every other package asks it, so that a name is
// read the same way when it is stored, linked, matched and learned from.
package text

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Apostrophes says what splitting does with an apostrophe inside a word.
type Apostrophes uint8

// The apostrophe rules.
const (
	// DropApostrophes joins the word around it: "mother's" is "mothers".
	DropApostrophes Apostrophes = iota
	// SplitApostrophes ends the word at it: "mother's" is "mother", "s".
	SplitApostrophes
)

// Splitter splits text into lower-case words of letters and digits; every
// other character separates words.
type Splitter struct {
	// Camel also splits at camel-case humps: "PaymentService" is
	// "payment", "service".
	Camel bool
	// Apostrophes says how "'" and "’" inside a word are read.
	Apostrophes Apostrophes
	// Stem stems each word (Stem).
	Stem bool
}

// Split returns the words of s.
func (sp Splitter) Split(s string) []string {
	if isASCII(s) {
		return sp.splitASCII(s)
	}
	return sp.splitRunes(s)
}

// splitRunes is Split for any string.
func (sp Splitter) splitRunes(s string) []string {
	var toks []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			w := string(cur)
			if sp.Stem {
				w = Stem(w)
			}
			toks = append(toks, w)
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\'' || r == '’':
			if sp.Apostrophes == SplitApostrophes {
				flush()
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if sp.Camel && unicode.IsUpper(r) && len(cur) > 0 && i > 0 && unicode.IsLower(rs[i-1]) {
				flush()
			}
			cur = append(cur, unicode.ToLower(withoutMarks(r)))
		default:
			flush()
		}
	}
	flush()
	return toks
}

// withoutMarks returns letter r without its diacritics where it is a
// letter and marks ("é" -> "e", "ñ" -> "n"), so that "Pokémon" and
// "pokemon", "São Paulo" and "Sao Paulo" are the same words; other runes
// as they are.
func withoutMarks(r rune) rune {
	if r < 0xC0 {
		return r
	}
	d := []rune(norm.NFD.String(string(r)))
	if len(d) < 2 {
		return r
	}
	for _, m := range d[1:] {
		if !unicode.Is(unicode.Mn, m) {
			return r
		}
	}
	return d[0]
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// splitASCII is Split for an ASCII string: the words are slices of s
// where s writes them in lower case already, so most cost nothing.
func (sp Splitter) splitASCII(s string) []string {
	var toks []string
	isLower := func(c byte) bool { return c >= 'a' && c <= 'z' }
	isUpper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	start, upper := -1, false // the word being read: s[start:i], and whether it has capitals
	var dropped []byte        // the word with its apostrophes dropped, when it has one
	flush := func(end int) {
		if start < 0 {
			return
		}
		var w string
		switch {
		case dropped != nil:
			w = string(dropped)
		case upper:
			w = strings.ToLower(s[start:end])
		default:
			w = s[start:end]
		}
		if upper && dropped != nil {
			w = strings.ToLower(w)
		}
		if w != "" {
			if sp.Stem {
				w = Stem(w)
			}
			toks = append(toks, w)
		}
		start, upper, dropped = -1, false, nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			if sp.Apostrophes == SplitApostrophes {
				flush(i)
			} else if start >= 0 && dropped == nil {
				dropped = append([]byte(nil), s[start:i]...)
			}
		case isLower(c) || isUpper(c) || isDigit(c):
			if sp.Camel && isUpper(c) && start >= 0 && i > 0 && isLower(s[i-1]) {
				flush(i)
			}
			if start < 0 {
				start = i
			}
			if isUpper(c) {
				upper = true
			}
			if dropped != nil {
				dropped = append(dropped, c)
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
	return toks
}

// Tokens splits a name or identifier into lower-case words, camel humps
// split and apostrophes dropped: "PaymentService" and "payment-service"
// give "payment", "service"; "Mother's" gives "mothers".
func Tokens(s string) []string { return Splitter{Camel: true}.Split(s) }

// StemPhrase lower-cases s, splits it into words and stems each, joined by
// single spaces: "Depends-On" gives "depend on".
func StemPhrase(s string) string { return strings.Join(Splitter{Stem: true}.Split(s), " ") }

// Stem is the light English stemmer scgraph matches words with: it folds
// plurals and the common verb endings so that "depends", "depended" and
// "depending" meet, without the surprises of a full stemmer on names.
// It expects a lower-case word.
func Stem(w string) string {
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 5 && strings.HasSuffix(w, "ing"):
		return w[:n-3]
	case n > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed"):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:n-1]
	}
	return w
}

// Mask stands for the anchor entity in a question whose relation words a
// lexicon reads.
const Mask = "<e>"

// MaskSpan replaces q[start:end] (the anchor's mention) with Mask.
func MaskSpan(q string, start, end int) string {
	return q[:start] + " " + Mask + " " + q[end:]
}

// Bracket is a [bracketed] entity mention: q[Start:End] with its
// brackets, and Name the entity's name inside, with the escapes \] and \[
// (and \\) read as the characters they stand for.
type Bracket struct {
	Start, End int
	Name       string
}

// Brackets returns the question's [bracketed] mentions, in order. A
// bracket that is never closed is no mention.
func Brackets(q string) []Bracket {
	var out []Bracket
	for i := 0; i < len(q); i++ {
		if q[i] != '[' {
			continue
		}
		var name strings.Builder
		j := i + 1
		closed := false
		for j < len(q) {
			c := q[j]
			if c == '\\' && j+1 < len(q) && strings.IndexByte(`[]\\`, q[j+1]) >= 0 {
				name.WriteByte(q[j+1])
				j += 2
				continue
			}
			if c == ']' {
				closed = true
				break
			}
			if c == '[' {
				break // a new bracket opens: this one was never closed
			}
			name.WriteByte(c)
			j++
		}
		if !closed {
			continue
		}
		if n := strings.TrimSpace(name.String()); n != "" {
			out = append(out, Bracket{Start: i, End: j + 1, Name: n})
		}
		i = j
	}
	return out
}
