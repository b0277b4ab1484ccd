package route_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/demo"
	"github.com/scgraph/scgraph/internal/docs"
	"github.com/scgraph/scgraph/internal/evals"
	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/route"
	"github.com/scgraph/scgraph/memstore"
)

// demoRouter routes over the demo corpus's graph, as ingest --docs builds it.
func demoRouter(t *testing.T) *route.Router {
	t.Helper()
	ctx := context.Background()
	sch, err := demo.Schema()
	if err != nil {
		t.Fatal(err)
	}
	ix, _, err := docs.Ingest(ctx, "../../testdata/docs/demo", nil, docs.NewExtractor(sch, nil, nil), docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := memstore.New()
	if err := st.SetSchema(ctx, docs.SchemaFor(sch)); err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddTriples(ctx, ix.Triples()); err != nil {
		t.Fatal(err)
	}
	return route.New(plan.New(st, nil, plan.Options{}))
}

// tripleRouter routes over a graph of triples in another domain, its
// schema inferred from the data.
func tripleRouter(t *testing.T, ts []graph.Triple) *route.Router {
	t.Helper()
	st := memstore.New()
	if _, err := st.AddTriples(context.Background(), ts); err != nil {
		t.Fatal(err)
	}
	return route.New(plan.New(st, nil, plan.Options{}))
}

func checkRoutes(t *testing.T, r *route.Router, want route.Route, questions ...string) {
	t.Helper()
	for _, q := range questions {
		d, err := r.Route(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		if d.Route != want {
			t.Errorf("%q: routed %s (%s), want %s", q, d.Route, d.Reason, want)
		} else if t.Logf("%q → %s: %s", q, d.Route, d.Reason); d.Reason == "" {
			t.Errorf("%q: no reason", q)
		}
	}
}

func TestDemoQuestionsGoToTheAgent(t *testing.T) {
	ds, err := evals.Load("../../testdata/docs/demo-questions.jsonl", evals.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	r := demoRouter(t)
	for _, q := range ds.Questions {
		checkRoutes(t, r, route.Relation, q.Text)
	}
	checkRoutes(t, r, route.Relation,
		"Who owns the ledger?",
		"which services does the api gateway call?",
		"What breaks if the payments database is down?",
		"Which documents mention the payment service?",
		"What would break if the api gateway went offline?",
		"Which services read from fraud-db?",
	)
}

func TestDemoLookups(t *testing.T) {
	checkRoutes(t, demoRouter(t), route.Lookup,
		"where is the deployment guide?",
		"find the runbook for db failover",
		"which document describes the user auth service?",
		"Where is the db-v2 cutover runbook?",
		"which page talks about fraud scoring?",
		"what does the incident report about payment timeouts say?",
		"what is error code E4012?",
		"Show me the notes on notifications",
		"how do we handle a backlog in the orders queue",
		"Where are the on-call details of the payments team written down?",
		"where is the payment service documented?",
		"Is there a runbook for the orders queue?",
		"Link to the design note for user auth",
		"I need the incident writeup for INC-2107",
		"Where's the guide for deploying the api gateway?",
	)
}

func TestDemoGlobalQuestions(t *testing.T) {
	checkRoutes(t, demoRouter(t), route.Global,
		"what are the biggest risks in our infrastructure?",
		"summarise the main themes",
		"What are the weakest points of the system?",
		"Give me an overview of recurring incidents",
		"what are the most common problems across all teams?",
		"What are the key risks?",
		"Where are we most fragile?",
		"Tell me the top three problems in the system",
	)
}

// The router reads general English against the graph's own vocabulary:
// the same kinds of question route the same way in other domains.
func TestParaphrasesInOtherDomains(t *testing.T) {
	courses := tripleRouter(t, []graph.Triple{
		{Subject: "linear-algebra", Relation: "REQUIRES", Object: "calculus-1", SubjectType: "Course", ObjectType: "Course"},
		{Subject: "machine-learning", Relation: "REQUIRES", Object: "linear-algebra", SubjectType: "Course", ObjectType: "Course"},
		{Subject: "prof-okafor", Relation: "TEACHES", Object: "machine-learning", SubjectType: "Professor", ObjectType: "Course"},
		{Subject: "prof-lindqvist", Relation: "TEACHES", Object: "linear-algebra", SubjectType: "Professor", ObjectType: "Course"},
	})
	checkRoutes(t, courses, route.Relation,
		"Which courses require linear algebra?",
		"who teaches the courses that require linear algebra?",
		"Who teaches machine learning?",
	)
	checkRoutes(t, courses, route.Lookup,
		"where can I find the syllabus for linear algebra?",
		"which page explains the grading policy?",
		"is there a handbook for new teaching assistants?",
	)
	checkRoutes(t, courses, route.Global,
		"what are the main themes across the curriculum?",
		"summarize what students struggle with overall",
	)

	supply := tripleRouter(t, []graph.Triple{
		{Subject: "acme-metals", Relation: "SUPPLIES", Object: "steel-frame", SubjectType: "Supplier", ObjectType: "Part"},
		{Subject: "bike-pro", Relation: "CONTAINS", Object: "steel-frame", SubjectType: "Product", ObjectType: "Part"},
		{Subject: "bike-pro", Relation: "ASSEMBLED_IN", Object: "shenzhen-plant", SubjectType: "Product", ObjectType: "Factory"},
	})
	checkRoutes(t, supply, route.Relation,
		"Which parts does acme-metals supply?",
		"Where is the bike-pro assembled?",
		"which products contain the steel frame?",
	)
	checkRoutes(t, supply, route.Lookup,
		"where is the supplier onboarding checklist?",
		"find the quality report for the shenzhen plant",
		"tell me about acme-metals",
	)
	checkRoutes(t, supply, route.Global,
		"what are the biggest risks in our supply chain?",
		"summarise the recurring problems",
	)
}

// A question asking how to do something, in what ways, or how long or how
// often is a lookup even where its words name a relation the reader reads
// ("polls" reads, "depends"): the passages state a procedure, a manner or a
// measure, the graph does not. Counts and paths asked with "how" stay
// relation questions.
func TestProcedureQuestionsAreLookups(t *testing.T) {
	r := demoRouter(t)
	checkRoutes(t, r, route.Lookup,
		"How do I deploy the api gateway without the payment service?",
		"How can I change how often the orders service reads from the orders queue?",
		"How long does the orders service wait between reads from the orders queue?",
		"How often does the api gateway call the payment service?",
		"In what two ways does the api gateway call the payment service?",
		"How can the orders service be made to read from the orders queue?",
		"how to roll back the api gateway",
	)
	checkRoutes(t, r, route.Relation,
		"How many services depend on the payments database?",
		"How is the api gateway connected to the payments database?",
		"Which services does the api gateway call?",
	)
}

func TestRouteJSON(t *testing.T) {
	for _, r := range []route.Route{route.Lookup, route.Relation, route.Global} {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back route.Route
		if err := json.Unmarshal(b, &back); err != nil || back != r {
			t.Errorf("%s: %s read back as %s (%v)", r, b, back, err)
		}
	}
	var r route.Route
	if err := json.Unmarshal([]byte(`"vector"`), &r); err == nil {
		t.Error("an unknown route was read")
	}
}
