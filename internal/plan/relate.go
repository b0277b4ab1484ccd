package plan

import (
	"context"
	"fmt"
	"slices"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/reading"
	"github.com/scgraph/scgraph/internal/relsim"
	"github.com/scgraph/scgraph/internal/words"
	"github.com/scgraph/scgraph/state"
)

// Relator relates a question's word that no relation name of the graph
// and no lexicon entry explains to the graph's relations by similarity
// (relsim.Scorer over all-MiniLM-L6-v2 is the one the CLI gives).
type Relator interface {
	Relate(ctx context.Context, word, question string, rels []string) (relsim.Pick, error)
}

// likenedConfidence is the most a reading by similarity is trusted: below
// sureReading, so the critic certifies none of its answers.
const likenedConfidence = 0.6

// relate is the last resort for a question no reader could place because
// a word of it names no relation of the graph ("Who sits on X?" over
// members): the word is taken for the relation rl picks (a synonym's, or
// by similarity: relators), read as that relation's name from either end, and the
// plan's readings say so and stay uncertain. Two relations too near each
// other to choose are both walked. It returns false where the reader's
// failure is of another kind, the word is one the lexicon reads as a kind
// of relation the graph has none of, the word is near no relation, or the
// word taken for the relation still gives no reading.
func (p *Rules) relate(ctx context.Context, rl Relator, q string, s *graph.Schema, ents []linked) (state.Plan, bool, error) {
	return p.relateWords(ctx, rl, q, s, ents, true)
}

// relateWords is relate; where the word taken for a relation still leaves
// the question unread for a second word no relation names and another is
// allowed ("Who beat the winner of Beijing?": "beat" for defeated, then
// "winner" for champion), that word is related too, with the first taken
// for its relation either way round.
func (p *Rules) relateWords(ctx context.Context, rl Relator, q string, s *graph.Schema, ents []linked, another bool) (state.Plan, bool, error) {
	res := reading.Read(q, readingEntities(ents), s)
	// A phrase the lexicon reads as being on call, where nothing is on
	// call, is not another relation by similarity; a verb of a broad kind
	// ("contain", "use") the graph names otherwise may be ("Which
	// cocktails contain mint?" over ingredient).
	if res.Unmatched == nil || res.Unmatched.Concept == words.OnCall || len(res.Readings) > 0 {
		return state.Plan{}, false, nil
	}
	word := res.Unmatched.Word
	if !another && len(res.Unnamed) > 0 {
		// The second word: the first no relation's name says (the
		// first word's alias now says it).
		word = res.Unnamed[0]
	}
	pick, err := rl.Relate(ctx, word, q, s.RelationNames())
	if err != nil || pick.Outcome == relsim.Unrelated {
		return state.Plan{}, false, err
	}
	var plans []state.Plan
	for _, c := range pick.Taken {
		pl, ok := p.readAs(q, s, ents, pick.Word, c.Relation, pick.Synonym != "" && (passiveName(c.Relation) || agentName(c.Relation)))
		if !ok && another && len(pick.Taken) == 1 {
			pl, ok, err = p.relateSecond(ctx, rl, q, s, ents, pick.Word, c.Relation)
		}
		if !ok || err != nil {
			return state.Plan{}, false, err
		}
		plans = append(plans, pl)
	}
	pl := plans[0]
	if len(plans) == 2 {
		pl = walkBoth(pl, plans[1])
	}
	return likenedPlan(pl, pick), true, nil
}

// relateSecond returns the plan of the question read with word taken for
// relation rel, from its subject or its object, and a second word no
// relation names taken for the relation rl picks for it (relateWords);
// false where neither way reads the question through rel.
func (p *Rules) relateSecond(ctx context.Context, rl Relator, q string, s *graph.Schema, ents []linked, word, rel string) (state.Plan, bool, error) {
	for _, inverse := range []bool{false, true} {
		pl, ok, err := p.relateWords(ctx, rl, q, withAlias(s, rel, word, inverse), ents, false)
		if err != nil {
			return state.Plan{}, false, err
		}
		if ok && walks(pl, rel) {
			return pl, true, nil
		}
	}
	return state.Plan{}, false, nil
}

