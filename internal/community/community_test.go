package community_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/community"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/docs/docstest"
)

func TestDetectSplitsTwoCliquesJoinedByOneEdge(t *testing.T) {
	var facts []graph.Triple
	clique := func(names ...string) {
		for i, a := range names {
			for _, b := range names[i+1:] {
				facts = append(facts, graph.Triple{Subject: a, Relation: "CALLS", Object: b})
			}
		}
	}
	clique("a1", "a2", "a3", "a4")
	clique("b1", "b2", "b3", "b4")
	facts = append(facts, graph.Triple{Subject: "a1", Relation: "CALLS", Object: "b1"})
	got := community.Detect(facts, 0)
	want := [][]string{{"a1", "a2", "a3", "a4"}, {"b1", "b2", "b3", "b4"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("communities %v, want %v", got, want)
	}
}

func TestEntityFactsLeaveOutTheDocumentGraph(t *testing.T) {
	ix := ingest(t, corpus, nil)
	facts := community.EntityFacts(ix.Triples())
	if len(facts) != len(ix.Facts()) {
		t.Fatalf("%d entity facts, want the index's %d facts", len(facts), len(ix.Facts()))
	}
	for _, f := range facts {
		if f.Relation == docs.RelMentions || f.Relation == docs.RelPartOf || f.SubjectType == docs.TypeChunk {
			t.Fatalf("document edge among the entity facts: %+v", f)
		}
	}
}

// TestCommunitiesAreStable: the same facts, in any order, give the same
// communities and the same file.
func TestCommunitiesAreStable(t *testing.T) {
	ix := ingest(t, corpus, nil)
	in := input(t, ix)
	first, _ := build(t, in, nil, community.Options{})
	if len(first.Communities) < 2 {
		t.Fatalf("%d communities on the demo corpus, want several", len(first.Communities))
	}
	want, err := json.Marshal(first)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		shuffled := slices.Clone(in.Facts)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, _ := build(t, community.Input{Facts: shuffled, Schema: in.Schema, Index: ix}, nil, community.Options{})
		got, err := json.Marshal(again)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatal("the same facts in another order gave other communities")
		}
	}
	// Every entity is in exactly one community.
	seen := map[string]bool{}
	for _, c := range first.Communities {
		for _, m := range c.Members {
			if seen[m.Name] {
				t.Fatalf("%s is in two communities", m.Name)
			}
			seen[m.Name] = true
		}
	}
	for _, f := range ix.Facts() {
		if !seen[f.Subject] || !seen[f.Object] {
			t.Fatalf("fact %s %s %s: an end is in no community", f.Subject, f.Relation, f.Object)
		}
	}
}

// TestSummariesCiteDocumentsThatMentionMembers checks every citation
// against the index: the chunk exists, is part of the document, and
// mentions each member the passage lists.
func TestSummariesCiteDocumentsThatMentionMembers(t *testing.T) {
	ix := ingest(t, corpus, nil)
	f, _ := build(t, input(t, ix), nil, community.Options{})
	mentions := map[[2]string]bool{} // chunk, entity
	docMentions := map[string]map[string]bool{}
	for _, d := range ix.Documents {
		docMentions[d.Path] = map[string]bool{}
		for _, m := range d.Mentions {
			mentions[[2]string{m.Chunk, m.Entity}] = true
			docMentions[d.Path][m.Entity] = true
		}
	}
	for _, c := range f.Communities {
		members := map[string]bool{}
		for _, m := range c.Members {
			members[m.Name] = true
		}
		if c.Summary == "" || len(c.Passages) == 0 || len(c.Documents) == 0 {
			t.Fatalf("community %s (%s): summary %q, %d passages, %d documents", c.ID, c.Title, c.Summary, len(c.Passages), len(c.Documents))
		}
		if !strings.Contains(c.Summary, c.Members[0].Name) {
			t.Errorf("summary of %s does not name its most central member %s: %q", c.ID, c.Members[0].Name, c.Summary)
		}
		for _, p := range c.Passages {
			ch, ok := ix.Chunk(p.Chunk)
			if !ok || !strings.HasPrefix(p.Chunk, p.Document+"#") || ch.Text != p.Text || p.Line < ch.StartLine || p.Line > ch.EndLine || !strings.Contains(strings.ToLower(strings.Join(strings.Fields(ch.Text), " ")), strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(p.Quote, ".")), " "))) {
				t.Fatalf("passage %+v is not chunk %s of %s as the index has it", p, p.Chunk, p.Document)
			}
			if len(p.Members) == 0 {
				t.Fatalf("passage %s cites no member of %s", p.Chunk, c.ID)
			}
			for _, m := range p.Members {
				if !members[m] || !mentions[[2]string{p.Chunk, m}] {
					t.Fatalf("passage %s lists %s: member %v, mentioned there %v", p.Chunk, m, members[m], mentions[[2]string{p.Chunk, m}])
				}
			}
			for _, tk := range p.Tickets {
				if !mentions[[2]string{p.Chunk, tk}] || !slices.Contains(c.Tickets, tk) {
					t.Fatalf("passage %s lists ticket %s that it does not mention or the community does not hold", p.Chunk, tk)
				}
			}
		}
		for _, d := range c.Documents {
			if !slices.ContainsFunc(c.Members, func(m community.Member) bool { return docMentions[d][m.Name] }) {
				t.Fatalf("community %s cites %s, which mentions none of its members", c.ID, d)
			}
		}
	}
}

