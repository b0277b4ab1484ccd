package text

import (
	"slices"
	"strings"
	"testing"
)

func TestSingular(t *testing.T) {
	for w, want := range map[string]string{
		"policies": "policy", "boxes": "box", "factors": "factor", "classes": "class", "statuses": "status", "aliases": "alias",
		"status": "status", "analysis": "analysis", "class": "class", "k8s": "k8s", "kms": "kms",
		"benchmarks": "benchmark", "services": "service", "days": "day", "msp430": "msp430", "docs": "doc",
		"volcanoes": "volcano", "heroes": "hero", "echoes": "echo", "shoes": "shoe", "canoes": "canoe", "horseshoes": "horseshoe", "toes": "toe", "menus": "menu", "genus": "genus", "warehouses": "warehouse", "causes": "cause", "buses": "bus",
	} {
		if got := Singular(w); got != want {
			t.Errorf("Singular(%q) = %q, want %q", w, got, want)
		}
	}
}

// A singular in -se may be a word in -s: Singular cannot tell gases
// from cases.
func TestSameWord(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"gases", "gas", true}, {"gas", "gases", true}, {"cases", "case", true}, {"policies", "policy", true},
		{"gases", "gase", true}, {"gas", "case", false}, {"buses", "bus", true},
	} {
		if got := SameWord(c.a, c.b); got != c.same {
			t.Errorf("SameWord(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
	if o, ok := OtherSingular(Singular("gases")); !ok || o != "gas" {
		t.Errorf("OtherSingular(%q) = %q, %v; want gas", Singular("gases"), o, ok)
	}
}

// Every form that folds to a singular holds the singular's core.
func TestWordCore(t *testing.T) {
	for _, forms := range [][]string{
		{"policy", "policies"}, {"box", "boxes"}, {"factor", "factors"}, {"key", "keys"}, {"service", "services"},
		{"gas", "gases"}, {"case", "cases"}, {"bus", "buses"},
	} {
		core := WordCore(forms[0])
		for _, f := range forms {
			if WordCore(f) != core || !strings.Contains(f, core) {
				t.Errorf("WordCore(%q) = %q, %q holds %q", f, WordCore(f), f, core)
			}
		}
	}
}

func TestMatchWords(t *testing.T) {
	for _, c := range []struct {
		mention, name string
		ok            bool
		score         float64
		parts         []string
		inOrder       bool
	}{
		// A run, as before.
		{"consign service", "ts-consign-service", true, 2.0 / 3, nil, true},
		{"lodash", "lodash@4.17.21", true, 0.25, nil, true},
		// Any order; every word of the name named is a score of 1.
		{"the Storage group", "group-storage", true, 1, nil, false},
		{"cartservice deployment", "deployment/cartservice", true, 1, nil, false},
		{"dialysis tag", "tag:dialysis", true, 1, nil, false},
		{"hcc suspecting list rollup", "hcc_suspecting__list_rollup", true, 1, nil, true},
		// Plurals, compounds joined and split.
		{"walltime benchmark run", "ci/benchmarks-walltime-run", true, 0.75, nil, false},
		{"noble gases", "noble gas", true, 1, nil, true},
		{"use cases", "use case", true, 1, nil, true},
		{"load generator deployment", "deployment/loadgenerator", true, 1, nil, false},
		{"cartservice", "cart-service", true, 1, nil, true},
		{"adservice service account", "serviceaccount/adservice", true, 1, nil, false},
		// A word named by its beginning: half a word.
		{"checkout deployment", "deployment/checkoutservice", true, 0.75, []string{"service"}, false},
		{"payment service", "service/paymentservice", true, 0.75, []string{"service"}, false},
		// Of the two ways to read the words, the better: "service" whole
		// and "product catalog" in part here, all three written together
		// for serviceaccount/productcatalogservice.
		{"product catalog service", "service/productcatalogservice", true, 0.75, []string{"service"}, false},
		{"product catalog service", "serviceaccount/productcatalogservice", true, 0.5, nil, true},
		// Initials beside two whole words.
		{"John F Kennedy Jr", "John Fitzgerald Kennedy Jr.", true, 0.875, nil, true},
		{"F Kennedy", "John Fitzgerald Kennedy", false, 0, nil, false},
		// A last one-letter word is an article, no initial.
		{"the Durham Bulls a", "Durham Bulls Athletic Park", false, 0, nil, false},
		// Every word must be found, one at least whole.
		{"payment zebra", "payment-service", false, 0, nil, false},
		{"checkout", "checkoutservice", false, 0, nil, false},
		{"the leads of survey", "survey", false, 0, nil, false},
		{"service", "service/cartservice", true, 0.5, nil, true},
	} {
		m, ok := MatchWords(KeyTokens(c.mention), KeyTokens(c.name))
		if ok != c.ok || ok && (m.Score != c.score || !slices.Equal(m.Parts, c.parts) || m.InOrder != c.inOrder) {
			t.Errorf("MatchWords(%q, %q) = %+v, %v; want score %v parts %v in order %v, %v", c.mention, c.name, m, ok, c.score, c.parts, c.inOrder, c.ok)
		}
	}
}

// Whatever words match, each matched mention word of three letters or
// more has its core in the name's key: the stores look names up by it.
func TestMatchWordsKeyHoldsCores(t *testing.T) {
	names := []string{"deployment/checkoutservice", "ci/benchmarks-walltime-run", "cart-service", "policies-v2", "ts-consign-service"}
	mentions := []string{"checkout deployment", "benchmark walltime", "cartservice", "the policy v2", "consign services", "service cart"}
	for _, n := range names {
		key := Key(n)
		for _, mt := range mentions {
			toks := KeyTokens(mt)
			if _, ok := MatchWords(toks, KeyTokens(n)); !ok {
				continue
			}
			for _, w := range toks {
				if c := WordCore(w); len(c) >= 3 && !strings.Contains(key, c) {
					t.Errorf("%q matches %q but its key %q lacks %q", mt, n, key, c)
				}
			}
		}
	}
}

func TestOneEdit(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"histrian", "historian", true}, {"deploymnet", "deployment", true}, {"jaqueline", "jacqueline", true},
		{"cart", "card", true}, {"cart", "cart", false}, {"cart", "carts", true}, {"abc", "cab", false},
		{"ledger", "leader", false}, {"", "a", true}, {"über", "uber", true}, {"orionx9", "orionx1", false}, {"node1", "node", false},
	} {
		if got := OneEdit(c.a, c.b); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := OneEdit(c.b, c.a); got != c.want {
			t.Errorf("OneEdit(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
	}
}
