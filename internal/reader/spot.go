package reader

import (
	"slices"
	"sort"
	"strings"

	"github.com/scgraph/scgraph/internal/words"
)

// mentionForm is how a phrase of the question names a relation.
type mentionForm uint8

const (
	// mVerb: a verb; its grammatical subject plays the candidates' end.
	mVerb mentionForm = iota + 1
	// mNoun: a noun naming the candidates' end ("the members of X").
	mNoun
	// mPosition: a positional word; the answers to "<word> X" play the
	// candidates' end ("downstream of X", "under infra").
	mPosition
)

func (f mentionForm) String() string {
	switch f {
	case mVerb:
		return "verb"
	case mNoun:
		return "noun"
	case mPosition:
		return "position"
	}
	return "?"
}

// grounding says how a candidate relation was found for a phrase.
type grounding uint8

const (
	// byName: the phrase is the relation's own name, whole.
	byName grounding = iota + 1
	// byNameWord: the phrase is a word of the relation's name (its verb
	// or its noun).
	byNameWord
	// byAct: the phrase names the act the relation's name names ("talk
	// to" for connects_to).
	byAct
	// byConcept: the phrase names the relation's concept as a whole
	// ("rely on" for every dependency).
	byConcept
	// byConceptVerb: a specific verb of the concept that the graph does
	// not name ("import" where the graph has only depends_on).
	byConceptVerb
	// byTypes: a noun of a concept the graph has no relation of ("the
	// members of House X" over houseName): the relations the types allow.
	byTypes
)

var groundingNames = map[grounding]string{byName: "its name", byNameWord: "a word of its name", byAct: "the same act", byConcept: "its kind", byConceptVerb: "a verb of its kind", byTypes: "the types"}

func (g grounding) String() string { return groundingNames[g] }

// relCand is a relation a phrase may name, and how.
type relCand struct {
	rel *relation
	// end is, for a verb, the relation end its grammatical subject
	// plays; for a noun, the end it names; for a position, the end the
	// answers play.
	end End
	by  grounding
	// stated: a verb stated as a participle ("written_by", "built on"),
	// whose grammatical subject is what the participle says of it; a
	// question using it in the active voice reads it the other way.
	stated bool
	// guessedEnd: the end is a guess (nameReading.guessedEnd).
	guessedEnd bool
	// kin: the phrase is a kin noun of another width than the relation's
	// name (nameReading.kin).
	kin bool
	// tie: the phrase is the plain kin noun of the relation's tie
	// (nameReading.tie).
	tie bool
	// modifier: the phrase is the modifier of the name's noun compound
	// (nameReading.modifier).
	modifier bool
}

// relMention is a phrase of the question that names relations.
type relMention struct {
	start, end int // tokens [start, end)
	form       mentionForm
	cands      []relCand
	// text is the phrase as the question says it.
	text string
	// closure: the phrase means the whole closure unless the question
	// says how far ("downstream", "descendants", "roll up to").
	closure bool
	// former: the phrase asks for a past relation ("alumni", "used to
	// be on").
	former bool
	// generic: the phrase names its concept as a whole ("depend on").
	generic bool
	// concepts are the concepts the phrase names (lexicon senses).
	concepts []words.Concept
	// closureDefault: the phrase reads the closure when the question does
	// not say how far, as a default the question did not say.
	closureDefault bool
	// zero: a verb said as a noun with no suffix ("the imports of X"),
	// which a noun context must show.
	zero bool
	// flipsInFlow: a position that says the other role in a structure
	// that flows downward ("below X in the lineage").
	flipsInFlow bool
	// typesOnly: a noun of a concept the graph has no relation of, kept
	// only to be read by the types with its "of" (vocab.groundByTypes).
	typesOnly bool
}

// best returns the strongest grounding among the candidates.
func (m *relMention) best() grounding {
	b := grounding(255)
	for _, c := range m.cands {
		b = min(b, c.by)
	}
	return b
}

// stated reports whether the mention's strongest candidates are verbs
// stated as participles.
func (m *relMention) stated() bool {
	for _, c := range m.strongest() {
		if c.stated {
			return true
		}
	}
	return false
}

