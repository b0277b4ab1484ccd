package semantics

import "testing"

func TestAnalyzeName(t *testing.T) {
	for _, tc := range []struct {
		name     string
		concept  Concept
		inverse  bool
		optional bool
	}{
		{"depends_on", Dependency, false, false},
		{"DEPENDS_ON", Dependency, false, false},
		{"dependsOn", Dependency, false, false},
		{"optionally_depends_on", Dependency, false, true},
		{"extra_requires", Dependency, false, true},
		{"requires", Dependency, false, false},
		{"imports", Dependency, false, false},
		{"CALLS", Dependency, false, false},
		{"READS_FROM", Dependency, false, false},
		{"WRITES_TO", Dependency, false, false},
		{"scheduled_on", Dependency, false, false},
		{"bound_to", Dependency, false, false},
		{"cites", Dependency, false, false},
		{"authored_by", Ownership, true, false},
		{"published_in", None, false, false}, // not "publish to": the preposition is another
		{"PUBLISHES_TO", Dependency, false, false},
		{"CONSUMES", Dependency, false, false},
		{"runs_on", Dependency, false, false},
		{"hosted-on", Dependency, false, false},
		{"required_by", Dependency, true, false},
		{"used by", Dependency, true, false},
		{"hosts", Dependency, true, false},
		{"host", Dependency, false, false},    // the noun: "VM host S", S is the VM's host
		{"lead", Reporting, false, false},     // "Team lead Pat": Pat is the team's lead
		{"leads", Reporting, true, false},     // the verb: "Pat leads Team"
		{"heads", Reporting, true, false},     // the verb: "Dr A heads Ward W"
		{"head", Reporting, false, false},     // "Ward head Dr A": Dr A is the ward's head
		{"employs", Reporting, true, false},   // "Acme employs Tom": Tom works for Acme
		{"employer", Reporting, false, false}, // "Tom employer Acme"
		{"author", Ownership, true, false},    // "Mod author K": K is the mod's author
		{"authors", Ownership, false, false},  // "K authors Mod"
		{"steward", Ownership, true, false},   // "Dataset steward A"
		{"supplies", Dependency, true, false},
		{"supplied_by", Dependency, false, false},
		{"feeds", Dependency, true, false},
		{"derived_from", Dependency, false, false},
		{"dependency_of", Dependency, true, false},
		{"has_dependency", Dependency, false, false},
		{"dependencies", Dependency, false, false},
		{"prerequisite_of", Dependency, true, false},
		{"has_prerequisite", Dependency, false, false},
		{"devDependencies", Dependency, false, true},
		{"peer_dependency", Dependency, false, true},
		{"suggests", Dependency, false, true},
		{"Recommends", Dependency, false, true},
		{"depends", Dependency, false, false},
		{"pre_depends", Dependency, false, false},
		{"provided_dependency", Dependency, false, false},
		{"writes_table", Dependency, false, false},
		{"triggers", Dependency, true, false},
		{"blocked_by", Dependency, false, false},
		{"blocks", Dependency, true, false},
		{"OWNS", Ownership, false, false},
		{"owned_by", Ownership, true, false},
		{"maintainer", Ownership, true, false},
		{"owner_of", Ownership, false, false},
		{"member_of", Membership, false, false},
		{"has_member", Membership, true, false},
		{"reports_to", Reporting, false, false},
		{"reportsTo", Reporting, false, false},
		{"manager", Reporting, false, false},
		{"has_manager", Reporting, false, false},
		{"manager_of", Reporting, true, false},
		{"part_of", Containment, false, false},
		{"contains", Containment, true, false},
		{"__location__location__containedby", Containment, false, false},
		{"on_call_for", OnCall, false, false},
		{"directed_by", None, false, false},
		{"written_by", None, false, false},
		{"has_genre", None, false, false},
		{"release_year", None, false, false},
		{"spouse", None, false, false},
		{"EXPOSES", None, false, false},
		{"MONITORS", None, false, false},
	} {
		m := AnalyzeName(tc.name)
		if m.Concept != tc.concept || (tc.concept != None && (m.Inverse != tc.inverse || m.Optional != tc.optional)) {
			t.Errorf("AnalyzeName(%q) = %+v, want concept %v inverse %v optional %v", tc.name, m, tc.concept, tc.inverse, tc.optional)
		}
	}
}

