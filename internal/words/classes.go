package words

import (
	"fmt"
	"math/bits"
	"strings"
)

// Class is a set of word classes (classes.txt): what grammatical part a
// word can play in a question.
type Class uint64

// The classes.
const (
	Det           Class = 1 << iota // the, a, this, every
	PossessiveDet                   // its, their, my
	Quantifier                      // all, any, every, some
	Wh                              // what, which, who, where, how
	WhMany                          // many, much ("how many")
	RelPron                         // that, which, who: opens a relative clause
	Aux                             // do, does, did
	Modal                           // can, would, should, must
	Be                              // is, are, was, been
	Have                            // has, have, had
	Get                             // get, got: a passive's auxiliary
	Happen                          // happen, happens ("what happens if")
	Else                            // else ("what else")
	Neg                             // not, never, doesnt
	Prep                            // of, to, from, in, on
	PlacePrep                       // in, on, at: "where" stands for them
	Conj                            // and, or, but
	As                              // as ("have X as a dependency")
	Sub                             // if, when, once: opens a condition
	SubInitial                      // should, first in a question, opens a condition
	SubOther                        // unless: a condition no failure reads
	Pronoun                         // it, they, them
	SelfPronoun                     // itself, themselves
	Indefinite                      // everything, something, anyone
	Request                         // list, show, name: opens an imperative
	Filler                          // just, really, please
	There                           // there ("is there")
	Thing                           // thing, node, item: a noun naming no kind
	Collective                      // set, list, number: "the set of packages"
	Transparent                     // tree, chain: "the dependency tree of X"
	SelfNoun                        // data, code: "X's data" is X
	Exclusive                       // only, except, besides
	Negator                         // no, none, false, without
	Time                            // last, first, since, before
	Order                           // before, after, until: what comes first, the order a dependency holds
	Former                          // former, formerly: a past relation
	Degree                          // most, fastest, than, two
	Number                          // two, three, dozen
	SetOp                           // both, either, common
	Common                          // both, common, shared: what coordinated entities have in common
	CueLead                         // within, either, both: belong to the extent cue after them
	Bound                           // within, hops, steps: bound a walk
	Keep                            // still, safe, intact
	Aspect                          // start, stop, finish: a change over time before a gerund
	NotAdverb                       // family, supply: end in -ly and are no adverbs
	PurposeVerb                     // work, run, build: "for X to work"
	LifeVerb                        // live, survive: "can't live without"
	NeedWord                        // needed, required, present: around a purpose clause
	PathNoun                        // path, route, connection
	PathVerb                        // connected, linked, reach
	Complement                      // unaffected: asks for a complement by itself
	Field                           // id, code, key: the last word of a relation name that names a field
	Reference                       // id, ref: a field that refers to a thing of the kind its other words name
	Article                         // a, an, the
	SetAside                        // besides, except, apart: "besides X", "apart from X" leave X out of the answers
	Support                         // hold, serve, occupy: a verb whose object, a role or post, says the relation ("held the position of X", "served as X")
	Joint                           // together, jointly, alongside, co: an act done with someone ("wrote RFCs together with X", "co-authored with X")
	Naming                          // called, named, known: says the name a thing goes by ("the icon formerly called X")
	Finite                          // is, does, can, has: a finite auxiliary, not negated, that opens a yes/no question
	lastClass
)

var classNames = map[string]Class{
	"det": Det, "possessive-det": PossessiveDet, "quantifier": Quantifier, "wh": Wh, "wh-many": WhMany,
	"relpron": RelPron, "aux": Aux, "modal": Modal, "be": Be, "have": Have, "get": Get, "happen": Happen,
	"else": Else, "neg": Neg, "prep": Prep, "place-prep": PlacePrep, "conj": Conj, "as": As, "sub": Sub,
	"sub-initial": SubInitial, "sub-other": SubOther, "pronoun": Pronoun, "self-pronoun": SelfPronoun,
	"indefinite": Indefinite, "request": Request, "filler": Filler, "there": There, "thing": Thing,
	"collective": Collective, "transparent": Transparent, "self-noun": SelfNoun, "exclusive": Exclusive,
	"negator": Negator, "time": Time, "order": Order, "former": Former, "degree": Degree, "number": Number, "setop": SetOp, "common": Common,
	"cue-lead": CueLead, "bound": Bound, "keep": Keep, "aspect": Aspect, "not-adverb": NotAdverb,
	"article": Article, "purpose-verb": PurposeVerb, "life-verb": LifeVerb, "need-word": NeedWord, "path-noun": PathNoun,
	"path-verb": PathVerb, "complement": Complement, "field": Field, "reference": Reference, "set-aside": SetAside, "support": Support, "joint": Joint,
	"naming": Naming, "finite": Finite,
}