// likenedPlan is pl, read with a word taken for a relation by pick: no
// reading of it is surer than likenedConfidence, and each says so.
func likenedPlan(pl state.Plan, pick relsim.Pick) state.Plan {
	lk := likened(pick)
	for i := range pl.Readings {
		rd := &pl.Readings[i]
		rd.Confidence = min(rd.Confidence, likenedConfidence)
		rd.Likened = lk
		rd.Guesses = append(slices.Clone(rd.Guesses), pick.String())
	}
	pl.Notes = append(pl.Notes, pick.String())
	return pl
}

// relateLeft returns plan, or the plan of the question read with a word
// its reading leaves unexplained taken for the one relation a synonym of
// it or a lexicon's links name (relateClearly), where the reading does not walk that relation and the new
// one explains the word: "Who beat the champion of Beijing?" read as
// Beijing's champion, "beat" left, is read through defeated ("defeat"
// names the same act) too. Uncertain, as every synonym's reading.
func (p *Rules) relateLeft(ctx context.Context, q string, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	if plan.Unanswerable != "" || len(plan.Readings) == 0 || len(plan.Chains) == 0 {
		return plan
	}
	qw := readQuestionWords(q, ents, s, p.graphWords(s))
	left := planUnexplained(qw, s, plan)
	names := s.RelationNames()
	walked := plan.Chains[0].Relations()
	for _, w := range left {
		pick := p.relateClearly(ctx, w, q, names)
		if pick.Outcome != relsim.Clear || walked[pick.Taken[0].Relation] {
			continue
		}
		rel := pick.Taken[0].Relation
		pl, ok := p.readAs(q, s, ents, w, rel, passiveName(rel) || agentName(rel))
		if !ok || slices.Contains(planUnexplained(qw, s, pl), w) {
			continue
		}
		return likenedPlan(pl, pick)
	}
	return plan
}

// unmeasured is a relator that gives the part of itself that relates a
// word by names and links alone (relsim.First).
type unmeasured interface {
	Unmeasured() relsim.Relator
}

// relateClearly returns the first pick of the relators (a synonym's,
// then Options.Relate's) that takes one relation for the word by a
// synonym or a lexicon's links, not by a measured similarity, which a
// word beside a reading ("Which tables from the terminology schema feed
// X?": "tables" near in_schema) takes too loosely; an Unrelated pick
// where none does.
func (p *Rules) relateClearly(ctx context.Context, w, q string, names []string) relsim.Pick {
	for _, rl := range p.relators() {
		if u, ok := rl.(unmeasured); ok {
			rl = u.Unmeasured() // no similarity measured, none thrown away
		}
		if pick, err := rl.Relate(ctx, w, q, names); err == nil && pick.Outcome == relsim.Clear && !pick.Measured() {
			return pick
		}
	}
	return relsim.Pick{Word: w}
}

// relateUnread returns plan, or the plan of the question with its unread
// word taken for a relation a relator picks (relate): a synonym's, tried
// also where the open reader took the entity's neighbourhood for a word
// no relation is named by ("Who isolated Nitrogen?"), then a similarity,
// only where nothing read the question.
func (p *Rules) relateUnread(ctx context.Context, q string, s *graph.Schema, ents []linked, plan state.Plan) state.Plan {
	for i, rl := range p.relators() {
		if plan.Unanswerable == "" && (i > 0 || !noRelationWord(plan)) {
			break
		}
		pl, ok, err := p.relate(ctx, rl, q, s, ents)
		switch {
		case err != nil:
			plan.Notes = append(plan.Notes, "words were not compared: "+err.Error())
		case ok:
			plan = pl
		}
	}
	return plan
}

// relators are the relators tried, in order, on a word no relation name
// and no lexicon entry explains: the verbs words.Synonyms gives for it,
// then the similarity Options.Relate measures, if any.
func (p *Rules) relators() []Relator {
	rs := []Relator{relsim.Synonyms{}}
	if p.opts.Relate != nil {
		rs = append(rs, p.opts.Relate)
	}
	return rs
}

