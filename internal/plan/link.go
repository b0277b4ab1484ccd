package plan

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// linked is an entity mention found in the question.
type linked struct {
	anchor     state.Anchor
	start, end int // byte offsets in the question
	// candidates are the matches tied with the chosen one (an ambiguity
	// when there are several).
	candidates []graph.Match
}

// linking is what linking found in a question: the mentions in question
// order, notes for the plan, the entities to suggest when it found none
// (state.Plan.DidYouMean), and the store calls it made.
type linking struct {
	ents       []linked
	notes      []string
	didYouMean []string
	calls      int
}

// resolveLimit is how many matches linking asks the store for a mention:
// enough for a kind word to choose among the names a word is part of
// (deployment/cartservice, service/cartservice, app=cartservice, ...).
const resolveLimit = 16

// link finds the question's entity mentions: the [bracketed] ones when
// there are any (each looked up, the missing ones noted); else every run
// of words is tried against the store in one batch, as written, without
// its kind nouns and connectives, and with abbreviations written out or
// shortened (mentionForms), and the runs that account for the most words
// with the best matches win (pick); else a misspelt name (linkFuzzy).
// Words that only name an entity by accident are dropped (dropOrdinary).
func (p *Rules) link(ctx context.Context, q string, s *graph.Schema) (linking, error) {
	if bs := text.Brackets(q); len(bs) > 0 {
		return p.linkBrackets(ctx, bs)
	}
	gw := p.graphWords(s)
	ws := readWords(q, gw)
	spans := spansOf(ws, p.opts.MaxSpanWords)
	if len(spans) == 0 {
		return linking{}, nil
	}
	var mentions []string
	index := map[string]int{}
	for i := range spans {
		for _, f := range mentionForms(q, ws, spans[i]) {
			k, ok := index[f.text]
			if !ok {
				k = len(mentions)
				index[f.text] = k
				mentions = append(mentions, f.text)
			}
			spans[i].forms = append(spans[i].forms, form{mention: k, content: f.content})
		}
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Limit: resolveLimit})
	out := linking{calls: 1}
	if err != nil {
		return out, fmt.Errorf("link entities: %w", err)
	}
	// isEnt reports whether word k alone names an entity.
	isEnt := func(k int) bool {
		for _, sp := range spans {
			if sp.i == k && sp.j == k+1 {
				for _, m := range res[sp.forms[0].mention] {
					if m.Method != graph.MatchPartial && m.Method != graph.MatchFuzzy {
						return true
					}
				}
			}
		}
		return false
	}
	var cands []spanLink
	var near nearMisses
	tc := tokenCache{}
	for _, sp := range spans {
		if l, ok := p.best(q, ws, sp, mentions, res, gw, tc, isEnt, &near); ok {
			cands = append(cands, l)
		}
	}
	cands = append(cands, typoLinks(q, ws, spans, res, gw, tc, p.opts.FuzzyThreshold)...)
	out.ents = pick(cands, len(ws))
	out.ents = dropOrdinary(out.ents, ws, gw)
	out.ents = dropWithinRelationName(out.ents, ws, gw)
	out.ents = dropKindAsked(out.ents, ws)
	out.ents = withArticles(out.ents, ws, q)
	if len(out.ents) == 0 {
		fl, suggest, err := p.linkFuzzy(ctx, q, ws, gw)
		out.calls++
		if err != nil {
			return out, err
		}
		out.ents, out.didYouMean = fl, suggest
		if len(fl) == 0 && len(suggest) == 0 {
			out.didYouMean = near.names()
		}
	}
	slices.SortFunc(out.ents, func(a, b linked) int { return a.start - b.start })
	return out, nil
}

// graphWords returns the words of the schema's names, read once.
func (p *Rules) graphWords(s *graph.Schema) *graphWords {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.words == nil || p.wordsOf != s {
		p.words, p.wordsOf = newGraphWords(s), s
	}
	return p.words
}

// tokenCache keeps the key tokens (text.KeyTokens) of the mentions and
// names one question's linking reads, each split once. The slices it
// returns are full: appending to one copies it.
type tokenCache map[string][]string

func (tc tokenCache) of(s string) []string {
	t, ok := tc[s]
	if !ok {
		t = text.KeyTokens(s)
		t = t[:len(t):len(t)]
		tc[s] = t
	}
	return t
}

// span is a run of the question's words [i, j) tried as a mention, with
// its forms among the mentions sent to the store.
type span struct {
	i, j  int
	forms []form
}

// form is one text a span is looked up by: the index of the mention sent
// to the store, and whether it leaves out the span's kind nouns (which the
// entity must then fit).
type form struct {
	mention int
	content bool
}

// spansOf returns the runs of up to maxWords words that may be a
// mention: those that are not only stopwords.
func spansOf(ws []qword, maxWords int) []span {
	var out []span
	for i := range ws {
		for j := i + 1; j <= len(ws) && j-i <= maxWords; j++ {
			if !slices.ContainsFunc(ws[i:j], func(w qword) bool { return !w.stop }) {
				continue
			}
			out = append(out, span{i: i, j: j})
		}
	}
	return out
}

// formText is a text a span is looked up by, and whether it leaves out
// the span's kind nouns.
type formText struct {
	text    string
	content bool
}

// mentionForms returns the texts a span is looked up by: as written;
// with a nickname for the given name it starts with replaced by that name;
// with an irregular plural it ends in replaced by its singular; as
// the place a demonym is said of ("Swedish" as Sweden);
// without its kind nouns, connectives and articles ("the Redis
// container" as "Redis", "the encounter grain model in outpatient psych"
// as "encounter grain outpatient psych") when what is left is its
// content; and each of those with abbreviations in the other form
// ("working group" as "wg", "stg" as "staging").
func mentionForms(q string, ws []qword, sp span) []formText {
	forms := []formText{{text: q[ws[sp.i].Start:ws[sp.j-1].End]}}
	var toks []string
	for _, w := range ws[sp.i:sp.j] {
		toks = append(toks, text.Tokens(w.Raw)...)
	}
	if v, ok := abbreviated(toks); ok {
		forms = append(forms, formText{text: v})
	}
	if n := len(toks); n > 0 {
		// "the Elves" for Elf: a name whose last word is in an irregular
		// plural.
		for _, b := range words.IrregularBases(toks[n-1]) {
			forms = append(forms, formText{text: strings.Join(append(slices.Clone(toks[:n-1]), b), " ")})
		}
	}
	// "Swedish airports" for Sweden: an adjective said of a place.
	for _, pl := range words.PlacesOf(strings.Join(toks, "-")) {
		forms = append(forms, formText{text: pl})
	}
	if len(toks) == 1 {
		// "Which women won the prize?": the value female.
		for _, v := range words.ValuesOf(toks[0]) {
			forms = append(forms, formText{text: v})
		}
		// "Which emperors were assassinated?": the value Assassination.
		for _, n := range actNounsOf(ws, sp) {
			forms = append(forms, formText{text: n})
		}
	}
	if len(toks) >= 2 {
		// "Bernie Sanders" for Bernard Sanders: a person's name with a
		// nickname for its given name.
		for _, g := range words.GivenNames(toks[0]) {
			forms = append(forms, formText{text: g + " " + strings.Join(toks[1:], " ")})
		}
	}
	if content, ok := contentWords(ws, sp); ok {
		forms = append(forms, formText{text: strings.Join(content, " "), content: true})
		toks = toks[:0]
		for _, c := range content {
			toks = append(toks, text.Tokens(c)...)
		}
		if v, ok := abbreviated(toks); ok {
			forms = append(forms, formText{text: v, content: true})
		}
	}
	return forms
}

// actNounsOf returns the nouns of the act a one-word span names, where it
// is a participle after a form of "be" or "get" that ends its clause
// ("Which emperors were assassinated?", "those that got executed"): the
// state said is the value the act's noun names. A participle with an
// agent or an object after it ("deployed by X") is a relation's verb.
func actNounsOf(ws []qword, sp span) []string {
	if sp.j-sp.i != 1 || sp.i == 0 || !words.PastForm(ws[sp.i].lower) || !words.ClassOf(ws[sp.i-1].lower).Has(words.Be|words.Get) {
		return nil
	}
	if sp.j < len(ws) && !words.ClassOf(ws[sp.j].lower).Has(words.Conj) {
		return nil
	}
	var out []string
	for _, l := range words.Lemmas(ws[sp.i].lower) {
		if l != ws[sp.i].lower {
			out = append(out, words.ActNouns(l)...)
		}
	}
	return out
}

