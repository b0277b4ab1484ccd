package plan_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/scgraph/scgraph/internal/plan"
	"github.com/scgraph/scgraph/internal/text"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/state"
)

// svcSchema is a small service schema with aliases and dependency.
func svcSchema() *graph.Schema {
	return &graph.Schema{
		Types: []graph.TypeDef{
			{Name: "Service", Aliases: []string{"service", "services"}},
			{Name: "Team", Aliases: []string{"team", "teams", "squad"}},
			{Name: "Database", Aliases: []string{"db", "database"}},
		},
		Relations: []graph.RelationDef{
			{Name: "CALLS", From: []string{"Service"}, To: []string{"Service"}, Dependency: graph.DependentSubject, Aliases: []string{"calls"}, InverseAliases: []string{"called by"}},
			{Name: "READS_FROM", From: []string{"Service"}, To: []string{"Database"}, Dependency: graph.DependentSubject, Aliases: []string{"reads from"}},
			{Name: "OWNS", From: []string{"Team"}, To: []string{"Service", "Database"}, Aliases: []string{"owns"}, InverseAliases: []string{"owned by", "maintained by"}},
		},
		Entities: []graph.EntityDef{
			{Name: "cart-service", Type: "Service", Aliases: []string{"basket"}},
			{Name: "search-service", Type: "Service", Aliases: []string{"search"}},
			{Name: "search-db", Type: "Database", Aliases: []string{"search"}},
		},
	}
}

func svcTriples() []graph.Triple {
	return []graph.Triple{
		phasetest.Tr("web", "Service", "CALLS", "cart-service", "Service", 1),
		phasetest.Tr("cart-service", "Service", "CALLS", "payment-service", "Service", 2),
		phasetest.Tr("payment-service", "Service", "READS_FROM", "orders-db", "Database", 3),
		phasetest.Tr("team-cart", "Team", "OWNS", "cart-service", "Service", 4),
		phasetest.Tr("team-pay", "Team", "OWNS", "payment-service", "Service", 5),
		phasetest.Tr("team-pay", "Team", "OWNS", "orders-db", "Database", 6),
		phasetest.Tr("search-service", "Service", "READS_FROM", "search-db", "Database", 7),
	}
}

// planFor runs a fresh rule planner on a question.
func planFor(t *testing.T, g phasetest.Store, opts plan.Options, question string) state.Plan {
	t.Helper()
	p, _, err := plan.New(g, nil, opts).Plan(t.Context(), question)
	if err != nil {
		t.Fatalf("Plan(%q): %v", question, err)
	}
	return p
}

func anchorsOf(p state.Plan) []string {
	out := []string{}
	for _, a := range p.Anchors {
		out = append(out, fmt.Sprintf("%s=%s[%s %.2f]", a.Mention, a.Entity, a.Method, a.Confidence))
	}
	return out
}

func chainsOf(p state.Plan) []string {
	out := []string{}
	for _, c := range p.Chains {
		out = append(out, c.String())
	}
	return out
}

func TestPlannerLinking(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	for _, c := range []struct {
		name, question string
		want           []string
	}{
		{"bracket", "Who owns [payment-service]?", []string{"payment-service=payment-service[bracket 1.00]"}},
		// A bracketed mention that is not a name is linked like any other.
		{"bracket normalized", "Who owns [the cart service]?", []string{"the cart service=cart-service[normalized 0.95]"}},
		{"exact", "Who owns payment-service?", []string{"payment-service=payment-service[exact 1.00]"}},
		{"normalized", "Who owns the cart service?", []string{"the cart service=cart-service[normalized 0.95]"}},
		{"normalized camel case", "Who owns CartService?", []string{"CartService=cart-service[normalized 0.95]"}},
		{"alias", "Who owns the basket?", []string{"the basket=cart-service[alias 0.90]"}},
		// One letter off in a word beside a word of the name: one edit
		// in the name's 14 letters.
		{"fuzzy", "Who owns the paymnt service?", []string{"the paymnt service=payment-service[fuzzy 0.93]"}},
		{"fuzzy words", "Who owns the payment servis?", []string{"payment servis=payment-service[fuzzy 0.71]"}},
		{"two entities", "Is the cart service affected by the orders db?", []string{"the cart service=cart-service[normalized 0.95]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			phasetest.WantStrings(t, "anchors", anchorsOf(planFor(t, st, plan.Options{}, c.question)), c.want)
		})
	}
}