// strongest keeps the candidates of the strongest grounding: a relation
// named by its own words beats a concept-wide union.
func (m *relMention) strongest() []relCand {
	b := m.best()
	var out []relCand
	for _, c := range m.cands {
		if c.by == b {
			out = append(out, c)
		}
	}
	return out
}

// cueMention is a cue phrase found in the question.
type cueMention struct {
	start, end int
	cues       words.Cue
	text       string
}

// matchWord reports whether a token is a form of word w, or of a word w
// is a form of ("alumnus" of "alumni", "leads" of "led").
func matchWord(t token, w string) bool {
	if t.ent >= 0 {
		return false
	}
	if t.low == w || t.lemmaIs(w) || words.IsForm(t.low, w) {
		return true
	}
	if words.Contracted(w) {
		// "cty" of birth_cty is "city", "prv" "province".
		return words.Contracts(w, t.low) || slices.ContainsFunc(t.lemmas, func(l string) bool { return words.Contracts(w, l) })
	}
	for _, b := range words.Lemmas(w)[1:] {
		if len(b) > 2 && (t.lemmaIs(b) || words.IsForm(t.low, b)) && slices.Contains(words.Forms(b), w) {
			return true
		}
	}
	return false
}

// matchPhrase reports whether the base words ws occur at token i, each
// word in any form (but for asWritten: exactly), and where they end.
// Determiners between the words are skipped ("has a ref to", "is an
// alumnus of").
func matchPhrase(toks []token, i int, ws []string, asWritten bool) (int, bool) {
	j := i
	for k, w := range ws {
		for k > 0 && j < len(toks) && (toks[j].class.Has(words.Det|words.PossessiveDet) || toks[j].aside) && toks[j].low != w {
			j++
		}
		if j >= len(toks) {
			return 0, false
		}
		t := toks[j]
		if asWritten {
			if t.ent >= 0 || t.low != w {
				return 0, false
			}
		} else if !matchWord(t, w) {
			return 0, false
		}
		if k > 0 && t.brk {
			return 0, false
		}
		j++
	}
	return j, true
}

// spotCues finds the cue phrases, longest first, none overlapping.
func spotCues(toks []token) []cueMention {
	type found struct {
		cueMention
		n int
	}
	var all []found
	cueIndex, _ := staticIndexes()
	cues := words.Cues()
	for _, h := range cueIndex.hits(toks) {
		{
			i, p := h.at, cues[h.id]
			// A cue is matched as written for its extent kinds and in any
			// form of its first word for the others.
			var cues words.Cue
			end := 0
			if e, ok := matchPhrase(toks, i, p.Words, true); ok {
				cues, end = p.Cues, e
			} else if e, ok := matchCue(toks, i, p.Words); ok && p.Cues&^(words.Transitive|words.Direct|words.Optional) != 0 {
				cues, end = p.Cues&^(words.Transitive|words.Direct|words.Optional), e
			}
			if cues != 0 {
				all = append(all, found{cueMention{i, end, cues, p.Text}, end - i})
			}
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].n > all[b].n })
	var out []cueMention
	taken := make([]bool, len(toks))
	for _, f := range all {
		// The same words read as two cues ("affected": a consequence, and
		// a form of "affect") are one cue of both kinds.
		if k := slices.IndexFunc(out, func(c cueMention) bool { return c.start == f.start && c.end == f.end }); k >= 0 {
			out[k].cues |= f.cues
			continue
		}
		if slices.Contains(taken[f.start:f.end], true) {
			continue
		}
		for k := f.start; k < f.end; k++ {
			taken[k] = true
		}
		out = append(out, f.cueMention)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].start < out[b].start })
	return out
}

// matchCue matches a cue in any form of its first word and the others as
// written.
func matchCue(toks []token, i int, ws []string) (int, bool) {
	if i+len(ws) > len(toks) || !matchWord(toks[i], ws[0]) {
		return 0, false
	}
	for k, w := range ws[1:] {
		t := toks[i+1+k]
		if t.ent >= 0 || t.brk || (t.low != w && !(w == "be" && t.class.Has(words.Be))) {
			return 0, false
		}
	}
	return i + len(ws), true
}