// contentWords returns the words of a span that are neither kind nouns
// nor stopwords, when the span holds such words and is shaped as a
// mention with them: parts of content joined by connectives ("in",
// "of"), each followed by kind nouns in the singular (a part before a
// connective ends in one, or in a name), the first maybe preceded by
// them and by an article ("the announce job in release", "the
// Redis container", "the encounter grain model in outpatient psych"). A
// stopword other than an article after a connective is content, which
// the name must hold ("the go token package").
func contentWords(ws []qword, sp span) ([]string, bool) {
	var content []string
	other := false
	needContent := false // after a connective: content must come next
	// A kind noun before any content: stopwords after it are not a name
	// ("the same group as" is no mention of .as).
	kindFirst := false
	k := sp.i
	for k < sp.j && isArticle(ws[k]) {
		k++
	}
	for ; k < sp.j; k++ {
		w := ws[k]
		switch {
		case w.kind:
			kindFirst = kindFirst || len(content) == 0
			if needContent || text.Singular(w.tok) != w.tok || k > sp.i && ws[k-1].Possessive {
				// After a possessive, a kind noun is another thing:
				// "web-app's node".
				return nil, false
			}
			other = true
		case w.conn:
			// "the announce job in release", "custom-build-wasm in the
			// release workflow": a part before a connective ends in a
			// kind noun or a name; "a backlog in the orders queue" is two
			// things.
			if len(content) == 0 || needContent || !ws[k-1].kind && !ws[k-1].named {
				return nil, false
			}
			other, needContent = true, true
		case isArticle(w) && ws[k-1].conn:
		default:
			// Content, stopwords too: they must be words of the
			// name ("the go token package").
			content = append(content, w.Raw)
			needContent = false
		}
	}
	if !other || len(content) == 0 || needContent || kindFirst && allStopwords(strings.Join(content, " ")) {
		return nil, false
	}
	return content, true
}

// abbreviated returns the words with every long form of an abbreviation
// shortened and every short form written out (words.ShortForm,
// words.LongForm), and whether any was.
func abbreviated(toks []string) (string, bool) {
	var out []string
	changed := false
	for i := 0; i < len(toks); {
		if short, n := words.ShortForm(toks[i:]); n > 0 {
			out = append(out, short)
			i += n
			changed = true
			continue
		}
		if long, ok := words.LongForm(toks[i]); ok {
			out = append(out, long...)
			changed = true
		} else {
			out = append(out, toks[i])
		}
		i++
	}
	return strings.Join(out, " "), changed
}

// spanLink is the best reading of one span as a mention: the entity, the
// others tied with it, and how it ranks (rank).
type spanLink struct {
	l linked
	// explained is how many of the span's words the match accounts for;
	// confirmed how many kind words its entity confirms; method ranks how
	// the entity matched (methodRank); score is the share of the name
	// the words name.
	explained, confirmed, method int
	score                        float64
	i, j                         int // the span's words
}

// rank orders span links: the one that accounts for more words first,
// then the one whose kind words fit, then the stronger match, then the
// larger share of the name, then the longer span, then the leftmost.
func rank(a, b spanLink) int {
	return cmp.Or(cmp.Compare(b.explained, a.explained), cmp.Compare(b.confirmed, a.confirmed),
		cmp.Compare(a.method, b.method), cmp.Compare(b.score, a.score), cmp.Compare(b.j-b.i, a.j-a.i), cmp.Compare(a.i, b.i))
}

// candidate is one entity a span may name, as linking weighs it.
type candidate struct {
	m       graph.Match
	form    string // the form that matched it
	content bool   // the form leaves the kind words out
	// explained, confirmed, method and score as in spanLink.
	explained, confirmed, method int
	score                        float64
}

// better reports whether candidate a ranks above b.
func better(a, b candidate) bool {
	switch {
	case a.explained != b.explained:
		return a.explained > b.explained
	case a.confirmed != b.confirmed:
		return a.confirmed > b.confirmed
	case a.method != b.method:
		return a.method < b.method
	}
	return a.score > b.score
}

// spanWords is what best knows of a span's words: the kind words in the
// singular (key tokens, "database" for "db"), the words past a leading
// article, and whether each kind word alone names an entity.
type spanWords struct {
	kinds     []string
	kindIsEnt []bool
	words     int
	content   int
}

// best returns the entity a span names, if any: of the store's matches
// for its forms, those its kind words do not contradict, ranked by how
// many of the span's words they account for, how many kind words they
// confirm, how strong the match is and what share of the name it names
// (better); a partial match only where it may stand for the entity
// (acceptPartial). A kind word the name lacks at an end of the span stays
// in the mention only where it is needed: it chooses the entity ("the
// docs.rs repo", not the team docs-rs), it would name an entity of its
// own ("table"), or it is a generic kind noun (kinds.txt) the reader
// takes as part of a mention anyway; else the mention ends before it
// ("the search team": "the search", and the reader reads "team").
func (p *Rules) best(q string, ws []qword, sp span, mentions []string, res [][]graph.Match, gw *graphWords, tc tokenCache, isEnt func(k int) bool, near *nearMisses) (spanLink, bool) {
	sw := readSpanWords(ws, sp, isEnt)
	if kindHeadsOfPhrase(ws, sp) {
		// "the motion sensor one of ...", "the X part of": the noun
		// heads an "of" phrase, not this mention.
		return spanLink{}, false
	}
	asked := sp.i > 0 && ws[sp.i-1].asking
	cs, narrowed := p.candidates(ws, sp, sw, mentions, res, asked, gw, tc, near)
	if len(cs) == 0 {
		return spanLink{}, false
	}
	if narrowed {
		// The kind words chose among the matches: they are accounted
		// for, whether the entity confirms them or not ("the relay
		// folder": ./relay, not relay).
		creditKindWords(cs, sw)
	}
	if asked && kindWordIsAsked(ws, sp, cs, sw) {
		// "which feature-complete services": the kind word is what the
		// question asks for, not part of a name; the span without it
		// is tried on its own.
		return spanLink{}, false
	}
	sortCandidates(cs)
	top := cs[0]
	mi, mj := mentionWords(ws, sp, cs, sw, narrowed, tc)
	l := linked{anchor: state.Anchor{Mention: q[ws[mi].Start:ws[mj-1].End], Entity: top.m.Entity.Name, Type: top.m.Entity.Type,
		Method: top.m.Method, Confidence: confidence(top.m)}, start: ws[mi].Start, end: ws[mj-1].End}
	l.candidates = tiedWith(top, cs)
	if beginsSeveralNames(top, sw, l.candidates) {
		// One word that begins several names ("the VPC" for
		// vpc-analytics, vpc-prod, ...) says what kind they are,
		// unless a kind word says which kind ("the billing db").
		for _, m := range l.candidates {
			near.add(sw.content, m)
		}
		return spanLink{}, false
	}
	return spanLink{l: l, explained: top.explained, confirmed: top.confirmed, method: top.method, score: top.score, i: sp.i, j: sp.j}, true
}

// readSpanWords returns what best knows of a span's words: past its
// leading articles, how many words there are, its kind words in the
// singular (and whether each names an entity alone: isEnt), and how many
// content words.
func readSpanWords(ws []qword, sp span, isEnt func(k int) bool) spanWords {
	var sw spanWords
	k := sp.i
	for k < sp.j && isArticle(ws[k]) {
		k++
	}
	sw.words = sp.j - k
	for ; k < sp.j; k++ {
		w := ws[k]
		switch {
		case w.kind && text.Singular(w.tok) == w.tok:
			sw.kinds = append(sw.kinds, text.Key(w.tok))
			sw.kindIsEnt = append(sw.kindIsEnt, isEnt(k))
		case !w.stop && !w.kind:
			sw.content++
		}
	}
	return sw
}

