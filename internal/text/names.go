package text

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameBytes is the longest entity name (subject or object), in bytes of
// UTF-8, that every reader and both stores accept. Neo4j's native B-tree
// index, which backs the uniqueness constraint on entity names, holds keys
// up to about 8 KB (8,167 bytes in Neo4j 5); half of that leaves room for
// the key's own overhead, so that every accepted name can be indexed.
const MaxNameBytes = 4096

// CheckName reports why s cannot be an entity name, or nil: it must be
// non-empty, valid UTF-8, hold no control character (C0, DEL or C1, NUL
// and tab included) and no byte-order mark (U+FEFF, invisible: a sign of
// files joined together), and be at most MaxNameBytes long. field names the
// name's role in the error ("subject", "object"): `subject "a\x00b"
// holds a control character (U+0000 at byte 1)`. Readers add the file and
// line, stores the triple and its source.
func CheckName(field, s string) error {
	if s == "" {
		return fmt.Errorf("empty %s", field)
	}
	if len(s) > MaxNameBytes {
		return fmt.Errorf("%s %s is %d bytes long; names are at most %d bytes", field, QuoteShort(s), len(s), MaxNameBytes)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			return fmt.Errorf("%s %s is not valid UTF-8 (byte 0x%02X at byte %d)", field, QuoteShort(s), c, i)
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			return fmt.Errorf("%s %s holds a control character (%U at byte %d)", field, QuoteShort(s), r, i)
		case r == '\uFEFF':
			// A file's byte-order mark where no file starts: files joined
			// together, or a BOM copied into a name. It is invisible.
			return fmt.Errorf("%s %s holds a byte-order mark (U+FEFF at byte %d), which is no text; files joined together? remove it", field, QuoteShort(s), i)
		}
		i += size
	}
	return nil
}

// QuoteShort quotes s for an error message, cut to its first 40 bytes.
func QuoteShort(s string) string {
	const max = 40
	if len(s) <= max {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q…", s[:max])
}

// List joins words as English lists them: "a", "a and b", "a, b and c"
// (conj "and" or "or").
func List(ss []string, conj string) string {
	switch len(ss) {
	case 0:
		return ""
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " " + conj + " " + ss[len(ss)-1]
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]{0,127}$`)

// ValidIdentifier reports whether s may be used as a type or relation name:
// a letter or underscore, then letters, digits, underscores and hyphens
// (exports write header and key names so: "Superseded-By", "depends-on"),
// at most 128 characters. Only such names are ever written into query
// text, and always backtick-quoted there.
func ValidIdentifier(s string) bool { return identRE.MatchString(s) }

// AsIdentifier returns the identifier a name written in words stands for
// ("Data Component" -> "Data_Component", "part of" -> "part_of",
// "C++ library" -> "C_library"): each run of spaces and punctuation
// between letters and digits becomes one "_". It reports false where the
// name is an identifier already, or where it is no such name: it holds a
// character that is neither a letter, a digit, a space nor common
// punctuation (a backtick, a bracket, a quote, a control character), it
// does not start with a letter, or what is left is no identifier.
func AsIdentifier(s string) (string, bool) {
	if ValidIdentifier(s) || s == "" || !unicode.IsLetter(rune(s[0])) {
		return "", false
	}
	var b strings.Builder
	gap := false
	for _, c := range s {
		switch {
		case c < utf8.RuneSelf && (unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_' || c == '-'):
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteRune(c)
		case c == ' ' || strings.ContainsRune(".,:;/&+()'", c):
			gap = true
		default:
			return "", false
		}
	}
	out := b.String()
	return out, ValidIdentifier(out)
}
