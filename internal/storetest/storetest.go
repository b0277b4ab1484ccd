package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
)

// Store is what the suite exercises: the read side of the store contract
// plus loading. memstore.Store and the Neo4j store implement it.
type Store interface {
	AddTriples(ctx context.Context, ts []graph.Triple) (int, error)
	SetSchema(ctx context.Context, s *graph.Schema) error
	Schema(ctx context.Context) (*graph.Schema, error)
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
	Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error)
	Close() error
}

// Run runs the conformance subtests. Each calls open for a fresh, empty
// store (a Neo4j store wipes its database there), loads the fixture itself
// and closes the store when it ends. Results are compared in full with
// exact expected values. The whole suite makes about 140 store calls
// (memstore's test keeps it under 160 with the opens); HubCut loads 1,501
// triples and then 2,503 and runs the agent on them.
func Run(t *testing.T, open func(t *testing.T) Store) {
	t.Run("Load", func(t *testing.T) { testLoad(t, open) })
	t.Run("Schema", func(t *testing.T) { testSchema(t, open) })
	t.Run("Resolve", func(t *testing.T) { testResolve(t, open) })
	t.Run("ResolveWords", func(t *testing.T) { testResolveWords(t, open) })
	t.Run("Expand", func(t *testing.T) { testExpand(t, open) })
	t.Run("ExpandErrors", func(t *testing.T) { testExpandErrors(t, open) })
	t.Run("Paths", func(t *testing.T) { testPaths(t, open) })
	t.Run("Hostile", func(t *testing.T) { testHostile(t, open) })
	t.Run("Names", func(t *testing.T) { testNames(t, open) })
	t.Run("ConcurrentReads", func(t *testing.T) { testConcurrent(t, open) })
	t.Run("HubCut", func(t *testing.T) { testHubCut(t, open) })
	t.Run("Closure", func(t *testing.T) { testClosure(t, open) })
	t.Run("SelfLoop", func(t *testing.T) { testSelfLoop(t, open) })
}

// fresh opens a store and arranges for it to be closed.
func fresh(t *testing.T, open func(t *testing.T) Store) Store {
	t.Helper()
	s := open(t)
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// loaded opens a store with the fixture schema and triples.
func loaded(t *testing.T, open func(t *testing.T) Store) Store {
	t.Helper()
	s := fresh(t, open)
	ctx := t.Context()
	if err := s.SetSchema(ctx, FixtureSchema()); err != nil {
		t.Fatalf("SetSchema: %v", err)
	}
	n, err := s.AddTriples(ctx, Fixture())
	if err != nil {
		t.Fatalf("AddTriples: %v", err)
	}
	if n != len(Fixture()) {
		t.Fatalf("AddTriples added %d, want %d", n, len(Fixture()))
	}
	return s
}

// sources maps "subject|relation|object" to the fixture source.
var sources = func() map[string]graph.Source {
	m := make(map[string]graph.Source)
	for _, t := range Fixture() {
		m[t.Subject+"|"+t.Relation+"|"+t.Object] = t.Source
	}
	return m
}()

// checkHops asserts that every hop is a fixture fact walked in its
// direction, carrying the fact's source.
func checkHops(t *testing.T, what string, hops []graph.Hop) {
	t.Helper()
	for _, h := range hops {
		tr := h.Triple()
		src, ok := sources[tr.Subject+"|"+tr.Relation+"|"+tr.Object]
		switch {
		case h.Direction != graph.Out && h.Direction != graph.In:
			t.Errorf("%s: hop %v has direction %v", what, h, h.Direction)
		case !ok:
			t.Errorf("%s: hop %v is not a stored fact", what, h)
		case h.Source != src:
			t.Errorf("%s: hop %v has source %q, want %q", what, h, h.Source, src)
		}
	}
}

func renderSchema(s *graph.Schema) string {
	var b strings.Builder
	fmt.Fprintf(&b, "schema %q %q inferred=%v\n", s.Name, s.Description, s.Inferred)
	for _, t := range s.Types {
		fmt.Fprintf(&b, "type %s %d %q %q words=%q\n", t.Name, t.Count, t.Description, t.Aliases, t.NameWords)
	}
	for _, r := range s.Relations {
		fmt.Fprintf(&b, "rel %s %v -> %v %d %q dep=%q concept=%q inverse=%v optional=%v inferred=%q %q %q", r.Name, r.From, r.To, r.Count, r.Description, r.Dependency, r.Concept, r.Inverse, r.Optional, r.Inferred, r.Aliases, r.InverseAliases)
		if len(r.Mirrors) > 0 {
			fmt.Fprintf(&b, " mirrors=%q", r.Mirrors)
		}
		b.WriteByte('\n')
	}
	for _, e := range s.Entities {
		fmt.Fprintf(&b, "entity %q %q %q\n", e.Name, e.Type, e.Aliases)
	}
	return b.String()
}

// renderCounts keeps the counts of a schema only.
func renderCounts(s *graph.Schema) string {
	var b strings.Builder
	for _, t := range s.Types {
		fmt.Fprintf(&b, "%s=%d ", t.Name, t.Count)
	}
	for _, r := range s.Relations {
		fmt.Fprintf(&b, "%s=%d ", r.Name, r.Count)
	}
	return b.String()
}

func renderMatches(mentions []string, ms [][]graph.Match) string {
	var b strings.Builder
	if len(ms) != len(mentions) {
		fmt.Fprintf(&b, "%d results for %d mentions\n", len(ms), len(mentions))
	}
	for i, m := range ms {
		if i < len(mentions) {
			fmt.Fprintf(&b, "%q:", mentions[i])
		}
		for _, x := range m {
			fmt.Fprintf(&b, " %s(%s) %s %.4f;", x.Entity.Name, x.Entity.Type, x.Method, x.Score)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func renderExpansion(e graph.Expansion) string {
	var b strings.Builder
	for i, hops := range e.Hops {
		fmt.Fprintf(&b, "step %d:\n", i)
		for _, h := range hops {
			fmt.Fprintf(&b, "  %s\n", h)
		}
	}
	b.WriteString("nodes:")
	for _, n := range e.Nodes {
		fmt.Fprintf(&b, " %s(%s);", n.Name, n.Type)
	}
	b.WriteString("\n")
	for _, tr := range e.Truncated {
		fmt.Fprintf(&b, "truncated %s at step %d: %d of %d\n", tr.Node, tr.Step, tr.Kept, tr.Total)
	}
	return b.String()
}

func renderPaths(ps []graph.Path) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%s\n", p)
	}
	return b.String()
}

func expand(t *testing.T, s Store, req graph.ExpandRequest, want string) {
	t.Helper()
	e, err := s.Expand(t.Context(), req)
	if err != nil {
		t.Errorf("Expand(%+v): %v", req, err)
		return
	}
	if got := renderExpansion(e); got != want {
		t.Errorf("Expand(%+v):\n%s\nwant:\n%s", req, got, want)
	}
	for i, hops := range e.Hops {
		checkHops(t, fmt.Sprintf("Expand step %d", i), hops)
	}
}

func paths(t *testing.T, s Store, req graph.PathRequest, want string) {
	t.Helper()
	ps, err := s.Paths(t.Context(), req)
	if err != nil {
		t.Errorf("Paths(%+v): %v", req, err)
		return
	}
	if ps == nil {
		t.Errorf("Paths(%+v) = nil, want a non-nil slice", req)
	}
	if got := renderPaths(ps); got != want {
		t.Errorf("Paths(%+v):\n%s\nwant:\n%s", req, got, want)
	}
	for _, p := range ps {
		checkHops(t, "Paths", p.Hops)
		for i := 1; i < len(p.Hops); i++ {
			if p.Hops[i].From != p.Hops[i-1].To {
				t.Errorf("Paths: path %v is not connected", p)
			}
		}
	}
}

// wantErr asserts that err wraps target.
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want one wrapping %q", what, err, target)
	}
}

