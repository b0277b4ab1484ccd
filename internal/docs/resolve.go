package docs

import (
	"cmp"
	_ "embed"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// Names the open extractor reads are resolved across the documents of an
// index: names with the same text.Key are one entity ("the Ledger
// Database", "ledger DB", ledger-db), and so are a name and the same name
// with a droppable kind noun after it ("the Kafka topic" and "Kafka", "the
// Quote Service" and quote). The entity keeps the name the documents use
// on most lines (then one with its kind noun, then the longer, then the
// first in order); its type is the type its mentions give most. The resolution is derived from the statements
// and mentions each time, so it follows every re-ingest; Index.Merged says
// what it joined.

// TypeThing is the type of an entity the documents name with no kind noun
// ("Valkey", "Kafka").
const TypeThing = "Thing"

// resolved is one name's entity.
type resolved struct {
	Name, Type string
}

// resolution maps every name the index's statements and mentions use to
// its entity; nil when the index was not made by the open extractor (its
// names are the dictionary's own). Names are joined (keyUnion) where their
// keys are equal, where one is the other with its kind noun dropped, where
// they are equal once abbreviations are written out, and where an
// identifier is a project's prefix on a name of its own; each group takes
// its most used name and its most stated type.
func (ix *Index) resolution() map[string]resolved {
	if !ix.Open {
		return nil
	}
	names := ix.namesSeen()
	u := keyUnion{}
	keys := map[string]bool{}
	for n := range names {
		keys[text.Key(n)] = true
	}
	u.joinDroppedKinds(names, keys)
	u.joinLongForms(names)
	u.joinPrefixed(names, keys)
	groups := map[string][]string{}
	for n := range names {
		r := u.find(text.Key(n))
		groups[r] = append(groups[r], n)
	}
	out := map[string]resolved{}
	for _, members := range groups {
		name, typ := groupEntity(members, names)
		for _, m := range members {
			out[m] = resolved{Name: name, Type: typ}
		}
	}
	return out
}

// nameSeen is where a name is used and which types it is stated with.
type nameSeen struct {
	lines map[string]bool // "doc:line" where the name is used
	first int             // the order it was first met in
	types map[string]int
}

// namesSeen returns every name the index's mentions and statements use.
func (ix *Index) namesSeen() map[string]*nameSeen {
	names := map[string]*nameSeen{}
	add := func(name, typ, at string) {
		s := names[name]
		if s == nil {
			s = &nameSeen{lines: map[string]bool{}, first: len(names), types: map[string]int{}}
			names[name] = s
		}
		if !s.lines[at] {
			s.lines[at] = true
			if typ != "" {
				s.types[typ]++
			}
		}
	}
	for _, d := range ix.Documents {
		for _, m := range d.Mentions {
			add(m.Entity, m.Type, d.Path+":"+strconv.Itoa(m.Line))
		}
		for _, s := range d.Statements {
			at := d.Path + ":" + strconv.Itoa(s.Line)
			add(s.Subject, s.SubjectType, at)
			add(s.Object, s.ObjectType, at)
		}
	}
	return names
}

// keyUnion joins names' keys (text.Key) into groups, each named by its
// least key.
type keyUnion map[string]string

// find returns the key of k's group.
func (u keyUnion) find(k string) string {
	if p, ok := u[k]; ok && p != k {
		r := u.find(p)
		u[k] = r
		return r
	}
	u[k] = k
	return k
}

// union joins a's group and b's.
func (u keyUnion) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u[max(ra, rb)] = min(ra, rb)
	}
}

// joinDroppedKinds joins a name with the name it is with its kind noun
// dropped ("Kafka topic", "Kafka"), where that is a name of the index and
// not a generic word.
func (u keyUnion) joinDroppedKinds(names map[string]*nameSeen, keys map[string]bool) {
	for n := range names {
		k := text.Key(n)
		u.find(k)
		if short := wholeShort(n, names); short != "" && keys[text.Key(short)] && !openWords.is("generic-words", strings.ToLower(short)) {
			u.union(k, text.Key(short))
		}
	}
}

