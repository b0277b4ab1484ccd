// Package words is scgraph's knowledge of English as data: which class each
// function word belongs to (classes.txt), the phrases that say how far a
// question goes or that something fails (cues.txt), the phrases people use
// for each kind of relation and the part each plays (concepts.txt), the
// phrases documents use for a relation, shared with the document extractor
// (readings.txt), the irregular forms of words (forms.txt), British spellings' American
// forms (spellings.txt), the generic nouns for what a graph
// holds (kinds.txt), the nouns people put beside a name to say what kind of
// thing it names (headnouns.txt), the short forms people write for
// words (abbreviations.txt) and the closed lists of words one rule of a
// reader reads, each named for its rule (wordsets.txt). The files are
// embedded; the package parses
// them once, and its test lints them: an unknown class, cue, concept, part
// or flag, a word or phrase listed twice, or classes that exclude each
// other on one word fail.
//
// The code here only reads the files and matches their phrases: a word is
// matched in any of its forms (Forms, Lemmas), a phrase word by word. What
// the knowledge means for a question is the reader's business (package
// reader); what it means for a relation's name is ReadName's.
package words

import (
	"embed"
	"fmt"
	"strings"
	"sync"
)

//go:embed data/*.txt
var dataFS embed.FS

// entry is one line of a data file: "key: value".
type entry struct {
	line       int
	key, value string
}

// readFile returns the entries of data file name: every line that is not
// blank or a comment, split at its first colon.
func readFile(name string) ([]entry, error) {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return nil, err
	}
	var out []entry
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"key: value\", got %q", name, i+1, line)
		}
		out = append(out, entry{line: i + 1, key: strings.TrimSpace(k), value: strings.TrimSpace(v)})
	}
	return out, nil
}

// knowledge is every data file, parsed.
type knowledge struct {
	classes  map[string]Class
	irreg    map[string][]string // base -> irregular forms
	bases    map[string][]string // irregular form -> bases
	nouns    map[string]bool     // bases whose irregular forms are a noun's plurals
	cues     []CuePhrase
	concepts []ConceptPhrase
	// readings are readings.txt's phrases; those the question reader
	// did not know are also in concepts, after concepts.txt's.
	readings   []Reading
	kinds      map[string]string
	abbrev     map[string][]string       // short form -> long form's words
	opposites  map[string][]string       // preposition ending relation names -> its opposites (opposites.txt)
	nicknames  map[string][]string       // nickname -> the given names it stands for (nicknames.txt)
	values     map[string][]string       // noun -> the values it names (valuenouns.txt)
	kin        map[string][]string       // narrower kin noun -> the kin noun it is a kind of (kinship.txt)
	kinWords   map[string][]string       // familiar kin word -> the kin noun it means (kinwords.txt)
	synonyms   map[string][]string       // verb -> the verbs that name the same act, both ways (synonyms.txt)
	kinInv     map[string][]string       // plain kin noun -> the one for the tie's other end, both ways (kininverse.txt)
	kinChains  map[string][]string       // kin noun -> the plain kin nouns of the ties it chains, or one and "*" (kinchains.txt)
	demonyms   map[string][]string       // adjective of a place -> the places, "_" between words (demonyms.txt)
	measures   map[string][]string       // adjective of a measure -> the nouns of what it measures (measures.txt)
	qualifiers map[string][]string       // qualifying adjective -> the adjectives of the same sense (qualifiers.txt)
	byFirst    map[string][]abbreviation // first word of a long form -> its abbreviations
	heads      map[string]bool
	places     map[string]bool // nouns of where something is (placenouns.txt)
	whereVerb  map[string]bool // verbs that say where a thing is (whereverbs.txt)
	motion     map[string]bool // verbs of going from place to place (motionverbs.txt)
	names      map[string]bool // nouns of a thing's other names (namenouns.txt)
	peers      map[string]bool // nouns of things of one's own kind (peernouns.txt)
	someone    map[string]bool // nouns of people and groups of people (someonenouns.txt)
	// classifiers are classifiers.txt's nouns.
	classifiers map[string]bool
	// derivations are derivations.txt's suffixes, longest first.
	derivations []derivation
	spellings   []spelling // British endings and their American forms (spellings.txt)
	// sets are wordsets.txt's sets, by name (see Set).
	sets map[string]map[string]bool
}