// spotRelations finds the phrases that name relations of the graph: by
// the relations' own names first, then by the concept phrases of the
// data. Mentions on the same words are merged; of overlapping ones the
// longer wins, and on equal length the one grounded in a name.
func spotRelations(toks []token, v *vocab, optional bool) []*relMention {
	var found mentionSet
	found.spotNames(toks, v)
	found.spotDerivedNouns(toks, v)
	found.spotConcepts(toks, v, optional)
	// "What class of vehicle is the AT-ST?": a type's name right after
	// "of" is that kind, not the verb of a relation named "vehicles".
	all := slices.DeleteFunc(found.all, func(m *relMention) bool {
		return m.form == mVerb && m.end-m.start == 1 && m.start > 0 && toks[m.start-1].is("of") && v.namesType(toks[m.start])
	})
	all = dropShadowedByForeign(all)
	all = dropConceptAroundName(toks, all)
	all, foreign := splitForeign(all)
	kept := resolveOverlaps(all)
	widenKeptNouns(kept, all)
	return appendForeign(kept, foreign)
}

// dropConceptAroundName drops a mention read only through a concept whose
// words are those of a mention the graph's own relation names ground,
// with function words beside them: "children of" is containment as a
// concept phrase, yet "children" names father_of and mother_of as their
// kin nouns ("Who are the children of Atlas?"), and the graph's own
// words win over a concept's.
func dropConceptAroundName(toks []token, all []*relMention) []*relMention {
	var named []*relMention // apart: DeleteFunc moves the mentions it keeps
	for _, n := range all {
		if n.best() <= byNameWord {
			named = append(named, n)
		}
	}
	return slices.DeleteFunc(all, func(m *relMention) bool {
		return m.best() >= byConcept && slices.ContainsFunc(named, func(n *relMention) bool {
			return m.start <= n.start && n.end <= m.end && n.end-n.start < m.end-m.start &&
				onlyFunctionWords(toks[m.start:n.start]) && onlyFunctionWords(toks[n.end:m.end])
		})
	})
}

// mentionSet gathers the relation mentions of a question in the order
// they are found; a mention on the same words in the same form as one
// found before is merged into it.
type mentionSet struct {
	all []*relMention
}

// add keeps m, or merges it into the mention found before on the same
// words in the same form.
func (s *mentionSet) add(m *relMention) {
	for _, o := range s.all {
		if o.start == m.start && o.end == m.end && o.form == m.form {
			o.merge(m)
			return
		}
	}
	s.all = append(s.all, m)
}

// merge takes m's candidates and flags into o, which names the same words
// in the same form: a candidate o has already is not repeated, and a
// flag is set when either sets it, but for zero, which both must show.
func (o *relMention) merge(m *relMention) {
	for _, c := range m.cands {
		if !slices.ContainsFunc(o.cands, func(x relCand) bool { return x.rel == c.rel && x.end == c.end }) {
			o.cands = append(o.cands, c)
		}
	}
	o.closure = o.closure || m.closure
	o.closureDefault = o.closureDefault || m.closureDefault
	o.zero = o.zero && m.zero
	o.flipsInFlow = o.flipsInFlow || m.flipsInFlow
	o.former = o.former || m.former
	o.generic = o.generic || m.generic
	o.concepts = appendNew(o.concepts, m.concepts...)
}

// spotNames finds the relations named by their own words ("depends on"
// for depends_on, "owner" for owned_by): the whole name, or its verb or
// its noun, but not function words alone.
func (s *mentionSet) spotNames(toks []token, v *vocab) {
	for _, h := range v.readingIndex.hits(toks) {
		i := h.at
		r, nr := v.readingAt(h.id)
		end, ok := matchPhrase(toks, i, nr.words, false)
		if !ok || onlyFunctionWords(toks[i:end]) || nr.inflected && !verbInflection(toks[end-1], nr.words[len(nr.words)-1]) || nr.modifier && v.typeWord(nr.words[0]) {
			continue
		}
		by := byNameWord
		if nr.full {
			by = byName
		}
		form := mVerb
		if nr.form == formNoun {
			form = mNoun
		}
		s.add(&relMention{start: i, end: end, form: form, text: span(toks, i, end), former: r.former, zero: nr.zero,
			cands: []relCand{{rel: r, end: nr.end, by: by, stated: nr.passive, guessedEnd: nr.guessedEnd, kin: nr.kin, tie: nr.tie, modifier: nr.modifier}}})
	}
}