// wholeShort is sameThingShort, "" where the documents name the short form
// with two capitalised kind nouns of running programs or more ("SPIRE
// Server", "SPIRE Agent"): the short form names the whole those are parts
// of, neither of them.
func wholeShort(name string, names map[string]*nameSeen) string {
	short := sameThingShort(name)
	if ws := strings.Fields(name); short == "" || ws[len(ws)-1] == strings.ToLower(ws[len(ws)-1]) {
		return short // "Kafka topic": a common noun after the name is still the named thing's
	}
	base := text.Key(short)
	kinds := map[string]bool{}
	for n := range names {
		ws := strings.Fields(n)
		if len(ws) < 2 || text.Key(strings.Join(ws[:len(ws)-1], " ")) != base {
			continue
		}
		last := strings.ToLower(ws[len(ws)-1])
		if ws[len(ws)-1] == last {
			continue // "Contour instance", "the Prometheus server": a common noun after the name, no proper name of a part
		}
		if openWords.kind(last) == "Service" {
			kinds[singular(last)] = true
		}
	}
	if len(kinds) >= 2 {
		return ""
	}
	return short
}

// sameThingShort is a name with its kind noun dropped where what is left
// names the same thing (dropKind: "Kafka topic" → "Kafka", "Ledger
// Database Service" → "Ledger Database"), "" where it does not: a common
// noun phrase, all lower case, whose rest ends in a kind noun of its own
// names a thing of that rest ("data plane proxy" is a proxy of the data
// plane, not the data plane).
func sameThingShort(name string) string {
	short := dropKind(name)
	if short == "" {
		return ""
	}
	ws := strings.Fields(short)
	if len(ws) > 1 && name == strings.ToLower(name) && openWords.kind(ws[len(ws)-1]) != "" {
		return ""
	}
	return short
}

// joinLongForms joins names equal once their short forms are written out
// (package words' abbreviations: "payment-svc" and "the payment service",
// "k8s" and "Kubernetes"), the kind noun maybe dropped.
func (u keyUnion) joinLongForms(names map[string]*nameSeen) {
	byLong := map[string]string{}
	for _, n := range slices.Sorted(maps.Keys(names)) {
		if l := longKey(n); l != "" {
			if k, ok := byLong[l]; ok {
				u.union(k, text.Key(n))
			} else {
				byLong[l] = text.Key(n)
			}
		}
	}
	for n := range names {
		if short := wholeShort(n, names); short != "" && !openWords.is("generic-words", strings.ToLower(short)) {
			if k, ok := byLong[longKey(short)]; ok && longKey(short) != "" {
				u.union(text.Key(n), k)
			}
		}
	}
}

// joinPrefixed joins an identifier with a project's prefix on a
// component's name to the component: "argocd-repo-server" is the "Repo
// Server" of the documents about Argo CD. The prefix is the key of a name
// of the index and starts three names or more; what follows it is two
// words or more and a name of its own.
func (u keyUnion) joinPrefixed(names map[string]*nameSeen, keys map[string]bool) {
	firsts := map[string]int{}
	for n := range names {
		if ts := text.KeyTokens(n); len(ts) >= 2 {
			firsts[ts[0]]++
		}
	}
	for n := range names {
		ts := text.KeyTokens(n)
		if len(ts) < 3 || firsts[ts[0]] < 3 || !keys[ts[0]] || strings.ContainsAny(n, " \t") {
			continue // "Kubernetes API server" is no component of Kubernetes's name: only identifiers are prefixed
		}
		if rest := strings.Join(ts[1:], ""); keys[rest] {
			u.union(text.Key(n), rest)
		}
	}
}

// groupEntity returns the name and type a group of names resolves to: the
// name used on the most lines (then one with its kind noun, then the
// longest, then the first met), and the type stated most often for any of
// them (TypeThing where none is).
func groupEntity(members []string, names map[string]*nameSeen) (string, string) {
	kinded := func(n string) int {
		if dropKind(n) != "" {
			return 1
		}
		return 0
	}
	slices.SortFunc(members, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(names[b].lines), len(names[a].lines)), cmp.Compare(kinded(b), kinded(a)),
			cmp.Compare(len(strings.Fields(b)), len(strings.Fields(a))), cmp.Compare(names[a].first, names[b].first))
	})
	types := map[string]int{}
	for _, m := range members {
		for t, c := range names[m].types {
			types[t] += c
		}
	}
	typ := ""
	for t, c := range types {
		if c > types[typ] || c == types[typ] && t < typ {
			typ = t
		}
	}
	if typ == "" {
		typ = TypeThing
	}
	return members[0], typ
}

// longKey is a name's key (text.Key) with each short form written out
// ("k8s-api" → "kubernetesapi"), "" for a name of no words.
func longKey(name string) string {
	var out []string
	for _, t := range text.KeyTokens(name) {
		if l, ok := words.LongForm(t); ok {
			out = append(out, l...)
			continue
		}
		out = append(out, t)
	}
	return strings.Join(out, "")
}

