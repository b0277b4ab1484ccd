package reader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
)

// Form is the form of a question.
type Form uint8

// The forms.
const (
	FormWh       Form = iota + 1 // "Which teams does X lead?"
	FormYesNo                    // "Does X depend on Y?"
	FormRequest                  // "List the members of X."
	FormFragment                 // "X leads?", "Direct dependencies of X"
)

var formNames = map[Form]string{FormWh: "wh", FormYesNo: "yes/no", FormRequest: "request", FormFragment: "fragment"}

func (f Form) String() string { return formNames[f] }

// NodeKind is what a noun phrase of the frame stands for.
type NodeKind uint8

// The node kinds.
const (
	NodeEntity NodeKind = iota + 1 // an entity of the graph
	NodeAsked                      // what the question asks for
	NodeKindOf                     // some things of a kind ("the teams")
	NodeNoun                       // what a relation noun names ("the members")
	NodeVar                        // something the question does not name ("something", "them")
)

var nodeKindNames = map[NodeKind]string{NodeEntity: "entity", NodeAsked: "asked", NodeKindOf: "kind", NodeNoun: "noun", NodeVar: "var"}

func (k NodeKind) String() string { return nodeKindNames[k] }

// Node is a noun phrase of the frame.
type Node struct {
	Kind NodeKind
	// Ent is the entity (NodeEntity), or -1.
	Ent int
	// Kinds are the kind words on the phrase ("teams", "working groups").
	Kinds *kindMention
	// Noun is the relation noun that heads the phrase ("members").
	Noun *relMention
	// Mods are entities that modify the phrase ("feature-complete
	// services": the services in feature-complete).
	Mods []int
	// Also are entities coordinated with Ent ("X and Y").
	Also []int
	// i, j are the tokens of the phrase.
	i, j int
	// asked: the phrase is what the question asks for.
	asked bool
	// inner: the phrase is the object of a clause that modifies another
	// phrase ("the services depending on VROOM"); a verb further on looks
	// past it for its subject.
	inner bool
	// outer is the phrase an inner phrase's clause modifies, or -1.
	outer int
	// maybeKind: a relation noun that also names a kind; without a
	// complement it is the kind.
	maybeKind bool
	// roleOf, for a relation noun said of an entity ("X as a
	// dependency", "X among their dependencies"), is the entity's node
	// (it plays what the noun names), when hasRole.
	roleOf  int
	hasRole bool
	// possessor: an entity whose possessive names a kind of thing related
	// to it ("web-app's node"): the possessed phrase heads.
	possessor bool
	// pre is a kind noun before the relation noun that heads the phrase
	// ("team" of "team leads"): the noun's complement is of that kind,
	// one hop from the entity named with it where that is not.
	pre *kindMention
}

// Link is a relation mention of the frame with the phrases on its two
// sides: X plays the end its candidates name (a verb's subject, what a
// noun names, the answers of a position), Y the other.
type Link struct {
	M    *relMention
	X, Y int
	// Rule names the frame rule that bound the sides.
	Rule string
	// Passive: the question says the verb in the passive ("led by X"):
	// X is what the act is done to. A relation stated as a participle
	// ("written_by") reads X at its stated end; one stated actively
	// ("leads") at the other.
	Passive bool
}

// xEnd returns the relation end that X plays for candidate c: the
// candidate's end when the question says the verb in the voice the
// relation's name states it, the other end otherwise.
func (l *Link) xEnd(c relCand) End {
	if l.Passive != c.stated {
		return c.end.Other()
	}
	return c.end
}

