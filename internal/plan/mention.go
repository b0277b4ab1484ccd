package plan

import (
	"slices"
	"strings"
	"unicode"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// qword is a word of the question as linking reads it.
type qword struct {
	text.Word
	// lower is the word in lower case, tok its single key token ("" when
	// it has several: "deployment/frontend").
	lower, tok string
	// stop: a stopword; kind: a noun saying what kind of thing a name
	// names (words.IsHeadNoun, or a word of one of the graph's type
	// names); conn: a word a mention may hold between its parts ("the
	// announce job in release"); asking: which, what, whose.
	stop, kind, conn, asking bool
	// named: written as a name (upper case past the question's first
	// letter, digits, or separators inside: "Chicago", "msp430",
	// "feature-complete").
	named bool
	// plain: letters only, in lower case (or capitalized as the
	// question's first word): a word as any sentence writes it.
	plain bool
}

// connectives may stand inside a mention, between the parts of a name
// ("the encounter grain model in outpatient psych").
var connectives = words.Set("connectives")

// graphWords is what linking knows of a graph beyond its entities: the
// words of its type names, and the words of its relation names.
type graphWords struct {
	// typeToks maps each type named by the data (not a role type the
	// schema inferred, such as RunsImageSubject) to its name's words in
	// the singular ("network", "policy" for NetworkPolicy).
	typeToks map[string][]string
	// typeWord holds every word of those names.
	typeWord map[string]bool
	// relWord holds the base forms of the words of relation names
	// ("lead" for leads, "alumnus" and "alumni" for alumni_of).
	relWord map[string]bool
	// relPhrases holds the relation names of two words or more, one of
	// them no stopword, in the singular ("noble gas core" for
	// noble_gas_core, "part of" for part_of).
	relPhrases [][]string
	// subjects holds the types some relation starts from: things the
	// graph says something of, not values.
	subjects map[string]bool
	// relNames holds the relation names as the graph writes them
	// ("Hubble", a catalogue's column).
	relNames map[string]bool
}

// newGraphWords reads the words of a schema's type and relation names.
func newGraphWords(s *graph.Schema) *graphWords {
	gw := &graphWords{typeToks: map[string][]string{}, typeWord: map[string]bool{}, relWord: map[string]bool{}, subjects: map[string]bool{}, relNames: map[string]bool{}}
	if s == nil {
		return gw
	}
	roles := map[string]bool{}
	for _, r := range s.Relations {
		gw.relNames[r.Name] = true
		for _, t := range r.From {
			gw.subjects[t] = true
		}
		rt := text.Tokens(r.Name)
		if k, ok := words.FieldKind(rt); ok {
			// HouseNameObject holds houses: "House Frey" is Frey.
			gw.typeToks[infer.RoleTypeName(r.Name, true)] = []string{text.Singular(k)}
			gw.typeWord[text.Singular(k)] = true
		}
		roles[strings.Join(append(slices.Clone(rt), "subject"), " ")] = true
		roles[strings.Join(append(slices.Clone(rt), "object"), " ")] = true
		content := 0
		for _, t := range rt {
			if stopwords.Has(t) {
				continue
			}
			content++
			for _, l := range words.Lemmas(t) {
				gw.relWord[l] = true
			}
			// "killer" is said "killed": the act its agent noun names.
			for _, v := range words.AgentVerbs(t) {
				gw.relWord[v] = true
			}
		}
		if len(rt) > 1 && content > 0 {
			phrase := make([]string, len(rt))
			for i, t := range rt {
				phrase[i] = text.Singular(t)
			}
			gw.relPhrases = append(gw.relPhrases, phrase)
		}
	}
	for _, t := range s.Types {
		toks := text.Tokens(t.Name)
		if len(toks) == 0 || roles[strings.Join(toks, " ")] {
			continue
		}
		for i, w := range toks {
			toks[i] = text.Singular(w)
			if !words.FunctionWord(toks[i]) { // RiseToPower: "to" is no kind word
				gw.typeWord[toks[i]] = true
			}
		}
		gw.typeToks[t.Name] = toks
	}
	return gw
}

// isRelWord reports whether w is (a form of) a word of a relation name.
func (gw *graphWords) isRelWord(w string) bool {
	for _, l := range words.Lemmas(w) {
		if gw.relWord[l] {
			return true
		}
	}
	return false
}

// upperCase reports whether a word is letters in upper case, two or more
// ("SIG", "API").
func upperCase(w string) bool {
	return len(w) > 1 && strings.ToUpper(w) == w && strings.ToLower(w) != w && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
}

// readWords splits a question into the words linking reads.
func readWords(q string, gw *graphWords) []qword {
	ws := text.Words(q)
	out := make([]qword, len(ws))
	for i, w := range ws {
		qw := qword{Word: w, lower: strings.ToLower(w.Raw)}
		toks := text.Tokens(w.Raw)
		if len(toks) == 1 {
			qw.tok = toks[0]
		}
		qw.stop = allStopwords(w.Raw)
		qw.plain = plainWord(w.Raw, i == 0)
		qw.named = !qw.plain && len(toks) > 0
		if qw.tok != "" && qw.plain {
			qw.kind = words.IsHeadNoun(qw.tok) || gw.typeWord[text.Singular(qw.tok)]
			qw.conn = connectives.Has(qw.tok)
			qw.asking = askingDeterminer(qw.tok)
		} else if qw.tok != "" && (upperCase(w.Raw) || i > 0 && !qw.stop) {
			// "the API SIG", "House Frey": a type's name written in
			// capitals, or capitalised in a name, is its kind word all
			// the same.
			qw.kind = gw.typeWord[text.Singular(qw.tok)]
		}
		out[i] = qw
	}
	for i := range out {
		// "one hop away", "one level down": a number, not "the ones".
		if out[i].tok == "one" && i+1 < len(out) && !out[i+1].stop {
			out[i].kind = false
		}
		if out[i].stop && nameAsStopword(out, i) {
			out[i].stop = false
		}
	}
	return out
}

// functionClasses are the word classes of words that are never a name.
const functionClasses = words.Det | words.Article | words.Prep | words.Wh | words.RelPron | words.Aux | words.Modal | words.Be | words.Have |
	words.Conj | words.Pronoun | words.Sub | words.There | words.Filler | words.Quantifier

// nameAsStopword reports whether the stopword at i is a name all the same
// ("the creators of go", "the GitHub repository of Go"): a word that is
// no function word, written with a capital inside the question or said
// last after "of" or "by".
func nameAsStopword(ws []qword, i int) bool {
	w := ws[i]
	if i == 0 || w.tok == "" || words.ClassOf(w.tok).Has(functionClasses) {
		return false
	}
	if r := []rune(w.Raw); unicode.IsUpper(r[0]) && !upperCase(w.Raw) {
		return true
	}
	return i == len(ws)-1 && (ws[i-1].tok == "of" || ws[i-1].tok == "by")
}

// plainWord reports whether a word is written as any sentence writes it:
// letters only, in lower case, or with a capital first letter when it
// opens the question.
func plainWord(w string, first bool) bool {
	for i, r := range w {
		switch {
		case unicode.IsLower(r):
		case unicode.IsUpper(r) && i == 0 && first:
		default:
			return false
		}
	}
	return w != ""
}

// isPath reports whether a name is written as a file-system path
// ("./relay", "/var/lib/x", "models/"): a folder or file, not the thing
// of the same name.
func isPath(name string) bool {
	return strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") || strings.HasPrefix(name, "/") ||
		strings.HasPrefix(name, "~/") || strings.HasSuffix(name, "/")
}

// fileKinds are the nouns for files and folders: a mention with one of
// them names a path, one with another kind noun names no path.
var fileKinds = words.Set("file-kinds")

// kindFit says how the kind words of a mention fit an entity: how many it
// confirms (the entity's name or type carries them), and whether one
// contradicts it (it names another type of the graph, or a path where the
// entity is none, or the other way round).
type kindFit struct {
	confirmed    int
	contradicted bool
	// which are the kind words confirmed.
	which []string
}

// confirms reports whether kind word k was confirmed.
func (f kindFit) confirms(k string) bool { return slices.Contains(f.which, k) }

// fitKinds checks the kind words of a mention (kinds, as their keys:
// "database" for "db") against entity e, whose name's key tokens are
// keyToks.
func (gw *graphWords) fitKinds(kinds []string, e graph.Entity, keyToks []string) kindFit {
	var fit kindFit
	if len(kinds) == 0 {
		return fit
	}
	nameToks := make([]string, len(keyToks))
	for i, t := range keyToks {
		nameToks[i] = text.Singular(t)
	}
	typeToks, typed := gw.typeToks[e.Type]
	path := isPath(e.Name)
	for _, k := range kinds {
		s := text.Singular(k)
		switch {
		case slices.Contains(nameToks, s) || slices.Contains(typeToks, s):
			fit.confirmed++
			fit.which = append(fit.which, k)
		case len(s) >= 5 && (slices.ContainsFunc(nameToks, func(t string) bool { return text.OneEdit(t, s) }) ||
			slices.ContainsFunc(typeToks, func(t string) bool { return text.OneEdit(t, s) })):
			fit.confirmed++ // "deploymnet"
			fit.which = append(fit.which, k)
		case fileKinds.Has(s) != path && (fileKinds.Has(s) || words.IsKindWord(s)):
			fit.contradicted = true
		case typed && gw.namesType(s) && !slices.Contains(typeToks, s):
			fit.contradicted = true
		}
	}
	return fit
}

// namesType reports whether a kind word is the last word of one of the
// graph's type names ("repo" for Repo, "policy" for NetworkPolicy).
func (gw *graphWords) namesType(s string) bool {
	for _, toks := range gw.typeToks {
		if toks[len(toks)-1] == s {
			return true
		}
	}
	return false
}

// partsAreWords reports whether what the mention left of each name word
// it named in part is a word itself ("service" of checkoutservice): a
// kind noun, a word of a type name or a word with a short form.
func (gw *graphWords) partsAreWords(parts []string) bool {
	for _, p := range parts {
		_, short := words.LongForm(p)
		if !words.IsHeadNoun(p) && !gw.typeWord[p] && !short {
			return false
		}
	}
	return true
}
