package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/text"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// negatedTail is a question that ends by negating a condition on its
// answers about an entity other than the one it starts from ("Which of
// France's neighbours do not use the euro?"): rest is the question
// without that clause ("Which of France's neighbours?"), clause the
// clause ("do not use the euro?"), kept the entities rest still names,
// and without the entity the clause negates.
type negatedTail struct {
	rest, clause string
	kept         []linked
	without      linked
}

// findNegatedTail returns the negated clause that ends question q, a
// question for a list, from
// its auxiliary or verb before the negation ("do not use the euro",
// "have no perfect fifth", "were not discovered by Humphry Davy") to the
// end, where the clause names one entity, last in the question, and
// another is named before it; ok is false otherwise.
func findNegatedTail(q string, ents []linked) (negatedTail, bool) {
	if len(ents) < 2 || !asksWhich(q) {
		return negatedTail{}, false
	}
	last, before := ents[len(ents)-1], ents[len(ents)-2].end
	if strings.TrimRight(q[last.end:], " ?.!") != "" {
		return negatedTail{}, false
	}
	ws := text.Words(q)
	neg := -1
	for i, w := range ws {
		if w.Start >= last.start {
			break
		}
		if w.Start >= before && negation(w.Raw) {
			neg = i
		}
	}
	if neg < 0 {
		return negatedTail{}, false
	}
	start := neg
	// The auxiliary, or the verb of "have no", before the negation.
	if start > 0 && ws[start-1].Start >= before && words.ClassOf(strings.ToLower(ws[start-1].Raw)).Has(words.Aux|words.Be|words.Have|words.Modal) {
		start--
	}
	cut := ws[start].Start
	// The words between the entity before and the clause: a relative
	// pronoun there ("that do not …") makes the clause part of a longer
	// one, which this does not read.
	for _, w := range ws {
		if w.Start >= before && w.End <= cut && words.ClassOf(strings.ToLower(w.Raw)).Has(words.RelPron) {
			return negatedTail{}, false
		}
	}
	rest := strings.TrimRight(q[:cut], " ,")
	if k := strings.LastIndexByte(rest, ' '); k >= 0 && words.ClassOf(strings.ToLower(rest[k+1:])).Has(words.Conj) {
		// "Which countries border Germany but not France?": the
		// conjunction joins the clause, and is none of the rest's.
		rest = strings.TrimRight(rest[:k], " ,")
	}
	return negatedTail{rest: rest + "?", clause: strings.TrimSpace(q[cut:]), kept: ents[:len(ents)-1], without: last}, true
}

// elliptical reports whether a negated clause says nothing but the
// negation and its entity ("not France", "but not the euro"): the
// rest's verb is left out of it, and is the clause's too.
func elliptical(clause string, e linked) bool {
	for _, t := range text.Tokens(strings.Replace(clause, e.anchor.Mention, " ", 1)) {
		if !words.ClassOf(t).Has(words.Neg|words.Negator|words.Conj|words.Det) && !stopwords.Has(t) {
			return false
		}
	}
	return true
}

// negationWord reports whether a question word negates: not, no, never,
// without, or a contracted "n't".
func negationWord(raw string) bool {
	lw := strings.ToLower(raw)
	return strings.HasSuffix(lw, "n't") || slices.ContainsFunc(text.Tokens(lw), func(t string) bool { return words.ClassOf(t).Has(words.Neg | words.Negator) })
}

// negation reports whether a word negates a clause: a negationWord but
// "without" (which asks what keeps working without a thing, and one
// missing fact does not answer that).
func negation(raw string) bool {
	return !strings.EqualFold(raw, "without") && negationWord(raw)
}

// asksWhich reports whether a question asks for a list: its first word
// is which, what, who or whom, or a request to list.
func asksWhich(q string) bool {
	ws := text.Tokens(q)
	return len(ws) > 0 && words.ClassOf(ws[0]).Has(words.Wh) && ws[0] != "how" && ws[0] != "why" && ws[0] != "when" && ws[0] != "where"
}