// TestSinglePointsFollowTheDependencyRelations: a failure of db-v2
// reaches everything that depends on db-v2-proxy, and the proxy itself.
func TestSinglePointsFollowTheDependencyRelations(t *testing.T) {
	ix := ingest(t, corpus, nil)
	f, _ := build(t, input(t, ix), nil, community.Options{})
	member := func(name string) (community.Community, community.Member) {
		for _, c := range f.Communities {
			for _, m := range c.Members {
				if m.Name == name {
					return c, m
				}
			}
		}
		t.Fatalf("%s is in no community", name)
		return community.Community{}, community.Member{}
	}
	c, db := member("db-v2")
	_, proxy := member("db-v2-proxy")
	_, team := member("team-orders")
	if db.Dependents < proxy.Dependents+1 || proxy.Dependents == 0 {
		t.Fatalf("db-v2 reaches %d entities, db-v2-proxy %d: db-v2 should reach the proxy and all it reaches", db.Dependents, proxy.Dependents)
	}
	if team.Dependents != 0 {
		t.Fatalf("team-orders reaches %d entities: owning is not a dependency", team.Dependents)
	}
	if !slices.ContainsFunc(c.SinglePoints, func(m community.Member) bool { return m.Name == "db-v2" }) {
		t.Fatalf("db-v2 is not among the single points of failure of its community: %+v", c.SinglePoints)
	}
	if !slices.Contains(c.Tickets, "INC-2107") {
		t.Fatalf("the db-v2 community's documents name INC-2107 (the replication-lag incident); tickets %v", c.Tickets)
	}
}