// Frame is a question read into its parts.
type Frame struct {
	Q     string
	v     *vocab
	toks  []token
	ents  []Entity
	cues  []cueMention
	rels  []*relMention
	kinds []*kindMention
	Form  Form
	Nodes []*Node
	Links []*Link
	// Asked is the node the question asks for, or -1 (a yes or no).
	Asked int
	// Failure, when the question asks what a failure affects, says which
	// entity fails and which phrase the affected are.
	Failure *failure
	// Extent is what the question says of how far to go.
	Extent extent
	// Optional: the question asks for optional dependencies too.
	Optional bool
	// Former: the question asks for a past relation ("used to").
	Former bool
	// foreign are phrases of a kind of relation the graph has none of
	// ("on call for" where there are only CALLS).
	foreign []string
	// headNouns are the plain nouns that head a relation noun's phrase
	// ("feature" of "the parent feature of X"), kinds no type checks.
	headNouns []string
	// repeatedNouns are the spans [start, end) of the repeated nouns
	// words.RepeatedNoun finds ("including kinds of kinds"), read once by
	// readRepeatedNoun.
	repeatedNouns [][2]int
	// context are the structures the question says it walks ("dag",
	// "hierarchy", "pipeline").
	context []string
	// contextKinds are the types such a structure is made of ("the job
	// graph": jobs).
	contextKinds []string
	// owner says, per token, which part of the frame explains it ("" for
	// a word no part explains).
	owner []string
	// supportGuess is the position of a verb that names nothing the
	// graph has, read as saying the role the noun after it names ("who
	// started on pole for X"), or -1.
	supportGuess int
}

// extent is what the question says of how far to go.
type extent struct {
	said       bool
	transitive bool
	// both names two cues of opposite extents, or a negated one.
	both string
	text string
}

// failure is what a question about a failure's reach says.
type failure struct {
	// ent is the failing entity; also are those failing with it.
	ent  int
	also []int
	// affected is the node of the affected things, or -1; target is the
	// entity asked about ("is Y affected if X fails"), or -1.
	affected int
	target   int
	// cause: the question asks what could affect ent ("what could take
	// X down"), not what ent affects.
	cause bool
	text  string
}

func (f *Frame) own(i, j int, part string) {
	for k := i; k < j && k < len(f.owner); k++ {
		if f.owner[k] == "" {
			f.owner[k] = part
		}
	}
}

func (f *Frame) node(n int) *Node {
	if n < 0 || n >= len(f.Nodes) {
		return nil
	}
	return f.Nodes[n]
}

// String writes the frame for tests: its form, nodes, links, failure,
// extent, and the words no part explains.
func (f *Frame) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "form %s", f.Form)
	if f.Extent.said {
		ext := "direct"
		if f.Extent.transitive {
			ext = "transitive"
		}
		fmt.Fprintf(&b, "; extent %s (%q)", ext, f.Extent.text)
	}
	b.WriteString("\n")
	for i, n := range f.Nodes {
		fmt.Fprintf(&b, "  n%d %s %q", i, n.Kind, span(f.toks, n.i, n.j))
		if n.asked {
			b.WriteString(" asked")
		}
		if n.Ent >= 0 {
			fmt.Fprintf(&b, " = %s", f.ents[n.Ent].Name)
		}
		if n.Kinds != nil {
			fmt.Fprintf(&b, " kind %q %v", n.Kinds.text, n.Kinds.types)
		}
		for _, m := range n.Mods {
			fmt.Fprintf(&b, " mod %s", f.ents[m].Name)
		}
		b.WriteString("\n")
	}
	for _, l := range f.Links {
		var rels []string
		for _, c := range l.M.strongest() {
			rels = append(rels, c.rel.name+"."+c.end.String())
		}
		if l.M.best() == byTypes {
			rels = []string{"any relation"}
		}
		fmt.Fprintf(&b, "  %s %q n%d→n%d [%s] by %s (%s)\n", l.M.form, l.M.text, l.X, l.Y, strings.Join(rels, " "), l.M.best(), l.Rule)
	}
	if fl := f.Failure; fl != nil {
		fmt.Fprintf(&b, "  failure (%q) affects n%d\n", fl.text, fl.affected)
	}
	var unread []string
	for i, o := range f.owner {
		if o == "" {
			unread = append(unread, f.toks[i].low)
		}
	}
	if len(unread) > 0 {
		fmt.Fprintf(&b, "  unread: %s\n", strings.Join(unread, " "))
	}
	return b.String()
}