// A truncated expansion, also run concurrently.
var truncatedReq = graph.ExpandRequest{From: []string{"checkout-service", "api-gateway"}, Steps: []graph.ExpandStep{{Direction: graph.Out}}, Limit: 2}

const truncatedWant = `step 0:
  api-gateway -CALLS-> cart-service
  api-gateway -CALLS-> catalog-service
  checkout-service -CALLS-> cart-service
  checkout-service -CALLS-> order service
nodes: api-gateway(Service); cart-service(Service); catalog-service(Service); checkout-service(Service); order service(Service);
truncated api-gateway at step 0: 2 of 7
truncated checkout-service at step 0: 2 of 4
`

const fixtureCounts = "Service=14 Database=4 Team=3 CALLS=18 READS_FROM=7 OWNS=11 REPLICATES_TO=0 ON_CALL_FOR=2 "

func testLoad(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	if n, err := s.AddTriples(ctx, Fixture()); err != nil || n != 0 {
		t.Errorf("re-adding the fixture: added %d, %v; want 0, nil", n, err)
	}
	sch, err := s.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := renderCounts(sch); got != fixtureCounts {
		t.Errorf("counts after reloading:\n%s\nwant:\n%s", got, fixtureCounts)
	}
	// One known and one new fact: only the new one is added.
	batch := []graph.Triple{Fixture()[0], {Subject: "user-service", Relation: "CALLS", Object: "notification-service", SubjectType: "Service", ObjectType: "Service"}}
	if n, err := s.AddTriples(ctx, batch); err != nil || n != 1 {
		t.Errorf("adding one new fact: added %d, %v; want 1, nil", n, err)
	}
	// An invalid triple rejects its whole batch.
	bad := []graph.Triple{
		{Subject: "user-service", Relation: "CALLS", Object: "search-service"},
		{Subject: "user-service", Relation: "DEPENDS ON", Object: "users-db", Source: graph.Source{File: "bad.jsonl", Line: 2}},
	}
	if _, err := s.AddTriples(ctx, bad); err == nil || !strings.Contains(err.Error(), "DEPENDS ON") {
		t.Errorf("adding a relation with a space: error %v, want one naming it", err)
	}
	empty := []graph.Triple{{Subject: "", Relation: "CALLS", Object: "search-service"}}
	if _, err := s.AddTriples(ctx, empty); err == nil {
		t.Errorf("adding an empty subject: no error")
	}
	if sch, err = s.Schema(ctx); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(fixtureCounts, "CALLS=18", "CALLS=19", 1)
	if got := renderCounts(sch); got != want {
		t.Errorf("counts after adding one fact:\n%s\nwant:\n%s", got, want)
	}
}

