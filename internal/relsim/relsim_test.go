package relsim

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wantPick reads "clear R", "close R1 R2" or "unrelated".
func wantPick(t *testing.T, where, s string) (Outcome, []string) {
	t.Helper()
	f := strings.Fields(s)
	switch {
	case len(f) == 2 && f[0] == "clear":
		return Clear, f[1:]
	case len(f) == 3 && f[0] == "close":
		return Close, f[1:]
	case len(f) == 1 && f[0] == "unrelated":
		return Unrelated, nil
	}
	t.Fatalf("%s: want %q to be clear R, close R1 R2 or unrelated", where, s)
	return 0, nil
}

func checkPick(t *testing.T, where string, p Pick, want string) {
	t.Helper()
	o, rels := wantPick(t, where, want)
	if p.Outcome != o || !slices.Equal(p.Relations(), rels) {
		t.Errorf("%s: got %v %v (%s), want %s", where, p.Outcome, p.Relations(), p, want)
	}
}

// lines returns the non-comment lines of a testdata file, each split at
// tabs into n fields, with where each is.
func lines(t testing.TB, name string, n int) (rows [][]string, where []string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 1; sc.Scan(); i++ {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) != n {
			t.Fatalf("%s:%d: want %d tab-separated fields, got %d", path, i, n, len(fs))
		}
		rows = append(rows, fs)
		where = append(where, path+":"+strconv.Itoa(i))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, where
}

func TestDecide(t *testing.T) {
	rows, where := lines(t, "decide.txt", 3)
	for i, r := range rows {
		var cs []Candidate
		for _, f := range strings.Fields(r[1]) {
			name, sim, ok := strings.Cut(f, ":")
			x, err := strconv.ParseFloat(sim, 64)
			if !ok || err != nil {
				t.Fatalf("%s: %q is no relation:similarity", where[i], f)
			}
			cs = append(cs, Candidate{name, x})
		}
		checkPick(t, where[i], Chosen.Decide(r[0], cs), r[2])
	}
}

// fakeEmbedder gives each text a fixed vector, the zero vector for texts
// it does not know, and counts the texts it embedded.
type fakeEmbedder struct {
	vecs     map[string][]float32
	embedded int
	err      error
}

func (f *fakeEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	if f.err != nil {
		return nil, f.err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = f.vecs[t]
		if out[i] == nil {
			out[i] = []float32{0, 0, 0}
		}
	}
	f.embedded += len(texts)
	return out, nil
}

func TestRelateMeansWordAndQuestion(t *testing.T) {
	q := "Who sits on the budget committee?"
	f := &fakeEmbedder{vecs: map[string][]float32{
		"sits":     {1, 0, 0},
		q:          {1, 1, 0},
		"members":  {1, 0.2, 0},
		"chairman": {0, 0, 1},
		"state":    {0, 1, 0},
	}}
	s := New(f)
	rels := []string{"Chairman", "members", "state"}
	p, err := s.Relate(context.Background(), "sits", q, rels)
	if err != nil {
		t.Fatal(err)
	}
	checkPick(t, "sits", p, "clear members")
	if p.Next.Relation != "state" {
		t.Errorf("next %+v, want state (the nearest not taken)", p.Next)
	}
	if want := `taking "sits" as members by similarity of words`; !strings.HasPrefix(p.String(), want) {
		t.Errorf("String() = %q, want it to start %q", p.String(), want)
	}
	// The relations' vectors are kept: a second question embeds only
	// its own texts.
	before := f.embedded
	if _, err := s.Relate(context.Background(), "sit", "Does Ann sit on it?", rels); err != nil {
		t.Fatal(err)
	}
	if got := f.embedded - before; got != 2 {
		t.Errorf("the second question embedded %d texts, want 2 (its word and itself)", got)
	}
	f.err = errors.New("no model")
	if _, err := s.Relate(context.Background(), "seats", "Who seats it?", rels); err == nil {
		t.Error("an embedder's error was not returned")
	}
}

func TestName(t *testing.T) {
	for in, want := range map[string]string{
		"has_quality":               "has quality",
		"Ranking_Member":            "ranking member",
		"serviceAccountName":        "service account name",
		"deps":                      "dependencies",
		"__people__person__parents": "parents",
	} {
		if got := Name(in); got != want {
			t.Errorf("Name(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPicksMiniLM checks all-MiniLM-L6-v2's picks on testdata/picks.txt
// (skipped where the model is not installed, failed under CI).
func TestPicksMiniLM(t *testing.T) {
	s := New(miniLM(t))
	rows, where := lines(t, "picks.txt", 4)
	for i, r := range rows {
		p, err := s.Relate(context.Background(), r[0], r[1], strings.Fields(r[2]))
		if err != nil {
			t.Fatal(err)
		}
		checkPick(t, where[i], p, r[3])
	}
}

// TestSynonyms: a relation whose name says a synonym of the word is taken
// (one clearly, two both), none or too many leave the word unread.
func TestSynonyms(t *testing.T) {
	for _, c := range []struct {
		word    string
		rels    []string
		outcome Outcome
		taken   []string
	}{
		{"isolated", []string{"category", "discovered_by", "named_by"}, Clear, []string{"discovered_by"}},
		{"found", []string{"discovered_by", "established_by", "phase"}, Close, []string{"established_by", "discovered_by"}},
		{"portrays", []string{"plays", "directed_by"}, Clear, []string{"plays"}},
		{"isolated", []string{"category", "phase"}, Unrelated, nil},
		{"sits", []string{"members"}, Unrelated, nil},
	} {
		p, err := Synonyms{}.Relate(context.Background(), c.word, "", c.rels)
		if err != nil {
			t.Fatal(err)
		}
		if p.Outcome != c.outcome || !slices.Equal(p.Relations(), c.taken) {
			t.Errorf("%s over %v: %v %v, want %v %v (%s)", c.word, c.rels, p.Outcome, p.Relations(), c.outcome, c.taken, p)
		}
	}
}

// TestFirstUnmeasured: the unmeasured part of a chain of relators keeps
// the ones that relate by names and links, and drops the similarity.
func TestFirstUnmeasured(t *testing.T) {
	u, ok := First{Synonyms{}, New(nil), Lexical{}}.Unmeasured().(First)
	if !ok || len(u) != 2 {
		t.Fatalf("Unmeasured() = %#v, want Synonyms and Lexical", u)
	}
	for _, r := range u {
		if _, measured := r.(*Scorer); measured {
			t.Errorf("Unmeasured() kept the scorer")
		}
	}
}