// "the cart service", "cart-service" and "cartservice" share a key: with
// both names in the graph the mention is ambiguous, and the plan says so.
func TestPlannerNormalizedMentionAndAmbiguity(t *testing.T) {
	for _, name := range []string{"cart-service", "cartservice"} {
		st := phasetest.NewStore(t, nil, phasetest.Tr("team-cart", "Team", "OWNS", name, "Service", 1))
		p := planFor(t, st, plan.Options{}, "Who owns the cart service?")
		phasetest.WantStrings(t, name, anchorsOf(p), []string{"the cart service=" + name + "[normalized 0.95]"})
		if len(p.Ambiguities) != 0 {
			t.Errorf("%s: ambiguities %+v, want none", name, p.Ambiguities)
		}
	}
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("team-cart", "Team", "OWNS", "cart-service", "Service", 1),
		phasetest.Tr("team-legacy", "Team", "OWNS", "cartservice", "Service", 2))
	p := planFor(t, st, plan.Options{}, "Who owns the cart service?")
	want := []state.Ambiguity{{Mention: "the cart service", Candidates: []string{"cart-service", "cartservice"}, Chosen: "cart-service"}}
	if !reflect.DeepEqual(p.Ambiguities, want) {
		t.Errorf("ambiguities %+v, want %+v", p.Ambiguities, want)
	}
	phasetest.WantStrings(t, "notes", p.Notes, []string{`"the cart service" is ambiguous (cart-service, cartservice); chose cart-service`})

	// Two entities sharing an alias.
	p = planFor(t, phasetest.NewStore(t, svcSchema(), svcTriples()...), plan.Options{}, "Who owns search?")
	want = []state.Ambiguity{{Mention: "search", Candidates: []string{"search-db", "search-service"}, Chosen: "search-db"}}
	if !reflect.DeepEqual(p.Ambiguities, want) {
		t.Errorf("alias ambiguities %+v, want %+v", p.Ambiguities, want)
	}
}

func TestPlannerFuzzyThreshold(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	const q = "Who owns the paymentt servce?"
	sim := text.Similarity(text.Key("paymentt servce"), text.Key("payment-service"))
	if sim < graph.MinFuzzyScore {
		t.Fatalf("similarity %.3f is below the store's floor: the test needs a closer typo", sim)
	}
	p := planFor(t, st, plan.Options{FuzzyThreshold: sim}, q)
	if len(p.Anchors) != 1 || p.Anchors[0].Entity != "payment-service" || p.Anchors[0].Confidence != sim {
		t.Errorf("at threshold %.3f: anchors %v, want payment-service with confidence %.3f", sim, anchorsOf(p), sim)
	}
	p = planFor(t, st, plan.Options{FuzzyThreshold: sim + 0.01}, q)
	if len(p.Anchors) != 0 || len(p.Chains) != 0 {
		t.Errorf("above the threshold: anchors %v chains %v, want none", anchorsOf(p), chainsOf(p))
	}
	phasetest.WantStrings(t, "notes", p.Notes, []string{"no entity of the question was found in the graph"})
	phasetest.WantStrings(t, "did you mean", p.DidYouMean, []string{"payment-service"})
	// A typo one edit from the name is as sure as one letter of its 14
	// is wrong, and the threshold holds for it too.
	const typo = "Who owns the paymnt service?"
	if p = planFor(t, st, plan.Options{FuzzyThreshold: 0.92}, typo); len(p.Anchors) != 1 || p.Anchors[0].Entity != "payment-service" {
		t.Errorf("one edit at threshold 0.92: anchors %v, want payment-service", anchorsOf(p))
	}
	if p = planFor(t, st, plan.Options{FuzzyThreshold: 0.95}, typo); len(p.Anchors) != 0 {
		t.Errorf("one edit at threshold 0.95: anchors %v, want none", anchorsOf(p))
	}
}