func testSchema(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := fresh(t, open)
	if _, err := s.AddTriples(ctx, Fixture()); err != nil {
		t.Fatal(err)
	}
	sch, err := s.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Without a user schema the databases and Zahlungsdienst über Ω are
	// untyped: their roles overlap (payments-db is also owned, the
	// Zahlungsdienst owned and called) and merge into one class named
	// after the largest role.
	inferred := `schema "" "" inferred=true
type ReadsFromObject 5 "inferred from its relations: object of READS_FROM (4), object of OWNS (2), object of CALLS (1)" [] words=["db"]
type Service 13 "" [] words=["service"]
type Team 3 "" [] words=["team"]
rel CALLS [Service] -> [ReadsFromObject Service] 18 "" dep="subject" concept="dependency" inverse=false optional=false inferred="name" [] []
rel ON_CALL_FOR [Team] -> [Service] 2 "" dep="" concept="on_call" inverse=false optional=false inferred="name" [] []
rel OWNS [Team] -> [ReadsFromObject Service] 11 "" dep="" concept="ownership" inverse=false optional=false inferred="name" [] []
rel READS_FROM [Service] -> [ReadsFromObject] 7 "" dep="subject" concept="dependency" inverse=false optional=false inferred="name" [] []
`
	if got := renderSchema(sch); got != inferred {
		t.Errorf("inferred schema:\n%s\nwant:\n%s", got, inferred)
	}
	if err := s.SetSchema(ctx, FixtureSchema()); err != nil {
		t.Fatal(err)
	}
	bad := FixtureSchema()
	bad.Relations[0].Name = "CALLS }) DETACH DELETE n"
	if err := s.SetSchema(ctx, bad); err == nil || !strings.Contains(err.Error(), "relations[0].name") {
		t.Errorf("SetSchema with a bad relation name: error %v, want one naming relations[0].name", err)
	}
	if sch, err = s.Schema(ctx); err != nil {
		t.Fatal(err)
	}
	// The user schema is kept as written; OWNS gets its ends from the
	// data, ON_CALL_FOR is added, REPLICATES_TO counts 0, archive-db is in
	// no triple.
	withUser := `schema "fixture" "services, databases and teams" inferred=false
type Service 14 "a deployable service" ["svc" "microservice"] words=["service"]
type Database 4 "" ["db"] words=["db"]
type Team 3 "" [] words=["team"]
rel CALLS [Service] -> [Service] 18 "synchronous call" dep="subject" concept="dependency" inverse=false optional=false inferred="" ["calls"] ["called by"]
rel READS_FROM [Service] -> [Database] 7 "" dep="subject" concept="dependency" inverse=false optional=false inferred="" ["reads from"] []
rel OWNS [Team] -> [Database Service] 11 "" dep="" concept="ownership" inverse=false optional=false inferred="name" ["owns"] ["owned by"]
rel REPLICATES_TO [Database] -> [Database] 0 "" dep="" concept="" inverse=false optional=false inferred="" [] []
rel ON_CALL_FOR [Team] -> [Service] 2 "found in the data; not in the schema" dep="" concept="on_call" inverse=false optional=false inferred="name" [] []
entity "payment-service" "Service" ["PSP" "payments"]
entity "ledger \"v2\"" "Service" ["the ledger"]
entity "team-platform" "" ["Platform Engineering"]
entity "payments-db" "Database" []
entity "orders-db" "Database" []
entity "users-db" "Database" []
entity "catalog-db" "Database" []
entity "archive-db" "Database" ["cold storage"]
`
	if got := renderSchema(sch); got != withUser {
		t.Errorf("schema with the user schema:\n%s\nwant:\n%s", got, withUser)
	}
	// The result is the caller's copy.
	sch.Types[0].Name = "Changed"
	if again, err := s.Schema(ctx); err != nil || renderSchema(again) != withUser {
		t.Errorf("Schema after changing the returned copy: %v\n%s", err, renderSchema(again))
	}
}

