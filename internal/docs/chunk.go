package docs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ChunkWords is the default chunk size in words.
const ChunkWords = 80

// Chunk is a passage of a document: consecutive blocks (paragraphs,
// headings, list items) of at most the chunk size in words, the first of
// which is the last block of the chunk before (the overlap).
type Chunk struct {
	// ID is "PATH#N", N counting from 0; it is the chunk's node name.
	ID        string `json:"id"`
	Index     int    `json:"index"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Text      string `json:"text"`
}

// block is a paragraph, a heading or a list item, with the line it starts on.
type block struct {
	line  int
	lines []string
	// fenced marks the lines inside a fenced code block (and the fences):
	// code, not prose, though they chunk like any line.
	fenced []bool
}

// prose returns the block with its code lines blanked: what the open
// extractor reads. Lines keep their numbers.
func (b block) prose() block {
	out := block{line: b.line, lines: slices.Clone(b.lines)}
	indented := len(b.lines) > 0 && indentedCodeRE.MatchString(b.lines[0]) && !listItemRE.MatchString(b.lines[0])
	for k := range out.lines {
		if indented || k < len(b.fenced) && b.fenced[k] {
			out.lines[k] = ""
		}
	}
	if len(out.lines) > 0 && !indented {
		out.lines[0] = definitionLine(out.lines[0])
	}
	return out
}

// table reports whether the block is a Markdown table.
func (b block) table() bool {
	return len(b.lines) > 0 && strings.HasPrefix(strings.TrimSpace(b.lines[0]), "|")
}

func (b block) words() int {
	n := 0
	for _, l := range b.lines {
		n += len(strings.Fields(l))
	}
	return n
}

var (
	listItemRE     = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+`)
	headingRE      = regexp.MustCompile(`^\s*#{1,6}\s+`)
	indentedCodeRE = regexp.MustCompile(`^(?: {4}|\t)`)
	fenceRE        = regexp.MustCompile("^\\s*(?:```|~~~)")
)

// splitBlocks cuts a document into blocks: a blank line ends one, a heading
// is one on its own, a list item starts a new one.
func splitBlocks(text string) []block {
	var out []block
	var cur *block
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	inFence := false
	for i, l := range strings.Split(text, "\n") {
		line := i + 1
		fence := fenceRE.MatchString(l)
		code := inFence || fence
		if fence {
			inFence = !inFence
		}
		switch {
		case strings.TrimSpace(l) == "":
			flush()
		case headingRE.MatchString(l):
			flush()
			out = append(out, block{line: line, lines: []string{l}, fenced: []bool{code}})
		case listItemRE.MatchString(l) || cur == nil:
			flush()
			cur = &block{line: line, lines: []string{l}, fenced: []bool{code}}
		default:
			cur.lines = append(cur.lines, l)
			cur.fenced = append(cur.fenced, code)
		}
	}
	flush()
	return out
}

// chunkBlocks groups blocks into chunks of at most maxWords words (a block
// longer than that is a chunk of its own); each chunk after the first
// starts with the last block of the one before. It returns each chunk with
// the blocks it holds.
func chunkBlocks(path string, bs []block, maxWords int) ([]Chunk, [][]block) {
	if maxWords <= 0 {
		maxWords = ChunkWords
	}
	var chunks []Chunk
	var members [][]block
	for i := 0; i < len(bs); {
		j, words := i, 0
		for j < len(bs) && (j == i || words+bs[j].words() <= maxWords) {
			words += bs[j].words()
			j++
		}
		part := bs[i:j]
		var text []string
		for _, b := range part {
			text = append(text, strings.Join(b.lines, "\n"))
		}
		last := part[len(part)-1]
		chunks = append(chunks, Chunk{
			ID:        fmt.Sprintf("%s#%d", path, len(chunks)),
			Index:     len(chunks),
			StartLine: part[0].line,
			EndLine:   last.line + len(last.lines) - 1,
			Text:      strings.Join(text, "\n\n"),
		})
		members = append(members, part)
		if j == len(bs) {
			break
		}
		if j-1 > i {
			i = j - 1 // overlap: the next chunk starts with this one's last block
		} else {
			i = j
		}
	}
	return chunks, members
}

// sentence is a sentence of a block with the line it starts on and the
// text of its code spans (between backticks).
type sentence struct {
	text string
	line int
	code []string
	// colon: the sentence ends in a colon ("Milvus comprises four
	// layers:"), what follows it being its object.
	colon bool
}

var sentenceEndRE = regexp.MustCompile(`[.!?;:](?:\s+|$)`)

// joinedLines returns the block's lines joined by spaces, Markdown
// markers (heading hashes, list bullets, emphasis, code ticks) made
// spaces so offsets and lines stay right, with the byte offset where each
// line starts and, per byte, whether it is inside backticks.
func (b block) joinedLines() (joined string, starts []int, inCode []bool) {
	var sb strings.Builder
	ticks := false
	for k, l := range b.lines {
		if k > 0 {
			sb.WriteByte(' ')
		}
		starts = append(starts, sb.Len())
		if m := headingRE.FindStringIndex(l); m != nil && k == 0 {
			l = strings.Repeat(" ", m[1]) + l[m[1]:]
		}
		if m := listItemRE.FindStringIndex(l); m != nil && k == 0 {
			l = strings.Repeat(" ", m[1]) + l[m[1]:]
		}
		if k > 0 {
			inCode = append(inCode, false)
		}
		var bold []bool
		l, bold = boldSeries(l)
		base := len(inCode)
		for i := 0; i < len(l); i++ {
			if l[i] == '`' {
				ticks = !ticks
				inCode = append(inCode, false)
				continue
			}
			inCode = append(inCode, ticks || bold[i])
		}
		lb := []byte(l)
		emph := emphasisUnderscores(l)
		for i, c := range lb {
			if c == '`' || c == '*' || emph[i] && !inCode[base+i] {
				lb[i] = ' '
			}
		}
		sb.Write(lb)
	}
	return sb.String(), starts, inCode
}