func TestGlobalRiskQuestionIsAnsweredFromCitedSummaries(t *testing.T) {
	ix := ingest(t, corpus, nil)
	f, _ := build(t, input(t, ix), nil, community.Options{})
	a, err := community.NewAnswerer(f, community.AnswerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"what are the biggest risks in our infrastructure?", "where are our single points of failure?"} {
		ans, err := a.AnswerGlobal(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Kind != community.Risks || len(ans.Summaries) == 0 || ans.Considered != len(f.Communities) {
			t.Fatalf("%q: kind %v, %d summaries of %d", q, ans.Kind, len(ans.Summaries), ans.Considered)
		}
		// The community holding the entity whose failure reaches the most
		// ranks first for a risk question.
		most, where := -1, ""
		for _, c := range f.Communities {
			for _, m := range c.Members {
				if m.Dependents > most {
					most, where = m.Dependents, c.ID
				}
			}
		}
		if ans.Summaries[0].Community != where {
			t.Fatalf("%q: first summary %s (%s), want %s, which holds the most depended-on entity", q, ans.Summaries[0].Community, ans.Summaries[0].Title, where)
		}
		for i, s := range ans.Summaries {
			if s.N != i+1 || !strings.Contains(ans.Text, "["+strconv.Itoa(s.N)+"] "+s.Title) || len(s.Passages) == 0 {
				t.Fatalf("%q: summary %d (%s) is not cited as [%d] with passages in:\n%s", q, i, s.Title, i+1, ans.Text)
			}
			if i > 0 && s.Score > ans.Summaries[i-1].Score {
				t.Fatalf("%q: summaries not ranked by score", q)
			}
		}
	}
}

func TestGlobalQuestionKinds(t *testing.T) {
	for q, want := range map[string]community.QuestionKind{
		"what are the biggest risks in our infrastructure?": community.Risks,
		"where are our single points of failure?":           community.Risks,
		"which parts have had incidents?":                   community.Risks,
		"what are the main areas of the system?":            community.Overview,
		"give me an overview of the platform":               community.Overview,
	} {
		if got := community.Classify(q); got != want {
			t.Errorf("Classify(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestOverviewQuestionRanksLargerCommunitiesHigher(t *testing.T) {
	f, _ := build(t, input(t, ingest(t, corpus, nil)), nil, community.Options{})
	a, err := community.NewAnswerer(f, community.AnswerOptions{Top: len(f.Communities)})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := a.AnswerGlobal(context.Background(), "what are the main areas of the system?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Kind != community.Overview || len(ans.Summaries) != len(f.Communities) {
		t.Fatalf("kind %v, %d summaries", ans.Kind, len(ans.Summaries))
	}
	first, last := ans.Summaries[0], ans.Summaries[len(ans.Summaries)-1]
	if first.Signal < last.Signal {
		t.Fatalf("first %s has size signal %v, last %s %v", first.Title, first.Signal, last.Title, last.Signal)
	}
}

func TestAnswererRefusesAnotherEmbedder(t *testing.T) {
	f, _ := build(t, input(t, ingest(t, corpus, nil)), nil, community.Options{})
	f.Embedder = "some-other-model"
	if _, err := community.NewAnswerer(f, community.AnswerOptions{}); err == nil || !strings.Contains(err.Error(), "some-other-model") {
		t.Fatalf("err = %v, want one naming the file's embedder", err)
	}
	empty := &community.File{Embedder: community.DefaultEmbedderName}
	a, err := community.NewAnswerer(empty, community.AnswerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.AnswerGlobal(context.Background(), "what are the risks?"); !errors.Is(err, community.ErrNoCommunities) {
		t.Fatalf("err = %v, want ErrNoCommunities", err)
	}
}

// TestEditingOneDocumentRefreshesOnlyItsCommunity: after an edit that
// changes one community's facts, Build with the previous file writes that
// community again and keeps every other summary and vector as it was; and
// the result is what a build from scratch gives.
func TestEditingOneDocumentRefreshesOnlyItsCommunity(t *testing.T) {
	dir := docstest.CopyDemo(t)
	ix := ingest(t, dir, nil)
	first, _ := build(t, input(t, ix), nil, community.Options{})

	doc := filepath.Join(dir, "ownership", "team-identity.md")
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, append(b, []byte("\nThe identity team also owns the session cache.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	ix2 := ingest(t, dir, ix)
	again, rep := build(t, input(t, ix2), first, community.Options{})

	before := map[string]community.Community{}
	for _, c := range first.Communities {
		before[c.ID] = c
	}
	var changed []string
	for _, c := range again.Communities {
		old, ok := before[c.ID]
		if !ok || old.Fingerprint != c.Fingerprint {
			changed = append(changed, c.ID)
			continue
		}
		if old.Summary != c.Summary || !slices.Equal(old.Vector, c.Vector) {
			t.Fatalf("unchanged community %s got another summary or vector", c.ID)
		}
	}
	if len(changed) != 1 {
		t.Fatalf("%d communities changed (%v), want the identity team's only", len(changed), changed)
	}
	var identity community.Community
	for _, c := range again.Communities {
		if c.ID == changed[0] {
			identity = c
		}
	}
	if !slices.ContainsFunc(ix2.Facts(), func(t graph.Triple) bool {
		return t.Subject == "team-identity" && t.Relation == "OWNS" && t.Object == "session-cache"
	}) {
		t.Fatal("the edit should state team-identity OWNS session-cache")
	}
	if !slices.ContainsFunc(identity.Members, func(m community.Member) bool { return m.Name == "team-identity" }) ||
		!slices.ContainsFunc(identity.Members, func(m community.Member) bool { return m.Name == "session-cache" }) {
		t.Fatalf("the changed community %s (%s) is not the identity team's", identity.ID, identity.Title)
	}
	if !slices.Equal(rep.Written, changed) || len(rep.Kept) != len(again.Communities)-1 || len(rep.Dropped) != 0 {
		t.Fatalf("report %+v, want %v written and the rest kept", rep, changed)
	}
	if old := before[changed[0]]; old.Summary == identity.Summary {
		t.Fatalf("the changed community kept its old summary %q", old.Summary)
	}

	fresh, _ := build(t, input(t, ix2), nil, community.Options{})
	fb, _ := json.Marshal(fresh)
	ab, _ := json.Marshal(again)
	if string(fb) != string(ab) {
		t.Fatal("refreshing gave another file than building from scratch")
	}
}

func TestFileRoundTripAndErrors(t *testing.T) {
	f, _ := build(t, input(t, ingest(t, corpus, nil)), nil, community.Options{})
	dir := t.TempDir()
	path := community.Path(filepath.Join(dir, "corpus.snap"))
	if filepath.Base(path) != "corpus.communities.json" {
		t.Fatalf("Path = %s", path)
	}
	if err := f.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := community.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(f)
	b, _ := json.Marshal(back)
	if string(a) != string(b) {
		t.Fatal("the file read back differs from the one written")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("the write left %d files, want 1", len(entries))
	}
	bad := filepath.Join(dir, "bad.communities.json")
	os.WriteFile(bad, []byte(`{"format": 1, "communities": [{"id": ""}]}`), 0o644)
	if _, err := community.ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "communities[0]") {
		t.Fatalf("err = %v, want one naming the file and the entry", err)
	}
	os.WriteFile(bad, []byte(`{"format": 1,`), 0o644)
	if _, err := community.ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("err = %v, want one naming the file", err)
	}
}

// TestEditingOnlyPassagesKeepsThePartition: an edit that states no new
// fact (a ticket named beside a member) keeps the facts' hash, so the
// partition is reused; the community whose passages changed is written
// again, and the result is what a build from scratch gives.
func TestEditingOnlyPassagesKeepsThePartition(t *testing.T) {
	dir := docstest.CopyDemo(t)
	ix := ingest(t, dir, nil)
	first, _ := build(t, input(t, ix), nil, community.Options{})

	doc := filepath.Join(dir, "design", "user-auth.md")
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, append(b, []byte("\nSee INC-3001: the user auth service lost its sessions.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	ix2 := ingest(t, dir, ix)
	again, rep := build(t, input(t, ix2), first, community.Options{})
	if again.Facts != first.Facts {
		t.Fatal("the edit stated no fact, yet the facts' hash changed")
	}
	if len(rep.Written) != 1 || len(rep.Kept) != len(first.Communities)-1 {
		t.Fatalf("report %+v, want one community written", rep)
	}
	i := slices.IndexFunc(again.Communities, func(c community.Community) bool { return c.ID == rep.Written[0] })
	if !slices.Contains(again.Communities[i].Tickets, "INC-3001") {
		t.Fatalf("the community written again (%s) does not name INC-3001: %v", again.Communities[i].Title, again.Communities[i].Tickets)
	}
	fresh, _ := build(t, input(t, ix2), nil, community.Options{})
	fb, _ := json.Marshal(fresh)
	ab, _ := json.Marshal(again)
	if string(fb) != string(ab) {
		t.Fatal("reusing the partition gave another file than building from scratch")
	}
}

func TestOpenAnswerer(t *testing.T) {
	snap := filepath.Join(t.TempDir(), "corpus.snap")
	if _, err := community.OpenAnswerer(snap, community.AnswerOptions{}); err == nil || !strings.Contains(err.Error(), "scgraph communities --graph "+snap) {
		t.Fatalf("err = %v, want one saying how to make the communities", err)
	}
	f, _ := build(t, input(t, ingest(t, corpus, nil)), nil, community.Options{})
	if err := f.WriteFile(community.Path(snap)); err != nil {
		t.Fatal(err)
	}
	a, err := community.OpenAnswerer(snap, community.AnswerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ans, err := a.AnswerGlobal(context.Background(), "what are the main areas of the system?")
	if err != nil || len(ans.Summaries) == 0 {
		t.Fatalf("answer %+v, err %v", ans, err)
	}
}