func testResolve(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	mentions := []string{
		"payment-service", "the Payment Service", "payment-svc", "PSP", "the ledger",
		"Platform Engineering", "ORDER_SERVICE", "paymnet service", "ers database", "warehouse",
		"cold storage", Injection, Backtick, Quoted, Unicode, "' OR 1=1 --", "", "users-db",
	}
	want := `"payment-service": payment-service(Service) exact 1.0000;
"the Payment Service": payment-service(Service) normalized 1.0000;
"payment-svc": payment-service(Service) normalized 1.0000;
"PSP": payment-service(Service) alias 1.0000;
"the ledger": ledger "v2"(Service) alias 1.0000;
"Platform Engineering": team-platform(Team) alias 1.0000;
"ORDER_SERVICE": order service(Service) normalized 1.0000;
"paymnet service": payment-service(Service) fuzzy 0.5789;
"ers database": users-db(Database) fuzzy 0.6250; orders-db(Database) fuzzy 0.5882;
"warehouse":
"cold storage":
"}) DETACH DELETE n //": }) DETACH DELETE n //(Service) exact 1.0000;
"` + "`backtick` svc" + `": ` + "`backtick` svc" + `(Service) exact 1.0000;
"ledger \"v2\"": ledger "v2"(Service) exact 1.0000;
"Zahlungsdienst über Ω": Zahlungsdienst über Ω(Service) exact 1.0000;
"' OR 1=1 --":
"":
"users-db": users-db(Database) exact 1.0000;
`
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve:\n%s\nwant:\n%s", got, want)
	}
	for i, m := range ms {
		for _, x := range m {
			if x.Method == graph.MatchFuzzy {
				if sim := text.Similarity(text.Key(mentions[i]), text.Key(x.Entity.Name)); x.Score != sim {
					t.Errorf("fuzzy score of %q for %q = %v, want text.Similarity %v", x.Entity.Name, mentions[i], x.Score, sim)
				}
			}
		}
	}
	// Limit keeps the best; without Fuzzy there is no fuzzy match.
	mentions = []string{"ers database", "paymnet service", "payment-svc"}
	ms, err = s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	want = "\"ers database\":\n\"paymnet service\":\n\"payment-svc\": payment-service(Service) normalized 1.0000;\n"
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve without fuzzy:\n%s\nwant:\n%s", got, want)
	}
	mentions = []string{"ers database"}
	ms, err = s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	want = "\"ers database\": users-db(Database) fuzzy 0.6250;\n"
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve with limit 1:\n%s\nwant:\n%s", got, want)
	}
	_, err = s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Limit: -1})
	wantErr(t, "Resolve with a negative limit", err, graph.ErrBadRequest)

	// Partial matches: the mention's words among the name's, in any
	// order, a plural for its singular, best share first, then by name,
	// after any stronger match. A run of several words matches only where
	// each word does ("payment zebra": no name holds "zebra").
	mentions = []string{"gateway", "catalog", "ledger", "Zahlungsdienst", "payment", "the cart service", "ers", "service payment",
		"Zahlungsdienst über", "payment zebra", "über Zahlungsdienst"}
	ms, err = s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	want = `"gateway": api-gateway(Service) partial 0.5000;
"catalog": catalog-db(Database) partial 0.5000; catalog-service(Service) partial 0.5000;
"ledger": ledger "v2"(Service) alias 1.0000;
"Zahlungsdienst": Zahlungsdienst über Ω(Service) partial 0.3333;
"payment": payment-service(Service) partial 0.5000; payments-db(Database) partial 0.5000; team-payments(Team) partial 0.5000;
"the cart service": cart-service(Service) normalized 1.0000;
"ers":
"service payment": payment-service(Service) partial 1.0000;
"Zahlungsdienst über": Zahlungsdienst über Ω(Service) partial 0.6667;
"payment zebra":
"über Zahlungsdienst": Zahlungsdienst über Ω(Service) partial 0.6667;
`
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve partial:\n%s\nwant:\n%s", got, want)
	}

	// Many mentions at once (a question naming hundreds of entities): the
	// answer for each is what it is alone, in its place. (The Neo4j store
	// sends them in bounded batches.)
	many := make([]string, 700)
	for i := range many {
		many[i] = mentions[i%len(mentions)]
	}
	all, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: many, Partial: true, Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(many) {
		t.Fatalf("Resolve of %d mentions returned %d answers", len(many), len(all))
	}
	for i, m := range many {
		k := i % len(mentions)
		if got, alone := renderMatches([]string{m}, all[i:i+1]), renderMatches([]string{m}, ms[k:k+1]); got != alone {
			t.Errorf("mention %d of %d: %s, in a short list %s", i, len(many), got, alone)
			break
		}
	}
}

// wordNames are entity names as real exports write them, for the partial
// matching of mentions as people type them.
var wordNames = []string{
	"deployment/checkoutservice", "service/checkoutservice", "deployment/loadgenerator", "serviceaccount/loadgenerator",
	"group-storage", "tag:dialysis", "dialysis__claims", "relay", "./relay", "ci/benchmarks-walltime-run",
	"ci/benchmarks-walltime-build", "John Fitzgerald Kennedy Jr.", "John Fitzgerald Kennedy",
	"pharmacy__rxnorm_generic_available", "wg-embedded-msp430", "policies-v2",
}

