package plan

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/reading"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// A reading is certified only when it explains the whole question. The
// two checks here hold a rule reading below sureReading where it does not:
//
//   - a word no part of the reading explains (not an entity's mention, a
//     word the reading was read by or a word of a relation it walks, a
//     function word, a cue, a kind word or the asked kind's noun):
//     "Who are the in-laws (spouse's parents) of X?" read as X's parents
//     leaves "in-laws" and "spouse" unread;
//   - on a graph with no schema, a relation the question names by its own
//     name walked beside others in one step of a reading that is not a
//     said closure: "What does X depend on?" read through depends_on and
//     five relations the engine guessed to be of its kind (a schema that
//     gives them one concept says they are one).
//
// Neither changes what is walked: the answers stay, the claim goes (for
// the second, a union that finds nothing still proves a "none"). The
// second reads the named relation alone first, which says what the
// question says and is claimed as any reading is, unless the entity has
// parts the reading may count (countsParts).

// doubtedConfidence is the confidence a reading keeps when a check doubts
// it: below sureReading, so that the critic does not certify it.
const doubtedConfidence = 0.75

// doubtUnexplained lowers the sure readings of a rule plan that leave a
// word of the question unexplained, and marks each reading that walks a
// relation the question names beside others (state.Reading.NamedBeside),
// for the critic to judge with the walk's outcome.
func doubtUnexplained(qw questionWordsOf, s *graph.Schema, pl *state.Plan) {
	if len(pl.Readings) == 0 || len(pl.Chains) == 0 {
		return
	}
	top := pl.Readings[0]
	if left := planUnexplained(qw, s, *pl); len(left) > 0 {
		if len(left) > 5 {
			left = append(left[:5], "…")
		}
		why := "words no part of the reading explains: " + strings.Join(left, ", ")
		doubtSure(pl, why)
	}
	if len(pl.Anchors) > 0 {
		if n, w, ok := qualifiedInstead(namedNotOnlyAsKind(qw, s, pl.Anchors[0].Type), pl.Chains[0], qw.toks, s, pl.Anchors[0].Type); ok {
			// "Which API calls need the storage.buckets.get
			// permission?" read through includedPermissions, beside
			// permissions, the relation the question names whole.
			doubtSure(pl, fmt.Sprintf("the question names %s, and the reading walks %s, whose name says more", n, w))
		}
	}
	if top.Extent == state.ExtentDirect && !top.ExtentSaid {
		if w := closureWord(qw.toks, top.Concept); w != "" {
			why := fmt.Sprintf("%q names every generation of the relation; the reading took one hop (say \"directly\" or \"at any depth\")", w)
			doubtSure(pl, why)
		}
	}
	if !s.Inferred {
		return
	}
	readFirst(pl, func(rd *state.Reading, c state.Chain) (state.Reading, state.Chain, bool) {
		if rd.Extent == state.ExtentTransitive && rd.ExtentSaid {
			return state.Reading{}, state.Chain{}, false
		}
		rd.NamedBeside = namedBeside(qw.named, c, s)
		alone, walked := namedAlone(qw.named, c, s)
		beside := besideOf(c, alone)
		if len(walked) == 0 || len(beside) == 0 {
			return state.Reading{}, state.Chain{}, false
		}
		// The relation the question names, walked alone, is read first;
		// the union after it, where the named one finds nothing.
		first := *rd
		first.NamedBeside = ""
		if countsParts(pl.Chains, c) {
			// "What does umbrella-shop depend on directly?", where its
			// subcharts are inside it: what it depends on may count them.
			first.NamedBeside = fmt.Sprintf("the question names %s; read through it alone, not beside %s, which only the graph's shape puts of its kind", text.List(walked, "and"), text.List(beside, "and"))
		}
		first.Text = throughOnly(rd.Text, c, alone)
		return first, alone, true
	})
}

// countsParts reports whether the plan has a reading that walks chain c
// after descending into the anchor's parts (reading's throughParts: a
// repeated first step, then c's steps).
func countsParts(chains []state.Chain, c state.Chain) bool {
	return slices.ContainsFunc(chains, func(o state.Chain) bool {
		return len(o.Steps) == len(c.Steps)+1 && o.Steps[0].Repeat && slices.EqualFunc(o.Steps[1:], c.Steps, func(a, b state.ChainStep) bool {
			return a.Repeat == b.Repeat && slices.Equal(a.Edges, b.Edges)
		})
	})
}

// readFirst lets each reading of the plan that has a chain put another
// reading, with its chain, before it: f may also change the reading it is
// given. Chains beyond the readings stay at the end.
func readFirst(pl *state.Plan, f func(rd *state.Reading, c state.Chain) (state.Reading, state.Chain, bool)) {
	var readings []state.Reading
	var chains []state.Chain
	for i, rd := range pl.Readings {
		if i >= len(pl.Chains) {
			readings = append(readings, rd)
			continue
		}
		c := pl.Chains[i]
		if first, fc, ok := f(&rd, c); ok {
			readings = append(readings, first)
			chains = append(chains, fc)
		}
		readings = append(readings, rd)
		chains = append(chains, c)
	}
	pl.Readings, pl.Chains = readings, append(chains, pl.Chains[min(len(pl.Chains), len(pl.Readings)):]...)
}

// oneHopByName reads a dependency asked for with no word for how far as
// one hop where the question's words name every relation the first step
// walks ("What does nginx depend on?" through depends_on, "What uses X?"
// through uses, "the compile dependencies of X" through compile): the
// relation's facts, as the words are commonly meant. The closure is as
// fair a reading (state.Reading.ClosureFair), so the critic certifies
// none of the one-hop answers, and the closure is kept as the next
// reading, walked where one hop reaches nothing of the asked kind.
// Dependency in general ("what relies on X" over calls and reads_from,
// "X's dependencies" over depends_on) keeps the closure.
func oneHopByName(qw questionWordsOf, s *graph.Schema, pl *state.Plan) {
	readFirst(pl, func(rd *state.Reading, c state.Chain) (state.Reading, state.Chain, bool) {
		if !rd.ClosureByDefault || rd.Extent != state.ExtentTransitive || rd.ExtentSaid || len(c.Steps) == 0 || !allNamed(qw.named, c.Steps[0], s) {
			return state.Reading{}, state.Chain{}, false
		}
		one := *rd
		one.Extent, one.ClosureFair = state.ExtentDirect, true
		one.Text = strings.Replace(rd.Text, reading.UnsaidClosure, "", 1)
		hop := c
		hop.Steps = slices.Clone(c.Steps)
		hop.Steps[0].Repeat = false
		return one, hop, true
	})
}

// everythingFair marks as ClosureFair a one-hop reading that asks for
// everything or all and does not say how far, of a dependency
// ("Everything X is derived from") or of a relation that links things of
// one kind to each other ("all supertypes of X" over subClassOf): every
// generation is as fair a reading, and the critic certifies none of the
// one hop's answers.
func everythingFair(qw questionWordsOf, s *graph.Schema, pl *state.Plan) {
	if !slices.ContainsFunc(qw.toks, func(t string) bool { return t == "everything" || t == "anything" || t == "all" || t == "every" }) {
		return
	}
	for i := range pl.Readings {
		rd := &pl.Readings[i]
		if rd.Extent != state.ExtentDirect || rd.ExtentSaid {
			continue
		}
		if rd.Concept == words.Dependency.String() || i < len(pl.Chains) && linksOneKind(s, pl.Chains[i]) {
			rd.ClosureFair = true
		}
	}
}

