package words

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/scgraph/scgraph/internal/concept"
)

// TestDataFiles lints the data files: load fails on an unknown class, cue,
// concept, part or flag, on a word or phrase listed twice and on classes
// that exclude each other; here the rest is checked.
func TestDataFiles(t *testing.T) {
	kn, err := load()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("classes", func(t *testing.T) { lintClasses(t, kn) })
	t.Run("cues", func(t *testing.T) { lintCues(t, kn) })
	t.Run("concepts", func(t *testing.T) { lintConcepts(t, kn) })
	t.Run("lists", func(t *testing.T) { lintLists(t, kn) })
}

// lower reports an entry of a data file that is not lower case, letters,
// digits, spaces and hyphens.
func lower(t *testing.T, file, s string) {
	t.Helper()
	for _, r := range s {
		if unicode.IsUpper(r) || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '-') {
			t.Errorf("%s: %q: write entries in lower case, letters, digits, spaces and hyphens only", file, s)
			return
		}
	}
}

func lintClasses(t *testing.T, kn *knowledge) {
	used := Class(0)
	for w, c := range kn.classes {
		lower(t, "classes.txt", w)
		if strings.Contains(w, " ") {
			t.Errorf("classes.txt: %q: one word a line (phrases go in cues.txt or concepts.txt)", w)
		}
		used |= c
	}
	for name, c := range classNames {
		if used&c == 0 {
			t.Errorf("classes.txt: class %q has no word", name)
		}
	}
}

func lintCues(t *testing.T, kn *knowledge) {
	var cues Cue
	for _, p := range kn.cues {
		lower(t, "cues.txt", p.Text)
		cues |= p.Cues
	}
	for name, c := range cueNames {
		if cues&c == 0 {
			t.Errorf("cues.txt: cue %q has no phrase", name)
		}
	}
}

func lintConcepts(t *testing.T, kn *knowledge) {
	concepts := map[Concept]bool{}
	for _, cp := range kn.concepts {
		lower(t, "concepts.txt", cp.Text)
		for _, s := range cp.Senses {
			concepts[s.Concept] = true
			// A phrase cannot be a verb and an inverse verb of one
			// concept, nor name both of its roles.
			for _, o := range cp.Senses {
				if o.Concept == s.Concept && s.Part < o.Part && contradicts(s.Part, o.Part) {
					t.Errorf("concepts.txt: %q is both %v and %v of %s", cp.Text, s.Part, o.Part, s.Concept)
				}
			}
		}
	}
	for c := Dependency; c < Concept(concept.Count); c++ {
		if !concepts[c] {
			t.Errorf("concepts.txt: concept %s has no phrase", c)
		}
	}
}

func lintLists(t *testing.T, kn *knowledge) {
	for w := range kn.kinds {
		lower(t, "kinds.txt", w)
	}
	for _, l := range []struct {
		file string
		m    map[string][]string
	}{
		{"abbreviations.txt", kn.abbrev}, {"nicknames.txt", kn.nicknames}, {"valuenouns.txt", kn.values},
		{"demonyms.txt", kn.demonyms}, {"qualifiers.txt", kn.qualifiers}, {"measures.txt", kn.measures},
		{"opposites.txt", kn.opposites}, {"kinwords.txt", kn.kinWords},
	} {
		for key, words := range l.m {
			lower(t, l.file, key)
			lower(t, l.file, strings.Join(words, " "))
		}
	}
	for w := range kn.places {
		lower(t, "placenouns.txt", w)
	}
	for w := range kn.motion {
		lower(t, "motionverbs.txt", w)
	}
	for w := range kn.whereVerb {
		lower(t, "whereverbs.txt", w)
	}
	for w := range kn.names {
		lower(t, "namenouns.txt", w)
	}
	for w := range kn.peers {
		lower(t, "peernouns.txt", w)
	}
	for w := range kn.someone {
		lower(t, "someonenouns.txt", w)
	}
	for w := range kn.heads {
		lower(t, "headnouns.txt", w)
		if _, ok := kn.kinds[w]; ok {
			t.Errorf("headnouns.txt: %q is a kind noun already (kinds.txt)", w)
		}
	}
	for base, fs := range kn.irreg {
		lower(t, "forms.txt", base)
		if slices.Contains(fs, base) && !kn.nouns[base] && base != "staff" {
			t.Errorf("forms.txt: %q lists itself", base)
		}
	}
}