// testResolveWords checks partial matching on names as exports write
// them: words in any order, plurals, compound words joined or split,
// initials, and partial matches listed after stronger ones.
func testResolveWords(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := fresh(t, open)
	var ts []graph.Triple
	for i, n := range wordNames {
		ts = append(ts, graph.Triple{Subject: n, Relation: "IN", Object: "words", SubjectType: "Name", ObjectType: "Set", Source: graph.Source{File: "words.txt", Line: i + 1}})
	}
	if _, err := s.AddTriples(ctx, ts); err != nil {
		t.Fatalf("AddTriples: %v", err)
	}
	mentions := []string{
		"the checkout deployment", "the Storage group", "dialysis tag", "the dialysis", "load generator",
		"loadgenerator deployment", "relay", "walltime benchmarks run", "John F Kennedy Jr", "John F Kennedy",
		"RxNorm generic available pharmacy", "msp430 embedded", "the policy", "checkout", "deployments",
	}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Limit: 4})
	if err != nil {
		t.Fatal(err)
	}
	want := `"the checkout deployment": deployment/checkoutservice(Name) partial 0.7500;
"the Storage group": group-storage(Name) partial 1.0000;
"dialysis tag": tag:dialysis(Name) partial 1.0000;
"the dialysis": dialysis__claims(Name) partial 0.5000; tag:dialysis(Name) partial 0.5000;
"load generator": deployment/loadgenerator(Name) partial 0.5000; serviceaccount/loadgenerator(Name) partial 0.5000;
"loadgenerator deployment": deployment/loadgenerator(Name) partial 1.0000;
"relay": relay(Name) exact 1.0000; ./relay(Name) normalized 1.0000;
"walltime benchmarks run": ci/benchmarks-walltime-run(Name) partial 0.7500;
"John F Kennedy Jr": John Fitzgerald Kennedy Jr.(Name) partial 0.8750;
"John F Kennedy": John Fitzgerald Kennedy(Name) partial 0.8333; John Fitzgerald Kennedy Jr.(Name) partial 0.6250;
"RxNorm generic available pharmacy": pharmacy__rxnorm_generic_available(Name) partial 1.0000;
"msp430 embedded": wg-embedded-msp430(Name) partial 0.6667;
"the policy": policies-v2(Name) partial 0.5000;
"checkout":
"deployments": deployment/checkoutservice(Name) partial 0.5000; deployment/loadgenerator(Name) partial 0.5000;
`
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve partial words:\n%s\nwant:\n%s", got, want)
	}
}

