package reader

import (
	"fmt"
	"strings"

	"github.com/scgraph/scgraph/internal/text"
)

// DoubtKind is a kind of doubt about a reading.
type DoubtKind uint8

// The doubt kinds.
const (
	// DoubtUnusedEntity: the question names an entity the reading does
	// not use.
	DoubtUnusedEntity DoubtKind = iota + 1
	// DoubtUnknownName: the question names something ("Greece") that is
	// no entity of the graph.
	DoubtUnknownName
	// DoubtUnfollowed: the question names a relation the reading does not
	// follow.
	DoubtUnfollowed
	// DoubtUnexplained: a word no part of the frame explains.
	DoubtUnexplained
	// DoubtOperator: a word that changes what the question asks ("only",
	// "last", "most", "both") the reading does not read.
	DoubtOperator
	// DoubtExtent: the question says two extents, or negates one.
	DoubtExtent
	// DoubtAmbiguousEntity: a mention may name other entities.
	DoubtAmbiguousEntity
	// DoubtFuzzyEntity: a mention was linked by similarity.
	DoubtFuzzyEntity
	// DoubtRelation: the relations were chosen by their kind, not named
	// by the question's words (or by a word that names several kinds).
	DoubtRelation
	// DoubtNoRelationWord: no word names a relation; the types chose the
	// step, or the entity's whole neighbourhood is read.
	DoubtNoRelationWord
	// DoubtListOrYesNo: a "which" question naming two entities read as
	// whether one reaches the other.
	DoubtListOrYesNo
	// DoubtHowWhen: the question asks when, why or how, which no chain
	// answers.
	DoubtHowWhen
	// DoubtUnion: coordinated entities read as "any of them", not "all".
	DoubtUnion
	// DoubtAskedKind: the asked kind is no type of the graph.
	DoubtAskedKind
	// DoubtOrder: which relation mention comes first in the chain was
	// guessed.
	DoubtOrder
	// DoubtLooseCondition: an entity the question names without saying
	// how was read as a condition on the answers, through the relation
	// between their kinds.
	DoubtLooseCondition
	// DoubtSetAside: the reading walks from or to an entity the question
	// sets aside ("anyone other than ana").
	DoubtSetAside
	// DoubtOnward: the asked kind was reached one step further than the
	// question's words go, where the walk ends at things of another
	// kind (a city where a country is asked).
	DoubtOnward
	// DoubtSupportVerb: a verb the graph has no relation for, read as
	// saying the role the noun after it names ("who started on pole for
	// X": pole_position).
	DoubtSupportVerb
)

var doubtNames = map[DoubtKind]string{
	DoubtUnusedEntity: "unused entity", DoubtUnknownName: "unknown name", DoubtUnfollowed: "unfollowed relation",
	DoubtUnexplained: "unexplained word", DoubtOperator: "operator", DoubtExtent: "extent",
	DoubtAmbiguousEntity: "ambiguous entity", DoubtFuzzyEntity: "fuzzy entity", DoubtRelation: "relation by kind",
	DoubtNoRelationWord: "no relation word", DoubtListOrYesNo: "list or yes/no", DoubtHowWhen: "how or when",
	DoubtUnion: "any or all", DoubtAskedKind: "kind", DoubtOrder: "order", DoubtLooseCondition: "loose condition",
	DoubtSetAside: "set aside", DoubtOnward: "onward", DoubtSupportVerb: "support verb",
}

func (k DoubtKind) String() string { return doubtNames[k] }

// Doubt is one thing a reading assumed, or a word it did not read.
type Doubt struct {
	Kind DoubtKind
	// Words are the question's words concerned.
	Words string
	// Names are the entities or relations concerned.
	Names []string
	// Detail says more, for the message.
	Detail string
	// Factor is what the doubt multiplies the reading's confidence by.
	Factor float64
}

// String says the doubt in words, for the plan and the answer.
func (d Doubt) String() string {
	names := text.List(d.Names, "and")
	switch d.Kind {
	case DoubtUnusedEntity:
		return fmt.Sprintf("the question also names %s, which this reading does not use", names)
	case DoubtSetAside:
		return fmt.Sprintf("the question sets %s aside, which this reading walks from or to", names)
	case DoubtLooseCondition:
		return fmt.Sprintf("kept the answers linked to %s by %s: the question names it without saying how", names, d.Detail)
	case DoubtUnknownName:
		return fmt.Sprintf("the question names %q, which is not in the graph", d.Words)
	case DoubtUnfollowed:
		return fmt.Sprintf("the question also says %q, which this reading does not follow", d.Words)
	case DoubtUnexplained:
		return fmt.Sprintf("the question also says %q, which this reading does not explain", d.Words)
	case DoubtOperator:
		return fmt.Sprintf("the question says %q (%s), which this reading does not read", d.Words, d.Detail)
	case DoubtExtent:
		return fmt.Sprintf("the question says %s, which this reading does not read as one extent", d.Words)
	case DoubtAmbiguousEntity:
		return fmt.Sprintf("%q may also be %s", d.Words, strings.Join(d.Names, ", "))
	case DoubtFuzzyEntity:
		return fmt.Sprintf("%q linked to %s by similarity (%s)", d.Words, names, d.Detail)
	case DoubtRelation:
		return fmt.Sprintf("%q read as %s (%s)", d.Words, names, d.Detail)
	case DoubtNoRelationWord:
		return fmt.Sprintf("no word names a relation: %s", d.Detail)
	case DoubtListOrYesNo:
		return fmt.Sprintf("the question asks %q and names both %s: read as whether one reaches the other", d.Words, names)
	case DoubtHowWhen:
		return fmt.Sprintf("the question asks %q, which whether %s does not answer", d.Words, d.Detail)
	case DoubtUnion:
		return fmt.Sprintf("%s: read as what concerns any of them, not only what they share", d.Words)
	case DoubtAskedKind:
		return fmt.Sprintf("%q names no type of the graph: %s", d.Words, d.Detail)
	case DoubtOrder:
		return fmt.Sprintf("%s: %s", d.Words, d.Detail)
	case DoubtSupportVerb:
		return fmt.Sprintf("%q names no relation of the graph: read as saying the role the noun after it names", d.Words)
	case DoubtOnward:
		return fmt.Sprintf("%q reached one step further, through %s, where the walk ends at things of another kind", d.Words, names)
	}
	return d.Detail
}