func TestInflect(t *testing.T) {
	for _, tc := range []struct{ base, form string }{
		{"depend", "depends"}, {"depend", "depended"}, {"depend", "depending"},
		{"rely", "relies"}, {"rely", "relied"}, {"use", "uses"}, {"use", "used"}, {"use", "using"},
		{"publish", "publishes"}, {"dependency", "dependencies"}, {"run", "ran"}, {"child", "children"},
		{"boss", "bosses"}, {"be", "is"}, {"control", "controlled"}, {"ship", "shipped"}, {"submit", "submitting"},
	} {
		if !formsOf(tc.base)[tc.form] {
			t.Errorf("inflect(%q) lacks %q: %v", tc.base, tc.form, inflect(tc.base))
		}
	}
}

func TestAnalyzeNameOtherDomains(t *testing.T) {
	for _, tc := range []struct {
		name              string
		concept           Concept
		inverse, optional bool
	}{
		{"built_on", Dependency, false, false},
		{"trained_on", Dependency, false, false},
		{"optionally_enriched_by", Dependency, false, true},
		{"prerequisite_for", Dependency, true, false},
		{"recommended_before", Dependency, true, true},
		{"component_of", Dependency, true, false},
		{"shipped_to", Dependency, true, false},
		{"optional_accessory_of", Dependency, true, true},
		{"teaches", Ownership, false, false}, // the teacher is responsible for the course
		{"handles_freight_for", None, false, false},
		// Making: what is made depends on its maker; made from, on its
		// source.
		{"generates", Dependency, true, false},
		{"produces", Dependency, true, false},
		{"builds", Dependency, true, false},
		{"built_by", Dependency, false, false},
		{"generated_from", Dependency, false, false},
		{"compiled_from", Dependency, false, false},
		{"forkedFrom", Dependency, false, false},
		// "<noun> in" names the subject's role, as "<noun> of" does.
		{"ingredient_in", Dependency, true, false},
		{"component_in", Dependency, true, false},
		// A team includes its members, a source file the header it needs.
		{"includes", None, false, false},
		{"included_in", None, false, false},
		// A verb with a particle not its own is another phrasal verb.
		{"feeds_on", Dependency, false, false}, // the eater depends on its food
		{"feeds_off", Dependency, false, false},
		{"leads_to", Dependency, true, false}, // not "leads" a team
		{"causes", Dependency, true, false},
		{"caused_by", Dependency, false, false},
		{"needed_for", Dependency, true, false}, // not "needs"
		{"required_for", Dependency, true, false},
		{"serves_as", None, false, false},
		{"calls_into", None, false, false},
		// A role noun beats a verb read without its preposition.
		{"dependents", Dependency, true, false},
		{"dependent_on", Dependency, false, false},
		{"subsidiary_of", Ownership, true, false},
		{"subsidiaries", Ownership, false, false},
		// An alias resolves through what it names, which way its name
		// does not say.
		{"ALIAS", None, false, false},
		{"alias_of", None, false, false},
	} {
		m := AnalyzeName(tc.name)
		if m.Concept != tc.concept || (tc.concept != None && (m.Inverse != tc.inverse || m.Optional != tc.optional)) {
			t.Errorf("AnalyzeName(%q) = %+v, want concept %v inverse %v optional %v", tc.name, m, tc.concept, tc.inverse, tc.optional)
		}
	}
}

