package storetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/acl"
)

// Reader is the read side of the store contract: what a scoped view of a
// store (memstore.View, cypher.View) offers the agent.
type Reader interface {
	Schema(ctx context.Context) (*graph.Schema, error)
	Resolve(ctx context.Context, req graph.ResolveRequest) ([][]graph.Match, error)
	Expand(ctx context.Context, req graph.ExpandRequest) (graph.Expansion, error)
	Paths(ctx context.Context, req graph.PathRequest) ([]graph.Path, error)
}

// ACLFixture is a small graph whose facts carry access lists: a public
// service chain; a vault only the ops group sees (its entities, a type
// and a relation exist only in hidden facts, one has a schema alias and
// one a name close to a public entity's); a payment service that the
// payments and ops groups see; hubs whose fan-out counts differ by caller.
func ACLFixture() []graph.Triple {
	src := func(line int) graph.Source { return graph.Source{File: "acl.jsonl", Line: line} }
	ops := []string{"ops"}
	pay := []string{"ops", "payments"}
	return []graph.Triple{
		{Subject: "web", Relation: "CALLS", Object: "api", SubjectType: "Service", ObjectType: "Service", Source: src(1)},
		{Subject: "api", Relation: "READS_FROM", Object: "orders-db", ObjectType: "Database", Source: src(2)},
		{Subject: "api", Relation: "CALLS", Object: "secret-vault", ObjectType: "Vault", ACL: ops, Source: src(3)},
		{Subject: "secret-vault", Relation: "READS_FROM", Object: "vault-db", ACL: ops, Source: src(4)},
		{Subject: "vault-team", Relation: "ROTATES", Object: "vault-db", SubjectType: "Team", ACL: ops, Source: src(5)},
		{Subject: "api", Relation: "CALLS", Object: "payment-svc", ACL: pay, Source: src(6)},
		{Subject: "payment-svc", Relation: "READS_FROM", Object: "orders-db", ACL: pay, Source: src(7)},
		{Subject: "team-web", Relation: "OWNS", Object: "web", SubjectType: "Team", Source: src(8)},
		{Subject: "team-web", Relation: "OWNS", Object: "api", Source: src(9)},
		{Subject: "team-web", Relation: "OWNS", Object: "payment-svc", ACL: pay, Source: src(10)},
		{Subject: "secret-vaults-doc", Relation: "DESCRIBES", Object: "api", Source: src(11)},
		{Subject: "web", Relation: "CALLS", Object: "vault-db", ACL: []string{"eng", "ops"}, Source: src(12)},
		{Subject: "batch", Relation: "CALLS", Object: "payment-svc", ACL: []string{"payments"}, Source: src(13)},
	}
}

// aCLSchema is the schema of ACLFixture: an alias for a hidden entity and
// one for a public one.
func aCLSchema() *graph.Schema {
	return &graph.Schema{
		Types: []graph.TypeDef{{Name: "Service", Aliases: []string{"service"}}},
		Relations: []graph.RelationDef{
			{Name: "CALLS", Aliases: []string{"calls"}, Dependency: graph.DependentSubject},
			{Name: "READS_FROM", Aliases: []string{"reads from"}, Dependency: graph.DependentSubject},
		},
		Entities: []graph.EntityDef{
			{Name: "secret-vault", Aliases: []string{"the vault"}},
			{Name: "api", Aliases: []string{"the gateway"}},
		},
	}
}

// aCLCallers are the callers RunACL checks, from no group to all.
func aCLCallers() []graph.Groups {
	var out []graph.Groups
	for _, names := range [][]string{nil, {"ops"}, {"payments"}, {"eng", "payments"}, {"ops", "payments", "eng"}, {"nobody"}} {
		g, err := graph.NewGroups(names...)
		if err != nil {
			panic(err)
		}
		out = append(out, g)
	}
	return out
}

// RunACL checks access control: for every caller of aCLCallers, a view of
// a store holding ACLFixture (scope makes one from the store and the
// caller's groups) must answer a battery of requests — the schema;
// exact, normalized, alias, partial and fuzzy linking of every name the
// fixture has; expansions one and two steps deep with fan-out cuts, from
// every name and along a relation only hidden facts have; paths through
// hidden and visible facts — exactly as a fresh store holding only the
// facts the caller sees, error messages included. It also checks that the
// unscoped store still sees everything.
func RunACL(t *testing.T, open func(t *testing.T) Store, scope func(s Store, g graph.Groups) Reader) {
	for _, g := range aCLCallers() {
		t.Run("groups="+g.String(), func(t *testing.T) {
			// Each store in its own subtest, closed when it ends: a
			// Neo4j test server holds one store at a time.
			var want []string
			t.Run("reference", func(t *testing.T) {
				ctx := t.Context()
				ref := fresh(t, open)
				visible := acl.Visible(ACLFixture(), g)
				public := make([]graph.Triple, len(visible))
				exists := map[string]bool{}
				for i, tr := range visible {
					tr.ACL = nil
					public[i] = tr
					exists[tr.Subject], exists[tr.Object] = true, true
				}
				// The schema as the caller may see it: the entity
				// aliases of the entities that exist for it.
				sch := aCLSchema()
				sch.Entities = slices.DeleteFunc(sch.Entities, func(e graph.EntityDef) bool { return !exists[e.Name] })
				if err := ref.SetSchema(ctx, sch); err != nil {
					t.Fatal(err)
				}
				if _, err := ref.AddTriples(ctx, public); err != nil {
					t.Fatal(err)
				}
				want = aclBattery(ctx, ref)
			})
			if want == nil {
				t.FailNow()
			}
			ctx := t.Context()
			full := fresh(t, open)
			if err := full.SetSchema(ctx, aCLSchema()); err != nil {
				t.Fatal(err)
			}
			if _, err := full.AddTriples(ctx, ACLFixture()); err != nil {
				t.Fatal(err)
			}
			got := aclBattery(ctx, scope(full, g))
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("caller %q, %s\n got: %s\nwant: %s", g, aclRequests[i], got[i], want[i])
				}
			}
			// The store itself sees every fact.
			exp, err := full.Expand(ctx, graph.ExpandRequest{From: []string{"secret-vault"}, Steps: []graph.ExpandStep{{Direction: graph.Both}}})
			if err != nil || len(exp.Hops[0]) != 2 {
				t.Errorf("unscoped store: expansion of secret-vault %s, %v; want its 2 facts", renderExpansion(exp), err)
			}
		})
	}
}