// dropVerbsReadAsNouns drops the noun mentions of one word that the
// question's grammar makes its verb: after the wh-word and its noun, a
// word that agrees with the noun ("Which team plays at X", "What teams
// play in X") and after "who" a present singular ("Who plays at X"), then
// a preposition, a determiner or an entity. A relation whose name has
// the word only as a noun ("play" of firstYearOfPlay) is not what it says.
func (f *Frame) dropVerbsReadAsNouns() {
	verbAt := func(i int) bool {
		t := f.toks[i]
		if i+1 >= len(f.toks) || i < 1 || t.ent >= 0 || t.class != 0 {
			return false
		}
		if next := f.toks[i+1]; !(next.ent >= 0 || next.class.Has(words.Prep|words.Det)) {
			return false
		}
		prev := f.toks[i-1]
		sing := text.Singular(t.low) != t.low
		if prev.is("who") {
			return sing
		}
		if i < 2 || prev.ent >= 0 || prev.class != 0 || !f.toks[i-2].is("which", "what") {
			return false
		}
		nounPlural := text.Singular(prev.low) != prev.low
		return sing != nounPlural
	}
	f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool {
		return m.form == mNoun && m.end == m.start+1 && verbAt(m.start)
	})
}

// ownDescriptors sets aside the head noun of an entity's mention that
// begins with an article, where it names no relation ("the kangaroo
// emoji", "the billing widget"): it says what the entity is, and asks
// nothing (as the rule reader's kindAfterName).
func (f *Frame) ownDescriptors() {
	for i := 1; i < len(f.toks); i++ {
		t, prev := f.toks[i], f.toks[i-1]
		if t.ent >= 0 || prev.ent < 0 || f.relAt(i) != nil || f.cueAt(i) != nil || !words.NounAfterName(t.low) || t.class.Has(words.Prep|words.Conj|words.Aux|words.Be|words.Have|words.Modal|words.Wh|words.Det) {
			continue
		}
		said := strings.Fields(strings.ToLower(prev.raw))
		if len(said) > 1 && words.ClassOf(said[0]).Has(words.Article) || i >= 2 && f.toks[i-2].class.Has(words.Article) {
			f.toks[i].aside = true
			f.own(i, i+1, "descriptor")
		}
	}
}

// newFrame reads the question into its frame.
func newFrame(q string, ents []Entity, v *vocab) *Frame {
	f := &Frame{Q: q, v: v, ents: ents, Asked: -1}
	f.toks = tokenize(q, ents)
	f.owner = make([]string, len(f.toks))
	f.supportGuess = -1
	for i, t := range f.toks {
		if t.ent >= 0 {
			f.owner[i] = "entity"
		}
	}
	f.cues = spotCues(f.toks)
	f.readExtent()
	for _, c := range f.cues {
		if c.cues.Has(words.Transitive|words.Direct) && !f.nounLike(c) {
			for k := c.start; k < c.end; k++ {
				f.toks[k].aside = true
			}
		}
	}
	for i, t := range f.toks {
		if t.class.Has(words.Filler) && t.ent < 0 {
			f.toks[i].aside = true
		}
	}
	f.Optional = slices.ContainsFunc(f.cues, func(c cueMention) bool { return c.cues.Has(words.Optional) })
	f.rels = spotRelations(f.toks, v, f.Optional)
	// Phrases of a concept the graph lacks name no relation here, but for
	// a noun with its "of", which the types ground.
	spotted := slices.Clone(f.rels)
	f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool {
		switch {
		case len(m.cands) > 0, f.ofPhrase(m, spotted) && v.groundByTypes(m):
			return false
		case !m.typesOnly:
			f.foreign = append(f.foreign, m.text)
		}
		return true
	})
	// Their words stay read where a phrase the graph has covers them.
	f.foreign = slices.DeleteFunc(f.foreign, func(w string) bool {
		return slices.ContainsFunc(f.rels, func(m *relMention) bool { return strings.Contains(w, m.text) })
	})
	f.rels = joinSameNouns(f.toks, f.rels)
	f.dropVerbsReadAsNouns()
	f.ownDescriptors()
	f.dropCueClashes()
	f.dropRepeatedNounMentions()
	f.kinds = spotKinds(f.toks, v)
	f.dropConceptsInKindNames()
	f.resolveForms()
	f.contextPhrases()
	f.readFormer()
	f.readForm()
	f.chunk()
	f.bindNouns()
	f.bindPredicates(v)
	f.readFailure(v)
	f.readAsked()
	f.ownFunctionWords()
	return f
}