func testExpand(t *testing.T, open func(t *testing.T) Store) {
	s := loaded(t, open)
	out := []graph.ExpandStep{{Direction: graph.Out}}

	// The hub, out: every callee, sorted by name.
	expand(t, s, graph.ExpandRequest{From: []string{"api-gateway"}, Steps: out}, `step 0:
  api-gateway -CALLS-> cart-service
  api-gateway -CALLS-> catalog-service
  api-gateway -CALLS-> checkout-service
  api-gateway -CALLS-> notification-service
  api-gateway -CALLS-> order service
  api-gateway -CALLS-> search-service
  api-gateway -CALLS-> user-service
nodes: api-gateway(Service); cart-service(Service); catalog-service(Service); checkout-service(Service); notification-service(Service); order service(Service); search-service(Service); user-service(Service);
`)
	// In: relations in name order.
	expand(t, s, graph.ExpandRequest{From: []string{"payments-db"}, Steps: []graph.ExpandStep{{Direction: graph.In}}}, `step 0:
  payments-db <-OWNS- team-payments
  payments-db <-READS_FROM- ledger "v2"
  payments-db <-READS_FROM- payment-service
nodes: ledger "v2"(Service); payment-service(Service); payments-db(Database); team-payments(Team);
`)
	// Both with a relation filter: out before in within a relation.
	expand(t, s, graph.ExpandRequest{From: []string{"checkout-service"}, Steps: []graph.ExpandStep{{Relations: []string{"CALLS"}, Direction: graph.Both}}}, `step 0:
  checkout-service -CALLS-> cart-service
  checkout-service -CALLS-> order service
  checkout-service -CALLS-> payment-service
  checkout-service <-CALLS- api-gateway
  checkout-service <-CALLS- fraud-service
nodes: api-gateway(Service); cart-service(Service); checkout-service(Service); fraud-service(Service); order service(Service); payment-service(Service);
`)
	// A frontier listed twice, an unknown name in it, and a self-loop,
	// which is a hop each way.
	expand(t, s, graph.ExpandRequest{From: []string{"cart-service", "no such service", "cart-service"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}}, `step 0:
  cart-service -CALLS-> cart-service
  cart-service <-CALLS- api-gateway
  cart-service <-CALLS- cart-service
  cart-service <-CALLS- checkout-service
  cart-service <-OWNS- team-growth
nodes: api-gateway(Service); cart-service(Service); checkout-service(Service); team-growth(Team);
`)
	// Two steps with a relation each.
	expand(t, s, graph.ExpandRequest{From: []string{"payment-service"}, Steps: []graph.ExpandStep{
		{Relations: []string{"CALLS"}, Direction: graph.Out}, {Relations: []string{"READS_FROM"}, Direction: graph.Out},
	}}, `step 0:
  payment-service -CALLS-> fraud-service
  payment-service -CALLS-> ledger "v2"
step 1:
  ledger "v2" -READS_FROM-> payments-db
nodes: fraud-service(Service); ledger "v2"(Service); payment-service(Service); payments-db(Database);
`)
	// Step 2 starts once from each node step 1 reached (payment-service
	// twice).
	expand(t, s, graph.ExpandRequest{From: []string{"team-payments"}, Steps: []graph.ExpandStep{
		{Direction: graph.Out}, {Relations: []string{"READS_FROM"}, Direction: graph.Out},
	}}, `step 0:
  team-payments -ON_CALL_FOR-> payment-service
  team-payments -OWNS-> fraud-service
  team-payments -OWNS-> ledger "v2"
  team-payments -OWNS-> payment-service
  team-payments -OWNS-> payments-db
step 1:
  ledger "v2" -READS_FROM-> payments-db
  payment-service -READS_FROM-> payments-db
nodes: fraud-service(Service); ledger "v2"(Service); payment-service(Service); payments-db(Database); team-payments(Team);
`)
	// Three steps, the whole of a fixed chain in one request; each step
	// starts from the nodes the step before reached.
	expand(t, s, graph.ExpandRequest{From: []string{"payment-service"}, Steps: []graph.ExpandStep{
		{Relations: []string{"CALLS"}, Direction: graph.Out}, {Relations: []string{"READS_FROM"}, Direction: graph.Out},
		{Relations: []string{"OWNS"}, Direction: graph.In},
	}}, `step 0:
  payment-service -CALLS-> fraud-service
  payment-service -CALLS-> ledger "v2"
step 1:
  ledger "v2" -READS_FROM-> payments-db
step 2:
  payments-db <-OWNS- team-payments
nodes: fraud-service(Service); ledger "v2"(Service); payment-service(Service); payments-db(Database); team-payments(Team);
`)
	// Truncation: the first Limit hops per node in canonical order.
	expand(t, s, truncatedReq, truncatedWant)
	// Truncation in the second step, hostile names in the frontier.
	expand(t, s, graph.ExpandRequest{From: []string{"team-platform"}, Steps: []graph.ExpandStep{
		{Relations: []string{"OWNS"}, Direction: graph.Out}, {Direction: graph.Out},
	}, Limit: 3}, "step 0:\n"+
		"  team-platform -OWNS-> `backtick` svc\n"+
		"  team-platform -OWNS-> api-gateway\n"+
		"  team-platform -OWNS-> }) DETACH DELETE n //\n"+
		"step 1:\n"+
		"  api-gateway -CALLS-> cart-service\n"+
		"  api-gateway -CALLS-> catalog-service\n"+
		"  api-gateway -CALLS-> checkout-service\n"+
		"  }) DETACH DELETE n // -CALLS-> `backtick` svc\n"+
		"nodes: `backtick` svc(Service); api-gateway(Service); cart-service(Service); catalog-service(Service); checkout-service(Service); team-platform(Team); }) DETACH DELETE n //(Service);\n"+
		"truncated api-gateway at step 1: 3 of 7\n")
	// Unknown frontier: empty, no error.
	expand(t, s, graph.ExpandRequest{From: []string{"no such service"}, Steps: []graph.ExpandStep{{Direction: graph.Both}, {Direction: graph.Both}}},
		"step 0:\nstep 1:\nnodes:\n")
	// A schema relation without data: valid, matches nothing.
	expand(t, s, graph.ExpandRequest{From: []string{"payments-db"}, Steps: []graph.ExpandStep{{Relations: []string{"REPLICATES_TO"}, Direction: graph.Both}}},
		"step 0:\nnodes: payments-db(Database);\n")
}

func testExpandErrors(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	from := []string{"api-gateway"}
	for _, rel := range []string{"DEPENDS_ON", "READS FROM", "CALLS`]->() DETACH DELETE n //", "calls", ""} {
		_, err := s.Expand(ctx, graph.ExpandRequest{From: from, Steps: []graph.ExpandStep{{Relations: []string{"CALLS", rel}, Direction: graph.Out}}})
		wantErr(t, fmt.Sprintf("Expand with relation %q", rel), err, graph.ErrUnknownRelation)
	}
	tooMany := make([]graph.ExpandStep, graph.MaxExpandSteps+1)
	for i := range tooMany {
		tooMany[i].Direction = graph.Out
	}
	for _, steps := range [][]graph.ExpandStep{nil, tooMany, {{Direction: 0}}, {{Direction: graph.Out}, {Direction: 9}}} {
		_, err := s.Expand(ctx, graph.ExpandRequest{From: from, Steps: steps})
		wantErr(t, fmt.Sprintf("Expand with steps %+v", steps), err, graph.ErrBadRequest)
	}
	_, err := s.Expand(ctx, graph.ExpandRequest{From: from, Steps: []graph.ExpandStep{{Direction: graph.Out}}, Limit: -1})
	wantErr(t, "Expand with a negative limit", err, graph.ErrBadRequest)
}

