package cypher_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/cypher"
)

// These tests need no server.

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"NEO4J_URI": " bolt://db.example:7687 ", "NEO4J_USERNAME": "scgraph",
		"NEO4J_PASSWORD": "pw", "NEO4J_DATABASE": "kg",
	}
	got := cypher.ConfigFromEnv(func(k string) string { return env[k] })
	want := cypher.Config{URI: "bolt://db.example:7687", Username: "scgraph", Password: "pw", Database: "kg"}
	if got != want {
		t.Errorf("ConfigFromEnv = %+v, want %+v", got, want)
	}
	if got := cypher.ConfigFromEnv(func(string) string { return "" }); got != (cypher.Config{}) {
		t.Errorf("ConfigFromEnv of an empty environment = %+v", got)
	}
}

func TestOpenWithoutURI(t *testing.T) {
	_, err := cypher.Open(context.Background(), cypher.Config{Password: "secret"})
	if err == nil || !strings.Contains(err.Error(), "NEO4J_URI") {
		t.Errorf("Open without a URI: error %v, want one naming NEO4J_URI", err)
	}
}

func TestSafeURI(t *testing.T) {
	for uri, want := range map[string]string{
		"bolt://127.0.0.1:7687":           "bolt://127.0.0.1:7687",
		"neo4j://neo4j:hunter2@host:7687": "neo4j://neo4j:xxxxx@host:7687",
		"bolt://user@host":                "bolt://user@host",
		"bolt://a:b@c d:%zz":              "(unparsable Neo4j URI)",
	} {
		if got := (cypher.Config{URI: uri}).SafeURI(); got != want {
			t.Errorf("SafeURI(%q) = %q, want %q", uri, got, want)
		}
	}
}

func TestLuceneEscape(t *testing.T) {
	for in, want := range map[string]string{
		"abc":                  "abc",
		"_ab":                  "_ab",
		"a+b-c":                `a\+b\-c`,
		`name:(x OR y)~2^3`:    `name\:\(x\ OR\ y\)\~2\^3`,
		`"q" * ? \ / [a TO b]`: `\"q\"\ \*\ \?\ \\\ \/\ \[a\ TO\ b\]`,
		"a&&b||!c{}":           `a\&\&b\|\|\!c\{\}`,
		"AND":                  `\AND`,
		"OR":                   `\OR`,
		"NOT":                  `\NOT`,
		"and":                  "and",
		"über":                 "über",
	} {
		if got := cypher.LuceneEscape(in); got != want {
			t.Errorf("LuceneEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTrigramTokens: the tokens are text.Trigrams, one whitespace-free
// token each, sorted, so that their overlap is the similarity's.
func TestTrigramTokens(t *testing.T) {
	for _, name := range []string{"payment-service", "Zahlungsdienst über Ω", "a", "", "Some Mother's Son", "aaaa", "x1 9z", "日本語の本"} {
		key := text.Key(name)
		toks := cypher.TrigramTokens(key)
		if !slices.IsSorted(toks) {
			t.Errorf("%q: tokens %q are not sorted", name, toks)
		}
		if len(toks) != len(text.Trigrams(key)) {
			t.Errorf("%q: %d tokens, %d trigrams", name, len(toks), len(text.Trigrams(key)))
		}
		for _, tok := range toks {
			if strings.ContainsAny(tok, " \t") || len([]rune(tok)) != 3 {
				t.Errorf("%q: token %q", name, tok)
			}
			if _, ok := text.Trigrams(key)[strings.ReplaceAll(tok, "_", " ")]; !ok {
				t.Errorf("%q: token %q is not a trigram of %q", name, tok, key)
			}
		}
	}
}

// TestCheckVersion: servers before 5.26 are refused by name; 5.26 on,
// calendar versions and versions of another form pass.
func TestCheckVersion(t *testing.T) {
	for v, ok := range map[string]bool{
		"5.26.0": true, "5.26.30": true, "5.27.0": true, "2025.01.0": true, "2026.10.2-aura": true,
		"5.25.1": false, "5.0.0": false, "4.4.30": false, "dev": true, "": true,
	} {
		err := cypher.CheckVersion(v)
		if (err == nil) != ok {
			t.Errorf("CheckVersion(%q) = %v, want ok %v", v, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), v) {
			t.Errorf("CheckVersion(%q) = %q, which does not name the version", v, err)
		}
	}
}