// spotDerivedNouns finds the nouns made from a relation's verb:
// "dependencies" of depends_on (what the subject depends on),
// "maintainers" of maintains (who maintains), "connections" of
// connects_to.
func (s *mentionSet) spotDerivedNouns(toks []token, v *vocab) {
	for i, t := range toks {
		if t.ent >= 0 || t.class != 0 {
			continue
		}
		verbs, agent := words.Derived(t.low)
		for _, r := range v.rels {
			for _, nr := range r.readings {
				if nr.form != formVerb {
					continue
				}
				for k, vb := range verbs {
					if !slices.Contains(words.Lemmas(nr.words[0]), vb) && nr.words[0] != vb {
						continue
					}
					end := nr.end
					// A noun of the act names what the subject acts on
					// ("X's dependencies"), but where the name says
					// "from" what acts from the subject ("Eevee's
					// evolutions" of evolves_from: what evolves from it).
					if !agent[k] && !(len(nr.words) >= 2 && nr.words[len(nr.words)-1] == "from") {
						end = nr.end.Other()
					}
					if agent[k] && nr.byAgent {
						// "the creator of X" of created_by: the doer
						// after "by", the relation's object.
						end = nr.end.Other()
					}
					s.add(&relMention{start: i, end: i + 1, form: mNoun, text: t.low, former: r.former,
						cands: []relCand{{rel: r, end: end, by: byNameWord}}})
				}
			}
		}
	}
}

// spotConcepts finds the concept phrases of the data ("rely on", "talk
// to", "members"), each sense a mention of the graph's relations of its
// concept, or a mention with no candidate where the graph has none.
func (s *mentionSet) spotConcepts(toks []token, v *vocab, optional bool) {
	_, conceptIndex := staticIndexes()
	phrases := words.ConceptPhrases()
	for _, h := range conceptIndex.hits(toks) {
		i, cp := h.at, phrases[h.id]
		end, ok := matchPhrase(toks, i, cp.Words, false)
		if !ok || anotherPhrasalVerb(toks, end, cp) || cp.Reading && s.named(i, end) {
			continue
		}
		for _, sense := range cp.Firm() {
			if sense.NounHeaded && (i == 0 || !words.IsIndefinite(toks[i-1].low)) {
				continue // "what kind of damage", "the type of X": a noun
			}
			if m := senseMention(toks, i, end, cp.Text, sense, v, optional); m != nil {
				s.add(m)
			}
			if zero, ok := verbAsNoun(cp, sense); ok {
				if m := senseMention(toks, i, end, cp.Text, zero, v, optional); m != nil {
					m.zero = true
					s.add(m)
				}
			}
		}
	}
}

// named reports whether a mention found before (by a relation's own
// name) overlaps tokens [i, end): a phrase of the documents' readings
// yields to a relation the graph names with its words ("delegated to" a
// zone's name servers is delegated_to, not a call).
func (s *mentionSet) named(i, end int) bool {
	return slices.ContainsFunc(s.all, func(m *relMention) bool { return m.start < end && i < m.end })
}

// anotherPhrasalVerb reports whether a one-word concept phrase ending at
// token end is followed by a particle not its own, making another
// phrasal verb ("loaded into" is not "load", "feeds on" not "feeds"):
// its meaning is not the verb's.
func anotherPhrasalVerb(toks []token, end int, cp words.ConceptPhrase) bool {
	return len(cp.Words) == 1 && end < len(toks) && !toks[end].brk && toks[end].ent < 0 && words.IsParticle(toks[end].low) && nominal(cp.Words[0]) != nounOnly &&
		!toks[end].is("of", "for", "with", "on", "to", "from", "in", "by", "at")
}

// verbAsNoun returns the sense of a one-word verb said as a noun, which
// names its object ("the references of X", "its imports"), and whether
// the phrase can be said so.
func verbAsNoun(cp words.ConceptPhrase, s words.Sense) (words.Sense, bool) {
	if len(cp.Words) != 1 || (s.Part != words.Verb && s.Part != words.InverseVerb) || lexiconNoun(cp.Words[0]) {
		return s, false
	}
	zero := s
	zero.Part = words.NounSecond
	if s.Part == words.InverseVerb {
		zero.Part = words.NounFirst
	}
	return zero, true
}

