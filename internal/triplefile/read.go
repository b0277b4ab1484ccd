// Package triplefile reads the triple files users bring: pipe-separated
// (MetaQA), TSV (PathQuestion), CSV with a header, and JSONL, detecting the
// format, with every malformed line reported by file and line and nothing
// half-read.
package triplefile

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/groupname"
	"github.com/scgraph/scgraph/internal/text"
)

// CSV/JSONL column names.
const (
	colSubject = iota
	colRelation
	colObject
	colSubjectType
	colObjectType
	colACL
	numCols
)

var colNames = [numCols]string{"subject", "relation", "object", "subject_type", "object_type", "acl"}

// colAliases are the other names edge lists commonly give the columns
// (CSV headers, JSONL keys), matched without case: "source, target"
// (Gephi, networkx), ":START_ID, :TYPE, :END_ID" (neo4j-admin), "head,
// relation, tail" (knowledge-graph datasets), "predicate" (RDF).
var colAliases = map[string]int{
	"source": colSubject, "src": colSubject, "from": colSubject, "head": colSubject, "start": colSubject,
	"start_id": colSubject, ":start_id": colSubject, "subject_id": colSubject,
	"relationship": colRelation, "predicate": colRelation, "rel": colRelation, "type": colRelation, ":type": colRelation,
	"edge_type": colRelation, "relation_type": colRelation, "relationship_type": colRelation,
	"target": colObject, "dst": colObject, "to": colObject, "tail": colObject, "end": colObject,
	"end_id": colObject, ":end_id": colObject, "object_id": colObject,
	"source_type": colSubjectType, "from_type": colSubjectType, "head_type": colSubjectType, "start_type": colSubjectType,
	"target_type": colObjectType, "to_type": colObjectType, "tail_type": colObjectType, "end_type": colObjectType,
}

// column returns the column a header name or JSONL key names, or -1.
func column(name string) int {
	name = strings.ToLower(strings.TrimSpace(name))
	for c, cn := range colNames {
		if name == cn {
			return c
		}
	}
	if c, ok := colAliases[name]; ok {
		return c
	}
	return -1
}

var utf8BOM = []byte("\xef\xbb\xbf")

