package gen

import "github.com/scgraph/scgraph/graph"

// Schema returns the schema of the generated graphs: the types, the
// relations with their ends, the words people use for them, and which
// relations carry dependency (a service is affected when what it calls,
// depends on, reads, writes, publishes to, consumes or runs on fails; a
// team when what it owns fails). Optional and build-time dependencies,
// team membership and on-call do not propagate failure.
func Schema() *graph.Schema {
	t := func(name, desc string, aliases ...string) graph.TypeDef {
		return graph.TypeDef{Name: name, Description: desc, Aliases: aliases}
	}
	r := func(name string, from, to []string, dep string, aliases, inverse []string) graph.RelationDef {
		return graph.RelationDef{Name: name, From: from, To: to, Dependency: dep, Aliases: aliases, InverseAliases: inverse}
	}
	svc := []string{"Service"}
	stores := []string{"Database", "Cache"}
	owned := []string{"Service", "Database", "Queue", "Cache"}
	sub := graph.DependentSubject
	return &graph.Schema{
		Name:        "generated",
		Description: "A generated service-dependency graph (scgraph gen): services, the databases, queues and caches they use, the hosts they run on, the libraries they build with, and the teams and people who own and run them.",
		Types: []graph.TypeDef{
			t("Service", "A deployable service.", "service", "services", "microservice", "microservices", "svc", "app", "apps"),
			t("Database", "A persistent data store.", "database", "databases", "db", "dbs", "datastore", "datastores"),
			t("Queue", "A message queue or event topic.", "queue", "queues", "topic", "topics", "event stream", "event streams"),
			t("Cache", "An in-memory cache.", "cache", "caches"),
			t("Team", "A team that owns services and data stores.", "team", "teams"),
			t("Person", "An engineer, member of a team.", "person", "people", "engineer", "engineers"),
			t("Host", "A machine services run on.", "host", "hosts", "machine", "machines", "server", "servers"),
			t("Library", "A library services build with.", "library", "libraries", "lib", "libs", "package", "packages"),
		},
		Relations: []graph.RelationDef{
			r("CALLS", svc, svc, sub, []string{"calls", "invokes", "talks to"}, []string{"called by", "invoked by"}),
			r("DEPENDS_ON", svc, []string{"Service", "Database", "Queue"}, sub, []string{"depends on", "relies on", "requires"}, []string{"depended on by", "required by"}),
			r("OPTIONALLY_DEPENDS_ON", svc, svc, "", []string{"optionally depends on", "optionally uses"}, []string{"optionally used by"}),
			r("DEV_DEPENDS_ON", svc, []string{"Library"}, "", []string{"builds with", "imports", "links"}, []string{"imported by", "linked by"}),
			r("READS_FROM", svc, stores, sub, []string{"reads from", "reads", "queries"}, []string{"read by", "queried by"}),
			r("WRITES_TO", svc, stores, sub, []string{"writes to", "writes", "persists to"}, []string{"written by", "written to by"}),
			r("PUBLISHES_TO", svc, []string{"Queue"}, sub, []string{"publishes to", "produces to", "emits to"}, []string{"published to by", "fed by"}),
			r("CONSUMES", svc, []string{"Queue"}, sub, []string{"consumes", "consumes from", "subscribes to", "listens to"}, []string{"consumed by", "subscribed to by"}),
			r("OWNS", []string{"Team"}, owned, sub, []string{"owns", "is responsible for", "maintains"}, []string{"owned by", "maintained by"}),
			r("MEMBER_OF", []string{"Person"}, []string{"Team"}, "", []string{"member of", "works in", "belongs to"}, []string{"has member", "members"}),
			r("ON_CALL_FOR", []string{"Person"}, []string{"Team"}, "", []string{"on call for", "on-call for", "paged for"}, []string{"on call", "on-call"}),
			r("RUNS_ON", svc, []string{"Host"}, sub, []string{"runs on", "is deployed on", "hosted on", "deployed to"}, []string{"deployed with"}),
		},
	}
}