// TestAnalyzeNameDelivers checks which dependency names say their subject
// sends into their object (a failure may pass either way) and which only
// that it reads from or needs it.
func TestAnalyzeNameDelivers(t *testing.T) {
	for _, tc := range []struct {
		name     string
		delivers bool
	}{
		{"WRITES_TO", true},
		{"writes", true},
		{"publishes_to", true},
		{"publishes", true},
		{"pushesTo", true},
		{"persists_to", true},
		{"sends_to", true},
		{"exports_to", true},
		{"logs_to", true},
		{"READS_FROM", false},
		{"subscribes_to", false},
		{"CONSUMES", false},
		{"depends_on", false},
		{"calls", false},
		{"feeds", false},
		{"forwards_to", false},
		{"written_by", false},
	} {
		m := AnalyzeName(tc.name)
		if m.Delivers != tc.delivers {
			t.Errorf("AnalyzeName(%q).Delivers = %v, want %v (meaning %+v)", tc.name, m.Delivers, tc.delivers, m)
		}
		if tc.delivers && (m.Concept != Dependency || m.Inverse) {
			t.Errorf("AnalyzeName(%q) = %+v: a delivering relation is a dependency of its subject on its object", tc.name, m)
		}
	}
}

// TestAnalyzeNamePositions checks the positional words that name
// relations: "X upstream_of Y" makes X the dependency; "X upstream Y" says
// Y is X's upstream.
func TestAnalyzeNamePositions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		inverse bool
	}{
		{"upstream_of", true},
		{"isUpstreamOf", true},
		{"downstream_of", false},
		{"upstream", false},
		{"has_upstream", false},
		{"downstream", true},
	} {
		m := AnalyzeName(tc.name)
		if m.Concept != Dependency || m.Inverse != tc.inverse {
			t.Errorf("AnalyzeName(%q) = %+v, want a dependency with inverse %v", tc.name, m, tc.inverse)
		}
	}
}

func TestPassiveOf(t *testing.T) {
	for _, tc := range []struct {
		passive, active string
		want            bool
	}{
		{"isAssumedBy", "assumes", true},
		{"assumed_by", "assume", true},
		{"triggered_by", "triggers", true},
		{"written_by", "writes", true}, // irregular
		{"is_read_by", "reads", true},
		{"gets_copied_by", "copies", true},
		{"mountedBy", "mounts", true},
		{"controlled_by", "controls", true}, // a doubled consonant
		{"shipped_by", "ships", true},
		{"taught_by", "teaches", true}, // irregular
		{"fed_by", "feeds", true},
		{"isAssumedBy", "grants", false},
		{"assumes", "isAssumedBy", false}, // the first must be the passive
		{"owned_by", "owns_team", false},  // other words differ
		{"assumed", "assumes", false},     // no "by"
	} {
		if got := PassiveOf(tc.passive, tc.active); got != tc.want {
			t.Errorf("PassiveOf(%q, %q) = %v, want %v", tc.passive, tc.active, got, tc.want)
		}
	}
}

func TestConverseOf(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Before", "After", true},
		{"runs_after", "runs_before", true},
		{"precedes", "follows", true},
		{"preceded_by", "followed_by", true},
		{"upstream_of", "downstream_of", true},
		{"subclassOf", "superclassOf", true},
		{"before", "before", false},            // the same name
		{"runs_after", "starts_before", false}, // two words differ
		{"After", "Requires", false},
		{"stops_at", "served_by", false},
	} {
		if got := ConverseOf(tc.a, tc.b); got != tc.want {
			t.Errorf("ConverseOf(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestVerbFormsOf(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"funds", "funded", true},
		{"covers", "covering", true},
		{"reports_to", "reportedTo", true},
		{"controls", "controlled", true}, // a doubled consonant
		{"sells", "sold", true},          // an irregular verb
		{"funds", "funds", false},        // the same name
		{"funds", "funded_by", false},    // a passive: the other end
		{"funded_by", "funding_by", false},
		{"reports_to", "reported_by", false},
		{"funds", "awards", false},
		{"runs_on", "ran_into", false}, // two words differ
	} {
		if got := VerbFormsOf(tc.a, tc.b); got != tc.want {
			t.Errorf("VerbFormsOf(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPastForm(t *testing.T) {
	for w, want := range map[string]bool{
		"located": true, "operated": true, "taught": true, "written": true, "built": true, "sold": true,
		"teaches": false, "sells": false, "building": false, "red": false, "depart": false, "team": false,
	} {
		if got := PastForm(w); got != want {
			t.Errorf("PastForm(%q) = %v, want %v", w, got, want)
		}
	}
}