// Detect decides the format of a triple file from its name and the
// first bytes of its content. The extension decides first (.jsonl/.ndjson,
// .csv, .tsv); otherwise the first non-blank line does: it starts with "{"
// (jsonl), contains a tab (tsv), contains "|" (pipe), or is a comma-separated
// header naming subject, relation and object (csv).
func Detect(name string, head []byte) (Format, error) {
	base := filepath.Base(name)
	switch strings.ToLower(filepath.Ext(name)) {
	case ".jsonl", ".ndjson":
		return FormatJSONL, nil
	case ".csv":
		return FormatCSV, nil
	case ".tsv":
		return FormatTSV, nil
	}
	head = bytes.TrimPrefix(head, utf8BOM)
	for n := 1; len(head) > 0; n++ {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if len(bytes.TrimRight(line, "\r")) > graph.MaxLineBytes {
			// No line format has a line this long: say so, rather than
			// what the start of it lacks.
			return "", &LineError{File: base, Line: n, Err: errLineTooLong}
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		switch {
		case line[0] == '{':
			return FormatJSONL, nil
		case bytes.IndexByte(line, '\t') >= 0:
			return FormatTSV, nil
		case bytes.IndexByte(line, '|') >= 0:
			return FormatPipe, nil
		case isCSVHeader(line):
			return FormatCSV, nil
		}
		return "", fmt.Errorf("graph: %s: cannot tell the triple format: the first line has no tab, no \"|\", does not start with \"{\" and is not a CSV header naming subject, relation and object; give the format explicitly (pipe, tsv, csv or jsonl)", base)
	}
	return "", fmt.Errorf("graph: %s: cannot tell the triple format of an empty file; give the format explicitly (pipe, tsv, csv or jsonl)", base)
}

// isCSVHeader reports whether line is a comma-separated header that names
// the subject, relation and object columns.
func isCSVHeader(line []byte) bool {
	var seen [numCols]bool
	for f := range strings.SplitSeq(string(line), ",") {
		f = strings.ToLower(strings.Trim(strings.TrimSpace(f), `"`))
		for i, c := range colNames {
			if f == c {
				seen[i] = true
			}
		}
	}
	return seen[colSubject] && seen[colRelation] && seen[colObject]
}

// Options tune Read.
type Options struct {
	// Progress, when set, is called about every 64 KiB read and once at the
	// end, with the bytes read so far and the file size.
	Progress func(bytesRead, totalBytes int64)
	// Renamed, when set, is called once at the end with the relation and
	// type names written in words that were read as identifiers, each to
	// its identifier ("Data Component" -> "Data_Component"); not called
	// when there are none.
	Renamed func(renamed map[string]string)
}

// Read reads a whole triple file. With format "" or FormatAuto the
// format is detected (Detect). Every triple's graph.Source is the file's
// base name and its line. On any malformed line it returns no triples and
// an error naming the file and line, e.g.
// `kb.txt:12: expected 3 fields separated by "|", got 2`.
func Read(path string, format Format, opts Options) ([]graph.Triple, error) {
	return ReadContext(context.Background(), path, format, opts)
}

// ReadContext is Read that stops, with ctx's error, when ctx ends (it
// looks at every block read from the file).
func ReadContext(ctx context.Context, path string, format Format, opts Options) ([]graph.Triple, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	tr := NewReader(ctxReader{ctx, f}, path, format)
	if opts.Progress != nil {
		tr.SetProgress(size, opts.Progress)
	}
	var ts []graph.Triple
	if size > 0 {
		// MetaQA averages 39 bytes a line; overshooting a little is cheaper
		// than growing twice.
		ts = make([]graph.Triple, 0, size/36+16)
	}
	for {
		t, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	if opts.Progress != nil {
		opts.Progress(tr.BytesRead(), size)
	}
	if opts.Renamed != nil && len(tr.renamed) > 0 {
		opts.Renamed(tr.renamed)
	}
	return ts, nil
}

// ctxReader fails every read once ctx has ended.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// countingReader counts the bytes read through it and reports progress.
type countingReader struct {
	r        io.Reader
	n, last  int64
	total    int64
	progress func(bytesRead, totalBytes int64)
	// err is the first error of a read other than io.EOF: the text read
	// before it may end in the middle of a line, which is then no line
	// of the file (readErr).
	err error
}

const progressEvery = 64 << 10

func (c *countingReader) Read(p []byte) (int, error) {
	if c.progress != nil && len(p) > progressEvery {
		p = p[:progressEvery] // keep the reports about 64 KiB apart
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF && c.err == nil {
		c.err = err
	}
	c.n += int64(n)
	if c.progress != nil && c.n-c.last >= progressEvery {
		c.last = c.n
		c.progress(c.n, c.total)
	}
	return n, err
}

// lineBufStart is the line buffer's first size; it may grow to
// graph.MaxLineBytes (and one more byte, for the newline).
const lineBufStart = 16 << 10

// Reader reads triples one at a time from a stream, for ingesting
// big files in batches. It is not safe for concurrent use.
type Reader struct {
	name   string // base name, for graph.Source and errors
	format Format
	cr     countingReader
	br     *bufio.Reader
	sc     *bufio.Scanner
	csv    *csv.Reader
	cols   [numCols]int // CSV (or TSV with a header) column of each field, -1 when absent
	ncols  int          // CSV fields in the header; TSV fields in its header, 0 for none
	// seenLine: the TSV reader has read its first non-blank line (a
	// header, or the first triple).
	seenLine bool
	line     int
	init     bool
	err      error // sticky: returned by every Next after the first error
	// idents interns the relation and type names already validated, so
	// that each distinct name is checked and allocated once.
	idents map[string]string
	// renamed maps each relation or type name written in words to the
	// identifier read for it ("Data Component" -> "Data_Component").
	renamed map[string]string
}

// Renamed returns the relation and type names written in words that the
// reader read as identifiers, each to its identifier ("Data Component" ->
// "Data_Component"), so far.
func (tr *Reader) Renamed() map[string]string { return tr.renamed }

// NewReader returns a reader of triples in the given format from r.
// name (a path or a base name) is used for graph.Source.File and in errors; an
// empty or "auto" format is detected from name and the first 64 KiB.
func NewReader(r io.Reader, name string, format Format) *Reader {
	tr := &Reader{name: filepath.Base(name), format: format, idents: make(map[string]string)}
	tr.cr.r = r
	tr.cr.total = -1
	return tr
}

// SetProgress makes the reader call fn about every 64 KiB read, with the
// bytes read so far and totalBytes (-1 when unknown). Call it before the
// first Next.
func (tr *Reader) SetProgress(totalBytes int64, fn func(bytesRead, totalBytes int64)) {
	tr.cr.total = totalBytes
	tr.cr.progress = fn
}

// BytesRead is the number of bytes read from the underlying reader so far
// (it runs ahead of the triples returned by up to a buffer).
func (tr *Reader) BytesRead() int64 { return tr.cr.n }

// Next returns the next triple, or io.EOF at the end of the input. After
// any other error every later call returns the same error.
func (tr *Reader) Next() (graph.Triple, error) {
	if tr.err != nil {
		return graph.Triple{}, tr.err
	}
	t, err := tr.next()
	if err != nil {
		tr.err = err
	}
	return t, err
}

func (tr *Reader) next() (graph.Triple, error) {
	if !tr.init {
		if err := tr.start(); err != nil {
			return graph.Triple{}, err
		}
	}
	if tr.format == FormatCSV {
		return tr.nextCSV()
	}
	for tr.sc.Scan() {
		if err := tr.readErr(); err != nil {
			return graph.Triple{}, err
		}
		tr.line++
		line := tr.sc.Bytes()
		if tr.line == 1 {
			line = bytes.TrimPrefix(line, utf8BOM)
		} else if bytes.HasPrefix(line, utf8BOM) {
			return graph.Triple{}, tr.lineErr(tr.line, errMidFileBOM)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		switch tr.format {
		case FormatPipe:
			return tr.parseSeparated(line, '|')
		case FormatTSV:
			if tr.ncols > 0 {
				return tr.parseTSVColumns(line)
			}
			if !tr.seenLine {
				tr.seenLine = true
				if cols, n, ok := tsvHeader(line); ok {
					tr.cols, tr.ncols = cols, n
					continue
				}
			}
			return tr.parseSeparated(bytes.TrimRight(line, " \t\r"), '\t')
		default:
			return tr.parseJSON(line)
		}
	}
	if err := tr.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return graph.Triple{}, tr.lineErr(tr.line+1, errLineTooLong)
		}
		return graph.Triple{}, fmt.Errorf("graph: reading %s: %w", tr.name, err)
	}
	return graph.Triple{}, io.EOF
}

// readErr is the error that stopped reading the file, if any: the text
// the scanner still holds may be cut mid-line, so it is not parsed.
func (tr *Reader) readErr() error {
	if tr.cr.err == nil {
		return nil
	}
	if errors.Is(tr.cr.err, context.Canceled) || errors.Is(tr.cr.err, context.DeadlineExceeded) {
		return tr.cr.err
	}
	return fmt.Errorf("graph: reading %s: %w", tr.name, tr.cr.err)
}

// start detects the format if needed and sets up the line scanner or the
// CSV reader.
func (tr *Reader) start() error {
	tr.init = true
	// The head read for detection holds a line of graph.MaxLineBytes and
	// its line ending, so that a longer first line is seen to be longer.
	tr.br = bufio.NewReaderSize(&tr.cr, graph.MaxLineBytes+2)
	if tr.format == "" || tr.format == FormatAuto {
		head, err := tr.br.Peek(graph.MaxLineBytes + 2)
		if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
			return fmt.Errorf("graph: reading %s: %w", tr.name, err)
		}
		if len(bytes.TrimSpace(bytes.TrimPrefix(head, utf8BOM))) == 0 && err == io.EOF {
			tr.format = FormatPipe // nothing to read: any line format gives EOF
		} else {
			f, derr := Detect(tr.name, head)
			if derr != nil {
				return derr
			}
			tr.format = f
		}
	}
	switch tr.format {
	case FormatPipe, FormatTSV, FormatJSONL:
		tr.sc = bufio.NewScanner(tr.br)
		tr.sc.Buffer(make([]byte, lineBufStart), graph.MaxLineBytes+1)
		return nil
	case FormatCSV:
		return tr.startCSV()
	}
	return fmt.Errorf("graph: %s: unknown triple format %q (want auto, pipe, tsv, csv or jsonl)", tr.name, tr.format)
}

func (tr *Reader) lineErr(line int, err error) error {
	return &LineError{File: tr.name, Line: line, Err: err}
}

// parseSeparated splits a pipe or tab line into its three fields. It makes
// one string allocation for the line; the relation is interned.
func (tr *Reader) parseSeparated(line []byte, sep byte) (graph.Triple, error) {
	if n := bytes.Count(line, []byte{sep}) + 1; n != 3 {
		return graph.Triple{}, tr.lineErr(tr.line, fmt.Errorf("expected 3 fields separated by %q, got %d", string(sep), n))
	}
	i := bytes.IndexByte(line, sep)
	j := bytes.LastIndexByte(line, sep)
	sLo, sHi := trimBounds(line, 0, i)
	rLo, rHi := trimBounds(line, i+1, j)
	oLo, oHi := trimBounds(line, j+1, len(line))
	rel, err := tr.identBytes(line[rLo:rHi], "relation")
	if err != nil {
		return graph.Triple{}, err
	}
	all := string(line[sLo:oHi])
	t := graph.Triple{
		Subject:  all[:sHi-sLo],
		Relation: rel,
		Object:   all[oLo-sLo:],
		Source:   graph.Source{File: tr.name, Line: tr.line},
	}
	return t, tr.checkNames(t)
}

// tsvHeader reports whether a TSV file's first line is a header: every
// field a column name or alias (column), subject, relation and object
// among them, each once ("subject<TAB>relation<TAB>object",
// "head<TAB>relation<TAB>tail<TAB>head_type..."); cols gives each field's
// column, n the number of fields.
func tsvHeader(line []byte) (cols [numCols]int, n int, ok bool) {
	for i := range cols {
		cols[i] = -1
	}
	fields := strings.Split(strings.TrimRight(string(line), " \t\r"), "\t")
	for i, f := range fields {
		c := column(f)
		if c < 0 || cols[c] >= 0 {
			return cols, 0, false
		}
		cols[c] = i
	}
	return cols, len(fields), cols[colSubject] >= 0 && cols[colRelation] >= 0 && cols[colObject] >= 0
}

// parseTSVColumns reads a line of a TSV file with a header by its
// columns; trailing empty fields (an untyped object's type) may be cut.
func (tr *Reader) parseTSVColumns(line []byte) (graph.Triple, error) {
	fields := strings.Split(strings.TrimRight(string(line), "\r"), "\t")
	if len(fields) > tr.ncols {
		return graph.Triple{}, tr.lineErr(tr.line, fmt.Errorf("expected %d fields separated by tabs (as in the header), got %d", tr.ncols, len(fields)))
	}
	var f [numCols]string
	for c, i := range tr.cols {
		if i >= 0 && i < len(fields) {
			f[c] = fields[i]
		}
	}
	return tr.build(f)
}

// checkNames applies text.CheckName to the subject and the object, as
// the stores do: every format accepts the same names.
func (tr *Reader) checkNames(t graph.Triple) error {
	if err := text.CheckName("subject", t.Subject); err != nil {
		return tr.lineErr(tr.line, err)
	}
	if err := text.CheckName("object", t.Object); err != nil {
		return tr.lineErr(tr.line, err)
	}
	return nil
}

// errLineTooLong is the error of a line or CSV record over
// graph.MaxLineBytes.
var errLineTooLong = fmt.Errorf("line longer than %d KiB (names are at most %d bytes)", graph.MaxLineBytes>>10, graph.MaxNameBytes)

// trimBounds narrows [lo, hi) of b past ASCII white space at both ends.
func trimBounds(b []byte, lo, hi int) (int, int) {
	for lo < hi && isSpace(b[lo]) {
		lo++
	}
	for hi > lo && isSpace(b[hi-1]) {
		hi--
	}
	return lo, hi
}

// asciiSpace is the white space every reader trims around a field.
const asciiSpace = " \t\r\n\v\f"

// trimASCIISpace is strings.Trim(s, asciiSpace) without the set
// strings.Trim makes of its cut set at every call (it ran for every field
// of every line).
func trimASCIISpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// identBytes validates and interns a relation or type name (already
// trimmed) without allocating when the name was seen before.
func (tr *Reader) identBytes(b []byte, field string) (string, error) {
	if s, ok := tr.idents[string(b)]; ok {
		return s, nil
	}
	return tr.ident(string(b), field)
}

// ident validates and interns a relation or type name (already trimmed).
func (tr *Reader) ident(s, field string) (string, error) {
	if v, ok := tr.idents[s]; ok {
		return v, nil
	}
	if s == "" {
		return "", tr.lineErr(tr.line, fmt.Errorf("empty %s", field))
	}
	if id, ok := text.AsIdentifier(s); ok {
		// "Data Component", "part of": a name in words stands for the
		// identifier made of its words.
		tr.idents[s] = id
		if tr.renamed == nil {
			tr.renamed = map[string]string{}
		}
		tr.renamed[s] = id
		return id, nil
	}
	if !text.ValidIdentifier(s) {
		what := "type"
		if field == "relation" {
			what = "relation"
		}
		return "", tr.lineErr(tr.line, fmt.Errorf("%s %q is not an identifier: %s names must be identifiers (a letter or _, then letters, digits, _ or -; at most 128)", field, s, what))
	}
	tr.idents[s] = s
	return s, nil
}

// jsonTriple is the shape of a JSONL line.
type jsonTriple struct {
	Subject     string `json:"subject"`
	Relation    string `json:"relation"`
	Object      string `json:"object"`
	SubjectType string `json:"subject_type"`
	ObjectType  string `json:"object_type"`
	// ACL is the fact's access list: the groups that may see it.
	ACL []string `json:"acl"`
}

// errNotAliased: a JSONL line that the alias names do not explain either;
// the strict decoder's error says what is wrong with it.
var errNotAliased = errors.New("not an aliased triple")

// aliasedJSON decodes a JSONL line whose keys are the columns' aliases
// (colAliases). A key that names no column, a column given twice, or a
// value of the wrong kind is an error.
func aliasedJSON(line []byte) (jsonTriple, error) {
	var j jsonTriple
	dec := json.NewDecoder(bytes.NewReader(line))
	var fields map[string]json.RawMessage
	if err := dec.Decode(&fields); err != nil {
		return j, errNotAliased
	}
	if rest := bytes.TrimSpace(line[dec.InputOffset():]); len(rest) > 0 {
		return j, errNotAliased
	}
	seen := [numCols]string{}
	aliased := false
	var unknown []string
	for k := range fields {
		if c := column(k); c < 0 {
			unknown = append(unknown, k)
		} else if k != colNames[c] {
			aliased = true
		}
	}
	if !aliased {
		return j, errNotAliased
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return j, fmt.Errorf("unknown key(s) %q (want subject, relation, object and optionally subject_type, object_type, acl, or their usual other names)", unknown)
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		c := column(k)
		if seen[c] != "" {
			return j, fmt.Errorf("two keys give the %s (%q and %q)", colNames[c], seen[c], k)
		}
		seen[c] = k
		var err error
		switch c {
		case colSubject:
			err = json.Unmarshal(fields[k], &j.Subject)
		case colRelation:
			err = json.Unmarshal(fields[k], &j.Relation)
		case colObject:
			err = json.Unmarshal(fields[k], &j.Object)
		case colSubjectType:
			err = json.Unmarshal(fields[k], &j.SubjectType)
		case colObjectType:
			err = json.Unmarshal(fields[k], &j.ObjectType)
		case colACL:
			err = json.Unmarshal(fields[k], &j.ACL)
		}
		if err != nil {
			return j, fmt.Errorf("key %q: %w", k, err)
		}
	}
	return j, nil
}

// decodeJSON decodes a JSONL line with encoding/json: the column names as
// keys, or their aliases.
func (tr *Reader) decodeJSON(line []byte) (jsonTriple, error) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	var j jsonTriple
	if err := dec.Decode(&j); err != nil {
		// Other key names ("source", "target"): the slower way.
		var aerr error
		if j, aerr = aliasedJSON(line); aerr != nil {
			if errors.Is(aerr, errNotAliased) {
				return j, tr.lineErr(tr.line, err)
			}
			return j, tr.lineErr(tr.line, aerr)
		}
	} else if rest := bytes.TrimSpace(line[dec.InputOffset():]); len(rest) > 0 {
		return j, tr.lineErr(tr.line, errors.New("more than one JSON value on the line"))
	}
	return j, nil
}