var (
	tableOnce     sync.Once
	compiledTable []compiled

	loadOnce sync.Once
	loaded   *knowledge
	loadErr  error
)

// k returns the parsed knowledge. The files are part of the binary and
// linted by the test, so an error here is a build defect: it panics.
func k() *knowledge {
	loadOnce.Do(func() { loaded, loadErr = load() })
	if loadErr != nil {
		panic("words: " + loadErr.Error())
	}
	return loaded
}

func load() (*knowledge, error) {
	kn := &knowledge{}
	var err error
	if kn.classes, err = parseClasses(); err != nil {
		return nil, err
	}
	if kn.sets, err = parseWordSets(); err != nil {
		return nil, err
	}
	if kn.irreg, kn.bases, kn.nouns, err = parseForms(); err != nil {
		return nil, err
	}
	if kn.cues, err = parseCues(); err != nil {
		return nil, err
	}
	if kn.concepts, err = parseConcepts(); err != nil {
		return nil, err
	}
	if kn.readings, err = parseReadings(kn.concepts); err != nil {
		return nil, err
	}
	kn.concepts = append(kn.concepts, readingConcepts(kn, kn.readings)...)
	if kn.kinds, err = parseKinds(); err != nil {
		return nil, err
	}
	if kn.abbrev, err = parseAbbreviations(); err != nil {
		return nil, err
	}
	if kn.derivations, err = parseDerivations(); err != nil {
		return nil, err
	}
	if kn.opposites, err = parseOpposites(); err != nil {
		return nil, err
	}
	if kn.nicknames, err = parseNicknames(); err != nil {
		return nil, err
	}
	if kn.values, err = parseWordMap("valuenouns.txt", "one noun, then the values it names, not itself"); err != nil {
		return nil, err
	}
	if kn.kinWords, err = parseWordMap("kinwords.txt", "one word, then the kin noun it means, not itself"); err != nil {
		return nil, err
	}
	if kn.kin, err = parseWordMap("kinship.txt", "one noun, then the kin noun it is a narrower kind of, not itself"); err != nil {
		return nil, err
	}
	if kn.synonyms, err = parseSymmetric("synonyms.txt", "one verb, then the verbs that name the same act, not itself", true); err != nil {
		return nil, err
	}
	if kn.kinInv, err = parseSymmetric("kininverse.txt", "one kin noun, then the kin noun of the tie's other end, not itself", false); err != nil {
		return nil, err
	}
	if kn.kinChains, err = parseWordMap("kinchains.txt", "one kin noun, then the kin nouns of the ties it chains, or one and *"); err != nil {
		return nil, err
	}
	if kn.demonyms, err = parseWordMap("demonyms.txt", "one adjective, then the places it is said of, not itself"); err != nil {
		return nil, err
	}
	if kn.qualifiers, err = parseSymmetric("qualifiers.txt", "one adjective, then the adjectives of the same sense, not itself", false); err != nil {
		return nil, err
	}
	if kn.measures, err = parseWordMap("measures.txt", "one adjective, then the nouns of what it measures, not itself"); err != nil {
		return nil, err
	}
	kn.byFirst = indexAbbreviations(kn.abbrev)
	for _, l := range []struct {
		file string
		set  *map[string]bool
	}{
		{"headnouns.txt", &kn.heads}, {"motionverbs.txt", &kn.motion}, {"whereverbs.txt", &kn.whereVerb},
		{"placenouns.txt", &kn.places}, {"namenouns.txt", &kn.names}, {"peernouns.txt", &kn.peers},
		{"someonenouns.txt", &kn.someone}, {"classifiers.txt", &kn.classifiers},
	} {
		if *l.set, err = parseNounList(l.file); err != nil {
			return nil, err
		}
	}
	if kn.spellings, err = parseSpellings(); err != nil {
		return nil, err
	}
	return kn, nil
}