// kindHeadsOfPhrase reports whether the span ends in a kind word followed
// by "of": the kind word heads an "of" phrase, not the span's mention.
func kindHeadsOfPhrase(ws []qword, sp span) bool {
	return sp.j < len(ws) && ws[sp.j-1].kind && ws[sp.j].lower == "of"
}

// candidates weighs every match of the span's forms and returns the
// candidates kept, one per entity (the better of its matches), in the
// order first met; narrowed reports whether a kind word ruled a match
// out. A partial match refused is a near miss, unless the span follows
// an asking word.
func (p *Rules) candidates(ws []qword, sp span, sw spanWords, mentions []string, res [][]graph.Match, asked bool, gw *graphWords, tc tokenCache, near *nearMisses) (cs []candidate, narrowed bool) {
	for _, f := range sp.forms {
		for _, m := range res[f.mention] {
			c, why := p.weigh(ws, sp, sw, m, mentions[f.mention], f.content, asked, gw, tc)
			switch why {
			case contradicted:
				narrowed = true
			case refused:
				if !asked {
					near.add(sw.content, m)
				}
			case kept:
				cs = keepBetter(cs, c)
			}
		}
	}
	if len(cs) == 0 && !asked && sw.content == 1 && len(sp.forms) > 0 {
		if m, ok := rootName(res[sp.forms[0].mention]); ok && slices.ContainsFunc(ws[sp.i:sp.j], func(w qword) bool { return w.named }) {
			// "the Najdorf": Sicilian Defense: Najdorf Variation, whose
			// name every other one with the word extends.
			cs = append(cs, candidate{m: m, form: mentions[sp.forms[0].mention], method: methodRank(m.Method), score: m.Score, explained: sw.words})
		}
	}
	return cs, narrowed
}

// rootName returns, of a name word's partial matches, the one whose name
// each of the others extends ("Sicilian Defense: Najdorf Variation" of
// "..., English Attack" and "..., Adams Attack"), where there are several;
// ok is false where no name is the root of the rest.
func rootName(ms []graph.Match) (graph.Match, bool) {
	var partial []graph.Match
	for _, m := range ms {
		if m.Method == graph.MatchPartial {
			partial = append(partial, m)
		}
	}
	if len(partial) < 2 {
		return graph.Match{}, false
	}
	root := slices.MinFunc(partial, func(a, b graph.Match) int { return cmp.Compare(len(a.Entity.Name), len(b.Entity.Name)) })
	for _, m := range partial {
		if n := m.Entity.Name; n != root.Entity.Name && !strings.HasPrefix(n, root.Entity.Name+",") && !strings.HasPrefix(n, root.Entity.Name+" ") {
			return graph.Match{}, false
		}
	}
	return root, true
}

// keepBetter adds c to cs, or where cs holds a candidate for the same
// entity, puts c in its place when c is better.
func keepBetter(cs []candidate, c candidate) []candidate {
	k := slices.IndexFunc(cs, func(o candidate) bool { return o.m.Entity.Name == c.m.Entity.Name })
	if k < 0 {
		return append(cs, c)
	}
	if better(c, cs[k]) {
		cs[k] = c
	}
	return cs
}

// creditKindWords counts the span's kind words as accounted for by every
// candidate whose form left them out.
func creditKindWords(cs []candidate, sw spanWords) {
	for i := range cs {
		if cs[i].content {
			cs[i].explained = sw.content + len(sw.kinds)
		}
	}
}

// kindWordIsAsked reports whether, in a span after an asking word, a kind
// word is what the question asks for rather than part of a name: the
// span has one, and some candidate confirms fewer kind words than the
// span has, or the span has none in the singular.
func kindWordIsAsked(ws []qword, sp span, cs []candidate, sw spanWords) bool {
	return slices.ContainsFunc(ws[sp.i:sp.j], func(w qword) bool { return w.kind }) &&
		slices.ContainsFunc(cs, func(c candidate) bool { return c.confirmed < len(sw.kinds) || len(sw.kinds) == 0 })
}

// sortCandidates orders candidates best first (better), keeping the
// order of those equal.
func sortCandidates(cs []candidate) {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
}

// mentionWords returns the words [mi, mj) of the span the mention of the
// best candidate cs[0] is: the span, without a preposition before it
// that the name does not start with, and, where the candidate's form
// left the kind words out, without the kind words before its name
// ("every service ts-travel-service", "the service web-app calls": the
// reader reads them), nor those after it when they are not needed
// (kindsNeeded).
func mentionWords(ws []qword, sp span, cs []candidate, sw spanWords, narrowed bool, tc tokenCache) (mi, mj int) {
	top := cs[0]
	mi, mj = sp.i, sp.j
	nameToks := tc.of(top.m.Entity.Name)
	if leadsWithOwnPreposition(ws, mi, mj, nameToks) {
		mi++
	}
	if !top.content {
		return mi, mj
	}
	mi = pastKindWordsBefore(ws, mi, mj, top, tc)
	if !narrowed && !kindsNeeded(cs, sw) {
		for mj > mi && ws[mj-1].kind {
			mj--
		}
	}
	return mi, mj
}

// leadsWithOwnPreposition reports whether words [mi, mj), more than one,
// start with a preposition the name does not start with: "sit on the
// Senate Budget Committee" for Senate Committee on the Budget leaves the
// verb its particle.
func leadsWithOwnPreposition(ws []qword, mi, mj int, nameToks []string) bool {
	return mj-mi > 1 && words.ClassOf(text.Key(ws[mi].tok)).Has(words.Prep) && (len(nameToks) == 0 || nameToks[0] != text.Key(ws[mi].tok))
}

// pastKindWordsBefore returns where the mention starts past the articles
// and kind words before the name, from mi: a kind word stays when the
// name has a word for it besides those the form names ("the image png
// package" for image/png, not "every service ts-travel-service").
func pastKindWordsBefore(ws []qword, mi, mj int, top candidate, tc tokenCache) int {
	nameToks := tc.of(top.m.Entity.Name)
	inName := func(k string) bool {
		_, ok := text.MatchWords(append(tc.of(top.form), k), nameToks)
		return ok
	}
	for k := mi; k < mj && (isArticle(ws[k]) || ws[k].kind && !inName(text.Key(ws[k].tok))); k++ {
		if ws[k].kind {
			mi = k + 1
		}
	}
	return mi
}

// tiedWith returns the matches of the candidates top does not rank
// above: itself and those tied with it.
func tiedWith(top candidate, cs []candidate) []graph.Match {
	var tied []graph.Match
	for _, c := range cs {
		if !better(top, c) {
			tied = append(tied, c.m)
		}
	}
	return tied
}

// beginsSeveralNames reports whether the best candidate is a partial
// match of one content word, confirmed by no kind word, tied with
// others: a word that begins several names.
func beginsSeveralNames(top candidate, sw spanWords, tied []graph.Match) bool {
	return top.m.Method == graph.MatchPartial && sw.content == 1 && top.confirmed == 0 && len(tied) > 1
}

// verdict says why weigh refused a match, or that it did not.
type verdict int

const (
	kept         verdict = iota
	fuzzy                // a fuzzy match: linkFuzzy's business
	contradicted         // the kind words the form left out name another kind
	refused              // a partial match that may not stand for its entity
)

// weigh weighs one match of a span's form, or says why it refuses it.
func (p *Rules) weigh(ws []qword, sp span, sw spanWords, m graph.Match, form string, content, asked bool, gw *graphWords, tc tokenCache) (candidate, verdict) {
	if m.Method == graph.MatchFuzzy {
		return candidate{}, fuzzy
	}
	c := candidate{m: m, form: form, content: content, method: methodRank(m.Method), score: m.Score, explained: sw.words}
	if m.Method == graph.MatchNormalized && strings.EqualFold(strings.TrimSpace(form), m.Entity.Name) {
		c.method = caseRank
	}
	fit := gw.fitKinds(sw.kinds, m.Entity, tc.of(m.Entity.Name))
	if content {
		if fit.contradicted {
			return candidate{}, contradicted
		}
		// The form names the content; of the kind words, those the
		// entity confirms are accounted for too.
		c.explained = sw.content + fit.confirmed
		toks := tc.of(form)
		for _, k := range sw.kinds {
			if fit.confirms(k) {
				toks = append(toks, k)
			}
		}
		if wm, ok := text.MatchWords(toks, tc.of(m.Entity.Name)); ok {
			c.score = wm.Score
		}
	}
	c.confirmed = fit.confirmed
	if m.Method == graph.MatchPartial && !p.acceptPartial(ws, sp, c, asked, gw, tc) {
		return candidate{}, refused
	}
	return c, kept
}