func (tr *Reader) parseJSON(line []byte) (graph.Triple, error) {
	line = bytes.TrimSpace(line)
	if line[0] != '{' {
		return graph.Triple{}, tr.lineErr(tr.line, errors.New("expected a JSON object {\"subject\", \"relation\", \"object\", ...}"))
	}
	// encoding/json would replace invalid UTF-8 with U+FFFD silently.
	if !utf8.Valid(line) {
		i := invalidUTF8At(line)
		return graph.Triple{}, tr.lineErr(tr.line, fmt.Errorf("not valid UTF-8 (byte 0x%02X at column %d)", line[i], i+1))
	}
	j, fast := fastJSON(line, tr.idents)
	if !fast {
		var err error
		if j, err = tr.decodeJSON(line); err != nil {
			return graph.Triple{}, err
		}
		// What encoding/json lets pass: a key given twice (the last
		// wins), a lone UTF-16 surrogate (it becomes U+FFFD). A line
		// fastJSON read has neither: its keys are column names, each
		// once, and no string of it holds an escape.
		if err := checkJSONLine(line); err != nil {
			return graph.Triple{}, tr.lineErr(tr.line, err)
		}
	}
	t, err := tr.build([numCols]string{j.Subject, j.Relation, j.Object, j.SubjectType, j.ObjectType})
	if err != nil {
		return t, err
	}
	if t.ACL, err = tr.acl(j.ACL, "acl"); err != nil {
		return graph.Triple{}, err
	}
	return t, nil
}

