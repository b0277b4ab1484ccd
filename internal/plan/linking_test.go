package plan

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/scgraph/scgraph/internal/devdata"
	"github.com/scgraph/scgraph/memstore"
)

// The linking sets: real graphs whose questions carry their gold anchors
// and say how the anchor is mentioned ("exact": by its name, as the graph
// spells it; "typed": as a person types it, in other words, order or
// case, or misspelt). dir is under testdata/ of the repository, or under
// the development data (dev) beside it.
var linkingSets = []struct {
	dir  string
	dev  bool
	sets []string
}{
	{"zeroshot-dev2", true, []string{"rust-teams", "sentry-compose", "tuva-dbt"}},
	{"zeroshot-real", false, []string{"family-kennedy", "gha-ruff", "k8s-boutique", "terraform-eks"}},
}

var updateLinking = flag.Bool("update-linking", false, "rewrite testdata/linking.txt from this run")

// linkingFile records, per set and kind of mention, the share of
// questions linked right, as last accepted: a run below it fails.
var linkingFile = filepath.Join("testdata", "linking.txt")

// alsoFile lists the entities a question names beside its gold anchors
// (read from the question by a person): linking them is right too.
var alsoFile = filepath.Join("testdata", "linking-also.txt")

// readAlso returns, per question id, the other entities it names.
func readAlso(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(alsoFile)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 || f[0] == "" || f[1] == "" || strings.TrimSpace(f[2]) == "" {
			t.Fatalf("%s:%d: want question id, entity and why, tab-separated", alsoFile, i+1)
		}
		out[f[0]] = append(out[f[0]], f[1])
	}
	return out
}

// linkQuestion is one question of a set, as linking reads it.
type linkQuestion struct {
	ID       string   `json:"id"`
	Question string   `json:"question"`
	Anchors  []string `json:"anchors"`
	Mention  string   `json:"mention"`
}

func readLinkQuestions(t testing.TB, path string) []linkQuestion {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []linkQuestion
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q linkQuestion
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if q.Mention != "exact" && q.Mention != "typed" {
			t.Fatalf("%s:%d: mention %q, want exact or typed", path, n, q.Mention)
		}
		out = append(out, q)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// linkingSet is one set's graph and questions.
type linkingSet struct {
	name      string
	store     *memstore.Store
	questions []linkQuestion
}

func openLinkingSets(t testing.TB) []linkingSet {
	t.Helper()
	var out []linkingSet
	for _, group := range linkingSets {
		for _, name := range group.sets {
			qpath := filepath.Join("..", "..", "testdata", group.dir, name+".questions.jsonl")
			if group.dev {
				qpath = devdata.DataPath(t, group.dir+"/"+name+".questions.jsonl")
			}
			kbs, err := filepath.Glob(filepath.Join(filepath.Dir(qpath), name+".kb.*"))
			if err != nil || len(kbs) != 1 {
				t.Fatalf("%s: want one %s.kb.* beside the questions, got %v (%v)", group.dir, name, kbs, err)
			}
			st, err := memstore.Open(context.Background(), kbs[0], memstore.OpenOptions{})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, linkingSet{name: name, store: st, questions: readLinkQuestions(t, qpath)})
		}
	}
	return out
}

// linkTally counts the questions of one kind of mention: all, those
// linked right, and those whose gold anchors were linked (maybe beside a
// wrong one).
type linkTally struct{ questions, right, gold int }

func (c linkTally) rate() float64 {
	if c.questions == 0 {
		return 0
	}
	return float64(c.right) / float64(c.questions)
}