// dropKind returns a name without its last word when that word is a
// droppable kind noun ("Kafka topic" → "Kafka"), "" otherwise.
func dropKind(name string) string {
	ws := strings.Fields(name)
	if len(ws) < 2 || !openWords.is("droppable-kinds", strings.ToLower(ws[len(ws)-1])) {
		return ""
	}
	return strings.Join(ws[:len(ws)-1], " ")
}

// Merge is a set of names the index resolved to one entity.
type Merge struct {
	Entity string   `json:"entity"`
	Type   string   `json:"type,omitempty"`
	Names  []string `json:"names"`
}

// Merged lists the entities the resolution joined several names into,
// sorted by entity.
func (ix *Index) Merged() []Merge {
	by := map[string]*Merge{}
	for n, r := range ix.resolution() {
		m := by[r.Name]
		if m == nil {
			m = &Merge{Entity: r.Name, Type: r.Type}
			by[r.Name] = m
		}
		m.Names = append(m.Names, n)
	}
	var out []Merge
	for _, m := range by {
		if len(m.Names) > 1 {
			slices.Sort(m.Names)
			out = append(out, *m)
		}
	}
	slices.SortFunc(out, func(a, b Merge) int { return cmp.Compare(a.Entity, b.Entity) })
	return out
}

// readingGroups maps a relation phrase to its group's own phrase
// (package words' readings.txt, which the question reader reads too).
var readingGroups = func() map[string]string {
	out := map[string]string{}
	for _, r := range words.Readings() {
		out[r.Phrase] = r.Group
	}
	return out
}()

// canonicalPhrase is the phrase of the relation a phrase is read as: the
// concept's own phrase for a verb that names a concept as a whole ("rely
// on", "need" and "require" are "depend on"; "maintain" is "own"); for a phrase of an act of package words ("consume", "fetch
// from" and "query" are the act read), the act's own phrase; else its
// readings group (package words); else the phrase itself.
func canonicalPhrase(p string) string {
	if c, ok := genericConcept(p); ok {
		return conceptPhrase[c]
	}
	if a, ok := actPhrases()[p]; ok {
		return a
	}
	if h, ok := readingGroups[p]; ok && h != p {
		return canonicalPhrase(h) // "store in" is "persist in", which words names
	}
	if h, ok := openWords.readings[p]; ok && h != p {
		return canonicalPhrase(h) // "signal": a phrase of the documents only ([readings])
	}
	return p
}

// actPhrases maps every phrase of an act of package words to the act's
// own phrase: the verb phrase that is the act's name, else the first verb
// phrase of the act in file order. A phrase of several acts takes the one
// whose own phrase it is, else the last it names ("derived from" is
// derive, not consume).
var actPhrases = sync.OnceValue(func() map[string]string {
	own := map[string]string{}
	cps := words.ConceptPhrases()
	for _, cp := range cps {
		for _, s := range cp.Senses {
			if s.Part != words.Verb {
				continue
			}
			for _, a := range s.Acts {
				if cur, ok := own[a]; !ok || cp.Text == a && cur != a {
					own[a] = cp.Text
				}
			}
		}
	}
	out := map[string]string{}
	for _, cp := range cps {
		var acts []string
		for _, s := range cp.Senses {
			if s.Part == words.Verb {
				acts = append(acts, s.Acts...) // "feeds" reads the other way: not renamed
			}
		}
		if len(acts) == 0 {
			continue
		}
		rep := own[acts[len(acts)-1]]
		for _, a := range acts {
			if own[a] == cp.Text {
				rep = cp.Text
			}
		}
		if rep != "" {
			out[cp.Text] = rep
		}
	}
	return out
})

// OpenSchema is the schema a graph read by the open extractor is stored
// with: the document graph's types and relations (SchemaFor), marked
// open-world, with every entity the resolution joined several names into
// and its other names as aliases, so that a question naming any of them
// links. Relations are left to inference (infer.Infer reads their meaning
// from their names).
func OpenSchema(ix *Index) *graph.Schema {
	s := SchemaFor(nil)
	s.OpenWorld = true
	types := map[string]bool{}
	for _, r := range ix.resolution() {
		types[r.Type] = true
	}
	for _, t := range slices.Sorted(maps.Keys(types)) {
		if s.Type(t) == nil && text.ValidIdentifier(t) {
			desc := "Named in the documents with a kind noun that says so."
			if t == TypeThing {
				desc = "Named in the documents with no kind noun."
			}
			s.Types = append(s.Types, graph.TypeDef{Name: t, Description: desc})
		}
	}
	for _, m := range ix.Merged() {
		var aliases []string
		for _, n := range m.Names {
			if n != m.Entity {
				aliases = append(aliases, n)
			}
		}
		s.Entities = append(s.Entities, graph.EntityDef{Name: m.Entity, Type: m.Type, Aliases: aliases})
	}
	return s
}