// checkJSONLine checks a line that decoded as one JSON object for what
// encoding/json accepts silently: a key of the object given twice (in any
// case: keys match fields regardless of case), and a \u escape of a UTF-16
// surrogate that is not half of a pair.
func checkJSONLine(line []byte) error {
	var keys [][]byte
	depth := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			start := i
			escaped := false
			pendingHigh := false
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] != '\\' {
					if pendingHigh {
						return errLoneSurrogate
					}
					continue
				}
				escaped = true
				i++
				if i >= len(line) {
					break
				}
				if line[i] != 'u' {
					if pendingHigh {
						return errLoneSurrogate
					}
					continue
				}
				if i+4 >= len(line) {
					break
				}
				r, err := strconv.ParseUint(string(line[i+1:i+5]), 16, 32)
				i += 4
				if err != nil {
					continue // encoding/json refused the line already
				}
				switch {
				case r >= 0xD800 && r < 0xDC00:
					if pendingHigh {
						return errLoneSurrogate
					}
					pendingHigh = true
				case r >= 0xDC00 && r < 0xE000:
					if !pendingHigh {
						return errLoneSurrogate
					}
					pendingHigh = false
				default:
					if pendingHigh {
						return errLoneSurrogate
					}
				}
			}
			if pendingHigh {
				return errLoneSurrogate
			}
			// A key of the top-level object: a string followed by ':'.
			j := i + 1
			for j < len(line) && isSpace(line[j]) {
				j++
			}
			if depth == 1 && j < len(line) && line[j] == ':' {
				key := line[start : i+1]
				if escaped {
					var s string
					if json.Unmarshal(key, &s) == nil {
						key = []byte(strconv.Quote(s))
					}
				}
				for _, k := range keys {
					if bytes.EqualFold(k, key) {
						return fmt.Errorf("the key %s is given twice", key)
					}
				}
				keys = append(keys, key)
			}
		}
	}
	return nil
}