// contradicts reports whether one phrase cannot play both parts in one
// concept.
func contradicts(a, b Part) bool {
	pairs := [][2]Part{{Verb, InverseVerb}, {GapVerb, GapInverse}, {NounFirst, NounSecond}, {PositionFirst, PositionSecond}}
	return slices.ContainsFunc(pairs, func(p [2]Part) bool { return p == [2]Part{a, b} || p == [2]Part{b, a} })
}

func TestLemmas(t *testing.T) {
	for _, c := range []struct {
		word string
		want []string
	}{
		{"alumni", []string{"alumnus"}},
		{"children", []string{"child"}},
		{"depends", []string{"depend"}},
		{"controlled", []string{"control"}},
		{"led", []string{"lead"}},
		{"policies", []string{"policy"}},
		{"schemas", []string{"schema"}},
	} {
		got := Lemmas(c.word)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("Lemmas(%q) = %v, want %q among them", c.word, got, w)
			}
		}
	}
	if !SameWord("alumni", "alumnus") || !SameWord("wrote", "writes") || SameWord("lead", "load") {
		t.Error("SameWord")
	}
}

func TestReadName(t *testing.T) {
	for _, c := range []struct {
		name    string
		concept Concept
		inverse bool
	}{
		{"depends_on", Dependency, false},
		{"required_by", Dependency, true},
		{"hosts", Dependency, true},
		{"member_of", Membership, false},
		{"reportsTo", Reporting, false},
		{"OWNS", Ownership, false},
		{"part_of", Containment, false},
		{"conflicts_with", None, false},
	} {
		m := ReadName(c.name)
		if m.Concept != c.concept || m.Inverse != c.inverse {
			t.Errorf("ReadName(%q) = %+v, want %s inverse=%v", c.name, m, c.concept, c.inverse)
		}
	}
}

// TestReadings checks readings.txt as both readers take it: every phrase
// names its group; a phrase of a group that names one act reads in a
// question as that act, unless the question reader knows it otherwise;
// the phrases of "depend on" are the documents' only; no relation name is
// read with a reading.
func TestReadings(t *testing.T) {
	group := map[string]string{}
	for _, r := range Readings() {
		group[r.Phrase] = r.Group
	}
	for p, want := range map[string]string{"delegate to": "call", "poll": "read", "interact with": "depend on", "employ": "depend on"} {
		if group[p] != want {
			t.Errorf("readings.txt: %q is in group %q, want %q", p, group[p], want)
		}
	}
	verbHit := func(q string) (Hit, bool) {
		ws := strings.Fields(q)
		for _, h := range Lookup(ws) {
			if h.Kind == HitVerb && h.Start == 0 && h.End == len(ws) {
				return h, true
			}
		}
		return Hit{}, false
	}
	for _, tc := range []struct {
		phrase  string
		reading bool // read as its group's act, marked a reading
		act     string
	}{
		{"delegate to", true, "call"},
		{"delegates to", true, "call"},
		{"poll", true, "read"},
		{"scrape", true, "read"},
		{"interact with", false, ""}, // "depend on" names no act
		{"employ", false, ""},        // concepts.txt: reporting
		{"reach", false, ""},         // classes.txt: a path verb
	} {
		h, ok := verbHit(tc.phrase)
		if tc.reading {
			if !ok || !h.Reading || h.Concept != Dependency || !SameAct(h.Phrase, tc.act) {
				t.Errorf("%q: got %+v (found %v), want a reading of act %s", tc.phrase, h, ok, tc.act)
			}
			continue
		}
		if ok && h.Reading {
			t.Errorf("%q: read in questions as a reading (%+v)", tc.phrase, h)
		}
	}
	for _, name := range []string{"delegated_to", "polls", "scrapes_from"} {
		if m := ReadName(name); m.Concept != None {
			t.Errorf("ReadName(%q) = %+v: relation names are not read with the readings", name, m)
		}
	}
}

