package docs

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestOpenSentences reads the sentences of testdata/open-sentences.jsonl
// with the open extractor (no schema, no dictionary) and checks the facts
// each states, and only those.
func TestOpenSentences(t *testing.T) {
	f, err := os.Open("testdata/open-sentences.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := NewExtractor(nil, nil, nil)
	if !x.Open() {
		t.Fatal("an extractor with no schema and no entities is not open")
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c struct {
			Name  string     `json:"name"`
			Text  string     `json:"text"`
			Facts [][]string `json:"facts"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		t.Run(c.Name, func(t *testing.T) {
			_, _, stmts := x.extract("doc.md", c.Text)
			var got []string
			for _, s := range stmts {
				k := s.Subject + " " + s.Relation + " " + s.Object
				if !slices.Contains(got, k) {
					got = append(got, k)
				}
			}
			var want []string
			for _, f := range c.Facts {
				want = append(want, strings.Join(f, " "))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%q:\n got  %q\n want %q", c.Text, got, want)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestOpenWords checks that the word lists parse and hold what the
// extractor needs.
func TestOpenWords(t *testing.T) {
	for _, s := range []string{"determiners", "prepositions", "kinds", "droppable-kinds", "verbs", "not-names", "name-adjectives"} {
		if len(openWords.sets[s]) == 0 {
			t.Errorf("openwords.txt has no [%s]", s)
		}
	}
	if openWords.kind("database") != "Database" || openWords.kind("services") != "Service" {
		t.Error("kind nouns do not give their types")
	}
	if canonicalPhrase("rely on") != "depend on" || canonicalPhrase("forward to") != "call" || canonicalPhrase("store in") != "write to" {
		t.Error("readings are not one relation")
	}
}

// TestLemma checks the verb forms the extractor lemmatises.
func TestLemma(t *testing.T) {
	for w, want := range map[string]string{
		"queries": "query", "stores": "store", "stored": "store", "called": "call", "pushes": "push", "uses": "use",
		"created": "create", "served": "serve", "routed": "route", "stopped": "stop", "depends": "depend", "relies": "rely",
		"handled": "handle", "enabled": "enable", "installed": "install", "compiled": "compile",
		"powered": "power", "rendered": "render", "opened": "open", "mentioned": "mention", "shared": "share", "compared": "compare",
		"providing": "provide", "storing": "store", "running": "run", "routing": "route", "calling": "call",
		"added": "add", "adding": "add", "embedded": "embed",
	} {
		if got := lemma(w); got != want {
			t.Errorf("lemma(%q) = %q, want %q", w, got, want)
		}
	}
	for p, want := range map[string]string{"depend on": "DEPENDS_ON", "query": "QUERIES", "part of": "PART_OF", "push to": "PUSHES_TO", "build on": "BUILDS_ON"} {
		if got := RelationName(p); got != want {
			t.Errorf("RelationName(%q) = %q, want %q", p, got, want)
		}
		if back := PhraseOf(want); back != p {
			t.Errorf("PhraseOf(%q) = %q, want %q", want, back, p)
		}
	}
}

// TestProjectPrefixMerges checks that an identifier made of the project's
// name and another name of the documents is that other name
// ("argo-repo-server" is the Repo Server of Argo), and that a prefix which
// is no name of the documents, a remainder of one word, or a name written
// with spaces joins nothing; and that "the Git repository" is Git.
func TestProjectPrefixMerges(t *testing.T) {
	ix := ingestFiles(t, map[string]string{
		"a.md": "# Components\n\nArgo uses Redis. The Repo Server reads from Git. The Application Controller uses the Repo Server. The Argo Cache Proxy calls the Cache Proxy.\n",
		"b.md": "# Scaling\n\nThe `argo-repo-server` clones the Git repository. The `argo-application-controller` uses `argo-repo-server`. The `argo-server` serves the UI. The `web-cache-proxy` calls the Cache Proxy.\n",
	})
	joined := map[string][]string{}
	for _, m := range ix.Merged() {
		joined[m.Entity] = m.Names
	}
	has := func(names ...string) bool {
		for _, ns := range joined {
			if slices.Contains(ns, names[0]) {
				for _, n := range names[1:] {
					if !slices.Contains(ns, n) {
						return false
					}
				}
				return true
			}
		}
		return false
	}
	if !has("argo-repo-server", "Repo Server") || !has("argo-application-controller", "Application Controller") {
		t.Errorf("prefixed names not joined: %v", joined)
	}
	if has("argo-server", "Server") || has("web-cache-proxy", "Cache Proxy") || has("Argo Cache Proxy", "Cache Proxy") {
		t.Errorf("joined a one-word remainder, a prefix that is no name, or a name with spaces: %v", joined)
	}
	if !has("Git repository", "Git") {
		t.Errorf("a repository not joined with its name: %v", joined)
	}
}

// TestAbbreviationMerges checks that names equal once their short forms
// are written out (package words' abbreviations) are one entity:
// "k8s-api" is the Kubernetes API ("svc" and "db" are folded by
// text.Key already); "k8s-operator" is not the Kubernetes API.
func TestAbbreviationMerges(t *testing.T) {
	ix := ingestFiles(t, map[string]string{
		"a.md": "# Deploys\n\nThe Deploy Bot calls the Kubernetes API.\n",
		"b.md": "# Operations\n\nThe `audit-bot` watches `k8s-api`. The `k8s-operator` restarts pods.\n",
	})
	res := ix.resolution()
	same := func(a, b string) bool { return res[a].Name != "" && res[a].Name == res[b].Name }
	if !same("k8s-api", "Kubernetes API") {
		t.Errorf("short forms not joined: %v", ix.Merged())
	}
	if same("k8s-operator", "Kubernetes API") {
		t.Errorf("another name joined: %v", ix.Merged())
	}
}

// ingestFiles writes files (name -> Markdown) into a new folder and
// ingests it with the open extractor, no dictionary and no schema.
func ingestFiles(t *testing.T, files map[string]string) *Index {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(dir+"/"+name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ix, _, err := Ingest(context.Background(), dir, nil, NewExtractor(nil, nil, nil), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestSameThingShort checks, from testdata/kind-dropped-names.txt, which
// names the resolution joins with their kind noun dropped: "Kafka topic"
// is Kafka, "data plane proxy" is not the data plane.
func TestSameThingShort(t *testing.T) {
	b, err := os.ReadFile("testdata/kind-dropped-names.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, want, ok := strings.Cut(l, "\t")
		if !ok {
			t.Fatalf("no tab in %q", l)
		}
		if want == "-" {
			want = ""
		}
		if got := sameThingShort(name); got != want {
			t.Errorf("sameThingShort(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestParticipleNoModifier checks that the -ing verb of a participle
// clause after a comma is no modifier of the kind noun after it: "…,
// providing decoupled persistent storage" names no "providing … storage".
func TestParticipleNoModifier(t *testing.T) {
	x := NewExtractor(nil, nil, nil)
	_, ms, _ := x.extract("doc.md", "JuiceFS supports Kubernetes CSI, providing decoupled persistent storage for pods.")
	for _, m := range ms {
		if strings.HasPrefix(strings.ToLower(m.Text), "providing") {
			t.Errorf("mention %q starts with the participle", m.Text)
		}
	}
}

// TestCorpusNames: a name one page of a corpus writes in camel case is a
// name where another page writes it as one lower-case word.
func TestCorpusNames(t *testing.T) {
	x := NewExtractor(nil, nil, nil)
	x.corpus = corpusNames([]string{"# Edged\n\nEdgeD manages pods.\n"})
	_, _, stmts := x.extract("metamanager.md", "# MetaManager\n\nMetaManager is the message processor.\nmetamanager then sends a message to edged.\n")
	var got []string
	for _, s := range stmts {
		got = append(got, s.Subject+" "+s.Relation+" "+s.Object)
	}
	if !slices.Contains(got, "MetaManager CALLS EdgeD") {
		t.Errorf("got %q, want MetaManager CALLS EdgeD", got)
	}
	x.corpus = nil
	_, _, stmts = x.extract("metamanager.md", "# MetaManager\n\nMetaManager is the message processor.\nmetamanager then sends a message to edged.\n")
	for _, s := range stmts {
		if s.Object == "EdgeD" || s.Object == "edged" {
			t.Errorf("without the corpus: %s %s %s", s.Subject, s.Relation, s.Object)
		}
	}
}