// errLoneSurrogate: a \u escape of half a UTF-16 pair, which is no text.
// errMidFileBOM is a byte-order mark at the start of a line past the
// first: files joined together, most likely.
var errMidFileBOM = errors.New("a byte-order mark (U+FEFF) starts the line: only a file's first line may have one (files joined together?); remove it")

var errLoneSurrogate = errors.New(`a \u escape of a lone UTF-16 surrogate (half of a pair) in a string: not text`)

// acl checks a fact's access list (sorted, without duplicates; nil when
// empty: public); the error names the line, the field and the entry.
func (tr *Reader) acl(groups []string, field string) ([]string, error) {
	if _, err := graph.NewGroups(groups...); err != nil { // names the bad group
		return nil, tr.lineErr(tr.line, fmt.Errorf("%s: %w", field, err))
	}
	out, err := groupname.Check(groups)
	if err != nil {
		return nil, tr.lineErr(tr.line, fmt.Errorf("%s: %w", field, err))
	}
	return out, nil
}

// build validates the fields (trimming them) and makes the triple.
func (tr *Reader) build(f [numCols]string) (graph.Triple, error) {
	for i := range f {
		f[i] = trimASCIISpace(f[i]) // as the pipe and TSV readers trim
	}
	t := graph.Triple{Subject: f[colSubject], Object: f[colObject], Source: graph.Source{File: tr.name, Line: tr.line}}
	if err := tr.checkNames(t); err != nil {
		return graph.Triple{}, err
	}
	var err error
	if t.Relation, err = tr.ident(f[colRelation], "relation"); err != nil {
		return graph.Triple{}, err
	}
	if f[colSubjectType] != "" {
		if t.SubjectType, err = tr.ident(f[colSubjectType], "subject_type"); err != nil {
			return graph.Triple{}, err
		}
	}
	if f[colObjectType] != "" {
		if t.ObjectType, err = tr.ident(f[colObjectType], "object_type"); err != nil {
			return graph.Triple{}, err
		}
	}
	if f[colACL] != "" {
		var groups []string
		for _, g := range strings.Split(f[colACL], ";") {
			groups = append(groups, strings.TrimSpace(g))
		}
		if t.ACL, err = tr.acl(groups, "acl"); err != nil {
			return graph.Triple{}, err
		}
	}
	return t, nil
}