func TestPlannerReading(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	for _, c := range []struct {
		name, question string
		target         state.Target
		direction      state.Intent
		hints          []string
		chains         []string
		hopBudget      int
	}{
		{
			name: "relation alias", question: "Who owns the cart service?",
			target: state.Target{Kind: state.TargetChain, Someone: []string{"Team"}}, hints: []string{"OWNS"},
			chains: []string{"<-OWNS-"}, hopBudget: 1,
		},
		{
			name: "inverse alias", question: "What is the cart service maintained by?",
			target: state.Target{Kind: state.TargetChain}, hints: []string{"OWNS"},
			chains: []string{"<-OWNS-"}, hopBudget: 1,
		},
		{
			// "which teams": the answer type, which the relation reaches.
			name: "answer type", question: "Which teams own the cart service?",
			target: state.Target{Kind: state.TargetType, Type: "Team"}, hints: []string{"OWNS"},
			chains: []string{"<-OWNS-"}, hopBudget: 1,
		},
		{
			// How far is not said: the closure, by default (and the critic
			// compares it with the direct answers).
			name: "dependents", question: "What depends on the cart service?",
			target: state.Target{Kind: state.TargetClosure}, direction: state.IntentDependents, hints: []string{"CALLS", "READS_FROM"},
			chains: []string{"(<-CALLS-|<-READS_FROM-)+"}, hopBudget: 16,
		},
		{
			name: "direct dependencies", question: "What does the cart service depend on directly?",
			target: state.Target{Kind: state.TargetChain}, direction: state.IntentDependencies, hints: []string{"CALLS", "READS_FROM"},
			chains: []string{"(-CALLS->|-READS_FROM->)"}, hopBudget: 1,
		},
		{
			// OWNS is no dependency: the teams are one hop past the
			// closure, the failing database's own team included.
			name: "failure with a type", question: "Which teams are affected if the orders db goes down?",
			target: state.Target{Kind: state.TargetType, Type: "Team"}, direction: state.IntentDependents, hints: []string{"CALLS", "READS_FROM"},
			chains: []string{"(<-CALLS-|<-READS_FROM-)* <-OWNS-"}, hopBudget: 16,
		},
		{
			name: "is A affected by B", question: "Is the cart service affected by the orders db?",
			target:    state.Target{Kind: state.TargetEntity, Entity: "orders-db", Mention: "the orders db"},
			direction: state.IntentDependencies, hints: []string{"CALLS", "READS_FROM"},
			chains: []string{"(-CALLS->|-READS_FROM->)+"}, hopBudget: 6,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := planFor(t, st, plan.Options{}, c.question)
			if !p.Target.Equal(c.target) {
				t.Errorf("target %+v, want %+v", p.Target, c.target)
			}
			if p.Direction != c.direction {
				t.Errorf("direction %q, want %q", p.Direction, c.direction)
			}
			if c.hints == nil {
				c.hints = []string{}
			}
			phasetest.WantStrings(t, "relation hints", append([]string{}, p.RelationHints...), c.hints)
			phasetest.WantStrings(t, "chains", chainsOf(p), c.chains)
			if p.HopBudget != c.hopBudget {
				t.Errorf("hop budget %d, want %d", p.HopBudget, c.hopBudget)
			}
			if p.Source != "rules" {
				t.Errorf("source %q, want rules", p.Source)
			}
		})
	}
}

