package cypher_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/scgraph/scgraph/agent"
	"github.com/scgraph/scgraph/cypher"
	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/storetest"
	"github.com/scgraph/scgraph/memstore"
)

// Both stores satisfy the agent's contract and the conformance suite's.
var (
	_ agent.Store     = (*cypher.Store)(nil)
	_ storetest.Store = (*cypher.Store)(nil)
)

// serverConfig returns the test server's config from NEO4J_URI etc. Without
// NEO4J_URI the test is skipped, except under CI=true, where it fails: CI
// must run the Neo4j tests (start a server with scripts/neo4j start).
func serverConfig(tb testing.TB) cypher.Config {
	tb.Helper()
	cfg := cypher.ConfigFromEnv(os.Getenv)
	if cfg.URI == "" {
		if os.Getenv("CI") == "true" {
			tb.Fatal("NEO4J_URI is not set under CI=true: the Neo4j tests must run (scripts/neo4j start && eval \"$(scripts/neo4j env)\")")
		}
		tb.Skip("NEO4J_URI is not set; start a server with scripts/neo4j start && eval \"$(scripts/neo4j env)\"")
	}
	return cfg
}

// serverMu serialises the tests that use the server's database: they wipe
// and reload it. (Packages run in parallel processes are serialised with
// go test -p 1 or by running only this package against the server.)
var serverMu sync.Mutex