// invalidUTF8At returns the offset of the first byte of b that is not
// part of valid UTF-8.
func invalidUTF8At(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// recordLimiter passes a CSV stream through unchanged and fails once one
// record (lines joined while a quoted field is open) grows past
// graph.MaxLineBytes, so that encoding/csv, which has no limit of its own,
// never buffers more than that for a record.
type recordLimiter struct {
	r       io.Reader
	line    int  // current line, 1-based
	start   int  // line the current record starts on
	n       int  // bytes of the current record so far
	inQuote bool // an odd number of '"' so far in the record
	err     error
}

// errRecordTooLong is returned by recordLimiter; csvErr turns it into a
// *LineError naming the record's first line.
type errRecordTooLong struct{ line int }

func (e *errRecordTooLong) Error() string { return errLineTooLong.Error() }

func (l *recordLimiter) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for i, c := range p[:n] {
		switch c {
		case '"':
			l.inQuote = !l.inQuote
		case '\n':
			l.line++
			if !l.inQuote {
				l.n, l.start = 0, l.line
				continue
			}
		}
		l.n++
		if l.n > graph.MaxLineBytes {
			// Pass on the records before this one; fail on the next read.
			l.err = &errRecordTooLong{line: l.start}
			return i, nil
		}
	}
	return n, err
}