// nearMisses keeps the partial matches linking refused that name the
// most of a mention's words: what to suggest when nothing is linked
// ("cartservice" alone names five things).
type nearMisses struct {
	words int
	score float64
	ms    []graph.Match
}

func (n *nearMisses) add(words int, m graph.Match) {
	switch {
	case words > n.words || words == n.words && m.Score > n.score:
		n.words, n.score, n.ms = words, m.Score, []graph.Match{m}
	case words == n.words && m.Score == n.score && !slices.ContainsFunc(n.ms, func(o graph.Match) bool { return o.Entity.Name == m.Entity.Name }):
		n.ms = append(n.ms, m)
	}
}

// names returns up to two of the best near misses, by name.
func (n *nearMisses) names() []string {
	var out []string
	for _, m := range n.ms {
		out = append(out, m.Entity.Name)
	}
	slices.Sort(out)
	if len(out) > 2 {
		out = out[:2]
	}
	return out
}

// kindsNeeded reports whether a span's kind words, left out of the form
// its best candidate matched, belong in the mention: they chose it (the
// best without them would be another entity, or a tie), one names an
// entity on its own, or all are generic kind nouns.
func kindsNeeded(cs []candidate, sw spanWords) bool {
	if slices.Contains(sw.kindIsEnt, true) {
		return true
	}
	generic := true
	for _, k := range sw.kinds {
		if !words.IsKindWord(k) {
			generic = false
		}
	}
	if generic {
		return true
	}
	// Without the kind words: the strongest match, then the largest
	// share, as best weighs them.
	plain := func(a, b candidate) bool {
		if a.method != b.method {
			return a.method < b.method
		}
		return a.m.Score > b.m.Score
	}
	var tops []candidate
	for _, c := range cs {
		switch {
		case len(tops) == 0 || plain(c, tops[0]):
			tops = []candidate{c}
		case !plain(tops[0], c):
			tops = append(tops, c)
		}
	}
	return len(tops) != 1 || tops[0].m.Entity.Name != cs[0].m.Entity.Name
}

// isArticle reports whether a word is "the", "a" or "an".
func isArticle(w qword) bool { return isArticleWord(w.lower) }

// acceptPartial reports whether a partial match may stand for its entity:
// what the mention left of a name word it named in part is a word
// ("checkout" for checkoutservice leaves "service"); not right after
// "which" or "what" (the kind asked for: "which working groups"); and the
// span has two words of content, or one with a kind word the entity
// confirms ("the dialysis tag"), or one written as a name that begins the
// entity's name ("Chicago" for "Chicago, Cook County, IL, USA") or that
// the name only extends by a version ("lodash" in lodash@4.17.21). One
// plain word inside a longer name ("outage" in runbook-payment-outage) is
// not a mention.
func (p *Rules) acceptPartial(ws []qword, sp span, c candidate, asked bool, gw *graphWords, tc tokenCache) bool {
	nameToks := tc.of(c.m.Entity.Name)
	if asked {
		// "Which alkali metals": a name of two words or more said whole
		// in the plural after an asking word names the kind of thing it
		// is (the category alkali metal), a condition on the answers;
		// "Which Eastern Orthodox saints": words written as names that
		// begin an entity's name, before a plain plural, name it so too.
		return endsInPlural(ws, sp) && pluralOfName(tc.of(c.form), nameToks) || namedPrefixBeforeKind(ws, sp, tc.of(c.form), nameToks)
	}
	if predicateNoun(ws, sp) && endsInPlural(ws, sp) {
		// "the elements that are gases", "Which alkali metals are
		// gases?": a name said whole in the plural after "are" is what
		// the answers are (the phase Gas).
		return singularIsName(tc.of(c.form), nameToks)
	}
	if endsInPlural(ws, sp) {
		// "fuel pumps", "IAM role policy attachments": a plural names a
		// kind; but the entity's whole name, a word before the last
		// written as a name, with its last word in the plural names it
		// ("the HTTP handlers" for HTTP Handler, one entity for a kind of
		// part, as documents name them; not "the working groups").
		named := slices.ContainsFunc(ws[sp.i:sp.j-1], func(w qword) bool { return w.named })
		return named && pluralOfName(tc.of(c.form), nameToks)
	}
	if namesInParentheses(c.form, c.m.Entity.Name) {
		return true
	}
	if possessesRelation(ws, sp, gw) && !strings.Contains(c.m.Entity.Name, "'") {
		// "goat's milk" over milk: the goat's milk, not a name with
		// "Goat Milk" in it.
		return false
	}
	m, ok := text.MatchWords(tc.of(c.form), nameToks)
	if !ok || !gw.partsAreWords(m.Parts) {
		return false
	}
	content := contentOf(ws[sp.i:sp.j])
	switch {
	case len(content) >= 2:
		// Plain words alone ("high latency" for
		// runbook-high-auth-latency) name an entity when they run as
		// in its name or name most of it.
		return slices.ContainsFunc(content, func(w qword) bool { return w.named }) ||
			isRun(tc.of(c.form), nameToks) || m.Score > 0.5 || c.confirmed > 0
	case len(content) == 0:
		return false
	case c.confirmed > 0:
		return true
	}
	return oneWordNames(ws, sp, content[0], c.m.Entity.Type, nameToks, gw)
}

// possessesRelation reports whether a word of span sp but its last is
// said in the possessive and followed by a word of a relation's name ("goat's
// milk" where the graph has milk): the span says an entity and its
// relation, not one name.
func possessesRelation(ws []qword, sp span, gw *graphWords) bool {
	for k := sp.i; k < sp.j-1; k++ {
		if ws[k].Possessive && gw.isRelWord(ws[k+1].tok) {
			return true
		}
	}
	return false
}

// namesInParentheses reports whether a mention says the part of a name
// written before its parentheses or inside them: "MIT" and
// "Massachusetts Institute of Technology" both name Massachusetts
// Institute of Technology (MIT); "Prussia" names Prussia (now Russia).
func namesInParentheses(mention, name string) bool {
	open := strings.LastIndex(name, " (")
	if open <= 0 || !strings.HasSuffix(name, ")") {
		return false
	}
	k := text.Key(mention)
	return k != "" && (k == text.Key(name[:open]) || k == text.Key(name[open+2:len(name)-1]))
}

// predicateNoun reports whether span sp follows a form of "be" (past a
// "not": "are not gases") and ends
// its noun phrase: the end of the question, or a conjunction, a
// preposition ("gases at room temperature") or a comma after it.
func predicateNoun(ws []qword, sp span) bool {
	be := sp.i - 1
	if be > 0 && words.ClassOf(ws[be].lower).Has(words.Neg) && !words.ClassOf(ws[be].lower).Has(words.Be) {
		be-- // "Which period 2 elements are not diatomic nonmetals?"
	}
	if be < 0 || !words.ClassOf(ws[be].lower).Has(words.Be) {
		return false
	}
	return sp.j == len(ws) || ws[sp.j].conn || words.ClassOf(ws[sp.j].lower).Has(words.Conj|words.Prep) || strings.HasSuffix(ws[sp.j-1].Raw, ",")
}

// endsInPlural reports whether the span's last word is a plain word in
// the plural.
func endsInPlural(ws []qword, sp span) bool {
	last := ws[sp.j-1]
	return last.plain && last.tok != "" && text.Singular(last.tok) != last.tok
}

// contentOf returns the words that are neither stopwords nor kind words.
func contentOf(ws []qword) []qword {
	var content []qword
	for _, w := range ws {
		if !w.stop && !w.kind {
			content = append(content, w)
		}
	}
	return content
}

