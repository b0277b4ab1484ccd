package words

import (
	"slices"
	"strings"
	"testing"
)

// TestLookupWhere: "where" stands for a phrase's preposition of place in a
// question with "do", never in a passive or without "where".
func TestLookupWhere(t *testing.T) {
	for _, c := range []struct {
		q, want string // want: "phrase/object" of the hit, "" for none
	}{
		{"where does cartservice store its data", "store in/its data"},
		{"where does web-app run", "run on/"},
		{"where does the payment service write", "write to/"},
		{"where did the api send events", "send to/events"},
		{"where is x stored", ""},                   // a passive: no "do"
		{"what does cartservice store", ""},         // no "where"
		{"where does x store its data in bulk", ""}, // a preposition after the object
	} {
		toks := strings.Fields(c.q)
		got := ""
		for _, h := range Lookup(toks) {
			if h.Kind == HitVerb && h.End == len(toks) {
				got = h.Phrase + "/" + strings.Join(h.Object, " ")
			}
		}
		if got != c.want {
			t.Errorf("%q: got hit %q, want %q", c.q, got, c.want)
		}
	}
}

// TestStem: words of one stem in another form match; short stems and
// agent nouns are told apart.
func TestStem(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		same  bool
		agent bool // b names who acts
	}{
		{"connected", "connections", true, false},
		{"chairs", "Chairman", true, true},
		{"depends", "dependencies", true, false},
		{"supply", "supplier", true, true},
		{"maintains", "maintainer", true, true},
		{"discovered", "discovery", true, false},
		{"delivers", "deliveries", true, false},
		{"discovered", "discoverer", true, true},
		{"discoverer", "discovered", true, false},
		{"delivers", "delivering", true, false},
		{"state", "station", false, false}, // stems too short to match
		{"city", "cite", false, false},
		{"members", "membership", false, false},
	} {
		sa, sb := Stem(c.a), Stem(c.b)
		if got := sa != "" && sa == sb; got != c.same {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q: same %t, want %t", c.a, sa, c.b, sb, got, c.same)
		}
		if got := NamesAgent(c.b); got != c.agent {
			t.Errorf("NamesAgent(%q) = %t, want %t", c.b, got, c.agent)
		}
	}
}

// TestKindOf: "a kind of" says the kind relation, "what kind of" asks a
// kind; "is_a" is read as a name only.
func TestKindOf(t *testing.T) {
	has := func(q string) bool {
		for _, h := range Lookup(strings.Fields(q)) {
			if h.Phrase == "kind of" {
				return true
			}
		}
		return false
	}
	if !has("is trna a kind of ncrna") || !has("list every kind of sncrna") {
		t.Error(`"a kind of" and "every kind of" should name the kind relation`)
	}
	if has("what kind of region is exon") || has("the kind of exon") {
		t.Error(`"what kind of" and "the kind of" ask a kind, not the relation`)
	}
	if has("is a member of x") || len(Lookup(strings.Fields("is a"))) > 0 {
		t.Error(`"is a" in a question is no relation phrase`)
	}
	if m := ReadName("is_a"); m.Concept != Containment {
		t.Errorf("ReadName(is_a) = %+v, want containment", m)
	}
	if m := ReadName("message_type"); m.Concept == Containment {
		t.Errorf("ReadName(message_type) = %+v: a noun-headed phrase's noun alone is no name of it", m)
	}
}

// TestActNouns: the nouns of a verb's act, from derivations.txt's act
// suffixes; they over-generate, and a caller looks them up.
func TestActNouns(t *testing.T) {
	for _, c := range []struct{ verb, noun string }{
		{"assassinate", "assassination"},
		{"execute", "execution"},
		{"appoint", "appointment"},
		{"retire", "retirement"},
		{"evolve", "evolution"},
	} {
		if got := ActNouns(c.verb); !slices.Contains(got, c.noun) {
			t.Errorf("ActNouns(%q) = %q, want it to hold %q", c.verb, got, c.noun)
		}
	}
}