// openEmpty opens the test server's store, wiped, holding serverMu until
// the test ends.
func openEmpty(tb testing.TB) *cypher.Store {
	tb.Helper()
	cfg := serverConfig(tb)
	serverMu.Lock()
	tb.Cleanup(serverMu.Unlock)
	ctx := context.Background()
	s, err := cypher.Open(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.Wipe(ctx); err != nil {
		s.Close()
		tb.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	serverConfig(t)
	storetest.Run(t, func(t *testing.T) storetest.Store {
		return openEmpty(t)
	})
}

// loadFixture loads the conformance fixture and its schema into s.
func loadFixture(t *testing.T, s *cypher.Store) {
	t.Helper()
	ctx := t.Context()
	if err := s.SetSchema(ctx, storetest.FixtureSchema()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddTriples(ctx, storetest.Fixture()); err != nil {
		t.Fatal(err)
	}
}

// snapshot is what must not change: the counts and the schema.
func snapshot(t *testing.T, s *cypher.Store) string {
	t.Helper()
	ents, triples, err := s.Stats(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	sch, err := s.Schema(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(sch)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d entities, %d triples, schema %s", ents, triples, js)
}

// TestHostileValues sends values built to break out of query text: they
// are matched literally or rejected, and the graph is unchanged.
func TestHostileValues(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := t.Context()
	loadFixture(t, s)
	before := snapshot(t, s)

	hostile := []string{
		storetest.Injection, storetest.Backtick, storetest.Quoted,
		`x'}) MATCH (n) DETACH DELETE n //`, `"; MATCH (n) DETACH DELETE n; //`,
		"`) DETACH DELETE n //", `\' OR 1=1`, "$from", "*:*", `name:(a OR b)~2^3`, "AND", "a && b || !c",
		`\`, "/regex/", "[x TO y]", "\x00", "ünïcödé ✓ 😀",
	}
	ms, err := s.Resolve(ctx, graph.ResolveRequest{Mentions: hostile, Fuzzy: true})
	if err != nil {
		t.Fatalf("Resolve of hostile mentions: %v", err)
	}
	if len(ms) != len(hostile) {
		t.Fatalf("Resolve returned %d results for %d mentions", len(ms), len(hostile))
	}
	for i, name := range []string{storetest.Injection, storetest.Backtick, storetest.Quoted} {
		if len(ms[i]) == 0 || ms[i][0].Entity.Name != name || ms[i][0].Method != graph.MatchExact {
			t.Errorf("Resolve(%q) = %+v, want the entity itself, exactly", name, ms[i])
		}
	}
	if _, err := s.Expand(ctx, graph.ExpandRequest{From: hostile, Steps: []graph.ExpandStep{{Direction: graph.Both}, {Direction: graph.Both}}}); err != nil {
		t.Errorf("Expand from hostile names: %v", err)
	}
	for _, from := range hostile {
		if _, err := s.Paths(ctx, graph.PathRequest{From: from, To: "api-gateway", MaxHops: 6, Direction: graph.Both}); err != nil {
			t.Errorf("Paths from %q: %v", from, err)
		}
	}
	badRels := []string{"CALLS]->(x) DETACH DELETE x //", "CALLS`|`OWNS", "READS FROM", "CALLS*1..6", "calls", "OWNS]-(m) WITH m MATCH (z) DETACH DELETE z //"}
	for _, rel := range badRels {
		_, err := s.Expand(ctx, graph.ExpandRequest{From: []string{"api-gateway"}, Steps: []graph.ExpandStep{{Relations: []string{rel}, Direction: graph.Out}}})
		if !errors.Is(err, graph.ErrUnknownRelation) {
			t.Errorf("Expand along %q: error %v, want graph.ErrUnknownRelation", rel, err)
		}
		_, err = s.Paths(ctx, graph.PathRequest{From: "api-gateway", To: "orders-db", MaxHops: 2, Direction: graph.Out, Relations: []string{rel}})
		if !errors.Is(err, graph.ErrUnknownRelation) {
			t.Errorf("Paths along %q: error %v, want graph.ErrUnknownRelation", rel, err)
		}
	}
	// Writes with a hostile relation or type are rejected before anything
	// is written, the valid triples of the batch included.
	for _, bad := range []graph.Triple{
		{Subject: "a", Relation: "CALLS]->(x) DETACH DELETE x //", Object: "b"},
		{Subject: "a", Relation: "DEPENDS ON", Object: "b"},
		{Subject: "a", Relation: "CALLS", Object: "b", SubjectType: "Service`) DETACH DELETE n //"},
		{Subject: "a", Relation: "CALLS", Object: "b", ObjectType: "Entity:ScgraphMeta"},
	} {
		batch := []graph.Triple{{Subject: "new-service", Relation: "CALLS", Object: "api-gateway"}, bad}
		if _, err := s.AddTriples(ctx, batch); err == nil {
			t.Errorf("AddTriples with %+v: no error", bad)
		}
	}
	sch := storetest.FixtureSchema()
	sch.Types = append(sch.Types, graph.TypeDef{Name: "Evil` DETACH DELETE n //"})
	if err := s.SetSchema(ctx, sch); err == nil {
		t.Error("SetSchema with a hostile type name: no error")
	}
	if after := snapshot(t, s); after != before {
		t.Errorf("the graph changed:\nbefore %s\nafter  %s", before, after)
	}

	// Hostile values are data: stored and found literally.
	evil := []graph.Triple{
		{Subject: `x'}) MATCH (n) DETACH DELETE n //`, Relation: "CALLS", Object: "`y` RETURN 1 //", SubjectType: "Service", ObjectType: "Service"},
		{Subject: "`y` RETURN 1 //", Relation: "READS_FROM", Object: `"; MATCH (n) DETACH DELETE n; //`},
	}
	if n, err := s.AddTriples(ctx, evil); err != nil || n != 2 {
		t.Fatalf("AddTriples of hostile values: added %d, %v; want 2, nil", n, err)
	}
	p, err := s.Paths(ctx, graph.PathRequest{From: evil[0].Subject, To: evil[1].Object, MaxHops: 2, Direction: graph.Out})
	if err != nil || len(p) != 1 || p[0].String() != evil[0].Subject+" -CALLS-> "+evil[0].Object+" -READS_FROM-> "+evil[1].Object {
		t.Errorf("Paths over hostile values: %v %v", p, err)
	}
	ents, triples, err := s.Stats(ctx)
	if err != nil || ents != 21+3 || triples != len(storetest.Fixture())+2 {
		t.Errorf("after adding hostile values: %d entities, %d triples, %v; want %d, %d", ents, triples, err, 21+3, len(storetest.Fixture())+2)
	}
}

// TestHyphenatedNames stores relation and type names with hyphens (as
// exports write header names: "Superseded-By") and walks them: quoted in
// the query text, they are names like any other.
func TestHyphenatedNames(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := t.Context()
	facts := []graph.Triple{
		{Subject: "pep-3", Relation: "Superseded-By", Object: "pep-42", SubjectType: "PEP-Doc", ObjectType: "PEP-Doc"},
		{Subject: "pep-42", Relation: "Superseded-By", Object: "pep-7", SubjectType: "PEP-Doc", ObjectType: "PEP-Doc"},
		{Subject: "pep-42", Relation: "BDFL-Delegate", Object: "guido"},
	}
	if n, err := s.AddTriples(ctx, facts); err != nil || n != 3 {
		t.Fatalf("AddTriples: added %d, %v; want 3, nil", n, err)
	}
	p, err := s.Paths(ctx, graph.PathRequest{From: "pep-3", To: "pep-7", MaxHops: 2, Direction: graph.Out, Relations: []string{"Superseded-By"}})
	if err != nil || len(p) != 1 || p[0].String() != "pep-3 -Superseded-By-> pep-42 -Superseded-By-> pep-7" {
		t.Errorf("Paths along Superseded-By: %v %v", p, err)
	}
	res, err := s.Expand(ctx, graph.ExpandRequest{From: []string{"pep-42"}, Steps: []graph.ExpandStep{{Relations: []string{"BDFL-Delegate"}, Direction: graph.Out}}})
	if err != nil || len(res.Hops) != 1 || len(res.Hops[0]) != 1 || res.Hops[0][0].To != "guido" {
		t.Errorf("Expand along BDFL-Delegate: %+v %v", res, err)
	}
}

// TestIngestIdempotent ingests the demo graph twice, then reopens the
// store: the counts, the schema and the types stay the same.
func TestIngestIdempotent(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := t.Context()
	ts, err := demo.Triples()
	if err != nil {
		t.Fatal(err)
	}
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetSchema(ctx, sch); err != nil {
		t.Fatal(err)
	}
	n, err := s.AddTriples(ctx, ts)
	if err != nil || n == 0 {
		t.Fatalf("first ingestion: added %d, %v", n, err)
	}
	first := snapshot(t, s)
	// In batches of 7 rows, so that several transactions are committed.
	var phases []string
	stats, err := s.Ingest(ctx, ts, cypher.IngestOptions{BatchSize: 7, Progress: func(phase string, done, total int) {
		if len(phases) == 0 || phases[len(phases)-1] != phase {
			phases = append(phases, phase)
		}
		if done > total {
			t.Errorf("progress %s: %d of %d", phase, done, total)
		}
	}})
	if err != nil || stats != (graph.WriteStats{}) {
		t.Fatalf("second ingestion: %+v, %v; want nothing added or changed", stats, err)
	}
	if want := []string{cypher.PhaseEntities, cypher.PhaseTriples}; !slices.Equal(phases, want) {
		t.Errorf("progress phases %q, want %q", phases, want)
	}
	if again := snapshot(t, s); again != first {
		t.Errorf("after ingesting twice:\n%s\nwant:\n%s", again, first)
	}
	// A new process reads the same schema from the database.
	s2, err := cypher.Open(ctx, serverConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if got := snapshot(t, s2); got != first {
		t.Errorf("reopened:\n%s\nwant:\n%s", got, first)
	}
	// And the same types as memstore.
	mem := memstore.New()
	if err := mem.SetSchema(ctx, sch); err != nil {
		t.Fatal(err)
	}
	if _, err := mem.AddTriples(ctx, ts); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tr := range ts {
		names = append(names, tr.Subject, tr.Object)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	want, err := mem.Resolve(ctx, graph.ResolveRequest{Mentions: names, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s2.Resolve(ctx, graph.ResolveRequest{Mentions: names, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entity types differ from memstore:\nNeo4j:    %v\nmemstore: %v", got, want)
	}
}

// TestExpandUsesIndex checks the plan of a frontier expansion: every
// frontier node is found through the uniqueness constraint's index, not a
// label scan, once: the steps after the first walk on from the nodes
// reached.
func TestExpandUsesIndex(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	loadFixture(t, s)
	for _, req := range []graph.ExpandRequest{
		{From: []string{"api-gateway", "cart-service"}, Steps: []graph.ExpandStep{{Relations: []string{"CALLS", "OWNS"}, Direction: graph.Both}}},
		{From: []string{"team-payments"}, Steps: []graph.ExpandStep{{Direction: graph.Out}, {Relations: []string{"READS_FROM"}, Direction: graph.In}}},
	} {
		ops, err := s.ProfileExpand(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		plan := strings.Join(ops, "\n")
		seeks := 0
		for _, op := range ops {
			if strings.HasPrefix(op, "NodeUniqueIndexSeek") && strings.Contains(op, "n:Entity(name)") {
				seeks++
			}
		}
		if seeks != 1 {
			t.Errorf("plan of %+v: %d NodeUniqueIndexSeek on n:Entity(name), want 1:\n%s", req, seeks, plan)
		}
		for _, bad := range []string{"NodeByLabelScan", "AllNodesScan"} {
			if strings.Contains(plan, bad) {
				t.Errorf("plan of %+v has a %s:\n%s", req, bad, plan)
			}
		}
	}
}

func TestConformanceACL(t *testing.T) {
	serverConfig(t)
	storetest.RunACL(t, func(t *testing.T) storetest.Store { return openEmpty(t) },
		func(s storetest.Store, g graph.Groups) storetest.Reader { return s.(*cypher.Store).Scoped(g) })
}

// TestConformanceACLChanges: conflicting access lists are refused, a
// re-ingest converges to the latest lists (issue 30), as in memstore.
func TestConformanceACLChanges(t *testing.T) {
	serverConfig(t)
	storetest.RunACLChanges(t, func(t *testing.T) storetest.Store { return openEmpty(t) },
		func(ctx context.Context, s storetest.Store, ts []graph.Triple) (graph.WriteStats, error) {
			return s.(*cypher.Store).Ingest(ctx, ts, cypher.IngestOptions{})
		},
		func(s storetest.Store, g graph.Groups) storetest.Reader { return s.(*cypher.Store).Scoped(g) })
}

// The agent's reads run in read-mode auto-commit transactions: the server
// refuses a write in one, so a query built wrong cannot change the graph.
func TestAgentReadsCannotWrite(t *testing.T) {
	s := openEmpty(t)
	defer s.Close()
	ctx := t.Context()
	loadFixture(t, s)
	before, _, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.RunRead(ctx, "MATCH (n:Entity) RETURN n.name", nil); err != nil || n != before {
		t.Fatalf("a read returned %d rows (error %v), want %d", n, err, before)
	}
	if _, err := s.RunRead(ctx, "CREATE (:Entity {name: $name})", map[string]any{"name": "written by a read"}); err == nil {
		t.Fatal("a write in the agent's read transaction succeeded")
	}
	after, _, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Fatalf("%d entities after the refused write, want %d", after, before)
	}
}

// A neo4j:// routing URI (what clusters and Aura give) works as bolt://
// does: the driver asks the server for a routing table and the agent's
// reads go to a reader (here the single server is every role).
func TestRoutingURI(t *testing.T) {
	cfg := serverConfig(t)
	u, err := url.Parse(cfg.URI)
	if err != nil {
		t.Fatal(err)
	}
	u.Scheme = "neo4j"
	cfg.URI = u.String()
	s := openEmpty(t)
	loadFixture(t, s)
	s.Close()
	routed, err := cypher.Open(t.Context(), cfg)
	if err != nil {
		t.Fatalf("open %s: %v", cfg.URI, err)
	}
	defer routed.Close()
	ms, err := routed.Resolve(t.Context(), graph.ResolveRequest{Mentions: []string{"api-gateway"}})
	if err != nil || len(ms) != 1 || len(ms[0]) == 0 || ms[0][0].Entity.Name != "api-gateway" {
		t.Fatalf("resolve over %s: %v, %v", cfg.URI, ms, err)
	}
	x, err := routed.Expand(t.Context(), graph.ExpandRequest{From: []string{"api-gateway"}, Steps: []graph.ExpandStep{{Direction: graph.Out}}})
	if err != nil || len(x.Hops[0]) == 0 {
		t.Fatalf("expand over %s: %d hops, %v", cfg.URI, len(x.Hops), err)
	}
	// The database comes from the config: one that does not exist is an
	// error naming it, at Open.
	cfg.Database = "nosuchdatabase"
	if s, err := cypher.Open(t.Context(), cfg); err == nil {
		s.Close()
		t.Fatal("open with a database that does not exist succeeded")
	} else if !strings.Contains(err.Error(), "nosuchdatabase") {
		t.Errorf("error %q does not name the database", err)
	}
}