// The planner reads the schema once; each plan costs one Resolve (two
// when it falls back to fuzzy matching).
func TestPlannerCost(t *testing.T) {
	sp := &phasetest.Spy{Store: phasetest.NewStore(t, svcSchema(), svcTriples()...)}
	p := plan.New(sp, nil, plan.Options{})
	for i, c := range []struct {
		q    string
		cost int
	}{
		{"Who owns the cart service?", 2},
		{"Who owns the cart service?", 1},
		{"Who owns the paymentt servce?", 2},
	} {
		_, cost, err := p.Plan(t.Context(), c.q)
		if err != nil {
			t.Fatal(err)
		}
		if cost.StoreCalls != c.cost {
			t.Errorf("plan %d (%q): %d store calls, want %d", i, c.q, cost.StoreCalls, c.cost)
		}
	}
	if sp.SchemaCalls != 1 || len(sp.ResolveCalls) != 4 {
		t.Errorf("schema read %d times, %d resolves; want 1 and 4", sp.SchemaCalls, len(sp.ResolveCalls))
	}
}

// A phrase of a concept the graph has no relation for is not read as a
// relation its words happen to contain: "on call" is not CALLS.
func TestPlannerDoesNotBendAPhraseOntoARelation(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	p := planFor(t, st, plan.Options{}, "Who is on call for the cart service?")
	if len(p.Chains) != 0 || !strings.Contains(p.Unanswerable, `"on call for"`) {
		t.Errorf("chains %v, unanswerable %q; want no chain and the phrase named", chainsOf(p), p.Unanswerable)
	}
	// "call" names CALLS; every dependency relation is the reading tried
	// if CALLS reaches nothing (never certified: see TestWidenedReading).
	p = planFor(t, st, plan.Options{}, "What does the cart service call?")
	phasetest.WantStrings(t, "chains", chainsOf(p), []string{"-CALLS->", "(-CALLS->|-READS_FROM->)"})
}

// A question naming more entities than the plan uses says which it left
// out (Plan.Ignored), in question order, instead of dropping them.
func TestPlannerListsIgnoredEntities(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	p := planFor(t, st, plan.Options{}, "Who owns [cart-service] according to [payment-service] or to [orders-db]?")
	phasetest.WantStrings(t, "anchors", anchorsOf(p), []string{"cart-service=cart-service[bracket 1.00]"})
	var ignored []string
	for _, a := range p.Ignored {
		ignored = append(ignored, a.Mention+"="+a.Entity)
	}
	phasetest.WantStrings(t, "ignored", ignored, []string{"payment-service=payment-service", "orders-db=orders-db"})

	// Coordinated entities are all walked from, each once.
	p = planFor(t, st, plan.Options{}, "Who owns [cart-service], [payment-service] and [cart-service]?")
	phasetest.WantStrings(t, "anchors", anchorsOf(p), []string{"cart-service=cart-service[bracket 1.00]", "payment-service=payment-service[bracket 1.00]"})
	if len(p.Ignored) != 0 {
		t.Errorf("ignored %+v, want none", p.Ignored)
	}

	// A target entity is used, not ignored.
	p = planFor(t, st, plan.Options{}, "Is [web] affected by [orders-db]?")
	if len(p.Ignored) != 0 || p.Target.Entity != "orders-db" {
		t.Errorf("target %+v, ignored %+v", p.Target, p.Ignored)
	}
}