// aclNames is every name of ACLFixture, and mentions that reach them
// other ways.
var aclNames = func() []string {
	seen := map[string]bool{}
	var out []string
	for _, tr := range ACLFixture() {
		for _, n := range []string{tr.Subject, tr.Object} {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}()

var aclRequests = []string{
	"schema", "resolve (exact, normalized, alias, partial, fuzzy)",
	"expand 1 step both ways, limit 2", "expand out then in, limit 3",
	"expand along ROTATES (only hidden facts)", "expand along CALLS from hidden names",
	"paths web..vault-db", "paths web..payment-svc", "paths team-web..orders-db", "paths along ROTATES",
	"closure from web both ways, page 3", "closure from vault-team out", "closure along ROTATES",
}

// aclBattery runs the requests of aclRequests on r and renders each
// answer (or error).
func aclBattery(ctx context.Context, r Reader) []string {
	render := func(s string, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return s
	}
	var out []string
	sch, err := r.Schema(ctx)
	if err == nil {
		out = append(out, render(renderSchema(sch), nil))
	} else {
		out = append(out, render("", err))
	}
	mentions := append(append([]string{}, aclNames...), "the vault", "the gateway", "Secret Vault", "vault", "payment", "secret vaul", "vault db", "Vault-Team")
	ms, err := r.Resolve(ctx, graph.ResolveRequest{Mentions: mentions, Partial: true, Fuzzy: true})
	out = append(out, render(renderMatches(mentions, ms), err))
	expand := func(req graph.ExpandRequest) {
		e, err := r.Expand(ctx, req)
		out = append(out, render(renderExpansion(e), err))
	}
	expand(graph.ExpandRequest{From: aclNames, Steps: []graph.ExpandStep{{Direction: graph.Both}}, Limit: 2})
	expand(graph.ExpandRequest{From: []string{"web", "team-web", "batch"}, Steps: []graph.ExpandStep{{Direction: graph.Out}, {Direction: graph.In}}, Limit: 3})
	expand(graph.ExpandRequest{From: []string{"vault-db"}, Steps: []graph.ExpandStep{{Relations: []string{"ROTATES"}, Direction: graph.In}}})
	expand(graph.ExpandRequest{From: []string{"secret-vault", "vault-db", "payment-svc"}, Steps: []graph.ExpandStep{{Relations: []string{"CALLS", "READS_FROM"}, Direction: graph.Both}}})
	paths := func(req graph.PathRequest) {
		ps, err := r.Paths(ctx, req)
		out = append(out, render(renderPaths(ps), err))
	}
	paths(graph.PathRequest{From: "web", To: "vault-db", MaxHops: 4, Direction: graph.Both})
	paths(graph.PathRequest{From: "web", To: "payment-svc", MaxHops: 4, Direction: graph.Out})
	paths(graph.PathRequest{From: "team-web", To: "orders-db", MaxHops: 3, Direction: graph.Out})
	paths(graph.PathRequest{From: "vault-team", To: "vault-db", MaxHops: 2, Relations: []string{"ROTATES"}, Direction: graph.Out})
	closure := func(req graph.ClosureRequest) {
		cs, ok := r.(closureStore)
		if !ok {
			out = append(out, fmt.Sprintf("%T has no Closure", r))
			return
		}
		c, err := cs.Closure(ctx, req)
		out = append(out, render(fmt.Sprintf("total %d: %v", c.Total, c.Entities), err))
	}
	closure(graph.ClosureRequest{From: "web", Direction: graph.Both, MaxDepth: 4, Limit: 3})
	closure(graph.ClosureRequest{From: "vault-team", Direction: graph.Out, MaxDepth: 3})
	closure(graph.ClosureRequest{From: "vault-team", Relations: []string{"ROTATES"}, Direction: graph.Out, MaxDepth: 3})
	for i, s := range out {
		out[i] = strings.TrimSpace(s)
	}
	if len(out) != len(aclRequests) {
		panic(fmt.Sprintf("storetest: %d answers for %d requests", len(out), len(aclRequests)))
	}
	return out
}