// linksOneKind reports whether a chain is one step whose every relation
// links things of one kind to each other (subClassOf, Class to Class),
// so that it may be walked again from where it ends.
func linksOneKind(s *graph.Schema, c state.Chain) bool {
	if len(c.Steps) != 1 || len(c.Steps[0].Edges) == 0 {
		return false
	}
	return !slices.ContainsFunc(c.Steps[0].Edges, func(e state.RelDir) bool {
		r := s.Relation(e.Relation)
		return r == nil || !slices.ContainsFunc(r.From, func(t string) bool { return slices.Contains(r.To, t) })
	})
}

// allNamed reports whether every relation a step walks is one of named
// or the same relation as one (sameRelation).
func allNamed(named []string, st state.ChainStep, s *graph.Schema) bool {
	return len(st.Edges) > 0 && !slices.ContainsFunc(st.Edges, func(e state.RelDir) bool {
		return !slices.ContainsFunc(named, func(n string) bool { return sameAct(n, e.Relation, s) })
	})
}

// planUnexplained returns the words of the question (questionWords) its
// plan's first reading leaves unexplained (unexplainedWords).
func planUnexplained(qw questionWordsOf, s *graph.Schema, pl state.Plan) []string {
	if len(pl.Readings) == 0 || len(pl.Chains) == 0 {
		return nil
	}
	top := pl.Readings[0]
	walked := pl.Chains[0].Relations()
	for _, h := range pl.Target.Having {
		// "emperors born in Italia were killed by X": the condition's
		// relation explains its words too.
		for _, e := range h.Edges {
			walked[e.Relation] = true
		}
	}
	left := unexplainedWords(qw, top, pl.Target, walked, s)
	for _, w := range repeatedStepWords(qw.toks, pl.Chains[0]) {
		if !slices.Contains(left, w) {
			left = append(left, w)
		}
	}
	return left
}

// relationWords returns the words relation r's name explains
// (explainInto), to test a question's word against with explainedWord.
func relationWords(r string) map[string]bool {
	names := map[string]bool{}
	explainInto(names, r)
	return names
}

// repeatedStepWords returns the words that name a relation of the chain
// said more often in the question than the chain has steps walking such
// relations: "Who is the mother of Dionysus's mother?" read as one step
// through mother_of leaves one "mother" unexplained. A step that repeats
// (a closure) explains any number.
func repeatedStepWords(toks []string, c state.Chain) []string {
	count := map[string]int{}
	for _, w := range toks {
		count[w]++
	}
	named := map[string]map[string]bool{} // each walked relation's words, made once
	for _, st := range c.Steps {
		for _, e := range st.Edges {
			if named[e.Relation] == nil {
				named[e.Relation] = relationWords(e.Relation)
			}
		}
	}
	var out []string
	for w, n := range count {
		if n < 2 || words.FunctionWord(w) {
			continue
		}
		steps, closure := 0, false
		for _, st := range c.Steps {
			if slices.ContainsFunc(st.Edges, func(e state.RelDir) bool { return explainedWord(named[e.Relation], w) }) {
				steps++
				closure = closure || st.Repeat
			}
		}
		if steps > 0 && !closure && steps < n {
			out = append(out, w)
		}
	}
	slices.Sort(out)
	return out
}

// doubtSure holds each sure reading of the plan at doubtedConfidence,
// saying why in its guesses.
func doubtSure(pl *state.Plan, why string) {
	for i := range pl.Readings {
		if pl.Readings[i].Confidence >= sureReading {
			pl.Readings[i].Confidence = doubtedConfidence
			pl.Readings[i].Guesses = append(pl.Readings[i].Guesses, why)
			if i < len(pl.Chains) {
				pl.Chains[i].Score = doubtedConfidence
			}
		}
	}
}

// mentionMark stands for an entity's mention among a question's words.
const mentionMark = "\x00"

// questionWordsOf is a question's words (questionWords) and the graph's
// relations they name (namedRelations), made once per plan for the
// checks that read them.
type questionWordsOf struct {
	toks  []string
	named []string
	// relWord reports whether a word is a word of one of the graph's
	// relation names (graphWords.isRelWord).
	relWord func(string) bool
}

// readQuestionWords makes the questionWordsOf of question q.
func readQuestionWords(q string, ents []linked, s *graph.Schema, gw *graphWords) questionWordsOf {
	toks := questionWords(q, ents)
	return questionWordsOf{toks: toks, named: namedRelations(toks, s), relWord: gw.isRelWord}
}

// questionWords splits the question into words (the one tokenizer, with
// "X's" split at the apostrophe), each mention of ents one mentionMark,
// so that the words beside a mention are still seen beside it.
func questionWords(q string, ents []linked) []string {
	var toks []string
	last := 0
	split := text.Splitter{Apostrophes: text.SplitApostrophes}
	for _, e := range ents {
		if e.start < last || e.end > len(q) {
			continue
		}
		toks = append(toks, split.Split(q[last:e.start])...)
		toks = append(toks, mentionMark)
		last = e.end
	}
	return append(toks, split.Split(q[last:])...)
}

// explainInto marks the words of name explained: each, its singular and
// its lemmas.
func explainInto(explained map[string]bool, name string) {
	for _, w := range text.Tokens(name) {
		explained[w], explained[text.Singular(w)] = true, true
		for _, l := range words.Lemmas(w) {
			explained[l] = true
		}
		// "killer" explains "killed": the act its agent noun names.
		for _, v := range words.AgentVerbs(w) {
			explained[v] = true
		}
	}
}

// belongingWords are the words of the phrases that say membership as a
// whole, said as a verb ("belong to", "member of"): fixed data, made once.
var belongingWords = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, p := range words.ConceptPhrases() {
		if slices.ContainsFunc(p.Senses, func(s words.Sense) bool {
			return s.Concept == words.Membership && s.Part == words.Verb && s.Generic
		}) {
			for _, w := range p.Words {
				explainInto(set, w)
			}
		}
	}
	return set
})

// asksKind reports whether a word of the question is the kind it asks
// for ("which dynasty").
func asksKind(toks []string) bool {
	for i := range toks {
		if askedKind(toks, i) {
			return true
		}
	}
	return false
}

// conceptWordSets holds, per concept, the words its phrases explain
// (conceptExplains): fixed data, made once.
var conceptWordSets sync.Map // words.Concept → map[string]bool

// conceptExplains returns the words the phrases of concept c explain.
func conceptExplains(c words.Concept) map[string]bool {
	if v, ok := conceptWordSets.Load(c); ok {
		return v.(map[string]bool)
	}
	set := map[string]bool{}
	for _, p := range words.ConceptPhrases() {
		if slices.ContainsFunc(p.Senses, func(s words.Sense) bool { return s.Concept == c }) {
			for _, w := range p.Words {
				explainInto(set, w)
			}
		}
	}
	v, _ := conceptWordSets.LoadOrStore(c, set)
	return v.(map[string]bool)
}