// TestLinkingSets links the questions of every linking set and counts
// those linked right: every gold anchor linked and no other entity but
// those testdata/linking-also.txt says the question names. It fails when
// a set links fewer right than testdata/linking.txt records
// (-update-linking records a run); -v lists the questions linked wrong.
func TestLinkingSets(t *testing.T) {
	recorded := readLinkingResults(t)
	also := readAlso(t)
	seen := map[string]bool{}
	got := map[string]linkTally{}
	ctx := context.Background()
	for _, set := range openLinkingSets(t) {
		p := New(set.store, nil, Options{})
		sch, err := p.Schema(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range set.questions {
			lk, err := p.link(ctx, q.Question, sch)
			if err != nil {
				t.Fatalf("%s: %v", q.ID, err)
			}
			ls := lk.ents
			var names []string
			for _, l := range ls {
				names = append(names, l.anchor.Entity)
			}
			seen[q.ID] = true
			key := set.name + " " + q.Mention
			c := got[key]
			c.questions++
			if holdsAll(names, q.Anchors) {
				c.gold++
			}
			if holdsAll(names, q.Anchors) && holdsAll(append(slices.Clone(q.Anchors), also[q.ID]...), names) {
				c.right++
			} else {
				t.Logf("%s (%s) %q: linked %s, want %s", q.ID, q.Mention, q.Question, describeLinks(ls), strings.Join(q.Anchors, ", "))
			}
			got[key] = c
		}
	}
	for id := range also {
		if !seen[id] {
			t.Errorf("%s: question %s is in no linking set", alsoFile, id)
		}
	}
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		c := got[k]
		t.Logf("%-22s %3d questions, linked right %3d (%.3f), gold anchors linked %3d", k, c.questions, c.right, c.rate(), c.gold)
		if was, ok := recorded[k]; ok && !*updateLinking {
			switch now := round3(c.rate()); {
			case c.questions != was.questions:
				t.Errorf("%s: %d questions, %d recorded in %s (-update-linking after changing a set)", k, c.questions, was.questions, linkingFile)
			case now < was.rate:
				t.Errorf("%s: linked right %.3f, below the recorded %.3f (go test -run LinkingSets -v lists the questions; -update-linking accepts)", k, now, was.rate)
			case now > was.rate:
				t.Logf("%s: better than recorded (%.3f, was %.3f): -update-linking records it", k, now, was.rate)
			}
		} else if !ok && !*updateLinking {
			t.Errorf("%s: no recorded result in %s: run with -update-linking", k, linkingFile)
		}
	}
	if *updateLinking && !t.Failed() {
		writeLinkingResults(t, keys, got)
	}
}

// holdsAll reports whether every one of names is in set.
func holdsAll(set, names []string) bool {
	for _, n := range names {
		if !slices.Contains(set, n) {
			return false
		}
	}
	return true
}

func describeLinks(ls []linked) string {
	if len(ls) == 0 {
		return "nothing"
	}
	var parts []string
	for _, l := range ls {
		s := fmt.Sprintf("%q→%s (%s)", l.anchor.Mention, l.anchor.Entity, l.anchor.Method)
		if len(l.candidates) > 1 {
			s += fmt.Sprintf(" [%d tied]", len(l.candidates))
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

type linkingResult struct {
	questions int
	rate      float64
}

func readLinkingResults(t *testing.T) map[string]linkingResult {
	t.Helper()
	out := map[string]linkingResult{}
	data, err := os.ReadFile(linkingFile)
	if os.IsNotExist(err) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var set, mention string
		var r linkingResult
		if _, err := fmt.Sscanf(line, "%s %s %d %g", &set, &mention, &r.questions, &r.rate); err != nil {
			t.Fatalf("%s:%d: %v (want: set mention questions rate)", linkingFile, i+1, err)
		}
		out[set+" "+mention] = r
	}
	return out
}

func writeLinkingResults(t *testing.T, keys []string, got map[string]linkTally) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Entity linking on the linking sets as last accepted: set, mention (exact or typed), questions,\n")
	b.WriteString("# share linked right (every gold anchor, and nothing but what linking-also.txt lists). Written by\n")
	b.WriteString("# go test ./internal/plan -run LinkingSets -update-linking; a run below a share fails.\n")
	for _, k := range keys {
		c := got[k]
		fmt.Fprintf(&b, "%s %d %.3f\n", k, c.questions, round3(c.rate()))
	}
	if err := os.WriteFile(linkingFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLink links every question of each linking set, one question an
// operation, over the embedded store, and reports the median and the 95th
// percentile of the time one question takes (p50-ns, p95-ns).
func BenchmarkLink(b *testing.B) {
	ctx := context.Background()
	for _, set := range openLinkingSets(b) {
		b.Run(set.name, func(b *testing.B) {
			p := New(set.store, nil, Options{})
			sch, err := p.Schema(ctx)
			if err != nil {
				b.Fatal(err)
			}
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := set.questions[i%len(set.questions)].Question
				start := time.Now()
				if _, err := p.link(ctx, q, sch); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(took[len(took)*95/100].Nanoseconds()), "p95-ns")
		})
	}
}
