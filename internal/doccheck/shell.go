package doccheck

import (
	"fmt"
	"strings"
)

// Shell is a command line read the way a POSIX shell reads the small part
// of its language the documentation uses: variable assignments before the
// program, single and double quotes, $NAME and ${NAME}, one pipe from echo,
// and the redirections < FILE and > FILE.
type Shell struct {
	// Env holds the NAME=value assignments before the program.
	Env map[string]string
	// Args is the program and its arguments; empty when the line only
	// assigns variables (Env then holds them).
	Args []string
	// Stdin is what the program reads: the text echo or printf sends into the pipe, or
	// "" (HasStdin false) when nothing is piped; StdinFile names a file
	// redirected with <.
	Stdin     string
	HasStdin  bool
	StdinFile string
	// StdoutFile names the file > redirects the output to.
	StdoutFile string
}

// printfText is what printf prints of a format without conversions.
func printfText(format string) string {
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(format)
}

// ParseShell reads one command line. vars gives the values of $NAME; a
// name it lacks is an error, as are the parts of the language not read
// here ($(...), backquotes, &&, ;).
func ParseShell(text string, vars map[string]string) (Shell, error) {
	words, ops, err := splitWords(text, vars)
	if err != nil {
		return Shell{}, err
	}
	sh := Shell{Env: map[string]string{}}
	// A pipe: only "echo WORDS |" feeds a program here.
	if i := indexOp(ops, "|"); i >= 0 {
		left := words[:i]
		switch {
		case len(left) >= 2 && left[0] == "echo":
			sh.Stdin = strings.Join(left[1:], " ") + "\n"
		case len(left) == 2 && left[0] == "printf":
			sh.Stdin = printfText(left[1])
		default:
			return Shell{}, fmt.Errorf("only echo or printf may feed a pipe here: %q", text)
		}
		sh.HasStdin = true
		words, ops = words[i+1:], ops[i+1:]
		if indexOp(ops, "|") >= 0 {
			return Shell{}, fmt.Errorf("one pipe at most: %q", text)
		}
	}
	var args []string
	for i := 0; i < len(words); i++ {
		switch ops[i] {
		case ">", "<":
			if i+1 >= len(words) || ops[i+1] != "" {
				return Shell{}, fmt.Errorf("%s without a file: %q", ops[i], text)
			}
			if ops[i] == ">" {
				sh.StdoutFile = words[i+1]
			} else {
				sh.StdinFile = words[i+1]
			}
			i++
		case "":
			w := words[i]
			if name, val, ok := strings.Cut(w, "="); ok && len(args) == 0 && isName(name) {
				sh.Env[name] = val
				continue
			}
			args = append(args, w)
		default:
			return Shell{}, fmt.Errorf("operator %s is not read here: %q", ops[i], text)
		}
	}
	sh.Args = args
	return sh, nil
}

func indexOp(ops []string, op string) int {
	for i, o := range ops {
		if o == op {
			return i
		}
	}
	return -1
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !(r >= 'A' && r <= 'Z') && !(r >= 'a' && r <= 'z') && !(i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// splitWords splits text into words and operators; ops[i] is the operator
// at position i ("|", ">", "<") with an empty word, or "" for a word.
func splitWords(text string, vars map[string]string) (words, ops []string, err error) {
	var b strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, b.String())
			ops = append(ops, "")
			b.Reset()
			inWord = false
		}
	}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == ' ' || r == '\t':
			flush()
		case r == '|' || r == '>' || r == '<':
			flush()
			if r == '|' && i+1 < len(rs) && rs[i+1] == '|' {
				return nil, nil, fmt.Errorf("|| is not read here: %q", text)
			}
			words = append(words, "")
			ops = append(ops, string(r))
		case r == '&' || r == ';' || r == '`':
			return nil, nil, fmt.Errorf("%c is not read here: %q", r, text)
		case r == '\'':
			inWord = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, nil, fmt.Errorf("unclosed ' in %q", text)
			}
			b.WriteString(string(rs[i+1 : j]))
			i = j
		case r == '"':
			inWord = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				switch {
				case rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune(`"\$`+"`", rs[j+1]):
					b.WriteRune(rs[j+1])
					j++
				case rs[j] == '$':
					n, err := expand(&b, rs, j, vars, text)
					if err != nil {
						return nil, nil, err
					}
					j = n
				default:
					b.WriteRune(rs[j])
				}
			}
			if j == len(rs) {
				return nil, nil, fmt.Errorf("unclosed \" in %q", text)
			}
			i = j
		case r == '\\' && i+1 < len(rs):
			inWord = true
			b.WriteRune(rs[i+1])
			i++
		case r == '$':
			inWord = true
			n, err := expand(&b, rs, i, vars, text)
			if err != nil {
				return nil, nil, err
			}
			i = n
		default:
			inWord = true
			b.WriteRune(r)
		}
	}
	flush()
	return words, ops, nil
}

// expand writes the value of the variable at rs[i] ('$') and returns the
// index of its last rune.
func expand(b *strings.Builder, rs []rune, i int, vars map[string]string, text string) (int, error) {
	if i+1 >= len(rs) {
		b.WriteRune('$')
		return i, nil
	}
	if rs[i+1] == '(' {
		return 0, fmt.Errorf("$(...) is not read here: %q", text)
	}
	start, end := i+1, i+1
	braced := rs[i+1] == '{'
	if braced {
		start++
		end = start
		for end < len(rs) && rs[end] != '}' {
			end++
		}
		if end == len(rs) {
			return 0, fmt.Errorf("unclosed ${ in %q", text)
		}
	} else {
		for end < len(rs) && (rs[end] == '_' || rs[end] >= 'A' && rs[end] <= 'Z' || rs[end] >= 'a' && rs[end] <= 'z' || end > start && rs[end] >= '0' && rs[end] <= '9') {
			end++
		}
		if end == start {
			b.WriteRune('$')
			return i, nil
		}
	}
	name := string(rs[start:end])
	v, ok := vars[name]
	if !ok {
		return 0, fmt.Errorf("$%s is not set in %q", name, text)
	}
	b.WriteString(v)
	if braced {
		return end, nil
	}
	return end - 1, nil
}