// startCSV reads and checks the header.
func (tr *Reader) startCSV() error {
	tr.csv = csv.NewReader(&recordLimiter{r: tr.br, line: 1, start: 1})
	tr.csv.FieldsPerRecord = -1 // checked here, so that blank lines pass
	var header []string
	for {
		rec, err := tr.csv.Read()
		if err == io.EOF {
			tr.csv = nil // an empty file holds no triples
			return nil
		}
		if err != nil {
			return tr.csvErr(err)
		}
		if !blankRecord(rec) {
			header = rec
			break
		}
	}
	tr.ncols = len(header)
	tr.csv.ReuseRecord = true
	tr.line, _ = tr.csv.FieldPos(0)
	for i := range tr.cols {
		tr.cols[i] = -1
	}
	var unknown []string
	for i, h := range header {
		if i == 0 {
			h = strings.TrimPrefix(h, string(utf8BOM))
		}
		c := column(h)
		if c < 0 {
			unknown = append(unknown, fmt.Sprintf("%q", h))
			continue
		}
		if tr.cols[c] >= 0 {
			return tr.lineErr(tr.line, fmt.Errorf("CSV header: two columns give the %s (%q and %q)", colNames[c], header[tr.cols[c]], h))
		}
		tr.cols[c] = i
	}
	if len(unknown) > 0 {
		return tr.lineErr(tr.line, fmt.Errorf("CSV header: unknown column(s) %s (want subject, relation, object and optionally subject_type, object_type, acl; source/target, head/tail, :START_ID/:TYPE/:END_ID and the like are understood)", strings.Join(unknown, ", ")))
	}
	for _, c := range []int{colSubject, colRelation, colObject} {
		if tr.cols[c] < 0 {
			return tr.lineErr(tr.line, fmt.Errorf("CSV header: missing column %q (want subject, relation, object and optionally subject_type, object_type, acl)", colNames[c]))
		}
	}
	return nil
}