// withoutCondition returns the condition that the plan's answers have no
// fact with entity e, by the relations that link the kind where the plan
// ends to e's kind: those the negated clause names ("do not border
// France": borders), those of the plan's step where the clause leaves the
// verb out ("border Germany but not France"), else all of them (at most
// three); ok is false where none does.
func withoutCondition(s *graph.Schema, pl state.Plan, e linked, clause string) (state.Having, bool) {
	if pl.Unanswerable != "" || len(pl.Chains) == 0 || len(pl.Chains[0].Steps) == 0 || e.anchor.Type == "" || pl.Source == state.ByLexicon {
		return state.Having{}, false
	}
	edges := edgesToType(s, pl, e.anchor.Type)
	if st := pl.Chains[0].Steps; len(st) == 1 && elliptical(clause, e) {
		// "border Germany but not France": not reached from France
		// by the step the rest walks either.
		var back []state.RelDir
		for _, d := range st[0].Edges {
			if r := d.Reversed(); slices.Contains(edges, r) {
				back = append(back, r)
			}
		}
		if len(back) > 0 {
			edges = back
		}
	}
	named := namedRelations(text.Tokens(clause), s)
	if said := slices.DeleteFunc(slices.Clone(edges), func(d state.RelDir) bool { return !slices.Contains(named, d.Relation) }); len(said) > 0 {
		edges = said
	}
	if len(edges) == 0 || len(edges) > 3 {
		return state.Having{}, false
	}
	return state.Having{Edges: edges, Entity: e.anchor.Entity, Mention: e.anchor.Mention, Without: true}, true
}

// frontedSetAside returns the question with a clause that sets an entity
// aside before the question proper ("Other than Veps, which languages are
// directly in East Ladoga?", "Apart from X, …", "Besides X, …") moved
// after it, where the set-aside clauses are read ("Which languages are
// directly in East Ladoga, other than Veps?"): the entity it names is no
// start of the walk. ok is false where the question opens with no such
// clause, or the clause ends with no comma or names no entity.
func frontedSetAside(q string, ents []linked) (string, bool) {
	ws := text.Words(q)
	if len(ws) < 3 {
		return "", false
	}
	first, second := words.ClassOf(strings.ToLower(ws[0].Raw)), strings.ToLower(ws[1].Raw)
	if !first.Has(words.SetAside) && !(first.Has(words.Exclusive) && second == "from") && !(first.Has(words.Else) && second == "than") {
		return "", false
	}
	comma := strings.IndexByte(q, ',')
	if comma < 0 || !slices.ContainsFunc(ents, func(e linked) bool { return e.end <= comma }) {
		return "", false
	}
	rest := strings.TrimRight(strings.TrimSpace(q[comma+1:]), " ?.!")
	if rest == "" {
		return "", false
	}
	clause := strings.TrimSpace(q[:comma])
	return strings.ToUpper(rest[:1]) + rest[1:] + ", " + strings.ToLower(clause[:1]) + clause[1:] + "?", true
}

// whoseIsWith returns the question with a relative clause that says what
// a thing's attribute is ("the element whose symbol is Cs", "exercises
// whose main target is the abductors") said as the thing with that
// attribute ("the element with symbol Cs"), which the readers read: the
// clause's head is a noun, up to four words stand between "whose" and a
// form of be, and an entity's mention follows it (past an article). ok is
// false where the question has no such clause.
func whoseIsWith(q string, ents []linked) (string, bool) {
	ws := text.Words(q)
	for i := 1; i+2 < len(ws); i++ {
		if !strings.EqualFold(ws[i].Raw, "whose") || words.ClassOf(strings.ToLower(ws[i-1].Raw)) != 0 {
			continue
		}
		for j := i + 2; j < len(ws)-1 && j <= i+5; j++ {
			be := words.ClassOf(strings.ToLower(ws[j].Raw))
			if !be.Has(words.Be) || !be.Has(words.Finite) {
				continue
			}
			k := j + 1
			if words.ClassOf(strings.ToLower(ws[k].Raw)).Has(words.Article) && k+1 < len(ws) {
				k++
			}
			if !slices.ContainsFunc(ents, func(e linked) bool { return e.start == ws[k].Start }) {
				break
			}
			return q[:ws[i].Start] + "with" + q[ws[i].End:ws[j].Start] + q[ws[j+1].Start:], true
		}
	}
	return "", false
}