// oneWordNames reports whether w, the one content word of span sp,
// stands for the entity of type typ named nameToks: a name written whole
// ("feature-complete", "docs.rs"); else a word in the singular, not part
// of a longer name written around it, that is written as a name and
// begins the entity's name, or that the name holds with only words of
// its type beside it, or that the name only extends by a version.
func oneWordNames(ws []qword, sp span, w qword, typ string, nameToks []string, gw *graphWords) bool {
	toks := text.KeyTokens(w.Raw)
	if len(toks) == 0 || len(nameToks) == 0 {
		return false
	}
	if len(toks) >= 2 {
		return true // "feature-complete", "docs.rs": a name written whole
	}
	if text.Singular(toks[0]) != toks[0] {
		return false // "the mains", "VPCs": a plural names a kind of thing
	}
	if sp.i > 0 && ws[sp.i-1].named || sp.j < len(ws) && ws[sp.j].named {
		return false // "Orion X9": the name goes on, and that part matched nothing
	}
	if w.named && text.Singular(nameToks[0]) == text.Singular(toks[0]) {
		return true
	}
	if onlyTypeBeside(toks[0], nameToks, gw.typeToks[typ]) {
		// "the frontend" for "Frontend service", a Service; not where an
		// unknown word follows, which may be the type word misspelt
		// ("the payment servis").
		return !unknownWordFollows(ws, sp, gw)
	}
	return extendsOnlyByVersion(toks[0], nameToks)
}

// unknownWordFollows reports whether the word after the span is a plain
// word, no stopword, that the graph and the lexicon do not know.
func unknownWordFollows(ws []qword, sp span, gw *graphWords) bool {
	return sp.j < len(ws) && ws[sp.j].plain && !ws[sp.j].stop && !known(ws[sp.j].tok, gw)
}

// extendsOnlyByVersion reports whether a name is the word tok followed
// only by version tokens (numbers, "v"): "lodash" in lodash@4.17.21.
func extendsOnlyByVersion(tok string, nameToks []string) bool {
	if nameToks[0] != tok {
		return false
	}
	for _, t := range nameToks[1:] {
		if strings.Trim(t, "0123456789") != "" && t != "v" {
			return false
		}
	}
	return true
}

// pluralOfName reports whether mention is name with its last word in the
// plural ("http handlers" of "http handler").
func pluralOfName(mention, name []string) bool {
	return len(name) >= 2 && singularIsName(mention, name) && mention[len(mention)-1] != name[len(name)-1]
}

// namedPrefixBeforeKind reports whether the span's words, each written as
// a name, begin an entity's longer name (mention of name), and a plain
// plural follows the span: "Which Eastern Orthodox saints" for the
// Eastern Orthodox Church, "Which Anglican saints" for the Anglican
// Communion.
func namedPrefixBeforeKind(ws []qword, sp span, mention, name []string) bool {
	if sp.j >= len(ws) || len(mention) == 0 || len(mention) >= len(name) || !slices.Equal(mention, name[:len(mention)]) {
		return false
	}
	if slices.ContainsFunc(ws[sp.i:sp.j], func(w qword) bool { return !w.named || w.stop }) {
		return false
	}
	next := ws[sp.j]
	return next.plain && !next.stop && next.tok != "" && text.Singular(next.tok) != next.tok
}

// singularIsName reports whether mention is name once its last word is
// taken in the singular, its other words the name's.
func singularIsName(mention, name []string) bool {
	n := len(name)
	return n > 0 && len(mention) == n && slices.Equal(mention[:n-1], name[:n-1]) && text.SameWord(mention[n-1], name[n-1])
}

// onlyTypeBeside reports whether a name is the word w and words of its
// entity's type name (typeToks) beside it: "Frontend service" of type
// Service is named by "frontend".
func onlyTypeBeside(w string, name, typeToks []string) bool {
	found := false
	for _, t := range name {
		switch {
		case !found && text.Singular(t) == text.Singular(w):
			found = true
		case !slices.Contains(typeToks, text.Singular(t)):
			return false
		}
	}
	return found && len(name) > 1
}

// isRun reports whether a mention's words are a run of the name's
// (in the singular).
func isRun(mention, name []string) bool {
outer:
	for i := 0; i+len(mention) <= len(name); i++ {
		for k, t := range mention {
			if text.Singular(name[i+k]) != text.Singular(t) {
				continue outer
			}
		}
		return len(mention) > 0
	}
	return false
}

