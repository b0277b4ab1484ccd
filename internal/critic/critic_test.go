package critic_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/scgraph/scgraph/graph"
	"github.com/scgraph/scgraph/internal/critic"
	"github.com/scgraph/scgraph/internal/phasetest"
	"github.com/scgraph/scgraph/internal/walk"
	"github.com/scgraph/scgraph/state"
)

func deadEnds(v state.Verdict) []string {
	out := []string{}
	for _, de := range v.DeadEnds {
		out = append(out, de.Pos.String())
	}
	return out
}

func wantVerdict(t *testing.T, v state.Verdict, outcome state.Outcome, reason string) {
	t.Helper()
	if v.Outcome != outcome || v.Reason != reason {
		t.Errorf("verdict %s: %q\n  want %s: %q", v.Outcome, v.Reason, outcome, reason)
	}
	if v.By != "rules" {
		t.Errorf("verdict by %q, want rules", v.By)
	}
}

// Is web affected by db? Two rounds: the first names the dead ends, the
// refiner expands them, the second finds db at the end of the chain.
func TestCriticInsufficientThenSufficient(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("is web affected by db", phasetest.EntityTarget("db"), 6, phasetest.Dependencies(), "web"), walk.Options{})
	v, cost := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Insufficient, "db not reached yet: expand cart, search")
	phasetest.WantStrings(t, "dead ends", deadEnds(v), []string{"cart@1", "search@1"})
	wantMissing := []state.RelDir{phasetest.Out("CALLS"), phasetest.Out("READS_FROM")}
	for _, de := range v.DeadEnds {
		if !reflect.DeepEqual(de.Missing, wantMissing) || de.Depth != 1 {
			t.Errorf("dead end %s: depth %d missing %v, want depth 1 missing %v", de.Pos, de.Depth, de.Missing, wantMissing)
		}
	}
	if cost.StoreCalls != 0 {
		t.Errorf("the critic made %d store calls, want 0", cost.StoreCalls)
	}
	phasetest.Refine(t, g, s, walk.Options{})
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Insufficient, "db not reached yet: expand ledger")
	phasetest.Refine(t, g, s, walk.Options{})
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Sufficient, "web reaches db through a complete chain of 4 hop(s)")
	if len(v.DeadEnds) != 0 {
		t.Errorf("a sufficient verdict names dead ends %v", deadEnds(v))
	}
}

// Is search affected by db? Nothing left to expand and no cut: a proven
// negative, without asking the store.
func TestCriticNoChainWithoutCuts(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("is search affected by db", phasetest.EntityTarget("db"), 6, phasetest.Dependencies(), "search"), walk.Options{})
	v, cost := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.NoChain, "no relation chain from search to db within 6 hops")
	if cost.StoreCalls != 0 || len(g.PathsCalls) != 0 {
		t.Errorf("%d store calls, %d Paths calls; want none", cost.StoreCalls, len(g.PathsCalls))
	}
	s.Plan.Direction = state.IntentDependencies
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.NoChain, "no dependency chain from search to db within 6 hops")
}

// fanGraph: gateway calls hub; hub calls four services; only zebra leads
// on to the target, ledger. With a fan-out of 2 the walk cuts zebra off.
func fanGraph(t *testing.T, withTarget bool) *phasetest.Spy {
	t.Helper()
	ts := []graph.Triple{
		phasetest.Tr("gateway", "Service", "CALLS", "hub", "Service", 1),
		phasetest.Tr("hub", "Service", "CALLS", "billing-core", "Service", 2),
		phasetest.Tr("hub", "Service", "CALLS", "ledger-proxy", "Service", 3),
		phasetest.Tr("hub", "Service", "CALLS", "ledger-v2", "Service", 4),
		phasetest.Tr("hub", "Service", "CALLS", "zebra", "Service", 5),
	}
	if withTarget {
		ts = append(ts, phasetest.Tr("zebra", "Service", "CALLS", "ledger", "Service", 6))
	} else {
		ts = append(ts, phasetest.Tr("billing", "Service", "CALLS", "ledger", "Service", 6))
	}
	return &phasetest.Spy{Store: phasetest.NewStore(t, nil, ts...)}
}