// An entity the question sets aside ("besides", "other than") that the
// walk could answer is excluded from the answers; one of another kind is
// not read, and the reading says so.
func TestPlannerSetsAside(t *testing.T) {
	st := phasetest.NewStore(t, svcSchema(), svcTriples()...)
	p := planFor(t, st, plan.Options{}, "Which services does team-pay own besides orders-db?")
	if !slices.Equal(p.Target.Except, []string{"orders-db"}) || len(p.Ignored) != 0 {
		t.Errorf("except %q, ignored %+v; want orders-db set aside", p.Target.Except, p.Ignored)
	}
	p = planFor(t, st, plan.Options{}, "What does web call other than team-pay?")
	if len(p.Target.Except) != 0 || len(p.Readings) == 0 || p.Readings[0].Confidence > 0.5 {
		t.Errorf("except %q, readings %+v; want team-pay not set aside, the reading doubted", p.Target.Except, p.Readings)
	}

	// An entity set aside starts no walk, wherever the phrase stands.
	el := phasetest.NewStore(t, nil,
		phasetest.Tr("Mercury", "", "phase", "Liquid", "", 1),
		phasetest.Tr("Bromine", "", "phase", "Liquid", "", 2),
		phasetest.Tr("Helium", "", "phase", "Gas", "", 3),
		phasetest.Tr("Lithium", "", "period", "period 2", "", 4),
		phasetest.Tr("Beryllium", "", "period", "period 2", "", 5),
		phasetest.Tr("Mercury", "", "period", "period 6", "", 6),
	)
	for q, want := range map[string][]string{
		"Which elements other than Lithium are in period 2?": {"period 2", "Lithium"},
		"Other than Mercury, which elements are liquid?":     {"Liquid", "Mercury"},
		"Which elements are liquid except Mercury?":          {"Liquid", "Mercury"},
	} {
		p := planFor(t, el, plan.Options{}, q)
		if len(p.Anchors) != 1 || p.Anchors[0].Entity != want[0] || !slices.Equal(p.Target.Except, want[1:]) {
			t.Errorf("%q: anchors %+v, except %q; want %s, %s set aside", q, p.Anchors, p.Target.Except, want[0], want[1])
		}
	}
	// A yes or no asks of both.
	p = planFor(t, el, plan.Options{}, "Is anything other than Mercury liquid?")
	if len(p.Target.Except) != 0 {
		t.Errorf("yes/no: except %q; want none", p.Target.Except)
	}

	// The entity set aside is of the kind a later reading reaches
	// ("pilots" said as a verb runs from a person; the graph's runs
	// from a starship to its pilots): it is kept out of the answers.
	sw := phasetest.NewStore(t, nil,
		phasetest.Tr("X-wing", "starship", "pilots", "Luke Skywalker", "person", 1),
		phasetest.Tr("X-wing", "starship", "pilots", "Wedge Antilles", "person", 2),
		phasetest.Tr("Falcon", "starship", "pilots", "Han Solo", "person", 3),
	)
	p = planFor(t, sw, plan.Options{}, "Who pilots the X-wing other than Luke Skywalker?")
	if !slices.Equal(p.Target.Except, []string{"Luke Skywalker"}) {
		t.Errorf("pilots: except %q, ignored %+v; want Luke Skywalker set aside", p.Target.Except, p.Ignored)
	}
}

// A mention that spells a relation's whole name ("GitHub repository" of
// github_repo) names the relation, not an entity it names only in part
// (harshjv/github-repo-size).
func TestPlannerRelationNameOverPartialEntity(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("go", "", "github_repo", "golang/go", "", 1),
		phasetest.Tr("rust", "", "github_repo", "rust-lang/rust", "", 2),
		phasetest.Tr("dev-tools", "", "item", "harshjv/github-repo-size", "", 3),
	)
	p := planFor(t, st, plan.Options{}, "What has golang/go as its GitHub repository?")
	if len(p.Anchors) != 1 || p.Anchors[0].Entity != "golang/go" || len(p.Ignored) != 0 {
		t.Errorf("anchors %+v, ignored %+v; want golang/go alone", p.Anchors, p.Ignored)
	}
}