// joinSameNouns joins two relation nouns coordinated by "and" or "or"
// that name the same relations the same way ("brothers and sisters" of
// siblings) into one mention: one phrase, not two complements.
func joinSameNouns(toks []token, rels []*relMention) []*relMention {
	same := func(a, b *relMention) bool {
		return slices.EqualFunc(a.cands, b.cands, func(x, y relCand) bool { return x.rel == y.rel && x.end == y.end })
	}
	var out []*relMention
	for _, m := range rels {
		if n := len(out); n > 0 {
			p := out[n-1]
			if p.form == mNoun && m.form == mNoun && m.start == p.end+1 && toks[p.end].is("and", "or") && len(p.cands) > 0 && same(p, m) {
				j := *p
				j.end, j.text = m.end, span(toks, p.start, m.end)
				out[n-1] = &j
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// ofPhrase reports whether a mention is a noun with its "of" ("the
// members of X"): its complement follows, and no relation noun of rels or
// entity right before it is the phrase's head.
func (f *Frame) ofPhrase(m *relMention, rels []*relMention) bool {
	if m.start > 0 && (f.toks[m.start-1].ent >= 0 || slices.ContainsFunc(rels, func(o *relMention) bool {
		return o != m && o.end == m.start && o.form == mNoun && !o.zero && len(o.cands) > 0
	})) {
		return false // "the parent team of X", "X part of": another head
	}
	return f.toks[m.end-1].is("of") || m.end < len(f.toks) && f.toks[m.end].is("of")
}

// dropConceptsInKindNames drops the relation mentions that only a
// concept grounds, said as verbs, inside a type's name of several words
// the question says, and the failure cues there ("rise to power" of RiseToPower holds
// no dependency "power", "cause of death" no failure "death"): the words
// name a kind.
func (f *Frame) dropConceptsInKindNames() {
	inKindName := func(start, end int) bool {
		return slices.ContainsFunc(f.kinds, func(k *kindMention) bool {
			return len(k.types) > 0 && k.end-k.start >= 2 && k.start <= start && end <= k.end
		})
	}
	f.rels = slices.DeleteFunc(f.rels, func(m *relMention) bool {
		return m.form != mNoun && !slices.ContainsFunc(m.cands, func(c relCand) bool { return c.by < byConcept }) && inKindName(m.start, m.end)
	})
	f.cues = slices.DeleteFunc(f.cues, func(c cueMention) bool {
		return c.cues.Has(words.Consequence|words.Fails|words.FailureOf|words.FailureNoun|words.Cause) && inKindName(c.start, c.end)
	})
}

// nounLike reports whether an extent cue is a noun or an adjective ("the
// whole tree", "a direct dependency"), which phrases are not read across.
func (f *Frame) nounLike(c cueMention) bool {
	w := f.toks[c.start].low
	return !(len(w) > 2 && w[len(w)-2:] == "ly") && c.end-c.start == 1
}

// entityLinked reports whether a link of the frame binds a node of
// entity e, or the entity modifies a phrase: the question says how it
// bears on the rest.
func (f *Frame) entityLinked(e int) bool {
	isE := func(n int) bool {
		nd := f.node(n)
		return nd != nil && nd.Kind == NodeEntity && (nd.Ent == e || slices.Contains(nd.Also, e))
	}
	for _, l := range f.Links {
		if isE(l.X) || isE(l.Y) {
			return true
		}
	}
	return slices.ContainsFunc(f.Nodes, func(n *Node) bool { return slices.Contains(n.Mods, e) })
}

// setAside reports whether the question sets entity e aside from the
// answers ("besides nodejs"; words.SetsAside): the plan excludes it where
// no reading uses it.
func (f *Frame) setAside(e int) bool {
	k := slices.IndexFunc(f.toks, func(t token) bool { return t.ent == e })
	if k < 0 {
		return false
	}
	return words.SetsAside(lows(f.toks[:k]))
}