// A closed compound ending in a place noun is read as its two words; a
// short ending that many words have is not split.
func TestSplitWords(t *testing.T) {
	for name, want := range map[string]string{
		"birthplace":      "birth place",
		"Workplace":       "work place",
		"homeground":      "home ground",
		"geolocation":     "geolocation",
		"prerequisite":    "prerequisite",
		"website":         "website",
		"place_of_birth":  "place of birth",
		"launch_location": "launch location",
	} {
		got, _ := SplitWords(name)
		if strings.Join(got, " ") != want {
			t.Errorf("SplitWords(%q) = %q, want %q", name, strings.Join(got, " "), want)
		}
	}
}

func TestSetsAside(t *testing.T) {
	for _, c := range []struct {
		before string
		want   bool
	}{
		{"what did ryan dahl create besides", true},
		{"which topics except the", true},
		{"who apart from", true},
		{"which topics did apple create other than", true},
		{"which topics are related to", false},
		{"which topics did apple create other", false},
		{"only", false},
		{"who won every race except in", false},
		{"", false},
	} {
		if got := SetsAside(strings.Fields(c.before)); got != c.want {
			t.Errorf("SetsAside(%q) = %v, want %v", c.before, got, c.want)
		}
	}
}

func TestPreteriteOnly(t *testing.T) {
	for w, want := range map[string]bool{"wrote": true, "took": true, "drove": true, "written": false, "built": false, "ran": false, "located": false, "write": false} {
		if got := PreteriteOnly(w); got != want {
			t.Errorf("PreteriteOnly(%q) = %v, want %v", w, got, want)
		}
	}
}

func TestFieldKind(t *testing.T) {
	for _, c := range []struct {
		ws   []string
		want string
	}{
		{[]string{"house", "name"}, "house"},
		{[]string{"actor", "name"}, "actor"},
		{[]string{"route", "id"}, "route"},
		{[]string{"route", "short", "name"}, ""},
		{[]string{"name"}, ""},
		{[]string{"of", "name"}, ""},
	} {
		if got, _ := FieldKind(c.ws); got != c.want {
			t.Errorf("FieldKind(%q) = %q, want %q", c.ws, got, c.want)
		}
	}
}

func TestAdverbs(t *testing.T) {
	for adj, want := range map[string]string{"partial": "partially", "simple": "simply", "easy": "easily", "basic": "basically", "direct": "directly", "odd": "", "only": ""} {
		got := strings.Join(Adverbs(adj), " ")
		if got != want {
			t.Errorf("Adverbs(%q) = %q, want %q", adj, got, want)
		}
	}
}

func TestKinship(t *testing.T) {
	if got := BroaderKin("brothers"); got != "sibling" {
		t.Errorf("BroaderKin(brothers) = %q", got)
	}
	if got := NarrowerKin("parents"); !slices.Equal(got, []string{"father", "mother"}) {
		t.Errorf("NarrowerKin(parents) = %q", got)
	}
	if got := BroaderKin("team"); got != "" {
		t.Errorf("BroaderKin(team) = %q", got)
	}
}

// TestKinChains lints kinchains.txt: each chain is of plain kin nouns
// (kininverse.txt), two ties or more, or one and any length; and reads
// plurals.
func TestKinChains(t *testing.T) {
	for noun, chain := range k().kinChains {
		ties, anyLength, ok := KinChain(noun)
		if !ok || len(ties) == 0 || !anyLength && len(ties) < 2 || anyLength && len(ties) != 1 {
			t.Errorf("kinchains.txt: %s: %q is no chain of two ties or more, nor one of any length", noun, chain)
		}
		for _, tie := range ties {
			if KinInverse(tie) == "" {
				t.Errorf("kinchains.txt: %s: %q is no plain kin noun (kininverse.txt)", noun, tie)
			}
		}
	}
	for noun, want := range map[string]string{"grandchildren": "child child", "ancestors": "parent *", "great-grandparents": "parent parent parent"} {
		ties, anyLength, _ := KinChain(noun)
		got := strings.Join(ties, " ")
		if anyLength {
			got += " *"
		}
		if got != want {
			t.Errorf("KinChain(%q) = %q, want %q", noun, got, want)
		}
	}
	if _, _, ok := KinChain("parents"); ok {
		t.Error("KinChain(parents): one tie is no chain")
	}
}