// A question of more words than Options.MaxWords is refused before any
// store call: linking tries every run of words, which on a megabyte of
// text took longer than the run's timeout.
func TestPlannerRefusesOverlongQuestions(t *testing.T) {
	g := &phasetest.Spy{Store: phasetest.NewStore(t, svcSchema(), svcTriples()...)}
	_, _, err := plan.New(g, nil, plan.Options{MaxWords: 5}).Plan(t.Context(), "who owns the cart service today?")
	if !errors.Is(err, plan.ErrQuestionTooLong) || !strings.Contains(err.Error(), "6 words, at most 5") {
		t.Fatalf("err %v, want ErrQuestionTooLong saying the counts", err)
	}
	if len(g.ExpandCalls) != 0 {
		t.Errorf("store calls for a refused question")
	}
	if _, _, err := plan.New(g, nil, plan.Options{MaxWords: 5}).Plan(t.Context(), "who owns the cart service?"); err != nil {
		t.Errorf("a question of 5 words: %v", err)
	}
}

// "Which feeder supplies X", where feeder-1, feeder-2 and feeder-3 share
// the word: the word after "which" asks for one of them, it does not name
// one (which would read the question as "does feeder-1 supply X").
func TestPlannerReadsWhichNounAsTheAskedKind(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		graph.Triple{Subject: "substation-a", Relation: "feeds", Object: "feeder-1"},
		graph.Triple{Subject: "substation-a", Relation: "feeds", Object: "feeder-2"},
		graph.Triple{Subject: "substation-b", Relation: "feeds", Object: "feeder-3"},
		graph.Triple{Subject: "feeder-2", Relation: "supplies", Object: "mall-west"},
	)
	p := planFor(t, st, plan.Options{}, "Which feeder supplies mall-west?")
	phasetest.WantStrings(t, "anchors", anchorsOf(p), []string{"mall-west=mall-west[exact 1.00]"})
	if p.Target.Kind != state.TargetType || p.Target.NameWord != "feeder" {
		t.Errorf("target %+v, want the entities named like a feeder", p.Target)
	}
}

// "Which X born in A were killed by B?" in an untyped graph: the rule
// reader reads whether A reaches B; the open reader keeps the X born in A
// that are linked to B, and that reading is the plan.
func TestPlannerTakesTheConditionOverAReach(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		graph.Triple{Subject: "Nero", Relation: "birth_prv", Object: "Italia"},
		graph.Triple{Subject: "Commodus", Relation: "birth_prv", Object: "Italia"},
		graph.Triple{Subject: "Trajan", Relation: "birth_prv", Object: "Hispania Baetica"},
		graph.Triple{Subject: "Commodus", Relation: "killer", Object: "Praetorian Guard"},
		graph.Triple{Subject: "Nero", Relation: "killer", Object: "Senate"},
		graph.Triple{Subject: "Trajan", Relation: "killer", Object: "Disease"},
	)
	p := planFor(t, st, plan.Options{}, "Which emperors born in Italia were killed by the Praetorian Guard?")
	if p.Target.Kind == state.TargetEntity || len(p.Target.Having) != 1 || p.Target.Having[0].Entity != "Praetorian Guard" {
		t.Errorf("target %+v, want the answers kept linked to Praetorian Guard", p.Target)
	}
}

// Two entities of kinds the schema links directly make a yes or no about
// one fact between them (Target.Adjacent) only where the question opens
// as a yes or no: "When was X added to Y?" asks for a time, and no fact
// between the two answers it.
func TestPlannerAdjacentOnlyForYesOrNo(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("no-eval", "Rule", "added_in", "0.0.2", "Version", 1),
		phasetest.Tr("no-eval", "Rule", "recommended_in", "eslint:recommended", "Config", 2),
		phasetest.Tr("no-alert", "Rule", "recommended_in", "eslint:recommended", "Config", 3),
	)
	checkAdjacent(t, st, map[string]bool{
		"Is no-alert recommended in eslint:recommended?":       true,
		"When was no-alert recommended in eslint:recommended?": false,
	})
}

// untypedTriples returns a triple of each subject, relation and object,
// with no types.
func untypedTriples(rows [][3]string) []graph.Triple {
	ts := make([]graph.Triple, 0, len(rows))
	for _, f := range rows {
		ts = append(ts, graph.Triple{Subject: f[0], Relation: f[1], Object: f[2]})
	}
	return ts
}

