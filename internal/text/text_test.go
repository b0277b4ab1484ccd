package text

import (
	"slices"
	"testing"
)

func TestSplitters(t *testing.T) {
	for _, c := range []struct {
		sp   Splitter
		in   string
		want []string
	}{
		{Splitter{Camel: true}, "PaymentService", []string{"payment", "service"}},
		{Splitter{Camel: true}, "DEPENDS_ON", []string{"depends", "on"}},
		{Splitter{Camel: true}, "Some Mother's Son", []string{"some", "mothers", "son"}},
		{Splitter{Apostrophes: SplitApostrophes, Stem: true}, "Some Mother's Sons", []string{"some", "mother", "s", "son"}},
		{Splitter{Stem: true}, "Depends-On net/http", []string{"depend", "on", "net", "http"}},
		{Splitter{}, "Zahlungsdienst über Ω", []string{"zahlungsdienst", "uber", "ω"}},
		{Splitter{}, "Pokémon São Paulo Nidoran♀", []string{"pokemon", "sao", "paulo", "nidoran"}},
	} {
		if got := c.sp.Split(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%+v.Split(%q) = %q, want %q", c.sp, c.in, got, c.want)
		}
	}
}

func TestKey(t *testing.T) {
	for _, in := range []string{"the cart service", "cart-svc", "CartService", "cartservice", "Cart Services"} {
		if got := Key(in); got != "cartservice" {
			t.Errorf("Key(%q) = %q, want cartservice", in, got)
		}
	}
	if got := Key("the"); got != "the" {
		t.Errorf("Key(the) = %q: a lone article is kept", got)
	}
}

func TestStemAndSimilarity(t *testing.T) {
	for in, want := range map[string]string{"depends": "depend", "depended": "depend", "depending": "depend", "libraries": "library", "status": "status", "class": "class"} {
		if got := Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
	if s := Similarity("paymentservice", "paymentservice"); s != 1 {
		t.Errorf("Similarity of equal keys = %v", s)
	}
	if s := Similarity("paymentservice", "paymentsservice"); s < 0.7 || s >= 1 {
		t.Errorf("Similarity of near keys = %v", s)
	}
}

func TestWords(t *testing.T) {
	q := `Who is alice's manager's manager? What does "net/http" use (directly)? The teams' services.`
	var got []string
	for _, w := range Words(q) {
		if q[w.Start:w.End] != w.Raw {
			t.Errorf("%q at [%d,%d) is %q", w.Raw, w.Start, w.End, q[w.Start:w.End])
		}
		s := w.Raw
		if w.Possessive {
			s += "+'s"
		}
		got = append(got, s)
	}
	want := []string{"Who", "is", "alice+'s", "manager+'s", "manager", "What", "does", "net/http", "use", "directly", "The", "teams+'s", "services"}
	if !slices.Equal(got, want) {
		t.Errorf("Words = %q\nwant    %q", got, want)
	}
}

func TestBrackets(t *testing.T) {
	q := `who directed [Heat] and [Paris\] Texas \\ 1984] but not [open`
	bs := Brackets(q)
	var names []string
	for _, b := range bs {
		names = append(names, b.Name)
		if q[b.Start] != '[' || q[b.End-1] != ']' {
			t.Errorf("%q: span %q", b.Name, q[b.Start:b.End])
		}
	}
	if !slices.Equal(names, []string{"Heat", `Paris] Texas \ 1984`}) {
		t.Errorf("Brackets = %q", names)
	}
}

// The ASCII fast path of Split splits as the general one does.
func TestSplitASCII(t *testing.T) {
	inputs := []string{"", "PaymentService", "payment-service", "Mother's", "mothers'", "'tis", "ABC", "HTTPServer",
		"k8s v2 X9", "a_b__c", "Don'T", "it's'", "x'Y", "getHTTP2Response", "  ", "msp430",
	}
	const alphabet = "aZ9'_- Bq"
	seed := uint32(1)
	for range 2000 {
		var b []byte
		for range 1 + seed%12 {
			seed = seed*1664525 + 1013904223
			b = append(b, alphabet[seed>>24%uint32(len(alphabet))])
		}
		inputs = append(inputs, string(b))
	}
	for _, sp := range []Splitter{{}, {Camel: true}, {Apostrophes: SplitApostrophes}, {Stem: true}, {Camel: true, Apostrophes: SplitApostrophes, Stem: true}} {
		for _, in := range inputs {
			if got, want := sp.splitASCII(in), sp.splitRunes(in); !slices.Equal(got, want) {
				t.Errorf("%+v.Split(%q) = %q, want %q", sp, in, got, want)
			}
		}
	}
}

// A name hyphened to a participle ("money-themed") is two words, the
// name first; other hyphened words stay whole.
func TestWordsSplitParticipleTails(t *testing.T) {
	for q, want := range map[string][]string{
		"Which politicians come up in money-themed songs?": {"Which", "politicians", "come", "up", "in", "money", "themed", "songs"},
		"Rust-based tools":             {"Rust", "based", "tools"},
		"the feature-complete profile": {"the", "feature-complete", "profile"},
		"the self-hosted-local image":  {"the", "self-hosted-local", "image"},
		"a-based x":                    {"a-based", "x"},
	} {
		var got []string
		for _, w := range Words(q) {
			got = append(got, w.Raw)
			if q[w.Start:w.End] != w.Raw {
				t.Errorf("%q: word %q at %d:%d", q, w.Raw, w.Start, w.End)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", q, got, want)
		}
	}
}