// typoLinks returns the spans a misspelt word next to them completes: a
// span with partial matches is extended by the word before or after it
// when that word is one edit from a word of its match's name or type, or
// of some of its matches' and not of the others ("load generator
// deploymnet": deployment/loadgenerator, not serviceaccount/loadgenerator;
// "Jaqueline Bouvier": Jacqueline Lee Bouvier; "the Green hydralic
// system").
func typoLinks(q string, ws []qword, spans []span, res [][]graph.Match, gw *graphWords, tc tokenCache, threshold float64) []spanLink {
	var out []spanLink
	for _, sp := range spans {
		ms := partialMatches(sp, res)
		if len(ms) == 0 {
			continue
		}
		for _, k := range []int{sp.i - 1, sp.j} {
			if !mayBeTypo(ws, k, gw) {
				continue
			}
			hit := oneEditFromName(ws[k].tok, ms, gw, tc)
			if len(hit) == 0 || len(hit) == len(ms) && len(ms) > 1 {
				continue // the word chooses none of the matches, or not among them
			}
			if l, ok := typoLink(q, ws, sp, k, hit, threshold); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// partialMatches returns the partial matches of a span's forms, one per
// entity, in the order met.
func partialMatches(sp span, res [][]graph.Match) []graph.Match {
	var ms []graph.Match
	for _, f := range sp.forms {
		for _, m := range res[f.mention] {
			if m.Method == graph.MatchPartial && !slices.ContainsFunc(ms, func(o graph.Match) bool { return o.Entity.Name == m.Entity.Name }) {
				ms = append(ms, m)
			}
		}
	}
	return ms
}

// mayBeTypo reports whether ws[k] is a question word that may be a
// misspelt word of a name: there is one, it is no stopword, it has one
// key token of five letters or more, and neither the graph nor the
// lexicon knows it.
func mayBeTypo(ws []qword, k int, gw *graphWords) bool {
	return k >= 0 && k < len(ws) && !ws[k].stop && ws[k].tok != "" && len([]rune(ws[k].tok)) >= 5 && !known(ws[k].tok, gw)
}

// oneEditFromName returns the matches with a word of their name or type
// one edit from w (and not w itself in another number).
func oneEditFromName(w string, ms []graph.Match, gw *graphWords, tc tokenCache) []graph.Match {
	var hit []graph.Match
	for _, m := range ms {
		toks := append(tc.of(m.Entity.Name), gw.typeToks[m.Entity.Type]...)
		if slices.ContainsFunc(toks, func(t string) bool { return text.OneEdit(t, w) && text.Singular(t) != text.Singular(w) }) {
			hit = append(hit, m)
		}
	}
	return hit
}

// typoLink links span sp extended by the misspelt word ws[k] to the first
// of the matches hit, the others of its score its candidates, when the
// confidence a typo gives its name reaches threshold.
func typoLink(q string, ws []qword, sp span, k int, hit []graph.Match, threshold float64) (spanLink, bool) {
	i, j := min(sp.i, k), max(sp.j, k+1)
	top := hit[0]
	conf := typoConfidence(top.Entity.Name)
	if conf < threshold {
		return spanLink{}, false
	}
	l := linked{anchor: state.Anchor{Mention: q[ws[i].Start:ws[j-1].End], Entity: top.Entity.Name, Type: top.Entity.Type,
		Method: graph.MatchFuzzy, Confidence: conf}, start: ws[i].Start, end: ws[j-1].End}
	for _, m := range hit {
		if m.Score == top.Score {
			l.candidates = append(l.candidates, graph.Match{Entity: m.Entity, Method: graph.MatchFuzzy, Score: conf})
		}
	}
	explained := j - i - leadingArticles(ws[i:j])
	return spanLink{l: l, explained: explained, method: methodRank(graph.MatchFuzzy), score: top.Score, i: i, j: j}, true
}

// leadingArticles counts the articles ws starts with.
func leadingArticles(ws []qword) int {
	n := 0
	for n < len(ws) && isArticle(ws[n]) {
		n++
	}
	return n
}

// pick takes the best span links that do not overlap, best first
// (rank).
func pick(cands []spanLink, nwords int) []linked {
	slices.SortStableFunc(cands, rank)
	used := make([]bool, nwords)
	var out []linked
	for _, c := range cands {
		if slices.Contains(used[c.i:c.j], true) {
			continue
		}
		for w := c.i; w < c.j; w++ {
			used[w] = true
		}
		out = append(out, c.l)
	}
	return out
}

// withArticles extends each mention over an article right before it
// ("the Blue Line"), as the reader has always seen them. A mention that
// is not the entity's name as written is a normalized match, not an exact
// one ("the strings package" for strings).
func withArticles(ents []linked, ws []qword, q string) []linked {
	for i, e := range ents {
		k := slices.IndexFunc(ws, func(w qword) bool { return w.Start == e.start })
		if k > 0 && isArticle(ws[k-1]) && !slices.ContainsFunc(ents, func(o linked) bool { return o.end > ws[k-1].Start && o.end <= e.start }) {
			ents[i].start = ws[k-1].Start
			ents[i].anchor.Mention = q[ents[i].start:e.end]
		}
		if a := &ents[i].anchor; a.Method == graph.MatchExact && a.Mention != a.Entity {
			a.Method = graph.MatchNormalized
			a.Confidence = confidence(graph.Match{Method: graph.MatchNormalized})
		}
	}
	return ents
}

// dropOrdinary drops the mentions that are ordinary words naming an
// entity only by accident, when the question has a mention that is less
// so: a plain word that is a word of one of the graph's relation names
// ("leads" beside the relation leads, "alumni" beside alumni_of) first,
// then a kind noun or a function word ("nodes", "ones").
func dropOrdinary(ents []linked, ws []qword, gw *graphWords) []linked {
	if len(ents) < 2 {
		return ents
	}
	level := make([]int, len(ents))
	least := 3
	for i, e := range ents {
		level[i] = ordinary(e, ws, gw)
		least = min(least, level[i])
	}
	var out []linked
	for i, e := range ents {
		if level[i] == least {
			out = append(out, e)
		}
	}
	return out
}

// dropWithinRelationName drops a mention whose words are part of a
// relation's name the question spells out in full ("noble gas" of the
// category in "the noble gas core of Tin", over noble_gas_core; "part"
// of "cardinal organ part" in "is part of which structure", over
// part_of), where the question has another mention: the words name the
// relation.
func dropWithinRelationName(ents []linked, ws []qword, gw *graphWords) []linked {
	if len(ents) < 2 {
		return ents
	}
	out := ents[:0:0]
	for _, e := range ents {
		if !withinRelationName(e, ws, gw) {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return ents
	}
	return out
}

// dropKindAsked drops the mention of the kind a question asks for with
// a classifier noun ("animal" in "What kind of animal is a beagle?"),
// where another mention remains: the question asks which kind of that
// kind the other is, not about the entity so named.
func dropKindAsked(ents []linked, ws []qword) []linked {
	if len(ents) < 2 || len(ws) < 5 || !ws[0].asking || !words.IsClassifier(ws[1].lower) || text.Singular(ws[1].lower) != ws[1].lower || ws[2].lower != "of" {
		return ents
	}
	return slices.DeleteFunc(slices.Clone(ents), func(e linked) bool {
		// The kind, then "is" or "are" before the other mention.
		next := slices.IndexFunc(ws, func(w qword) bool { return w.Start >= e.end })
		return e.start == ws[3].Start && next > 0 && words.ClassOf(ws[next].lower).Has(words.Be|words.Aux)
	})
}

// withinRelationName reports whether the words of mention e, with the
// words beside it, spell the whole name of a relation (gw.relPhrases)
// that reaches past the mention, or that the mention spells whole while
// it names its entity only in part ("GitHub repository" of
// harshjv/github-repo-size, beside github_repo).
func withinRelationName(e linked, ws []qword, gw *graphWords) bool {
	for _, rn := range gw.relPhrases {
		for i := range ws {
			j := i + len(rn)
			if j > len(ws) || ws[i].Start > e.end || ws[j-1].End < e.start {
				continue
			}
			if ws[i].Start >= e.start && ws[j-1].End <= e.end && e.anchor.Method != graph.MatchPartial {
				continue // the mention holds the whole name, and is the entity's
			}
			if !slices.ContainsFunc(ws[i:j], func(w qword) bool { return !w.stop && w.Start >= e.start && w.End <= e.end }) {
				continue // no word of the mention's own in the name ("a" of "is a")
			}
			if slices.EqualFunc(ws[i:j], rn, func(w qword, r string) bool { return spellsNameWord(text.Singular(joinedTok(w)), r) }) {
				return true
			}
		}
	}
	return false
}

// joinedTok returns a word's tokens written together ("github" for
// GitHub, which Tokens splits at its capital), "" for none.
func joinedTok(w qword) string {
	if w.tok != "" {
		return w.tok
	}
	return strings.Join(text.Tokens(w.Raw), "")
}

// spellsNameWord reports whether a question's word (in the singular)
// spells a word of a relation's name: the same word, or the long form of
// a short one ("repository" for the repo of github_repo).
func spellsNameWord(w, nameWord string) bool {
	if w == "" {
		return false
	}
	if w == nameWord {
		return true
	}
	long, ok := words.LongForm(nameWord)
	return ok && len(long) == 1 && long[0] == w
}

// ordinary says how ordinary a mention's word is, when it is the whole of
// its entity's name: 2 for a plain word of a relation name of the graph,
// 1 for a plain kind noun or function word, 0 for any other mention.
func ordinary(e linked, ws []qword, gw *graphWords) int {
	only, single := soleWordWithin(ws, e, func(w qword) bool { return !w.stop && !w.kind })
	if !single {
		return 0
	}
	if only == nil {
		// Kind nouns alone ("nodes", "the ones").
		if only, single = soleWordWithin(ws, e, func(w qword) bool { return w.kind }); !single {
			return 0
		}
	}
	if only == nil || !only.plain && !acronymOfLowerName(*only, e.anchor.Entity) && !gw.relNames[only.Raw] || only.tok == "" {
		return 0 // a word written as a name, unless as the graph writes a relation's ("the Hubble type": Hubble)
	}
	name := text.KeyTokens(e.anchor.Entity)
	if level, ok := partOfNameOrdinary(e, ws, *only, name, gw); ok {
		return level
	}
	if len(name) != 1 || text.Singular(name[0]) != text.Singular(only.tok) {
		return 0 // the word names part of the name: no accident
	}
	switch {
	case gw.isRelWord(only.tok):
		return 2
	case (words.IsHeadNoun(only.tok) || words.ClassOf(only.tok) != 0) && saidOfAKind(*only, ws):
		return 1
	case text.Singular(only.tok) != only.tok && strings.ToLower(e.anchor.Entity) != e.anchor.Entity && gw.subjects[e.anchor.Type]:
		// "which icons were added in 4.2.0" beside the icon Icons: the
		// question writes in lower case, as a plural, a word the graph
		// writes as the name of a thing it says something of (not of a
		// value, "Owls" of Family_English_name): a kind of thing.
		return 1
	}
	return 0
}

// partOfNameOrdinary is ordinary for a mention that names its entity, of a name
// of several words, in part through its one plain word only: 2 where the
// word is a word of a relation's name, 1 where it is a kind noun said of
// a kind; ok is false otherwise.
func partOfNameOrdinary(e linked, ws []qword, only qword, name []string, gw *graphWords) (int, bool) {
	if e.anchor.Method != graph.MatchPartial || len(name) < 2 {
		return 0, false
	}
	if !only.kind && gw.isRelWord(only.tok) && slices.ContainsFunc(name, func(n string) bool { return text.SameWord(n, only.tok) }) {
		// "response schema" for AiExtractResponse, beside responses:
		// the word the entity's name shares names the relation, and
		// the kind noun beside it what it reaches.
		return 2, true
	}
	if _, alone := soleWordWithin(ws, e, func(w qword) bool { return !w.stop }); alone {
		switch {
		case gw.isRelWord(only.tok):
			return 2, true // "part" alone for body part, beside mero_part: the word names the relation
		case only.kind && saidOfAKind(only, ws):
			return 1, true // "an emperor" for Other Emperor: the word names a kind
		}
	}
	return 0, false
}

// acronymOfLowerName reports whether word w is written in capitals
// ("PTL") where the entity it names is written in lower case ("ptl"): the
// question spells an abbreviation, not the entity's name, and the word
// is as ordinary as a plain one.
func acronymOfLowerName(w qword, entity string) bool {
	return upperCase(w.Raw) && strings.ToLower(entity) == entity
}

// soleWordWithin returns the one word within mention e that keep takes,
// or nil if none; single is false when there are several.
func soleWordWithin(ws []qword, e linked, keep func(qword) bool) (only *qword, single bool) {
	for k := range ws {
		w := &ws[k]
		if w.Start < e.start || w.End > e.end || !keep(*w) {
			continue
		}
		if only != nil {
			return nil, false
		}
		only = w
	}
	return only, true
}

// saidOfAKind reports whether a noun is said of a kind: in the plural, or
// after a determiner ("nodes", "the ones"); a bare one in the singular
// is a name ("depend on app").
func saidOfAKind(w qword, ws []qword) bool {
	k := slices.IndexFunc(ws, func(o qword) bool { return o.Start == w.Start })
	return text.Singular(w.tok) != w.tok || k > 0 && words.ClassOf(ws[k-1].lower)&determiners != 0
}

// determiners are the word classes that make the noun after them a kind
// of thing rather than a name.
const determiners = words.Det | words.PossessiveDet | words.Quantifier | words.Wh

// linkBrackets looks up every [bracketed] mention; one that names no
// entity is said, not dropped silently, with the names it comes close to.
func (p *Rules) linkBrackets(ctx context.Context, bs []text.Bracket) (linking, error) {
	mentions := make([]string, len(bs))
	for i, b := range bs {
		mentions[i] = b.Name
	}
	out := linking{calls: 1}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Fuzzy: true, Limit: 5})
	if err != nil {
		return out, fmt.Errorf("link entities: %w", err)
	}
	var missing []string
	for i, b := range bs {
		l, ok := p.choose(mentions[i], res[i], true)
		if !ok {
			missing = append(missing, "["+b.Name+"]")
			out.didYouMean = appendNew(out.didYouMean, suggestions(res[i])...)
			continue
		}
		l.start, l.end = b.Start, b.End
		out.ents = append(out.ents, l)
	}
	if len(missing) > 0 {
		out.notes = append(out.notes, fmt.Sprintf("%d of %d bracketed entities are not in the graph: %s", len(missing), len(bs), strings.Join(missing, ", ")))
	}
	return out, nil
}

// linkFuzzy links a misspelt name, when nothing else was linked: the runs
// of words that are not stopwords, and each of them without its kind
// nouns, are looked up fuzzily, and the best match is linked when its
// similarity reaches the threshold; a key one edit from the run's
// ("histrian" for historian), when no other match's is, is as similar as
// typoConfidence says. Otherwise the best matches are returned as
// suggestions.
func (p *Rules) linkFuzzy(ctx context.Context, q string, ws []qword, gw *graphWords) ([]linked, []string, error) {
	runs := fuzzyRuns{suggestOnly: map[string]bool{}, typoOnly: map[string]bool{}}
	runs.addNameRuns(q, ws)
	runs.addWordRuns(q, ws)
	runs.addTypoRuns(q, ws, gw)
	if len(runs.mentions) == 0 {
		return nil, nil, nil
	}
	res, err := p.g.Resolve(ctx, graph.ResolveRequest{Mentions: runs.mentions, Fuzzy: true, Limit: 5})
	if err != nil {
		return nil, nil, fmt.Errorf("link entities: %w", err)
	}
	best, conf := p.bestFuzzy(res, runs, ws, gw)
	if best < 0 {
		return nil, firstSuggestions(res), nil
	}
	ms := res[best]
	l := linked{anchor: state.Anchor{Mention: runs.mentions[best], Entity: ms[0].Entity.Name, Type: ms[0].Entity.Type, Method: graph.MatchFuzzy, Confidence: conf}}
	for _, m := range ms {
		if m.Score == ms[0].Score {
			l.candidates = append(l.candidates, m)
		}
	}
	r := runs.runs[best]
	l.start, l.end = ws[r.i].Start, ws[r.j-1].End
	return []linked{l}, nil, nil
}

// fuzzyRuns are the runs of question words linkFuzzy looks up, each
// with its text (mentions, no two the same), and the texts looked up for
// suggestions only.
type fuzzyRuns struct {
	runs        []wordRun
	mentions    []string
	suggestOnly map[string]bool
	// typoOnly are the texts that link only as a typo (addTypoRuns).
	typoOnly map[string]bool
}

// wordRun is a run of question words: ws[i:j].
type wordRun struct{ i, j int }

// addNameRuns adds the runs of words written as names ("Orion X9"),
// looked up for suggestions only.
func (r *fuzzyRuns) addNameRuns(q string, ws []qword) {
	for i := 0; i < len(ws); {
		if !ws[i].named {
			i++
			continue
		}
		j := i
		for j < len(ws) && ws[j].named {
			j++
		}
		if m := q[ws[i].Start:ws[j-1].End]; !slices.Contains(r.mentions, m) {
			r.suggestOnly[m] = true
			r.runs = append(r.runs, wordRun{i, j})
			r.mentions = append(r.mentions, m)
		}
		i = j
	}
}

// addWordRuns adds the runs of words that are not stopwords and have a
// token, and each of them without the kind nouns at its ends.
func (r *fuzzyRuns) addWordRuns(q string, ws []qword) {
	for i := 0; i < len(ws); {
		if !fuzzyRunWord(ws[i]) {
			i++
			continue
		}
		j := i
		for j < len(ws) && fuzzyRunWord(ws[j]) {
			j++
		}
		r.add(q, ws, i, j)
		if ci, cj := withoutKindEnds(ws, i, j); ci != i || cj != j {
			r.add(q, ws, ci, cj)
		}
		i = j
	}
}

// addTypoRuns adds each word on its own that may be a misspelt name
// (mayBeTypo: five letters or more, no word English or the graph knows),
// so that a typo beside other words ("What does Charizzard evolve from?",
// where the run is "Charizzard evolve") is looked up as itself; such a
// run links only a name one edit from it (oneEditTypo), not any name
// that merely scores well ("Northwind" is no typo of "Northwind Bank").
func (r *fuzzyRuns) addTypoRuns(q string, ws []qword, gw *graphWords) {
	for k := range ws {
		if !mayBeTypo(ws, k, gw) {
			continue
		}
		m := q[ws[k].Start:ws[k].End]
		if slices.Contains(r.mentions, m) && !r.suggestOnly[m] {
			continue // looked up already, as a run of its own
		}
		r.add(q, ws, k, k+1)
		r.typoOnly[m] = true
	}
}

// fuzzyRunWord reports whether a word may be part of a run linkFuzzy
// looks up: no stopword, and a word with a token.
func fuzzyRunWord(w qword) bool {
	return !w.stop && len(text.Tokens(w.Raw)) > 0
}

// withoutKindEnds returns the run ws[i:j] without the kind nouns at its
// start and its end.
func withoutKindEnds(ws []qword, i, j int) (int, int) {
	for i < j && ws[i].kind {
		i++
	}
	for j > i && ws[j-1].kind {
		j--
	}
	return i, j
}

// add adds the run ws[i:j], if it has words and its text is new, and
// has its text linked, not only suggested.
func (r *fuzzyRuns) add(q string, ws []qword, i, j int) {
	if i >= j {
		return
	}
	m := q[ws[i].Start:ws[j-1].End]
	if !slices.Contains(r.mentions, m) {
		r.runs = append(r.runs, wordRun{i, j})
		r.mentions = append(r.mentions, m)
	}
	delete(r.suggestOnly, m)
}

// bestFuzzy returns which run's fuzzy matches (res, by run) link, and
// how sure the link is: of the runs not for suggestions only whose best
// match is fuzzy and sure enough (fuzzyConfidence, FuzzyThreshold), the
// first with the highest score; best is -1 when there is none.
func (p *Rules) bestFuzzy(res [][]graph.Match, runs fuzzyRuns, ws []qword, gw *graphWords) (best int, conf float64) {
	best, bestScore := -1, 0.0
	for k, ms := range res {
		if len(ms) == 0 || ms[0].Method != graph.MatchFuzzy || runs.suggestOnly[runs.mentions[k]] {
			continue
		}
		m, run := runs.mentions[k], ws[runs.runs[k].i:runs.runs[k].j]
		c := fuzzyConfidence(m, ms, run, gw)
		if c < p.opts.FuzzyThreshold || runs.typoOnly[m] && !oneEditTypo(m, ms, run, gw) {
			continue
		}
		if best < 0 || ms[0].Score > bestScore {
			best, bestScore, conf = k, ms[0].Score, c
		}
	}
	return best, conf
}

// fuzzyConfidence is how sure a link of a mention to its best fuzzy
// match is: the match's score, or, for a one-edit typo (oneEditTypo),
// typoConfidence when that is higher.
func fuzzyConfidence(mention string, ms []graph.Match, ws []qword, gw *graphWords) float64 {
	conf := ms[0].Score
	if oneEditTypo(mention, ms, ws, gw) {
		conf = max(conf, typoConfidence(ms[0].Entity.Name))
	}
	return conf
}

// firstSuggestions returns up to two names to suggest from the runs'
// matches, in the order met.
func firstSuggestions(res [][]graph.Match) []string {
	var suggest []string
	for _, ms := range res {
		suggest = appendNew(suggest, suggestions(ms)...)
	}
	if len(suggest) > 2 {
		suggest = suggest[:2]
	}
	return suggest
}

// typoConfidence is how sure a link of a mention one edit away from a
// name is: one letter of the name's key was wrong ("histrian": 8 of 9).
func typoConfidence(name string) float64 {
	return 1 - 1/float64(max(2, len([]rune(text.Key(name)))))
}

// oneEditTypo reports whether the best fuzzy match of a mention is a typo
// of it: its key one edit from the mention's, five letters or more, no
// other match as close, and the mention no word English or the graph's
// relations already give a meaning.
func oneEditTypo(mention string, ms []graph.Match, ws []qword, gw *graphWords) bool {
	key := text.Key(mention)
	if len([]rune(key)) < 5 || !text.OneEdit(key, text.Key(ms[0].Entity.Name)) {
		return false
	}
	for _, m := range ms[1:] {
		if text.OneEdit(key, text.Key(m.Entity.Name)) {
			return false
		}
	}
	for _, w := range ws {
		if w.plain && known(w.tok, gw) {
			return false
		}
	}
	return true
}

// known reports whether a word already means something to the question:
// a word of the graph's relation names, a kind noun or a function word.
func known(w string, gw *graphWords) bool {
	return gw.isRelWord(w) || words.IsHeadNoun(w) || words.ClassOf(w) != 0
}

// suggestions returns the names a mention comes close to: its best
// match, and the second when it is about as close.
func suggestions(ms []graph.Match) []string {
	if len(ms) == 0 {
		return nil
	}
	out := []string{ms[0].Entity.Name}
	if len(ms) > 1 && ms[0].Score-ms[1].Score < 0.05 {
		out = append(out, ms[1].Entity.Name)
	}
	return out
}

// appendNew appends the names not yet in list.
func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// The ranks of the ways a mention can match, strongest first: caseRank is
// a normalized match whose name is the mention but for case ("ClickHouse"
// for clickhouse, before ./clickhouse).
const (
	exactRank = iota
	caseRank
	normalizedRank
	aliasRank
	partialRank
	fuzzyRank
)

func methodRank(m graph.MatchMethod) int {
	switch m {
	case graph.MatchExact:
		return exactRank
	case graph.MatchNormalized:
		return normalizedRank
	case graph.MatchAlias:
		return aliasRank
	case graph.MatchPartial:
		return partialRank
	}
	return fuzzyRank
}

// confidence is how sure a link by match m is: 1 for an exact match,
// 0.95 for a normalized one, 0.9 for an alias or partial one, the
// similarity for a fuzzy one.
func confidence(m graph.Match) float64 {
	switch m.Method {
	case graph.MatchExact:
		return 1
	case graph.MatchNormalized:
		return 0.95
	case graph.MatchAlias, graph.MatchPartial:
		return 0.9
	}
	return m.Score
}

// choose picks the entity for a mention from its matches, best first, and
// records ties. A fuzzy match below the threshold is refused.
func (p *Rules) choose(mention string, ms []graph.Match, bracket bool) (linked, bool) {
	if len(ms) == 0 {
		return linked{}, false
	}
	top := ms[0]
	if top.Method == graph.MatchFuzzy && top.Score < p.opts.FuzzyThreshold {
		return linked{}, false
	}
	method := top.Method
	if top.Method == graph.MatchExact && bracket {
		method = graph.MatchBracket
	}
	l := linked{anchor: state.Anchor{Mention: mention, Entity: top.Entity.Name, Type: top.Entity.Type, Method: method, Confidence: confidence(top)}}
	for _, m := range ms {
		if m.Method == top.Method && m.Score == top.Score {
			l.candidates = append(l.candidates, m)
		}
	}
	return l, true
}

// askingDeterminer reports whether w asks which one of a kind ("which",
// "what", "whose").
func askingDeterminer(w string) bool {
	switch strings.ToLower(w) {
	case "which", "what", "whose":
		return true
	}
	return false
}

// stopwords are words that never make an entity mention on their own
// (stemmed).
var stopwords = words.Set("stopwords")

// restated returns the question with each noun phrase it restates in
// parentheses as an entity's name replaced by that name: "Which Minor
// chords contain a major ninth (9M)?" is asked of 9M, the name the graph
// has ("a major ninth" is no entity of it, nor "ninth" a relation word).
// The phrase runs back from the parenthesis to its article, or over at
// most maxRestated content words (restatedWord). ok is false where nothing is
// restated.
func restated(q string, ents []linked) (string, bool) {
	ws := text.Words(q)
	var b strings.Builder
	last := 0
	for _, e := range ents {
		if e.start == 0 || q[e.start-1] != '(' || !strings.HasPrefix(q[e.end:], ")") {
			continue
		}
		open := e.start - 1
		k := -1 // the last word before the parenthesis, next to it
		for i, w := range ws {
			if w.End <= open && w.Start >= last {
				k = i
			}
		}
		start := -1
		if k >= 0 && strings.TrimSpace(q[ws[k].End:open]) == "" {
			for i := k; i >= 0 && ws[i].Start >= last; i-- {
				if isArticleWord(ws[i].Raw) {
					start = ws[i].Start
					break
				}
				if k-i >= maxRestated || !restatedWord(ws[i].Raw) {
					break
				}
				start = ws[i].Start
			}
		}
		if start < 0 {
			continue
		}
		b.WriteString(q[last:start])
		b.WriteString(q[e.start:e.end])
		last = e.end + 1
	}
	if last == 0 {
		return q, false
	}
	b.WriteString(q[last:])
	return b.String(), true
}

// maxRestated is the most words a phrase restated in parentheses has
// before its article.
const maxRestated = 3

// restatedWord reports whether w may be a word of a phrase restated in
// parentheses: a content word, neither of a closed class (stopwords,
// negators, determiners) nor a verb's -ing form.
func restatedWord(w string) bool {
	l := strings.ToLower(w)
	return !stopwords.Has(text.StemPhrase(w)) && !askingDeterminer(w) && words.ClassOf(l) == 0 && !strings.HasSuffix(l, "ing")
}

// isArticleWord reports whether w is an article ("a", "an", "the").
func isArticleWord(w string) bool { return words.ClassOf(strings.ToLower(w)).Has(words.Article) }

// allStopwords reports whether every word of s is a stopword.
func allStopwords(s string) bool {
	for _, t := range strings.Fields(text.StemPhrase(s)) {
		if !stopwords.Has(t) {
			return false
		}
	}
	return true
}