// checkAdjacent plans each question and checks that its target is an
// entity, adjacent (Target.Adjacent) as wanted.
func checkAdjacent(t *testing.T, st phasetest.Store, want map[string]bool) {
	t.Helper()
	for q, adjacent := range want {
		p := planFor(t, st, plan.Options{}, q)
		if p.Target.Kind != state.TargetEntity || p.Target.Adjacent != adjacent {
			t.Errorf("%q: target %+v, want an entity target, adjacent %v", q, p.Target, adjacent)
		}
	}
}

// Values coordinated by "or" where the kind of the first names the
// relation ("period 2 or period 6" over period) are all walked from.
func TestPlannerCoordinatedValues(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("Lithium", "element", "period", "period 2", "period", 1),
		phasetest.Tr("Beryllium", "element", "period", "period 2", "period", 2),
		phasetest.Tr("Mercury", "element", "period", "period 6", "period", 3),
		phasetest.Tr("Mercury", "element", "phase", "Liquid", "phase", 4),
	)
	p := planFor(t, st, plan.Options{}, "Which elements are in period 2 or period 6?")
	var got []string
	for _, a := range p.Anchors {
		got = append(got, a.Entity)
	}
	if !slices.Equal(got, []string{"period 2", "period 6"}) || len(p.Ignored) != 0 {
		t.Errorf("anchors %q, ignored %+v; want both periods walked from", got, p.Ignored)
	}
}

// "the same <noun> as X", where the noun names no relation of the graph,
// is walked from X to its value and back to what else has it.
func TestPlannerSameValue(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("Brigid of Kildare", "", "death", "525", "", 1),
		phasetest.Tr("Vitonus", "", "death", "525", "", 2),
		phasetest.Tr("Mary of the Gael", "", "death", "525", "", 3),
		phasetest.Tr("Paul Miki", "", "death", "1597", "", 4),
		phasetest.Tr("Paul Miki", "", "birth", "1564", "", 5),
		phasetest.Tr("Brigid of Kildare", "", "venerated_in", "Anglican Communion", "", 6),
		phasetest.Tr("Paul Miki", "", "canonization", "1862", "", 7),
	)
	p := planFor(t, st, plan.Options{}, "Which saints died in the same year as Brigid of Kildare?")
	if len(p.Chains) == 0 || len(p.Chains[0].Steps) != 2 || !slices.Equal(p.Target.Except, []string{"Brigid of Kildare"}) {
		t.Fatalf("chains %+v, except %q; want death out and back, Brigid of Kildare set aside", p.Chains, p.Target.Except)
	}
	if to, back := p.Chains[0].Steps[0].Edges[0], p.Chains[0].Steps[1].Edges[0]; to.Relation != "death" || back != to.Reversed() {
		t.Errorf("steps %+v then %+v; want death and back", to, back)
	}
	if p.Readings[0].Confidence >= 0.8 {
		t.Errorf("confidence %.2f; a guess is never certified", p.Readings[0].Confidence)
	}
}

// A yes or no whose readings walk no relation that links the two
// entities' stated kinds left a word unread ("return"): though another
// relation links the kinds (documents), no reading of one fact is the
// question, so it is not about one fact between them.
func TestPlannerAdjacentOnlyWhereAReadingLinksTheKinds(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("post_zip_downloads", "operation", "tags", "Zip Downloads", "tag", 1),
		phasetest.Tr("get_status", "operation", "tags", "Zip Downloads", "tag", 2),
		phasetest.Tr("get_status", "operation", "responses", "ZipDownloadStatus", "schema", 3),
		phasetest.Tr("get_files", "operation", "tags", "Files", "tag", 4),
		phasetest.Tr("Files", "tag", "documents", "File", "schema", 5),
	)
	checkAdjacent(t, st, map[string]bool{
		"Is get_files tagged Zip Downloads?":                                true,
		"Does any operation tagged Zip Downloads return ZipDownloadStatus?": false,
	})
}