// blankRecord reports whether every field of a CSV record is white space.
func blankRecord(rec []string) bool {
	for _, f := range rec {
		if strings.Trim(f, asciiSpace) != "" {
			return false
		}
	}
	return true
}

func (tr *Reader) csvErr(err error) error {
	var long *errRecordTooLong
	if errors.As(err, &long) {
		return tr.lineErr(long.line, errLineTooLong)
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return tr.lineErr(pe.Line, pe.Err)
	}
	return fmt.Errorf("graph: reading %s: %w", tr.name, err)
}

func (tr *Reader) nextCSV() (graph.Triple, error) {
	if tr.csv == nil {
		return graph.Triple{}, io.EOF
	}
	var rec []string
	for {
		var err error
		rec, err = tr.csv.Read()
		if rerr := tr.readErr(); rerr != nil {
			return graph.Triple{}, rerr
		}
		if err == io.EOF {
			return graph.Triple{}, io.EOF
		}
		if err != nil {
			return graph.Triple{}, tr.csvErr(err)
		}
		tr.line, _ = tr.csv.FieldPos(0)
		if len(rec) == tr.ncols {
			break
		}
		if !blankRecord(rec) {
			return graph.Triple{}, tr.lineErr(tr.line, fmt.Errorf("expected %d fields (as in the header), got %d", tr.ncols, len(rec)))
		}
	}
	var f [numCols]string
	for c, i := range tr.cols {
		if i >= 0 {
			f[c] = rec[i]
		}
	}
	return tr.build(f)
}