// unexplainedWords returns the question's words (questionWords) that no part of the
// reading explains (see the top of this file).
func unexplainedWords(qw questionWordsOf, rd state.Reading, target state.Target, walked map[string]bool, s *graph.Schema) []string {
	u := unexplained{explained: explainedByReading(rd, walked, s), function: functionWords(rd), target: target, s: s, walked: walked, relWord: qw.relWord}
	var out []string
	for i, w := range qw.toks {
		if u.left(qw.toks, i) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// explainedByReading returns the words a reading explains: its reasons,
// the phrases of the kinds of relation read ("get paged for" of an
// on-call relation walked, "downstream" of a dependency reading), the
// relations walked, and the names of the types at their ends (of every
// type, where it walks none) and their aliases.
func explainedByReading(rd state.Reading, walked map[string]bool, s *graph.Schema) map[string]bool {
	explained := map[string]bool{}
	for _, b := range rd.Because {
		explainInto(explained, b)
	}
	for _, c := range conceptsRead(rd, walked, s) {
		for w := range conceptExplains(c) {
			explained[w] = true
		}
	}
	touched := map[string]bool{}
	for r := range walked {
		explainInto(explained, r)
		if d := s.Relation(r); d != nil {
			for _, t := range append(slices.Clone(d.From), d.To...) {
				touched[t] = true
			}
		}
	}
	for _, t := range s.Types {
		if len(walked) > 0 && !touched[t.Name] {
			continue // "How were the planets of X discovered?": the type discovery method, which the walk never meets
		}
		if t.Inferred {
			// A type scgraph named for a relation its entities play a
			// role in (DeathSubject) says no word of the question: "When
			// did the saints venerated in X die?" walked venerated_in,
			// whose subjects are DeathSubjects, and left "die".
			continue
		}
		explainInto(explained, t.Name)
		for _, a := range t.Aliases {
			explainInto(explained, a)
		}
	}
	return explained
}

// conceptsRead returns the kinds of relation a reading reads, each once:
// the reading's own and those of the relations walked.
func conceptsRead(rd state.Reading, walked map[string]bool, s *graph.Schema) []words.Concept {
	names := []string{rd.Concept}
	for r := range walked {
		if rd := s.Relation(r); rd != nil {
			names = append(names, rd.Concept)
		}
	}
	var seen []words.Concept
	for _, name := range names {
		c, ok := words.ParseConcept(name)
		if !ok || c == words.None || slices.Contains(seen, c) {
			continue
		}
		seen = append(seen, c)
	}
	return seen
}

// functionWords returns the test of the words no reading needs to
// explain: words of a word class, extent cues, kind words, and, for a
// reading of a failure, any cue word. A failure's words ("stop",
// "break", "goes down") are read only by a reading of what it affects:
// "one stop from S" is no failure.
func functionWords(rd state.Reading) func(string) bool {
	cue := func(w string) bool {
		return words.CueKindsOf(w).Has(words.ExtentCues) || rd.Failure && words.IsCueWord(w)
	}
	// A class that marks a content word ("fly" is no adverb, "reach"
	// asks for a path) leaves it a word of its own.
	content := words.NotAdverb | words.PathVerb | words.Support
	return func(w string) bool { return words.ClassOf(w)&^content != 0 || cue(w) || words.IsKindWord(w) }
}

// unexplained is what decides whether a question word is left
// unexplained by a reading: the words the reading explains, the test of
// function words (functionWords), the plan's target and the schema.
type unexplained struct {
	explained map[string]bool
	function  func(string) bool
	target    state.Target
	s         *graph.Schema
	// walked are the relations the reading walks.
	walked map[string]bool
	// relWord reports whether a word is a word of one of the graph's
	// relation names.
	relWord func(string) bool
}

// left reports whether toks[i] is a word the reading leaves unexplained.
func (u unexplained) left(toks []string, i int) bool {
	w := toks[i]
	switch {
	case notAWord(w), habitualUsed(toks, i) && u.walksFormer():
		return false
	case u.leftByPlace(toks, i):
		return true
	case askedKind(toks, i), mentionKind(toks, i), relativeHead(toks, i), reducedRelativeHead(toks, i, u.explained), withHead(toks, i, u.explained),
		cueModifier(toks, i), gapObject(toks, i, u.explained):
		return false
	case words.ClassOf(w).Has(words.Support) && !u.relWord(w):
		// "Which positions has X held?", "Who served as CIA Director?":
		// the post held says the relation; the verb names none of the
		// graph's ("airlines serving X" over serves does).
		return false
	case slices.ContainsFunc(words.Lemmas(w), func(l string) bool { return belongingWords()[l] }) && asksKind(toks):
		// "Which dynasty did Lucinius I belong to?": belonging to a
		// thing of the kind asked is the walk's own relation to it.
		return false
	case aspectNoun(toks, i) && !u.explained[w]:
		// "start", "stop" are grammar before a gerund ("stop
		// running"); after a determiner or a number they are nouns
		// ("one stop from S"), words of their own.
		return true
	}
	if inflectedRequest(w) {
		// "The discoverer of Gallium found which other elements?": a
		// request's verb in the past or the third person is the
		// clause's own verb, a word of its own.
		return !explainedWord(u.explained, w)
	}
	return !explainedWord(u.explained, w) && !u.function(w) && !slices.ContainsFunc(words.Lemmas(w), u.function)
}

// inflectedRequest reports whether w is a request's verb said in
// another form ("found", "listed", "shows"), no request: "find", "list"
// ask, and are function words.
func inflectedRequest(w string) bool {
	return !words.ClassOf(w).Has(words.Request) && slices.ContainsFunc(words.Lemmas(w), func(l string) bool { return words.ClassOf(l).Has(words.Request) })
}

// inUnwalkedName reports whether w, not explained otherwise, qualifies a
// relation the reading walks in the name of one it does not: debt in
// debtcost, where the reading walks cost.
func (u unexplained) inUnwalkedName(w string) bool {
	if len(w) < 3 || explainedWord(u.explained, w) {
		return false
	}
	for _, r := range u.s.Relations {
		name := strings.ToLower(r.Name)
		if rest, ok := strings.CutPrefix(name, w); ok && !u.walked[r.Name] && u.walked[rest] {
			return true
		}
	}
	return false
}

// namesOtherValues reports whether w names relations the reading does not
// walk (namesUnwalked) whose values are of no type the walked relations
// join.
func (u unexplained) namesOtherValues(w string) bool {
	named := namedRelations([]string{w}, u.s)
	if !u.noneWalked(named) {
		return false
	}
	met := map[string]bool{}
	for r := range u.walked {
		if d := u.s.Relation(r); d != nil {
			for _, t := range append(slices.Clone(d.From), d.To...) {
				met[t] = true
			}
		}
	}
	for _, r := range named {
		if d := u.s.Relation(r); d == nil || slices.ContainsFunc(d.To, func(t string) bool { return met[t] }) {
			return false
		}
	}
	return true
}

// leftByPlace reports whether toks[i] is left unexplained by where it
// stands, whatever else explains it: an asked kind no answer is kept of,
// an asked noun that names a relation not walked, a "where" nothing
// walked answers, the clause's own verb after "do".
func (u unexplained) leftByPlace(toks []string, i int) bool {
	w := toks[i]
	switch {
	case unkeptKind(toks, i, u.target, u.explained, u.s):
		// "Which workloads can list nodes?" read as what lists
		// nodes: the answers are kept of no kind, and none of
		// the walk's types is a workload.
		return true
	case askedKind(toks, i) && u.inUnwalkedName(w):
		// "How much debt does City Quarter cost?" read through cost,
		// beside debtcost: the asked noun may be the other relation.
		return true
	case unkeptRelativeHead(toks, i, u.walked, u.s):
		// "Which resources point at the subnets that X uses?" read as
		// what points at everything X uses: the head of the relative
		// clause names no kind of the graph, and nothing kept the
		// walk's middle to it.
		return true
	case w == "where" && i == 0 && u.s.TypesStated() && !u.walksPlace():
		// "Where does the Twi'lek species come from?" read as the films
		// that have Twi'lek among their species: "where" asks for a
		// place, and nothing walked is one (the graph's stated types
		// say; an untyped graph's names may not).
		return true
	case askedKind(toks, i) && nounBeforeAux(toks, i) && !u.s.TypesStated() && u.target.Kind != state.TargetType && !explainedWord(u.explained, w) && u.namesOtherValues(w):
		// "What zones does the Waterloo & City Line run through?" read
		// as the stations on the line, over an untyped graph with zone:
		// the asked noun names a relation the reading does not walk,
		// whose values are nothing the walk meets ("Which label is X
		// signed to?" over signed_to beside label meets labels), and
		// keeps no answers by its kind; not "What breaks if X goes
		// down?", a verb.
		return true
	case endVerbAfterDo(toks, i) && u.namesUnwalked(w):
		// "When did the saints venerated in X die?" read as venerated_in:
		// the question's own verb, after "do" and a mention, names death.
		return true
	}
	return false
}

// nounBeforeAux reports whether toks[i] is followed by an auxiliary, a
// modal or a form of "be" or "have" ("What zones does ...", "Which
// teams are ..."): a noun the question asks about, not its verb.
func nounBeforeAux(toks []string, i int) bool {
	return i+1 < len(toks) && words.ClassOf(toks[i+1]).Has(words.Aux|words.Modal|words.Be|words.Have)
}

// walksPlace reports whether the reading walks a relation that gives a
// place, a source or a group: its name says a place noun or a where verb
// ("launch_site", "located_in"), ends in a preposition ("born_in",
// "acquired_from"), it is of a known kind ("Where does X come from?"
// over a dependency, "Where is X a team lead?" over leads), or it leads
// to a type a place noun names ("City").
func (u unexplained) walksPlace() bool {
	place := func(name string) bool {
		return slices.ContainsFunc(text.Tokens(name), func(w string) bool {
			// "birth_cty": city. Concat, not append: LongForm's slice
			// is the words package's own.
			long, _ := words.LongForm(w)
			return slices.ContainsFunc(slices.Concat(long, []string{w}), func(w string) bool {
				_, _, compound := words.PlaceCompound(w)
				return words.IsPlaceNoun(w) || words.IsWhereVerb(w) || compound
			})
		})
	}
	for r := range u.walked {
		ws := text.Tokens(r)
		if place(r) || len(ws) > 1 && words.ClassOf(ws[len(ws)-1]).Has(words.Prep) {
			return true
		}
		if d := u.s.Relation(r); d != nil && (d.Concept != "" || slices.ContainsFunc(append(slices.Clone(d.To), d.From...), place)) {
			return true
		}
	}
	return false
}

// walksFormer reports whether the reading walks a relation its name says
// held in the past (alumni_of): the tense "used to" asks is read.
func (u unexplained) walksFormer() bool {
	for r := range u.walked {
		if words.FormerName(r) {
			return true
		}
	}
	return false
}

// habitualUsed reports whether toks[i] is the "used" of "used to" said of
// the past ("Who used to be on risc-v?"), tense as "did" is, not "is used
// to build" (the rule reader's habitualAt).
func habitualUsed(toks []string, i int) bool {
	if toks[i] != "used" || i == 0 || i+1 >= len(toks) || toks[i+1] != "to" {
		return false
	}
	prev := toks[i-1]
	return prev == mentionMark || !words.ClassOf(prev).Has(words.Be|words.Get) && words.ClassOf(prev) != 0
}

// notAWord reports whether a question token needs no explaining as a
// word: a mention's mark, one letter, or a number.
func notAWord(w string) bool {
	return w == mentionMark || len(w) < 2 || w[0] >= '0' && w[0] <= '9'
}

// askedKind reports whether toks[i] is the asked kind: after a wh-word
// that is no pronoun ("which accounts", "how many papers"), or after a
// quantifier not itself after a preposition ("all teams", not "at any
// generation"), or the second noun of such a kind before a verb ("which
// cost center is").
func askedKind(toks []string, i int) bool {
	if i > 1 && i+1 < len(toks) && words.ClassOf(toks[i+1]).Has(words.Be|words.Aux|words.Modal|words.Have) && askedKind(toks, i-1) {
		return true // the noun of a kind of two words: "which cost center is X charged to"
	}
	return i > 0 && words.ClassOf(toks[i-1]).Has(words.Wh|words.WhMany) && !words.ClassOf(toks[i-1]).Has(words.Pronoun) ||
		i > 0 && words.ClassOf(toks[i-1]).Has(words.Quantifier) && (i < 2 || !words.ClassOf(toks[i-2]).Has(words.Prep))
}

// endVerbAfterDo reports whether toks[i] ends the question right after a
// mention, "do" before them: the question's verb ("When did X die?").
func endVerbAfterDo(toks []string, i int) bool {
	return i == len(toks)-1 && i > 1 && toks[i-1] == mentionMark && !words.IsHeadNoun(toks[i]) &&
		slices.ContainsFunc(toks[:i-1], func(t string) bool { return words.ClassOf(t).Has(words.Aux) })
}

// namesUnwalked reports whether w names relations of the graph and none
// the reading walks.
func (u unexplained) namesUnwalked(w string) bool {
	return u.noneWalked(namedRelations([]string{w}, u.s))
}

// noneWalked reports whether there are relations named and the reading
// walks none of them.
func (u unexplained) noneWalked(named []string) bool {
	return len(named) > 0 && !slices.ContainsFunc(named, func(r string) bool { return u.walked[r] })
}

// mentionKind reports whether toks[i] is a mention's kind, right before
// or after it: "the search team", "the dialysis tag"; after "do" and the
// mention, a word a preposition follows is the verb, unless it is a kind
// noun, and so is a participle that ends the question.
func mentionKind(toks []string, i int) bool {
	if verbBeforeWh(toks, i) {
		return false
	}
	if i+1 < len(toks) && toks[i+1] == mentionMark {
		return true
	}
	if i == 0 || toks[i-1] != mentionMark {
		return false
	}
	// After the mention and "do", a verb is no kind: "Which countries
	// does X fly to?" (not "What is X written in?", whose participle the
	// asked noun's relation says).
	doSupport := i > 1 && words.ClassOf(toks[i-2]).Has(words.Aux)
	if doSupport && i+1 < len(toks) && words.ClassOf(toks[i+1]).Has(words.Prep) && !words.IsHeadNoun(toks[i]) {
		return false
	}
	// A participle that ends the question is its verb: "How were the
	// planets of X discovered?".
	return !(i == len(toks)-1 && words.PastForm(toks[i]) && !words.IsHeadNoun(toks[i]))
}

// relativeHead reports whether toks[i] heads a relative clause: "the
// team that maintains X".
func relativeHead(toks []string, i int) bool {
	return i+1 < len(toks) && words.ClassOf(toks[i+1]).Has(words.RelPron) && !verbBeforeWh(toks, i)
}

// verbBeforeWh reports whether toks[i] is a verb in the past between a
// mention and "which" or "what", asking of the wh-phrase after it ("The
// discoverer of Gallium found which other elements?"): the clause's verb,
// no noun a mention or a relative clause explains.
func verbBeforeWh(toks []string, i int) bool {
	return i > 0 && toks[i-1] == mentionMark && i+1 < len(toks) && (toks[i+1] == "which" || toks[i+1] == "what") &&
		words.PastForm(toks[i]) && !words.IsHeadNoun(toks[i])
}

// reducedRelativeHead reports whether toks[i] heads a reduced relative
// clause, a participle the reading explains after it: "flights operated
// by X".
func reducedRelativeHead(toks []string, i int, explained map[string]bool) bool {
	return i+1 < len(toks) && explained[toks[i+1]] && (words.PastForm(toks[i+1]) || strings.HasSuffix(toks[i+1], "ing"))
}

// withHead reports whether toks[i], no verb's form, heads a phrase that describes it by a
// relation the reading explains, said with "with": "the emoji with alias
// 8ball", "the teams with a lead in Berlin".
func withHead(toks []string, i int, explained map[string]bool) bool {
	j := i + 2
	if j < len(toks) && words.ClassOf(toks[j]).Has(words.Det) {
		j++
	}
	return j < len(toks) && toks[i+1] == "with" && explainedWord(explained, toks[j]) && !words.PastForm(toks[i]) && !strings.HasSuffix(toks[i], "ing")
}

// cueModifier reports whether toks[i] modifies a cue word after it that
// has no word class: "high latency".
func cueModifier(toks []string, i int) bool {
	return i+1 < len(toks) && words.IsCueWord(toks[i+1]) && words.ClassOf(toks[i+1]) == 0
}

// unkeptKind reports whether toks[i], the kind asked after "which"
// ("which workloads"), is one the answers are not kept of (the plan's
// target has no type or name word) and that no type or relation walked
// names, in a graph read from data that types every entity (where
// types are guessed from roles, the kind is often all the answers are:
// "which packages"; a schema file's types say the kinds the reader
// knows).
func unkeptKind(toks []string, i int, target state.Target, explained map[string]bool, s *graph.Schema) bool {
	if i == 0 || !words.ClassOf(toks[i-1]).Has(words.RelPron) || target.Type != "" || target.NameWord != "" ||
		words.ClassOf(toks[i]) != 0 || i+1 < len(toks) && toks[i+1] == "of" {
		return false
	}
	return !explainedWord(explained, toks[i]) && s.TypedByData()
}

// unkeptRelativeHead reports whether toks[i] heads a relative clause
// after a determiner ("the subnets that X uses") with a word that is no
// type of a graph whose data types every entity, nor a word of a
// relation walked: the walk passes through things the question narrows
// by a kind the reading does not keep. (The reading's own words are no
// test: they hold its entities' names, "aws_db_subnet_group".)
func unkeptRelativeHead(toks []string, i int, walked map[string]bool, s *graph.Schema) bool {
	if i == 0 || !relativeHead(toks, i) || !words.ClassOf(toks[i-1]).Has(words.Det) || words.ClassOf(toks[i]) != 0 || !s.TypedByData() {
		return false
	}
	named := map[string]bool{}
	for r := range walked {
		explainInto(named, r)
	}
	return !explainedWord(named, toks[i]) && !namesType(s, toks[i])
}

// namesType reports whether w, in the singular, is a word of a type's
// name ("subnets": aws_subnet is no type; "Pokémon": pokemon-species).
func namesType(s *graph.Schema, w string) bool {
	w = text.Singular(w)
	return slices.ContainsFunc(s.Types, func(t graph.TypeDef) bool {
		return slices.ContainsFunc(text.Tokens(t.Name), func(tw string) bool { return text.Singular(tw) == w })
	})
}

// explainedWord reports whether w, its singular or one of its lemmas is
// among the explained words.
func explainedWord(explained map[string]bool, w string) bool {
	return explained[w] || explained[text.Singular(w)] || slices.ContainsFunc(words.Lemmas(w), func(l string) bool { return explained[l] })
}

// aspectNoun reports whether toks[i] is "start" or "stop" after a
// determiner or a number ("one stop from S"), a noun.
func aspectNoun(toks []string, i int) bool {
	return i > 0 && words.ClassOf(toks[i]).Has(words.Aspect) &&
		(words.ClassOf(toks[i-1]).Has(words.Det|words.PossessiveDet|words.Quantifier|words.Number) || toks[i-1][0] >= '0' && toks[i-1][0] <= '9')
}

// closureWord returns the question's word (of questionWords) that names a closure of the
// reading's kind of relation ("descendants", "ancestors", "upstream"),
// or "".
func closureWord(toks []string, concept string) string {
	c, ok := words.ParseConcept(concept)
	if !ok || c == words.None {
		return ""
	}
	seen := map[string]bool{}
	for _, t := range toks {
		if seen[t] {
			continue // a word said again reads the same (a question padded with one word)
		}
		seen[t] = true
		for _, p := range words.ConceptPhrases() {
			if len(p.Words) != 1 || !words.SameWord(t, p.Words[0]) && text.Singular(t) != p.Words[0] {
				continue
			}
			if slices.ContainsFunc(p.Senses, func(s words.Sense) bool { return s.Concept == c && s.Closure }) {
				return t
			}
		}
	}
	return ""
}

// gapObject reports whether toks[i] stands between a word the reading
// explains (a verb, with determiners between) and a preposition: the
// object of a verb said around it ("gets its power from X").
func gapObject(toks []string, i int, explained map[string]bool) bool {
	if i+1 >= len(toks) || !words.ClassOf(toks[i+1]).Has(words.Prep) {
		return false
	}
	j := i - 1
	for j >= 0 && words.ClassOf(toks[j]).Has(words.Det|words.PossessiveDet) {
		j--
	}
	return j >= 0 && toks[j] != mentionMark && explained[toks[j]]
}

// namedFirst puts first, in a plan whose readings walk no relation the
// question names by its own words and whose first reading is not sure
// enough to be claimed, a reading of that relation: one hop
// from the anchor, the way its types allow ("What image does X run?" names
// runs_image; the reading was every relation around X). Only one relation
// (and those that are the same relation) may be so named, its one end
// the anchor's kind; the reading is a guess, never claimed, and the
// plan's readings follow it where it finds nothing.
func namedFirst(qw questionWordsOf, ents []linked, s *graph.Schema, pl *state.Plan) {
	// A yes or no is asked of two entities: one relation from one of them
	// answers something else.
	yesNo := asksYesOrNo(qw.toks)
	unplaced := len(pl.Chains) == 0 && pl.Unanswerable != "" && len(ents) > 0 && !negates(qw.toks) && !yesNo
	if unplaced {
		pl.Anchors = []state.Anchor{mainEntity(ents).anchor}
	} else if readingStands(pl) {
		return
	}
	named := namedNotOnlyAsKind(qw, s, pl.Anchors[0].Type)
	if len(named) == 0 && unplaced {
		named = partlyNamed(qw.toks, s)
	}
	if len(named) == 0 || !readsNeighbourhood(pl, ents, s, qw.toks) && walksAnyOf(pl.Chains, named) {
		return
	}
	if !allSameAct(named, s) {
		return
	}
	edges, ok := edgesFromKind(named, pl.Anchors[0].Type, s)
	if !ok {
		return
	}
	// The reading it goes before: one that took more steps ("the museum
	// that holds X": held_by, then its city) read more of the question
	// than the named relation's one hop.
	longer := len(pl.Chains) > 0 && len(pl.Chains[0].Steps) > 1
	rd := namedReading(named, pl)
	if unplaced {
		// The reader found no relation word; the graph's own name is one.
		rd.Because = []string{text.List(named, "and") + ", named by the question"}
		pl.Notes = append(pl.Notes, "read by the relation the question names: "+pl.Unanswerable)
		pl.Unanswerable, pl.Target, pl.HopBudget = "", state.Target{Kind: state.TargetChain}, 1
	}
	pl.Readings = append([]state.Reading{rd}, pl.Readings...)
	pl.Chains = append([]state.Chain{{Steps: []state.ChainStep{{Edges: edges}}, Score: doubtedConfidence}}, pl.Chains...)
	if len(ents) == 1 && !longer && namedReadingIsTheQuestions(qw, s, pl, named, edges) {
		pl.Readings[0].Confidence, pl.Readings[0].Guesses = 1, nil
		pl.Chains[0].Score = 1
	}
}

// namedReadingIsTheQuestions reports whether the one-hop reading of the
// named relations over edges, first in pl, is the question's: "Which
// emoji are tagged pet?" over tags. The question's own words name the
// relations, not as a kind ("Which category is the icon that replaced X
// in?" names category so), the entity's kind or a request's object, and
// no other relation beside them; the hop arrives at the kind asked, and
// only at the type the wh-noun names, which is no word of another
// relation's name; and no word is left that the reading does not
// explain.
func namedReadingIsTheQuestions(qw questionWordsOf, s *graph.Schema, pl *state.Plan, named []string, edges []state.RelDir) bool {
	if len(named) != len(qw.named) || slices.ContainsFunc(named, func(n string) bool {
		return askedKindOnly(qw.toks, n) || saysEntityKind(qw.toks, n, pl.Anchors[0].Type) || requestedKind(qw.toks, n)
	}) {
		return false
	}
	if slices.ContainsFunc(named, func(n string) bool { return askedAsOtherEnd(qw.toks, n, edges) }) {
		return false
	}
	return arrivesAtAsked(edges, pl.Target, s) && arrivesAtWhType(edges, qw.toks, s) && !whNounNamesOther(qw, named) &&
		!namesKindOffHop(qw.toks, edges, pl.Anchors[0].Type, s) && len(planUnexplained(qw, s, *pl)) == 0
}

// askedAsOtherEnd reports whether the question asks for relation n's
// entities by its name said right after the wh-word ("What secondary
// muscles ...?" of secondaryMuscles, whose name names its objects) while
// edges walk n toward its other end: the hop answers with the things
// that have such muscles, not the muscles asked for.
func askedAsOtherEnd(toks []string, n string, edges []state.RelDir) bool {
	wh := slices.IndexFunc(toks, func(t string) bool { return words.ClassOf(t).Has(words.Wh) })
	ws := nameContentWords(n)
	if wh < 0 || len(ws) == 0 || wh+len(ws) >= len(toks) {
		return false
	}
	for k, w := range ws {
		if !sameWord(toks[wh+1+k], w) {
			return false
		}
	}
	return !slices.ContainsFunc(edges, func(e state.RelDir) bool { return e.Relation == n && e.Direction == kindEnd(n) })
}

// namesKindOffHop reports whether the question names a type that the one
// hop over edges from an entity of type from neither starts from nor
// arrives at: "Which villagers love a dish made with Kale?" names dishes,
// which loves from Kale never passes.
func namesKindOffHop(toks []string, edges []state.RelDir, from string, s *graph.Schema) bool {
	on := append(arrivals(edges, s), from)
	return slices.ContainsFunc(toks, func(w string) bool {
		t, ok := typeNamedBy(w, s)
		return ok && !slices.Contains(on, t)
	})
}

// typeNamedBy returns the type whose name is the one word w (a form of
// it: "cities" for City), if any.
func typeNamedBy(w string, s *graph.Schema) (string, bool) {
	for _, t := range s.Types {
		if tw := text.Tokens(t.Name); len(tw) == 1 && sameWord(w, tw[0]) {
			return t.Name, true
		}
	}
	return "", false
}

// negates reports whether a question's words hold a negation.
func negates(toks []string) bool {
	return slices.ContainsFunc(toks, func(t string) bool { return words.ClassOf(t).Has(words.Neg | words.Negator) })
}

// asksYesOrNo reports whether a question starts with an auxiliary, a
// form of be or have, or a modal: a yes or no question.
func asksYesOrNo(toks []string) bool {
	return len(toks) > 0 && words.ClassOf(toks[0]).Has(words.Aux|words.Be|words.Have|words.Modal)
}

// qualifiedInstead returns a relation the question (toks) names
// (named), that chain c does not walk and that links things of the
// anchor's type at, and one c walks in its stead whose name holds every
// word of it and a word more the question does not say, no function
// word (includedPermissions for permissions; not hubAt for hub, nor
// where the question says "include").
func qualifiedInstead(named []string, c state.Chain, toks []string, s *graph.Schema, at string) (n, w string, ok bool) {
	said := func(x string) bool {
		return slices.ContainsFunc(toks, func(t string) bool { return t == x || words.SameWord(t, x) })
	}
	walked := c.Relations()
	for _, n := range named {
		if r := s.Relation(n); walked[n] || r == nil || !slices.Contains(r.From, at) && !slices.Contains(r.To, at) {
			continue
		}
		nw := text.Tokens(n)
		for w := range walked {
			ww := text.Tokens(w)
			more := slices.ContainsFunc(ww, func(x string) bool { return !slices.Contains(nw, x) && !words.FunctionWord(x) && !said(x) })
			if more && !slices.ContainsFunc(nw, func(x string) bool { return !slices.Contains(ww, x) }) {
				return n, w, true
			}
		}
	}
	return "", "", false
}

// readingStands reports whether a plan that has readings keeps them
// without a named relation's put first: it has no chain, reading or
// anchor, it asks for an entity, its first reading is sure enough to be
// claimed and not open, or that reading's extent is transitive as the
// question says.
func readingStands(pl *state.Plan) bool {
	return len(pl.Chains) == 0 || len(pl.Readings) == 0 || len(pl.Anchors) == 0 || pl.Target.Kind == state.TargetEntity ||
		pl.Readings[0].Confidence >= sureReading && !pl.Readings[0].Open ||
		pl.Readings[0].Extent == state.ExtentTransitive && pl.Readings[0].ExtentSaid
}

// namedNotOnlyAsKind returns the relations the question names, but
// those named only as the asked kind: such a relation is read where no
// type the graph states has that name, toward the end its name names,
// from an anchor of type at ("What glass is a Daiquiri served in?",
// glass a relation and no type, from the drink to its glass; "How many
// editions does X have?", from X to the subjects of edition_of; not
// "What jobs wait on release/announce?", where the anchor is one of the
// jobs).
func namedNotOnlyAsKind(qw questionWordsOf, s *graph.Schema, at string) []string {
	return slices.DeleteFunc(slices.Clone(qw.named), func(n string) bool {
		if !askedKindOnly(qw.toks, n) {
			return false
		}
		r := s.Relation(n)
		if r == nil || kindStated(qw.toks, n, s) {
			return true
		}
		d, ok := r.Leaving([]string{at})
		return !ok || d != kindEnd(n)
	})
}

// readsNeighbourhood reports whether the plan's first chain reads no
// relation word: one step over every relation of the graph, from the one
// entity of a question (toks) that is no yes or no. It walks the named
// relation only by chance (between two entities, the neighbourhood is
// what links them).
func readsNeighbourhood(pl *state.Plan, ents []linked, s *graph.Schema, toks []string) bool {
	return len(pl.Chains) > 0 && len(pl.Chains[0].Steps) == 1 && len(pl.Chains[0].Relations()) == len(s.Relations) &&
		len(ents) == 1 && !asksYesOrNo(toks)
}

// walksAnyOf reports whether a chain walks one of the relations named.
func walksAnyOf(chains []state.Chain, named []string) bool {
	return slices.ContainsFunc(named, func(n string) bool {
		return slices.ContainsFunc(chains, func(c state.Chain) bool { return c.Relations()[n] })
	})
}

// allSameAct reports whether the relations named are all the same
// relation as the first (sameAct).
func allSameAct(named []string, s *graph.Schema) bool {
	for _, n := range named[1:] {
		if !sameAct(named[0], n, s) {
			return false
		}
	}
	return true
}

// edgesFromKind returns the named relations, each the way it leaves an
// entity of type at; ok is false when one is no relation of the graph or
// has that type at both ends or neither (the types do not say which
// way).
func edgesFromKind(named []string, at string, s *graph.Schema) (edges []state.RelDir, ok bool) {
	for _, n := range named {
		r := s.Relation(n)
		if r == nil {
			return nil, false
		}
		d, ok := r.Leaving([]string{at})
		if !ok {
			return nil, false
		}
		edges = append(edges, state.RelDir{Relation: n, Direction: d})
	}
	return edges, true
}

// namedReading is the reading of one hop over the named relations from
// the plan's anchor: a guess, never claimed, with the reasons and kind
// of relation of the plan's first reading, if any.
func namedReading(named []string, pl *state.Plan) state.Reading {
	var top state.Reading
	if len(pl.Readings) > 0 {
		top = pl.Readings[0]
	}
	return state.Reading{Text: fmt.Sprintf("what %s is linked to by %s, directly", pl.Anchors[0].Entity, text.List(named, "and")), Confidence: doubtedConfidence,
		Extent: state.ExtentDirect, Because: top.Because, Concept: top.Concept,
		Guesses: []string{fmt.Sprintf("the question names %s, which the reading did not walk: read through it first", text.List(named, "and"))}}
}

// saysEntityKind reports whether a word of relation n's name follows the
// mention and names the entity's type t: "the arrow[flight] feature" says
// what arrow[flight] is, not the relation feature.
func saysEntityKind(toks []string, n, t string) bool {
	typeWords := text.Tokens(t)
	for i := 1; i < len(toks); i++ {
		if toks[i-1] != mentionMark {
			continue
		}
		for _, w := range nameContentWords(n) {
			if sameWord(toks[i], w) && slices.ContainsFunc(typeWords, func(tw string) bool { return sameWord(tw, w) }) {
				return true
			}
		}
	}
	return false
}

// requestedKind reports whether a word of relation n's name is the object
// of a request that opens the question: "Find the document about X" asks
// for documents, and names no relation documents.
func requestedKind(toks []string, n string) bool {
	if len(toks) == 0 || !words.ClassOf(toks[0]).Has(words.Request) {
		return false
	}
	for i := 1; i < len(toks); i++ {
		if !words.ClassOf(toks[i]).Has(words.Det|words.PossessiveDet|words.Pronoun) && toks[i] != "me" {
			return slices.ContainsFunc(nameContentWords(n), func(w string) bool { return sameWord(toks[i], w) })
		}
	}
	return false
}

// arrivesAtAsked reports whether one hop over edges arrives at the type
// target t asks for, if it asks for one ("Which category is the icon
// that replaced X in?" asks for categories; replaces arrives at icons).
func arrivesAtAsked(edges []state.RelDir, t state.Target, s *graph.Schema) bool {
	return t.Kind != state.TargetType || t.Type == "" || slices.Contains(arrivals(edges, s), t.Type)
}

// arrivesAtWhType reports whether one hop over edges arrives only at the
// type the noun after a wh-word names, where it names one of the graph's
// types: "What city is the museum that holds X in?" asks for a City, and
// held_by arrives at museums; "Which techniques does X use?" over a uses
// that arrives at techniques and software keeps both.
func arrivesAtWhType(edges []state.RelDir, toks []string, s *graph.Schema) bool {
	w, ok := whNoun(toks)
	if !ok {
		return true
	}
	if t, ok := typeNamedBy(w, s); ok {
		return slices.Equal(arrivals(edges, s), []string{t})
	}
	return true
}

// whNounNamesOther reports whether the noun after a wh-word is a word of
// a relation's name, of none of the relations named: "Which routes serve
// the stop with code X?" walks stop_code and asks for what route_id
// names.
func whNounNamesOther(qw questionWordsOf, named []string) bool {
	w, ok := whNoun(qw.toks)
	if !ok || !qw.relWord(w) {
		return false
	}
	return !slices.ContainsFunc(named, func(n string) bool {
		return slices.ContainsFunc(words.NameWords(n), func(nw string) bool { return sameWord(nw, w) })
	})
}

// whNoun returns the word after the question's first wh-word ("city" of
// "What city is ..."), if any.
func whNoun(toks []string) (string, bool) {
	for i := 1; i < len(toks); i++ {
		if words.ClassOf(toks[i-1]).Has(words.Wh) {
			return toks[i], true
		}
	}
	return "", false
}

// arrivals returns the types one hop over edges arrives at, each once.
func arrivals(edges []state.RelDir, s *graph.Schema) []string {
	var out []string
	for _, e := range edges {
		r := s.Relation(e.Relation)
		if r == nil {
			continue
		}
		for _, t := range r.Ends(e.Direction) {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// askedKindOnly reports whether every content word of relation n's name
// stands in the question only as a kind: the asked kind, right after a
// wh-word or a quantifier ("What jobs wait on X?" says jobs, the
// relation, as the kind of the answers), or a mention's ("the release
// job").
func askedKindOnly(toks []string, n string) bool {
	for _, w := range nameContentWords(n) {
		for i, t := range toks {
			if sameWord(t, w) && !kindAt(toks, i) {
				return false
			}
		}
	}
	return true
}

// kindEnd returns the way relation n is walked toward the entities its
// name names: its subjects for a name ending in "of" (edition_of), else
// its objects (glass, jobs).
func kindEnd(n string) graph.Direction {
	if ws := words.NameWords(n); len(ws) > 1 && ws[len(ws)-1] == "of" {
		return graph.In
	}
	return graph.Out
}

// kindStated reports whether a word of relation n's name that the
// question says names a type the graph states (by a schema or by the
// data; not one scgraph inferred from the relations).
func kindStated(toks []string, n string, s *graph.Schema) bool {
	return slices.ContainsFunc(words.NameWords(n), func(w string) bool {
		return says(toks, w) && slices.ContainsFunc(s.Types, func(t graph.TypeDef) bool {
			return !t.Inferred && slices.ContainsFunc(words.NameWords(t.Name), func(tw string) bool { return sameWord(w, tw) })
		})
	})
}

// sameWord reports whether question word t is w in another form (its
// inflections, or the plural).
func sameWord(t, w string) bool { return words.SameWord(t, w) || text.Singular(t) == text.Singular(w) }

// says reports whether the question's words say w, in any form, or as a
// noun made from it ("dependencies" says "depends").
func says(toks []string, w string) bool {
	return slices.ContainsFunc(toks, func(t string) bool { return sameWord(t, w) || madeFrom(t, w) })
}

// madeFrom reports whether noun t is made from the verb w, not naming its
// doer ("dependencies" from "depend"; not "maintainer" from "maintain").
func madeFrom(t, w string) bool {
	verbs, agent := words.Derived(text.Singular(t))
	for i, v := range verbs {
		if !agent[i] && words.SameWord(v, w) {
			return true
		}
	}
	return false
}

// kindAt reports whether toks[i] stands as a kind: right after a wh-word
// or a quantifier ("What jobs ..."), or a noun right after a mention ("the
// release job"; not the verb in "What image does X run?").
func kindAt(toks []string, i int) bool {
	if i == 0 {
		return false
	}
	if toks[i-1] == mentionMark {
		return words.IsHeadNoun(toks[i]) || words.IsKindWord(toks[i])
	}
	return words.ClassOf(toks[i-1]).Has(words.Wh | words.WhMany | words.Quantifier)
}

// nameContentWords returns the words of relation n's name that are of
// none of the grammarClasses ("runs", "image" of runs_image; "depends"
// of depends_on).
func nameContentWords(n string) []string {
	var out []string
	for _, w := range words.NameWords(n) {
		if !words.ClassOf(w).Has(grammarClasses) {
			out = append(out, w)
		}
	}
	return out
}

// grammarClasses are the classes of the words that name no relation
// ("of", "has", "is"); a word of an open class ("compile", a purpose verb)
// names one.
const grammarClasses = words.Det | words.PossessiveDet | words.Quantifier | words.Wh | words.WhMany | words.RelPron |
	words.Aux | words.Modal | words.Be | words.Have | words.Get | words.Prep | words.PlacePrep | words.Conj | words.As |
	words.Sub | words.Pronoun | words.SelfPronoun | words.Neg

// namedRelations returns the graph's relations the question names by
// every content word of their own name ("depend" for depends_on, "source"
// for source), outside the entities' mentions.
func namedRelations(toks []string, s *graph.Schema) []string {
	var out []string
	for _, r := range s.Relations {
		content := nameContentWords(r.Name)
		if len(content) > 0 && !slices.ContainsFunc(content, func(w string) bool { return !says(toks, w) }) {
			out = append(out, r.Name)
		}
	}
	return out
}

// sameRelation reports whether relation r is relation n under another
// name: from its other end, in its passive, stored mirrored in the data,
// or named for the same kind of relation (owner beside owned_by).
func sameRelation(n, r string, s *graph.Schema) bool { return likenessOf(n, r, s) != unlike }

// sameAct reports whether relation r is relation n under another name as
// sameRelation does, save for two names of one kind of relation that no
// word list relates ("compile" and "provided", two Maven scopes): a
// question naming one is not read through the other.
func sameAct(n, r string, s *graph.Schema) bool { return likenessOf(n, r, s) == oneAct }

// likeness is how far two relations are one (likenessOf).
type likeness int

const (
	unlike   likeness = iota
	sameKind          // one kind of relation, by names no word list relates
	oneAct            // one relation, or one act by its names
)

// likenessOf says how far relation r is relation n. Words of a name after
// the act must agree (nameRest).
func likenessOf(n, r string, s *graph.Schema) likeness {
	if n == r || words.ConverseOf(n, r) || words.PassiveOf(n, r) || words.PassiveOf(r, n) || words.VerbFormsOf(n, r) {
		return oneAct
	}
	nm, rm := words.ReadName(n), words.ReadName(r)
	nd, rd := s.Relation(n), s.Relation(r)
	mirrored := nd != nil && rd != nil && (slices.Contains(nd.Mirrors, r) || slices.Contains(rd.Mirrors, n))
	kind := nm.Concept != words.None && nm.Concept == rm.Concept && slices.Equal(nameRest(n, nm), nameRest(r, rm)) &&
		(nm.Phrase == rm.Phrase || words.SameAct(nm.Phrase, rm.Phrase) || nm.Generic == rm.Generic && !words.DifferentActs(nm.Phrase, rm.Phrase))
	switch {
	case !mirrored && !kind:
		return unlike
	case nm.Concept == words.None || nm.Phrase == rm.Phrase || words.SameAct(nm.Phrase, rm.Phrase) || nm.Generic && rm.Generic:
		return oneAct
	}
	return sameKind
}

// nameRest returns the content words of a relation's name after the
// phrase that named its kind: the object a verb names, as "secret" in
// uses_secret, whose act is narrower than use's. Words before the phrase
// modify it ("beneficial_owner", "whollyOwns") and keep the act.
func nameRest(name string, m words.Meaning) []string {
	phrase := strings.Fields(m.Phrase)
	var out []string
	seen := false
	for _, w := range words.NameWords(name) {
		inPhrase := slices.ContainsFunc(phrase, func(p string) bool { return words.SameWord(w, p) })
		if inPhrase {
			seen = true
		}
		if !seen || inPhrase || words.ClassOf(w) != 0 {
			continue
		}
		out = append(out, text.Singular(w))
	}
	return out
}

// namedBeside says which relation a step of the chain walks beside one
// the question names, or "" when no step does. A relation beside a named
// one is no doubt when it is the same relation (from its other end, in
// its passive, or stored mirrored in the data) or when its own name says
// the same kind of relation (owner beside owned_by); it is one when only
// the graph's shape put it there.
func namedBeside(named []string, c state.Chain, s *graph.Schema) string {
	for _, st := range c.Steps {
		in := namedIn(named, st.Relations())
		for _, e := range st.Edges {
			if len(in) > 0 && !slices.ContainsFunc(in, func(n string) bool { return sameRelation(n, e.Relation, s) && !twoDependencyNames(n, e.Relation) }) {
				return fmt.Sprintf("the question names %s; the reading walks %s beside it", text.List(in, "and"), e.Relation)
			}
		}
	}
	return ""
}

// twoDependencyNames reports whether of two relations named for a
// dependency one has the concept's own name and the other a word of its
// own ("Depends" and "Source" in a package index): a question that says
// the other's word names it, not the dependency in general.
func twoDependencyNames(n, r string) bool {
	nm, rm := words.ReadName(n), words.ReadName(r)
	if n == r || nm.Concept != words.Dependency || rm.Concept != words.Dependency || nm.Phrase == rm.Phrase || words.SameAct(nm.Phrase, rm.Phrase) {
		return false
	}
	return words.Canonical(words.Dependency, nm.Phrase) != words.Canonical(words.Dependency, rm.Phrase)
}

// namedIn returns the relations of named the relations walk, in order.
func namedIn(named, walked []string) []string {
	return slices.DeleteFunc(walked, func(r string) bool { return !slices.Contains(named, r) })
}

// namedAlone returns the chain with each step that walks a named relation
// cut down to the named relations and those that are the same act
// (sameAct), and the named relations it walks.
func namedAlone(named []string, c state.Chain, s *graph.Schema) (state.Chain, []string) {
	out := c
	out.Steps = make([]state.ChainStep, len(c.Steps))
	for k, st := range c.Steps {
		out.Steps[k] = st
		in := namedIn(named, st.Relations())
		if len(in) == 0 {
			continue
		}
		out.Steps[k].Edges = nil
		for _, e := range st.Edges {
			if slices.ContainsFunc(in, func(n string) bool { return sameAct(n, e.Relation, s) }) {
				out.Steps[k].Edges = append(out.Steps[k].Edges, e)
			}
		}
	}
	return out, namedIn(named, c.RelationNames())
}

// besideOf returns the relations c walks that alone does not.
func besideOf(c, alone state.Chain) []string {
	kept := alone.Relations()
	return slices.DeleteFunc(c.RelationNames(), func(r string) bool { return kept[r] })
}

// throughOnly rewrites the relations a reading's text names ("…, through
// any of 6 relations, keeping the volumes") to those of the narrowed
// chain alone, step for step.
func throughOnly(t string, c, alone state.Chain) string {
	for k := len(c.Steps); k > 0; k-- {
		if was := reading.Through(state.Chain{Steps: c.Steps[:k]}.RelationNames()); strings.Contains(t, was) {
			return strings.Replace(t, was, reading.Through(state.Chain{Steps: alone.Steps[:k]}.RelationNames()), 1)
		}
	}
	return t
}

// partlyNamed returns the one relation (with those that are the same act)
// whose name ends in a word the question says and no other relation's
// name ends in ("secret" for uses_secret, "image" for runs_image,
// "profile" for in_profile), where the question names none by every
// word. The last content word of a name is its head ("runs image" is
// about an image); its other words may be the question's in another
// sense ("must be running before").
func partlyNamed(toks []string, s *graph.Schema) []string {
	heads := map[string][]string{}
	for _, r := range s.Relations {
		if content := nameContentWords(r.Name); len(content) > 0 {
			head := text.Singular(content[len(content)-1])
			heads[head] = append(heads[head], r.Name)
		}
	}
	var out []string
	for w, rs := range heads {
		if len(rs) == 1 && says(toks, w) {
			out = append(out, rs[0])
		}
	}
	slices.Sort(out)
	for _, n := range out[min(1, len(out)):] {
		if !sameAct(out[0], n, s) {
			return nil
		}
	}
	return out
}