// With fan-out cuts a negative is not proven by the walk: the critic asks
// the store for a path along the chain's relations.
func TestCriticNoChainWithCuts(t *testing.T) {
	for _, c := range []struct {
		name       string
		withTarget bool
		outcome    state.Outcome
		reason     string
	}{
		{"hidden chain", true, state.Exhausted, "a chain to ledger exists but fan-out cuts kept it out of the walk"},
		{"no chain", false, state.NoChain, "no relation chain from gateway to ledger within 3 hops"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := fanGraph(t, c.withTarget)
			opts := walk.Options{Fanout: 2}
			chains := []state.Chain{phasetest.Chain(phasetest.Closure(phasetest.Out("CALLS")))}
			s := phasetest.Retrieved(t, g, phasetest.NewState("is gateway connected to ledger", phasetest.EntityTarget("ledger"), 3, chains, "gateway"), opts)
			v, _ := phasetest.Critique(t, g, s)
			phasetest.WantStrings(t, "dead ends", deadEnds(v), []string{"hub@1"})
			phasetest.Refine(t, g, s, opts)
			if want := []graph.Truncation{{Node: "hub", Step: 0, Kept: 2, Total: 4}}; !reflect.DeepEqual(s.Cuts, want) {
				t.Fatalf("cuts %+v, want %+v", s.Cuts, want)
			}
			// The kept neighbours (the two most like "ledger") were
			// expanded in the refiner's second hop and lead nowhere.
			phasetest.WantStrings(t, "reached", phasetest.Reached(s), []string{"gateway@0*", "hub@1*", "ledger-v2@1*", "ledger-proxy@1*"})
			v, cost := phasetest.Critique(t, g, s)
			wantVerdict(t, v, c.outcome, c.reason)
			if cost.StoreCalls != 1 {
				t.Errorf("%d store calls, want 1 (the Paths check)", cost.StoreCalls)
			}
			want := []graph.PathRequest{{From: "gateway", To: "ledger", MaxHops: 3, Relations: []string{"CALLS"}, Direction: graph.Out, Limit: 1}}
			if !reflect.DeepEqual(g.PathsCalls, want) {
				t.Errorf("Paths requests %+v, want %+v", g.PathsCalls, want)
			}
		})
	}
}

// Positions at the hop budget are not expanded: the search ends exhausted,
// not with a false negative.
func TestCriticExhaustedAtHopBudget(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("is web affected by db", phasetest.EntityTarget("db"), 2, phasetest.Dependencies(), "web"), walk.Options{})
	phasetest.Critique(t, g, s)
	phasetest.Refine(t, g, s, walk.Options{})
	phasetest.WantStrings(t, "reached", phasetest.Reached(s), []string{"web@0*", "cart@1*", "search@1*", "pay@1"})
	v, _ := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Exhausted, "db not reached within the hop budget of 2; 1 position(s) at the limit were not expanded")

	// A closure with answers at the budget: exhausted, with the answers.
	g = phasetest.Services(t)
	s = phasetest.Retrieved(t, g, phasetest.NewState("what does web depend on", state.Target{Kind: state.TargetClosure}, 2, phasetest.Dependencies(), "web"), walk.Options{})
	phasetest.Critique(t, g, s)
	phasetest.Refine(t, g, s, walk.Options{})
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Exhausted, "3 answer(s) at the end of a complete chain (-CALLS->|-READS_FROM->)+; 1 position(s) at the hop budget of 2 were not expanded")
}

// A closure is complete when nothing within the budget is left unexpanded.
func TestCriticClosureSufficient(t *testing.T) {
	g := phasetest.Services(t)
	s := phasetest.Retrieved(t, g, phasetest.NewState("what does cart depend on", state.Target{Kind: state.TargetClosure}, 6, phasetest.Dependencies(), "cart"), walk.Options{})
	v, _ := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Insufficient, "the chain is not complete: expand pay")
	// The refiner walks a closure from the dead ends to its end (db has
	// no dependencies, but only expanding it shows that).
	phasetest.Refine(t, g, s, walk.Options{})
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Sufficient, "3 answer(s) at the end of a complete chain (-CALLS->|-READS_FROM->)+")
}

// people: ann is married to bob; bob directed a film; carl wrote one.
func people(t *testing.T) *phasetest.Spy {
	t.Helper()
	return &phasetest.Spy{Store: phasetest.NewStore(t, nil,
		phasetest.Tr("ann", "Person", "spouse", "bob", "Person", 1),
		phasetest.Tr("film-1", "Film", "directed_by", "bob", "Person", 2),
		phasetest.Tr("film-2", "Film", "written_by", "carl", "Person", 3),
		phasetest.Tr("film-1", "Film", "written_by", "carl", "Person", 4),
	)}
}