// TestFunctionWord: closed-class words name nothing on their own; the
// open words the reader knows a class of do.
func TestFunctionWord(t *testing.T) {
	for w, want := range map[string]bool{"by": true, "to": true, "the": true, "and": true, "its": true,
		"power": false, "rise": false, "tree": false, "list": false} {
		if got := FunctionWord(w); got != want {
			t.Errorf("FunctionWord(%q) = %t, want %t", w, got, want)
		}
	}
}

// TestContracts: a name word with no vowel is a contraction of a longer
// word with the same first letter and its letters in order.
func TestContracts(t *testing.T) {
	for _, c := range []struct {
		short, long string
		want        bool
	}{
		{"cty", "city", true},
		{"prv", "province", true},
		{"hwy", "highway", true},
		{"qty", "quantity", false}, // abbreviations.txt spells it out: LongForm's
		{"cty", "country", true},   // a contraction may say either
		{"prv", "private", true},
		{"cty", "cty", false},
		{"cty", "town", false},
		{"city", "cities", false}, // a word with vowels is no contraction
		{"the", "there", false},
	} {
		if got := Contracts(c.short, c.long); got != c.want {
			t.Errorf("Contracts(%q, %q) = %t, want %t", c.short, c.long, got, c.want)
		}
	}
}

// TestNamesKindOrPart: the phrases of being a kind of something, and
// those of being a part of it, in any number; words of the hierarchy as a
// whole name neither.
func TestNamesKindOrPart(t *testing.T) {
	for _, c := range []struct {
		phrase     string
		kind, part bool
	}{
		{"kind of", true, false}, {"kinds of", true, false}, {"is a", true, false}, {"subclasses", true, false},
		{"hypernym", true, false}, {"part", false, true}, {"parts", false, true}, {"part of", false, true},
		{"meronym", false, true}, {"contain", false, false}, {"child", false, false},
	} {
		if got := NamesKind(c.phrase); got != c.kind {
			t.Errorf("NamesKind(%q) = %t, want %t", c.phrase, got, c.kind)
		}
		if got := NamesPart(c.phrase); got != c.part {
			t.Errorf("NamesPart(%q) = %t, want %t", c.phrase, got, c.part)
		}
	}
}

// TestRepeatedNoun: "including N of N" says the transitive extent.
func TestRepeatedNoun(t *testing.T) {
	for q, want := range map[string]bool{
		"list every kind of x including kinds of kinds":             true,
		"which models are affected counting consumers of consumers": true,
		"who are the parents of parents of x":                       false, // no lead: two generations, perhaps
		"including parts of the hand":                               false,
	} {
		ws := strings.Fields(q)
		got := false
		for i := range ws {
			if _, ok := RepeatedNoun(ws, i); ok {
				got = true
			}
		}
		if got != want {
			t.Errorf("RepeatedNoun in %q = %t, want %t", q, got, want)
		}
	}
}

// TestAgentVerbs: the verbs an agent noun names the doer of; a noun of the
// act names none.
func TestAgentVerbs(t *testing.T) {
	for noun, want := range map[string]string{"killer": "kill", "owner": "own", "publisher": "publish", "creator": "create"} {
		if got := AgentVerbs(noun); !slices.Contains(got, want) {
			t.Errorf("AgentVerbs(%q) = %q, want it to hold %q", noun, got, want)
		}
	}
	if got := AgentVerbs("connection"); len(got) != 0 {
		t.Errorf("AgentVerbs(%q) = %q, want none", "connection", got)
	}
}

// A noun made with "sub" or "super" before a kind noun is a part or the
// whole of containment; a word that only begins so is not ("subject").
func TestPrefixedPartHits(t *testing.T) {
	for _, c := range []struct {
		q    string
		role Role
		ok   bool
	}{
		{"what are the subgroups of x", First, true},
		{"what is the supergroup of x", Second, true},
		{"which subprojects does x own", First, true},
		{"what is the subject of x", 0, false},
		{"which superb things does x have", 0, false},
	} {
		var got []Hit
		for _, h := range Lookup(strings.Fields(c.q)) {
			if h.Concept == Containment && h.Kind == HitNoun && h.Reading {
				got = append(got, h)
			}
		}
		if c.ok != (len(got) == 1) || c.ok && got[0].Role != c.role {
			t.Errorf("%q: prefixed hits %+v, want one of role %v: %v", c.q, got, c.role, c.ok)
		}
	}
}