func testPaths(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	twoWays := "api-gateway -CALLS-> checkout-service -READS_FROM-> orders-db\n" +
		"api-gateway -CALLS-> order service -READS_FROM-> orders-db\n"
	paths(t, s, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 3, Direction: graph.Out}, twoWays)
	paths(t, s, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 3, Direction: graph.Out, Limit: 1},
		"api-gateway -CALLS-> checkout-service -READS_FROM-> orders-db\n")
	paths(t, s, graph.PathRequest{From: "orders-db", To: "api-gateway", MaxHops: 3, Direction: graph.In},
		"orders-db <-READS_FROM- checkout-service <-CALLS- api-gateway\n"+
			"orders-db <-READS_FROM- order service <-CALLS- api-gateway\n")
	paths(t, s, graph.PathRequest{From: "orders-db", To: "api-gateway", MaxHops: 6, Direction: graph.Out}, "")
	paths(t, s, graph.PathRequest{From: "orders-db", To: "api-gateway", MaxHops: 6, Direction: graph.In, Relations: []string{"READS_FROM"}}, "")
	// Out only, the way is three hops long; MaxHops 2 finds none.
	paths(t, s, graph.PathRequest{From: "api-gateway", To: Backtick, MaxHops: 2, Direction: graph.Out}, "")
	paths(t, s, graph.PathRequest{From: "api-gateway", To: Backtick, MaxHops: 3, Direction: graph.Out, Relations: []string{"CALLS"}},
		"api-gateway -CALLS-> order service -CALLS-> }) DETACH DELETE n // -CALLS-> `backtick` svc\n")
	// Both ways it is two hops, through the owning team.
	paths(t, s, graph.PathRequest{From: "api-gateway", To: Backtick, MaxHops: 6, Direction: graph.Both},
		"api-gateway <-ON_CALL_FOR- team-platform -OWNS-> `backtick` svc\n"+
			"api-gateway <-OWNS- team-platform -OWNS-> `backtick` svc\n")
	// Around the cycle.
	paths(t, s, graph.PathRequest{From: "fraud-service", To: "payment-service", MaxHops: 6, Direction: graph.Out},
		"fraud-service -CALLS-> checkout-service -CALLS-> payment-service\n")
	// Unknown entities, and From == To, give no path.
	paths(t, s, graph.PathRequest{From: "api-gateway", To: "no such service", MaxHops: 3, Direction: graph.Both}, "")
	paths(t, s, graph.PathRequest{From: "cart-service", To: "cart-service", MaxHops: 3, Direction: graph.Both}, "")

	for _, hops := range []int{0, 7, -1} {
		_, err := s.Paths(ctx, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: hops, Direction: graph.Out})
		wantErr(t, fmt.Sprintf("Paths with MaxHops %d", hops), err, graph.ErrBadRequest)
	}
	_, err := s.Paths(ctx, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 3})
	wantErr(t, "Paths without a direction", err, graph.ErrBadRequest)
	_, err = s.Paths(ctx, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 3, Direction: graph.Out, Relations: []string{"DEPENDS_ON"}})
	wantErr(t, "Paths with an unknown relation", err, graph.ErrUnknownRelation)
}

func testHostile(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	mentions := []string{Injection, "MATCH (n) DETACH DELETE n", "'; DROP TABLE triples; --", "$param", "{name}", "\x00"}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true})
	if err != nil {
		t.Fatal(err)
	}
	want := `"}) DETACH DELETE n //": }) DETACH DELETE n //(Service) exact 1.0000;
"MATCH (n) DETACH DELETE n": }) DETACH DELETE n //(Service) fuzzy 0.5455;
"'; DROP TABLE triples; --":
"$param":
"{name}":
"\x00":
`
	if got := renderMatches(mentions, ms); got != want {
		t.Errorf("Resolve:\n%s\nwant:\n%s", got, want)
	}
	expand(t, s, graph.ExpandRequest{From: []string{Injection, Backtick, Quoted}, Steps: []graph.ExpandStep{{Direction: graph.Both}}},
		"step 0:\n"+
			"  `backtick` svc <-CALLS- }) DETACH DELETE n //\n"+
			"  `backtick` svc <-OWNS- team-platform\n"+
			"  ledger \"v2\" <-CALLS- payment-service\n"+
			"  ledger \"v2\" <-OWNS- team-payments\n"+
			"  ledger \"v2\" -READS_FROM-> payments-db\n"+
			"  }) DETACH DELETE n // -CALLS-> `backtick` svc\n"+
			"  }) DETACH DELETE n // <-CALLS- order service\n"+
			"  }) DETACH DELETE n // <-OWNS- team-platform\n"+
			"nodes: `backtick` svc(Service); ledger \"v2\"(Service); order service(Service); payment-service(Service); payments-db(Database); team-payments(Team); team-platform(Team); }) DETACH DELETE n //(Service);\n")
	paths(t, s, graph.PathRequest{From: Injection, To: Backtick, MaxHops: 1, Direction: graph.Out},
		"}) DETACH DELETE n // -CALLS-> `backtick` svc\n")
	_, err = s.Expand(ctx, graph.ExpandRequest{From: []string{Injection}, Steps: []graph.ExpandStep{{Relations: []string{"CALLS]->(x) DETACH DELETE x //"}, Direction: graph.Out}}})
	wantErr(t, "Expand with a hostile relation", err, graph.ErrUnknownRelation)
	_, err = s.Paths(ctx, graph.PathRequest{From: Injection, To: Backtick, MaxHops: 2, Direction: graph.Out, Relations: []string{"CALLS|OWNS"}})
	wantErr(t, "Paths with a hostile relation", err, graph.ErrUnknownRelation)
	sch, err := s.Schema(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := renderCounts(sch); got != fixtureCounts {
		t.Errorf("counts after hostile queries:\n%s\nwant:\n%s", got, fixtureCounts)
	}
}

