package text

import "testing"

// TestSimilarityIsJaccardOfTrigrams checks the packed computation against
// the definition: the Jaccard similarity of the Trigrams sets.
func TestSimilarityIsJaccardOfTrigrams(t *testing.T) {
	keys := []string{"", "a", "ab", "paymentservice", "paymentsvc", "orderservice", "dbv2", "dbv2proxy",
		"café", "naïve", "日本語", "日本", "aaaa", "aaab", "straße", "strasse"}
	for _, a := range keys {
		g := NewGoal(a)
		for _, b := range keys {
			ta, tb := Trigrams(a), Trigrams(b)
			inter := 0
			for x := range ta {
				if _, ok := tb[x]; ok {
					inter++
				}
			}
			want := float64(inter) / float64(len(ta)+len(tb)-inter)
			if got := Similarity(a, b); got != want {
				t.Errorf("Similarity(%q, %q) = %v, want %v", a, b, got, want)
			}
			if got := g.Similarity(b); got != want {
				t.Errorf("NewGoal(%q).Similarity(%q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		typ, of string
		want    bool
	}{
		{"Sub-technique", "Technique", true},
		{"Parent_Technique", "Technique", true},
		{"Data_Source", "Source", true},
		{"Technique", "Technique", false},
		{"Technique", "Sub-technique", false},
		{"TechniqueGroup", "Technique", false},
		{"Team", "", false},
	} {
		if got := KindOf(c.typ, c.of); got != c.want {
			t.Errorf("KindOf(%q, %q) = %v, want %v", c.typ, c.of, got, c.want)
		}
	}
}

func TestNameHas(t *testing.T) {
	for _, c := range []struct {
		name, word string
		want       bool
	}{
		{"shipping-team", "team", true},
		{"dashboards_q3", "dashboard", true},
		{"RFC2616", "rfc", true},
		{"BCP 14", "bcp", true},
		{"RFC2616", "rf", false},
		{"k8s", "k", false},
		{"ipv6-router", "router", true},
		{"2616rfc", "rfc", false},
	} {
		if got := NameHas(c.name, c.word); got != c.want {
			t.Errorf("NameHas(%q, %q) = %v, want %v", c.name, c.word, got, c.want)
		}
	}
}

func TestNumberedWord(t *testing.T) {
	for tok, want := range map[string]string{"rfc2616": "rfc", "bcp14": "bcp", "s3": "", "k8s": "", "v1": "", "2616": "", "rfc": "", "sha256x": ""} {
		if got := NumberedWord(tok); got != want {
			t.Errorf("NumberedWord(%q) = %q, want %q", tok, got, want)
		}
	}
}
