package triplefile

import (
	"fmt"
	"strings"
)

// Format names a triple file format.
type Format string

// The triple formats. FormatAuto (or "") detects the format with
// Detect.
const (
	FormatAuto  Format = "auto"
	FormatPipe  Format = "pipe"  // subject|relation|object (MetaQA)
	FormatTSV   Format = "tsv"   // subject<TAB>relation<TAB>object (PathQuestion), with or without a header
	FormatCSV   Format = "csv"   // RFC 4180 with a header naming the columns
	FormatJSONL Format = "jsonl" // one JSON object a line
)

// ParseFormat reads a format name: "auto" (or ""), "pipe", "tsv", "csv" or
// "jsonl", case-insensitive.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "", FormatAuto:
		return FormatAuto, nil
	case FormatPipe, FormatTSV, FormatCSV, FormatJSONL:
		return f, nil
	}
	return "", fmt.Errorf("graph: unknown triple format %q (want auto, pipe, tsv, csv or jsonl)", s)
}

// LineError is a malformed line (or CSV record) in a triple file. Its text
// is "file:line: what is wrong".
type LineError struct {
	File string // base name of the file
	Line int    // 1-based
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Unwrap returns the underlying error (a JSON or CSV error, or a message).
func (e *LineError) Unwrap() error { return e.Err }
