// Package relsim relates a question's word for a relation that neither the
// graph's relation names nor the word lexicon explain ("sits on",
// "assignments", "adjacent") to the graph's relations by a measured
// similarity: the cosine between the sentence embeddings of the word and
// of each relation's name said as words (has_quality → "has quality",
// Ranking_Member → "ranking member"). The nearest relation is taken only
// when it is near enough (Floor) and clearly nearer than the next
// (Margin); two near relations, neither clearly nearer, are both kept; a
// word near none is left unread. The thresholds were chosen on the
// development table in testdata (see TestMeasure and docs/reading.md).
//
// The embedder is any text embedder (embed.BERT, all-MiniLM-L6-v2, is the
// one the CLI gives); without one nothing is related and the reader's
// answer stays what it was.
package relsim

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/vector"
	"github.com/scgraph/scgraph/internal/words"
)

// Embedder turns texts into vectors (embed.BERT is one).
type Embedder interface {
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
}

// Outcome is what a word's similarities decided.
type Outcome int

const (
	// Unrelated: no relation is near enough; the word stays unread.
	Unrelated Outcome = iota
	// Clear: one relation is near enough and clearly nearer than the
	// next.
	Clear
	// Close: two relations are near enough and neither is clearly nearer:
	// both are walked.
	Close
)

// Candidate is a relation and its similarity to the word.
type Candidate struct {
	Relation   string
	Similarity float64
}

// Pick is the relations a word was taken for.
type Pick struct {
	Outcome Outcome
	// Word is the question's word.
	Word string
	// Taken are the relations taken: one (Clear), two (Close) or none.
	Taken []Candidate
	// Next is the nearest relation not taken (Similarity 0 when there is
	// none), which the margin was measured against.
	Next Candidate
	// Synonym, for a pick by words.Synonyms (Synonyms), is the verb the
	// relation's name says that names the word's act ("discover" for
	// "isolated"); "" for a pick by similarity.
	Synonym string
	// Link, for a pick by a lexicon (Lexical), says what linked the word
	// to the relation: `WordNet links "passed away" to "death"`.
	Link string
}

// String says the pick for a reading: `taking "sits" as members
// (similarity 0.62 against 0.41 for state)`.
func (p Pick) String() string {
	against := func() string {
		if p.Next.Relation == "" {
			return ""
		}
		return fmt.Sprintf(" against %.2f for %s", p.Next.Similarity, p.Next.Relation)
	}
	if p.Link != "" && p.Outcome != Unrelated {
		return fmt.Sprintf("taking %q as %s: %s", p.Word, strings.Join(p.Relations(), " or "), p.Link)
	}
	if p.Synonym != "" && p.Outcome != Unrelated {
		return fmt.Sprintf("taking %q as %s: %q names the same act (a synonym)", p.Word, strings.Join(p.Relations(), " or "), p.Synonym)
	}
	switch p.Outcome {
	case Clear:
		return fmt.Sprintf("taking %q as %s by similarity of words (%.2f%s)", p.Word, p.Taken[0].Relation, p.Taken[0].Similarity, against())
	case Close:
		return fmt.Sprintf("taking %q as %s or %s by similarity of words (%.2f and %.2f, too close to choose)", p.Word,
			p.Taken[0].Relation, p.Taken[1].Relation, p.Taken[0].Similarity, p.Taken[1].Similarity)
	}
	return fmt.Sprintf("%q is near no relation of the graph", p.Word)
}

// Measured reports whether the pick was made by a measured similarity
// (Scorer), not by a synonym or a lexicon's links.
func (p Pick) Measured() bool { return p.Synonym == "" && p.Link == "" }

// Relations returns the names of the relations taken.
func (p Pick) Relations() []string {
	var out []string
	for _, c := range p.Taken {
		out = append(out, c.Relation)
	}
	return out
}

// Thresholds decide a pick from the similarities.
type Thresholds struct {
	// Floor is the least similarity of a relation taken.
	Floor float64
	// Margin is how much nearer than the next the nearest relation must
	// be to be taken alone.
	Margin float64
}

