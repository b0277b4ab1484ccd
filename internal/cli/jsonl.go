package cli

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/scgraph/scgraph/graph"
)

// appendAnswerLine appends an ask --jsonl answer line: the JSON that
// encoding/json writes for a jsonlAnswer, and a newline, built without
// reflection so that a million answers stream in a second or two.
func appendAnswerLine(b []byte, a jsonlAnswer) []byte {
	b = append(b, `{"rank":`...)
	b = strconv.AppendInt(b, int64(a.Rank), 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, a.Name)
	if a.Type != "" {
		b = append(b, `,"type":`...)
		b = appendJSONString(b, a.Type)
	}
	b = append(b, `,"score":`...)
	b = appendJSONFloat(b, a.Score)
	b = append(b, `,"paths":[`...)
	for i, p := range a.Paths {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPath(b, p)
	}
	return append(b, "]}\n"...)
}

// appendPath appends a graph.Path as encoding/json writes it.
func appendPath(b []byte, p graph.Path) []byte {
	b = append(b, `{"hops":`...)
	if p.Hops == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i, h := range p.Hops {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"from":`...)
		b = appendJSONString(b, h.From)
		b = append(b, `,"relation":`...)
		b = appendJSONString(b, h.Relation)
		b = append(b, `,"to":`...)
		b = appendJSONString(b, h.To)
		b = append(b, `,"direction":`...)
		b = appendJSONString(b, h.Direction.String())
		if !h.Source.IsZero() {
			b = append(b, `,"source":{`...)
			if h.Source.File != "" {
				b = append(b, `"file":`...)
				b = appendJSONString(b, h.Source.File)
				if h.Source.Line != 0 {
					b = append(b, ',')
				}
			}
			if h.Source.Line != 0 {
				b = append(b, `"line":`...)
				b = strconv.AppendInt(b, int64(h.Source.Line), 10)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendJSONFloat appends a float64 as encoding/json writes it.
func appendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string the way encoding/json does
// by default: quotes, backslashes and control characters escaped, and <,
// >, &, U+2028 and U+2029 too; invalid UTF-8 becomes U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