// testNames: every store takes exactly the names graph.CheckName accepts,
// keeps them byte for byte (the longest too, which Neo4j must be able to
// index), and rejects the others before writing anything, naming the
// triple, its source and the field.
func testNames(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := fresh(t, open)
	longest := strings.Repeat("ü", graph.MaxNameBytes/2) // 4096 bytes
	odd := "\uFFFD tab-free \u2028 \U0001F600 \u00a0name"
	good := []graph.Triple{
		{Subject: longest, Relation: "NAMED", Object: odd},
		{Subject: odd, Relation: "NAMED", Object: "plain"},
	}
	if n, err := s.AddTriples(ctx, good); err != nil || n != 2 {
		t.Fatalf("valid names: added %d, %v", n, err)
	}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{longest, odd}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || len(ms[0]) == 0 || ms[0][0].Entity.Name != longest || len(ms[1]) == 0 || ms[1][0].Entity.Name != odd {
		t.Errorf("the stored names differ from the ones given: %s", renderMatches([]string{"longest", "odd"}, ms))
	}
	src := graph.Source{File: "bad.txt", Line: 7}
	for _, c := range []struct {
		t    graph.Triple
		want string
	}{
		{graph.Triple{Subject: "bad\xffbyte", Relation: "NAMED", Object: "x", Source: src}, `triple 1 (bad.txt:7): subject "bad\xffbyte" is not valid UTF-8 (byte 0xFF at byte 3)`},
		{graph.Triple{Subject: "x", Relation: "NAMED", Object: "nul\x00", Source: src}, `triple 1 (bad.txt:7): object "nul\x00" holds a control character (U+0000 at byte 3)`},
		{graph.Triple{Subject: "x", Relation: "NAMED", Object: "tab\there"}, `triple 1: object "tab\there" holds a control character (U+0009 at byte 3)`},
		{graph.Triple{Subject: longest + "x", Relation: "NAMED", Object: "x"}, fmt.Sprintf("is %d bytes long; names are at most %d bytes", graph.MaxNameBytes+1, graph.MaxNameBytes)},
	} {
		batch := []graph.Triple{{Subject: "never", Relation: "NAMED", Object: "written"}, c.t}
		if _, err := s.AddTriples(ctx, batch); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q: error %v, want one containing %q", c.t.Subject+"|"+c.t.Object, err, c.want)
		}
	}
	ms, err = s.Resolve(ctx, graph.ResolveRequest{Mentions: []string{"never", "written", "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := renderMatches([]string{"never", "written", "x"}, ms); got != "\"never\":\n\"written\":\n\"x\":\n" {
		t.Errorf("a rejected batch left entities behind:\n%s", got)
	}
}

func testConcurrent(t *testing.T, open func(t *testing.T) Store) {
	ctx := t.Context()
	s := loaded(t, open)
	const workers = 4
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			mentions := []string{"paymnet service"}
			ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Fuzzy: true})
			if got := renderMatches(mentions, ms); err != nil || got != "\"paymnet service\": payment-service(Service) fuzzy 0.5789;\n" {
				t.Errorf("concurrent Resolve: %v %s", err, got)
			}
			e, err := s.Expand(ctx, truncatedReq)
			if err != nil || renderExpansion(e) != truncatedWant {
				t.Errorf("concurrent Expand: %v\n%s", err, renderExpansion(e))
			}
			ps, err := s.Paths(ctx, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 3, Direction: graph.Out})
			if err != nil || renderPaths(ps) != "api-gateway -CALLS-> checkout-service -READS_FROM-> orders-db\napi-gateway -CALLS-> order service -READS_FROM-> orders-db\n" {
				t.Errorf("concurrent Paths: %v\n%s", err, renderPaths(ps))
			}
		})
	}
	wg.Wait()
}
