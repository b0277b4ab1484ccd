package resolve

import (
	"context"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
)

func ents(names ...string) []Entity {
	var out []Entity
	for _, n := range names {
		out = append(out, Entity{Name: n, Type: "Service", Facts: 1})
	}
	return out
}

func pairOf(cs []Candidate, a, b string) *Candidate {
	for i, c := range cs {
		if (c.Keep.Name == a && c.Merge.Name == b) || (c.Keep.Name == b && c.Merge.Name == a) {
			return &cs[i]
		}
	}
	return nil
}

func signals(c *Candidate) []Signal {
	var out []Signal
	for _, e := range c.Evidence {
		out = append(out, e.Signal)
	}
	slices.Sort(out)
	return out
}

// The reference designs' cases (REFERENCE R3, R4).
func TestReferenceCases(t *testing.T) {
	ctx := context.Background()
	cs, err := Find(ctx, ents("Auth-Service", "Authentication-API", "payment-svc", "Payment Service"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	auth := pairOf(cs, "Auth-Service", "Authentication-API")
	if auth == nil {
		t.Fatalf("Auth-Service / Authentication-API not proposed: %+v", cs)
	}
	if !slices.Contains(signals(auth), SignalAbbreviation) {
		t.Errorf("Auth-Service / Authentication-API: signals %v, want the abbreviation signal", signals(auth))
	}
	pay := pairOf(cs, "payment-svc", "Payment Service")
	if pay == nil || !slices.Contains(signals(pay), SignalNormalized) {
		t.Fatalf("payment-svc / Payment Service not proposed as normalised: %+v", pay)
	}
	if pairOf(cs, "Auth-Service", "payment-svc") != nil || len(cs) != 2 {
		t.Errorf("want exactly the two pairs, got %+v", cs)
	}

	// Accepting the normalised pair leaves one entity holding both's facts.
	g := &Graph{Triples: []graph.Triple{
		{Subject: "checkout", Relation: "CALLS", Object: "payment-svc"},
		{Subject: "Payment Service", Relation: "READS_FROM", Object: "ledger-db"},
	}}
	es := Entities(g.Triples, nil)
	cs, err = Find(ctx, es, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pay = pairOf(cs, "payment-svc", "Payment Service")
	if pay == nil {
		t.Fatalf("no candidate in %+v", cs)
	}
	if _, err := Apply(g, pay.Keep, pay.Merge); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range Entities(g.Triples, nil) {
		names = append(names, e.Name)
	}
	if !slices.Contains(names, pay.Keep.Name) || slices.Contains(names, pay.Merge.Name) || len(names) != 3 {
		t.Errorf("after the merge the entities are %v; want %s once, with checkout and ledger-db", names, pay.Keep.Name)
	}
	i := slices.IndexFunc(g.Schema.Entities, func(d graph.EntityDef) bool { return d.Name == pay.Keep.Name })
	if i < 0 || !slices.Contains(g.Schema.Entities[i].Aliases, pay.Merge.Name) {
		t.Errorf("the merged name is not an alias of the kept entity: %+v", g.Schema.Entities)
	}
}

// Names that share words but are different things are never proposed,
// typed or untyped.
func TestNotProposed(t *testing.T) {
	pairs := [][2]string{
		{"payment-service", "payment-events-queue"},
		{"db-v2", "db-v2-proxy"},
		{"team-orders", "orders-queue"},
		{"db-v1", "db-v2"},
		{"INC-2041", "INC-2047"},
		{"orders-db", "orders-queue"},
		{"user-auth-service", "user-auth-db"},
		{"catalog-service", "catalog-cache"},
		{"notification-service", "notifications-queue"},
		{"Keith David", "David Keith"},
		{"The Hangover Part II", "The Hangover Part III"},
		{"post-v1-auth-login", "post-v1-auth-logout"},
		{"get-v1-products-id-reviews", "post-v1-products-id-reviews"},
		{"Monte Montgomery", "Monty Montgomery"},
		{"auth-gateway", "Auth-Service"},
		{"crypto/internal/fips140", "crypto/internal/fips140hash"},
		{"go/internal/gcimporter", "go/internal/gccgoimporter"},
	}
	for _, p := range pairs {
		for _, typ := range []string{"", "Thing"} {
			es := []Entity{{Name: p[0], Type: typ, Facts: 1}, {Name: p[1], Type: typ, Facts: 1}}
			cs, err := Find(context.Background(), es, Options{Threshold: 0.5})
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) > 0 {
				t.Errorf("%s / %s (type %q) proposed: %+v", p[0], p[1], typ, cs[0].Evidence)
			}
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"fulfilment", "fulfillment", 1}, {"recieve", "receive", 1}, {"kitten", "sitting", 3}, {"fips140", "fips140hash", 4}} {
		if got := editDistance([]rune(c.a), []rune(c.b)); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// A misspelt long word is what the embedding signal finds.
func TestEmbeddingFindsMisspellings(t *testing.T) {
	cs, err := Find(context.Background(), ents("recomendation-service", "recommendation-service", "fulfillment-servce"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := pairOf(cs, "recomendation-service", "recommendation-service")
	if c == nil || !reflect.DeepEqual(signals(c), []Signal{SignalEmbedding}) || c.Confidence > MaxEmbeddingConfidence {
		t.Fatalf("the misspelling: %+v", cs)
	}
	if len(cs) != 1 {
		t.Errorf("want the one pair: %+v", cs)
	}
}

func TestIncompatibleTypesNeverPaired(t *testing.T) {
	es := []Entity{{Name: "payments", Type: "Team"}, {Name: "payment-service", Type: "Service"}, {Name: "Payments", Type: ""}}
	cs, err := Find(context.Background(), es, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pairOf(cs, "payments", "payment-service") != nil {
		t.Errorf("a Team and a Service were paired: %+v", cs)
	}
	if pairOf(cs, "payments", "Payments") == nil {
		t.Errorf("an untyped entity was not paired with its typed namesake: %+v", cs)
	}
}

func TestAliasTableAndSkip(t *testing.T) {
	at := NewAliasTable()
	at.AddSchema(&graph.Schema{Entities: []graph.EntityDef{{Name: "payment-service", Aliases: []string{"the payment system"}}}})
	es := ents("payment-service", "Payment System", "ledger")
	cs, err := Find(context.Background(), es, Options{Aliases: at, Threshold: -1})
	if err != nil {
		t.Fatal(err)
	}
	c := pairOf(cs, "payment-service", "Payment System")
	if c == nil || !reflect.DeepEqual(signals(c), []Signal{SignalAlias}) {
		t.Fatalf("alias candidate: %+v", cs)
	}
	cs, _ = Find(context.Background(), es, Options{Aliases: at, Threshold: -1, Skip: func(id string) bool { return id == c.ID }})
	if len(cs) != 0 {
		t.Errorf("a skipped pair was proposed again: %+v", cs)
	}
	if PairID("a", "b") != PairID("b", "a") {
		t.Error("PairID depends on the order")
	}
}

func slicesHas(ss []Signal, s Signal) bool { return slices.Contains(ss, s) }

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