// dropShadowedByForeign drops the mentions inside a phrase of a concept
// the graph lacks that name the graph's relation by its name: "on call
// for" keeps "call" from naming CALLS. The concept's own shorter words
// still read as they do.
func dropShadowedByForeign(all []*relMention) []*relMention {
	for _, m := range slices.Clone(all) {
		if len(m.cands) > 0 {
			continue
		}
		all = slices.DeleteFunc(all, func(o *relMention) bool {
			return o != m && len(o.cands) > 0 && o.start >= m.start && o.end <= m.end && o.best() <= byNameWord
		})
	}
	return all
}

// splitForeign separates the phrases of concepts the graph lacks (no
// candidate) from the mentions of the graph's relations.
func splitForeign(all []*relMention) (ours, foreign []*relMention) {
	ours = slices.DeleteFunc(all, func(m *relMention) bool {
		if len(m.cands) == 0 {
			foreign = append(foreign, m)
			return true
		}
		return false
	})
	return ours, foreign
}

// widenKeptNouns gives a noun kept by its own name the concept's
// candidates of its head noun too ("members of": member_of by name,
// alumni_of by kind), for the question's other words to choose among.
func widenKeptNouns(kept, all []*relMention) {
	for _, m := range kept {
		for _, o := range all {
			if o == m || o.form != m.form || o.start < m.start || o.end > m.end || slices.Contains(kept, o) {
				continue
			}
			if m.best() > byNameWord || o.end-o.start >= m.end-m.start {
				continue
			}
			for _, c := range o.cands {
				if c.by >= byAct && !slices.ContainsFunc(m.cands, func(x relCand) bool { return x.rel == c.rel && x.end == c.end }) {
					m.cands = append(m.cands, c)
				}
			}
			m.concepts = appendNew(m.concepts, o.concepts...)
		}
	}
}

// appendForeign puts the foreign phrases last, for the frame to note,
// each that overlaps no kept mention.
func appendForeign(kept, foreign []*relMention) []*relMention {
	for _, m := range foreign {
		if !slices.ContainsFunc(kept, func(o *relMention) bool { return o.start < m.end && m.start < o.end }) {
			kept = append(kept, m)
		}
	}
	return kept
}

// senseMention turns a concept phrase found at tokens [i, end) into a
// mention of the graph's relations of its concept, or nil when the graph
// has none.
func senseMention(toks []token, i, end int, phrase string, s words.Sense, v *vocab, optional bool) *relMention {
	rels := partsNotKinds(v.conceptRels(s.Concept, optional), phrase, s.Concept)
	if len(rels) == 0 {
		return lackedMention(toks, i, end, phrase, s)
	}
	form := mVerb
	switch s.Part {
	case words.NounFirst, words.NounSecond:
		form = mNoun
	case words.PositionFirst, words.PositionSecond:
		form = mPosition
	}
	m := &relMention{start: i, end: end, form: form, text: span(toks, i, end), closure: s.Closure, former: s.Former,
		generic: s.Generic, concepts: []words.Concept{s.Concept}, flipsInFlow: s.FlipsInFlow,
		// "what depends on X", "what does X rely on": a dependency said as
		// a whole reads its closure unless the question says otherwise;
		// the critic checks whether one hop would answer differently.
		closureDefault: s.Concept == words.Dependency && (s.Generic && form == mVerb || form == mNoun)}
	// A verb naming one act ("call", "talk to") walks the relations
	// whose names name that act, where the graph has any.
	verb := form == mVerb
	var sameAct []*relation
	if verb && !s.Generic && len(s.Acts) > 0 {
		for _, r := range rels {
			if words.SameAct(phrase, r.meaning.Phrase) || slices.ContainsFunc(r.readings, func(nr nameReading) bool {
				return words.SameAct(phrase, strings.Join(nr.words, " "))
			}) {
				sameAct = append(sameAct, r)
			}
		}
	}
	by := byConcept
	if verb && !s.Generic && len(s.Acts) > 0 {
		by = byConceptVerb
	}
	for _, r := range rels {
		g := by
		if slices.Contains(sameAct, r) {
			g = byAct
		} else if verb && r.meaning.Phrase != "" && !s.Generic && !r.meaning.Generic && words.DifferentActs(phrase, r.meaning.Phrase) {
			continue // "call" does not name reads_from
		}
		m.cands = append(m.cands, relCand{rel: r, end: r.roleEnd(s.Role()), by: g, stated: verb && words.PastForm(strings.Fields(phrase)[0])})
	}
	return m
}

