package storetest

import "github.com/scgraph/scgraph/graph"

// The fixture: a small service graph with three teams, four databases and
// fourteen services, some with hostile names. It has a cycle
// (checkout -> payment -> fraud -> checkout), a self-loop (cart-service),
// a hub (api-gateway calls seven services), a relation the schema does not
// declare (ON_CALL_FOR), a schema relation the data does not use
// (REPLICATES_TO), and its types come by every route AssignTypes knows:
// from the triples (services, teams), from the schema's entities list
// (databases) and from a declared relation end (Zahlungsdienst über Ω is
// untyped in its triples; CALLS declares To: Service).

// Hostile entity names, stored and matched literally.
const (
	Injection = "}) DETACH DELETE n //"
	Backtick  = "`backtick` svc"
	Quoted    = `ledger "v2"`
	Unicode   = "Zahlungsdienst über Ω"
	Spaced    = "order service"
)

// fixtureFile is the Source.File of every fixture triple; Source.Line is
// its 1-based position in Fixture.
const fixtureFile = "fixture.jsonl"

// Fixture returns the fixture triples (a fresh slice each call).
func Fixture() []graph.Triple {
	const (
		svc  = "Service"
		team = "Team"
	)
	rows := []graph.Triple{
		// CALLS: 18 triples.
		{Subject: "api-gateway", Relation: "CALLS", Object: "checkout-service", SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: "cart-service", SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: "catalog-service", SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: "search-service", SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: "user-service", SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: Spaced, SubjectType: svc, ObjectType: svc},
		{Subject: "api-gateway", Relation: "CALLS", Object: "notification-service", SubjectType: svc, ObjectType: svc},
		{Subject: "checkout-service", Relation: "CALLS", Object: "payment-service", SubjectType: svc, ObjectType: svc},
		{Subject: "checkout-service", Relation: "CALLS", Object: "cart-service", SubjectType: svc, ObjectType: svc},
		{Subject: "checkout-service", Relation: "CALLS", Object: Spaced, SubjectType: svc, ObjectType: svc},
		{Subject: "payment-service", Relation: "CALLS", Object: "fraud-service", SubjectType: svc, ObjectType: svc},
		{Subject: "payment-service", Relation: "CALLS", Object: Quoted, SubjectType: svc, ObjectType: svc},
		{Subject: "fraud-service", Relation: "CALLS", Object: "checkout-service", SubjectType: svc, ObjectType: svc},
		{Subject: "search-service", Relation: "CALLS", Object: "catalog-service", SubjectType: svc, ObjectType: svc},
		{Subject: Spaced, Relation: "CALLS", Object: Injection, SubjectType: svc, ObjectType: svc},
		{Subject: Injection, Relation: "CALLS", Object: Backtick, SubjectType: svc, ObjectType: svc},
		{Subject: "notification-service", Relation: "CALLS", Object: Unicode, SubjectType: svc},
		{Subject: "cart-service", Relation: "CALLS", Object: "cart-service", SubjectType: svc, ObjectType: svc},
		// READS_FROM: 7 triples; the databases are typed by the schema.
		{Subject: "payment-service", Relation: "READS_FROM", Object: "payments-db", SubjectType: svc},
		{Subject: Quoted, Relation: "READS_FROM", Object: "payments-db", SubjectType: svc},
		{Subject: "checkout-service", Relation: "READS_FROM", Object: "orders-db", SubjectType: svc},
		{Subject: Spaced, Relation: "READS_FROM", Object: "orders-db", SubjectType: svc},
		{Subject: "user-service", Relation: "READS_FROM", Object: "users-db", SubjectType: svc},
		{Subject: "catalog-service", Relation: "READS_FROM", Object: "catalog-db", SubjectType: svc},
		{Subject: "search-service", Relation: "READS_FROM", Object: "catalog-db", SubjectType: svc},
		// OWNS: 11 triples.
		{Subject: "team-payments", Relation: "OWNS", Object: "payment-service", SubjectType: team, ObjectType: svc},
		{Subject: "team-payments", Relation: "OWNS", Object: "fraud-service", SubjectType: team, ObjectType: svc},
		{Subject: "team-payments", Relation: "OWNS", Object: Quoted, SubjectType: team, ObjectType: svc},
		{Subject: "team-payments", Relation: "OWNS", Object: "payments-db", SubjectType: team},
		{Subject: "team-platform", Relation: "OWNS", Object: "api-gateway", SubjectType: team, ObjectType: svc},
		{Subject: "team-platform", Relation: "OWNS", Object: Backtick, SubjectType: team, ObjectType: svc},
		{Subject: "team-platform", Relation: "OWNS", Object: Injection, SubjectType: team, ObjectType: svc},
		{Subject: "team-growth", Relation: "OWNS", Object: "cart-service", SubjectType: team, ObjectType: svc},
		{Subject: "team-growth", Relation: "OWNS", Object: "catalog-service", SubjectType: team, ObjectType: svc},
		{Subject: "team-growth", Relation: "OWNS", Object: "search-service", SubjectType: team, ObjectType: svc},
		{Subject: "team-growth", Relation: "OWNS", Object: Unicode, SubjectType: team},
		// ON_CALL_FOR: 2 triples, not in the schema.
		{Subject: "team-platform", Relation: "ON_CALL_FOR", Object: "api-gateway", SubjectType: team, ObjectType: svc},
		{Subject: "team-payments", Relation: "ON_CALL_FOR", Object: "payment-service", SubjectType: team, ObjectType: svc},
	}
	for i := range rows {
		rows[i].Source = graph.Source{File: fixtureFile, Line: i + 1}
	}
	return rows
}

// FixtureSchema returns the user schema of the fixture (a fresh copy).
func FixtureSchema() *graph.Schema {
	return &graph.Schema{
		Name:        "fixture",
		Description: "services, databases and teams",
		Types: []graph.TypeDef{
			{Name: "Service", Description: "a deployable service", Aliases: []string{"svc", "microservice"}},
			{Name: "Database", Aliases: []string{"db"}},
			{Name: "Team"},
		},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Description: "synchronous call",
				Aliases: []string{"calls"}, InverseAliases: []string{"called by"}, Dependency: graph.DependentSubject},
			{Name: "READS_FROM", From: []string{"Service"}, To: []string{"Database"}, Aliases: []string{"reads from"}, Dependency: graph.DependentSubject},
			{Name: "OWNS", Aliases: []string{"owns"}, InverseAliases: []string{"owned by"}},
			{Name: "REPLICATES_TO", From: []string{"Database"}, To: []string{"Database"}},
		},
		Entities: []graph.EntityDef{
			{Name: "payment-service", Type: "Service", Aliases: []string{"PSP", "payments"}},
			{Name: Quoted, Type: "Service", Aliases: []string{"the ledger"}},
			{Name: "team-platform", Aliases: []string{"Platform Engineering"}},
			{Name: "payments-db", Type: "Database"},
			{Name: "orders-db", Type: "Database"},
			{Name: "users-db", Type: "Database"},
			{Name: "catalog-db", Type: "Database"},
			{Name: "archive-db", Type: "Database", Aliases: []string{"cold storage"}},
		},
	}
}