// operators are the classes of words that change what a question asks:
// a word cannot be one of them and a filler too.
const operators = Exclusive | Negator | Time | Degree | SetOp | Bound | Keep | Former

// excluded lists the classes a word cannot have together.
var excluded = [][2]Class{{Filler, operators}, {Filler, Wh}, {Det, Pronoun}, {Conj, Prep}}

// Has reports whether c has any class of x.
func (c Class) Has(x Class) bool { return c&x != 0 }

func (c Class) String() string {
	var names []string
	for name, x := range classNames {
		if c&x != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(sortStrings(names), " ")
}

// ClassOf returns the classes of a lower-case word (0 for a word the file
// does not list: an open-class word).
func ClassOf(w string) Class { return k().classes[w] }

// functionClasses are the classes of closed-class words: those that name
// nothing on their own.
const functionClasses = Det | PossessiveDet | Quantifier | Wh | RelPron | Aux | Modal | Be | Have | Prep | Conj | As | Sub | Pronoun | SelfPronoun | Article

// FunctionWord reports whether a lower-case word is a function word
// (a determiner, preposition, conjunction, pronoun, auxiliary): "by" in
// "Appointment by Senate" says nothing of what the names are.
func FunctionWord(w string) bool { return ClassOf(w).Has(functionClasses) }

// WordsOf returns the words of class c (classes.txt), sorted.
func WordsOf(c Class) []string {
	var out []string
	for w, x := range k().classes {
		if x.Has(c) {
			out = append(out, w)
		}
	}
	return sortStrings(out)
}

func parseClasses() (map[string]Class, error) {
	es, err := readFile("classes.txt")
	if err != nil {
		return nil, err
	}
	out := make(map[string]Class, len(es))
	for _, e := range es {
		if _, dup := out[e.key]; dup {
			return nil, fmt.Errorf("classes.txt:%d: %q is listed twice: give all its classes on one line", e.line, e.key)
		}
		var c Class
		for _, name := range strings.Fields(e.value) {
			x, ok := classNames[name]
			if !ok {
				return nil, fmt.Errorf("classes.txt:%d: unknown class %q", e.line, name)
			}
			if c&x != 0 {
				return nil, fmt.Errorf("classes.txt:%d: class %q given twice", e.line, name)
			}
			c |= x
		}
		for _, pair := range excluded {
			if c.Has(pair[0]) && c.Has(pair[1]) {
				return nil, fmt.Errorf("classes.txt:%d: %q cannot be both %s and %s", e.line, e.key, pair[0], Class(c&pair[1]))
			}
		}
		if c == 0 {
			return nil, fmt.Errorf("classes.txt:%d: %q has no class", e.line, e.key)
		}
		out[e.key] = c
	}
	return out, nil
}

// classCount is how many classes there are (for the lint test).
var classCount = bits.TrailingZeros64(uint64(lastClass))

// SetsAside reports whether the words right before a mention, in lower
// case, set it aside from the answers ("besides X", "except the X",
// "apart from X", "other than X"): a set-aside word, an article maybe
// between, or one of the phrases "apart from", "aside from" and "other
// than" ("except in 2014" sets no entity aside).
func SetsAside(before []string) bool {
	n := len(before)
	if n > 0 && ClassOf(before[n-1]).Has(Article) {
		n--
	}
	switch {
	case n == 0:
		return false
	case ClassOf(before[n-1]).Has(SetAside):
		return true
	case n > 1 && before[n-1] == "from":
		return before[n-2] == "apart" || before[n-2] == "aside"
	case n > 1 && before[n-1] == "than":
		return before[n-2] == "other"
	}
	return false
}

// FieldKind returns, for the words of a relation name of two words that
// ends in a field noun ("house", "name" of houseName; "actor", "name"),
// the first word: the kind of thing the field's values are.
func FieldKind(ws []string) (string, bool) {
	if len(ws) != 2 || !ClassOf(ws[1]).Has(Field) || ClassOf(ws[0]).Has(Field) || FunctionWord(ws[0]) {
		return "", false
	}
	return ws[0], true
}