// lackedMention returns the mention of a concept phrase at tokens [i,
// end) whose concept the graph has no relation of ("on call for" where
// there are only CALLS): kept, with no candidate, so that its words are
// not read as a shorter phrase that the graph has; nil for one word. A
// noun of it before its "of" ("the members of House X") is kept to be
// read by the types (vocab.groundByTypes).
func lackedMention(toks []token, i, end int, phrase string, s words.Sense) *relMention {
	if (s.Part == words.NounFirst || s.Part == words.NounSecond) && conceptNoun(phrase) && end < len(toks) && toks[end].is("of") {
		return &relMention{start: i, end: end, form: mNoun, text: span(toks, i, end), concepts: []words.Concept{s.Concept}, typesOnly: true}
	}
	if end-i < 2 {
		return nil
	}
	return &relMention{start: i, end: end, form: mVerb, text: span(toks, i, end), concepts: []words.Concept{s.Concept}}
}

// partsNotKinds drops, from the relations of a containment phrase of
// parts ("the parts of X", "what is X part of"), those whose names say one
// thing is a kind of another (is_a, hypernym), where others are left: a
// part of X is no subclass of it ("under X" keeps them).
func partsNotKinds(rels []*relation, phrase string, c words.Concept) []*relation {
	if c != words.Containment || !words.NamesPart(phrase) {
		return rels
	}
	if parts := slices.DeleteFunc(slices.Clone(rels), func(r *relation) bool { return words.NamesKind(r.meaning.Phrase) }); len(parts) > 0 {
		return parts
	}
	return rels
}

// onlyFunctionWords reports whether every token is a closed-class word: a
// relation named "is_a" or "of" is not named by "is a" alone.
func onlyFunctionWords(ts []token) bool {
	for _, t := range ts {
		if t.class == 0 || t.class.Has(words.Request|words.Collective|words.Transparent|words.PathNoun|words.PathVerb|words.Support) {
			return false
		}
	}
	return true
}

// resolveOverlaps keeps, of overlapping mentions, the longer, and on equal
// length the one grounded more strongly; mentions of exactly the same
// words in another form (a verb and a noun) are both kept.
func resolveOverlaps(all []*relMention) []*relMention {
	sort.SliceStable(all, func(a, b int) bool {
		la, lb := all[a].end-all[a].start, all[b].end-all[b].start
		if la != lb {
			return la > lb
		}
		return all[a].best() < all[b].best()
	})
	var kept []*relMention
	for _, m := range all {
		clash := false
		for _, k := range kept {
			if m.start < k.end && k.start < m.end && !(m.start == k.start && m.end == k.end) {
				clash = true
				break
			}
		}
		if !clash {
			kept = append(kept, m)
		}
	}
	sort.SliceStable(kept, func(a, b int) bool { return kept[a].start < kept[b].start })
	return kept
}

// span returns the question's words of tokens [i, end).
func span(toks []token, i, end int) string {
	var ws []string
	for _, t := range toks[i:end] {
		if t.ent >= 0 {
			ws = append(ws, t.raw)
		} else {
			ws = append(ws, t.low)
		}
	}
	return strings.Join(ws, " ")
}

func appendNew[T comparable](s []T, xs ...T) []T {
	for _, x := range xs {
		if !slices.Contains(s, x) {
			s = append(s, x)
		}
	}
	return s
}

// verbInflection reports whether token t is word w inflected as a verb
// ("tagged", "tagging" for tag).
func verbInflection(t token, w string) bool {
	return t.low != w && (words.PastForm(t.low) || strings.HasSuffix(t.low, "ing") && !strings.HasSuffix(w, "ing"))
}
