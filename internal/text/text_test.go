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
		{Splitter{}, "Zahlungsdienst über Ω", []string{"zahlungsdienst", "über", "ω"}},
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