// "Who is the spouse of ann's spouse?" is ann: the fixed chain dead-ends
// unless it may pass through the anchor again, so the critic asks for that.
func TestCriticAnchorReentry(t *testing.T) {
	g := people(t)
	chains := []state.Chain{phasetest.Chain(phasetest.Step(state.RelDir{Relation: "spouse", Direction: graph.Both}), phasetest.Step(state.RelDir{Relation: "spouse", Direction: graph.Both}))}
	s := phasetest.Retrieved(t, g, phasetest.NewState("who is the spouse of ann's spouse", state.Target{Kind: state.TargetChain}, 2, chains, "ann"), walk.Options{})
	phasetest.WantStrings(t, "reached", phasetest.Reached(s), []string{"ann@0*", "bob@1*"})
	v, _ := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Insufficient, "chain -spouse- -spouse- reaches nothing without passing through ann again: walking it again through the anchors")
	if !v.Reentry || v.Switch != nil {
		t.Errorf("reentry %t switch %v, want reentry", v.Reentry, v.Switch)
	}
	phasetest.WantStrings(t, "dead ends", deadEnds(v), []string{"ann@0"})
	if !reflect.DeepEqual(v.DeadEnds[0].Missing, chains[0].Steps[0].Edges) {
		t.Errorf("missing %v", v.DeadEnds[0].Missing)
	}
	d := phasetest.Refine(t, g, s, walk.Options{})
	if !d.Restart || !d.Reentry || d.Chain == nil || *d.Chain != 0 {
		t.Errorf("refiner delta restart %t reentry %t chain %v, want a restart of chain 0 through the anchors", d.Restart, d.Reentry, d.Chain)
	}
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Sufficient, "1 answer(s) at the end of a complete chain -spouse- -spouse-")
	var got []string
	for _, i := range s.Accepted() {
		got = append(got, s.Walk.Reached[i].Pos.String())
	}
	phasetest.WantStrings(t, "accepted", got, []string{"ann@2"})
}

// A chain that dead-ends is switched for the plan's next one, continuing
// from the positions the two share.
func TestCriticSwitchesChainOnDeadEnd(t *testing.T) {
	g := people(t)
	// Films by the director of film-2: film-2 has no director, so chain 0
	// dead-ends at once; chain 1 (its writer's films) works.
	chains := []state.Chain{
		phasetest.Chain(phasetest.Step(phasetest.Out("directed_by")), phasetest.Step(phasetest.In("directed_by"))),
		phasetest.Chain(phasetest.Step(phasetest.Out("written_by")), phasetest.Step(phasetest.In("written_by"))),
	}
	s := phasetest.Retrieved(t, g, phasetest.NewState("films by the director of film-2", state.Target{Kind: state.TargetChain}, 2, chains, "film-2"), walk.Options{})
	v, _ := phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Insufficient, "chain -directed_by-> <-directed_by- dead-ends after 0 step(s) (no -directed_by->): expand film-2")
	if v.Switch == nil || *v.Switch != 1 {
		t.Fatalf("switch %v, want chain 1", v.Switch)
	}
	phasetest.WantStrings(t, "dead ends", deadEnds(v), []string{"film-2@0"})
	if want := []state.RelDir{phasetest.Out("written_by")}; !reflect.DeepEqual(v.DeadEnds[0].Missing, want) {
		t.Errorf("missing %v, want %v (the next chain's step)", v.DeadEnds[0].Missing, want)
	}
	d := phasetest.Refine(t, g, s, walk.Options{})
	if d.Chain == nil || *d.Chain != 1 {
		t.Fatalf("refiner chain %v, want 1", d.Chain)
	}
	if want := "switched to chain -written_by-> <-written_by-; expanded 1 dead end(s) 2 hop(s): 2 move(s)"; d.Summary != want {
		t.Errorf("summary %q, want %q", d.Summary, want)
	}
	if s.Walk.Chain != 1 {
		t.Errorf("walk chain %d, want 1", s.Walk.Chain)
	}
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.Sufficient, "1 answer(s) at the end of a complete chain -written_by-> <-written_by-")
	var got []string
	for _, i := range s.Accepted() {
		got = append(got, s.Walk.Reached[i].Pos.String())
	}
	phasetest.WantStrings(t, "accepted", got, []string{"film-1@2"})

	// With every chain tried, the verdict is an honest no_chain.
	g = people(t)
	s = phasetest.Retrieved(t, g, phasetest.NewState("films by the director of film-2", state.Target{Kind: state.TargetChain}, 2, chains[:1], "film-2"), walk.Options{})
	v, _ = phasetest.Critique(t, g, s)
	wantVerdict(t, v, state.NoChain, "chain -directed_by-> <-directed_by- dead-ends after 0 step(s): no -directed_by-> from film-2")
}