// readAs plans the question with word taken for a name of relation rel:
// read from the relation's subject ("X sits on Y" for "X members Y") and
// from its object (the other way first where inverseFirst: a synonym of
// a passive name's verb or of an agent noun's, "isolated" for
// discovered_by, "made" for manufacturer), the readings of
// both in that order (the critic walks
// the second where the first reaches nothing the question asks for).
func (p *Rules) readAs(q string, s *graph.Schema, ents []linked, word, rel string, inverseFirst bool) (state.Plan, bool) {
	var out state.Plan
	found := false
	order := []bool{false, true}
	if inverseFirst {
		order = []bool{true, false}
	}
	for _, inverse := range order {
		named := withAlias(s, rel, word, inverse)
		pl := p.build(q, named, ents)
		if pl.Unanswerable != "" || len(pl.Chains) == 0 || !walks(pl, rel) {
			continue
		}
		if !found {
			out, found = pl, true
			continue
		}
		if addChains(&out, pl.Chains, pl.Readings, nil) {
			out.HopBudget = max(out.HopBudget, pl.HopBudget)
		}
	}
	return out, found
}

// walks reports whether the plan's first chain walks relation rel: the
// word was read as its name, not read around.
func walks(pl state.Plan, rel string) bool {
	for _, st := range pl.Chains[0].Steps {
		for _, e := range st.Edges {
			if e.Relation == rel {
				return true
			}
		}
	}
	return false
}

// withAlias returns a copy of s in which word names relation rel, read
// from its subject (an alias) or from its object (an inverse alias).
func withAlias(s *graph.Schema, rel, word string, inverse bool) *graph.Schema {
	c := *s
	c.Relations = slices.Clone(s.Relations)
	for i := range c.Relations {
		r := &c.Relations[i]
		if r.Name != rel {
			continue
		}
		if inverse {
			r.InverseAliases = append(slices.Clone(r.InverseAliases), word)
		} else {
			r.Aliases = append(slices.Clone(r.Aliases), word)
		}
	}
	return &c
}

// walkBoth joins the plans of two relations too near to choose: each
// chain of a walks, at each step, the edges of b's chain of the same
// length too.
func walkBoth(a, b state.Plan) state.Plan {
	out := a
	out.Chains = slices.Clone(a.Chains)
	out.Readings = slices.Clone(a.Readings)
	for i, c := range out.Chains {
		k := slices.IndexFunc(b.Chains, func(x state.Chain) bool { return len(x.Steps) == len(c.Steps) })
		if k < 0 {
			continue
		}
		c.Steps = slices.Clone(c.Steps)
		for j := range c.Steps {
			st := c.Steps[j]
			st.Edges = slices.Clone(st.Edges)
			for _, e := range b.Chains[k].Steps[j].Edges {
				if !slices.Contains(st.Edges, e) {
					st.Edges = append(st.Edges, e)
				}
			}
			c.Steps[j] = st
		}
		out.Chains[i] = c
		out.Readings[i].Text = fmt.Sprintf("%s; or, as its other near reading, %s", a.Readings[i].Text, b.Readings[k].Text)
	}
	for _, r := range b.RelationHints {
		if !slices.Contains(out.RelationHints, r) {
			out.RelationHints = append(out.RelationHints, r)
		}
	}
	return out
}

// likened is the pick as the readings carry it.
func likened(p relsim.Pick) *state.Likened {
	l := &state.Likened{Word: p.Word, Next: p.Next.Relation, NextSimilarity: round3(p.Next.Similarity)}
	for _, c := range p.Taken {
		l.Relations = append(l.Relations, c.Relation)
		l.Similarities = append(l.Similarities, round3(c.Similarity))
	}
	return l
}

// agentName reports whether a relation's name says who does the act
// (manufacturer, author): its object is the one a synonym's verb says does
// it ("made by X").
func agentName(rel string) bool {
	return slices.ContainsFunc(words.NameWords(rel), words.NamesAgent)
}

// passiveName reports whether a relation's name is a participle and "by"
// (discovered_by, written_by): its subject is what the act is done to.
func passiveName(rel string) bool {
	ws := words.NameWords(rel)
	return len(ws) >= 2 && ws[len(ws)-1] == "by" && words.PastForm(ws[len(ws)-2])
}