// A word that qualifies the asked plural ("globular clusters") names,
// with it, the value of a relation the answers have (Type: Globular
// Cluster): the answers are kept linked to it, not named like it.
func TestPlannerKindSaidByAValueOfTwoWords(t *testing.T) {
	ts := untypedTriples([][3]string{
		{"NGC6981", "Type", "Globular Cluster"}, {"NGC6981", "Const", "Aquarius"},
		{"NGC7089", "Type", "Globular Cluster"}, {"NGC7089", "Const", "Aquarius"},
		{"NGC7009", "Type", "Planetary Nebula"}, {"NGC7009", "Const", "Aquarius"},
		{"NGC6205", "Type", "Globular Cluster"}, {"NGC6205", "Const", "Hercules"},
	})
	p := planFor(t, phasetest.NewStore(t, nil, ts...), plan.Options{}, "Which globular clusters are in Aquarius?")
	if len(p.Target.Having) != 1 || p.Target.Having[0].Entity != "Globular Cluster" {
		t.Errorf("target %+v, want the answers kept linked to Globular Cluster", p.Target)
	}
}

// A word of a relation's name beside a kind noun ("response schema",
// over responses) is the relation and what it reaches, not a part of an
// entity's name (AiExtractResponse).
func TestPlannerRelationWordBesideKindNoun(t *testing.T) {
	st := phasetest.NewStore(t, nil,
		phasetest.Tr("post_folder_locks", "operation", "responses", "FolderLock", "schema", 1),
		phasetest.Tr("post_folder_locks", "operation", "tags", "Folder Locks", "tag", 2),
		phasetest.Tr("post_folder_locks", "operation", "path", "/folder_locks", "path", 3),
		phasetest.Tr("get_authorize", "operation", "parameters", "response_type", "parameter", 4),
		phasetest.Tr("AiExtractStructuredResponse", "schema", "properties", "AiExtractResponse", "schema", 5),
	)
	p := planFor(t, st, plan.Options{}, "What is post_folder_locks's response schema?")
	if got := anchorsOf(p); len(got) != 1 || p.Anchors[0].Entity != "post_folder_locks" || len(p.Chains) == 0 || p.Chains[0].String() != "-responses->" {
		t.Errorf("anchors %v, chains %v; want post_folder_locks alone, -responses->", got, p.Chains)
	}
}

// A word written as a name that is a relation's name as the graph writes
// it ("the Hubble type", over a column Hubble) names the relation, not
// an entity it is part of the name of (Hubble's Nebula).
func TestPlannerRelationNameWrittenAsName(t *testing.T) {
	ts := untypedTriples([][3]string{
		{"NGC4594", "Hubble", "Sa"}, {"NGC4594", "Type", "Galaxy"}, {"NGC4594", "Common_names", "Sombrero Galaxy"},
		{"NGC0224", "Hubble", "Sb"}, {"NGC0224", "Type", "Galaxy"}, {"NGC0224", "Common_names", "Andromeda Galaxy"},
		{"NGC2261", "Type", "Reflection Nebula"}, {"NGC2261", "Common_names", "Hubble's Nebula"},
	})
	p := planFor(t, phasetest.NewStore(t, nil, ts...), plan.Options{}, "What is the Hubble type of the Sombrero Galaxy?")
	if got := anchorsOf(p); len(p.Anchors) != 1 || p.Anchors[0].Entity != "Sombrero Galaxy" {
		t.Errorf("anchors %v, want Sombrero Galaxy alone", got)
	}
	for _, rd := range p.Readings {
		for _, g := range rd.Guesses {
			if strings.Contains(g, "Hubble's Nebula") {
				t.Errorf("reading %q doubts %q: Hubble's Nebula linked", rd.Text, g)
			}
		}
	}
}
