package cli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
)

const completionUsage = `
Usage: scgraph completion bash|zsh|fish

Prints a shell completion script for scgraph: its commands, the actions of
lexicon and merges, and every command's flags; file names elsewhere.

  bash   scgraph completion bash > ~/.local/share/bash-completion/completions/scgraph
         (or: source <(scgraph completion bash) in ~/.bashrc)
  zsh    scgraph completion zsh > "${fpath[1]}/_scgraph"   (then: compinit)
  fish   scgraph completion fish > ~/.config/fish/completions/scgraph.fish

Examples:
  scgraph completion bash > scgraph.bash
  scgraph completion zsh > _scgraph
  scgraph completion fish > scgraph.fish
`

// completionShells are the shells 'scgraph completion' writes for.
var completionShells = []string{"bash", "zsh", "fish"}

func runCompletion(ctx context.Context, e *env, args []string) error {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprint(e.stderr, strings.TrimLeft(completionUsage, "\n"))
		return nil
	}
	if len(args) != 1 {
		return usagef("want one shell: bash, zsh or fish")
	}
	specs := completionSpecs(ctx)
	switch args[0] {
	case "bash":
		writeBash(e.stdout, specs)
	case "zsh":
		writeZsh(e.stdout, specs)
	case "fish":
		writeFish(e.stdout, specs)
	default:
		return usagef("no completion for %q: want bash, zsh or fish%s", args[0], didYouMean(args[0], completionShells, ""))
	}
	return nil
}

// cmdSpec is what a completion script knows of a command.
type cmdSpec struct {
	name, summary string
	actions       []string // lexicon, merges: the word after the command
	flags         []flagSpec
}

type flagSpec struct {
	name, usage string
	value       bool // takes a value
}

// completionSpecs reads every command's flags from its own help, as the
// flag set prints it, so the scripts cannot drift from the commands.
func completionSpecs(ctx context.Context) []cmdSpec {
	actions := map[string][]string{"lexicon": lexiconActions, "merges": mergesActions}
	helpArgs := map[string][]string{"lexicon": {"learn", "--help"}}
	var specs []cmdSpec
	for _, c := range commands() {
		args := helpArgs[c.name]
		if args == nil {
			args = []string{"--help"}
		}
		var help strings.Builder
		quiet := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &help, getenv: func(string) string { return "" }}
		_ = c.run(ctx, quiet, args)
		specs = append(specs, cmdSpec{name: c.name, summary: c.summary, actions: actions[c.name], flags: parseFlagHelp(help.String())})
	}
	specs = append(specs,
		cmdSpec{name: "help", summary: "a command's flags and examples"},
		cmdSpec{name: "version", summary: "the version and the revision it was built from"})
	return specs
}