func TestAmericanSpelling(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"licence", "license"}, {"licences", "licenses"}, {"licenced", "licensed"},
		{"colour", "color"}, {"colours", "colors"}, {"behaviour", "behavior"},
		{"organised", "organized"}, {"organising", "organizing"}, {"organisation", "organization"},
		{"analyse", "analyze"}, {"centre", "center"}, {"centres", "centers"}, {"fibre", "fiber"},
		{"catalogue", "catalog"}, {"programme", "program"}, {"neighbouring", "neighboring"}, {"honoured", "honored"},
		// Short words and American spellings stay as they are.
		{"four", "four"}, {"rise", "rise"}, {"hence", "hence"}, {"license", "license"}, {"color", "color"}, {"pouring", "pouring"},
	} {
		if got := American(c.in); got != c.want {
			t.Errorf("American(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, p := range [][2]string{{"licences", "license"}, {"colour", "colors"}, {"organised", "organize"}} {
		if !SameWord(p[0], p[1]) {
			t.Errorf("SameWord(%q, %q) = false, want true", p[0], p[1])
		}
	}
	if !slices.Contains(Lemmas("licences"), "license") {
		t.Errorf("Lemmas(licences) = %v, want license among them", Lemmas("licences"))
	}
}

func TestBritishForms(t *testing.T) {
	for _, p := range [][2]string{{"license", "licences"}, {"color", "colours"}, {"catalog", "catalogue"}} {
		if !FormSet(p[0])[p[1]] {
			t.Errorf("FormSet(%q) lacks %q: %v", p[0], p[1], Forms(p[0]))
		}
	}
	for _, p := range [][2]string{{"for", "four"}, {"size", "sise"}} {
		if FormSet(p[0])[p[1]] {
			t.Errorf("FormSet(%q) has %q", p[0], p[1])
		}
	}
}

// A word set the code reads that wordsets.txt lacks is reported.
func TestCheckSetsReportsMissing(t *testing.T) {
	s := Set("no-such-set-for-the-test")
	if s.Has("the") {
		t.Error("a missing set has words")
	}
	if err := CheckSets(); err == nil {
		t.Error("CheckSets: no error for a set wordsets.txt lacks")
	}
	setsMu.Lock()
	setsNamed = setsNamed[:len(setsNamed)-1]
	setsMu.Unlock()
}

// TestLemmaForms: a relation name's word matches the forms of the words
// it may be a form of; a simple past also those of its verb ("drove" of
// drove_for: "driven", "drive"), a past participle not ("held" of held_by
// is no "hold": the active verb would match a passive name).
func TestLemmaForms(t *testing.T) {
	for _, c := range []struct {
		name string
		has  []string
		not  []string
	}{
		{"drove", []string{"drove", "drive", "driven", "drives"}, nil},
		{"wrote", []string{"write", "written"}, nil},
		{"held", []string{"held"}, []string{"hold", "holds"}},
		{"directed", []string{"direct", "directs", "directed"}, nil},
	} {
		got := LemmaForms(c.name)
		for _, w := range c.has {
			if !got[w] {
				t.Errorf("LemmaForms(%q) lacks %q", c.name, w)
			}
		}
		for _, w := range c.not {
			if got[w] {
				t.Errorf("LemmaForms(%q) has %q", c.name, w)
			}
		}
	}
}

// TestInExtentCue: the words of a phrase that says how far a question
// goes, and no others.
func TestInExtentCue(t *testing.T) {
	toks := strings.Fields("which tables feed x directly or indirectly or y")
	for i, want := range []bool{false, false, false, false, true, true, true, false, false} {
		if got := InExtentCue(toks, i); got != want {
			t.Errorf("InExtentCue(%q) = %v, want %v", toks[i], got, want)
		}
	}
}