// calledName returns the question with a thing said by the name it goes
// by ("the course titled X", "a song called X") said by the name alone,
// after the question's first words: the noun and the naming participle
// say only that X is a name, which the names relations read (throughNames).
// ok is false where no entity follows such a phrase.
func calledName(q string, ents []linked) (string, bool) {
	ws := text.Words(q)
	for i := 3; i+1 < len(ws); i++ {
		w := strings.ToLower(ws[i].Raw)
		if w == "known" || !words.ClassOf(w).Has(words.Naming) || words.ClassOf(strings.ToLower(ws[i-1].Raw)) != 0 ||
			!words.ClassOf(strings.ToLower(ws[i-2].Raw)).Has(words.Article) {
			continue
		}
		if !slices.ContainsFunc(ents, func(e linked) bool { return e.start == ws[i+1].Start }) {
			continue
		}
		return q[:ws[i-2].Start] + q[ws[i+1].Start:], true
	}
	return "", false
}

// sameAs returns the question without "the same <noun> as" before an
// entity's mention ("Which saints died in the same year as Brigid of
// Kildare?" said as "Which saints died in Brigid of Kildare?") and that
// mention; ok is false where the question says no such phrase, or is a
// yes or no.
func sameAs(q string, ents []linked) (string, linked, bool) {
	ws := text.Words(q)
	if len(ws) == 0 || asksYesOrNo([]string{strings.ToLower(ws[0].Raw)}) {
		return "", linked{}, false
	}
	for i := 0; i+2 < len(ws); i++ {
		if !strings.EqualFold(ws[i].Raw, "same") {
			continue
		}
		for j := i + 2; j < len(ws)-1 && j <= i+4; j++ {
			if !strings.EqualFold(ws[j].Raw, "as") {
				continue
			}
			k := slices.IndexFunc(ents, func(e linked) bool { return e.start == ws[j+1].Start })
			if k < 0 {
				break
			}
			start := ws[i].Start
			if i > 0 && strings.EqualFold(ws[i-1].Raw, "the") {
				start = ws[i-1].Start
			}
			return q[:start] + q[ws[j+1].Start:], ents[k], true
		}
	}
	return "", linked{}, false
}

// sameValue makes each one-step chain of pl from entity e walk on, back
// over the same relations, to the others that share the value it reaches
// ("the saints who died in the same year as X": X -death-> 525
// <-death-), e kept out of the answers; a guess, never certified. It
// reports whether any chain was turned.
func sameValue(pl *state.Plan, e string) bool {
	if len(pl.Anchors) != 1 || pl.Anchors[0].Entity != e {
		return false
	}
	turned := false
	for i := range pl.Chains {
		c := &pl.Chains[i]
		if len(c.Steps) != 1 || c.Steps[0].Repeat {
			continue
		}
		to := c.Steps[0]
		back := state.ChainStep{}
		for _, d := range to.Edges {
			back.Edges = append(back.Edges, d.Reversed())
		}
		c.Steps = []state.ChainStep{to, back}
		turned = true
		if i < len(pl.Readings) {
			rels := strings.Join(to.Relations(), " or ")
			rd := &pl.Readings[i]
			rd.Text = fmt.Sprintf("what shares %s's %s with it", e, rels)
			rd.Confidence = min(rd.Confidence, doubtedConfidence)
			rd.Guesses = append(slices.Clip(rd.Guesses), fmt.Sprintf("\"the same ... as %s\" read as %s's value through %s, then what else has it", e, e, rels))
		}
	}
	if turned {
		pl.HopBudget = max(pl.HopBudget, 2)
		pl.Target.Except = append(pl.Target.Except, e)
	}
	return turned
}
