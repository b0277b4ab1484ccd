package reading

import (
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/infer"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// askedPos returns the stream position of the asked noun: the word after
// "which"/"what"/"list the"... that is not a verb or auxiliary, or -1. The
// words that qualify it in a noun phrase of several type names ("minor
// league teams") are marked used.
func (r *reader) askedPos() int {
	for i, w := range r.st.words {
		if !whWords.Has(w) || w == "who" || w == "whom" {
			continue
		}
		j := r.skippedType(i+1, r.skip(i+1))
		for j < len(r.st.words) && (r.st.words[j] == "of" || r.st.words[j] == "are" || r.st.words[j] == "is" || words.ClassOf(r.st.words[j]).Has(words.Collective)) {
			// "which of", "what are the services that", "the set of packages"
			j = r.skip(j + 1)
		}
		j = r.pastQualifier(j)
		if r.positionBeforeNoun(j) {
			// "Which upstream nodes feed X": the position says the
			// direction; the noun after it is the kind asked.
			j++
		}
		if j >= len(r.st.words) || r.entAt[j] >= 0 || auxiliary(r.st.words[j]) || (functionWord(r.st.words[j]) && !words.IsKindWord(r.st.words[j]) && r.typeNamedAt(j) == "") {
			continue
		}
		// After "which" and "how many" any word is the asked noun; after
		// "what", "list" and the like only a word known as a noun (a kind
		// word, a type, a class word or a role): "what lies beneath X"
		// asks no kind.
		if w != "which" && w != "many" && !r.knownNoun(j) && !r.verbAt(j+1) {
			continue
		}
		return r.askedHead(j)
	}
	return r.nounLedAsked()
}

// askedHead returns the position of the asked noun whose phrase starts
// at stream position j, right after the wh-word and its skips.
func (r *reader) askedHead(j int) int {
	if k, ok := r.kindOfNoun(j); ok {
		// "What kind of damage does Ice Storm do?" asks for the damage
		// it does.
		r.used[j], r.used[j+1] = true, true
		return r.qualifiedHead(k)
	}
	if k := j + 1; k < len(r.st.words) && r.entAt[k] < 0 && oneWordType(r.typeNamedAt(j)) && r.typeNamedAt(k) != "" {
		// "Which laureate affiliations": two type names, the second
		// the head the first qualifies.
		return k
	}
	return r.qualifiedHead(j)
}

// kindOfNoun returns the position of the noun after a classifier and
// "of" at j ("what kind of damage", "which types of drink") where the
// clause goes on with a verb other than "be" and the noun names no type
// the graph classifies (classified): "What kind of damage does Ice Storm
// do?" asks for the damage, where "What kind of element is bismuth?"
// asks for bismuth's place in the graph's classification.
func (r *reader) kindOfNoun(j int) (int, bool) {
	w := r.st.words
	k := j + 2
	if k >= len(w) || !words.IsClassifier(w[j]) || w[j+1] != "of" || r.entAt[k] >= 0 || functionWord(w[k]) || auxiliary(w[k]) {
		return 0, false
	}
	if t := r.typeNamedAt(k); t != "" && r.classified(t) {
		// "What type of language uses .tf?": the graph classifies
		// languages (type), and the question asks for that.
		return 0, false
	}
	for n := k + 1; n < len(w); n++ {
		switch {
		case r.entAt[n] >= 0 || functionWord(w[n]) && !auxiliary(w[n]):
			continue
		case words.ClassOf(w[n]).Has(words.Be):
			return 0, false
		}
		return k, auxiliary(w[n]) || r.verbAt(n)
	}
	return 0, false
}

// nounLedAsked: "Circuits where X took a win?", "Drivers who raced for
// X?": a question said as a noun phrase, its head noun followed by a
// relative clause, asks for that noun as "which" would; -1 otherwise.
func (r *reader) nounLedAsked() int {
	if w := r.st.words; len(w) > 2 && r.entAt[0] < 0 && r.entAt[1] < 0 && !functionWord(w[0]) && !words.ClassOf(w[0]).Has(words.Prep) && r.knownNoun(0) && (words.ClassOf(w[1]).Has(words.RelPron) || w[1] == "where") {
		return 0
	}
	return -1
}

// skippedType returns the position of a word in [from, to), skipped as a
// modifier ("the first level dependencies"), that names a type of the
// graph where no noun follows at to ("What level are the Tulsa
// Drillers?"): the asked noun; else to.
func (r *reader) skippedType(from, to int) int {
	noNoun := to >= len(r.st.words) || r.entAt[to] >= 0 || auxiliary(r.st.words[to]) || functionWord(r.st.words[to])
	for k := from; k < to && noNoun; k++ {
		if r.typeNamedAt(k) != "" {
			return k
		}
	}
	return to
}

// qualifiedHead returns the head of the asked noun phrase that starts at
// j: where two of its words after j name types, the last ("Which minor
// league teams"), the words before it marked used as its qualifiers; a
// word that names a type itself, or one qualifier ("Which owl species"
// keeps owl), is its own head.
func (r *reader) qualifiedHead(j int) int {
	if r.typeNamedAt(j) != "" {
		return j
	}
	head, named := j, 0
	for k := j + 1; k < len(r.st.words) && k <= j+3 && r.entAt[k] < 0 && words.ClassOf(r.st.words[k]) == 0 && !functionWord(r.st.words[k]); k++ {
		if r.typeNamedAt(k) != "" {
			head, named = k, named+1
		}
	}
	if named < 2 {
		return j
	}
	for q := j; q < head; q++ {
		r.used[q] = true
	}
	return head
}

// positionBeforeNoun reports whether the word at stream position j is a
// position word of a concept ("upstream", "downstream") said before a
// word known as a noun.
func (r *reader) positionBeforeNoun(j int) bool {
	if j+1 >= len(r.st.words) || r.entAt[j] >= 0 || r.entAt[j+1] >= 0 || !r.knownNoun(j+1) {
		return false
	}
	return slices.ContainsFunc(r.hitsAt(j), func(h words.Hit) bool { return h.Kind == words.HitPosition && h.End == j+1 })
}

// oneWordType reports whether t is a type whose name is one word
// ("laureate", not "Sub-technique", which "sub techniques" names whole).
func oneWordType(t string) bool { return t != "" && len(text.Tokens(t)) == 1 }

// pastQualifier returns the position of the noun an entity at stream
// position j qualifies ("Which Swedish airports", "which cave Pokémon":
// the entity said before the asked noun), or j.
func (r *reader) pastQualifier(j int) int {
	if j < len(r.st.words) && r.entAt[j] < 0 && r.typeNamedAt(j) == "" && !words.IsKindWord(r.st.words[j]) && r.relationQualifier(r.st.words[j]) {
		// "What host tools ...": "host" qualifies host_dependency, the
		// noun after it is the kind asked.
		if k := j + 1; k < len(r.st.words) && r.entAt[k] < 0 && !functionWord(r.st.words[k]) && !auxiliary(r.st.words[k]) &&
			(r.knownNoun(k) || text.Singular(r.st.words[k]) != r.st.words[k]) {
			return k
		}
	}
	if j >= len(r.st.words) || r.entAt[j] < 0 {
		return j
	}
	k := j
	for k < len(r.st.words) && r.entAt[k] == r.entAt[j] {
		k++
	}
	if k < len(r.st.words) && r.entAt[k] < 0 && r.knownNoun(k) {
		return k
	}
	return j
}

// relationQualifier reports whether w is the first word of a relation's
// name that another relation of the same kind does not have (host of
// host_dependency beside depends_on).
func (r *reader) relationQualifier(w string) bool {
	return len(r.qualifierRels(w)) == 1
}

// qualifierRels returns the relations whose name begins with w, a word
// that sets them apart from another relation of their kind.
func (r *reader) qualifierRels(w string) []*relInfo {
	var out []*relInfo
	for _, ri := range r.rels {
		if q, _, ok := strings.Cut(ri.spelled, " "); ok && q == w && !functionWord(q) && ri.concept != words.None &&
			slices.ContainsFunc(r.rels, func(o *relInfo) bool { return o != ri && o.concept == ri.concept }) {
			out = append(out, ri)
		}
	}
	return out
}

// verbAt reports whether a verb starts at stream position j: an
// auxiliary, a concept or relation verb, or a failure word ("what models
// depend on X": "models" is then the asked noun).
func (r *reader) verbAt(j int) bool {
	if j >= len(r.st.words) {
		return false
	}
	if auxiliary(r.st.words[j]) {
		return true
	}
	for _, h := range r.hitsAt(j) {
		if h.Kind == words.HitVerb {
			return true
		}
	}
	for _, rh := range r.rhits {
		if rh.start == j {
			return true
		}
	}
	return r.isCueWord(r.st.words[j])
}

// knownNoun reports whether the word at stream position j is known as a
// noun: a kind word, a type or alias word, a class name word, or a
// concept's role noun.
func (r *reader) knownNoun(j int) bool {
	w := r.st.words[j]
	if words.IsKindWord(w) || r.isTypeWord(w) {
		return true
	}
	for _, h := range r.hitsAt(j) {
		if h.Kind == words.HitNoun {
			return true
		}
	}
	return false
}

// auxiliary reports whether w is a finite auxiliary (classes.txt:
// finite: "is", "does", "can", "has"), "else" or "happen": a word that
// stands between a question's wh-word and its subject, not a noun.
func auxiliary(w string) bool {
	return words.ClassOf(w).Has(words.Finite | words.Else | words.Happen)
}

// asked resolves the asked noun to a type or a name word.
func (r *reader) asked() Asked {
	i := r.askedAt
	if i < 0 {
		return Asked{}
	}
	w := r.st.words[i]
	a := Asked{Word: w}
	if r.s.OpenWorld && wholeGroupWord(w) {
		// Over a graph read from documents a type is the kind noun a
		// name carried ("the API Server"), and most names carry none:
		// the word that names a whole kind group ("components",
		// "things") keeps every answer.
		return a
	}
	if t := r.typeNamedAt(i); t != "" {
		a.Type = t
		a.Also, a.joined = r.joinedKinds(i, t)
		return a
	}
	// "What kind of element is bismuth?": the graph's own classification,
	// where it has one.
	if words.IsClassifier(w) {
		if t := r.classificationType(); t != "" {
			// A type role inference named is what a relation's name
			// says, as namedEndType's are.
			a.Type = t
			if td := r.s.Type(t); td != nil && td.Inferred {
				a.byRelation = true
			}
			return a
		}
	}
	nameWord, named := r.typeNameWord(w)
	if t, byRelation := r.askedByRelations(i, w, nameWord, named); t != "" {
		a.Type, a.byRelation = t, byRelation
		return a
	}
	if words.IsKindWord(w) {
		return a
	}
	if nameWord != "" {
		a.NameWord = nameWord
		return a
	}
	// A noun no type and no class names: the entities whose names carry
	// it, if the walk reaches any (the critic checks).
	a.NameWord = text.Singular(w)
	return a
}

// askedByRelations returns the type the asked word w at stream position i
// names through the graph's relations, and whether it was read from a
// relation's name; nameWord and named are the word type names carry and
// those types (typeNameWord).
func (r *reader) askedByRelations(i int, w, nameWord string, named []string) (string, bool) {
	// A role noun of a concept whose relations end in one type, unless
	// the names of another type say the word and its names do not ("which
	// team": the groups of memberOf are named group-*, the owners team-*).
	for _, h := range r.hitsAt(i) {
		if h.Kind != words.HitNoun {
			continue
		}
		if t := r.roleType(h.Concept, h.Role); t != "" && (nameWord == "" || slices.Contains(named, t)) {
			return t, false
		}
	}
	// Read by kinds (ReadByKinds), a word of a type's name ("species",
	// "pokemon" for pokemon-species): that type, where it is the only one
	// so named, or the only one so named that the entity's kind links to.
	if r.byKinds {
		if t := r.typeByNameWord(w); t != "" {
			return t, false
		}
	} else if r.s.TypesStated() {
		// Stated types of several words ("input_variable",
		// "output_value"): the one type a word of whose name the
		// question says ("Which variables …").
		if t := r.onlyTypeByNameWord(w); t != "" {
			return t, false
		}
	}
	if nameWord != "" {
		// The names of one type carry the word and a relation's name
		// says its objects are of it ("zones" over zones: Zone 1, Zone
		// 2): two witnesses of one kind.
		if len(named) == 1 && (r.pluralNamedEndType(w) == named[0] || r.namedEndType(text.Singular(w)) == named[0]) {
			return named[0], true
		}
		return "", false
	}
	// A noun the names of relations end in, where their objects are one
	// type and no type's names carry the word: the objects of runs_image
	// are images, of homeworld homeworlds ("the homeworlds of the X-wing's
	// pilots": a hop on from the pilots); a plural that is a relation's
	// whole name ("What spells can a Wizard cast?" over spells).
	if t := r.pluralNamedEndType(w); t != "" {
		return t, true
	}
	if t := r.namedEndType(text.Singular(w)); t != "" {
		return t, true
	}
	return "", false
}

// typeNamedAt returns the type whose name, or an alias of it, the
// question's words end with at stream position i, or "".
func (r *reader) typeNamedAt(i int) string {
	for _, t := range r.s.Types {
		if phraseMatches(r.st.words, i, strings.Join(text.Tokens(t.Name), " ")) {
			return t.Name
		}
		for _, al := range t.Aliases {
			if phraseMatches(r.st.words, i, al) {
				return t.Name
			}
		}
	}
	return ""
}

// typeNameWord returns the word the names of some types carry that w is
// a form of ("team" in team-platform), and those types.
func (r *reader) typeNameWord(w string) (string, []string) {
	nameWord, named := "", []string(nil)
	for _, t := range r.s.Types {
		for _, nw := range t.NameWords {
			if words.FormSet(nw)[w] {
				nameWord, named = nw, append(named, t.Name)
			}
		}
	}
	return nameWord, named
}

// classified reports whether a relation named by a classifier noun
// ("type", "category") starts from type t: the graph classifies things
// of t.
func (r *reader) classified(t string) bool {
	return slices.ContainsFunc(r.rels, func(ri *relInfo) bool {
		n := kindNoun(ri.def.Name)
		return n != "" && words.IsClassifier(n) && slices.Contains(ri.def.From, t)
	})
}

// classificationType returns the type that holds the graph's
// classification: the one type named by a classifier noun ("category",
// words.IsClassifier), else the one type the relations named by one
// ("category", "genre") lead to; or "".
func (r *reader) classificationType() string {
	var types []string
	for _, t := range r.s.Types {
		if ws := text.Tokens(t.Name); len(ws) == 1 && words.IsClassifier(ws[0]) {
			types = append(types, t.Name)
		}
	}
	if len(types) == 1 {
		return types[0]
	}
	if len(types) > 1 {
		return ""
	}
	for _, ri := range r.rels {
		if n := kindNoun(ri.def.Name); n == "" || !words.IsClassifier(n) {
			continue
		}
		for _, t := range ri.def.To {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	if len(types) == 1 {
		return types[0]
	}
	return ""
}

// pluralNamedEndType returns the one type of the objects of the
// relation named by the plural noun w alone (spells, languages, traits,
// as exports name a list field), or "".
func (r *reader) pluralNamedEndType(w string) string {
	if text.Singular(w) == w {
		return ""
	}
	for _, ri := range r.rels {
		if toks := text.Tokens(ri.def.Name); len(toks) == 1 && toks[0] == w && len(ri.def.To) == 1 && r.s.Type(ri.def.To[0]) != nil {
			return ri.def.To[0]
		}
	}
	return ""
}

// namedEndType returns the one type that the names of the graph's
// relations say is noun's kind (kindNoun), or "": the objects of
// runs_image are images, those of homeworld (planets) homeworlds.
func (r *reader) namedEndType(noun string) string {
	typ := ""
	for _, ri := range r.rels {
		if kindNoun(ri.def.Name) != noun {
			continue
		}
		to := ri.def.To
		if len(to) > 1 && !words.IsClassifier(noun) {
			// Untyped data, where a name shared by things of two kinds
			// ("Indonesia", a country and a region) merged the classes
			// role inference gives: the class named after the
			// relation's own objects. Not for a classifier noun
			// ("possible_type": what kind a thing is says nothing of
			// which kind of thing).
			own := infer.RoleTypeName(ri.def.Name, true)
			if slices.Contains(to, own) {
				to = []string{own}
			}
		}
		if len(to) != 1 || (typ != "" && typ != to[0]) {
			return ""
		}
		if r.s.Type(to[0]) == nil {
			return ""
		}
		typ = to[0]
	}
	return typ
}

// kindNoun returns the noun a relation's name ends in, which says what
// its objects are ("runs_image", "official_language", "region"), or "": a
// name that ends in a verb form (in -s, -ed or -ing, or a past
// participle) or a word of grammar says no kind ("depends_on", "mounts",
// "built_from"); a field's name says the kind its first word names
// ("composerName"). The word before a closing preposition ("parent_of") says
// what the subjects are, but role inference groups those with the ends of
// other relations: it is not read.
func kindNoun(name string) string {
	toks := withoutNumber(text.Tokens(name)) // major_rock_1: a list's first column of rocks
	if len(toks) == 0 {
		return ""
	}
	if k, ok := words.FieldKind(toks); ok {
		// "composerName", "houseName": the field of a thing its first
		// word names the kind of (the objects are composers).
		return k
	}
	last := toks[len(toks)-1]
	if len(last) < 3 || words.ClassOf(last) != 0 || strings.IndexFunc(last, func(c rune) bool { return c < 'a' || c > 'z' }) >= 0 ||
		strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") || strings.HasSuffix(last, "ed") || strings.HasSuffix(last, "ing") ||
		words.PastForm(last) {
		return ""
	}
	return last
}

// withoutNumber returns a name's words without the number that ends a
// name of several words (major_rock_1: a list's columns told apart), or
// the words as they are.
func withoutNumber(ws []string) []string {
	if n := len(ws); n >= 2 && isDigits(ws[n-1]) {
		return ws[:n-1]
	}
	return ws
}

// wholeGroupWord reports whether w is a kind noun that names its whole
// kind group (kinds.txt: "component", "thing", "software"), not one kind of
// it ("service", "database").
func wholeGroupWord(w string) bool {
	g, ok := words.KindGroup(w)
	return ok && slices.Contains(words.Lemmas(w), g)
}

// roleType returns the one type that plays role in the graph's relations
// of concept c, or "".
func (r *reader) roleType(c words.Concept, role words.Role) string {
	var types []string
	for _, ri := range r.rels {
		if ri.concept != c {
			continue
		}
		ends := ri.def.From
		if ri.subject != role {
			ends = ri.def.To
		}
		for _, t := range ends {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	if len(types) == 1 {
		return types[0]
	}
	return ""
}

func phraseMatches(words []string, i int, phrase string) bool {
	return newPhraseMatcher(phrase).matchesAt(words, i, wordMatcher.isForm)
}

// typeByNameWord returns the type one word of whose name is w (in any
// of its forms): the only one, or the only one the main entity's type
// links to by a relation; "" where there is none or no one.
func (r *reader) typeByNameWord(w string) string {
	forms := words.FormSet(w)
	var named []string
	for _, t := range r.s.Types {
		if slices.ContainsFunc(text.Tokens(t.Name), func(tw string) bool { return forms[tw] }) {
			named = append(named, t.Name)
		}
	}
	if len(named) == 1 {
		return named[0]
	}
	at := ""
	if len(r.ents) > 0 {
		at = r.ents[r.mainEntity()].Type
	}
	if at == "" {
		return ""
	}
	var linked []string
	for _, t := range named {
		if e, _ := r.schemaHop(at, t); t != at && len(e) > 0 {
			linked = append(linked, t)
		}
	}
	if len(linked) == 1 {
		return linked[0]
	}
	return ""
}

// onlyTypeByNameWord returns the one type of several name words, one of
// which w is a form of, where no other type's name has it; or "".
func (r *reader) onlyTypeByNameWord(w string) string {
	forms := words.FormSet(text.Singular(w))
	found := ""
	for _, t := range r.s.Types {
		ws := text.Tokens(t.Name)
		if !slices.ContainsFunc(ws, func(tw string) bool { return forms[tw] }) {
			continue
		}
		if found != "" || len(ws) < 2 {
			return ""
		}
		found = t.Name
	}
	return found
}

// joinedKinds returns the types of the kind words joined by "and" or "or"
// to the asked noun at stream position i, of type t ("Which models and
// seeds"), and the words that join them ("and seeds").
func (r *reader) joinedKinds(i int, t string) (types []string, said string) {
	w := r.st.words
	var saidWords []string
	for k := i + 1; k+1 < len(w) && (w[k] == "and" || w[k] == "or") && r.entAt[k+1] < 0; k += 2 {
		o := r.typeNamedAt(k + 1)
		if o == "" {
			break
		}
		saidWords = append(saidWords, w[k], w[k+1])
		if o != t && !slices.Contains(types, o) {
			types = append(types, o)
		}
	}
	return types, strings.Join(saidWords, " ")
}
