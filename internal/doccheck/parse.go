// Package doccheck keeps the documentation true: it reads the commands the
// README, the pages under docs/ and the commands' help texts show, so that
// a test can run each of them and compare what it prints with the output
// the page shows.
//
// In Markdown, a fenced block whose info string starts with "console" is
// a transcript: "$ " starts a command, the lines after it until the next
// command are its output. A block whose info string starts with "sh" holds
// commands only, one a line ("#" starts a comment). Words after the
// language tag the block ("```console neo4j"): the tests decide by them
// where a block runs. A line ending in a backslash continues on the next.
// Other blocks (json, go, mermaid, text) are not commands.
package doccheck

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Block is one fenced block of commands.
type Block struct {
	// File and Line say where the block starts (the line of its fence).
	File string
	Line int
	// Lang is "console" or "sh"; Tags are the words after it.
	Lang string
	Tags []string
	// Indent is the fence's indentation (a block inside a list item).
	Indent string
	// Commands in the order shown.
	Commands []Command
}

// Tagged reports whether the block carries tag.
func (b Block) Tagged(tag string) bool {
	for _, t := range b.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// Command is one command line as shown, continuations joined.
type Command struct {
	// Line is the line the command starts on.
	Line int
	// Text is the command as a shell reads it (continuations joined,
	// without the "$ " prompt and without a trailing comment).
	Text string
	// Want is the output the page shows after it (console blocks only);
	// HasWant says whether the block is a transcript.
	Want    []string
	HasWant bool
	// WantLine is the line the shown output starts on.
	WantLine int
}

// Where names the command's place for messages: "README.md:31".
func (c Command) Where(file string) string { return fmt.Sprintf("%s:%d", file, c.Line) }

// ParseMarkdown returns the command blocks of a Markdown page.
func ParseMarkdown(file string, src []byte) ([]Block, error) {
	var blocks []Block
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	n := 0
	var cur *Block
	var body []numbered
	inOther := false
	fence := ""
	indent := ""
	for sc.Scan() {
		n++
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && !inOther && strings.HasPrefix(trimmed, "```"):
			fence = trimmed[:strings.LastIndex(trimmed, "`")+1]
			indent = line[:len(line)-len(strings.TrimLeft(line, " "))]
			words := strings.Fields(strings.TrimPrefix(trimmed, fence))
			if len(words) > 0 && (words[0] == "console" || words[0] == "sh") {
				cur = &Block{File: file, Line: n, Lang: words[0], Tags: words[1:], Indent: indent}
				body = nil
			} else {
				inOther = true
			}
		case (cur != nil || inOther) && trimmed == fence:
			if cur != nil {
				cmds, err := parseBody(file, cur.Lang, body)
				if err != nil {
					return nil, err
				}
				cur.Commands = cmds
				blocks = append(blocks, *cur)
			}
			cur, inOther = nil, false
		case cur != nil:
			// A block indented in a list item: its lines lose the fence's indent.
			body = append(body, numbered{n, strings.TrimPrefix(line, indent)})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if cur != nil || inOther {
		return nil, fmt.Errorf("%s: a fenced block is not closed", file)
	}
	return blocks, nil
}

type numbered struct {
	n    int
	text string
}

func parseBody(file, lang string, body []numbered) ([]Command, error) {
	var cmds []Command
	for i := 0; i < len(body); i++ {
		l := body[i]
		if lang == "console" {
			rest, ok := strings.CutPrefix(l.text, "$ ")
			if !ok {
				if len(cmds) == 0 {
					return nil, fmt.Errorf("%s:%d: a console block starts with output, not with a \"$ \" command", file, l.n)
				}
				last := &cmds[len(cmds)-1]
				last.Want = append(last.Want, l.text)
				continue
			}
			text, next := joinContinued(rest, body, i)
			i = next
			cmds = append(cmds, Command{Line: l.n, Text: stripComment(text), HasWant: true, WantLine: body[next].n + 1})
			continue
		}
		t := strings.TrimSpace(l.text)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		text, next := joinContinued(t, body, i)
		i = next
		cmds = append(cmds, Command{Line: l.n, Text: stripComment(text)})
	}
	return cmds, nil
}

// joinContinued joins the lines after body[i] that a trailing backslash
// continues; it returns the text and the index of the last line used.
func joinContinued(first string, body []numbered, i int) (string, int) {
	text := first
	for strings.HasSuffix(strings.TrimRight(text, " "), `\`) && i+1 < len(body) {
		text = strings.TrimRight(strings.TrimSuffix(strings.TrimRight(text, " "), `\`), " ") + " " + strings.TrimSpace(body[i+1].text)
		i++
	}
	return strings.TrimSpace(text), i
}

// stripComment drops a trailing " # comment" outside quotes.
func stripComment(s string) string {
	var quote rune
	prevSpace := true
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && prevSpace:
			return strings.TrimSpace(s[:i])
		}
		prevSpace = r == ' ' || r == '\t'
	}
	return strings.TrimSpace(s)
}

// UsageExamples returns the commands a help text shows: every line
// indented by two spaces whose first word is a program the examples run
// (scgraph, echo, printf, scripts/...) or a variable assignment before one,
// continuations joined; not the synopsis under "Usage:" and nothing from
// "Flags:" on.
func UsageExamples(file, usage string) []Command {
	var cmds []Command
	lines := strings.Split(usage, "\n")
	inUsage := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		t := strings.TrimSpace(l)
		switch {
		case t == "Flags:":
			return cmds
		case strings.HasPrefix(t, "Usage:"):
			inUsage = true
			continue
		case t == "":
			inUsage = false
			continue
		}
		if inUsage || !strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "   ") || !isExampleStart(t) {
			continue
		}
		var body []numbered
		for j := i; j < len(lines); j++ {
			body = append(body, numbered{j + 1, lines[j]})
		}
		text, next := joinContinued(t, body, 0)
		cmds = append(cmds, Command{Line: i + 1, Text: stripComment(text)})
		i += next
	}
	return cmds
}

// isExampleStart reports whether a help line starts a command.
func isExampleStart(line string) bool {
	w := strings.Fields(line)
	for len(w) > 0 {
		name, _, ok := strings.Cut(w[0], "=")
		if !ok || !isName(name) {
			break
		}
		w = w[1:]
	}
	if len(w) == 0 {
		return false
	}
	switch {
	case w[0] == "scgraph", w[0] == "echo", w[0] == "printf", strings.HasPrefix(w[0], "scripts/"):
		return true
	}
	return false
}
