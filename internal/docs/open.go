package docs

import (
	"cmp"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// The open-vocabulary extractor reads facts from sentences with no
// dictionary and no schema: it finds the noun phrases that name things
// (names written with capitals, identifiers such as payments-db, code
// spans, phrases headed by a kind noun such as "the checkout service"),
// and between two of them the verb group that relates them ("depends on",
// "stores its data in", "is owned by"), lemmatised into a relation phrase.
// Negated and hedged clauses state no fact. "It", "they" and "this
// service" refer to the paragraph's last subject, or to the entity the
// document's title names.

// SpotOpen is the spotter name of the open extractor's mentions.
const SpotOpen = "open"

// Confidences of the open extractor: a name it found, a reference it
// resolved, and the statements it reads.
const (
	ConfidenceOpenName  = 0.9
	ConfidenceOpenRef   = 0.8
	OpenStatementFactor = 0.85
)

// otok is a token of a sentence.
type otok struct {
	text, low string
	punct     bool
	code      bool // inside a code span
	poss      bool // followed by a possessive 's
	start     int  // byte offset in the unit's cleaned text
}

// unit is what the open extractor reads: one sentence (or one table row's
// description) with the subject a table row gives it.
type unit struct {
	text    string
	line    int
	heading bool
	// section: a heading below the document's title ("## Forge").
	section bool
	code    []string // the code spans of the sentence
	row     bool     // the first sentence of a table row
	seq     int      // the sentence's place in its block
	// listFrom > 0: a sentence made of a list's introduction and an
	// item's name, whose facts are those of the tokens from listFrom on.
	listFrom int
}

var (
	imageRE   = regexp.MustCompile(`!\[[^\]]*\]\([^)]*\)`)
	linkRE    = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	refLinkRE = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	urlRE     = regexp.MustCompile(`<?https?://[^\s>)]+>?`)
	htmlRE    = regexp.MustCompile(`<!--.*?-->|<[^>]{1,80}>`)
	// shortcodeTextRE is a Hugo shortcode that shows a text in the page
	// ("{{< glossary_tooltip text="libsinsp" term_id="libsinsp" >}}"): the
	// reader sees the text.
	shortcodeTextRE = regexp.MustCompile(`\{\{[<%]\s*[\w-]+\s[^{}]*?\btext="([^"]*)"[^{}]*?[>%]\}\}`)
	fileExtRE       = regexp.MustCompile(`(?i)\.(py|js|ts|tsx|jsx|json|ya?ml|md|sh|go|proto|tmpl|txt|toml|xml|html|css|rb|java|cs|php|rs|lock|env|conf|cfg|ini|jar|mod|sum|gradle|kts|csv|sql)$`)
	envVarRE        = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`)
	durationRE      = regexp.MustCompile(`^\d`)
	versionRE       = regexp.MustCompile(`^[vV]\d`)
	// abstractNounRE ends the words that name a topic rather than a thing.
	abstractNounRE = regexp.MustCompile(`(ship|tion|sion|ment|ity|ness|ance|ence|ing|ure|ics|ogy|ism)$`)
	// specBulletRE is a bullet that starts with a short label and a colon.
	definitionItemRE = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*([^*]{1,40})\*\*\s*:|\[([^\]]{1,40})\]\([^)\s]*\)\s*(?:-|–|—|:)\s)`)
	linkTermRE       = regexp.MustCompile(`^\s*(?:(?:[-*+]|\d+[.)])\s+)?\[[^\]]{1,40}\]\([^)\s]*\)\s*(?:-|–|—|:)\s+`)
	specBulletRE     = regexp.MustCompile(`^\s*[-*+]\s+[^:.]{1,40}:\s+\S`)
)

// cleanMarkdown drops images, URLs and HTML from a sentence and keeps a
// link's text and the text a shortcode shows.
func cleanMarkdown(s string) string {
	s = shortcodeTextRE.ReplaceAllString(s, "$1")
	s = imageRE.ReplaceAllString(s, " ")
	s = linkRE.ReplaceAllString(s, "$1")
	s = refLinkRE.ReplaceAllString(s, "$1")
	s = urlRE.ReplaceAllString(s, " ")
	s = htmlRE.ReplaceAllString(s, " ")
	return s
}

// tokenize splits a cleaned sentence into words and punctuation. A word
// keeps inner connectors (payments-db, Next.js, io.prometheus:core);
// "doesn't" is "does not"; "it's" is "it is"; a possessive 's marks the
// word before.
func tokenize(s string) []otok {
	var out []otok
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
		case wordRune(r):
			j := wordEnd(s, i)
			w := s[i:j]
			t := otok{text: w, low: strings.ToLower(w), start: i}
			if ts, next, ok := splitClitic(s, j, t); ok {
				out = append(out, ts...)
				i = next
				continue
			}
			out = append(out, t)
			i = j
		default:
			out = append(out, otok{text: s[i : i+n], low: s[i : i+n], punct: true, start: i})
			i += n
		}
	}
	return out
}

// wordRune reports whether r is a letter or a digit.
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// connRune reports whether r joins two word runs into one token
// ("payments-db", "v1.2", "user@host").
func connRune(r rune) bool { return strings.ContainsRune("-_./:@+#", r) }

// wordEnd returns where the word starting at i ends: letters and digits,
// joined by a connector between two of them.
func wordEnd(s string, i int) int {
	j := i
	for j < len(s) {
		r2, n2 := utf8.DecodeRuneInString(s[j:])
		if wordRune(r2) {
			j += n2
			continue
		}
		if connRune(r2) && j+n2 < len(s) {
			r3, _ := utf8.DecodeRuneInString(s[j+n2:])
			if wordRune(r3) {
				j += n2
				continue
			}
		}
		break
	}
	return j
}

// splitClitic reads a clitic after the word t, which ends at j: "n't"
// ("doesn't": the word is cut before the n, then "not"), "'s" (after a
// pronoun, "there", "what", "that": "is"; else a possessive), "'" after a
// word in s ("Prometheus' remote-read API": a possessive). It returns the
// tokens, where reading goes on, and whether there was one.
func splitClitic(s string, j int, t otok) ([]otok, int, bool) {
	rest := s[j:]
	w := t.text
	switch {
	case strings.HasPrefix(rest, "n't") || strings.HasPrefix(rest, "n’t"):
		if strings.HasSuffix(t.low, "n") && len(w) > 1 {
			t.text, t.low = w[:len(w)-1], t.low[:len(t.low)-1]
		}
		next := j + len("n't")
		if strings.HasPrefix(rest, "n’t") {
			next = j + len("n’t")
		}
		return []otok{t, {text: "not", low: "not", start: j}}, next, true
	case strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s"):
		k := j + len("'s")
		if strings.HasPrefix(rest, "’s") {
			k = j + len("’s")
		}
		if k == len(s) || !wordRune(firstRune(s[k:])) {
			if openWords.is("pronouns", t.low) || t.low == "there" || t.low == "what" || t.low == "that" {
				return []otok{t, {text: "is", low: "is", start: j}}, k, true
			}
			t.poss = true
			return []otok{t}, k, true
		}
	case strings.HasPrefix(rest, "'") && strings.HasSuffix(t.low, "s"):
		t.poss = true
		return []otok{t}, j + 1, true
	}
	return nil, 0, false
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// markCode marks the tokens of each code span.
func markCode(toks []otok, spans []string) {
	for _, sp := range spans {
		// A command line, a path, a flag: not a name; but a program and
		// its subcommand, with a command noun after them, name one ("the
		// `thanos sidecar` command").
		words := strings.Fields(sp)
		program := len(words) > 1 && len(words) <= 3 && !slices.ContainsFunc(words, func(w string) bool { return badName(otok{text: w}) || !hasLetter(w) })
		if len(words) > 1 && !program || len(words) == 1 && badName(otok{text: words[0]}) {
			continue
		}
		st := tokenize(cleanMarkdown(sp))
		if len(st) == 0 {
			continue
		}
		for i := 0; i+len(st) <= len(toks); i++ {
			if len(words) > 1 && (i+len(st) == len(toks) || !openWords.is("command-nouns", toks[i+len(st)].low)) {
				continue
			}
			ok := true
			for k := range st {
				if toks[i+k].text != st[k].text {
					ok = false
					break
				}
			}
			if ok {
				for k := range st {
					toks[i+k].code = true
				}
			}
		}
	}
}

// omention is a noun phrase that names an entity, or refers to one.
type omention struct {
	i, j int // tokens [i, j)
	name string
	typ  string
	// ref: a pronoun or a bare kind noun ("this service"): it refers to
	// an earlier entity (of type typ when typ is set).
	ref bool
	// served: "this endpoint", an interface noun after "this": it refers
	// to what serves the interface, the entity the document is about.
	served bool
	// term: a noun compound the document repeats (terms.go).
	term bool
	// camel: a name the document writes in camel case ("MetaManager"):
	// written as words it must start capitalised ("Edge hub", not "the
	// service account" for ServiceAccount).
	camel bool
	// codeWord: a capitalised word the document writes as code ("`Query`
	// operations"): written in lower case it is the English word.
	codeWord bool
}

func isCapWord(t otok) bool {
	if t.punct {
		return false
	}
	r := firstRune(t.text)
	return unicode.IsUpper(r)
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// describedProduct is the end of "the <CamelName> <plain words> <kind
// noun>" ("the JuiceFS file system", "the RocketMQ message queue") from
// the name at toks[i] (one token, toks[i:j]), or 0. An acronym is no
// product name ("the RBAC enforcement function" is a function).
func describedProduct(toks []otok, i, j int, used []bool) int {
	if j != i+1 || i == 0 || toks[i-1].low != "the" || !camelName(toks[i]) || strings.ToLower(toks[i].text[1:]) == toks[i].text[1:] || strings.ToUpper(toks[i].text) == toks[i].text {
		return 0
	}
	for k := j; k < len(toks) && k-j < 3; k++ {
		t := toks[k]
		if t.punct || t.code || used[k] || isCapWord(t) || openWords.function(t.low) {
			return 0
		}
		if k > j && openWords.kind(t.low) != "" && singular(t.low) == t.low {
			return k + 1
		}
	}
	return 0
}

// camelName reports whether a capitalised word is written in camel case
// with letters only, as product names are ("JuiceFS", "OpenFaaS"): "the
// JuiceFS file system" is one phrase, as "the Tornado push system" is.
func camelName(t otok) bool {
	return !t.punct && unicode.IsUpper(firstRune(t.text)) && strings.IndexFunc(t.text, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// identifier reports whether a word is written as a name of code: with
// inner hyphens, underscores, dots or slashes, in camelCase, or letters
// with digits ("k6", "db-v2").
func identifier(t otok) bool {
	if t.punct || !hasLetter(t.text) {
		return false
	}
	w := t.text
	if !t.code && plainSlashRE.MatchString(w) {
		return false // "to/from", "created/deployed", "cloud/edge": words joined by a slash, no name
	}
	if strings.ContainsAny(w, "_./:@") {
		return true
	}
	if strings.Contains(w, "-") {
		// "payments-db", "ride-api", "xk6-otel", "Prometheus-client"; not
		// "in-cluster" or "browser-based", which are adjectives.
		parts := strings.Split(strings.ToLower(w), "-")
		last := parts[len(parts)-1]
		return t.code || unicode.IsUpper(firstRune(w)) || strings.IndexFunc(w, unicode.IsDigit) >= 0 ||
			openWords.kind(last) != "" || last == "db" || last == "api" || last == "svc"
	}
	lowerThenUpper := false
	prevLower := false
	for _, r := range w {
		if unicode.IsUpper(r) && prevLower {
			lowerThenUpper = true
		}
		prevLower = unicode.IsLower(r)
	}
	if lowerThenUpper && unicode.IsLower(firstRune(w)) {
		return true
	}
	return strings.IndexFunc(w, unicode.IsDigit) > 0
}

// capitalisedWord reports whether a word is a capital and lower-case
// letters ("Query", "Insert"): an English word capitalised.
func capitalisedWord(w string) bool {
	for k, r := range w {
		if k == 0 && !unicode.IsUpper(r) || k > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return len(w) > 1
}

// plainSlashRE is two or three lower-case words joined by slashes.
var plainSlashRE = regexp.MustCompile(`^[a-z]+(?:/[a-z]+){1,2}$`)

// badName reports whether a code-shaped word is not the name of a thing:
// a flag, a path, a file, an environment variable, a duration or version.
func badName(t otok) bool {
	w := t.text
	switch {
	case strings.HasPrefix(w, "-"), strings.HasPrefix(w, "/"), strings.HasPrefix(w, "."), strings.HasPrefix(w, "$"):
		return true
	case strings.ContainsAny(w, "=*{}<>$"):
		return true
	case openWords.is("abbreviations", strings.ToLower(strings.TrimSuffix(w, "."))):
		return true // "e.g.", "i.e."
	case fileExtRE.MatchString(w), envVarRE.MatchString(w), durationRE.MatchString(w):
		return true
	case strings.Count(w, "/") > 1:
		return true
	case commandPath(w):
		return false // tools/provision: a command
	case strings.Contains(w, "/") && openWords.is("path-starts", strings.ToLower(w[:strings.Index(w, "/")])):
		return true // src/accounting: a path, not a name
	}
	return false
}

// commandPath reports whether a word is a path of one folder of commands and
// a command's name: "tools/provision", "bin/migrate".
func commandPath(w string) bool {
	dir, name, ok := strings.Cut(w, "/")
	return ok && openWords.is("command-dirs", strings.ToLower(dir)) && name != "" && !strings.ContainsAny(name, "/.") && hasLetter(name)
}

// complementSubject reports whether group g, after the verb that ends
// between, follows "that" (in the group or right before it, maybe with
// an article) and has a verb after it: "X ensures that repository is
// clean", "X ensures that the Y is warm" ("that" opens the verb's
// object, a clause, whose subject g is), not "X reads that repository".
func complementSubject(between, toks []otok, g group) bool {
	n := len(between)
	for n > 0 && openWords.is("determiners", between[n-1].low) && between[n-1].low != "that" {
		n-- // "ensures that the Cache Service is warm"
	}
	opens := g.i < len(toks) && toks[g.i].low == "that"
	if n > 0 && between[n-1].low == "that" {
		opens, n = true, n-1
	}
	if n == 0 || !opens || g.j >= len(toks) || !verbLike(between[n-1].low) ||
		!(thirdPerson(between[n-1].low) || words.PastForm(between[n-1].low)) {
		return false
	}
	next := toks[g.j].low
	return openWords.is("be", next) || openWords.is("auxiliaries", next) || thirdPerson(next) && verbLike(next)
}

// endsInUsing reports whether tokens end in "using", maybe with a few
// words and "such as" after it ("using config management tools such
// as"), and hold no clause word, negation or hedge.
func endsInUsing(ts []otok) bool {
	n := len(ts)
	if n >= 3 && ts[n-2].low == "such" && ts[n-1].low == "as" {
		k := n - 2
		for k > 0 && n-2-k < 4 && !ts[k-1].punct && !openWords.function(ts[k-1].low) && !verbLike(ts[k-1].low) {
			k--
		}
		n = k
	}
	if n == 0 || ts[n-1].low != "using" {
		return false
	}
	return !slices.ContainsFunc(ts[:n-1], func(t otok) bool {
		return openWords.is("clause-words", t.low) || openWords.is("negations", t.low) || openWords.is("hedges", t.low)
	})
}

// requiresPlacedIn reports whether tokens say that the subject needs
// something placed in the next mention: a verb that names dependency as a
// whole ("requires", "needs"), maybe "that", a few words naming what, then
// "(to) be" and a participle with "in", "on", "into" or "from" at the end
// ("requires that the desired state to be provided in a").
func requiresPlacedIn(ts []otok) bool {
	for len(ts) > 0 && openWords.is("determiners", ts[len(ts)-1].low) {
		ts = ts[:len(ts)-1]
	}
	n := len(ts)
	if n < 5 || !thirdPerson(ts[0].low) || canonicalPhrase(lemma(ts[0].low)) != "depend on" {
		return false
	}
	switch ts[n-1].low {
	case "in", "on", "into", "from":
	default:
		return false
	}
	if !words.PastForm(ts[n-2].low) || ts[n-3].low != "be" {
		return false
	}
	what := ts[1 : n-3]
	if len(what) > 0 && what[0].low == "that" {
		what = what[1:]
	}
	if len(what) > 0 && what[len(what)-1].low == "to" {
		what = what[:len(what)-1]
	}
	return len(what) > 0 && len(what) <= 8 && !slices.ContainsFunc(what, func(t otok) bool {
		return t.punct || openWords.is("be", t.low) || openWords.is("auxiliaries", t.low) || openWords.is("negations", t.low) ||
			openWords.is("clause-words", t.low) || thirdPerson(t.low) && verbLike(t.low) && !openWords.is("nouns", t.low) && what[0].low != t.low
	})
}

// placeModifier reports whether the name group g2 is a place that
// modifies the sentence's subject g1 right before it ("The Payment Service
// in Kubernetes calls X", "The `cri` plugin inside containerd handles …"):
// g1 opens the sentence (after an article at most), one preposition of
// place stands between them, and a verb follows g2.
func placeModifier(toks []otok, g1, g2 group) bool {
	gap := g2.i - g1.j // the preposition, maybe an article
	if g1.i > 1 || g1.i == 1 && !openWords.is("determiners", toks[0].low) || gap < 1 || gap > 2 || g2.j >= len(toks) ||
		gap == 2 && !openWords.is("determiners", toks[g1.j+1].low) {
		return false
	}
	p, v := toks[g1.j].low, toks[g2.j]
	return (p == "in" || openWords.is("part-prepositions", p)) && !v.punct && thirdPerson(v.low) && verbLike(v.low) && !openWords.is("nouns", v.low)
}

// relativeAfterAgent returns the position of a passive participle whose
// agent is group g when a relative clause ("that", "which", maybe after a
// comma) follows g ("exposed by the X that powers Y"), else -1.
func relativeAfterAgent(toks []otok, g group, between []otok) int {
	k := 0
	if k < len(between) && between[k].low == "," {
		k++
	}
	if k >= len(between) || between[k].low != "that" && between[k].low != "which" {
		return -1
	}
	p := g.i - 1
	for p >= 0 && openWords.is("determiners", toks[p].low) {
		p--
	}
	if p < 1 || toks[p].low != "by" || !words.PastForm(toks[p-1].low) || thirdPerson(toks[p-1].low) {
		return -1
	}
	if k == 1 && p >= 2 && openWords.is("be", toks[p-2].low) {
		// "Requests are received by X, which routes them to Y": after a
		// clause's passive, a comma and "which" add to the agent.
		return -1
	}
	return p - 1
}

// containerImage returns the thing a sentence says the document's
// container is an image of: "The container (base) is a standard X image"
// (openwords.txt [container-nouns] for the subject's words), X written as
// a name or code.
func containerImage(toks []otok) (omention, bool) {
	if len(toks) < 6 || toks[0].low != "the" {
		return omention{}, false
	}
	k := 1
	for k < len(toks) && openWords.is("container-nouns", toks[k].low) {
		k++
	}
	if k == 1 || k+1 >= len(toks) || !openWords.is("be", toks[k].low) || toks[k+1].low != "a" && toks[k+1].low != "an" {
		return omention{}, false
	}
	img := slices.IndexFunc(toks[k+2:], func(t otok) bool { return t.low == "image" })
	if img < 0 {
		return omention{}, false
	}
	img += k + 2
	i := img
	for i > k+2 && (isCapWord(toks[i-1]) || toks[i-1].code) && !openWords.is("generic-words", toks[i-1].low) {
		i--
	}
	if i == img || img-i > 3 {
		return omention{}, false
	}
	for _, t := range toks[k+2 : i] {
		if t.punct || verbLike(t.low) || openWords.function(t.low) || isCapWord(t) {
			return omention{}, false
		}
	}
	name := mentionName(toks[i:img])
	return omention{i: i, j: img, name: name}, name != ""
}

// usedFor reports whether tokens say "is used for" right before the next
// mention, or "is used for" a few plain words, a comma and adverbs ("is
// used for a few short-term data stores, primarily our"): what follows is
// what uses the subject.
func usedFor(ts []otok) bool {
	if len(ts) < 3 || !openWords.is("be", ts[0].low) || ts[1].low != "used" || ts[2].low != "for" {
		return false
	}
	rest := ts[3:]
	if c := slices.IndexFunc(rest, func(t otok) bool { return t.low == "," }); c >= 0 {
		if c > 8 || slices.ContainsFunc(rest[:c], func(t otok) bool {
			return t.punct || openWords.is("be", t.low) || openWords.is("auxiliaries", t.low) || openWords.is("clause-words", t.low) || openWords.is("prepositions", t.low)
		}) {
			return false
		}
		rest = rest[c+1:]
		if len(rest) == 0 || !openWords.is("adverbs", rest[0].low) {
			return false // "used for A, B and C": a list, read as one
		}
	}
	return !slices.ContainsFunc(rest, func(t otok) bool {
		return !openWords.is("determiners", t.low) && !openWords.is("adverbs", t.low) && !openWords.is("personal-pronouns", t.low) && t.low != "our"
	})
}

// usedToLink reports whether tokens say "is used ... to connect": a
// passive of "use", an infinitive of a link verb (openwords.txt
// [link-verbs]) at the end, and no other verb between them ("is used as a
// message queue to connect"); and whether a kind noun of things consumed
// (a queue, a topic) stands between them: the link then flows from the
// first to the second.
func usedToLink(ts []otok) (link, flow bool) {
	n := len(ts)
	if n < 4 || !openWords.is("be", ts[0].low) || ts[1].low != "used" || ts[n-2].low != "to" || !openWords.is("link-verbs", ts[n-1].low) {
		return false, false
	}
	mid := ts[2 : n-2]
	if slices.ContainsFunc(mid, func(t otok) bool {
		return t.punct || openWords.is("negations", t.low) || verbLike(t.low) && !openWords.is("nouns", t.low) && openWords.kind(t.low) == ""
	}) {
		return false, false
	}
	return true, slices.ContainsFunc(mid, func(t otok) bool { return openWords.is("consumed-kinds", openWords.kind(t.low)) })
}

// clauseIn reports whether ts hold a clause word that opens a clause of
// another subject: "which", "who", "that" after a noun; not "that" right
// after a verb, which opens the verb's object ("ensures that ...").
func clauseIn(ts []otok) bool {
	for k, t := range ts {
		if openWords.is("clause-words", t.low) && !(t.low == "that" && k > 0 && thirdPerson(ts[k-1].low) && verbLike(ts[k-1].low)) {
			return true
		}
	}
	return false
}

// verbLike reports whether a lower-case word may be a verb in the verb
// position of a clause: a known relation verb in any form, or a word with
// the form of a third person or a past participle.
func verbLike(w string) bool {
	if v, ok := verbMemo.Load(w); ok {
		return v.(bool)
	}
	v := readVerbLike(w)
	if verbMemoSize.Add(1) < maxMemo {
		verbMemo.Store(w, v)
	}
	return v
}

// verbMemo keeps verbLike's answers (looking a word up in the relation
// concepts scans them all), at most maxMemo words.
var (
	verbMemo     sync.Map
	verbMemoSize atomic.Int64
)

// maxMemo bounds each memo of the open extractor's word look-ups.
const maxMemo = 1 << 16

func readVerbLike(w string) bool {
	if w == "" || openWords.function(w) {
		return false
	}
	if openWords.is("verbs", lemma(w)) {
		return true
	}
	for _, h := range words.Lookup([]string{w}) {
		if h.Kind == words.HitVerb {
			return true
		}
	}
	return false
}

// thirdPerson reports whether a word has the form of a verb's third
// person ("stores", "queries").
func thirdPerson(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !openWords.function(w)
}

// lemma is a word's base form as a verb: "queries" → "query",
// "stores" → "store", "stored" → "store", "called" → "call".
func lemma(w string) string {
	n := len(w)
	if ir, ok := irregularLemma[w]; ok {
		return ir
	}
	switch {
	case n > 4 && strings.HasSuffix(w, "ies"):
		return w[:n-3] + "y"
	case n > 4 && hasAnySuffix(w, "sses", "shes", "ches", "xes", "zes"):
		return w[:n-2]
	case n > 3 && strings.HasSuffix(w, "s") && !hasAnySuffix(w, "ss", "us", "is"):
		return w[:n-1]
	case n > 4 && strings.HasSuffix(w, "ied"):
		return w[:n-3] + "y"
	case n > 4 && strings.HasSuffix(w, "ed"):
		return pastStem(w[:n-2])
	case n > 5 && strings.HasSuffix(w, "ing"):
		if stem, ok := ingLemma(w); ok {
			return stem // "providing" → provide, "running" → run
		}
		return w[:n-3]
	}
	return w
}

// hasAnySuffix reports whether w ends in any of the suffixes.
func hasAnySuffix(w string, suffixes ...string) bool {
	return slices.ContainsFunc(suffixes, func(x string) bool { return strings.HasSuffix(w, x) })
}

// pastStem is the base form of a past form whose "-ed" is cut off: a
// doubled consonant undoubled ("stopped" → "stop"), an "e" restored where
// the stem's ending drops one ("handled", "served", "stored"), else the
// stem ("powered", "freed").
func pastStem(stem string) string {
	k := len(stem)
	switch {
	case k >= 4 && stem[k-1] == stem[k-2] && !strings.ContainsRune("lsz", rune(stem[k-1])):
		return stem[:k-1] // stopped → stop; not added → ad
	case k >= 3 && stem[k-1] == 'l' && !vowel(stem[k-2]) && !strings.ContainsRune("lrwy", rune(stem[k-2])):
		return stem + "e" // handled → handle, enabled → enable
	case k >= 4 && hasAnySuffix(stem, "er", "en", "on", "el"):
		return stem // powered → power, opened → open, mentioned → mention
	case strings.HasSuffix(stem, "e"):
		return stem // freed
	case silentEEnding(stem):
		return stem + "e" // served, reduced, queued, merged, changed, parsed
	case k >= 2 && !vowel(stem[k-1]) && vowel(stem[k-2]) && (k < 3 || !vowel(stem[k-3])) && !strings.ContainsRune("wxy", rune(stem[k-1])):
		return stem + "e" // stored → store, used → use
	}
	return stem
}

// silentEEnding reports whether a past form's stem ends as the base forms
// that end in a silent "e" do: served, reduced, queued, merged, changed,
// parsed.
func silentEEnding(stem string) bool {
	return hasAnySuffix(stem, "at", "ut", "iz", "yz", "v", "c", "u", "rg", "rs", "ls") ||
		strings.HasSuffix(stem, "ng") && !strings.HasSuffix(stem, "ing")
}

func vowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

var irregularLemma = map[string]string{
	"caches": "cache", "cached": "cache", "built": "build", "sent": "send", "run": "run", "ran": "run", "written": "write", "wrote": "write",
	"read": "read", "held": "hold", "kept": "keep", "fed": "feed", "led": "lead", "got": "get", "gotten": "get",
	"made": "make", "brought": "bring", "bound": "bind", "found": "find", "taken": "take", "took": "take",
	"given": "give", "gave": "give", "done": "do", "does": "do", "did": "do", "has": "have", "had": "have",
	"is": "be", "are": "be", "was": "be", "were": "be", "been": "be", "uses": "use", "used": "use",
	"hosted": "host", "routed": "route", "based": "base", "backed": "back", "required": "require",
	"stored": "store", "consumed": "consume", "owned": "own", "called": "call", "pulled": "pull",
	"exposed": "expose", "configured": "configure", "deployed": "deploy", "queried": "query",
}

// thirdForm inflects a base verb for a relation name: "depend" →
// "depends", "query" → "queries", "push" → "pushes".
func thirdForm(v string) string {
	n := len(v)
	switch {
	case n > 1 && strings.HasSuffix(v, "y") && !vowel(v[n-2]):
		return v[:n-1] + "ies"
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "sh"), strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "x"), strings.HasSuffix(v, "z"), strings.HasSuffix(v, "o"):
		return v + "es"
	}
	return v + "s"
}

// singular is a kind noun's singular ("services" → "service").
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ses") && len(w) > 4 && !strings.HasSuffix(w, "sses"):
		return w[:len(w)-1]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// notName reports whether a capitalised word at the start of a sentence or
// in a heading is an ordinary word, not (the start of) a name.
// namedAfterGeneric reports whether the generic word at k starts a name:
// two capitalised words follow it, neither generic nor a function word
// ("Json Web Tokens", unlike "the REST API" or "an HTTP Server").
func namedAfterGeneric(toks []otok, k int) bool {
	// "the API Server", "the gRPC Server": a kind noun written in title
	// case right after the generic word, ending the phrase, makes a name
	// ("an HTTP server", "the REST API" do not).
	if k+1 < len(toks) {
		n := toks[k+1]
		if !n.punct && !n.code && openWords.kind(n.low) != "" && len(n.text) > 1 && (unicode.IsUpper(firstRune(n.text)) || definiteBefore(toks, k)) &&
			strings.ToLower(n.text[1:]) == n.text[1:] && (k+2 == len(toks) || !isCapWord(toks[k+2])) {
			return true
		}
	}
	// "the CLI", "the SDK": a generic word of [program-generic-words] in
	// capitals, alone after "the", is the program the document's system
	// has ("the API", "the IO" are no program).
	if t := toks[k]; definiteBefore(toks, k) && openWords.is("program-generic-words", t.low) && t.text == strings.ToUpper(t.text) &&
		(k+1 == len(toks) || !modifies(toks[k+1]) && !isCapWord(toks[k+1])) {
		return true
	}
	if k+2 >= len(toks) {
		return false
	}
	for _, t := range toks[k+1 : k+3] {
		if t.punct || t.code || !isCapWord(t) || openWords.is("generic-words", t.low) || openWords.function(t.low) || openWords.kind(t.low) != "" {
			return false
		}
	}
	return true
}

// definiteBefore reports whether "the" stands right before k: "the API
// server" is the one the document speaks of, "an HTTP server" any.
func definiteBefore(toks []otok, k int) bool { return k > 0 && toks[k-1].low == "the" }

func notName(t otok) bool {
	w := t.low
	if openWords.function(w) || openWords.is("not-names", w) {
		return true
	}
	if strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ly") {
		return true
	}
	return openWords.is("verbs", lemma(w)) && w != lemma(w)
}

// commonNounStart reports whether the capitalised word at k, which starts a
// sentence, is a common noun: a word for a share ("Most of the processes"),
// a common noun of [nouns] or [request-nouns] ("Requests to other paths"),
// or a plural before a plural verb ("Orders are placed in …"; a name is one
// thing: "Kafka is").
func commonNounStart(toks []otok, k int) bool {
	t := toks[k]
	if openWords.is("share-words", t.low) || openWords.is("nouns", t.low) || openWords.is("request-nouns", t.low) {
		return true
	}
	// "Ownership is coordinated by …", "Replication requires …": a word
	// of one of the endings of abstract nouns, alone, starts the sentence.
	if k+1 >= len(toks) || !isCapWord(toks[k+1]) {
		for e := range openWords.sets["abstract-endings"] {
			if strings.HasSuffix(t.low, e) && len(t.low) > len(e)+2 {
				return true
			}
		}
	}
	return thirdPerson(t.low) && k+1 < len(toks) && openWords.is("plural-verbs", toks[k+1].low)
}

// coordinatedVerb reports whether the word at k is a verb in the third
// person that "and" or "or" joins to a verb of the same form ("Accepts and
// validates incoming transactions", "the user-service accepts and
// validates"): two verbs of one subject, not a name nor a noun a name
// modifies, though no word list knows the first.
func coordinatedVerb(toks []otok, k int) bool {
	t := toks[k]
	if k+2 >= len(toks) || t.code || identifier(t) || !thirdPerson(t.low) || openWords.kind(t.low) != "" || openWords.is("nouns", t.low) {
		return false
	}
	if c := toks[k+1].low; c != "and" && c != "or" {
		return false
	}
	v := toks[k+2]
	return !v.punct && !isCapWord(v) && !v.code && thirdPerson(v.low) && verbLike(v.low) && !openWords.is("nouns", v.low)
}

// subjectVerb reports whether the word after the name toks[i:j], which
// stands where a clause's subject does, is the clause's verb though no
// list knows it: a word in the third person that a noun phrase follows
// ("The Broker merges the results", "VTOrc detects failures in …",
// "The vtadmin-web front-end queries its data from …"). Read as a plural
// noun the name modifies, the subject would need a verb of its own before
// its object; a kind noun ("Kafka topics"), a noun a relative clause or a
// verb follows ("Historical processes that …", "Historical processes
// announce …") stays a noun.
func subjectVerbAt(toks []otok, i, j int, verbAt []bool) bool {
	if subjectVerb(toks, i, j) {
		verbAt[j] = true
		return true
	}
	return false
}

func subjectVerb(toks []otok, i, j int) bool {
	if j+1 >= len(toks) || !unlistedVerbForm(toks[j]) || !clauseStartsAt(toks, i) {
		return false
	}
	return objectFollows(toks, j)
}

// unlistedVerbForm reports whether w may be a verb no list knows: a plain
// lower-case word in the third person ("-ies" only if verb-like), no
// kind noun, noun of request nor function word.
func unlistedVerbForm(w otok) bool {
	if w.punct || w.code || w.poss || isCapWord(w) || identifier(w) || !thirdPerson(w.low) || strings.HasSuffix(w.low, "ies") && !verbLike(w.low) {
		return false
	}
	return openWords.kind(w.low) == "" && openWords.kind(singular(w.low)) == "" && !openWords.is("request-nouns", w.low) && !openWords.function(w.low)
}

// clauseStartsAt reports whether the name at i (after its articles)
// starts a clause: first, or after punctuation, a clause word or a
// coordinator.
func clauseStartsAt(toks []otok, i int) bool {
	k := i
	for k > 0 && openWords.is("determiners", toks[k-1].low) {
		k--
	}
	return k == 0 || toks[k-1].punct || openWords.is("clause-words", toks[k-1].low) || openWords.is("coordinators", toks[k-1].low)
}

// objectFollows reports whether what follows the word at j is its object:
// an article, a name (the word no listed noun), or a plain plural, an
// adjective before it at most ("merges results from", "assigns tasks to",
// "merges partial results from"; a plural noun's own verb would not be
// plural); not punctuation, a clause word or a negation.
func objectFollows(toks []otok, j int) bool {
	w, n := toks[j], toks[j+1]
	if openWords.is("verb-particles", n.low) && j+2 < len(toks) {
		// "Alertmanager takes in alerts", "sends out notifications": a
		// particle of the verb, then its object.
		n = toks[j+2]
		if n.punct || openWords.is("clause-words", n.low) || openWords.is("negations", n.low) {
			return false
		}
	}
	switch {
	case n.punct || openWords.is("clause-words", n.low) || openWords.is("negations", n.low):
		return false
	case openWords.is("determiners", n.low):
		return true
	case n.code || identifier(n) || isCapWord(n):
		return !openWords.is("nouns", w.low)
	}
	if openWords.is("nouns", w.low) || openWords.is("nouns", singular(w.low)) {
		return false
	}
	if !thirdPerson(n.low) && j+2 < len(toks) && contentWord(n) && !verbLike(n.low) {
		n = toks[j+2]
	}
	return contentWord(n) && thirdPerson(n.low) && !verbLike(n.low)
}

// contentWord reports whether a token is a lower-case content word: no
// name, code, punctuation, function word or adverb.
func contentWord(t otok) bool {
	return !t.punct && !t.code && !isCapWord(t) && hasLetter(t.text) && !openWords.function(t.low) && !strings.HasSuffix(t.low, "ly")
}

// nameStart reports whether token k may start or continue a name.
func nameToken(toks []otok, k int, first bool) bool {
	t := toks[k]
	if t.punct {
		return false
	}
	if k > 0 && toks[k-1].text == "/" && toks[k-1].start+1 == t.start {
		return false // "/json/events": a path from the root, not a name
	}
	if t.code {
		return !badName(t)
	}
	if k > 0 && toks[k-1].text == "-" && toks[k-1].start+1 == t.start {
		return false // "--tsdb.max-exemplars": a flag, not a name
	}
	if identifier(t) {
		return !badName(t) && !(first && versionRE.MatchString(t.text))
	}
	if isCapWord(t) {
		return capNameToken(toks, k, first)
	}
	return false
}

// timeWord reports whether a capitalised word names a time, not a thing: a
// month or a day of the week ([time-words]) with a number beside it
// ("started in October 2017", "on 15 March").
func timeWord(toks []otok, k int) bool {
	if !openWords.is("time-words", toks[k].low) {
		return false
	}
	return k+1 < len(toks) && isNumber(strings.Trim(toks[k+1].text, ",")) || k > 0 && isNumber(toks[k-1].text)
}

// capNameToken reports whether the capitalised word at k may be part of
// a name: not a sentence's first word that is no name or starts a common
// noun phrase, not a generic word with no name after it ("an HTTP
// server", "the REST API"), not a verb coordinated with a known one, not a
// time (timeWord), and no function word unless written in capitals.
func capNameToken(toks []otok, k int, first bool) bool {
	t := toks[k]
	if first && (k == 0 || toks[k-1].punct && toks[k-1].low != ",") && (notName(t) && !gerundModifier(toks, k) && !actingNotName(toks, k) || commonNounStart(toks, k)) {
		return false
	}
	if first && (openWords.is("generic-words", t.low) || openWords.is("generic-words", singular(t.low))) && !namedAfterGeneric(toks, k) {
		return false // "an HTTP server", "the REST API": no name
	}
	if (k == 0 || toks[k-1].punct) && coordinatedVerb(toks, k) {
		// "Accepts and validates transactions": a verb no list knows,
		// joined to one a list does; inside a sentence a capitalised word
		// is a name ("built upon Kubernetes and provides …").
		return false
	}
	if timeWord(toks, k) {
		return false // "started in October 2017": a time, not a thing
	}
	return !openWords.function(t.low) || len(t.text) > 1 && unicode.IsUpper(firstRune(t.text[1:]))
}

// actingNotName reports whether the capitalised word at k, one of
// [not-names] that starts a sentence ("Kubernetes", "Docker"), acts as the
// subject of a relation verb right after it ("Kubernetes calls the
// provisioner", "Docker runs the agent"): a name there, as it is inside a
// sentence. An abstract noun ("Configuration requires …") stays none.
func actingNotName(toks []otok, k int) bool {
	t := toks[k]
	if !openWords.is("not-names", t.low) || k+1 >= len(toks) {
		return false
	}
	for e := range openWords.sets["abstract-endings"] {
		if strings.HasSuffix(t.low, e) {
			return false
		}
	}
	v := toks[k+1]
	if modalVerbAfter(toks, k+1) {
		return true // "Kubernetes will then re-create the pod"
	}
	return !v.punct && !v.code && !isCapWord(v) && thirdPerson(v.low) && verbLike(v.low) && !openWords.is("nouns", v.low)
}

// modalVerbAfter reports whether a modal ("will", "can", "may", "must",
// "should", "would") starts at k, then at most one adverb, then a verb's
// base form a list knows, also with "re-" ("re-create"): a clause's verb,
// whose subject stands before k.
func modalVerbAfter(toks []otok, k int) bool {
	if k >= len(toks) || !openWords.is("modals", toks[k].low) {
		return false
	}
	k++
	if k < len(toks) && openWords.is("adverbs", toks[k].low) {
		k++
	}
	if k >= len(toks) || toks[k].punct || toks[k].code || isCapWord(toks[k]) {
		return false
	}
	w := toks[k].low
	return openWords.is("verbs", w) || strings.HasPrefix(w, "re-") && openWords.is("verbs", w[3:])
}

// gerundModifier reports whether the capitalised word in -ing at k, which
// starts a sentence or an item, modifies the capitalised kind noun after
// it ("Billing Service calls …", "- Streaming Engine"): a name's first word,
// not a fronted participle ("Using Redis, …", "Running Services" alone in a
// heading names no kind) nor an adverb in -ly.
func gerundModifier(toks []otok, k int) bool {
	t := toks[k]
	if !strings.HasSuffix(t.low, "ing") || openWords.function(t.low) || openWords.is("not-names", t.low) || k+1 >= len(toks) {
		return false
	}
	n := toks[k+1]
	if n.punct || n.code || !isCapWord(n) || openWords.kind(n.low) == "" || n.start != t.start+len(t.text)+1 {
		return false
	}
	// The name is what the clause is about: a verb or a clause's end after it.
	return k+2 >= len(toks) || toks[k+2].punct || !isCapWord(toks[k+2])
}

func hasLetters2(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

// findMentions finds the noun phrases of a sentence that name or refer to
// entities, in order.
func findMentions(toks []otok, heading bool, dict map[string]omention) []omention {
	f := &mentionFinder{toks: toks, heading: heading, used: make([]bool, len(toks)), verbAt: make([]bool, len(toks))}
	f.documentNames(dict)
	f.names()
	f.kindPhrases()
	f.toolsBeforeInfinitive()
	f.thisInterface()
	f.pronouns()
	slices.SortFunc(f.out, func(a, b omention) int { return a.i - b.i })
	f.typeCodeSpans()
	return dropOverlaps(toks, f.out)
}

// mentionFinder is the state of finding a sentence's mentions: its tokens,
// whether it is a heading, the mentions found (out), the tokens they hold
// (used) and verbAt, the words read as a clause's verb after its subject's
// name though no list knows them (subjectVerb): no modifier of a kind
// noun after them ("The Scheduler assigns jobs to …").
type mentionFinder struct {
	toks    []otok
	heading bool
	out     []omention
	used    []bool
	verbAt  []bool
}

// add records a mention and marks the tokens from i to j (exclusive) as
// used.
func (f *mentionFinder) add(m omention, i, j int) {
	f.out = append(f.out, m)
	for k := i; k < j; k++ {
		f.used[k] = true
	}
}

// documentNames finds the names the document itself gives as names (its
// title, code spans, table rows), where it writes them as plain words:
// "the load generator" in "# Load Generator".
func (f *mentionFinder) documentNames(dict map[string]omention) {
	for i := 0; i < len(f.toks) && len(dict) > 0; i++ {
		if n := f.documentNameAt(i, dict); n > 0 {
			i += n - 1
		}
	}
}

// documentNameAt records the longest name of the document's (up to four
// words) that starts at i and returns its length, or 0.
func (f *mentionFinder) documentNameAt(i int, dict map[string]omention) int {
	toks := f.toks
	for n := min(4, len(toks)-i); n >= 1; n-- {
		if toks[i].punct || toks[i+n-1].punct || openWords.function(toks[i].low) {
			continue
		}
		var ws []string
		for _, t := range toks[i : i+n] {
			ws = append(ws, t.text)
		}
		d, ok := dict[text.Key(strings.Join(ws, " "))]
		if !ok || !documentNameFits(toks, i, n, d) {
			continue
		}
		f.add(omention{i: i, j: i + n, name: d.name, typ: d.typ}, i, i+n)
		return n
	}
	return 0
}

// documentNameFits reports whether the n words at i name d where they
// stand: not one capitalised word inside a sentence, not a term that
// modifies the noun after it ("the data plane proxy"), not one plain
// word read as a verb or a noun ("# Querier/Query": "evaluates the query"
// is a query, not Query), not a name that modifies a noun ("Go runtime
// metrics", "a shop_session-id cookie").
func documentNameFits(toks []otok, i, n int, d omention) bool {
	return !wordNotDocumentName(toks, i, n, d) && !longerNameAfter(toks, i+n) && !documentNameModifies(toks, i, n, d)
}

// wordNotDocumentName reports whether the words at i are written otherwise
// than the name d: one capitalised word inside a sentence, a code word's
// plain word ("`Query` operations" then "local query processing"), a
// camel-case name's words ("the service account" is no ServiceAccount),
// one plain word read as a verb or a noun ("# Querier/Query": "evaluates
// the query" is a query, not Query).
func wordNotDocumentName(toks []otok, i, n int, d omention) bool {
	if n == 1 && isCapWord(toks[i]) && i > 0 {
		return true
	}
	if n == 1 && d.codeWord && !isCapWord(toks[i]) && !toks[i].code {
		return true
	}
	if d.camel && n > 1 && !isCapWord(toks[i]) {
		return true
	}
	return n == 1 && !isCapWord(toks[i]) && !toks[i].code && (verbLike(toks[i].low) || openWords.is("nouns", toks[i].low))
}

// documentNameModifies reports whether the name d at i modifies the noun
// after it: a term before a kind noun or a compound word ("the data plane
// proxy"), a name before a plain noun ("Go runtime metrics", "a
// shop_session-id cookie"), or a name after a capitalised word.
func documentNameModifies(toks []otok, i, n int, d omention) bool {
	if d.term && i+n < len(toks) && (openWords.kind(toks[i+n].low) != "" || compoundWord(toks[i+n], false) && !verbLike(toks[i+n].low)) {
		return true
	}
	return i+n < len(toks) && !toks[i+n-1].poss && modifies(toks[i+n]) && openWords.kind(toks[i+n].low) == "" && !(d.term && agreeingVerb(toks, i, i+n)) || i > 0 && isCapWord(toks[i-1]) && !openWords.function(toks[i-1].low)
}

// longerNameAfter reports whether the capitalised word before k goes on
// into a longer capitalised name at k ("Orbit Client" after "Orbit").
func longerNameAfter(toks []otok, k int) bool {
	return isCapWord(toks[k-1]) && k < len(toks) && isCapWord(toks[k]) && !toks[k].code && !openWords.function(toks[k].low) && nameToken(toks, k, false)
}

// names finds the names: runs of capitalised words, identifiers and code,
// with a kind noun after them ("Kafka topic", "Redis database").
func (f *mentionFinder) names() {
	for i := 0; i < len(f.toks); i++ {
		if f.used[i] || !nameToken(f.toks, i, true) {
			continue
		}
		if j := f.nameRun(i); f.heading && headingCoordinatedModifier(f.toks, i, j) {
			i = j - 1
			continue
		}
		i = f.nameAt(i)
	}
}

// headingCoordinatedModifier reports whether the capitalised words from i
// to j of a heading are the first of two modifiers coordinated before a
// plural kind noun that ends the heading ("## Custom Server and Agent
// Plugins": server plugins and agent plugins, no thing named "Custom
// Server").
func headingCoordinatedModifier(toks []otok, i, j int) bool {
	if j+2 >= len(toks) || toks[j].low != "and" && toks[j].low != "or" || openWords.kind(toks[j-1].low) == "" {
		return false
	}
	k := j + 1
	for k < len(toks) && isCapWord(toks[k]) && !toks[k].code {
		k++
	}
	last := toks[k-1].low
	return k == len(toks) && k-1 > j+1 && openWords.kind(last) != "" && singular(last) != last
}

// nameRun returns where the run of name tokens from i ends: name tokens
// and numbers ("JDK 21"), and "Bank of Anthos": capitalised words, "of"
// and a capitalised name are one name ("Most of Kafka" is not).
func (f *mentionFinder) nameRun(i int) int {
	toks, used := f.toks, f.used
	j := i + 1
	for j < len(toks) && !toks[j-1].poss && !used[j] && (nameToken(toks, j, false) || !toks[j].punct && isNumber(toks[j].text)) {
		j++
	}
	if j+1 < len(toks) && toks[j].low == "of" && !used[j+1] && nameToken(toks, j+1, false) && ofName(toks[i:j]) {
		j += 2
		for j < len(toks) && !toks[j-1].poss && !used[j] && nameToken(toks, j, false) {
			j++
		}
	}
	return j
}

// nameAt reads the name that starts at i and returns the index of the
// last token it read.
func (f *mentionFinder) nameAt(i int) int {
	toks := f.toks
	j := f.nameRun(i)
	// "the JuiceFS file system": after "the", a product name written
	// in camel case, then plain words and a kind noun, is the product,
	// which the words describe (unlike "the Tornado push system", a
	// system built with Tornado).
	if end := describedProduct(toks, i, j, f.used); end > 0 {
		f.add(omention{i: i, j: end, name: toks[i].text, typ: openWords.kind(toks[end-1].low)}, i, end)
		return end - 1
	}
	kindHead := ""
	switch {
	case f.kindNounAfter(j):
		// A kind noun after the name heads it ("Kafka topic").
		kindHead = openWords.kind(toks[j].low)
		j++
	case f.commandNounAfter(i, j):
		f.commandName(i, j)
		return j
	case programNounAfter(toks, j):
		// "The `vtadmin-web` front-end queries …": the noun says what the
		// program named in code is; the name is the thing.
		f.add(omention{i: i, j: j + 1, name: mentionName(toks[i:j])}, i, j+1)
		return j
	case projectNounAfter(toks, i, j):
		// "The Prometheus ecosystem consists of …": the project itself.
		f.add(omention{i: i, j: j + 1, name: mentionName(toks[i:j])}, i, j+1)
		return j
	case classNounAfter(toks, j) > 0:
		// "provides the BlockChaos experiment type", "the JVM fault
		// kind": the noun says what class of thing the name is; the
		// name is the thing.
		e := classNounAfter(toks, j)
		f.add(omention{i: i, j: e, name: mentionName(toks[i:j])}, i, e)
		return e - 1
	case instanceNounAfter(toks, i, j) > 0:
		// "generates `HelmChart` objects", "`ClusterPolicyReport` custom
		// resources": the noun says the named kind's instances are
		// resources; the name is the thing.
		e := instanceNounAfter(toks, i, j)
		f.add(omention{i: i, j: e, name: mentionName(toks[i:j])}, i, e)
		return e - 1
	case actingProgramAfter(toks, i, j):
		// "The JuiceFS client mounts …": the name and its noun of a
		// program, the clause's subject, name the program.
		f.add(omention{i: i, j: j + 1, name: mentionName(toks[i : j+1])}, i, j+1)
		return j
	case agentAfterName(toks, i, j, f.used) > 0:
		// "the Dapr sidecar injector", "the Thanos compactor": after
		// "the", a name, at most one plain noun and an agent noun no list
		// knows name one program.
		e := agentAfterName(toks, i, j, f.used)
		f.add(omention{i: i, j: e, name: mentionName(toks[i:e])}, i, e)
		return e - 1
	case f.modifiedKindAfter(j) && !(i > 0 && (toks[i-1].low == "a" || toks[i-1].low == "an")):
		// ("a GitOps toolkit controller": after an indefinite article, a
		// description, as "a Java monolith service" is)
		// "Building block APIs", "the Ledger sync service": a plain noun
		// between the name and a kind noun is one more modifier; the kind
		// noun heads the name.
		m := omention{i: i, j: j + 2, typ: openWords.kind(toks[j+1].low), name: mentionName(toks[i : j+2])}
		f.add(m, i, j+2)
		return j + 1
	case f.commonNounAfter(i, j):
		// "a FastAPI HTTP endpoint", "OpenTelemetry tracing": the names
		// modify a common noun, which heads the phrase.
		return j - 1
	}
	if f.unnamed(i, j, kindHead) {
		return j - 1
	}
	m := omention{i: i, j: j, typ: kindHead}
	if kindHead == "" {
		m.typ = cmp.Or(openWords.kind(toks[j-1].low), openWords.kind(camelHead(toks[j-1].text)))
	}
	m.name = mentionName(toks[i:j])
	if m.name != "" {
		f.add(m, i, j)
	}
	return j - 1
}

// agentAfterName returns where the phrase ends when, after "the", the name
// from i to j is followed by at most one plain lower-case noun and then a
// lower-case agent noun in -er or -or that no list knows, and that names no
// person ("the Dapr sidecar injector", "the Thanos compactor"; not "the
// Kafka user", "the Dapr developer"), with no noun after it; 0 otherwise.
func agentAfterName(toks []otok, i, j int, used []bool) int {
	if i == 0 || toks[i-1].low != "the" || toks[j-1].poss {
		return 0
	}
	for e := j; e < len(toks) && e <= j+1; e++ {
		t := toks[e]
		if used[e] || !plainLower(t) {
			return 0
		}
		if agentNounUnknown(t.low) {
			if e+1 < len(toks) && plainLower(toks[e+1]) && !verbLike(toks[e+1].low) && !thirdPerson(toks[e+1].low) {
				return 0 // "the Kafka consumer group": a longer compound
			}
			return e + 1
		}
		if verbOrKind(t.low) {
			return 0
		}
	}
	return 0
}

// plainLower reports whether a token is a plain word in lower case: no
// punctuation, code or name, a letter, no function word.
func plainLower(t otok) bool {
	return !t.punct && !t.code && !isCapWord(t) && hasLetter(t.text) && unicode.IsLower(firstRune(t.text)) && !openWords.function(t.low)
}

// agentNounUnknown reports whether w has the form of an agent noun (-er,
// -or) and is no kind noun or noun the lists know ("injector").
func agentNounUnknown(w string) bool {
	return len(w) > 4 && (strings.HasSuffix(w, "er") || strings.HasSuffix(w, "or")) && openWords.kind(w) == "" && unknownNoun(w)
}

// verbOrKind reports whether w is a verb's form (past, third person,
// -ing, a verb the lists know that is no noun) or a kind noun.
func verbOrKind(w string) bool {
	return words.PastForm(w) || thirdPerson(w) || strings.HasSuffix(w, "ing") || verbLike(w) && !openWords.is("nouns", w) || openWords.kind(w) != ""
}

// modifiedKindAfter reports whether one lower-case plain noun, free, then a
// lower-case kind noun, free, follow the name ending at j: "Building block
// APIs". The noun is no verb's form (third person, past, -ing), no function
// word, and no kind noun itself; a verb or a noun after the kind noun
// (another clause, a longer compound) reads no name.
func (f *mentionFinder) modifiedKindAfter(j int) bool {
	toks := f.toks
	if j+1 >= len(toks) || toks[j-1].poss || f.used[j] || f.used[j+1] {
		return false
	}
	n, k := toks[j], toks[j+1]
	if n.punct || n.code || isCapWord(n) || !hasLetter(n.text) || openWords.function(n.low) || openWords.kind(n.low) != "" ||
		words.PastForm(n.low) || thirdPerson(n.low) || strings.HasSuffix(n.low, "ing") || strings.HasSuffix(n.low, "ly") {
		return false
	}
	if k.punct || k.code || isCapWord(k) && !acronymPlural(k.text) || openWords.kind(k.low) == "" {
		return false
	}
	return j+2 >= len(toks) || toks[j+2].punct || openWords.function(toks[j+2].low) || openWords.is("prepositions", toks[j+2].low)
}

// acronymPlural reports whether a word is an acronym, in capitals, with
// or without a plural s: "API", "APIs", "CLI".
func acronymPlural(w string) bool {
	w = strings.TrimSuffix(w, "s")
	return len(w) >= 2 && strings.ToUpper(w) == w && hasLetter(w)
}

// kindNounAfter reports whether a lower-case kind noun, free, follows the
// name ending at j.
func (f *mentionFinder) kindNounAfter(j int) bool {
	toks := f.toks
	return j < len(toks) && !toks[j-1].poss && !f.used[j] && openWords.kind(toks[j].low) != "" && !isCapWord(toks[j]) && !kindModifiesNoun(toks, j)
}

// kindModifiesNoun reports whether the kind noun at j modifies a plain
// noun after it ("the Falco driver specification", "a message queue
// client"): the phrase names that noun's thing, not the kind's. A word
// in -s after it may be the clause's verb ("The Git repository holds
// …", "The Scheduler component starts …"): no noun then.
func kindModifiesNoun(toks []otok, j int) bool {
	if j+1 >= len(toks) || toks[j].poss {
		return false
	}
	n := toks[j+1]
	if j+2 < len(toks) && (isNumber(strings.TrimLeft(toks[j+2].text, "vV")) || versionRE.MatchString(toks[j+2].text)) {
		return false // "requires Redis server version 6.0": the server, of that version
	}
	return modifies(n) && openWords.kind(n.low) == "" && !openWords.is("nouns", n.low) && !openWords.is("postnominal-adjectives", n.low) && !strings.HasSuffix(n.low, "s")
}

// commandNounAfter reports whether a noun of commands follows a name
// written all in code ("the `thanos sidecar` command").
func (f *mentionFinder) commandNounAfter(i, j int) bool {
	toks := f.toks
	return j < len(toks) && !toks[j-1].poss && !f.used[j] && openWords.is("command-nouns", toks[j].low) && !slices.ContainsFunc(toks[i:j], func(t otok) bool { return !t.code })
}

// commandName records "the `thanos sidecar` command": the code names the
// program the sentence is about; the noun says what it is.
func (f *mentionFinder) commandName(i, j int) {
	if name := mentionName(f.toks[i:j]); name != "" {
		f.add(omention{i: i, j: j + 1, name: name, typ: "Component"}, i, j+1)
	}
}

// commonNounAfter reports whether the name ending at j modifies a common
// noun after it, which is no verb (coordinated, or a clause's verb after
// its subject, which it marks in verbAt).
// programNounAfter reports whether the word at j is a noun of a program
// ([program-nouns]: "front-end", "process", "utility") after a name
// written as code, that ends the noun phrase: no plain noun after it.
func programNounAfter(toks []otok, j int) bool {
	if j == 0 || j >= len(toks) || !toks[j-1].code || !openWords.is("program-nouns", toks[j].low) {
		return false
	}
	return j+1 == len(toks) || !modifies(toks[j+1]) || openWords.is("prepositions", toks[j+1].low)
}

// actingProgramAfter reports "The JuiceFS client mounts …", "The Daemon
// process requests …": after "the" starting a clause, a name and one
// singular noun of a program ([actor-nouns], [program-nouns]) that a verb
// in the third person follows.
func actingProgramAfter(toks []otok, i, j int) bool {
	if j+1 >= len(toks) || i == 0 || toks[i-1].low != "the" || !clauseStartsAt(toks, i) || toks[j-1].poss {
		return false
	}
	n, v := toks[j], toks[j+1]
	if n.punct || n.code || isCapWord(n) || !(openWords.is("actor-nouns", n.low) || openWords.is("program-nouns", n.low)) {
		return false
	}
	return !v.punct && !v.code && !isCapWord(v) && thirdPerson(v.low) && (verbLike(v.low) || verbLike(lemma(v.low))) && !openWords.is("nouns", v.low)
}

// projectNounAfter reports whether a noun of a project as a whole
// ([project-nouns]) follows the name from i to j and ends the phrase:
// "the Prometheus ecosystem", "the containerd project".
func projectNounAfter(toks []otok, i, j int) bool {
	if j >= len(toks) || toks[j-1].poss || !openWords.is("project-nouns", toks[j].low) {
		return false
	}
	return j+1 == len(toks) || !modifies(toks[j+1]) || openWords.is("prepositions", toks[j+1].low)
}

// classNounAfter returns where the phrase ends when a noun of a class of
// things ([class-nouns]: "type", "resource"), at most one plain noun
// before it, follows the name ending at j and ends the phrase: "the
// BlockChaos experiment type", "the JVM fault kind"; else 0.
func classNounAfter(toks []otok, j int) int {
	if j == 0 || j >= len(toks) || toks[j-1].poss {
		return 0
	}
	e := 0
	switch {
	case openWords.is("class-nouns", toks[j].low):
		e = j + 1
	case j+1 < len(toks) && modifies(toks[j]) && openWords.kind(toks[j].low) == "" && openWords.is("class-nouns", toks[j+1].low):
		e = j + 2
	default:
		return 0
	}
	if e < len(toks) && modifies(toks[e]) && !openWords.is("prepositions", toks[e].low) {
		return 0
	}
	return e
}

// instanceNounAfter returns where the phrase ends when a noun of the
// instances of a resource kind ([instance-nouns]: "objects", "resources"),
// at most one plain word before it, follows a name of one word written in
// code or in camel case ("`HelmChart` objects", "ResourceBinding objects",
// "`PolicyReport` custom resources") and ends the phrase; else 0. A plain
// name before the noun ("Kubernetes resources") is what the resources
// belong to, and stays a modifier.
func instanceNounAfter(toks []otok, i, j int) int {
	if j != i+1 || j >= len(toks) || toks[i].poss || !(toks[i].code || innerCapital(toks[i])) {
		return 0
	}
	e := j
	if e+1 < len(toks) && modifies(toks[e]) && openWords.kind(toks[e].low) == "" && !openWords.is("instance-nouns", singular(toks[e].low)) {
		e++
	}
	if !openWords.is("instance-nouns", singular(toks[e].low)) || toks[e].code {
		return 0
	}
	e++
	if e < len(toks) && modifies(toks[e]) && !openWords.is("prepositions", toks[e].low) {
		return 0
	}
	return e
}

// namesInstances reports whether the object that ends at j names kinds of
// resource: its last word, or the first word after the rest of its list
// (names, commas, "and", "or"), is a noun of [instance-nouns] ("Secret,
// Service, and Endpoint objects").
func namesInstances(toks []otok, j int) bool {
	if j > 0 && j <= len(toks) && openWords.is("instance-nouns", singular(toks[j-1].low)) {
		return true
	}
	for k := j; k < len(toks) && k < j+12; k++ {
		t := toks[k]
		switch {
		case openWords.is("instance-nouns", singular(t.low)):
			return k > j
		case t.low == "," || t.low == "and" || t.low == "or" || t.code || innerCapital(t) || capitalisedWord(t.text):
		default:
			return false
		}
	}
	return false
}

func (f *mentionFinder) commonNounAfter(i, j int) bool {
	toks := f.toks
	return j < len(toks) && !toks[j-1].poss && (modifies(toks[j]) || gerundBeforeNoun(toks, j) || objectNoun(toks, i, j)) && !coordinatedVerb(toks, j) && !subjectVerbAt(toks, i, j, f.verbAt)
}

// gerundBeforeNoun reports whether the -ing word at j is a noun the names
// before it modify, not their verb: it modifies the plain noun after it
// ("Topic routing information", "the Kafka indexing pipeline"), or heads
// the subject of the verb after it ("File writing generates slices").
func gerundBeforeNoun(toks []otok, j int) bool {
	if !strings.HasSuffix(toks[j].low, "ing") || j+1 >= len(toks) {
		return false
	}
	n := toks[j+1]
	return compoundWord(n, false) && !verbLike(n.low) || !n.punct && !n.code && thirdPerson(n.low) && verbLike(n.low) && !openWords.is("nouns", n.low)
}

// unnamed reports whether the run from i to j names nothing: one word
// after an indefinite article ("an alternative CNI": a common noun; not
// one written with an inner capital in a list, "a JobManager and one or
// more TaskManagers", where the text names its kinds of parts),
// every thing of a kind ("any Kubernetes cluster"), or a run of plain
// capitalised words in a heading (a title).
func (f *mentionFinder) unnamed(i, j int, kindHead string) bool {
	toks := f.toks
	if kindHead == "" && j == i+1 && indefinite(toks, i) && !toks[i].code && !coordinatedInnerCapital(toks, i) {
		return true
	}
	if i > 0 && (openWords.is("generic-determiners", toks[i-1].low) || i > 1 && toks[i-1].low == "other" && openWords.is("generic-determiners", toks[i-2].low)) && !toks[i].code {
		return true
	}
	return f.heading && kindHead == "" && openWords.kind(toks[j-1].low) == "" && !anyCodeOrIdent(toks[i:j])
}

// coordinatedInnerCapital reports whether the word at i, after an
// indefinite article, is written with an inner capital and joined to a
// list by "and", "or" or a comma right after it or before its article: "a
// JobManager and one or more TaskManagers" names parts, where "sends a new
// PrepareConf to" or "generates a TaskID" names a message or a value.
func coordinatedInnerCapital(toks []otok, i int) bool {
	if !innerCapital(toks[i]) {
		return false
	}
	glue := func(t otok) bool { return t.low == "and" || t.low == "or" || t.low == "," }
	a := i - 1
	for a > 0 && toks[a].low != "a" && toks[a].low != "an" {
		a--
	}
	return i+1 < len(toks) && glue(toks[i+1]) || a > 0 && glue(toks[a-1])
}

// kindPhrases finds the lower-case phrases headed by a kind noun: "the
// checkout service", "the accounting and fraud detection services"; a
// bare kind noun after a determiner refers ("this service").
func (f *mentionFinder) kindPhrases() {
	for j := 0; j < len(f.toks); j++ {
		f.kindPhraseAt(j)
	}
}

// kindPhraseAt reads the phrase headed by the kind noun at j.
func (f *mentionFinder) kindPhraseAt(j int) {
	toks := f.toks
	t := toks[j]
	typ, acronym, ok := f.kindHeadAt(j)
	if !ok {
		return
	}
	i := f.modifiersStart(j)
	mods := toks[i:j]
	for len(mods) > 0 && openWords.is("name-adjectives", mods[0].low) {
		mods = mods[1:]
	}
	if len(mods) == 0 {
		f.bareKindReference(i, j, typ)
		return
	}
	if kindCounted(toks, j, mods) {
		return
	}
	// The article may stand before capitalised words that modify the
	// phrase too: "a Java monolith service".
	a := f.capitalisedModifiersStart(i)
	if indefiniteDescription(toks, a, mods) {
		f.massKindDescribed(a, i, j, mods)
		return // "a fully managed database service": a description, not a name
	}
	mods = capitalisedAfterThe(toks, a, i, mods)
	if describedAfterVerb(toks, j, mods) {
		return
	}
	head := singular(t.low)
	if acronym {
		head = strings.TrimSuffix(t.text, "s") // "APIs"
	}
	start := j - len(mods)
	f.out = append(f.out, omention{i: start, j: j + 1, typ: typ, name: mentionName(append(slices.Clone(mods), otok{text: head, low: head}))})
	if head != t.low && !acronym {
		f.coordinatedModifiers(start, head, typ)
	}
}

// kindHeadAt reports whether the word at j heads a kind phrase, with its
// kind and whether it is an acronym ("APIs"): a free kind noun, not
// capitalised inside a sentence unless an acronym, and no kind noun after
// it ("the gateway service": the last noun heads the phrase).
func (f *mentionFinder) kindHeadAt(j int) (typ string, acronym, ok bool) {
	toks := f.toks
	t := toks[j]
	typ = openWords.kind(t.low)
	acronym = t.text == strings.ToUpper(t.text) && len(t.text) <= 3
	if typ == "" || f.used[j] || t.punct || isCapWord(t) && j > 0 && !acronym {
		return "", false, false
	}
	if j+1 < len(toks) && openWords.kind(toks[j+1].low) != "" && !f.used[j+1] && !toks[j].poss {
		return "", false, false // "the gateway service": the last noun heads the phrase
	}
	return typ, acronym, true
}

// bareKindReference reads a kind noun with no modifier after "this",
// "the" or "that" ("this service"), outside a heading's start: it refers.
func (f *mentionFinder) bareKindReference(i, j int, typ string) {
	toks := f.toks
	if restrictiveRelative(toks, i, j) {
		return // "the service which backs the plugin is hosted …": the clause says which, nothing before does
	}
	if i > 0 && (toks[i-1].low == "this" || toks[i-1].low == "the" || toks[i-1].low == "that") && !headingStart(toks, j, f.heading) {
		f.out = append(f.out, omention{i: i - 1, j: j + 1, typ: typ, ref: true})
	}
}

// restrictiveRelative reports whether "the" and a kind noun (from i to j)
// have a relative clause with "which" or "who" right after them, no comma
// between: "the service which backs the plugin is hosted outside …" says
// which service by the clause, no service named before.
func restrictiveRelative(toks []otok, i, j int) bool {
	return i > 0 && toks[i-1].low == "the" && j+1 < len(toks) && (toks[j+1].low == "which" || toks[j+1].low == "who")
}

// indefiniteDescription reports whether "a" or "an" stands before the
// phrase (from a) and no code or identifier among its modifiers: a
// description, not a name.
func indefiniteDescription(toks []otok, a int, mods []otok) bool {
	return a > 0 && (toks[a-1].low == "a" || toks[a-1].low == "an") && !slices.ContainsFunc(mods, func(t otok) bool { return t.code || identifier(t) })
}

// capitalisedAfterThe reads "the Tornado push system": capitalised words
// (from a to i) after "the", "our" or "its" begin the phrase; it names
// the system, not Tornado. It returns the modifiers with them.
func capitalisedAfterThe(toks []otok, a, i int, mods []otok) []otok {
	if a < i && a > 0 && (toks[a-1].low == "the" || toks[a-1].low == "our" || toks[a-1].low == "its") &&
		!slices.ContainsFunc(toks[a:i], func(t otok) bool { return openWords.function(t.low) || openWords.is("generic-words", t.low) }) {
		return append(slices.Clone(toks[a:i]), mods...)
	}
	return mods
}

// modifiersStart returns where the words modifying the kind noun at j
// begin: up to three free modifiers before it, not a relative clause's
// verb ("processors that pull jobs"; "as log broker": a preposition's
// noun) nor a verb after an auxiliary ("can modernize enterprise
// applications"; "are queue processors": a kind noun is one).
func (f *mentionFinder) modifiersStart(j int) int {
	toks := f.toks
	i := j
	for i > 0 && j-i < 3 && !f.used[i-1] && !f.verbAt[i-1] && modifier(toks[i-1]) {
		i--
	}
	if a := f.acronymModifiersStart(j); a < i {
		i = a
	}
	if relativeVerbStarts(toks, i, j) {
		i++ // "processors that pull jobs": the relative clause's verb is no modifier ("as log broker": a preposition's noun)
	}
	if auxiliaryVerbStarts(toks, i, j) {
		i++ // "can modernize enterprise applications": the verb is no modifier; "are queue processors": a kind noun is
	}
	for i < j && i > 2 && (toks[i-1].low == "and" || toks[i-1].low == "or") && toks[i-3].low == "to" && infinitiveVerb(toks[i]) && infinitiveVerb(toks[i-2]) && openWords.kind(toks[i].low) == "" {
		i++ // "to calculate and distribute distributed hash tables": the second infinitive is no modifier
	}
	if i+1 < j && i > 0 && toks[i-1].low == "," && strings.HasSuffix(toks[i].low, "ing") && !toks[i].code && !isCapWord(toks[i]) {
		i++ // "…, providing decoupled persistent storage": a participle clause's verb, before its object's modifiers, is no modifier ("…, routing service" is one)
	}
	return i
}

// relativeVerbStarts reports whether the modifiers from i to the kind noun
// at j start with the verb of a relative clause ("processors that pull
// jobs"), not a preposition's noun ("as log broker").
func relativeVerbStarts(toks []otok, i, j int) bool {
	return i < j && i > 0 && openWords.is("clause-words", toks[i-1].low) && verbLike(toks[i].low) && (toks[i-1].low != "as" || words.PastForm(toks[i].low))
}

// auxiliaryVerbStarts reports whether the modifiers from i to the kind noun
// at j start with a verb after an auxiliary, a hedge or "to" ("can
// modernize enterprise applications"), not a noun after a form of "be"
// ("are queue processors").
func auxiliaryVerbStarts(toks []otok, i, j int) bool {
	return i < j && i > 0 && (openWords.is("auxiliaries", toks[i-1].low) || openWords.is("hedges", toks[i-1].low) || toks[i-1].low == "to") &&
		openWords.kind(toks[i].low) == "" && !openWords.is("nouns", toks[i].low) &&
		!(openWords.is("be", toks[i-1].low) && !words.PastForm(toks[i].low))
}

// kindCounted reports whether the phrase names the kind and no one thing
// of it: a count ("provides two components") or a bare plural after a
// preposition or a generic determiner ("receives data from traced
// applications").
func kindCounted(toks []otok, j int, mods []otok) bool {
	if openWords.is("number-words", mods[0].low) || isNumber(mods[0].text) {
		return true // "provides two components": a count of a kind, none named
	}
	st := j - len(mods)
	if singular(toks[j].low) != toks[j].low && words.PastForm(mods[0].low) && !slices.ContainsFunc(mods, func(t otok) bool { return t.code || identifier(t) || isCapWord(t) }) &&
		(st == 0 || !openWords.is("determiners", toks[st-1].low) && !toks[st-1].poss) {
		return true // "manages containerized applications", "distributes distributed hash tables": a participle describes a kind, no one thing of it
	}
	return singular(toks[j].low) != toks[j].low && st > 0 && (openWords.is("prepositions", toks[st-1].low) || openWords.is("generic-determiners", toks[st-1].low) || toks[st-1].low == "other") &&
		!slices.ContainsFunc(mods, func(t otok) bool { return t.code || identifier(t) || isCapWord(t) })
}

// capitalisedModifiersStart returns where up to two free capitalised
// words (no code, identifiers only in camel case) before i begin.
// acronymModifiersStart returns where the modifiers of the kind noun at j
// start when a generic acronym stands among them after a plain noun and
// "the" before them: "the chaos DNS service", "the checkout HTTP service"
// (not "reach HTTP servers": no article; "the DNS service" is read as a
// name); else j.
func (f *mentionFinder) acronymModifiersStart(j int) int {
	toks := f.toks
	i, acr := j, false
	for i > 0 && j-i < 3 && !f.used[i-1] && !f.verbAt[i-1] && (modifier(toks[i-1]) || genericAcronym(toks[i-1])) {
		acr = acr || genericAcronym(toks[i-1])
		i--
	}
	if !acr || i == 0 || toks[i-1].low != "the" || genericAcronym(toks[i]) || !modifier(toks[i]) || verbLike(toks[i].low) && !openWords.is("nouns", toks[i].low) {
		return j
	}
	return i
}

// genericAcronym reports whether t is a generic word written in capitals
// ("DNS", "HTTP"): inside a lower-case kind phrase it modifies the head as
// a plain noun does ("the chaos DNS service", "the checkout HTTP service").
func genericAcronym(t otok) bool {
	return !t.punct && !t.code && len(t.text) > 1 && strings.ToUpper(t.text) == t.text && hasLetter(t.text) &&
		(openWords.is("generic-words", t.low) || openWords.is("generic-words", singular(t.low)))
}

func (f *mentionFinder) capitalisedModifiersStart(i int) int {
	toks := f.toks
	a := i
	for a > 0 && i-a < 2 && isCapWord(toks[a-1]) && !toks[a-1].code && (!identifier(toks[a-1]) || camelName(toks[a-1])) && !f.used[a-1] && !toks[a-1].poss {
		a--
	}
	return a
}

// massKindDescribed reads "an object storage bucket" (a description after
// "a"): a thing of a kind named by a mass noun phrase, which takes no
// article, is in it; the phrase names the storage.
func (f *mentionFinder) massKindDescribed(a, i, j int, mods []otok) {
	if n := len(mods); n >= 2 && a == i && openWords.is("mass-kinds", mods[n-1].low) && openWords.is("droppable-kinds", f.toks[j].low) {
		start := j - n
		f.add(omention{i: start, j: j + 1, typ: openWords.kind(mods[n-1].low), name: mentionName(mods)}, start, j+1)
	}
}

// describedAfterVerb reports "provides efficient readable cache of …": a
// phrase with no determiner right after a verb, in plain words, is a
// description.
func describedAfterVerb(toks []otok, j int, mods []otok) bool {
	st := j - len(mods)
	return st > 0 && thirdPerson(toks[st-1].low) && verbLike(toks[st-1].low) &&
		!slices.ContainsFunc(mods, func(t otok) bool { return t.code || identifier(t) || isCapWord(t) }) && len(mods) >= 2
}

// coordinatedModifiers reads "the accounting and fraud detection
// services", "the query, pricing and billing services": the plural head
// is each coordinated modifier's too, however many the list holds.
func (f *mentionFinder) coordinatedModifiers(start int, head, typ string) {
	toks := f.toks
	for end := start; ; {
		glue := end - 1
		if glue >= 1 && (toks[glue].low == "and" || toks[glue].low == "or") && toks[glue-1].low == "," {
			glue-- // "pricing, and billing"
		}
		if glue < 1 || toks[glue].low != "and" && toks[glue].low != "or" && toks[glue].low != "," || !modifier(toks[glue-1]) || f.used[glue-1] || glue >= 2 && toks[glue-2].low == "to" && infinitiveVerb(toks[glue-1]) {
			return
		}
		if singular(toks[glue-1].low) == head {
			return // "workload attestor plugins and key manager plugins": the phrase before has its own head
		}
		k := glue - 1
		for k > 0 && glue-1-k < 2 && modifier(toks[k-1]) && !f.used[k-1] {
			k--
		}
		other := append(slices.Clone(toks[k:glue]), otok{text: head, low: head})
		f.out = append(f.out, omention{i: k, j: glue, typ: typ, name: mentionName(other)})
		end = k
	}
}

// toolsBeforeInfinitive reads "uses gradlew to compile": the one plain
// word between a verb of use and an infinitive names a tool.
// infinitiveVerb reports whether the word after "to" is an infinitive's
// verb: one the lists know, or a plain lower-case word that is no
// function word, name nor number ("uses supervisord to start …").
func infinitiveVerb(t otok) bool {
	w := strings.Split(t.low, "/")[0]
	return verbLike(w) || !t.punct && !t.code && !isCapWord(t) && !openWords.function(w) && !hasAnySuffix(w, "ing", "ed", "s") && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) < 0
}

// toolPurpose reports whether the plain word at k, after a verb of use, is
// a tool named in lower case before "for" or "as" and a noun phrase
// ("Milvus also uses etcd for service registration"): a word no list
// knows (unlistedWord).
func toolPurpose(toks []otok, k int) bool {
	return (toks[k+1].low == "for" || toks[k+1].low == "as") && unlistedWord(toks[k].low) && !toks[k+2].punct
}

func (f *mentionFinder) toolsBeforeInfinitive() {
	toks := f.toks
	for k := 1; k+2 < len(toks); k++ {
		t := toks[k]
		if f.used[k] || t.punct || isCapWord(t) || openWords.function(t.low) || strings.HasSuffix(t.low, "s") || verbLike(t.low) ||
			!openWords.is("use-verbs", lemma(toks[k-1].low)) || !(toks[k+1].low == "to" && infinitiveVerb(toks[k+2]) || toolPurpose(toks, k)) {
			continue
		}
		f.add(omention{i: k, j: k + 1, name: t.text}, k, k+1)
	}
}

// thisInterface reads "this endpoint", "this API": the interface of the
// document's entity.
func (f *mentionFinder) thisInterface() {
	toks := f.toks
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].low == "this" && !f.used[k] && !f.used[k+1] && openWords.is("interface-nouns", toks[k+1].low) {
			f.add(omention{i: k, j: k + 2, ref: true, served: true}, k, k+2)
		}
	}
}

// pronouns finds the pronouns that refer: "it", "they", "we" and "this"
// before a verb, and "it" after a preposition that ends the clause.
func (f *mentionFinder) pronouns() {
	for k, t := range f.toks {
		if t.punct || f.used[k] {
			continue
		}
		f.pronounAt(k)
	}
}

// subjectPosition reports whether the pronoun at k stands where a subject
// does: first, after punctuation, a coordinator or a clause word, or ("If
// the version is `http1.x` it will delegate") "it" or "they" a verb
// follows.
func subjectPosition(toks []otok, k int) bool {
	t := toks[k]
	return k == 0 || toks[k-1].punct || openWords.is("coordinators", toks[k-1].low) || openWords.is("clause-words", toks[k-1].low) ||
		k+1 < len(toks) && (t.low == "it" || t.low == "they") &&
			(openWords.is("auxiliaries", toks[k+1].low) || openWords.is("hedges", toks[k+1].low) || thirdPerson(toks[k+1].low) && verbLike(toks[k+1].low))
}

// pronounAt reads the word at k as a pronoun that refers, if it is one.
func (f *mentionFinder) pronounAt(k int) {
	toks := f.toks
	ref := omention{i: k, j: k + 1, ref: true}
	if !subjectPosition(toks, k) {
		if objectOfPreposition(toks, k) {
			// "Prometheus instances are configured to write metrics to
			// it": after a preposition that ends the clause, "it" is the
			// thing the sentences before are about.
			f.out = append(f.out, ref)
		}
		return // "retrieves it": an object pronoun's antecedent is not known
	}
	switch toks[k].low {
	case "it", "they":
		f.out = append(f.out, ref)
	case "we":
		if weActs(toks, k) {
			f.out = append(f.out, ref)
		}
	case "this":
		if k+1 < len(toks) && (openWords.is("auxiliaries", toks[k+1].low) || thirdPerson(toks[k+1].low) && verbLike(toks[k+1].low)) {
			f.out = append(f.out, ref)
		}
	}
}

// weActs reports "We use Transifex": "we" a verb follows (past adverbs,
// "We also make use of X") is the writers' project, where the title names
// one (readUnit).
func weActs(toks []otok, k int) bool {
	n := k + 1
	for n < len(toks) && openWords.is("adverbs", toks[n].low) {
		n++ // "We also make use of X"
	}
	return n < len(toks) && !openWords.is("auxiliaries", toks[n].low) && !openWords.is("hedges", toks[n].low) && verbLike(toks[n].low)
}

// typeCodeSpans reads "the `cart` service": a code span the kind noun
// after it types.
func (f *mentionFinder) typeCodeSpans() {
	toks, out := f.toks, f.out
	for k, m := range out {
		if m.ref || m.typ != "" || m.j-m.i != 1 || !toks[m.i].code || m.j >= len(toks) || toks[m.j].code || isCapWord(toks[m.j]) {
			continue
		}
		typ := openWords.kind(toks[m.j].low)
		if typ == "" || k+1 < len(out) && out[k+1].i <= m.j {
			continue
		}
		out[k].j, out[k].typ = m.j+1, typ
	}
}

// dropOverlaps drops the mentions that overlap one before them (the first
// wins), joining a code span and the kind phrase right after it.
func dropOverlaps(toks []otok, out []omention) []omention {
	var kept []omention
	end := 0
	for _, m := range out {
		if m.i < end {
			continue
		}
		if n := len(kept); n > 0 && codeSpanKind(toks, kept[n-1], m) {
			kept[n-1].j, kept[n-1].typ = m.j, m.typ
			end = m.j
			continue
		}
		kept = append(kept, m)
		end = m.j
	}
	return kept
}

// codeSpanKind reports "the `notify_tornado` RabbitMQ queue": a code span
// (prev) the words after it (m) file under a kind is the name; they say
// what kind of thing it is.
func codeSpanKind(toks []otok, prev, m omention) bool {
	return prev.j == m.i && prev.typ == "" && !prev.ref && !m.ref && m.typ != "" &&
		prev.j-prev.i == 1 && toks[prev.i].code && !toks[m.i].code && openWords.kind(toks[m.j-1].low) != ""
}

// ofName reports whether a run of tokens may be the first part of a name
// joined by "of": plain capitalised words, none a determiner or a word for a
// share of something.
func ofName(ts []otok) bool {
	for _, t := range ts {
		if t.code || !isCapWord(t) || openWords.function(t.low) || openWords.is("share-words", t.low) {
			return false
		}
	}
	return len(ts) > 0
}

func headingStart(toks []otok, j int, heading bool) bool { return heading && j <= 1 }

// modifies reports whether a token after a name is a common noun the name
// modifies: a lower-case content word that is neither a verb form nor a
// function word.
func modifies(t otok) bool {
	if t.punct || isCapWord(t) || t.code || openWords.function(t.low) || !hasLetter(t.text) || openWords.is("abbreviations", t.low) {
		return false // "Pagerduty, Slack etc.": an abbreviation ends the list, no noun
	}
	if openWords.is("adverbs", t.low) {
		return false // "metamanager then sends …": an adverb, no noun the name modifies
	}
	if words.PastForm(t.low) || thirdPerson(t.low) && verbLike(t.low) || verbLike(t.low) && !openWords.is("nouns", t.low) {
		return false
	}
	return !strings.HasSuffix(t.low, "ly")
}

// indefinite reports whether an indefinite article (and adjectives) stands
// before token i.
func indefinite(toks []otok, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		switch {
		case toks[k].low == "a" || toks[k].low == "an":
			return true
		case toks[k].punct || openWords.function(toks[k].low) || isCapWord(toks[k]):
			return false
		}
	}
	return false
}

func anyCodeOrIdent(ts []otok) bool {
	return slices.ContainsFunc(ts, func(t otok) bool { return t.code || identifier(t) })
}

func isNumber(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' }) < 0
}

// modifier reports whether a token may modify a kind noun: a lower-case
// content word, an identifier or a hyphenated adjective.
func modifier(t otok) bool {
	if t.punct || t.poss || openWords.function(t.low) || badName(t) && !t.code {
		return false
	}
	if isCapWord(t) {
		return false
	}
	if thirdPerson(t.low) && verbLike(t.low) || strings.HasSuffix(t.low, "ly") {
		return false
	}
	return hasLetter(t.text)
}

// mentionName writes a mention's words as a name: single spaces, the
// leading adjectives and a plural kind head's s dropped.
func mentionName(ts []otok) string {
	// "Remote Sampling protocol", "Internal Workers Service": a
	// capitalised adjective before a capitalised word is the name's own.
	for len(ts) > 1 && (openWords.is("name-adjectives", ts[0].low) && !(isCapWord(ts[0]) && isCapWord(ts[1])) || compoundAdjective(ts[0]) && isCapWord(ts[1])) {
		ts = ts[1:]
	}
	var parts []string
	for k, t := range ts {
		w := t.text
		if k == len(ts)-1 && len(ts) > 1 && openWords.kind(t.low) != "" && !isCapWord(t) {
			w = singular(t.low)
		}
		parts = append(parts, w)
	}
	name := strings.Join(parts, " ")
	if text.Key(name) == "" {
		return ""
	}
	return name
}

// compoundAdjective reports whether a word is a hyphenated adjective made
// from a name and a word of [adjective-compound-ends] ("Kubernetes-native").
func compoundAdjective(t otok) bool {
	k := strings.LastIndexByte(t.low, '-')
	return k > 0 && !t.code && openWords.is("adjective-compound-ends", t.low[k+1:])
}

// docContext is what the open extractor knows of a document while it reads
// it: the entity its title names, and the last subject of the paragraph.
type docContext struct {
	title   *omention
	aliases []string
	// intro: no heading below the title has been read yet; a pronoun with
	// no antecedent in its paragraph refers to the title's entity only
	// there.
	intro bool
	// names are the names the document gives as names (title, code spans,
	// table rows), by text.Key: where the text writes them as plain words
	// they are mentions too.
	names map[string]omention
	// typed are the entities named with each type, by line: "this
	// application" refers to the last one named before it.
	typed map[string]map[int]omention
	// heads are the entities named, by the last word of their name
	// (singular) and place (sentencePlace): "the controller" refers to the
	// last one whose name ends in "controller"
	// ("argocd-application-controller").
	heads map[string]map[int]omention
	// project is the project a title such as "# Zulip architectural
	// overview" names: "we" in its sentences ("We use Transifex") is it.
	project *omention
	// listed are the list items that follow a sentence introducing them
	// ("Broker includes the following sub-modules.", "X consists of:"),
	// by the item's line: the introduction's words up to its object,
	// which the item names ("Broker includes").
	listed map[int]string
	// listedKind is the type the introduction of a listed item gives it
	// ("the following Kubernetes services"), by the item's line.
	listedKind map[int]string
	// lead is the subject the paragraph before ended on: "It" starting a
	// paragraph or a list item with no antecedent in it refers to it
	// ("VTOrc is the repair tool of Vitess. / - It queries the
	// `vttablets` …").
	lead *omention
	// lastNamed is the last thing the sentence before (in the same block)
	// named: what "This is invoked by …" starting the next refers to.
	lastNamed *omention
	// opening is the last sentence's subject where it starts the
	// sentence (readUnit).
	opening *omention
	// topic is the one thing the last section heading names ("##
	// karmada-descheduler", "## `virt-controller`"): what "It" and "This
	// component" starting the section's paragraphs refer to; nil under a
	// heading that names no one thing.
	topic *omention
}

// describe reads "X is the main web application server": the description
// in plain words, and its shorter ends ("application server"), name X
// where the document writes them later.
func (dc *docContext) describe(toks []otok, ms []omention) {
	if len(ms) < 2 {
		return
	}
	a, b := ms[0], ms[1]
	if a.ref || b.ref || a.i != 0 && !toks[a.i-1].punct || a.j+2 > b.i || !openWords.is("be", toks[a.j].low) || toks[a.j+1].low != "the" || !described(toks, b) {
		return
	}
	for _, t := range toks[a.j+2 : b.i] {
		if !openWords.is("name-adjectives", t.low) {
			return
		}
	}
	ws := strings.Fields(b.name)
	for n := 2; n <= len(ws); n++ {
		k := text.Key(strings.Join(ws[len(ws)-n:], " "))
		if _, ok := dc.names[k]; !ok {
			dc.names[k] = omention{name: a.name, typ: cmp.Or(a.typ, b.typ)}
		}
	}
}

// named records that a line names an entity of a type.
func (dc *docContext) named(m omention, line int) {
	if dc.typed[m.typ] == nil {
		dc.typed[m.typ] = map[int]omention{}
	}
	if _, ok := dc.typed[m.typ][line]; !ok {
		dc.typed[m.typ][line] = m
	}
}

// headWord is the last word of a name, singular: what "the <noun>" may
// name it by.
func headWord(name string) string {
	ws := text.KeyTokens(name)
	if len(ws) == 0 {
		return ""
	}
	return singular(ws[len(ws)-1])
}

// sentencePlace orders the sentences of a document: by line, then by
// place in the block (a paragraph written on one line has several).
func sentencePlace(u unit) int { return u.line<<8 | min(u.seq, 255) }

// namedHead records that a sentence names an entity whose name ends in a
// word.
func (dc *docContext) namedHead(m omention, place int) {
	h := headWord(m.name)
	if h == "" {
		return
	}
	if dc.heads[h] == nil {
		dc.heads[h] = map[int]omention{}
	}
	if _, ok := dc.heads[h][place]; !ok {
		dc.heads[h][place] = m
	}
}

// plainNames finds a one-word name written as a plain word: "the
// consumer" (or "consumers") where the document named "Consumer" before,
// as a name of its own. Each is a reference to that entity.
func (dc *docContext) plainNames(toks []otok, ms []omention, place int) []omention {
	var out []omention
	for k, t := range toks {
		if t.punct || isCapWord(t) || t.code || !hasLetter(t.low) || slices.ContainsFunc(ms, func(m omention) bool { return m.i <= k && k < m.j }) {
			continue
		}
		w := singular(t.low)
		if plainWordModifies(toks, k, w) {
			continue
		}
		best := dc.headBefore(w, place)
		if best < 0 {
			best = dc.onlyWithHead(toks, k, w, place)
		}
		if best < 0 {
			continue
		}
		r := dc.heads[w][best]
		from := k
		if k > 0 && toks[k-1].low == "the" {
			from = k - 1
		}
		r.i, r.j, r.ref = from, k+1, true
		out = append(out, r)
	}
	return out
}

// plainWordModifies reports whether the plain word at k (w, singular) is
// a function word or modifies the noun after it: "the consumer group", and
// "handles local query processing" (a noun in -ing).
func plainWordModifies(toks []otok, k int, w string) bool {
	if openWords.function(w) || k+1 < len(toks) && !toks[k+1].punct && !verbLike(toks[k+1].low) && !openWords.function(toks[k+1].low) && !openWords.is("prepositions", toks[k+1].low) {
		return true // "the consumer group": a noun the word modifies
	}
	return k+1 < len(toks) && strings.HasSuffix(toks[k+1].low, "ing") && (k == 0 || !openWords.is("determiners", toks[k-1].low))
}

// headBefore is the place of the last name before place whose key is w
// among the names with the head w; -1 when none.
func (dc *docContext) headBefore(w string, place int) int {
	best := -1
	for p, m := range dc.heads[w] {
		if p < place && p > best && text.Key(m.name) == w {
			best = p
		}
	}
	return best
}

// onlyWithHead is the place of the last name before the sentence that
// "the <w>" at k stands for: "the shim" where the document repeats one
// term "runtime shim" and names nothing else ending in the word. The word is no kind
// noun (kind nouns have their own antecedents) and the one name is of two
// words or more; -1 when none or several.
func (dc *docContext) onlyWithHead(toks []otok, k int, w string, place int) int {
	if k == 0 || toks[k-1].low != "the" || openWords.kind(w) != "" || openWords.is("nouns", w) {
		return -1
	}
	best, name := -1, ""
	for p, m := range dc.heads[w] {
		hyphened := !strings.ContainsAny(m.name, " \t") && strings.Contains(m.name, "-") // "karmada-descheduler": "the descheduler"
		if p >= place || len(text.KeyTokens(m.name)) < 2 || !m.term && !dc.names[text.Key(m.name)].term && !hyphened {
			continue
		}
		if name != "" && text.Key(m.name) != name {
			return -1
		}
		name = text.Key(m.name)
		best = max(best, p)
	}
	return best
}

// lastWithHead is the last entity named before the sentence whose name
// ends in the word and is longer than the word alone (chunks overlap, so
// a block is read more than once: order is by place, not by reading).
func (dc *docContext) lastWithHead(head string, place int) *omention {
	best := -1
	for p, m := range dc.heads[head] {
		if p < place && p > best && len(text.KeyTokens(m.name)) > 1 {
			best = p
		}
	}
	if best < 0 {
		return nil
	}
	m := dc.heads[head][best]
	return &m
}

// allWithHead are the entities named before the sentence whose names end
// in the word and are longer than the word alone, in the order first
// named, when there are two or more; else none.
func (dc *docContext) allWithHead(head string, place int) []omention {
	var places []int
	for p, m := range dc.heads[head] {
		if p < place && len(text.KeyTokens(m.name)) > 1 {
			places = append(places, p)
		}
	}
	slices.Sort(places)
	var out []omention
	for _, p := range places {
		m := dc.heads[head][p]
		if !slices.ContainsFunc(out, func(o omention) bool { return o.name == m.name }) {
			out = append(out, m)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// partsOfNamed returns, for a mention made of a name the document gave
// before and a kind noun in the plural ("Argo CD controllers", "Acme
// workers"), the entities named before whose names end in that noun, when
// there are two or more (allWithHead); else nil.
func (dc *docContext) partsOfNamed(toks []otok, m omention, place int) []omention {
	if m.ref || m.j-m.i < 2 {
		return nil
	}
	last := toks[m.j-1].low
	head := singular(last)
	if head == last || openWords.kind(last) == "" {
		return nil
	}
	owner := mentionName(toks[m.i : m.j-1])
	k := text.Key(owner)
	if owner == "" || k == "" || !slices.ContainsFunc(slices.Collect(maps.Values(dc.heads[headWord(owner)])), func(o omention) bool {
		return text.Key(o.name) == k
	}) {
		return nil
	}
	return dc.allWithHead(head, place)
}

// lastBefore is the last entity of the type named before the line (chunks
// overlap, so lines are read more than once: order is by line).
func (dc *docContext) lastBefore(typ string, line int) *omention {
	best := -1
	for l := range dc.typed[typ] {
		if l < line && l > best {
			best = l
		}
	}
	if best < 0 {
		return nil
	}
	m := dc.typed[typ][best]
	return &m
}

// copulaType is the type a sentence gives a mention that is its subject:
// "X is a cloud-first microservices demo application" makes X an
// Application; "" when it gives none.
func copulaType(toks []otok, m omention) string {
	k := m.j
	if k >= len(toks) || !openWords.is("be", toks[k].low) || k+1 >= len(toks) || toks[k+1].low != "a" && toks[k+1].low != "an" {
		return ""
	}
	for n := k + 2; n < len(toks) && n < k+8; n++ {
		t := toks[n]
		if t.punct || openWords.function(t.low) {
			return ""
		}
		if typ := openWords.kind(t.low); typ != "" && (n+1 == len(toks) || toks[n+1].punct || openWords.function(toks[n+1].low)) {
			return typ
		}
	}
	return ""
}

// newDocContext reads what the open extractor needs to know of a whole
// document before its sentences: the title's entity and the names it gives.
func newDocContext(doc string) *docContext {
	dc := &docContext{intro: true, names: map[string]omention{}, typed: map[string]map[int]omention{}, heads: map[string]map[int]omention{}}
	dc.title, dc.aliases = titleEntity(doc)
	dc.project = titleProject(doc)
	if t := tokenize(frontMatterTitle(doc)); dc.title == nil && len(t) == 1 && titleWordName(t[0]) {
		// "title: Libsinsp" over a page that writes "libsinsp receives
		// …": the one word a site's front matter titles the page with
		// names a thing, however the text writes it.
		dc.addName(t[0].text, "")
	}
	if dc.title != nil {
		dc.addName(dc.title.name, dc.title.typ)
		for _, a := range dc.aliases {
			dc.addName(a, dc.title.typ)
		}
	}
	bs := splitBlocks(doc)
	dc.listedKind = map[int]string{}
	dc.listed = listIntroductionsKinds(bs, dc.subject(), dc.listedKind)
	var sentences [][]otok
	for k, b := range bs {
		sentences = append(sentences, dc.blockNames(b.prose(), b.table())...)
		if k+1 < len(bs) {
			if w := headedName(b, bs[k+1]); w != "" {
				dc.addName(w, "")
			}
		}
	}
	for _, toks := range sentences {
		if n := lowerCaseSubject(toks); n != "" && !namedOtherwise(n, sentences, dc.names) {
			dc.addName(n, "")
		}
		// A word in camel case ("MetaManager", "edgeHub") is a name the
		// document gives: written in lower case or as words elsewhere in
		// it ("metamanager", "Edge hub") it is that name.
		for _, t := range toks {
			if k := text.Key(t.text); innerCapital(t) && len(k) >= 3 && dc.names[k].name == "" {
				dc.names[k] = omention{name: t.text, camel: true}
			}
		}
	}
	// The noun compounds the document repeats are its terms (terms.go).
	for _, t := range repeatedCompounds(sentences) {
		if k := text.Key(t); k != "" && dc.names[k].name == "" {
			dc.names[k] = omention{name: t, typ: openWords.kind(t[strings.LastIndexByte(t, ' ')+1:]), term: true}
		}
	}
	return dc
}

// innerCapital reports whether a word of letters (and digits) has a
// capital after a lower-case letter: "MetaManager", "edgeHub", "EdgeD".
func innerCapital(t otok) bool {
	if t.punct || len(t.text) < 5 || strings.IndexFunc(t.text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
		return false
	}
	prevLower := false
	for _, r := range t.text {
		if unicode.IsUpper(r) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}

// lowerCaseSubject is the name a sentence starts with where the writer
// keeps a name in lower case though English capitalises a sentence's first
// word ("containerd invokes the runtime", "vtctld also acts as …"): a plain
// lower-case word of letters and digits, no function word, verb, kind noun
// or listed noun, with a verb in the third person after it (an adverb
// between at most); after "the", only a word package words knows as no
// role, agent or someone noun ("The kubelet calls …": unknownNoun). ""
// for any other sentence.
func lowerCaseSubject(toks []otok) string {
	s := 0
	if len(toks) > 0 && toks[0].low == "the" {
		s = 1 // "The kubelet calls the CSI plugin": a name kept in lower case after the article
	}
	if len(toks) < s+3 {
		return ""
	}
	t := toks[s]
	if t.punct || t.code || t.poss || len(t.text) < 3 || !unicode.IsLower(firstRune(t.text)) || strings.ContainsAny(t.text, "-_./:@+#") {
		return ""
	}
	if !unlistedWord(t.low) || s == 1 && !unknownNoun(t.low) {
		return ""
	}
	k := s + 1
	if openWords.is("adverbs", toks[k].low) {
		k++
	}
	v := toks[k]
	if v.punct || v.code || isCapWord(v) || !thirdPerson(v.low) || !verbLike(v.low) || openWords.is("nouns", v.low) {
		return ""
	}
	return t.text
}

// namedOtherwise reports whether the document names the program an agent
// noun after "the" may be some other way: capitalised ("The Dispatcher
// reads …" then "The dispatcher reads …"), or as the last part of a name it
// gives ("## karmada-descheduler" then "The descheduler calls …"); "the
// dispatcher" then refers to that name, and is none of its own.
func namedOtherwise(n string, sentences [][]otok, names map[string]omention) bool {
	w := strings.ToLower(n)
	if !words.NamesAgent(w) {
		return false
	}
	for _, toks := range sentences {
		for _, t := range toks {
			if t.low == w && isCapWord(t) {
				return true
			}
		}
	}
	for _, m := range names {
		l := strings.ToLower(m.name)
		if l != w && (strings.HasSuffix(l, "-"+w) || strings.HasSuffix(l, " "+w) || strings.HasSuffix(l, "_"+w)) {
			return true
		}
	}
	return false
}

// unknownNoun reports whether a lower-case word after "the" is none of the
// nouns package words knows for a role or a party: no noun of a concept
// ("the client", "the owner"), no someone noun ("the admin", "the
// producer"). "The kubelet calls …" and "The mapper watches …" name a
// program (an agent noun no list knows: the one the document has); "The
// client sends …" a role.
func unknownNoun(w string) bool {
	return len(words.Lookup([]string{w})) == 0 && !words.NamesSomeone(w)
}

// unlistedWord reports whether a lower-case word is none the lists know
// (function word, verb, kind noun, listed noun, word that names nothing)
// and has no ending of an inflected or abstract word.
func unlistedWord(w string) bool {
	if openWords.function(w) || openWords.is("not-names", w) || openWords.is("nouns", w) || openWords.is("nouns", singular(w)) || openWords.kind(w) != "" || openWords.kind(singular(w)) != "" || verbLike(w) || verbLike(lemma(w)) || hasAnySuffix(w, "ing", "ly", "ed", "s") {
		return false
	}
	for e := range openWords.sets["abstract-endings"] {
		if strings.HasSuffix(w, e) {
			return false
		}
	}
	return true
}

// addName records a name the document gives as a name, unless a function
// word, a word that names nothing, or under three characters.
func (dc *docContext) addName(name, typ string) {
	k := text.Key(name)
	if k == "" || openWords.function(strings.ToLower(name)) || openWords.is("not-names", strings.ToLower(name)) || len(k) < 3 {
		return
	}
	if _, ok := dc.names[k]; !ok {
		dc.names[k] = omention{name: name, typ: typ}
	}
}

// blockNames records the names a block (its prose p) gives: a heading's,
// a definition item's term, a table's first cells, code spans; it returns
// the block's sentences' tokens (none for a heading or a table).
func (dc *docContext) blockNames(p block, table bool) [][]otok {
	if name, typ := headingName(p); name != "" {
		dc.addName(name, typ)
		return nil
	}
	dc.definitionTerm(p)
	if table {
		for k, row := range p.lines {
			cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
			if name := strings.TrimSpace(cleanMarkdown(cells[0])); k > 0 && len(cells) > 1 && !strings.ContainsAny(name, " -:") && name != "" {
				dc.addName(name, "")
			}
		}
		return nil
	}
	var sentences [][]otok
	for _, s := range p.sentences() {
		added := map[string]bool{}
		for _, c := range s.code {
			if t := strings.TrimSpace(c); !strings.ContainsAny(t, " \t") && !badName(otok{text: t}) && hasLetters2(t) {
				k := text.Key(t)
				_, had := dc.names[k]
				dc.addName(t, "")
				if _, ok := dc.names[k]; ok && !had {
					added[k] = true
				}
				if d, ok := dc.names[k]; ok && !had && capitalisedWord(t) {
					d.codeWord = true
					dc.names[k] = d
				}
			}
		}
		dc.linkNames(s.text)
		toks := tokenize(cleanMarkdown(s.text))
		markCode(toks, s.code)
		dc.dropFieldNames(toks, added)
		sentences = append(sentences, toks)
	}
	return sentences
}

// dropFieldNames forgets the names this sentence's code spans gave that it
// writes before a noun of a configuration field ([field-nouns]): "a new
// `authorization` field specifies …" names a field of a resource, not a
// thing, and the plain word elsewhere ("sends an authorization check
// request to the Authorization server") is no name.
func (dc *docContext) dropFieldNames(toks []otok, added map[string]bool) {
	for k := 0; k+1 < len(toks); k++ {
		if !toks[k].code || !openWords.is("field-nouns", toks[k+1].low) {
			continue
		}
		if key := text.Key(toks[k].text); added[key] {
			delete(dc.names, key)
		}
	}
}

// linkNames records the names a sentence gives as the text of a link of
// one lower-case word: "stores its state in [etcd](https://etcd.io)", "is
// built on [runc](…)": a word the writers link to a page of its own is a
// name, unless a word any list knows or a word of the documents themselves
// ([link-words]: "see [here](…)", "the [guide](…)").
func (dc *docContext) linkNames(s string) {
	for _, re := range []*regexp.Regexp{linkRE, refLinkRE} {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			w := strings.Trim(m[1], "`*_ ")
			t := otok{text: w, low: strings.ToLower(w)}
			if w == "" || strings.ContainsAny(w, " \t/") || !unicode.IsLower(firstRune(w)) || !hasLetters2(w) || badName(t) || openWords.is("link-words", t.low) {
				continue
			}
			if !strings.ContainsAny(w, "-_.") && !unlistedWord(t.low) {
				continue
			}
			dc.addName(w, "")
		}
	}
}

// definitionTerm records "1. **Service Method**: …": the term of a
// definition item is a name, in the plural too ("Service methods are
// …").
func (dc *docContext) definitionTerm(p block) {
	m := definitionItemRE.FindStringSubmatch(p.lines[0])
	if m == nil {
		return
	}
	term := strings.TrimSpace(cleanMarkdown(m[1]))
	if len(strings.Fields(term)) > 4 {
		return
	}
	dc.addName(term, "")
	if k := text.Key(term + "s"); dc.names[k].name == "" && text.Key(term) != "" {
		if d, ok := dc.names[text.Key(term)]; ok {
			dc.names[k] = d
		}
	}
}

// kindWithNamesRE is a lower-case noun with a parenthesis after it:
// "components (`server` and `agent`)", "backend (e.g. Docker, Kubernetes,
// local)", "the `Ready` state (including Binding, Bound, Running)": the
// names are things of the noun's kind, not parts of the name before it.
var kindWithNamesRE = regexp.MustCompile(`(?:^|\s)([a-z][a-z-]*)\s*\(\s*(?:e\.g\.,?|i\.e\.,?|such as|like|including|for example,?)?\s*([^()]{1,100})\)`)

// namesForKinds puts the names a parenthesis gives in place of the plain
// noun phrase before it (the noun, up to two modifiers and a determiner or
// count before them): "Woodpecker consists of essential components
// (`server` and `agent`)" says Woodpecker consists of server and agent. The
// parenthesis must be a list of short items, most of them names (capitalised
// or code spans of the sentence); "pipelines (specifically one or more
// workflows)" stays.
func namesForKinds(s string, code []string) string {
	var b strings.Builder
	last := 0
	for _, m := range kindWithNamesRE.FindAllStringSubmatchIndex(s, -1) {
		noun, inner := s[m[2]:m[3]], s[m[4]:m[5]]
		if slices.Contains(code, noun) || openWords.function(noun) || !namesList(inner, code) {
			continue
		}
		// Walk back over the noun's modifiers: lower-case words that are
		// no function words or verbs, and one determiner or count.
		from := m[2]
		for n := 0; n < 3; n++ {
			k := strings.LastIndexAny(strings.TrimRight(s[last:from], " \t"), " \t")
			w := strings.TrimSpace(s[last:from])
			if k >= 0 {
				w = strings.TrimSpace(strings.TrimRight(s[last:from], " \t")[k:])
			}
			l := strings.ToLower(w)
			if w == "" || w != l || strings.ContainsAny(w, ",.;:()`") {
				break
			}
			if openWords.is("determiners", l) || openWords.is("number-words", l) {
				from = last + strings.LastIndex(s[last:from], w)
				break
			}
			if openWords.function(l) || openWords.is("prepositions", l) || verbLike(l) && !openWords.is("name-adjectives", l) {
				break
			}
			from = last + strings.LastIndex(s[last:from], w)
		}
		b.WriteString(s[last:from])
		b.WriteString(strings.TrimSpace(inner))
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// namesList reports whether a parenthesis is a list of short items, most of
// them names: capitalised, or code spans of the sentence.
func namesList(inner string, code []string) bool {
	items := strings.FieldsFunc(strings.NewReplacer(" and ", ",", " or ", ",").Replace(" "+inner+" "), func(r rune) bool { return r == ',' })
	named := 0
	for _, it := range items {
		fs := strings.Fields(it)
		if len(fs) == 0 || len(fs) > 3 {
			return false
		}
		if r := firstRune(fs[0]); unicode.IsUpper(r) || slices.Contains(code, strings.Trim(strings.TrimSpace(it), "`")) {
			named++
		}
	}
	return named > 0 && 2*named >= len(items)
}

// listIntroductions finds the lists a sentence introduces: a paragraph (or
// a list item with items under it) whose last sentence ends in a colon or
// speaks of "the following" things, with the items right after it, at one
// indentation. Each item's line maps to the introduction's words before
// its object ("The RocketMQ architecture is divided into" of "… is divided
// into four parts, as shown in the figure above:").
func listIntroductions(bs []block, subject string) map[int]string {
	return listIntroductionsKinds(bs, subject, nil)
}

// listIntroductionsKinds is listIntroductions that also records, in kinds,
// the type an introduction's counted kind noun gives its items ("the
// following Kubernetes services": each item is a Service).
func listIntroductionsKinds(bs []block, subject string, kinds map[int]string) map[int]string {
	out := map[int]string{}
	for k := 0; k+1 < len(bs); k++ {
		before := len(out)
		b, plain := introducedItems(bs, k, subject, out)
		if !plain || len(out) == before || kinds == nil {
			continue
		}
		if kind := introKind(b); kind != "" {
			for line := range out {
				if line > b.line && kinds[line] == "" {
					kinds[line] = kind
				}
			}
		}
	}
	return out
}

// introducedItems adds to out the items that block k introduces, and
// returns its prose and whether it introduced them as a plain list or
// table (whose introduction's kind noun may type them): under a heading
// that introduces them or repeats a count, as the headings a sentence
// points below to, as bold terms after a colon, or as the items or rows
// right after it (a figure may stand between).
func introducedItems(bs []block, k int, subject string, out map[int]string) (block, bool) {
	b := bs[k].prose()
	if prefix := sectionWholePrefix(b); prefix != "" {
		subHeadingsUnder(prefix, headingLevel(b.lines[0]), bs[k+1:], out)
		return b, false
	}
	if prefix := headingIntroPrefix(b, subject); prefix != "" && listItemRE.MatchString(bs[k+1].lines[0]) {
		itemsUnder(prefix, bs[k+1:], out)
		return b, false
	}
	if prefix := countedHeadingPrefix(bs[:k], b); prefix != "" && listItemRE.MatchString(bs[k+1].lines[0]) {
		itemsUnder(prefix, bs[k+1:], out)
		return b, false
	}
	// A figure may stand between an introduction and its items ("X
	// consists of three parts: / ![arch](x.svg) / **A**: …").
	first := k + 1
	for first+1 < len(bs) && figureBlock(bs[first]) {
		first++
	}
	next := bs[first]
	if b.table() || len(b.lines) == 0 || headingRE.MatchString(b.lines[0]) {
		return b, false
	}
	colon := strings.HasSuffix(strings.TrimSpace(b.lines[len(b.lines)-1]), ":")
	switch {
	case len(next.lines) == 1 && headingRE.MatchString(next.lines[0]) && pointsBelow(b):
		// "The control plane has several components, enumerated
		// below." then "### The destination service", "### The
		// identity service": each heading of that level names an item.
		if prefix := lastIntroPrefix(b, true); prefix != "" {
			headingItemsUnder(prefix, bs[first:], out)
		}
		return b, false
	case len(next.lines) == 1 && headingRE.MatchString(next.lines[0]) && k > 0 && sectionCountPrefix(bs[k-1], b, next) != "":
		headingItemsUnder(sectionCountPrefix(bs[k-1], b, next), bs[first:], out)
		return b, false
	case colon && !listItemRE.MatchString(b.lines[0]) && boldTermRE.MatchString(next.lines[0]):
		if prefix := lastIntroPrefix(b, true); prefix != "" {
			boldTermItems(bs[first:], prefix, out)
		}
		return b, false
	case listItemRE.MatchString(next.lines[0]):
		listItemsUnder(b, bs[first:], colon, out)
	case next.table():
		tableRowsUnder(b, next, colon, out)
	}
	return b, true
}

// boldTermItems reads "X consists of three parts:" then paragraphs that
// each start with a bold term and a colon: each term is an item. A list
// under a term's paragraph is that term's own.
func boldTermItems(bs []block, prefix string, out map[int]string) {
	for _, it := range bs {
		switch {
		case boldTermRE.MatchString(it.lines[0]):
			out[it.line] = prefix
		case figureBlock(it) || listItemRE.MatchString(it.lines[0]):
		default:
			return
		}
	}
}

// listItemsUnder records the introduction b's prefix for each item of
// the list that follows it (bs), at the first item's indent and
// numbering; a list item as b introduces only items indented under it.
func listItemsUnder(b block, bs []block, colon bool, out map[int]string) {
	// A list of definition items ("1. Cluster Controller: …") right after
	// a sentence is its object as after a colon ("X runs various
	// controllers, which …").
	prefix := lastIntroPrefix(b, colon || termItem(bs[0].lines[0]))
	if prefix == "" && !colon {
		prefix = countedPartsPrefix(b, bs)
	}
	if prefix == "" {
		return
	}
	next := bs[0]
	indent := leadingSpaces(next.lines[0])
	if listItemRE.MatchString(b.lines[0]) && indent < leadingSpaces(b.lines[0]) {
		return
	}
	numbered := numberedItem(next.lines[0])
	if listItemRE.MatchString(b.lines[0]) && indent == leadingSpaces(b.lines[0]) && numbered == numberedItem(b.lines[0]) {
		return // the next item of the same list, not items under this one
	}
	itemsUnder(prefix, bs, out)
}

// countedPartsPrefix reads a paragraph, no list item, one of whose
// sentences counts a whole's parts before the list right after it, with as
// many items as it counts ("Backstage is constructed out of three parts.
// We separate Backstage in this way because …" then "- Core - …", "- App -
// …", "- Plugins - …"): it returns that sentence's introPrefix, or "".
func countedPartsPrefix(b block, bs []block) string {
	if listItemRE.MatchString(b.lines[0]) {
		return ""
	}
	items := itemCount(bs)
	for _, s := range b.sentences() {
		fs := strings.Fields(strings.ToLower(cleanMarkdown(s.text)))
		for k := 1; k+1 < len(fs); k++ {
			noun := strings.Trim(fs[k+1], ",.:;")
			if countValue(fs[k]) == items && singular(noun) != noun && openWords.is("part-nouns", singular(noun)) {
				return introPrefix(s.text, true)
			}
		}
	}
	return ""
}

// itemCount is how many items the list bs starts with has, at its first
// item's indent and numbering (itemsUnder's items).
func itemCount(bs []block) int {
	out := map[int]string{}
	itemsUnder("", bs, out)
	return len(out)
}

// countValue is the number a count word or numeral names ("three", "3"),
// from two to ten, or 0.
func countValue(w string) int {
	if n := slices.Index(strings.Fields("zero one two three four five six seven eight nine ten"), w); n >= 2 {
		return n
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 2 && n <= 10 {
		return n
	}
	return 0
}

// pointsBelow reports whether a paragraph's last sentence points to what
// follows it: it ends in a colon, or in "below" or "as follows"
// ("The control plane has several components, enumerated below.").
func pointsBelow(b block) bool {
	ss := b.sentences()
	if len(ss) == 0 {
		return false
	}
	t := strings.ToLower(strings.TrimSpace(cleanMarkdown(ss[len(ss)-1].text)))
	t = strings.TrimRight(t, ".: ")
	return strings.HasSuffix(strings.TrimSpace(ss[len(ss)-1].text), ":") || strings.HasSuffix(t, " below") || strings.HasSuffix(t, " as follows")
}

// sectionCountPrefix reads a section's first paragraph that counts the
// things its heading names, its subsections right after it: "##
// Components" then "X is made up of several components that …" then "###
// Provider", "### Resource Watcher": each subsection is one of them. It
// returns the counting sentence's words before the count ("X is made up
// of"), or "".
func sectionCountPrefix(h, b, next block) string {
	if len(h.lines) != 1 || !headingRE.MatchString(h.lines[0]) || headingLevel(next.lines[0]) != headingLevel(h.lines[0])+1 {
		return ""
	}
	hw := strings.Fields(strings.ToLower(cleanMarkdown(headingRE.ReplaceAllString(h.lines[0], ""))))
	if len(hw) != 1 || singular(hw[0]) == hw[0] || !openWords.is("part-nouns", singular(hw[0])) && openWords.kind(singular(hw[0])) == "" {
		return ""
	}
	for _, s := range b.sentences() {
		fs := strings.Fields(strings.ToLower(cleanMarkdown(s.text)))
		for k := 1; k < len(fs); k++ {
			if strings.Trim(fs[k], ",.:;") == hw[0] && (openWords.is("list-quantifiers", fs[k-1]) || openWords.is("number-words", fs[k-1]) || isNumber(fs[k-1])) {
				return introPrefix(s.text, true)
			}
		}
	}
	return ""
}

// headingItemsUnder records prefix for each section heading at the level
// of the first block of bs (a heading), up to a heading of a higher level:
// each names an item of the introduction.
func headingItemsUnder(prefix string, bs []block, out map[int]string) {
	level := headingLevel(bs[0].lines[0])
	for _, b := range bs {
		if len(b.lines) != 1 || !headingRE.MatchString(b.lines[0]) {
			continue
		}
		l := headingLevel(b.lines[0])
		if l < level {
			return
		}
		if l == level {
			out[b.line] = prefix
		}
	}
}

// headingObject is what a section heading names as an item: its words
// without a leading article, when they are one to four words with no verb
// ("### The destination service" names "destination service"); "" else.
func headingObject(line string) string {
	if name, _ := headingName(block{lines: []string{line}}); name != "" {
		return name // "### Reports Controller": capitalised words and a kind noun are a name, whatever verb a word may be
	}
	ws := strings.Fields(cleanMarkdown(headingRE.ReplaceAllString(line, "")))
	if len(ws) > 0 && (strings.EqualFold(ws[0], "the") || strings.EqualFold(ws[0], "a") || strings.EqualFold(ws[0], "an")) {
		ws = ws[1:]
	}
	if len(ws) == 0 || len(ws) > 4 {
		return ""
	}
	for k, w := range ws {
		l := strings.ToLower(strings.Trim(w, "`*_"))
		if openWords.function(l) || thirdPerson(l) && verbLike(l) && openWords.kind(l) == "" || strings.ContainsAny(w, "?:!") {
			return ""
		}
		// "### Configuring TLS": a gerund heads a task, no thing; "### The
		// billing service": an -ing word before a kind noun modifies it.
		if strings.HasSuffix(l, "ing") && (k+1 >= len(ws) || openWords.kind(strings.ToLower(ws[len(ws)-1])) == "") {
			return ""
		}
	}
	return strings.Join(ws, " ")
}

// introKind is the type of the kind noun an introduction's last sentence
// counts or says "the following" of ("deploying the following Kubernetes
// services": Service), or "".
func introKind(b block) string {
	ss := b.sentences()
	if len(ss) == 0 {
		return ""
	}
	fs := strings.Fields(cleanMarkdown(ss[len(ss)-1].text))
	for k, w := range fs {
		l := strings.ToLower(strings.Trim(w, ",.:;()"))
		if l != "following" && !openWords.is("number-words", l) && !isNumber(l) {
			continue
		}
		for j := k + 1; j < len(fs) && j <= k+4; j++ {
			n := strings.ToLower(strings.Trim(fs[j], ",.:;()"))
			if kind := openWords.kind(n); kind != "" && singular(n) != n {
				return kind
			}
			if strings.ContainsAny(fs[j], ",.:;(") {
				break
			}
		}
		return ""
	}
	return ""
}

// tableRowsUnder records the introduction b's prefix for each row of the
// table t after it: "Dapr begins by deploying the following Kubernetes
// services, …" then "| `dapr-operator` | Manages … |": the row's first cell
// is an item of the introduction's object.
func tableRowsUnder(b, t block, colon bool, out map[int]string) {
	prefix := lastIntroPrefix(b, colon)
	if prefix == "" {
		return
	}
	for k := range t.lines {
		if _, _, ok := tableRow(k, t.lines[k]); ok {
			out[t.line+k] = prefix
		}
	}
}

// itemsUnder records prefix for each item of the list bs starts with, at
// its first item's indent and numbering.
// termItem reports whether a line is a list item that defines a term:
// "1. **Agent**: …", "1. Cluster Controller: …".
func termItem(line string) bool {
	if definitionItemRE.MatchString(line) {
		return true
	}
	loc := listItemRE.FindStringIndex(line)
	return loc != nil && itemTermRE.MatchString(line[loc[1]:])
}

func itemsUnder(prefix string, bs []block, out map[int]string) {
	indent := leadingSpaces(bs[0].lines[0])
	numbered := numberedItem(bs[0].lines[0])
	for _, it := range bs {
		in := leadingSpaces(it.lines[0])
		if !listItemRE.MatchString(it.lines[0]) && in > indent {
			continue // an item's own paragraph ("    For more information, …")
		}
		if !listItemRE.MatchString(it.lines[0]) || in < indent || in == indent && numberedItem(it.lines[0]) != numbered {
			return // the list ends, or another list starts
		}
		if in == indent {
			out[it.line] = prefix
		}
	}
}

// figureBlock reports whether a block is only a figure: a Markdown image,
// an HTML img tag or a shortcode ("{{< img … >}}").
func figureBlock(b block) bool {
	for _, l := range b.lines {
		t := strings.TrimSpace(l)
		if t != "" && !figureLineRE.MatchString(t) {
			return false
		}
	}
	return len(b.lines) > 0
}

var (
	figureLineRE = regexp.MustCompile(`^(?:!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>|\{\{<\s*img\b.*>\}\}|\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\))$`)
	// "**JuiceFS Client**: The client …": a paragraph that starts with a
	// bold term and a colon.
	boldTermRE = regexp.MustCompile(`^\*\*([^*]{1,40}?):?\*\*\s*:?\s`)
)

// numberedItem reports whether a list item is numbered ("1. …") rather
// than bulleted: a numbered list right after a bulleted item is that item's
// own list, as RocketMQ's "- BrokerServer: … sub-modules. / 1. Remoting
// Module: …" writes it.
func numberedItem(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && t[0] >= '0' && t[0] <= '9'
}

func leadingSpaces(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }

// lastIntroPrefix is introPrefix of a block's last sentence, or "" for a
// block of none.
func lastIntroPrefix(b block, colon bool) string {
	ss := b.sentences()
	if len(ss) == 0 {
		return ""
	}
	return introPrefix(ss[len(ss)-1].text, colon)
}

// countedWords returns how many words after the count at k name what is
// counted ("four parts, as shown …:", "the following important
// sub-modules."): a few words of a kind, up to the end of the sentence, an
// aside, or a clause that says what they do ("two components that act as
// data sources:").
func countedWords(fs []string, k int, colon bool) int {
	rest := 0
	for j := k + 1; j < len(fs); j++ {
		if j > k+1 && colon && openWords.is("clause-words", strings.ToLower(fs[j])) {
			break
		}
		rest++
		if strings.ContainsAny(fs[j], ",:.;(") {
			break
		}
	}
	return rest
}

// introPrefix is a sentence's words before the object a list gives it:
// before "the following …", before a count ("four parts"), or the whole
// sentence when it ends in a colon with nothing after its verb ("X
// includes:"); "" when the sentence introduces no list.
func introPrefix(sentence string, colon bool) string {
	fs := strings.Fields(cleanMarkdown(sentence))
	if len(fs) < 2 {
		return ""
	}
	for k, w := range fs {
		l := strings.ToLower(strings.Trim(w, ",.:;()"))
		if k == 0 || !(l == "following" || openWords.is("number-words", l) || openWords.is("list-quantifiers", l) || isNumber(l)) {
			continue
		}
		if l == "these" && (!colon || k+2 != len(fs)) {
			continue // "to achieve these functions, X includes the following …": only "these parts:" ends the sentence
		}
		end := k
		if l == "following" && strings.EqualFold(fs[k-1], "the") {
			end = k - 1
		}
		rest := countedWords(fs, k, colon)
		if rest > 4 || end < 2 || !colon && l != "following" || !verbBefore(fs[:end]) || supportIntro(fs[:end]) {
			return ""
		}
		return partsPrefix(fs[:end], fs[k+1:k+1+rest])
	}
	if colon && len(fs) >= 2 {
		if verbBefore(fs) && !supportIntro(fs) {
			return strings.Join(fs, " ") // "X includes:", "X consists of:"
		}
	}
	return ""
}

// supportIntro reports whether a list's introduction says what its
// subject supports ("Falco supports the following drivers:", "X supports
// two types of rate limiting:"): the items are choices it offers, no
// relation of it.
func supportIntro(fs []string) bool {
	return slices.ContainsFunc(fs, func(w string) bool { return lemma(strings.ToLower(strings.Trim(w, ",.:;"))) == "support" })
}

// subject is the name of what the document is about: its title's entity,
// or the project its title names; "" for neither.
func (dc *docContext) subject() string {
	switch {
	case dc.title != nil && !openWords.is("part-nouns", singular(strings.ToLower(headWord(dc.title.name)))):
		// "# Main Components" names the parts, not the whole
		return dc.title.name
	case dc.project != nil:
		return dc.project.name
	}
	return ""
}

// headingIntroPrefix reads a section heading that names parts ("##
// Components", "### Microservice components", "## Jaeger Modules"): the
// list right under it names the parts of the whole the heading's
// capitalised words before the noun name ("Jaeger"), or else of the
// document's subject. It returns "<whole> consists of", or "".
func headingIntroPrefix(b block, subject string) string {
	if len(b.lines) != 1 || !headingRE.MatchString(b.lines[0]) || strings.HasPrefix(strings.TrimSpace(b.lines[0]), "# ") {
		return ""
	}
	ws := strings.Fields(cleanMarkdown(headingRE.ReplaceAllString(b.lines[0], "")))
	if len(ws) == 0 || len(ws) > 4 {
		return ""
	}
	last := strings.ToLower(strings.Trim(ws[len(ws)-1], ":"))
	if singular(last) == last || !openWords.is("part-nouns", singular(last)) {
		return "" // "## Component": one thing; "## Subsystem overview"
	}
	whole := subject
	if n := len(ws) - 1; n > 0 && unicode.IsUpper(firstRune(ws[0])) && !openWords.function(strings.ToLower(ws[0])) {
		// "Jaeger Components": the words before the noun name the whole
		// when each is capitalised; "Microservice components" is a kind.
		named := true
		for _, w := range ws[:n] {
			l := strings.ToLower(w)
			named = named && unicode.IsUpper(firstRune(w)) && hasLetter(w) && !openWords.is("not-names", l) && openWords.kind(singular(l)) == "" && !openWords.is("nouns", l)
		}
		if named && !unicode.IsUpper(firstRune(ws[n])) {
			whole = strings.Join(ws[:n], " ")
		}
	}
	if whole == "" {
		return ""
	}
	return whole + " consists of"
}

// sectionWholePrefix reads a section heading that names the things of a
// whole its subsections are about: a plural kind or part noun, "in" or
// "of", and a name ("## Controllers in Kyverno", "## Components of
// Acme"). It returns "<whole> consists of", or "".
func sectionWholePrefix(b block) string {
	if len(b.lines) != 1 || !headingRE.MatchString(b.lines[0]) || strings.HasPrefix(strings.TrimSpace(b.lines[0]), "# ") {
		return ""
	}
	ws := strings.Fields(cleanMarkdown(headingRE.ReplaceAllString(b.lines[0], "")))
	if len(ws) < 3 || len(ws) > 5 || ws[1] != "in" && ws[1] != "of" {
		return ""
	}
	noun := strings.ToLower(ws[0])
	if singular(noun) == noun || openWords.kind(singular(noun)) == "" && !openWords.is("part-nouns", singular(noun)) {
		return ""
	}
	for _, w := range ws[2:] {
		if !unicode.IsUpper(firstRune(w)) || !hasLetter(w) || openWords.function(strings.ToLower(w)) || openWords.is("not-names", strings.ToLower(w)) {
			return ""
		}
	}
	return strings.Join(ws[2:], " ") + " consists of"
}

// subHeadingsUnder records prefix for each heading one level below a
// section's (level) that names a thing (headingObject), up to the next
// heading of the section's level or higher.
func subHeadingsUnder(prefix string, level int, bs []block, out map[int]string) {
	for _, b := range bs {
		if len(b.lines) != 1 || !headingRE.MatchString(b.lines[0]) {
			continue
		}
		l := headingLevel(b.lines[0])
		if l <= level {
			return
		}
		if l == level+1 && headingObject(b.lines[0]) != "" {
			out[b.line] = prefix
		}
	}
}

// countedHeadingPrefix reads a section heading that repeats what a sentence
// before it counted: "Milvus cluster includes seven microservice components
// and three third-party dependencies." then "### Microservice components"
// and "### Third-party dependencies", each over a list. The list under the
// heading names the counted things of the sentence's subject: its parts
// ("Milvus cluster consists of") where the heading's noun is a part noun,
// what it depends on ("Milvus cluster depends on") where it is a noun of
// [dependency-nouns]. The sentence is in one of the two paragraphs before
// the heading (lists, figures and headings of its level or lower between),
// past no heading of a higher level.
// It returns "" for a heading that repeats no count.
func countedHeadingPrefix(before []block, h block) string {
	if len(h.lines) != 1 || !headingRE.MatchString(h.lines[0]) {
		return ""
	}
	level := headingLevel(h.lines[0])
	hw := strings.Fields(strings.ToLower(cleanMarkdown(headingRE.ReplaceAllString(h.lines[0], ""))))
	if len(hw) == 0 || len(hw) > 4 {
		return ""
	}
	noun := strings.Trim(hw[len(hw)-1], ":")
	relation := ""
	switch {
	case singular(noun) != noun && openWords.is("part-nouns", singular(noun)):
		relation = " consists of"
	case openWords.is("dependency-nouns", noun):
		relation = " depends on"
	default:
		return ""
	}
	for k, n := len(before)-1, 0; k >= 0 && n < 2; k-- {
		b := before[k].prose()
		if len(b.lines) == 0 {
			continue
		}
		if headingRE.MatchString(b.lines[0]) {
			if headingLevel(b.lines[0]) < level {
				return ""
			}
			continue
		}
		if listItemRE.MatchString(b.lines[0]) || b.table() || figureBlock(b) {
			continue
		}
		n++
		for _, st := range b.sentences() {
			if whole := countedWhole(st.text, hw); whole != "" {
				return whole + relation
			}
		}
	}
	return ""
}

// countingVerb reports whether a word is a verb of having or of including
// ("has", "contains", "includes", "comprises"): a count after it counts
// the subject's own things.
func countingVerb(w string) bool {
	l := lemma(w)
	return openWords.is("having-verbs", l) || openWords.is("whole-verbs", l)
}

// headingLevel is the number of #s a Markdown heading starts with.
func headingLevel(l string) int {
	t := strings.TrimSpace(l)
	return len(t) - len(strings.TrimLeft(t, "#"))
}

// countedWhole returns the subject of a sentence that counts the heading's
// words with a verb of having: "Milvus cluster includes seven microservice
// components and …" counts "microservice components" (the heading's words,
// a count before them); the words before the verb, with no article, are
// the whole. "" for a sentence that counts none of them.
func countedWhole(sentence string, hw []string) string {
	fs := strings.Fields(cleanMarkdown(sentence))
	ws := make([]string, len(fs))
	for k, w := range fs {
		ws[k] = strings.ToLower(strings.Trim(w, "*_`,.:;()"))
	}
	for k := 1; k+len(hw) < len(ws)+1; k++ {
		c := ws[k-1]
		if !openWords.is("number-words", c) && !isNumber(c) {
			continue
		}
		if !slices.Equal(ws[k:k+len(hw)], hw) {
			continue
		}
		// "includes seven microservice components and three third-party
		// dependencies": back over the counts before, to the verb.
		v := k - 2
		for v > 0 && k-v <= 8 && !countingVerb(ws[v]) && !verbLike(ws[v]) && !openWords.function(ws[v]) || v > 0 && openWords.is("coordinators", ws[v]) {
			v--
		}
		for v > 0 && (openWords.is("adverbs", ws[v]) || strings.HasSuffix(ws[v], "ly")) {
			v--
		}
		if v < 1 || !countingVerb(ws[v]) {
			return ""
		}
		subj := fs[:v]
		if openWords.is("determiners", ws[0]) {
			subj = subj[1:]
		}
		if len(subj) == 0 || len(subj) > 4 {
			return ""
		}
		out := make([]string, len(subj))
		for j, w := range subj {
			out[j] = strings.Trim(w, "*_`,")
		}
		return strings.Join(out, " ")
	}
	return ""
}

// partsPrefix is an introduction's words before its object, where the
// object counts parts with a verb of having ("X has the following
// components", "X contains two modules"): "X consists of", since each item
// is a part of X. Any other introduction's words are returned as they are.
func partsPrefix(before, counted []string) string {
	if len(counted) == 0 {
		return strings.Join(before, " ")
	}
	noun := strings.ToLower(strings.Trim(counted[len(counted)-1], ",.:;("))
	v := len(before) - 1
	for v > 0 && !openWords.is("having-verbs", lemma(strings.ToLower(strings.Trim(before[v], ",.:;")))) && !openWords.is("verbs", lemma(strings.ToLower(strings.Trim(before[v], ",.:;")))) {
		v--
	}
	verb := lemma(strings.ToLower(strings.Trim(before[v], ",.:;")))
	parts := v > 0 && singular(noun) != noun && openWords.is("part-nouns", singular(noun))
	if v > 0 && singular(noun) != noun && (openWords.is("hosting-verbs", verb) || openWords.is("deploying-verbs", verb)) && (parts || openWords.kind(noun) != "") {
		cut := v
		if w := strings.ToLower(before[v]); strings.HasSuffix(w, "ing") && v >= 2 && openWords.is("prepositions", strings.ToLower(before[v-1])) {
			cut = v - 2 // "Dapr begins by deploying the following services": Dapr's own
		}
		if cut > 0 {
			return strings.Join(before[:cut], " ") + " consists of" // "X runs various controllers": each is part of X
		}
	}
	if v > 0 && parts && openWords.is("provision-verbs", verb) {
		return strings.Join(before[:v], " ") + " consists of" // "Thanos provides two components: …": its own parts
	}
	switch {
	case !openWords.is("having-verbs", verb):
		return strings.Join(before, " ")
	case !parts:
		return "" // "X has the following features": no relation to read
	}
	return strings.Join(before[:v], " ") + " consists of"
}

// verbBefore reports whether words end in a verb of [verbs] and the
// prepositions and adverbs after it ("is divided into", "includes the",
// "consists of"): the list to come is the verb's object. "emits custom
// metrics in" ends in a noun's phrase: the list says how, not what.
func verbBefore(fs []string) bool {
	for k := len(fs) - 1; k >= 0; k-- {
		w := strings.ToLower(strings.Trim(fs[k], ",.:;"))
		switch {
		case openWords.is("prepositions", w) || openWords.is("particles", w) || openWords.is("adverbs", w) || openWords.is("determiners", w) || strings.HasSuffix(w, "ly"):
			continue
		}
		// "X is a combination of:", "X is a collaboration between:": a
		// noun of a whole after a form of "be" and an article.
		whole := k >= 2 && openWords.is("whole-nouns", w) && openWords.is("determiners", strings.ToLower(fs[k-1])) && openWords.is("be", strings.ToLower(fs[k-2]))
		return whole || openWords.is("verbs", lemma(w)) || openWords.is("having-verbs", lemma(w))
	}
	return false
}

// itemObject is what a list item names as the object of the sentence that
// introduced it: a definition item's term ("**Agent**: …", "Producer: …",
// "1. Remoting Module: …"), a link the item starts with ("[Registry
// extension](…) to get …"), or the names after "such as" in an item that
// speaks of kinds ("Upstream components, such as A, B and C"); "" for an
// item that names nothing.
func itemObject(b block) string {
	p := b.prose()
	line := p.lines[0]
	if m := definitionItemRE.FindStringSubmatch(line); m != nil {
		return strings.TrimSpace(cleanMarkdown(m[1] + m[2]))
	}
	if !listItemRE.MatchString(line) {
		if m := boldTermRE.FindStringSubmatch(line); m != nil {
			return strings.TrimSpace(cleanMarkdown(m[1]))
		}
		return ""
	}
	body := line[listItemRE.FindStringIndex(line)[1]:]
	if m := boldInnerColonRE.FindStringSubmatch(body); m != nil {
		return strings.TrimSpace(cleanMarkdown(m[1])) // "- **Meta Store:** Stores metadata …"
	}
	if m := itemLinkRE.FindStringSubmatch(body); m != nil {
		return strings.TrimSpace(cleanMarkdown(m[1]))
	}
	if m := itemLeadLinkRE.FindStringSubmatch(body); m != nil && itemModifiers(m[1]) {
		return strings.TrimSpace(cleanMarkdown(m[2])) // "a [push gateway](…) for …"
	}
	if m := itemTermRE.FindStringSubmatch(body); m != nil {
		return strings.TrimSpace(m[1])
	}
	// "`vtadmin-web`, the browser interface", "Redis, the cache", "Envoy,
	// which provides the reverse proxy": a name, a comma and its
	// description or a relative clause; or the name alone.
	if m := itemApposRE.FindStringSubmatch(strings.TrimSpace(body)); m != nil {
		return strings.TrimSpace(m[1] + m[2])
	}
	if n := shortNameItem(strings.TrimSpace(body)); n != "" {
		return n
	}
	if m := itemShortClauseRE.FindStringSubmatch(body); m != nil && shortNameItem(m[1]) != "" {
		return m[1] // "* Key manager plugins, which the agent uses …", "* Node attestor plugins which, …"
	}
	if n := itemReducedClause(body); n != "" {
		return n // "* A BookKeeper cluster consisting of one or more bookies handles …"
	}
	if m := itemDashTermRE.FindStringSubmatch(body); m != nil && shortNameItem(m[1]) != "" || m != nil && !strings.Contains(m[1], " ") && shortNameWord(m[1]) {
		return m[1] // "- Userspace program - is the CLI tool …"
	}
	text := cleanMarkdown(strings.Join(p.lines, " "))
	if k := strings.Index(text, "such as "); k >= 0 && !clauseBefore(text[:k]) {
		rest := text[k+len("such as "):]
		if e := strings.IndexAny(rest, ";:"); e >= 0 {
			rest = rest[:e]
		}
		if e := strings.Index(rest, ". "); e >= 0 {
			rest = rest[:e]
		}
		rest = strings.TrimSuffix(strings.TrimSpace(rest), ".")
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(rest, "etc"), ","))
	}
	return ""
}

// clauseBefore reports whether the words of an item before its "such as"
// hold a clause or a sentence's end: "Data files …, that are typically
// stored in … object storage systems such as Amazon S3", "A query language
// called HiveQL. This query language is executed on … such as MapReduce":
// the examples are of a noun inside the clause, not of the item's kind.
func clauseBefore(s string) bool {
	if strings.Contains(s, ". ") {
		return true
	}
	for _, w := range strings.Fields(s) {
		l := strings.ToLower(strings.Trim(w, ",;()"))
		if openWords.is("clause-words", l) || openWords.is("be", l) {
			return true
		}
	}
	return false
}

// itemReducedClause returns the name of an item that opens with an article
// and a short name (shortNameItem) that a reduced relative clause follows:
// a participle or an adjective that follows its noun, with its own words
// ("A BookKeeper cluster consisting of one or more bookies handles …", "A
// ZooKeeper quorum used for cluster-level configuration", "A ZooKeeper
// cluster specific to that cluster handles …"); "" otherwise.
func itemReducedClause(body string) string {
	m := itemLeadArticleRE.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	fs := strings.Fields(m[1])
	for n := 3; n >= 2; n-- {
		if n >= len(fs) {
			continue
		}
		next := strings.ToLower(fs[n])
		reduced := strings.HasSuffix(next, "ing") && len(next) > 5 || words.PastForm(next) || openWords.is("postnominal-adjectives", next) || next == "specific"
		if name := shortNameItem(strings.Join(fs[:n], " ")); name != "" && reduced && n+1 < len(fs) {
			return name
		}
	}
	return ""
}

// shortNameItem returns an item that is a name and nothing else: a
// capitalised word and at most two plain lower-case words ("Root coord",
// "Query node", "Index node"), no verb's form nor function word among
// them; "" otherwise.
func shortNameItem(body string) string {
	fs := strings.Fields(strings.TrimSuffix(body, "."))
	if len(fs) < 2 || len(fs) > 3 || !unicode.IsUpper(firstRune(fs[0])) || !hasLetter(fs[0]) || openWords.function(strings.ToLower(fs[0])) {
		return ""
	}
	for _, w := range fs {
		l := strings.ToLower(w)
		if !hasLetter(w) || strings.ContainsAny(w, ",;:()[]`*_") || openWords.function(l) || words.PastForm(l) || thirdPerson(l) && verbLike(l) || strings.HasSuffix(l, "ly") || strings.HasSuffix(l, "ing") {
			return ""
		}
	}
	for _, w := range fs[1:] {
		if !unicode.IsLower(firstRune(w)) {
			return "" // capitalised words: itemApposRE's
		}
	}
	return strings.Join(fs, " ")
}

// shortNameWord reports whether one capitalised word can be an item's
// name: no function word, no verb's form, no adverb.
func shortNameWord(w string) bool {
	l := strings.ToLower(w)
	return unicode.IsUpper(firstRune(w)) && hasLetter(w) && !openWords.function(l) && !words.PastForm(l) && !(thirdPerson(l) && verbLike(l)) &&
		!strings.HasSuffix(l, "ly") && !strings.HasSuffix(l, "ing")
}

// itemModifiers reports whether the words before an item's link are an
// article and modifiers of its name ("a", "the main", "special-purpose"),
// no verb or other function word: "uses [Redis](…)" names Redis as what
// the item does, not as the item.
func itemModifiers(s string) bool {
	fs := strings.Fields(s)
	if len(fs) == 0 {
		return false
	}
	for k, w := range fs {
		l := strings.ToLower(w)
		if k == 0 && (l == "the" || l == "a" || l == "an") {
			continue
		}
		if openWords.function(l) || verbLike(l) || verbLike(lemma(l)) || thirdPerson(l) || strings.HasSuffix(l, "ing") {
			return false
		}
	}
	return true
}

// linkTarget is a link's target in an item: a URL or path with no space,
// or a Hugo shortcode ("{{< ref sidecar.md >}}", "{{<ref metadata_api>}}"),
// as documentation sites built with Hugo write their links.
const linkTarget = `(?:[^)\s]*|\{\{[<%][^)]*?[>%]\}\})`

var (
	// "**Meta Store:** Stores metadata …": a bold term with its colon
	// inside the bold.
	boldInnerColonRE = regexp.MustCompile(`^\*\*([^*]{1,40}?):\*\*\s`)
	// "[Registry extension](./x.md) to get …": a link starting the item.
	itemLinkRE = regexp.MustCompile(`^\[([^\]]{1,40})\]\(` + linkTarget + `\)`)
	// "a [push gateway](…) for …", "the main [Prometheus server](…)": an
	// article or one or two modifiers (itemModifiers), then a link.
	itemLeadLinkRE = regexp.MustCompile(`^((?:(?:[Tt]he|[Aa]n?)\s+)?(?:[a-z][\w-]*\s+){0,2})\[([^\]]{1,40})\]\(` + linkTarget + `\)`)
	// "Producer: The role of …", "Remoting Module: The entire …": one to
	// four capitalised words before a colon.
	itemTermRE = regexp.MustCompile(`^((?:[A-Z][\w./-]*)(?: [A-Z][\w./-]*){0,3}):\s`)
	// "Userspace program - is the CLI tool …", "Driver – sends …": one to
	// three words, then a dash between spaces and the item's description.
	itemDashTermRE = regexp.MustCompile(`^([A-Z][\w./-]*(?: [A-Za-z][\w./-]*){0,2})\s+[-–—]\s+\S`)
	// "`vtadmin-web`, the browser interface", "Redis, the cache", "`etcd`":
	// a code span or one to four capitalised words, then a comma and an
	// article, or nothing.
	// itemShortClauseRE: a short name (shortNameItem) and a relative
	// clause or a description after a comma or a dash ("Key manager
	// plugins, which the agent uses …", "Workload attestor plugins --
	// which verify …", "Node attestor plugins which, together with …").
	itemShortClauseRE = regexp.MustCompile(`^([A-Z][\w-]*(?: [a-z][\w-]*){1,2})(?:\s*,\s+(?:which|the|a|an)\s|\s+--?\s+(?:which|the|a|an)\s|\s+(?:which|that)\b)`)
	// itemLeadArticleRE: an item opening with an article, then its words
	// up to a comma, colon or sentence's end ("A ZooKeeper quorum used
	// for …").
	itemLeadArticleRE = regexp.MustCompile(`^(?:A|An|The)\s+([^,;:()\[\]` + "`" + `*]+)`)
	itemApposRE       = regexp.MustCompile("^(?:`([^`\\s]{1,40})`|((?:[A-Z][\\w./-]*)(?: [A-Z][\\w./-]*){0,3}))(?:,\\s+(?:the|a|an|which)\\s|\\s+that\\s|\\.?$)")
)

// headingName is the name a section heading below the title gives: two to
// four capitalised words whose last is a kind noun ("### API Server", "##
// Application Controller"), with the type the noun gives; "" for another
// heading ("## Scaling Up", "## Components").
func headingName(b block) (string, string) {
	if len(b.lines) != 1 || !headingRE.MatchString(b.lines[0]) || strings.HasPrefix(strings.TrimSpace(b.lines[0]), "# ") {
		return "", ""
	}
	ws := strings.Fields(cleanMarkdown(headingRE.ReplaceAllString(b.lines[0], "")))
	if len(ws) == 1 && hyphenatedName(otok{text: ws[0], low: strings.ToLower(ws[0])}) {
		return ws[0], "" // "### karmada-descheduler"
	}
	if len(ws) < 2 || len(ws) > 4 {
		return "", ""
	}
	for _, w := range ws {
		if !unicode.IsUpper(firstRune(w)) || !hasLetter(w) {
			return "", ""
		}
	}
	typ := openWords.kind(strings.ToLower(ws[len(ws)-1]))
	if typ == "" {
		return "", ""
	}
	return strings.Join(ws, " "), typ
}

// headedName is the one lower-case word a section heading is ("### vcctl")
// when the section's first line writes it after a capitalised name
// ("Volcano vcctl is the command line client for Volcano"): the section
// is about a thing the project names in lower case. A word the lists know
// (a function word, a kind noun, a topic) is none.
func headedName(h, next block) string {
	if len(h.lines) != 1 || !headingRE.MatchString(h.lines[0]) || strings.HasPrefix(strings.TrimSpace(h.lines[0]), "# ") || len(next.lines) == 0 {
		return ""
	}
	ws := strings.Fields(cleanMarkdown(headingRE.ReplaceAllString(h.lines[0], "")))
	if len(ws) != 1 || !lowerWordRE.MatchString(ws[0]) {
		return ""
	}
	w := ws[0]
	if openWords.function(w) || openWords.is("not-names", w) || openWords.kind(w) != "" || openWords.kind(singular(w)) != "" || abstractNounRE.MatchString(w) {
		return ""
	}
	toks := tokenize(cleanMarkdown(next.lines[0]))
	for i := 1; i < len(toks); i++ {
		if toks[i].text == w && isCapWord(toks[i-1]) && !openWords.function(toks[i-1].low) {
			return w
		}
	}
	return ""
}

// lowerWordRE is a word of lower-case letters and digits, a letter first.
var lowerWordRE = regexp.MustCompile(`^[a-z][a-z0-9]{2,}$`)

// titleProject is the project a document's title names before words of
// another kind: the capitalised words that start a title whose other words
// are plain ("# Zulip architectural overview" → Zulip); nil for a title
// that is a name as a whole ("# Email Service": the document is about a
// component, and "we" are its writers) or starts with no name.
func titleProject(doc string) *omention {
	for _, l := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(l, "# ") {
			continue
		}
		toks := tokenize(cleanMarkdown(l[2:]))
		n := 0
		for n < len(toks) && !toks[n].punct && isCapWord(toks[n]) && !openWords.function(toks[n].low) && !openWords.is("not-names", toks[n].low) {
			n++
		}
		if n == 0 || n > 2 || n == len(toks) || openWords.kind(toks[n-1].low) != "" {
			return nil
		}
		for _, t := range toks[n:] {
			if t.punct || isCapWord(t) || t.code {
				return nil
			}
		}
		return &omention{name: mentionName(toks[:n])}
	}
	return nil
}

var titleParenRE = regexp.MustCompile(`\s*\(([^)]*)\)\s*`)

// titleEntity reads a document's first heading as the name of the entity
// the document is about ("# Accounting Service", "# Rule (aka Ruler)",
// "# Querier/Query"); nil when the heading is not a name ("# Integrate
// Online Boutique with Memorystore").
func titleEntity(doc string) (*omention, []string) {
	head := firstHeading(doc)
	if head == "" {
		return nil, nil
	}
	var aliases []string
	if m := titleParenRE.FindStringSubmatch(head); m != nil {
		a := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(m[1], "aka "), "also known as "))
		if a != "" {
			aliases = append(aliases, a)
		}
		head = strings.TrimSpace(titleParenRE.ReplaceAllString(head, " "))
	}
	if a, b, ok := strings.Cut(head, "/"); ok && !strings.Contains(a, " ") && !strings.Contains(b, " ") {
		head = a
		aliases = append(aliases, b)
	}
	toks := tokenize(cleanMarkdown(head))
	if len(toks) == 0 || len(toks) > 4 {
		return nil, nil
	}
	for k, t := range toks {
		if t.punct || openWords.function(t.low) {
			return nil, nil
		}
		if k < len(toks)-1 && !isCapWord(t) && !identifier(t) {
			return nil, nil
		}
	}
	if len(toks) == 1 && (openWords.is("not-names", toks[0].low) || abstractNounRE.MatchString(toks[0].low)) {
		return nil, nil // "# Ownership", "# Design": a topic, not a thing
	}
	m := &omention{name: mentionName(toks), typ: openWords.kind(toks[len(toks)-1].low)}
	if m.name == "" {
		return nil, nil
	}
	return m, aliases
}

// firstHeading is a document's first "# " heading outside code fences, or
// "".
func firstHeading(doc string) string {
	inFence := false
	for _, l := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inFence = !inFence
			continue
		}
		if !inFence && strings.HasPrefix(l, "# ") {
			return strings.TrimSpace(l[2:])
		}
	}
	return ""
}

// titleWordName reports whether a title's one word can name a thing: a
// capitalised word or an identifier that is no function word, no topic
// ("Architecture", "Overview" is in [not-names]) and no kind noun or its
// plural ("Components", "Scheduler").
func titleWordName(t otok) bool {
	return (identifier(t) || isCapWord(t)) && !openWords.function(t.low) && !openWords.is("not-names", t.low) &&
		!abstractNounRE.MatchString(t.low) && openWords.kind(t.low) == "" && openWords.kind(singular(t.low)) == ""
}

// frontMatterTitle is the title a document's YAML front matter gives
// ("---" / "title: MetaManager" / "---"), as sites built with Hugo or
// Docusaurus title their pages, or "".
func frontMatterTitle(doc string) string {
	lines := strings.Split(doc, "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return ""
	}
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			return ""
		}
		if v, ok := strings.CutPrefix(l, "title:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// openFact is a relation the open extractor read between two mentions.
type openFact struct {
	subj, obj omention
	phrase    string // the lemmatised relation phrase: "depend on", "store in"
}

// readUnit reads one sentence: its mentions (references resolved against
// last, the paragraph's last subject, then the document's title) and the
// facts between them. It returns the mentions, the facts and the
// sentence's subject (for the next sentence's "it").
func readUnit(u unit, ctx *docContext, last *omention) ([]omention, []openFact, *omention) {
	toks, ms := sentenceMentions(u, ctx)
	resolved := ctx.resolveAll(toks, ms, u, last)
	resolved = append(resolved, ctx.plainNames(toks, ms, sentencePlace(u))...)
	slices.SortStableFunc(resolved, func(a, b omention) int { return a.i - b.i })
	ctx.typeMentions(u, toks, resolved)
	// Recorded after the sentence is read: its own mentions are no
	// antecedents of its "the <noun>".
	defer ctx.namedHeads(toks, resolved, sentencePlace(u))
	ctx.describe(toks, resolved)
	if u.heading {
		if m, ok := sectionName(toks, resolved, u); ok {
			// "## Forge" then "Woodpecker will also use your forge": the
			// section's one-word title names the thing its text then
			// writes as a plain word.
			ctx.namedHead(m, sentencePlace(u))
		}
		return ctx.sectionTopic(toks, resolved, u), nil, last
	}
	facts, subject := relate(dutyGerunds(toks), resolved)
	facts = append(facts, factiveClause(toks, resolved)...)
	facts = append(facts, frontedUse(toks, resolved)...)
	facts = append(facts, projectOf(toks, resolved, subject)...)
	facts = append(facts, exampleFacts(toks, resolved)...)
	facts = orientFacts(slices.DeleteFunc(facts, func(f openFact) bool {
		// "Stores metadata for various components in the cluster": a
		// cluster referred to as such is where things run, not a store.
		return openWords.is("idle-phrases", f.phrase) || f.obj.ref && f.obj.typ == "Cluster" && canonicalPhrase(f.phrase) == "write to"
	}))
	if m, ok := containerImage(toks); ok && ctx.title != nil && ctx.title.name != m.name {
		// "The container is a standard PostgreSQL image" in the README
		// of "# Accounts Database Service": the service is built on it.
		facts = append(facts, openFact{subj: *ctx.title, obj: m, phrase: "use"})
	}
	last = nextAntecedent(toks, resolved, subject, last)
	ctx.lastNamed = lastNamedOutsideRelative(toks, resolved)
	ctx.opening = nil
	if subject != nil && last == subject && opensSentence(toks, subject) {
		o := *subject
		ctx.opening = &o
	}
	return resolved, facts, last
}

// projectOf reads a project the subject is of an organisation the
// sentence names: "Falco, originally created by Sysdig, is now a graduate
// Cloud Native Computing Foundation (CNCF) project", "Chaos Mesh is an
// incubating project hosted by CNCF": the subject is a part of the
// organisation (an indefinite description only: "the containerd project"
// is containerd).
func projectOf(toks []otok, ms []omention, subject *omention) []openFact {
	if subject == nil || subject.ref {
		return nil
	}
	k := afterAside(toks, subject.j)
	for k < len(toks) && openWords.is("adverbs", toks[k].low) {
		k++
	}
	if k+2 >= len(toks) || !openWords.is("be", toks[k].low) {
		return nil
	}
	k++
	for k < len(toks) && openWords.is("adverbs", toks[k].low) {
		k++
	}
	if k >= len(toks) || toks[k].low != "a" && toks[k].low != "an" {
		return nil
	}
	if o, ok := projectOwner(toks, ms, k+1); ok {
		return []openFact{{subj: *subject, obj: o, phrase: "part of"}}
	}
	return nil
}

// afterAside returns where the clause goes on after the word at k: past a
// comma-delimited aside (", originally created by Sysdig,") or a
// parenthesis.
func afterAside(toks []otok, k int) int {
	if k >= len(toks) || toks[k].low != "," && toks[k].low != "(" {
		return k
	}
	end := ","
	if toks[k].low == "(" {
		end = ")"
	}
	for j := k + 1; j < len(toks) && j <= k+8; j++ {
		if toks[j].low == end {
			return j + 1
		}
	}
	return k
}

// projectOwner reads, from k after an indefinite article, up to three
// plain modifiers and then either a named organisation and a project noun
// ("graduate CNCF project", "Cloud Native Computing Foundation graduated
// project") or a project noun hosted by or of a name ("incubating project
// hosted by CNCF").
func projectOwner(toks []otok, ms []omention, k int) (omention, bool) {
	for n := 0; n < 4 && k < len(toks); n, k = n+1, k+1 {
		if m, ok := namedAt(ms, k); ok {
			// "a CNCF project": the organisation's name may have taken the
			// noun of its project ("the containerd project") into its span.
			return m, projectNounWithin(toks, afterAside(toks, m.j), 2) || m.j-1 > k && openWords.is("member-projects", toks[m.j-1].low)
		}
		if openWords.is("member-projects", toks[k].low) {
			j := k + 1
			switch {
			case j+1 < len(toks) && openWords.is("project-hosts", toks[j].low) && toks[j+1].low == "by":
				j += 2
			case j < len(toks) && toks[j].low == "of":
				j++
			default:
				return omention{}, false
			}
			for j < len(toks) && openWords.is("determiners", toks[j].low) {
				j++
			}
			return namedAt(ms, j)
		}
		if toks[k].punct || openWords.function(toks[k].low) {
			return omention{}, false
		}
	}
	return omention{}, false
}

// projectNounWithin reports whether a noun of a member project
// ([member-projects]) stands at k or after at most n plain words
// ("graduated project").
func projectNounWithin(toks []otok, k, n int) bool {
	for j := k; j < len(toks) && j <= k+n; j++ {
		if openWords.is("member-projects", toks[j].low) {
			return true
		}
		if toks[j].punct || openWords.function(toks[j].low) {
			return false
		}
	}
	return false
}

// namedAt returns the named mention (no reference) that starts at token k.
func namedAt(ms []omention, k int) (omention, bool) {
	for _, m := range ms {
		if m.i == k && !m.ref && m.name != "" {
			return m, true
		}
	}
	return omention{}, false
}

// typeMentions types the sentence's mentions that carry no type from
// what the sentence says of them, and records those typed as named: the
// kind noun of the introduction of a list they are items of ("the
// following Kubernetes services: / | `dapr-operator` | …"), else the kind
// noun a copula gives them ("X is a cloud-first demo application").
func (ctx *docContext) typeMentions(u unit, toks []otok, resolved []omention) {
	if kind := ctx.listedKind[u.line]; u.listFrom > 0 && kind != "" {
		for k := range resolved {
			if resolved[k].i >= u.listFrom && resolved[k].typ == "" && !resolved[k].ref {
				resolved[k].typ = kind
			}
		}
	}
	for k := range resolved {
		if typ := copulaType(toks, resolved[k]); typ != "" && resolved[k].typ == "" {
			resolved[k].typ = typ
		}
	}
	for _, m := range resolved {
		if m.typ != "" && !m.ref {
			ctx.named(m, u.line)
		}
	}
}

// lastNamedOutsideRelative returns the sentence's last mention written as a
// name, not inside a relative clause ("runc, which implements the OCI
// runtime spec": "This" after it is runc), or nil.
func lastNamedOutsideRelative(toks []otok, resolved []omention) *omention {
	rel := slices.IndexFunc(toks, func(t otok) bool { return t.low == "which" || t.low == "who" })
	if rel < 0 {
		rel = len(toks)
	}
	for k := len(resolved) - 1; k >= 0; k-- {
		if !resolved[k].ref && resolved[k].name != "" && resolved[k].i < rel {
			m := resolved[k]
			return &m
		}
	}
	return nil
}

// opensSentence reports whether a named mention is the sentence's first
// word, or its second after a determiner.
func opensSentence(toks []otok, m *omention) bool {
	return m.name != "" && m.i < len(toks) && (m.i == 0 || m.i == 1 && openWords.is("determiners", toks[0].low))
}

// sentenceMentions tokenizes a sentence and finds its mentions: names,
// kind phrases, pronouns, then modifiers and plural heads shared, an
// ellipsis, a whole list.
func sentenceMentions(u unit, ctx *docContext) ([]otok, []omention) {
	toks := tokenize(namesForKinds(cleanMarkdown(u.text), u.code))
	markCode(toks, u.code)
	toks = dropAdverbials(toks)
	for k, t := range toks {
		// "storing/retrieving metadata to/from a database": alternatives
		// joined by a slash read as the first ("storing … to").
		if !t.code && plainSlashRE.MatchString(t.text) {
			toks[k].text = t.text[:strings.IndexByte(t.text, '/')]
			toks[k].low = strings.ToLower(toks[k].text)
		}
	}
	ms := findMentions(toks, u.heading, ctx.names)
	sharedModifiers(toks, ms)
	sharedPluralHead(toks, ms)
	ms = plainEllipsis(toks, ms)
	ms = wholeList(toks, ms)
	return toks, ms
}

// dropAdverbials removes the adverbials of several words
// ([adverbial-phrases]) from a sentence's tokens, with the commas that set
// one apart: "the Virtualization API, which in turn is speaking to X" is read
// as "which is speaking to X".
func dropAdverbials(toks []otok) []otok {
	for k := 0; k < len(toks); k++ {
		n := adverbialAt(toks, k)
		if n == 0 {
			continue
		}
		a, b := k, k+n
		comma := func(i int) bool { return i >= 0 && i < len(toks) && toks[i].text == "," }
		switch {
		case comma(a-1) && comma(b):
			a, b = a-1, b+1 // "X, in turn, calls Y"
		case a == 0 && comma(b):
			b++ // "In turn, X calls Y"
		}
		toks = slices.Delete(toks, a, b)
		k = a - 1
	}
	return toks
}

// adverbialAt is the number of words of the adverbial of [adverbial-phrases]
// that starts at k, 0 for none.
func adverbialAt(toks []otok, k int) int {
	for n := 4; n >= 2; n-- {
		if k+n > len(toks) {
			continue
		}
		ws := make([]string, n)
		for i := range n {
			ws[i] = toks[k+i].low
		}
		if openWords.is("adverbial-phrases", strings.Join(ws, " ")) {
			return n
		}
	}
	return 0
}

// standsFor returns e as a reference written where m stands.
func standsFor(e omention, m omention) omention {
	e.i, e.j, e.ref = m.i, m.j, true
	return e
}

// resolveAll resolves the sentence's references: each mention becomes
// the entities it stands for (none, one or several).
func (ctx *docContext) resolveAll(toks []otok, ms []omention, u unit, last *omention) []omention {
	var resolved []omention
	for _, m := range ms {
		resolved = append(resolved, ctx.resolve(toks, ms, m, u, last)...)
	}
	return resolved
}

// resolve returns what mention m stands for: the parts named before
// ("Argo CD controllers connect to X": the controllers named before,
// each), itself where it names, the writers' project for "we", the
// title's entity for "this endpoint" (in the README of "# Ad Service" the
// endpoint is the service's), the sentence's named subject for a pronoun
// inside it, every entity named before whose name ends in a plural noun,
// or one antecedent.
func (ctx *docContext) resolve(toks []otok, ms []omention, m omention, u unit, last *omention) []omention {
	if parts := ctx.partsOfNamed(toks, m, sentencePlace(u)); parts != nil {
		var out []omention
		for _, w := range parts {
			out = append(out, standsFor(w, m))
		}
		return out
	}
	if !m.ref {
		return []omention{m}
	}
	if toks[m.i].low == "we" {
		return ctx.standIn(ctx.project, m)
	}
	if m.served {
		return ctx.standIn(ctx.title, m)
	}
	if pronounOfSubject(toks, ms, m) {
		return []omention{standsFor(ms[0], m)}
	}
	if pronounOfUnnamedSubject(toks, ms, m) {
		return nil
	}
	head := ""
	if m.typ != "" {
		head = singular(toks[m.j-1].low)
	}
	if head != "" && head != toks[m.j-1].low {
		// "The controllers connect to X": every entity named before
		// whose name ends in the noun, when there are several; a
		// plural names no one of them.
		var out []omention
		for _, w := range ctx.allWithHead(head, sentencePlace(u)) {
			out = append(out, standsFor(w, m))
		}
		return out
	}
	return ctx.standIn(ctx.antecedent(toks, m, head, u, last), m)
}

// standIn returns e written where m stands, or nothing where e is nil.
func (ctx *docContext) standIn(e *omention, m omention) []omention {
	if e == nil {
		return nil
	}
	return []omention{standsFor(*e, m)}
}

// pronounOfSubject reports "Repo Server plays a role as it is responsible
// for …": a pronoun inside a sentence whose subject is a name refers to
// it.
func pronounOfSubject(toks []otok, ms []omention, m omention) bool {
	first := ms[0]
	return m.typ == "" && m.i > first.j && !first.ref && first.i <= 1 && (first.i == 0 || openWords.is("determiners", toks[0].low)) &&
		(toks[m.i].low == "it" || toks[m.i].low == "they") && m.i > 0 && openWords.is("clause-words", toks[m.i-1].low)
}

// pronounOfUnnamedSubject reports "A workload retrieves a trust bundle
// when it calls the Workload API": a pronoun after a clause word inside a
// sentence that opens with a determiner and a subject that names nothing
// (the sentence's first mention is the pronoun or stands later) refers to
// that subject, no entity named before.
func pronounOfUnnamedSubject(toks []otok, ms []omention, m omention) bool {
	first := ms[0]
	return m.typ == "" && m.i > 2 && (toks[m.i].low == "it" || toks[m.i].low == "they") && openWords.is("clause-words", toks[m.i-1].low) &&
		openWords.is("determiners", toks[0].low) && first.i > 1 && first.i >= m.i-1 && !toks[1].punct && !isCapWord(toks[1]) && !toks[1].code
}

// antecedent returns the one entity a reference (its noun head, if any)
// refers to: one by its noun (headAntecedent), the last subject of its
// type, the last entity of its type named, the lead of the paragraph
// before, the title's entity; or nil.
func (ctx *docContext) antecedent(toks []otok, m omention, head string, u unit, last *omention) *omention {
	if head != "" {
		if to, ok := ctx.headAntecedent(m, head, u, last); ok {
			return to
		}
	}
	switch {
	case m.typ == "" && m.j == m.i+1 && toks[m.i].low == "this" && u.seq > 0 && ctx.lastNamed != nil:
		return ctx.lastNamed
	case last != nil && (m.typ == "" || last.typ == m.typ):
		return last
	case ctx.topicRefers(toks, m, last):
		return ctx.topic // "### karmada-descheduler" then "This component is …"
	case m.typ != "" && ctx.lastBefore(m.typ, u.line) != nil:
		return ctx.lastBefore(m.typ, u.line) // "this application": the last one named
	case last == nil && u.seq == 0 && m.i == 0 && m.typ == "" && ctx.lead != nil && (toks[0].low == "it" || toks[0].low == "they"):
		return ctx.lead
	case ctx.titleRefers(m):
		return ctx.title
	}
	return nil
}

// headAntecedent returns what a reference with a noun head refers to by
// that noun, and whether the noun decides it: the last subject whose name
// ends in the noun, the last entity whose name does, or none for a noun
// more particular than its type.
func (ctx *docContext) headAntecedent(m omention, head string, u unit, last *omention) (*omention, bool) {
	switch {
	case last != nil && headWord(last.name) == head:
		return last, true // "The `x-controller` uses Redis. The controller polls Git."
	case ctx.lastWithHead(head, sentencePlace(u)) != nil:
		// "The controller polls Git": the last entity whose name ends in
		// the noun ("the application controller"), before the last
		// one merely of its type.
		return ctx.lastWithHead(head, sentencePlace(u)), true
	case !strings.EqualFold(head, m.typ):
		// "The worker processes communicate with X": a noun more
		// particular than its type ("worker", a Service) refers to a
		// thing whose name ends in it, not to any service.
		return nil, true
	}
	return nil, false
}

// topicRefers reports whether "this <kind noun>" opening a section's
// paragraph, with no antecedent before it, refers to what the section's
// heading names.
func (ctx *docContext) topicRefers(toks []otok, m omention, last *omention) bool {
	return m.typ != "" && last == nil && toks[m.i].low == "this" && ctx.topic != nil && ctx.lead == ctx.topic
}

// titleRefers reports whether a reference refers to the title's entity:
// with no type in the document's introduction, or of the title's type (a
// kind of service where the title's is one or none).
func (ctx *docContext) titleRefers(m omention) bool {
	if ctx.title == nil {
		return false
	}
	if m.typ == "" {
		return ctx.intro
	}
	return ctx.title.typ == m.typ || openWords.is("service-kinds", m.typ) && (ctx.title.typ == "" || openWords.is("service-kinds", ctx.title.typ))
}

// namedHeads records the sentence's names as antecedents of "the
// <noun>"; a name written in the plural names a kind ("different
// Kubernetes controllers"), no antecedent of "the controller(s)".
func (ctx *docContext) namedHeads(toks []otok, resolved []omention, place int) {
	for _, m := range resolved {
		if last := toks[m.j-1].low; !m.ref && singular(last) == last {
			ctx.namedHead(m, place)
		}
	}
}

// orientFacts turns the facts whose phrase reads from the object: "X
// consists of A and B", "X includes A": A is part of X; "receives
// messages sent from producers": the producers send to the receiver.
func orientFacts(facts []openFact) []openFact {
	for k, f := range facts {
		if wholeVerb(f.phrase) {
			facts[k] = openFact{subj: f.obj, obj: f.subj, phrase: "part of"}
		}
		if fs := strings.Fields(f.phrase); len(fs) == 2 && fs[1] == "from" && openWords.is("sent-from-verbs", fs[0]) {
			facts[k] = openFact{subj: f.obj, obj: f.subj, phrase: fs[0] + " to"}
		}
	}
	return facts
}

// nextAntecedent returns what "it" in the next sentence refers to: what
// the writers use ("We use RabbitMQ for queuing. It's also used for …",
// even where "we" is the project), the clause's subject, a named subject
// that relates to nothing ("Proxy is in itself stateless. It provides
// …"), none after an unnamed subject ("Most of the processes … are queue
// processors; they are defined in …"), else last.
func nextAntecedent(toks []otok, resolved []omention, subject, last *omention) *omention {
	named := slices.IndexFunc(resolved, func(m omention) bool { return !m.ref })
	switch {
	case len(toks) > 0 && openWords.is("personal-pronouns", toks[0].low) && named >= 0 && (subject == nil || subject.ref):
		first := resolved[named]
		return &first
	case subject != nil:
		return subject
	case namedSubjectStarts(toks, resolved):
		first := resolved[0]
		return &first
	case unnamedSubject(toks, resolved):
		return nil
	}
	return last
}

// namedSubjectStarts reports whether the sentence starts with a name
// (after an article, if any) that an auxiliary or a finite verb follows.
func namedSubjectStarts(toks []otok, resolved []omention) bool {
	return len(resolved) > 0 && !resolved[0].ref && (resolved[0].i == 0 || resolved[0].i == 1 && openWords.is("determiners", toks[0].low)) && resolved[0].j < len(toks) &&
		(openWords.is("auxiliaries", toks[resolved[0].j].low) || thirdPerson(toks[resolved[0].j].low) && verbLike(toks[resolved[0].j].low))
}

// exampleFacts reads the names a sentence gives as examples of a kind: "the
// metadata engine, like Redis, TiKV and SQLite", "object storage such as
// MinIO", "all types of object storage, including solutions like Ceph":
// each named example is a thing of the kind, which it implements, when the
// kind is a plain-word mention (a role, not a name). Where the kind is a
// plain plural noun that names no entity ("uses vector search libraries
// such as Faiss and HNSW"), the examples stand in its place: the sentence
// is read again with them as the verb's object. The examples are
// mentions, one after another, joined by commas, "and", "or", and end the
// clause.
func exampleFacts(toks []otok, ms []omention) []openFact {
	var out []openFact
	for k := 0; k < len(toks); k++ {
		n := exampleMarker(toks, k)
		if n == 0 || k == 0 {
			continue
		}
		before := k
		if toks[before-1].low == "," {
			before--
		}
		start := examplesStart(toks, k+n)
		items := exampleItems(toks, ms, start)
		if len(items) == 0 {
			continue
		}
		if kind := slices.IndexFunc(ms, func(m omention) bool { return m.j == before && !m.ref }); kind >= 0 {
			out = append(out, kindExamples(toks, ms[kind], items)...)
			continue
		}
		np := pluralKindStart(toks, ms, before)
		if np < 0 || lemma(toks[np-1].low) == "support" {
			continue // "supports popular computing frameworks such as A, B": choices it offers, not what it depends on
		}
		out = append(out, examplesInPlace(toks, ms, items, np, start)...)
		break
	}
	return out
}

// examplesStart returns where the examples after a marker start:
// "including typical self-hosted solutions like A": plain words and a
// second marker between.
func examplesStart(toks []otok, start int) int {
	for s := start; s < len(toks) && s-start < 5 && !toks[s].punct && !isCapWord(toks[s]) && !toks[s].code; s++ {
		if m := exampleMarker(toks, s+1); m > 0 {
			return s + 1 + m
		}
	}
	return start
}

// kindExamples returns that each example implements the kind mention kd
// ("the metadata engine, like Redis"); a name is no kind ("Kubernetes,
// like Docker, …").
func kindExamples(toks []otok, kd omention, items []omention) []openFact {
	if slices.ContainsFunc(toks[kd.i:kd.j], func(t otok) bool { return isCapWord(t) || t.code || identifier(t) }) {
		return nil // "Kubernetes, like Docker, …": a name is no kind
	}
	var out []openFact
	for _, it := range items {
		out = append(out, openFact{subj: it, obj: kd, phrase: "implement"})
	}
	return out
}

// pluralKindStart returns where a plain plural noun ending at before,
// with the plain words before it (up to a preposition or a finite verb),
// starts: it stands for the examples; -1 where there is none.
func pluralKindStart(toks []otok, ms []omention, before int) int {
	np := before
	if np == 0 || singular(toks[np-1].low) == toks[np-1].low || toks[np-1].punct || slices.ContainsFunc(ms, func(m omention) bool { return m.i < before && before <= m.j }) {
		return -1
	}
	for np > 0 && before-np < 5 && !toks[np-1].punct && !isCapWord(toks[np-1]) && !toks[np-1].code &&
		!openWords.is("prepositions", toks[np-1].low) && !(verbLike(toks[np-1].low) && (thirdPerson(toks[np-1].low) || words.PastForm(toks[np-1].low))) {
		np--
	}
	if np == 0 || np == before {
		return -1
	}
	return np
}

// examplesInPlace reads the sentence again with the examples (from start)
// in place of the plural kind phrase (from np) and returns the facts that
// name an example.
func examplesInPlace(toks []otok, ms, items []omention, np, start int) []openFact {
	cut := start - np
	var toks2 []otok
	toks2 = append(toks2, toks[:np]...)
	toks2 = append(toks2, toks[start:]...)
	var ms2 []omention
	for _, m := range ms {
		switch {
		case m.j <= np:
			ms2 = append(ms2, m)
		case m.i >= start:
			m.i, m.j = m.i-cut, m.j-cut
			ms2 = append(ms2, m)
		}
	}
	facts, _ := relate(toks2, ms2)
	facts = append(facts, frontedUse(toks2, ms2)...)
	var out []openFact
	for _, f := range facts {
		if slices.ContainsFunc(items, func(it omention) bool { return it.i-cut == f.obj.i || it.i-cut == f.subj.i }) {
			out = append(out, f)
		}
	}
	return out
}

// exampleMarker is the length of the words that start a list of examples
// at toks[k] ("such as", "like", "including", "e.g."), or 0.
func exampleMarker(toks []otok, k int) int {
	if k >= len(toks) {
		return 0
	}
	switch toks[k].low {
	case "such":
		if k+1 < len(toks) && toks[k+1].low == "as" {
			return 2
		}
	case "like", "including":
		return 1
	}
	return 0
}

// exampleItems are the mentions from toks[start] on that make a list
// ending its clause ("Redis, TiKV, and SQLite."); nil if anything else
// stands between them or after them.
func exampleItems(toks []otok, ms []omention, start int) []omention {
	var items []omention
	k := start
	comma := false
	for {
		at := slices.IndexFunc(ms, func(m omention) bool { return m.i == k && !m.ref })
		if at < 0 {
			if comma && len(items) > 1 {
				return items // "…, and SQLite, and the list is still expanding": a new clause
			}
			return nil
		}
		items = append(items, ms[at])
		k = ms[at].j
		comma = k < len(toks) && toks[k].low == ","
		for k < len(toks) && (toks[k].low == "," || toks[k].low == "and" || toks[k].low == "or") {
			k++
		}
		if k == len(toks) || toks[k].low == "." || toks[k].low == ";" || toks[k].low == "and" && k+1 < len(toks) && toks[k+1].low == "more" {
			return items
		}
		if k < len(toks) && (toks[k].low == "more" || toks[k].low == "etc") {
			return items // "Faiss, HNSW and more"
		}
		if k == ms[at].j {
			return nil // something else follows the name
		}
	}
}

// sharedModifiers reads coordination ellipsis: "Kafka Exporter and
// Receiver" names Kafka's exporter and Kafka's receiver. A name that is one
// capitalised kind noun right after "and" or a comma following a name of
// several words ending in a kind noun of the same type takes that name's
// other words, when none of them is a kind noun itself.
func sharedModifiers(toks []otok, ms []omention) {
	for k := 1; k < len(ms); k++ {
		a, b := ms[k-1], ms[k]
		if a.ref || b.ref || b.j-b.i != 1 || a.j-a.i < 2 || b.i != a.j+1 || (toks[a.j].low != "and" && toks[a.j].low != "or") {
			continue
		}
		h1, h2 := toks[a.j-1], toks[b.i]
		t1, t2 := openWords.kind(h1.low), openWords.kind(h2.low)
		if t1 == "" || t1 != t2 || !isCapWord(h1) || !isCapWord(h2) || h1.low == h2.low {
			continue
		}
		words := strings.Fields(a.name)
		if len(words) < 2 || !strings.EqualFold(words[len(words)-1], h1.text) ||
			slices.ContainsFunc(words[:len(words)-1], func(w string) bool { return openWords.kind(strings.ToLower(w)) != "" }) {
			continue // "the API Server and Scheduler": a kind shared by no one
		}
		ms[k].name = strings.Join(words[:len(words)-1], " ") + " " + h2.text
	}
}

// sharedPluralHead reads a plural kind noun shared by a list of
// capitalised names: "the Query, Pricing and Billing services" names the
// Query service and the Pricing service too. Each name of one capitalised
// word with no type, joined to the next by ",", "and" or "or", before a
// name of two words ending in the plural kind noun, takes the noun.
func sharedPluralHead(toks []otok, ms []omention) {
	for k := len(ms) - 1; k > 0; k-- {
		b := ms[k]
		last := toks[b.j-1]
		if b.ref || b.j-b.i != 2 || b.typ == "" || !pluralKind(last) || isCapWord(last) {
			continue
		}
		head := singular(last.low)
		for p := k - 1; p >= 0; p-- {
			a, next := ms[p], ms[p+1]
			glue := toks[a.j:next.i]
			if a.ref || a.typ != "" || a.j-a.i != 1 || !isCapWord(toks[a.i]) || toks[a.i].code || len(glue) == 0 || len(glue) > 2 ||
				slices.ContainsFunc(glue, func(t otok) bool { return t.low != "," && t.low != "and" && t.low != "or" }) {
				break
			}
			ms[p].name, ms[p].typ = a.name+" "+head, b.typ
		}
	}
}

// objectOfPreposition reports whether token k is "it" as the object of a
// preposition that ends its clause ("write metrics to it, and then …",
// "reads from it."): not "it" before a verb, and not "of it", "in it"
// ("the state in it": a place, not a party).
func objectOfPreposition(toks []otok, k int) bool {
	if toks[k].low != "it" || k == 0 || !openWords.is("gap-prepositions", toks[k-1].low) || toks[k-1].low == "in" || toks[k-1].low == "of" {
		return false
	}
	return k+1 == len(toks) || toks[k+1].punct || openWords.is("coordinators", toks[k+1].low) || openWords.is("clause-words", toks[k+1].low)
}

// plainEllipsis reads coordination ellipsis written in lower case: "the
// Kafka exporter and receiver" names Kafka's exporter and Kafka's receiver.
// A bare kind noun in lower case right after "and" or "or" that follows a
// name ending in a lower-case kind noun of the same type, whose other words
// start with a capitalised word or code and hold no kind noun, takes those
// other words; not where the noun modifies a noun after it ("the Kafka
// exporter and receiver settings") or is itself named ("and receiver-x").
// It returns the mentions with the new names in place.
func plainEllipsis(toks []otok, ms []omention) []omention {
	var out []omention
	for k, a := range ms {
		out = append(out, a)
		if m, ok := ellipsisAfter(toks, ms, k); ok {
			out = append(out, m)
		}
	}
	return out
}

// ellipsisAfter returns the name that mention k shares with the kind noun
// after its "and" or "or", if it shares one.
func ellipsisAfter(toks []otok, ms []omention, k int) (omention, bool) {
	a := ms[k]
	b := a.j + 1
	if a.ref || a.j-a.i < 2 || b >= len(toks) || toks[a.j].low != "and" && toks[a.j].low != "or" {
		return omention{}, false
	}
	if k+1 < len(ms) && ms[k+1].i <= b {
		return omention{}, false // the word after "and" is a name's already
	}
	h1, h2 := toks[a.j-1], toks[b]
	if !sameKindHeads(h1, h2) {
		return omention{}, false
	}
	if first := toks[a.i]; !isCapWord(first) && !first.code && !identifier(first) {
		return omention{}, false // "the push system and queue": no name to share
	}
	if slices.ContainsFunc(toks[a.i:a.j-1], func(t otok) bool { return openWords.kind(t.low) != "" }) {
		return omention{}, false
	}
	if b+1 < len(toks) && modifiesNext(toks[b+1]) {
		return omention{}, false // "exporter and receiver settings": the noun modifies another
	}
	words := strings.Fields(a.name)
	if len(words) < 2 || !strings.EqualFold(words[len(words)-1], h1.text) {
		return omention{}, false
	}
	return omention{i: b, j: b + 1, name: strings.Join(words[:len(words)-1], " ") + " " + h2.text, typ: openWords.kind(h2.low)}, true
}

// sameKindHeads reports whether h1 and h2 are two different singular
// lower-case kind nouns of one kind, h2 no code nor identifier.
func sameKindHeads(h1, h2 otok) bool {
	t1, t2 := openWords.kind(h1.low), openWords.kind(h2.low)
	return !(t1 == "" || t1 != t2 || isCapWord(h1) || isCapWord(h2) || h2.code || identifier(h2) || h1.low == h2.low ||
		singular(h1.low) != h1.low || singular(h2.low) != h2.low)
}

// modifiesNext reports whether next, the word after the second kind noun,
// is one the noun modifies: a content word, no preposition, clause word,
// coordinator nor verb.
func modifiesNext(next otok) bool {
	return !next.punct && !openWords.function(next.low) && !openWords.is("prepositions", next.low) &&
		!openWords.is("clause-words", next.low) && !openWords.is("coordinators", next.low) && !(verbLike(next.low) && !openWords.is("nouns", next.low))
}

// sectionTopic records what a section heading names when it names one
// thing and nothing else: a name the heading is made of ("##
// `virt-controller`", "### Distributor"), or one lower-case hyphenated
// word ("### karmada-descheduler", a name though no kind noun ends it).
// It returns the heading's mentions, that one among them.
func (ctx *docContext) sectionTopic(toks []otok, ms []omention, u unit) []omention {
	if !u.section {
		return ms
	}
	ctx.topic = nil
	switch {
	case len(ms) == 1 && ms[0].i == 0 && ms[0].j == len(toks) && !ms[0].ref && (len(toks) > 1 || toks[0].code || identifier(toks[0]) || hyphenatedName(toks[0])):
		m := ms[0] // not "## Storage": a kind noun alone names no one thing
		ctx.topic = &m
	case len(ms) == 0 && len(toks) == 1 && hyphenatedName(toks[0]):
		m := omention{i: 0, j: 1, name: toks[0].text}
		ctx.topic = &m
		ms = append(ms, m)
	case len(ms) == 0:
		if m, ok := sectionName(toks, ms, u); ok {
			ctx.topic = &m
		}
	}
	return ms
}

// hyphenatedName reports whether a word is lower-case words joined by
// hyphens, the first no prefix of an adjective ([hyphen-prefixes]: not
// "multi-cluster"): a heading of one such word names a program.
func hyphenatedName(t otok) bool {
	parts := strings.Split(t.low, "-")
	if t.punct || len(parts) < 2 || openWords.is("hyphen-prefixes", parts[0]) {
		return false
	}
	for _, p := range parts {
		if len(p) == 0 || strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
			return false
		}
	}
	return true
}

// sectionName returns the name a section heading of one capitalised noun
// gives ("## Forge"), when the heading names nothing else: not a word of an
// abstract noun's ending ("## Configuration"), a gerund ("## Sampling"), a
// kind noun ("## Database", named by its own words where the text names
// it), a verb or a function word.
func sectionName(toks []otok, ms []omention, u unit) (omention, bool) {
	if !u.section || len(ms) > 0 || len(toks) != 1 {
		return omention{}, false
	}
	t := toks[0]
	if !isCapWord(t) || t.code || identifier(t) || len(t.low) < 3 || !hasLetter(t.low) || strings.HasSuffix(t.low, "ing") ||
		openWords.function(t.low) || openWords.kind(t.low) != "" || openWords.is("nouns", t.low) || verbLike(t.low) ||
		openWords.is("not-names", t.low) || singular(t.low) != t.low {
		return omention{}, false
	}
	for e := range openWords.sets["abstract-endings"] {
		if strings.HasSuffix(t.low, e) {
			return omention{}, false
		}
	}
	return omention{i: 0, j: 1, name: t.text}, true
}

// frontedUse reads a sentence opening with a participle of use before a
// comma: "Using DLedger, a DLedger controller … is constructed", "Using
// Redis, the Cart Service stores sessions": the main clause's subject (the
// first name after the comma) uses what the opening names.
func frontedUse(toks []otok, ms []omention) []openFact {
	if len(toks) == 0 || !openWords.is("fronted-use", toks[0].low) && !frontedBase(toks) {
		return nil
	}
	c := slices.IndexFunc(toks, func(t otok) bool { return t.low == "," })
	// "Using A, B and C, S …": the comma the main clause's subject follows.
	for k := c; k >= 0 && k < len(toks); k++ {
		if toks[k].low != "," {
			continue
		}
		if at := slices.IndexFunc(ms, func(m omention) bool { return m.i > k && m.i <= k+2 && !m.ref }); at >= 0 && ms[at].j < len(toks) &&
			(openWords.is("auxiliaries", toks[ms[at].j].low) || thirdPerson(toks[ms[at].j].low) && verbLike(toks[ms[at].j].low)) {
			c = k
			break
		}
	}
	if c < 2 {
		return nil
	}
	var used []omention
	var subj *omention
	for k, m := range ms {
		switch {
		case m.j <= c && m.i > 0:
			used = append(used, m) // not the participle ("Based on X, …")
		case subj == nil && m.i > c && m.i <= c+2 && !m.ref:
			subj = &ms[k] // right after the comma, a determiner at most between
		}
	}
	if subj == nil {
		return nil
	}
	var out []openFact
	for _, u := range used {
		out = append(out, openFact{subj: *subj, obj: u, phrase: "use"})
	}
	return out
}

// frontedBase reports whether a sentence opens with a participle of making
// and "on" ("Built on top of X, S …", "Based on X, S …"): S is built on X,
// and uses it.
func frontedBase(toks []otok) bool {
	return len(toks) > 2 && (toks[0].low == "based" || words.PastForm(toks[0].low) && openWords.is("making-verbs", lemma(toks[0].low))) &&
		(toks[1].low == "on" || toks[1].low == "upon")
}

// wholeVerb reports whether a relation phrase says its subject is a whole
// and its object one of its parts: "include", "consist of", "divide into".
// wholeList adds the plain conjuncts of a list that a verb of a whole
// governs when another conjunct is a mention: the items of one list are
// of one kind, so where one names a part, each does ("Milvus comprises
// access layer, coordinator service, worker node, and storage"). The list
// runs to the sentence's end; each item is one to three content words.
func wholeList(toks []otok, ms []omention) []omention {
	start := wholeListStart(toks)
	if start < 0 || start >= len(toks) {
		return ms
	}
	items, ok := wholeListItems(toks, start)
	if !ok || len(items) < 2 || !slices.ContainsFunc(items, func(it listItem) bool { return overlapsAny(ms, it.i, it.j) }) {
		return ms
	}
	out := slices.Clone(ms)
	for _, it := range items {
		if overlapsAny(ms, it.i, it.j) || it.desc {
			continue
		}
		if name := mentionName(toks[it.i:it.j]); name != "" {
			out = append(out, omention{i: it.i, j: it.j, name: name, typ: openWords.kind(toks[it.j-1].low)})
		}
	}
	slices.SortStableFunc(out, func(a, b omention) int { return a.i - b.i })
	return out
}

// wholeListStart returns where the list after a verb of a whole starts
// (after its "of", if any; else after "made up of"), or -1.
func wholeListStart(toks []otok) int {
	for k, t := range toks {
		if !openWords.is("whole-verbs", lemma(t.low)) || t.punct || isCapWord(t) {
			continue
		}
		start := k + 1
		if start < len(toks) && toks[start].low == "of" {
			start++
		}
		return start
	}
	for k := 0; k+2 < len(toks); k++ {
		if lemma(toks[k].low) == "make" && toks[k+1].low == "up" && toks[k+2].low == "of" {
			return k + 3
		}
	}
	return -1
}

// overlapsAny reports whether any mention overlaps tokens i to j.
func overlapsAny(ms []omention, i, j int) bool {
	return slices.ContainsFunc(ms, func(m omention) bool { return m.i < j && i < m.j })
}

// listItem is an item of a list: its tokens from i to j, and desc whether
// it is a description or a count ("a cache", "two workers").
type listItem struct {
	i, j int
	desc bool
}

// wholeListItems reads the list's items from start to the sentence's end,
// joined by commas, "and", "or"; ok is false where the words are no such
// list.
func wholeListItems(toks []otok, start int) ([]listItem, bool) {
	var items []listItem
	k := start
	for k < len(toks) {
		it, ok := wholeListItem(toks, k)
		if !ok {
			return nil, false
		}
		items = append(items, it)
		j := it.j
		if j == len(toks) || toks[j].low == "." {
			break
		}
		if toks[j].low != "," && toks[j].low != "and" && toks[j].low != "or" {
			return nil, false
		}
		k = j + 1
		if k < len(toks) && (toks[k].low == "and" || toks[k].low == "or") {
			k++
		}
	}
	return items, true
}

// wholeListItem reads one item at k: an optional article, then one to
// three content words, code, names or identifiers, no finite verb.
func wholeListItem(toks []otok, k int) (listItem, bool) {
	i := k
	desc := false // "a cache", "two workers": a description, a count
	if openWords.is("determiners", toks[i].low) && toks[i].low != "that" {
		desc = toks[i].low != "the"
		i++
	}
	desc = desc || i < len(toks) && (openWords.is("number-words", toks[i].low) || isNumber(toks[i].text))
	j := i
	for j < len(toks) && !toks[j].punct && toks[j].low != "and" && toks[j].low != "or" {
		t := toks[j]
		if !(contentWord(t) || t.code || isCapWord(t) || identifier(t)) || thirdPerson(t.low) && verbLike(t.low) && openWords.kind(t.low) == "" {
			return listItem{}, false
		}
		j++
	}
	if j == i || j-i > 3 {
		return listItem{}, false
	}
	return listItem{i, j, desc}, true
}

func wholeVerb(phrase string) bool {
	fs := strings.Fields(phrase)
	return len(fs) > 0 && len(fs) <= 2 && openWords.is("whole-verbs", fs[0])
}

// unnamedSubject reports whether a sentence's subject is a noun phrase that
// names no entity: content words before its first verb, no mention among
// them.
func unnamedSubject(toks []otok, ms []omention) bool {
	v := slices.IndexFunc(toks, func(t otok) bool {
		return !t.punct && (openWords.is("auxiliaries", t.low) || verbLike(t.low) && !openWords.is("nouns", t.low))
	})
	if v <= 0 || len(ms) > 0 && ms[0].i < v || !openWords.is("auxiliaries", toks[v].low) && !thirdPerson(toks[v].low) {
		return false // no verb, or the first is not a clause's: "sending emails that require …"
	}
	return slices.ContainsFunc(toks[:v], func(t otok) bool {
		return !t.punct && !openWords.function(t.low) && !openWords.is("adverbs", t.low) && !strings.HasSuffix(t.low, "ly") &&
			!strings.HasSuffix(t.low, "ing") // "sending emails …": a verb's phrase, no subject
	})
}

// group is a list of mentions joined by commas and "and"/"or".
type group struct {
	ms   []omention
	i, j int
}

func groups(toks []otok, ms []omention) []group {
	var out []group
	for _, m := range ms {
		if n := len(out); n > 0 && (possessive(toks, out[n-1], m) || possessedAfter(toks, out[n-1], m) && (isCapWord(toks[m.i]) || toks[m.i].code)) {
			if afterVerb(toks, out[n-1].i) {
				// "supports Jaeger's Remote Sampling protocol": the
				// possessor names whose thing it is; the thing named
				// after it is what the verb acts on.
				out[n-1].ms[len(out[n-1].ms)-1] = m
				out[n-1].j = m.j
				continue
			}
			if !isCapWord(toks[m.i]) {
				// "The OTel Collector's `prometheus/ad` receiver scrapes
				// X": the owner acts through a part it does not name.
				out[n-1].j = m.j
				continue
			}
		}
		if n := len(out); n > 0 && out[n-1].j == m.j && out[n-1].ms[len(out[n-1].ms)-1].i == m.i {
			// "the controllers": a plural that names several, one list.
			out[n-1].ms = append(out[n-1].ms, m)
			continue
		}
		if n := len(out); n > 0 && apposition(toks, out[n-1], m) {
			// "a custom k6 extension, xk6-otel, which …": one entity, named.
			prev := out[n-1].ms[len(out[n-1].ms)-1]
			m.typ = cmp.Or(m.typ, prev.typ)
			out[n-1].ms[len(out[n-1].ms)-1] = m
			out[n-1].j = m.j
			continue
		}
		if n := len(out); n > 0 && listGlue(toks[out[n-1].j:m.i]) && !newClause(toks, out[n-1], m) {
			out[n-1].ms = append(out[n-1].ms, m)
			out[n-1].j = m.j
			continue
		}
		out = append(out, group{ms: []omention{m}, i: m.i, j: m.j})
	}
	return out
}

// requestsFrom reports whether words end in a request noun and "from"
// ("handles RPCs originating from", "requests from the"): what comes next
// sends the requests. A participle may stand between the noun and "from"
// ("coming", "originating", "sent").
func requestsFrom(ts []otok) bool {
	for len(ts) > 0 && openWords.is("determiners", ts[len(ts)-1].low) {
		ts = ts[:len(ts)-1]
	}
	n := len(ts)
	if n < 2 || ts[n-1].low != "from" {
		return false
	}
	k := n - 2
	if k > 0 && (strings.HasSuffix(ts[k].low, "ing") || words.PastForm(ts[k].low)) && !openWords.is("request-nouns", ts[k].low) {
		k--
	}
	return openWords.is("request-nouns", ts[k].low)
}

// objectNoun reports whether the word after the name toks[i:j] is a plural
// noun the name modifies, not a verb: the name follows a verb, as its
// object does ("uploads TSDB blocks to", "reads Kafka messages"), and a
// verb in the third person cannot follow an object.
func objectNoun(toks []otok, i, j int) bool {
	if i == 0 || j >= len(toks) || toks[j].punct || !thirdPerson(toks[j].low) || isCapWord(toks[j]) {
		return false
	}
	v := toks[i-1]
	return !v.punct && verbLike(v.low) && (thirdPerson(v.low) || words.PastForm(v.low)) && !openWords.is("be", v.low) && !openWords.is("auxiliaries", v.low)
}

// pluralKind reports whether a token is a kind noun in the plural
// ("controllers").
func pluralKind(t otok) bool {
	return openWords.kind(t.low) != "" && singular(t.low) != t.low
}

// purposeTo returns where the verb of an infinitive of purpose begins in
// the words between an object and the next mention ("as a gRPC client to
// communicate with", "to talk to"), or -1: "to" and a verb, after at most
// "as" and a few words that are no verb.
func purposeTo(ts []otok) int {
	k := 0
	if len(ts) > 0 && ts[0].low == "as" {
		k = 1
		for k < len(ts) && k <= 5 && ts[k].low != "to" {
			if ts[k].punct || verbLike(ts[k].low) && !openWords.is("nouns", ts[k].low) {
				return -1
			}
			k++
		}
	}
	if k+1 >= len(ts) || ts[k].low != "to" || !verbLike(ts[k+1].low) || openWords.function(ts[k+1].low) || thirdPerson(ts[k+1].low) {
		return -1
	}
	return k + 1
}

// possessive reports whether mention m is named right after the last
// mention of g written in the possessive ("Jaeger's Remote Sampling
// protocol", "Thanos' Store API"): m is the thing, the possessor its
// owner. Not "it's", which is "it is".
func possessive(toks []otok, g group, m omention) bool {
	prev := g.ms[len(g.ms)-1]
	return len(g.ms) == 1 && prev.j == m.i && prev.j > 0 && toks[prev.j-1].poss && !prev.ref && !m.ref && toks[prev.j-1].low != "it"
}

// afterVerb reports whether a verb stands before token i of a sentence.
func afterVerb(toks []otok, i int) bool {
	return slices.ContainsFunc(toks[:i], func(t otok) bool { return !t.punct && verbLike(t.low) })
}

// camelHead is the last part of a word written in camel case, in lower
// case: "api" of "StoreAPI", "queue" of "PriorityQueue"; "" for a word of
// one part. The last part heads the compound, as a kind noun heads a
// phrase.
func camelHead(w string) string {
	rs := []rune(w)
	for k := len(rs) - 1; k > 0; k-- {
		if !unicode.IsLetter(rs[k]) {
			return ""
		}
		switch {
		case unicode.IsUpper(rs[k]) && unicode.IsLower(rs[k-1]):
			// "StoreAPI", "PriorityQueue": a capital after a lower-case
			// letter starts the last part.
			return strings.ToLower(string(rs[k:]))
		case unicode.IsUpper(rs[k]) && k+1 < len(rs) && unicode.IsLower(rs[k+1]) && unicode.IsUpper(rs[k-1]):
			// "HTTPServer": the last capital before lower case starts it.
			return strings.ToLower(string(rs[k:]))
		}
	}
	return ""
}

// apposition reports whether mention m renames the last mention of g: a
// phrase headed by a kind noun, a comma, a name of one word, and a comma,
// a clause word or the end after it ("the ledger database, ledger-db,
// stores …").
func apposition(toks []otok, g group, m omention) bool {
	prev := g.ms[len(g.ms)-1]
	if len(g.ms) != 1 || prev.ref || prev.typ == "" || m.ref || m.j-m.i != 1 || toks[prev.j-1].text == m.name {
		return false
	}
	if prev.j+1 != m.i || toks[prev.j].low != "," || openWords.kind(toks[prev.j-1].low) == "" {
		return false
	}
	return m.j == len(toks) || toks[m.j].low == "," || openWords.is("clause-words", toks[m.j].low) || toks[m.j].low == "("
}

// newClause reports whether mention m, after list glue, starts a clause of
// its own rather than ending a list of objects: a verb stands before the
// group (it is an object) and one follows m ("written with React Native,
// and Zulip Desktop is the desktop client").
func newClause(toks []otok, g group, m omention) bool {
	if m.j >= len(toks) {
		return false
	}
	next := toks[m.j].low
	if next == "to" && m.j+1 < len(toks) && verbLike(toks[m.j+1].low) && !thirdPerson(toks[m.j+1].low) && !openWords.function(toks[m.j+1].low) &&
		slices.ContainsFunc(toks[g.j:m.i], func(t otok) bool { return t.low == "well" }) {
		// "acts as the collector that exports data into a Kafka topic as
		// well as the ingester to read from Kafka": an infinitive after m
		// says what m does; m parallels an earlier phrase.
		return true
	}
	if !openWords.is("be", next) && !(thirdPerson(next) && verbLike(next)) {
		return false
	}
	return slices.ContainsFunc(toks[:g.i], func(t otok) bool {
		return !t.punct && (openWords.is("be", t.low) || thirdPerson(t.low) && verbLike(t.low) || words.PastForm(t.low) && verbLike(t.low))
	})
}

// listGlue reports whether the tokens between two mentions join them in a
// list: ",", "and", "or", ", and", "as well as".
// versionBound returns how many words at the start of ts state a version
// bound (">=2.1", "<= 10.0"): a comparison sign, then a version number; or
// 0.
func versionBound(ts []otok) int {
	k := 0
	for k < len(ts) && ts[k].text != "" && strings.Trim(ts[k].text, "<>=~^") == "" {
		k++
	}
	if k == 0 || k >= len(ts) {
		return 0
	}
	if v := strings.TrimLeft(ts[k].text, "vV"); isNumber(v) || versionRE.MatchString(ts[k].text) {
		return k + 1
	}
	return 0
}

func listGlue(ts []otok) bool {
	if len(ts) == 0 {
		return false
	}
	// "Redis (a key-value store) and Postgres": an aside right after the
	// first name is the name's own; the words after it join the list.
	if ts[0].low == "(" {
		if e := slices.IndexFunc(ts, func(t otok) bool { return t.low == ")" }); e > 0 && !slices.ContainsFunc(ts[1:e], func(t otok) bool { return t.low == "(" }) {
			return listGlue(ts[e+1:])
		}
	}
	// "Chaos Mesh >=2.1, Grafana >= 10.0": a version bound after a name is
	// the name's own; the words after it join the list.
	if v := versionBound(ts); v > 0 {
		return listGlue(ts[v:])
	}
	glue := false
	// "as" glues a list only in "as well as": "uses MinIO as object
	// storage" says what MinIO serves as.
	well := slices.ContainsFunc(ts, func(t otok) bool { return t.low == "well" })
	for k, t := range ts {
		switch {
		case t.low == "," || t.low == "and" || t.low == "or" || t.low == "well" || t.low == "as" && well:
			glue = true
		case openWords.is("determiners", t.low) && t.low != "that":
		case glue && countWord(ts, k):
			// "a SPIRE Server and one or more SPIRE Agents", "and two
			// Baz Agents": a count before the next name is the name's own.
		default:
			return false
		}
	}
	return glue
}

// countWord reports whether the word at k of the words between two names
// counts the name after it: a number or number word, a list quantifier
// ("several", "multiple"), or "more" after "one or".
func countWord(ts []otok, k int) bool {
	t := ts[k]
	if t.low == "more" {
		return k >= 2 && ts[k-1].low == "or" && openWords.is("number-words", ts[k-2].low)
	}
	return t.low != "these" && t.low != "both" && (openWords.is("number-words", t.low) || openWords.is("list-quantifiers", t.low) || isNumber(t.text))
}

// relate reads the relations between consecutive mention groups. It
// returns the facts and the clause's subject.
func relate(toks []otok, ms []omention) ([]openFact, *omention) {
	depth := asideDepth(toks, ms)
	var outside []omention
	for _, m := range ms {
		if depth[m.i] == 0 {
			outside = append(outside, m)
		}
	}
	asides := passiveAsides(toks, ms)
	ms = slices.DeleteFunc(outside, func(m omention) bool { return interfaceWords(toks, m) })
	gs := groups(toks, ms)
	if len(gs) == 0 {
		return asides, nil
	}
	describedActs(toks, gs)
	dropFrontedName(toks, gs)
	r := &relating{toks: toks, depth: depth, gs: gs, subject: clauseSubject(toks, gs), facts: asides}
	for a := 0; a+1 < len(gs); a++ {
		if a == 0 && r.agentPassive() {
			continue
		}
		r.pair(a)
	}
	r.objectRelatives()
	return r.facts, r.subject
}

// agentPassive reads a passive whose subject names nothing and whose agent
// and place are the clause's first two names, in either order: "Blocks are
// uploaded to the object store by the compactor", "Events are published by
// the collector to Kafka" (the compactor uploads to the object store, the
// collector publishes to Kafka). A negation or a hedge before the verb
// states nothing; it reports whether it read the pair.
func (r *relating) agentPassive() bool {
	toks, ga, gb := r.toks, r.gs[0], r.gs[1]
	if passiveStopped(toks[:gb.i]) {
		return false
	}
	between := toks[ga.j:gb.i]
	prep := ga.i - 1
	for prep > 0 && openWords.is("determiners", toks[prep].low) {
		prep--
	}
	if prep < 2 {
		return false
	}
	switch toks[prep].low {
	case "from":
		return r.sentFromPassive(prep, between)
	case "by":
		return r.agentFirstPassive(prep, between)
	default:
		return r.placeFirstPassive(prep, between)
	}
}

// passiveStopped reports whether the words before the second name hold a
// negation, a hedge or a punctuation mark that ends the clause: the
// passive then states nothing agentPassive reads.
func passiveStopped(ts []otok) bool {
	for _, t := range ts {
		if openWords.is("negations", t.low) || openWords.is("hedges", t.low) || t.low == "," || t.low == ";" || t.low == ":" {
			return true
		}
	}
	return false
}

// plainPreposition reports the preposition the words between two names
// are when they hold only it and determiners ("to the", "by").
func plainPreposition(ts []otok) (string, bool) {
	if len(ts) == 0 || !openWords.is("prepositions", ts[0].low) {
		return "", false
	}
	for _, t := range ts[1:] {
		if !openWords.is("determiners", t.low) {
			return "", false
		}
	}
	return ts[0].low, true
}

// passiveParticiple reads "<be> [adverb] <participle>" ending at k
// (exclusive) and returns the participle's base; the words before it hold
// no verb and no name.
func passiveParticiple(toks []otok, k int) (string, bool) {
	p := k - 1
	if p < 2 || toks[p].punct || toks[p].code || !passiveForm(toks[p].low, true, false) || !verbLike(toks[p].low) && !verbLike(lemma(toks[p].low)) {
		return "", false
	}
	b := p - 1
	if openWords.is("adverbs", toks[b].low) {
		b--
	}
	if b < 1 || !openWords.is("be", toks[b].low) {
		return "", false
	}
	for _, t := range toks[:b] {
		if t.punct || t.code || isCapWord(t) && !openWords.function(t.low) && t != toks[0] || openWords.is("auxiliaries", t.low) || openWords.is("clause-words", t.low) {
			return "", false
		}
	}
	return lemma(toks[p].low), true
}

// sentFromPassive reads "Alerts are sent from <ga> to <gb>": the sender
// sends to gb (a call where what it hands over is a request).
func (r *relating) sentFromPassive(prep int, between []otok) bool {
	ga, gb := r.gs[0], r.gs[1]
	to, ok := plainPreposition(between)
	if !ok || to != "to" {
		return false
	}
	base, ok := passiveParticiple(r.toks, prep)
	if !ok || !openWords.is("sent-from-verbs", base) {
		return false
	}
	phrase := base + " to"
	if deliversToService(phrase, ga.ms[0], gb.ms[0], r.toks[:ga.i]) {
		phrase = "call"
	}
	r.add(ga.ms, gb.ms, phrase)
	return true
}

// placeFirstPassive reads "Blocks are uploaded to <ga> by <gb>": gb
// uploads to ga.
func (r *relating) placeFirstPassive(prep int, between []otok) bool {
	ga, gb := r.gs[0], r.gs[1]
	if !openWords.is("gap-prepositions", r.toks[prep].low) || len(between) == 0 || between[0].low != "by" {
		return false
	}
	if _, ok := plainPreposition(between); !ok {
		return false
	}
	base, ok := passiveParticiple(r.toks, prep)
	if !ok {
		return false
	}
	r.add(gb.ms, ga.ms, base+" "+r.toks[prep].low)
	return true
}

// agentFirstPassive reads "Events are published by <ga> to <gb>": ga
// publishes to gb.
func (r *relating) agentFirstPassive(prep int, between []otok) bool {
	ga, gb := r.gs[0], r.gs[1]
	to, ok := plainPreposition(between)
	if !ok || to == "by" || !openWords.is("gap-prepositions", to) {
		return false
	}
	base, ok := passiveParticiple(r.toks, prep)
	if !ok {
		return false
	}
	r.add(ga.ms, gb.ms, base+" "+to)
	return true
}

// objectRelatives reads relative clauses whose relative pronoun is the
// verb's object: "sends events to Kafka, which the Order Service
// consumes" (the Order Service consumes Kafka), "the topic that the
// workers subscribe to". The clause's verb (and preposition) ends it: no
// name follows before a punctuation mark or the sentence's end.
func (r *relating) objectRelatives() {
	for a := 0; a+1 < len(r.gs); a++ {
		ga, gb := r.gs[a], r.gs[a+1]
		if !objectRelativeBetween(r.toks[ga.j:gb.i]) {
			continue
		}
		end := gb.j
		for end < len(r.toks) && !r.toks[end].punct {
			end++
		}
		trail := r.toks[gb.j:end]
		for len(trail) > 0 && openWords.is("adverbs", trail[0].low) {
			trail = trail[1:] // "which the Order Service also reads"
		}
		if len(trail) >= 3 && trail[1].low == "to" && infinitiveVerb(trail[2]) && openWords.is("use-verbs", lemma(trail[0].low)) {
			// "which the agent uses to generate keys for X.509-SVIDs":
			// the infinitive says what for; the clause ends at "to".
			end = gb.j + slices.IndexFunc(r.toks[gb.j:], func(t otok) bool { return t.low == "to" })
			trail = trail[:1]
		}
		if len(trail) == 0 || len(trail) > 3 || a+2 < len(r.gs) && r.gs[a+2].i < end || !verbLike(trail[0].low) {
			continue
		}
		f, ok := readVerbGroup(trail, r.toks, gb)
		if !ok || f.reversed {
			continue
		}
		for _, s := range gb.ms {
			for _, o := range ga.ms {
				r.verbFact(f, s, o)
			}
		}
	}
}

// objectRelativeBetween reports whether the words between two names open
// a relative clause on the first whose subject is the second: ", which
// the", "that".
func objectRelativeBetween(ts []otok) bool {
	if len(ts) > 0 && ts[0].low == "," {
		ts = ts[1:]
	}
	if len(ts) == 0 || ts[0].low != "which" && ts[0].low != "that" {
		return false
	}
	for _, t := range ts[1:] {
		if !openWords.is("determiners", t.low) {
			return false
		}
	}
	return true
}

// asideDepth returns, for each token, how deep in asides it stands: a
// parenthesis is an aside (its mentions relate to nothing outside it, and
// its words are not the verb group's); so is a subordinate clause opening
// the sentence ("If the version is `http1.x`, it delegates to X"), up to
// its comma or the main clause's subject pronoun.
func asideDepth(toks []otok, ms []omention) []int {
	depth := make([]int, len(toks))
	d := 0
	for k, t := range toks {
		if t.low == "(" {
			d++
		}
		depth[k] = d
		if t.low == ")" && d > 0 {
			d--
		}
	}
	if len(toks) > 0 && openWords.is("subordinators", toks[0].low) {
		for k := 0; k < subordinateEnd(toks, ms); k++ {
			depth[k]++
		}
	}
	return depth
}

// subordinateEnd returns where the subordinate clause opening the
// sentence ends: at its comma, else at the main clause's subject pronoun,
// else at the sentence's end ("If X is running access its UI from Y": no
// main clause to tell apart).
// factiveClause reads the clause a sentence opens with after a
// subordinator that asserts it ([factive-subordinators]: "While the Viz
// extension does include a Prometheus instance, …"), which relate leaves
// out as an aside, as a sentence of its own.
func factiveClause(toks []otok, ms []omention) []openFact {
	if len(toks) < 3 || !openWords.is("factive-subordinators", toks[0].low) {
		return nil
	}
	end := slices.IndexFunc(toks, func(t otok) bool { return t.low == "," })
	if end < 0 {
		return nil
	}
	var sub []omention
	for _, m := range ms {
		if m.i >= 1 && m.j <= end {
			m.i, m.j = m.i-1, m.j-1
			sub = append(sub, m)
		}
	}
	if len(sub) < 2 {
		return nil
	}
	facts, _ := relate(toks[1:end], sub)
	for k := range facts {
		facts[k].subj.i, facts[k].subj.j = facts[k].subj.i+1, facts[k].subj.j+1
		facts[k].obj.i, facts[k].obj.j = facts[k].obj.i+1, facts[k].obj.j+1
	}
	return facts
}

func subordinateEnd(toks []otok, ms []omention) int {
	if end := slices.IndexFunc(toks, func(t otok) bool { return t.low == "," }); end >= 0 {
		return end
	}
	if end := slices.IndexFunc(ms, func(m omention) bool { return m.ref && toks[m.i].low != "this" && m.i > 0 }); end >= 0 {
		return ms[end].i
	}
	return len(toks)
}

// interfaceWords reports "exposes the API consumed by Y": the interface
// is the words of the relation, not a party to it.
func interfaceWords(toks []otok, m omention) bool {
	return m.i > 0 && m.j+1 < len(toks) && openWords.is("interface-nouns", singular(toks[m.j-1].low)) &&
		(m.ref || m.j-m.i <= 2 && openWords.is("determiners", toks[m.i].low)) &&
		openWords.is("interface-use-verbs", lemma(toks[m.j].low)) && words.PastForm(toks[m.j].low) && toks[m.j+1].low == "by"
}

// describedActs reads "X is an internal service which maintains Y": the
// phrase after the copula describes X, and what the relative clause says
// it does, X does.
func describedActs(toks []otok, gs []group) {
	for a := 0; a+1 < len(gs); a++ {
		ga, gb := gs[a], gs[a+1]
		if len(ga.ms) == 1 && len(gb.ms) == 1 && !ga.ms[0].ref && copulaDescription(toks[ga.j:gb.i]) && gb.j < len(toks) &&
			(toks[gb.j].low == "which" || toks[gb.j].low == "that" || toks[gb.j].low == "who" || reducedRelative(toks, gb.j)) {
			gs[a+1].ms = []omention{ga.ms[0]}
		}
	}
}

// reducedRelative reports whether a past participle and a preposition
// stand at k, a relative clause without "which is" ("X is a gRPC server
// based on Y": X is based on Y).
func reducedRelative(toks []otok, k int) bool {
	return k+2 <= len(toks) && words.PastForm(toks[k].low) && !thirdPerson(toks[k].low) && !toks[k].code &&
		openWords.is("prepositions", toks[k+1].low)
}

// dropFrontedName reads "In RocketMQ, the broker server …": the fronted
// phrase's name and the subject after its comma are no list; the first
// group keeps the mentions after the comma.
func dropFrontedName(toks []otok, gs []group) {
	c := slices.IndexFunc(toks, func(t otok) bool { return t.low == "," })
	if c <= 0 || !openWords.is("prepositions", toks[0].low) || gs[0].i >= c || c >= gs[0].j {
		return
	}
	var after []omention
	for _, m := range gs[0].ms {
		if m.i > c {
			after = append(after, m)
		}
	}
	if len(after) > 0 {
		gs[0].ms, gs[0].i = after, after[0].i
	}
}

// clauseSubject returns the clause's subject: the first group, when no
// verb comes before it. A phrase fronted before a comma is not the
// clause's verb ("For each connected client, the server maintains …");
// a name inside it is not the subject, the first after its comma is ("In
// RocketMQ, the broker server is …").
func clauseSubject(toks []otok, gs []group) *omention {
	first := gs[0]
	opening := toks[:first.i]
	if c := slices.IndexFunc(opening, func(t otok) bool { return t.low == "," }); c >= 0 && openWords.is("prepositions", opening[0].low) {
		opening = opening[c+1:]
	} else if c := slices.IndexFunc(toks, func(t otok) bool { return t.low == "," }); c > first.i && first.i > 0 && openWords.is("prepositions", toks[0].low) {
		if g := slices.IndexFunc(gs, func(g group) bool { return g.i > c }); g >= 0 {
			first, opening = gs[g], toks[c+1:gs[g].i]
		}
	}
	if slices.ContainsFunc(opening, func(t otok) bool { return verbLike(t.low) && !t.punct }) {
		return nil
	}
	s := first.ms[0]
	return &s
}

// relating is the state of reading the relations between a clause's
// consecutive mention groups.
type relating struct {
	toks    []otok
	depth   []int
	gs      []group
	subject *omention
	facts   []openFact
	// prev is the last pair's verb, for a second object.
	prev *openFact
	// linked is what "is used to connect A with B" says A uses: B, after
	// "with", uses it too (consumes it where linkFlows).
	linked    *omention
	linkFlows bool
	// complementOf is the subject of a verb whose object is the clause
	// the last pair began ("X ensures that repository is clean").
	complementOf *group
	// means is a gerund of means whose object the last pair named ("by
	// enqueuing tasks"): a preposition after it goes on with it ("in Y").
	means *meansVerb
}

// add records that each of subjects relates to each of objects by
// phrase.
func (r *relating) add(subjects, objects []omention, phrase string) {
	for _, s := range subjects {
		for _, o := range objects {
			r.facts = append(r.facts, openFact{subj: s, obj: o, phrase: phrase})
		}
	}
}

// unnamedRelative reports whether the words between two names hold a
// relative clause whose antecedent is a phrase that names nothing, the
// object of a preposition: "it is invoked by a shim, which listens on the
// socket and invokes the runtime engine": the shim invokes the engine, not
// the subject.
func unnamedRelative(between []otok) bool {
	for p, t := range between {
		if t.low != "which" && t.low != "who" {
			continue
		}
		k := p - 1
		if k >= 0 && between[k].low == "," {
			k--
		}
		nouns := 0
		for k >= 0 && contentWord(between[k]) && !verbLike(between[k].low) {
			nouns++
			k--
		}
		for k >= 0 && openWords.is("determiners", between[k].low) {
			k--
		}
		if nouns > 0 && k >= 0 && openWords.is("prepositions", between[k].low) {
			return true
		}
	}
	return false
}

// objectOfUnnamedRelative reports "Each request which runs the extern
// plugin will trigger an RPC to X": group a is the object of a relative
// clause whose antecedent names nothing, and the words after it open the
// sentence's own verb group: the antecedent does that verb, not a.
func objectOfUnnamedRelative(toks []otok, gs []group, a int, between []otok) bool {
	if len(between) == 0 || between[0].punct || !openWords.is("auxiliaries", between[0].low) && !(thirdPerson(between[0].low) && verbLike(between[0].low)) {
		return false
	}
	p := gs[a].i - 1
	for p >= 0 && openWords.is("determiners", toks[p].low) {
		p--
	}
	if p < 2 || toks[p].punct || !thirdPerson(toks[p].low) || !verbLike(toks[p].low) {
		return false
	}
	w := toks[p-1].low
	if w != "which" && w != "that" && w != "who" {
		return false
	}
	ante := p - 2
	if toks[ante].punct || !contentWord(toks[ante]) || verbLike(toks[ante].low) {
		return false
	}
	return a == 0 || gs[a-1].j <= ante
}

// pair reads the relation between groups a and a+1.
func (r *relating) pair(a int) {
	ga, gb := r.gs[a], r.gs[a+1]
	if placeModifier(r.toks, ga, gb) && openWords.is("part-prepositions", r.toks[ga.j].low) {
		r.add(ga.ms, gb.ms, "part of") // "The `cri` plugin inside containerd"
		return
	}
	var between []otok
	for k := ga.j; k < gb.i; k++ {
		if r.depth[k] == 0 {
			between = append(between, r.toks[k])
		}
	}
	if unnamedRelative(between) || objectOfUnnamedRelative(r.toks, r.gs, a, between) {
		return
	}
	if s, ok := r.toolWith(ga, gb, between); ok {
		r.add(s, gb.ms, "use") // "runs CoreDNS with the k8s_dns_chaos plugin", "protects the data with the MDS daemon"
		return
	}
	if base, ok := describedByAgent(between); ok {
		if base == "provide" {
			r.add(ga.ms, gb.ms, "part of") // "X is a testing tool provided by Y": one of Y's parts
		} else {
			r.add(gb.ms, ga.ms, base) // "Redis is a cache used by Argo CD": Argo CD uses Redis
		}
		return
	}
	subj, between, ok := r.pairSubject(a, between)
	if !ok || r.madeWithOrIn(ga, subj, gb, between) {
		return
	}
	if nextClauseSubject(r.toks, gb) {
		return
	}
	if r.afterUse(ga, gb, between) || r.linkedWith(gb, between) {
		return
	}
	r.prev = nil
	if r.complement(a, gb, between) || r.requestsMade(subj, gb, between) {
		return
	}
	if describedKind(r.toks, gb, between) {
		return
	}
	if r.meansGoesOn(ga, gb, between) || r.meansOf(ga, gb, between) {
		return
	}
	between = dropNamePremodifiers(r.toks, gb, between)
	between = dropUnnamedConjuncts(between)
	if phrase, ok := viaIntermediary(r.toks, ga, between); ok && len(ga.ms) == 1 {
		// "Queries are routed to Y via X", "Requests reach Y through
		// X": the requests pass through X, which does the act to Y.
		r.add(gb.ms, ga.ms[:1], phrase)
		return
	}
	r.verbBetween(subj, ga, gb, between)
}

// dropUnnamedConjuncts reads "sends notifications to email, Pagerduty,
// Slack": plain nouns listed, each before a comma, between a preposition and
// the names are conjuncts of the list that name nothing; the preposition
// governs the names too. It returns the words up to the preposition.
func dropUnnamedConjuncts(ts []otok) []otok {
	k := len(ts)
	for k >= 3 && ts[k-1].low == "," && modifies(ts[k-2]) && !verbLike(ts[k-2].low) && !strings.HasSuffix(ts[k-2].low, "ing") {
		k -= 2
	}
	if k == len(ts) || !openWords.is("prepositions", ts[k-1].low) {
		return ts
	}
	return ts[:k]
}

// nextClauseSubject reports "how Argo CD is configured it may …": the
// pronoun that begins gb is the next clause's subject.
func nextClauseSubject(toks []otok, gb group) bool {
	return gb.ms[0].ref && gb.i < len(toks) && subjectPronoun(toks, gb.i)
}

// describedKind reports "runs different Kubernetes controllers": a kind,
// described, none named.
func describedKind(toks []otok, gb group, between []otok) bool {
	n := len(between)
	return n > 1 && openWords.is("name-adjectives", between[n-1].low) && gb.j <= len(toks) && pluralKind(toks[gb.j-1])
}

// dropNamePremodifiers reads "routes traffic to the correct VTTablet
// servers", "forwards the query to the selected Historical processes":
// the words between the object's article and a name are the name's
// premodifiers, whatever they are, when nothing else stands there; it
// returns the words without them.
func dropNamePremodifiers(toks []otok, gb group, between []otok) []otok {
	if o := gb.ms[0]; !o.ref && o.i < len(toks) && (isCapWord(toks[o.i]) || toks[o.i].code || identifier(toks[o.i])) {
		if d := premodifiedObject(between); d > 0 {
			return between[:d]
		}
	}
	return between
}

// pairSubject returns the group whose mentions are the pair's subjects
// and the words to read; ok is false when the pair says nothing. "the API
// exposed by X that powers Y": the clause says what the API does, not X;
// the mention right before the participle, if any, is its subject. A
// coordinated verb phrase ("uses X to render Y and forwards messages to
// Z"): the clause's subject is its subject; "is created via X and
// exported to Y": the participle goes on the passive of the clause.
func (r *relating) pairSubject(a int, between []otok) (group, []otok, bool) {
	ga := r.gs[a]
	subj := ga
	if a > 0 && placeModifier(r.toks, r.gs[a-1], ga) {
		subj = r.gs[a-1] // "The Payment Service in Kubernetes calls X": the service calls X
	}
	if part := relativeAfterAgent(r.toks, ga, between); part >= 0 {
		if a == 0 || r.gs[a-1].j != part {
			return group{}, nil, false
		}
		subj = r.gs[a-1]
	}
	k := lastCoordinatedVerb(between)
	if k < 0 {
		return subj, between, true
	}
	if r.subject == nil {
		return group{}, nil, false
	}
	if words.PastForm(between[k].low) && !thirdPerson(between[k].low) {
		if !clauseIsPassive(r.toks[:ga.j+k]) {
			return group{}, nil, false
		}
		between = append([]otok{{text: "is", low: "is"}}, between[k:]...)
	} else {
		between = between[k:]
	}
	return group{ms: []omention{*r.subject}}, between, true
}

// madeWithOrIn reads what a thing is made with: "X is implemented in Java
// with Spring Boot and Guava" (the clause's subject uses them), "is
// implemented in the Django web framework" (made in a framework, not a
// language, it uses it).
func (r *relating) madeWithOrIn(ga, subj, gb group, between []otok) bool {
	if r.subject != nil && madeWith(r.toks[:ga.i], between) {
		r.add([]omention{*r.subject}, gb.ms, "use")
		return true
	}
	if madeInTool(between, gb) {
		r.add(subj.ms, gb.ms, "use")
		return true
	}
	return false
}

// afterUse reads what follows a verb of use: a purpose ("uses one of the
// SDKs as a client to communicate with X": what the subject uses
// something for, it does), a role ("Milvus uses MinIO as object storage",
// "uses Pulsar as its log broker": what is used serves as (implements)
// the role); and, after any verb, a second object ("uses A to get X and B
// to get Y": B is the verb's object too).
func (r *relating) afterUse(ga, gb group, between []otok) bool {
	if r.prev == nil {
		return false
	}
	if openWords.is("use-verbs", r.prev.phrase) {
		if k := purposeTo(between); k >= 0 {
			if f, ok := readVerbGroup(between[k:], r.toks, ga); ok && !f.reversed {
				r.add([]omention{r.prev.subj}, gb.ms, f.phrase)
				r.prev = nil
				return true
			}
		}
		if asRole(between) {
			r.add(ga.ms, gb.ms, "implement")
			r.prev = nil
			return true
		}
	}
	if secondObject(between) {
		r.add([]omention{r.prev.subj}, gb.ms, r.prev.phrase)
		return true
	}
	return false
}

// linkedWith reads the mention after "with" (or "to", "and") that
// follows what "is used to connect A with B" linked: it uses the linked
// thing too, or consumes it.
func (r *relating) linkedWith(gb group, between []otok) bool {
	l := r.linked
	if l == nil {
		return false
	}
	r.linked = nil
	glue := between
	for len(glue) > 1 && openWords.is("determiners", glue[len(glue)-1].low) {
		glue = glue[:len(glue)-1] // "with the"
	}
	if len(glue) != 1 || glue[0].low != "with" && glue[0].low != "to" && glue[0].low != "and" {
		return false
	}
	phrase := "use"
	if r.linkFlows {
		phrase = "consume"
	}
	r.add(gb.ms, []omention{*l}, phrase)
	return true
}

// complement reads "X ensures that repository is clean": no object of
// "ensures"; "... using Y" after the clause is X's.
func (r *relating) complement(a int, gb group, between []otok) bool {
	if complementSubject(between, r.toks, gb) {
		r.complementOf = &r.gs[a]
		return true
	}
	c := r.complementOf
	if c == nil {
		return false
	}
	r.complementOf = nil
	if endsInUsing(between) {
		r.add(c.ms, gb.ms, "use")
		return true
	}
	return false
}

// requestsMade reads "Y handles RPCs originating from X", "Y receives
// requests from X": X calls Y.
func (r *relating) requestsMade(subj, gb group, between []otok) bool {
	if !requestsFrom(between) || len(subj.ms) == 0 {
		return false
	}
	for _, s := range subj.ms {
		r.add(gb.ms, []omention{s}, "call")
	}
	return true
}

// meansGoesOn reads "by enqueuing tasks in Y", the tasks named: the
// gerund's preposition after its object says where it acts.
func (r *relating) meansGoesOn(ga, gb group, between []otok) bool {
	m := r.means
	if m == nil {
		return false
	}
	r.means = nil
	p := lonePreposition(between)
	if p == "" {
		return false
	}
	filler := otok{text: "them", low: "them"}
	if f, ok := readVerbGroup([]otok{{text: m.verb, low: m.verb}, filler, {text: p, low: p}}, r.toks, ga); ok && !f.reversed {
		r.addMeans(m.subj, gb.ms, f.phrase)
	}
	return true
}

// addMeans records that s does to each of objects what the gerund of
// means says.
func (r *relating) addMeans(s omention, objects []omention, phrase string) {
	for _, o := range objects {
		r.facts = append(r.facts, openFact{subj: s, obj: o, phrase: meansPhrase(phrase, s, o)})
	}
}

// meansOf reads "X keeps its cache fresh by polling Y": the means is what
// the clause's subject does; the gerund's object is Y. "by sending
// Workflow Tasks": plural things the gerund moves are no party to it;
// "… to Y" after them names the one that is.
func (r *relating) meansOf(ga, gb group, between []otok) bool {
	b := meansGerund(between, r.toks[:ga.j])
	if b < 0 {
		return false
	}
	if r.subject == nil {
		return true
	}
	base, _ := ingLemma(between[b+1].low)
	v := thirdForm(base)
	rest := between[b+2:]
	if len(rest) > 1 && (rest[0].low == "and" || rest[0].low == "or") && strings.HasSuffix(rest[1].low, "ing") {
		rest = rest[2:] // "by implementing and extending X": the first gerund's object is X too
	}
	r.prev = nil
	if !slices.ContainsFunc(rest, func(t otok) bool { return !openWords.is("determiners", t.low) }) && movedThings(r.toks, gb) {
		r.means = &meansVerb{subj: *r.subject, verb: v}
		return true
	}
	if f, ok := readVerbGroup(append([]otok{{text: v, low: v}}, rest...), r.toks, ga); ok && !f.reversed {
		r.addMeans(*r.subject, gb.ms, f.phrase)
	}
	return true
}

// verbBetween reads the words between the pair as a verb group and
// records its facts; a passive after "requests from X" says X calls;
// an unknown verb's object is a named party.
func (r *relating) verbBetween(subj, ga, gb group, between []otok) {
	toks := r.toks
	if supportsDoing(between) || supportsDoing(toks[ga.j:min(gb.i+1, len(toks))]) {
		return // "supports exporting data to X"; "supports writing plugins in Lua"
	}
	f, ok := readVerbGroup(between, toks, ga)
	if !ok {
		return
	}
	if f.reversed && requestsFrom(toks[:ga.i]) && !slices.ContainsFunc(toks[:ga.i], func(t otok) bool { return verbLike(t.low) && !openWords.is("request-nouns", t.low) && !t.punct }) {
		// "Requests from X are received by Y": the requests are the
		// subject, X sends them: X calls Y.
		r.add(ga.ms, gb.ms, "call")
		return
	}
	if f.unknown && (indefinite(toks, gb.ms[0].i) || gb.j < len(toks) && toks[gb.j].low == "of") {
		return // "adopts a shared-storage architecture", "completes the Shrink of the SyncState"
	}
	if !f.reversed && openWords.is("instance-monitor-verbs", f.phrase) && namesInstances(toks, gb.j) {
		f = verbGroup{phrase: "monitor"} // "watches Ingress, HTTPProxy and Secret objects"
	}
	if !f.reversed && len(subj.ms) == 1 {
		r.prev = &openFact{subj: subj.ms[0], phrase: f.phrase}
	}
	if f.links && len(subj.ms) == 1 {
		r.linked, r.linkFlows = &subj.ms[0], f.flows
	}
	for _, s := range subj.ms {
		for _, o := range gb.ms {
			r.verbFact(f, s, o)
		}
	}
	r.firstOfSharedObject(subj, ga, gb, f)
}

// supportsDoing reports "supports exporting data to": what a thing
// supports doing it can do, a possibility, not a relation it has.
func supportsDoing(ts []otok) bool {
	k := 0
	for k < len(ts) && (openWords.is("auxiliaries", ts[k].low) || adverbWord(ts[k].low)) {
		k++
	}
	return k+1 < len(ts) && lemma(ts[k].low) == "support" && strings.HasSuffix(ts[k+1].low, "ing") && !ts[k+1].code && !isCapWord(ts[k+1])
}

// firstOfSharedObject reads the first of two verbs with their own
// prepositions that share the object after the second ("reads from and
// writes to X": it reads from X too); f is the second's reading.
func (r *relating) firstOfSharedObject(subj, ga, gb group, f verbGroup) {
	between := r.toks[ga.j:gb.i]
	if len(between) > 0 && between[0].low == "," {
		between = between[1:] // "calls X, reads from and writes to Y"
	}
	if f.reversed || len(between) < 5 || between[2].low != "and" && between[2].low != "or" {
		return
	}
	v, p := between[0], between[1]
	if v.punct || !thirdPerson(v.low) || !verbLike(v.low) || !openWords.is("prepositions", p.low) || !verbLike(between[3].low) {
		return
	}
	f1, ok := readVerbGroup(between[:2], r.toks, ga)
	if !ok || f1.reversed || f1.phrase == f.phrase {
		return
	}
	for _, s := range subj.ms {
		for _, o := range gb.ms {
			r.verbFact(f1, s, o)
		}
	}
}

// reversedPhrase is the phrase of a reversed verb group whose object s
// stands first: a named API exposed, served or provided by X is one X
// implements ("the Workload API exposed by the SPIRE Agent"), as in the
// active.
func reversedPhrase(phrase string, s omention) string {
	if s.typ == "API" && !s.ref && openWords.is("implement-verbs", phrase) {
		return "implement"
	}
	return phrase
}

// verbFact records what verb group f says of s and o, its phrase named
// for the object: a call of a service ("queries the quote service", as a
// query of a store is a read), a queue consumed, an API implemented
// ("exposes the StoreAPI"), a described part that runs on the named thing
// ("Tornado runs the real-time push system").
func (r *relating) verbFact(f verbGroup, s, o omention) {
	if f.reversed {
		r.facts = append(r.facts, openFact{subj: o, obj: s, phrase: reversedPhrase(f.phrase, s)})
		return
	}
	if callsService(f.phrase, o.typ) || o.typ == "" && agentNoun(o.name) && callsService(f.phrase, "Service") || deliversToService(f.phrase, s, o, between(r.toks, s, o)) {
		f.phrase = "call" // "queries the quote service": a call, as a query of a store is a read
	}
	if consumesQueue(f.phrase, o.typ) {
		f.phrase = "consume"
	}
	if openWords.is("relation-adjectives", f.phrase) && o.typ != "API" {
		return // "compatible with Kubernetes": a platform it runs on, not an interface it implements
	}
	if o.typ == "API" && !o.ref && openWords.is("implement-verbs", f.phrase) {
		f.phrase = "implement" // "exposes the StoreAPI": it implements the interface
	}
	if openWords.is("ditransitive-verbs", f.phrase) && o.j < len(r.toks) && (r.toks[o.j].low == "a" || r.toks[o.j].low == "an") {
		f.phrase = "call" // "containerd sends the shim a command": it calls the shim
	}
	if openWords.is("provision-verbs", f.phrase) && o.j < len(r.toks) && r.toks[o.j].low == "with" {
		// "X provides the scheduler with cluster information": the
		// scheduler uses X.
		r.facts = append(r.facts, openFact{subj: o, obj: s, phrase: "use"})
		return
	}
	if f.phrase == "provide" && providedName(r.toks, s, o) {
		// "Chaos Mesh provides the BlockChaos experiment type", "Linkerd
		// also provides a CLI": a named thing a system provides is one of
		// its parts (not "provides the shim as the executable X").
		r.facts = append(r.facts, openFact{subj: s, obj: o, phrase: "include"})
		return
	}
	if openWords.is("hosting-verbs", f.phrase) && described(r.toks, o) {
		// "Tornado runs the real-time push system": the part the words
		// describe runs on the named thing.
		r.facts = append(r.facts, openFact{subj: o, obj: s, phrase: "depend on"})
		return
	}
	if !unnamedPossessed(r.toks, o) {
		r.facts = append(r.facts, openFact{subj: s, obj: o, phrase: f.phrase})
	}
}

// providedName reports whether o is a name right after the verb "provide"
// (determiners between): "provides the BlockChaos experiment type",
// "provides a CLI", not "provides shared storage for containers in
// Kubernetes", "provides scalable storage", "provides the shim as the
// executable X".
func providedName(toks []otok, s, o omention) bool {
	if o.ref || o.j < len(toks) && toks[o.j].low == "as" {
		return false
	}
	k := o.i - 1
	for k > s.j && openWords.is("determiners", toks[k].low) {
		k--
	}
	if k <= s.j-1 || lemma(toks[k].low) != "provide" {
		return false
	}
	n := o.i
	for n < o.j && openWords.is("determiners", toks[n].low) {
		n++
	}
	return n < o.j && (isCapWord(toks[n]) || toks[n].code || identifier(toks[n]))
}

// unnamedPossessed reports whether a mention is a possessor whose
// possessed thing, a plain noun after it, no mention names ("reads from
// Kubernetes' etcd", "writes to Acme's database"): what the verb acts on is
// that thing, not its owner.
func unnamedPossessed(toks []otok, m omention) bool {
	return !m.ref && m.j > 0 && m.j < len(toks) && toks[m.j-1].poss && contentWord(toks[m.j]) && !verbLike(toks[m.j].low)
}

// possessedAfter reports whether the words between a possessor's group g
// and the mention m after it are plain words of the possessed phrase
// ("Acme's remote write API": "remote" is no name's word, and the phrase
// after the possessive is one noun phrase).
func possessedAfter(toks []otok, g group, m omention) bool {
	prev := g.ms[len(g.ms)-1]
	if len(g.ms) != 1 || prev.ref || m.ref || prev.j == 0 || !toks[prev.j-1].poss || m.i <= prev.j || m.i-prev.j > 2 {
		return false
	}
	for _, t := range toks[prev.j:m.i] {
		if !contentWord(t) || verbLike(t.low) || openWords.is("prepositions", t.low) {
			return false
		}
	}
	return true
}

// asRole reports whether the words between two mentions are "as" and at
// most an article or a possessive: the second names the role the first
// plays.
func asRole(ts []otok) bool {
	return len(ts) >= 1 && len(ts) <= 2 && ts[0].low == "as" && (len(ts) == 1 || openWords.is("determiners", ts[1].low) && ts[1].low != "that")
}

// viaIntermediary reads a clause whose subject is requests or data, no
// party ("Queries are routed to Y via X", "Requests reach Y through X",
// "Metrics are exported to Y via X"): the
// words between Y and X are a preposition of means and an article, and
// the words before Y are the requests, a verb (a passive, or active in
// the plural) and its preposition. It returns the act X does to Y.
func viaIntermediary(toks []otok, ga group, between []otok) (string, bool) {
	if len(between) == 0 || len(between) > 2 || between[0].low != "via" && between[0].low != "through" ||
		len(between) == 2 && !openWords.is("determiners", between[1].low) {
		return "", false
	}
	ts := toks[:ga.i]
	for len(ts) > 0 && openWords.is("determiners", ts[len(ts)-1].low) {
		ts = ts[:len(ts)-1]
	}
	if len(ts) < 2 || !openWords.is("request-nouns", ts[0].low) && !openWords.is("nouns", ts[0].low) || singular(ts[0].low) == ts[0].low && ts[0].low != "data" {
		return "", false
	}
	return requestsVerb(ts[1:])
}

// requestsVerb reads the verb after the requests' noun ("are routed to",
// "reach"): forms of "be" and adverbs, then a verb (a participle after
// "be", else finite) and at most a preposition; it returns the phrase.
func requestsVerb(rest []otok) (string, bool) {
	passive := false
	for len(rest) > 0 && (openWords.is("be", rest[0].low) || openWords.is("adverbs", rest[0].low)) {
		passive = passive || openWords.is("be", rest[0].low)
		rest = rest[1:]
	}
	if len(rest) == 0 || len(rest) > 2 || openWords.function(rest[0].low) || !verbLike(rest[0].low) && !knownPhrase(lemma(rest[0].low)) || passive != words.PastForm(rest[0].low) {
		return "", false
	}
	prep := ""
	if len(rest) == 2 {
		if !openWords.is("prepositions", rest[1].low) {
			return "", false
		}
		prep = rest[1].low
	}
	return withPreposition(lemma(rest[0].low), prep), true
}

// meansNoun reports whether the words between two mentions end in a means
// written as a noun of contact: a clause's verb with no negation or hedge,
// then "through", "via" or "by", at most an article and an adjective, a
// noun of [contact-nouns] and "with" ("completes the election of the
// Master through interaction with", "validates transfers via direct
// communication with").
func meansNoun(ts []otok) bool {
	n := len(ts)
	if n < 4 || ts[n-1].low != "with" || !openWords.is("contact-nouns", ts[n-2].low) {
		return false
	}
	k := n - 3
	for skipped := 0; k > 0 && skipped < 2 && !openWords.is("means-prepositions", ts[k].low); skipped++ {
		if ts[k].punct || verbLike(ts[k].low) && !openWords.is("nouns", ts[k].low) {
			return false
		}
		k--
	}
	if k < 1 || !openWords.is("means-prepositions", ts[k].low) {
		return false
	}
	verb := false
	for _, t := range ts[:k] {
		switch {
		case openWords.is("negations", t.low) || openWords.is("hedges", t.low):
			return false
		case t.punct && t.low != ",":
			return false
		case openWords.is("auxiliaries", t.low) || verbLike(t.low) && !openWords.is("nouns", t.low) && !t.code && !isCapWord(t):
			verb = true
		}
	}
	return verb
}

// meansVerb is the gerund of a means ("by enqueuing tasks in Y") with the
// subject of the clause it belongs to, in the third person.
type meansVerb struct {
	subj omention
	verb string
}

// meansGerund returns where "by" and a gerund stand among the words
// between two mentions ("learns of new jobs by polling", "by subscribing
// to"), -1 when they do not: the gerund says how the clause's subject
// acts. before is the sentence up to the first mention: the words before
// "by" in both must hold a verb and no negation or hedge, and be no passive
// ("is configured by editing X" says how someone else configures it).
func meansGerund(ts, before []otok) int {
	b := slices.IndexFunc(ts, func(t otok) bool { return t.low == "by" || openWords.is("gerund-adjuncts", t.low) })
	if b < 0 || b+1 >= len(ts) || !strings.HasSuffix(ts[b+1].low, "ing") || openWords.function(ts[b+1].low) {
		return -1
	}
	if base, ok := ingLemma(ts[b+1].low); !ok || !verbLike(base) || openWords.is("nouns", ts[b+1].low) {
		return -1
	}
	clause := append(slices.Clone(before), ts[:b]...)
	if clauseIsPassive(clause) || b > 0 && words.PastForm(ts[b-1].low) && !thirdPerson(ts[b-1].low) {
		return -1
	}
	verb := false
	for _, t := range clause {
		switch {
		case t.punct:
		case openWords.is("negations", t.low) || openWords.is("hedges", t.low):
			return -1
		case openWords.is("auxiliaries", t.low) || verbLike(t.low) && !openWords.is("nouns", t.low) && !t.code && !isCapWord(t):
			verb = true // "They handle RPCs …, drive X to completion by enqueuing …"
		}
	}
	if !verb {
		return -1
	}
	return b
}

// meansPhrase is the relation a gerund of means names between the
// clause's subject and an object, read by the object's type as a verb of
// the clause is: a call of a service, a consuming of a queue.
func meansPhrase(phrase string, s, o omention) string {
	switch {
	case callsService(phrase, o.typ) || deliversToService(phrase, s, o, nil):
		return "call"
	case consumesQueue(phrase, o.typ):
		return "consume"
	}
	return phrase
}

// movedThings reports whether a group right after a gerund names things
// in the plural, none written as code: what the gerund moves ("by enqueuing
// Workflow and Activity Tasks"), not a party to it.
func movedThings(toks []otok, g group) bool {
	last := toks[g.j-1]
	return !last.code && !identifier(last) && singular(last.low) != last.low && openWords.kind(last.low) == ""
}

// lonePreposition returns the preposition that is all the words between
// two mentions are, but for determiners ("in the"), or "".
func lonePreposition(ts []otok) string {
	p := ""
	for _, t := range ts {
		switch {
		case openWords.is("determiners", t.low):
		case p == "" && openWords.is("prepositions", t.low):
			p = t.low
		default:
			return ""
		}
	}
	return p
}

// subjectPronoun reports whether the token at k is "it", "they" or "we" with a
// verb, an auxiliary or a modal after it: a clause's subject.
func subjectPronoun(toks []otok, k int) bool {
	if k+1 >= len(toks) || toks[k].low != "it" && toks[k].low != "they" && toks[k].low != "we" {
		return false
	}
	n := toks[k+1].low
	return openWords.is("auxiliaries", n) || openWords.is("hedges", n) || thirdPerson(n) && verbLike(n)
}

// secondObject reports whether the words between two mentions end an
// infinitive of purpose and join a second object of the verb before it:
// "to get generated manifests and".
func secondObject(ts []otok) bool {
	n := len(ts)
	for n > 0 && openWords.is("determiners", ts[n-1].low) {
		n--
	}
	if n < 3 || ts[0].low != "to" || ts[n-1].low != "and" || n > 7 || !verbLike(ts[1].low) && ts[1].low != "get" && ts[1].low != "do" {
		return false
	}
	return !slices.ContainsFunc(ts[2:n-1], func(t otok) bool {
		return t.punct || openWords.is("prepositions", t.low) || openWords.is("clause-words", t.low)
	})
}

// copulaDescription reports whether the words between two mentions are a
// copula and an article: "is a", "is an", "is the".
// toolWith reads "S <verb> [object] with the Z plugin": after a verb and
// its object, "with" and a name headed by a noun of a tool ([tool-nouns]:
// plugin, library, daemon) name a tool the clause's subject uses. The
// object is a name (ga, the subject's object; "runs CoreDNS with the
// k8s_dns_chaos plugin") or unnamed words after the verb (ga the subject;
// "protects the data with the MDS daemon"). Not "integrates with", "talks
// to X with": a verb of a party takes "with" for its object, and a verb
// with a preposition of its own names the party.
func (r *relating) toolWith(ga, gb group, between []otok) ([]omention, bool) {
	if len(gb.ms) != 1 || gb.ms[0].i != gb.i || !r.toolNamed(gb.ms[0]) {
		return nil, false
	}
	n := len(between)
	for n > 0 && openWords.is("determiners", between[n-1].low) {
		n--
	}
	if n == 0 || between[n-1].low != "with" || !plainWords(between[:n-1]) {
		return nil, false
	}
	words := between[:n-1]
	if len(words) == 0 {
		// ga is the object: the verb stands between the subject and it.
		if r.subject == nil || r.subject.i >= ga.i || ga.i == 0 {
			return nil, false
		}
		v := r.toks[ga.i-1]
		for k := ga.i - 1; k > r.subject.j && openWords.is("determiners", r.toks[k].low); k-- {
			v = r.toks[k-1]
		}
		if !actsWith(v, false) {
			return nil, false
		}
		return []omention{*r.subject}, true
	}
	if !actsWith(words[0], true) || len(words) < 2 {
		return nil, false
	}
	return ga.ms, true
}

// toolNamed reports whether a mention is headed, or followed, by a noun
// of a tool ("the MDS daemon", "the [k8s_dns_chaos](…) plugin").
func (r *relating) toolNamed(m omention) bool {
	headed := m.j-m.i >= 2 && openWords.is("tool-nouns", singular(r.toks[m.j-1].low))
	return headed || m.j < len(r.toks) && openWords.is("tool-nouns", singular(r.toks[m.j].low))
}

// plainWords reports whether the words between a verb's object and
// "with" are plain: no punctuation, code, negation, hedge, clause word,
// preposition or pronoun.
func plainWords(words []otok) bool {
	for _, t := range words {
		if t.punct || t.code || openWords.is("negations", t.low) || openWords.is("hedges", t.low) || openWords.is("clause-words", t.low) || openWords.is("prepositions", t.low) || openWords.is("pronouns", t.low) {
			return false
		}
	}
	return true
}

// actsWith reports whether v is a verb in the third person that acts
// with a tool, not a verb of a party ("integrates with"); with nounless,
// a word the word lists do not give as a noun counts as a verb too.
func actsWith(v otok, nounless bool) bool {
	verb := verbLike(v.low) || verbLike(lemma(v.low))
	if nounless {
		verb = verbLike(v.low) || verbLike(lemma(v.low)) || !openWords.is("nouns", v.low)
	}
	return thirdPerson(v.low) && verb && !openWords.is("party-verbs", lemma(v.low))
}

// describedByAgent reads the words between a name and the agent of a
// participle that describes it after a copula: "X is a cache used by Y",
// "X is a Chaos Engineering testing tool provided by Y" (the participle's
// base, "use", "provide"). Between the copula and the participle stand
// only an article and plain nouns or adjectives; no negation, no verb.
func describedByAgent(ts []otok) (string, bool) {
	n := len(ts)
	for n > 0 && openWords.is("determiners", ts[n-1].low) {
		n--
	}
	if n < 4 || ts[n-1].low != "by" || !openWords.is("be", ts[0].low) || ts[1].low != "a" && ts[1].low != "an" && ts[1].low != "the" {
		return "", false
	}
	p := ts[n-2]
	if p.punct || p.code || !words.PastForm(p.low) || !verbLike(lemma(p.low)) && !verbLike(p.low) {
		return "", false
	}
	for _, t := range ts[2 : n-2] {
		if t.punct || t.code || openWords.function(t.low) || openWords.is("negations", t.low) || openWords.is("clause-words", t.low) ||
			words.PastForm(t.low) || verbLike(t.low) && !openWords.is("nouns", t.low) && !openWords.is("nouns", singular(t.low)) {
			return "", false
		}
	}
	return lemma(p.low), true
}

func copulaDescription(ts []otok) bool {
	return len(ts) == 2 && openWords.is("be", ts[0].low) && (ts[1].low == "a" || ts[1].low == "an" || ts[1].low == "the")
}

// callsService reports whether a relation phrase, said of an object of the
// type, is a call: a verb that reads a store but calls a service
// ("queries the quote service").
// agentNoun reports whether a name ends in a word that names an actor
// ("Thanos Querier", "Indexer"): a word of the -er or -or ending that is no
// kind noun. What one queries by such a name is a program, not a store.
func agentNoun(name string) bool {
	fs := strings.Fields(name)
	if len(fs) == 0 {
		return false
	}
	w := strings.ToLower(fs[len(fs)-1])
	return len(w) > 4 && (strings.HasSuffix(w, "er") || strings.HasSuffix(w, "or")) && openWords.kind(w) == "" && unicode.IsUpper(firstRune(fs[len(fs)-1]))
}

func callsService(phrase, objectType string) bool {
	return objectType == "Service" && openWords.is("service-calling-verbs", phrase)
}

// deliversToService reports whether a relation phrase said of a service by
// a service is a call: what one service hands over to another
// ([service-sending-verbs]) is a request to it ("they send information to
// the server", "enqueues tasks in the Matching Service"); what a service
// writes or pushes to another ("write metrics to the Receiver"), and what a
// metric or a client library sends, stay deliveries. A service's instances
// ("History Service shards") are services here.
func deliversToService(phrase string, s, o omention, sent []otok) bool {
	fs := strings.Fields(phrase)
	if len(fs) == 0 || !openWords.is("service-sending-verbs", fs[0]) || canonicalPhrase(phrase) != "write to" {
		return false
	}
	if sendsRequestsBack(sent) {
		return true
	}
	if o.typ == "Service" && (openWords.is("service-kinds", s.typ) || s.typ == "Instance") {
		return true
	}
	// "EdgeHub sends them to ServiceBus": between two programs' names, of
	// no kind that stores or queues, a message handed over is a call.
	program := func(m omention) bool {
		return !m.ref && !m.term && (m.typ == "" || openWords.is("service-kinds", m.typ)) && programName(m.name)
	}
	if program(s) && program(o) {
		return true
	}
	// "Peer sends the piece numbers to Seed Peer", "Alerts are sent from
	// Prometheus to the Alertmanager": between two names of no kind that
	// stores or queues, what is handed over is a call, unless it is data
	// a store or a broker takes ("sends events to Kafka": a write).
	named := func(m omention) bool {
		return !m.ref && !m.term && (m.typ == "" || openWords.is("service-kinds", m.typ))
	}
	return named(s) && named(o) && !slices.ContainsFunc(sent, func(t otok) bool { return openWords.is("data-nouns", t.low) })
}

// sendsRequestsBack reports whether the words between a sender and what it
// sends to end in a verb of sending and "them" (or "it" after a singular
// one), after a request noun the pronoun refers back to: "handles incoming AdmissionReview requests from
// the API server and sends them to the Engine" hands the requests on, a
// call, whatever kind of thing the Engine is; "generates an HTTP request
// and sends it to an Envoy instance" too.
func sendsRequestsBack(sent []otok) bool {
	n := len(sent)
	for n > 0 && (sent[n-1].low == "to" || openWords.is("determiners", sent[n-1].low)) {
		n--
	}
	if n < 3 || sent[n-1].low != "them" && sent[n-1].low != "it" || !openWords.is("service-sending-verbs", lemma(sent[n-2].low)) {
		return false
	}
	for k := n - 3; k >= 0; k-- {
		if sent[k].punct && sent[k].low != "," {
			return false
		}
		if isRequestNoun(sent[k]) {
			// "them" refers back to requests, "it" to a request.
			return sent[n-1].low == "them" || singular(sent[k].low) == sent[k].low
		}
	}
	return false
}

// between returns the tokens between two mentions in order, or nil.
func between(toks []otok, a, b omention) []otok {
	if a.j > b.i || b.i > len(toks) {
		return nil
	}
	return toks[a.j:b.i]
}

// programName reports whether a name is one word written the way programs
// are named: in camel case ("EdgeHub"), or an identifier ("payments-db").
func programName(n string) bool {
	if strings.ContainsAny(n, " \t") {
		return false
	}
	t := otok{text: n, low: strings.ToLower(n)}
	return innerCapital(t) || identifier(t) && !badName(t)
}

// consumesQueue reports whether a relation phrase, said of an object of the
// type, is consuming it: a read of a queue or a topic ("pulls events off the
// jobs queue").
func consumesQueue(phrase, objectType string) bool {
	return openWords.is("consumed-kinds", objectType) && canonicalPhrase(phrase) == "read"
}

// described reports whether a mention is a description in plain words, not
// a name: lower-case words headed by a kind noun ("the push system", "the
// cleanup jobs"), none capitalised or code.
func described(toks []otok, m omention) bool {
	if m.ref || m.typ == "" || m.j-m.i < 2 {
		return false
	}
	return !slices.ContainsFunc(toks[m.i:m.j], func(t otok) bool { return t.code || isCapWord(t) || identifier(t) })
}

// passiveAsides reads a parenthesis right after a mention that holds a
// passive participle with "by" and a mention: "`tools/init-db` (invoked by
// `tools/provision`)" is a fact of the second about the first.
func passiveAsides(toks []otok, ms []omention) []openFact {
	var out []openFact
	for a, m := range ms {
		p := m.j
		if p+4 >= len(toks) || toks[p].low != "(" || toks[p+2].low != "by" || a+1 >= len(ms) {
			continue
		}
		v, b := toks[p+1].low, ms[a+1]
		if !words.PastForm(v) || !verbLike(v) || openWords.is("naming-verbs", lemma(v)) || b.j >= len(toks) || toks[b.j].low != ")" {
			continue
		}
		if slices.ContainsFunc(toks[p+3:b.i], func(t otok) bool { return !openWords.is("determiners", t.low) }) {
			continue
		}
		out = append(out, openFact{subj: b, obj: m, phrase: lemma(v)})
	}
	return out
}

// madeInTool reports whether the tokens between two mention groups are a
// verb of making with "in" ("is primarily implemented in the") and every
// mention of the second group a tool by its kind noun ([tool-kinds]: "the
// Django web framework"): what a thing is made in is its language, unless
// the text calls it a tool.
func madeInTool(between []otok, g group) bool {
	ts := between
	for len(ts) > 0 && openWords.is("determiners", ts[len(ts)-1].low) {
		ts = ts[:len(ts)-1]
	}
	if len(ts) < 2 || ts[len(ts)-1].low != "in" {
		return false
	}
	v := ts[len(ts)-2].low
	if !words.PastForm(v) || !openWords.is("making-verbs", lemma(v)) {
		return false
	}
	for _, t := range ts[:len(ts)-2] {
		if !openWords.is("be", t.low) && !openWords.is("adverbs", t.low) && !strings.HasSuffix(t.low, "ly") {
			return false
		}
	}
	return !slices.ContainsFunc(g.ms, func(m omention) bool { return !openWords.is("tool-kinds", m.typ) })
}

// madeWith reports whether the tokens between two mention groups are a lone
// "with" or "using" after a verb of making in the clause before them
// ("implemented in Java with Spring Boot"): the second group names the
// tools the clause's subject is made with.
func madeWith(before, between []otok) bool {
	if len(between) != 1 || between[0].low != "with" && between[0].low != "using" {
		return false
	}
	for k := len(before) - 1; k >= 0; k-- {
		t := before[k]
		if openWords.is("clause-words", t.low) || t.low == ";" || t.low == "." {
			return false
		}
		if words.PastForm(t.low) && openWords.is("making-verbs", lemma(t.low)) {
			return true
		}
	}
	return false
}

// clauseIsPassive reports whether a form of "be" with a participle after
// it stands among the tokens.
func clauseIsPassive(ts []otok) bool {
	for k := 0; k+1 < len(ts); k++ {
		if openWords.is("be", ts[k].low) && words.PastForm(ts[k+1].low) {
			return true
		}
	}
	return false
}

// lastCoordinatedVerb returns the index of a verb that follows "and" or a
// comma among the tokens, -1 when there is none.
func lastCoordinatedVerb(ts []otok) int {
	for k := len(ts) - 1; k > 0; k-- {
		if k >= 2 && ts[k-1].low == "and" && thirdPerson(ts[k-2].low) && verbLike(ts[k-2].low) {
			continue // "reads and caches data from X": one verb group
		}
		if (ts[k-1].low == "and" || ts[k-1].low == "," || ts[k-1].low == "then") && !ts[k].punct && verbLike(ts[k].low) &&
			(thirdPerson(ts[k].low) || words.PastForm(ts[k].low)) {
			return k
		}
		if unlistedCoordinatedVerb(ts, k) {
			return k
		}
	}
	return -1
}

// unlistedCoordinatedVerb reports ", periodically obtains routing
// information from X": after a comma (an adverb between at most), a word no
// list knows in the third person with its object after it is a verb
// coordinated with the clause's (unlistedVerbForm, objectFollows).
func unlistedCoordinatedVerb(ts []otok, k int) bool {
	c := k - 1
	if c > 0 && (openWords.is("adverbs", ts[c].low) || strings.HasSuffix(ts[c].low, "ly")) {
		c--
	}
	return c >= 0 && ts[c].low == "," && k+1 < len(ts) && unlistedVerbForm(ts[k]) && !verbLike(ts[k].low) && objectFollows(ts, k)
}

// verbGroup is a relation phrase read between two mentions.
type verbGroup struct {
	phrase string
	// reversed: the phrase reads from the second mention to the first
	// (a passive with "by", a possessive role: "X's owner is Y").
	reversed bool
	// links: "X is used to connect A with B": the mention after the next
	// "with" uses X too, or, where X is used as a queue, consumes it.
	links bool
	// flows: "X is used as a message queue to connect A with B": A sends
	// into X, B consumes it.
	flows bool
	// unknown: the verb is one no list knows, read as a verb by its form
	// and its place ("The Broker merges …"): its object must be a named
	// party, not a description nor the head of an "of" phrase.
	unknown bool
}

// readVerbGroup reads the tokens between two mention groups as a verb
// group: "depends on", "stores its data in", "is owned by", "'s owner is",
// "is the owner of". Negated and hedged groups, infinitives and groups
// with no verb are not read.
func readVerbGroup(ts []otok, all []otok, before group) (verbGroup, bool) {
	ts = dropAdverbBeforeBy(dropQuantifier(collapseCompounds(ts)))
	if thatClauseAfterVerb(ts) {
		return verbGroup{}, false
	}
	ts = trimObjectWords(ts)
	if vg, ok := fixedVerbShape(ts); ok {
		return vg, true
	}
	ts = dropSuchAsExamples(ts)
	if k := secondClauseVerb(ts); k > 0 {
		// "generates certificates and distributes them to X": the
		// subject's second verb, after its first verb and that verb's
		// own object, is the one that relates it to X.
		return readVerbGroup(ts[k:], all, before)
	}
	if k := participleClauseVerb(ts); k > 0 {
		// "re-creates the pod, invoking the sidecar injector": the
		// participle clause says what the subject does to X.
		rest := append([]otok{{text: thirdForm(mustIngLemma(ts[k].low)), low: thirdForm(mustIngLemma(ts[k].low))}}, ts[k+1:]...)
		return readVerbGroup(rest, all, before)
	}
	if actsUsing(ts) {
		return verbGroup{phrase: "use"}, true
	}
	r := &verbReading{ts: ts, all: all, before: before}
	if res := r.opening(); res.done {
		return res.vg, res.ok
	}
	if !r.skipAuxiliaries() {
		return verbGroup{}, false
	}
	r.dutyVerb()
	if res := r.copulaForms(); res.done {
		return res.vg, res.ok
	}
	return r.finite()
}

// secondClauseVerb returns where a second finite verb starts that "and"
// coordinates with the first: a verb in the third person, its object (one
// to four plain words, no preposition, clause word, punctuation or name),
// "and", then another verb in the third person ("generates mTLS
// certificates and distributes them to"); 0 for none.
func secondClauseVerb(ts []otok) int {
	if len(ts) < 4 || !thirdPerson(ts[0].low) || !verbToken(ts[0]) || openWords.kind(ts[0].low) != "" {
		return 0
	}
	for k := 1; k < len(ts)-1 && k <= 5; k++ {
		t := ts[k]
		if t.low == "and" {
			n := k + 1
			for n < len(ts)-1 && n <= k+2 && openWords.is("adverbs", ts[n].low) {
				n++ // "formats data first and then stores it in"
			}
			v := ts[n]
			if k >= 2 && thirdPerson(v.low) && verbToken(v) && openWords.kind(v.low) == "" {
				return n
			}
			return 0
		}
		if endsObject(t) {
			return 0
		}
	}
	return 0
}

// verbToken reports whether a token may be a verb: no punctuation, no name,
// no function word, no noun the lists know.
func verbToken(t otok) bool {
	return !t.punct && !isCapWord(t) && !openWords.function(t.low) && !openWords.is("nouns", t.low)
}

// endsObject reports whether a token cannot be a word of the object after a
// verb: punctuation, code, a name, a preposition, a word that opens a
// clause, a coordinator, a negation or an auxiliary.
func endsObject(t otok) bool {
	return t.punct || t.code || isCapWord(t) || openWords.is("prepositions", t.low) || openWords.is("clause-words", t.low) ||
		openWords.is("coordinators", t.low) || openWords.is("negations", t.low) || openWords.is("auxiliaries", t.low)
}

// participleClauseVerb returns where a participle clause starts after the
// subject's verb and its object: a verb in the third person, one to four
// plain words, a comma, then the -ing form of a verb a list knows, not a
// verb of including, letting or enabling ("re-creates the pod, invoking
// the Dapr sidecar injector again"); 0 for none.
func participleClauseVerb(ts []otok) int {
	v := 0
	for v < len(ts) && v < 3 && (openWords.is("auxiliaries", ts[v].low) || openWords.is("adverbs", ts[v].low)) {
		v++ // "will then re-create the pod, invoking …"
	}
	if v >= len(ts) || !verbToken(ts[v]) || !(v > 0 && openWords.is("auxiliaries", ts[v-1].low) || v > 0 && ts[0].low != ts[v].low || thirdPerson(ts[v].low)) {
		return 0
	}
	for k := v + 1; k < len(ts)-1 && k <= v+5; k++ {
		t := ts[k]
		if t.low == "," {
			base, ok := ingLemma(ts[k+1].low)
			if k < v+2 || !ok || !strings.HasSuffix(ts[k+1].low, "ing") || !openWords.is("verbs", base) ||
				openWords.is("causative-verbs", base) || openWords.is("whole-verbs", base) || openWords.is("having-verbs", base) || openWords.is("enabling-words", base) {
				return 0
			}
			return k + 1
		}
		if endsObject(t) {
			return 0
		}
	}
	return 0
}

// mustIngLemma is ingLemma's base, or the word without "ing".
func mustIngLemma(w string) string {
	if b, ok := ingLemma(w); ok {
		return b
	}
	return strings.TrimSuffix(w, "ing")
}

// dropAdverbBeforeBy drops the adverb between a past participle and the
// "by" of its agent: "are enabled automatically by X" is read as "are
// enabled by X", as the adverb before the participle already is.
func dropAdverbBeforeBy(ts []otok) []otok {
	for k := 1; k+1 < len(ts); k++ {
		if ts[k+1].low == "by" && adverbWord(ts[k].low) && words.PastForm(ts[k-1].low) {
			return slices.Delete(slices.Clone(ts), k, k+1)
		}
	}
	return ts
}

// verbResult is what one step of reading a verb group decided: done says
// that it decided, ok and vg what (a group read, or none).
type verbResult struct {
	vg   verbGroup
	ok   bool
	done bool
}

// readAs is a step's decision that the words read as vg.
func readAs(vg verbGroup) verbResult { return verbResult{vg: vg, ok: true, done: true} }

// notRead is a step's decision that the words read as no verb group.
var notRead = verbResult{done: true}

// undecided is a step's leaving the decision to the next.
var undecided = verbResult{}

// verbReading is the state of reading a verb group past its fixed shapes:
// the words (ts), the sentence's tokens (all) and the mention group before
// them; k is where the verb stands in ts, be whether a form of "be" stands
// before it, neg whether a negation does.
type verbReading struct {
	ts     []otok
	all    []otok
	before group
	k      int
	be     bool
	neg    bool
}

// dropQuantifier drops "at least", "at most" ("requires at least JDK
// 21": the quantifier is not the verb's).
func dropQuantifier(ts []otok) []otok {
	for k := 0; k+1 < len(ts); k++ {
		if ts[k].low == "at" && (ts[k+1].low == "least" || ts[k+1].low == "most") {
			return append(slices.Clone(ts[:k]), ts[k+2:]...)
		}
	}
	return ts
}

// thatClauseAfterVerb reports whether "that" right after a finite verb
// opens its object, a clause ("X ensures that the Y is warm": Y is that
// clause's subject, not the verb's object).
func thatClauseAfterVerb(ts []otok) bool {
	for k := 1; k < len(ts); k++ {
		if ts[k].low == "that" && verbLike(ts[k-1].low) && (thirdPerson(ts[k-1].low) || words.PastForm(ts[k-1].low)) &&
			!slices.ContainsFunc(ts[k+1:], func(t otok) bool { return !openWords.is("determiners", t.low) }) {
			return true
		}
	}
	return false
}

// trimDeterminers drops the articles that end the words.
func trimDeterminers(ts []otok) []otok {
	for len(ts) > 0 && openWords.is("determiners", ts[len(ts)-1].low) {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// trimObjectWords drops the words at the end that are the object's, not
// the verb group's: its article and adjectives ("from a Kafka topic", "on
// top of existing Prometheus TSDB") and a quantifier with "of" ("uses one
// of the Temporal SDKs").
func trimObjectWords(ts []otok) []otok {
	ts = trimDeterminers(ts)
	if n := len(ts); n >= 2 && ts[n-1].low == "of" && quantifierWord(ts[n-2].low) {
		ts = trimDeterminers(ts[:n-2])
	}
	// With no article before them, adjectives before a name are the
	// name's: "on top of existing Prometheus TSDB" ("the same metrics
	// pipeline" is a description, its adjective kept).
	if n := len(ts); n > 1 && openWords.is("name-adjectives", ts[n-1].low) && !openWords.is("be", ts[n-2].low) && !openWords.is("determiners", ts[n-2].low) {
		ts = ts[:n-1]
	}
	return ts
}

// quantifierWord reports whether w counts out of a whole before "of"
// ("one of", "some of", "each of", "any of", "all of").
func quantifierWord(w string) bool {
	return openWords.is("number-words", w) || w == "some" || w == "each" || w == "any" || w == "all"
}

// fixedVerbShape reads the shapes of words that name a relation whole,
// whatever their verb: a means of contact, an interface used by another,
// an infinitive passive, a requirement placed in, "used for", "used to
// connect", "used for communication between".
func fixedVerbShape(ts []otok) (verbGroup, bool) {
	// "completes the election through interaction with Y": the means,
	// written as a noun of contact, is the act.
	if meansNoun(ts) {
		return verbGroup{phrase: "communicate with"}, true
	}
	// "exposes an API consumed by Y": Y calls what exposes it.
	if interfaceUsedBy(ts) {
		return verbGroup{phrase: "call", reversed: true}, true
	}
	// "placed in the Q queue to be consumed by Y": an infinitive passive
	// with "by" after a mention says what Y does to it.
	if vg, ok := infinitivePassive(ts); ok {
		return vg, true
	}
	// "X requires that the state be provided in Y", "needs its charts to
	// be stored in Y": X depends on Y.
	if requiresPlacedIn(ts) {
		return verbGroup{phrase: "depend on"}, true
	}
	// "X is used for Y", "is used for a few stores, primarily our Y": Y
	// uses X.
	if usedFor(ts) {
		return verbGroup{phrase: "use", reversed: true}, true
	}
	// "X is used to connect A with B": A (and B) use X; "used as a"
	// message queue to connect A with B": A sends into X, B consumes it.
	if link, flow := usedToLink(ts); link && flow {
		return verbGroup{phrase: "send to", reversed: true, links: true, flows: true}, true
	} else if link {
		return verbGroup{phrase: "use", reversed: true, links: true}, true
	}
	if usedForLinkBetween(ts) {
		return verbGroup{phrase: "use", reversed: true}, true
	}
	return verbGroup{}, false
}

// usedForLinkBetween reports the form "X is used for communication
// between A and B": A and B use X.
func usedForLinkBetween(ts []otok) bool {
	n := len(ts)
	return n >= 4 && ts[n-1].low == "between" && openWords.is("link-nouns", ts[n-2].low) && ts[n-3].low == "for" && lemma(ts[n-4].low) == "use" &&
		!slices.ContainsFunc(ts[:n-4], func(t otok) bool { return !openWords.is("be", t.low) && !openWords.is("adverbs", t.low) })
}

// dropSuchAsExamples cuts "using templating tools such as Y" at "using":
// the examples are what is used. A gerund before the noun modifies it
// ("load balancing components such as").
func dropSuchAsExamples(ts []otok) []otok {
	n := len(ts)
	if n < 3 || ts[n-2].low != "such" || ts[n-1].low != "as" {
		return ts
	}
	k := n - 2
	for k > 0 && n-2-k < 4 && exampleNounWord(ts[k-1]) {
		k--
	}
	if k < n-2 && k > 0 && ts[k-1].low == "using" {
		return ts[:k]
	}
	return ts
}

// exampleNounWord reports whether t can be a word of the noun before
// "such as": no punctuation, function word nor preposition, and no verb
// unless a noun or a gerund other than "using".
func exampleNounWord(t otok) bool {
	return !t.punct && !openWords.function(t.low) && !openWords.is("prepositions", t.low) &&
		(!verbLike(t.low) || openWords.is("nouns", t.low) || strings.HasSuffix(t.low, "ing") && t.low != "using")
}

// actsUsing reports the form "X does something using Y": X uses Y; also
// across a clause that completes X's verb and names nothing ("X ensures
// that the repository is clean using Y": "that" right after the verb).
func actsUsing(ts []otok) bool {
	n := len(ts)
	return n > 0 && ts[n-1].low == "using" && !slices.ContainsFunc(ts[:n-1], func(t otok) bool {
		return openWords.is("negations", t.low) || openWords.is("hedges", t.low)
	}) && !clauseIn(ts[:n-1]) &&
		slices.ContainsFunc(ts[:n-1], func(t otok) bool { return thirdPerson(t.low) && verbLike(t.low) })
}

// possessiveBefore reports whether the mention group before the words
// ends in a possessive ("X's").
func (r *verbReading) possessiveBefore() bool {
	return r.before.ms[len(r.before.ms)-1].j > 0 && r.tokenBefore().poss
}

// tokenBefore is the token right before the words.
func (r *verbReading) tokenBefore() otok { return r.all[r.before.j-1] }

// opening reads what opens the words before the verb: a relative
// pronoun (the clause reads from the mention before it), an instruction
// after a comma (not read), a possessive's role noun ("X's owner is Y")
// or part ("The OTel Collector's `prometheus/ad` receiver scrapes X"),
// and "it's" for "it is".
func (r *verbReading) opening() verbResult {
	ts := r.ts
	if r.k < len(ts) && ts[r.k].low == "," {
		r.k++
	}
	if r.k < len(ts) && (ts[r.k].low == "which" || ts[r.k].low == "that" || ts[r.k].low == "who") {
		r.k++
	} else if r.k == 1 && imperativeAfterComma(ts[r.k:]) || r.k == 0 && singularSubject(r.all, r.before) && imperativeAfterComma(ts) {
		// "To build the service binary, run from the repo root": a verb's
		// base form after a comma agrees with no subject before it; it
		// starts an instruction.
		return notRead
	}
	// "X's owner is Y": the role noun names the relation.
	if r.possessiveBefore() && r.k < len(ts) {
		if vg, ok := possessiveRole(ts[r.k:]); ok {
			return readAs(vg)
		}
	}
	if r.possessiveBefore() && r.tokenBefore().low != "it" && r.k < len(ts) {
		r.k = possessivePart(ts, r.k)
	}
	// "it's used for": the contraction is "it is".
	r.be = r.before.j > 0 && r.tokenBefore().poss && r.tokenBefore().low == "it"
	// "X is a gRPC Server based on Y": the participle's "which is" is left out.
	r.be = r.be || r.k == 0 && reducedRelative(ts, 0) && r.before.i >= 2 && copulaDescription(r.all[r.before.i-2:r.before.i])
	return undecided
}

// possessivePart returns where the verb stands when the owner acts through
// its part, a few words from k with no verb among them, then a verb other
// than "be" ("The OTel Collector's `prometheus/ad` receiver scrapes X");
// else k.
func possessivePart(ts []otok, k int) int {
	n := k
	for n < len(ts) && n-k < 3 && !ts[n].punct && !openWords.function(ts[n].low) && !openWords.is("auxiliaries", ts[n].low) &&
		!(thirdPerson(ts[n].low) && verbLike(ts[n].low)) {
		n++
	}
	if n > k && n < len(ts) && thirdPerson(ts[n].low) && verbLike(ts[n].low) && !openWords.is("be", ts[n].low) {
		return n
	}
	return k
}

// adverbWord reports whether w is an adverb: a listed one or a word in
// "-ly" longer than four letters.
func adverbWord(w string) bool {
	return openWords.is("adverbs", w) || strings.HasSuffix(w, "ly") && len(w) > 4
}

// skipAuxiliaries moves k past the negations, forms of "be", auxiliaries
// and adverbs before the verb, noting be and neg; it reports whether a
// verb follows that can be read: none after a negation or a hedge, at the
// end, at punctuation or at "to".
func (r *verbReading) skipAuxiliaries() bool {
	ts := r.ts
	for ; r.k < len(ts); r.k++ {
		t := ts[r.k]
		switch {
		case openWords.is("negations", t.low) || t.low == "longer" && r.k > 0 && ts[r.k-1].low == "no":
			r.neg = true
		case openWords.is("hedges", t.low):
			return false
		case openWords.is("be", t.low):
			r.be = true
		case openWords.is("auxiliaries", t.low), adverbWord(t.low):
		default:
			return !r.neg && !ts[r.k].punct && ts[r.k].low != "to"
		}
	}
	return false
}

// dutyVerb rewrites "is responsible for invoking X": the duty's verb is
// the relation.
func (r *verbReading) dutyVerb() {
	ts, k := r.ts, r.k
	if k+1 < len(ts) && !r.be && openWords.is("provision-verbs", lemma(ts[k].low)) && purposeNoun(ts[k+1:]) > 0 {
		k++ // "provides a user interface for configuring Y": it configures Y
		r.be = true
	}
	if n := purposeNoun(ts[k:]); r.be && n > 0 {
		k += n - 1 // "is a command line tool for communicating with Y": it communicates with Y
	} else if n := dutyNoun(ts[k:]); r.be && n > 0 {
		k += n // "is a web socket server responsible for sending messages to Y": it sends them to Y
	}
	if r.be && k+2 < len(ts) && (openWords.is("duty-words", ts[k].low) || k > r.k) && openWords.is("prepositions", ts[k+1].low) {
		if base, ok := ingLemma(ts[k+2].low); ok {
			v := thirdForm(base)
			r.ts = append(append(slices.Clone(ts[:r.k]), otok{text: v, low: v}), ts[k+3:]...)
			r.be = false
		}
	}
}

// dutyGerunds puts the third person in place of the gerunds that go on a
// duty's list of acts ("is responsible for watching changes, caching and
// sending messages to Y": it caches and sends them to Y): after a duty
// word and "for", a gerund after "and" or "or", or after a comma where such
// a gerund ends the list. The first gerund stays (dutyVerb reads it). The
// words are returned anew, as many as before; ts is not changed.
func dutyGerunds(ts []otok) []otok {
	d := slices.IndexFunc(ts, func(t otok) bool { return openWords.is("duty-words", t.low) })
	if d < 0 || d+2 >= len(ts) || ts[d+1].low != "for" {
		return ts
	}
	out := slices.Clone(ts)
	last := -1
	for j := d + 2; j+1 < len(out); j++ {
		if out[j].punct && out[j].low != "," {
			break
		}
		if (out[j].low == "and" || out[j].low == "or") && !out[j+1].code {
			if _, ok := ingLemma(out[j+1].low); ok {
				last = j + 1
			}
		}
	}
	if last < 0 {
		return out
	}
	for j := d + 2; j+1 <= last; j++ {
		if out[j].low != "and" && out[j].low != "or" && out[j].low != "," || out[j+1].code {
			continue
		}
		if base, ok := ingLemma(out[j+1].low); ok {
			v := thirdForm(base)
			out[j+1] = otok{text: v, low: v}
		}
	}
	return out
}

// reread reads the words again from a verb v put in place of what stood
// before rest.
// purposeNoun returns how many words an article and a noun of one to
// three plain words take before "for" and a gerund ("a tool for
// communicating with", "an HTTP server for serving"), 0 for none.
func purposeNoun(ts []otok) int {
	if len(ts) < 4 || ts[0].low != "a" && ts[0].low != "an" {
		return 0
	}
	for n := 2; n <= 4 && n+1 < len(ts); n++ {
		t := ts[n-1]
		if t.punct || openWords.function(t.low) && t.low != "for" {
			return 0
		}
		if ts[n].low == "for" {
			if _, ok := ingLemma(ts[n+1].low); ok && n+1 < len(ts) {
				return n
			}
			return 0
		}
	}
	return 0
}

// dutyNoun returns where a duty word stands after an article and a noun of
// one to four plain words ("a web socket server responsible for"), 0 for
// none. After "the" the noun may name another thing ("the object responsible
// for managing the API server session").
func dutyNoun(ts []otok) int {
	if len(ts) < 5 || ts[0].low != "a" && ts[0].low != "an" {
		return 0
	}
	for n := 2; n <= 5 && n+2 < len(ts); n++ {
		t := ts[n-1]
		if t.punct || openWords.function(t.low) {
			return 0
		}
		if openWords.is("duty-words", ts[n].low) {
			return n
		}
	}
	return 0
}

func (r *verbReading) reread(v string, rest []otok) verbResult {
	vg, ok := readVerbGroup(append([]otok{{text: v, low: v}}, rest...), r.all, r.before)
	return verbResult{vg: vg, ok: ok, done: true}
}

// copulaForms reads the forms after a form of "be": a description then
// what it does, a role noun, an enabling word with an infinitive, a
// progressive.
func (r *verbReading) copulaForms() verbResult {
	if !r.be {
		return undecided
	}
	if res := r.describedThenActs(); res.done {
		return res
	}
	// "is the command line client for Y", "is a client of the Kubernetes
	// API": a client calls what it serves, before the role nouns' reading.
	if clientOf(r.ts[r.k:]) {
		return readAs(verbGroup{phrase: "call"})
	}
	// "is the owner of Y", "is part of Y", "is a dependency of Y".
	if vg, ok := copulaRole(r.ts[r.k:]); ok {
		return readAs(vg)
	}
	// "is fully compatible with the HDFS API": an adjective of a relation.
	if rest := trimDeterminers(r.ts[r.k:]); len(rest) == 2 && openWords.is("prepositions", rest[1].low) {
		if p := rest[0].low + " " + rest[1].low; openWords.is("relation-adjectives", p) {
			return readAs(verbGroup{phrase: p})
		}
	}
	if res := r.enabledInfinitive(); res.done {
		return res
	}
	return r.progressive()
}

// describedThenActs reads "is a tracing backend which stores traces in
// X": the description the subject is named by, then what it does.
func (r *verbReading) describedThenActs() verbResult {
	ts, k := r.ts, r.k
	if !openWords.is("determiners", ts[k].low) {
		return undecided
	}
	for j := k + 1; j < len(ts) && j <= k+6; j++ {
		if ts[j].punct || openWords.is("prepositions", ts[j].low) {
			break
		}
		if j > k+1 && (ts[j].low == "which" || ts[j].low == "that" || ts[j].low == "who") {
			vg, ok := readVerbGroup(ts[j:], r.all, r.before)
			return verbResult{vg: vg, ok: ok, done: true}
		}
	}
	return undecided
}

// enabledInfinitive reads "are configured to continuously write metrics
// to X", "is able to ping X": the infinitive is what the subject does.
func (r *verbReading) enabledInfinitive() verbResult {
	ts, k := r.ts, r.k
	if k+1 >= len(ts) || !openWords.is("enabling-words", lemma(ts[k].low)) || ts[k+1].low != "to" {
		return undecided
	}
	j := k + 2
	for j < len(ts) && adverbWord(ts[j].low) {
		j++
	}
	if j < len(ts) && verbLike(ts[j].low) && !openWords.function(ts[j].low) {
		return r.reread(thirdForm(lemma(ts[j].low)), ts[j+1:])
	}
	return undecided
}

// progressive reads "Ruler is querying X": the progressive is the verb
// ("If X is running access its UI": a verb after the participle starts
// another clause).
func (r *verbReading) progressive() verbResult {
	ts, k := r.ts, r.k
	if !strings.HasSuffix(ts[k].low, "ing") {
		return undecided
	}
	if k+1 < len(ts) && verbLike(ts[k+1].low) && !openWords.function(ts[k+1].low) && !openWords.is("prepositions", ts[k+1].low) {
		return undecided
	}
	if base, ok := ingLemma(ts[k].low); ok && verbLike(base) {
		return r.reread(thirdForm(base), ts[k+1:])
	}
	return undecided
}

// verbForm is the verb read at k and what stands after it: v its form,
// base its lemma, passive whether it is a passive participle, unknown
// whether no list knows it, second the lemma of a second verb sharing its
// object, rest the words after them and prep the preposition ending them.
type verbForm struct {
	v, base, second, prep string
	passive, unknown      bool
	rest                  []otok
}

// finite reads the verb at k and what follows it.
func (r *verbReading) finite() (verbGroup, bool) {
	f, ok := r.verbAt()
	if !ok {
		return verbGroup{}, false
	}
	if res := r.wholeVerbPhrases(f); res.done {
		return res.vg, res.ok
	}
	f.rest = r.ts[r.k+1:]
	f.second, f.rest = sharedObjectVerb(f.v, f.rest)
	if res := f.makingVerb(); res.done {
		return res.vg, res.ok
	}
	f.unknown = !f.passive && !verbLike(f.v)
	if len(f.rest) == 0 {
		return verbGroup{phrase: f.base, unknown: f.unknown}, true
	}
	if res := f.splitPreposition(); res.done {
		return res.vg, res.ok
	}
	if !f.objectBetween() {
		return verbGroup{}, false
	}
	return f.relation()
}

// verbAt reads the word at k as a verb: no function word nor capitalised
// non-verb, no naming verb's participle ("a service called X"), a
// participle right after a mention as its verb, a past form only as a
// passive or a finite verb, and no copula.
func (r *verbReading) verbAt() (verbForm, bool) {
	ts, k := r.ts, r.k
	v := ts[k].low
	if openWords.function(v) || isCapWord(ts[k]) && !verbLike(strings.ToLower(v)) {
		return verbForm{}, false
	}
	byNext := k+1 < len(ts) && ts[k+1].low == "by"
	if openWords.is("naming-verbs", lemma(v)) && words.PastForm(v) && !byNext && !fromPassive(r.be, v, ts[k+1:]) {
		return verbForm{}, false // "a service called X", "is known as X"; not "is called by X"
	}
	// "the Django app running via uWSGI", "a worker listening to the
	// queue": a participle right after a mention is its verb.
	if k == 0 && !r.be && strings.HasSuffix(v, "ing") {
		base, ok := ingLemma(v)
		if !ok {
			return verbForm{}, false
		}
		v = thirdForm(base)
	}
	passive := passiveForm(v, r.be, byNext)
	if !r.be && !byNext && words.PastForm(v) && !thirdPerson(v) {
		return verbForm{}, false // "X integrated with Y": an adjective, not a clause
	}
	if !passive && !(thirdPerson(v) || verbLike(v)) {
		return verbForm{}, false
	}
	if r.be && !passive {
		return verbForm{}, false // "is a", "are the": a copula
	}
	return verbForm{v: v, base: lemma(v), passive: passive}, true
}

// fromPassive reports whether a participle after a form of "be" with
// "from" right after it is a passive whose "from" names the agent: "is
// called from the Order Service", "are invoked from your application" (the
// Order Service calls it), read by [from-passive-verbs].
func fromPassive(be bool, v string, after []otok) bool {
	return be && len(after) > 0 && after[0].low == "from" && words.PastForm(v) && openWords.is("from-passive-verbs", lemma(v))
}

// passiveForm reports whether a verb form after a form of "be" (be) or
// before "by" (byNext) is a passive: a past participle, or one spelt as
// its base between the two ("is read by X").
func passiveForm(v string, be, byNext bool) bool {
	return (be || byNext) && (words.PastForm(v) || be && byNext && openWords.is("base-participles", v))
}

// wholeVerbPhrases reads the phrases the verb makes with the words after
// it: a phrase of the readings with a noun inside ("makes use of X"), the
// passive of a verb of a whole ("is made up of A and B", "is composed of
// A": it consists of them); a causative verb is not read ("lets X
// discover": X is the one who acts) unless a verb of request with its
// noun.
func (r *verbReading) wholeVerbPhrases(f verbForm) verbResult {
	ts, k := r.ts, r.k
	if n := len(ts) - k - 1; !f.passive && n >= 2 && n <= 3 && openWords.is("prepositions", ts[len(ts)-1].low) {
		ws := []string{f.base}
		for _, t := range ts[k+1:] {
			ws = append(ws, t.low)
		}
		if p := strings.Join(ws, " "); readingGroups[p] != "" {
			return readAs(verbGroup{phrase: p})
		}
	}
	if after := ts[k+1:]; f.passive && wholePassive(f.base, after) {
		return readAs(verbGroup{phrase: "consist of"})
	}
	if openWords.is("causative-verbs", f.base) && !(openWords.is("request-verbs", f.base) && slices.ContainsFunc(ts[k+1:], isRequestNoun)) {
		return notRead
	}
	return undecided
}

// wholePassive reports whether a passive and the words after it say what a
// whole is made of: a verb of a whole ("is composed of"), "made up of",
// "made of", or a verb of making with "from" or "out of" (read as "from":
// "is constructed out of three parts", "is assembled from A and B").
func wholePassive(base string, after []otok) bool {
	switch {
	case len(after) == 1 && after[0].low == "of":
		return openWords.is("whole-verbs", base) || base == "make"
	case len(after) == 2 && after[1].low == "of":
		return base == "make" && after[0].low == "up"
	case len(after) == 1 && after[0].low == "from":
		return openWords.is("making-verbs", base)
	}
	return false
}

// isRequestNoun reports whether t is a noun of request ("request",
// "call").
func isRequestNoun(t otok) bool { return openWords.is("request-nouns", t.low) }

// sharedObjectVerb reads "reads and caches data from X": two verbs share
// the object and the preposition; it returns the second's lemma and the
// words after it (the relation is the first's when it names one with the
// preposition, else the second's), or "" and rest.
func sharedObjectVerb(v string, rest []otok) (string, []otok) {
	if len(rest) > 1 && (rest[0].low == "and" || rest[0].low == "or") && !rest[1].punct && verbLike(rest[1].low) &&
		thirdPerson(rest[1].low) == thirdPerson(v) && !openWords.function(rest[1].low) {
		return lemma(rest[1].low), rest[2:]
	}
	return "", rest
}

// makingVerb reads a verb of making: "is implemented using Postgres", "is
// built with Flask": a tool it uses; "is written in Go": its language,
// not a relation.
func (f *verbForm) makingVerb() verbResult {
	if !openWords.is("making-verbs", f.base) || len(f.rest) == 0 {
		return undecided
	}
	switch f.rest[len(f.rest)-1].low {
	case "with", "using":
		if len(f.rest) == 1 {
			return readAs(verbGroup{phrase: "use"})
		}
	case "in":
		return notRead
	}
	return undecided
}

// meansChannel reports whether the channel preposition after the verb and
// its unnamed object names a means the subject uses: "simulates the faults
// of JVM applications through Byteman", "executes the workflows via a
// specific backend". Not after a verb of sending or passing on ("sends the
// response to the cloud via EdgeHub": a party the message goes through),
// nor when the words between hold a clause ("metrics which are available
// via the Gateway's API", "the objects you created through the API
// server"), a means of their own ("by exposing volumes via NFS servers") or
// an adverb ("creates the container typically via libcontainer": a hedge).
func (f *verbForm) meansChannel() bool {
	if !openWords.is("means-channels", f.prep) || openWords.is("sent-from-verbs", f.base) || openWords.is("channel-verbs", f.base) {
		return false
	}
	return !slices.ContainsFunc(f.rest, func(t otok) bool {
		return t.punct || t.low == "by" || openWords.is("clause-words", t.low) || openWords.is("pronouns", t.low) || adverbWord(t.low)
	})
}

// splitPreposition takes the preposition that ends rest into prep and
// reads what it decides alone: a passive with "by" and nothing between
// ("X is backed by Y": X depends on Y; else the reversed verb); a channel
// preposition ("receives orders by a topic": what one receives through a
// channel comes from it).
func (f *verbForm) splitPreposition() verbResult {
	if last := f.rest[len(f.rest)-1]; openWords.is("prepositions", last.low) {
		f.prep = last.low
		f.rest = f.rest[:len(f.rest)-1]
	}
	if f.passive && f.prep == "by" && len(f.rest) == 0 {
		if openWords.is("dependency-passives", f.base) {
			return readAs(verbGroup{phrase: "depend on"}) // "X is backed by Y": X depends on Y
		}
		return readAs(verbGroup{phrase: f.base, reversed: true})
	}
	if f.passive && f.prep == "from" && len(f.rest) == 0 && openWords.is("from-passive-verbs", f.base) {
		return readAs(verbGroup{phrase: f.base, reversed: true}) // "X is called from Y": Y calls X
	}
	if f.passive && f.prep == "in" && len(f.rest) == 0 && f.base == "use" {
		return readAs(verbGroup{phrase: f.base, reversed: true}) // "X is used in Y": Y uses X
	}
	if f.prep == "by" && !f.passive && madeObject(f.rest) {
		return notRead // "reads the data exposed by X": by names who made the object, no channel
	}
	if openWords.is("channel-prepositions", f.prep) {
		switch {
		case f.passive:
			return notRead
		case knownPhrase(f.base+" from") && !knownPhrase(f.base+" to"):
			f.prep = "from"
		case len(f.rest) > 0 && f.meansChannel():
			return readAs(verbGroup{phrase: "use"})
		case len(f.rest) > 0:
			return notRead
		default:
			f.prep = ""
		}
	}
	return undecided
}

// madeObject reports whether a verb's object ends in a past participle
// before "by": "reads the data exposed by X", "uses the keys issued by X".
func madeObject(rest []otok) bool {
	n := len(rest)
	return n > 1 && words.PastForm(rest[n-1].low) && verbLike(rest[n-1].low)
}

// objectBetween reads what stands between the verb and the preposition:
// nothing, a particle (which becomes the preposition), an article, or the
// verb's own object ("its data", "new orders"); it reports whether the
// group can be read.
func (f *verbForm) objectBetween() bool {
	switch {
	case len(f.rest) == 0:
	case len(f.rest) == 1 && f.prep == "" && openWords.is("particles", f.rest[0].low):
		f.prep = f.rest[0].low
	case f.prep == "of" && transparentObject(f.rest):
		f.prep, f.rest = "", nil // "uses the implementation of X": it uses X
	case len(f.rest) == 1 && openWords.is("determiners", f.rest[0].low) && f.prep == "":
	default:
		return verbObjectGap(f.rest, f.base, f.prep)
	}
	return true
}

// transparentObject reports whether a verb's object before "of" is a noun
// that stands for what "of" names ([transparent-nouns]): "the
// implementation of X", "an instance of X", after an article or none.
func transparentObject(rest []otok) bool {
	if len(rest) > 0 && openWords.is("determiners", rest[0].low) {
		rest = rest[1:]
	}
	return len(rest) == 1 && openWords.is("transparent-nouns", rest[0].low)
}

// verbObjectGap reports whether rest can be the verb's own object standing
// between it and prep: a few words, longer for a verb known to take one
// ("sends requests … to"), with at most one phrase inside ("the items in
// the user's cart") and no verb, clause word nor coordinator.
func verbObjectGap(rest []otok, base, prep string) bool {
	limit := 5
	if knownPhrase(base + " " + prep) {
		limit = 8
	}
	if len(rest) > limit || !openWords.is("gap-prepositions", prep) && !requestGap(rest, base, prep) && !partyGap(base, prep) {
		return false
	}
	if slices.ContainsFunc(rest, func(t otok) bool { return openWords.is("comparison-nouns", t.low) }) {
		return false // "provides an alternative to X": X is compared, no party
	}
	inner := 0
	for k, t := range rest {
		if openWords.is("prepositions", t.low) {
			if inner++; inner > 1 || k == 0 || t.low == "to" || t.low == "from" {
				return false
			}
			continue
		}
		if t.punct && t.low != "-" || openWords.is("clause-words", t.low) || openWords.is("coordinators", t.low) ||
			verbLike(t.low) && !openWords.is("nouns", t.low) && !(k == len(rest)-1 && words.PastForm(t.low)) && !gapNoun(rest, k) {
			return false
		}
	}
	return true
}

// partyGap reports whether a verb and "with" name a relation to a party
// that a list knows ("registers its routing information with X",
// "shares its state with X"), so that the verb's object may stand between
// them; "with" after any other verb says with what ("implemented with
// Ray"), not to whom.
func partyGap(base, prep string) bool {
	return prep == "with" && knownPhrase(base+" with")
}

// requestGap reports whether a request verb's object is a request noun
// before a preposition that names what is called ("issues queries against
// X").
func requestGap(rest []otok, base, prep string) bool {
	return openWords.is("request-verbs", base) && openWords.is("request-prepositions", prep) && slices.ContainsFunc(rest, isRequestNoun)
}

// gapNoun reports whether the word at k of the object, which could be
// read as a verb, is a noun: a plural after a name is the noun the name
// modifies ("uploads TSDB blocks to X"); the object's noun right after the
// verb in the plural or after its article is no verb ("uploads blocks to
// X", "uploads the blocks to X": no finite verb follows another); an -ing
// word before a plain noun modifies it ("fetches routing information from
// X": gerundBeforeNoun).
func gapNoun(rest []otok, k int) bool {
	t := rest[k]
	return k > 0 && thirdPerson(t.low) && (isCapWord(rest[k-1]) || rest[k-1].code || identifier(rest[k-1])) ||
		k == 0 && thirdPerson(t.low) || k > 0 && openWords.is("determiners", rest[k-1].low) || gerundBeforeNoun(rest, k)
}

// relation names the relation the verb and its preposition read: the
// reversed verb of a passive with "by", the second of two verbs when the
// first names none with the preposition, a request sent, a participle
// before the preposition, a foundation built on; an unknown verb only
// with a preposition of a party.
func (f *verbForm) relation() (verbGroup, bool) {
	base, prep := f.base, f.prep
	if f.passive && prep == "by" {
		return verbGroup{phrase: base, reversed: true}, true
	}
	if f.second != "" && !knownPhrase(withPreposition(base, prep)) {
		base = f.second
	}
	// "sends requests to X", "makes an HTTP request to X": a call.
	if openWords.is("request-verbs", base) && openWords.is("request-prepositions", prep) && slices.ContainsFunc(f.rest, isRequestNoun) {
		return verbGroup{phrase: "send request to"}, true
	}
	if n := len(f.rest); n > 0 && prep != "" && words.PastForm(f.rest[n-1].low) && verbLike(f.rest[n-1].low) {
		part := lemma(f.rest[n-1].low)
		if canonicalPhrase(withPreposition(part, prep)) == "write to" {
			return storedObjectRelation(base), true
		}
		base = part
	}
	if (prep == "on" || prep == "upon") && openWords.is("foundation-verbs", base) {
		return verbGroup{phrase: "use"}, true // "is built on top of Y", "built upon Y": Y is its base, which it uses
	}
	if f.unknown && prep != "" && !openWords.is("party-prepositions", prep) {
		return verbGroup{}, false // "detects failures in the tablets": a place, not a party
	}
	return verbGroup{phrase: withPreposition(base, prep), unknown: f.unknown}, true
}

// storedObjectRelation reads "reads the manifests stored in X": the
// participle says where the verb's object is kept, not what the subject
// does to X; the subject reads from X, writes to it, or (any other verb)
// acts on what X holds: it depends on X.
func storedObjectRelation(base string) verbGroup {
	switch canonicalPhrase(withPreposition(base, "from")) {
	case "read":
		return verbGroup{phrase: "read from"}
	}
	if canonicalPhrase(withPreposition(base, "to")) == "write to" {
		return verbGroup{phrase: "write to"}
	}
	return verbGroup{phrase: "depend on"}
}

// premodifiedObject returns where the object's article stands when the
// words between two mentions end in a definite article (or a possessive)
// and one to three plain
// words (adjectives, participles, nouns that modify the name after them:
// "to the correct", "to the selected"), the article coming after a
// preposition or a verb; else 0.
func premodifiedObject(ts []otok) int {
	n := len(ts)
	for d := n - 2; d >= 1 && d >= n-4; d-- {
		if !openWords.is("determiners", ts[d].low) || ts[d].low == "that" || ts[d].low == "a" || ts[d].low == "an" {
			continue // "supports a gRPC-based Remote Storage API": an indefinite article makes a description
		}
		for _, t := range ts[d+1:] {
			if t.punct || t.code || isCapWord(t) || !hasLetter(t.text) || openWords.function(t.low) || openWords.is("prepositions", t.low) || openWords.is("number-words", t.low) ||
				strings.HasSuffix(t.low, "ly") || thirdPerson(t.low) && verbLike(t.low) || openWords.is("determiners", t.low) {
				return 0
			}
		}
		p := ts[d-1]
		if !p.punct && (openWords.is("prepositions", p.low) || verbLike(p.low) && (thirdPerson(p.low) || words.PastForm(p.low))) {
			return d
		}
		return 0
	}
	return 0
}

// interfaceUsedBy reports whether the words between two mentions say that
// the first exposes an interface the second uses: a verb of exposing, an
// interface noun, a participle of use and "by" ("which exposes the API
// consumed by", "provides a REST endpoint used by").
func interfaceUsedBy(ts []otok) bool {
	k := 0
	for k < len(ts) && (ts[k].low == "," || ts[k].low == "which" || ts[k].low == "that") {
		k++
	}
	for k < len(ts) && openWords.is("adverbs", ts[k].low) {
		k++ // "X also exposes"
	}
	n := len(ts)
	if n-k < 4 || n-k > 10 || !openWords.is("expose-verbs", lemma(ts[k].low)) || !thirdPerson(ts[k].low) {
		return false
	}
	if !interfaceParticiple(ts[n-2].low, ts[n-1].low) {
		return false
	}
	noun := n - 3
	if noun-2 > k && (ts[noun].low == "is" || ts[noun].low == "are") && (ts[noun-1].low == "that" || ts[noun-1].low == "which") {
		noun -= 2 // "a UI that is routed through Y"
	}
	if !openWords.is("interface-nouns", singular(ts[noun].low)) {
		return false
	}
	return noun-k <= 6 && !slices.ContainsFunc(ts[k+1:noun], func(t otok) bool { return t.punct && t.low != "/" || verbLike(t.low) && !openWords.is("nouns", t.low) })
}

// interfaceParticiple reports whether a participle and the preposition
// after it say that an interface is used ("an API consumed by Y") or
// routed ("a UI that is routed through Y").
func interfaceParticiple(part, prep string) bool {
	switch {
	case prep == "by" && words.PastForm(part) && openWords.is("interface-use-verbs", lemma(part)):
		return true
	case (prep == "through" || prep == "via") && words.PastForm(part) && openWords.is("interface-route-verbs", lemma(part)):
		return true
	}
	return false
}

// collapseCompounds writes each preposition of several words as the one it
// reads as ("on top of" → "on", compound-prepositions in openwords.txt).
func collapseCompounds(ts []otok) []otok {
	var out []otok
	for k := 0; k < len(ts); k++ {
		matched := false
		for n := 3; n >= 2 && !matched; n-- {
			if k+n > len(ts) {
				continue
			}
			var ws []string
			for _, t := range ts[k : k+n] {
				ws = append(ws, t.low)
			}
			if p, ok := openWords.compounds[strings.Join(ws, " ")]; ok {
				out = append(out, otok{text: p, low: p, start: ts[k].start})
				k += n - 1
				matched = true
			}
		}
		if !matched {
			out = append(out, ts[k])
		}
	}
	return out
}

// infinitivePassive reads "to be consumed by" (adverbs may stand before the
// participle): the verb's relation, read from the second mention to the
// first.
func infinitivePassive(ts []otok) (verbGroup, bool) {
	n := len(ts)
	if n < 4 || ts[0].low != "to" || ts[1].low != "be" || ts[n-1].low != "by" {
		return verbGroup{}, false
	}
	for _, t := range ts[2 : n-2] {
		if !openWords.is("adverbs", t.low) {
			return verbGroup{}, false
		}
	}
	v := ts[n-2].low
	if !words.PastForm(v) || !verbLike(v) || openWords.is("naming-verbs", lemma(v)) {
		return verbGroup{}, false
	}
	return verbGroup{phrase: lemma(v), reversed: true}, true
}

// ingLemma is the base form of a present participle that is a verb:
// "running" → "run", "using" → "use", "listening" → "listen".
func ingLemma(w string) (string, bool) {
	stem := strings.TrimSuffix(w, "ing")
	var cands []string
	if n := len(stem); n >= 2 && stem[n-1] == stem[n-2] && !strings.ContainsRune("lsz", rune(stem[n-1])) {
		cands = append(cands, stem[:n-1])
	}
	cands = append(cands, stem, stem+"e")
	for _, c := range cands {
		if len(c) > 1 && verbLike(c) {
			return c, true
		}
	}
	return "", false
}

// withPreposition joins a verb and its preposition into a relation phrase.
// A preposition that only marks where the object comes from or goes adds
// nothing to a verb that already names the act ("consumes orders from a
// topic" is "consume"): it is dropped when the verb alone is a relation
// verb and the pair is not.
func withPreposition(verb, prep string) string {
	if prep == "" {
		return verb
	}
	phrase := verb + " " + prep
	if prep == "into" && !knownPhrase(phrase) && knownPhrase(verb+" to") {
		return verb + " to" // "exports trace data into a Kafka topic": into is to, and in
	}
	if knownPhrase(phrase) || !knownPhrase(verb) {
		return phrase
	}
	return verb
}

// knownPhrase reports whether a phrase is a relation verb of the relation
// concepts or of the readings (package words).
func knownPhrase(p string) bool {
	if v, ok := phraseMemo.Load(p); ok {
		return v.(bool)
	}
	v := readKnownPhrase(p)
	if phraseMemoSize.Add(1) < maxMemo {
		phraseMemo.Store(p, v)
	}
	return v
}

var (
	phraseMemo     sync.Map
	phraseMemoSize atomic.Int64
)

func readKnownPhrase(p string) bool {
	if _, ok := readingGroups[p]; ok {
		return true
	}
	if _, ok := openWords.readings[p]; ok {
		return true
	}
	ws := strings.Fields(p)
	for _, h := range words.Lookup(ws) {
		if h.Kind == words.HitVerb && h.Start == 0 && h.End == len(ws) {
			return true
		}
	}
	return false
}

// possessiveRole reads "'s owner is" (after the possessive): the role
// noun's concept, the second mention playing the noun's role.
func possessiveRole(ts []otok) (verbGroup, bool) {
	var ws []string
	k := 0
	for k < len(ts) && !ts[k].punct && !openWords.is("be", ts[k].low) {
		ws = append(ws, ts[k].low)
		k++
	}
	if vg, ok := possessiveParts(ts); ok {
		return vg, true
	}
	if k >= len(ts) || len(ws) == 0 || len(ws) > 3 || k+1 != len(ts) && !(k+2 == len(ts) && openWords.is("determiners", ts[k+1].low)) {
		return verbGroup{}, false
	}
	return roleRelation(ws, true)
}

// possessiveParts reads "'s main components include", "'s parts are"
// (after the possessive): at most two plain modifiers, a plural part noun,
// "include" or "are", then at most a determiner. X's parts include Y as X
// consists of Y.
func possessiveParts(ts []otok) (verbGroup, bool) {
	k := 0
	for k < len(ts) && k < 3 && !ts[k].punct && !ts[k].code && !openWords.is("be", ts[k].low) && ts[k].low != "include" {
		k++
	}
	if k == 0 || k >= len(ts) || ts[k].low != "include" && ts[k].low != "are" || k+1 != len(ts) && !(k+2 == len(ts) && openWords.is("determiners", ts[k+1].low)) {
		return verbGroup{}, false
	}
	noun := ts[k-1].low
	if singular(noun) == noun || !openWords.is("part-nouns", singular(noun)) {
		return verbGroup{}, false
	}
	for _, t := range ts[:k-1] {
		if isCapWord(t) || openWords.kind(t.low) != "" || openWords.function(t.low) {
			return verbGroup{}, false
		}
	}
	return verbGroup{phrase: "consist of"}, true
}

// copulaRole reads "the owner of", "part of", "a dependency of" after a
// form of "be": the first mention plays the noun's role.
func copulaRole(ts []otok) (verbGroup, bool) {
	if b := wholeBetween(ts); b > 0 {
		// "is a collaboration between A and B": each is a part.
		if ws := ts[:b]; len(ws) == 2 && openWords.is("determiners", ws[0].low) && openWords.is("whole-nouns", ws[1].low) {
			return verbGroup{phrase: "consist of"}, true
		}
		return verbGroup{}, false
	}
	if len(ts) < 2 || ts[len(ts)-1].low != "of" {
		return verbGroup{}, false
	}
	var ws []string
	for _, t := range ts[:len(ts)-1] {
		if openWords.is("determiners", t.low) {
			continue
		}
		if t.punct {
			return verbGroup{}, false
		}
		ws = append(ws, t.low)
	}
	if len(ws) > 3 && openWords.is("member-nouns", ws[len(ws)-1]) {
		return verbGroup{phrase: "part of"}, true // "the automated fault detection and repair tool of Vitess"
	}
	if len(ws) == 0 || len(ws) > 3 {
		return verbGroup{}, false
	}
	if len(ws) == 1 && openWords.is("part-nouns", ws[0]) || len(ws) > 1 && openWords.is("member-nouns", ws[len(ws)-1]) {
		return verbGroup{phrase: "part of"}, true // "a component of Y"
	}
	if len(ws) == 1 && openWords.is("whole-nouns", ws[0]) {
		return verbGroup{phrase: "consist of"}, true // "a combination of A and B": each is a part
	}
	return roleRelation(ws, false)
}

// clientOf reports "a client for", "the command line client of" after a
// form of "be": a determiner, up to two modifiers, a noun of
// [client-nouns], then "for" or "of". The subject calls the object.
func clientOf(ts []otok) bool {
	n := len(ts)
	if n < 3 || n > 5 || !openWords.is("determiners", ts[0].low) || ts[n-1].low != "for" && ts[n-1].low != "of" || !openWords.is("client-nouns", ts[n-2].low) {
		return false
	}
	return !slices.ContainsFunc(ts[1:n-1], func(t otok) bool { return t.punct })
}

// wholeBetween returns where "between" stands when the words end in it
// and at most a determiner or a colon ("a collaboration between the",
// "a collaboration between:"); else 0.
func wholeBetween(ts []otok) int {
	n := len(ts)
	for n > 0 && (openWords.is("determiners", ts[n-1].low) || ts[n-1].low == ":") {
		n--
	}
	if n < 2 || ts[n-1].low != "between" {
		return 0
	}
	return n - 1
}

// roleRelation turns a role noun into a relation phrase. possessive: the
// second mention plays the role ("X's owner is Y": Y owns X); otherwise
// the first does ("X is the owner of Y").
func roleRelation(ws []string, possessive bool) (verbGroup, bool) {
	for _, h := range words.Lookup(ws) {
		if h.Kind != words.HitNoun || h.End-h.Start != len(ws) {
			continue
		}
		phrase, ok := conceptPhrase[h.Concept]
		if !ok {
			continue
		}
		// The canonical phrase reads First → Second.
		secondPlaysFirst := (h.Role == words.First) == possessive
		return verbGroup{phrase: phrase, reversed: secondPlaysFirst}, true
	}
	return verbGroup{}, false
}

// conceptPhrase is the phrase each concept's canonical relation reads in,
// First → Second (the concepts of package words).
var conceptPhrase = map[words.Concept]string{
	words.Dependency:  "depend on",
	words.Ownership:   "own",
	words.Membership:  "member of",
	words.Reporting:   "report to",
	words.Containment: "part of",
	words.OnCall:      "on call for",
}

// RelationName turns a relation phrase into a relation name: "depend on"
// → DEPENDS_ON, "store in" → STORES_IN, "part of" → PART_OF.
func RelationName(phrase string) string {
	ws := strings.Fields(phrase)
	if len(ws) == 0 {
		return ""
	}
	if ws[0] != "part" && ws[0] != "member" && ws[0] != "on" {
		if words.PastForm(ws[0]) && lemma(ws[0]) != ws[0] && !openWords.is("ed-verbs", ws[0]) {
			ws[0] = lemma(ws[0]) // "built on" → BUILDS_ON
		}
		ws[0] = thirdForm(ws[0])
	}
	var b strings.Builder
	for k, w := range ws {
		if k > 0 {
			b.WriteByte('_')
		}
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToUpper(r))
			} else {
				b.WriteByte('_')
			}
		}
	}
	return b.String()
}

// PhraseOf is the relation phrase a relation name reads as: DEPENDS_ON →
// "depend on", READS_FROM → "read from", CALLS → "call".
func PhraseOf(relation string) string {
	ws := strings.Fields(strings.ToLower(strings.ReplaceAll(relation, "_", " ")))
	if len(ws) == 0 {
		return ""
	}
	if ws[0] != "part" && ws[0] != "member" && ws[0] != "on" {
		ws[0] = lemma(ws[0])
	}
	return strings.Join(ws, " ")
}

// openVersion changes when the open extractor's rules change, so that an
// index made by an older one is extracted again.
const openVersion = 62

// extractOpen reads one chunk with the open extractor: the entities its
// blocks name and the facts they state.
func (x *Extractor) extractOpen(c Chunk, blocks []block, dc *docContext) ([]ChunkMention, []Statement) {
	var mentions []ChunkMention
	var stmts []Statement
	seen := map[string]bool{}
	for _, b := range blocks {
		var last *omention
		if len(b.lines) == 1 && headingRE.MatchString(b.lines[0]) && !strings.HasPrefix(strings.TrimSpace(b.lines[0]), "# ") {
			dc.intro = false
		}
		item := listItemRE.MatchString(b.lines[0])
		units := append(blockUnits(b), dc.listedItemUnits(b)...)
		for ui, u := range units {
			u.seq = ui
			if u.row {
				last = nil
			} else if !u.heading && !item && ui == 0 {
				u = dc.withTitleSubject(u)
			} else if item && ui == 0 {
				u = dc.withTopicSubject(u, b)
			}
			ms, facts, l := readUnit(u, dc, last)
			if u.listFrom > 0 {
				facts = slices.DeleteFunc(facts, func(f openFact) bool { return f.subj.i < u.listFrom && f.obj.i < u.listFrom })
				ms = nil // the item's own sentences mention it
			} else {
				last = l
			}
			ms, facts = splitAlternatives(ms, facts)
			mentions = append(mentions, unitMentions(c, u, ms, seen)...)
			stmts = append(stmts, x.unitStatements(c, u, facts)...)
		}
		// The subject the paragraph ended on is what "it" starting the
		// next one refers to; a heading starts a new topic.
		dc.lead = nil
		if len(b.lines) == 1 && headingRE.MatchString(b.lines[0]) {
			dc.lead = dc.topic // "## karmada-agent" then "It can register …"
		}
		// Only a subject that starts its sentence ("VTOrc is …", "The
		// topology service exists …"), not one a verb's complement names
		// ("This allows X to …").
		if heading := len(b.lines) == 1 && headingRE.MatchString(b.lines[0]); !heading && last != nil && dc.opening != nil && dc.opening.name == last.name {
			dc.lead = dc.opening
		}
	}
	return mentions, stmts
}

// listedItemUnits returns the unit a list item adds where a sentence
// introduced the list: "Broker includes the following sub-modules. / 1.
// Remoting Module: …": the introduction said of the item's name.
func (dc *docContext) listedItemUnits(b block) []unit {
	if b.table() {
		return dc.listedRowUnits(b)
	}
	prefix, ok := dc.listed[b.line]
	if !ok {
		return nil
	}
	var obj string
	if len(b.lines) == 1 && headingRE.MatchString(b.lines[0]) {
		obj = headingObject(b.lines[0])
	} else {
		obj = itemObject(b)
	}
	if obj == "" {
		return nil
	}
	prefix = writersWhole(prefix, dc.subject())
	if k := text.Key(obj); shortNameItem(obj) != "" && dc.names[k].name == "" {
		// "- Root coord": a list item that is a name and nothing else
		// names a thing of the document, written so elsewhere too.
		dc.names[k] = omention{name: obj, typ: openWords.kind(strings.ToLower(obj[strings.LastIndexByte(obj, ' ')+1:]))}
	}
	from := len(tokenize(cleanMarkdown(prefix)))
	return []unit{{text: prefix + " " + obj + ".", line: b.line, code: []string{obj}, listFrom: from}}
}

// listedRowUnits returns the units the rows of a table add where a
// sentence introduced the table (tableRowsUnder): the introduction said of
// each row's first cell, where the cell is a name (a code span or a few
// words).
func (dc *docContext) listedRowUnits(b block) []unit {
	var out []unit
	for k, row := range b.prose().lines {
		prefix, ok := dc.listed[b.line+k]
		if !ok {
			continue
		}
		name, _, ok := tableRow(k, row)
		name = strings.Trim(name, "`")
		if !ok || name == "" || len(strings.Fields(name)) > 4 || strings.Contains(name, "`") {
			continue
		}
		prefix = writersWhole(prefix, dc.subject())
		from := len(tokenize(cleanMarkdown(prefix)))
		out = append(out, unit{text: prefix + " " + name + ".", line: b.line + k, code: []string{name}, listFrom: from})
	}
	return out
}

// writersWhole puts the document's subject in place of the writers' words
// for their project that start an introduction: "Our system includes:",
// "The project consists of", "We consists of" (a list of parts). A prefix
// starting otherwise, or a document with no subject, is kept.
func writersWhole(prefix, subject string) string {
	fs := strings.Fields(prefix)
	if subject == "" || len(fs) < 2 {
		return prefix
	}
	first := strings.ToLower(fs[0])
	n := 0
	switch {
	case first == "we":
		n = 1
	case first == "our" || first == "the" && strings.EqualFold(fs[1], "project"):
		// "Our system", "Our platform", "The project": the noun phrase
		// up to the verb.
		n = 2
		for n < len(fs) && n < 4 && !verbLike(strings.ToLower(fs[n])) && !openWords.is("having-verbs", lemma(strings.ToLower(fs[n]))) {
			n++
		}
		if first == "the" && n != 2 {
			return prefix
		}
	default:
		return prefix
	}
	if n >= len(fs) {
		return prefix
	}
	return subject + " " + strings.Join(fs[n:], " ")
}

// unitMentions are the chunk mentions of a unit's mentions, each name
// once a line; a reference ("this service", "it") mentions its entity
// too: the line names it.
func unitMentions(c Chunk, u unit, ms []omention, seen map[string]bool) []ChunkMention {
	var out []ChunkMention
	for _, m := range ms {
		k := m.name + "\x00" + strconv.Itoa(u.line)
		if seen[k] {
			continue
		}
		seen[k] = true
		spotter, conf := SpotOpen, ConfidenceOpenName
		if m.ref {
			spotter, conf = SpotCoref, ConfidenceOpenRef
		}
		out = append(out, ChunkMention{Chunk: c.ID, Entity: m.name, Type: m.typ, Text: toksText(u, m),
			Line: u.line, Spotter: spotter, Confidence: conf})
	}
	return out
}

// sameName reports whether two names are one entity's, up to case and the
// number of their last word: "Workers communicate with other workers" says
// nothing of a relation between two things.
func sameName(a, b string) bool {
	ka, kb := text.Key(a), text.Key(b)
	if ka == kb {
		return true
	}
	la, lb := strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	ia, ib := strings.LastIndexByte(la, ' ')+1, strings.LastIndexByte(lb, ' ')+1
	return la[:ia] == lb[:ib] && singular(la[ia:]) == singular(lb[ib:])
}

// unitStatements are the statements of a unit's facts: none between an
// entity and itself, or under the extractor's confidence floor.
func (x *Extractor) unitStatements(c Chunk, u unit, facts []openFact) []Statement {
	var out []Statement
	for _, f := range facts {
		if sameName(f.subj.name, f.obj.name) {
			continue
		}
		conf := ConfidenceOpenName
		if f.subj.ref || f.obj.ref {
			conf = ConfidenceOpenRef
		}
		conf *= OpenStatementFactor
		if conf < x.minConfidence() {
			continue
		}
		out = append(out, Statement{
			Subject: f.subj.name, Relation: RelationName(canonicalPhrase(f.phrase)), Object: f.obj.name,
			SubjectType: f.subj.typ, ObjectType: f.obj.typ,
			Chunk: c.ID, Line: u.line, Sentence: u.text,
			Extractor: ExtractorName, Rule: "open: " + f.phrase, Confidence: round3(conf), Phrase: f.phrase,
		})
	}
	return out
}

// alternativesRE is two or three names a slash joins ("MySQL/MariaDB",
// "Postgres/MySQL/SQLite"): each a capitalised word with a lower-case letter
// after its first, so that an initialism ("CI/CD", "TCP/IP", "I/O") and a
// path ("/api/v1") stay one thing.
var alternativesRE = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(?:/[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*){1,2}$`)

// splitAlternatives reads a name written as names joined by slashes as
// each of them: "stores its data in MySQL/MariaDB" writes to MySQL and to
// MariaDB, as "MySQL or MariaDB" would.
func splitAlternatives(ms []omention, facts []openFact) ([]omention, []openFact) {
	parts := func(m omention) []omention {
		if m.ref || !alternativesRE.MatchString(m.name) {
			return []omention{m}
		}
		var out []omention
		for _, n := range strings.Split(m.name, "/") {
			c := m
			c.name = n
			out = append(out, c)
		}
		return out
	}
	var outM []omention
	for _, m := range ms {
		outM = append(outM, parts(m)...)
	}
	var outF []openFact
	for _, f := range facts {
		for _, s := range parts(f.subj) {
			for _, o := range parts(f.obj) {
				g := f
				g.subj, g.obj = s, o
				outF = append(outF, g)
			}
		}
	}
	return outM, outF
}

// definitionStatement reports whether a line is a definition item whose
// description starts with a verb: "- **Gateway**: Routes requests to X" is
// a statement of the gateway, not a specification.
func definitionStatement(line string) bool {
	m := definitionItemRE.FindStringIndex(line)
	if m == nil {
		return false
	}
	fs := strings.Fields(line[m[1]:])
	if len(fs) > 2 && (strings.EqualFold(fs[0], "a") || strings.EqualFold(fs[0], "an")) {
		// "**agent**: A sidecar that forwards data to X": a description
		// with a clause of its own, not a specification.
		// "**CloudHub**: A web socket server responsible for sending
		// messages to X": a duty says what it does, as a clause would.
		return slices.ContainsFunc(fs, func(w string) bool {
			return w == "that" || w == "which" || openWords.is("duty-words", strings.ToLower(w))
		})
	}
	return len(fs) > 1 && verbStart(fs)
}

// blockUnits are the sentences of a block's prose; a table's rows are read
// with the row's first cell as the subject of its description ("| cartservice
// | C# | Stores the items … in Redis |").
func blockUnits(b block) []unit {
	p := b.prose()
	heading := len(p.lines) == 1 && headingRE.MatchString(p.lines[0])
	if specBulletRE.MatchString(p.lines[0]) && len(strings.Fields(p.lines[0])) <= 14 && !definitionStatement(p.lines[0]) {
		return nil // "- Runtime: Python 3.14": a specification, not a statement
	}
	if b.table() {
		return tableUnits(b, p)
	}
	return proseUnits(p, heading)
}

// definition is what a definition item names: its term, and whether the
// term is a link ("[Term](link) - …") whose description follows a dash.
type definition struct {
	term   string
	linked bool
}

// proseUnits are the sentences of a block of prose. "1. **Cmux**: Uses
// the cmux library …": a definition item's term is the subject of its
// description's first sentence.
func proseUnits(p block, heading bool) []unit {
	var d definition
	if m := definitionItemRE.FindStringSubmatch(p.lines[0]); m != nil {
		// "**Term**: …", or "[Term](link) - …" as lists of
		// components write it.
		d = definition{term: strings.TrimSpace(cleanMarkdown(m[1] + m[2])), linked: m[2] != ""}
	}
	var out []unit
	ss := p.sentences()
	for si, s := range ss {
		u := unit{text: s.text, line: s.line, heading: heading, section: heading && strings.HasPrefix(strings.TrimSpace(p.lines[0]), "##"), code: s.code}
		if si+1 < len(ss) && s.colon && d.term == "" && !heading {
			colonList(&u, s, ss[si+1])
		}
		desc := d.description(&u, si, s)
		if fs := strings.Fields(desc); len(fs) > 1 {
			if part, ok := d.termDescribed(&u, s, desc, fs); ok {
				out = append(out, part)
			}
		}
		if d.term != "" && si > 1 && len(strings.Fields(s.text)) > 2 {
			d.termPronoun(&u, s)
		}
		out = append(out, u)
	}
	return out
}

// colonList reads "Milvus comprises four layers: access layer,
// coordinator service, worker node, and storage.": the list after the
// colon (next) is the object the introduction counted.
func colonList(u *unit, s, next sentence) {
	if prefix := introPrefix(s.text, true); prefix != "" && verbless(next.text) {
		u.text = prefix + " " + next.text
		u.code = append(slices.Clone(s.code), next.code...)
	}
}

// description returns the text of sentence si that describes the term:
// after the dash of a linked term ("Term - Writes spans to …"), the
// second sentence of a plain one; the term alone is a name, no statement.
func (d definition) description(u *unit, si int, s sentence) string {
	switch {
	case d.term != "" && si == 0 && strings.TrimSpace(cleanMarkdown(s.text)) == d.term:
		u.heading = true // the term alone: a name, no statement
	case d.linked && si == 0:
		// "Term - Writes spans to …": the text after the dash.
		if loc := linkTermRE.FindStringIndex(s.text); loc != nil {
			return s.text[loc[1]:]
		}
	case d.term != "" && !d.linked && si == 1:
		return s.text
	}
	return ""
}

// termDescribed makes the term the subject of its description (its words
// fs): before a verb, or "is" before an article ("**agent**: A sidecar
// that forwards data to X": the description says what the term is). "A
// component of X that executes …": the clause says what the term does,
// not what X does; the unit saying what it is part of is returned first.
func (d definition) termDescribed(u *unit, s sentence, desc string, fs []string) (unit, bool) {
	first := strings.ToLower(fs[0])
	rest := desc[strings.Index(desc, fs[0])+len(fs[0]):]
	switch {
	case verbStart(fs) || openWords.is("be", first):
		u.text = d.term + " " + first + rest
		u.code = append(slices.Clone(s.code), d.term)
	case (first == "a" || first == "an" || first == "the") && len(fs) > 2:
		u.text = d.term + " is " + first + rest
		u.code = append(slices.Clone(s.code), d.term)
		if of, clause, ok := partOfClause(fs); ok {
			u.text = d.term + " is " + strings.Join(of, " ") + "."
			part := *u
			u.text = d.term + " " + strings.Join(clause, " ")
			return part, true
		}
	}
	return unit{}, false
}

// termPronoun reads "**Agent**: … . It connects to the server": a pronoun
// starting a later sentence of a definition is the term.
func (d definition) termPronoun(u *unit, s sentence) {
	if fs := strings.Fields(s.text); fs[0] == "It" || fs[0] == "They" {
		u.text = d.term + s.text[strings.Index(s.text, fs[0])+len(fs[0]):]
		u.code = append(slices.Clone(s.code), d.term)
	}
}

// tableUnits are a table's rows read with the row's first cell as the
// subject of its description, its longest other cell ("| cartservice |
// C# | Stores the items … in Redis |").
func tableUnits(b, p block) []unit {
	var out []unit
	for k, row := range p.lines {
		name, desc, ok := tableRow(k, row)
		if !ok {
			continue
		}
		rb := block{line: b.line + k, lines: []string{desc}}
		for si, s := range rb.sentences() {
			t := s.text
			if first := strings.Fields(t)[0]; verbStart(strings.Fields(t)) {
				t = name + " " + strings.ToLower(first[:1]) + first[1:] + t[len(first):]
			}
			out = append(out, unit{text: t, line: s.line, code: append(s.code, name), row: si == 0})
		}
	}
	return out
}

// tableRow returns the name (first cell) and the description (longest
// other cell, three words at least) of row k; ok is false for the header
// row, the rule under it, and rows with no name or description.
func tableRow(k int, row string) (name, desc string, ok bool) {
	cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	if k == 0 || len(cells) < 2 || strings.Trim(strings.TrimSpace(cells[0]), "-: ") == "" {
		return "", "", false // the header row, the rule under it
	}
	name = strings.TrimSpace(cleanMarkdown(cells[0]))
	for _, c := range cells[1:] {
		if c = strings.TrimSpace(c); len(strings.Fields(c)) > len(strings.Fields(desc)) {
			desc = c
		}
	}
	if name == "" || len(strings.Fields(desc)) < 3 {
		return "", "", false
	}
	return name, desc, true
}

// verbless reports whether a sentence is a list of names with no verb of
// its own ("access layer, coordinator service, worker node, and storage"):
// commas or "and" join its words, and none is an auxiliary or a verb in the
// third person.
func verbless(sentence string) bool {
	toks := tokenize(cleanMarkdown(sentence))
	glue := false
	for k, t := range toks {
		switch {
		case t.low == "," || t.low == "and" || t.low == "or":
			glue = true
		case t.low == "one" && k+2 < len(toks) && toks[k+1].low == "or" && toks[k+2].low == "more":
			// "a JobManager and one or more TaskManagers": a count, not the pronoun
		case openWords.is("auxiliaries", t.low) || openWords.is("clause-words", t.low) || openWords.is("pronouns", t.low) ||
			thirdPerson(t.low) && verbLike(t.low) && !openWords.is("nouns", t.low) && openWords.kind(t.low) == "":
			return false
		}
	}
	return glue && len(toks) <= 24
}

// partOfClause splits a description "a component of X that executes …"
// into its noun phrase ("a component of X") and the clause after "that",
// when the noun is one of a part (part-nouns) and X a few words: the
// clause's subject is the part, not X.
func partOfClause(fs []string) (of, clause []string, ok bool) {
	if len(fs) < 5 || !openWords.is("part-nouns", strings.ToLower(fs[1])) || !strings.EqualFold(fs[2], "of") {
		return nil, nil, false
	}
	for k := 4; k < len(fs) && k <= 7; k++ {
		if w := strings.ToLower(fs[k]); w == "that" || w == "which" {
			if k+1 < len(fs) {
				return fs[:k], fs[k+1:], true
			}
			return nil, nil, false
		}
		if strings.ContainsAny(fs[k-1], ",;") {
			return nil, nil, false
		}
	}
	return nil, nil, false
}

// withTitleSubject gives a paragraph's first sentence, when it has no
// subject and stands in a document's opening (before its first section
// heading), the entity the document is about (a list item's is its own
// label's: "2. API layer. Connects …"):
// "Reads and writes transactions …" and "Implemented in Java with Spring
// Boot." under "# Ledger Monolith Service" are said of that service.
func (dc *docContext) withTitleSubject(u unit) unit {
	if dc.title == nil || !dc.intro {
		return u
	}
	fs := strings.Fields(u.text)
	if len(fs) < 2 {
		return u
	}
	first := fs[0]
	low := strings.ToLower(strings.Trim(first, ".,"))
	rest := strings.ToLower(first[:1]) + strings.TrimSpace(u.text)[1:]
	switch {
	case verbStart(fs):
		u.text = dc.title.name + " " + rest
	case words.PastForm(low) && openWords.is("making-verbs", lemma(low)) && openWords.is("prepositions", strings.ToLower(fs[1])) && !ownSubjectAfterComma(fs):
		u.text = dc.title.name + " is " + rest
	default:
		return u
	}
	u.code = append(slices.Clone(u.code), dc.title.name)
	return u
}

// withTopicSubject gives a list item's first sentence, when it starts
// with a verb and the item has no term of its own, the one thing its
// section's heading names: "### Admission Controller" then "- Receives
// AdmissionReview requests from the Kubernetes API server …" is said of
// the Admission Controller, as a definition item's term is the subject of
// its description.
func (dc *docContext) withTopicSubject(u unit, b block) unit {
	if dc.topic == nil || dc.topic.ref || definitionItemRE.MatchString(b.lines[0]) {
		return u
	}
	fs := strings.Fields(u.text)
	if len(fs) < 2 || !verbStart(fs) {
		return u
	}
	u.text = dc.topic.name + " " + strings.ToLower(fs[0][:1]) + strings.TrimSpace(u.text)[1:]
	u.code = append(slices.Clone(u.code), dc.topic.name)
	return u
}

// ownSubjectAfterComma reports whether a sentence that opens with a
// participle has a subject of its own after a comma: a capitalised word
// (after a determiner at most) and a verb ("Built on top of X, Milvus was
// designed …").
func ownSubjectAfterComma(fs []string) bool {
	for k := 0; k+2 < len(fs); k++ {
		if !strings.HasSuffix(fs[k], ",") {
			continue
		}
		n := k + 1
		if openWords.is("determiners", strings.ToLower(fs[n])) && n+2 < len(fs) {
			n++
		}
		if r := firstRune(fs[n]); unicode.IsUpper(r) {
			v := strings.ToLower(strings.Trim(fs[n+1], ".,"))
			if openWords.is("auxiliaries", v) || thirdPerson(v) && verbLike(v) {
				return true
			}
		}
	}
	return false
}

// isVerbStart reports whether a sentence starts with a verb: "Stores the
// items …", "Continuously sends …", "Does not require …".
// verbStart reports whether a sentence's words start with its verb: a word
// isVerbStart knows, or a word in the third person that "and" or "or" joins
// to one it knows ("Accepts and validates incoming transactions").
func verbStart(fs []string) bool {
	if len(fs) == 0 {
		return false
	}
	if isVerbStart(fs[0]) {
		return true
	}
	l := strings.ToLower(fs[0])
	return len(fs) >= 3 && (fs[1] == "and" || fs[1] == "or") && thirdPerson(l) && openWords.kind(l) == "" && !openWords.is("nouns", l) &&
		isVerbStart(fs[2]) && !openWords.is("adverbs", strings.ToLower(fs[2]))
}

func isVerbStart(w string) bool {
	l := strings.ToLower(strings.Trim(w, ".,"))
	if openWords.is("adverbs", l) || strings.HasSuffix(l, "ly") {
		return true
	}
	return openWords.is("auxiliaries", l) && l != "is" && l != "are" || thirdPerson(l) && verbLike(l)
}

// toksText is what a mention's words are in the unit's text: the name, or
// for a reference its own words ("this service").
func toksText(u unit, m omention) string {
	if !m.ref {
		return m.name
	}
	toks := tokenize(namesForKinds(cleanMarkdown(u.text), u.code))
	if m.i < 0 || m.j > len(toks) || m.i >= m.j {
		return m.name
	}
	var ws []string
	for _, t := range toks[m.i:m.j] {
		ws = append(ws, t.text)
	}
	return strings.Join(ws, " ")
}

var (
	// itemTermFormRE is a list item's term written another way than
	// "**Term**:": emphasised ("__*Executor*__:", "*Querier*:"), as a code
	// span ("`vtgate`:"), or plain ("Scheduler -"), then a colon or a dash
	// before its description. Groups: the list marker, the term (one of
	// four forms), the description.
	boldLinkTermRE  = regexp.MustCompile(`^(\s*(?:[-*+]|\d+[.)])\s+)(\*\*|__)\[([^\]]{1,40})\]\([^)\s]*\)`)
	boldColonTermRE = regexp.MustCompile("^(\\s*(?:[-*+]|\\d+[.)])\\s+)(\\*\\*|__)([^*_`:]{1,40}):(?:\\*\\*|__)\\s+")
	itemTermFormRE  = regexp.MustCompile("^(\\s*(?:[-*+]|\\d+[.)])\\s+)(?:(?:\\*\\*|__)[*_]?([^*_`]{1,40}?):?[*_]?(?:\\*\\*|__)|[*_]([^*_`\\s][^*_`]{0,39}?)[*_]|`([^`\\s]{1,40})`|((?:[A-Z][\\w./-]*)(?: [A-Z][\\w./-]*){0,3}|[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+))\\s*(?::\\s|:$|\\s[-–—]\\s|[–—]\\s*)(.*)$")
)

// definitionLine writes a list item whose term is emphasised, a code span
// or plain, before a colon or a dash ("- __*Executor*__: …", "- `vtgate`:
// routes …", "- **Querier** — answers …", "- Scheduler - assigns …") the
// way definition items are read: "- **Term**: description". Any other line
// is returned as it is. A plain term must be a name: capitalised words that
// are no function words, or an identifier.
func definitionLine(l string) string {
	// "- **[EdgeHub](./edgehub.md):** a client …": a linked term reads as
	// its text.
	l = boldLinkTermRE.ReplaceAllString(l, "$1$2$3")
	// "- **Edged:** an agent …": the colon inside the emphasis.
	l = boldColonTermRE.ReplaceAllString(l, "$1**$3**: ")
	if definitionItemRE.MatchString(l) {
		return l
	}
	m := itemTermFormRE.FindStringSubmatch(l)
	if m == nil {
		return l
	}
	term := strings.TrimSpace(m[2] + m[3] + m[4] + m[5])
	if term == "" {
		return l
	}
	if (m[4] != "" || m[5] != "") && (badName(otok{text: term}) || strings.Contains(term, "/") || fileExtRE.MatchString(term)) {
		return l // "`scripts/build.sh`:": a path, no name
	}
	if m[5] != "" {
		for _, w := range strings.Fields(term) {
			if lw := strings.ToLower(w); openWords.function(lw) || openWords.is("not-names", lw) {
				return l
			}
		}
	}
	return m[1] + "**" + term + "**: " + m[6]
}

// knownRelation reports whether a relation phrase is read as a relation
// the lists know: a concept of package words, an act's phrase, a reading
// group (package words' readings or [readings]).
func knownRelation(p string) bool {
	if _, ok := genericConcept(p); ok {
		return true
	}
	if _, ok := actPhrases()[p]; ok {
		return true
	}
	if _, ok := readingGroups[p]; ok {
		return true
	}
	_, ok := openWords.readings[p]
	return ok || openWords.is("relation-verbs", p)
}