// Chosen are the thresholds chosen on the development table
// (testdata/dev.tsv, TestMeasure).
var Chosen = Thresholds{Floor: 0.35, Margin: 0.12}

// Decide picks from candidates (any order) by t.
func (t Thresholds) Decide(word string, cands []Candidate) Pick {
	cs := slices.Clone(cands)
	slices.SortStableFunc(cs, func(a, b Candidate) int {
		switch {
		case a.Similarity > b.Similarity:
			return -1
		case a.Similarity < b.Similarity:
			return 1
		}
		return strings.Compare(a.Relation, b.Relation)
	})
	p := Pick{Word: word}
	if len(cs) == 0 || cs[0].Similarity < t.Floor {
		return p
	}
	if len(cs) == 1 || cs[0].Similarity-cs[1].Similarity >= t.Margin {
		p.Outcome, p.Taken = Clear, cs[:1]
		if len(cs) > 1 {
			p.Next = cs[1]
		}
		return p
	}
	if cs[1].Similarity < t.Floor {
		// The second is too far to take, yet too near to rule out.
		return p
	}
	p.Outcome, p.Taken = Close, cs[:2]
	if len(cs) > 2 {
		p.Next = cs[2]
	}
	return p
}

// Scorer measures a word's similarity to relation names with an
// embedder, keeping each text's vector.
type Scorer struct {
	emb Embedder
	t   Thresholds

	mu   sync.Mutex
	vecs map[string][]float32
}

// maxKept bounds the vectors a scorer keeps.
const maxKept = 4096

// New returns a scorer over emb deciding by Chosen.
func New(emb Embedder) *Scorer {
	return &Scorer{emb: emb, t: Chosen, vecs: map[string][]float32{}}
}