// A type target only accepts nodes of the type asked.
func TestAcceptedFiltersType(t *testing.T) {
	g := phasetest.Services(t)
	target := state.Target{Kind: state.TargetType, Type: "Database"}
	s := phasetest.Retrieved(t, g, phasetest.NewState("which databases does cart depend on", target, 6, phasetest.Dependencies(), "cart"), walk.Options{RetrieveHops: 3})
	var got []string
	for _, i := range s.Accepted() {
		got = append(got, s.Walk.Reached[i].Pos.String())
	}
	phasetest.WantStrings(t, "accepted", got, []string{"db@1"})
}

// When the next chain is a prefix of the one that dead-ended ("the
// director of film-a" after "the director of film-a's writer" found
// nothing), the critic switches to it and the positions already reached
// are its answers: nothing is missing, nothing more is fetched.
func TestCriticSwitchesToAPrefixChain(t *testing.T) {
	g := phasetest.Movies(t)
	long := phasetest.Chain(phasetest.Step(phasetest.Out("directed_by")), phasetest.Step(phasetest.Out("written_by")))
	long.Reentry = true // skip the re-walk through the anchor: not what is tested
	short := phasetest.Chain(phasetest.Step(phasetest.Out("directed_by")))
	s := phasetest.Retrieved(t, g, phasetest.NewState("who directed film-a", state.Target{Kind: state.TargetChain}, 2, []state.Chain{long, short}, "film-a"), walk.Options{})
	v, _, err := critic.New(g).Critique(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if v.Outcome != state.Insufficient || v.Switch == nil || *v.Switch != 1 {
		t.Fatalf("verdict %+v, want insufficient, switching to chain 1", v)
	}
	if len(v.DeadEnds) != 1 || v.DeadEnds[0].Pos != (state.Pos{Node: "dir-x", Steps: 1}) || v.DeadEnds[0].Missing != nil {
		t.Fatalf("dead ends %+v, want dir-x@1 with nothing missing", v.DeadEnds)
	}
	s.Verdicts = append(s.Verdicts, v)
	s.Frontier = v.DeadEnds
	d, err := walk.NewRefiner(g, walk.Options{}).Refine(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Arcs) != 0 || d.Cost.StoreCalls != 0 {
		t.Errorf("refiner moved %d time(s) with %d store call(s), want none", len(d.Arcs), d.Cost.StoreCalls)
	}
	s.Apply(d, state.PhaseRefine)
	v, _, err = critic.New(g).Critique(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, i := range s.Accepted() {
		got = append(got, s.Walk.Reached[i].Node)
	}
	if v.Outcome != state.Sufficient || !slices.Equal(got, []string{"dir-x"}) {
		t.Errorf("after the switch: %s (%s), answers %v; want sufficient, [dir-x]", v.Outcome, v.Reason, got)
	}
}

// An open reading (the open reader's) is certified only where the
// question's words name every relation it walks, and only for answers it
// finds: a none it finds may come of a word that missed the relation.
func TestCriticOpenReadings(t *testing.T) {
	directed := []state.Chain{phasetest.Chain(phasetest.Step(phasetest.In("directed_by")))}
	for _, c := range []struct {
		name    string
		anchor  string
		named   bool
		guesses []string
		outcome state.Outcome
		doubt   string
	}{
		{"named, answers found", "bob", true, nil, state.Sufficient, ""},
		{"not named", "bob", false, nil, state.Uncertain, critic.OpenReaderDoubt},
		{"not named, the reading says why", "bob", false, []string{`"direct" read as directed_by and produced_by`}, state.Uncertain,
			critic.OpenReaderDoubt + `: "direct" read as directed_by and produced_by`},
		{"named, none found", "carl", true, nil, state.Uncertain, critic.OpenNoneDoubt},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := people(t)
			s := phasetest.NewState("what did "+c.anchor+" direct", state.Target{Kind: state.TargetChain}, 1, directed, c.anchor)
			s.Plan.Readings = []state.Reading{{Text: "what " + c.anchor + " directed", Confidence: 1, Open: true, OpenNamed: c.named, Guesses: c.guesses, Extent: state.ExtentDirect, ExtentSaid: true}}
			s = phasetest.Retrieved(t, g, s, walk.Options{})
			v, _ := phasetest.Critique(t, g, s)
			if v.Outcome != c.outcome || v.Doubt != c.doubt {
				t.Errorf("verdict %s, doubt %q; want %s, %q (%s)", v.Outcome, v.Doubt, c.outcome, c.doubt, v.Reason)
			}
		})
	}
}