// Reading is a relation of the index with the phrases the documents state
// it with.
type Reading struct {
	Relation string   `json:"relation"`
	Phrases  []string `json:"phrases"`
	Facts    int      `json:"facts"`
}

// Readings lists the index's relations with the relation phrases read for
// each ("CALLS": "calls", "queries", "forwards to"), by relation.
func (ix *Index) Readings() []Reading {
	phrases := map[string]map[string]bool{}
	for _, d := range ix.Documents {
		for _, s := range d.Statements {
			if phrases[s.Relation] == nil {
				phrases[s.Relation] = map[string]bool{}
			}
			if s.Phrase != "" {
				phrases[s.Relation][ThirdPersonPhrase(s.Phrase)] = true
			}
		}
	}
	facts := map[string]int{}
	for _, t := range ix.Facts() {
		facts[t.Relation]++
	}
	var out []Reading
	for r, ps := range phrases {
		out = append(out, Reading{Relation: r, Phrases: slices.Sorted(maps.Keys(ps)), Facts: facts[r]})
	}
	slices.SortFunc(out, func(a, b Reading) int { return cmp.Compare(a.Relation, b.Relation) })
	return out
}

// ThirdPersonPhrase writes a relation phrase as a sentence states it:
// "depend on" → "depends on".
func ThirdPersonPhrase(p string) string {
	ws := strings.Fields(p)
	if len(ws) == 0 || ws[0] == "part" || ws[0] == "member" || ws[0] == "on" {
		return p
	}
	ws[0] = thirdForm(ws[0])
	return strings.Join(ws, " ")
}

// Unstated is a line of a document that names an entity beside another
// and states no fact about it that the extractor read: over an open-world
// graph, an answer about the entity may miss what the line says.
type Unstated struct {
	Document string `json:"document"`
	Chunk    string `json:"chunk"`
	Line     int    `json:"line"`
}

// UnstatedAbout lists the lines that name entity (its resolved name)
// beside another entity and state no fact about it, by document and line.
func (ix *Index) UnstatedAbout(entity string) []Unstated {
	res := ix.resolution()
	name := func(n string) string {
		if r, ok := res[n]; ok {
			return r.Name
		}
		return n
	}
	var out []Unstated
	for _, d := range ix.Documents {
		names := map[int]map[string]bool{}
		chunkOf := map[int]string{}
		for _, m := range d.Mentions {
			if names[m.Line] == nil {
				names[m.Line] = map[string]bool{}
				chunkOf[m.Line] = m.Chunk
			}
			names[m.Line][name(m.Entity)] = true
		}
		stated := map[int]bool{}
		for _, s := range d.Statements {
			if name(s.Subject) == entity || name(s.Object) == entity {
				stated[s.Line] = true
			}
		}
		for line, ns := range names {
			if ns[entity] && len(ns) > 1 && !stated[line] {
				out = append(out, Unstated{Document: d.Path, Chunk: chunkOf[line], Line: line})
			}
		}
	}
	slices.SortFunc(out, func(a, b Unstated) int {
		return cmp.Or(cmp.Compare(a.Document, b.Document), cmp.Compare(a.Line, b.Line))
	})
	return out
}

// ResolvedDocuments returns the documents with their mentions and
// statements named by the entities the resolution joined their names into
// (the documents themselves when the index has no resolution): what the
// graph's facts and MENTIONS edges name.
func (ix *Index) ResolvedDocuments() []Document {
	res := ix.resolution()
	if res == nil {
		return ix.Documents
	}
	out := make([]Document, len(ix.Documents))
	for i, d := range ix.Documents {
		d.Mentions = slices.Clone(d.Mentions)
		for k, m := range d.Mentions {
			if r, ok := res[m.Entity]; ok {
				d.Mentions[k].Entity, d.Mentions[k].Type = r.Name, r.Type
			}
		}
		d.Statements = slices.Clone(d.Statements)
		for k, s := range d.Statements {
			d.Statements[k] = resolveStatement(s, res)
		}
		out[i] = d
	}
	return out
}
