package wordnet

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/embed"
)

// fixtureSynset is a synset of a small database written by writeDB:
// its part, words and pointers (symbol, target synset's key).
type fixtureSynset struct {
	key   string
	part  byte
	words []string
	ptrs  [][2]string
}

// fixture is a few senses as WordNet has them, and filler words enough
// to make the index files longer than one search step reads.
var fixture = []fixtureSynset{
	{key: "die", part: 'v', words: []string{"die", "decease", "pass_away"}, ptrs: [][2]string{{"+", "death"}}},
	{key: "death", part: 'n', words: []string{"death"}, ptrs: [][2]string{{"+", "die"}, {"@", "end"}}},
	{key: "end", part: 'n', words: []string{"end", "ending"}},
	{key: "oversee", part: 'v', words: []string{"oversee", "supervise", "manage"}},
	{key: "mainly", part: 'r', words: []string{"chiefly", "mainly", "primarily"}, ptrs: [][2]string{{`\`, "main"}}},
	{key: "main", part: 's', words: []string{"main(a)", "primary(a)", "principal(a)"}},
}

// writeDB writes the fixture as WordNet's files into dir: data lines at
// the byte offsets they give, index lines sorted, with a licence header
// and filler words before and after the fixture's.
func writeDB(t *testing.T, dir string) {
	t.Helper()
	fileOf := func(p byte) string {
		switch p {
		case 'n':
			return "noun"
		case 'v':
			return "verb"
		case 'r':
			return "adv"
		}
		return "adj"
	}
	// Offsets: each synset's line has a fixed width, so offsets are known
	// before the lines are written.
	const width = 200
	header := strings.Repeat("  licence text of the fixture\n", 3)
	offset := map[string]int{}
	count := map[string]int{}
	for _, s := range fixture {
		f := fileOf(s.part)
		offset[s.key] = len(header) + count[f]*(width+1)
		count[f]++
	}
	data := map[string]*strings.Builder{}
	index := map[string]map[string][]int{}
	for _, s := range fixture {
		f := fileOf(s.part)
		if data[f] == nil {
			data[f] = &strings.Builder{}
			data[f].WriteString(header)
		}
		line := fmt.Sprintf("%08d 00 %c %02x", offset[s.key], s.part, len(s.words))
		for _, w := range s.words {
			line += " " + w + " 0"
		}
		line += fmt.Sprintf(" %03d", len(s.ptrs))
		for _, p := range s.ptrs {
			var tp byte
			for _, x := range fixture {
				if x.key == p[1] {
					tp = x.part
				}
			}
			line += fmt.Sprintf(" %s %08d %c 0000", p[0], offset[p[1]], tp)
		}
		line += " | a gloss"
		line += strings.Repeat(" ", width-len(line))
		data[f].WriteString(line + "\n")
		if index[f] == nil {
			index[f] = map[string][]int{}
		}
		for _, w := range s.words {
			w = strings.ToLower(w)
			if i := strings.IndexByte(w, '('); i > 0 {
				w = w[:i]
			}
			index[f][w] = append(index[f][w], offset[s.key])
		}
	}
	for _, f := range []string{"noun", "verb", "adj", "adv"} {
		if index[f] == nil {
			index[f] = map[string][]int{}
		}
		for i := range 150 {
			index[f][fmt.Sprintf("aa%04d", i)] = []int{len(header)}
			index[f][fmt.Sprintf("zz%04d", i)] = []int{len(header)}
		}
		var keys []string
		for k := range index[f] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		b.WriteString(header)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s %c %d 0 %d 0", k, f[0], len(index[f][k]), len(index[f][k]))
			for _, o := range index[f][k] {
				fmt.Fprintf(&b, " %08d", o)
			}
			b.WriteString("  \n")
		}
		d := header
		if data[f] != nil {
			d = data[f].String()
		}
		for name, text := range map[string]string{"index." + f: b.String(), "data." + f: d} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func openFixture(t *testing.T) *DB {
	t.Helper()
	dir := t.TempDir()
	writeDB(t, dir)
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestNear(t *testing.T) {
	db := openFixture(t)
	for _, c := range []struct {
		word      string
		has, lack []string
	}{
		{"passed away", []string{"die", "pass away", "death"}, []string{"end"}}, // a derivation is followed, a hypernym not
		{"died", []string{"die", "death"}, nil},
		{"deaths", []string{"death", "die", "decease"}, []string{"ending"}},
		{"supervises", []string{"supervise", "manage", "oversee"}, nil},
		{"mainly", []string{"primarily", "main", "primary"}, nil}, // the pertainym, its position marker gone
		{"passed", nil, nil}, // "pass" alone is no word of the fixture
	} {
		got, err := db.Near(c.word)
		if err != nil {
			t.Fatalf("Near(%q): %v", c.word, err)
		}
		for _, w := range c.has {
			if _, ok := slices.BinarySearch(got, w); !ok {
				t.Errorf("Near(%q) = %q, want %q among them", c.word, got, w)
			}
		}
		for _, w := range c.lack {
			if slices.Contains(got, w) {
				t.Errorf("Near(%q) = %q, want no %q", c.word, got, w)
			}
		}
		if c.has == nil && got != nil {
			t.Errorf("Near(%q) = %q, want none", c.word, got)
		}
	}
}

func TestSearchFindsEveryIndexLine(t *testing.T) {
	db := openFixture(t)
	for _, p := range parts {
		b, err := os.ReadFile(db.index[p.code].Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			if strings.HasPrefix(line, " ") {
				continue
			}
			key, _, _ := strings.Cut(line, " ")
			if _, ok, err := db.lookup(p.code, key); !ok || err != nil {
				t.Errorf("index.%s: %q not found (%v)", p.name, key, err)
			}
		}
		if _, ok, _ := db.lookup(p.code, "mm-not-there"); ok {
			t.Errorf("index.%s: found a word it does not have", p.name)
		}
	}
}

// TestInstalledDatabase checks the installed WordNet 3.1 (scgraph model
// install wordnet; scripts/test installs it): a sample of each index's
// words is found by the search, and a few links hold.
func TestInstalledDatabase(t *testing.T) {
	dir := filepath.Join(embed.CacheDir(), DirName)
	if !Installed(dir, WordNet31) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("WordNet is not installed in %s under CI: scripts/test installs it", dir)
		}
		t.Skipf("WordNet is not installed in %s: scgraph model install wordnet", dir)
	}
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, p := range parts {
		b, err := os.ReadFile(filepath.Join(dir, "index."+p.name))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		for i := 0; i < len(lines); i += 97 {
			if strings.HasPrefix(lines[i], " ") {
				continue
			}
			key, _, _ := strings.Cut(lines[i], " ")
			if _, ok, err := db.lookup(p.code, key); !ok || err != nil {
				t.Errorf("index.%s line %d: %q not found (%v)", p.name, i+1, key, err)
			}
		}
	}
	for word, want := range map[string]string{"passed away": "death", "supervises": "manage", "mainly": "primary", "births": "bear", "instructor": "teach"} {
		got, err := db.Near(word)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := slices.BinarySearch(got, want); !ok {
			t.Errorf("Near(%q) has no %q", word, want)
		}
	}
}