// Name says a relation name as words: its words (words.NameWords), each
// short form in its long form ("reqs" stays, "deps" is "dependencies").
func Name(rel string) string {
	var out []string
	for _, w := range words.NameWords(rel) {
		if long, ok := words.LongForm(w); ok {
			out = append(out, long...)
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// Similarities returns the similarity of the question's word to each
// relation, in the order of rels: the mean of the cosine of the word and
// of the whole question with the relation's name said as words (Name).
// On the development table the mean ranks the right relation first more
// often than either alone (TestMeasure).
func (s *Scorer) Similarities(ctx context.Context, word, question string, rels []string) ([]Candidate, error) {
	w, err := s.cosines(ctx, strings.ToLower(word), rels)
	if err != nil {
		return nil, err
	}
	q, err := s.cosines(ctx, question, rels)
	if err != nil {
		return nil, err
	}
	for i := range w {
		w[i].Similarity = (w[i].Similarity + q[i].Similarity) / 2
	}
	return w, nil
}

// cosines returns the cosine of text with each relation's name said as
// words.
func (s *Scorer) cosines(ctx context.Context, text string, rels []string) ([]Candidate, error) {
	texts := []string{text}
	for _, r := range rels {
		texts = append(texts, Name(r))
	}
	vs, err := s.vectors(ctx, texts)
	if err != nil {
		return nil, err
	}
	out := make([]Candidate, len(rels))
	for i, r := range rels {
		out[i] = Candidate{Relation: r, Similarity: vector.Cosine(vs[0], vs[i+1])}
	}
	return out, nil
}

// Relate decides which of rels the question's word names (see
// Thresholds.Decide).
func (s *Scorer) Relate(ctx context.Context, word, question string, rels []string) (Pick, error) {
	cs, err := s.Similarities(ctx, word, question, rels)
	if err != nil {
		return Pick{Word: word}, err
	}
	return s.t.Decide(word, cs), nil
}

// vectors returns each text's vector, embedding those not kept.
func (s *Scorer) vectors(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missing []string
	s.mu.Lock()
	for i, t := range texts {
		if v, ok := s.vecs[t]; ok {
			out[i] = v
		} else if !slices.Contains(missing, t) {
			missing = append(missing, t)
		}
	}
	s.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	vs, err := s.emb.EmbedDocuments(ctx, missing)
	if err != nil {
		return nil, fmt.Errorf("embed %d texts: %w", len(missing), err)
	}
	if len(vs) != len(missing) {
		return nil, fmt.Errorf("embed %d texts: got %d vectors", len(missing), len(vs))
	}
	s.mu.Lock()
	if len(s.vecs)+len(missing) > maxKept {
		clear(s.vecs) // a long-running server asks many questions
	}
	for k, t := range missing {
		s.vecs[t] = vs[k]
	}
	s.mu.Unlock()
	for i, t := range texts {
		if out[i] == nil {
			out[i] = vs[slices.Index(missing, t)]
		}
	}
	return out, nil
}

// Synonyms relates a word to the relations whose names say a verb that
// words.Synonyms gives for it ("isolated" to discovered_by): no model, no
// measure, the same pick every time. One relation so named is taken, two
// are both walked, more are too many to choose from.
type Synonyms struct{}

// Relate picks the relations of rels named by a synonym of word.
func (Synonyms) Relate(_ context.Context, word, _ string, rels []string) (Pick, error) {
	p := Pick{Word: word}
	if slices.ContainsFunc(rels, func(r string) bool { return names(r, word) }) {
		// A relation named by the word itself is its reading, not one
		// named by a synonym ("chairs" over chair_of and tech_lead_of).
		return p, nil
	}
	for _, syn := range words.Synonyms(word) {
		for _, r := range rels {
			if slices.ContainsFunc(p.Taken, func(c Candidate) bool { return c.Relation == r }) {
				continue
			}
			if namesAct(r, syn) {
				p.Taken = append(p.Taken, Candidate{Relation: r, Similarity: 1})
				if p.Synonym == "" {
					p.Synonym = syn
				}
			}
		}
	}
	if p.Outcome = outcomeOf(p.Taken); p.Outcome == Unrelated {
		p.Taken, p.Synonym = nil, ""
	}
	return p, nil
}

// outcomeOf is the outcome of a pick that took relations by name, not by
// a measure: one is taken clearly, two are both walked, none or more are
// too many to choose from.
func outcomeOf(taken []Candidate) Outcome {
	switch len(taken) {
	case 1:
		return Clear
	case 2:
		return Close
	}
	return Unrelated
}

// names reports whether a word of relation r's name is a form of w or
// shares its stem.
func names(r, w string) bool {
	return slices.ContainsFunc(words.NameWords(r), func(n string) bool { return words.IsForm(n, w) || sameStem(n, w) })
}

// namesAct reports whether relation r's name says w as its act: a word of
// the name that is a form of w or shares its stem, at the name's end or
// before a preposition ("discovered_by", "publishes", "publisher"), not
// a word that qualifies a noun after it (release_status is a status, not
// an act of releasing: "Who publishes URL?" does not ask it).
func namesAct(r, w string) bool {
	ws := words.NameWords(r)
	for i, n := range ws {
		if (words.IsForm(n, w) || sameStem(n, w)) && (i == len(ws)-1 || words.ClassOf(ws[i+1]).Has(words.Prep)) {
			return true
		}
	}
	return false
}

// sameStem reports whether two words share a stem long enough to match by
// (words.Stem): "discovered" and "discover".
func sameStem(a, b string) bool {
	sa := words.Stem(a)
	return sa != "" && sa == words.Stem(b)
}

// Lexicon gives the words a word's senses are linked to (wordnet.DB):
// "pass away" to die and death, "supervise" to manage; none for a word
// it does not have. A collocation is written with spaces.
type Lexicon interface {
	Near(word string) ([]string, error)
}

// Lexical relates a word to the relations whose names say a word its
// senses are linked to in a lexicon: "supervises" to manages, "passed
// away" to death, "mainly" to primaryMuscles. The word with the
// question's next word after it, where the lexicon has that collocation
// ("passed away", "take on"), is tried before the word alone. One
// relation so named is taken, two are both walked, more are too many to
// choose from. No measure: the same pick every time. The pick's word is
// the collocation where one was linked, so that a reading takes both its
// words for the relation.
type Lexical struct {
	Lexicon Lexicon
	// Name names the lexicon in readings ("WordNet").
	Name string
}

// Relate picks the relations of rels whose names the lexicon links the
// word to.
func (x Lexical) Relate(_ context.Context, word, question string, rels []string) (Pick, error) {
	for _, phrase := range collocations(word, question) {
		near, err := x.Lexicon.Near(phrase)
		if a := words.American(phrase); err == nil && len(near) == 0 && a != phrase {
			near, err = x.Lexicon.Near(a) // "neighbouring": WordNet has "neighboring"
		}
		if err != nil {
			return Pick{Word: word}, err
		}
		if len(near) == 0 {
			continue
		}
		near = withLemmas(near)
		p := Pick{Word: phrase}
		var links []string
		for _, r := range rels {
			if link, ok := linkedName(r, near); ok {
				p.Taken = append(p.Taken, Candidate{Relation: r, Similarity: 1})
				if l := strconv.Quote(link); !slices.Contains(links, l) {
					links = append(links, l)
				}
			}
		}
		if p.Outcome = outcomeOf(p.Taken); p.Outcome == Unrelated {
			return Pick{Word: word}, nil
		}
		p.Link = fmt.Sprintf("%s links %q to %s", x.Name, phrase, strings.Join(links, " and "))
		return p, nil
	}
	return Pick{Word: word}, nil
}

// collocations returns the word with the question's next word after it,
// then the word alone ("passed away", "passed").
func collocations(word, question string) []string {
	w := strings.ToLower(word)
	toks := text.Tokens(question)
	if i := slices.Index(toks, w); i >= 0 && i+1 < len(toks) && !strings.Contains(w, " ") {
		return []string{w + " " + toks[i+1], w}
	}
	return []string{w}
}

// withLemmas returns the words near with their lemmas ("connected":
// connect), sorted, each once.
func withLemmas(near []string) []string {
	out := slices.Clone(near)
	for _, w := range near {
		out = append(out, words.Lemmas(w)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// linkedName returns the word of relation r's name (said as words: Name)
// that is among near, in one of its forms or as the verb a noun of it is
// made from ("connections": connect); function words ("of", "by") link
// nothing.
func linkedName(r string, near []string) (string, bool) {
	for _, n := range strings.Fields(Name(r)) {
		if len(n) < 2 || words.FunctionWord(n) {
			continue
		}
		verbs, _ := words.Derived(n)
		// Concat, not append: Lemmas's slice is the words package's own.
		for _, b := range slices.Concat(words.Lemmas(n), verbs) {
			if _, ok := slices.BinarySearch(near, b); ok {
				return b, true
			}
		}
	}
	return "", false
}

// Relator relates a question's word to the graph's relations (Scorer,
// Lexical and Synonyms are).
type Relator interface {
	Relate(ctx context.Context, word, question string, rels []string) (Pick, error)
}

// First tries relators in order and takes the first pick that relates
// the word: a lexicon's links before a measured similarity. A relator
// that fails is passed over; its error is returned only where no other
// relates the word.
type First []Relator

// Unmeasured returns the relators of f that relate a word by names and a
// lexicon's links, not by a measured similarity (a Scorer): for a word
// where a similarity is not trusted, nothing is embedded.
func (f First) Unmeasured() Relator {
	var out First
	for _, r := range f {
		if _, measured := r.(*Scorer); !measured {
			out = append(out, r)
		}
	}
	return out
}

// Relate returns the first pick of the relators that relates the word.
func (f First) Relate(ctx context.Context, word, question string, rels []string) (Pick, error) {
	var first error
	for _, r := range f {
		p, err := r.Relate(ctx, word, question, rels)
		if err != nil {
			first = cmp.Or(first, err)
			continue
		}
		if p.Outcome != Unrelated {
			return p, nil
		}
	}
	return Pick{Word: word}, first
}