// boldSeriesRE is two or more emphasised single words joined by slashes:
// "Volcano consists of **scheduler** / **controllermanager** / **vcctl**".
var boldSeriesRE = regexp.MustCompile(`\*\*[^*\s/]{1,40}\*\*(?:\s*/\s*\*\*[^*\s/]{1,40}\*\*)+`)

// boldSeries reads a series of emphasised single words joined by slashes as
// a list of names: each word is marked as code (the returned mask, per
// byte of the line) and each slash between them is a comma. The line keeps
// its length.
func boldSeries(l string) (string, []bool) {
	mask := make([]bool, len(l))
	locs := boldSeriesRE.FindAllStringIndex(l, -1)
	if locs == nil {
		return l, mask
	}
	b := []byte(l)
	for _, m := range locs {
		in := false
		for i := m[0]; i < m[1]; i++ {
			switch {
			case b[i] == '*':
				if i+1 < m[1] && b[i+1] == '*' {
					in = !in
				}
			case b[i] == '/' && !in:
				b[i] = ','
			case in:
				mask[i] = true
			}
		}
	}
	return string(b), mask
}

// codeSpans returns the code spans of joined[from:to], each with its
// spaces made single.
func codeSpans(joined string, inCode []bool, from, to int) []string {
	var code []string
	for i := from; i < to && i < len(inCode); {
		if !inCode[i] {
			i++
			continue
		}
		j := i
		for j < to && j < len(inCode) && inCode[j] {
			j++
		}
		if c := strings.Join(strings.Fields(joined[i:j]), " "); c != "" {
			code = append(code, c)
		}
		i = j
	}
	return code
}

// underscoreEmphasisRE is one word emphasised with underscores ("a
// _JobManager_ and one or more _TaskManagers_"), not an identifier's
// inner underscores ("task_slot").
var underscoreEmphasisRE = regexp.MustCompile(`(?:^|[\s(\["'])(_)[A-Za-z][A-Za-z0-9-]*(_)(?:$|[\s.,;:!?)\]"'])`)

// emphasisUnderscores returns the offsets of the line's underscores that
// mark the emphasis of one word, as an asterisk does.
func emphasisUnderscores(l string) map[int]bool {
	out := map[int]bool{}
	for _, m := range underscoreEmphasisRE.FindAllStringSubmatchIndex(l, -1) {
		out[m[2]], out[m[4]] = true, true
	}
	return out
}

// sentences splits a block into sentences. Markdown markers (heading
// hashes, list bullets, emphasis, code ticks) become spaces, so offsets and
// lines stay right.
func (b block) sentences() []sentence {
	joined, starts, inCode := b.joinedLines()
	lineAt := func(off int) int {
		n := 0
		for k, s := range starts {
			if s <= off {
				n = k
			}
		}
		return b.line + n
	}
	var out []sentence
	from := 0
	emit := func(to int, colon bool) {
		s := joined[from:to]
		trimmed := strings.TrimSpace(s)
		if trimmed != "" {
			lead := len(s) - len(strings.TrimLeft(s, " \t"))
			trimmed = strings.Join(strings.Fields(trimmed), " ")
			out = append(out, sentence{text: trimmed, line: lineAt(from + lead), code: codeSpans(joined, inCode, from, to), colon: colon})
		}
	}
	for _, m := range b.sentenceEnds(joined, starts, inCode) {
		emit(m[0], joined[m[0]] == ':')
		from = m[1]
	}
	emit(len(joined), false)
	return out
}

// sentenceEnds returns where the sentences of the joined block end: each
// end's offset and where the next sentence may start. A line of the
// document's front matter ends one too ("title: Pulsar Functions
// concepts" / "sidebar_label: …": a key and its value a line, no sentence
// with the next line's).
func (b block) sentenceEnds(joined string, starts []int, inCode []bool) [][]int {
	var ends [][]int
	front := 0
	if b.line == 1 {
		front = frontMatterEnd(b.lines)
	}
	next := 1
	for _, m := range sentenceEndRE.FindAllStringIndex(joined, -1) {
		if m[0] < len(inCode) && inCode[m[0]] {
			continue // "`content-type: application/grpc`": code, not a sentence's end
		}
		if joined[m[0]] == '.' && midAbbreviation(joined[:m[0]]) {
			continue // "a backend (e.g. Docker, Kubernetes)": no sentence's end
		}
		for ; next < front && next < len(starts) && starts[next] <= m[0]; next++ {
			ends = append(ends, []int{starts[next] - 1, starts[next]})
		}
		if next < front && next < len(starts) && starts[next] <= m[1] {
			next++ // the line's end is this sentence's
		}
		ends = append(ends, m)
	}
	for ; next < front && next < len(starts); next++ {
		ends = append(ends, []int{starts[next] - 1, starts[next]})
	}
	return ends
}

// frontMatterEnd returns how many lines open a document as its YAML front
// matter ("---" / "title: …" / "---"), as sites built with Hugo or
// Docusaurus write it; 0 when the lines open otherwise or it never ends.
func frontMatterEnd(lines []string) int {
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return 0
	}
	for k, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			return k + 2
		}
	}
	return 0
}

// midAbbreviation reports whether text ends in an abbreviation that a
// sentence goes on after ("e.g", "i.e", "cf", "vs" of [abbreviations];
// "etc." may end one).
func midAbbreviation(text string) bool {
	k := strings.LastIndexAny(text, " \t(")
	w := strings.ToLower(text[k+1:])
	return w != "etc" && openWords.is("abbreviations", w)
}
