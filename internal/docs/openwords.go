package docs

import (
	_ "embed"
	"strconv"
	"strings"
)

//go:embed openwords.txt
var openWordsText string

// wordLists are the sections of openwords.txt: word sets by section name,
// and the kind nouns with the type each gives.
type wordLists struct {
	sets  map[string]map[string]bool
	kinds map[string]string
	// compounds maps a preposition of several words to the one it reads
	// as: "on top of" → "on".
	compounds map[string]string
	// readings maps a relation phrase the documents use to the phrase of
	// the relation it is read as ([readings]: "signal" → "call").
	readings map[string]string
}

// openWords is openwords.txt, read once.
var openWords = parseWordLists(openWordsText)

// parseWordLists reads the format of openwords.txt. A word before any
// section, or a kinds line that is not "noun Type", panics: the file is
// part of the program and a test reads it.
func parseWordLists(s string) wordLists {
	w := wordLists{sets: map[string]map[string]bool{}, kinds: map[string]string{}, compounds: map[string]string{}, readings: map[string]string{}}
	section := ""
	for i, line := range strings.Split(s, "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = line[1 : len(line)-1]
			if w.sets[section] == nil {
				w.sets[section] = map[string]bool{}
			}
			continue
		case section == "":
			panic("openwords.txt:" + strconv.Itoa(i+1) + ": a word before any [section]")
		case section == "compound-prepositions":
			phrase, prep, ok := strings.Cut(line, "=")
			phrase, prep = strings.Join(strings.Fields(phrase), " "), strings.TrimSpace(prep)
			if !ok || phrase == "" || prep == "" || strings.ContainsAny(prep, " \t") {
				panic("openwords.txt:" + strconv.Itoa(i+1) + ": want \"words = preposition\"")
			}
			w.compounds[phrase] = prep
			continue
		case section == "readings":
			group, phrases, ok := strings.Cut(line, "=")
			group = strings.Join(strings.Fields(group), " ")
			if !ok || group == "" {
				panic("openwords.txt:" + strconv.Itoa(i+1) + ": want \"phrase = phrase, phrase\"")
			}
			for _, p := range strings.Split(phrases, ",") {
				if p = strings.Join(strings.Fields(p), " "); p != "" {
					w.readings[p] = group
				}
			}
			continue
		case section == "idle-phrases" || section == "adverbial-phrases" || section == "relation-adjectives":
			w.sets[section][strings.Join(strings.Fields(line), " ")] = true // a phrase a line
			continue
		case section == "kinds":
			f := strings.Fields(line)
			if len(f) != 2 {
				panic("openwords.txt:" + strconv.Itoa(i+1) + ": want \"noun Type\"")
			}
			w.kinds[f[0]] = f[1]
			w.sets[section][f[0]] = true
			continue
		}
		for _, f := range strings.Fields(line) {
			w.sets[section][f] = true
		}
	}
	return w
}

// is reports whether the lower-case word is in the section.
func (w wordLists) is(section, word string) bool { return w.sets[section][word] }

// kind returns the type a kind noun gives, "" for other words.
func (w wordLists) kind(word string) string { return w.kinds[word] }

// function reports whether a lower-case word is a function word: one that
// is never part of a name nor a relation's verb.
func (w wordLists) function(word string) bool {
	for _, s := range []string{"determiners", "pronouns", "auxiliaries", "hedges", "negations", "prepositions", "adverbs", "clause-words", "coordinators"} {
		if w.sets[s][word] {
			return true
		}
	}
	return false
}