// parseFlagHelp reads flag.PrintDefaults' output after "Flags:": lines
// "  -name" (a switch) or "  -name arg", each followed by its usage.
func parseFlagHelp(help string) []flagSpec {
	_, rest, ok := strings.Cut(help, "\nFlags:\n")
	if !ok {
		return nil
	}
	var out []flagSpec
	for _, l := range strings.Split(rest, "\n") {
		switch {
		case strings.HasPrefix(l, "  -"):
			f := strings.Fields(strings.TrimPrefix(l, "  -"))
			out = append(out, flagSpec{name: f[0], value: len(f) > 1})
		case strings.HasPrefix(l, "    \t") && len(out) > 0 && out[len(out)-1].usage == "":
			out[len(out)-1].usage = strings.TrimSpace(l)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// shortUsage is a flag's usage cut to its first clause, with the
// characters the shells' completion syntaxes treat specially left out.
func shortUsage(u string) string {
	if i := strings.IndexAny(u, ";(:"); i > 0 {
		u = u[:i]
	}
	u = strings.Map(func(r rune) rune {
		switch r {
		case '[', ']', '"', '`', '\\', '$':
			return -1
		case '\'':
			return '’'
		}
		return r
	}, u)
	return strings.TrimSpace(u)
}

// dashed is how people write a flag: -o, -v, --graph (Go's flag package
// takes one dash or two for any of them).
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func names(specs []cmdSpec) string {
	var n []string
	for _, s := range specs {
		n = append(n, s.name)
	}
	return strings.Join(n, " ")
}

func writeBash(w io.Writer, specs []cmdSpec) {
	fmt.Fprintf(w, `# bash completion for scgraph (scgraph completion bash)
_scgraph() {
	local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]} opts=""
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "%s" -- "$cur"))
		return
	fi
	case "$cmd" in
	help) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;;
	completion) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;;
`, names(specs), names(specs), strings.Join(completionShells, " "))
	for _, s := range specs {
		if len(s.flags) == 0 && len(s.actions) == 0 {
			continue
		}
		var fl []string
		for _, f := range s.flags {
			fl = append(fl, dashed(f.name))
		}
		fmt.Fprintf(w, "\t%s)\n", s.name)
		if len(s.actions) > 0 {
			fmt.Fprintf(w, "\t\tif [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return; fi\n", strings.Join(s.actions, " "))
		}
		fmt.Fprintf(w, "\t\topts=\"%s\" ;;\n", strings.Join(fl, " "))
	}
	fmt.Fprint(w, `	esac
	if [[ "$cur" == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	fi
}
complete -o default -F _scgraph scgraph
`)
}

func writeZsh(w io.Writer, specs []cmdSpec) {
	fmt.Fprint(w, "#compdef scgraph\n# zsh completion for scgraph (scgraph completion zsh)\n_scgraph() {\n\tlocal -a commands\n\tcommands=(\n")
	for _, s := range specs {
		fmt.Fprintf(w, "\t\t'%s:%s'\n", s.name, shortUsage(s.summary))
	}
	fmt.Fprint(w, "\t)\n")
	fmt.Fprint(w, "\tif (( CURRENT == 2 )); then\n\t\t_describe 'command' commands\n\t\treturn\n\tfi\n\tcase $words[2] in\n")
	fmt.Fprintf(w, "\thelp) _values 'command' %s ;;\n", names(specs))
	fmt.Fprintf(w, "\tcompletion) _values 'shell' %s ;;\n", strings.Join(completionShells, " "))
	for _, s := range specs {
		if len(s.flags) == 0 && len(s.actions) == 0 {
			continue
		}
		fmt.Fprintf(w, "\t%s)\n\t\t_arguments", s.name)
		if len(s.actions) > 0 {
			fmt.Fprintf(w, " '1:action:(%s)'", strings.Join(s.actions, " "))
		}
		for _, f := range s.flags {
			if f.value {
				fmt.Fprintf(w, " \\\n\t\t\t'%s[%s]:value:_files'", dashed(f.name), shortUsage(f.usage))
			} else {
				fmt.Fprintf(w, " \\\n\t\t\t'%s[%s]'", dashed(f.name), shortUsage(f.usage))
			}
		}
		fmt.Fprint(w, " \\\n\t\t\t'*:file:_files' ;;\n")
	}
	fmt.Fprint(w, "\tesac\n}\n_scgraph \"$@\"\n")
}

func writeFish(w io.Writer, specs []cmdSpec) {
	fmt.Fprint(w, "# fish completion for scgraph (scgraph completion fish)\ncomplete -c scgraph -f\n")
	all := names(specs)
	for _, s := range specs {
		fmt.Fprintf(w, "complete -c scgraph -n 'not __fish_seen_subcommand_from %s' -a %s -d '%s'\n", all, s.name, shortUsage(s.summary))
	}
	fmt.Fprintf(w, "complete -c scgraph -n '__fish_seen_subcommand_from help' -a '%s'\n", names(specs))
	fmt.Fprintf(w, "complete -c scgraph -n '__fish_seen_subcommand_from completion' -a '%s'\n", strings.Join(completionShells, " "))
	for _, s := range specs {
		if len(s.actions) > 0 {
			fmt.Fprintf(w, "complete -c scgraph -n '__fish_seen_subcommand_from %s; and not __fish_seen_subcommand_from %s' -a '%s'\n", s.name, strings.Join(s.actions, " "), strings.Join(s.actions, " "))
		}
		for _, f := range s.flags {
			arg := ""
			if f.value {
				arg = " -r -F"
			}
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			fmt.Fprintf(w, "complete -c scgraph -n '__fish_seen_subcommand_from %s' %s%s -d '%s'\n", s.name, opt, arg, shortUsage(f.usage))
		}
	}
}
